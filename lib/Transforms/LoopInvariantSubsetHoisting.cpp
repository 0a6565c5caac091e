//===- LoopInvariantSubsetHoisting.cpp - Hoisting loop-invariant subsets --===//
//
// MLIR's `loop-invariant-subset-hoisting` walks the loops innermost first
// and, for each region iter_arg, follows its use-def chain to the loop's
// yield: when every op on it is a subset extraction or insertion
// (SubsetOpInterface: tensor.extract_slice/insert_slice, vector transfers)
// and an extraction/insertion pair works on a loop-invariant subset that no
// other subset op on the chain overlaps, the pair moves around the loop,
// which gains an iter_arg for the extracted value.
//
// No op of Lamina's dialects implements SubsetOpInterface (none of the seven
// core dialects has subset ops; tensor and vector do not attach it yet), so
// every chain stops at its first op that is not the yield and nothing is
// hoisted: the pass leaves the IR unchanged, as mlir-opt does on these
// dialects. Hoisting lands with the first subset op.
//
#include "lamina/Transforms/Passes.h"

using namespace lamina;

namespace {
struct LoopInvariantSubsetHoistingPass : impl::LoopInvariantSubsetHoistingBase<LoopInvariantSubsetHoistingPass> {
  void runOnOperation() override {}
};
} // namespace

std::unique_ptr<Pass> lamina::createLoopInvariantSubsetHoistingPass() {
  return std::make_unique<LoopInvariantSubsetHoistingPass>();
}
