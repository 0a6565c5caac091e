//===- MemRefOps.cpp - The memref ops: definitions, verifiers, syntax -----===//
//
// Definitions follow mlir/Dialect/MemRef/IR/MemRefOps.td as of LLVM 22
// (assume_alignment returns its memref, load/store carry an `alignment`,
// distinct_objects exists, reinterpret_cast returns a strided memref).
// Traits are listed in the .td order, which is the verification order.
//
// The hooks follow mlir/lib/Dialect/MemRef/IR/MemRefOps.cpp (LLVM 22): the
// hasVerifier / hasCustomAssemblyFormat / getAsmResultNames hooks of the
// allocation, access, global, DMA and atomic ops, with mlir-opt's messages.
// The hooks of the view ops are in MemRefViewOps.cpp.
//
#include "MemRefOpsImpl.h"

#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/OpTraitVerifiers.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/CastInterfaces.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Interfaces/ViewLikeInterface.h"
#include "lamina/ODS/InterfaceTraits.h"

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

ParseResult impl::parseAllocaScope(OpAsmParser &parser, OperationState &result) {
  Region *body = result.addRegion();
  if (parser.parseOptionalArrowTypeList(result.types))
    return failure();
  if (parser.parseRegion(*body, {}))
    return failure();
  OpTrait::impl::ensureImplicitTerminator(*body, result.location, AllocaScopeReturnOp::getOperationName());
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

//===----------------------------------------------------------------------===//
// Constraints (CommonTypeConstraints.td / CommonAttrConstraints.td)
//===----------------------------------------------------------------------===//

namespace {

/// `ConfinedType<MemRefOf<[AnyType]>, [pred], summary>`.
ods::TypeConstraint confinedMemRef(ods::TypeConstraint base, std::string summary, std::function<bool(Type)> extra) {
  std::function<bool(Type)> basePred = base.pred;
  base.summary = std::move(summary);
  base.pred = [basePred, extra](Type t) { return (!basePred || basePred(t)) && extra(t); };
  return base;
}

/// `MemRefRankOf<elements, [rank]>`: "<rank>D memref of ... values".
ods::TypeConstraint memRefRankOf(std::initializer_list<ods::TypeConstraint> elements, int64_t rank) {
  ods::TypeConstraint base = ods::MemRefOf(elements);
  std::string summary = std::to_string(rank) + "D " + base.summary;
  return confinedMemRef(base, std::move(summary), [rank](Type t) { return cast<MemRefType>(t).getRank() == rank; });
}

/// `AnyStridedMemRef`.
ods::TypeConstraint anyStridedMemRef() {
  return confinedMemRef(ods::AnyMemRef(), "strided memref of any type values",
                        [](Type t) { return isStrided(cast<MemRefType>(t)); });
}

/// `AnyStridedMemRefOfRank<0>` (an AllOfType: no C++ class).
ods::TypeConstraint anyStridedMemRefOfRank0() {
  ods::TypeConstraint c = confinedMemRef(ods::AnyMemRef(), "strided memref of any type values of rank 0", [](Type t) {
    auto m = cast<MemRefType>(t);
    return isStrided(m) && m.getRank() == 0;
  });
  c.cppClass = nullptr;
  return c;
}

/// `AnyStaticShapeMemRef`.
ods::TypeConstraint anyStaticShapeMemRef() {
  return confinedMemRef(ods::AnyMemRef(), "statically shaped memref of any type values",
                        [](Type t) { return cast<MemRefType>(t).hasStaticShape(); });
}

/// `AnyNon0RankedOrUnrankedMemRef`.
ods::TypeConstraint anyNon0RankedOrUnrankedMemRef() {
  return ods::TypeOf("unranked.memref of any type values or non-0-ranked.memref of any type values", [](Type t) {
    if (isa<UnrankedMemRefType>(t))
      return true;
    auto m = dyn_cast<MemRefType>(t);
    return m && m.getRank() >= 1;
  });
}

/// `AnyTypeOf<[AnySignlessInteger, AnyFloat]>`.
ods::TypeConstraint signlessIntegerOrFloat() {
  return ods::AnyTypeOf({ods::AnySignlessInteger(), ods::AnyFloat()});
}

/// `ConfinedAttr<attr, constraints>`: the summary is the attribute's
/// followed by each constraint's.
ods::AttrConstraint confinedAttr(ods::AttrConstraint base, std::string_view suffix,
                                 std::function<bool(Attribute)> extra) {
  std::function<bool(Attribute)> basePred = base.pred;
  base.summary += suffix;
  base.pred = [basePred, extra](Attribute a) { return (!basePred || basePred(a)) && extra(a); };
  return base;
}

int64_t intValue(Attribute a) { return cast<IntegerAttr>(a).getValue().getSExtValue(); }

/// `ConfinedAttr<I64Attr, [AllAttrOf<[IntPositive, IntPowerOf2]>]>`.
ods::AttrConstraint positivePowerOf2I64Attr() {
  return confinedAttr(ods::IntAttr(64), " whose value is positive and whose value is a power of two > 0",
                      [](Attribute a) {
                        const APInt &v = cast<IntegerAttr>(a).getValue();
                        return v.isStrictlyPositive() && v.isPowerOf2();
                      });
}

/// `MemRefTypeAttr`.
ods::AttrConstraint memRefTypeAttr() {
  ods::AttrConstraint c = ods::TypeAttr();
  c.summary = "memref type attribute";
  c.pred = [](Attribute a) {
    auto t = dyn_cast<lamina::TypeAttr>(a);
    return t && isa<MemRefType>(t.getValue());
  };
  return c;
}

/// `IndexListArrayAttr`: an array of I64ArrayAttr.
ods::AttrConstraint indexListArrayAttr() {
  ods::AttrConstraint c = ods::ArrayAttr();
  ods::AttrConstraint elem = ods::IntArrayAttr(64);
  std::function<bool(Attribute)> elemPred = elem.pred;
  c.summary = "Array of 64-bit integer array attributes";
  c.pred = [elemPred](Attribute a) {
    auto array = dyn_cast<lamina::ArrayAttr>(a);
    if (!array)
      return false;
    for (Attribute e : array.getValue())
      if (!e || !elemPred(e))
        return false;
    return true;
  };
  return c;
}

/// arith's AtomicRMWKind (an I64EnumAttr).
const ods::EnumInfo &atomicRMWKind() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::intEnum("AtomicRMWKind", 64,
                                             {{"addf", 0},
                                              {"addi", 1},
                                              {"andi", 2},
                                              {"assign", 3},
                                              {"maximumf", 4},
                                              {"maxnumf", 5},
                                              {"maxs", 6},
                                              {"maxu", 7},
                                              {"minimumf", 8},
                                              {"minnumf", 9},
                                              {"mins", 10},
                                              {"minu", 11},
                                              {"mulf", 12},
                                              {"muli", 13},
                                              {"ori", 14},
                                              {"xori", 15}});
    e.cppType = "::mlir::arith::AtomicRMWKind";
    return e;
  }();
  return info;
}

//===----------------------------------------------------------------------===//
// Trait helpers
//===----------------------------------------------------------------------===//

Type elementTypeOfMemRef(Type t) {
  auto m = dyn_cast<MemRefType>(t);
  return m ? m.getElementType() : Type();
}

void elementTypeOf(Type in, SmallVectorImpl<Type> &out) { out.push_back(elementTypeOfMemRef(in)); }

} // namespace

//===----------------------------------------------------------------------===//
// Interface implementations
//===----------------------------------------------------------------------===//

namespace {
ods::Trait resultNames(void (*fn)(Operation *, OpAsmSetValueNameFn)) {
  return ods::Implements<OpAsmOpInterface>({.getAsmResultNames = fn});
}

Value firstOperand(Operation *op) { return op->getOperand(0); }
/// ViewLikeOpInterface with the first operand as the source.
ods::Trait viewLike() { return ods::Implements<ViewLikeOpInterface>({firstOperand}); }

/// DimOp::getSpeculatability: a constant index within the rank of a ranked
/// source.
Speculation::Speculatability dimSpeculatability(Operation *op) {
  Operation *def = op->getOperand(1).getDefiningOp();
  auto index = def && def->hasTrait<OpTrait::ConstantLike>() ? dyn_cast_or_null<IntegerAttr>(def->getAttr("value"))
                                                             : IntegerAttr();
  if (!index)
    return Speculation::NotSpeculatable;
  auto ranked = dyn_cast<MemRefType>(op->getOperand(0).getType());
  if (!ranked || ranked.getRank() <= index.getInt())
    return Speculation::NotSpeculatable;
  return Speculation::Speculatable;
}

/// AllocaScopeOp::getSuccessorRegions: into the body, then back out.
void allocaScopeSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent())
    regions.push_back(RegionSuccessor::parent(op));
  else
    regions.push_back(RegionSuccessor(&op->getRegion(0)));
}
} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

static LogicalResult verifyAtomicRMWOp(Operation *op) { return verifyAtomicRMW(op, atomicRMWKind()); }

void impl::registerMemRefOps(MemRefDialect &dialect) {
  const ods::TypeConstraint index = ods::Index();
  const ods::TypeConstraint indices = ods::Index();

  ods::OpDef(AssumeAlignmentOp::getOperationName(), TypeID::get<AssumeAlignmentOp>())
      .operand("memref", ods::AnyMemRef())
      .attr("alignment", confinedAttr(ods::IntAttr(32), " whose value is positive",
                                      [](Attribute a) { return cast<IntegerAttr>(a).getValue().isStrictlyPositive(); }))
      .result("result", ods::AnyMemRef())
      .traits({resultNames(assumeAlignmentNames), ods::Pure(), viewLike(), ods::SameOperandsAndResultType()})
      .format("$memref `,` $alignment attr-dict `:` type($memref)")
      .verifier(verifyAssumeAlignment)
      .registerIn(dialect);

  // (The verifier reports a result type mismatch before the interface,
  // which verifies after the regions.)
  ods::OpDef(DistinctObjectsOp::getOperationName(), TypeID::get<DistinctObjectsOp>())
      .variadicOperand("operands", ods::AnyMemRef())
      .variadicResult("results", ods::AnyMemRef())
      .traits({ods::Pure(), ods::Implements<InferTypeOpInterface>({inferDistinctObjects})})
      .format("$operands attr-dict `:` type($operands)")
      .verifier(verifyDistinctObjects)
      .registerIn(dialect);

  ods::OpDef(AllocOp::getOperationName(), TypeID::get<AllocOp>())
      .variadicOperand("dynamicSizes", indices)
      .variadicOperand("symbolOperands", indices)
      .optionalAttr("alignment", positivePowerOf2I64Attr())
      .result("memref", ods::AnyMemRef(), {ods::MemAlloc(nullptr, 0, /*effectOnFullRegion=*/true)})
      .traits({ods::AttrSizedOperandSegments(), resultNames(allocNames)})
      .format("`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)")
      .verifier(verifyAlloc)
      .registerIn(dialect);

  ods::OpDef(ReallocOp::getOperationName(), TypeID::get<ReallocOp>())
      .operand("source", memRefRankOf({ods::AnyType()}, 1), {ods::MemFree(nullptr, 0, /*effectOnFullRegion=*/true)})
      .optionalOperand("dynamicResultSize", index)
      .optionalAttr("alignment", positivePowerOf2I64Attr())
      .result("", memRefRankOf({ods::AnyType()}, 1), {ods::MemAlloc(nullptr, 1, /*effectOnFullRegion=*/true)})
      .format("$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)")
      .verifier(verifyRealloc)
      .registerIn(dialect);

  ods::OpDef(AllocaOp::getOperationName(), TypeID::get<AllocaOp>())
      .variadicOperand("dynamicSizes", indices)
      .variadicOperand("symbolOperands", indices)
      .optionalAttr("alignment", positivePowerOf2I64Attr())
      .result("memref", ods::AnyMemRef(),
              {ods::MemAlloc(SideEffects::AutomaticAllocationScopeResource::get(), 0, /*effectOnFullRegion=*/true)})
      .traits({ods::AttrSizedOperandSegments(), resultNames(allocaNames)})
      .format("`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)")
      .verifier(verifyAlloca)
      .registerIn(dialect);

  ods::OpDef(AllocaScopeOp::getOperationName(), TypeID::get<AllocaScopeOp>())
      .variadicResult("results")
      .region("bodyRegion", ods::SizedRegion(1))
      .traits({ods::AutomaticAllocationScope(),
               ods::Implements<RegionBranchOpInterface>({.getSuccessorRegions = allocaScopeSuccessors}),
               ods::SingleBlockImplicitTerminator(AllocaScopeReturnOp::getOperationName()),
               ods::RecursiveMemoryEffects(), ods::NoRegionArguments()})
      .customAssembly(parseAllocaScope, printAllocaScope)
      .registerIn(dialect);

  ods::OpDef(AllocaScopeReturnOp::getOperationName(), TypeID::get<AllocaScopeReturnOp>())
      .variadicOperand("results")
      .traits({ods::HasParent({AllocaScopeOp::getOperationName()}), ods::Pure(), ods::ReturnLike(),
               ods::IsTerminator()})
      .format("attr-dict ($results^ `:` type($results))?")
      .registerIn(dialect);

  ods::OpDef(CastOp::getOperationName(), TypeID::get<CastOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef())
      .result("dest", ods::AnyRankedOrUnrankedMemRef())
      .traits({ods::Implements<CastOpInterface>({castOpCompatible}), resultNames(castNames),
               ods::MemRefsNormalizable(), ods::Pure(), ods::SameOperandsAndResultShape(), viewLike()})
      .format("$source attr-dict `:` type($source) `to` type($dest)")
      .registerIn(dialect);

  ods::OpDef(CopyOp::getOperationName(), TypeID::get<CopyOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef(), {ods::MemRead(nullptr, 0, /*effectOnFullRegion=*/true)})
      .operand("target", ods::AnyRankedOrUnrankedMemRef(), {ods::MemWrite(nullptr, 0, /*effectOnFullRegion=*/true)})
      .traits({ods::SameOperandsElementType(), ods::SameOperandsShape()})
      .format("$source `,` $target attr-dict `:` type($source) `to` type($target)")
      .registerIn(dialect);

  ods::OpDef(DeallocOp::getOperationName(), TypeID::get<DeallocOp>())
      .operand("memref", ods::AnyRankedOrUnrankedMemRef(), {ods::MemFree(nullptr, 0, /*effectOnFullRegion=*/true)})
      .traits({ods::MemRefsNormalizable()})
      .format("$memref attr-dict `:` type($memref)")
      .registerIn(dialect);

  ods::OpDef(DimOp::getOperationName(), TypeID::get<DimOp>())
      .operand("source", anyNon0RankedOrUnrankedMemRef())
      .operand("index", index)
      .result("result", index)
      .traits({resultNames(dimNames), ods::MemRefsNormalizable(),
               ods::Implements<ConditionallySpeculatable>({dimSpeculatability}), ods::NoMemoryEffect(),
               ods::ShapedDimOpInterface()})
      .format("attr-dict $source `,` $index `:` type($source)")
      .registerIn(dialect);

  ods::OpDef(DmaStartOp::getOperationName(), TypeID::get<DmaStartOp>())
      .variadicOperand("operands")
      .customAssembly(parseDmaStart, printDmaStart)
      .verifier(verifyDmaStart)
      .registerIn(dialect);

  ods::OpDef(DmaWaitOp::getOperationName(), TypeID::get<DmaWaitOp>())
      .operand("tagMemRef", ods::AnyMemRef())
      .variadicOperand("tagIndices", indices)
      .operand("numElements", index)
      .format("$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)")
      .verifier(verifyDmaWait)
      .registerIn(dialect);

  ods::OpDef(ExtractAlignedPointerAsIndexOp::getOperationName(), TypeID::get<ExtractAlignedPointerAsIndexOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef())
      .result("aligned_pointer", index)
      .traits({resultNames(extractAlignedPointerNames), ods::Pure(), ods::SameVariadicResultSize()})
      .format("$source `:` type($source) `->` type(results) attr-dict")
      .registerIn(dialect);

  ods::OpDef(ExtractStridedMetadataOp::getOperationName(), TypeID::get<ExtractStridedMetadataOp>())
      .operand("source", anyStridedMemRef())
      .result("base_buffer", anyStridedMemRefOfRank0())
      .result("offset", index)
      .variadicResult("sizes", indices)
      .variadicResult("strides", indices)
      .traits({resultNames(extractStridedMetadataNames), ods::Pure(), ods::SameVariadicResultSize(), viewLike(),
               ods::Implements<InferTypeOpInterface>({inferExtractStridedMetadata})})
      .format("$source `:` type($source) `->` type(results) attr-dict")
      .registerIn(dialect);

  ods::OpDef(GenericAtomicRMWOp::getOperationName(), TypeID::get<GenericAtomicRMWOp>())
      .operand("memref", ods::MemRefOf({ods::AnySignlessInteger(), ods::AnyFloat()}), {ods::MemRead(), ods::MemWrite()})
      .variadicOperand("indices", indices)
      .result("result", signlessIntegerOrFloat())
      .region("atomic_body")
      .traits({ods::SingleBlockImplicitTerminator(AtomicYieldOp::getOperationName()),
               ods::TypesMatchWith("result type matches element type of memref", "memref", "result", elementTypeOf)})
      .customAssembly(parseGenericAtomicRMW, printGenericAtomicRMW)
      .verifier(verifyGenericAtomicRMW)
      .registerIn(dialect);

  ods::OpDef(AtomicYieldOp::getOperationName(), TypeID::get<AtomicYieldOp>())
      .operand("result")
      .traits({ods::HasParent({GenericAtomicRMWOp::getOperationName()}), ods::Pure(), ods::IsTerminator(),
               ods::ReturnLike()})
      .format("$result attr-dict `:` type($result)")
      .verifier(verifyAtomicYield)
      .registerIn(dialect);

  ods::OpDef(GetGlobalOp::getOperationName(), TypeID::get<GetGlobalOp>())
      .attr("name", ods::FlatSymbolRefAttr())
      .result("result", anyStaticShapeMemRef())
      .traits({ods::Pure(), ods::Implements<SymbolUserOpInterface>({verifyGetGlobalSymbolUses})})
      .format("$name `:` type($result) attr-dict")
      .registerIn(dialect);

  ods::OpDef(GlobalOp::getOperationName(), TypeID::get<GlobalOp>())
      .attr("sym_name", ods::SymbolNameAttr())
      .optionalAttr("sym_visibility", ods::StrAttr())
      .attr("type", memRefTypeAttr())
      .optionalAttr("initial_value", ods::AnyAttr())
      .optionalAttr("constant", ods::UnitAttr())
      .optionalAttr("alignment", ods::IntAttr(64))
      .traits({ods::Symbol()})
      .directive(globalTypeAndInitialValueDirective())
      .format("($sym_visibility^)? (`constant` $constant^)? $sym_name `:` "
              "custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict")
      .verifier(verifyGlobal)
      .registerIn(dialect);

  ods::OpDef(LoadOp::getOperationName(), TypeID::get<LoadOp>())
      .operand("memref", ods::AnyMemRef(), {ods::MemRead()})
      .variadicOperand("indices", indices)
      .defaultOptionalAttr("nontemporal", ods::BoolAttr(), "false")
      .optionalAttr("alignment", positivePowerOf2I64Attr())
      .result("result")
      .traits({ods::TypesMatchWith("result type matches element type of 'memref'", "memref", "result", elementTypeOf),
               ods::MemRefsNormalizable()})
      .format("$memref `[` $indices `]` attr-dict `:` type($memref)")
      .verifier(verifyLoad)
      .registerIn(dialect);

  ods::OpDef(MemorySpaceCastOp::getOperationName(), TypeID::get<MemorySpaceCastOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef())
      .result("dest", ods::AnyRankedOrUnrankedMemRef())
      .traits({ods::Implements<CastOpInterface>({memorySpaceCastOpCompatible}), resultNames(memorySpaceCastNames),
               ods::MemRefsNormalizable(), ods::Pure(), ods::SameOperandsAndResultElementType(),
               ods::SameOperandsAndResultShape(), viewLike()})
      .format("$source attr-dict `:` type($source) `to` type($dest)")
      .registerIn(dialect);

  ods::OpDef(PrefetchOp::getOperationName(), TypeID::get<PrefetchOp>())
      .operand("memref", ods::AnyMemRef(), {ods::MemWrite()})
      .variadicOperand("indices", indices)
      .attr("isWrite", ods::BoolAttr())
      .attr("localityHint", confinedAttr(ods::IntAttr(32), " whose minimum value is 0 whose maximum value is 3",
                                         [](Attribute a) {
                                           int64_t v = intValue(a);
                                           return v >= 0 && v <= 3;
                                         }))
      .attr("isDataCache", ods::BoolAttr())
      .customAssembly(parsePrefetch, printPrefetch)
      .verifier(verifyPrefetch)
      .registerIn(dialect);

  ods::OpDef(ReinterpretCastOp::getOperationName(), TypeID::get<ReinterpretCastOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef())
      .variadicOperand("offsets", indices)
      .variadicOperand("sizes", indices)
      .variadicOperand("strides", indices)
      .attr("static_offsets", ods::DenseI64ArrayAttr())
      .attr("static_sizes", ods::DenseI64ArrayAttr())
      .attr("static_strides", ods::DenseI64ArrayAttr())
      .result("result", anyStridedMemRef())
      .traits({resultNames(reinterpretCastNames), ods::AttrSizedOperandSegments(), ods::MemRefsNormalizable(),
               ods::Pure(), ods::OffsetSizeAndStrideOpInterface(reinterpretCastMaxRanks), viewLike()})
      .directive(ods::dynamicIndexListDirective())
      .format("$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` "
              "`:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` "
              "custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)")
      .verifier(verifyReinterpretCast)
      .registerIn(dialect);

  ods::OpDef(RankOp::getOperationName(), TypeID::get<RankOp>())
      .operand("memref", ods::AnyRankedOrUnrankedMemRef())
      .result("", index)
      .traits({ods::Pure()})
      .format("$memref attr-dict `:` type($memref)")
      .registerIn(dialect);

  ods::OpDef(ReshapeOp::getOperationName(), TypeID::get<ReshapeOp>())
      .operand("source", ods::AnyRankedOrUnrankedMemRef())
      .operand("shape", memRefRankOf({ods::AnySignlessInteger(), ods::Index()}, 1), {ods::MemRead()})
      .result("result", ods::AnyRankedOrUnrankedMemRef())
      .traits({resultNames(reshapeNames), ods::Pure(), viewLike()})
      .format("$source `(` $shape `)` attr-dict `:` functional-type(operands, results)")
      .verifier(verifyReshape)
      .registerIn(dialect);

  ods::OpDef(ExpandShapeOp::getOperationName(), TypeID::get<ExpandShapeOp>())
      .operand("src", anyStridedMemRef())
      .attr("reassociation", indexListArrayAttr())
      .variadicOperand("output_shape", indices)
      .attr("static_output_shape", ods::DenseI64ArrayAttr())
      .result("result", anyStridedMemRef())
      .traits({resultNames(expandShapeNames), ods::Pure(), viewLike()})
      .directive(ods::dynamicIndexListDirective())
      .format("$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) "
              "attr-dict `:` type($src) `into` type($result)")
      .verifier(verifyExpandShape)
      .registerIn(dialect);

  ods::OpDef(CollapseShapeOp::getOperationName(), TypeID::get<CollapseShapeOp>())
      .operand("src", anyStridedMemRef())
      .attr("reassociation", indexListArrayAttr())
      .result("result", anyStridedMemRef())
      .traits({resultNames(collapseShapeNames), ods::Pure(), viewLike()})
      .format("$src $reassociation attr-dict `:` type($src) `into` type($result)")
      .verifier(verifyCollapseShape)
      .registerIn(dialect);

  ods::OpDef(StoreOp::getOperationName(), TypeID::get<StoreOp>())
      .operand("value")
      .operand("memref", ods::AnyMemRef(), {ods::MemWrite()})
      .variadicOperand("indices", indices)
      .defaultOptionalAttr("nontemporal", ods::BoolAttr(), "false")
      .optionalAttr("alignment", positivePowerOf2I64Attr())
      .traits({ods::TypesMatchWith("type of 'value' matches element type of 'memref'", "memref", "value",
                                   elementTypeOf),
               ods::MemRefsNormalizable()})
      .format("$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)")
      .verifier(verifyStore)
      .registerIn(dialect);

  ods::OpDef(SubViewOp::getOperationName(), TypeID::get<SubViewOp>())
      .operand("source", ods::AnyMemRef())
      .variadicOperand("offsets", indices)
      .variadicOperand("sizes", indices)
      .variadicOperand("strides", indices)
      .attr("static_offsets", ods::DenseI64ArrayAttr())
      .attr("static_sizes", ods::DenseI64ArrayAttr())
      .attr("static_strides", ods::DenseI64ArrayAttr())
      .result("result", ods::AnyMemRef())
      .traits({resultNames(subviewNames), viewLike(), ods::AttrSizedOperandSegments(),
               ods::OffsetSizeAndStrideOpInterface(subViewMaxRanks), ods::Pure()})
      .directive(ods::dynamicIndexListDirective())
      .format("$source `` custom<DynamicIndexList>($offsets, $static_offsets) "
              "custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) "
              "attr-dict `:` type($source) `to` type($result)")
      .verifier(verifySubView)
      .registerIn(dialect);

  ods::OpDef(TransposeOp::getOperationName(), TypeID::get<TransposeOp>())
      .operand("in", anyStridedMemRef())
      .attr("permutation", ods::AffineMapAttr())
      .result("", anyStridedMemRef())
      .traits({resultNames(transposeNames), ods::Pure()})
      .customAssembly(parseTranspose, printTranspose)
      .verifier(verifyTranspose)
      .registerIn(dialect);

  ods::OpDef(ViewOp::getOperationName(), TypeID::get<ViewOp>())
      .operand("source", memRefRankOf({ods::I(8)}, 1))
      .operand("byte_shift", index)
      .variadicOperand("sizes", indices)
      .result("", ods::AnyMemRef())
      .traits({resultNames(viewNames), viewLike(), ods::Pure()})
      .format("$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)")
      .verifier(verifyView)
      .registerIn(dialect);

  ods::OpDef(AtomicRMWOp::getOperationName(), TypeID::get<AtomicRMWOp>())
      .attr("kind", ods::IntEnumAttr(atomicRMWKind()))
      .operand("value", signlessIntegerOrFloat())
      .operand("memref", ods::MemRefOf({ods::AnySignlessInteger(), ods::AnyFloat()}), {ods::MemRead(), ods::MemWrite()})
      .variadicOperand("indices", indices)
      .result("result", signlessIntegerOrFloat())
      .traits({ods::AllTypesMatch({"value", "result"}),
               ods::TypesMatchWith("value type matches element type of memref", "memref", "value", elementTypeOf)})
      .format("$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` "
              "type($result)")
      .verifier(verifyAtomicRMWOp)
      .registerIn(dialect);
}
