//===- LinalgCanonicalization.cpp - Folders and patterns of linalg --------===//
//
// Folders and canonicalization patterns of the linalg ops as MLIR 22 has
// them (mlir/lib/Dialect/Linalg/IR/LinalgOps.cpp), for the cases done so far:
// linalg.transpose folds an identity permutation (tensors) and
// FoldTransposeWithTranspose composes two transposes; EraseIdentityLinalgOp
// (all indexing maps equal, a body that only yields block arguments) for
// linalg.generic and linalg.broadcast; EraseSelfCopy, FoldFillWithCopy and
// FoldFillWithTensorReshape.
//
#include "lamina/Dialect/Linalg/LinalgDialect.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/ODS/OpDef.h"

#include <vector>

using namespace lamina;
using namespace lamina::linalg;

namespace {

ArrayRef<int64_t> denseI64(Operation *op, std::string_view name) {
  auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(ods::getInherentAttr(op, name));
  return attr ? attr.asArrayRef() : ArrayRef<int64_t>();
}

bool isIdentityPermutation(ArrayRef<int64_t> permutation) {
  for (size_t i = 0; i < permutation.size(); ++i)
    if (permutation[i] != int64_t(i))
      return false;
  return true;
}

/// TransposeOp::fold: an identity permutation of a tensor is its input.
LogicalResult foldTranspose(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &results) {
  Value input = op->getOperand(0);
  if (!isa<TensorType>(input.getType()) || !isIdentityPermutation(denseI64(op, "permutation")))
    return failure();
  results.push_back(input);
  return success();
}

/// FoldTransposeWithTranspose: transpose(transpose(x)) -> one transpose of
/// the composed permutation.
LogicalResult foldTransposeWithTranspose(Operation *op, PatternRewriter &rewriter) {
  Operation *def = op->getOperand(0).getDefiningOp();
  if (!def || !isa<TransposeOp>(def))
    return failure();
  ArrayRef<int64_t> defPerms = denseI64(def, "permutation"), perms = denseI64(op, "permutation");
  std::vector<int64_t> folded;
  for (int64_t p : perms) {
    if (p < 0 || size_t(p) >= defPerms.size())
      return failure();
    folded.push_back(defPerms[p]);
  }
  // The body (yield of the input element) does not depend on the
  // permutation: the op is rebuilt as a clone reading the first input.
  Operation *clone = rewriter.clone(*op);
  rewriter.modifyOpInPlace(clone, [&] {
    clone->setOperand(0, def->getOperand(0));
    clone->setInherentAttr(StringAttr::get(op->getContext(), "permutation"),
                           DenseI64ArrayAttr::get(op->getContext(), folded));
  });
  std::vector<Value> results(clone->getResults().begin(), clone->getResults().end());
  rewriter.replaceOp(op, ValueRange(results));
  return success();
}

/// The operands are all tensors or scalars (hasPureTensorSemantics), resp.
/// all memrefs or scalars (hasPureBufferSemantics).
bool hasPureSemantics(Operation *op, bool tensor) {
  for (Value v : op->getOperands()) {
    Type t = v.getType();
    if (isa<MemRefType, UnrankedMemRefType>(t) ? tensor : isa<TensorType>(t) ? !tensor : false)
      return false;
  }
  return true;
}

/// EraseIdentityLinalgOp.
LogicalResult eraseIdentityLinalgOp(Operation *op, PatternRewriter &rewriter) {
  auto linalgOp = dyn_cast<LinalgOp>(op);
  if (!linalgOp)
    return failure();
  SmallVector<AffineMap, 4> maps = linalgOp.getIndexingMapsArray();
  for (size_t i = 1; i < maps.size(); ++i)
    if (maps[i] != maps[0])
      return failure();
  Region &region = op->getRegion(0);
  if (region.empty())
    return failure();
  Block &body = region.front();
  Operation *yield = body.empty() ? nullptr : &body.front();
  if (!yield || yield != body.getTerminator() || !isa<YieldOp>(yield))
    return failure();
  unsigned numInits = linalgOp.getNumDpsInits(), numInputs = linalgOp.getNumDpsInputs();
  if (hasPureSemantics(op, /*tensor=*/false)) {
    if (numInputs != 1 || numInits != 1 || op->getOperand(0) != op->getOperand(1))
      return failure();
    auto arg = dyn_cast<BlockArgument>(yield->getOperand(0));
    if (!arg || arg.getOwner() != &body)
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
  if (!hasPureSemantics(op, /*tensor=*/true))
    return failure();
  std::vector<Value> returnedArgs;
  for (unsigned i = 0; i < yield->getNumOperands(); ++i) {
    auto arg = dyn_cast<BlockArgument>(yield->getOperand(i));
    if (!arg || arg.getOwner() != &body || i >= op->getNumResults())
      return failure();
    Value returned = op->getOperand(arg.getArgNumber());
    Type resultType = op->getResult(i).getType();
    if (returned.getType() != resultType) {
      // tensor::CastOp::areCastCompatible: tensors of one element type and
      // compatible shapes.
      auto from = dyn_cast<TensorType>(returned.getType());
      auto to = dyn_cast<TensorType>(resultType);
      if (!from || !to || from.getElementType() != to.getElementType())
        return failure();
      if (from.hasRank() && to.hasRank()) {
        if (from.getRank() != to.getRank())
          return failure();
        for (int64_t d = 0; d < from.getRank(); ++d)
          if (ShapedType::isStatic(from.getShape()[d]) && ShapedType::isStatic(to.getShape()[d]) &&
              from.getShape()[d] != to.getShape()[d])
            return failure();
      }
      OperationState state(op->getLoc(), "tensor.cast");
      state.addOperand(returned);
      state.addType(resultType);
      returned = rewriter.create(state)->getResult(0);
    }
    returnedArgs.push_back(returned);
  }
  if (returnedArgs.size() != op->getNumResults())
    return failure();
  rewriter.replaceOp(op, ValueRange(returnedArgs));
  return success();
}

/// EraseSelfCopy: a copy of a value onto itself is erased (buffers) or is
/// its input (tensors).
LogicalResult eraseSelfCopy(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumOperands() != 2 || op->getOperand(0) != op->getOperand(1))
    return failure();
  if (hasPureSemantics(op, /*tensor=*/false)) {
    rewriter.eraseOp(op);
    return success();
  }
  if (!hasPureSemantics(op, /*tensor=*/true) || op->getNumResults() != 1)
    return failure();
  Value input = op->getOperand(0);
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(&input, 1)));
  return success();
}

/// FoldFillWithCopy: copy(fill(v)) into d -> fill(v) into d; copy into
/// fill's result -> copy into fill's destination.
LogicalResult foldFillWithCopy(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumOperands() != 2)
    return failure();
  Operation *fill = op->getOperand(0).getDefiningOp();
  if (fill && isa<FillOp>(fill) && fill->getNumOperands() == 2) {
    Operation *newFill = rewriter.clone(*fill);
    rewriter.modifyOpInPlace(newFill, [&] {
      newFill->setOperand(1, op->getOperand(1));
      for (unsigned i = 0; i < newFill->getNumResults() && i < op->getNumResults(); ++i)
        newFill->getResult(i).setType(op->getResult(i).getType());
    });
    std::vector<Value> results(newFill->getResults().begin(), newFill->getResults().end());
    rewriter.replaceOp(op, ValueRange(results));
    return success();
  }
  fill = op->getOperand(1).getDefiningOp();
  if (fill && isa<FillOp>(fill) && fill->getNumOperands() == 2) {
    Operation *newCopy = rewriter.clone(*op);
    rewriter.modifyOpInPlace(newCopy, [&] { newCopy->setOperand(1, fill->getOperand(1)); });
    std::vector<Value> results(newCopy->getResults().begin(), newCopy->getResults().end());
    rewriter.replaceOp(op, ValueRange(results));
    return success();
  }
  return failure();
}

/// FoldFillWithTensorReshape: reshape(fill(v) into d) -> fill(v) into
/// reshape(d).
LogicalResult foldFillWithTensorReshape(Operation *reshape, PatternRewriter &rewriter) {
  Operation *fill = reshape->getOperand(0).getDefiningOp();
  if (!fill || !isa<FillOp>(fill) || fill->getNumOperands() != 2 || reshape->getNumResults() != 1)
    return failure();
  // The new init: the same reshape of the fill's init.
  Operation *newInit = rewriter.clone(*reshape);
  rewriter.modifyOpInPlace(newInit, [&] { newInit->setOperand(0, fill->getOperand(1)); });
  Operation *newFill = rewriter.clone(*fill);
  rewriter.modifyOpInPlace(newFill, [&] {
    newFill->setOperand(1, newInit->getResult(0));
    newFill->getResult(0).setType(reshape->getResult(0).getType());
  });
  rewriter.replaceOp(reshape, newFill->getResults());
  return success();
}

} // namespace

void linalg::registerLinalgCanonicalization(LinalgDialect &dialect) {
  using ods::attachCanonicalizer;
  ods::attachFolder(dialect, TransposeOp::getOperationName(), foldTranspose);
  attachCanonicalizer(dialect, TransposeOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(TransposeOp::getOperationName(), foldTransposeWithTranspose, "FoldTransposeWithTranspose");
  });
  attachCanonicalizer(dialect, CopyOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(CopyOp::getOperationName(), eraseSelfCopy, "EraseSelfCopy");
  });
  attachCanonicalizer(dialect, FillOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(CopyOp::getOperationName(), foldFillWithCopy, "FoldFillWithCopy");
    p.addFunction("tensor.collapse_shape", foldFillWithTensorReshape, "FoldFillWithTensorReshape<CollapseShapeOp>");
    p.addFunction("tensor.expand_shape", foldFillWithTensorReshape, "FoldFillWithTensorReshape<ExpandShapeOp>");
  });
  attachCanonicalizer(dialect, GenericOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(GenericOp::getOperationName(), eraseIdentityLinalgOp, "EraseIdentityLinalgOp<GenericOp>");
  });
  attachCanonicalizer(dialect, BroadcastOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(BroadcastOp::getOperationName(), eraseIdentityLinalgOp, "EraseIdentityLinalgOp<BroadcastOp>");
  });
}
