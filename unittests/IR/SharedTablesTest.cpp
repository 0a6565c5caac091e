//===- SharedTablesTest.cpp - Shared trait/interface tables, shared pools -===//
//
// Operation names copy their trait and interface tables from a process-wide
// record into each context that loads their dialect; the copies share the
// elements until one changes. Contexts made one after another may share a
// thread pool, whose workers start with its first parallel loop.
//
#include "lamina/IR/InterfaceSupport.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Support/ThreadPool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>

using namespace lamina;

namespace {

struct TagA {};
struct TagB {};
struct TagC {};

TEST(SharedTables, TraitSetCopiesChangeApart) {
  TraitSet original;
  original.insert(TypeID::get<TagA>());
  TraitSet copy = original;
  EXPECT_TRUE(copy.contains(TypeID::get<TagA>()));
  copy.insert(TypeID::get<TagB>());
  EXPECT_TRUE(copy.contains(TypeID::get<TagB>()));
  EXPECT_FALSE(original.contains(TypeID::get<TagB>()));
  original.insert(TypeID::get<TagC>());
  EXPECT_FALSE(copy.contains(TypeID::get<TagC>()));
  EXPECT_EQ(original.getIDs().size(), 2u);
  EXPECT_EQ(copy.getIDs().size(), 2u);
  // A moved-from set is empty.
  TraitSet moved = std::move(copy);
  EXPECT_TRUE(moved.contains(TypeID::get<TagB>()));
  EXPECT_TRUE(copy.getIDs().empty()); // NOLINT(bugprone-use-after-move)
  EXPECT_FALSE(copy.contains(TypeID::get<TagA>()));
  copy = moved;
  // Inserting what is there changes nothing.
  copy.insert(TypeID::get<TagA>());
  EXPECT_EQ(copy.getIDs().size(), 2u);
  EXPECT_TRUE(TraitSet().getIDs().empty());
}

TEST(SharedTables, InterfaceMapCopiesChangeApart) {
  static const int conceptA = 1, conceptB = 2, conceptA2 = 3;
  InterfaceMap original;
  original.insert(TypeID::get<TagA>(), &conceptA, /*fastSlot=*/0);
  InterfaceMap copy = original;
  EXPECT_EQ(copy.lookup(TypeID::get<TagA>()), &conceptA);
  EXPECT_EQ(copy.lookupFast(0), &conceptA);
  // Replacing an entry of a copy leaves the original's.
  copy.insert(TypeID::get<TagA>(), &conceptA2, 0);
  copy.insert(TypeID::get<TagB>(), &conceptB);
  EXPECT_EQ(copy.lookup(TypeID::get<TagA>()), &conceptA2);
  EXPECT_EQ(copy.lookupFast(0), &conceptA2);
  EXPECT_EQ(original.lookup(TypeID::get<TagA>()), &conceptA);
  EXPECT_EQ(original.lookupFast(0), &conceptA);
  EXPECT_EQ(original.lookup(TypeID::get<TagB>()), nullptr);
  EXPECT_EQ(copy.getEntries().size(), 2u);
  EXPECT_EQ(original.getEntries().size(), 1u);
  EXPECT_TRUE(InterfaceMap().empty());
}

TEST(SharedTables, ThreadPoolStartsWorkersWhenNeeded) {
  ThreadPool pool(1);
  EXPECT_EQ(pool.getThreadCount(), 1u);
  // One item: done by the caller alone.
  std::thread::id ran;
  pool.parallelFor(0, 1, [&](size_t) { ran = std::this_thread::get_id(); });
  EXPECT_EQ(ran, std::this_thread::get_id());
  std::atomic<int> sum(0);
  pool.parallelFor(0, 100, [&](size_t i) { sum += int(i); });
  EXPECT_EQ(sum.load(), 4950);
}

TEST(SharedTables, ContextsShareAPool) {
  ThreadPool pool(1);
  for (int run = 0; run < 3; ++run) {
    MLIRContext context(MLIRContext::Threading::DISABLED);
    EXPECT_FALSE(context.isMultithreadingEnabled());
    context.setThreadPool(pool);
    EXPECT_TRUE(context.isMultithreadingEnabled());
    EXPECT_EQ(&context.getThreadPool(), &pool);
    std::atomic<int> count(0);
    context.getThreadPool().parallelFor(0, 64, [&](size_t) { ++count; });
    EXPECT_EQ(count.load(), 64);
  }
}

} // namespace
