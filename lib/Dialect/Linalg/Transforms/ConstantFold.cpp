//===- ConstantFold.cpp - Folding linalg ops on constants -----------------===//
//
// As MLIR 22's Linalg/Transforms/ConstantFold.cpp: FoldConstantTranspose
// replaces a structured op with one constant input and one init whose body
// only yields the input element and whose maps are permutations (a
// transpose, named or generic) by the transposed constant.
//
#include "lamina/Dialect/Linalg/Passes.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Matchers.h"
#include "lamina/Support/APFloat.h"
#include "lamina/Support/APInt.h"

#include <vector>

using namespace lamina;
using namespace lamina::linalg;

namespace {

struct FoldConstantTranspose : RewritePattern {
  FoldConstantTranspose(MLIRContext *ctx, ControlFusionFn controlFn)
      : RewritePattern(MatchAnyOpTypeTag(), 1, ctx), controlFn(std::move(controlFn)) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    auto linalgOp = dyn_cast<LinalgOp>(op);
    if (!linalgOp || !linalgOp.hasPureTensorSemantics() || linalgOp.getNumDpsInits() != 1 ||
        op->getNumResults() != 1)
      return failure();
    auto outputType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!outputType)
      return failure();
    for (int64_t s : outputType.getShape())
      if (ShapedType::isDynamic(s))
        return failure();
    Type elementType = outputType.getElementType();
    for (Value v : op->getOperands()) {
      auto shaped = dyn_cast<ShapedType>(v.getType());
      if (!shaped || shaped.getElementType() != elementType)
        return failure();
    }
    if (!elementType.isIntOrFloat())
      return failure();
    SmallVector<AffineMap, 4> maps = linalgOp.getIndexingMapsArray();
    for (AffineMap map : maps)
      if (!map.isPermutation())
        return failure();
    if (linalgOp.payloadUsesValueFromOperand(linalgOp.getNumDpsInputs()))
      return failure();
    // matchIndexingMaps: one input, one init.
    if (maps.size() != 2)
      return failure();
    // The body only yields the input's element.
    Block *body = linalgOp.getBlock();
    if (!body || body->empty() || &body->front() != body->getTerminator() || !isa<YieldOp>(&body->front()))
      return failure();
    for (Value v : body->front().getOperands()) {
      auto arg = dyn_cast<BlockArgument>(v);
      if (!arg || arg.getOwner() != body || arg.getArgNumber() != 0)
        return failure();
    }
    Attribute input;
    if (!matchConstant(op->getOperand(0), &input))
      return failure();
    auto inputValues = dyn_cast_or_null<DenseIntOrFPElementsAttr>(input);
    if (!inputValues)
      return failure();
    if (!controlFn(&op->getOpOperand(0)))
      return failure();

    SmallVector<int64_t, 4> loopBounds = linalgOp.getStaticLoopRanges();
    int64_t numElements = 1;
    for (int64_t s : outputType.getShape())
      numElements *= s;
    auto dimPositions = [](AffineMap map) {
      std::vector<unsigned> dims;
      for (AffineExpr e : map.getResults())
        dims.push_back(cast<AffineDimExpr>(e).getPosition());
      return dims;
    };
    std::vector<unsigned> inputDims = dimPositions(maps[0]), outputDims = dimPositions(maps[1]);
    ArrayRef<int64_t> outputShape = outputType.getShape();
    ArrayRef<int64_t> inputShape = cast<ShapedType>(op->getOperand(0).getType()).getShape();
    size_t rank = loopBounds.size();
    std::vector<uint64_t> indices(rank, 0), srcIndices(rank, 0), dstIndices(rank, 0);
    // The flat index of the input and of the output of iteration `linear`.
    auto remap = [&](int64_t linear, uint64_t &src, uint64_t &dst) {
      int64_t count = linear;
      for (size_t d = rank; d-- > 0;) {
        indices[d] = uint64_t(count % loopBounds[d]);
        count /= loopBounds[d];
      }
      for (size_t d = 0; d < rank; ++d) {
        srcIndices[d] = indices[inputDims[d]];
        dstIndices[d] = indices[outputDims[d]];
      }
      src = rank ? srcIndices[0] : 0;
      dst = rank ? dstIndices[0] : 0;
      for (size_t d = 1; d < rank; ++d) {
        dst = dst * uint64_t(outputShape[d]) + dstIndices[d];
        src = src * uint64_t(inputShape[d]) + srcIndices[d];
      }
    };
    DenseElementsAttr outputAttr;
    if (isa<FloatType>(elementType)) {
      std::vector<APFloat> in = inputValues.getFloatValues();
      std::vector<APFloat> out(size_t(numElements), in.empty() ? APFloat(0.0f) : in.front());
      for (int64_t i = 0; i < numElements; ++i) {
        uint64_t src = 0, dst = 0;
        remap(i, src, dst);
        out[dst] = in[inputValues.isSplat() ? 0 : src];
      }
      outputAttr = DenseElementsAttr::get(outputType, ArrayRef<APFloat>(out));
    } else {
      std::vector<APInt> in = inputValues.getIntValues();
      std::vector<APInt> out(size_t(numElements), in.empty() ? APInt() : in.front());
      for (int64_t i = 0; i < numElements; ++i) {
        uint64_t src = 0, dst = 0;
        remap(i, src, dst);
        out[dst] = in[inputValues.isSplat() ? 0 : src];
      }
      outputAttr = DenseElementsAttr::get(outputType, ArrayRef<APInt>(out));
    }
    Operation *cst = rewriter.create(op->getLoc(), "arith.constant", ValueRange(), outputType,
                                     {NamedAttribute(rewriter.getStringAttr("value"), outputAttr)});
    rewriter.replaceOp(op, cst->getResults());
    return success();
  }

  ControlFusionFn controlFn;
};

} // namespace

void linalg::populateConstantFoldLinalgOperations(RewritePatternSet &patterns, const ControlFusionFn &controlFn) {
  patterns.add<FoldConstantTranspose>(patterns.getContext(), controlFn);
}
