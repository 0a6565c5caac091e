//===- AffineLoopInvariantCodeMotion.cpp - Hoisting from affine.for --------===//
//
// affine-loop-invariant-code-motion (MLIR 22's AffineLoopInvariantCodeMotion):
// every affine.for, innermost first, has the ops of its body that do not
// depend on it moved in front of it, in order. An op is invariant when it
// uses neither the induction variable nor an iter_arg nor a result of a body
// op that stays; affine.if/for/parallel ops when every op nested in them is;
// affine loads and stores when no other access to their memref in the loop
// writes it (or, for a store, reads it). (Unsound without alias analysis,
// and moving side effects out of loops that may not run, as MLIR 22's pass.)
//
#include "lamina/Dialect/Affine/Passes.h"

#include "lamina/Dialect/Affine/AffineMemoryOpInterfaces.h"
#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"

#include <algorithm>
#include <unordered_set>
#include <vector>

using namespace lamina;
using namespace lamina::affine;

namespace {

using OpSet = std::unordered_set<Operation *>;

bool isAffineFor(Operation *op) { return op->getName().getStringRef() == "affine.for"; }

/// The affine.for ops around `op`, outermost first (getAffineForIVs).
std::vector<Operation *> getEnclosingFors(Operation *op) {
  std::vector<Operation *> loops;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isAffineFor(p))
      loops.push_back(p);
  std::reverse(loops.begin(), loops.end());
  return loops;
}

/// The checks of a memory access op `op` against the other accesses to its
/// memref inside `loop`.
bool isAccessInvariant(Operation *op, Operation *loop) {
  auto read = dyn_cast<AffineReadOpInterface>(op);
  Value memref = read ? read.getMemRef() : cast<AffineWriteOpInterface>(op).getMemRef();
  bool isWrite = isa<AffineWriteOpInterface>(op);
  for (Operation *user : memref.getUsers()) {
    if (user == op)
      continue;
    if (!(hasEffect<MemoryEffects::Write>(user, memref) || (hasEffect<MemoryEffects::Read>(user, memref) && isWrite)))
      continue;
    std::vector<Operation *> userLoops = getEnclosingFors(user);
    if (std::find(userLoops.begin(), userLoops.end(), loop) != userLoops.end())
      return false;
  }
  return true;
}

/// The operand checks: no operand is the induction variable, an iter_arg,
/// or the result of a body op that stays. Marks `op` for hoisting.
bool checkOperands(Operation *op, Operation *loop, OpSet &opsWithUsers, OpSet &opsToHoist) {
  Block *body = &loop->getRegion(0).front();
  Value iv = body->getArgument(0);
  for (Value operand : op->getOperands()) {
    if (operand == iv)
      return false;
    for (unsigned i = 1; i < body->getNumArguments(); ++i)
      if (operand == Value(body->getArgument(i)))
        return false;
    if (Operation *src = operand.getDefiningOp())
      if (opsWithUsers.count(src) && !opsToHoist.count(src))
        return false;
  }
  opsToHoist.insert(op);
  return true;
}

bool hasNestedBody(Operation *op) {
  std::string_view name = op->getName().getStringRef();
  return name == "affine.if" || name == "affine.for" || name == "affine.parallel";
}

/// MLIR's isOpLoopInvariant, with an explicit stack for the ops nested in
/// affine.if/for/parallel (each checked, in order, before the op itself).
bool isOpLoopInvariant(Operation *root, Operation *loop, OpSet &opsWithUsers, OpSet &opsToHoist) {
  struct Frame {
    Operation *op;
    unsigned region;
    Block *block;
    Operation *next;
  };
  auto leafCheck = [&](Operation *op) -> bool {
    bool isAccess = isa<AffineReadOpInterface>(op) || isa<AffineWriteOpInterface>(op);
    if (!isMemoryEffectFree(op) && !isAccess)
      return false;
    if (isAccess) {
      opsWithUsers.insert(op);
      if (!isAccessInvariant(op, loop))
        return false;
    }
    return checkOperands(op, loop, opsWithUsers, opsToHoist);
  };
  if (!hasNestedBody(root))
    return leafCheck(root);
  std::vector<Frame> stack = {{root, 0, nullptr, nullptr}};
  bool result = true;
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (!result) {
      stack.pop_back();
      continue;
    }
    // The next nested op of f.op, across its regions and blocks.
    Operation *child = f.next;
    while (!child) {
      if (f.block) {
        f.block = f.block->getNextNode();
      } else if (f.region < f.op->getNumRegions()) {
        Region &r = f.op->getRegion(f.region++);
        f.block = r.empty() ? nullptr : &r.front();
        if (!f.block)
          continue;
      } else {
        break;
      }
      if (!f.block)
        continue;
      child = f.block->empty() ? nullptr : &f.block->front();
    }
    if (!child) {
      // Every nested op is invariant: the op's own operands decide.
      result = checkOperands(f.op, loop, opsWithUsers, opsToHoist);
      stack.pop_back();
      continue;
    }
    f.next = child->getNextNode();
    if (hasNestedBody(child)) {
      stack.push_back({child, 0, nullptr, nullptr});
      continue;
    }
    result = leafCheck(child);
  }
  return result;
}

void runOnAffineForOp(Operation *loop) {
  OpSet opsToHoist, opsWithUsers;
  std::vector<Operation *> opsToMove;
  for (Operation &op : loop->getRegion(0).front()) {
    if (!op.use_empty())
      opsWithUsers.insert(&op);
    if (op.getName().getStringRef() == "affine.yield")
      continue;
    if (isOpLoopInvariant(&op, loop, opsWithUsers, opsToHoist))
      opsToMove.push_back(&op);
  }
  for (Operation *op : opsToMove)
    op->moveBefore(loop);
}

struct AffineLoopInvariantCodeMotion : lamina::impl::AffineLoopInvariantCodeMotionBase<AffineLoopInvariantCodeMotion> {
  void runOnOperation() override {
    // Innermost loops first: ops hoisted from a loop land in the body of the
    // loop around it, which sees them next.
    std::vector<Operation *> loops;
    getOperation()->walk([&](Operation *op) {
      if (isAffineFor(op))
        loops.push_back(op);
    });
    for (Operation *loop : loops)
      runOnAffineForOp(loop);
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createAffineLoopInvariantCodeMotionPass() {
  return std::make_unique<AffineLoopInvariantCodeMotion>();
}
