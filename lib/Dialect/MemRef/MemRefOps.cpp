//===- MemRefOps.cpp - Verifiers, custom syntax and names of memref ops ---===//
//
// Follows mlir/lib/Dialect/MemRef/IR/MemRefOps.cpp (LLVM 22): the
// hasVerifier / hasCustomAssemblyFormat / getAsmResultNames hooks of the
// allocation, access, global, DMA and atomic ops, with mlir-opt's messages.
// The view ops are in MemRefViewOps.cpp, the definitions in
// MemRefDialect.cpp.
//
#include "MemRefOpsImpl.h"

#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Interfaces/ViewLikeInterface.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"

#include <string>

using namespace lamina;
using namespace lamina::memref;
using namespace lamina::memref::impl;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool impl::hasIdentityLayout(MemRefType type) { return type.getLayoutMap().isIdentity(); }

/// The integer elements of `attr` (a DenseI64ArrayAttr) or an empty list.
ArrayRef<int64_t> impl::denseI64(Attribute attr) {
  if (auto a = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    return a.asArrayRef();
  return {};
}

ArrayRef<int64_t> impl::staticList(Operation *op, std::string_view name) {
  return denseI64(ods::getInherentAttr(op, name));
}

/// Prints a list of integers as MLIR prints an ArrayRef<int64_t> in a
/// diagnostic ("1, 2").
static void appendInts(InFlightDiagnostic &diag, ArrayRef<int64_t> values) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (i)
      diag << ", ";
    diag << (long long)values[i];
  }
}

/// mlir::verifyDynamicDimensionCount (Dialect/Utils/VerificationUtils).
LogicalResult impl::verifyDynamicDimensionCount(Operation *op, ShapedType type, ValueRange dynamicSizes) {
  int64_t expectedCount = type.getNumDynamicDims();
  int64_t actualCount = int64_t(dynamicSizes.size());
  if (expectedCount != actualCount)
    return op->emitOpError("incorrect number of dynamic sizes, has ")
           << (long long)actualCount << ", expected " << (long long)expectedCount;
  return success();
}

/// AsmParser::parseType<MemRefType>: "invalid kind of type specified" at
/// `loc` when the parsed type is not a memref.
static ParseResult checkMemRefType(OpAsmParser &parser, SMLoc loc, Type type, MemRefType &result) {
  result = dyn_cast<MemRefType>(type);
  if (!result)
    return parser.emitError(loc, "invalid kind of type specified: expected builtin.memref, but found ") << type;
  return success();
}

/// parseType<MemRefType>: the error points at the type.
ParseResult impl::parseMemRefType(OpAsmParser &parser, MemRefType &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  return checkMemRefType(parser, loc, type, result);
}

/// parseColonType<MemRefType>: the error points at the colon.
ParseResult impl::parseColonMemRefType(OpAsmParser &parser, MemRefType &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseColonType(type))
    return failure();
  return checkMemRefType(parser, loc, type, result);
}

//===----------------------------------------------------------------------===//
// Result names (OpAsmOpInterface)
//===----------------------------------------------------------------------===//

#define LAMINA_NAME_FIRST_RESULT(fn, str)                                                                    \
  void impl::fn(Operation *op, function_ref<void(Value, std::string_view)> setName) {                       \
    if (op->getNumResults())                                                                                \
      setName(op->getResult(0), str);                                                                       \
  }
LAMINA_NAME_FIRST_RESULT(allocNames, "alloc")
LAMINA_NAME_FIRST_RESULT(allocaNames, "alloca")
LAMINA_NAME_FIRST_RESULT(assumeAlignmentNames, "assume_align")
LAMINA_NAME_FIRST_RESULT(castNames, "cast")
LAMINA_NAME_FIRST_RESULT(dimNames, "dim")
LAMINA_NAME_FIRST_RESULT(extractAlignedPointerNames, "intptr")
LAMINA_NAME_FIRST_RESULT(memorySpaceCastNames, "memspacecast")
LAMINA_NAME_FIRST_RESULT(reinterpretCastNames, "reinterpret_cast")
LAMINA_NAME_FIRST_RESULT(collapseShapeNames, "collapse_shape")
LAMINA_NAME_FIRST_RESULT(expandShapeNames, "expand_shape")
LAMINA_NAME_FIRST_RESULT(reshapeNames, "reshape")
LAMINA_NAME_FIRST_RESULT(subviewNames, "subview")
LAMINA_NAME_FIRST_RESULT(transposeNames, "transpose")
LAMINA_NAME_FIRST_RESULT(viewNames, "view")
#undef LAMINA_NAME_FIRST_RESULT

void impl::extractStridedMetadataNames(Operation *op, function_ref<void(Value, std::string_view)> setName) {
  if (op->getNumResults() < 2)
    return;
  setName(op->getResult(0), "base_buffer");
  setName(op->getResult(1), "offset");
  // Only the first value of a pack can carry a name (`%sizes:2`).
  ResultRange sizes = ods::getODSResults(op, 2);
  ResultRange strides = ods::getODSResults(op, 3);
  if (!sizes.empty()) {
    setName(sizes.front(), "sizes");
    if (!strides.empty())
      setName(strides.front(), "strides");
  }
}

//===----------------------------------------------------------------------===//
// alloc / alloca / realloc
//===----------------------------------------------------------------------===//

static LogicalResult verifyAllocLikeOp(Operation *op) {
  auto memRefType = dyn_cast<MemRefType>(op->getResult(0).getType());
  if (!memRefType)
    return op->emitOpError("result must be a memref");
  if (failed(verifyDynamicDimensionCount(op, memRefType, ods::getODSOperands(op, 0))))
    return failure();
  unsigned numSymbols = 0;
  if (!hasIdentityLayout(memRefType))
    numSymbols = memRefType.getLayoutMap().getNumSymbols();
  size_t numSymbolOperands = ods::getODSOperands(op, 1).size();
  if (numSymbolOperands != numSymbols)
    return op->emitOpError("symbol operand count does not equal memref symbol count: expected ")
           << numSymbols << ", got " << (unsigned long long)numSymbolOperands;
  return success();
}

LogicalResult impl::verifyAlloc(Operation *op) { return verifyAllocLikeOp(op); }

LogicalResult impl::verifyAlloca(Operation *op) {
  Operation *parent = op->getParentOp();
  while (parent && !parent->hasTrait<OpTrait::AutomaticAllocationScope>())
    parent = parent->getParentOp();
  if (!parent)
    return op->emitOpError("requires an ancestor op with AutomaticAllocationScope trait");
  return verifyAllocLikeOp(op);
}

LogicalResult impl::verifyRealloc(Operation *op) {
  auto sourceType = cast<MemRefType>(op->getOperand(0).getType());
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  if (!hasIdentityLayout(sourceType))
    return op->emitError("unsupported layout for source memref type ") << sourceType;
  if (!hasIdentityLayout(resultType))
    return op->emitError("unsupported layout for result memref type ") << resultType;
  if (sourceType.getMemorySpace() != resultType.getMemorySpace())
    return op->emitError("different memory spaces specified for source memref type ")
           << sourceType << " and result memref type " << resultType;
  if (sourceType.getElementType() != resultType.getElementType())
    return op->emitError("different element types specified for source memref type ")
           << sourceType << " and result memref type " << resultType;
  bool hasDynamicResultSize = !ods::getODSOperands(op, 1).empty();
  if (resultType.getNumDynamicDims() && !hasDynamicResultSize)
    return op->emitError("missing dimension operand for result type ") << resultType;
  if (!resultType.getNumDynamicDims() && hasDynamicResultSize)
    return op->emitError("unnecessary dimension operand for result type ") << resultType;
  return success();
}

//===----------------------------------------------------------------------===//
// alloca_scope
//===----------------------------------------------------------------------===//

/// Appends the implicit `memref.alloca_scope.return` when the body has no
/// terminator (SingleBlockImplicitTerminator::ensureTerminator).
static void ensureAllocaScopeTerminator(Region &region, Location loc) {
  if (region.empty())
    region.emplaceBlock();
  Block &block = region.back();
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    return;
  OperationState state(loc, AllocaScopeReturnOp::getOperationName());
  block.push_back(Operation::create(state));
}

ParseResult impl::parseAllocaScope(OpAsmParser &parser, OperationState &result) {
  Region *body = result.addRegion();
  if (parser.parseOptionalArrowTypeList(result.types))
    return failure();
  if (parser.parseRegion(*body, {}))
    return failure();
  ensureAllocaScopeTerminator(*body, result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

void impl::printAllocaScope(Operation *op, OpAsmPrinter &p) {
  bool printBlockTerminators = false;
  p << ' ';
  if (op->getNumResults()) {
    p << " -> (";
    bool first = true;
    for (Value v : op->getResults()) {
      if (!first)
        p << ", ";
      first = false;
      p.printType(v.getType());
    }
    p << ")";
    printBlockTerminators = true;
  }
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false, printBlockTerminators);
  p.printOptionalAttrDict(op->getAttrs());
}

/// RegionBranchOpInterface's verifier (verifyRegionBranchOpInterface): the
/// body is entered without operands and every ReturnLike terminator forwards
/// its operands to the op's results.

//===----------------------------------------------------------------------===//
// assume_alignment / distinct_objects
//===----------------------------------------------------------------------===//

LogicalResult impl::verifyAssumeAlignment(Operation *op) {
  auto alignment = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(op, "alignment"));
  uint32_t value = alignment ? uint32_t(alignment.getValue().getZExtValue()) : 0;
  if (value == 0 || (value & (value - 1)) != 0)
    return op->emitOpError("alignment must be power of 2");
  return success();
}

LogicalResult impl::verifyDistinctObjects(Operation *op) {
  bool same = op->getNumOperands() == op->getNumResults();
  for (unsigned i = 0; same && i < op->getNumOperands(); ++i)
    same = op->getOperand(i).getType() == op->getResult(i).getType();
  if (!same)
    return op->emitOpError("operand types and result types must match");
  if (op->getNumOperands() == 0)
    return op->emitOpError("expected at least one operand");
  return success();
}

LogicalResult impl::inferDistinctObjects(const ods::InferContext &ctx, SmallVectorImpl<Type> &inferred) {
  for (Value v : ctx.operands)
    inferred.push_back(v.getType());
  return success();
}

//===----------------------------------------------------------------------===//
// dma_start / dma_wait
//===----------------------------------------------------------------------===//

namespace {
/// The operand layout of a dma_start (source, destination and tag memrefs
/// each followed by their indices). Positions assume the verifier's checks.
struct DmaStartLayout {
  Operation *op;
  unsigned rankAt(unsigned pos) const {
    if (pos >= op->getNumOperands())
      return 0;
    auto t = dyn_cast<MemRefType>(op->getOperand(pos).getType());
    return t ? unsigned(t.getRank()) : 0;
  }
  unsigned srcRank() const { return rankAt(0); }
  unsigned dstPos() const { return 1 + srcRank(); }
  unsigned dstRank() const { return rankAt(dstPos()); }
  unsigned numElementsPos() const { return dstPos() + 1 + dstRank(); }
  unsigned tagPos() const { return numElementsPos() + 1; }
  unsigned tagRank() const { return rankAt(tagPos()); }
  unsigned tagIndicesPos() const { return tagPos() + 1; }
  bool isStrided() const { return op->getNumOperands() != tagIndicesPos() + tagRank(); }
  ValueRange slice(unsigned start, unsigned n) const {
    unsigned total = op->getNumOperands();
    if (start > total)
      start = total;
    if (start + n > total)
      n = total - start;
    return op->getOperands().slice(start, n);
  }
};
} // namespace

static bool allIndex(ValueRange values) {
  for (Value v : values)
    if (!isa<IndexType>(v.getType()))
      return false;
  return true;
}

LogicalResult impl::verifyDmaStart(Operation *op) {
  unsigned numOperands = op->getNumOperands();
  DmaStartLayout l{op};
  if (numOperands < 4)
    return op->emitOpError("expected at least 4 operands");
  if (!isa<MemRefType>(op->getOperand(0).getType()))
    return op->emitOpError("expected source to be of memref type");
  if (numOperands < l.srcRank() + 4)
    return op->emitOpError() << "expected at least " << l.srcRank() + 4 << " operands";
  if (!allIndex(l.slice(1, l.srcRank())))
    return op->emitOpError("expected source indices to be of index type");
  if (!isa<MemRefType>(op->getOperand(l.dstPos()).getType()))
    return op->emitOpError("expected destination to be of memref type");
  unsigned numExpectedOperands = l.srcRank() + l.dstRank() + 4;
  if (numOperands < numExpectedOperands)
    return op->emitOpError() << "expected at least " << numExpectedOperands << " operands";
  if (!allIndex(l.slice(l.dstPos() + 1, l.dstRank())))
    return op->emitOpError("expected destination indices to be of index type");
  if (!isa<IndexType>(op->getOperand(l.numElementsPos()).getType()))
    return op->emitOpError("expected num elements to be of index type");
  if (!isa<MemRefType>(op->getOperand(l.tagPos()).getType()))
    return op->emitOpError("expected tag to be of memref type");
  numExpectedOperands += l.tagRank();
  if (numOperands < numExpectedOperands)
    return op->emitOpError() << "expected at least " << numExpectedOperands << " operands";
  if (!allIndex(l.slice(l.tagIndicesPos(), l.tagRank())))
    return op->emitOpError("expected tag indices to be of index type");
  if (numOperands != numExpectedOperands && numOperands != numExpectedOperands + 2)
    return op->emitOpError("incorrect number of operands");
  if (l.isStrided()) {
    if (!isa<IndexType>(op->getOperand(numOperands - 2).getType()) ||
        !isa<IndexType>(op->getOperand(numOperands - 1).getType()))
      return op->emitOpError("expected stride and num elements per stride to be of type index");
  }
  return success();
}

ParseResult impl::parseDmaStart(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand srcMemRefInfo, dstMemRefInfo, numElementsInfo, tagMemrefInfo;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> srcIndexInfos, dstIndexInfos, tagIndexInfos, strideInfo;
  SmallVector<Type, 4> types;
  Type indexType = parser.getBuilder().getIndexType();
  if (parser.parseOperand(srcMemRefInfo) || parser.parseOperandList(srcIndexInfos, AsmParser::Delimiter::Square) ||
      parser.parseComma() || parser.parseOperand(dstMemRefInfo) ||
      parser.parseOperandList(dstIndexInfos, AsmParser::Delimiter::Square) || parser.parseComma() ||
      parser.parseOperand(numElementsInfo) || parser.parseComma() || parser.parseOperand(tagMemrefInfo) ||
      parser.parseOperandList(tagIndexInfos, AsmParser::Delimiter::Square))
    return failure();
  if (parser.parseTrailingOperandList(strideInfo))
    return failure();
  bool isStrided = strideInfo.size() == 2;
  if (!strideInfo.empty() && !isStrided)
    return parser.emitError(parser.getNameLoc(), "expected two stride related operands");
  if (parser.parseColonTypeList(types))
    return failure();
  if (types.size() != 3)
    return parser.emitError(parser.getNameLoc(), "fewer/more types expected");
  if (parser.resolveOperand(srcMemRefInfo, types[0], result.operands) ||
      parser.resolveOperands(srcIndexInfos, indexType, result.operands) ||
      parser.resolveOperand(dstMemRefInfo, types[1], result.operands) ||
      parser.resolveOperands(dstIndexInfos, indexType, result.operands) ||
      parser.resolveOperand(numElementsInfo, indexType, result.operands) ||
      parser.resolveOperand(tagMemrefInfo, types[2], result.operands) ||
      parser.resolveOperands(tagIndexInfos, indexType, result.operands))
    return failure();
  if (isStrided && parser.resolveOperands(strideInfo, indexType, result.operands))
    return failure();
  return success();
}

void impl::printDmaStart(Operation *op, OpAsmPrinter &p) {
  DmaStartLayout l{op};
  p << " ";
  p.printOperand(op->getOperand(0));
  p << '[';
  p.printOperands(l.slice(1, l.srcRank()));
  p << "], ";
  p.printOperand(op->getOperand(l.dstPos()));
  p << '[';
  p.printOperands(l.slice(l.dstPos() + 1, l.dstRank()));
  p << "], ";
  p.printOperand(op->getOperand(l.numElementsPos()));
  p << ", ";
  p.printOperand(op->getOperand(l.tagPos()));
  p << '[';
  p.printOperands(l.slice(l.tagIndicesPos(), l.tagRank()));
  p << ']';
  if (l.isStrided()) {
    p << ", ";
    p.printOperand(op->getOperand(op->getNumOperands() - 2));
    p << ", ";
    p.printOperand(op->getOperand(op->getNumOperands() - 1));
  }
  p.printOptionalAttrDict(op->getAttrs());
  p << " : ";
  p.printType(op->getOperand(0).getType());
  p << ", ";
  p.printType(op->getOperand(l.dstPos()).getType());
  p << ", ";
  p.printType(op->getOperand(l.tagPos()).getType());
}

LogicalResult impl::verifyDmaWait(Operation *op) {
  size_t numTagIndices = ods::getODSOperands(op, 1).size();
  int64_t tagMemRefRank = cast<MemRefType>(op->getOperand(0).getType()).getRank();
  if (int64_t(numTagIndices) != tagMemRefRank)
    return op->emitOpError() << "expected tagIndices to have the same number of elements as the tagMemRef rank, "
                                "expected "
                             << (long long)tagMemRefRank << ", but got " << (unsigned long long)numTagIndices;
  return success();
}

//===----------------------------------------------------------------------===//
// extract_strided_metadata
//===----------------------------------------------------------------------===//

LogicalResult impl::inferExtractStridedMetadata(const ods::InferContext &ctx, SmallVectorImpl<Type> &inferred) {
  if (ctx.operands.empty())
    return failure();
  auto sourceType = dyn_cast<MemRefType>(ctx.operands[0].getType());
  if (!sourceType)
    return failure();
  unsigned sourceRank = sourceType.getRank();
  Type indexType = IndexType::get(ctx.context);
  inferred.push_back(MemRefType::get({}, sourceType.getElementType(), Attribute(), sourceType.getMemorySpace()));
  inferred.push_back(indexType);
  for (unsigned i = 0; i < sourceRank * 2; ++i)
    inferred.push_back(indexType);
  return success();
}

//===----------------------------------------------------------------------===//
// generic_atomic_rmw / atomic_yield / atomic_rmw
//===----------------------------------------------------------------------===//

LogicalResult impl::verifyGenericAtomicRMW(Operation *op) {
  Region &body = op->getRegion(0);
  if (body.empty() || body.front().getNumArguments() != 1)
    return op->emitOpError("expected single number of entry block arguments");
  if (op->getResult(0).getType() != body.front().getArgument(0).getType())
    return op->emitOpError("expected block argument of the same type result type");
  bool hasSideEffects = false;
  (void)detail::walkOperations(op, WalkOrder::PostOrder, [&](Operation *nested) {
    if (nested == op || isMemoryEffectFree(nested))
      return WalkResult::advance();
    (void)nested->emitError("body of 'memref.generic_atomic_rmw' should contain only operations with no side effects");
    hasSideEffects = true;
    return WalkResult::interrupt();
  });
  return failure(hasSideEffects);
}

ParseResult impl::parseGenericAtomicRMW(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand memref;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> ivs;
  Type memrefType;
  Type indexType = parser.getBuilder().getIndexType();
  SMLoc typeLoc;
  if (parser.parseOperand(memref) || parser.parseOperandList(ivs, AsmParser::Delimiter::Square) ||
      parser.parseColon())
    return failure();
  typeLoc = parser.getCurrentLocation();
  if (parser.parseType(memrefType) || parser.resolveOperand(memref, memrefType, result.operands) ||
      parser.resolveOperands(ivs, indexType, result.operands))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, {}) || parser.parseOptionalAttrDict(result.attributes))
    return failure();
  auto memrefTy = dyn_cast<MemRefType>(memrefType);
  if (!memrefTy)
    return parser.emitError(typeLoc, "invalid kind of type specified");
  result.types.push_back(memrefTy.getElementType());
  return success();
}

void impl::printGenericAtomicRMW(Operation *op, OpAsmPrinter &p) {
  p << ' ';
  p.printOperand(op->getOperand(0));
  p << "[";
  p.printOperands(op->getOperands().drop_front());
  p << "] : ";
  p.printType(op->getOperand(0).getType());
  p << ' ';
  p.printRegion(op->getRegion(0));
  p.printOptionalAttrDict(op->getAttrs());
}

LogicalResult impl::verifyAtomicYield(Operation *op) {
  Operation *parent = op->getParentOp();
  if (!parent || parent->getNumResults() == 0)
    return success();
  Type parentType = parent->getResult(0).getType();
  Type resultType = op->getOperand(0).getType();
  if (parentType != resultType)
    return op->emitOpError() << "types mismatch between yield op: " << resultType
                             << " and its parent: " << parentType;
  return success();
}

LogicalResult impl::verifyAtomicRMW(Operation *op, const ods::EnumInfo &kinds) {
  auto memrefType = cast<MemRefType>(op->getOperand(1).getType());
  if (memrefType.getRank() != int64_t(op->getNumOperands()) - 2)
    return op->emitOpError("expects the number of subscripts to be equal to memref rank");
  auto kindAttr = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(op, "kind"));
  if (!kindAttr)
    return success();
  std::string kind = kinds.stringify(kindAttr.getValue().getZExtValue());
  Type valueType = op->getOperand(0).getType();
  if (kind == "addf" || kind == "maximumf" || kind == "minimumf" || kind == "mulf") {
    if (!isa<FloatType>(valueType))
      return op->emitOpError() << "with kind '" << kind << "' expects a floating-point type";
  } else if (kind == "addi" || kind == "maxs" || kind == "maxu" || kind == "mins" || kind == "minu" ||
             kind == "muli" || kind == "ori" || kind == "xori" || kind == "andi") {
    if (!isa<IntegerType>(valueType))
      return op->emitOpError() << "with kind '" << kind << "' expects an integer type";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// global / get_global
//===----------------------------------------------------------------------===//

/// custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value)
static ParseResult parseGlobalTypeAndInitialValue(OpAsmParser &parser, OperationState &,
                                                  ArrayRef<ods::CustomParseArg *> args) {
  Attribute &typeAttr = *args[0]->attr;
  Attribute &initialValue = *args[1]->attr;
  Type type;
  if (parser.parseType(type))
    return failure();
  auto memrefType = dyn_cast<MemRefType>(type);
  if (!memrefType || !memrefType.hasStaticShape())
    return parser.emitError(parser.getNameLoc()) << "type should be static shaped memref, but got " << type;
  typeAttr = TypeAttr::get(type);
  if (parser.parseOptionalEqual())
    return success();
  if (succeeded(parser.parseOptionalKeyword("uninitialized"))) {
    initialValue = lamina::UnitAttr::get(parser.getContext());
    return success();
  }
  Type tensorType = RankedTensorType::get(memrefType.getShape(), memrefType.getElementType());
  if (parser.parseAttribute(initialValue, tensorType))
    return failure();
  if (!isa<ElementsAttr>(initialValue))
    return parser.emitError(parser.getNameLoc()) << "initial value should be a unit or elements attribute";
  return success();
}

static void printGlobalTypeAndInitialValue(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (auto typeAttr = dyn_cast_or_null<TypeAttr>(args[0].attr))
    p.printType(typeAttr.getValue());
  else
    p.printAttribute(args[0].attr);
  Attribute initialValue = args[1].attr;
  if (!initialValue)
    return;
  p << " = ";
  if (isa<lamina::UnitAttr>(initialValue))
    p << "uninitialized";
  else
    p.printAttributeWithoutType(initialValue);
}

ods::CustomDirective impl::globalTypeAndInitialValueDirective() {
  return {"GlobalMemrefOpTypeAndInitialValue", parseGlobalTypeAndInitialValue, printGlobalTypeAndInitialValue,
          nullptr};
}

LogicalResult impl::verifyGlobal(Operation *op) {
  auto typeAttr = dyn_cast_or_null<TypeAttr>(ods::getInherentAttr(op, "type"));
  Type type = typeAttr ? typeAttr.getValue() : Type();
  auto memrefType = dyn_cast_or_null<MemRefType>(type);
  if (!memrefType || !memrefType.hasStaticShape())
    return op->emitOpError("type should be static shaped memref, but got ") << type;
  Attribute initValue = ods::getInherentAttr(op, "initial_value");
  if (!initValue)
    return success();
  if (!isa<lamina::UnitAttr>(initValue) && !isa<ElementsAttr>(initValue))
    return op->emitOpError("initial value should be a unit or elements attribute, but got ") << initValue;
  if (auto elementsAttr = dyn_cast<ElementsAttr>(initValue)) {
    Type initElementType = elementsAttr.getElementType();
    Type memrefElementType = memrefType.getElementType();
    if (initElementType != memrefElementType)
      return op->emitOpError("initial value element expected to be of type ")
             << memrefElementType << ", but was of type " << initElementType;
    ArrayRef<int64_t> initShape = elementsAttr.getShapedType().getShape();
    ArrayRef<int64_t> memrefShape = memrefType.getShape();
    if (initShape != memrefShape) {
      InFlightDiagnostic diag = op->emitOpError("initial value shape expected to be ");
      appendInts(diag, memrefShape);
      diag << " but was ";
      appendInts(diag, initShape);
      return diag;
    }
  }
  return success();
}

LogicalResult impl::verifyGetGlobalSymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  auto nameAttr = dyn_cast_or_null<FlatSymbolRefAttr>(ods::getInherentAttr(op, "name"));
  if (!nameAttr)
    return success();
  Operation *global =
      symbolTable.lookupNearestSymbolFrom(op, StringAttr::get(op->getContext(), nameAttr.getValue()));
  if (!global || !isa<GlobalOp>(global))
    return op->emitOpError("'") << nameAttr.getValue() << "' does not reference a valid global memref";
  auto globalType = dyn_cast_or_null<TypeAttr>(ods::getInherentAttr(global, "type"));
  Type resultType = op->getResult(0).getType();
  if (!globalType || globalType.getValue() != resultType)
    return op->emitOpError("result type ") << resultType << " does not match type "
                                           << (globalType ? globalType.getValue() : Type())
                                           << " of the global memref @" << nameAttr.getValue();
  return success();
}

//===----------------------------------------------------------------------===//
// load / store / prefetch
//===----------------------------------------------------------------------===//

LogicalResult impl::verifyLoad(Operation *op) {
  auto memrefType = cast<MemRefType>(op->getOperand(0).getType());
  size_t numIndices = ods::getODSOperands(op, 1).size();
  if (int64_t(numIndices) != memrefType.getRank())
    return op->emitOpError("incorrect number of indices for load, expected ")
           << (long long)memrefType.getRank() << " but got " << (unsigned long long)numIndices;
  return success();
}

LogicalResult impl::verifyStore(Operation *op) {
  auto memrefType = cast<MemRefType>(op->getOperand(1).getType());
  if (int64_t(op->getNumOperands()) != 2 + memrefType.getRank())
    return op->emitOpError("store index operand count not equal to memref rank");
  return success();
}

ParseResult impl::parsePrefetch(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand memrefInfo;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> indexInfo;
  IntegerAttr localityHint;
  MemRefType type;
  std::string_view readOrWrite, cacheType;
  Builder builder = parser.getBuilder();
  Type indexTy = builder.getIndexType();
  Type i32Type = builder.getIntegerType(32);
  if (parser.parseOperand(memrefInfo) || parser.parseOperandList(indexInfo, AsmParser::Delimiter::Square) ||
      parser.parseComma() || parser.parseKeyword(&readOrWrite) || parser.parseComma() ||
      parser.parseKeyword("locality") || parser.parseLess() ||
      parser.parseAttribute(localityHint, i32Type, "localityHint", result.attributes) || parser.parseGreater() ||
      parser.parseComma() || parser.parseKeyword(&cacheType) || parseColonMemRefType(parser, type) ||
      parser.resolveOperand(memrefInfo, type, result.operands) ||
      parser.resolveOperands(indexInfo, indexTy, result.operands))
    return failure();
  if (readOrWrite != "read" && readOrWrite != "write")
    return parser.emitError(parser.getNameLoc(), "rw specifier has to be 'read' or 'write'");
  result.addAttribute("isWrite", builder.getBoolAttr(readOrWrite == "write"));
  if (cacheType != "data" && cacheType != "instr")
    return parser.emitError(parser.getNameLoc(), "cache type has to be 'data' or 'instr'");
  result.addAttribute("isDataCache", builder.getBoolAttr(cacheType == "data"));
  return success();
}

void impl::printPrefetch(Operation *op, OpAsmPrinter &p) {
  auto boolValue = [&](std::string_view name) {
    auto attr = dyn_cast_or_null<BoolAttr>(ods::getInherentAttr(op, name));
    return attr && attr.getValue();
  };
  p << " ";
  p.printOperand(op->getOperand(0));
  p << '[';
  p.printOperands(op->getOperands().drop_front());
  p << ']' << ", " << (boolValue("isWrite") ? "write" : "read");
  p << ", locality<";
  auto locality = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(op, "localityHint"));
  p << (long long)(locality ? locality.getInt() : 0);
  p << ">, " << (boolValue("isDataCache") ? "data" : "instr");
  static const std::string_view elided[] = {"localityHint", "isWrite", "isDataCache"};
  p.printOptionalAttrDict(op->getAttrs(), elided);
  p << " : ";
  p.printType(op->getOperand(0).getType());
}

LogicalResult impl::verifyPrefetch(Operation *op) {
  auto memrefType = cast<MemRefType>(op->getOperand(0).getType());
  if (int64_t(op->getNumOperands()) != 1 + memrefType.getRank())
    return op->emitOpError("too few indices");
  return success();
}
