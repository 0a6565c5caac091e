//===- TestMemRefDependenceCheck.cpp - Remarks on memref dependences ------===//
//
// test-memref-dependence-check (mlir-opt's test pass): for every ordered
// pair of affine loads/stores and every depth from 1 to their common loops
// + 1, a remark on the first op "dependence from I to J at depth D = ..."
// with false, true, or the direction vector ([lb, ub] per common loop).
//
#include "lamina/Dialect/Affine/AffineAnalysis.h"
#include "lamina/Dialect/Affine/Passes.h"

#include "lamina/IR/Diagnostics.h"

#include <string>

using namespace lamina;
using namespace lamina::affine;

namespace {

std::string getDirectionVectorStr(bool ret, unsigned numCommonLoops, unsigned loopNestDepth,
                                  const std::vector<DependenceComponent> &components) {
  if (!ret)
    return "false";
  if (components.empty() || loopNestDepth > numCommonLoops)
    return "true";
  std::string result;
  for (const DependenceComponent &c : components) {
    std::string lb = c.lb ? std::to_string(*c.lb) : "-inf";
    std::string ub = c.ub ? std::to_string(*c.ub) : "+inf";
    result += "[" + lb + ", " + ub + "]";
  }
  return result;
}

struct TestMemRefDependenceCheckPass : impl::TestMemRefDependenceCheckBase<TestMemRefDependenceCheckPass> {
  void runOnOperation() override {
    std::vector<Operation *> accesses;
    getOperation()->walk([&](Operation *op) {
      if (isa<AffineLoadOp>(op) || isa<AffineStoreOp>(op))
        accesses.push_back(op);
    });
    for (unsigned i = 0, e = unsigned(accesses.size()); i < e; ++i) {
      Operation *srcOp = accesses[i];
      MemRefAccess srcAccess(srcOp);
      for (unsigned j = 0; j < e; ++j) {
        Operation *dstOp = accesses[j];
        MemRefAccess dstAccess(dstOp);
        unsigned numCommonLoops = getNumCommonSurroundingLoops(*srcOp, *dstOp);
        for (unsigned d = 1; d <= numCommonLoops + 1; ++d) {
          std::vector<DependenceComponent> components;
          DependenceResult result = checkMemrefAccessDependence(srcAccess, dstAccess, d, &components);
          if (result == DependenceResult::Failure) {
            (void)srcOp->emitError("dependence check failed");
            continue;
          }
          bool ret = result == DependenceResult::HasDependence;
          srcOp->emitRemark("dependence from ")
              << i << " to " << j << " at depth " << d << " = "
              << getDirectionVectorStr(ret, numCommonLoops, d, components);
        }
      }
    }
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createTestMemRefDependenceCheckPass() {
  return std::make_unique<TestMemRefDependenceCheckPass>();
}
