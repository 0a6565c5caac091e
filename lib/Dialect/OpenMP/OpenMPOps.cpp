//===- OpenMPOps.cpp - The omp dialect's verifiers --------------------------===//
//
// The op verifiers MLIR's OpenMPDialect.cpp writes by hand, with its
// messages: clause consistency (reductions, privatizers, depend, aligned,
// nontemporal, copyprivate, map types, synchronization hints), loop wrappers
// and composite constructs, loop nests, declare_reduction / private regions,
// atomics, cancellation, ordered, canonical loops and their CLIs.
//
// target's host_eval uses are checked against the kernel execution mode
// MLIR derives from the captured ops (getKernelExecFlags).
//
#include "lamina/Dialect/OpenMP/OpenMPDialect.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dominance.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/FunctionInterfaces.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::omp;

//===----------------------------------------------------------------------===//
// Clause verifiers
//===----------------------------------------------------------------------===//

static bool contains(ArrayRef<Value> vals, Value v) { return std::find(vals.begin(), vals.end(), v) != vals.end(); }

static LogicalResult verifyReductionVarList(Operation *op, ArrayAttr syms, OperandRange vars,
                                            DenseBoolArrayAttr byref) {
  if (!vars.empty()) {
    if (!syms || syms.size() != vars.size())
      return op->emitOpError() << "expected as many reduction symbol references as reduction variables";
    if (byref && size_t(byref.size()) != vars.size())
      return op->emitError() << "expected as many reduction variable by reference attributes as reduction variables";
  } else {
    if (syms)
      return op->emitOpError() << "unexpected reduction symbol references";
    return success();
  }
  SmallVector<Value> seen;
  for (size_t i = 0; i < vars.size(); ++i) {
    Value accum = vars[i];
    if (contains(seen, accum))
      return op->emitOpError() << "accumulator variable used more than once";
    seen.push_back(accum);
    auto sym = dyn_cast<SymbolRefAttr>(syms[i]);
    auto decl = sym ? SymbolTable::lookupNearestSymbolFrom<DeclareReductionOp>(op, sym) : DeclareReductionOp();
    if (!decl)
      return op->emitOpError() << "expected symbol reference " << syms[i] << " to point to a reduction declaration";
    // getAccumulatorType(): the atomic region's argument type, if any.
    Region &atomic = decl.getAtomicReductionRegion();
    Type accumType = atomic.empty() || atomic.front().getNumArguments() == 0
                         ? Type()
                         : atomic.front().getArgument(0).getType();
    if (accumType && accumType != accum.getType())
      return op->emitOpError() << "expected accumulator (" << accum.getType()
                               << ") to be the same type as reduction declaration (" << accumType << ")";
  }
  return success();
}

/// PrivateClauseOp::getArgType(): the type of the first region argument.
static Type privatizerArgType(Operation *op) {
  for (unsigned r = 0; r < op->getNumRegions(); ++r) {
    Region &region = op->getRegion(r);
    if (!region.empty() && region.front().getNumArguments())
      return region.front().getArgument(0).getType();
  }
  return Type();
}

static LogicalResult verifyPrivateVarList(Operation *op, OperandRange vars, ArrayAttr syms) {
  if (vars.empty() && (!syms || syms.empty()))
    return success();
  size_t numSyms = syms ? syms.size() : 0;
  if (vars.size() != numSyms)
    return op->emitError() << "inconsistent number of private variables and privatizer op symbols, private vars: "
                           << uint64_t(vars.size()) << " vs. privatizer op symbols: " << uint64_t(numSyms);
  for (size_t i = 0; i < vars.size(); ++i) {
    Type varType = vars[i].getType();
    auto sym = dyn_cast<SymbolRefAttr>(syms[i]);
    auto privatizer = sym ? SymbolTable::lookupNearestSymbolFrom<PrivateClauseOp>(op, sym) : PrivateClauseOp();
    if (!privatizer)
      return op->emitError() << "failed to lookup privatizer op with symbol: '" << syms[i] << "'";
    Type privType = privatizerArgType(privatizer.getOperation());
    if (privType && varType != privType) {
      auto ds = privatizer.getDataSharingTypeAttr();
      bool isPrivate = !ds || ds.getValue() == DataSharingClauseType::Private;
      return op->emitError() << "type mismatch between a " << (isPrivate ? "private" : "firstprivate")
                             << " variable and its privatizer op, var type: " << varType
                             << " vs. privatizer op type: " << privType;
    }
  }
  return success();
}

static LogicalResult verifyDependVarList(Operation *op, ArrayAttr kinds, OperandRange vars) {
  if (!vars.empty()) {
    if (!kinds || kinds.size() != vars.size())
      return op->emitOpError() << "expected as many depend values as depend variables";
  } else if (kinds && !kinds.empty()) {
    return op->emitOpError() << "unexpected depend values";
  }
  return success();
}

static LogicalResult verifySynchronizationHint(Operation *op, IntegerAttr hintAttr) {
  uint64_t hint = hintAttr ? uint64_t(hintAttr.getInt()) : 0;
  if ((hint & 1) && (hint & 2))
    return op->emitOpError()
           << "the hints omp_sync_hint_uncontended and omp_sync_hint_contended cannot be combined";
  if ((hint & 4) && (hint & 8))
    return op->emitOpError()
           << "the hints omp_sync_hint_nonspeculative and omp_sync_hint_speculative cannot be combined.";
  return success();
}

static LogicalResult verifyAlignedClause(Operation *op, ArrayAttr alignments, OperandRange vars) {
  if (!vars.empty()) {
    if (!alignments || alignments.size() != vars.size())
      return op->emitOpError() << "expected as many alignment values as aligned variables";
  } else {
    if (alignments)
      return op->emitOpError() << "unexpected alignment values attribute";
    return success();
  }
  SmallVector<Value> seen;
  for (Value v : vars) {
    if (contains(seen, v))
      return op->emitOpError() << "aligned variable used more than once";
    seen.push_back(v);
  }
  for (size_t i = 0; i < alignments.size(); ++i) {
    auto intAttr = dyn_cast<IntegerAttr>(alignments[i]);
    if (!intAttr)
      return op->emitOpError() << "expected integer alignment";
    if (intAttr.getValue().sle(APInt(intAttr.getValue().getBitWidth(), 0)))
      return op->emitOpError() << "alignment should be greater than 0";
  }
  return success();
}

static LogicalResult verifyNontemporalClause(Operation *op, OperandRange vars) {
  SmallVector<Value> seen;
  for (Value v : vars) {
    if (contains(seen, v))
      return op->emitOpError() << "nontemporal variable used more than once";
    seen.push_back(v);
  }
  return success();
}

static LogicalResult verifyCopyprivateVarList(Operation *op, OperandRange vars, ArrayAttr syms) {
  size_t numSyms = syms ? syms.size() : 0;
  if (numSyms != vars.size())
    return op->emitOpError() << "inconsistent number of copyprivate vars (= " << uint64_t(vars.size())
                             << ") and functions (= " << uint64_t(numSyms) << "), both must be equal";
  if (!syms)
    return success();
  for (size_t i = 0; i < vars.size(); ++i) {
    auto sym = dyn_cast<SymbolRefAttr>(syms[i]);
    Operation *fn = sym ? SymbolTable::lookupNearestSymbolFrom(op, sym) : nullptr;
    auto func = dyn_cast_or_null<FunctionOpInterface>(fn);
    if (!func || (fn->getName().getStringRef() != "func.func" && fn->getName().getStringRef() != "llvm.func"))
      return op->emitOpError() << "expected symbol reference " << syms[i] << " to point to a copy function";
    ArrayRef<Type> argTypes = func.getArgumentTypes();
    if (argTypes.size() != 2)
      return op->emitOpError() << "expected copy function " << syms[i] << " to have 2 operands";
    if (argTypes[0] != argTypes[1])
      return op->emitOpError() << "expected copy function " << syms[i] << " arguments to have the same type";
    Type varType = vars[i].getType();
    if (argTypes[0] != varType)
      return op->emitOpError() << "expected copy function arguments' type (" << argTypes[0]
                               << ") to be the same as copyprivate variable's type (" << varType << ")";
  }
  return success();
}

static LogicalResult verifyMapClause(Operation *op, OperandRange mapVars) {
  SmallVector<Value> updateToVars, updateFromVars;
  std::string_view name = op->getName().getStringRef();
  for (Value mapOp : mapVars) {
    Operation *def = mapOp.getDefiningOp();
    if (!def)
      return lamina::emitError(op->getLoc(), "missing map operation");
    if (auto mapInfo = dyn_cast<MapInfoOp>(def)) {
      auto flagsAttr = mapInfo.getMapTypeAttr();
      uint32_t bits = flagsAttr ? uint32_t(flagsAttr.getValue()) : 0;
      bool to = bits & uint32_t(ClauseMapFlags::to), from = bits & uint32_t(ClauseMapFlags::from);
      bool del = bits & uint32_t(ClauseMapFlags::del);
      bool always = bits & uint32_t(ClauseMapFlags::always), close = bits & uint32_t(ClauseMapFlags::close);
      bool implicit = bits & uint32_t(ClauseMapFlags::implicit);
      if ((name == "omp.target_data" || name == "omp.target") && del)
        return lamina::emitError(op->getLoc(), "to, from, tofrom and alloc map types are permitted");
      if (name == "omp.target_enter_data" && (from || del))
        return lamina::emitError(op->getLoc(), "to and alloc map types are permitted");
      if (name == "omp.target_exit_data" && to)
        return lamina::emitError(op->getLoc(), "from, release and delete map types are permitted");
      if (name == "omp.target_update") {
        if (del || (!to && !from))
          return lamina::emitError(op->getLoc(),
                           "at least one of to or from map types must be specified, other map types are not "
                           "permitted");
        Value var = mapInfo.getVarPtr();
        if ((to && from) || (to && contains(updateFromVars, var)) || (from && contains(updateToVars, var)))
          return lamina::emitError(op->getLoc(), "either to or from map types can be specified, not both");
        if (always || close || implicit)
          return lamina::emitError(op->getLoc(), "present, mapper and iterator map type modifiers are permitted");
        (to ? updateToVars : updateFromVars).push_back(var);
      }
    } else if (name != "omp.declare_mapper.info") {
      return lamina::emitError(op->getLoc(), "map argument is not a map entry operation");
    }
  }
  return success();
}

static LogicalResult verifyMapInfoDefinedArgs(Operation *op, std::string_view clauseName, OperandRange vars) {
  for (Value var : vars)
    if (!isa_and_present<MapInfoOp>(var.getDefiningOp()))
      return op->emitOpError() << "'" << clauseName << "' arguments must be defined by 'omp.map.info' ops";
  return success();
}

static LogicalResult verifyAllocate(Operation *op, OperandRange allocate, OperandRange allocator) {
  if (allocate.size() != allocator.size())
    return op->emitError("expected equal sizes for allocate and allocator variables");
  return success();
}

//===----------------------------------------------------------------------===//
// Parallel, teams, sections, single
//===----------------------------------------------------------------------===//

LogicalResult ParallelOp::verify() {
  if (failed(verifyAllocate(getOperation(), getAllocateVars(), getAllocatorVars())))
    return failure();
  if (failed(verifyPrivateVarList(getOperation(), getPrivateVars(), getPrivateSymsAttr())))
    return failure();
  return verifyReductionVarList(getOperation(), getReductionSymsAttr(), getReductionVars(), getReductionByrefAttr());
}

LogicalResult ParallelOp::verifyRegions() {
  Operation *op = getOperation();
  Dialect *omp = op->getDialect();
  Operation *distribute = nullptr;
  int numDist = 0;
  for (Operation &child : getRegion().front())
    if (isa<DistributeOp>(&child)) {
      if (!distribute)
        distribute = &child;
      ++numDist;
    }
  if (numDist > 1)
    return op->emitError() << "multiple 'omp.distribute' nested inside of 'omp.parallel'";
  if (numDist == 1) {
    if (!isComposite(op))
      return op->emitError() << "'omp.composite' attribute missing from composite operation";
    for (Operation &child : getRegion().front()) {
      if (&child == distribute || child.getDialect() != omp)
        continue;
      if (!child.hasTrait<OpTrait::IsTerminator>())
        return op->emitError() << "unexpected OpenMP operation inside of composite 'omp.parallel': "
                               << child.getName().getStringRef();
    }
  } else if (isComposite(op)) {
    return op->emitError() << "'omp.composite' attribute present in non-composite operation";
  }
  return success();
}

static bool opInGlobalImplicitParallelRegion(Operation *op) {
  Dialect *omp = op->getDialect();
  while ((op = op->getParentOp()))
    if (op->getDialect() == omp)
      return false;
  return true;
}

LogicalResult TeamsOp::verify() {
  Operation *op = getOperation();
  if (!isa_and_present<TargetOp>(op->getParentOp()) && !opInGlobalImplicitParallelRegion(op))
    return op->emitError("expected to be nested inside of omp.target or not nested in any OpenMP dialect operations");
  if (Value lower = getNumTeamsLower()) {
    Value upper = getNumTeamsUpper();
    if (!upper)
      return op->emitError("expected num_teams upper bound to be defined if the lower bound is defined");
    if (lower.getType() != upper.getType())
      return op->emitError("expected num_teams upper bound and lower bound to be the same type");
  }
  if (failed(verifyAllocate(op, getAllocateVars(), getAllocatorVars())))
    return failure();
  return verifyReductionVarList(op, getReductionSymsAttr(), getReductionVars(), getReductionByrefAttr());
}

LogicalResult SectionsOp::verify() {
  if (failed(verifyAllocate(getOperation(), getAllocateVars(), getAllocatorVars())))
    return failure();
  return verifyReductionVarList(getOperation(), getReductionSymsAttr(), getReductionVars(), getReductionByrefAttr());
}

LogicalResult SectionsOp::verifyRegions() {
  if (getRegion().empty())
    return success();
  for (Operation &inst : getRegion().front())
    if (!isa<SectionOp>(&inst) && !isa<TerminatorOp>(&inst))
      return emitOpError() << "expected omp.section op or terminator op inside region";
  return success();
}

LogicalResult SingleOp::verify() {
  if (failed(verifyAllocate(getOperation(), getAllocateVars(), getAllocatorVars())))
    return failure();
  return verifyCopyprivateVarList(getOperation(), getCopyprivateVars(), getCopyprivateSymsAttr());
}

//===----------------------------------------------------------------------===//
// Loop wrappers
//===----------------------------------------------------------------------===//

LogicalResult WorkshareLoopWrapperOp::verify() {
  if (!getOperation()->getParentOfType<WorkshareOp>())
    return emitOpError() << "must be nested in an omp.workshare";
  return success();
}

LogicalResult WorkshareLoopWrapperOp::verifyRegions() {
  Operation *op = getOperation();
  if (isLoopWrapper(op->getParentOp()) || getNestedWrapper(op))
    return emitOpError() << "expected to be a standalone loop wrapper";
  return success();
}

LogicalResult LoopOp::verify() {
  return verifyReductionVarList(getOperation(), getReductionSymsAttr(), getReductionVars(), getReductionByrefAttr());
}

LogicalResult LoopOp::verifyRegions() {
  Operation *op = getOperation();
  if (isLoopWrapper(op->getParentOp()) || getNestedWrapper(op))
    return emitOpError() << "expected to be a standalone loop wrapper";
  return success();
}

LogicalResult WsloopOp::verify() {
  return verifyReductionVarList(getOperation(), getReductionSymsAttr(), getReductionVars(), getReductionByrefAttr());
}

LogicalResult WsloopOp::verifyRegions() {
  Operation *op = getOperation();
  bool isCompositeChildLeaf = isLoopWrapper(op->getParentOp());
  if (Operation *nested = getNestedWrapper(op)) {
    if (!isComposite(op))
      return op->emitError() << "'omp.composite' attribute missing from composite wrapper";
    if (!isa<SimdOp>(nested))
      return op->emitError() << "only supported nested wrapper is 'omp.simd'";
  } else if (isComposite(op) && !isCompositeChildLeaf) {
    return op->emitError() << "'omp.composite' attribute present in non-composite wrapper";
  } else if (!isComposite(op) && isCompositeChildLeaf) {
    return op->emitError() << "'omp.composite' attribute missing from composite wrapper";
  }
  return success();
}

LogicalResult SimdOp::verify() {
  Operation *op = getOperation();
  IntegerAttr simdlen = getSimdlenAttr(), safelen = getSafelenAttr();
  if (simdlen && safelen && uint64_t(simdlen.getInt()) > uint64_t(safelen.getInt()))
    return emitOpError() << "simdlen clause and safelen clause are both present, but the simdlen value is not less "
                            "than or equal to safelen value";
  if (failed(verifyAlignedClause(op, getAlignmentsAttr(), getAlignedVars())))
    return failure();
  if (failed(verifyNontemporalClause(op, getNontemporalVars())))
    return failure();
  bool isCompositeChildLeaf = isLoopWrapper(op->getParentOp());
  if (!isComposite(op) && isCompositeChildLeaf)
    return op->emitError() << "'omp.composite' attribute missing from composite wrapper";
  if (isComposite(op) && !isCompositeChildLeaf)
    return op->emitError() << "'omp.composite' attribute present in non-composite wrapper";
  if (ArrayAttr syms = getPrivateSymsAttr())
    for (Attribute a : syms) {
      auto sym = dyn_cast<SymbolRefAttr>(a);
      auto privatizer = sym ? SymbolTable::lookupNearestSymbolFrom<PrivateClauseOp>(op, sym) : PrivateClauseOp();
      if (!privatizer)
        return op->emitError() << "Cannot find privatizer '" << a << "'";
      if (auto ds = privatizer.getDataSharingTypeAttr())
        if (ds.getValue() == DataSharingClauseType::FirstPrivate)
          return op->emitError() << "FIRSTPRIVATE cannot be used with SIMD";
    }
  return success();
}

LogicalResult SimdOp::verifyRegions() {
  if (getNestedWrapper(getOperation()))
    return emitOpError() << "must wrap an 'omp.loop_nest' directly";
  return success();
}

LogicalResult DistributeOp::verify() {
  if (getDistScheduleChunkSize() && !getDistScheduleStatic())
    return emitOpError() << "chunk size set without dist_schedule_static being present";
  return verifyAllocate(getOperation(), getAllocateVars(), getAllocatorVars());
}

LogicalResult DistributeOp::verifyRegions() {
  Operation *op = getOperation();
  if (Operation *nested = getNestedWrapper(op)) {
    if (!isComposite(op))
      return op->emitError() << "'omp.composite' attribute missing from composite wrapper";
    if (isa<WsloopOp>(nested)) {
      Operation *parent = op->getParentOp();
      if (!isa_and_present<ParallelOp>(parent) || !isComposite(parent))
        return op->emitError()
               << "an 'omp.wsloop' nested wrapper is only allowed when a composite 'omp.parallel' is the direct "
                  "parent";
    } else if (!isa<SimdOp>(nested)) {
      return op->emitError() << "only supported nested wrappers are 'omp.simd' and 'omp.wsloop'";
    }
  } else if (isComposite(op)) {
    return op->emitError() << "'omp.composite' attribute present in non-composite wrapper";
  }
  return success();
}

LogicalResult TaskloopOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyAllocate(op, getAllocateVars(), getAllocatorVars())))
    return failure();
  if (failed(verifyReductionVarList(op, getReductionSymsAttr(), getReductionVars(), getReductionByrefAttr())) ||
      failed(verifyReductionVarList(op, getInReductionSymsAttr(), getInReductionVars(), getInReductionByrefAttr())))
    return failure();
  if (!getReductionVars().empty() && getNogroup())
    return op->emitError(
        "if a reduction clause is present on the taskloop directive, the nogroup clause must not be specified");
  for (Value var : getReductionVars())
    for (Value in : getInReductionVars())
      if (var == in)
        return op->emitError("the same list item cannot appear in both a reduction and an in_reduction clause");
  if (getGrainsize() && getNumTasks())
    return op->emitError("the grainsize clause and num_tasks clause are mutually exclusive and may not appear on "
                         "the same taskloop directive");
  return success();
}

LogicalResult TaskloopOp::verifyRegions() {
  Operation *op = getOperation();
  if (Operation *nested = getNestedWrapper(op)) {
    if (!isComposite(op))
      return op->emitError() << "'omp.composite' attribute missing from composite wrapper";
    if (!isa<SimdOp>(nested))
      return op->emitError() << "only supported nested wrapper is 'omp.simd'";
  } else if (isComposite(op)) {
    return op->emitError() << "'omp.composite' attribute present in non-composite wrapper";
  }
  return success();
}

LogicalResult LoopNestOp::verify() {
  Operation *op = getOperation();
  if (getLoopLowerBounds().empty())
    return emitOpError() << "must represent at least one loop";
  Region &region = getRegion();
  unsigned numIVs = region.empty() ? 0 : region.front().getNumArguments();
  if (getLoopLowerBounds().size() != numIVs)
    return emitOpError() << "number of range arguments and IVs do not match";
  for (unsigned i = 0; i < numIVs; ++i)
    if (getLoopLowerBounds()[i].getType() != region.front().getArgument(i).getType())
      return emitOpError() << "range argument type does not match corresponding IV type";
  if (IntegerAttr collapse = getCollapseNumLoopsAttr())
    if (uint64_t(collapse.getInt()) > numIVs)
      return emitOpError() << "collapse value is larger than the number of loops";
  if (DenseI64ArrayAttr tiles = getTileSizesAttr())
    if (tiles.size() > numIVs)
      return emitOpError() << "too few canonical loops for tile dimensions";
  if (!isLoopWrapper(op->getParentOp()))
    return emitOpError() << "expects parent op to be a loop wrapper";
  return success();
}

//===----------------------------------------------------------------------===//
// Tasks
//===----------------------------------------------------------------------===//

LogicalResult TaskOp::verify() {
  if (failed(verifyDependVarList(getOperation(), getDependKindsAttr(), getDependVars())))
    return failure();
  return verifyReductionVarList(getOperation(), getInReductionSymsAttr(), getInReductionVars(),
                                getInReductionByrefAttr());
}

LogicalResult TaskgroupOp::verify() {
  return verifyReductionVarList(getOperation(), getTaskReductionSymsAttr(), getTaskReductionVars(),
                                getTaskReductionByrefAttr());
}

//===----------------------------------------------------------------------===//
// Target constructs and maps
//===----------------------------------------------------------------------===//

LogicalResult MapInfoOp::verify() {
  if (SymbolRefAttr mapper = getMapperIdAttr())
    if (!SymbolTable::lookupNearestSymbolFrom<DeclareMapperOp>(getOperation(), mapper))
      return getOperation()->emitError("invalid mapper id");
  return verifyMapInfoDefinedArgs(getOperation(), "members", getMembers());
}

LogicalResult MapBoundsOp::verify() {
  if (!getExtent() && !getUpperBound())
    return getOperation()->emitError("expected extent or upperbound.");
  return success();
}

LogicalResult TargetDataOp::verify() {
  Operation *op = getOperation();
  if (getMapVars().empty() && getUseDevicePtrVars().empty() && getUseDeviceAddrVars().empty())
    return lamina::emitError(op->getLoc(),
                     "At least one of map, use_device_ptr_vars, or use_device_addr_vars operand must be present");
  if (failed(verifyMapInfoDefinedArgs(op, "use_device_ptr", getUseDevicePtrVars())) ||
      failed(verifyMapInfoDefinedArgs(op, "use_device_addr", getUseDeviceAddrVars())))
    return failure();
  return verifyMapClause(op, getMapVars());
}

LogicalResult TargetEnterDataOp::verify() {
  if (failed(verifyDependVarList(getOperation(), getDependKindsAttr(), getDependVars())))
    return failure();
  return verifyMapClause(getOperation(), getMapVars());
}

LogicalResult TargetExitDataOp::verify() {
  if (failed(verifyDependVarList(getOperation(), getDependKindsAttr(), getDependVars())))
    return failure();
  return verifyMapClause(getOperation(), getMapVars());
}

LogicalResult TargetUpdateOp::verify() {
  if (failed(verifyDependVarList(getOperation(), getDependKindsAttr(), getDependVars())))
    return failure();
  return verifyMapClause(getOperation(), getMapVars());
}

LogicalResult TargetOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyDependVarList(op, getDependKindsAttr(), getDependVars())) ||
      failed(verifyMapInfoDefinedArgs(op, "has_device_addr", getHasDeviceAddrVars())) ||
      failed(verifyMapClause(op, getMapVars())))
    return failure();
  if (DenseI64ArrayAttr maps = getPrivateMapsAttr())
    if (size_t(maps.size()) != getPrivateVars().size())
      return lamina::emitError(op->getLoc(), "sizes of `private` operand range and `private_maps` attribute mismatch");
  return success();
}

//===----------------------------------------------------------------------===//
// Target regions: captured ops and kernel execution modes (host_eval)
//===----------------------------------------------------------------------===//

namespace {
/// MLIR's TargetRegionFlags.
enum TargetRegionFlag : unsigned { kGeneric = 1, kSpmd = 2, kTripCount = 4 };
} // namespace

/// MLIR's findCapturedOmpOp: the innermost omp op with regions nested in
/// `root` that runs exactly once (when `checkSingleMandatoryExec`) and whose
/// siblings are all allowed; stops at an omp.loop_nest.
static Operation *findCapturedOmpOp(Operation *root, bool checkSingleMandatoryExec,
                                    function_ref<bool(Operation *)> siblingAllowed) {
  Dialect *omp = root->getDialect();
  Operation *captured = nullptr;
  DominanceInfo domInfo;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root)
      return WalkResult::advance();
    if (op->getDialect() != omp || op->getNumRegions() == 0)
      return WalkResult::skip();
    if (checkSingleMandatoryExec) {
      Region *parentRegion = op->getParentRegion();
      Block *parentBlock = op->getBlock();
      for (Block *successor : parentBlock->getSuccessors())
        if (successor->isReachable(parentBlock))
          return WalkResult::interrupt();
      for (Block &block : *parentRegion)
        if (domInfo.isReachableFromEntry(&block) && block.hasNoSuccessors() && !domInfo.dominates(parentBlock, &block))
          return WalkResult::interrupt();
    }
    for (Block &block : *op->getParentRegion())
      for (Operation &sibling : block)
        if (&sibling != op && !siblingAllowed(&sibling))
          return WalkResult::interrupt();
    captured = op;
    return isa<LoopNestOp>(op) ? WalkResult::interrupt() : WalkResult::advance();
  });
  return captured;
}

/// TargetOp::getInnermostCapturedOmpOp: omp terminators and ops without a
/// write to automatic allocation scope memory may sit beside captured ops.
static Operation *innermostCapturedOmpOp(Operation *target) {
  Dialect *omp = target->getDialect();
  return findCapturedOmpOp(target, true, [&](Operation *sibling) {
    if (sibling->getDialect() == omp)
      return sibling->hasTrait<OpTrait::IsTerminator>();
    if (auto mem = dyn_cast<MemoryEffectOpInterface>(sibling)) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      mem.getEffects(effects);
      for (auto &e : effects)
        if (isa<MemoryEffects::Write>(e.getEffect()) &&
            isa<SideEffects::AutomaticAllocationScopeResource>(e.getResource()))
          return false;
    }
    return true;
  });
}

/// TargetOp::getKernelExecFlags (the generic/spmd/trip_count bits).
static unsigned kernelExecFlags(Operation *target, Operation *captured) {
  if (!isa_and_present<LoopNestOp>(captured))
    return kGeneric;
  SmallVector<Operation *> wrappers;
  for (Operation *p = captured->getParentOp(); isLoopWrapper(p); p = p->getParentOp())
    wrappers.push_back(p);
  if (wrappers.empty())
    return kGeneric;
  size_t idx = isa<SimdOp>(wrappers[0]) ? 1 : 0;
  size_t numWrappers = wrappers.size() - idx;
  if (numWrappers != 1 && numWrappers != 2)
    return kGeneric;
  Operation *innermost = wrappers[idx];
  if (numWrappers == 2) {
    if (!isa<WsloopOp>(innermost) || !isa<DistributeOp>(wrappers[idx + 1]))
      return kGeneric;
    Operation *parallel = wrappers[idx + 1]->getParentOp();
    if (!isa_and_present<ParallelOp>(parallel))
      return kGeneric;
    Operation *teams = parallel->getParentOp();
    if (!isa_and_present<TeamsOp>(teams))
      return kGeneric;
    if (teams->getParentOp() == target)
      return kSpmd | kTripCount;
  } else if (isa<DistributeOp, LoopOp>(innermost)) {
    Operation *teams = innermost->getParentOp();
    if (!isa_and_present<TeamsOp>(teams) || teams->getParentOp() != target)
      return kGeneric;
    if (isa<LoopOp>(innermost))
      return kSpmd | kTripCount;
    Dialect *omp = target->getDialect();
    Operation *nested = findCapturedOmpOp(captured, false, [&](Operation *sibling) {
      return sibling->getDialect() != omp || sibling->hasTrait<OpTrait::IsTerminator>();
    });
    unsigned result = kGeneric | kTripCount;
    if (!nested)
      return result;
    while (nested->getParentOp() != captured)
      nested = nested->getParentOp();
    return isa<ParallelOp>(nested) ? result | kSpmd : result;
  } else if (isa<WsloopOp>(innermost)) {
    Operation *parallel = innermost->getParentOp();
    if (!isa_and_present<ParallelOp>(parallel))
      return kGeneric;
    if (parallel->getParentOp() == target)
      return kSpmd;
  }
  return kGeneric;
}

static bool containsValue(OperandRange range, Value v) {
  for (Value x : range)
    if (x == v)
      return true;
  return false;
}

LogicalResult TargetOp::verifyRegions() {
  Operation *op = getOperation();
  int numTeams = 0;
  if (!getRegion().empty())
    for (Operation &child : getRegion().front())
      numTeams += isa<TeamsOp>(&child);
  if (numTeams > 1)
    return op->emitError("target containing multiple 'omp.teams' nested ops");
  if (getHostEvalVars().empty() || getRegion().empty())
    return success();
  Operation *captured = innermostCapturedOmpOp(op);
  unsigned flags = kernelExecFlags(op, captured);
  Block &entry = getRegion().front();
  unsigned start = unsigned(getHasDeviceAddrVars().size());
  for (unsigned i = 0; i < getHostEvalVars().size() && start + i < entry.getNumArguments(); ++i) {
    Value arg = entry.getArgument(start + i);
    for (Operation *user : arg.getUsers()) {
      if (auto teams = dyn_cast<TeamsOp>(user)) {
        if (arg == teams.getNumTeamsLower() || arg == teams.getNumTeamsUpper() || arg == teams.getThreadLimit())
          continue;
        return emitOpError() << "host_eval argument only legal as 'num_teams' and 'thread_limit' in 'omp.teams'";
      }
      if (auto parallel = dyn_cast<ParallelOp>(user)) {
        if ((flags & kSpmd) && captured && user->isAncestor(captured) && arg == parallel.getNumThreads())
          continue;
        return emitOpError() << "host_eval argument only legal as 'num_threads' in 'omp.parallel' when representing "
                                "target SPMD";
      }
      if (auto loop = dyn_cast<LoopNestOp>(user)) {
        if ((flags & kTripCount) && user == captured &&
            (containsValue(loop.getLoopLowerBounds(), arg) || containsValue(loop.getLoopUpperBounds(), arg) ||
             containsValue(loop.getLoopSteps(), arg)))
          continue;
        return emitOpError() << "host_eval argument only legal as loop bounds and steps in 'omp.loop_nest' when "
                                "trip count must be evaluated in the host";
      }
      return emitOpError() << "host_eval argument illegal use in '" << user->getName().getStringRef()
                           << "' operation";
    }
  }
  return success();
}

LogicalResult DeclareMapperInfoOp::verify() { return verifyMapClause(getOperation(), getMapVars()); }

LogicalResult DeclareMapperOp::verifyRegions() {
  Region &region = getBody();
  Operation *term = region.empty() || region.front().empty() ? nullptr : &region.front().back();
  if (!isa_and_present<DeclareMapperInfoOp>(term))
    return emitOpError() << "expected terminator to be a DeclareMapperInfoOp";
  return success();
}

LogicalResult TargetAllocMemOp::verify() {
  if (!isa<IntegerType>(getOperation()->getResult(0).getType()))
    return emitOpError("must be a integer type");
  return success();
}

//===----------------------------------------------------------------------===//
// Declarations: reductions, privatizers, critical sections
//===----------------------------------------------------------------------===//

/// The yielded values' types of every omp.yield in `region`: false when one
/// does not yield exactly one value of `type`.
static bool yieldsOneOf(Region &region, Type type) {
  for (Block &block : region)
    for (Operation &op : block)
      if (isa<YieldOp>(&op) && (op.getNumOperands() != 1 || op.getOperand(0).getType() != type))
        return false;
  return true;
}

LogicalResult DeclareReductionOp::verifyRegions() {
  Type type = getTypeAttr() ? getTypeAttr().getValue() : Type();
  if (!getAllocRegion().empty() && !yieldsOneOf(getAllocRegion(), type))
    return emitOpError() << "expects alloc region to yield a value of the reduction type";
  if (getInitializerRegion().empty())
    return emitOpError() << "expects non-empty initializer region";
  Block &init = getInitializerRegion().front();
  if (init.getNumArguments() == 1) {
    if (!getAllocRegion().empty())
      return emitOpError() << "expects two arguments to the initializer region when an allocation region is used";
  } else if (init.getNumArguments() == 2) {
    if (getAllocRegion().empty())
      return emitOpError() << "expects one argument to the initializer region when no allocation region is used";
  } else {
    return emitOpError() << "expects one or two arguments to the initializer region";
  }
  for (BlockArgument arg : init.getArguments())
    if (arg.getType() != type)
      return emitOpError() << "expects initializer region argument to match the reduction type";
  if (!yieldsOneOf(getInitializerRegion(), type))
    return emitOpError() << "expects initializer region to yield a value of the reduction type";
  if (getReductionRegion().empty())
    return emitOpError() << "expects non-empty reduction region";
  Block &red = getReductionRegion().front();
  if (red.getNumArguments() != 2 || red.getArgument(0).getType() != red.getArgument(1).getType() ||
      red.getArgument(0).getType() != type)
    return emitOpError() << "expects reduction region with two arguments of the reduction type";
  if (!yieldsOneOf(getReductionRegion(), type))
    return emitOpError() << "expects reduction region to yield a value of the reduction type";
  if (!getAtomicReductionRegion().empty()) {
    Block &atomic = getAtomicReductionRegion().front();
    if (atomic.getNumArguments() != 2 || atomic.getArgument(0).getType() != atomic.getArgument(1).getType())
      return emitOpError() << "expects atomic reduction region with two arguments of the same type";
    Type argTy = atomic.getArgument(0).getType();
    if (!isa<PointerLikeType>(argTy) || (PointerLikeType(argTy).getElementType() &&
                                         PointerLikeType(argTy).getElementType() != type))
      return emitOpError() << "expects atomic reduction region arguments to be accumulators containing the "
                              "reduction type";
  }
  if (getCleanupRegion().empty())
    return success();
  Block &cleanup = getCleanupRegion().front();
  if (cleanup.getNumArguments() != 1 || cleanup.getArgument(0).getType() != type)
    return emitOpError() << "expects cleanup region with one argument of the reduction type";
  return success();
}

LogicalResult PrivateClauseOp::verifyRegions() {
  Operation *op = getOperation();
  Type argType = privatizerArgType(op);
  auto verifyTerminator = [&](Operation *terminator, bool yieldsValue) -> LogicalResult {
    if (terminator->getBlock()->getNumSuccessors() != 0)
      return success();
    if (!isa<YieldOp>(terminator))
      return lamina::emitError(terminator->getLoc()) << "expected exit block terminator to be an `omp.yield` op.";
    unsigned n = terminator->getNumOperands();
    if (!yieldsValue) {
      if (n == 0)
        return success();
      return lamina::emitError(terminator->getLoc()) << "Did not expect any values to be yielded.";
    }
    if (n == 1 && terminator->getOperand(0).getType() == argType)
      return success();
    InFlightDiagnostic diag = lamina::emitError(terminator->getLoc());
    diag << "Invalid yielded value. Expected type: " << argType << ", got: ";
    if (n == 0)
      diag << "None";
    for (unsigned i = 0; i < n; ++i) {
      if (i)
        diag << ", ";
      diag << terminator->getOperand(i).getType();
    }
    return diag;
  };
  auto verifyRegion = [&](Region &region, unsigned expectedNumArgs, std::string_view name,
                          bool yieldsValue) -> LogicalResult {
    unsigned numArgs = region.empty() ? 0 : region.front().getNumArguments();
    if (numArgs != expectedNumArgs)
      return lamina::emitError(region.getLoc()) << "`" << name << "`: expected " << expectedNumArgs
                                        << " region arguments, got: " << numArgs;
    for (Block &block : region) {
      if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>())
        continue;
      if (failed(verifyTerminator(&block.back(), yieldsValue)))
        return failure();
    }
    return success();
  };
  for (unsigned r = 0; r < op->getNumRegions(); ++r) {
    Region &region = op->getRegion(r);
    if (region.empty())
      continue;
    for (BlockArgument arg : region.front().getArguments())
      if (arg.getType() != argType)
        return op->emitError() << "Region argument type mismatch: got " << arg.getType() << " expected " << argType
                               << ".";
  }
  if (!getInitRegion().empty() && failed(verifyRegion(getInitRegion(), 2, "init", true)))
    return failure();
  auto dsAttr = getDataSharingTypeAttr();
  bool isPrivate = !dsAttr || dsAttr.getValue() == DataSharingClauseType::Private;
  if (isPrivate && !getCopyRegion().empty())
    return op->emitError("`private` clauses do not require a `copy` region.");
  if (!isPrivate && getCopyRegion().empty())
    return op->emitError("`firstprivate` clauses require at least a `copy` region.");
  if (!isPrivate && failed(verifyRegion(getCopyRegion(), 2, "copy", true)))
    return failure();
  if (!getDeallocRegion().empty() && failed(verifyRegion(getDeallocRegion(), 1, "dealloc", false)))
    return failure();
  return success();
}

LogicalResult CriticalDeclareOp::verify() { return verifySynchronizationHint(getOperation(), getHintAttr()); }

LogicalResult CriticalOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  auto name = dyn_cast_or_null<FlatSymbolRefAttr>(op->getInherentAttr("name"));
  if (!name)
    return success();
  if (!isa_and_present<CriticalDeclareOp>(symbolTable.lookupNearestSymbolFrom(op, name)))
    return op->emitOpError() << "expected symbol reference " << Attribute(name)
                             << " to point to a critical declaration";
  return success();
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

static Type pointeeType(Value ptr) {
  Type t = ptr.getType();
  return isa<PointerLikeType>(t) ? PointerLikeType(t).getElementType() : Type();
}

static LogicalResult verifyMemoryOrder(Operation *op, ClauseMemoryOrderKindAttr mo, ClauseMemoryOrderKind a,
                                       ClauseMemoryOrderKind b, std::string_view message) {
  if (mo && (mo.getValue() == a || mo.getValue() == b))
    return op->emitError(message);
  return success();
}

LogicalResult AtomicReadOp::verify() {
  Operation *op = getOperation();
  if (getX() == getV())
    return op->emitError("read and write must not be to the same location for atomic reads");
  if (failed(verifyMemoryOrder(op, getMemoryOrderAttr(), ClauseMemoryOrderKind::Acq_rel,
                               ClauseMemoryOrderKind::Release,
                               "memory-order must not be acq_rel or release for atomic reads")))
    return failure();
  return verifySynchronizationHint(op, getHintAttr());
}

LogicalResult AtomicWriteOp::verify() {
  Operation *op = getOperation();
  Type elementType = pointeeType(getX());
  if (elementType && elementType != getExpr().getType())
    return op->emitError("address must dereference to value type");
  if (failed(verifyMemoryOrder(op, getMemoryOrderAttr(), ClauseMemoryOrderKind::Acq_rel,
                               ClauseMemoryOrderKind::Acquire,
                               "memory-order must not be acq_rel or acquire for atomic writes")))
    return failure();
  return verifySynchronizationHint(op, getHintAttr());
}

LogicalResult AtomicUpdateOp::verify() {
  Operation *op = getOperation();
  Region &region = getRegion();
  unsigned numArgs = region.empty() ? 0 : region.front().getNumArguments();
  if (numArgs != 1)
    return op->emitError("the region must accept exactly one argument");
  Type elementType = pointeeType(getX());
  if (elementType && elementType != region.front().getArgument(0).getType())
    return op->emitError("the type of the operand must be a pointer type whose element type is the same as that "
                         "of the region argument");
  if (failed(verifyMemoryOrder(op, getMemoryOrderAttr(), ClauseMemoryOrderKind::Acq_rel,
                               ClauseMemoryOrderKind::Acquire,
                               "memory-order must not be acq_rel or acquire for atomic updates")))
    return failure();
  return verifySynchronizationHint(op, getHintAttr());
}

LogicalResult AtomicUpdateOp::verifyRegions() {
  Operation *op = getOperation();
  Block &block = getRegion().front();
  Operation *terminator = block.empty() ? nullptr : &block.back();
  if (!terminator || terminator->getNumOperands() != 1)
    return op->emitError("only updated value must be returned");
  if (terminator->getOperand(0).getType() != block.getArgument(0).getType())
    return op->emitError("input and yielded value must have the same type");
  return success();
}

LogicalResult AtomicCaptureOp::verify() { return verifySynchronizationHint(getOperation(), getHintAttr()); }

LogicalResult AtomicCaptureOp::verifyRegions() {
  Operation *op = getOperation();
  Block &block = getRegion().front();
  SmallVector<Operation *> ops;
  for (Operation &o : block)
    ops.push_back(&o);
  if (ops.size() != 3)
    return op->emitError() << "expected three operations in atomic.capture region (one terminator, and two atomic "
                              "ops)";
  Operation *first = ops[0], *second = ops[1];
  auto firstRead = dyn_cast<AtomicReadOp>(first);
  auto firstUpdate = dyn_cast<AtomicUpdateOp>(first);
  auto secondRead = dyn_cast<AtomicReadOp>(second);
  auto secondUpdate = dyn_cast<AtomicUpdateOp>(second);
  auto secondWrite = dyn_cast<AtomicWriteOp>(second);
  if (!((firstUpdate && secondRead) || (firstRead && secondUpdate) || (firstRead && secondWrite)))
    return first->emitError() << "invalid sequence of operations in the capture region";
  if (firstUpdate && secondRead && firstUpdate.getX() != secondRead.getX())
    return first->emitError() << "updated variable in atomic.update must be captured in second operation";
  if (firstRead && secondUpdate && firstRead.getX() != secondUpdate.getX())
    return first->emitError() << "captured variable in atomic.read must be updated in second operation";
  if (firstRead && secondWrite && firstRead.getX() != secondWrite.getX())
    return first->emitError() << "captured variable in atomic.read must be updated in second operation";
  if (first->getAttr("hint") || second->getAttr("hint"))
    return op->emitOpError("operations inside capture region must not have hint clause");
  if (first->getAttr("memory_order") || second->getAttr("memory_order"))
    return op->emitOpError("operations inside capture region must not have memory_order clause");
  return success();
}

//===----------------------------------------------------------------------===//
// Cancellation, ordered, scan, allocate, workdistribute
//===----------------------------------------------------------------------===//

static Operation *getParentInSameDialect(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent; parent = parent->getParentOp())
    if (parent->getDialect() == op->getDialect())
      return parent;
  return nullptr;
}

LogicalResult CancelOp::verify() {
  Operation *op = getOperation();
  auto cct = getCancelDirectiveAttr().getValue();
  Operation *parent = getParentInSameDialect(op);
  if (!parent)
    return emitOpError() << "Orphaned cancel construct";
  if (cct == ClauseCancellationConstructType::Parallel && !isa<ParallelOp>(parent))
    return emitOpError() << "cancel parallel must appear inside a parallel region";
  if (cct == ClauseCancellationConstructType::Loop) {
    auto wsloop = dyn_cast_or_null<WsloopOp>(parent->getParentOp());
    if (!wsloop)
      return emitOpError() << "cancel loop must appear inside a worksharing-loop region";
    if (wsloop.getNowaitAttr())
      return op->emitError() << "A worksharing construct that is canceled must not have a nowait clause";
    if (wsloop.getOrderedAttr())
      return op->emitError() << "A worksharing construct that is canceled must not have an ordered clause";
  } else if (cct == ClauseCancellationConstructType::Sections) {
    auto sections = dyn_cast_or_null<SectionsOp>(parent->getParentOp());
    if (!sections)
      return emitOpError() << "cancel sections must appear inside a sections region";
    if (sections.getNowait())
      return op->emitError() << "A sections construct that is canceled must not have a nowait clause";
  }
  if (cct == ClauseCancellationConstructType::Taskgroup && !isa<TaskOp>(parent) &&
      !isa_and_present<TaskloopOp>(parent->getParentOp()))
    return emitOpError() << "cancel taskgroup must appear inside a task region";
  return success();
}

LogicalResult CancellationPointOp::verify() {
  Operation *op = getOperation();
  auto cct = getCancelDirectiveAttr().getValue();
  Operation *parent = getParentInSameDialect(op);
  if (!parent)
    return emitOpError() << "Orphaned cancellation point";
  if (cct == ClauseCancellationConstructType::Parallel && !isa<ParallelOp>(parent))
    return emitOpError() << "cancellation point parallel must appear inside a parallel region";
  if (cct == ClauseCancellationConstructType::Loop && !isa_and_present<WsloopOp>(parent->getParentOp()))
    return emitOpError() << "cancellation point loop must appear inside a worksharing-loop region";
  if (cct == ClauseCancellationConstructType::Sections && !isa<SectionOp>(parent))
    return emitOpError() << "cancellation point sections must appear inside a sections region";
  if (cct == ClauseCancellationConstructType::Taskgroup && !isa<TaskOp>(parent))
    return emitOpError() << "cancellation point taskgroup must appear inside a task region";
  return success();
}

static LogicalResult verifyOrderedParent(Operation *op) {
  bool hasRegion = op->getNumRegions() > 0;
  auto loop = op->getParentOfType<LoopNestOp>();
  if (!loop) {
    if (hasRegion)
      return success();
    return op->emitOpError() << "must be nested inside of a loop";
  }
  Operation *wrapper = loop.getOperation()->getParentOp();
  if (auto wsloop = dyn_cast_or_null<WsloopOp>(wrapper)) {
    IntegerAttr ordered = wsloop.getOrderedAttr();
    if (!ordered)
      return op->emitOpError() << "the enclosing worksharing-loop region must have an ordered clause";
    if (hasRegion && ordered.getInt() != 0)
      return op->emitOpError() << "the enclosing loop's ordered clause must not have a parameter present";
    if (!hasRegion && ordered.getInt() == 0)
      return op->emitOpError() << "the enclosing loop's ordered clause must have a parameter present";
  } else if (!isa_and_present<SimdOp>(wrapper)) {
    return op->emitOpError() << "must be nested inside of a worksharing, simd or worksharing simd loop";
  }
  return success();
}

LogicalResult OrderedOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyOrderedParent(op)))
    return failure();
  auto wrapper = op->getParentOfType<WsloopOp>();
  IntegerAttr numLoops = getDoacrossNumLoopsAttr();
  if (!wrapper || !wrapper.getOrderedAttr() || !numLoops ||
      wrapper.getOrderedAttr().getInt() != numLoops.getInt())
    return emitOpError() << "number of variables in depend clause does not match number of iteration variables in "
                            "the doacross loop";
  return success();
}

LogicalResult OrderedRegionOp::verify() { return verifyOrderedParent(getOperation()); }

LogicalResult ScanOp::verify() {
  Operation *op = getOperation();
  if (getExclusiveVars().empty() == getInclusiveVars().empty())
    return op->emitError("Exactly one of EXCLUSIVE or INCLUSIVE clause is expected");
  if (auto ws = op->getParentOfType<WsloopOp>())
    if (auto mod = ws.getReductionModAttr(); mod && mod.getValue() == ReductionModifier::inscan)
      return success();
  if (auto simd = op->getParentOfType<SimdOp>())
    if (auto mod = simd.getReductionModAttr(); mod && mod.getValue() == ReductionModifier::inscan)
      return success();
  return op->emitError("SCAN directive needs to be enclosed within a parent worksharing loop construct or SIMD "
                       "construct with INSCAN reduction modifier");
}

LogicalResult AllocateDirOp::verify() {
  if (IntegerAttr align = getAlignAttr()) {
    uint64_t v = uint64_t(align.getInt());
    if (v > 0 && (v & (v - 1)) != 0)
      return getOperation()->emitError() << "ALIGN value : " << v << " must be power of 2";
  }
  return success();
}

LogicalResult WorkdistributeOp::verify() {
  Operation *self = getOperation();
  Region &region = getRegion();
  if (region.empty())
    return emitOpError("region cannot be empty");
  if (region.front().empty())
    return emitOpError("region must contain a structured block");
  bool hasTerminator = false;
  for (Block &block : region)
    if (!block.empty() && isa<TerminatorOp>(&block.back())) {
      if (hasTerminator)
        return emitOpError("region must have exactly one terminator");
      hasTerminator = true;
    }
  if (!hasTerminator)
    return emitOpError("region must be terminated with omp.terminator");
  bool failedWalk = false;
  self->walk([&](Operation *op) {
    if (failedWalk || op == self)
      return;
    if (isa<BarrierOp>(op)) {
      (void)emitOpError("explicit barriers are not allowed in workdistribute region");
      failedWalk = true;
    } else if (isa<ParallelOp>(op)) {
      (void)emitOpError("nested parallel constructs not allowed in workdistribute");
      failedWalk = true;
    } else if (isa<TeamsOp>(op)) {
      (void)emitOpError("nested teams constructs not allowed in workdistribute");
      failedWalk = true;
    }
  });
  if (failedWalk)
    return failure();
  if (!isa_and_present<TeamsOp>(self->getParentOp()))
    return emitOpError("workdistribute must be nested under teams");
  return success();
}
