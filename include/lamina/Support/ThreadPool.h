//===- ThreadPool.h - A fixed pool of worker threads ---------------------===//
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <queue>
#include <thread>
#include <vector>

namespace lamina {

/// A simple pool of worker threads running queued tasks. The workers start
/// with the first parallelFor: a context whose work never runs in parallel
/// (a small input) starts no thread.
class ThreadPool {
public:
  /// `numThreads` workers; 0: one per hardware thread but one (at least
  /// one), the caller of parallelFor being the other.
  explicit ThreadPool(unsigned numThreads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;

  unsigned getThreadCount() const { return numWorkers; }
  /// Runs fn(i) for i in [begin, end) across the pool and the caller; returns
  /// when all calls are done.
  void parallelFor(size_t begin, size_t end, const std::function<void(size_t)> &fn);

private:
  void workerLoop();
  unsigned numWorkers;
  std::vector<std::thread> workers;
  std::queue<std::function<void()>> tasks;
  std::mutex mutex;
  std::condition_variable cv;
  bool stopping = false;
};

} // namespace lamina
