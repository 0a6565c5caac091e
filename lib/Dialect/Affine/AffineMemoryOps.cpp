//===- AffineMemoryOps.cpp - affine.load/store, vector forms, prefetch, dma -===//
//
// Custom syntax and verifiers of the affine memory ops, as
// mlir/lib/Dialect/Affine/IR/AffineOps.cpp (LLVM 22) defines them. The
// subscripts are affine maps over SSA values printed inline:
// `%A[%i + 1, symbol(%n)]`.
//
#include "AffineOpsImpl.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::affine;
using namespace lamina::affine::impl;

/// `[subscripts]` of a memory op whose map operands start at `firstIndex`.
static void printSubscripts(OpAsmPrinter &p, Operation *op, std::string_view mapName, unsigned firstIndex) {
  p << '[';
  if (AffineMapAttr mapAttr = getMapAttr(op, mapName)) {
    unsigned n = op->getNumOperands();
    OperandRange indices = op->getOperands().slice(firstIndex > n ? n : firstIndex, firstIndex > n ? 0 : n - firstIndex);
    p.printAffineMapOfSSAIds(mapAttr, indices);
  }
  p << ']';
}

/// MLIR's verifyMemoryOpIndexing (load, store, vector_load, vector_store).
static LogicalResult verifyMemoryOpIndexing(Operation *op, AffineMapAttr mapAttr, OperandRange mapOperands,
                                            MemRefType memrefType, unsigned numIndexOperands) {
  AffineMap map = mapAttr.getValue();
  if (map.getNumResults() != memrefType.getRank())
    return op->emitOpError("affine map num results must equal memref rank");
  if (map.getNumInputs() != numIndexOperands)
    return op->emitOpError("expects as many subscripts as affine map inputs");
  for (Value idx : mapOperands)
    if (!idx.getType().isIndex())
      return op->emitOpError("index to load must have 'index' type");
  return verifyDimAndSymbolIdentifiers(op, mapOperands, map.getNumDims());
}

/// Parses `%memref[subscripts]` for the map attribute `mapName`.
static ParseResult parseMemRefAndSubscripts(OpAsmParser &parser, OperationState &result, std::string_view mapName,
                                            OpAsmParser::UnresolvedOperand &memrefInfo,
                                            SmallVector<OpAsmParser::UnresolvedOperand, 4> &mapOperands) {
  Attribute mapAttr;
  return failure(parser.parseOperand(memrefInfo) ||
                 parser.parseAffineMapOfSSAIds(mapOperands, mapAttr, mapName, result.attributes));
}

//===----------------------------------------------------------------------===//
// affine.load / affine.store
//===----------------------------------------------------------------------===//

ParseResult impl::parseLoadOp(OpAsmParser &parser, OperationState &result) {
  Type indexTy = parser.getBuilder().getIndexType();
  MemRefType type;
  OpAsmParser::UnresolvedOperand memrefInfo;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> mapOperands;
  if (parseMemRefAndSubscripts(parser, result, "map", memrefInfo, mapOperands) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(type) ||
      parser.resolveOperand(memrefInfo, type, result.operands) ||
      parser.resolveOperands(mapOperands, indexTy, result.operands))
    return failure();
  result.types.push_back(type.getElementType());
  return success();
}

void impl::printLoadOp(Operation *op, OpAsmPrinter &p) {
  p << " ";
  p.printOperand(op->getOperand(0));
  printSubscripts(p, op, "map", 1);
  p.printOptionalAttrDict(op->getAttrs(), {"map"});
  p << " : " << op->getOperand(0).getType();
}

LogicalResult impl::verifyLoadOp(Operation *op) {
  auto memrefType = cast<MemRefType>(op->getOperand(0).getType());
  if (op->getResult(0).getType() != memrefType.getElementType())
    return op->emitOpError("result type must match element type of memref");
  return verifyMemoryOpIndexing(op, getMapAttr(op, "map"), op->getOperands().drop_front(1), memrefType,
                                op->getNumOperands() - 1);
}

ParseResult impl::parseStoreOp(OpAsmParser &parser, OperationState &result) {
  Type indexTy = parser.getBuilder().getIndexType();
  MemRefType type;
  OpAsmParser::UnresolvedOperand storeValueInfo, memrefInfo;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> mapOperands;
  return failure(parser.parseOperand(storeValueInfo) || parser.parseComma() ||
                 parseMemRefAndSubscripts(parser, result, "map", memrefInfo, mapOperands) ||
                 parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(type) ||
                 parser.resolveOperand(storeValueInfo, type.getElementType(), result.operands) ||
                 parser.resolveOperand(memrefInfo, type, result.operands) ||
                 parser.resolveOperands(mapOperands, indexTy, result.operands));
}

void impl::printStoreOp(Operation *op, OpAsmPrinter &p) {
  p << " ";
  p.printOperand(op->getOperand(0));
  p << ", ";
  p.printOperand(op->getOperand(1));
  printSubscripts(p, op, "map", 2);
  p.printOptionalAttrDict(op->getAttrs(), {"map"});
  p << " : " << op->getOperand(1).getType();
}

LogicalResult impl::verifyStoreOp(Operation *op) {
  auto memrefType = cast<MemRefType>(op->getOperand(1).getType());
  if (op->getOperand(0).getType() != memrefType.getElementType())
    return op->emitOpError("value to store must have the same type as memref element type");
  return verifyMemoryOpIndexing(op, getMapAttr(op, "map"), op->getOperands().drop_front(2), memrefType,
                                op->getNumOperands() - 2);
}

//===----------------------------------------------------------------------===//
// affine.vector_load / affine.vector_store
//===----------------------------------------------------------------------===//

static LogicalResult verifyVectorMemoryOp(Operation *op, MemRefType memrefType, VectorType vectorType) {
  if (memrefType.getElementType() != vectorType.getElementType())
    return op->emitOpError("requires memref and vector types of the same elemental type");
  return success();
}

ParseResult impl::parseVectorLoadOp(OpAsmParser &parser, OperationState &result) {
  Type indexTy = parser.getBuilder().getIndexType();
  MemRefType memrefType;
  VectorType resultType;
  OpAsmParser::UnresolvedOperand memrefInfo;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> mapOperands;
  if (parseMemRefAndSubscripts(parser, result, "map", memrefInfo, mapOperands) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(memrefType) ||
      parser.parseComma() || parser.parseType(resultType) ||
      parser.resolveOperand(memrefInfo, memrefType, result.operands) ||
      parser.resolveOperands(mapOperands, indexTy, result.operands))
    return failure();
  result.types.push_back(resultType);
  return success();
}

void impl::printVectorLoadOp(Operation *op, OpAsmPrinter &p) {
  p << " ";
  p.printOperand(op->getOperand(0));
  printSubscripts(p, op, "map", 1);
  p.printOptionalAttrDict(op->getAttrs(), {"map"});
  p << " : " << op->getOperand(0).getType() << ", " << op->getResult(0).getType();
}

LogicalResult impl::verifyVectorLoadOp(Operation *op) {
  auto memrefType = cast<MemRefType>(op->getOperand(0).getType());
  if (failed(verifyMemoryOpIndexing(op, getMapAttr(op, "map"), op->getOperands().drop_front(1), memrefType,
                                    op->getNumOperands() - 1)))
    return failure();
  return verifyVectorMemoryOp(op, memrefType, cast<VectorType>(op->getResult(0).getType()));
}

ParseResult impl::parseVectorStoreOp(OpAsmParser &parser, OperationState &result) {
  Type indexTy = parser.getBuilder().getIndexType();
  MemRefType memrefType;
  VectorType valueType;
  OpAsmParser::UnresolvedOperand storeValueInfo, memrefInfo;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> mapOperands;
  return failure(parser.parseOperand(storeValueInfo) || parser.parseComma() ||
                 parseMemRefAndSubscripts(parser, result, "map", memrefInfo, mapOperands) ||
                 parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(memrefType) ||
                 parser.parseComma() || parser.parseType(valueType) ||
                 parser.resolveOperand(storeValueInfo, valueType, result.operands) ||
                 parser.resolveOperand(memrefInfo, memrefType, result.operands) ||
                 parser.resolveOperands(mapOperands, indexTy, result.operands));
}

void impl::printVectorStoreOp(Operation *op, OpAsmPrinter &p) {
  p << " ";
  p.printOperand(op->getOperand(0));
  p << ", ";
  p.printOperand(op->getOperand(1));
  printSubscripts(p, op, "map", 2);
  p.printOptionalAttrDict(op->getAttrs(), {"map"});
  p << " : " << op->getOperand(1).getType() << ", " << op->getOperand(0).getType();
}

LogicalResult impl::verifyVectorStoreOp(Operation *op) {
  auto memrefType = cast<MemRefType>(op->getOperand(1).getType());
  if (failed(verifyMemoryOpIndexing(op, getMapAttr(op, "map"), op->getOperands().drop_front(2), memrefType,
                                    op->getNumOperands() - 2)))
    return failure();
  return verifyVectorMemoryOp(op, memrefType, cast<VectorType>(op->getOperand(0).getType()));
}

//===----------------------------------------------------------------------===//
// affine.prefetch
//===----------------------------------------------------------------------===//

ParseResult impl::parsePrefetchOp(OpAsmParser &parser, OperationState &result) {
  Builder builder = parser.getBuilder();
  Type indexTy = builder.getIndexType();
  MemRefType type;
  OpAsmParser::UnresolvedOperand memrefInfo;
  IntegerAttr hintInfo;
  std::string_view readOrWrite, cacheType;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> mapOperands;
  if (parseMemRefAndSubscripts(parser, result, "map", memrefInfo, mapOperands) || parser.parseComma() ||
      parser.parseKeyword(&readOrWrite) || parser.parseComma() || parser.parseKeyword("locality") ||
      parser.parseLess() || parser.parseAttribute(hintInfo, builder.getIntegerType(32), "localityHint", result.attributes) ||
      parser.parseGreater() || parser.parseComma() || parser.parseKeyword(&cacheType) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(type) ||
      parser.resolveOperand(memrefInfo, type, result.operands) ||
      parser.resolveOperands(mapOperands, indexTy, result.operands))
    return failure();

  if (readOrWrite != "read" && readOrWrite != "write")
    return parser.emitError(parser.getNameLoc(), "rw specifier has to be 'read' or 'write'");
  result.addAttribute("isWrite", BoolAttr::get(builder.getContext(), readOrWrite == "write"));
  if (cacheType != "data" && cacheType != "instr")
    return parser.emitError(parser.getNameLoc(), "cache type has to be 'data' or 'instr'");
  result.addAttribute("isDataCache", BoolAttr::get(builder.getContext(), cacheType == "data"));
  return success();
}

void impl::printPrefetchOp(Operation *op, OpAsmPrinter &p) {
  p << " ";
  p.printOperand(op->getOperand(0));
  printSubscripts(p, op, "map", 1);
  auto isWrite = dyn_cast_or_null<BoolAttr>(op->getAttr("isWrite"));
  auto isDataCache = dyn_cast_or_null<BoolAttr>(op->getAttr("isDataCache"));
  auto hint = dyn_cast_or_null<IntegerAttr>(op->getAttr("localityHint"));
  p << ", " << ((isWrite && isWrite.getValue()) ? "write" : "read") << ", locality<"
    << (long long)(hint ? hint.getValue().getSExtValue() : 0) << ">, "
    << ((isDataCache && isDataCache.getValue()) ? "data" : "instr");
  p.printOptionalAttrDict(op->getAttrs(), {"map", "localityHint", "isDataCache", "isWrite"});
  p << " : " << op->getOperand(0).getType();
}

LogicalResult impl::verifyPrefetchOp(Operation *op) {
  auto memrefType = cast<MemRefType>(op->getOperand(0).getType());
  if (AffineMapAttr mapAttr = getMapAttr(op, "map")) {
    AffineMap map = mapAttr.getValue();
    if (map.getNumResults() != memrefType.getRank())
      return op->emitOpError("affine.prefetch affine map num results must equal memref rank");
    if (map.getNumInputs() + 1 != op->getNumOperands())
      return op->emitOpError("too few operands");
  } else if (op->getNumOperands() != 1) {
    return op->emitOpError("too few operands");
  }
  Region *scope = getAffineScope(op);
  for (Value idx : op->getOperands().drop_front(1))
    if (!isValidAffineIndexOperand(idx, scope))
      return op->emitOpError("index must be a valid dimension or symbol identifier");
  return success();
}

//===----------------------------------------------------------------------===//
// affine.dma_start / affine.dma_wait
//===----------------------------------------------------------------------===//
//
// Ops without ODS properties: the maps are discardable attributes `src_map`,
// `dst_map`, `tag_map`. Operands: src memref, src indices, dst memref, dst
// indices, tag memref, tag indices, number of elements, and optionally
// stride and elements per stride.

namespace {
/// The operand layout of an affine.dma_start.
struct DmaStartLayout {
  AffineMap srcMap, dstMap, tagMap;
  unsigned src = 0, dst = 0, tag = 0, numElements = 0;

  static std::optional<DmaStartLayout> get(Operation *op) {
    AffineMapAttr s = getMapAttr(op, "src_map"), d = getMapAttr(op, "dst_map"), t = getMapAttr(op, "tag_map");
    if (!s || !d || !t)
      return std::nullopt;
    DmaStartLayout l;
    l.srcMap = s.getValue();
    l.dstMap = d.getValue();
    l.tagMap = t.getValue();
    l.dst = l.src + 1 + l.srcMap.getNumInputs();
    l.tag = l.dst + 1 + l.dstMap.getNumInputs();
    l.numElements = l.tag + 1 + l.tagMap.getNumInputs();
    return l;
  }
  bool isStrided(Operation *op) const { return op->getNumOperands() != numElements + 1; }
};
} // namespace

ParseResult impl::parseDmaStartOp(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand srcMemRefInfo, dstMemRefInfo, tagMemRefInfo, numElementsInfo;
  Attribute srcMapAttr, dstMapAttr, tagMapAttr;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> srcMapOperands, dstMapOperands, tagMapOperands, strideInfo;
  SmallVector<Type, 4> types;
  Type indexType = parser.getBuilder().getIndexType();

  if (parser.parseOperand(srcMemRefInfo) ||
      parser.parseAffineMapOfSSAIds(srcMapOperands, srcMapAttr, "src_map", result.attributes) ||
      parser.parseComma() || parser.parseOperand(dstMemRefInfo) ||
      parser.parseAffineMapOfSSAIds(dstMapOperands, dstMapAttr, "dst_map", result.attributes) ||
      parser.parseComma() || parser.parseOperand(tagMemRefInfo) ||
      parser.parseAffineMapOfSSAIds(tagMapOperands, tagMapAttr, "tag_map", result.attributes) ||
      parser.parseComma() || parser.parseOperand(numElementsInfo))
    return failure();

  if (parser.parseTrailingOperandList(strideInfo))
    return failure();
  if (!strideInfo.empty() && strideInfo.size() != 2)
    return parser.emitError(parser.getNameLoc(), "expected two stride related operands");
  bool isStrided = strideInfo.size() == 2;

  if (parser.parseColonTypeList(types))
    return failure();
  if (types.size() != 3)
    return parser.emitError(parser.getNameLoc(), "expected three types");

  if (parser.resolveOperand(srcMemRefInfo, types[0], result.operands) ||
      parser.resolveOperands(srcMapOperands, indexType, result.operands) ||
      parser.resolveOperand(dstMemRefInfo, types[1], result.operands) ||
      parser.resolveOperands(dstMapOperands, indexType, result.operands) ||
      parser.resolveOperand(tagMemRefInfo, types[2], result.operands) ||
      parser.resolveOperands(tagMapOperands, indexType, result.operands) ||
      parser.resolveOperand(numElementsInfo, indexType, result.operands))
    return failure();
  if (isStrided && parser.resolveOperands(strideInfo, indexType, result.operands))
    return failure();

  auto numInputs = [](Attribute a) { return cast<AffineMapAttr>(a).getValue().getNumInputs(); };
  if (srcMapOperands.size() != numInputs(srcMapAttr) || dstMapOperands.size() != numInputs(dstMapAttr) ||
      tagMapOperands.size() != numInputs(tagMapAttr))
    return parser.emitError(parser.getNameLoc(), "memref operand count not equal to map.numInputs");
  return success();
}

void impl::printDmaStartOp(Operation *op, OpAsmPrinter &p) {
  std::optional<DmaStartLayout> l = DmaStartLayout::get(op);
  if (!l || op->getNumOperands() <= l->numElements) {
    p.printGenericOp(op, /*printOpName=*/false);
    return;
  }
  auto printMemRef = [&](unsigned index, std::string_view mapName, unsigned numInputs) {
    p.printOperand(op->getOperand(index));
    p << '[';
    p.printAffineMapOfSSAIds(getMapAttr(op, mapName), op->getOperands().slice(index + 1, numInputs));
    p << ']';
  };
  p << " ";
  printMemRef(l->src, "src_map", l->srcMap.getNumInputs());
  p << ", ";
  printMemRef(l->dst, "dst_map", l->dstMap.getNumInputs());
  p << ", ";
  printMemRef(l->tag, "tag_map", l->tagMap.getNumInputs());
  p << ", ";
  p.printOperand(op->getOperand(l->numElements));
  if (l->isStrided(op) && op->getNumOperands() >= l->numElements + 3) {
    p << ", ";
    p.printOperand(op->getOperand(l->numElements + 1));
    p << ", ";
    p.printOperand(op->getOperand(l->numElements + 2));
  }
  p << " : " << op->getOperand(l->src).getType() << ", " << op->getOperand(l->dst).getType() << ", "
    << op->getOperand(l->tag).getType();
}

LogicalResult impl::verifyDmaStartOp(Operation *op) {
  std::optional<DmaStartLayout> l = DmaStartLayout::get(op);
  if (!l)
    return op->emitOpError("requires affine map attributes 'src_map', 'dst_map' and 'tag_map'");
  unsigned n = op->getNumOperands();
  if (l->src >= n || !isa<MemRefType>(op->getOperand(l->src).getType()))
    return op->emitOpError("expected DMA source to be of memref type");
  if (l->dst >= n || !isa<MemRefType>(op->getOperand(l->dst).getType()))
    return op->emitOpError("expected DMA destination to be of memref type");
  if (l->tag >= n || !isa<MemRefType>(op->getOperand(l->tag).getType()))
    return op->emitOpError("expected DMA tag to be of memref type");

  unsigned numInputsAllMaps = l->srcMap.getNumInputs() + l->dstMap.getNumInputs() + l->tagMap.getNumInputs();
  if (n != numInputsAllMaps + 3 + 1 && n != numInputsAllMaps + 3 + 1 + 2)
    return op->emitOpError("incorrect number of operands");

  Region *scope = getAffineScope(op);
  struct IndexGroup {
    unsigned first, count;
    const char *typeError, *validityError;
  } groups[] = {
      {l->src + 1, l->srcMap.getNumInputs(), "src index to dma_start must have 'index' type",
       "src index must be a valid dimension or symbol identifier"},
      {l->dst + 1, l->dstMap.getNumInputs(), "dst index to dma_start must have 'index' type",
       "dst index must be a valid dimension or symbol identifier"},
      {l->tag + 1, l->tagMap.getNumInputs(), "tag index to dma_start must have 'index' type",
       "tag index must be a valid dimension or symbol identifier"},
  };
  for (const IndexGroup &g : groups)
    for (Value idx : op->getOperands().slice(g.first, g.count)) {
      if (!idx.getType().isIndex())
        return op->emitOpError(g.typeError);
      if (!isValidAffineIndexOperand(idx, scope))
        return op->emitOpError(g.validityError);
    }
  return success();
}

ParseResult impl::parseDmaWaitOp(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand tagMemRefInfo, numElementsInfo;
  Attribute tagMapAttr;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> tagMapOperands;
  Type type;
  Type indexType = parser.getBuilder().getIndexType();
  if (parser.parseOperand(tagMemRefInfo) ||
      parser.parseAffineMapOfSSAIds(tagMapOperands, tagMapAttr, "tag_map", result.attributes) ||
      parser.parseComma() || parser.parseOperand(numElementsInfo) || parser.parseColonType(type) ||
      parser.resolveOperand(tagMemRefInfo, type, result.operands) ||
      parser.resolveOperands(tagMapOperands, indexType, result.operands) ||
      parser.resolveOperand(numElementsInfo, indexType, result.operands))
    return failure();
  if (!isa<MemRefType>(type))
    return parser.emitError(parser.getNameLoc(), "expected tag to be of memref type");
  if (tagMapOperands.size() != cast<AffineMapAttr>(tagMapAttr).getValue().getNumInputs())
    return parser.emitError(parser.getNameLoc(), "tag memref operand count != to map.numInputs");
  return success();
}

void impl::printDmaWaitOp(Operation *op, OpAsmPrinter &p) {
  AffineMapAttr tagMap = getMapAttr(op, "tag_map");
  if (!tagMap || op->getNumOperands() < tagMap.getValue().getNumInputs() + 2) {
    p.printGenericOp(op, /*printOpName=*/false);
    return;
  }
  unsigned numInputs = tagMap.getValue().getNumInputs();
  p << " ";
  p.printOperand(op->getOperand(0));
  p << '[';
  p.printAffineMapOfSSAIds(tagMap, op->getOperands().slice(1, numInputs));
  p << "], ";
  p.printOperand(op->getOperand(1 + numInputs));
  p << " : " << op->getOperand(0).getType();
}

LogicalResult impl::verifyDmaWaitOp(Operation *op) {
  AffineMapAttr tagMap = getMapAttr(op, "tag_map");
  if (!tagMap)
    return op->emitOpError("requires an affine map attribute 'tag_map'");
  if (op->getNumOperands() < 1 || !isa<MemRefType>(op->getOperand(0).getType()))
    return op->emitOpError("expected DMA tag to be of memref type");
  Region *scope = getAffineScope(op);
  unsigned numInputs = tagMap.getValue().getNumInputs();
  unsigned n = op->getNumOperands();
  for (Value idx : op->getOperands().slice(1, numInputs + 1 > n ? n - 1 : numInputs)) {
    if (!idx.getType().isIndex())
      return op->emitOpError("index to dma_wait must have 'index' type");
    if (!isValidAffineIndexOperand(idx, scope))
      return op->emitOpError("index must be a valid dimension or symbol identifier");
  }
  return success();
}
