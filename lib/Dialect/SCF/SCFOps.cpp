//===- SCFOps.cpp - The scf ops, their verifiers and interfaces -----------===//
//
// Definitions follow mlir/Dialect/SCF/IR/SCFOps.td as of LLVM 22 (scf.for
// carries the `unsignedCmp` unit attribute, scf.execute_region `no_inline`).
// Traits are listed in the order MLIR's generated classes verify them:
// structural traits (SingleBlock, SingleBlockImplicitTerminator, HasParent,
// AttrSizedOperandSegments, NoRegionArguments) first, then the others in
// declaration order; region verifiers (verifyWithRegions interfaces) run in
// that same order after the nested ops.
//
// The ops implement the interfaces MLIR declares for them
// (RegionBranchOpInterface, RegionBranchTerminatorOpInterface,
// LoopLikeOpInterface, ConditionallySpeculatable, InferTypeOpInterface, ...;
// lamina/Interfaces), whose verifiers run where the .td lists them; the
// DestinationStyleOpInterface check of scf.forall is a custom trait.
//
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/Transforms/InliningUtils.h"

#include "SCFDetail.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/SCF/DeviceMappingInterface.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/DestinationStyleOpInterface.h"
#include "lamina/Interfaces/LoopLikeInterface.h"
#include "lamina/Interfaces/ParallelCombiningOpInterface.h"
#include "lamina/ODS/OpDef.h"

#include <algorithm>
#include <limits>
#include <unordered_set>

using namespace lamina;
using namespace lamina::scf;

namespace {
constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

/// The entry arguments of `region` (none if it has no block).
ValueRange entryArgs(Region &region) { return region.empty() ? ValueRange() : region.front().getArguments(); }

/// The terminator of the (single) block of `region`, or null.
Operation *terminatorOf(Region &region) {
  if (region.empty() || region.front().empty())
    return nullptr;
  return &region.front().back();
}
} // namespace

//===----------------------------------------------------------------------===//
// Region branches (RegionBranchOpInterface, RegionBranchTerminatorOpInterface)
//===----------------------------------------------------------------------===//

static ValueRange forIterArgs(Operation *op) {
  ValueRange args = entryArgs(op->getRegion(0));
  return args.empty() ? args : args.drop_front(1);
}

static void executeRegionSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent())
    regions.push_back(RegionSuccessor(&op->getRegion(0)));
  else
    regions.push_back(RegionSuccessor::parent(op));
}

/// The body (with its iter_args) or the results, from the op or the body.
static void forSuccessors(Operation *op, RegionBranchPoint, SmallVectorImpl<RegionSuccessor> &regions) {
  regions.push_back(RegionSuccessor(&op->getRegion(0), forIterArgs(op)));
  regions.push_back(RegionSuccessor::parent(op));
}

static OperandRange forEntryOperands(Operation *op, RegionSuccessor) { return ForOp(op).getInitArgs(); }

static void ifSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor::parent(op));
    return;
  }
  regions.push_back(RegionSuccessor(&op->getRegion(0)));
  if (op->getRegion(1).empty())
    regions.push_back(RegionSuccessor::parent(op));
  else
    regions.push_back(RegionSuccessor(&op->getRegion(1)));
}

/// The condition selects one branch when it is a known constant.
static void ifEntrySuccessors(Operation *op, ArrayRef<Attribute> operands, SmallVectorImpl<RegionSuccessor> &regions) {
  auto cond = dyn_cast_or_null<IntegerAttr>(operands.empty() ? Attribute() : operands[0]);
  if (!cond || !cond.getValue().isZero())
    regions.push_back(RegionSuccessor(&op->getRegion(0)));
  if (!cond || cond.getValue().isZero()) {
    if (!op->getRegion(1).empty())
      regions.push_back(RegionSuccessor(&op->getRegion(1)));
    else
      regions.push_back(RegionSuccessor::parent(op));
  }
}

static void ifInvocationBounds(Operation *, ArrayRef<Attribute> operands, SmallVectorImpl<InvocationBounds> &bounds) {
  if (auto cond = dyn_cast_or_null<IntegerAttr>(operands.empty() ? Attribute() : operands[0])) {
    bool taken = !cond.getValue().isZero();
    bounds.push_back(InvocationBounds(0, taken ? 1 : 0));
    bounds.push_back(InvocationBounds(0, taken ? 0 : 1));
    return;
  }
  bounds.push_back(InvocationBounds(0, 1));
  bounds.push_back(InvocationBounds(0, 1));
}

static void whileSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  Region &before = op->getRegion(0), &after = op->getRegion(1);
  if (point.isParent() || point.getRegionOrNull() == &after) {
    regions.push_back(RegionSuccessor(&before, entryArgs(before)));
    return;
  }
  regions.push_back(RegionSuccessor::parent(op));
  regions.push_back(RegionSuccessor(&after, entryArgs(after)));
}

static OperandRange whileEntryOperands(Operation *op, RegionSuccessor) { return op->getOperands(); }

static void indexSwitchSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor::parent(op));
    return;
  }
  for (Region &region : op->getRegions())
    regions.push_back(RegionSuccessor(&region));
}

static ArrayRef<int64_t> switchCases(Operation *op) {
  auto cases = dyn_cast_or_null<DenseI64ArrayAttr>(ods::getInherentAttr(op, "cases"));
  return cases ? cases.asArrayRef() : ArrayRef<int64_t>();
}

/// A constant argument selects its case region, or the default one.
static void indexSwitchEntrySuccessors(Operation *op, ArrayRef<Attribute> operands,
                                       SmallVectorImpl<RegionSuccessor> &regions) {
  auto arg = dyn_cast_or_null<IntegerAttr>(operands.empty() ? Attribute() : operands[0]);
  if (!arg) {
    for (Region &region : op->getRegions())
      regions.push_back(RegionSuccessor(&region));
    return;
  }
  ArrayRef<int64_t> cases = switchCases(op);
  for (size_t i = 0; i < cases.size() && i + 1 < op->getNumRegions(); ++i)
    if (cases[i] == arg.getInt()) {
      regions.push_back(RegionSuccessor(&op->getRegion(unsigned(i) + 1)));
      return;
    }
  regions.push_back(RegionSuccessor(&op->getRegion(0)));
}

/// IndexSwitchOp::getRegionInvocationBounds (the region picked by a known
/// argument is numbered as MLIR numbers it: the index of the case value, or
/// the last region when no case matches).
static void indexSwitchInvocationBounds(Operation *op, ArrayRef<Attribute> operands,
                                        SmallVectorImpl<InvocationBounds> &bounds) {
  unsigned numRegions = op->getNumRegions();
  auto arg = dyn_cast_or_null<IntegerAttr>(operands.empty() ? Attribute() : operands[0]);
  if (!arg) {
    for (unsigned i = 0; i < numRegions; ++i)
      bounds.push_back(InvocationBounds(0, 1));
    return;
  }
  unsigned liveIndex = numRegions - 1;
  ArrayRef<int64_t> cases = switchCases(op);
  for (size_t i = 0; i < cases.size(); ++i)
    if (cases[i] == arg.getInt()) {
      liveIndex = unsigned(i);
      break;
    }
  for (unsigned i = 0; i < numRegions; ++i)
    bounds.push_back(InvocationBounds(0, i == liveIndex ? 1 : 0));
}

/// The body only, without iter_args, then the parent: the threads of a
/// forall never branch back into the body.
static void forallSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent())
    regions.push_back(RegionSuccessor(&op->getRegion(0)));
  else
    regions.push_back(RegionSuccessor::parent(op));
}

/// The body (no inputs) or the op (no results forwarded).
static void parallelSuccessors(Operation *op, RegionBranchPoint, SmallVectorImpl<RegionSuccessor> &regions) {
  regions.push_back(RegionSuccessor(&op->getRegion(0)));
  regions.push_back(RegionSuccessor(op, op->getResults().slice(op->getNumResults(), 0)));
}

/// scf.condition forwards its arguments after the condition.
static MutableOperandRange conditionSuccessorOperands(Operation *op, RegionSuccessor) {
  return MutableOperandRange(op, 1, op->getNumOperands() - 1);
}

/// The after region, or the parent, or both, depending on a constant
/// condition.
static void conditionSuccessors(Operation *op, ArrayRef<Attribute> operands, SmallVectorImpl<RegionSuccessor> &regions) {
  Operation *whileOp = op->getParentOp();
  auto cond = dyn_cast_or_null<IntegerAttr>(operands.empty() ? Attribute() : operands[0]);
  if (!cond || !cond.getValue().isZero())
    regions.push_back(RegionSuccessor(&whileOp->getRegion(1), entryArgs(whileOp->getRegion(1))));
  if (!cond || cond.getValue().isZero())
    regions.push_back(RegionSuccessor::parent(whileOp));
}

/// scf.reduce forwards nothing to the next iteration.
static MutableOperandRange reduceSuccessorOperands(Operation *op, RegionSuccessor) {
  return MutableOperandRange(op, 0, 0);
}

//===----------------------------------------------------------------------===//
// Loops (LoopLikeOpInterface, ConditionallySpeculatable)
//===----------------------------------------------------------------------===//

static SmallVector<Region *, 1> firstRegion(Operation *op) {
  SmallVector<Region *, 1> regions;
  regions.push_back(&op->getRegion(0));
  return regions;
}

/// The operands of the yield terminating the first block of `region`, or
/// none.
static std::optional<MutableArrayRef<OpOperand>> yieldedOperands(Region &region) {
  Operation *yield = terminatorOf(region);
  if (!yield)
    return std::nullopt;
  return yield->getOpOperands();
}

/// ForOp's getLoopLowerBounds/UpperBounds/Steps: its bound operands.
static std::optional<SmallVector<OpFoldResult, 2>> forLowerBound(Operation *op) {
  return SmallVector<OpFoldResult, 2>{OpFoldResult(op->getOperand(0))};
}
static std::optional<SmallVector<OpFoldResult, 2>> forUpperBound(Operation *op) {
  return SmallVector<OpFoldResult, 2>{OpFoldResult(op->getOperand(1))};
}
static std::optional<SmallVector<OpFoldResult, 2>> forStep(Operation *op) {
  return SmallVector<OpFoldResult, 2>{OpFoldResult(op->getOperand(2))};
}

/// ParallelOp's getLoopLowerBounds/UpperBounds/Steps: operand group `group`.
template <unsigned group> static std::optional<SmallVector<OpFoldResult, 2>> parallelBounds(Operation *op) {
  SmallVector<OpFoldResult, 2> bounds;
  for (Value v : ods::getODSOperands(op, group))
    bounds.push_back(OpFoldResult(v));
  return bounds;
}

static std::optional<SmallVector<Value, 2>> forInductionVars(Operation *op) {
  SmallVector<Value, 2> ivs;
  ValueRange args = entryArgs(op->getRegion(0));
  if (!args.empty())
    ivs.push_back(args[0]);
  return ivs;
}
static MutableArrayRef<OpOperand> forInits(Operation *op) { return op->getOpOperands().drop_front(3); }
static std::optional<MutableArrayRef<OpOperand>> forYielded(Operation *op) { return yieldedOperands(op->getRegion(0)); }
static std::optional<ResultRange> allResults(Operation *op) { return op->getResults(); }

/// A loop with step 1 terminates whatever its bounds.
static Speculation::Speculatability forSpeculatability(Operation *op) {
  std::optional<int64_t> step = getConstantIntValue(ForOp(op).getStep());
  return step && *step == 1 ? Speculation::RecursivelySpeculatable : Speculation::NotSpeculatable;
}

/// LoopLikeOpInterface's verifier for scf.for. MLIR takes the iter_args as
/// the body arguments minus the induction variable; without any argument
/// that count wraps around.
static LogicalResult verifyForLoopLike(Operation *op) {
  ForOp forOp(op);
  if (entryArgs(forOp.getRegion()).empty())
    return op->emitOpError("different number of inits and region iter_args: ")
           << unsigned(forOp.getInitArgs().size()) << " != " << (unsigned long long)(~size_t(0));
  return detail::verifyLoopLikeOpInterface(op);
}

static unsigned forallRank(Operation *op);
static std::optional<SmallVector<Value, 2>> forallInductionVars(Operation *op) {
  SmallVector<Value, 2> ivs;
  ValueRange args = entryArgs(op->getRegion(0));
  for (unsigned i = 0, e = std::min<unsigned>(forallRank(op), unsigned(args.size())); i < e; ++i)
    ivs.push_back(args[i]);
  return ivs;
}
static MutableArrayRef<OpOperand> forallInits(Operation *op) {
  auto [start, length] = ods::getODSOperandIndexAndLength(op, 3);
  return op->getOpOperands().slice(start, length);
}
static ValueRange forallIterArgs(Operation *op) {
  ValueRange args = entryArgs(op->getRegion(0));
  return args.drop_front(std::min<size_t>(forallRank(op), args.size()));
}

static std::optional<SmallVector<Value, 2>> allEntryArgs(Operation *op) {
  SmallVector<Value, 2> ivs;
  for (Value arg : entryArgs(op->getRegion(0)))
    ivs.push_back(arg);
  return ivs;
}

static SmallVector<Region *, 1> whileLoopRegions(Operation *op) {
  SmallVector<Region *, 1> regions;
  regions.push_back(&op->getRegion(0));
  regions.push_back(&op->getRegion(1));
  return regions;
}
static MutableArrayRef<OpOperand> allOperandsOf(Operation *op) { return op->getOpOperands(); }
static ValueRange beforeArgs(Operation *op) { return entryArgs(op->getRegion(0)); }
static std::optional<MutableArrayRef<OpOperand>> whileYielded(Operation *op) {
  return yieldedOperands(op->getRegion(1));
}

//===----------------------------------------------------------------------===//
// scf.if (InferTypeOpInterface)
//===----------------------------------------------------------------------===//

/// The result types are the types the then-region yields.
static LogicalResult inferIfResultTypes(const InferTypeContext &ctx, SmallVectorImpl<Type> &inferred) {
  if (ctx.regions.empty())
    return failure();
  Region *thenRegion = ctx.regions[0];
  if (thenRegion->empty())
    return failure();
  Block &block = thenRegion->front();
  if (block.empty())
    return failure();
  Operation &yield = block.back();
  if (!isa<YieldOp>(&yield))
    return failure();
  for (Value v : yield.getOperands())
    inferred.push_back(v.getType());
  return success();
}

//===----------------------------------------------------------------------===//
// scf.execute_region
//===----------------------------------------------------------------------===//

static LogicalResult verifyExecuteRegion(Operation *op) {
  Region &region = op->getRegion(0);
  if (region.empty())
    return op->emitOpError("region needs to have at least one block");
  if (region.front().getNumArguments() > 0)
    return op->emitOpError("region cannot have any arguments");
  return success();
}

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//

static LogicalResult verifyFor(Operation *op) {
  if (ForOp(op).getInitArgs().size() != op->getNumResults())
    return op->emitOpError("mismatch in number of loop-carried values and defined values");
  return success();
}

static LogicalResult verifyForRegions(Operation *op) {
  ForOp forOp(op);
  ValueRange args = entryArgs(forOp.getRegion());
  if (args.empty() || args[0].getType() != forOp.getLowerBound().getType())
    return op->emitOpError("expected induction variable to be same type as bounds and step");
  ValueRange iterArgs = args.drop_front(1);
  if (iterArgs.size() != op->getNumResults())
    return op->emitOpError("mismatch in number of basic block args and defined values");
  ValueRange initArgs = forOp.getInitArgs();
  for (size_t i = 0, e = std::min({initArgs.size(), iterArgs.size(), size_t(op->getNumResults())}); i != e; ++i) {
    Type resultType = op->getResult(i).getType();
    if (initArgs[i].getType() != resultType)
      return op->emitOpError() << "types mismatch between " << unsigned(i) << "th iter operand and defined value";
    if (iterArgs[i].getType() != resultType)
      return op->emitOpError() << "types mismatch between " << unsigned(i)
                               << "th iter region arg and defined value";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// scf.forall
//===----------------------------------------------------------------------===//

/// verifyListOfOperandsOrIntegers (ViewLikeInterface).
static LogicalResult verifyListOfOperandsOrIntegers(Operation *op, std::string_view name, unsigned numElements,
                                                    ArrayRef<int64_t> staticVals, ValueRange values) {
  if (staticVals.size() != numElements)
    return op->emitError("expected ") << numElements << " " << name << " values, got "
                                      << unsigned(staticVals.size());
  unsigned expectedDynamic = unsigned(std::count(staticVals.begin(), staticVals.end(), kDynamic));
  if (values.size() != expectedDynamic)
    return op->emitError("expected ") << expectedDynamic << " dynamic " << name << " values";
  return success();
}

static ArrayRef<int64_t> staticListOf(Operation *op, std::string_view name) {
  if (auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(op->getAttr(name)))
    return attr.asArrayRef();
  return {};
}

/// The number of loops of an scf.forall.
static unsigned forallRank(Operation *op) { return unsigned(staticListOf(op, "staticLowerBound").size()); }

static LogicalResult verifyForall(Operation *op) {
  ArrayRef<int64_t> staticLbs = staticListOf(op, "staticLowerBound");
  unsigned numLoops = unsigned(staticLbs.size());
  OperandRange outputs = ods::getODSOperands(op, 3);
  if (op->getNumResults() != outputs.size())
    return op->emitOpError("produces ") << op->getNumResults() << " results, but has only "
                                        << unsigned(outputs.size()) << " outputs";
  Region &region = op->getRegion(0);
  ValueRange args = entryArgs(region);
  if (args.size() != numLoops + outputs.size())
    return op->emitOpError("region expects ") << numLoops << " arguments";
  for (unsigned i = 0; i < numLoops; ++i)
    if (!isa<IndexType>(args[i].getType()))
      return op->emitOpError("expects ") << i << "-th block argument to be an index";
  for (unsigned i = 0; i < outputs.size(); ++i)
    if (args[i + numLoops].getType() != outputs[i].getType())
      return op->emitOpError("type mismatch between ") << i << "-th output and corresponding block argument";
  if (auto mapping = dyn_cast_or_null<ArrayAttr>(op->getAttr("mapping"))) {
    if (!mapping.empty()) {
      // The mapping attributes (attributes of dialects Lamina does not
      // know, kept opaque, count as such) and at most one mask.
      size_t numMapping = 0, numMasking = 0;
      for (Attribute map : mapping.getValue()) {
        if (isa<DeviceMaskingAttrInterface>(map))
          ++numMasking;
        else if (isa<DeviceMappingAttrInterface>(map) || isa<OpaqueAttr>(map))
          ++numMapping;
      }
      if (numMapping != numLoops)
        return op->emitOpError() << "mapping attribute size must match op rank";
      if (numMasking > 1)
        return op->emitOpError() << "\"mapping\" supports at most one device masking attribute";
    }
  }
  if (failed(verifyListOfOperandsOrIntegers(op, "lower bound", numLoops, staticLbs, ods::getODSOperands(op, 0))) ||
      failed(verifyListOfOperandsOrIntegers(op, "upper bound", numLoops, staticListOf(op, "staticUpperBound"),
                                            ods::getODSOperands(op, 1))) ||
      failed(verifyListOfOperandsOrIntegers(op, "step", numLoops, staticListOf(op, "staticStep"),
                                            ods::getODSOperands(op, 2))))
    return failure();
  return success();
}

/// DestinationStyleOpInterface: the outputs are the inits.
static OperandRange forallOutputs(Operation *op) { return ods::getODSOperands(op, 3); }

/// The DeviceMappingArrayAttr constraint: device mapping or masking
/// attributes (`#gpu.thread<x>`, `#gpu.mask<...>`). Attributes of dialects
/// Lamina does not know (kept opaque) may be, so they are accepted.
static bool isDeviceMappingArray(Attribute attr) {
  auto array = dyn_cast<ArrayAttr>(attr);
  if (!array)
    return false;
  for (Attribute element : array.getValue())
    if (!isa<OpaqueAttr>(element) && !isa<DeviceMappingAttrInterface>(element) &&
        !isa<DeviceMaskingAttrInterface>(element))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// scf.forall.in_parallel
//===----------------------------------------------------------------------===//

/// The ParallelCombiningOpInterface implementations MLIR registers:
/// tensor.parallel_insert_slice (Lamina has no tensor dialect: the op is
/// unregistered and recognized by name).
static bool isParallelCombiningOp(Operation &op) {
  return op.getName().getStringRef() == "tensor.parallel_insert_slice";
}

/// The destination of tensor.parallel_insert_slice: the first operand of its
/// second operand segment (`source`, `dest`, offsets, sizes, strides), or
/// null if that segment is empty.
static Value getParallelInsertDest(Operation &op) {
  unsigned destIndex = 1, destCount = 1;
  if (!op.isRegistered() && !op.getPropertySlots().empty())
    if (auto props = dyn_cast_or_null<DictionaryAttr>(op.getPropertySlots().front()))
      if (auto segments = dyn_cast_or_null<DenseI32ArrayAttr>(props.get("operandSegmentSizes")))
        if (segments.size() >= 2) {
          destIndex = unsigned(std::max(segments[0], 0));
          destCount = unsigned(std::max(segments[1], 0));
        }
  if (!destCount || destIndex >= op.getNumOperands())
    return Value();
  return op.getOperand(destIndex);
}

static LogicalResult verifyInParallel(Operation *op) {
  Operation *forall = op->getParentOp();
  if (!forall || !isa<ForallOp>(forall))
    return op->emitOpError("expected forall op parent");
  ValueRange outArgs = entryArgs(forall->getRegion(0));
  size_t rank = staticListOf(forall, "staticLowerBound").size();
  outArgs = outArgs.drop_front(std::min(rank, outArgs.size()));
  for (Operation &nested : op->getRegion(0).front()) {
    if (!isParallelCombiningOp(nested))
      return op->emitOpError("expected only ParallelCombiningOpInterface ops");
    Value dest = getParallelInsertDest(nested);
    if (!dest || std::find(outArgs.begin(), outArgs.end(), dest) == outArgs.end())
      return nested.emitOpError("may only insert into an output block argument");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

static LogicalResult verifyIf(Operation *op) {
  if (op->getNumResults() != 0 && op->getRegion(1).empty())
    return op->emitOpError("must have an else block if defining values");
  return success();
}

//===----------------------------------------------------------------------===//
// scf.parallel
//===----------------------------------------------------------------------===//

static LogicalResult verifyParallel(Operation *op) {
  OperandRange steps = ods::getODSOperands(op, 2);
  if (steps.empty())
    return op->emitOpError("needs at least one tuple element for lowerBound, upperBound and step");
  for (Value step : steps)
    if (std::optional<int64_t> cst = getConstantIntValue(step))
      if (*cst <= 0)
        return op->emitOpError("constant step operand must be positive");

  Region &region = op->getRegion(0);
  ValueRange args = entryArgs(region);
  if (args.size() != steps.size())
    return op->emitOpError() << "expects the same number of induction variables: " << unsigned(args.size())
                             << " as bound and step values: " << unsigned(steps.size());
  for (Value arg : args)
    if (!isa<IndexType>(arg.getType()))
      return op->emitOpError("expects arguments for the induction variable to be of index type");

  Operation *terminator = terminatorOf(region);
  if (!terminator || !isa<ReduceOp>(terminator)) {
    InFlightDiagnostic diag = op->emitOpError("expects body to terminate with 'scf.reduce'");
    if (terminator)
      diag.attachNote(terminator->getLoc()) << "terminator here";
    return diag;
  }
  unsigned resultsSize = op->getNumResults();
  unsigned reductionsSize = terminator->getNumRegions();
  unsigned initValsSize = unsigned(ods::getODSOperands(op, 3).size());
  if (resultsSize != reductionsSize)
    return op->emitOpError() << "expects number of results: " << resultsSize
                             << " to be the same as number of reductions: " << reductionsSize;
  if (resultsSize != initValsSize)
    return op->emitOpError() << "expects number of results: " << resultsSize
                             << " to be the same as number of initial values: " << initValsSize;
  for (unsigned i = 0; i < reductionsSize && i < terminator->getNumOperands(); ++i) {
    Type resultType = op->getResult(i).getType();
    Type operandType = terminator->getOperand(i).getType();
    if (resultType != operandType)
      return terminator->emitOpError() << "expects type of " << i << "-th reduction operand: " << operandType
                                       << " to be the same as the " << i << "-th result type: " << resultType;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// scf.reduce, scf.reduce.return
//===----------------------------------------------------------------------===//

static LogicalResult verifyReduceRegions(Operation *op) {
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i) {
    if (i >= op->getNumOperands())
      break;
    Type type = op->getOperand(i).getType();
    Region &region = op->getRegion(i);
    if (region.empty())
      continue;
    Block &block = region.front();
    if (block.empty())
      return op->emitOpError() << i << "-th reduction has an empty body";
    bool argsMatch = block.getNumArguments() == 2;
    for (Value arg : block.getArguments())
      argsMatch = argsMatch && arg.getType() == type;
    if (!argsMatch)
      return op->emitOpError() << "expected two block arguments with type " << type << " in the " << i
                               << "-th reduction region";
    if (!isa<ReduceReturnOp>(&block.back()))
      return op->emitOpError("reduction bodies must be terminated with an 'scf.reduce.return' op");
  }
  return success();
}

static LogicalResult verifyReduceReturn(Operation *op) {
  Block *body = op->getBlock();
  if (!body || body->getNumArguments() == 0)
    return success();
  Type expected = body->getArgument(0).getType();
  if (expected != op->getOperand(0).getType())
    return op->emitOpError() << "must have type " << expected << " (the type of the reduction inputs)";
  return success();
}

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

/// verifyAndGetTerminator: the region's block must end with `name`.
static LogicalResult verifyTerminatorIs(Operation *op, Region &region, std::string_view name,
                                        std::string_view message) {
  Operation *terminator = terminatorOf(region);
  if (terminator && terminator->getName().getStringRef() == name)
    return success();
  InFlightDiagnostic diag = op->emitOpError(message);
  if (terminator)
    diag.attachNote(terminator->getLoc()) << "terminator here";
  return diag;
}

static LogicalResult verifyWhile(Operation *op) {
  if (failed(verifyTerminatorIs(op, op->getRegion(0), ConditionOp::getOperationName(),
                                "expects the 'before' region to terminate with 'scf.condition'")))
    return failure();
  return verifyTerminatorIs(op, op->getRegion(1), YieldOp::getOperationName(),
                            "expects the 'after' region to terminate with 'scf.yield'");
}

//===----------------------------------------------------------------------===//
// scf.index_switch
//===----------------------------------------------------------------------===//

static LogicalResult verifyIndexSwitch(Operation *op) {
  auto casesAttr = dyn_cast_or_null<DenseI64ArrayAttr>(ods::getInherentAttr(op, "cases"));
  ArrayRef<int64_t> cases = casesAttr ? casesAttr.asArrayRef() : ArrayRef<int64_t>();
  unsigned numCaseRegions = op->getNumRegions() - 1;
  if (cases.size() != numCaseRegions)
    return op->emitOpError("has ") << numCaseRegions << " case regions but " << unsigned(cases.size())
                                   << " case values";
  // MLIR collects the values in a DenseSet<int64_t>, whose empty-bucket key
  // is INT64_MAX: once the set holds any value, INT64_MAX looks present.
  std::unordered_set<int64_t> seen;
  for (int64_t value : cases) {
    bool duplicate = value == std::numeric_limits<int64_t>::max() ? !seen.empty() : seen.count(value) != 0;
    if (duplicate)
      return op->emitOpError("has duplicate case value: ") << (long long)value;
    seen.insert(value);
  }

  auto verifyRegion = [&](Region &region, const std::string &name) -> LogicalResult {
    if (region.empty() || region.front().empty())
      return success();
    Operation &last = region.front().back();
    if (!isa<YieldOp>(&last))
      return op->emitOpError("expected region to end with scf.yield, but got ") << last.getName();
    if (last.getNumOperands() != op->getNumResults()) {
      InFlightDiagnostic diag = op->emitOpError("expected each region to return ")
                                << op->getNumResults() << " values, but " << name << " returns "
                                << last.getNumOperands();
      diag.attachNote(last.getLoc()) << "see yield operation here";
      return diag;
    }
    for (unsigned i = 0, e = op->getNumResults(); i != e; ++i) {
      Type resultType = op->getResult(i).getType(), operandType = last.getOperand(i).getType();
      if (resultType == operandType)
        continue;
      InFlightDiagnostic diag = op->emitOpError("expected result #") << i << " of each region to be " << resultType;
      diag.attachNote(last.getLoc()) << name << " returns " << operandType << " here";
      return diag;
    }
    return success();
  };
  if (failed(verifyRegion(op->getRegion(0), "default region")))
    return failure();
  for (unsigned i = 0; i < numCaseRegions; ++i)
    if (failed(verifyRegion(op->getRegion(i + 1), "case region #" + std::to_string(i))))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

static OpResult inParallelParentResult(Operation *op, int64_t idx) { return op->getParentOp()->getResult(unsigned(idx)); }
static Block *inParallelBlock(Operation *op) { return &op->getRegion(0).front(); }


void scf::registerSCFOps(Dialect &dialect) {
  ods::OpDef(ConditionOp::getOperationName(), TypeID::get<ConditionOp>())
      .operand("condition", ods::I(1))
      .variadicOperand("args")
      .traits({ods::HasParent({"scf.while"}),
               ods::Implements<RegionBranchTerminatorOpInterface>({conditionSuccessorOperands, conditionSuccessors}),
               ods::Pure(), ods::IsTerminator()})
      .format("`(` $condition `)` attr-dict ($args^ `:` type($args))?")
      .registerIn(dialect);

  ods::OpDef(ExecuteRegionOp::getOperationName(), TypeID::get<ExecuteRegionOp>())
      .optionalAttr("no_inline", ods::UnitAttr())
      .variadicResult("")
      .region("region")
      .traits({ods::Implements<RegionBranchOpInterface>({.getSuccessorRegions = executeRegionSuccessors}),
               ods::RecursiveMemoryEffects()})
      .customAssembly(parseExecuteRegionOp, printExecuteRegionOp)
      .verifier(verifyExecuteRegion)
      .registerIn(dialect);

  ods::Trait forLoopLike = ods::Implements<LoopLikeOpInterface>({.getLoopRegions = firstRegion,
                                                                 .getLoopInductionVars = forInductionVars,
                                                                 .getInitsMutable = forInits,
                                                                 .getRegionIterArgs = forIterArgs,
                                                                 .getYieldedValuesMutable = forYielded,
                                                                 .getLoopResults = allResults,
                                                                 .getLoopLowerBounds = forLowerBound,
                                                                 .getLoopUpperBounds = forUpperBound,
                                                                 .getLoopSteps = forStep});
  forLoopLike.verifyRegion = verifyForLoopLike;
  ods::OpDef(ForOp::getOperationName(), TypeID::get<ForOp>())
      .operand("lowerBound", ods::AnySignlessIntegerOrIndex())
      .operand("upperBound", ods::AnySignlessIntegerOrIndex())
      .operand("step", ods::AnySignlessIntegerOrIndex())
      .variadicOperand("initArgs")
      .optionalAttr("unsignedCmp", ods::UnitAttr())
      .variadicResult("results")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("scf.yield"), ods::AutomaticAllocationScope(), forLoopLike,
               ods::AllTypesMatch({"lowerBound", "upperBound", "step"}),
               ods::Implements<ConditionallySpeculatable>({forSpeculatability}),
               ods::Implements<RegionBranchOpInterface>(
                   {.getEntrySuccessorOperands = forEntryOperands, .getSuccessorRegions = forSuccessors}),
               ods::RecursiveMemoryEffects()})
      .customAssembly(parseForOp, printForOp)
      .verifier(verifyFor)
      .regionVerifier(verifyForRegions)
      .registerIn(dialect);

  ods::OpDef(ForallOp::getOperationName(), TypeID::get<ForallOp>())
      .variadicOperand("dynamicLowerBound", ods::Index())
      .variadicOperand("dynamicUpperBound", ods::Index())
      .variadicOperand("dynamicStep", ods::Index())
      .attr("staticLowerBound", ods::DenseI64ArrayAttr())
      .attr("staticUpperBound", ods::DenseI64ArrayAttr())
      .attr("staticStep", ods::DenseI64ArrayAttr())
      .variadicOperand("outputs", ods::AnyRankedTensor())
      .optionalAttr("mapping", ods::AttrOf("Device Mapping array attribute", isDeviceMappingArray))
      .variadicResult("results")
      .region("region", ods::SizedRegion(1))
      .traits({ods::AttrSizedOperandSegments(), ods::SingleBlockImplicitTerminator("scf.forall.in_parallel"),
               ods::AutomaticAllocationScope(),
               ods::Implements<LoopLikeOpInterface>({.getLoopRegions = firstRegion,
                                                     .getLoopInductionVars = forallInductionVars,
                                                     .getInitsMutable = forallInits,
                                                     .getRegionIterArgs = forallIterArgs}),
               ods::RecursiveMemoryEffects(),
               ods::Implements<RegionBranchOpInterface>({.getSuccessorRegions = forallSuccessors}),
               ods::Implements<DestinationStyleOpInterface>({forallOutputs}),
               ods::HasParallelRegion()})
      .customAssembly(parseForallOp, printForallOp)
      .verifier(verifyForall)
      .registerIn(dialect);

  ods::OpDef(InParallelOp::getOperationName(), TypeID::get<InParallelOp>())
      .region("region", ods::SizedRegion(1))
      .traits({ods::HasParent({"scf.forall"}), ods::NoTerminator(), ods::SingleBlock(), ods::Pure(),
               ods::IsTerminator(), ods::Implements<InParallelOpInterface>({inParallelParentResult, inParallelBlock}),
               ods::HasOnlyGraphRegion()})
      .customAssembly(parseInParallelOp, printInParallelOp)
      .verifier(verifyInParallel)
      .registerIn(dialect);

  ods::OpDef(IfOp::getOperationName(), TypeID::get<IfOp>())
      .operand("condition", ods::I(1))
      .variadicResult("results")
      .region("thenRegion", ods::SizedRegion(1))
      .region("elseRegion", ods::MaxSizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("scf.yield"), ods::NoRegionArguments(),
               ods::Implements<RegionBranchOpInterface>({.getEntrySuccessorRegions = ifEntrySuccessors,
                                                         .getSuccessorRegions = ifSuccessors,
                                                         .getRegionInvocationBounds = ifInvocationBounds}),
               ods::Implements<InferTypeOpInterface>({inferIfResultTypes}), ods::RecursiveMemoryEffects(),
               ods::RecursivelySpeculatable()})
      .customAssembly(parseIfOp, printIfOp)
      .verifier(verifyIf)
      .registerIn(dialect);

  ods::OpDef(IndexSwitchOp::getOperationName(), TypeID::get<IndexSwitchOp>())
      .operand("arg", ods::Index())
      .attr("cases", ods::DenseI64ArrayAttr())
      .variadicResult("results")
      .region("defaultRegion", ods::SizedRegion(1))
      .variadicRegion("caseRegions", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("scf.yield"), ods::RecursiveMemoryEffects(),
               ods::Implements<RegionBranchOpInterface>({.getEntrySuccessorRegions = indexSwitchEntrySuccessors,
                                                         .getSuccessorRegions = indexSwitchSuccessors,
                                                         .getRegionInvocationBounds = indexSwitchInvocationBounds})})
      .directive({"SwitchCases", parseSwitchCases, printSwitchCases, nullptr})
      .format("$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) `\\n` `` "
              "`default` $defaultRegion")
      .verifier(verifyIndexSwitch)
      .registerIn(dialect);

  ods::OpDef(ParallelOp::getOperationName(), TypeID::get<ParallelOp>())
      .variadicOperand("lowerBound", ods::Index())
      .variadicOperand("upperBound", ods::Index())
      .variadicOperand("step", ods::Index())
      .variadicOperand("initVals")
      .variadicResult("results")
      .region("region", ods::SizedRegion(1))
      .traits({ods::AttrSizedOperandSegments(), ods::SingleBlockImplicitTerminator("scf.reduce"),
               ods::AutomaticAllocationScope(),
               ods::Implements<LoopLikeOpInterface>({.getLoopRegions = firstRegion,
                                                     .getLoopInductionVars = allEntryArgs,
                                                     .getLoopLowerBounds = parallelBounds<0>,
                                                     .getLoopUpperBounds = parallelBounds<1>,
                                                     .getLoopSteps = parallelBounds<2>}),
               ods::RecursiveMemoryEffects(),
               ods::Implements<RegionBranchOpInterface>({.getSuccessorRegions = parallelSuccessors}),
               ods::HasParallelRegion()})
      .customAssembly(parseParallelOp, printParallelOp)
      .verifier(verifyParallel)
      .registerIn(dialect);

  ods::OpDef(ReduceOp::getOperationName(), TypeID::get<ReduceOp>())
      .variadicOperand("operands")
      .variadicRegion("reductions", ods::SizedRegion(1))
      .traits({ods::HasParent({"scf.parallel"}), ods::IsTerminator(), ods::RecursiveMemoryEffects(),
               ods::Implements<RegionBranchTerminatorOpInterface>({reduceSuccessorOperands})})
      .format("(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict")
      .regionVerifier(verifyReduceRegions)
      .registerIn(dialect);

  ods::OpDef(ReduceReturnOp::getOperationName(), TypeID::get<ReduceReturnOp>())
      .operand("result")
      .traits({ods::HasParent({"scf.reduce"}), ods::Pure(), ods::IsTerminator()})
      .format("$result attr-dict `:` type($result)")
      .verifier(verifyReduceReturn)
      .registerIn(dialect);

  ods::OpDef(WhileOp::getOperationName(), TypeID::get<WhileOp>())
      .variadicOperand("inits")
      .variadicResult("results")
      .region("before", ods::SizedRegion(1))
      .region("after", ods::SizedRegion(1))
      .traits({ods::SingleBlock(),
               ods::Implements<RegionBranchOpInterface>(
                   {.getEntrySuccessorOperands = whileEntryOperands, .getSuccessorRegions = whileSuccessors}),
               ods::Implements<LoopLikeOpInterface>({.getLoopRegions = whileLoopRegions,
                                                     .getInitsMutable = allOperandsOf,
                                                     .getRegionIterArgs = beforeArgs,
                                                     .getYieldedValuesMutable = whileYielded}),
               ods::RecursiveMemoryEffects()})
      .customAssembly(parseWhileOp, printWhileOp)
      .verifier(verifyWhile)
      .registerIn(dialect);

  ods::OpDef(YieldOp::getOperationName(), TypeID::get<YieldOp>())
      .variadicOperand("results")
      .traits({ods::HasParent({"scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"}),
               ods::Pure(), ods::ReturnLike(), ods::IsTerminator()})
      .format("attr-dict ($results^ `:` type($results))?")
      .registerIn(dialect);
}
