//===- ControlFlowCanonicalization.cpp - cf canonicalization patterns -----===//
//
// The canonicalization of mlir/lib/Dialect/ControlFlow/IR/ControlFlowOps.cpp
// (LLVM 22): cf.assert and cf.br (hasCanonicalizeMethod), the cf.cond_br
// patterns and the cf.switch pattern functions, registered per op in MLIR's
// order with benefit 1.
//
#include "ControlFlowDetail.h"

#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/ODS/OpDef.h"

#include <algorithm>
#include <unordered_set>

using namespace lamina;
using namespace lamina::cf;

//===----------------------------------------------------------------------===//
// Builders and accessors
//===----------------------------------------------------------------------===//

namespace {

bool sameValues(ValueRange a, ValueRange b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0, e = a.size(); i != e; ++i)
    if (a[i] != b[i])
      return false;
  return true;
}

/// `cf.br ^dest(operands)` at the rewriter's insertion point.
Operation *buildBranch(PatternRewriter &rewriter, Location loc, Block *dest, ValueRange operands) {
  OperationState state(loc, BranchOp::getOperationName());
  state.addOperands(operands);
  state.addSuccessors(dest);
  return rewriter.create(state);
}

/// `cf.cond_br %cond, ^t(trueOps), ^f(falseOps)` with optional weights.
Operation *buildCondBranch(PatternRewriter &rewriter, Location loc, Value cond, Block *trueDest, ValueRange trueOps,
                           Block *falseDest, ValueRange falseOps, Attribute weights = {}) {
  OperationState state(loc, CondBranchOp::getOperationName());
  state.addOperand(cond);
  state.addOperands(trueOps);
  state.addOperands(falseOps);
  state.addSuccessors(trueDest);
  state.addSuccessors(falseDest);
  int32_t sizes[] = {1, int32_t(trueOps.size()), int32_t(falseOps.size())};
  state.addAttribute("operandSegmentSizes", DenseI32ArrayAttr::get(rewriter.getContext(), sizes));
  if (weights)
    state.addAttribute("branch_weights", weights);
  return rewriter.create(state);
}

/// The case values of a cf.switch (empty without `case_values`).
std::vector<APInt> switchCaseValues(Operation *op) {
  auto values = dyn_cast_or_null<DenseIntElementsAttr>(ods::getInherentAttr(op, "case_values"));
  return values ? DenseElementsAttr(values).getIntValues() : std::vector<APInt>();
}

/// `cf.switch %flag, [default: ^d(defOps), v_i: ^c_i(caseOps_i)...]`.
Operation *buildSwitch(PatternRewriter &rewriter, Location loc, Value flag, Block *defaultDest, ValueRange defaultOps,
                       ArrayRef<APInt> caseValues, ArrayRef<Block *> caseDests, ArrayRef<ValueRange> caseOps) {
  OperationState state(loc, SwitchOp::getOperationName());
  state.addOperand(flag);
  state.addOperands(defaultOps);
  std::vector<int32_t> caseSizes;
  int32_t numCaseOperands = 0;
  for (ValueRange ops : caseOps) {
    state.addOperands(ops);
    caseSizes.push_back(int32_t(ops.size()));
    numCaseOperands += int32_t(ops.size());
  }
  state.addSuccessors(defaultDest);
  for (Block *b : caseDests)
    state.addSuccessors(b);
  MLIRContext *ctx = rewriter.getContext();
  if (!caseValues.empty())
    state.addAttribute("case_values",
                       DenseElementsAttr::get(VectorType::get({int64_t(caseValues.size())}, flag.getType()), caseValues));
  state.addAttribute("case_operand_segments", DenseI32ArrayAttr::get(ctx, caseSizes));
  int32_t sizes[] = {1, int32_t(defaultOps.size()), numCaseOperands};
  state.addAttribute("operandSegmentSizes", DenseI32ArrayAttr::get(ctx, sizes));
  return rewriter.create(state);
}

Operation *buildBoolConstant(PatternRewriter &rewriter, Location loc, bool value) {
  OperationState state(loc, "arith.constant");
  state.addAttribute("value", rewriter.getBoolAttr(value));
  state.addType(rewriter.getI1Type());
  return rewriter.create(state);
}

//===----------------------------------------------------------------------===//
// cf.assert
//===----------------------------------------------------------------------===//

/// Erases an assertion of a constant true.
LogicalResult canonicalizeAssert(Operation *op, PatternRewriter &rewriter) {
  if (!matchOne(op->getOperand(0)))
    return failure();
  rewriter.eraseOp(op);
  return success();
}

//===----------------------------------------------------------------------===//
// cf.br
//===----------------------------------------------------------------------===//

/// If `successor` only holds an unconditional branch whose arguments are
/// used by nothing else, retargets (`successor`, `operands`) to that
/// branch's destination; `storage` keeps remapped operands alive.
LogicalResult collapseBranch(Block *&successor, ValueRange &operands, std::vector<Value> &storage) {
  if (successor->empty() || &successor->front() != &successor->back())
    return failure();
  Operation *branch = &successor->back();
  if (!isa<BranchOp>(branch))
    return failure();
  for (Value arg : successor->getArguments())
    for (Operation *user : arg.getUsers())
      if (user != branch)
        return failure();
  // Don't collapse a branch to an infinite loop.
  Block *dest = branch->getSuccessor(0);
  if (dest == successor)
    return failure();
  // Nor one whose chain of unconditional branches comes back: the entry of
  // a cycle of pass-through blocks would otherwise be retargeted around the
  // cycle forever (MLIR 22 has the same check).
  std::unordered_set<Block *> visited{successor, dest};
  for (Block *next = dest; !next->empty() && isa<BranchOp>(&next->back());) {
    next = next->back().getSuccessor(0);
    if (!visited.insert(next).second)
      return failure();
  }
  ValueRange branchOperands = branch->getOperands();
  if (successor->args_empty()) {
    successor = dest;
    operands = branchOperands;
    return success();
  }
  storage.clear();
  for (Value v : branchOperands) {
    if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == successor)
      storage.push_back(operands[arg.getArgNumber()]);
    else
      storage.push_back(v);
  }
  successor = dest;
  operands = ValueRange(storage);
  return success();
}

/// Merges the destination into the branch's block when the branch is its
/// only predecessor.
LogicalResult simplifyBrToBlockWithSinglePred(Operation *op, PatternRewriter &rewriter) {
  Block *succ = op->getSuccessor(0);
  Block *opParent = op->getBlock();
  if (succ == opParent || !succ->getSinglePredecessor())
    return failure();
  std::vector<Value> brOperands = op->getOperands().vec();
  rewriter.eraseOp(op);
  rewriter.mergeBlocks(succ, opParent, ValueRange(brOperands));
  return success();
}

/// br ^bb1; ^bb1: br ^bbN(...)  ->  br ^bbN(...)
LogicalResult simplifyPassThroughBr(Operation *op, PatternRewriter &rewriter) {
  Block *dest = op->getSuccessor(0);
  ValueRange destOperands = op->getOperands();
  std::vector<Value> storage;
  if (dest == op->getBlock() || failed(collapseBranch(dest, destOperands, storage)))
    return failure();
  std::vector<Value> operands = destOperands.vec();
  Operation *newOp = buildBranch(rewriter, op->getLoc(), dest, ValueRange(operands));
  rewriter.replaceOp(op, newOp);
  return success();
}

LogicalResult canonicalizeBranch(Operation *op, PatternRewriter &rewriter) {
  return success(succeeded(simplifyBrToBlockWithSinglePred(op, rewriter)) ||
                 succeeded(simplifyPassThroughBr(op, rewriter)));
}

//===----------------------------------------------------------------------===//
// cf.cond_br
//===----------------------------------------------------------------------===//

/// cf.cond_br true/false, ^bb1, ^bb2  ->  br ^bb1 / br ^bb2
LogicalResult simplifyConstCondBranchPred(Operation *op, PatternRewriter &rewriter) {
  CondBranchOp condbr(op);
  APInt cond;
  if (!matchConstantInt(condbr.getCondition(), &cond))
    return failure();
  bool takeTrue = !cond.isZero();
  std::vector<Value> operands = (takeTrue ? condbr.getTrueOperands() : condbr.getFalseOperands()).vec();
  Operation *br = buildBranch(rewriter, op->getLoc(), op->getSuccessor(takeTrue ? 0 : 1), ValueRange(operands));
  rewriter.replaceOp(op, br);
  return success();
}

/// Collapses pass-through successors of a conditional branch.
LogicalResult simplifyPassThroughCondBranch(Operation *op, PatternRewriter &rewriter) {
  CondBranchOp condbr(op);
  Block *trueDest = op->getSuccessor(0), *falseDest = op->getSuccessor(1);
  ValueRange trueOperands = condbr.getTrueOperands(), falseOperands = condbr.getFalseOperands();
  std::vector<Value> trueStorage, falseStorage;
  LogicalResult collapsedTrue = collapseBranch(trueDest, trueOperands, trueStorage);
  LogicalResult collapsedFalse = collapseBranch(falseDest, falseOperands, falseStorage);
  if (failed(collapsedTrue) && failed(collapsedFalse))
    return failure();
  std::vector<Value> t = trueOperands.vec(), f = falseOperands.vec();
  Operation *newOp = buildCondBranch(rewriter, op->getLoc(), condbr.getCondition(), trueDest, ValueRange(t), falseDest,
                                     ValueRange(f), ods::getInherentAttr(op, "branch_weights"));
  rewriter.replaceOp(op, newOp);
  return success();
}

/// cf.cond_br %c, ^bb1(A...), ^bb1(A...)  ->  br ^bb1(A...)
/// cf.cond_br %c, ^bb1(A), ^bb1(B)  ->  br ^bb1(arith.select %c, A, B)
LogicalResult simplifyCondBranchIdenticalSuccessors(Operation *op, PatternRewriter &rewriter) {
  CondBranchOp condbr(op);
  Block *trueDest = op->getSuccessor(0);
  if (trueDest != op->getSuccessor(1))
    return failure();
  ValueRange trueOperands = condbr.getTrueOperands(), falseOperands = condbr.getFalseOperands();
  if (sameValues(trueOperands, falseOperands)) {
    std::vector<Value> operands = trueOperands.vec();
    rewriter.replaceOp(op, buildBranch(rewriter, op->getLoc(), trueDest, ValueRange(operands)));
    return success();
  }
  // Otherwise selects are only valid if this block is the only predecessor.
  if (trueDest->getUniquePredecessor() != op->getBlock())
    return failure();
  std::vector<Value> merged;
  Value condition = condbr.getCondition();
  for (size_t i = 0, e = trueOperands.size(); i != e; ++i) {
    Value t = trueOperands[i], f = falseOperands[i];
    if (t == f) {
      merged.push_back(t);
      continue;
    }
    OperationState state(op->getLoc(), "arith.select");
    state.addOperand(condition);
    state.addOperand(t);
    state.addOperand(f);
    state.addType(t.getType());
    merged.push_back(rewriter.create(state)->getResult(0));
  }
  rewriter.replaceOp(op, buildBranch(rewriter, op->getLoc(), trueDest, ValueRange(merged)));
  return success();
}

/// A conditional branch in a block whose single predecessor branches on the
/// same condition takes the same direction.
LogicalResult simplifyCondBranchFromCondBranchOnSameCondition(Operation *op, PatternRewriter &rewriter) {
  CondBranchOp condbr(op);
  Block *currentBlock = op->getBlock();
  Block *predecessor = currentBlock->getSinglePredecessor();
  if (!predecessor)
    return failure();
  Operation *predBranch = predecessor->getTerminator();
  if (!predBranch || !isa<CondBranchOp>(predBranch) ||
      condbr.getCondition() != CondBranchOp(predBranch).getCondition())
    return failure();
  bool takeTrue = currentBlock == predBranch->getSuccessor(0);
  std::vector<Value> operands = (takeTrue ? condbr.getTrueOperands() : condbr.getFalseOperands()).vec();
  rewriter.replaceOp(op,
                     buildBranch(rewriter, op->getLoc(), op->getSuccessor(takeTrue ? 0 : 1), ValueRange(operands)));
  return success();
}

/// Uses of the condition in a successor reached only through this branch
/// become constants.
LogicalResult condBranchTruthPropagation(Operation *op, PatternRewriter &rewriter) {
  CondBranchOp condbr(op);
  bool replaced = false;
  Value constantTrue, constantFalse;
  Value condition = condbr.getCondition();
  for (unsigned side = 0; side < 2; ++side) {
    Block *dest = op->getSuccessor(side);
    if (!dest->getSinglePredecessor())
      continue;
    for (OpOperand *use = condition.use_begin().operator->(); use;) {
      OpOperand *next = use->getNextOperandUsingThisValue();
      if (use->getOwner()->getBlock() == dest) {
        replaced = true;
        Value &cst = side == 0 ? constantTrue : constantFalse;
        if (!cst)
          cst = buildBoolConstant(rewriter, op->getLoc(), side == 0)->getResult(0);
        rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(cst); });
      }
      use = next;
    }
  }
  return success(replaced);
}

//===----------------------------------------------------------------------===//
// cf.switch
//===----------------------------------------------------------------------===//

/// The operands of case `index`.
ValueRange switchCaseOperands(Operation *op, unsigned index) {
  OperandRange cases = ods::getODSOperands(op, 2);
  auto segments = dyn_cast_or_null<DenseI32ArrayAttr>(ods::getInherentAttr(op, "case_operand_segments"));
  if (!segments || index >= segments.asArrayRef().size())
    return ValueRange();
  ArrayRef<int32_t> sizes = segments.asArrayRef();
  size_t start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += size_t(sizes[i]);
  return cases.slice(start, size_t(sizes[index]));
}
ValueRange switchDefaultOperands(Operation *op) { return ods::getODSOperands(op, 1); }

/// Replaces `op` by a switch with the given cases (same flag and default).
void replaceWithSwitch(PatternRewriter &rewriter, Operation *op, Block *defaultDest, ValueRange defaultOps,
                       ArrayRef<APInt> values, ArrayRef<Block *> dests, ArrayRef<ValueRange> operands) {
  Operation *newOp =
      buildSwitch(rewriter, op->getLoc(), op->getOperand(0), defaultDest, defaultOps, values, dests, operands);
  rewriter.replaceOp(op, newOp);
}

/// switch %flag, [default: ^bb1]  ->  br ^bb1
LogicalResult simplifySwitchWithOnlyDefault(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumSuccessors() != 1)
    return failure();
  std::vector<Value> operands = switchDefaultOperands(op).vec();
  rewriter.replaceOp(op, buildBranch(rewriter, op->getLoc(), op->getSuccessor(0), ValueRange(operands)));
  return success();
}

/// Drops the cases that branch where the default does, with its operands.
LogicalResult dropSwitchCasesThatMatchDefault(Operation *op, PatternRewriter &rewriter) {
  std::vector<APInt> values = switchCaseValues(op);
  std::vector<Block *> newDests;
  std::vector<ValueRange> newOperands;
  std::vector<APInt> newValues;
  bool requiresChange = false;
  Block *defaultDest = op->getSuccessor(0);
  ValueRange defaultOps = switchDefaultOperands(op);
  for (size_t i = 0; i < values.size(); ++i) {
    if (op->getSuccessor(unsigned(i) + 1) == defaultDest &&
        sameValues(switchCaseOperands(op, unsigned(i)), defaultOps)) {
      requiresChange = true;
      continue;
    }
    newDests.push_back(op->getSuccessor(unsigned(i) + 1));
    newOperands.push_back(switchCaseOperands(op, unsigned(i)));
    newValues.push_back(values[i]);
  }
  if (!requiresChange)
    return failure();
  replaceWithSwitch(rewriter, op, defaultDest, defaultOps, newValues, newDests, newOperands);
  return success();
}

/// Replaces `op` by a branch to the case matching `caseValue` (or the
/// default).
void foldSwitch(Operation *op, PatternRewriter &rewriter, const APInt &caseValue) {
  std::vector<APInt> values = switchCaseValues(op);
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i] == caseValue) {
      std::vector<Value> operands = switchCaseOperands(op, unsigned(i)).vec();
      rewriter.replaceOp(op, buildBranch(rewriter, op->getLoc(), op->getSuccessor(unsigned(i) + 1),
                                         ValueRange(operands)));
      return;
    }
  }
  std::vector<Value> operands = switchDefaultOperands(op).vec();
  rewriter.replaceOp(op, buildBranch(rewriter, op->getLoc(), op->getSuccessor(0), ValueRange(operands)));
}

/// switch %c42, [...]  ->  br to the matching case
LogicalResult simplifyConstSwitchValue(Operation *op, PatternRewriter &rewriter) {
  APInt caseValue;
  if (!matchConstantInt(op->getOperand(0), &caseValue))
    return failure();
  foldSwitch(op, rewriter, caseValue);
  return success();
}

/// Collapses pass-through successors of a switch.
LogicalResult simplifyPassThroughSwitch(Operation *op, PatternRewriter &rewriter) {
  std::vector<APInt> values = switchCaseValues(op);
  std::vector<Block *> newDests;
  std::vector<ValueRange> newOperands;
  // One storage per successor, stable while the ranges point into them.
  std::vector<std::vector<Value>> storage(values.size() + 1);
  bool requiresChange = false;
  for (size_t i = 0; i < values.size(); ++i) {
    Block *dest = op->getSuccessor(unsigned(i) + 1);
    ValueRange operands = switchCaseOperands(op, unsigned(i));
    if (succeeded(collapseBranch(dest, operands, storage[i])))
      requiresChange = true;
    newDests.push_back(dest);
    newOperands.push_back(operands);
  }
  Block *defaultDest = op->getSuccessor(0);
  ValueRange defaultOps = switchDefaultOperands(op);
  if (succeeded(collapseBranch(defaultDest, defaultOps, storage.back())))
    requiresChange = true;
  if (!requiresChange)
    return failure();
  replaceWithSwitch(rewriter, op, defaultDest, defaultOps, values, newDests, newOperands);
  return success();
}

/// A switch in a case block of a switch on the same flag (its only
/// predecessor) branches where that case value leads.
LogicalResult simplifySwitchFromSwitchOnSameCondition(Operation *op, PatternRewriter &rewriter) {
  Block *currentBlock = op->getBlock();
  Block *predecessor = currentBlock->getSinglePredecessor();
  if (!predecessor)
    return failure();
  Operation *predSwitch = predecessor->getTerminator();
  if (!predSwitch || !isa<SwitchOp>(predSwitch) || op->getOperand(0) != predSwitch->getOperand(0) ||
      predSwitch->getSuccessor(0) == currentBlock)
    return failure();
  std::vector<APInt> predValues = switchCaseValues(predSwitch);
  for (unsigned i = 1, e = predSwitch->getNumSuccessors(); i < e; ++i) {
    if (predSwitch->getSuccessor(i) == currentBlock) {
      foldSwitch(op, rewriter, predValues[i - 1]);
      return success();
    }
  }
  std::vector<Value> operands = switchDefaultOperands(op).vec();
  rewriter.replaceOp(op, buildBranch(rewriter, op->getLoc(), op->getSuccessor(0), ValueRange(operands)));
  return success();
}

/// A switch in the default block of a switch on the same flag (its only
/// predecessor) drops the cases the predecessor sends elsewhere.
LogicalResult simplifySwitchFromDefaultSwitchOnSameCondition(Operation *op, PatternRewriter &rewriter) {
  Block *currentBlock = op->getBlock();
  Block *predecessor = currentBlock->getSinglePredecessor();
  if (!predecessor)
    return failure();
  Operation *predSwitch = predecessor->getTerminator();
  if (!predSwitch || !isa<SwitchOp>(predSwitch) || op->getOperand(0) != predSwitch->getOperand(0) ||
      predSwitch->getSuccessor(0) != currentBlock)
    return failure();
  std::vector<APInt> predValues = switchCaseValues(predSwitch), toRemove;
  for (size_t i = 0; i < predValues.size(); ++i)
    if (predSwitch->getSuccessor(unsigned(i) + 1) != currentBlock)
      toRemove.push_back(predValues[i]);

  std::vector<APInt> values = switchCaseValues(op), newValues;
  std::vector<Block *> newDests;
  std::vector<ValueRange> newOperands;
  bool requiresChange = false;
  for (size_t i = 0; i < values.size(); ++i) {
    if (std::find(toRemove.begin(), toRemove.end(), values[i]) != toRemove.end()) {
      requiresChange = true;
      continue;
    }
    newDests.push_back(op->getSuccessor(unsigned(i) + 1));
    newOperands.push_back(switchCaseOperands(op, unsigned(i)));
    newValues.push_back(values[i]);
  }
  if (!requiresChange)
    return failure();
  replaceWithSwitch(rewriter, op, op->getSuccessor(0), switchDefaultOperands(op), newValues, newDests, newOperands);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void cf::registerControlFlowCanonicalization(Dialect &dialect) {
  ods::attachCanonicalizer(dialect, AssertOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AssertOp::getOperationName(), canonicalizeAssert, "AssertOp::canonicalize");
  });
  ods::attachCanonicalizer(dialect, BranchOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(BranchOp::getOperationName(), canonicalizeBranch, "BranchOp::canonicalize");
  });
  ods::attachCanonicalizer(dialect, CondBranchOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    std::string_view name = CondBranchOp::getOperationName();
    p.addFunction(name, simplifyConstCondBranchPred, "SimplifyConstCondBranchPred");
    p.addFunction(name, simplifyPassThroughCondBranch, "SimplifyPassThroughCondBranch");
    p.addFunction(name, simplifyCondBranchIdenticalSuccessors, "SimplifyCondBranchIdenticalSuccessors");
    p.addFunction(name, simplifyCondBranchFromCondBranchOnSameCondition,
                  "SimplifyCondBranchFromCondBranchOnSameCondition");
    p.addFunction(name, condBranchTruthPropagation, "CondBranchTruthPropagation");
  });
  ods::attachCanonicalizer(dialect, SwitchOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    std::string_view name = SwitchOp::getOperationName();
    p.addFunction(name, simplifySwitchWithOnlyDefault, "simplifySwitchWithOnlyDefault");
    p.addFunction(name, dropSwitchCasesThatMatchDefault, "dropSwitchCasesThatMatchDefault");
    p.addFunction(name, simplifyConstSwitchValue, "simplifyConstSwitchValue");
    p.addFunction(name, simplifyPassThroughSwitch, "simplifyPassThroughSwitch");
    p.addFunction(name, simplifySwitchFromSwitchOnSameCondition, "simplifySwitchFromSwitchOnSameCondition");
    p.addFunction(name, simplifySwitchFromDefaultSwitchOnSameCondition,
                  "simplifySwitchFromDefaultSwitchOnSameCondition");
  });
}
