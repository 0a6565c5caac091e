//===- ExpandOps.cpp - memref ops in terms of simpler ones -----------------===//
//
// memref-expand (MLIR 22's ExpandOpsPass), a partial conversion: a
// memref.reshape whose shape operand has a static size becomes a
// memref.reinterpret_cast, its dynamic sizes loaded from the shape (and
// cast to index), its strides the running products, created innermost
// dimension first in MLIR's order and not folded. (MLIR 22 leaves the
// atomic_rmw ops it once expanded unchanged.)
//
#include "lamina/Dialect/MemRef/Passes.h"

#include "../MemRefFoldUtils.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/MLIRContext.h"

#include <vector>

using namespace lamina;
using namespace lamina::memref;

namespace {

Value binaryIndex(OpBuilder &b, Location loc, std::string_view name, Value lhs, Value rhs) {
  OperationState state(loc, name);
  state.addOperand(lhs);
  state.addOperand(rhs);
  state.addType(b.getIndexType());
  return b.create(state)->getResult(0);
}

void expandReshape(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  b.setInsertionPoint(op);
  Value source = op->getOperand(0), shape = op->getOperand(1);
  auto type = cast<MemRefType>(op->getResult(0).getType());
  auto shapeType = cast<MemRefType>(shape.getType());
  int64_t rank = shapeType.getDimSize(0);
  std::vector<OpFoldResult> sizes(static_cast<size_t>(rank)), strides(static_cast<size_t>(rank));
  Value stride;
  int64_t staticStride = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    Value size;
    if (type.isDynamicDim(unsigned(i))) {
      Value index = utils::buildConstantIndex(b, loc, i);
      OperationState load(loc, "memref.load");
      load.addOperand(shape);
      load.addOperand(index);
      load.addType(shapeType.getElementType());
      size = b.create(load)->getResult(0);
      if (!isa<IndexType>(size.getType())) {
        OperationState cast(loc, "arith.index_cast");
        cast.addOperand(size);
        cast.addType(b.getIndexType());
        size = b.create(cast)->getResult(0);
      }
      sizes[size_t(i)] = size;
    } else {
      int64_t dim = type.getDimSize(unsigned(i));
      size = utils::buildConstantIndex(b, loc, dim);
      sizes[size_t(i)] = b.getIndexAttr(dim);
    }
    strides[size_t(i)] = stride ? OpFoldResult(stride) : OpFoldResult(b.getIndexAttr(staticStride));
    if (i > 0) {
      if (stride)
        stride = binaryIndex(b, loc, "arith.muli", stride, size);
      else if (type.isDynamicDim(unsigned(i)))
        stride = binaryIndex(b, loc, "arith.muli", utils::buildConstantIndex(b, loc, staticStride), size);
      else
        staticStride *= type.getDimSize(unsigned(i));
    }
  }
  Value cast = utils::buildReinterpretCast(b, loc, type, source, b.getIndexAttr(0), sizes, strides);
  op->getResult(0).replaceAllUsesWith(cast);
  op->erase();
}

struct ExpandOps : lamina::impl::ExpandOpsPassBase<ExpandOps> {
  void runOnOperation() override {
    std::vector<Operation *> reshapes;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->getName().getStringRef() != "memref.reshape" || op->getNumOperands() != 2)
        return;
      auto shapeType = dyn_cast<MemRefType>(op->getOperand(1).getType());
      if (shapeType && shapeType.hasStaticShape() && isa<MemRefType>(op->getResult(0).getType()))
        reshapes.push_back(op);
    });
    OpBuilder b(&getContext());
    for (Operation *op : reshapes)
      expandReshape(b, op);
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createExpandOpsPassPass() { return std::make_unique<ExpandOps>(); }
