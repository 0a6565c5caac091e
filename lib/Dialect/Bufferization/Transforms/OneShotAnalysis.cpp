//===- OneShotAnalysis.cpp - One-Shot Bufferize's in-place analysis -------===//
//
// MLIR's OneShotAnalysis: ops with tensor semantics are analyzed in the
// order of the chosen heuristic (bottom-up by default); each tensor operand
// bufferizes in place unless that would write to a non-writable buffer or
// create a read-after-write conflict among the aliases of the operand and
// its aliasing values. Then tied results and operands become equivalent,
// ops verify the outcome, and (test-analysis-only) ops are annotated with
// `__inplace_operands_attr__`.
//
#include "lamina/Dialect/Bufferization/Transforms/OneShotAnalysis.h"

#include "lamina/IR/AsmState.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Support/RawOstream.h"

#include <algorithm>
#include <random>

using namespace lamina;
using namespace lamina::bufferization;

static bool isTensor(Type t) { return isa<TensorType>(t); }

//===----------------------------------------------------------------------===//
// Conflict detection
//===----------------------------------------------------------------------===//

static bool isInplaceMemoryWrite(OpOperand &o, const AnalysisState &state) {
  return state.bufferizesToMemoryWrite(o) && state.isInPlace(o);
}

/// `a` (or an ancestor) properly dominates `b` and `b` is not inside `a`.
static bool happensBefore(Operation *a, Operation *b, const DominanceInfo &domInfo) {
  do {
    if (a->isProperAncestor(b))
      return false;
    if (domInfo.properlyDominates(a, b))
      return true;
  } while ((a = a->getParentOp()));
  return false;
}

static bool canUseOpDominanceDueToRegions(OpOperand *uRead, OpOperand *uWrite, const std::vector<Value> &definitions,
                                          AnalysisState &state) {
  for (Value def : definitions) {
    Region *rRead = state.getEnclosingRepetitiveRegion(uRead->getOwner());
    Region *rDef = state.getEnclosingRepetitiveRegion(def);
    if (rRead == rDef)
      continue;
    // The repetitive region enclosing READ that is closest to DEF.
    while (true) {
      Region *next = state.getNextEnclosingRepetitiveRegion(rRead);
      if (next == rDef || !next)
        break;
      rRead = next;
    }
    if (rRead->getParentOp()->isAncestor(uWrite->getOwner()))
      return false;
  }
  return true;
}

/// Whether `to` is reachable from `from` along successor edges, not passing
/// through `except`.
static bool isReachableExcept(Block *from, Block *to, Block *except) {
  if (to == except)
    return false;
  std::vector<Block *> work;
  std::unordered_set<Block *> seen;
  for (Block *s : from->getSuccessors())
    work.push_back(s);
  while (!work.empty()) {
    Block *b = work.back();
    work.pop_back();
    if (b == to)
      return true;
    if (b == except || !seen.insert(b).second)
      continue;
    for (Block *s : b->getSuccessors())
      work.push_back(s);
  }
  return false;
}

static bool canUseOpDominanceDueToBlocks(OpOperand *uRead, OpOperand *uWrite, const std::vector<Value> &definitions) {
  if (uRead->getOwner()->getParentRegion() != uWrite->getOwner()->getParentRegion())
    return true;
  Block *readBlock = uRead->getOwner()->getBlock();
  Block *writeBlock = uWrite->getOwner()->getBlock();
  for (Value def : definitions) {
    Block *defBlock = def.getParentBlock();
    if (isReachableExcept(readBlock, writeBlock, defBlock) && isReachableExcept(writeBlock, readBlock, defBlock))
      return false;
  }
  return true;
}

static void annotateConflict(OpOperand *uRead, OpOperand *uConflictingWrite, Value definition) {
  static uint64_t counter = 0;
  Operation *readingOp = uRead->getOwner();
  Operation *writingOp = uConflictingWrite->getOwner();
  Builder b(writingOp->getContext());
  std::string id = "C_" + std::to_string(counter++);
  writingOp->setAttr(id + "[CONFL-WRITE: " + std::to_string(uConflictingWrite->getOperandNumber()) + "]",
                     b.getUnitAttr());
  readingOp->setAttr(id + "[READ: " + std::to_string(uRead->getOperandNumber()) + "]", b.getUnitAttr());
  if (auto r = dyn_cast<OpResult>(definition))
    r.getOwner()->setAttr(id + "[DEF: result " + std::to_string(r.getResultNumber()) + "]", b.getUnitAttr());
  else
    cast<BlockArgument>(definition)
        .getOwner()
        ->getParentOp()
        ->setAttr(id + "[DEF: bbArg " + std::to_string(cast<BlockArgument>(definition).getArgNumber()) + "]",
                  b.getUnitAttr());
}

static bool hasEquivalentValueInReverseUseDefChain(AnalysisState &state, OpOperand *start, Value other) {
  AnalysisState::TraversalConfig config;
  config.followEquivalentOnly = true;
  config.alwaysIncludeLeaves = false;
  config.followSameTypeOrCastsOnly = true;
  return !state.findValueInReverseUseDefChain(start->get(), [&](Value v) { return v == other; }, config).empty();
}

static bool matchesInsertDestination(const AnalysisState &state, OpOperand *opOperand, Operation *subsetOp,
                                     const OpModel *model) {
  auto matching = [&](Value v) {
    return isa<OpResult>(v) && model->isEquivalentSubset && model->isEquivalentSubset(subsetOp, v, state);
  };
  std::vector<Value> slice = state.findValueInReverseUseDefChain(opOperand->get(), matching);
  return std::all_of(slice.begin(), slice.end(), matching);
}

static bool areNonConflictingSubsets(OpOperand *uRead, OpOperand *uWrite, const AnalysisState &state) {
  Operation *readingOp = uRead->getOwner();
  Operation *writingOp = uWrite->getOwner();
  const OpModel *rm = state.getModel(readingOp);
  if (rm && rm->subsetDest >= 0) {
    OpOperand *dest = &readingOp->getOpOperand(rm->subsetDest);
    OpOperand *source = &readingOp->getOpOperand(rm->subsetSource);
    if (uRead == dest && matchesInsertDestination(state, uWrite, readingOp, rm))
      return true;
    if (uRead == source && uWrite == dest && matchesInsertDestination(state, uRead, readingOp, rm))
      return true;
  }
  const OpModel *wm = state.getModel(writingOp);
  if (wm && wm->subsetDest >= 0) {
    OpOperand *dest = &writingOp->getOpOperand(wm->subsetDest);
    OpOperand *source = &writingOp->getOpOperand(wm->subsetSource);
    if (uWrite == dest && state.areEquivalentBufferizedValues(uRead->get(), source->get()) &&
        matchesInsertDestination(state, source, writingOp, wm))
      return true;
  }
  return false;
}

using OperandSet = std::vector<OpOperand *>;

static void insertUnique(OperandSet &set, std::unordered_set<OpOperand *> &seen, OpOperand *o) {
  if (seen.insert(o).second)
    set.push_back(o);
}

static bool hasReadAfterWriteInterference(const OperandSet &usesRead, const OperandSet &usesWrite,
                                          const DominanceInfo &domInfo, AnalysisState &state) {
  const OneShotOptions &options = state.getOptions();
  if (options.checkParallelRegions && !usesRead.empty()) {
    for (OpOperand *uWrite : usesWrite) {
      std::vector<Value> defsOrLeaves = state.findValueInReverseUseDefChain(
          uWrite->get(), [&](Value v) { return state.bufferizesToMemoryWrite(v); });
      for (Value def : defsOrLeaves)
        if (state.getParallelRegion(def.getParentRegion()) !=
            state.getParallelRegion(uWrite->getOwner()->getParentRegion()))
          return true;
    }
  }

  for (OpOperand *uRead : usesRead) {
    Operation *readingOp = uRead->getOwner();
    const std::vector<Value> definitions = state.findDefinitionsCached(uRead->get());
    if (definitions.empty())
      continue;
    for (OpOperand *uWrite : usesWrite) {
      bool useDominance = canUseOpDominanceDueToRegions(uRead, uWrite, definitions, state) &&
                          canUseOpDominanceDueToBlocks(uRead, uWrite, definitions);
      Operation *writingOp = uWrite->getOwner();
      if (useDominance) {
        if (happensBefore(readingOp, writingOp, domInfo))
          continue;
        if (uWrite == uRead)
          continue;
        if (insideMutuallyExclusiveRegions(readingOp, writingOp))
          continue;
        if (writingOp == readingOp) {
          const OpModel *m = state.getModel(readingOp);
          if (m && m->elementwiseAccess && m->elementwiseAccess(readingOp, {uRead, uWrite}) &&
              (hasEquivalentValueInReverseUseDefChain(state, uRead, uWrite->get()) ||
               hasEquivalentValueInReverseUseDefChain(state, uWrite, uRead->get())))
            continue;
        }
      }
      if (areNonConflictingSubsets(uRead, uWrite, state))
        continue;
      if (const OpModel *m = state.getModel(readingOp))
        if (m->isNotConflicting && m->isNotConflicting(uRead, uWrite, state))
          continue;
      if (writingOp != readingOp)
        if (const OpModel *m = state.getModel(writingOp))
          if (m->isNotConflicting && m->isNotConflicting(uRead, uWrite, state))
            continue;
      for (Value definition : definitions) {
        if (Operation *defOp = definition.getDefiningOp()) {
          if (happensBefore(writingOp, defOp, domInfo))
            continue;
          if (defOp->isProperAncestor(writingOp))
            continue;
        } else {
          Block *block = cast<BlockArgument>(definition).getOwner();
          if (!block->findAncestorOpInBlock(*writingOp))
            continue;
        }
        AliasingValueList aliases = state.getAliasingValues(*uWrite);
        if (aliases.size() == 1 && aliases[0].value == definition)
          continue;
        if (options.printConflicts)
          annotateConflict(uRead, uWrite, definition);
        return true;
      }
    }
  }
  return false;
}

static void getAliasingInplaceWrites(OperandSet &res, std::unordered_set<OpOperand *> &seen, Value root,
                                     const AnalysisState &state) {
  state.applyOnAliases(root, [&](Value alias) {
    for (OpOperand &use : alias.getUses())
      if (isInplaceMemoryWrite(use, state))
        insertUnique(res, seen, &use);
  });
}

static void getAliasingReads(OperandSet &res, std::unordered_set<OpOperand *> &seen, Value root,
                             const AnalysisState &state) {
  state.applyOnAliases(root, [&](Value alias) {
    for (OpOperand &use : alias.getUses()) {
      if (state.bufferizesToMemoryRead(use)) {
        insertUnique(res, seen, &use);
        continue;
      }
      if (!state.bufferizesToMemoryWrite(use)) {
        for (const AliasingValue &a : state.getAliasingValues(use))
          if (state.isValueRead(a.value)) {
            insertUnique(res, seen, &use);
            break;
          }
      }
    }
  });
}

static bool wouldCreateReadAfterWriteInterference(OpOperand &operand, const DominanceInfo &domInfo,
                                                  AnalysisState &state, bool checkConsistencyOnly = false) {
  OperandSet usesRead, usesWrite;
  std::unordered_set<OpOperand *> seenRead, seenWrite;
  getAliasingReads(usesRead, seenRead, operand.get(), state);
  getAliasingInplaceWrites(usesWrite, seenWrite, operand.get(), state);
  for (const AliasingValue &a : state.getAliasingValues(operand)) {
    getAliasingReads(usesRead, seenRead, a.value, state);
    getAliasingInplaceWrites(usesWrite, seenWrite, a.value, state);
  }
  if (!checkConsistencyOnly && state.bufferizesToMemoryWrite(operand))
    insertUnique(usesWrite, seenWrite, &operand);
  return hasReadAfterWriteInterference(usesRead, usesWrite, domInfo, state);
}

static void annotateNonWritableTensor(Value value) {
  static int64_t counter = 0;
  Builder b(value.getContext());
  std::string id = "W_" + std::to_string(counter++);
  if (auto r = dyn_cast<OpResult>(value))
    r.getOwner()->setAttr(id + "[NOT-WRITABLE: result " + std::to_string(r.getResultNumber()) + "]",
                          b.getUnitAttr());
  else
    cast<BlockArgument>(value).getOwner()->getParentOp()->setAttr(
        id + "[NOT-WRITABLE: bbArg " + std::to_string(cast<BlockArgument>(value).getArgNumber()) + "]",
        b.getUnitAttr());
}

static bool wouldCreateWriteToNonWritableBuffer(OpOperand &operand, AnalysisState &state,
                                                bool checkConsistencyOnly = false) {
  bool foundWrite = !checkConsistencyOnly && state.bufferizesToMemoryWrite(operand);
  if (!foundWrite) {
    OperandSet usesWrite;
    std::unordered_set<OpOperand *> seen;
    getAliasingInplaceWrites(usesWrite, seen, operand.get(), state);
    for (const AliasingValue &a : state.getAliasingValues(operand))
      getAliasingInplaceWrites(usesWrite, seen, a.value, state);
    foundWrite = !usesWrite.empty();
  }
  if (!foundWrite)
    return false;
  bool foundReadOnly = false;
  auto checkReadOnly = [&](Value v) {
    if (!state.isWritable(v)) {
      foundReadOnly = true;
      if (state.getOptions().printConflicts)
        annotateNonWritableTensor(v);
    }
  };
  state.applyOnAliases(operand.get(), checkReadOnly);
  for (const AliasingValue &a : state.getAliasingValues(operand))
    state.applyOnAliases(a.value, checkReadOnly);
  return foundReadOnly;
}

//===----------------------------------------------------------------------===//
// The analysis
//===----------------------------------------------------------------------===//

static void analyzeSingleOp(Operation *op, AnalysisState &state, const DominanceInfo &domInfo) {
  for (OpOperand &o : op->getOpOperands()) {
    if (!isTensor(o.get().getType()) || state.isInPlace(o))
      continue;
    bool interference =
        wouldCreateWriteToNonWritableBuffer(o, state) || wouldCreateReadAfterWriteInterference(o, domInfo, state);
    if (interference)
      state.bufferizeOutOfPlace(o);
    else
      state.bufferizeInPlace(o);
  }
}

/// Ops nested in `root` (and root), post-order; `reverse` iterates regions,
/// blocks and ops backwards (MLIR's ReverseIterator walk).
static void collectPostOrder(Operation *root, bool reverse, std::vector<Operation *> &out) {
  struct Frame {
    Operation *op;
    std::vector<Operation *> children;
    size_t next = 0;
  };
  auto childrenOf = [&](Operation *op) {
    std::vector<Operation *> c;
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (Operation &nested : b)
          c.push_back(&nested);
    if (reverse)
      std::reverse(c.begin(), c.end());
    return c;
  };
  std::vector<Frame> stack;
  stack.push_back(Frame{root, childrenOf(root)});
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (f.next < f.children.size()) {
      Operation *child = f.children[f.next++];
      stack.push_back(Frame{child, childrenOf(child)});
      continue;
    }
    out.push_back(f.op);
    stack.pop_back();
  }
}

static void equivalenceAnalysis(const std::vector<Operation *> &ops, AnalysisState &state) {
  for (Operation *op : ops) {
    const OpModel *m = state.getModel(op);
    if (!m)
      continue;
    for (Value result : op->getResults()) {
      if (!isTensor(result.getType()))
        continue;
      AliasingOpOperandList aliases = state.getAliasingOpOperands(result);
      if (aliases.empty())
        continue;
      Value firstOperand = aliases.front().opOperand->get();
      bool allEquivalent = true;
      for (const AliasingOpOperand &a : aliases) {
        bool isEquiv = a.relation == BufferRelation::Equivalent;
        bool inPlace = state.isInPlace(*a.opOperand);
        Value operand = a.opOperand->get();
        if (isEquiv && inPlace && a.isDefinite) {
          state.unionEquivalenceClasses(result, operand);
          allEquivalent = false;
          break;
        }
        if (!isEquiv || !inPlace)
          allEquivalent = false;
        if (!state.areEquivalentBufferizedValues(operand, firstOperand))
          allEquivalent = false;
      }
      if (allEquivalent && !(m->isAllocation && m->isAllocation(result)))
        state.unionEquivalenceClasses(result, firstOperand);
    }
  }
}

static std::vector<Operation *> bottomUpFromTerminators(Operation *root, const AnalysisState &state) {
  std::vector<Operation *> traversed;
  std::unordered_set<Operation *> traversedSet;
  std::vector<Operation *> postOrder;
  collectPostOrder(root, /*reverse=*/false, postOrder);
  for (Operation *term : postOrder) {
    if (!isa<RegionBranchTerminatorOpInterface>(term))
      continue;
    if (!traversedSet.insert(term).second)
      continue;
    traversed.push_back(term);
    std::vector<OpResult> work;
    for (OpOperand &o : term->getOpOperands())
      if (isTensor(o.get().getType()))
        if (auto r = dyn_cast<OpResult>(o.get()))
          work.push_back(r);
    while (!work.empty()) {
      OpResult r = work.back();
      work.pop_back();
      Operation *def = r.getOwner();
      if (!traversedSet.insert(def).second)
        continue;
      traversed.push_back(def);
      if (!term->getParentRegion()->findAncestorOpInRegion(*def))
        continue;
      for (const AliasingOpOperand &a : state.getAliasingOpOperands(r)) {
        Value v = a.opOperand->get();
        if (!isTensor(v.getType()))
          continue;
        if (auto vr = dyn_cast<OpResult>(v))
          work.push_back(vr);
      }
    }
  }
  std::vector<Operation *> result = traversed;
  std::vector<Operation *> reversePostOrder;
  collectPostOrder(root, /*reverse=*/true, reversePostOrder);
  for (Operation *op : reversePostOrder)
    if (!traversedSet.count(op) && state.hasTensorSemantics(op))
      result.push_back(op);
  return result;
}

static void analyzeOps(Operation *root, AnalysisState &state, const DominanceInfo &domInfo) {
  std::vector<Operation *> ordered;
  AnalysisHeuristic heuristic = state.getOptions().heuristic;
  if (heuristic == AnalysisHeuristic::BottomUpFromTerminators) {
    ordered = bottomUpFromTerminators(root, state);
  } else {
    std::vector<Operation *> all;
    collectPostOrder(root, /*reverse=*/false, all);
    for (Operation *op : all)
      if (state.hasTensorSemantics(op))
        ordered.push_back(op);
    if (heuristic == AnalysisHeuristic::BottomUp) {
      std::reverse(ordered.begin(), ordered.end());
    } else if (heuristic == AnalysisHeuristic::Fuzzer) {
      // llvm::shuffle with std::mt19937: stdlib-independent.
      std::mt19937 g(state.getOptions().fuzzerSeed);
      auto first = ordered.begin();
      for (auto size = ordered.end() - first; size > 1; ++first, --size) {
        auto offset = std::ptrdiff_t(g() % uint64_t(size));
        if (offset != 0)
          std::iter_swap(first, first + offset);
      }
    }
  }
  for (Operation *op : ordered)
    analyzeSingleOp(op, state, domInfo);

  std::vector<Operation *> withTensorResults, all;
  collectPostOrder(root, /*reverse=*/false, all);
  for (Operation *op : all)
    for (Value r : op->getResults())
      if (isTensor(r.getType())) {
        withTensorResults.push_back(op);
        break;
      }
  equivalenceAnalysis(withTensorResults, state);
}

static LogicalResult checkPreBufferizationAssumptions(Operation *root, const DominanceInfo &domInfo,
                                                      AnalysisState &state) {
  std::vector<Operation *> ops;
  collectPostOrder(root, /*reverse=*/false, ops);
  for (Operation *op : ops) {
    const OpModel *m = state.getModel(op);
    if (!m || m->supportsUnstructuredControlFlow)
      continue;
    for (Region &r : op->getRegions()) {
      if (!r.empty() && &r.front() != &r.back()) {
        (void)op->emitOpError("op or BufferizableOpInterface implementation does not support unstructured control "
                        "flow, but at least one region has multiple blocks");
        return failure();
      }
    }
  }
  for (Operation *op : ops) {
    if (!state.getModel(op))
      continue;
    if (op->getName().getStringRef() == "bufferization.to_tensor" && !op->hasAttr("restrict") &&
        !op->getResult(0).use_empty()) {
      (void)op->emitOpError("to_tensor ops without `restrict` are not supported by One-Shot Analysis");
      return failure();
    }
    for (OpOperand &o : op->getOpOperands()) {
      if (!isTensor(o.get().getType()))
        continue;
      if (wouldCreateReadAfterWriteInterference(o, domInfo, state, /*checkConsistencyOnly=*/true)) {
        (void)op->emitOpError("not bufferizable under the given constraints: cannot avoid RaW conflict");
        return failure();
      }
      if (state.isInPlace(o) && wouldCreateWriteToNonWritableBuffer(o, state, /*checkConsistencyOnly=*/true)) {
        (void)op->emitOpError("not bufferizable under the given constraints: would write to read-only buffer");
        return failure();
      }
    }
  }
  return success();
}

static void annotateOpsWithBufferizationMarkers(Operation *root, const AnalysisState &state) {
  std::vector<Operation *> ops;
  collectPostOrder(root, /*reverse=*/false, ops);
  Builder b(root->getContext());
  for (Operation *op : ops) {
    bool any = false;
    std::vector<std::string_view> marks(op->getNumOperands(), "none");
    for (OpOperand &o : op->getOpOperands())
      if (isTensor(o.get().getType())) {
        marks[o.getOperandNumber()] = state.isInPlace(o) ? "true" : "false";
        any = true;
      }
    if (any)
      op->setAttr("__inplace_operands_attr__", b.getStrArrayAttr(marks));
  }
}

static void annotateOpsWithAliasSets(Operation *root, const AnalysisState &state) {
  std::vector<Operation *> ops;
  collectPostOrder(root, /*reverse=*/false, ops);
  Builder b(root->getContext());
  AsmState asmState(root);
  auto aliasesArray = [&](Value v) {
    std::vector<Attribute> names;
    state.applyOnAliases(v, [&](Value alias) {
      std::string buffer;
      raw_string_ostream os(buffer);
      alias.printAsOperand(os, asmState);
      os.flush();
      names.push_back(b.getStringAttr(buffer));
    });
    return b.getArrayAttr(names);
  };
  for (Operation *op : ops) {
    std::vector<Attribute> resultSets;
    for (Value r : op->getResults())
      if (isTensor(r.getType()))
        resultSets.push_back(aliasesArray(r));
    if (!resultSets.empty())
      op->setAttr("__opresult_alias_set_attr__", b.getArrayAttr(resultSets));
    std::vector<Attribute> regionSets;
    bool hasTensorArg = false;
    for (Region &r : op->getRegions()) {
      std::vector<Attribute> blockSets;
      for (Block &block : r) {
        std::vector<Attribute> argSets;
        for (Value arg : block.getArguments())
          if (isTensor(arg.getType())) {
            argSets.push_back(aliasesArray(arg));
            hasTensorArg = true;
          }
        blockSets.push_back(b.getArrayAttr(argSets));
      }
      regionSets.push_back(b.getArrayAttr(blockSets));
    }
    if (hasTensorArg)
      op->setAttr("__bbarg_alias_set_attr__", b.getArrayAttr(regionSets));
  }
}

LogicalResult bufferization::analyzeOp(Operation *op, AnalysisState &state) {
  DominanceInfo domInfo(op);
  if (failed(checkPreBufferizationAssumptions(op, domInfo, state)))
    return failure();
  analyzeOps(op, state, domInfo);
  bool failedAnalysis = false;
  std::vector<Operation *> ops;
  collectPostOrder(op, /*reverse=*/false, ops);
  for (Operation *nested : ops)
    if (const OpModel *m = state.getModel(nested))
      if (m->verifyAnalysis && failed(m->verifyAnalysis(nested, state)))
        failedAnalysis = true;
  if (state.getOptions().testAnalysisOnly)
    annotateOpsWithBufferizationMarkers(op, state);
  if (state.getOptions().dumpAliasSets)
    annotateOpsWithAliasSets(op, state);
  return failure(failedAnalysis);
}
