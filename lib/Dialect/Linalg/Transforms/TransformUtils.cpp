//===- TransformUtils.cpp - Helpers shared by the linalg transforms -------===//
//
// See TransformUtils.h.
//
#include "TransformUtils.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/ODS/Predicates.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::linalg;

Operation *linalg::createGenericOp(OpBuilder &builder, Location loc, const GenericOpParts &parts) {
  MLIRContext *ctx = builder.getContext();
  OperationState state(loc, GenericOp::getOperationName());
  state.addOperands(ValueRange(parts.inputs));
  state.addOperands(ValueRange(parts.outputs));
  state.addTypes(TypeRange(parts.resultTypes));
  if (parts.doc)
    state.addAttribute("doc", parts.doc);
  state.addAttribute("indexing_maps", builder.getAffineMapArrayAttr(parts.indexingMaps));
  state.addAttribute("iterator_types", parts.iteratorTypes);
  if (parts.libraryCall)
    state.addAttribute("library_call", parts.libraryCall);
  state.addAttribute("operandSegmentSizes",
                     DenseI32ArrayAttr::get(ctx, std::vector<int32_t>{int32_t(parts.inputs.size()),
                                                                      int32_t(parts.outputs.size())}));
  state.addRegion();
  return builder.create(state);
}

Operation *linalg::createGenericOpWithBlock(OpBuilder &builder, Location loc, const GenericOpParts &parts) {
  Operation *op = createGenericOp(builder, loc, parts);
  std::vector<Type> argTypes;
  std::vector<Location> locs;
  for (Value v : op->getOperands()) {
    argTypes.push_back(getElementTypeOrSelf(v.getType()));
    locs.push_back(loc);
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.createBlock(&op->getRegion(0), op->getRegion(0).end(), TypeRange(argTypes), locs);
  return op;
}

bool linalg::hasIndexSemantics(LinalgOp op) {
  Block *block = op.getBlock();
  if (!block)
    return false;
  for (Operation &nested : *block)
    if (isa<IndexOp>(&nested))
      return true;
  return false;
}

AffineMap linalg::concatAffineMaps(ArrayRef<AffineMap> maps, MLIRContext *ctx) {
  unsigned numDims = 0, numSymbols = 0;
  std::vector<AffineExpr> results;
  for (AffineMap m : maps) {
    numDims = std::max(numDims, m.getNumDims());
    numSymbols = std::max(numSymbols, m.getNumSymbols());
    for (AffineExpr e : m.getResults())
      results.push_back(e);
  }
  return AffineMap::get(numDims, numSymbols, results, ctx);
}

bool linalg::canOpOperandsBeDropped(LinalgOp op, ArrayRef<unsigned> dropped) {
  std::vector<AffineMap> maps;
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i)
    if (std::find(dropped.begin(), dropped.end(), i) == dropped.end())
      maps.push_back(op.getMatchingIndexingMap(i));
  if (maps.empty())
    return op.getNumLoops() == 0;
  return bool(inversePermutation(concatAffineMaps(maps, op->getContext())));
}

Value linalg::createIndexConstant(OpBuilder &builder, Location loc, int64_t value) {
  return builder
      .create(loc, "arith.constant", ValueRange(), builder.getIndexType(),
              {NamedAttribute(builder.getStringAttr("value"), builder.getIndexAttr(value))})
      ->getResult(0);
}

std::vector<OpFoldResult> linalg::getMixedSizes(OpBuilder &builder, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  std::vector<OpFoldResult> sizes;
  for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
    if (!ShapedType::isDynamic(type.getShape()[i])) {
      sizes.push_back(builder.getIndexAttr(type.getShape()[i]));
      continue;
    }
    Value index = createIndexConstant(builder, loc, i);
    OperationState state(loc, "tensor.dim");
    state.addOperands(ValueRange(std::vector<Value>{tensor, index}));
    state.addType(builder.getIndexType());
    sizes.push_back(builder.createOrFold(state));
  }
  return sizes;
}

Value linalg::createEmptyTensor(OpBuilder &builder, Location loc, ArrayRef<OpFoldResult> sizes, Type elementType) {
  std::vector<int64_t> shape;
  std::vector<Value> dynamic;
  for (OpFoldResult s : sizes) {
    if (auto attr = dyn_cast_or_null<IntegerAttr>(s.getAttribute())) {
      shape.push_back(attr.getInt());
    } else {
      shape.push_back(ShapedType::kDynamic);
      dynamic.push_back(s.getValue());
    }
  }
  return builder
      .create(loc, "tensor.empty", ValueRange(dynamic), RankedTensorType::get(shape, elementType))
      ->getResult(0);
}

Value linalg::createAffineApply(OpBuilder &builder, Location loc, AffineMap map, ArrayRef<Value> operands) {
  return builder
      .create(loc, "affine.apply", ValueRange(operands), builder.getIndexType(),
              {NamedAttribute(builder.getStringAttr("map"), AffineMapAttr::get(map))})
      ->getResult(0);
}

/// The size of each loop of `op` (createLoopRanges): the first operand
/// dimension indexed by the loop alone, static or a tensor.dim/memref.dim.
std::vector<OpFoldResult> linalg::getLoopSizes(OpBuilder &b, Location loc, LinalgOp op) {
  std::vector<OpFoldResult> sizes(op.getNumLoops());
  std::vector<bool> found(op.getNumLoops(), false);
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    AffineMap map = op.getMatchingIndexingMap(i);
    ArrayRef<int64_t> shape = op.getShape(i);
    for (unsigned r = 0; r < map.getNumResults() && r < shape.size(); ++r) {
      auto d = dyn_cast<AffineDimExpr>(map.getResult(r));
      if (!d || d.getPosition() >= sizes.size() || found[d.getPosition()])
        continue;
      found[d.getPosition()] = true;
      if (!ShapedType::isDynamic(shape[r])) {
        sizes[d.getPosition()] = b.getIndexAttr(shape[r]);
        continue;
      }
      Value operand = op->getOperand(i);
      Value index = createIndexConstant(b, loc, int64_t(r));
      sizes[d.getPosition()] =
          b.create(loc, isa<MemRefType>(operand.getType()) ? "memref.dim" : "tensor.dim",
                   ValueRange(std::vector<Value>{operand, index}), b.getIndexType())
              ->getResult(0);
    }
  }
  return sizes;
}

Reassociation linalg::getReassociation(Operation *reshape) {
  Reassociation groups;
  auto attr = dyn_cast_or_null<ArrayAttr>(reshape->getInherentAttr("reassociation"));
  if (!attr)
    return groups;
  for (Attribute group : attr) {
    std::vector<int64_t> indices;
    if (auto list = dyn_cast<ArrayAttr>(group))
      for (Attribute i : list)
        if (auto intAttr = dyn_cast<IntegerAttr>(i))
          indices.push_back(intAttr.getInt());
    groups.push_back(std::move(indices));
  }
  return groups;
}

ArrayAttr linalg::getReassociationAttr(OpBuilder &b, const Reassociation &reassociation) {
  std::vector<Attribute> groups;
  for (const std::vector<int64_t> &group : reassociation)
    groups.push_back(b.getI64ArrayAttr(group));
  return b.getArrayAttr(groups);
}
