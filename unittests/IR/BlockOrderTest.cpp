//===- BlockOrderTest.cpp - Op order indices within a block ---------------===//
//
// isBeforeInBlock keeps a valid order across insertions (spaced indices,
// MLIR's scheme): after any mix of insertions at the front, the back, in
// the middle, removals and moves, it agrees with the list order.
//
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Operation.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace lamina;

namespace {

struct BlockOrderTest : public ::testing::Test {
  BlockOrderTest() {
    ctx.getOrLoadDialect<BuiltinDialect>();
    ctx.allowUnregisteredDialects();
  }
  Operation *create() {
    OperationState state(UnknownLoc::get(&ctx), "bo.op");
    return Operation::create(state);
  }
  /// Checks isBeforeInBlock against the list order for every pair.
  void expectConsistent(Block &block) {
    std::vector<Operation *> ops;
    for (Operation &op : block)
      ops.push_back(&op);
    for (size_t i = 0; i < ops.size(); ++i)
      for (size_t j = 0; j < ops.size(); ++j)
        ASSERT_EQ(ops[i]->isBeforeInBlock(ops[j]), i < j) << i << " " << j;
  }
  MLIRContext ctx{MLIRContext::Threading::DISABLED};
};

TEST_F(BlockOrderTest, InsertionsKeepTheOrder) {
  Block block;
  std::mt19937 rng(7);
  std::vector<Operation *> ops;
  for (int i = 0; i < 4; ++i) {
    ops.push_back(create());
    block.push_back(ops.back());
  }
  expectConsistent(block);
  for (int round = 0; round < 300; ++round) {
    Operation *op = create();
    switch (rng() % 4) {
    case 0:
      block.push_front(op);
      break;
    case 1:
      block.push_back(op);
      break;
    default: {
      // Between two neighbours, often the same gap again and again.
      Operation *anchor = ops[round % 3 == 0 ? 1 : rng() % ops.size()];
      block.insert(Block::iterator(anchor), op);
      break;
    }
    }
    ops.push_back(op);
    if (round % 7 == 0)
      expectConsistent(block);
    if (round % 11 == 0) {
      // Move an op elsewhere.
      Operation *moved = ops[rng() % ops.size()];
      Operation *before = ops[rng() % ops.size()];
      if (moved != before)
        moved->moveBefore(before);
      expectConsistent(block);
    }
  }
  expectConsistent(block);
  // Fill one gap until it runs out: the order is recomputed.
  Operation *first = &block.front();
  Operation *second = first->getNextNode();
  for (int i = 0; i < 40; ++i)
    block.insert(Block::iterator(second), create());
  expectConsistent(block);
}

} // namespace
