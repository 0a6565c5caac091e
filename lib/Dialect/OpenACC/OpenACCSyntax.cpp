//===- OpenACCSyntax.cpp - The acc dialect's hand-written syntax ------------===//
//
// The custom<...> directives of the acc ops' assembly formats, as MLIR's
// OpenACC.cpp writes them: data clause variables (`varPtr(%a : type)`,
// `accPtr(...)`, `varType(...)`), recipes, device_type-qualified operand
// lists (`async`, `wait`, `num_gangs`, `gang`, `tile`, ...), acc.loop's
// control and combined constructs, and acc.routine's bind and gang clauses.
//
#include "lamina/Dialect/OpenACC/OpenACCDialect.h"

#include "lamina/IR/Diagnostics.h"

#include <type_traits>

using namespace lamina;
using namespace lamina::acc;

using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

namespace {
/// Chains `<<` on an OpAsmPrinter, printing values as SSA operands.
struct Out {
  OpAsmPrinter &p;
  Out &operator<<(Value v) {
    p.printOperand(v);
    return *this;
  }
  Out &operator<<(ValueRange r) {
    p.printOperands(r);
    return *this;
  }
  template <typename T>
    requires(!std::is_convertible_v<const T &, Value> && !std::is_convertible_v<const T &, ValueRange>)
  Out &operator<<(const T &x) {
    p << x;
    return *this;
  }
};
} // namespace

static Attribute deviceTypeNone(MLIRContext *ctx) { return DeviceTypeAttr::get(ctx, DeviceType::None); }

static bool hasDeviceTypeValues(Attribute attr) {
  auto array = dyn_cast_or_null<ArrayAttr>(attr);
  return array && array.size() > 0;
}

static bool hasOnlyDeviceTypeNone(Attribute attr) {
  auto array = dyn_cast_or_null<ArrayAttr>(attr);
  if (!array || array.size() != 1)
    return false;
  auto dt = dyn_cast<DeviceTypeAttr>(array[0]);
  return dt && dt.getValue() == DeviceType::None;
}

/// `[#acc.device_type<...>, ...]`, nothing for none.
static void printDeviceTypes(OpAsmPrinter &p, Attribute attr) {
  if (!hasDeviceTypeValues(attr))
    return;
  auto array = cast<ArrayAttr>(attr);
  Out{p} << "[";
  for (size_t i = 0; i < array.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << array[i];
  }
  Out{p} << "]";
}

/// ` [#acc.device_type<...>]` unless it is `none`.
static void printSingleDeviceType(OpAsmPrinter &p, Attribute attr) {
  auto dt = dyn_cast_or_null<DeviceTypeAttr>(attr);
  if (dt && dt.getValue() != DeviceType::None)
    Out{p} << " [" << attr << "]";
}

/// An optional `[#acc.device_type<...>]` after a value, `none` without one.
static ParseResult parseOptionalDeviceType(OpAsmParser &parser, SmallVectorImpl<Attribute> &attrs) {
  if (succeeded(parser.parseOptionalLSquare())) {
    DeviceTypeAttr dt;
    if (parser.parseAttribute(dt) || parser.parseRSquare())
      return failure();
    attrs.push_back(dt);
  } else {
    attrs.push_back(deviceTypeNone(parser.getContext()));
  }
  return success();
}

/// `[#acc.device_type<...>, ...]` (the keyword-only device types).
static ParseResult parseDeviceTypeList(OpAsmParser &parser, SmallVectorImpl<Attribute> &attrs) {
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        DeviceTypeAttr dt;
        if (parser.parseAttribute(dt))
          return failure();
        attrs.push_back(dt);
        return success();
      }))
    return failure();
  return parser.parseRSquare();
}

static ParseResult parseOperandAndType(OpAsmParser &parser, ArrayRef<ods::CustomParseArg *> args, unsigned ops,
                                       unsigned types) {
  args[ops]->operands->emplace_back();
  args[types]->types->emplace_back();
  return failure(parser.parseOperand(args[ops]->operands->back()) ||
                 parser.parseColonType(args[types]->types->back()));
}

//===----------------------------------------------------------------------===//
// Data clause variables
//===----------------------------------------------------------------------===//

/// (`varPtr` | `var`) `(` %operand (the rest is VarPtrType's)
static ParseResult parseVar(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  if (failed(parser.parseOptionalKeyword("varPtr")) && failed(parser.parseKeyword("var")))
    return failure();
  if (parser.parseLParen())
    return failure();
  args[0]->operands->emplace_back();
  return parser.parseOperand(args[0]->operands->back());
}

static void printVar(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  Value var = args[0].operands.empty() ? Value() : Value(args[0].operands[0]);
  if (var && isa<PointerLikeType>(var.getType()))
    Out{p} << "varPtr(";
  else
    Out{p} << "var(";
  if (var)
    Out{p} << var;
}

ods::CustomDirective acc::getVarDirective() { return {"Var", parseVar, printVar, nullptr}; }

/// type `)` (`varType` `(` type `)`)?: varType defaults to the pointee type.
static ParseResult parseVarPtrType(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  Type varPtrType;
  if (parser.parseType(varPtrType) || parser.parseRParen())
    return failure();
  args[0]->types->push_back(varPtrType);
  if (succeeded(parser.parseOptionalKeyword("varType"))) {
    Type varType;
    if (parser.parseLParen() || parser.parseType(varType) || parser.parseRParen())
      return failure();
    *args[1]->attr = TypeAttr::get(varType);
  } else if (isa<PointerLikeType>(varPtrType)) {
    *args[1]->attr = TypeAttr::get(PointerLikeType(varPtrType).getElementType());
  } else {
    *args[1]->attr = TypeAttr::get(varPtrType);
  }
  return success();
}

static void printVarPtrType(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  Type varPtrType = args[0].types.empty() ? Type() : args[0].types[0];
  Out{p} << varPtrType << ")";
  auto varTypeAttr = dyn_cast_or_null<TypeAttr>(args[1].attr);
  Type varType = varTypeAttr ? varTypeAttr.getValue() : Type();
  Type expected = isa<PointerLikeType>(varPtrType) ? PointerLikeType(varPtrType).getElementType() : varPtrType;
  if (expected != varType)
    Out{p} << " varType(" << varType << ")";
}

ods::CustomDirective acc::getVarPtrTypeDirective() {
  return {"VarPtrType", parseVarPtrType, printVarPtrType, nullptr};
}

/// (`accPtr` | `accVar`) `(` %operand `:` type `)`
static ParseResult parseAccVar(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  if (failed(parser.parseOptionalKeyword("accPtr")) && failed(parser.parseKeyword("accVar")))
    return failure();
  if (parser.parseLParen())
    return failure();
  args[0]->operands->emplace_back();
  args[1]->types->emplace_back();
  return failure(parser.parseOperand(args[0]->operands->back()) || parser.parseColon() ||
                 parser.parseType(args[1]->types->back()) || parser.parseRParen());
}

static void printAccVar(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  Value var = args[0].operands.empty() ? Value() : Value(args[0].operands[0]);
  if (var && isa<PointerLikeType>(var.getType()))
    Out{p} << "accPtr(";
  else
    Out{p} << "accVar(";
  if (var)
    Out{p} << var;
  Out{p} << " : " << (args[1].types.empty() ? Type() : args[1].types[0]) << ")";
}

ods::CustomDirective acc::getAccVarDirective() { return {"AccVar", parseAccVar, printAccVar, nullptr}; }

/// A symbol reference to the recipe.
static ParseResult parseRecipeSym(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  SymbolRefAttr sym;
  if (parser.parseAttribute(sym))
    return failure();
  *args[0]->attr = sym;
  return success();
}

static void printRecipeSym(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (args[0].attr)
    Out{p} << args[0].attr;
}

ods::CustomDirective acc::getRecipeSymDirective() { return {"RecipeSym", parseRecipeSym, printRecipeSym, nullptr}; }

//===----------------------------------------------------------------------===//
// Operand lists qualified by device types
//===----------------------------------------------------------------------===//

/// %v `:` type ([device_type])? (`,` ...)*
static ParseResult parseDeviceTypeOperandList(OpAsmParser &parser, ArrayRef<ods::CustomParseArg *> args,
                                              SmallVectorImpl<Attribute> &deviceTypes) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    if (parseOperandAndType(parser, args, 0, 1))
      return failure();
    return parseOptionalDeviceType(parser, deviceTypes);
  });
}

static void printDeviceTypeOperandList(OpAsmPrinter &p, ArrayRef<ods::CustomPrintArg> args, unsigned dtIdx) {
  auto dts = dyn_cast_or_null<ArrayAttr>(args[dtIdx].attr);
  if (!hasDeviceTypeValues(dts))
    return;
  OperandRange ops = args[0].operands;
  for (size_t i = 0; i < dts.size() && i < ops.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << ops[i] << " : " << ops[i].getType();
    printSingleDeviceType(p, dts[i]);
  }
}

static ParseResult parseDeviceTypeOperands(OpAsmParser &parser, OperationState &,
                                           ArrayRef<ods::CustomParseArg *> args) {
  SmallVector<Attribute> dts;
  if (parseDeviceTypeOperandList(parser, args, dts))
    return failure();
  *args[2]->attr = ArrayAttr::get(parser.getContext(), dts);
  return success();
}

static void printDeviceTypeOperands(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  printDeviceTypeOperandList(p, args, 2);
}

ods::CustomDirective acc::getDeviceTypeOperandsDirective() {
  return {"DeviceTypeOperands", parseDeviceTypeOperands, printDeviceTypeOperands, nullptr};
}

/// Nothing (keyword only), or `(` ([device_types] `,`)? operand-list `)`.
static ParseResult parseDeviceTypeOperandsWithKeywordOnly(OpAsmParser &parser, OperationState &,
                                                          ArrayRef<ods::CustomParseArg *> args) {
  MLIRContext *ctx = parser.getContext();
  SmallVector<Attribute> keywordOnly;
  if (failed(parser.parseOptionalLParen())) {
    keywordOnly.push_back(deviceTypeNone(ctx));
    *args[3]->attr = ArrayAttr::get(ctx, keywordOnly);
    return success();
  }
  bool needComma = false;
  if (succeeded(parser.parseOptionalLSquare())) {
    if (parseDeviceTypeList(parser, keywordOnly))
      return failure();
    needComma = true;
  }
  if (needComma && failed(parser.parseComma()))
    return failure();
  SmallVector<Attribute> dts;
  if (parseDeviceTypeOperandList(parser, args, dts) || parser.parseRParen())
    return failure();
  *args[2]->attr = ArrayAttr::get(ctx, dts);
  // As mlir-opt 22: the keyword-only device types parsed inside the
  // parentheses are dropped (the attribute stays unset).
  return success();
}

static void printDeviceTypeOperandsWithKeywordOnly(OpAsmPrinter &p, Operation *,
                                                   ArrayRef<ods::CustomPrintArg> args) {
  if (args[0].operands.empty() && hasOnlyDeviceTypeNone(args[3].attr))
    return;
  Out{p} << "(";
  printDeviceTypes(p, args[3].attr);
  if (hasDeviceTypeValues(args[3].attr) && hasDeviceTypeValues(args[2].attr))
    Out{p} << ", ";
  printDeviceTypeOperandList(p, args, 2);
  Out{p} << ")";
}

ods::CustomDirective acc::getDeviceTypeOperandsWithKeywordOnlyDirective() {
  return {"DeviceTypeOperandsWithKeywordOnly", parseDeviceTypeOperandsWithKeywordOnly,
          printDeviceTypeOperandsWithKeywordOnly, nullptr};
}

/// `{` operand-list `}` ([device_type])? (`,` ...)*, with segment sizes.
static ParseResult parseSegmentedOperands(OpAsmParser &parser, ArrayRef<ods::CustomParseArg *> args, unsigned dtIdx,
                                          unsigned segIdx) {
  SmallVector<Attribute> dts;
  SmallVector<int32_t> seg;
  do {
    if (failed(parser.parseLBrace()))
      return failure();
    size_t before = args[0]->operands->size();
    if (parser.parseCommaSeparatedList([&]() { return parseOperandAndType(parser, args, 0, 1); }))
      return failure();
    seg.push_back(int32_t(args[0]->operands->size() - before));
    if (failed(parser.parseRBrace()) || parseOptionalDeviceType(parser, dts))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  *args[dtIdx]->attr = ArrayAttr::get(parser.getContext(), dts);
  *args[segIdx]->attr = DenseI32ArrayAttr::get(parser.getContext(), seg);
  return success();
}

static void printSegmentedOperands(OpAsmPrinter &p, ArrayRef<ods::CustomPrintArg> args, unsigned dtIdx,
                                   unsigned segIdx) {
  auto dts = dyn_cast_or_null<ArrayAttr>(args[dtIdx].attr);
  auto segs = dyn_cast_or_null<DenseI32ArrayAttr>(args[segIdx].attr);
  if (!dts)
    return;
  OperandRange ops = args[0].operands;
  size_t opIdx = 0;
  for (size_t i = 0; i < dts.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << "{";
    int32_t n = segs && int64_t(i) < segs.size() ? segs.asArrayRef()[i] : 0;
    for (int32_t j = 0; j < n && opIdx < ops.size(); ++j, ++opIdx) {
      if (j)
        Out{p} << ", ";
      Out{p} << ops[opIdx] << " : " << ops[opIdx].getType();
    }
    Out{p} << "}";
    printSingleDeviceType(p, dts[i]);
  }
}

static ParseResult parseNumGangs(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  return parseSegmentedOperands(parser, args, 2, 3);
}

static void printNumGangs(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  printSegmentedOperands(p, args, 2, 3);
}

ods::CustomDirective acc::getNumGangsDirective() { return {"NumGangs", parseNumGangs, printNumGangs, nullptr}; }

ods::CustomDirective acc::getDeviceTypeOperandsWithSegmentDirective() {
  return {"DeviceTypeOperandsWithSegment", parseNumGangs, printNumGangs, nullptr};
}

/// Nothing (keyword only), or `(` ([device_types] `,`)? `{` (`devnum` `:`)?
/// operand-list `}` ([device_type])? ... `)`.
static ParseResult parseWaitClause(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  MLIRContext *ctx = parser.getContext();
  SmallVector<Attribute> dts, keywordOnly, devnum;
  SmallVector<int32_t> seg;
  if (failed(parser.parseOptionalLParen())) {
    keywordOnly.push_back(deviceTypeNone(ctx));
    *args[5]->attr = ArrayAttr::get(ctx, keywordOnly);
    return success();
  }
  bool needComma = false;
  if (succeeded(parser.parseOptionalLSquare())) {
    if (parseDeviceTypeList(parser, keywordOnly))
      return failure();
    needComma = true;
  }
  if (needComma && failed(parser.parseComma()))
    return failure();
  do {
    if (failed(parser.parseLBrace()))
      return failure();
    size_t before = args[0]->operands->size();
    if (succeeded(parser.parseOptionalKeyword("devnum"))) {
      if (failed(parser.parseColon()))
        return failure();
      devnum.push_back(BoolAttr::get(ctx, true));
    } else {
      devnum.push_back(BoolAttr::get(ctx, false));
    }
    if (parser.parseCommaSeparatedList([&]() { return parseOperandAndType(parser, args, 0, 1); }))
      return failure();
    seg.push_back(int32_t(args[0]->operands->size() - before));
    if (failed(parser.parseRBrace()) || parseOptionalDeviceType(parser, dts))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  if (failed(parser.parseRParen()))
    return failure();
  *args[2]->attr = ArrayAttr::get(ctx, dts);
  *args[5]->attr = ArrayAttr::get(ctx, keywordOnly);
  *args[3]->attr = DenseI32ArrayAttr::get(ctx, seg);
  *args[4]->attr = ArrayAttr::get(ctx, devnum);
  return success();
}

static void printWaitClause(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  OperandRange ops = args[0].operands;
  if (ops.empty() && hasOnlyDeviceTypeNone(args[5].attr))
    return;
  Out{p} << "(";
  printDeviceTypes(p, args[5].attr);
  if (hasDeviceTypeValues(args[5].attr) && hasDeviceTypeValues(args[2].attr))
    Out{p} << ", ";
  if (hasDeviceTypeValues(args[2].attr)) {
    auto dts = cast<ArrayAttr>(args[2].attr);
    auto segs = dyn_cast_or_null<DenseI32ArrayAttr>(args[3].attr);
    auto devnum = dyn_cast_or_null<ArrayAttr>(args[4].attr);
    size_t opIdx = 0;
    for (size_t i = 0; i < dts.size(); ++i) {
      if (i)
        Out{p} << ", ";
      Out{p} << "{";
      if (devnum && i < devnum.size())
        if (auto b = dyn_cast<BoolAttr>(devnum[i]); b && b.getValue())
          Out{p} << "devnum: ";
      int32_t n = segs && int64_t(i) < segs.size() ? segs.asArrayRef()[i] : 0;
      for (int32_t j = 0; j < n && opIdx < ops.size(); ++j, ++opIdx) {
        if (j)
          Out{p} << ", ";
        Out{p} << ops[opIdx] << " : " << ops[opIdx].getType();
      }
      Out{p} << "}";
      printSingleDeviceType(p, dts[i]);
    }
  }
  Out{p} << ")";
}

ods::CustomDirective acc::getWaitClauseDirective() { return {"WaitClause", parseWaitClause, printWaitClause, nullptr}; }

/// Nothing (the unit attribute), or `(` %v `:` type `)`.
static ParseResult parseOperandWithKeywordOnly(OpAsmParser &parser, OperationState &,
                                               ArrayRef<ods::CustomParseArg *> args) {
  if (failed(parser.parseOptionalLParen())) {
    *args[2]->attr = lamina::UnitAttr::get(parser.getContext());
    return success();
  }
  args[0]->operands->emplace_back();
  args[1]->types->emplace_back();
  return failure(parser.parseOperand(args[0]->operands->back()) || parser.parseColon() ||
                 parser.parseType(args[1]->types->back()) || parser.parseRParen());
}

static void printOperandWithKeywordOnly(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (args[2].attr || args[0].operands.empty())
    return;
  Out{p} << "(" << args[0].operands[0] << " : " << args[1].types[0] << ")";
}

ods::CustomDirective acc::getOperandWithKeywordOnlyDirective() {
  return {"OperandWithKeywordOnly", parseOperandWithKeywordOnly, printOperandWithKeywordOnly, nullptr};
}

/// Nothing (the unit attribute), or `(` operands `:` types `)`.
static ParseResult parseOperandsWithKeywordOnly(OpAsmParser &parser, OperationState &,
                                                ArrayRef<ods::CustomParseArg *> args) {
  if (failed(parser.parseOptionalLParen())) {
    *args[2]->attr = lamina::UnitAttr::get(parser.getContext());
    return success();
  }
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        args[0]->operands->emplace_back();
        return parser.parseOperand(args[0]->operands->back());
      }) ||
      parser.parseColon() || parser.parseCommaSeparatedList([&]() -> ParseResult {
        args[1]->types->emplace_back();
        return parser.parseType(args[1]->types->back());
      }))
    return failure();
  return parser.parseRParen();
}

static void printOperandsWithKeywordOnly(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (args[2].attr)
    return;
  Out{p} << "(" << ValueRange(args[0].operands) << " : ";
  for (size_t i = 0; i < args[1].types.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << args[1].types[i];
  }
  Out{p} << ")";
}

ods::CustomDirective acc::getOperandsWithKeywordOnlyDirective() {
  return {"OperandsWithKeywordOnly", parseOperandsWithKeywordOnly, printOperandsWithKeywordOnly, nullptr};
}

//===----------------------------------------------------------------------===//
// acc.loop
//===----------------------------------------------------------------------===//

static ParseResult parseCombinedConstructsLoop(OpAsmParser &parser, OperationState &,
                                               ArrayRef<ods::CustomParseArg *> args) {
  MLIRContext *ctx = parser.getContext();
  if (succeeded(parser.parseOptionalKeyword("kernels")))
    *args[0]->attr = CombinedConstructsTypeAttr::get(ctx, CombinedConstructsType::KernelsLoop);
  else if (succeeded(parser.parseOptionalKeyword("parallel")))
    *args[0]->attr = CombinedConstructsTypeAttr::get(ctx, CombinedConstructsType::ParallelLoop);
  else if (succeeded(parser.parseOptionalKeyword("serial")))
    *args[0]->attr = CombinedConstructsTypeAttr::get(ctx, CombinedConstructsType::SerialLoop);
  else
    return parser.emitError(parser.getCurrentLocation(), "expected compute construct name");
  return success();
}

static void printCombinedConstructsLoop(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto attr = dyn_cast_or_null<CombinedConstructsTypeAttr>(args[0].attr);
  if (!attr)
    return;
  switch (attr.getValue()) {
  case CombinedConstructsType::KernelsLoop:
    Out{p} << "kernels";
    break;
  case CombinedConstructsType::ParallelLoop:
    Out{p} << "parallel";
    break;
  case CombinedConstructsType::SerialLoop:
    Out{p} << "serial";
    break;
  }
}

ods::CustomDirective acc::getCombinedConstructsLoopDirective() {
  return {"CombinedConstructsLoop", parseCombinedConstructsLoop, printCombinedConstructsLoop, nullptr};
}

/// Nothing (gang only), or `(` ([device_types] `,`)? `{` (num|dim|static `=`
/// %v `:` type) (`,` ...)* `}` ([device_type])? ... `)`.
static ParseResult parseGangClause(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  MLIRContext *ctx = parser.getContext();
  SmallVector<Attribute> argTypes, dts, gangOnly;
  SmallVector<int32_t> seg;
  if (failed(parser.parseOptionalLParen())) {
    gangOnly.push_back(deviceTypeNone(ctx));
    *args[5]->attr = ArrayAttr::get(ctx, gangOnly);
    return success();
  }
  bool needCommaBeforeOperands = false, needCommaBetweenValues = false;
  if (succeeded(parser.parseOptionalLSquare())) {
    if (parseDeviceTypeList(parser, gangOnly))
      return failure();
    needCommaBeforeOperands = true;
  }
  static const std::pair<std::string_view, GangArgType> keywords[] = {
      {"num", GangArgType::Num}, {"dim", GangArgType::Dim}, {"static", GangArgType::Static}};
  do {
    if (needCommaBeforeOperands) {
      needCommaBeforeOperands = false;
      continue;
    }
    if (failed(parser.parseLBrace()))
      return failure();
    size_t before = args[0]->operands->size();
    while (true) {
      bool newValue = false, needValue = false;
      if (needCommaBetweenValues) {
        if (succeeded(parser.parseOptionalComma()))
          needValue = true;
        else
          break;
      }
      for (const auto &[keyword, kind] : keywords) {
        if (failed(parser.parseOptionalKeyword(keyword)))
          continue;
        if (parser.parseEqual() || parseOperandAndType(parser, args, 0, 1))
          return failure();
        argTypes.push_back(GangArgTypeAttr::get(ctx, kind));
        needCommaBetweenValues = true;
        newValue = true;
      }
      if (!newValue && needValue)
        return parser.emitError(parser.getCurrentLocation(), "new value expected after comma");
      if (!newValue)
        break;
    }
    if (args[0]->operands->empty())
      return parser.emitError(parser.getCurrentLocation(), "expect at least one of num, dim or static values");
    if (failed(parser.parseRBrace()) || parseOptionalDeviceType(parser, dts))
      return failure();
    seg.push_back(int32_t(args[0]->operands->size() - before));
  } while (succeeded(parser.parseOptionalComma()));
  if (failed(parser.parseRParen()))
    return failure();
  *args[2]->attr = ArrayAttr::get(ctx, argTypes);
  *args[3]->attr = ArrayAttr::get(ctx, dts);
  *args[5]->attr = ArrayAttr::get(ctx, gangOnly);
  *args[4]->attr = DenseI32ArrayAttr::get(ctx, seg);
  return success();
}

static void printGangClause(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  OperandRange ops = args[0].operands;
  if (ops.empty() && hasOnlyDeviceTypeNone(args[5].attr))
    return;
  Out{p} << "(";
  printDeviceTypes(p, args[5].attr);
  if (hasDeviceTypeValues(args[5].attr) && hasDeviceTypeValues(args[3].attr))
    Out{p} << ", ";
  if (hasDeviceTypeValues(args[3].attr)) {
    auto dts = cast<ArrayAttr>(args[3].attr);
    auto segs = dyn_cast_or_null<DenseI32ArrayAttr>(args[4].attr);
    auto argTypes = dyn_cast_or_null<ArrayAttr>(args[2].attr);
    size_t opIdx = 0;
    for (size_t i = 0; i < dts.size(); ++i) {
      if (i)
        Out{p} << ", ";
      Out{p} << "{";
      int32_t n = segs && int64_t(i) < segs.size() ? segs.asArrayRef()[i] : 0;
      for (int32_t j = 0; j < n && opIdx < ops.size(); ++j, ++opIdx) {
        if (j)
          Out{p} << ", ";
        auto kind = argTypes && opIdx < argTypes.size() ? dyn_cast<GangArgTypeAttr>(argTypes[opIdx])
                                                        : GangArgTypeAttr();
        if (kind && kind.getValue() == GangArgType::Num)
          Out{p} << "num";
        else if (kind && kind.getValue() == GangArgType::Dim)
          Out{p} << "dim";
        else if (kind && kind.getValue() == GangArgType::Static)
          Out{p} << "static";
        Out{p} << "=" << ops[opIdx] << " : " << ops[opIdx].getType();
      }
      Out{p} << "}";
      printSingleDeviceType(p, dts[i]);
    }
  }
  Out{p} << ")";
}

ods::CustomDirective acc::getGangClauseDirective() { return {"GangClause", parseGangClause, printGangClause, nullptr}; }

/// (`control` `(` ivs `)` `=` `(` lbs `:` types `)` `to` `(` ubs `:` types
/// `)` `step` `(` steps `:` types `)`)? region
static ParseResult parseLoopControl(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  std::vector<OpAsmParser::Argument> ivs;
  if (succeeded(parser.parseOptionalKeyword("control"))) {
    if (parser.parseLParen() || parser.parseArgumentList(ivs, AsmParser::Delimiter::None, /*allowType=*/true) ||
        parser.parseRParen() || parser.parseEqual() || parser.parseLParen() ||
        parser.parseOperandList(*args[1]->operands, int(ivs.size()), AsmParser::Delimiter::None) ||
        parser.parseColonTypeList(*args[2]->types) || parser.parseRParen() || parser.parseKeyword("to") ||
        parser.parseLParen() ||
        parser.parseOperandList(*args[3]->operands, int(ivs.size()), AsmParser::Delimiter::None) ||
        parser.parseColonTypeList(*args[4]->types) || parser.parseRParen() || parser.parseKeyword("step") ||
        parser.parseLParen() ||
        parser.parseOperandList(*args[5]->operands, int(ivs.size()), AsmParser::Delimiter::None) ||
        parser.parseColonTypeList(*args[6]->types) || parser.parseRParen())
      return failure();
  }
  std::vector<std::unique_ptr<Region>> &regions = *args[0]->regions;
  if (regions.empty())
    regions.push_back(std::make_unique<Region>());
  return parser.parseRegion(*regions.front(), ivs);
}

static void printTypes(OpAsmPrinter &p, const std::vector<Type> &types) {
  for (size_t i = 0; i < types.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << types[i];
  }
}

static void printLoopControl(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  Region &region = *args[0].regions.front();
  if (!region.empty() && region.front().getNumArguments() > 0) {
    Out{p} << "control(";
    for (unsigned i = 0; i < region.front().getNumArguments(); ++i) {
      if (i)
        Out{p} << ", ";
      Value v = region.front().getArgument(i);
      Out{p} << v << " : " << v.getType();
    }
    Out{p} << ") = (" << ValueRange(args[1].operands) << " : ";
    printTypes(p, args[2].types);
    Out{p} << ") to (" << ValueRange(args[3].operands) << " : ";
    printTypes(p, args[4].types);
    Out{p} << ")  step (" << ValueRange(args[5].operands) << " : ";
    printTypes(p, args[6].types);
    Out{p} << ") ";
  }
  p.printRegion(region, /*printEntryBlockArgs=*/false);
}

ods::CustomDirective acc::getLoopControlDirective() {
  return {"LoopControl", parseLoopControl, printLoopControl, nullptr};
}

//===----------------------------------------------------------------------===//
// acc.routine
//===----------------------------------------------------------------------===//

/// (@sym | "name") ([device_type])? (`,` ...)*
static ParseResult parseBindName(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  MLIRContext *ctx = parser.getContext();
  SmallVector<Attribute> idNames, strNames, idTypes, strTypes;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        Attribute attr;
        bool isSym = false;
        ParseResult res = parser.parseAttribute(attr);
        if (isa_and_present<SymbolRefAttr>(attr)) {
          idNames.push_back(attr);
          isSym = true;
        } else if (isa_and_present<StringAttr>(attr)) {
          strNames.push_back(attr);
        }
        if (failed(res))
          return failure();
        return parseOptionalDeviceType(parser, isSym ? idTypes : strTypes);
      }))
    return failure();
  *args[0]->attr = ArrayAttr::get(ctx, idNames);
  *args[1]->attr = ArrayAttr::get(ctx, strNames);
  *args[2]->attr = ArrayAttr::get(ctx, idTypes);
  *args[3]->attr = ArrayAttr::get(ctx, strTypes);
  return success();
}

static void printBindName(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  SmallVector<Attribute> names, types;
  for (unsigned k = 0; k < 2; ++k) {
    if (!hasDeviceTypeValues(args[2 + k].attr))
      continue;
    auto n = dyn_cast_or_null<ArrayAttr>(args[k].attr);
    auto t = cast<ArrayAttr>(args[2 + k].attr);
    for (size_t i = 0; n && i < n.size(); ++i)
      names.push_back(n[i]);
    for (size_t i = 0; i < t.size(); ++i)
      types.push_back(t[i]);
  }
  for (size_t i = 0; i < names.size() && i < types.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << names[i];
    printSingleDeviceType(p, types[i]);
  }
}

ods::CustomDirective acc::getBindNameDirective() { return {"BindName", parseBindName, printBindName, nullptr}; }

/// Nothing (gang only), or `(` ([device_types] `,`)? `dim` `:` attr
/// ([device_type])? ... `)`.
static ParseResult parseRoutineGangClause(OpAsmParser &parser, OperationState &,
                                          ArrayRef<ods::CustomParseArg *> args) {
  MLIRContext *ctx = parser.getContext();
  SmallVector<Attribute> gang, gangDim, gangDimTypes;
  if (failed(parser.parseOptionalLParen())) {
    gang.push_back(deviceTypeNone(ctx));
    *args[0]->attr = ArrayAttr::get(ctx, gang);
    return success();
  }
  bool needComma = false;
  if (succeeded(parser.parseOptionalLSquare())) {
    if (parseDeviceTypeList(parser, gang))
      return failure();
    needComma = true;
  }
  if (needComma && failed(parser.parseComma()))
    return failure();
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        gangDim.emplace_back();
        if (parser.parseKeyword("dim") || parser.parseColon() || parser.parseAttribute(gangDim.back()))
          return failure();
        return parseOptionalDeviceType(parser, gangDimTypes);
      }))
    return failure();
  if (failed(parser.parseRParen()))
    return failure();
  *args[0]->attr = ArrayAttr::get(ctx, gang);
  *args[1]->attr = ArrayAttr::get(ctx, gangDim);
  *args[2]->attr = ArrayAttr::get(ctx, gangDimTypes);
  return success();
}

static void printRoutineGangClause(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (!hasDeviceTypeValues(args[2].attr) && hasOnlyDeviceTypeNone(args[0].attr))
    return;
  Out{p} << "(";
  printDeviceTypes(p, args[0].attr);
  if (hasDeviceTypeValues(args[0].attr) && hasDeviceTypeValues(args[2].attr))
    Out{p} << ", ";
  if (hasDeviceTypeValues(args[2].attr)) {
    auto dims = dyn_cast_or_null<ArrayAttr>(args[1].attr);
    auto types = cast<ArrayAttr>(args[2].attr);
    for (size_t i = 0; dims && i < dims.size() && i < types.size(); ++i) {
      if (i)
        Out{p} << ", ";
      Out{p} << "dim: " << dims[i];
      printSingleDeviceType(p, types[i]);
    }
  }
  Out{p} << ")";
}

ods::CustomDirective acc::getRoutineGangClauseDirective() {
  return {"RoutineGangClause", parseRoutineGangClause, printRoutineGangClause, nullptr};
}

/// Nothing (`none`), or `(` `[` device_types `]` `)`.
static ParseResult parseDeviceTypeArrayAttr(OpAsmParser &parser, OperationState &,
                                            ArrayRef<ods::CustomParseArg *> args) {
  MLIRContext *ctx = parser.getContext();
  SmallVector<Attribute> dts;
  if (failed(parser.parseOptionalLParen())) {
    dts.push_back(deviceTypeNone(ctx));
    *args[0]->attr = ArrayAttr::get(ctx, dts);
    return success();
  }
  if (succeeded(parser.parseOptionalLSquare())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          dts.emplace_back();
          return parser.parseAttribute(dts.back());
        }) ||
        parser.parseRSquare() || parser.parseRParen())
      return failure();
  }
  *args[0]->attr = ArrayAttr::get(ctx, dts);
  return success();
}

static void printDeviceTypeArrayAttr(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (hasOnlyDeviceTypeNone(args[0].attr) || !hasDeviceTypeValues(args[0].attr))
    return;
  auto dts = cast<ArrayAttr>(args[0].attr);
  Out{p} << "([";
  for (size_t i = 0; i < dts.size(); ++i) {
    if (i)
      Out{p} << ", ";
    Out{p} << dts[i];
  }
  Out{p} << "])";
}

ods::CustomDirective acc::getDeviceTypeArrayAttrDirective() {
  return {"DeviceTypeArrayAttr", parseDeviceTypeArrayAttr, printDeviceTypeArrayAttr, nullptr};
}
