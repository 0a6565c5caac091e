//===- ParallelLoopMapper.cpp - scf.parallel loops onto GPU ids ------------===//
//
// gpu-map-parallel-loops (MLIR 22's GpuMapParallelLoopsPass, on func.func):
// every outermost unmapped scf.parallel maps its first three dimensions to
// the block ids, the scf.parallel ops directly in its body to the thread
// ids, and those below to sequential loops (dimensions past the third are
// sequential too), as `mapping` attributes of #gpu.loop_dim_map; with
// mapping-policy=innermost-first the innermost dimension takes x.
//
#include "lamina/Dialect/GPU/Passes.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"

#include <vector>

using namespace lamina;
using namespace lamina::gpu;

namespace {

enum MappingLevel { MapGrid = 0, MapBlock = 1, Sequential = 2 };

Processor hardwareId(MappingLevel level, int dim) {
  if (dim >= 3 || level == Sequential)
    return Processor::Sequential;
  if (level == MapGrid)
    return Processor(uint64_t(Processor::BlockX) + uint64_t(dim));
  return Processor(uint64_t(Processor::ThreadX) + uint64_t(dim));
}

bool isParallel(Operation *op) { return op->getName().getStringRef() == "scf.parallel"; }

/// mapParallelOp, with an explicit stack over the immediately nested loops.
void mapParallelOp(Operation *root, bool innermostFirst) {
  MLIRContext *ctx = root->getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, ctx);
  std::vector<std::pair<Operation *, MappingLevel>> stack = {{root, MapGrid}};
  while (!stack.empty()) {
    auto [op, level] = stack.back();
    stack.pop_back();
    // Mapped loops stay; a loop nested in another is mapped from there.
    if (op->getAttr("mapping"))
      continue;
    if (level == MapGrid) {
      bool nested = false;
      for (Operation *p = op->getParentOp(); p && !nested; p = p->getParentOp())
        nested = isParallel(p);
      if (nested)
        continue;
    }
    Block &body = op->getRegion(0).front();
    int numLoops = int(body.getNumArguments());
    int loopsToMap = std::min(numLoops, 3);
    std::vector<Attribute> attrs;
    for (int i = 0; i < numLoops; ++i) {
      int hw = 3;
      if (i < loopsToMap)
        hw = innermostFirst ? loopsToMap - 1 - i : i;
      attrs.push_back(ParallelLoopDimMappingAttr::get(ctx, hardwareId(level, hw), identity, identity));
    }
    op->setAttr("mapping", ArrayAttr::get(ctx, attrs));
    MappingLevel next = level == Sequential ? Sequential : MappingLevel(level + 1);
    std::vector<Operation *> nested;
    for (Operation &child : body)
      if (isParallel(&child))
        nested.push_back(&child);
    for (auto it = nested.rbegin(); it != nested.rend(); ++it)
      stack.push_back({*it, next});
  }
}

struct GpuMapParallelLoops : lamina::impl::GpuMapParallelLoopsPassBase<GpuMapParallelLoops> {
  void getDependentDialects(DialectRegistry &registry) const override { registry.insert<GPUDialect>(); }
  void runOnOperation() override {
    std::string_view policy = mappingPolicyStr.getValue();
    if (policy != "outermost-first" && policy != "innermost-first") {
      getOperation()->emitError() << "Invalid mapping policy specified.";
      return signalPassFailure();
    }
    bool innermostFirst = policy == "innermost-first";
    std::vector<Operation *> loops;
    for (Region &region : getOperation()->getRegions())
      for (Block &block : region)
        for (Operation &op : block)
          op.walk<WalkOrder::PreOrder>([&](Operation *nested) {
            if (isParallel(nested))
              loops.push_back(nested);
          });
    for (Operation *loop : loops)
      mapParallelOp(loop, innermostFirst);
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createGpuMapParallelLoopsPassPass() { return std::make_unique<GpuMapParallelLoops>(); }
