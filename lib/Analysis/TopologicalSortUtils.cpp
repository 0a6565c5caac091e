//===- TopologicalSortUtils.cpp - Dominance-respecting orders -------------===//

#include "lamina/Analysis/TopologicalSortUtils.h"

#include "lamina/Support/FlatHashMap.h"

#include <algorithm>

using namespace lamina;

void lamina::getBlocksSortedByDominance(Region &region, std::vector<Block *> &blocks) {
  FlatHashSet<Block *> listed;
  // Blocks seen by the current traversal: each traversal starts afresh
  // (LLVM's ReversePostOrderTraversal has its own visited set), so a
  // generation number stands for clearing.
  FlatHashMap<Block *, unsigned> seenIn;
  unsigned generation = 0;
  struct Frame {
    Block *block;
    unsigned nextSuccessor, numSuccessors;
  };
  std::vector<Frame> stack;
  std::vector<Block *> postOrder;
  // Successors as MLIR's SuccessorRange: none in a single-block region.
  bool singleBlock = region.hasOneBlock();
  auto numSuccessors = [&](Block *b) { return singleBlock ? 0u : b->getNumSuccessors(); };
  for (Block &start : region) {
    if (listed.contains(&start))
      continue;
    ++generation;
    postOrder.clear();
    seenIn[&start] = generation;
    stack.push_back({&start, 0, numSuccessors(&start)});
    while (!stack.empty()) {
      Frame &frame = stack.back();
      if (frame.nextSuccessor < frame.numSuccessors) {
        Block *succ = frame.block->getSuccessor(frame.nextSuccessor++);
        unsigned &seen = seenIn[succ];
        if (seen != generation) {
          seen = generation;
          stack.push_back({succ, 0, numSuccessors(succ)});
        }
        continue;
      }
      postOrder.push_back(frame.block);
      stack.pop_back();
    }
    for (auto it = postOrder.rbegin(); it != postOrder.rend(); ++it)
      if (listed.insert(*it))
        blocks.push_back(*it);
  }
}

void lamina::topologicalSort(std::vector<Operation *> &ops) {
  if (ops.size() <= 1)
    return;
  // Ops of one block: the walk visits them in block order.
  Block *block = ops.front()->getBlock();
  if (block && std::all_of(ops.begin(), ops.end(), [&](Operation *op) { return op->getBlock() == block; })) {
    std::sort(ops.begin(), ops.end(), [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
    return;
  }
  FlatHashSet<Operation *> toSort;
  for (Operation *op : ops)
    toSort.insert(op);

  // The closest common ancestor region, and the regions and blocks on the
  // way to it (MLIR counts, per region, the ops below it).
  FlatHashMap<Region *, size_t> regionCounts;
  FlatHashSet<Block *> ancestorBlocks;
  Region *root = nullptr;
  for (Operation *op : ops) {
    Region *current = op->getParentRegion();
    ancestorBlocks.insert(op->getBlock());
    while (current) {
      if (++regionCounts[current] == ops.size()) {
        root = current;
        break;
      }
      ancestorBlocks.insert(current->getParentOp()->getBlock());
      current = current->getParentRegion();
    }
  }
  if (!root)
    return;

  // A pre-order walk from the root: blocks in dominance order, ops in block
  // order, then the ancestor regions nested in each op.
  struct Item {
    enum Kind { RegionItem, BlockItem, OpItem } kind;
    void *ptr;
  };
  std::vector<Item> stack{{Item::RegionItem, root}};
  std::vector<Operation *> result;
  result.reserve(ops.size());
  std::vector<Block *> sortedBlocks;
  while (!stack.empty()) {
    Item item = stack.back();
    stack.pop_back();
    if (item.kind == Item::RegionItem) {
      sortedBlocks.clear();
      getBlocksSortedByDominance(*static_cast<Region *>(item.ptr), sortedBlocks);
      for (auto it = sortedBlocks.rbegin(); it != sortedBlocks.rend(); ++it)
        if (ancestorBlocks.contains(*it))
          stack.push_back({Item::BlockItem, *it});
      continue;
    }
    if (item.kind == Item::BlockItem) {
      Block *block = static_cast<Block *>(item.ptr);
      for (auto it = block->rbegin(); it != block->rend(); ++it)
        stack.push_back({Item::OpItem, &*it});
      continue;
    }
    Operation *op = static_cast<Operation *>(item.ptr);
    if (toSort.contains(op))
      result.push_back(op);
    for (Region &region : op->getRegions())
      if (regionCounts.contains(&region))
        stack.push_back({Item::RegionItem, &region});
  }
  ops = std::move(result);
}
