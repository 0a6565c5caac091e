//===- Threading.h - Parallel loops over IR with ordered diagnostics ------===//
//
// MLIR's parallelForEach / failableParallelForEach: run a function on every
// element, on the context's thread pool when multithreading is enabled.
// Diagnostics emitted by the calls are buffered per element and re-emitted
// in element order afterwards, so the output does not depend on scheduling.
//
#pragma once

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Support/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <iterator>

namespace lamina {

class Operation;

/// Loads the op lists of the regions of `ops` (and of the regions nested in
/// them, while there is room) into the cache by walking them side by side.
/// A first walk over op lists that are not cached waits for each op in turn
/// (each next pointer is in the op before it); walking many lists at once
/// keeps many of those loads in flight. Reads only; meant for the isolated
/// ops a thread is about to process.
void prefetchOpLists(ArrayRef<Operation *> ops);
/// How many ops the helpers below hand to prefetchOpLists at once.
constexpr size_t kPrefetchGroupSize = 32;
/// prefetchOpLists on `opAt(i)` for the first kPrefetchGroupSize indices i
/// of [begin, end) (`opAt` may give null to leave an index out).
template <typename OpAtT> void prefetchOpListsOf(size_t begin, size_t end, OpAtT &&opAt) {
  Operation *group[kPrefetchGroupSize];
  size_t n = 0;
  for (size_t i = begin; i < end && n < std::size(group); ++i)
    if (Operation *op = opAt(i))
      group[n++] = op;
  prefetchOpLists(ArrayRef<Operation *>(group, n));
}
/// Calls `func(i)` for each i of [begin, end) in order, on this thread, in
/// groups of kPrefetchGroupSize whose ops `opAt(i)` are prefetched first.
template <typename OpAtT, typename FuncT>
void forEachIndexPrefetched(size_t begin, size_t end, OpAtT &&opAt, FuncT &&func) {
  for (size_t first = begin; first < end; first += kPrefetchGroupSize) {
    size_t last = std::min(end, first + kPrefetchGroupSize);
    prefetchOpListsOf(first, last, opAt);
    for (size_t i = first; i < last; ++i)
      func(i);
  }
}

/// Calls `func(i)` for every i in [0, n). With multithreading enabled and
/// more than one element, the calls run on the context's thread pool (the
/// calling thread helps) and their diagnostics are replayed in index order.
template <typename FuncT> void parallelForEachIndex(MLIRContext *context, size_t n, FuncT &&func) {
  if (n == 0)
    return;
  if (!context->isMultithreadingEnabled() || n == 1) {
    for (size_t i = 0; i < n; ++i)
      func(i);
    return;
  }
  ParallelDiagnosticHandler handler(context);
  context->getThreadPool().parallelFor(0, n, [&](size_t i) {
    handler.setOrderIDForThread(i);
    func(i);
    handler.eraseOrderIDForThread();
  });
}

/// Calls `func(begin, end)` on contiguous ranges that cover [0, n),
/// `rangesPerThread` per thread that can run them (the caller's included),
/// in parallel on the context's thread pool; without multithreading, once
/// with [0, n). Diagnostics are not reordered: for work that emits none.
template <typename FuncT>
void parallelForRanges(MLIRContext *context, size_t n, size_t rangesPerThread, FuncT &&func) {
  if (n == 0)
    return;
  if (!context->isMultithreadingEnabled()) {
    func(size_t(0), n);
    return;
  }
  ThreadPool &pool = context->getThreadPool();
  size_t numRanges = std::min(n, std::max<size_t>(rangesPerThread, 1) * (pool.getThreadCount() + 1));
  pool.parallelFor(0, numRanges, [&](size_t r) { func(n * r / numRanges, n * (r + 1) / numRanges); });
}

/// Calls `func(element)` for each element of `range` (a random-access
/// container), possibly in parallel; see parallelForEachIndex.
template <typename RangeT, typename FuncT> void parallelForEach(MLIRContext *context, RangeT &&range, FuncT &&func) {
  parallelForEachIndex(context, size_t(std::size(range)), [&](size_t i) { func(range[i]); });
}

/// Like parallelForEach, but stops starting new calls once one fails;
/// returns failure if any call failed. Without multithreading, stops at the
/// first failure.
template <typename RangeT, typename FuncT>
LogicalResult failableParallelForEach(MLIRContext *context, RangeT &&range, FuncT &&func) {
  size_t n = size_t(std::size(range));
  if (!context->isMultithreadingEnabled() || n <= 1) {
    for (size_t i = 0; i < n; ++i)
      if (failed(func(range[i])))
        return failure();
    return success();
  }
  std::atomic<bool> processingFailed(false);
  parallelForEachIndex(context, n, [&](size_t i) {
    if (processingFailed.load(std::memory_order_relaxed))
      return;
    if (failed(func(range[i])))
      processingFailed.store(true, std::memory_order_relaxed);
  });
  return failure(processingFailed.load());
}

/// Like parallelForEachIndex, but the indices are taken in groups of
/// consecutive ones (up to kPrefetchGroupSize, fewer when n is small, so
/// that every thread gets many groups): the thread that takes [begin, end) calls
/// `beginGroup(begin, end)` first, then `func(i)` for each i in order.
/// Meant for prefetching what the group will touch (see prefetchOpLists).
/// Diagnostics are replayed in index order as with parallelForEachIndex.
template <typename GroupFnT, typename FuncT>
void parallelForEachIndexInGroups(MLIRContext *context, size_t n, GroupFnT &&beginGroup, FuncT &&func) {
  if (n == 0)
    return;
  bool threaded = context->isMultithreadingEnabled() && n > 1;
  size_t numThreads = threaded ? context->getThreadPool().getThreadCount() + 1 : 1;
  size_t groupSize = std::clamp<size_t>(n / (8 * numThreads), 1, kPrefetchGroupSize);
  size_t numGroups = (n + groupSize - 1) / groupSize;
  if (!threaded) {
    for (size_t g = 0; g < numGroups; ++g) {
      size_t begin = g * groupSize, end = std::min(n, begin + groupSize);
      beginGroup(begin, end);
      for (size_t i = begin; i < end; ++i)
        func(i);
    }
    return;
  }
  ParallelDiagnosticHandler handler(context);
  context->getThreadPool().parallelFor(0, numGroups, [&](size_t g) {
    size_t begin = g * groupSize, end = std::min(n, begin + groupSize);
    beginGroup(begin, end);
    for (size_t i = begin; i < end; ++i) {
      handler.setOrderIDForThread(i);
      func(i);
      handler.eraseOrderIDForThread();
    }
  });
}

} // namespace lamina
