//===- TestLoopPermutation.cpp - mlir-opt's test pass of loop permutation -===//
//
// test-loop-permutation (mlir-opt's TestLoopPermutation): every maximal
// perfect nest of affine.for ops (found in post-order) with as many loops as
// permutation-map has entries, and at least two, is permuted: loop i goes to
// depth permutation-map[i] (MLIR's permuteLoops: the loops move with their
// bounds, the innermost body goes to the new innermost loop).
//
#include "lamina/Dialect/Affine/Passes.h"

#include "lamina/IR/Block.h"
#include "lamina/IR/Region.h"

#include <algorithm>
#include <vector>

using namespace lamina;
using namespace lamina::affine;

namespace {

Block &bodyOf(Operation *forOp) { return forOp->getRegion(0).front(); }

/// The loops of the perfect nest rooted at `root`, outermost first.
std::vector<Operation *> getPerfectlyNestedLoops(Operation *root) {
  std::vector<Operation *> loops;
  Operation *cur = root;
  while (true) {
    loops.push_back(cur);
    Block &body = bodyOf(cur);
    auto it = body.begin();
    if (it == body.end())
      break;
    Operation &first = *it;
    ++it;
    if (it == body.end() || &*it != body.getTerminator() || !isa<AffineForOp>(&first))
      break;
    cur = &first;
  }
  return loops;
}

/// Whether `permMap` is a permutation of [0, n).
bool isPermutation(std::vector<unsigned> permMap) {
  std::sort(permMap.begin(), permMap.end());
  for (unsigned i = 0; i < permMap.size(); ++i)
    if (permMap[i] != i)
      return false;
  return true;
}

void permuteLoops(const std::vector<Operation *> &input, const std::vector<unsigned> &permMap) {
  unsigned n = unsigned(input.size());
  std::vector<Operation *> permuted(n);
  for (unsigned i = 0; i < n; ++i)
    permuted[permMap[i]] = input[i];
  // The innermost body moves to the new innermost loop.
  if (permuted.back() != input.back()) {
    Block &src = bodyOf(input.back());
    Block &dst = bodyOf(permuted.back());
    std::vector<Operation *> ops;
    for (Operation &op : src)
      if (&op != src.getTerminator())
        ops.push_back(&op);
    Operation *insertBefore = &*dst.begin();
    for (Operation *op : ops)
      op->moveBefore(insertBefore);
  }
  // Take the inner loops out, in front of the root, then nest them again in
  // the new order.
  for (unsigned i = n; i-- > 1;)
    input[i]->moveBefore(input[0]);
  for (unsigned p = n; p-- > 1;) {
    Block &parentBody = bodyOf(permuted[p - 1]);
    permuted[p]->moveBefore(&*parentBody.begin());
  }
}

struct TestLoopPermutationPass : impl::TestLoopPermutationBase<TestLoopPermutationPass> {
  void runOnOperation() override {
    std::vector<unsigned> permMap(permList.begin(), permList.end());
    if (!isPermutation(permMap))
      return;
    std::vector<Operation *> forOps;
    getOperation()->walk([&](Operation *op) {
      if (isa<AffineForOp>(op))
        forOps.push_back(op);
    });
    for (Operation *forOp : forOps) {
      std::vector<Operation *> nest = getPerfectlyNestedLoops(forOp);
      if (nest.size() >= 2 && nest.size() == permMap.size())
        permuteLoops(nest, permMap);
    }
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createTestLoopPermutationPass() {
  return std::make_unique<TestLoopPermutationPass>();
}
