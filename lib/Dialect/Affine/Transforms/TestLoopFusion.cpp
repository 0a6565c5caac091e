//===- TestLoopFusion.cpp - mlir-opt's test pass of affine loop fusion ----===//
//
// test-loop-fusion (mlir-opt's TestLoopFusion on func.func). Implemented:
// test-loop-fusion-dependence-check: for every ordered pair of distinct
// affine.for ops at the same nesting depth, and each depth from theirs + 1
// to the deepest, a remark "block-level dependence preventing fusion of loop
// nest I into loop nest J at depth D" where MLIR's canFuseLoops fails for
// want of an insertion point that keeps the block's dependences (the
// slice-computation and transformation modes are not implemented: the pass
// then leaves the IR alone).
//
#include "lamina/Dialect/Affine/AffineMemoryOpInterfaces.h"
#include "lamina/Dialect/Affine/Passes.h"

#include "lamina/IR/Block.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Region.h"

#include <algorithm>
#include <map>
#include <vector>

using namespace lamina;
using namespace lamina::affine;

namespace {

/// The affine.for ops of `func` grouped by nesting depth (through
/// affine.for bodies only), each depth in pre-order (MLIR's gatherLoops).
std::vector<std::vector<Operation *>> gatherLoops(Operation *func) {
  std::vector<std::vector<Operation *>> depthToLoops;
  struct Frame {
    Block *block;
    Block::iterator it;
    unsigned depth;
  };
  std::vector<Frame> stack;
  for (Block &block : func->getRegion(0))
    stack.push_back({&block, block.begin(), 0});
  std::reverse(stack.begin(), stack.end());
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (f.depth == depthToLoops.size())
      depthToLoops.emplace_back();
    if (f.it == f.block->end()) {
      stack.pop_back();
      continue;
    }
    Operation *op = &*f.it;
    ++f.it;
    if (isa<AffineForOp>(op)) {
      unsigned depth = f.depth;
      depthToLoops[depth].push_back(op);
      Block &body = op->getRegion(0).front();
      stack.push_back({&body, body.begin(), depth + 1});
    }
  }
  if (!depthToLoops.empty() && depthToLoops.back().empty())
    depthToLoops.pop_back();
  return depthToLoops;
}

/// The memrefs the loads and stores under `op` access, each mapped to
/// whether one of the accesses is a store.
std::map<const void *, bool> collectAccesses(Operation *op) {
  std::map<const void *, bool> values;
  op->walk([&](Operation *inner) {
    if (auto read = dyn_cast<AffineReadOpInterface>(inner))
      values.emplace(read.getMemRef().getAsOpaquePointer(), false);
    else if (auto write = dyn_cast<AffineWriteOpInterface>(inner))
      values[write.getMemRef().getAsOpaquePointer()] = true;
  });
  return values;
}

/// Whether `op` is a load of a memref `values` stores, or a store to a
/// memref `values` accesses.
bool isDependentLoadOrStoreOp(Operation *op, const std::map<const void *, bool> &values) {
  if (auto read = dyn_cast<AffineReadOpInterface>(op)) {
    auto it = values.find(read.getMemRef().getAsOpaquePointer());
    return it != values.end() && it->second;
  }
  if (auto write = dyn_cast<AffineWriteOpInterface>(op))
    return values.count(write.getMemRef().getAsOpaquePointer()) != 0;
  return false;
}

/// The first op strictly between `opA` and `opB` that depends on `opA`.
Operation *getFirstDependentOpInRange(Operation *opA, Operation *opB) {
  std::map<const void *, bool> values = collectAccesses(opA);
  for (Operation *opX = opA->getNextNode(); opX && opX != opB; opX = opX->getNextNode()) {
    bool found = false;
    opX->walk([&](Operation *op) { found = found || isDependentLoadOrStoreOp(op, values); });
    if (found)
      return opX;
  }
  return nullptr;
}

/// The last op strictly between `opA` and `opB` on which `opB` depends
/// (through memory, or through a value used inside `opB`).
Operation *getLastDependentOpInRange(Operation *opA, Operation *opB) {
  std::map<const void *, bool> values = collectAccesses(opB);
  for (Operation *opX = opB->getPrevNode(); opX && opX != opA; opX = opX->getPrevNode()) {
    bool found = false;
    opX->walk([&](Operation *op) {
      if (found)
        return;
      if (isa<AffineReadOpInterface>(op) || isa<AffineWriteOpInterface>(op)) {
        found = isDependentLoadOrStoreOp(op, values);
        return;
      }
      for (Value result : op->getResults())
        for (OpOperand &use : result.getUses())
          for (Operation *cur = use.getOwner()->getParentOp(); cur && !found; cur = cur->getParentOp())
            found = cur == opB;
    });
    if (found)
      return opX;
  }
  return nullptr;
}

/// Whether a fused nest has a place in the block that keeps its dependences
/// (MLIR's getFusedLoopNestInsertionPoint is not null).
bool hasFusedLoopNestInsertionPoint(Operation *src, Operation *dst) {
  bool srcFirst = src->isBeforeInBlock(dst);
  Operation *opA = srcFirst ? src : dst;
  Operation *opB = srcFirst ? dst : src;
  Operation *firstDepOpA = getFirstDependentOpInRange(opA, opB);
  Operation *lastDepOpB = getLastDependentOpInRange(opA, opB);
  if (firstDepOpA && lastDepOpB && (firstDepOpA->isBeforeInBlock(lastDepOpB) || firstDepOpA == lastDepOpB))
    return false;
  return true;
}

struct TestLoopFusionPass : impl::TestLoopFusionBase<TestLoopFusionPass> {
  void runOnOperation() override {
    if (testLoopFusionTransformation || !testDependenceCheck)
      return;
    std::vector<std::vector<Operation *>> depthToLoops = gatherLoops(getOperation());
    unsigned maxLoopDepth = unsigned(depthToLoops.size());
    for (unsigned loopDepth = 0; loopDepth < maxLoopDepth; ++loopDepth) {
      std::vector<Operation *> &loops = depthToLoops[loopDepth];
      for (unsigned j = 0; j < loops.size(); ++j) {
        for (unsigned k = 0; k < loops.size(); ++k) {
          if (j == k)
            continue;
          Operation *src = loops[j], *dst = loops[k];
          for (unsigned d = loopDepth + 1; d <= maxLoopDepth; ++d) {
            // canFuseLoops: loops of different blocks fail as preconditions.
            if (src->getBlock() != dst->getBlock())
              continue;
            if (!hasFusedLoopNestInsertionPoint(src, dst))
              (void)(src->emitRemark("block-level dependence preventing fusion of loop nest ")
                     << j << " into loop nest " << k << " at depth " << loopDepth);
          }
        }
      }
    }
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createTestLoopFusionPass() { return std::make_unique<TestLoopFusionPass>(); }
