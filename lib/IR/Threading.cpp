//===- Threading.cpp - Helpers of the parallel loops over IR --------------===//
#include "lamina/IR/Threading.h"

#include "lamina/IR/Operation.h"

using namespace lamina;

void lamina::prefetchOpLists(ArrayRef<Operation *> ops) {
  // One cursor per op list being walked; lists found on the way (nested
  // regions) join while there is room.
  Operation *cursors[64];
  size_t n = 0;
  auto addRegions = [&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty() && n < std::size(cursors))
          cursors[n++] = &block.front();
  };
  for (Operation *op : ops)
    addRegions(op);
  // The count keeps the compiler from dropping loads nothing else reads.
  size_t visited = 0;
  while (n) {
    for (size_t i = 0; i < n;) {
      Operation *op = cursors[i];
      if (op->getNumRegions())
        addRegions(op);
      if (Operation *next = op->getNextNode()) {
        cursors[i++] = next;
        ++visited;
        continue;
      }
      cursors[i] = cursors[--n];
    }
  }
  volatile size_t sink = visited;
  (void)sink;
}
