//===- SliceAnalysis.cpp - Transitive users of a value --------------------===//
//
// An explicit-stack version of MLIR's recursive forward slice walk. A frame
// is an op being walked; its children (the ops directly nested in its
// regions, then the users of its results in use-list order) sit in one
// shared list above the children of the frames below it. An op enters the
// slice when all its children are done, and the slice is reversed at the
// end. `onPath` holds the ops of the current walk path (MLIR's `visited`),
// which stops cycles through graph regions.
//
//===----------------------------------------------------------------------===//

#include "lamina/Analysis/SliceAnalysis.h"

#include "lamina/Support/FlatHashMap.h"

#include <algorithm>

using namespace lamina;

void lamina::getForwardSlice(Value root, std::vector<Operation *> &slice) {
  struct Child {
    Operation *op;
    bool nested; // directly nested in the walked op (else a user of it)
  };
  struct Frame {
    Operation *op;
    size_t begin, next, end; // its children in `children`, the next to see
  };
  FlatHashSet<Operation *> inSlice, onPath;
  std::vector<Child> children;
  std::vector<Frame> stack;

  auto push = [&](Operation *op) {
    size_t begin = children.size();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          children.push_back({&nested, true});
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers())
        children.push_back({user, false});
    stack.push_back({op, begin, begin, children.size()});
  };

  for (Operation *user : root.getUsers()) {
    if (inSlice.contains(user))
      continue;
    onPath.insert(user);
    push(user);
    while (!stack.empty()) {
      Frame &frame = stack.back();
      if (frame.next == frame.end) {
        Operation *op = frame.op;
        children.resize(frame.begin);
        stack.pop_back();
        if (inSlice.insert(op))
          slice.push_back(op);
        onPath.erase(op);
        continue;
      }
      Child child = children[frame.next++];
      if (inSlice.contains(child.op)) {
        if (!child.nested)
          onPath.erase(child.op);
        continue;
      }
      if (child.nested) {
        onPath.insert(child.op);
        push(child.op);
        continue;
      }
      if (onPath.insert(child.op)) {
        push(child.op);
        continue;
      }
      // A user already on the walk path (a cycle in a graph region): MLIR
      // drops it from the path and carries on.
      onPath.erase(child.op);
    }
  }
  std::reverse(slice.begin(), slice.end());
}
