//===- LLVMOpSyntax.cpp - The llvm dialect's hand-written op syntax --------===//
//
// What MLIR writes by hand in LLVMDialect.cpp for the syntax of the llvm
// dialect's ops: the custom forms of llvm.func, llvm.mlir.global,
// llvm.mlir.alias, llvm.call, llvm.invoke, llvm.call_intrinsic,
// llvm.landingpad, llvm.alloca, llvm.icmp/fcmp, and the `custom<...>`
// directives of the declarative formats (GEP indices, switch cases,
// indirectbr successors, operand bundles, inferred types, linkage).
//
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"

#include "lamina/Interfaces/FunctionImplementation.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/Predicates.h"

#include <algorithm>
#include <limits>

using namespace lamina;
using namespace lamina::LLVM;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The value of the case of `info` whose string is the next keyword (cases
/// tried in value order, as MLIR's parseOptionalLLVMKeyword), or `def`.
static uint64_t parseOptionalEnumKeyword(OpAsmParser &parser, const ods::EnumInfo &info, uint64_t def) {
  std::vector<const ods::EnumCase *> cases;
  for (const ods::EnumCase &c : info.cases)
    cases.push_back(&c);
  std::stable_sort(cases.begin(), cases.end(),
                   [](const ods::EnumCase *a, const ods::EnumCase *b) { return a->value < b->value; });
  for (const ods::EnumCase *c : cases)
    if (!c->str.empty() && succeeded(parser.parseOptionalKeyword(c->str)))
      return uint64_t(c->value);
  return def;
}

/// The case string of `value`.
static std::string enumString(const ods::EnumInfo &info, uint64_t value) { return info.stringify(value); }

/// An integer enum stored as IntegerAttr (visibility, unnamed_addr): its
/// value, 0 when absent.
static uint64_t intEnumValue(Attribute attr) {
  auto i = dyn_cast_or_null<IntegerAttr>(attr);
  return i ? i.getValue().getZExtValue() : 0;
}

static Linkage linkageOf(Operation *op) {
  auto attr = dyn_cast_or_null<LinkageAttr>(op->getInherentAttr("linkage"));
  return attr ? attr.getLinkage() : Linkage::External;
}

static CConv cconvOf(Operation *op) {
  auto attr = dyn_cast_or_null<CConvAttr>(op->getInherentAttr("CConv"));
  return attr ? attr.getCallingConv() : CConv::C;
}

/// `attrs` without `fastmathFlags` when it holds no flag (MLIR's
/// processFMFAttr).
static std::vector<NamedAttribute> withoutDefaultFastmath(ArrayRef<NamedAttribute> attrs) {
  std::vector<NamedAttribute> out;
  for (const NamedAttribute &a : attrs) {
    if (a.getNameStr() == "fastmathFlags")
      if (auto fmf = dyn_cast<FastmathFlagsAttr>(a.getValue()); fmf && fmf.getValue() == FastmathFlags::none)
        continue;
    out.push_back(a);
  }
  return out;
}

/// i1, or a vector of i1 of the shape of `type` (a vector).
static Type getI1SameShape(Type type) { return ods::getI1SameShape(type); }

//===----------------------------------------------------------------------===//
// llvm.icmp / llvm.fcmp
//===----------------------------------------------------------------------===//

/// `"pred" %lhs, %rhs attr-dict : type`; the predicate is stored as an
/// integer and the result is i1 of the operands' shape.
static ParseResult parseCmpOp(OpAsmParser &parser, OperationState &result, const ods::EnumInfo &info) {
  StringAttr predicateAttr;
  OpAsmParser::UnresolvedOperand lhs, rhs;
  Type type;
  SMLoc predicateLoc = parser.getCurrentLocation();
  if (parser.parseAttribute(predicateAttr, "predicate", result.attributes) || parser.parseOperand(lhs) ||
      parser.parseComma() || parser.parseOperand(rhs) || parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseType(type) || parser.resolveOperand(lhs, type, result.operands) ||
      parser.resolveOperand(rhs, type, result.operands))
    return failure();
  std::optional<uint64_t> predicate = info.symbolize(predicateAttr.getValue());
  if (!predicate)
    return parser.emitError(predicateLoc)
           << "'" << predicateAttr.getValue() << "' is an incorrect value of the 'predicate' attribute";
  result.attributes.set("predicate", parser.getBuilder().getI64IntegerAttr(int64_t(*predicate)));
  if (!isCompatibleType(type))
    return parser.emitError(typeLoc, "expected LLVM dialect-compatible type");
  result.addType(getI1SameShape(type));
  return success();
}

static void printCmpOp(OpAsmPrinter &p, Operation *op, const ods::EnumInfo &info, bool fastmath) {
  p << " \"" << enumString(info, intEnumValue(op->getInherentAttr("predicate"))) << "\" ";
  p.printOperand(op->getOperand(0));
  p << ", ";
  p.printOperand(op->getOperand(1));
  if (fastmath)
    p.printOptionalAttrDict(withoutDefaultFastmath(op->getAttrs()), {"predicate"});
  else
    p.printOptionalAttrDict(op->getAttrs(), {"predicate"});
  p << " : ";
  p.printType(op->getOperand(0).getType());
}

ParseResult ICmpOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCmpOp(parser, result, getICmpPredicateInfo());
}
void ICmpOp::print(OpAsmPrinter &p) { printCmpOp(p, getOperation(), getICmpPredicateInfo(), false); }

ParseResult FCmpOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCmpOp(parser, result, getFCmpPredicateInfo());
}
void FCmpOp::print(OpAsmPrinter &p) { printCmpOp(p, getOperation(), getFCmpPredicateInfo(), true); }

//===----------------------------------------------------------------------===//
// llvm.alloca
//===----------------------------------------------------------------------===//

/// `inalloca? %size x elemType attr-dict : (sizeType) -> resultType`.
ParseResult AllocaOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand arraySize;
  Type type, elemType;
  if (succeeded(parser.parseOptionalKeyword("inalloca")))
    result.addAttribute("inalloca", lamina::UnitAttr::get(parser.getContext()));
  if (parser.parseOperand(arraySize) || parser.parseKeyword("x") || parser.parseType(elemType) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc trailingTypeLoc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return failure();
  if (Attribute alignment = result.attributes.get("alignment")) {
    auto alignmentInt = dyn_cast<IntegerAttr>(alignment);
    if (!alignmentInt)
      return parser.emitError(parser.getNameLoc(), "expected integer alignment");
    if (alignmentInt.getValue().isZero())
      result.attributes.erase("alignment");
  }
  auto funcType = dyn_cast<FunctionType>(type);
  if (!funcType || funcType.getNumInputs() != 1 || funcType.getNumResults() != 1)
    return parser.emitError(trailingTypeLoc, "expected trailing function type with one argument and one result");
  if (parser.resolveOperand(arraySize, funcType.getInput(0), result.operands))
    return failure();
  if (isa<LLVMPointerType>(funcType.getResult(0)))
    result.addAttribute("elem_type", lamina::TypeAttr::get(elemType));
  result.addType(funcType.getResult(0));
  return success();
}

void AllocaOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  if (getInalloca())
    p << " inalloca";
  p << ' ';
  p.printOperand(op->getOperand(0));
  p << " x ";
  if (auto elemType = getElemTypeAttr())
    p.printType(elemType.getValue());
  auto alignment = getAlignmentAttr();
  if (alignment && !alignment.getValue().isZero())
    p.printOptionalAttrDict(op->getAttrs(), {"elem_type", "inalloca"});
  else
    p.printOptionalAttrDict(op->getAttrs(), {"alignment", "elem_type", "inalloca"});
  p << " : ";
  p.printType(FunctionType::get(getContext(), {op->getOperand(0).getType()}, {op->getResult(0).getType()}));
}

//===----------------------------------------------------------------------===//
// Call signatures and operand bundles
//===----------------------------------------------------------------------===//

/// `(type {attrs}, ...) -> (type {attrs})` of a call (MLIR's
/// call_interface_impl::parseFunctionSignature).
static ParseResult parseCallSignature(OpAsmParser &parser, SmallVectorImpl<Type> &argTypes,
                                      std::vector<DictionaryAttr> &argAttrs, SmallVectorImpl<Type> &resultTypes,
                                      std::vector<DictionaryAttr> &resultAttrs) {
  auto parseTypeAndAttrs = [&](SmallVectorImpl<Type> &types, std::vector<DictionaryAttr> &attrs) -> ParseResult {
    types.emplace_back();
    NamedAttrList dict;
    if (parser.parseType(types.back()) || parser.parseOptionalAttrDict(dict))
      return failure();
    attrs.push_back(dict.getDictionary(parser.getContext()));
    return success();
  };
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::None,
                                       [&]() { return parseTypeAndAttrs(argTypes, argAttrs); }) ||
        parser.parseRParen())
      return failure();
  }
  if (failed(parser.parseOptionalArrow()))
    return success();
  if (failed(parser.parseOptionalLParen())) {
    // A single result without attributes.
    Type type;
    if (parser.parseType(type))
      return failure();
    resultTypes.push_back(type);
    resultAttrs.emplace_back();
    return success();
  }
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::None,
                                     [&]() { return parseTypeAndAttrs(resultTypes, resultAttrs); }) ||
      parser.parseRParen())
    return failure();
  return success();
}

/// The attribute dictionary `i` of `attrs` (an ArrayAttr of dictionaries).
static ArrayRef<NamedAttribute> dictAt(ArrayAttr attrs, size_t i) {
  if (!attrs || i >= attrs.size())
    return {};
  auto dict = dyn_cast<DictionaryAttr>(attrs.getValue()[i]);
  return dict ? dict.getValue() : ArrayRef<NamedAttribute>();
}

static void printCallSignature(OpAsmPrinter &p, TypeRange argTypes, ArrayAttr argAttrs, TypeRange resultTypes,
                               ArrayAttr resultAttrs) {
  p << '(';
  for (size_t i = 0; i < argTypes.size(); ++i) {
    if (i)
      p << ", ";
    p.printType(argTypes[i]);
    p.printOptionalAttrDict(dictAt(argAttrs, i));
  }
  p << ')';
  if (resultTypes.empty()) {
    p << " -> ()";
    return;
  }
  p << " -> ";
  bool needsParens = resultTypes.size() > 1 || isa<FunctionType>(resultTypes[0]) ||
                     !dictAt(resultAttrs, 0).empty();
  if (needsParens)
    p << '(';
  for (size_t i = 0; i < resultTypes.size(); ++i) {
    if (i)
      p << ", ";
    p.printType(resultTypes[i]);
    p.printOptionalAttrDict(dictAt(resultAttrs, i));
  }
  if (needsParens)
    p << ')';
}

/// Parses the trailing `: (callee-type,)? signature` of a call-like op and
/// resolves `operands` (the callee pointer first for indirect calls).
static ParseResult parseCallTypeAndResolveOperands(OpAsmParser &parser, OperationState &result, bool isDirect,
                                                   ArrayRef<OpAsmParser::UnresolvedOperand> operands,
                                                   std::vector<DictionaryAttr> &argAttrs,
                                                   std::vector<DictionaryAttr> &resultAttrs) {
  SMLoc trailingTypesLoc = parser.getCurrentLocation();
  SmallVector<Type, 8> types;
  if (parser.parseColon())
    return failure();
  if (!isDirect) {
    types.emplace_back();
    if (parser.parseType(types.back()))
      return failure();
    if (failed(parser.parseOptionalComma()))
      return parser.emitError(trailingTypesLoc, "expected indirect call to have 2 trailing types");
  }
  SmallVector<Type, 8> argTypes;
  SmallVector<Type, 1> resTypes;
  if (parseCallSignature(parser, argTypes, argAttrs, resTypes, resultAttrs)) {
    if (isDirect)
      return parser.emitError(trailingTypesLoc, "expected direct call to have 1 trailing types");
    return parser.emitError(trailingTypesLoc, "expected trailing function type");
  }
  if (resTypes.size() > 1)
    return parser.emitError(trailingTypesLoc, "expected function with 0 or 1 result");
  if (resTypes.size() == 1 && isa<LLVMVoidType>(resTypes[0]))
    return parser.emitError(trailingTypesLoc, "expected a non-void result type");
  types.append(argTypes.begin(), argTypes.end());
  if (parser.resolveOperands(operands, TypeRange(ArrayRef<Type>(types.data(), types.size())), parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(ArrayRef<Type>(resTypes.data(), resTypes.size()));
  return success();
}

/// One operand bundle group being parsed.
struct ParsedBundle {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  SmallVector<Type, 2> types;
  Attribute tag;
};

/// `[ "tag"(%a, %b : i32, i32), "tag2"() ]`; nullopt when there is no `[`.
static std::optional<ParseResult> parseOpBundleList(OpAsmParser &parser, std::vector<ParsedBundle> &bundles) {
  if (failed(parser.parseOptionalLSquare()))
    return std::nullopt;
  if (succeeded(parser.parseOptionalRSquare()))
    return ParseResult(success());
  auto parseOne = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    std::string tag;
    if (parser.parseString(&tag))
      return parser.emitError(loc, "expect operand bundle tag");
    ParsedBundle bundle;
    if (parser.parseLParen())
      return failure();
    if (failed(parser.parseOptionalRParen())) {
      if (parser.parseOperandList(bundle.operands) || parser.parseColon() ||
          parser.parseCommaSeparatedList(AsmParser::Delimiter::None, [&]() -> ParseResult {
            bundle.types.emplace_back();
            return parser.parseType(bundle.types.back());
          }) ||
          parser.parseRParen())
        return failure();
    }
    bundle.tag = StringAttr::get(parser.getContext(), tag);
    bundles.push_back(std::move(bundle));
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::None, parseOne) || parser.parseRSquare())
    return ParseResult(failure());
  return ParseResult(success());
}

/// Resolves the bundle operands (after the call's own) and adds
/// `op_bundle_sizes`.
static ParseResult resolveOpBundles(OpAsmParser &parser, SMLoc loc, OperationState &result,
                                    const std::vector<ParsedBundle> &bundles) {
  std::vector<int32_t> sizes;
  for (size_t i = 0; i < bundles.size(); ++i) {
    const ParsedBundle &b = bundles[i];
    if (b.operands.size() != b.types.size())
      return parser.emitError(loc, "expected ")
             << unsigned(b.operands.size()) << " types for operand bundle operands for operand bundle #" << 0u
             << ", but actually got " << unsigned(b.types.size());
    if (parser.resolveOperands(ArrayRef<OpAsmParser::UnresolvedOperand>(b.operands.data(), b.operands.size()),
                               TypeRange(ArrayRef<Type>(b.types.data(), b.types.size())), loc, result.operands))
      return failure();
    sizes.push_back(int32_t(b.operands.size()));
  }
  result.addAttribute("op_bundle_sizes", DenseI32ArrayAttr::get(parser.getContext(), sizes));
  return success();
}

static ArrayAttr bundleTags(OpAsmParser &parser, const std::vector<ParsedBundle> &bundles) {
  std::vector<Attribute> tags;
  for (const ParsedBundle &b : bundles)
    tags.push_back(b.tag);
  return ArrayAttr::get(parser.getContext(), tags);
}

static int32_t bundleOperandCount(const std::vector<ParsedBundle> &bundles) {
  int32_t n = 0;
  for (const ParsedBundle &b : bundles)
    n += int32_t(b.operands.size());
  return n;
}

/// Prints `[ "tag"(%a : i32), ... ]` for the bundle operands `operands`
/// grouped by `sizes`, tagged by `tags`.
static void printOpBundleList(OpAsmPrinter &p, OperandRange operands, ArrayRef<int32_t> sizes, ArrayAttr tags) {
  if (sizes.empty())
    return;
  p << '[';
  size_t pos = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i)
      p << ", ";
    std::string_view tag;
    if (tags && i < tags.size())
      if (auto s = dyn_cast<StringAttr>(tags.getValue()[i]))
        tag = s.getValue();
    p.printString(tag);
    p << '(';
    size_t len = std::min<size_t>(size_t(std::max(sizes[i], 0)), operands.size() - pos);
    OperandRange group = operands.slice(pos, len);
    pos += len;
    if (!group.empty()) {
      p.printOperands(group);
      p << " : ";
      for (size_t j = 0; j < group.size(); ++j) {
        if (j)
          p << ", ";
        p.printType(group[j].getType());
      }
    }
    p << ')';
  }
  p << ']';
}

/// The bundle operand sizes of a call-like op (`op_bundle_sizes`).
static ArrayRef<int32_t> bundleSizes(Operation *op) {
  auto attr = dyn_cast_or_null<DenseI32ArrayAttr>(op->getInherentAttr("op_bundle_sizes"));
  return attr ? attr.asArrayRef() : ArrayRef<int32_t>();
}

/// Operand group `group` of an op with `operandSegmentSizes`.
static OperandRange operandGroup(Operation *op, unsigned group) {
  auto [start, length] = ods::getODSOperandIndexAndLength(op, group);
  return op->getOperands().slice(start, length);
}

/// custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), $op_bundle_tags).
static std::optional<ParseResult> parseOpBundlesOptional(OpAsmParser &parser, OperationState &,
                                                         ArrayRef<ods::CustomParseArg *> args) {
  std::vector<ParsedBundle> bundles;
  std::optional<ParseResult> r = parseOpBundleList(parser, bundles);
  if (!r || failed(*r))
    return r;
  for (ParsedBundle &b : bundles) {
    args[0]->operands->append(b.operands.begin(), b.operands.end());
    args[0]->operandGroupSizes->push_back(int32_t(b.operands.size()));
    args[1]->types->append(b.types.begin(), b.types.end());
  }
  if (!bundles.empty())
    *args[2]->attr = bundleTags(parser, bundles);
  return ParseResult(success());
}

static ParseResult parseOpBundles(OpAsmParser &parser, OperationState &state, ArrayRef<ods::CustomParseArg *> args) {
  std::optional<ParseResult> r = parseOpBundlesOptional(parser, state, args);
  return r ? *r : ParseResult(success());
}

static void printOpBundles(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  printOpBundleList(p, args[0].operands, args[0].groupSizes, dyn_cast_or_null<ArrayAttr>(args[2].attr));
}

ods::CustomDirective LLVM::getOpBundlesDirective() {
  return {"OpBundles", parseOpBundles, printOpBundles, parseOpBundlesOptional};
}

//===----------------------------------------------------------------------===//
// llvm.call / llvm.invoke / llvm.call_intrinsic
//===----------------------------------------------------------------------===//

/// `vararg(!llvm.func<...>)` if present.
static ParseResult parseOptionalVarCalleeType(OpAsmParser &parser, OperationState &result) {
  if (failed(parser.parseOptionalKeyword("vararg")))
    return success();
  Attribute type;
  if (parser.parseLParen() || parser.parseAttribute(type, "var_callee_type", result.attributes) ||
      parser.parseRParen())
    return failure();
  return success();
}

/// The callee: `@name` (direct) or `%ptr` (indirect, into `operands`).
static ParseResult parseCallee(OpAsmParser &parser, OperationState &result,
                               SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands, bool &isDirect) {
  OpAsmParser::UnresolvedOperand funcPtr;
  std::optional<ParseResult> r = parser.parseOptionalOperand(funcPtr);
  if (r.has_value()) {
    if (failed(*r))
      return failure();
    operands.push_back(funcPtr);
  }
  isDirect = operands.empty();
  if (isDirect) {
    SymbolRefAttr funcAttr;
    if (parser.parseAttribute(funcAttr, "callee", result.attributes))
      return failure();
  }
  return success();
}

ParseResult CallOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  result.addAttribute("CConv", CConvAttr::get(ctx, CConv(parseOptionalEnumKeyword(parser, getCConvInfo(), 0))));
  result.addAttribute("TailCallKind", TailCallKindAttr::get(ctx, TailCallKind(parseOptionalEnumKeyword(
                                                                      parser, getTailCallKindInfo(), 0))));
  SmallVector<OpAsmParser::UnresolvedOperand, 8> operands;
  bool isDirect;
  if (parseCallee(parser, result, operands, isDirect) ||
      parser.parseOperandList(operands, AsmParser::Delimiter::Paren) || parseOptionalVarCalleeType(parser, result))
    return failure();
  SMLoc bundlesLoc = parser.getCurrentLocation();
  std::vector<ParsedBundle> bundles;
  if (std::optional<ParseResult> r = parseOpBundleList(parser, bundles); r && failed(*r))
    return failure();
  if (!bundles.empty())
    result.addAttribute("op_bundle_tags", bundleTags(parser, bundles));
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  std::vector<DictionaryAttr> argAttrs, resultAttrs;
  if (parseCallTypeAndResolveOperands(parser, result, isDirect, operands, argAttrs, resultAttrs))
    return failure();
  Builder builder = parser.getBuilder();
  function_interface_impl::addArgAndResultAttrs(builder, result, argAttrs, resultAttrs, "arg_attrs", "res_attrs");
  if (resolveOpBundles(parser, bundlesLoc, result, bundles))
    return failure();
  result.addAttribute("operandSegmentSizes",
                      DenseI32ArrayAttr::get(ctx, {int32_t(operands.size()), bundleOperandCount(bundles)}));
  return success();
}

void CallOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  FlatSymbolRefAttr callee = getCalleeAttr();
  bool isDirect = bool(callee);
  p << ' ';
  if (CConv cc = cconvOf(op); cc != CConv::C)
    p << enumString(getCConvInfo(), uint64_t(cc)) << ' ';
  if (auto tck = dyn_cast_or_null<TailCallKindAttr>(getTailCallKindAttr());
      tck && tck.getTailCallKind() != TailCallKind::None)
    p << enumString(getTailCallKindInfo(), uint64_t(tck.getTailCallKind())) << ' ';
  if (isDirect)
    p.printSymbolName(callee.getValue());
  else
    p.printOperand(op->getOperand(0));
  OperandRange calleeOperands = operandGroup(op, 0);
  OperandRange args = calleeOperands.slice(isDirect ? 0 : 1, calleeOperands.size() - (isDirect ? 0 : 1));
  p << '(';
  p.printOperands(args);
  p << ')';
  if (auto varCalleeType = getVarCalleeTypeAttr()) {
    p << " vararg(";
    p.printType(varCalleeType.getValue());
    p << ')';
  }
  OperandRange bundleOperands = operandGroup(op, 1);
  if (!bundleSizes(op).empty()) {
    p << ' ';
    printOpBundleList(p, bundleOperands, bundleSizes(op), getOpBundleTagsAttr());
  }
  p.printOptionalAttrDict(withoutDefaultFastmath(op->getAttrs()),
                          {"callee", "TailCallKind", "var_callee_type", "CConv", "operandSegmentSizes",
                           "op_bundle_sizes", "op_bundle_tags", "arg_attrs", "res_attrs"});
  p << " : ";
  if (!isDirect) {
    p.printType(op->getOperand(0).getType());
    p << ", ";
  }
  printCallSignature(p, args.getTypes(), getArgAttrsAttr(), op->getResultTypes(), getResAttrsAttr());
}

ParseResult InvokeOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  result.addAttribute("CConv", CConvAttr::get(ctx, CConv(parseOptionalEnumKeyword(parser, getCConvInfo(), 0))));
  SmallVector<OpAsmParser::UnresolvedOperand, 8> operands;
  bool isDirect;
  Block *normalDest = nullptr, *unwindDest = nullptr;
  SmallVector<Value, 4> normalOperands, unwindOperands;
  if (parseCallee(parser, result, operands, isDirect) ||
      parser.parseOperandList(operands, AsmParser::Delimiter::Paren) || parser.parseKeyword("to") ||
      parser.parseSuccessorAndUseList(normalDest, normalOperands) || parser.parseKeyword("unwind") ||
      parser.parseSuccessorAndUseList(unwindDest, unwindOperands) || parseOptionalVarCalleeType(parser, result))
    return failure();
  SMLoc bundlesLoc = parser.getCurrentLocation();
  std::vector<ParsedBundle> bundles;
  if (std::optional<ParseResult> r = parseOpBundleList(parser, bundles); r && failed(*r))
    return failure();
  if (!bundles.empty())
    result.addAttribute("op_bundle_tags", bundleTags(parser, bundles));
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  std::vector<DictionaryAttr> argAttrs, resultAttrs;
  if (parseCallTypeAndResolveOperands(parser, result, isDirect, operands, argAttrs, resultAttrs))
    return failure();
  Builder builder = parser.getBuilder();
  function_interface_impl::addArgAndResultAttrs(builder, result, argAttrs, resultAttrs, "arg_attrs", "res_attrs");
  if (resolveOpBundles(parser, bundlesLoc, result, bundles))
    return failure();
  result.addSuccessors(normalDest);
  result.addSuccessors(unwindDest);
  result.addOperands(ValueRange(ArrayRef<Value>(normalOperands.data(), normalOperands.size())));
  result.addOperands(ValueRange(ArrayRef<Value>(unwindOperands.data(), unwindOperands.size())));
  result.addAttribute("operandSegmentSizes",
                      DenseI32ArrayAttr::get(ctx, {int32_t(operands.size()), int32_t(normalOperands.size()),
                                                   int32_t(unwindOperands.size()), bundleOperandCount(bundles)}));
  return success();
}

void InvokeOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  FlatSymbolRefAttr callee = getCalleeAttr();
  bool isDirect = bool(callee);
  p << ' ';
  if (CConv cc = cconvOf(op); cc != CConv::C)
    p << enumString(getCConvInfo(), uint64_t(cc)) << ' ';
  if (isDirect)
    p.printSymbolName(callee.getValue());
  else
    p.printOperand(op->getOperand(0));
  OperandRange calleeOperands = operandGroup(op, 0);
  OperandRange args = calleeOperands.slice(isDirect ? 0 : 1, calleeOperands.size() - (isDirect ? 0 : 1));
  p << '(';
  p.printOperands(args);
  p << ')';
  p << " to ";
  p.printSuccessorAndUseList(op->getSuccessor(0), operandGroup(op, 1));
  p << " unwind ";
  p.printSuccessorAndUseList(op->getSuccessor(1), operandGroup(op, 2));
  if (auto varCalleeType = getVarCalleeTypeAttr()) {
    p << " vararg(";
    p.printType(varCalleeType.getValue());
    p << ')';
  }
  if (!bundleSizes(op).empty()) {
    p << ' ';
    printOpBundleList(p, operandGroup(op, 3), bundleSizes(op), getOpBundleTagsAttr());
  }
  p.printOptionalAttrDict(op->getAttrs(), {"callee", "operandSegmentSizes", "CConv", "var_callee_type",
                                           "op_bundle_sizes", "op_bundle_tags", "arg_attrs", "res_attrs"});
  p << " : ";
  if (!isDirect) {
    p.printType(op->getOperand(0).getType());
    p << ", ";
  }
  printCallSignature(p, args.getTypes(), getArgAttrsAttr(), op->getResultTypes(), getResAttrsAttr());
}

ParseResult CallIntrinsicOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  Attribute intrin;
  if (parser.parseAttribute(intrin, NoneType::get(ctx)))
    return failure();
  if (!isa<StringAttr>(intrin))
    return parser.emitError(parser.getCurrentLocation(), "invalid kind of attribute specified");
  result.addAttribute("intrin", intrin);
  SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  if (parser.parseLParen() || parser.parseOperandList(operands) || parser.parseRParen())
    return failure();
  SMLoc bundlesLoc = parser.getCurrentLocation();
  std::vector<ParsedBundle> bundles;
  if (std::optional<ParseResult> r = parseOpBundleList(parser, bundles); r && failed(*r))
    return failure();
  if (!bundles.empty())
    result.addAttribute("op_bundle_tags", bundleTags(parser, bundles));
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  std::vector<DictionaryAttr> argAttrs, resultAttrs;
  if (parseCallTypeAndResolveOperands(parser, result, /*isDirect=*/true, operands, argAttrs, resultAttrs))
    return failure();
  Builder builder = parser.getBuilder();
  function_interface_impl::addArgAndResultAttrs(builder, result, argAttrs, resultAttrs, "arg_attrs", "res_attrs");
  if (resolveOpBundles(parser, bundlesLoc, result, bundles))
    return failure();
  result.addAttribute("operandSegmentSizes",
                      DenseI32ArrayAttr::get(ctx, {int32_t(operands.size()), bundleOperandCount(bundles)}));
  return success();
}

void CallIntrinsicOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << ' ';
  p.printAttributeWithoutType(getIntrinAttr());
  OperandRange args = operandGroup(op, 0);
  p << '(';
  p.printOperands(args);
  p << ')';
  if (!bundleSizes(op).empty()) {
    p << ' ';
    printOpBundleList(p, operandGroup(op, 1), bundleSizes(op), getOpBundleTagsAttr());
  }
  p.printOptionalAttrDict(withoutDefaultFastmath(op->getAttrs()),
                          {"operandSegmentSizes", "op_bundle_sizes", "intrin", "op_bundle_tags", "arg_attrs",
                           "res_attrs"});
  p << " : ";
  printCallSignature(p, args.getTypes(), getArgAttrsAttr(), op->getResultTypes(), getResAttrsAttr());
}

//===----------------------------------------------------------------------===//
// llvm.landingpad
//===----------------------------------------------------------------------===//

/// `cleanup? ((catch|filter) %v : type)* : type`.
ParseResult LandingpadOp::parse(OpAsmParser &parser, OperationState &result) {
  if (succeeded(parser.parseOptionalKeyword("cleanup")))
    result.addAttribute("cleanup", lamina::UnitAttr::get(parser.getContext()));
  while (succeeded(parser.parseOptionalLParen()) &&
         (succeeded(parser.parseOptionalKeyword("filter")) || succeeded(parser.parseOptionalKeyword("catch")))) {
    OpAsmParser::UnresolvedOperand operand;
    Type type;
    if (parser.parseOperand(operand) || parser.parseColon() || parser.parseType(type) ||
        parser.resolveOperand(operand, type, result.operands) || parser.parseRParen())
      return failure();
  }
  Type type;
  if (parser.parseColon() || parser.parseType(type))
    return failure();
  result.addType(type);
  return success();
}

void LandingpadOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << (getCleanup() ? " cleanup " : " ");
  for (Value value : op->getOperands()) {
    p << '(' << (isa<LLVMArrayType>(value.getType()) ? "filter " : "catch ");
    p.printOperand(value);
    p << " : ";
    p.printType(value.getType());
    p << ") ";
  }
  p.printOptionalAttrDict(op->getAttrs(), {"cleanup"});
  p << ": ";
  p.printType(op->getResult(0).getType());
}

//===----------------------------------------------------------------------===//
// llvm.mlir.global / llvm.mlir.alias
//===----------------------------------------------------------------------===//

/// linkage? visibility? thread_local? unnamed_addr?, each with its default.
static ParseResult parseCommonGlobalAndAlias(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  Builder b = parser.getBuilder();
  result.addAttribute("linkage", LinkageAttr::get(ctx, Linkage(parseOptionalEnumKeyword(
                                                           parser, getLinkageInfo(), uint64_t(Linkage::External)))));
  result.addAttribute("visibility_",
                      b.getI64IntegerAttr(int64_t(parseOptionalEnumKeyword(parser, getVisibilityInfo(), 0))));
  if (succeeded(parser.parseOptionalKeyword("thread_local")))
    result.addAttribute("thread_local_", lamina::UnitAttr::get(ctx));
  result.addAttribute("unnamed_addr",
                      b.getI64IntegerAttr(int64_t(parseOptionalEnumKeyword(parser, getUnnamedAddrInfo(), 0))));
  return success();
}

static void printCommonGlobalAndAlias(OpAsmPrinter &p, Operation *op) {
  p << ' ' << enumString(getLinkageInfo(), uint64_t(linkageOf(op))) << ' ';
  std::string visibility = enumString(getVisibilityInfo(), intEnumValue(op->getInherentAttr("visibility_")));
  if (!visibility.empty())
    p << visibility << ' ';
  if (op->getInherentAttr("thread_local_"))
    p << "thread_local ";
  if (Attribute unnamedAddr = op->getInherentAttr("unnamed_addr")) {
    std::string str = enumString(getUnnamedAddrInfo(), intEnumValue(unnamedAddr));
    if (!str.empty())
      p << str << ' ';
  }
}

ParseResult GlobalOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  if (parseCommonGlobalAndAlias(parser, result))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("constant")))
    result.addAttribute("constant", lamina::UnitAttr::get(ctx));
  StringAttr name;
  if (parser.parseSymbolName(name, "sym_name", result.attributes) || parser.parseLParen())
    return failure();
  Attribute value;
  if (failed(parser.parseOptionalRParen())) {
    if (parser.parseAttribute(value, "value", result.attributes) || parser.parseRParen())
      return failure();
  }
  if (succeeded(parser.parseOptionalKeyword("comdat"))) {
    SymbolRefAttr comdat;
    if (parser.parseLParen() || parser.parseAttribute(comdat) || parser.parseRParen())
      return failure();
    result.addAttribute("comdat", comdat);
  }
  SmallVector<Type, 1> types;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseOptionalColonTypeList(types))
    return failure();
  if (types.size() > 1)
    return parser.emitError(parser.getNameLoc(), "expected zero or one type");
  Region &initRegion = *result.addRegion();
  if (types.empty()) {
    auto str = dyn_cast_or_null<StringAttr>(value);
    if (!str)
      return parser.emitError(parser.getNameLoc(), "type can only be omitted for string globals");
    types.push_back(LLVMArrayType::get(ctx, IntegerType::get(ctx, 8), str.getValue().size()));
  } else {
    std::optional<ParseResult> r = parser.parseOptionalRegion(initRegion);
    if (r.has_value() && failed(*r))
      return failure();
  }
  result.addAttribute("global_type", lamina::TypeAttr::get(types[0]));
  return success();
}

void GlobalOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  printCommonGlobalAndAlias(p, op);
  if (getConstant())
    p << "constant ";
  p.printSymbolName(getSymNameAttr().getValue());
  p << '(';
  Attribute value = getValueAttr();
  if (value)
    p.printAttribute(value);
  p << ')';
  if (SymbolRefAttr comdat = getComdatAttr()) {
    p << " comdat(";
    p.printAttribute(comdat);
    p << ')';
  }
  p.printOptionalAttrDict(op->getAttrs(), {"sym_name", "global_type", "constant", "value", "linkage", "unnamed_addr",
                                           "thread_local_", "visibility_", "comdat"});
  if (isa_and_nonnull<StringAttr>(value))
    return;
  p << " : ";
  p.printType(getGlobalTypeAttr().getValue());
  Region &initializer = op->getRegion(0);
  if (!initializer.empty()) {
    p << ' ';
    p.printRegion(initializer, /*printEntryBlockArgs=*/false);
  }
}

ParseResult AliasOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parseCommonGlobalAndAlias(parser, result))
    return failure();
  StringAttr name;
  if (parser.parseSymbolName(name, "sym_name", result.attributes))
    return failure();
  SmallVector<Type, 1> types;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseOptionalColonTypeList(types))
    return failure();
  if (types.size() > 1)
    return parser.emitError(parser.getNameLoc(), "expected zero or one type");
  Region &initRegion = *result.addRegion();
  if (parser.parseRegion(initRegion))
    return failure();
  if (types.empty())
    return parser.emitError(parser.getNameLoc(), "expected zero or one type");
  result.addAttribute("alias_type", lamina::TypeAttr::get(types[0]));
  return success();
}

void AliasOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  printCommonGlobalAndAlias(p, op);
  p.printSymbolName(getSymNameAttr().getValue());
  p.printOptionalAttrDict(op->getAttrs(),
                          {"sym_name", "alias_type", "linkage", "unnamed_addr", "thread_local_", "visibility_"});
  p << " : ";
  p.printType(getAliasTypeAttr().getValue());
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
}

//===----------------------------------------------------------------------===//
// llvm.func
//===----------------------------------------------------------------------===//

ArrayRef<Type> LLVMFuncOp::getArgumentTypes() {
  auto type = dyn_cast_or_null<LLVMFunctionType>(getFunctionTypeAttr() ? getFunctionTypeAttr().getValue() : Type());
  return type ? type.getParams() : ArrayRef<Type>();
}

ArrayRef<Type> LLVMFuncOp::getResultTypes() {
  auto type = dyn_cast_or_null<LLVMFunctionType>(getFunctionTypeAttr() ? getFunctionTypeAttr().getValue() : Type());
  if (!type || isa<LLVMVoidType>(type.getReturnType()))
    return {};
  // The return type as a list of one, in the type's (uniqued, immortal)
  // storage.
  const auto *storage = static_cast<const LLVMFunctionType::ImplType *>(static_cast<Type>(type).getImpl());
  return ArrayRef<Type>(&std::get<0>(storage->params), 1);
}

/// The function type of a parsed signature; null (after an error at `loc`)
/// if a type is not an LLVM type or there is more than one result.
static Type buildLLVMFunctionType(OpAsmParser &parser, SMLoc loc, ArrayRef<Type> inputs, ArrayRef<Type> outputs,
                                  bool isVariadic) {
  MLIRContext *ctx = parser.getContext();
  if (outputs.size() > 1)
    return (void)parser.emitError(loc, "failed to construct function type: expected zero or one function result"),
           Type();
  for (Type t : inputs)
    if (!isCompatibleType(t))
      return (void)parser.emitError(loc, "failed to construct function type: expected LLVM type for function "
                                         "arguments"),
             Type();
  Type output = outputs.empty() ? Type(LLVMVoidType::get(ctx)) : outputs.front();
  if (!isCompatibleType(output))
    return (void)(parser.emitError(loc, "failed to construct function type: expected LLVM type for function results")
                  << output),
           Type();
  return LLVMFunctionType::get(ctx, output, inputs, isVariadic);
}

ParseResult LLVMFuncOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  Builder b = parser.getBuilder();
  result.addAttribute("linkage", LinkageAttr::get(ctx, Linkage(parseOptionalEnumKeyword(
                                                           parser, getLinkageInfo(), uint64_t(Linkage::External)))));
  result.addAttribute("visibility_",
                      b.getI64IntegerAttr(int64_t(parseOptionalEnumKeyword(parser, getVisibilityInfo(), 0))));
  result.addAttribute("unnamed_addr",
                      b.getI64IntegerAttr(int64_t(parseOptionalEnumKeyword(parser, getUnnamedAddrInfo(), 0))));
  result.addAttribute("CConv", CConvAttr::get(ctx, CConv(parseOptionalEnumKeyword(parser, getCConvInfo(), 0))));

  StringAttr nameAttr;
  std::vector<OpAsmParser::Argument> entryArgs;
  std::vector<DictionaryAttr> resultAttrs;
  SmallVector<Type, 1> resultTypes;
  bool isVariadic = false;
  SMLoc signatureLocation = parser.getCurrentLocation();
  if (parser.parseSymbolName(nameAttr, "sym_name", result.attributes) ||
      function_interface_impl::parseFunctionSignatureWithArguments(parser, /*allowVariadic=*/true, entryArgs,
                                                                   isVariadic, resultTypes, resultAttrs))
    return failure();
  std::vector<Type> argTypes;
  for (const OpAsmParser::Argument &arg : entryArgs)
    argTypes.push_back(arg.type);
  Type type = buildLLVMFunctionType(parser, signatureLocation, argTypes,
                                    ArrayRef<Type>(resultTypes.data(), resultTypes.size()), isVariadic);
  if (!type)
    return failure();
  result.addAttribute("function_type", lamina::TypeAttr::get(type));

  if (succeeded(parser.parseOptionalKeyword("vscale_range"))) {
    int64_t minRange, maxRange;
    if (parser.parseLParen() || parser.parseInteger(minRange) || parser.parseComma() ||
        parser.parseInteger(maxRange) || parser.parseRParen())
      return failure();
    IntegerType i32 = IntegerType::get(ctx, 32);
    result.addAttribute("vscale_range",
                        VScaleRangeAttr::get(ctx, IntegerAttr::get(i32, minRange), IntegerAttr::get(i32, maxRange)));
  }
  if (succeeded(parser.parseOptionalKeyword("comdat"))) {
    SymbolRefAttr comdat;
    if (parser.parseLParen() || parser.parseAttribute(comdat) || parser.parseRParen())
      return failure();
    result.addAttribute("comdat", comdat);
  }
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  std::vector<DictionaryAttr> argAttrs;
  for (const OpAsmParser::Argument &arg : entryArgs)
    argAttrs.push_back(arg.attrs);
  function_interface_impl::addArgAndResultAttrs(b, result, argAttrs, resultAttrs, "arg_attrs", "res_attrs");
  Region *body = result.addRegion();
  std::optional<ParseResult> r = parser.parseOptionalRegion(*body, entryArgs);
  return failure(r.has_value() && failed(*r));
}

void LLVMFuncOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << ' ';
  if (Linkage linkage = linkageOf(op); linkage != Linkage::External)
    p << enumString(getLinkageInfo(), uint64_t(linkage)) << ' ';
  std::string visibility = enumString(getVisibilityInfo(), intEnumValue(op->getInherentAttr("visibility_")));
  if (!visibility.empty())
    p << visibility << ' ';
  if (Attribute unnamedAddr = op->getInherentAttr("unnamed_addr")) {
    std::string str = enumString(getUnnamedAddrInfo(), intEnumValue(unnamedAddr));
    if (!str.empty())
      p << str << ' ';
  }
  if (CConv cc = cconvOf(op); cc != CConv::C)
    p << enumString(getCConvInfo(), uint64_t(cc)) << ' ';
  p.printSymbolName(getSymNameAttr().getValue());
  auto fnType = cast<LLVMFunctionType>(getFunctionTypeAttr().getValue());
  function_interface_impl::printFunctionSignature(p, op, fnType.getParams(), fnType.getVarArg(), getResultTypes(),
                                                  "arg_attrs", "res_attrs");
  if (VScaleRangeAttr vscale = getVscaleRangeAttr()) {
    p << " vscale_range(" << (long long)vscale.getMinRange().getInt() << ", "
      << (long long)vscale.getMaxRange().getInt() << ')';
  }
  if (SymbolRefAttr comdat = getComdatAttr()) {
    p << " comdat(";
    p.printAttribute(comdat);
    p << ')';
  }
  p.printOptionalAttrDictWithKeyword(op->getAttrs(),
                                     {"sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs",
                                      "linkage", "CConv", "visibility_", "comdat", "unnamed_addr", "vscale_range"});
  Region &body = op->getRegion(0);
  if (!body.empty()) {
    p << ' ';
    p.printRegion(body, /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/true);
  }
}

//===----------------------------------------------------------------------===//
// Custom directives of the declarative formats
//===----------------------------------------------------------------------===//

/// The raw constant index standing for a dynamic index (GEPOp::kDynamicIndex).
static constexpr int32_t kDynamicIndex = std::numeric_limits<int32_t>::min();

/// `[%i, 1, %j]`: constant (32-bit) or dynamic indices.
static ParseResult parseGEPIndices(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &indices = *args[0]->operands;
  std::vector<int32_t> constantIndices;
  auto parseIndex = [&]() -> ParseResult {
    int32_t constantIndex = 0;
    std::optional<ParseResult> parsed = parser.parseOptionalInteger(constantIndex);
    if (parsed.has_value()) {
      if (failed(*parsed))
        return failure();
      constantIndices.push_back(constantIndex);
      return success();
    }
    constantIndices.push_back(kDynamicIndex);
    indices.emplace_back();
    return parser.parseOperand(indices.back());
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::None, parseIndex))
    return failure();
  *args[1]->attr = DenseI32ArrayAttr::get(parser.getContext(), constantIndices);
  return success();
}

static void printGEPIndices(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  OperandRange dynamicIndices = args[0].operands;
  auto raw = dyn_cast_or_null<DenseI32ArrayAttr>(args[1].attr);
  if (!raw)
    return;
  size_t next = 0;
  ArrayRef<int32_t> indices = raw.asArrayRef();
  for (size_t i = 0; i < indices.size(); ++i) {
    if (i)
      p << ", ";
    if (indices[i] == kDynamicIndex && next < dynamicIndices.size())
      p.printOperand(dynamicIndices[next++]);
    else
      p << (long long)indices[i];
  }
}

ods::CustomDirective LLVM::getGEPIndicesDirective() { return {"GEPIndices", parseGEPIndices, printGEPIndices, nullptr}; }

/// The type at `position` in the aggregate `containerType`; null after an
/// error through `emitError`.
static Type getInsertExtractValueElementType(function_ref<InFlightDiagnostic(std::string_view)> emitError,
                                             Type containerType, ArrayRef<int64_t> position) {
  Type llvmType = containerType;
  if (!isCompatibleType(containerType))
    return (void)(emitError("expected LLVM IR Dialect type, got ") << containerType), Type();
  for (int64_t idx : position) {
    if (auto arrayType = dyn_cast<LLVMArrayType>(llvmType)) {
      if (idx < 0 || uint64_t(idx) >= arrayType.getNumElements())
        return (void)(emitError("position out of bounds: ") << (long long)idx), Type();
      llvmType = arrayType.getElementType();
    } else if (auto structType = dyn_cast<LLVMStructType>(llvmType)) {
      if (idx < 0 || size_t(idx) >= structType.getBody().size())
        return (void)(emitError("position out of bounds: ") << (long long)idx), Type();
      llvmType = structType.getBody()[idx];
    } else {
      return (void)(emitError("expected LLVM IR structure/array type, got: ") << llvmType), Type();
    }
  }
  return llvmType;
}

Type LLVM::getInsertExtractValueElementType(Operation *op, Type containerType, ArrayRef<int64_t> position) {
  return ::getInsertExtractValueElementType(
      [op](std::string_view msg) { return op->emitOpError(msg); }, containerType, position);
}

/// The element type of `type($container)` at `$position` (nothing printed).
static ParseResult parseInsertExtractValueElementType(OpAsmParser &parser, OperationState &,
                                                      ArrayRef<ods::CustomParseArg *> args) {
  Type containerType = args[1]->types->empty() ? Type() : args[1]->types->front();
  auto position = dyn_cast_or_null<DenseI64ArrayAttr>(*args[2]->attr);
  if (!containerType || !position)
    return failure();
  Type valueType = ::getInsertExtractValueElementType(
      [&](std::string_view msg) { return parser.emitError(parser.getCurrentLocation(), msg); }, containerType,
      position.asArrayRef());
  if (!valueType)
    return failure();
  args[0]->types->push_back(valueType);
  return success();
}

static void printInsertExtractValueElementType(OpAsmPrinter &, Operation *, ArrayRef<ods::CustomPrintArg>) {}

ods::CustomDirective LLVM::getInsertExtractValueElementTypeDirective() {
  return {"InsertExtractValueElementType", parseInsertExtractValueElementType, printInsertExtractValueElementType,
          nullptr};
}

/// The result type of a shufflevector: `type($v1)`'s elements, the mask's
/// length (nothing printed).
static ParseResult parseShuffleType(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  Type v1Type = args[0]->types->empty() ? Type() : args[0]->types->front();
  auto mask = dyn_cast_or_null<DenseI32ArrayAttr>(*args[2]->attr);
  if (!v1Type || !isCompatibleVectorType(v1Type))
    return parser.emitError(parser.getCurrentLocation(), "expected an LLVM compatible vector type");
  auto vecType = cast<VectorType>(v1Type);
  int64_t n = mask ? int64_t(mask.size()) : 0;
  args[1]->types->push_back(VectorType::get({n}, vecType.getElementType(), {vecType.isScalable()}));
  return success();
}

static void printShuffleType(OpAsmPrinter &, Operation *, ArrayRef<ods::CustomPrintArg>) {}

ods::CustomDirective LLVM::getShuffleTypeDirective() {
  return {"ShuffleType", parseShuffleType, printShuffleType, nullptr};
}

/// `[ value: ^bb(%a : i32), ... ]` (the brackets included).
static ParseResult parseSwitchOpCases(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  Type flagType = args[0]->types->empty() ? Type() : args[0]->types->front();
  Attribute &caseValues = *args[1]->attr;
  std::vector<Block *> &caseDests = *args[2]->successors;
  auto &caseOperands = *args[3]->operands;
  std::vector<int32_t> &caseSizes = *args[3]->operandGroupSizes;
  SmallVectorImpl<Type> &caseTypes = *args[4]->types;
  if (parser.parseLSquare())
    return failure();
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  std::vector<APInt> values;
  unsigned bitWidth = flagType && flagType.isIntOrFloat() ? flagType.getIntOrFloatBitWidth() : 64;
  auto parseCase = [&]() -> ParseResult {
    int64_t value = 0;
    if (parser.parseInteger(value))
      return failure();
    values.push_back(APInt(bitWidth, uint64_t(value), /*isSigned=*/true));
    Block *dest = nullptr;
    SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
    SmallVector<Type, 4> types;
    if (parser.parseColon() || parser.parseSuccessor(dest))
      return failure();
    if (succeeded(parser.parseOptionalLParen())) {
      if (parser.parseOperandList(operands, AsmParser::Delimiter::None, /*allowResultNumber=*/false) ||
          parser.parseColonTypeList(types) || parser.parseRParen())
        return failure();
    }
    caseDests.push_back(dest);
    caseOperands.append(operands.begin(), operands.end());
    caseSizes.push_back(int32_t(operands.size()));
    caseTypes.append(types.begin(), types.end());
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::None, parseCase))
    return failure();
  if (flagType)
    caseValues = DenseElementsAttr::get(VectorType::get({int64_t(values.size())}, flagType), values);
  return parser.parseRSquare();
}

static void printSwitchOpCases(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  raw_ostream &os = p.getStream();
  os << '[';
  p.printNewline();
  auto caseValues = dyn_cast_or_null<DenseIntElementsAttr>(args[1].attr);
  if (!caseValues) {
    os << ']';
    return;
  }
  const std::vector<int32_t> &sizes = args[3].groupSizes;
  OperandRange caseOperands = args[3].operands;
  std::vector<APInt> values = DenseElementsAttr(caseValues).getIntValues();
  size_t pos = 0;
  size_t n = std::min(values.size(), args[2].successors.size());
  for (size_t i = 0; i < n; ++i) {
    if (i) {
      os << ',';
      p.printNewline();
    }
    os << "  " << values[i].toString(10, /*isSigned=*/true) << ": ";
    size_t len = i < sizes.size() ? size_t(std::max(sizes[i], 0)) : 0;
    len = std::min(len, caseOperands.size() - pos);
    p.printSuccessorAndUseList(args[2].successors[i], caseOperands.slice(pos, len));
    pos += len;
  }
  p.printNewline();
  os << ']';
}

ods::CustomDirective LLVM::getSwitchOpCasesDirective() {
  return {"SwitchOpCases", parseSwitchOpCases, printSwitchOpCases, nullptr};
}

/// `[ ^bb1(%a : i32), ^bb2 ]`.
static ParseResult parseIndirectBrOpSucessors(OpAsmParser &parser, OperationState &,
                                              ArrayRef<ods::CustomParseArg *> args) {
  std::vector<Block *> &succs = *args[1]->successors;
  auto &operands = *args[2]->operands;
  std::vector<int32_t> &sizes = *args[2]->operandGroupSizes;
  SmallVectorImpl<Type> &types = *args[3]->types;
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square,
      [&]() -> ParseResult {
        Block *dest = nullptr;
        SmallVector<OpAsmParser::UnresolvedOperand, 4> ops;
        SmallVector<Type, 4> tys;
        if (parser.parseSuccessor(dest))
          return failure();
        if (succeeded(parser.parseOptionalLParen())) {
          if (parser.parseOperandList(ops, AsmParser::Delimiter::None) || parser.parseColonTypeList(tys) ||
              parser.parseRParen())
            return failure();
        }
        succs.push_back(dest);
        operands.append(ops.begin(), ops.end());
        sizes.push_back(int32_t(ops.size()));
        types.append(tys.begin(), tys.end());
        return success();
      },
      "successor blocks");
}

static void printIndirectBrOpSucessors(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  raw_ostream &os = p.getStream();
  const std::vector<Block *> &succs = args[1].successors;
  const std::vector<int32_t> &sizes = args[2].groupSizes;
  OperandRange operands = args[2].operands;
  os << '[';
  size_t pos = 0;
  for (size_t i = 0; i < succs.size(); ++i) {
    if (i)
      os << ',';
    p.printNewline();
    size_t len = i < sizes.size() ? size_t(std::max(sizes[i], 0)) : 0;
    len = std::min(len, operands.size() - pos);
    p.printSuccessorAndUseList(succs[i], operands.slice(pos, len));
    pos += len;
  }
  if (!succs.empty())
    p.printNewline();
  os << ']';
}

ods::CustomDirective LLVM::getIndirectBrOpSucessorsDirective() {
  return {"IndirectBrOpSucessors", parseIndirectBrOpSucessors, printIndirectBrOpSucessors, nullptr};
}

/// An optional linkage keyword (external when absent).
static ParseResult parseLLVMLinkage(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  *args[0]->attr = LinkageAttr::get(
      parser.getContext(), Linkage(parseOptionalEnumKeyword(parser, getLinkageInfo(), uint64_t(Linkage::External))));
  return success();
}

static void printLLVMLinkage(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto linkage = dyn_cast_or_null<LinkageAttr>(args[0].attr);
  p << enumString(getLinkageInfo(), uint64_t(linkage ? linkage.getLinkage() : Linkage::External));
}

ods::CustomDirective LLVM::getLLVMLinkageDirective() {
  return {"LLVMLinkage", parseLLVMLinkage, printLLVMLinkage, nullptr};
}
