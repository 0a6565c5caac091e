//===- SCFDialect.cpp - The scf ops, their verifiers and interfaces -------===//
//
// Definitions follow mlir/Dialect/SCF/IR/SCFOps.td as of LLVM 22 (scf.for
// carries the `unsignedCmp` unit attribute, scf.execute_region `no_inline`).
// Traits are listed in the order MLIR's generated classes verify them:
// structural traits (SingleBlock, SingleBlockImplicitTerminator, HasParent,
// AttrSizedOperandSegments, NoRegionArguments) first, then the others in
// declaration order; region verifiers (verifyWithRegions interfaces) run in
// that same order after the nested ops.
//
// The interface verifiers MLIR attaches to the scf ops are reproduced here:
// LoopLikeOpInterface (init/iter_arg/yield/result counts and types) and
// RegionBranchOpInterface (operand/input counts and types along every
// control-flow edge between the op and its regions), plus
// DestinationStyleOpInterface for scf.forall. Interfaces without
// verification are only recorded.
//
#include "lamina/Dialect/SCF/SCFDialect.h"

#include "SCFDetail.h"

#include "lamina/Dialect/Arith/ArithDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/OpDef.h"

#include <algorithm>
#include <limits>
#include <unordered_set>

using namespace lamina;
using namespace lamina::scf;

namespace {
constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

/// The operands a region terminator forwards (RegionBranchTerminatorOpInterface),
/// or nothing if `op` is not such a terminator.
std::optional<ValueRange> getForwardedOperands(Operation *op) {
  if (isa<ConditionOp>(op))
    return op->getNumOperands() ? op->getOperands().drop_front(1) : ValueRange();
  if (isa<ReduceOp>(op))
    return ValueRange();
  if (op->hasTrait<OpTrait::ReturnLike>())
    return op->getOperands();
  return std::nullopt;
}

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
// RegionBranchOpInterface verification
//===----------------------------------------------------------------------===//

namespace {
/// A region successor: a region of the op and the values its entry receives,
/// or the parent op (null region) and its results.
struct RegionSuccessor {
  Region *region;
  ValueRange inputs;
};
/// getSuccessorRegions: `point` is null for the parent op, else a terminator
/// inside one of the op's regions.
using SuccessorRegionsFn = void (*)(Operation *op, Operation *point, std::vector<RegionSuccessor> &successors);
/// getEntrySuccessorOperands: the operands the op forwards to its regions.
using EntryOperandsFn = ValueRange (*)(Operation *op);
} // namespace

/// MLIR's verifyRegionBranchOpInterface: every edge from a branch point (the
/// op itself, then each region terminator in region/block order) to each of
/// its successors forwards as many values as the successor takes, with
/// matching types.
static LogicalResult verifyRegionBranch(Operation *op, SuccessorRegionsFn getSuccessors, EntryOperandsFn getEntry) {
  std::vector<RegionSuccessor> successors;
  // Checks the edges from one branch point (null: the op itself).
  auto verifyPoint = [&](Operation *point, ValueRange operands) -> LogicalResult {
    successors.clear();
    getSuccessors(op, point, successors);
    for (const RegionSuccessor &successor : successors) {
      auto emitEdgeError = [&]() {
        InFlightDiagnostic diag = op->emitOpError("along control flow edge from ");
        if (!point) {
          diag << "parent";
          diag.attachNote(op->getLoc()) << "region branch point";
        } else {
          diag << "Operation " << point->getName();
          diag.attachNote(point->getLoc()) << "region branch point";
        }
        diag << " to ";
        if (successor.region)
          diag << "Region #" << successor.region->getRegionNumber();
        else
          diag << "parent";
        return diag;
      };
      if (operands.size() != successor.inputs.size())
        return emitEdgeError() << ": region branch point has " << unsigned(operands.size())
                               << " operands, but region successor needs " << unsigned(successor.inputs.size())
                               << " inputs";
      for (size_t i = 0, e = operands.size(); i != e; ++i) {
        Type operandType = operands[i].getType(), inputType = successor.inputs[i].getType();
        if (operandType != inputType)
          return emitEdgeError() << ": successor operand type #" << unsigned(i) << " " << operandType
                                 << " should match successor input type #" << unsigned(i) << " " << inputType;
      }
    }
    return success();
  };

  if (failed(verifyPoint(nullptr, getEntry ? getEntry(op) : ValueRange())))
    return failure();
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      if (block.empty())
        continue;
      if (std::optional<ValueRange> forwarded = getForwardedOperands(&block.back()))
        if (failed(verifyPoint(&block.back(), *forwarded)))
          return failure();
    }
  return success();
}

static void executeRegionSuccessors(Operation *op, Operation *point, std::vector<RegionSuccessor> &successors) {
  if (!point)
    successors.push_back({&op->getRegion(0), ValueRange()});
  else
    successors.push_back({nullptr, op->getResults()});
}

static ValueRange forIterArgs(Operation *op) {
  ValueRange args = entryArgs(op->getRegion(0));
  return args.empty() ? args : args.drop_front(1);
}

static void forSuccessors(Operation *op, Operation *, std::vector<RegionSuccessor> &successors) {
  successors.push_back({&op->getRegion(0), forIterArgs(op)});
  successors.push_back({nullptr, op->getResults()});
}

static ValueRange forEntryOperands(Operation *op) { return ForOp(op).getInitArgs(); }

static void ifSuccessors(Operation *op, Operation *point, std::vector<RegionSuccessor> &successors) {
  if (point) {
    successors.push_back({nullptr, op->getResults()});
    return;
  }
  successors.push_back({&op->getRegion(0), ValueRange()});
  if (op->getRegion(1).empty())
    successors.push_back({nullptr, ValueRange()});
  else
    successors.push_back({&op->getRegion(1), ValueRange()});
}

static void whileSuccessors(Operation *op, Operation *point, std::vector<RegionSuccessor> &successors) {
  Region &before = op->getRegion(0), &after = op->getRegion(1);
  if (!point || point->getParentRegion() == &after) {
    successors.push_back({&before, entryArgs(before)});
    return;
  }
  successors.push_back({nullptr, op->getResults()});
  successors.push_back({&after, entryArgs(after)});
}

static ValueRange whileEntryOperands(Operation *op) { return op->getOperands(); }

static void indexSwitchSuccessors(Operation *op, Operation *point, std::vector<RegionSuccessor> &successors) {
  if (point) {
    successors.push_back({nullptr, op->getResults()});
    return;
  }
  for (Region &region : op->getRegions())
    successors.push_back({&region, ValueRange()});
}

//===----------------------------------------------------------------------===//
// LoopLikeOpInterface verification
//===----------------------------------------------------------------------===//

/// MLIR's verifyLoopLikeOpInterface. `yielded` is empty when the loop has no
/// yielded values; `results` is null when it has no loop results.
static LogicalResult verifyLoopLike(Operation *op, ValueRange inits, ValueRange iterArgs, ValueRange yielded,
                                    const ValueRange *results) {
  if (inits.size() != iterArgs.size())
    return op->emitOpError("different number of inits and region iter_args: ")
           << unsigned(inits.size()) << " != " << unsigned(iterArgs.size());
  if (!yielded.empty() && iterArgs.size() != yielded.size())
    return op->emitOpError("different number of region iter_args and yielded values: ")
           << unsigned(iterArgs.size()) << " != " << unsigned(yielded.size());
  if (results && results->size() != iterArgs.size())
    return op->emitOpError("different number of loop results and region iter_args: ")
           << unsigned(results->size()) << " != " << unsigned(iterArgs.size());
  for (size_t i = 0, e = inits.size(); i != e; ++i) {
    if (inits[i].getType() != iterArgs[i].getType())
      return op->emitOpError(std::to_string(i))
             << "-th init and " << unsigned(i) << "-th region iter_arg have different type: " << inits[i].getType()
             << " != " << iterArgs[i].getType();
    if (!yielded.empty() && iterArgs[i].getType() != yielded[i].getType())
      return op->emitOpError(std::to_string(i))
             << "-th region iter_arg and " << unsigned(i) << "-th yielded value have different type: "
             << iterArgs[i].getType() << " != " << yielded[i].getType();
  }
  if (results)
    for (size_t i = 0, e = iterArgs.size(); i != e; ++i)
      if (iterArgs[i].getType() != (*results)[i].getType())
        return op->emitOpError(std::to_string(i))
               << "-th region iter_arg and " << unsigned(i) << "-th loop result have different type: "
               << iterArgs[i].getType() << " != " << (*results)[i].getType();
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

static LogicalResult verifyForLoopLike(Operation *op) {
  ForOp forOp(op);
  // MLIR takes the iter_args as the body arguments minus the induction
  // variable; without any argument that count wraps around.
  if (entryArgs(forOp.getRegion()).empty())
    return op->emitOpError("different number of inits and region iter_args: ")
           << unsigned(forOp.getInitArgs().size()) << " != " << (unsigned long long)(~size_t(0));
  Operation *yield = terminatorOf(forOp.getRegion());
  ValueRange yielded = yield ? yield->getOperands() : ValueRange();
  ValueRange results = op->getResults();
  return verifyLoopLike(op, forOp.getInitArgs(), forIterArgs(op), yielded, &results);
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
      if (mapping.size() != numLoops)
        return op->emitOpError() << "mapping attribute size must match op rank";
      for (Attribute map : mapping.getValue())
        if (!isa<OpaqueAttr>(map))
          return op->emitOpError() << "mapping is not device mapping attribute";
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

/// DestinationStyleOpInterface: each output tensor is tied to the result at
/// the same position.
static LogicalResult verifyForallDestinationStyle(Operation *op) {
  OperandRange outputs = ods::getODSOperands(op, 3);
  unsigned firstOutput = ods::getODSOperandIndexAndLength(op, 3).first;
  std::vector<unsigned> tensorOperands;
  for (unsigned i = 0; i < outputs.size(); ++i) {
    Type type = outputs[i].getType();
    if (isa<RankedTensorType, UnrankedTensorType>(type))
      tensorOperands.push_back(i);
    else if (!isa<MemRefType, UnrankedMemRefType>(type))
      return op->emitOpError("expected that operand #") << firstOutput + i << " is a tensor or a memref";
  }
  unsigned numTensorResults = 0;
  for (Value result : op->getResults())
    if (isa<RankedTensorType, UnrankedTensorType>(result.getType()))
      ++numTensorResults;
  if (numTensorResults != tensorOperands.size())
    return op->emitOpError("expected the number of tensor results (")
           << numTensorResults << ") to be equal to the number of output tensors ("
           << unsigned(tensorOperands.size()) << ")";
  for (unsigned i : tensorOperands) {
    if (i >= op->getNumResults())
      continue;
    Type resultType = op->getResult(i).getType();
    if (resultType != outputs[i].getType())
      return op->emitOpError("expected type of operand #")
             << firstOutput + i << " (" << outputs[i].getType() << ")"
             << " to match type of corresponding result (" << resultType << ")";
  }
  return success();
}

/// The DeviceMappingArrayAttr constraint. No attribute Lamina implements is
/// a DeviceMappingAttrInterface; attributes of dialects it does not know
/// (`#gpu.thread<x>`, kept opaque) may be, so they are accepted.
static bool isDeviceMappingArray(Attribute attr) {
  auto array = dyn_cast<ArrayAttr>(attr);
  if (!array)
    return false;
  for (Attribute element : array.getValue())
    if (!isa<OpaqueAttr>(element))
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

static LogicalResult verifyWhileLoopLike(Operation *op) {
  Operation *yield = terminatorOf(op->getRegion(1));
  ValueRange yielded = yield ? yield->getOperands() : ValueRange();
  return verifyLoopLike(op, op->getOperands(), entryArgs(op->getRegion(0)), yielded, nullptr);
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

SCFDialect::SCFDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<SCFDialect>()) {
  // Dependent dialects: the canonicalization patterns create arith ops.
  ctx->getOrLoadDialect<ArithDialect>();
  ods::OpDef(ConditionOp::getOperationName(), TypeID::get<ConditionOp>())
      .operand("condition", ods::I(1))
      .variadicOperand("args")
      .traits({ods::HasParent({"scf.while"}), ods::Interface("RegionBranchTerminatorOpInterface"), ods::Pure(),
               ods::IsTerminator()})
      .format("`(` $condition `)` attr-dict ($args^ `:` type($args))?")
      .registerIn(*this);

  ods::OpDef(ExecuteRegionOp::getOperationName(), TypeID::get<ExecuteRegionOp>())
      .optionalAttr("no_inline", ods::UnitAttr())
      .variadicResult("")
      .region("region")
      .traits({ods::CustomTrait("RegionBranchOpInterface", nullptr,
                                [](Operation *op) {
                                  return verifyRegionBranch(op, executeRegionSuccessors, nullptr);
                                })})
      .customAssembly(parseExecuteRegionOp, printExecuteRegionOp)
      .verifier(verifyExecuteRegion)
      .registerIn(*this);

  ods::OpDef(ForOp::getOperationName(), TypeID::get<ForOp>())
      .operand("lowerBound", ods::AnySignlessIntegerOrIndex())
      .operand("upperBound", ods::AnySignlessIntegerOrIndex())
      .operand("step", ods::AnySignlessIntegerOrIndex())
      .variadicOperand("initArgs")
      .optionalAttr("unsignedCmp", ods::UnitAttr())
      .variadicResult("results")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("scf.yield"), ods::AutomaticAllocationScope(),
               ods::CustomTrait("LoopLikeOpInterface", nullptr, verifyForLoopLike),
               ods::AllTypesMatch({"lowerBound", "upperBound", "step"}),
               ods::Interface("ConditionallySpeculatable"),
               ods::CustomTrait("RegionBranchOpInterface", nullptr,
                                [](Operation *op) { return verifyRegionBranch(op, forSuccessors, forEntryOperands); }),
               ods::RecursiveMemoryEffects()})
      .customAssembly(parseForOp, printForOp)
      .verifier(verifyFor)
      .regionVerifier(verifyForRegions)
      .registerIn(*this);

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
               ods::AutomaticAllocationScope(), ods::Interface("LoopLikeOpInterface"),
               ods::RecursiveMemoryEffects(), ods::Interface("RegionBranchOpInterface"),
               ods::CustomTrait("DestinationStyleOpInterface", nullptr, verifyForallDestinationStyle),
               ods::Interface("HasParallelRegion")})
      .customAssembly(parseForallOp, printForallOp)
      .verifier(verifyForall)
      .registerIn(*this);

  ods::OpDef(InParallelOp::getOperationName(), TypeID::get<InParallelOp>())
      .region("region", ods::SizedRegion(1))
      .traits({ods::HasParent({"scf.forall"}), ods::NoTerminator(), ods::SingleBlock(), ods::Pure(),
               ods::IsTerminator(), ods::Interface("ParallelCombiningOpInterface"),
               ods::RegionKindInterface(/*graph=*/true), ods::HasOnlyGraphRegion()})
      .customAssembly(parseInParallelOp, printInParallelOp)
      .verifier(verifyInParallel)
      .registerIn(*this);

  ods::OpDef(IfOp::getOperationName(), TypeID::get<IfOp>())
      .operand("condition", ods::I(1))
      .variadicResult("results")
      .region("thenRegion", ods::SizedRegion(1))
      .region("elseRegion", ods::MaxSizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("scf.yield"), ods::NoRegionArguments(),
               ods::CustomTrait("RegionBranchOpInterface", nullptr,
                                [](Operation *op) { return verifyRegionBranch(op, ifSuccessors, nullptr); }),
               // InferTypeOpInterface: the results are the then-yield's types,
               // which the region-branch check above already enforces.
               ods::Interface("InferTypeOpInterface"), ods::RecursiveMemoryEffects()})
      .customAssembly(parseIfOp, printIfOp)
      .verifier(verifyIf)
      .registerIn(*this);

  ods::OpDef(IndexSwitchOp::getOperationName(), TypeID::get<IndexSwitchOp>())
      .operand("arg", ods::Index())
      .attr("cases", ods::DenseI64ArrayAttr())
      .variadicResult("results")
      .region("defaultRegion", ods::SizedRegion(1))
      .variadicRegion("caseRegions", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("scf.yield"), ods::RecursiveMemoryEffects(),
               ods::CustomTrait("RegionBranchOpInterface", nullptr,
                                [](Operation *op) { return verifyRegionBranch(op, indexSwitchSuccessors, nullptr); })})
      .directive({"SwitchCases", parseSwitchCases, printSwitchCases, nullptr})
      .format("$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) `\\n` `` "
              "`default` $defaultRegion")
      .verifier(verifyIndexSwitch)
      .registerIn(*this);

  ods::OpDef(ParallelOp::getOperationName(), TypeID::get<ParallelOp>())
      .variadicOperand("lowerBound", ods::Index())
      .variadicOperand("upperBound", ods::Index())
      .variadicOperand("step", ods::Index())
      .variadicOperand("initVals")
      .variadicResult("results")
      .region("region", ods::SizedRegion(1))
      .traits({ods::AttrSizedOperandSegments(), ods::SingleBlockImplicitTerminator("scf.reduce"),
               ods::AutomaticAllocationScope(), ods::Interface("LoopLikeOpInterface"),
               ods::RecursiveMemoryEffects(), ods::Interface("RegionBranchOpInterface"),
               ods::Interface("HasParallelRegion")})
      .customAssembly(parseParallelOp, printParallelOp)
      .verifier(verifyParallel)
      .registerIn(*this);

  ods::OpDef(ReduceOp::getOperationName(), TypeID::get<ReduceOp>())
      .variadicOperand("operands")
      .variadicRegion("reductions", ods::SizedRegion(1))
      .traits({ods::HasParent({"scf.parallel"}), ods::IsTerminator(), ods::RecursiveMemoryEffects(),
               ods::Interface("RegionBranchTerminatorOpInterface")})
      .format("(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict")
      .regionVerifier(verifyReduceRegions)
      .registerIn(*this);

  ods::OpDef(ReduceReturnOp::getOperationName(), TypeID::get<ReduceReturnOp>())
      .operand("result")
      .traits({ods::HasParent({"scf.reduce"}), ods::Pure(), ods::IsTerminator()})
      .format("$result attr-dict `:` type($result)")
      .verifier(verifyReduceReturn)
      .registerIn(*this);

  ods::OpDef(WhileOp::getOperationName(), TypeID::get<WhileOp>())
      .variadicOperand("inits")
      .variadicResult("results")
      .region("before", ods::SizedRegion(1))
      .region("after", ods::SizedRegion(1))
      .traits({ods::SingleBlock(),
               ods::CustomTrait("RegionBranchOpInterface", nullptr,
                                [](Operation *op) {
                                  return verifyRegionBranch(op, whileSuccessors, whileEntryOperands);
                                }),
               ods::CustomTrait("LoopLikeOpInterface", nullptr, verifyWhileLoopLike),
               ods::RecursiveMemoryEffects()})
      .customAssembly(parseWhileOp, printWhileOp)
      .verifier(verifyWhile)
      .registerIn(*this);

  ods::OpDef(YieldOp::getOperationName(), TypeID::get<YieldOp>())
      .variadicOperand("results")
      .traits({ods::HasParent({"scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"}),
               ods::Pure(), ods::ReturnLike(), ods::IsTerminator()})
      .format("attr-dict ($results^ `:` type($results))?")
      .registerIn(*this);

  registerSCFCanonicalization(*this);
}

SCFDialect::~SCFDialect() = default;
