//===- ParallelCombiningOpInterface.h - Terminators of parallel loops -----===//
//
// MLIR's InParallelOpInterface: the terminator of a parallel loop
// (scf.forall.in_parallel) whose single-block region holds the ops that
// combine each thread's values into the loop's results.
//
// ParallelCombiningOpInterface (the combining ops themselves,
// tensor.parallel_insert_slice) is not here yet: no dialect Lamina
// implements has such an op.
//
#pragma once

#include "lamina/IR/OpInterface.h"

namespace lamina {

namespace detail {
/// "expected single region op", "expected single block op region".
LogicalResult verifyInParallelOpInterface(Operation *op);
} // namespace detail

struct InParallelOpInterfaceConcept {
  /// Result `idx` of the parent loop.
  OpResult (*getParentResult)(Operation *op, int64_t idx) = nullptr;
  /// The ops of the region (those yielding values to combine).
  Block *(*getYieldingOpsBlock)(Operation *op) = nullptr;
};

/// The terminator of a parallel loop.
class InParallelOpInterface : public OpInterface<InParallelOpInterface, InParallelOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "InParallelOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getParentResult)
      return "getParentResult";
    return c.getYieldingOpsBlock ? "" : "getYieldingOps";
  }
  static LogicalResult verifyTrait(Operation *op) { return detail::verifyInParallelOpInterface(op); }

  OpResult getParentResult(int64_t idx) const { return getImpl()->getParentResult(getOperation(), idx); }
  /// The ops yielding values to combine (the ops of the region's block).
  IteratorRange<Block::iterator> getYieldingOps() const {
    Block *block = getImpl()->getYieldingOpsBlock(getOperation());
    return {block->begin(), block->end()};
  }
};

} // namespace lamina
