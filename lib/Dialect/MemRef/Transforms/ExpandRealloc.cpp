//===- ExpandRealloc.cpp - memref.realloc as alloc, copy and dealloc -------===//
//
// expand-realloc (MLIR 22's ExpandReallocPass), a partial conversion: every
// memref.realloc becomes, where it stands, an scf.if on "the current size is
// smaller than the new one" whose then-branch allocates the new buffer
// (with the realloc's alignment), copies the old one into its leading
// subview and, with emit-deallocs, deallocates it, and whose else-branch
// reinterprets the old buffer with the new size. Ops are created in MLIR's
// order and not folded.
//
#include "lamina/Dialect/MemRef/Passes.h"

#include "../MemRefFoldUtils.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/MLIRContext.h"

#include <vector>

using namespace lamina;
using namespace lamina::memref;

namespace {

Value createOp(OpBuilder &b, Location loc, std::string_view name, std::initializer_list<Value> operands, Type type,
               ArrayRef<NamedAttribute> attrs = {}) {
  OperationState state(loc, name);
  for (Value v : operands)
    state.addOperand(v);
  for (const NamedAttribute &a : attrs)
    state.addAttribute(a.getName().getValue(), a.getValue());
  if (type)
    state.addType(type);
  Operation *op = b.create(state);
  return type ? op->getResult(0) : Value();
}

/// Expands the 1-D realloc `op` (its source and result ranked memrefs).
void expandRealloc(OpBuilder &b, Operation *op, bool emitDeallocs) {
  MLIRContext *ctx = b.getContext();
  Location loc = op->getLoc();
  b.setInsertionPoint(op);
  Value source = op->getOperand(0);
  auto sourceType = cast<MemRefType>(source.getType());
  auto resultType = cast<MemRefType>(op->getResult(0).getType());

  // The current size: static, or the source's memref.dim.
  OpFoldResult currSize;
  Value currSizeValue;
  if (sourceType.isDynamicDim(0)) {
    Value c0 = utils::buildConstantIndex(b, loc, 0);
    currSizeValue = createOp(b, loc, "memref.dim", {source, c0}, b.getIndexType());
    currSize = currSizeValue;
  } else {
    currSize = b.getIndexAttr(sourceType.getDimSize(0));
    currSizeValue = utils::buildConstantIndex(b, loc, sourceType.getDimSize(0));
  }
  // The new size: static, or the realloc's dynamic size operand.
  OpFoldResult targetSize;
  Value targetSizeValue;
  if (resultType.isDynamicDim(0)) {
    targetSizeValue = op->getOperand(1);
    targetSize = targetSizeValue;
  } else {
    targetSize = b.getIndexAttr(resultType.getDimSize(0));
    targetSizeValue = utils::buildConstantIndex(b, loc, resultType.getDimSize(0));
  }

  NamedAttribute pred = b.getNamedAttr(
      "predicate", IntegerAttr::get(IntegerType::get(ctx, 64), int64_t(arith::CmpIPredicate::ult)));
  Value cond = createOp(b, loc, "arith.cmpi", {currSizeValue, targetSizeValue}, b.getI1Type(), {pred});

  OperationState ifState(loc, "scf.if");
  ifState.addOperand(cond);
  ifState.addType(resultType);
  Region *thenRegion = ifState.addRegion();
  Region *elseRegion = ifState.addRegion();
  thenRegion->emplaceBlock();
  elseRegion->emplaceBlock();
  Operation *ifOp = b.create(ifState);

  // Then: a new buffer, the old one copied into its leading part.
  b.setInsertionPointToStart(&ifOp->getRegion(0).front());
  OperationState allocState(loc, "memref.alloc");
  if (resultType.isDynamicDim(0))
    allocState.addOperand(targetSizeValue);
  allocState.addAttribute("operandSegmentSizes",
                          DenseI32ArrayAttr::get(ctx, std::vector<int32_t>{resultType.isDynamicDim(0) ? 1 : 0, 0}));
  if (Attribute alignment = op->getAttr("alignment"))
    allocState.addAttribute("alignment", alignment);
  allocState.addType(resultType);
  Value newAlloc = b.create(allocState)->getResult(0);
  std::optional<int64_t> staticCurr = utils::getConstantIntValue(currSize);
  int64_t subSize = currSize.getAttribute() ? *staticCurr : ShapedType::kDynamic;
  MemRefType subType = MemRefType::get({subSize}, resultType.getElementType(),
                                       StridedLayoutAttr::get(ctx, 0, {1}), resultType.getMemorySpace());
  Value subview = utils::buildSubView(b, loc, subType, newAlloc, {b.getIndexAttr(0)}, {currSize},
                                      {b.getIndexAttr(1)});
  createOp(b, loc, "memref.copy", {source, subview}, Type());
  if (emitDeallocs)
    createOp(b, loc, "memref.dealloc", {source}, Type());
  createOp(b, loc, "scf.yield", {newAlloc}, Type());

  // Else: the old buffer with the new size.
  b.setInsertionPointToStart(&ifOp->getRegion(1).front());
  Value cast = utils::buildReinterpretCast(b, loc, resultType, source, b.getIndexAttr(0), {targetSize},
                                           {b.getIndexAttr(1)});
  createOp(b, loc, "scf.yield", {cast}, Type());

  op->getResult(0).replaceAllUsesWith(ifOp->getResult(0));
  op->erase();
}

struct ExpandRealloc : lamina::impl::ExpandReallocPassBase<ExpandRealloc> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<ArithDialect, SCFDialect, MemRefDialect>();
  }
  void runOnOperation() override {
    std::vector<Operation *> reallocs;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->getName().getStringRef() == "memref.realloc")
        reallocs.push_back(op);
    });
    OpBuilder b(&getContext());
    for (Operation *op : reallocs)
      expandRealloc(b, op, emitDeallocs);
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createExpandReallocPassPass() { return std::make_unique<ExpandRealloc>(); }
