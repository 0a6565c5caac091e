//===- MemRefOps.cpp - Verifiers, custom syntax and names of memref ops ---===//
//
// Follows mlir/lib/Dialect/MemRef/IR/MemRefOps.cpp (LLVM 22): every
// hasVerifier / hasCustomAssemblyFormat / getAsmResultNames of
// MemRefOps.td, with mlir-opt's messages. The definitions themselves are in
// MemRefDialect.cpp.
//
#include "MemRefOpsImpl.h"

#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/Dialect/MemRef/ViewLikeInterface.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"

#include <map>
#include <string>

using namespace lamina;
using namespace lamina::memref;
using namespace lamina::memref::impl;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool impl::hasIdentityLayout(MemRefType type) { return type.getLayoutMap().isIdentity(); }

/// The integer elements of `attr` (a DenseI64ArrayAttr) or an empty list.
static ArrayRef<int64_t> denseI64(Attribute attr) {
  if (auto a = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    return a.asArrayRef();
  return {};
}

static ArrayRef<int64_t> staticList(Operation *op, std::string_view name) {
  return denseI64(ods::getInherentAttr(op, name));
}

/// The reassociation groups of expand_shape / collapse_shape.
static std::vector<std::vector<int64_t>> getReassociationIndices(Operation *op) {
  std::vector<std::vector<int64_t>> result;
  auto groups = dyn_cast_or_null<ArrayAttr>(ods::getInherentAttr(op, "reassociation"));
  if (!groups)
    return result;
  for (Attribute group : groups.getValue()) {
    std::vector<int64_t> indices;
    if (auto list = dyn_cast<ArrayAttr>(group))
      for (Attribute index : list.getValue())
        if (auto i = dyn_cast<IntegerAttr>(index))
          indices.push_back(i.getInt());
    result.push_back(std::move(indices));
  }
  return result;
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

/// Whether `op` declares no memory effect: Pure ops, and memref.dim (the one
/// NoMemoryEffect op that is not Pure; the engine gives NoMemoryEffect no
/// queryable tag).
static bool hasNoMemoryEffect(Operation *op) { return op->hasTrait<OpTrait::Pure>() || isa<DimOp>(op); }

/// MLIR's isMemoryEffectFree, without recursion. Ops whose effects are
/// declared as "none" are free; ops with recursive effects are free when
/// everything they contain is.
static bool isMemoryEffectFree(Operation *root) {
  std::vector<Operation *> worklist{root};
  while (!worklist.empty()) {
    Operation *op = worklist.back();
    worklist.pop_back();
    bool recursive = op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
    if (!hasNoMemoryEffect(op) && !recursive)
      return false;
    if (!recursive)
      continue;
    for (unsigned r = 0; r < op->getNumRegions(); ++r)
      for (Block &block : op->getRegion(r))
        for (Operation &nested : block)
          worklist.push_back(&nested);
  }
  return true;
}

/// mlir::verifyDynamicDimensionCount (Dialect/Utils/VerificationUtils).
static LogicalResult verifyDynamicDimensionCount(Operation *op, ShapedType type, ValueRange dynamicSizes) {
  int64_t expectedCount = type.getNumDynamicDims();
  int64_t actualCount = int64_t(dynamicSizes.size());
  if (expectedCount != actualCount)
    return op->emitOpError("incorrect number of dynamic sizes, has ")
           << (long long)actualCount << ", expected " << (long long)expectedCount;
  return success();
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

ParseResult impl::parseDistinctObjects(OpAsmParser &parser, OperationState &result) {
  std::vector<OpAsmParser::UnresolvedOperand> operands;
  std::vector<Type> types;
  SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands) || parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseTypeList(types) || parser.resolveOperands(operands, ArrayRef<Type>(types), operandsLoc, result.operands))
    return failure();
  result.addTypes(ArrayRef<Type>(types));
  return success();
}

void impl::printDistinctObjects(Operation *op, OpAsmPrinter &p) {
  p << ' ';
  p.printOperands(op->getOperands());
  p.printOptionalAttrDict(op->getAttrs());
  p << " : ";
  p << op->getOperandTypes();
}

//===----------------------------------------------------------------------===//
// cast / memory_space_cast (CastOpInterface)
//===----------------------------------------------------------------------===//

/// CastOpInterface's verifier: "operand type X and result type Y are cast
/// incompatible".
static LogicalResult verifyCastInterfaceOp(Operation *op, bool (*areCastCompatible)(Type, Type)) {
  if (op->getNumResults() == 0)
    return op->emitOpError() << "expected at least one result for cast operation";
  bool compatible = op->getNumOperands() == 1 && op->getNumResults() == 1 &&
                    areCastCompatible(op->getOperand(0).getType(), op->getResult(0).getType());
  if (compatible)
    return success();
  InFlightDiagnostic diag = op->emitOpError("operand type");
  if (op->getNumOperands() == 0)
    diag << "s []";
  else if (op->getNumOperands() == 1)
    diag << " " << op->getOperand(0).getType();
  else {
    diag << "s ";
    diag.appendRange(op->getOperandTypes());
  }
  diag << " and result type" << (op->getNumResults() == 1 ? " " : "s ");
  diag.appendRange(op->getResultTypes());
  return diag << " are cast incompatible";
}

static bool castCompatible(Type a, Type b) {
  auto aT = dyn_cast<MemRefType>(a);
  auto bT = dyn_cast<MemRefType>(b);
  auto uaT = dyn_cast<UnrankedMemRefType>(a);
  auto ubT = dyn_cast<UnrankedMemRefType>(b);
  if (aT && bT) {
    if (aT.getElementType() != bT.getElementType())
      return false;
    if (aT.getLayout() != bT.getLayout()) {
      int64_t aOffset, bOffset;
      std::vector<int64_t> aStrides, bStrides;
      if (failed(getStridesAndOffset(aT, aStrides, aOffset)) || failed(getStridesAndOffset(bT, bStrides, bOffset)) ||
          aStrides.size() != bStrides.size())
        return false;
      auto checkCompatible = [](int64_t x, int64_t y) {
        return ShapedType::isDynamic(x) || ShapedType::isDynamic(y) || x == y;
      };
      if (!checkCompatible(aOffset, bOffset))
        return false;
      for (size_t i = 0; i < aStrides.size(); ++i)
        if (!checkCompatible(aStrides[i], bStrides[i]))
          return false;
    }
    if (aT.getMemorySpace() != bT.getMemorySpace())
      return false;
    if (aT.getRank() != bT.getRank())
      return false;
    for (unsigned i = 0, e = aT.getRank(); i != e; ++i) {
      int64_t aDim = aT.getDimSize(i), bDim = bT.getDimSize(i);
      if (ShapedType::isStatic(aDim) && ShapedType::isStatic(bDim) && aDim != bDim)
        return false;
    }
    return true;
  }
  if (!aT && !uaT)
    return false;
  if (!bT && !ubT)
    return false;
  // Unranked to unranked casting is unsupported.
  if (uaT && ubT)
    return false;
  Type aEltType = aT ? aT.getElementType() : uaT.getElementType();
  Type bEltType = bT ? bT.getElementType() : ubT.getElementType();
  if (aEltType != bEltType)
    return false;
  Attribute aMemSpace = aT ? aT.getMemorySpace() : uaT.getMemorySpace();
  Attribute bMemSpace = bT ? bT.getMemorySpace() : ubT.getMemorySpace();
  return aMemSpace == bMemSpace;
}

static bool memorySpaceCastCompatible(Type a, Type b) {
  auto aT = dyn_cast<MemRefType>(a);
  auto bT = dyn_cast<MemRefType>(b);
  auto uaT = dyn_cast<UnrankedMemRefType>(a);
  auto ubT = dyn_cast<UnrankedMemRefType>(b);
  if (aT && bT)
    return aT.getElementType() == bT.getElementType() && aT.getLayout() == bT.getLayout() &&
           aT.getShape() == bT.getShape();
  if (uaT && ubT)
    return uaT.getElementType() == ubT.getElementType();
  return false;
}

LogicalResult impl::verifyCastInterface(Operation *op) { return verifyCastInterfaceOp(op, castCompatible); }
LogicalResult impl::verifyMemorySpaceCastInterface(Operation *op) {
  return verifyCastInterfaceOp(op, memorySpaceCastCompatible);
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
  std::vector<OpAsmParser::UnresolvedOperand> srcIndexInfos, dstIndexInfos, tagIndexInfos, strideInfo;
  std::vector<Type> types;
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

LogicalResult impl::inferExtractStridedMetadata(const ods::InferContext &ctx, std::vector<Type> &inferred) {
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
  std::vector<OpAsmParser::UnresolvedOperand> ivs;
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
  std::vector<OpAsmParser::UnresolvedOperand> indexInfo;
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
      parser.parseComma() || parser.parseKeyword(&cacheType) || parser.parseColonType(type) ||
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
  p.printOptionalAttrDict(op->getAttrs(), {"localityHint", "isWrite", "isDataCache"});
  p << " : ";
  p.printType(op->getOperand(0).getType());
}

LogicalResult impl::verifyPrefetch(Operation *op) {
  auto memrefType = cast<MemRefType>(op->getOperand(0).getType());
  if (int64_t(op->getNumOperands()) != 1 + memrefType.getRank())
    return op->emitOpError("too few indices");
  return success();
}

//===----------------------------------------------------------------------===//
// reinterpret_cast / reshape / view
//===----------------------------------------------------------------------===//

static std::string staticValueString(int64_t v) {
  return ShapedType::isDynamic(v) ? std::string("dynamic") : std::to_string(v);
}

LogicalResult impl::verifyReinterpretCast(Operation *op) {
  auto srcType = cast<BaseMemRefType>(op->getOperand(0).getType());
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  if (srcType.getMemorySpace() != resultType.getMemorySpace())
    return op->emitError("different memory spaces specified for source type ")
           << srcType << " and result memref type " << resultType;
  if (srcType.getElementType() != resultType.getElementType())
    return op->emitError("different element types specified for source type ")
           << srcType << " and result memref type " << resultType;

  ArrayRef<int64_t> staticSizes = staticList(op, "static_sizes");
  ArrayRef<int64_t> resultShape = resultType.getShape();
  for (size_t idx = 0; idx < resultShape.size() && idx < staticSizes.size(); ++idx) {
    int64_t resultSize = resultShape[idx], expectedSize = staticSizes[idx];
    if (ShapedType::isStatic(resultSize) && resultSize != expectedSize)
      return op->emitError("expected result type with size = ")
             << staticValueString(expectedSize) << " instead of " << (long long)resultSize << " in dim = "
             << (unsigned long long)idx;
  }

  int64_t resultOffset;
  std::vector<int64_t> resultStrides;
  if (failed(getStridesAndOffset(resultType, resultStrides, resultOffset)))
    return op->emitError("expected result type to have strided layout but found ") << resultType;

  ArrayRef<int64_t> staticOffsets = staticList(op, "static_offsets");
  int64_t expectedOffset = staticOffsets.empty() ? 0 : staticOffsets.front();
  if (ShapedType::isStatic(resultOffset) && resultOffset != expectedOffset)
    return op->emitError("expected result type with offset = ")
           << staticValueString(expectedOffset) << " instead of " << (long long)resultOffset;

  ArrayRef<int64_t> staticStrides = staticList(op, "static_strides");
  for (size_t idx = 0; idx < resultStrides.size() && idx < staticStrides.size(); ++idx) {
    int64_t resultStride = resultStrides[idx], expectedStride = staticStrides[idx];
    if (ShapedType::isStatic(resultStride) && resultStride != expectedStride)
      return op->emitError("expected result type with stride = ")
             << staticValueString(expectedStride) << " instead of " << (long long)resultStride << " in dim = "
             << (unsigned long long)idx;
  }
  return success();
}

LogicalResult impl::verifyReinterpretCastOffsets(Operation *op) {
  OffsetSizeAndStride p;
  p.offsets = ods::getODSOperands(op, 1);
  p.sizes = ods::getODSOperands(op, 2);
  p.strides = ods::getODSOperands(op, 3);
  p.staticOffsets = staticList(op, "static_offsets");
  p.staticSizes = staticList(op, "static_sizes");
  p.staticStrides = staticList(op, "static_strides");
  unsigned resultRank = 0;
  if (auto t = dyn_cast<MemRefType>(op->getResult(0).getType()))
    resultRank = t.getRank();
  p.maxRanks = {1, resultRank, resultRank};
  return verifyOffsetSizeAndStrideOp(op, p);
}

LogicalResult impl::verifyReshape(Operation *op) {
  Type operandType = op->getOperand(0).getType();
  Type resultType = op->getResult(0).getType();
  if (cast<ShapedType>(operandType).getElementType() != cast<ShapedType>(resultType).getElementType())
    return op->emitOpError("element types of source and destination memref types should be the same");
  if (auto operandMemRefType = dyn_cast<MemRefType>(operandType))
    if (!hasIdentityLayout(operandMemRefType))
      return op->emitOpError("source memref type should have identity affine map");
  int64_t shapeSize = cast<MemRefType>(op->getOperand(1).getType()).getDimSize(0);
  if (auto resultMemRefType = dyn_cast<MemRefType>(resultType)) {
    if (!hasIdentityLayout(resultMemRefType))
      return op->emitOpError("result memref type should have identity affine map");
    if (ShapedType::isDynamic(shapeSize))
      return op->emitOpError("cannot use shape operand with dynamic length to reshape to statically-ranked memref "
                             "type");
    if (shapeSize != resultMemRefType.getRank())
      return op->emitOpError("length of shape operand differs from the result's memref rank");
  }
  return success();
}

LogicalResult impl::verifyView(Operation *op) {
  auto baseType = cast<MemRefType>(op->getOperand(0).getType());
  auto viewType = cast<MemRefType>(op->getResult(0).getType());
  if (!hasIdentityLayout(baseType))
    return op->emitError("unsupported map for base memref type ") << baseType;
  if (!hasIdentityLayout(viewType))
    return op->emitError("unsupported map for result memref type ") << viewType;
  if (baseType.getMemorySpace() != viewType.getMemorySpace())
    return op->emitError("different memory spaces specified for base memref type ")
           << baseType << " and view memref type " << viewType;
  return verifyDynamicDimensionCount(op, viewType, ods::getODSOperands(op, 2));
}

//===----------------------------------------------------------------------===//
// expand_shape / collapse_shape
//===----------------------------------------------------------------------===//

using Reassociation = std::vector<std::vector<int64_t>>;

/// The shape checks shared by expand_shape and collapse_shape.
static LogicalResult verifyCollapsedShape(Operation *op, ArrayRef<int64_t> collapsedShape,
                                          ArrayRef<int64_t> expandedShape, const Reassociation &reassociation,
                                          bool allowMultipleDynamicDimsPerGroup) {
  if (collapsedShape.size() != reassociation.size())
    return op->emitOpError("invalid number of reassociation groups: found ")
           << (unsigned long long)reassociation.size() << ", expected "
           << (unsigned long long)collapsedShape.size();
  int64_t nextDim = 0;
  for (size_t collapsedDim = 0; collapsedDim < reassociation.size(); ++collapsedDim) {
    const std::vector<int64_t> &group = reassociation[collapsedDim];
    bool foundDynamic = false;
    for (int64_t expandedDim : group) {
      if (expandedDim != nextDim++)
        return op->emitOpError("reassociation indices must be contiguous");
      if (expandedDim >= int64_t(expandedShape.size()))
        return op->emitOpError("reassociation index ") << (long long)expandedDim << " is out of bounds";
      if (ShapedType::isDynamic(expandedShape[expandedDim])) {
        if (foundDynamic && !allowMultipleDynamicDimsPerGroup)
          return op->emitOpError("at most one dimension in a reassociation group may be dynamic");
        foundDynamic = true;
      }
    }
    if (ShapedType::isDynamic(collapsedShape[collapsedDim]) != foundDynamic)
      return op->emitOpError("collapsed dim (")
             << (unsigned long long)collapsedDim << ") must be dynamic if and only if reassociation group is dynamic";
    if (!foundDynamic) {
      int64_t groupSize = 1;
      for (int64_t expandedDim : group)
        groupSize = int64_t(uint64_t(groupSize) * uint64_t(expandedShape[expandedDim]));
      if (groupSize != collapsedShape[collapsedDim])
        return op->emitOpError("collapsed dim size (")
               << (long long)collapsedShape[collapsedDim] << ") must equal reassociation group size ("
               << (long long)groupSize << ")";
    }
  }
  if (collapsedShape.empty()) {
    for (int64_t d : expandedShape)
      if (d != 1)
        return op->emitOpError("rank 0 memrefs can only be extended/collapsed with/from ones");
  } else if (nextDim != int64_t(expandedShape.size())) {
    return op->emitOpError("expanded rank (")
           << (unsigned long long)expandedShape.size() << ") inconsistent with number of reassociation indices ("
           << (long long)nextDim << ")";
  }
  return success();
}

/// The layout of `srcType` expanded to `resultShape`.
static FailureOr<StridedLayoutAttr> computeExpandedLayoutMap(MemRefType srcType, ArrayRef<int64_t> resultShape,
                                                             const Reassociation &reassociation) {
  int64_t srcOffset;
  std::vector<int64_t> srcStrides;
  if (failed(getStridesAndOffset(srcType, srcStrides, srcOffset)))
    return failure();
  if (srcStrides.size() != reassociation.size())
    return failure();
  std::vector<int64_t> reverseResultStrides;
  reverseResultStrides.reserve(resultShape.size());
  int64_t shapeIndex = int64_t(resultShape.size()) - 1;
  for (size_t g = reassociation.size(); g-- > 0;) {
    int64_t currentStrideToExpand = srcStrides[g];
    for (size_t idx = 0, e = reassociation[g].size(); idx < e; ++idx) {
      reverseResultStrides.push_back(currentStrideToExpand);
      int64_t size = shapeIndex >= 0 ? resultShape[shapeIndex] : 1;
      --shapeIndex;
      currentStrideToExpand =
          (SaturatedInteger::wrap(currentStrideToExpand) * SaturatedInteger::wrap(size)).asInteger();
    }
  }
  std::vector<int64_t> resultStrides(reverseResultStrides.rbegin(), reverseResultStrides.rend());
  resultStrides.resize(resultShape.size(), 1);
  return StridedLayoutAttr::get(srcType.getContext(), srcOffset, resultStrides);
}

static FailureOr<MemRefType> computeExpandedType(MemRefType srcType, ArrayRef<int64_t> resultShape,
                                                 const Reassociation &reassociation) {
  if (hasIdentityLayout(srcType))
    return MemRefType::get(resultShape, srcType.getElementType(), Attribute(), srcType.getMemorySpace());
  FailureOr<StridedLayoutAttr> layout = computeExpandedLayoutMap(srcType, resultShape, reassociation);
  if (failed(layout))
    return failure();
  return MemRefType::get(resultShape, srcType.getElementType(), *layout, srcType.getMemorySpace());
}

LogicalResult impl::verifyExpandShape(Operation *op) {
  auto srcType = cast<MemRefType>(op->getOperand(0).getType());
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  if (srcType.getRank() > resultType.getRank()) {
    long long r0 = srcType.getRank(), r1 = resultType.getRank();
    return op->emitOpError("has source rank ")
           << r0 << " and result rank " << r1 << ". This is not an expansion (" << r0 << " > " << r1 << ").";
  }
  Reassociation reassociation = getReassociationIndices(op);
  if (failed(verifyCollapsedShape(op, srcType.getShape(), resultType.getShape(), reassociation,
                                  /*allowMultipleDynamicDimsPerGroup=*/true)))
    return failure();
  FailureOr<MemRefType> expectedResultType = computeExpandedType(srcType, resultType.getShape(), reassociation);
  if (failed(expectedResultType))
    return op->emitOpError("invalid source layout map");
  if (*expectedResultType != resultType)
    return op->emitOpError("expected expanded type to be ") << *expectedResultType << " but found " << resultType;

  ArrayRef<int64_t> staticOutputShape = staticList(op, "static_output_shape");
  if (int64_t(staticOutputShape.size()) != resultType.getRank())
    return op->emitOpError("expected number of static shape bounds to be equal to the output rank (")
           << (long long)resultType.getRank() << ") but found " << (unsigned long long)staticOutputShape.size()
           << " inputs instead";
  size_t numDynamic = 0;
  for (int64_t v : staticOutputShape)
    if (ShapedType::isDynamic(v))
      ++numDynamic;
  size_t numOutputShape = ods::getODSOperands(op, 1).size();
  if (numOutputShape != numDynamic)
    return op->emitOpError("mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape "
                           "has ")
           << (unsigned long long)numDynamic << " dynamic dims while output_shape has "
           << (unsigned long long)numOutputShape << " values";
  ArrayRef<int64_t> resShape = resultType.getShape();
  for (size_t pos = 0; pos < resShape.size(); ++pos)
    if (ShapedType::isStatic(resShape[pos]) && resShape[pos] != staticOutputShape[pos])
      return op->emitOpError("invalid output shape provided at pos ") << (unsigned long long)pos;
  return success();
}

/// The layout of `srcType` collapsed along `reassociation`; fails when a
/// group is provably not contiguous.
static FailureOr<StridedLayoutAttr> computeCollapsedLayoutMap(MemRefType srcType,
                                                              const Reassociation &reassociation,
                                                              bool strict = false) {
  int64_t srcOffset;
  std::vector<int64_t> srcStrides;
  ArrayRef<int64_t> srcShape = srcType.getShape();
  if (failed(getStridesAndOffset(srcType, srcStrides, srcOffset)))
    return failure();
  std::vector<int64_t> resultStrides;
  resultStrides.reserve(reassociation.size());
  for (const std::vector<int64_t> &reassoc : reassociation) {
    if (reassoc.empty())
      return failure();
    size_t size = reassoc.size();
    while (srcShape[reassoc[size - 1]] == 1 && size > 1)
      --size;
    int64_t last = reassoc[size - 1];
    if (ShapedType::isStatic(srcShape[last]) || size == 1)
      resultStrides.push_back(srcStrides[last]);
    else
      resultStrides.push_back(ShapedType::kDynamic);
  }
  size_t resultStrideIndex = resultStrides.size();
  for (size_t g = reassociation.size(); g-- > 0;) {
    const std::vector<int64_t> &reassoc = reassociation[g];
    SaturatedInteger stride = SaturatedInteger::wrap(resultStrides[--resultStrideIndex]);
    for (size_t k = reassoc.size(); k-- > 1;) {
      int64_t idx = reassoc[k];
      stride = stride * SaturatedInteger::wrap(srcShape[idx]);
      if (srcShape[idx - 1] == 1)
        continue;
      SaturatedInteger srcStride = SaturatedInteger::wrap(srcStrides[idx - 1]);
      if (strict && (stride.saturated || srcStride.saturated))
        return failure();
      if (!stride.saturated && !srcStride.saturated && stride != srcStride)
        return failure();
    }
  }
  return StridedLayoutAttr::get(srcType.getContext(), srcOffset, resultStrides);
}

LogicalResult impl::verifyCollapseShape(Operation *op) {
  auto srcType = cast<MemRefType>(op->getOperand(0).getType());
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  if (srcType.getRank() < resultType.getRank()) {
    long long r0 = srcType.getRank(), r1 = resultType.getRank();
    return op->emitOpError("has source rank ")
           << r0 << " and result rank " << r1 << ". This is not a collapse (" << r0 << " < " << r1 << ").";
  }
  Reassociation reassociation = getReassociationIndices(op);
  if (failed(verifyCollapsedShape(op, resultType.getShape(), srcType.getShape(), reassociation,
                                  /*allowMultipleDynamicDimsPerGroup=*/true)))
    return failure();
  MemRefType expectedResultType;
  if (hasIdentityLayout(srcType)) {
    expectedResultType =
        MemRefType::get(resultType.getShape(), srcType.getElementType(), Attribute(), srcType.getMemorySpace());
  } else {
    FailureOr<StridedLayoutAttr> layout = computeCollapsedLayoutMap(srcType, reassociation);
    if (failed(layout))
      return op->emitOpError("invalid source layout map or collapsing non-contiguous dims");
    expectedResultType =
        MemRefType::get(resultType.getShape(), srcType.getElementType(), *layout, srcType.getMemorySpace());
  }
  if (expectedResultType != resultType)
    return op->emitOpError("expected collapsed type to be ") << expectedResultType << " but found " << resultType;
  return success();
}

//===----------------------------------------------------------------------===//
// subview
//===----------------------------------------------------------------------===//

LogicalResult impl::verifySubViewOffsets(Operation *op) {
  OffsetSizeAndStride p;
  p.offsets = ods::getODSOperands(op, 1);
  p.sizes = ods::getODSOperands(op, 2);
  p.strides = ods::getODSOperands(op, 3);
  p.staticOffsets = staticList(op, "static_offsets");
  p.staticSizes = staticList(op, "static_sizes");
  p.staticStrides = staticList(op, "static_strides");
  unsigned rank = 0;
  if (auto t = dyn_cast<MemRefType>(op->getOperand(0).getType()))
    rank = t.getRank();
  p.maxRanks = {rank, rank, rank};
  return verifyOffsetSizeAndStrideOp(op, p);
}

/// SubViewOp::inferResultType: the subview type without rank reduction.
static MemRefType inferSubViewResultType(MemRefType sourceType, ArrayRef<int64_t> staticOffsets,
                                         ArrayRef<int64_t> staticSizes, ArrayRef<int64_t> staticStrides) {
  std::vector<int64_t> sourceStrides;
  int64_t sourceOffset = 0;
  (void)getStridesAndOffset(sourceType, sourceStrides, sourceOffset);
  int64_t targetOffset = sourceOffset;
  for (size_t i = 0; i < staticOffsets.size() && i < sourceStrides.size(); ++i)
    targetOffset = (SaturatedInteger::wrap(targetOffset) +
                    SaturatedInteger::wrap(staticOffsets[i]) * SaturatedInteger::wrap(sourceStrides[i]))
                       .asInteger();
  std::vector<int64_t> targetStrides;
  for (size_t i = 0; i < sourceStrides.size() && i < staticStrides.size(); ++i)
    targetStrides.push_back(
        (SaturatedInteger::wrap(sourceStrides[i]) * SaturatedInteger::wrap(staticStrides[i])).asInteger());
  return MemRefType::get(staticSizes, sourceType.getElementType(),
                         StridedLayoutAttr::get(sourceType.getContext(), targetOffset, targetStrides),
                         sourceType.getMemorySpace());
}

/// Counts of each stride value (the dynamic stride included).
static std::map<int64_t, unsigned> getNumOccurences(const std::vector<int64_t> &vals) {
  std::map<int64_t, unsigned> numOccurences;
  for (int64_t v : vals)
    numOccurences[v]++;
  return numOccurences;
}

/// The dimensions of `originalType` dropped in `reducedType`, telling unit
/// dimensions apart by their strides.
static FailureOr<std::vector<bool>> computeMemRefRankReductionMask(MemRefType originalType, MemRefType reducedType,
                                                                   ArrayRef<int64_t> staticSizes) {
  std::vector<bool> unusedDims(originalType.getRank(), false);
  if (originalType.getRank() == reducedType.getRank())
    return unusedDims;
  size_t count = 0;
  for (size_t i = 0; i < staticSizes.size() && i < unusedDims.size(); ++i)
    if (ShapedType::isStatic(staticSizes[i]) && staticSizes[i] == 1) {
      unusedDims[i] = true;
      ++count;
    }
  if (int64_t(count) + reducedType.getRank() == originalType.getRank())
    return unusedDims;

  std::vector<int64_t> originalStrides, candidateStrides;
  int64_t originalOffset, candidateOffset;
  if (failed(getStridesAndOffset(originalType, originalStrides, originalOffset)) ||
      failed(getStridesAndOffset(reducedType, candidateStrides, candidateOffset)))
    return failure();
  std::map<int64_t, unsigned> currUnaccountedStrides = getNumOccurences(originalStrides);
  std::map<int64_t, unsigned> candidateStridesNumOccurences = getNumOccurences(candidateStrides);
  for (size_t dim = 0; dim < unusedDims.size(); ++dim) {
    if (!unusedDims[dim])
      continue;
    int64_t originalStride = originalStrides[dim];
    unsigned unaccounted = currUnaccountedStrides[originalStride];
    unsigned candidate = candidateStridesNumOccurences[originalStride];
    if (unaccounted > candidate) {
      currUnaccountedStrides[originalStride]--;
      continue;
    }
    if (unaccounted == candidate) {
      unusedDims[dim] = false;
      --count;
      continue;
    }
    return failure();
  }
  if (int64_t(count) + reducedType.getRank() != originalType.getRank())
    return failure();
  return unusedDims;
}

static bool haveCompatibleOffsets(MemRefType t1, MemRefType t2) {
  int64_t t1Offset, t2Offset;
  std::vector<int64_t> t1Strides, t2Strides;
  return succeeded(getStridesAndOffset(t1, t1Strides, t1Offset)) &&
         succeeded(getStridesAndOffset(t2, t2Strides, t2Offset)) && t1Offset == t2Offset;
}

static bool haveCompatibleStrides(MemRefType t1, MemRefType t2, const std::vector<bool> &droppedDims) {
  int64_t t1Offset, t2Offset;
  std::vector<int64_t> t1Strides, t2Strides;
  if (failed(getStridesAndOffset(t1, t1Strides, t1Offset)) || failed(getStridesAndOffset(t2, t2Strides, t2Offset)))
    return false;
  for (size_t i = 0, j = 0; i < t1Strides.size(); ++i) {
    if (i < droppedDims.size() && droppedDims[i])
      continue;
    if (j >= t2Strides.size() || t1Strides[i] != t2Strides[j])
      return false;
    ++j;
  }
  return true;
}

static LogicalResult produceSubViewErrorMsg(SliceVerificationResult result, Operation *op, MemRefType expectedType) {
  Type type = op->getResult(0).getType();
  switch (result) {
  case SliceVerificationResult::Success:
    return success();
  case SliceVerificationResult::RankTooLarge:
    return op->emitError("expected result rank to be smaller or equal to the source rank, but got ") << type;
  case SliceVerificationResult::SizeMismatch:
    return op->emitError("expected result type to be ")
           << expectedType << " or a rank-reduced version. (mismatch of result sizes), but got " << type;
  case SliceVerificationResult::ElemTypeMismatch:
    return op->emitError("expected result element type to be ")
           << expectedType.getElementType() << ", but got " << type;
  case SliceVerificationResult::MemSpaceMismatch:
    return op->emitError("expected result and source memory spaces to match, but got ") << type;
  case SliceVerificationResult::LayoutMismatch:
    return op->emitError("expected result type to be ")
           << expectedType << " or a rank-reduced version. (mismatch of result layout), but got " << type;
  }
  return failure();
}

/// verifyInBoundsSlice: the static parts of the slice stay inside `shape`.
static LogicalResult verifyInBoundsSlice(Operation *op, ArrayRef<int64_t> shape, ArrayRef<int64_t> staticOffsets,
                                         ArrayRef<int64_t> staticSizes, ArrayRef<int64_t> staticStrides) {
  for (size_t i = 0; i < shape.size(); ++i) {
    if (ShapedType::isDynamic(shape[i]) || i >= staticOffsets.size() || ShapedType::isDynamic(staticOffsets[i]))
      continue;
    if (staticOffsets[i] >= shape[i])
      return op->emitError(std::string("offset ") + std::to_string(i) + " is out-of-bounds: " +
                           std::to_string(staticOffsets[i]) + " >= " + std::to_string(shape[i]));
    if (i >= staticSizes.size() || i >= staticStrides.size() || ShapedType::isDynamic(staticSizes[i]) ||
        ShapedType::isDynamic(staticStrides[i]))
      continue;
    int64_t lastPos = int64_t(uint64_t(staticOffsets[i]) + uint64_t(staticSizes[i] - 1) * uint64_t(staticStrides[i]));
    if (lastPos >= shape[i])
      return op->emitError(std::string("slice along dimension ") + std::to_string(i) +
                           " runs out-of-bounds: " + std::to_string(lastPos) + " >= " + std::to_string(shape[i]));
  }
  return success();
}

LogicalResult impl::verifySubView(Operation *op) {
  auto baseType = cast<MemRefType>(op->getOperand(0).getType());
  auto subViewType = cast<MemRefType>(op->getResult(0).getType());
  ArrayRef<int64_t> staticOffsets = staticList(op, "static_offsets");
  ArrayRef<int64_t> staticSizes = staticList(op, "static_sizes");
  ArrayRef<int64_t> staticStrides = staticList(op, "static_strides");

  if (baseType.getMemorySpace() != subViewType.getMemorySpace())
    return op->emitError("different memory spaces specified for base memref type ")
           << baseType << " and subview memref type " << subViewType;
  if (!isStrided(baseType))
    return op->emitError("base type ") << baseType << " is not strided";

  MemRefType expectedType = inferSubViewResultType(baseType, staticOffsets, staticSizes, staticStrides);
  SliceVerificationResult shapedTypeVerification = isRankReducedType(expectedType, subViewType);
  if (shapedTypeVerification != SliceVerificationResult::Success)
    return produceSubViewErrorMsg(shapedTypeVerification, op, expectedType);
  if (expectedType.getMemorySpace() != subViewType.getMemorySpace())
    return produceSubViewErrorMsg(SliceVerificationResult::MemSpaceMismatch, op, expectedType);
  if (!haveCompatibleOffsets(expectedType, subViewType))
    return produceSubViewErrorMsg(SliceVerificationResult::LayoutMismatch, op, expectedType);
  FailureOr<std::vector<bool>> unusedDims = computeMemRefRankReductionMask(expectedType, subViewType, staticSizes);
  if (failed(unusedDims))
    return produceSubViewErrorMsg(SliceVerificationResult::LayoutMismatch, op, expectedType);
  if (!haveCompatibleStrides(expectedType, subViewType, *unusedDims))
    return produceSubViewErrorMsg(SliceVerificationResult::LayoutMismatch, op, expectedType);
  return verifyInBoundsSlice(op, baseType.getShape(), staticOffsets, staticSizes, staticStrides);
}

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

ParseResult impl::parseTranspose(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand in;
  AffineMap permutation;
  MemRefType srcType, dstType;
  if (parser.parseOperand(in) || parser.parseAffineMap(permutation) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(srcType) ||
      parser.resolveOperand(in, srcType, result.operands) || parser.parseKeyword("to") ||
      parser.parseType(dstType))
    return failure();
  result.addType(dstType);
  result.addAttribute("permutation", AffineMapAttr::get(permutation));
  return success();
}

void impl::printTranspose(Operation *op, OpAsmPrinter &p) {
  p << " ";
  p.printOperand(op->getOperand(0));
  p << " ";
  if (auto perm = dyn_cast_or_null<AffineMapAttr>(ods::getInherentAttr(op, "permutation")))
    p << perm.getValue();
  p.printOptionalAttrDict(op->getAttrs(), {"permutation"});
  p << " : ";
  p.printType(op->getOperand(0).getType());
  p << " to ";
  p.printType(op->getResult(0).getType());
}

/// The strided type of `memRefType` with sizes and strides permuted.
static MemRefType inferTransposeResultType(MemRefType memRefType, AffineMap permutationMap) {
  ArrayRef<int64_t> originalSizes = memRefType.getShape();
  std::vector<int64_t> originalStrides;
  int64_t offset = 0;
  (void)getStridesAndOffset(memRefType, originalStrides, offset);
  std::vector<int64_t> sizes, strides;
  for (AffineExpr e : permutationMap.getResults()) {
    unsigned pos = cast<AffineDimExpr>(e).getPosition();
    sizes.push_back(pos < originalSizes.size() ? originalSizes[pos] : 0);
    strides.push_back(pos < originalStrides.size() ? originalStrides[pos] : 0);
  }
  return MemRefType::get(sizes, memRefType.getElementType(),
                         StridedLayoutAttr::get(memRefType.getContext(), offset, strides),
                         memRefType.getMemorySpace());
}

LogicalResult impl::verifyTranspose(Operation *op) {
  auto permAttr = cast<AffineMapAttr>(ods::getInherentAttr(op, "permutation"));
  AffineMap permutation = permAttr.getValue();
  if (!permutation.isPermutation())
    return op->emitOpError("expected a permutation map");
  auto srcType = cast<MemRefType>(op->getOperand(0).getType());
  if (int64_t(permutation.getNumDims()) != srcType.getRank())
    return op->emitOpError("expected a permutation map of same rank as the input");
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  MemRefType canonicalResultType = canonicalizeStridedLayout(inferTransposeResultType(srcType, permutation));
  if (canonicalizeStridedLayout(resultType) != canonicalResultType)
    return op->emitOpError("result type ") << resultType
                                           << " is not equivalent to the canonical transposed input type "
                                           << canonicalResultType;
  return success();
}
