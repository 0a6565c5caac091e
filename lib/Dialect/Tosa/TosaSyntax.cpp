//===- TosaSyntax.cpp - Custom forms of the tosa ops ----------------------===//
//
// As MLIR 22's TosaOps.cpp: the ops whose attribute dictionary takes bare
// enum keywords (`{rounding_mode = SINGLE_ROUND}`, `{mode = BILINEAR}`,
// `{nan_mode = IGNORE}`, `{block_size = BLOCK_SIZE_32}`) and print them so,
// eliding `nan_mode = PROPAGATE`; tosa.cond_if and tosa.while_loop (after
// scf's forms); tosa.variable and its custom<VariableOpTypeOrInitialValue>.
//
#include "lamina/Dialect/Tosa/TosaDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::tosa;

//===----------------------------------------------------------------------===//
// Attribute dictionaries with bare enum keywords
//===----------------------------------------------------------------------===//

namespace {
/// The enum whose bare keyword an op's attribute dictionary accepts.
enum class EnumKind { RoundingMode, ResizeMode, NanPropagationMode, BlockSize };
} // namespace

/// `name = value` of the dictionary, with the bare keyword of `kind`.
static ParseResult parseAttrEntryWithEnumHandling(OpAsmParser &parser, NamedAttrList &attrs, EnumKind kind) {
  std::string_view name;
  if (parser.parseOptionalKeyword(&name) || parser.parseEqual())
    return failure();
  MLIRContext *ctx = parser.getContext();
  std::string_view keyword;
  auto bare = [&](std::string_view attrName, const char *what, const ods::EnumInfo &info,
                  Attribute (*build)(MLIRContext *, uint64_t)) -> std::optional<ParseResult> {
    if (name != attrName || failed(parser.parseOptionalKeyword(&keyword)))
      return std::nullopt;
    std::optional<uint64_t> value = info.symbolize(keyword);
    if (!value)
      return ParseResult(parser.emitError(parser.getCurrentLocation()) << "invalid " << what << " value: " << keyword);
    attrs.append(name, build(ctx, *value));
    return success();
  };
  std::optional<ParseResult> result;
  switch (kind) {
  case EnumKind::RoundingMode:
    result = bare("rounding_mode", "rounding_mode", getRoundingModeInfo(), [](MLIRContext *c, uint64_t v) {
      return Attribute(RoundingModeAttr::get(c, tosa::RoundingMode(v)));
    });
    break;
  case EnumKind::ResizeMode:
    result = bare("mode", "resize mode", getResizeModeInfo(), [](MLIRContext *c, uint64_t v) {
      return Attribute(ResizeModeAttr::get(c, ResizeMode(v)));
    });
    break;
  case EnumKind::NanPropagationMode:
    result = bare("nan_mode", "nan_mode", getNanPropagationModeInfo(), [](MLIRContext *c, uint64_t v) {
      return Attribute(NanPropagationModeAttr::get(c, NanPropagationMode(v)));
    });
    break;
  case EnumKind::BlockSize:
    result = bare("block_size", "block_size", getBlockSizeInfo(), [](MLIRContext *c, uint64_t v) {
      return Attribute(BlockSizeAttr::get(c, BlockSize(v)));
    });
    break;
  }
  if (result)
    return *result;
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  attrs.append(name, attr);
  return success();
}

/// `operands {attrs} : (types) -> types`.
static ParseResult parseWithEnumHandling(OpAsmParser &parser, OperationState &result, EnumKind kind,
                                         bool allResults = false) {
  SmallVector<OpAsmParser::UnresolvedOperand, 5> operands;
  if (parser.parseCommaSeparatedList([&]() {
        operands.emplace_back();
        return parser.parseOperand(operands.back());
      }))
    return failure();
  NamedAttrList attrs;
  if (succeeded(parser.parseOptionalLBrace()) && failed(parser.parseOptionalRBrace())) {
    do {
      if (parseAttrEntryWithEnumHandling(parser, attrs, kind))
        return failure();
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRBrace())
      return failure();
  }
  FunctionType fnTy;
  if (parser.parseColonType(fnTy))
    return failure();
  if (parser.resolveOperands(operands, fnTy.getInputs(), parser.getCurrentLocation(), result.operands))
    return failure();
  if (allResults)
    result.addTypes(fnTy.getResults());
  else if (fnTy.getNumResults())
    result.addType(fnTy.getResult(0));
  result.addAttributes(attrs);
  return success();
}

/// `name = value`, enums as their bare keyword.
static void printNamedAttr(OpAsmPrinter &p, const NamedAttribute &attr) {
  p << attr.getNameStr() << " = ";
  Attribute value = attr.getValue();
  if (auto rounding = dyn_cast<RoundingModeAttr>(value))
    p << getRoundingModeInfo().stringify(uint64_t(rounding.getValue()));
  else if (auto resize = dyn_cast<ResizeModeAttr>(value))
    p << getResizeModeInfo().stringify(uint64_t(resize.getValue()));
  else if (auto nan = dyn_cast<NanPropagationModeAttr>(value))
    p << getNanPropagationModeInfo().stringify(uint64_t(nan.getValue()));
  else if (auto block = dyn_cast<BlockSizeAttr>(value))
    p << getBlockSizeInfo().stringify(uint64_t(block.getValue()));
  else
    p.printAttribute(value);
}

static void printAttrDictEntries(OpAsmPrinter &p, ArrayRef<NamedAttribute> attrs) {
  if (attrs.empty())
    return;
  p << " {";
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (i)
      p << ", ";
    printNamedAttr(p, attrs[i]);
  }
  p << "}";
}

/// The operands, the attributes without `nan_mode = PROPAGATE`, the types.
static void printWithNanPropagationHandling(OpAsmPrinter &p, Operation *op) {
  p << " ";
  p.printOperands(op->getOperands());
  std::vector<NamedAttribute> toPrint;
  bool elided = false;
  for (const NamedAttribute &attr : op->getAttrs()) {
    auto nan = dyn_cast<NanPropagationModeAttr>(attr.getValue());
    if (!elided && nan && nan.getValue() == NanPropagationMode::PROPAGATE) {
      elided = true;
      continue;
    }
    toPrint.push_back(attr);
  }
  printAttrDictEntries(p, toPrint);
  p << " : ";
  p.printFunctionalType(op);
}

static void printWithEnumHandling(OpAsmPrinter &p, Operation *op) {
  p << " ";
  p.printOperands(op->getOperands());
  printAttrDictEntries(p, op->getAttrs());
  p << " : ";
  p.printFunctionalType(op);
}

#define TOSA_ENUM_SYNTAX(OP, KIND, PRINT, ALL)                                                                          \
  ParseResult OP::parse(OpAsmParser &parser, OperationState &result) {                                                \
    return parseWithEnumHandling(parser, result, EnumKind::KIND, ALL);                                                \
  }                                                                                                                   \
  void OP::print(OpAsmPrinter &p) { PRINT(p, getOperation()); }

TOSA_ENUM_SYNTAX(RescaleOp, RoundingMode, printWithEnumHandling, false)
TOSA_ENUM_SYNTAX(ApplyScaleOp, RoundingMode, printWithEnumHandling, false)
TOSA_ENUM_SYNTAX(ResizeOp, ResizeMode, printWithEnumHandling, false)
TOSA_ENUM_SYNTAX(ArgMaxOp, NanPropagationMode, printWithNanPropagationHandling, false)
TOSA_ENUM_SYNTAX(MaxPool2dOp, NanPropagationMode, printWithNanPropagationHandling, false)
TOSA_ENUM_SYNTAX(ClampOp, NanPropagationMode, printWithNanPropagationHandling, false)
TOSA_ENUM_SYNTAX(MaximumOp, NanPropagationMode, printWithNanPropagationHandling, false)
TOSA_ENUM_SYNTAX(MinimumOp, NanPropagationMode, printWithNanPropagationHandling, false)
TOSA_ENUM_SYNTAX(ReduceMaxOp, NanPropagationMode, printWithNanPropagationHandling, false)
TOSA_ENUM_SYNTAX(ReduceMinOp, NanPropagationMode, printWithNanPropagationHandling, false)
TOSA_ENUM_SYNTAX(CastFromBlockScaledOp, BlockSize, printWithEnumHandling, false)
TOSA_ENUM_SYNTAX(CastToBlockScaledOp, BlockSize, printWithEnumHandling, true)
TOSA_ENUM_SYNTAX(MatmulTBlockScaledOp, BlockSize, printWithEnumHandling, false)

#undef TOSA_ENUM_SYNTAX

//===----------------------------------------------------------------------===//
// tosa.cond_if and tosa.while_loop
//===----------------------------------------------------------------------===//

/// ` (%arg = %init, ...)`.
static void printInitializationList(OpAsmPrinter &p, ArrayRef<BlockArgument> args, OperandRange inits) {
  if (inits.empty())
    return;
  p << " (";
  for (size_t i = 0; i < inits.size(); ++i) {
    if (i)
      p << ", ";
    p.printOperand(args[i]);
    p << " = ";
    p.printOperand(inits[i]);
  }
  p << ")";
}

ParseResult IfOp::parse(OpAsmParser &parser, OperationState &result) {
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  OpAsmParser::UnresolvedOperand cond;
  if (parser.parseOperand(cond))
    return failure();
  std::vector<OpAsmParser::Argument> regionArgs;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  std::optional<ParseResult> listResult = parser.parseOptionalAssignmentList(regionArgs, operands);
  if (listResult && failed(*listResult))
    return failure();
  if (failed(parser.parseColon()))
    return parser.emitError(parser.getCurrentLocation(), "expected type for condition operand");
  Type condType;
  if (failed(parser.parseType(condType)))
    return parser.emitError(parser.getCurrentLocation(), "expected type for condition operand");
  if (parser.resolveOperand(cond, condType, result.operands))
    return failure();
  if (listResult) {
    FunctionType functionType;
    if (failed(parser.parseType(functionType)))
      return parser.emitError(parser.getCurrentLocation())
             << "expected list of types for block arguments followed by arrow type and list of return types";
    result.addTypes(functionType.getResults());
    if (functionType.getNumInputs() != operands.size())
      return parser.emitError(parser.getCurrentLocation())
             << "expected as many input types as operands (expected " << int64_t(operands.size()) << " got "
             << int64_t(functionType.getNumInputs()) << ")";
    if (parser.resolveOperands(operands, functionType.getInputs(), parser.getCurrentLocation(), result.operands))
      return failure();
  } else if (parser.parseOptionalArrowTypeList(result.types)) {
    return failure();
  }
  if (parser.parseRegion(*thenRegion))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("else")) && parser.parseRegion(*elseRegion))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void IfOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printOperand(getCondition());
  Region &thenGraph = getThenGraph();
  std::vector<BlockArgument> args;
  if (!thenGraph.empty())
    for (BlockArgument arg : thenGraph.front().getArguments())
      args.push_back(arg);
  OperandRange inputs = getInputList();
  if (args.size() == inputs.size())
    printInitializationList(p, args, inputs);
  p << " : " << getCondition().getType();
  if (!inputs.empty()) {
    p << " (";
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (i)
        p << ", ";
      p << inputs[i].getType();
    }
    p << ")";
  }
  p.printArrowTypeList(getOperation()->getResultTypes());
  p << " ";
  p.printRegion(thenGraph);
  Region &elseGraph = getElseGraph();
  if (!elseGraph.empty()) {
    p << " else ";
    p.printRegion(elseGraph);
  }
  p.printOptionalAttrDict(getOperation()->getAttrs());
}

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  std::vector<OpAsmParser::Argument> regionArgs;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  std::optional<ParseResult> listResult = parser.parseOptionalAssignmentList(regionArgs, operands);
  if (listResult && failed(*listResult))
    return failure();
  FunctionType functionType;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (failed(parser.parseColonType(functionType)))
    return failure();
  result.addTypes(functionType.getResults());
  if (functionType.getNumInputs() != operands.size())
    return parser.emitError(typeLoc) << "expected as many input types as operands (expected "
                                     << int64_t(operands.size()) << " got " << int64_t(functionType.getNumInputs())
                                     << ")";
  if (parser.resolveOperands(operands, functionType.getInputs(), parser.getCurrentLocation(), result.operands))
    return failure();
  for (size_t i = 0; i < regionArgs.size(); ++i)
    regionArgs[i].type = functionType.getInput(unsigned(i));
  return failure(parser.parseRegion(*cond, regionArgs) || parser.parseKeyword("do") || parser.parseRegion(*body) ||
                 parser.parseOptionalAttrDictWithKeyword(result.attributes));
}

void WhileOp::print(OpAsmPrinter &p) {
  Region &condGraph = getCondGraph();
  std::vector<BlockArgument> args;
  if (!condGraph.empty())
    for (BlockArgument arg : condGraph.front().getArguments())
      args.push_back(arg);
  OperandRange inputs = getInputList();
  if (args.size() == inputs.size())
    printInitializationList(p, args, inputs);
  p << " : ";
  std::vector<Type> inputTypes, resultTypes;
  for (Value v : inputs)
    inputTypes.push_back(v.getType());
  for (Type t : getOperation()->getResultTypes())
    resultTypes.push_back(t);
  p.printFunctionalType(inputTypes, resultTypes);
  p << " ";
  p.printRegion(condGraph, /*printEntryBlockArgs=*/false);
  p << " do ";
  p.printRegion(getBodyGraph());
  p.printOptionalAttrDictWithKeyword(getOperation()->getAttrs());
}

SmallVector<Region *, 1> WhileOp::getLoopRegions() {
  SmallVector<Region *, 1> regions;
  regions.push_back(&getBodyGraph());
  return regions;
}

//===----------------------------------------------------------------------===//
// tosa.variable
//===----------------------------------------------------------------------===//

/// The var_shape and element type of a ranked shaped type.
static ParseResult getShapeAndElementType(OpAsmParser &parser, Type parsedType, Attribute &varShape,
                                          Attribute &elementType) {
  auto shaped = dyn_cast<ShapedType>(parsedType);
  if (!shaped)
    return parser.emitError(parser.getCurrentLocation()) << "expected shaped type";
  if (!shaped.hasRank())
    return parser.emitError(parser.getCurrentLocation()) << "expected ranked type";
  elementType = TypeAttr::get(shaped.getElementType());
  ArrayRef<int64_t> shape = shaped.getShape();
  std::vector<APInt> values;
  values.reserve(shape.size());
  // MLIR's convertFromMlirShape: dynamic sizes are stored as -1.
  for (int64_t size : shape)
    values.push_back(APInt(64, uint64_t(ShapedType::isDynamic(size) ? -1 : size)));
  Builder builder(parser.getContext());
  auto type = RankedTensorType::get({int64_t(shape.size())}, builder.getIndexType());
  varShape = DenseElementsAttr::get(type, values);
  return success();
}

/// `= initial-value` or `: type`.
static ParseResult parseVariableTypeOrInitialValue(OpAsmParser &parser, Attribute &varShape, Attribute &type,
                                                   Attribute &initialValue) {
  if (succeeded(parser.parseOptionalEqual())) {
    if (failed(parser.parseAttribute(initialValue)))
      return parser.emitError(parser.getCurrentLocation()) << "expected attribute";
    if (auto typed = dyn_cast<TypedAttr>(initialValue))
      return getShapeAndElementType(parser, typed.getType(), varShape, type);
    return parser.emitError(parser.getCurrentLocation()) << "expected Typed attr";
  }
  initialValue = Attribute();
  Type parsedType;
  if (failed(parser.parseColonType(parsedType)))
    return parser.emitError(parser.getCurrentLocation()) << "expected type after colon";
  return getShapeAndElementType(parser, parsedType, varShape, type);
}

static void printVariableTypeOrInitialValue(OpAsmPrinter &p, Attribute varShape, Attribute type,
                                            Attribute initialValue) {
  bool needsSpace = false;
  if (!isa_and_nonnull<TypedAttr>(initialValue)) {
    std::vector<int64_t> shape;
    if (auto dense = dyn_cast_or_null<DenseIntElementsAttr>(varShape))
      for (const APInt &v : dense.getIntValues()) {
        int64_t size = v.getSExtValue();
        shape.push_back(size == -1 ? ShapedType::kDynamic : size);
      }
    Type elementType = isa_and_nonnull<TypeAttr>(type) ? cast<TypeAttr>(type).getValue() : Type();
    if (elementType) {
      p << ": ";
      p.printAttribute(TypeAttr::get(RankedTensorType::get(shape, elementType)));
      needsSpace = true;
    }
  }
  if (initialValue) {
    if (needsSpace)
      p << ' ';
    p << "= ";
    p.printAttribute(initialValue);
  }
}

static ParseResult parseVariableDirective(OpAsmParser &parser, OperationState &,
                                          ArrayRef<ods::CustomParseArg *> args) {
  return parseVariableTypeOrInitialValue(parser, *args[0]->attr, *args[1]->attr, *args[2]->attr);
}

static void printVariableDirective(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  printVariableTypeOrInitialValue(p, args[0].attr, args[1].attr, args[2].attr);
}

ods::CustomDirective tosa::getVariableOpTypeOrInitialValueDirective() {
  return {"VariableOpTypeOrInitialValue", parseVariableDirective, printVariableDirective, nullptr};
}
