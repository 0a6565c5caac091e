//===- RemoveDeadValues.cpp - Removing values nothing needs ---------------===//
//
// MLIR 22's `remove-dead-values`: with liveness analysis (a value is live if
// it feeds memory effects, a public function's results or another live
// value), it
//  (A) erases the non-live arguments of private functions (and the call
//      operands passed to them),
//  (B) erases the results of private functions that no caller uses,
//  (C) replaces the successor operands of region branch ops that only reach
//      non-live inputs with ub.poison, then (option `canonicalize`) runs the
//      region branch ops' canonicalization patterns, which drop the unused
//      block arguments, results and operands,
//  (D) erases effect-free ops (and region branch ops) whose results are all
//      non-live, and branch ops whose non-forwarded operands are non-live,
//      and drops non-live successor arguments of branches.
// Analysis first, then one cleanup phase, so the analysis never sees a half
// rewritten IR.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/Analysis/DataFlow/LivenessAnalysis.h"
#include "lamina/Dialect/UB/UBDialect.h"
#include "lamina/Dialect/UB/UBOps.gen.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Interfaces/CallInterfaces.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Rewrite/FrozenRewritePatternSet.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <unordered_set>
#include <vector>

using namespace lamina;
using namespace lamina::dataflow;

namespace {

using BitVector = std::vector<bool>;

/// The values known to be going away, beyond what liveness says.
class ValueSet {
public:
  void insert(Value value) { set.insert(value.getAsOpaquePointer()); }
  bool contains(Value value) const { return set.count(value.getAsOpaquePointer()) != 0; }

private:
  std::unordered_set<const void *> set;
};

struct FunctionToCleanUp {
  Operation *funcOp;
  BitVector nonLiveArgs;
  BitVector nonLiveRets;
};
struct ResultsToCleanup {
  Operation *op;
  BitVector nonLive;
};
struct OperandsToCleanup {
  Operation *op;
  BitVector nonLive;
  /// For a call: the callee, whose erased arguments are erased from the call.
  Operation *callee = nullptr;
  /// Replace the operands with ub.poison instead of erasing them.
  bool replaceWithPoison = false;
};
struct BlockArgsToCleanup {
  Block *block;
  BitVector nonLiveArgs;
};
struct SuccessorOperandsToCleanup {
  Operation *branch;
  unsigned successorIndex;
  BitVector nonLiveOperands;
};

/// Everything to erase or replace, collected before any change.
struct RDVFinalCleanupList {
  std::vector<Operation *> operations;
  std::vector<FunctionToCleanUp> functions;
  std::vector<OperandsToCleanup> operands;
  std::vector<ResultsToCleanup> results;
  std::vector<BlockArgsToCleanup> blocks;
  std::vector<SuccessorOperandsToCleanup> successorOperands;
};

bool any(const BitVector &bits) {
  for (bool b : bits)
    if (b)
      return true;
  return false;
}
BitVector flip(BitVector bits) {
  for (size_t i = 0; i < bits.size(); ++i)
    bits[i] = !bits[i];
  return bits;
}

/// Whether one of `values` is live (or of unknown liveness).
bool hasLive(ValueRange values, const ValueSet &nonLiveSet, RunLivenessAnalysis &la) {
  for (Value value : values) {
    if (nonLiveSet.contains(value))
      continue;
    const Liveness *liveness = la.getLiveness(value);
    if (!liveness || liveness->isLive)
      return true;
  }
  return false;
}

/// Bit i is set iff `values[i]` is live (or of unknown liveness).
BitVector markLives(ValueRange values, const ValueSet &nonLiveSet, RunLivenessAnalysis &la) {
  BitVector lives(values.size(), true);
  for (size_t i = 0; i < values.size(); ++i) {
    if (nonLiveSet.contains(values[i])) {
      lives[i] = false;
      continue;
    }
    const Liveness *liveness = la.getLiveness(values[i]);
    if (liveness && !liveness->isLive)
      lives[i] = false;
  }
  return lives;
}

void collectNonLiveValues(ValueSet &nonLiveSet, ValueRange range, const BitVector &nonLive) {
  for (size_t i = 0; i < range.size(); ++i)
    if (nonLive[i])
      nonLiveSet.insert(range[i]);
}

/// A simple op (no function, call, branch, region branch or terminator):
/// erased when an operand is dead, or when it is effect free and none of its
/// results is live.
void processSimpleOp(Operation *op, RunLivenessAnalysis &la, ValueSet &nonLiveSet, RDVFinalCleanupList &cl) {
  // A dead operand means the op never runs with effect (liveness marks the
  // operands of reachable effecting ops live).
  if (any(flip(markLives(op->getOperands(), nonLiveSet, la)))) {
    cl.operations.push_back(op);
    collectNonLiveValues(nonLiveSet, op->getResults(), BitVector(op->getNumResults(), true));
    return;
  }
  if (!isMemoryEffectFree(op) || hasLive(op->getResults(), nonLiveSet, la))
    return;
  cl.operations.push_back(op);
  collectNonLiveValues(nonLiveSet, op->getResults(), BitVector(op->getNumResults(), true));
}

/// A private function with a body, used only by calls: its non-live
/// arguments, and the results no caller uses, go away (with the matching
/// call operands and results).
void processFuncOp(FunctionOpInterface funcOp, Operation *module, RunLivenessAnalysis &la, ValueSet &nonLiveSet,
                   RDVFinalCleanupList &cl) {
  Operation *op = funcOp.getOperation();
  auto symbol = dyn_cast<SymbolOpInterface>(op);
  if (!symbol || symbol.isPublic() || funcOp.isExternal())
    return;
  std::optional<std::vector<SymbolTable::SymbolUse>> usesOr = SymbolTable::getSymbolUses(symbol.getNameAttr(), module);
  if (!usesOr)
    return;
  const std::vector<SymbolTable::SymbolUse> &uses = *usesOr;
  for (const SymbolTable::SymbolUse &use : uses)
    if (!isa<CallOpInterface>(use.getUser()))
      return;

  ValueRange arguments = funcOp.getFunctionBody().front().getArguments();
  BitVector nonLiveArgs = flip(markLives(arguments, nonLiveSet, la));
  for (size_t i = 0; i < arguments.size(); ++i)
    if (nonLiveArgs[i])
      nonLiveSet.insert(arguments[i]);

  // The call operands follow the callee's erased arguments.
  for (const SymbolTable::SymbolUse &use : uses) {
    Operation *callOp = use.getUser();
    cl.operands.push_back({callOp, BitVector(callOp->getNumOperands(), false), op});
  }

  // A result no caller uses is not returned, even if the returned value is
  // live for another reason.
  size_t numReturns = funcOp.getNumResults();
  BitVector nonLiveRets(numReturns, true);
  for (const SymbolTable::SymbolUse &use : uses) {
    BitVector liveCallRets = markLives(use.getUser()->getResults(), nonLiveSet, la);
    for (size_t i = 0; i < numReturns && i < liveCallRets.size(); ++i)
      nonLiveRets[i] = nonLiveRets[i] && !liveCallRets[i];
  }
  for (Block &block : funcOp.getFunctionBody()) {
    Operation *returnOp = block.getTerminator();
    if (!returnOp || !returnOp->hasTrait<OpTrait::ReturnLike>())
      continue;
    if (returnOp->getNumOperands() == numReturns)
      cl.operands.push_back({returnOp, nonLiveRets});
  }
  cl.functions.push_back({op, nonLiveArgs, nonLiveRets});

  if (numReturns == 0)
    return;
  for (const SymbolTable::SymbolUse &use : uses) {
    Operation *callOp = use.getUser();
    cl.results.push_back({callOp, nonLiveRets});
    collectNonLiveValues(nonLiveSet, callOp->getResults(), nonLiveRets);
  }
}

/// The successor operands of a region branch op and of its terminators, each
/// with the successor inputs it reaches (MLIR's
/// getSuccessorOperandInputMapping over every branch point), in order of
/// first appearance.
void getSuccessorOperandInputMapping(RegionBranchOpInterface branch,
                                     std::vector<std::pair<OpOperand *, std::vector<Value>>> &mapping) {
  std::unordered_map<OpOperand *, size_t> index;
  for (RegionBranchPoint point : branch.getAllRegionBranchPoints()) {
    SmallVector<RegionSuccessor, 2> successors;
    branch.getSuccessorRegions(point, successors);
    for (const RegionSuccessor &successor : successors) {
      OperandRange operands = branch.getSuccessorOperands(point, successor);
      ValueRange inputs = successor.getSuccessorInputs();
      if (operands.size() == 0)
        continue;
      Operation *owner = point.isParent() ? branch.getOperation() : point.getTerminatorPredecessorOrNull();
      unsigned begin = operands.getBeginOperandIndex();
      for (size_t i = 0, e = std::min(operands.size(), inputs.size()); i < e; ++i) {
        OpOperand *operand = &owner->getOpOperand(begin + i);
        auto [it, inserted] = index.emplace(operand, mapping.size());
        if (inserted)
          mapping.push_back({operand, {}});
        mapping[it->second].second.push_back(inputs[i]);
      }
    }
  }
}

/// A region branch op: erased if it would be trivially dead (its nested ops
/// at most read) with no live result; otherwise
/// the successor operands that are dead, or reach only non-live inputs, are
/// replaced by ub.poison (canonicalization then drops them).
void processRegionBranchOp(RegionBranchOpInterface regionBranchOp, RunLivenessAnalysis &la, ValueSet &nonLiveSet,
                           RDVFinalCleanupList &cl) {
  Operation *op = regionBranchOp.getOperation();
  // (mlir-opt 22 erases a region branch op whose nested ops only read, as
  // wouldOpBeTriviallyDead says, where a simple op must be effect free.)
  if (wouldOpBeTriviallyDead(op) && !hasLive(op->getResults(), nonLiveSet, la)) {
    cl.operations.push_back(op);
    return;
  }

  std::vector<std::pair<OpOperand *, std::vector<Value>>> operandToSuccessorInputs;
  getSuccessorOperandInputMapping(regionBranchOp, operandToSuccessorInputs);

  // The dead operands of each op (the branch op or a terminator), in order of
  // first appearance.
  std::vector<std::pair<Operation *, BitVector>> deadOperandsPerOp;
  for (auto &[opOperand, successorInputs] : operandToSuccessorInputs) {
    Value operandValue = opOperand->get();
    bool dead = !hasLive(ValueRange(ArrayRef<Value>(&operandValue, 1)), nonLiveSet, la) ||
                !hasLive(ValueRange(ArrayRef<Value>(successorInputs.data(), successorInputs.size())), nonLiveSet, la);
    if (!dead)
      continue;
    Operation *owner = opOperand->getOwner();
    BitVector *bits = nullptr;
    for (auto &[o, b] : deadOperandsPerOp)
      if (o == owner)
        bits = &b;
    if (!bits) {
      deadOperandsPerOp.push_back({owner, BitVector(owner->getNumOperands(), false)});
      bits = &deadOperandsPerOp.back().second;
    }
    (*bits)[opOperand->getOperandNumber()] = true;
  }
  for (auto &[owner, deadOperands] : deadOperandsPerOp)
    cl.operands.push_back({owner, deadOperands, nullptr, /*replaceWithPoison=*/true});
}

/// A branch op: erased if a non-forwarded operand (a condition) is dead;
/// otherwise the non-live values it forwards, and the successor arguments
/// receiving them, go away.
void processBranchOp(BranchOpInterface branchOp, RunLivenessAnalysis &la, ValueSet &nonLiveSet,
                     RDVFinalCleanupList &cl) {
  Operation *op = branchOp.getOperation();
  BitVector deadNonForwardedOperands = flip(markLives(op->getOperands(), nonLiveSet, la));
  unsigned numSuccessors = op->getNumSuccessors();
  for (unsigned succIdx = 0; succIdx < numSuccessors; ++succIdx) {
    SuccessorOperands successorOperands = branchOp.getSuccessorOperands(succIdx);
    MutableOperandRange forwarded = successorOperands.getMutableForwardedOperands();
    for (unsigned i = 0; i < forwarded.size(); ++i)
      deadNonForwardedOperands[forwarded.getStart() + i] = false;
  }
  if (any(deadNonForwardedOperands)) {
    cl.operations.push_back(op);
    return;
  }

  for (unsigned succIdx = 0; succIdx < numSuccessors; ++succIdx) {
    Block *successorBlock = op->getSuccessor(succIdx);
    SuccessorOperands successorOperands = branchOp.getSuccessorOperands(succIdx);
    std::vector<Value> operandValues;
    for (unsigned i = 0; i < successorOperands.size(); ++i)
      operandValues.push_back(successorOperands[i]);
    BitVector successorNonLive;
    {
      // A produced operand has no value: it counts as live.
      BitVector lives(operandValues.size(), true);
      for (size_t i = 0; i < operandValues.size(); ++i) {
        if (!operandValues[i])
          continue;
        if (nonLiveSet.contains(operandValues[i])) {
          lives[i] = false;
          continue;
        }
        const Liveness *liveness = la.getLiveness(operandValues[i]);
        if (liveness && !liveness->isLive)
          lives[i] = false;
      }
      successorNonLive = flip(lives);
    }
    collectNonLiveValues(nonLiveSet, successorBlock->getArguments(), successorNonLive);
    cl.blocks.push_back({successorBlock, successorNonLive});
    cl.successorOperands.push_back({op, succIdx, successorNonLive});
  }
}

/// Remembers the ub.poison ops created during the cleanup, to erase those
/// left unused at the end.
struct TrackingListener : public RewriterBase::Listener {
  void notifyOperationErased(Operation *op) override {
    for (Operation *&poison : poisonOps)
      if (poison == op)
        poison = nullptr;
  }
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    if (isa<ub::PoisonOp>(op))
      poisonOps.push_back(op);
  }
  std::vector<Operation *> poisonOps;
};

/// A ub.poison of `value`'s type (null if `value` has no use).
Value createPoisonedValue(RewriterBase &rewriter, Value value) {
  if (value.use_empty())
    return Value();
  OperationState state(value.getLoc(), ub::PoisonOp::getOperationName());
  state.addAttribute("value", ub::PoisonAttr::get(rewriter.getContext()));
  state.addType(value.getType());
  return rewriter.create(state)->getResult(0);
}

/// Erases the arguments of `funcOp` whose bit is set: from the entry block,
/// the argument attributes and the function type.
void eraseFunctionArguments(Operation *funcOp, const BitVector &argIndices) {
  auto function = cast<FunctionOpInterface>(funcOp);
  auto functionType = dyn_cast<FunctionType>(function.getFunctionType());
  if (!functionType)
    return;
  std::vector<Type> inputs;
  for (size_t i = 0; i < functionType.getInputs().size(); ++i)
    if (!argIndices[i])
      inputs.push_back(functionType.getInputs()[i]);
  auto attrs = ArgAndResultAttrsOpInterface(funcOp);
  if (ArrayAttr oldArgAttrs = attrs ? attrs.getArgAttrsAttr() : ArrayAttr()) {
    std::vector<Attribute> newArgAttrs;
    bool allEmpty = true;
    for (size_t i = 0; i < argIndices.size() && i < oldArgAttrs.size(); ++i)
      if (!argIndices[i]) {
        newArgAttrs.push_back(oldArgAttrs[i]);
        if (auto dict = dyn_cast<DictionaryAttr>(oldArgAttrs[i]); dict && !dict.empty())
          allEmpty = false;
      }
    if (allEmpty)
      attrs.removeArgAttrsAttr();
    else
      attrs.setArgAttrsAttr(ArrayAttr::get(funcOp->getContext(), newArgAttrs));
  }
  funcOp->setAttr("function_type",
                  TypeAttr::get(FunctionType::get(funcOp->getContext(), inputs, functionType.getResults())));
  Block &entry = function.getFunctionBody().front();
  for (unsigned i = unsigned(argIndices.size()); i-- > 0;)
    if (argIndices[i])
      entry.eraseArgument(i);
}

/// Erases the results of `funcOp` whose bit is set: from the result
/// attributes and the function type.
void eraseFunctionResults(Operation *funcOp, const BitVector &resultIndices) {
  auto function = cast<FunctionOpInterface>(funcOp);
  auto functionType = dyn_cast<FunctionType>(function.getFunctionType());
  if (!functionType)
    return;
  std::vector<Type> results;
  for (size_t i = 0; i < functionType.getResults().size(); ++i)
    if (!resultIndices[i])
      results.push_back(functionType.getResults()[i]);
  auto attrs = ArgAndResultAttrsOpInterface(funcOp);
  if (ArrayAttr oldResAttrs = attrs ? attrs.getResAttrsAttr() : ArrayAttr()) {
    std::vector<Attribute> newResAttrs;
    bool allEmpty = true;
    for (size_t i = 0; i < resultIndices.size() && i < oldResAttrs.size(); ++i)
      if (!resultIndices[i]) {
        newResAttrs.push_back(oldResAttrs[i]);
        if (auto dict = dyn_cast<DictionaryAttr>(oldResAttrs[i]); dict && !dict.empty())
          allEmpty = false;
      }
    if (allEmpty)
      attrs.removeResAttrsAttr();
    else
      attrs.setResAttrsAttr(ArrayAttr::get(funcOp->getContext(), newResAttrs));
  }
  funcOp->setAttr("function_type",
                  TypeAttr::get(FunctionType::get(funcOp->getContext(), functionType.getInputs(), results)));
}

/// Applies the cleanup list, in MLIR's order: block arguments, successor
/// operands, functions, operands, results, operations; then erases the
/// ub.poison ops it created that are unused.
void cleanUpDeadVals(MLIRContext *ctx, RDVFinalCleanupList &list) {
  TrackingListener listener;
  IRRewriter rewriter(ctx, &listener);

  // 1. Block arguments (a block reached along several edges once).
  for (BlockArgsToCleanup &b : list.blocks) {
    if (b.block->getNumArguments() != b.nonLiveArgs.size())
      continue;
    for (unsigned i = unsigned(b.nonLiveArgs.size()); i-- > 0;) {
      if (!b.nonLiveArgs[i])
        continue;
      // MLIR drops the uses (a block reached along edges that disagree on an
      // argument's liveness keeps using it and mlir-opt then crashes); the
      // uses left get a ub.poison instead, so the IR stays valid.
      BlockArgument arg = b.block->getArgument(i);
      if (!arg.use_empty()) {
        rewriter.setInsertionPointToStart(b.block);
        rewriter.replaceAllUsesWith(arg, createPoisonedValue(rewriter, arg));
      }
      b.block->eraseArgument(i);
    }
  }

  // 2. Successor operands.
  for (SuccessorOperandsToCleanup &s : list.successorOperands) {
    SuccessorOperands successorOperands = cast<BranchOpInterface>(s.branch).getSuccessorOperands(s.successorIndex);
    if (successorOperands.size() != s.nonLiveOperands.size())
      continue;
    for (unsigned i = unsigned(successorOperands.size()); i-- > 0;)
      if (s.nonLiveOperands[i])
        successorOperands.erase(i);
  }

  // 3. Functions.
  std::vector<std::pair<Operation *, BitVector>> erasedFuncArgs;
  for (FunctionToCleanUp &f : list.functions) {
    auto function = cast<FunctionOpInterface>(f.funcOp);
    for (size_t i = 0; i < f.nonLiveArgs.size(); ++i)
      if (f.nonLiveArgs[i])
        function.getArgument(unsigned(i)).dropAllUses();
    eraseFunctionArguments(f.funcOp, f.nonLiveArgs);
    if (any(f.nonLiveArgs))
      erasedFuncArgs.push_back({f.funcOp, f.nonLiveArgs});
    eraseFunctionResults(f.funcOp, f.nonLiveRets);
  }

  // 4. Operands.
  for (OperandsToCleanup &o : list.operands) {
    bool handledAsCall = false;
    if (o.callee && isa<CallOpInterface>(o.op)) {
      auto call = cast<CallOpInterface>(o.op);
      const BitVector *deadArgIdxs = nullptr;
      for (auto &[funcOp, bits] : erasedFuncArgs)
        if (funcOp == o.callee)
          deadArgIdxs = &bits;
      if (deadArgIdxs) {
        MutableOperandRange args = call.getArgOperandsMutable();
        for (unsigned i = unsigned(deadArgIdxs->size()); i-- > 0;)
          if ((*deadArgIdxs)[i] && i < args.size())
            args.erase(i);
        handledAsCall = true;
      }
    }
    if (handledAsCall || !any(o.nonLive))
      continue;
    if (o.replaceWithPoison) {
      rewriter.setInsertionPoint(o.op);
      for (unsigned i = 0; i < o.nonLive.size(); ++i)
        if (o.nonLive[i])
          o.op->setOperand(i, createPoisonedValue(rewriter, o.op->getOperand(i)));
    } else {
      for (unsigned i = unsigned(o.nonLive.size()); i-- > 0;)
        if (o.nonLive[i])
          o.op->eraseOperand(i);
    }
  }

  // 5. Results.
  for (ResultsToCleanup &r : list.results) {
    for (size_t i = 0; i < r.nonLive.size(); ++i)
      if (r.nonLive[i])
        r.op->getResult(unsigned(i)).dropAllUses();
    rewriter.eraseOpResults(r.op, r.nonLive);
  }

  // 6. Operations: uses left are given ub.poison; an erased terminator is
  // replaced by ub.unreachable.
  for (Operation *op : list.operations) {
    rewriter.setInsertionPoint(op);
    if (op->hasTrait<OpTrait::IsTerminator>()) {
      OperationState state(op->getLoc(), ub::UnreachableOp::getOperationName());
      rewriter.create(state);
    }
    for (Value result : op->getResults()) {
      if (result.use_empty())
        continue;
      rewriter.setInsertionPoint(op);
      rewriter.replaceAllUsesWith(result, createPoisonedValue(rewriter, result));
    }
    op->dropAllUses();
    rewriter.eraseOp(op);
  }

  // 7. The ub.poison ops created and left unused.
  for (Operation *poison : listener.poisonOps)
    if (poison && poison->use_empty())
      poison->erase();
}

struct RemoveDeadValuesPass : impl::RemoveDeadValuesBase<RemoveDeadValuesPass> {
  void getDependentDialects(DialectRegistry &registry) const override { registry.insert<UBDialect>(); }

  void runOnOperation() override {
    RunLivenessAnalysis &la = getAnalysis<RunLivenessAnalysis>();
    Operation *module = getOperation();
    ValueSet deadVals;
    RDVFinalCleanupList finalCleanupList;

    module->walk([&](Operation *op) {
      if (auto funcOp = dyn_cast<FunctionOpInterface>(op))
        processFuncOp(funcOp, module, la, deadVals, finalCleanupList);
      else if (auto regionBranchOp = dyn_cast<RegionBranchOpInterface>(op))
        processRegionBranchOp(regionBranchOp, la, deadVals, finalCleanupList);
      else if (auto branchOp = dyn_cast<BranchOpInterface>(op))
        processBranchOp(branchOp, la, deadVals, finalCleanupList);
      else if (op->hasTrait<OpTrait::IsTerminator>())
        ; // Handled with its parent.
      else if (isa<CallOpInterface>(op))
        ; // Handled with its callee.
      else
        processSimpleOp(op, la, deadVals, finalCleanupList);
    });

    MLIRContext *context = module->getContext();
    cleanUpDeadVals(context, finalCleanupList);

    if (!canonicalize)
      return;

    // Canonicalize the region branch ops.
    std::vector<Operation *> opsToCanonicalize;
    module->walk([&](Operation *op) {
      if (isa<RegionBranchOpInterface>(op))
        opsToCanonicalize.push_back(op);
    });
    RewritePatternSet owningPatterns(context);
    std::vector<OperationName> populated;
    for (Operation *op : opsToCanonicalize) {
      OperationName name = op->getName();
      if (!name.isRegistered())
        continue;
      bool seen = false;
      for (OperationName p : populated)
        if (p == name)
          seen = true;
      if (seen)
        continue;
      populated.push_back(name);
      if (auto fn = name.getInfo().getCanonicalizationPatterns)
        fn(owningPatterns, context);
    }
    FrozenRewritePatternSet frozen(std::move(owningPatterns));
    if (failed(applyOpPatternsGreedily(ArrayRef<Operation *>(opsToCanonicalize.data(), opsToCanonicalize.size()),
                                       frozen))) {
      (void)module->emitError("greedy pattern rewrite failed to converge");
      signalPassFailure();
    }
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createRemoveDeadValuesPass() { return std::make_unique<RemoveDeadValuesPass>(); }
