//===- LoopPipelining.cpp - Software pipelining of scf.for ----------------===//
//
// MLIR's scf::pipelineForLoop (Dialect/SCF/Transforms/LoopPipelining.cpp's
// behaviour): given a schedule assigning each body op a stage (0..maxStage)
// and a kernel order,
//   - the prologue runs stages [0, i] of iteration i for i < maxStage
//     (ops cloned with their operands remapped to the right version;
//     predicated for loops with dynamic bounds);
//   - the kernel loop runs every stage, each on its own iteration: the
//     induction variable is offset by (maxStage - stage) * step, values
//     crossing stages travel as extra iter_args (one per stage crossed);
//     without epilogue peeling it runs to the original bound with the ops of
//     stages < maxStage predicated, otherwise to ub - maxStage * step;
//   - the epilogue runs stages [i, maxStage] of the last iterations.
// Loop-carried values must come from the previous iteration (yielded by a
// body op) or from outside the loop. Arithmetic is emitted unfolded (the
// greedy driver folds it), as MLIR emits it. A schedule with a stage over
// 4096 is declined (a Lamina limit: mlir-opt exhausts memory or time).
//
#include "LoopPipelining.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/IRMapping.h"
#include "../SCFDetail.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>

using namespace lamina;
using namespace lamina::scf;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Value pipeConst(RewriterBase &rewriter, Location loc, Type type, int64_t value) {
  return arith::createConstant(rewriter, loc, rewriter.getIntegerAttr(type, value))->getResult(0);
}

Value pipeBinary(RewriterBase &rewriter, Location loc, std::string_view name, Value lhs, Value rhs) {
  OperationState state(loc, name);
  state.addOperand(lhs);
  state.addOperand(rhs);
  state.addType(lhs.getType());
  return rewriter.create(state)->getResult(0);
}

Value pipeCmp(RewriterBase &rewriter, Location loc, arith::CmpIPredicate pred, Value lhs, Value rhs) {
  OperationState state(loc, "arith.cmpi");
  state.addOperand(lhs);
  state.addOperand(rhs);
  state.addAttribute("predicate", IntegerAttr::get(IntegerType::get(rewriter.getContext(), 64), int64_t(pred)));
  state.addType(rewriter.getI1Type());
  return rewriter.create(state)->getResult(0);
}

Value pipeSelect(RewriterBase &rewriter, Location loc, Value cond, Value trueValue, Value falseValue) {
  OperationState state(loc, "arith.select");
  state.addOperand(cond);
  state.addOperand(trueValue);
  state.addOperand(falseValue);
  state.addType(trueValue.getType());
  return rewriter.create(state)->getResult(0);
}

/// The ops of `op` (itself included) in post-order or pre-order.
std::vector<Operation *> collectOps(Operation *op, bool preOrder) {
  std::vector<Operation *> ops;
  if (preOrder)
    op->walk<WalkOrder::PreOrder>([&](Operation *nested) { ops.push_back(nested); });
  else
    op->walk([&](Operation *nested) { ops.push_back(nested); });
  return ops;
}

/// Clones `op` at the insertion point and hands each operand of the clone
/// (and of its nested ops) that comes from outside the clone to `callback`.
Operation *cloneAndUpdateOperands(RewriterBase &rewriter, Operation *op,
                                  const std::function<void(OpOperand *)> &callback) {
  Operation *clone = rewriter.clone(*op);
  for (Operation *nested : collectOps(clone, /*preOrder=*/true)) {
    for (OpOperand &operand : nested->getOpOperands()) {
      Value v = operand.get();
      Operation *def = v.getDefiningOp();
      if ((def && !clone->isAncestor(def)) || isa<BlockArgument>(v))
        callback(&operand);
    }
  }
  return clone;
}

//===----------------------------------------------------------------------===//
// The pipeliner
//===----------------------------------------------------------------------===//

/// The largest stage pipelined (a Lamina limit: a schedule with a larger
/// one is declined).
constexpr unsigned kMaxPipelineStage = 4096;

struct LiverangeInfo {
  unsigned lastUseStage = 0;
  unsigned defStage = 0;
};

class LoopPipeliner {
public:
  bool initializeLoopInfo(Operation *op, const PipeliningOption &options);
  LogicalResult emitPrologue(RewriterBase &rewriter);
  void analyzeCrossStageValues();
  Operation *createKernelLoop(RewriterBase &rewriter);
  LogicalResult createKernel(Operation *newForOp, RewriterBase &rewriter);
  LogicalResult emitEpilogue(RewriterBase &rewriter, std::vector<Value> &returnValues);

  Operation *forOp = nullptr;

private:
  Block *body() const { return &forOp->getRegion(0).front(); }
  Operation *yield() const { return body()->getTerminator(); }
  Value iterArg(unsigned i) const { return body()->getArgument(i + 1); }
  Value inductionVar() const { return body()->getArgument(0); }
  bool hasStage(Operation *op) const { return stages.count(op) != 0; }

  void setValueMapping(Value key, Value el, int64_t idx);
  std::vector<Value> &versions(Value key) { return valueMapping[key.getAsOpaquePointer()]; }
  /// Version `idx` of `key`, or null if there is none.
  Value version(Value key, size_t idx) const {
    auto it = valueMapping.find(key.getAsOpaquePointer());
    return it != valueMapping.end() && idx < it->second.size() ? it->second[idx] : Value();
  }
  std::pair<Operation *, int64_t> getDefiningOpAndDistance(Value value);
  bool verifySchedule();

  unsigned maxStage = 0;
  std::unordered_map<Operation *, unsigned> stages;
  std::vector<Operation *> opOrder;
  Value ub, lb, step;
  bool dynamicLoop = false;
  bool peelEpilogue = true;
  std::function<Operation *(RewriterBase &, Operation *, Value)> predicateFn;
  std::function<void(Operation *, PipeliningOption::PipelinerPart, unsigned)> annotateFn;
  /// The versions of each original loop value in the peeled parts.
  std::unordered_map<const void *, std::vector<Value>> valueMapping;
  /// The values used in a later stage than their definition, in first-use
  /// order (a MapVector in MLIR).
  std::vector<std::pair<Value, LiverangeInfo>> crossStageValues;
  /// (value, stage distance) -> kernel iter_arg index.
  std::map<std::pair<const void *, unsigned>, unsigned> loopArgMap;
};

void LoopPipeliner::setValueMapping(Value key, Value el, int64_t idx) {
  std::vector<Value> &v = versions(key);
  if (v.empty())
    v.resize(maxStage + 1);
  v[size_t(idx)] = el;
}

std::pair<Operation *, int64_t> LoopPipeliner::getDefiningOpAndDistance(Value value) {
  int64_t distance = 0;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() != body())
      return {nullptr, 0};
    // The induction variable.
    if (arg.getArgNumber() == 0)
      return {nullptr, 0};
    ++distance;
    value = yield()->getOperand(arg.getArgNumber() - 1);
  }
  Operation *def = value.getDefiningOp();
  if (!def)
    return {nullptr, 0};
  return {def, distance};
}

bool LoopPipeliner::verifySchedule() {
  int64_t numCyclesPerIter = int64_t(opOrder.size());
  std::unordered_map<Operation *, int64_t> unrolledCycles;
  for (int64_t cycle = 0; cycle < numCyclesPerIter; ++cycle) {
    Operation *def = opOrder[size_t(cycle)];
    unrolledCycles[def] = cycle + int64_t(stages[def]) * numCyclesPerIter;
  }
  for (Operation *consumer : opOrder) {
    int64_t consumerCycle = unrolledCycles[consumer];
    // The operands of the consumer and its nested ops, without repeats.
    std::vector<Value> operands;
    for (Operation *nested : collectOps(consumer, /*preOrder=*/false))
      for (Value v : nested->getOperands())
        if (std::find(operands.begin(), operands.end(), v) == operands.end())
          operands.push_back(v);
    for (Value operand : operands) {
      auto [producer, distance] = getDefiningOpAndDistance(operand);
      if (!producer)
        continue;
      auto it = unrolledCycles.find(producer);
      if (it == unrolledCycles.end())
        continue;
      if (consumerCycle < it->second - numCyclesPerIter * distance) {
        consumer->emitError() << "operation scheduled before its operands";
        return false;
      }
    }
  }
  return true;
}

bool LoopPipeliner::initializeLoopInfo(Operation *op, const PipeliningOption &options) {
  forOp = op;
  lb = forOp->getOperand(0);
  ub = forOp->getOperand(1);
  step = forOp->getOperand(2);
  std::optional<int64_t> ubCst = scf::getConstantIntValue(ub), lbCst = scf::getConstantIntValue(lb),
                         stepCst = scf::getConstantIntValue(step);
  int64_t numIteration = 0;
  if (!ubCst || !lbCst || !stepCst) {
    if (!options.supportDynamicLoops)
      return false;
    dynamicLoop = true;
  } else {
    if (*stepCst <= 0)
      return false;
    // The trip count, rounded up.
    int64_t diff = int64_t(uint64_t(*ubCst) - uint64_t(*lbCst));
    numIteration = diff / *stepCst;
    if (diff % *stepCst != 0 && diff > 0)
      ++numIteration;
    if (numIteration <= 0)
      return false;
  }
  peelEpilogue = options.peelEpilogue;
  predicateFn = options.predicateFn;
  if ((!peelEpilogue || dynamicLoop) && !predicateFn)
    return false;
  std::vector<std::pair<Operation *, unsigned>> schedule;
  options.getScheduleFn(forOp, schedule);
  if (schedule.empty())
    return false;
  for (auto &[scheduled, stage] : schedule) {
    // A stage past the limit is hostile input (mlir-opt runs out of memory
    // or time emitting its prologue): the loop is left alone.
    if (stage > kMaxPipelineStage)
      return false;
  }
  for (auto &[scheduled, stage] : schedule) {
    // (An empty slot of a schedule leaves an op without a stage below.)
    if (!scheduled)
      continue;
    maxStage = std::max(maxStage, stage);
    stages[scheduled] = stage;
    opOrder.push_back(scheduled);
  }
  // Fewer iterations than stages: the prologue and epilogue are predicated
  // as for a dynamic loop.
  if (!dynamicLoop && numIteration < int64_t(maxStage)) {
    if (!options.supportDynamicLoops || !predicateFn)
      return false;
    dynamicLoop = true;
  }
  // Every op needs a stage.
  for (Operation &bodyOp : *body()) {
    if (&bodyOp == yield())
      continue;
    if (!hasStage(&bodyOp)) {
      bodyOp.emitOpError() << "not assigned a pipeline stage";
      return false;
    }
  }
  if (!verifySchedule())
    return false;
  // Staged ops are the body block's (the terminator excluded), in schedule
  // order.
  for (Operation *scheduled : opOrder) {
    if (scheduled == yield()) {
      scheduled->emitError() << "terminator should not be assigned a stage";
      return false;
    }
    if (scheduled->getBlock() != body()) {
      scheduled->emitOpError() << "the owning Block of all operations assigned a stage should be the loop body block";
      return false;
    }
  }
  // Loop-carried values come from the previous iteration or from outside.
  for (Value operand : yield()->getOperands()) {
    Operation *def = operand.getDefiningOp();
    if (!def || (!hasStage(def) && forOp->isAncestor(def)))
      return false;
  }
  annotateFn = options.annotateFn;
  return true;
}

LogicalResult LoopPipeliner::emitPrologue(RewriterBase &rewriter) {
  for (unsigned i = 0; i + 3 < forOp->getNumOperands(); ++i)
    setValueMapping(iterArg(i), forOp->getOperand(3 + i), 0);
  Operation *yieldOp = yield();
  Location loc = forOp->getLoc();
  std::vector<Value> predicates(maxStage);
  for (int64_t i = 0; i < int64_t(maxStage); ++i) {
    if (dynamicLoop) {
      Type t = ub.getType();
      // pred = lb + i * step < ub
      Value iv = pipeBinary(rewriter, loc, "arith.addi", lb,
                            pipeBinary(rewriter, loc, "arith.muli", step, pipeConst(rewriter, loc, t, i)));
      predicates[size_t(i)] = pipeCmp(rewriter, loc, arith::CmpIPredicate::slt, iv, ub);
    }
    // iv = lb + i * step
    Type t = lb.getType();
    Value iv = pipeBinary(rewriter, loc, "arith.addi", lb,
                          pipeBinary(rewriter, loc, "arith.muli", step, pipeConst(rewriter, loc, t, i)));
    setValueMapping(inductionVar(), iv, i);
    for (Operation *op : opOrder) {
      if (int64_t(stages[op]) > i)
        continue;
      int64_t version = i - int64_t(stages[op]);
      Operation *newOp = cloneAndUpdateOperands(rewriter, op, [&](OpOperand *newOperand) {
        auto it = valueMapping.find(newOperand->get().getAsOpaquePointer());
        // (A missing version would crash mlir-opt; the operand is kept.)
        if (it != valueMapping.end() && it->second[size_t(version)])
          newOperand->set(it->second[size_t(version)]);
      });
      if (predicates[size_t(version)]) {
        OpBuilder::InsertionGuard guard(rewriter);
        newOp = predicateFn(rewriter, newOp, predicates[size_t(version)]);
        if (!newOp)
          return failure();
      }
      if (annotateFn)
        annotateFn(newOp, PipeliningOption::PipelinerPart::Prologue, unsigned(i));
      for (unsigned destId = 0; destId < op->getNumResults(); ++destId) {
        Value source = newOp->getResult(destId);
        // A loop-carried value: the iter_arg of the next iteration.
        for (OpOperand &operand : yieldOp->getOpOperands()) {
          if (operand.get() != op->getResult(destId))
            continue;
          unsigned n = operand.getOperandNumber();
          if (predicates[size_t(version)] && !forOp->getResult(n).use_empty() &&
              this->version(iterArg(n), size_t(version))) {
            // Used after the loop: keep the previous version when the
            // iteration does not run.
            Value prevValue = this->version(iterArg(n), size_t(version));
            source = pipeSelect(rewriter, loc, predicates[size_t(version)], source, prevValue);
          }
          setValueMapping(iterArg(n), source, version + 1);
        }
        setValueMapping(op->getResult(destId), newOp->getResult(destId), version);
      }
    }
  }
  return success();
}

void LoopPipeliner::analyzeCrossStageValues() {
  auto entry = [&](Value v) -> LiverangeInfo & {
    for (auto &[value, info] : crossStageValues)
      if (value == v)
        return info;
    crossStageValues.emplace_back(v, LiverangeInfo());
    return crossStageValues.back().second;
  };
  for (Operation *op : opOrder) {
    unsigned stage = stages[op];
    auto analyzeOperand = [&](OpOperand &operand) {
      auto [def, distance] = getDefiningOpAndDistance(operand.get());
      if (!def)
        return;
      auto defStage = stages.find(def);
      if (defStage == stages.end() || defStage->second == stage || int64_t(defStage->second) == stage + distance)
        return;
      LiverangeInfo &info = entry(operand.get());
      info.defStage = defStage->second;
      info.lastUseStage = std::max(info.lastUseStage, stage);
    };
    for (OpOperand &operand : op->getOpOperands())
      analyzeOperand(operand);
    // Values used in the op's regions and defined above them.
    for (Region &region : op->getRegions()) {
      for (Block &block : region) {
        for (Operation &top : block) {
          for (Operation *nested : collectOps(&top, /*preOrder=*/false)) {
            for (OpOperand &operand : nested->getOpOperands()) {
              Region *valueRegion = operand.get().getParentRegion();
              if (valueRegion && valueRegion != &region && valueRegion->isAncestor(&region))
                analyzeOperand(operand);
            }
          }
        }
      }
    }
  }
}

Operation *LoopPipeliner::createKernelLoop(RewriterBase &rewriter) {
  // The initial values of the kernel's iter_args: the loop's own, in the
  // version the prologue left, then one per stage crossed by each value.
  std::vector<Value> newLoopArg;
  for (unsigned i = 0; i < yield()->getNumOperands(); ++i) {
    Operation *def = yield()->getOperand(i).getDefiningOp();
    auto defStage = stages.find(def);
    if (defStage != stages.end())
      newLoopArg.push_back(version(iterArg(i), maxStage - defStage->second));
    else
      newLoopArg.push_back(forOp->getOperand(3 + i));
  }
  for (auto &[value, info] : crossStageValues) {
    for (unsigned stageIdx = 0; stageIdx < info.lastUseStage - info.defStage; ++stageIdx) {
      newLoopArg.push_back(version(value, maxStage - info.lastUseStage + stageIdx));
      loopArgMap[{value.getAsOpaquePointer(), info.lastUseStage - info.defStage - stageIdx}] =
          unsigned(newLoopArg.size() - 1);
    }
  }
  // (mlir-opt asserts that every version exists.)
  for (Value v : newLoopArg)
    if (!v)
      return nullptr;
  // With a peeled epilogue, the kernel stops maxStage iterations early.
  Value newUb = ub;
  Location loc = forOp->getLoc();
  if (peelEpilogue) {
    Value maxStageValue = pipeConst(rewriter, loc, ub.getType(), maxStage);
    Value maxStageByStep = pipeBinary(rewriter, loc, "arith.muli", step, maxStageValue);
    newUb = pipeBinary(rewriter, loc, "arith.subi", ub, maxStageByStep);
  }
  OperationState state(loc, ForOp::getOperationName());
  state.addOperand(lb);
  state.addOperand(newUb);
  state.addOperand(step);
  for (Value v : newLoopArg) {
    state.addOperand(v);
    state.addType(v.getType());
  }
  Region *region = state.addRegion();
  Block *newBody = region->emplaceBlock();
  newBody->addArgument(inductionVar().getType(), loc);
  for (Value v : newLoopArg)
    newBody->addArgument(v.getType(), v.getLoc());
  return rewriter.create(state);
}

LogicalResult LoopPipeliner::createKernel(Operation *newForOp, RewriterBase &rewriter) {
  valueMapping.clear();
  Block *newBody = &newForOp->getRegion(0).front();
  auto newIterArg = [&](unsigned i) -> Value { return newBody->getArgument(i + 1); };
  rewriter.setInsertionPoint(newBody, newBody->begin());
  IRMapping mapping;
  mapping.map(inductionVar(), newBody->getArgument(0));
  for (unsigned i = 0; i + 1 < body()->getNumArguments(); ++i)
    mapping.map(iterArg(i), newIterArg(i));
  std::vector<Value> predicates(maxStage + 1);
  if (!peelEpilogue) {
    // A predicate per stage but the last: iv < ub - (maxStage - i) * step.
    Location loc = newForOp->getLoc();
    Type t = ub.getType();
    for (unsigned i = 0; i < maxStage; ++i) {
      Value c = pipeBinary(
          rewriter, loc, "arith.subi", ub,
          pipeBinary(rewriter, loc, "arith.muli", step, pipeConst(rewriter, loc, t, int64_t(maxStage - i))));
      predicates[i] = pipeCmp(rewriter, loc, arith::CmpIPredicate::slt, newBody->getArgument(0), c);
    }
  }
  for (Operation *op : opOrder) {
    int64_t useStage = stages[op];
    Operation *newOp = rewriter.clone(*op, mapping);
    // The original ops and their clones, in the same walk order.
    std::vector<Operation *> originals = collectOps(op, /*preOrder=*/false);
    std::vector<Operation *> clones = collectOps(newOp, /*preOrder=*/false);
    for (size_t k = 0; k < originals.size() && k < clones.size(); ++k) {
      Operation *original = originals[k];
      Operation *nestedNewOp = clones[k];
      for (OpOperand &operand : original->getOpOperands()) {
        unsigned operandNumber = operand.getOperandNumber();
        // The induction variable, advanced by the stages still to run.
        if (operand.get() == inductionVar()) {
          rewriter.setInsertionPoint(newOp);
          Type t = step.getType();
          Value offset = pipeBinary(rewriter, forOp->getLoc(), "arith.muli", step,
                                    pipeConst(rewriter, forOp->getLoc(), t, int64_t(maxStage) - useStage));
          Value iv = pipeBinary(rewriter, forOp->getLoc(), "arith.addi", newBody->getArgument(0), offset);
          nestedNewOp->setOperand(operandNumber, iv);
          rewriter.setInsertionPointAfter(newOp);
          continue;
        }
        Value source = operand.get();
        auto arg = dyn_cast<BlockArgument>(source);
        if (arg && arg.getOwner() == body()) {
          Value ret = yield()->getOperand(arg.getArgNumber() - 1);
          Operation *dep = ret.getDefiningOp();
          if (!dep)
            continue;
          auto stageDep = stages.find(dep);
          if (stageDep == stages.end() || int64_t(stageDep->second) == useStage)
            continue;
          // A value carried from stage useStage + 1 becomes a direct use.
          if (int64_t(stageDep->second) == useStage + 1) {
            nestedNewOp->setOperand(operandNumber, mapping.lookupOrDefault(ret));
            continue;
          }
          source = ret;
        }
        // A value of an earlier stage: the iter_arg holding its version.
        Operation *def = source.getDefiningOp();
        if (!def)
          continue;
        auto stageDef = stages.find(def);
        if (stageDef == stages.end() || int64_t(stageDef->second) == useStage)
          continue;
        auto remap = loopArgMap.find({operand.get().getAsOpaquePointer(), unsigned(useStage - stageDef->second)});
        if (remap == loopArgMap.end())
          return failure();
        nestedNewOp->setOperand(operandNumber, newIterArg(remap->second));
      }
    }
    if (predicates[size_t(useStage)]) {
      OpBuilder::InsertionGuard guard(rewriter);
      newOp = predicateFn(rewriter, newOp, predicates[size_t(useStage)]);
      if (!newOp)
        return failure();
      for (unsigned r = 0; r < op->getNumResults() && r < newOp->getNumResults(); ++r)
        mapping.map(op->getResult(r), newOp->getResult(r));
    }
    if (annotateFn)
      annotateFn(newOp, PipeliningOption::PipelinerPart::Kernel, 0);
  }

  // The kernel yields the loop's values, then the versions each crossing
  // value needs.
  std::vector<Value> yieldOperands;
  for (OpOperand &yieldOperand : yield()->getOpOperands()) {
    Value source = mapping.lookupOrDefault(yieldOperand.get());
    unsigned n = yieldOperand.getOperandNumber();
    // Without epilogue, a value used after the loop keeps the version of
    // the last iteration that ran its stage.
    if (!peelEpilogue && !forOp->getResult(n).use_empty()) {
      Operation *def = getDefiningOpAndDistance(yieldOperand.get()).first;
      if (def) {
        auto defStage = stages.find(def);
        if (defStage != stages.end() && defStage->second < maxStage) {
          Value pred = predicates[defStage->second];
          source = pipeSelect(rewriter, pred.getLoc(), pred, source, newBody->getArgument(n + 1));
        }
      }
    }
    yieldOperands.push_back(source);
  }
  for (auto &[value, info] : crossStageValues) {
    int64_t version = int64_t(maxStage) - info.lastUseStage + 1;
    unsigned numVersionReturned = info.lastUseStage - info.defStage;
    for (unsigned i = 1; i < numVersionReturned; ++i) {
      setValueMapping(value, newForOp->getResult(unsigned(yieldOperands.size())), version++);
      yieldOperands.push_back(newIterArg(unsigned(yieldOperands.size()) + 1));
    }
    setValueMapping(value, newForOp->getResult(unsigned(yieldOperands.size())), version++);
    yieldOperands.push_back(mapping.lookupOrDefault(value));
  }
  // The loop's iter_args after the kernel.
  for (unsigned i = 0; i < yield()->getNumOperands(); ++i) {
    Value retVal = yield()->getOperand(i);
    auto defStage = stages.find(retVal.getDefiningOp());
    if (defStage == stages.end()) {
      for (unsigned stage = 1; stage <= maxStage; ++stage)
        setValueMapping(iterArg(i), retVal, stage);
    } else if (defStage->second > 0) {
      setValueMapping(iterArg(i), newForOp->getResult(i), maxStage - defStage->second + 1);
    }
  }
  OperationState state(forOp->getLoc(), YieldOp::getOperationName());
  for (Value v : yieldOperands)
    state.addOperand(v);
  rewriter.create(state);
  return success();
}

LogicalResult LoopPipeliner::emitEpilogue(RewriterBase &rewriter, std::vector<Value> &returnValues) {
  Location loc = forOp->getLoc();
  Type t = lb.getType();
  auto createConst = [&](int64_t v) { return pipeConst(rewriter, loc, t, v); };
  // totalIterations = (ub - lb + step + (step < 0 ? 1 : -1)) / step
  Value zero = createConst(0);
  Value one = createConst(1);
  Value stepLessZero = pipeCmp(rewriter, loc, arith::CmpIPredicate::slt, step, zero);
  Value stepDecr = pipeSelect(rewriter, loc, stepLessZero, one, createConst(-1));
  Value rangeDiff = pipeBinary(rewriter, loc, "arith.subi", ub, lb);
  Value rangeIncrStep = pipeBinary(rewriter, loc, "arith.addi", rangeDiff, step);
  Value rangeDecr = pipeBinary(rewriter, loc, "arith.addi", rangeIncrStep, stepDecr);
  Value totalIterations = pipeBinary(rewriter, loc, "arith.divsi", rangeDecr, step);
  // The epilogue starts at max(0, totalIterations - maxStage).
  Value iterI = pipeBinary(rewriter, loc, "arith.subi", totalIterations, createConst(maxStage));
  iterI = pipeBinary(rewriter, loc, "arith.maxsi", zero, iterI);

  std::vector<Value> predicates(maxStage + 1);
  for (int64_t i = 1; i <= int64_t(maxStage); ++i) {
    // The induction variable of the iteration: lb + step * iterI.
    Value newLastIter =
        pipeBinary(rewriter, loc, "arith.addi", lb, pipeBinary(rewriter, loc, "arith.muli", step, iterI));
    setValueMapping(inductionVar(), newLastIter, i);
    iterI = pipeBinary(rewriter, loc, "arith.addi", iterI, one);
    if (dynamicLoop) {
      // The stage runs if totalIterations >= i.
      predicates[size_t(i)] = pipeCmp(rewriter, loc, arith::CmpIPredicate::sge, totalIterations, createConst(i));
    }
  }

  for (int64_t i = 1; i <= int64_t(maxStage); ++i) {
    std::vector<std::pair<Value, unsigned>> returnMap(returnValues.size());
    for (Operation *op : opOrder) {
      if (int64_t(stages[op]) < i)
        continue;
      unsigned currentVersion = unsigned(int64_t(maxStage) - stages[op] + i);
      unsigned nextVersion = currentVersion + 1;
      Operation *newOp = cloneAndUpdateOperands(rewriter, op, [&](OpOperand *newOperand) {
        auto it = valueMapping.find(newOperand->get().getAsOpaquePointer());
        if (it != valueMapping.end() && currentVersion < it->second.size() && it->second[currentVersion])
          newOperand->set(it->second[currentVersion]);
      });
      if (dynamicLoop) {
        OpBuilder::InsertionGuard guard(rewriter);
        newOp = predicateFn(rewriter, newOp, predicates[currentVersion]);
        if (!newOp)
          return failure();
      }
      if (annotateFn)
        annotateFn(newOp, PipeliningOption::PipelinerPart::Epilogue, unsigned(i - 1));
      for (unsigned r = 0; r < op->getNumResults() && r < newOp->getNumResults(); ++r) {
        Value opRes = op->getResult(r), newRes = newOp->getResult(r);
        setValueMapping(opRes, newRes, currentVersion);
        // A loop-carried value: the loop's result so far, and the iter_arg
        // of the next version.
        for (OpOperand &operand : yield()->getOpOperands()) {
          if (operand.get() != opRes)
            continue;
          unsigned ri = operand.getOperandNumber();
          returnValues[ri] = newRes;
          Value mapVal = iterArg(ri);
          returnMap[ri] = {mapVal, currentVersion};
          if (nextVersion <= maxStage)
            setValueMapping(mapVal, newRes, nextVersion);
        }
      }
    }
    if (dynamicLoop) {
      // The value of the stage when it ran, else the previous one.
      for (unsigned ri = 0; ri < returnValues.size(); ++ri) {
        auto [mapVal, currentVersion] = returnMap[ri];
        if (!mapVal)
          continue;
        unsigned nextVersion = currentVersion + 1;
        Value pred = predicates[currentVersion];
        Value prevValue = version(mapVal, currentVersion);
        if (!prevValue)
          continue;
        Value sel = pipeSelect(rewriter, loc, pred, returnValues[ri], prevValue);
        returnValues[ri] = sel;
        if (nextVersion <= maxStage)
          setValueMapping(mapVal, sel, nextVersion);
      }
    }
  }
  return success();
}

struct ForLoopPipelining : RewritePattern {
  ForLoopPipelining(MLIRContext *ctx, const PipeliningOption &options)
      : RewritePattern(ForOp::getOperationName(), 1, ctx), options(options) {}
  LogicalResult matchAndRewrite(Operation *forOp, PatternRewriter &rewriter) const override {
    return success(succeeded(pipelineForLoop(rewriter, forOp, options)));
  }
  PipeliningOption options;
};

} // namespace

FailureOr<Operation *> scf::pipelineForLoop(RewriterBase &rewriter, Operation *forOp,
                                            const PipeliningOption &options) {
  LoopPipeliner pipeliner;
  if (!pipeliner.initializeLoopInfo(forOp, options))
    return failure();
  if (failed(pipeliner.emitPrologue(rewriter)))
    return failure();
  pipeliner.analyzeCrossStageValues();
  Operation *newForOp = pipeliner.createKernelLoop(rewriter);
  if (!newForOp || failed(pipeliner.createKernel(newForOp, rewriter)))
    return failure();
  std::vector<Value> returnValues;
  for (unsigned i = 0; i < forOp->getNumResults(); ++i)
    returnValues.push_back(newForOp->getResult(i));
  if (options.peelEpilogue) {
    rewriter.setInsertionPointAfter(newForOp);
    if (failed(pipeliner.emitEpilogue(rewriter, returnValues)))
      return failure();
  }
  if (forOp->getNumResults() > 0)
    rewriter.replaceOp(forOp, ValueRange(ArrayRef<Value>(returnValues)));
  else
    rewriter.eraseOp(forOp);
  return newForOp;
}

void scf::populateSCFLoopPipeliningPatterns(RewritePatternSet &patterns, const PipeliningOption &options) {
  patterns.add<ForLoopPipelining>(patterns.getContext(), options);
}
