//===- ThreadPool.cpp - A fixed pool of worker threads -------------------===//
#include "lamina/Support/ThreadPool.h"

#include <atomic>
#include <memory>

using namespace lamina;

// By default a worker per hardware thread but one: parallelFor's caller works
// too, and a third thread on two cores only adds switches and, with a
// per-thread allocator heap, resident memory (on bench/compare.py's 20 MB
// inputs ~4 MB of peak memory, no time).
ThreadPool::ThreadPool(unsigned numThreads)
    : numWorkers(numThreads ? numThreads : std::max(2u, std::thread::hardware_concurrency()) - 1) {}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  cv.notify_all();
  for (auto &t : workers)
    t.join();
}

void ThreadPool::workerLoop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mutex);
      cv.wait(lock, [&] { return stopping || !tasks.empty(); });
      if (stopping && tasks.empty())
        return;
      task = std::move(tasks.front());
      tasks.pop();
    }
    task();
  }
}

void ThreadPool::parallelFor(size_t begin, size_t end, const std::function<void(size_t)> &fn) {
  if (begin >= end)
    return;
  struct Shared {
    std::atomic<size_t> next;
    std::atomic<size_t> done{0};
    std::mutex m;
    std::condition_variable cv;
  };
  auto shared = std::make_shared<Shared>();
  shared->next = begin;
  size_t total = end - begin;
  auto work = [shared, end, total, &fn] {
    for (;;) {
      size_t i = shared->next.fetch_add(1);
      if (i >= end)
        return;
      fn(i);
      if (shared->done.fetch_add(1) + 1 == total) {
        std::lock_guard<std::mutex> lock(shared->m);
        shared->cv.notify_all();
      }
    }
  };
  size_t helpers = std::min<size_t>(numWorkers, total - 1);
  if (helpers) {
    std::lock_guard<std::mutex> lock(mutex);
    if (workers.empty())
      for (unsigned i = 0; i < numWorkers; ++i)
        workers.emplace_back([this] { workerLoop(); });
    for (size_t i = 0; i < helpers; ++i)
      tasks.push(work);
  }
  if (helpers)
    cv.notify_all();
  work();
  std::unique_lock<std::mutex> lock(shared->m);
  shared->cv.wait(lock, [&] { return shared->done.load() == total; });
}
