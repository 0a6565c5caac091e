//===- OpenACCOps.cpp - The acc dialect's verifiers -------------------------===//
//
// The op verifiers MLIR's OpenACC.cpp writes by hand, with its messages:
// data clause ops (their intent, var/varType/accVar consistency, allowed
// modifiers, recipes), compute and data constructs (device_type-qualified
// operand counts, async/wait conflicts, data operands' defining ops),
// acc.loop's clauses and bounds, recipes' regions, declare, routine,
// init/shutdown/set, update and wait.
//
// Not checked: acc.loop's container-like form (the loop-like ops nested in
// it), which needs LoopLikeOpInterface on every loop op.
//
#include "lamina/Dialect/OpenACC/OpenACCDialect.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/LoopLikeInterface.h"

#include <algorithm>
#include <initializer_list>

using namespace lamina;
using namespace lamina::acc;

//===----------------------------------------------------------------------===//
// Data clause ops
//===----------------------------------------------------------------------===//

static DataClause clauseOf(Operation *op) {
  auto attr = dyn_cast_or_null<DataClauseAttr>(op->getInherentAttr("dataClause"));
  return attr ? attr.getValue() : DataClause(0);
}

static bool clauseIn(Operation *op, std::initializer_list<DataClause> allowed) {
  DataClause c = clauseOf(op);
  return std::find(allowed.begin(), allowed.end(), c) != allowed.end();
}

static uint32_t modifiersOf(Operation *op) {
  auto attr = dyn_cast_or_null<DataClauseModifierAttr>(op->getInherentAttr("modifiers"));
  return attr ? uint32_t(attr.getValue()) : 0;
}

/// A pointer-like or mappable var whose varType is the pointee type.
static LogicalResult checkVarAndVarType(Operation *op, Value var) {
  if (!var)
    return op->emitError("must have var operand");
  Type type = var.getType();
  if (!isa<PointerLikeType>(type) && !isa<MappableType>(type))
    return op->emitError("var must be mappable or pointer-like");
  auto varType = dyn_cast_or_null<TypeAttr>(op->getInherentAttr("varType"));
  if (isa<PointerLikeType>(type) && varType && varType.getValue() == type)
    return op->emitError("varType must capture the element type of var");
  return success();
}

static LogicalResult checkVarAndAccVar(Operation *op, Value var, Value accVar) {
  if (var && accVar && var.getType() != accVar.getType())
    return op->emitError("input and output types must match");
  return success();
}

static LogicalResult checkNoModifier(Operation *op) {
  if (modifiersOf(op) != 0)
    return op->emitError("no data clause modifiers are allowed");
  return success();
}

static LogicalResult checkValidModifier(Operation *op, uint32_t valid) {
  uint32_t invalid = modifiersOf(op) & ~valid;
  if (invalid)
    return op->emitError("invalid data clause modifiers: " + getDataClauseModifierInfo().stringify(invalid));
  return success();
}

/// The recipe of a private/firstprivate/reduction op: required, and a
/// declaration of its kind.
static LogicalResult checkRecipe(Operation *op, std::string_view kind, std::string_view recipeOp) {
  auto recipe = dyn_cast_or_null<SymbolRefAttr>(op->getInherentAttr("recipe"));
  if (!recipe)
    return op->emitOpError() << "recipe expected for " << kind;
  Operation *decl = SymbolTable::lookupNearestSymbolFrom(op, recipe);
  if (!decl || decl->getName().getStringRef() != recipeOp)
    return op->emitOpError() << "expected symbol reference " << Attribute(recipe) << " to point to a " << kind
                             << " declaration";
  return success();
}

static const char *const kDecomposedMsg = " or specify original clause this operation was decomposed from";

static const uint32_t kZero = uint32_t(DataClauseModifier::zero), kReadonly = uint32_t(DataClauseModifier::readonly),
                      kAlways = uint32_t(DataClauseModifier::always),
                      kCapture = uint32_t(DataClauseModifier::capture);

/// The entry op checks shared by most data clause ops: intent, var/varType,
/// var/accVar.
static LogicalResult checkEntry(Operation *op, std::initializer_list<DataClause> allowed, const std::string &intentMsg,
                                bool checkAccVar = true) {
  if (!clauseIn(op, allowed))
    return op->emitError(intentMsg);
  Value var = op->getNumOperands() ? op->getOperand(0) : Value();
  if (failed(checkVarAndVarType(op, var)))
    return failure();
  if (checkAccVar && failed(checkVarAndAccVar(op, var, op->getNumResults() ? op->getResult(0) : Value())))
    return failure();
  return success();
}

static std::string intentOf(std::string_view what) {
  return "data clause associated with " + std::string(what) + " operation must match its intent";
}

LogicalResult PrivateOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_private}, intentOf("private"), false)) || failed(checkNoModifier(op)))
    return failure();
  return checkRecipe(op, "private", "acc.private.recipe");
}

LogicalResult FirstprivateOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_firstprivate}, intentOf("firstprivate"), false)) ||
      failed(checkNoModifier(op)))
    return failure();
  return checkRecipe(op, "firstprivate", "acc.firstprivate.recipe");
}

LogicalResult FirstprivateMapInitialOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_firstprivate}, intentOf("firstprivate"), false)))
    return failure();
  return checkNoModifier(op);
}

LogicalResult ReductionOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_reduction}, intentOf("reduction"), false)) ||
      failed(checkNoModifier(op)))
    return failure();
  return checkRecipe(op, "reduction", "acc.reduction.recipe");
}

LogicalResult DevicePtrOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_deviceptr}, intentOf("deviceptr"))))
    return failure();
  return checkNoModifier(op);
}

LogicalResult PresentOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_present}, intentOf("present"))))
    return failure();
  return checkNoModifier(op);
}

LogicalResult CopyinOp::verify() {
  Operation *op = getOperation();
  BoolAttr implicit = getImplicitAttr();
  bool isImplicit = implicit && implicit.getValue();
  if (!isImplicit && !clauseIn(op, {DataClause::acc_copyin, DataClause::acc_copyin_readonly, DataClause::acc_copy,
                                    DataClause::acc_reduction}))
    return op->emitError(intentOf("copyin") + kDecomposedMsg);
  Value var = getVar();
  if (failed(checkVarAndVarType(op, var)) || failed(checkVarAndAccVar(op, var, getAccVar())))
    return failure();
  return checkValidModifier(op, kReadonly | kAlways | kCapture);
}

LogicalResult CreateOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op,
                        {DataClause::acc_create, DataClause::acc_create_zero, DataClause::acc_copyout,
                         DataClause::acc_copyout_zero},
                        intentOf("create") + kDecomposedMsg)))
    return failure();
  return checkValidModifier(op, kZero | kAlways | kCapture);
}

LogicalResult NoCreateOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_no_create}, intentOf("no_create"))))
    return failure();
  return checkNoModifier(op);
}

LogicalResult AttachOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_attach}, intentOf("attach"))))
    return failure();
  return checkNoModifier(op);
}

LogicalResult DeclareDeviceResidentOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_declare_device_resident},
                        "data clause associated with device_resident operation must match its intent")))
    return failure();
  return checkNoModifier(op);
}

LogicalResult DeclareLinkOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_declare_link}, intentOf("link"))))
    return failure();
  return checkNoModifier(op);
}

LogicalResult UpdateDeviceOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_update_device}, intentOf("device") + kDecomposedMsg)))
    return failure();
  return checkNoModifier(op);
}

LogicalResult UseDeviceOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_use_device}, intentOf("use_device") + kDecomposedMsg)))
    return failure();
  return checkNoModifier(op);
}

LogicalResult CacheOp::verify() {
  Operation *op = getOperation();
  if (failed(checkEntry(op, {DataClause::acc_cache, DataClause::acc_cache_readonly},
                        intentOf("cache") + kDecomposedMsg)))
    return failure();
  return checkValidModifier(op, kReadonly);
}

LogicalResult CopyoutOp::verify() {
  Operation *op = getOperation();
  if (!clauseIn(op, {DataClause::acc_copyout, DataClause::acc_copyout_zero, DataClause::acc_copy,
                     DataClause::acc_reduction}))
    return op->emitError(intentOf("copyout") + kDecomposedMsg);
  if (!getVar() || !getAccVar())
    return op->emitError("must have both host and device pointers");
  if (failed(checkVarAndVarType(op, getVar())) || failed(checkVarAndAccVar(op, getVar(), getAccVar())))
    return failure();
  return checkValidModifier(op, kZero | kAlways | kCapture);
}

LogicalResult DeleteOp::verify() {
  Operation *op = getOperation();
  if (!clauseIn(op, {DataClause::acc_delete, DataClause::acc_create, DataClause::acc_create_zero,
                     DataClause::acc_copyin, DataClause::acc_copyin_readonly, DataClause::acc_present,
                     DataClause::acc_no_create, DataClause::acc_declare_device_resident,
                     DataClause::acc_declare_link}))
    return op->emitError(intentOf("delete") + kDecomposedMsg);
  if (!getAccVar())
    return op->emitError("must have device pointer");
  return checkValidModifier(op, kZero | kReadonly | kAlways | kCapture);
}

LogicalResult DetachOp::verify() {
  Operation *op = getOperation();
  if (!clauseIn(op, {DataClause::acc_detach, DataClause::acc_attach}))
    return op->emitError(intentOf("detach") + kDecomposedMsg);
  if (!getAccVar())
    return op->emitError("must have device pointer");
  return checkNoModifier(op);
}

LogicalResult UpdateHostOp::verify() {
  Operation *op = getOperation();
  if (!clauseIn(op, {DataClause::acc_update_host, DataClause::acc_update_self}))
    return op->emitError(intentOf("host") + kDecomposedMsg);
  if (!getVar() || !getAccVar())
    return op->emitError("must have both host and device pointers");
  if (failed(checkVarAndVarType(op, getVar())) || failed(checkVarAndAccVar(op, getVar(), getAccVar())))
    return failure();
  return checkNoModifier(op);
}

LogicalResult DataBoundsOp::verify() {
  if (!getExtent() && !getUpperbound())
    return getOperation()->emitError("expected extent or upperbound.");
  return success();
}

//===----------------------------------------------------------------------===//
// Recipes
//===----------------------------------------------------------------------===//

static LogicalResult verifyInitLikeSingleArgRegion(Operation *op, Region &region, std::string_view regionType,
                                                   std::string_view regionName, Type type, bool verifyYield,
                                                   bool optional = false) {
  if (optional && region.empty())
    return success();
  if (region.empty())
    return op->emitOpError() << "expects non-empty " << regionName << " region";
  Block &first = region.front();
  if (first.getNumArguments() < 1 || first.getArgument(0).getType() != type)
    return op->emitOpError() << "expects " << regionName << " region first argument of the " << regionType
                             << " type";
  if (verifyYield)
    for (Block &block : region)
      for (Operation &o : block)
        if (isa<YieldOp>(&o) && (o.getNumOperands() != 1 || o.getOperand(0).getType() != type))
          return op->emitOpError() << "expects " << regionName << " region to yield a value of the " << regionType
                                   << " type";
  return success();
}

static Type recipeType(Operation *op) {
  auto attr = dyn_cast_or_null<TypeAttr>(op->getInherentAttr("type"));
  return attr ? attr.getValue() : Type();
}

LogicalResult PrivateRecipeOp::verifyRegions() {
  Operation *op = getOperation();
  Type type = recipeType(op);
  if (failed(verifyInitLikeSingleArgRegion(op, op->getRegion(0), "privatization", "init", type, false)))
    return failure();
  return verifyInitLikeSingleArgRegion(op, op->getRegion(1), "privatization", "destroy", type, false, true);
}

LogicalResult FirstprivateRecipeOp::verifyRegions() {
  Operation *op = getOperation();
  Type type = recipeType(op);
  if (failed(verifyInitLikeSingleArgRegion(op, op->getRegion(0), "privatization", "init", type, false)))
    return failure();
  Region &copy = op->getRegion(1);
  if (copy.empty())
    return op->emitOpError() << "expects non-empty copy region";
  Block &first = copy.front();
  if (first.getNumArguments() < 2 || first.getArgument(0).getType() != type)
    return op->emitOpError() << "expects copy region with two arguments of the privatization type";
  if (op->getRegion(2).empty())
    return success();
  return verifyInitLikeSingleArgRegion(op, op->getRegion(2), "privatization", "destroy", type, false);
}

LogicalResult ReductionRecipeOp::verifyRegions() {
  Operation *op = getOperation();
  Type type = recipeType(op);
  if (failed(verifyInitLikeSingleArgRegion(op, op->getRegion(0), "reduction", "init", type, false)))
    return failure();
  Region &combiner = op->getRegion(1);
  if (combiner.empty())
    return op->emitOpError() << "expects non-empty combiner region";
  Block &block = combiner.front();
  if (block.getNumArguments() < 2 || block.getArgument(0).getType() != type ||
      block.getArgument(1).getType() != type)
    return op->emitOpError() << "expects combiner region with the first two arguments of the reduction type";
  for (Block &b : combiner)
    for (Operation &o : b)
      if (isa<YieldOp>(&o) && (o.getNumOperands() != 1 || o.getOperand(0).getType() != type))
        return op->emitOpError() << "expects combiner region to yield a value of the reduction type";
  return success();
}

//===----------------------------------------------------------------------===//
// Compute and data constructs
//===----------------------------------------------------------------------===//

static bool hasDeviceType(ArrayAttr attr, DeviceType dt) {
  if (!attr)
    return false;
  for (Attribute a : attr)
    if (auto d = dyn_cast<DeviceTypeAttr>(a); d && d.getValue() == dt)
      return true;
  return false;
}

/// asyncOnly/waitOnly and async/wait operands for the same device type.
static LogicalResult checkWaitAndAsyncConflict(Operation *op, ArrayAttr asyncDeviceTypes, ArrayAttr asyncOnly,
                                               ArrayAttr waitDeviceTypes, ArrayAttr waitOnly) {
  // As MLIR's loop up to getMaxEnumValForDeviceType(): radeon is not checked.
  for (uint32_t dt = 0; dt < uint32_t(DeviceType::Radeon); ++dt) {
    if (hasDeviceType(asyncDeviceTypes, DeviceType(dt)) && hasDeviceType(asyncOnly, DeviceType(dt)))
      return op->emitError("asyncOnly attribute cannot appear with asyncOperand");
    if (hasDeviceType(waitDeviceTypes, DeviceType(dt)) && hasDeviceType(waitOnly, DeviceType(dt)))
      return op->emitError("wait attribute cannot appear with waitOperands");
  }
  return success();
}

static LogicalResult verifyDeviceTypeCountMatch(Operation *op, OperandRange operands, ArrayAttr deviceTypes,
                                                std::string_view keyword) {
  if (!operands.empty() && (!deviceTypes || deviceTypes.size() != operands.size()))
    return op->emitOpError() << keyword << " operands count must match " << keyword << " device_type count";
  return success();
}

static LogicalResult verifyDeviceTypeAndSegmentCountMatch(Operation *op, OperandRange operands,
                                                          DenseI32ArrayAttr segments, ArrayAttr deviceTypes,
                                                          std::string_view keyword, int32_t maxInSegment = 0) {
  size_t numInSegments = 0, numSegments = 0;
  if (segments)
    for (int32_t n : segments.asArrayRef()) {
      if (maxInSegment != 0 && n > maxInSegment)
        return op->emitOpError() << keyword << " expects a maximum of " << maxInSegment << " values per segment";
      numInSegments += size_t(n);
      ++numSegments;
    }
  if (numInSegments != operands.size() || (!deviceTypes && !operands.empty()))
    return op->emitOpError() << keyword << " operand count does not match count in segments";
  if (deviceTypes && deviceTypes.size() != numSegments)
    return op->emitOpError() << keyword << " segment count does not match device_type count";
  return success();
}

static bool isDataEntryOrExit(Operation *def) {
  return isa_and_present<AttachOp, CopyinOp, CopyoutOp, CreateOp, DeleteOp, DetachOp, DevicePtrOp, GetDevicePtrOp,
                         NoCreateOp, PresentOp>(def);
}

static LogicalResult checkDataOperands(Operation *op, OperandRange operands) {
  for (Value v : operands)
    if (!isDataEntryOrExit(v.getDefiningOp()))
      return op->emitError("expect data entry/exit operation or acc.getdeviceptr as defining op");
  return success();
}

/// The operands of the private/firstprivate/reduction clauses: defined by
/// the matching data clause op (block arguments are accepted), each once.
template <typename DefOp>
static LogicalResult checkPrivatization(Operation *op, OperandRange operands, std::string_view name) {
  SmallVector<Value> seen;
  for (Value v : operands) {
    Operation *def = v.getDefiningOp();
    if (!def)
      continue;
    if (!isa<DefOp>(def))
      return op->emitOpError() << "expected " << name << " as defining op";
    if (std::find(seen.begin(), seen.end(), v) != seen.end())
      return op->emitOpError() << name << " operand appears more than once";
    seen.push_back(v);
  }
  return success();
}

static LogicalResult checkPrivatizations(Operation *op, OperandRange privates, OperandRange firstprivates,
                                         OperandRange reductions) {
  if (failed(checkPrivatization<PrivateOp>(op, privates, "private")) ||
      failed(checkPrivatization<FirstprivateOp>(op, firstprivates, "firstprivate")))
    return failure();
  return checkPrivatization<ReductionOp>(op, reductions, "reduction");
}

LogicalResult ParallelOp::verify() {
  Operation *op = getOperation();
  if (failed(checkPrivatizations(op, getPrivateOperands(), getFirstprivateOperands(), getReductionOperands())) ||
      failed(verifyDeviceTypeAndSegmentCountMatch(op, getNumGangs(), getNumGangsSegmentsAttr(),
                                                  getNumGangsDeviceTypeAttr(), "num_gangs", 3)) ||
      failed(verifyDeviceTypeAndSegmentCountMatch(op, getWaitOperands(), getWaitOperandsSegmentsAttr(),
                                                  getWaitOperandsDeviceTypeAttr(), "wait")) ||
      failed(verifyDeviceTypeCountMatch(op, getNumWorkers(), getNumWorkersDeviceTypeAttr(), "num_workers")) ||
      failed(verifyDeviceTypeCountMatch(op, getVectorLength(), getVectorLengthDeviceTypeAttr(), "vector_length")) ||
      failed(verifyDeviceTypeCountMatch(op, getAsyncOperands(), getAsyncOperandsDeviceTypeAttr(), "async")) ||
      failed(checkWaitAndAsyncConflict(op, getAsyncOperandsDeviceTypeAttr(), getAsyncOnlyAttr(),
                                       getWaitOperandsDeviceTypeAttr(), getWaitOnlyAttr())))
    return failure();
  return checkDataOperands(op, getDataClauseOperands());
}

LogicalResult SerialOp::verify() {
  Operation *op = getOperation();
  if (failed(checkPrivatizations(op, getPrivateOperands(), getFirstprivateOperands(), getReductionOperands())) ||
      failed(verifyDeviceTypeAndSegmentCountMatch(op, getWaitOperands(), getWaitOperandsSegmentsAttr(),
                                                  getWaitOperandsDeviceTypeAttr(), "wait")) ||
      failed(verifyDeviceTypeCountMatch(op, getAsyncOperands(), getAsyncOperandsDeviceTypeAttr(), "async")) ||
      failed(checkWaitAndAsyncConflict(op, getAsyncOperandsDeviceTypeAttr(), getAsyncOnlyAttr(),
                                       getWaitOperandsDeviceTypeAttr(), getWaitOnlyAttr())))
    return failure();
  return checkDataOperands(op, getDataClauseOperands());
}

LogicalResult KernelsOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyDeviceTypeAndSegmentCountMatch(op, getNumGangs(), getNumGangsSegmentsAttr(),
                                                  getNumGangsDeviceTypeAttr(), "num_gangs", 3)) ||
      failed(verifyDeviceTypeAndSegmentCountMatch(op, getWaitOperands(), getWaitOperandsSegmentsAttr(),
                                                  getWaitOperandsDeviceTypeAttr(), "wait")) ||
      failed(verifyDeviceTypeCountMatch(op, getNumWorkers(), getNumWorkersDeviceTypeAttr(), "num_workers")) ||
      failed(verifyDeviceTypeCountMatch(op, getVectorLength(), getVectorLengthDeviceTypeAttr(), "vector_length")) ||
      failed(verifyDeviceTypeCountMatch(op, getAsyncOperands(), getAsyncOperandsDeviceTypeAttr(), "async")) ||
      failed(checkWaitAndAsyncConflict(op, getAsyncOperandsDeviceTypeAttr(), getAsyncOnlyAttr(),
                                       getWaitOperandsDeviceTypeAttr(), getWaitOnlyAttr())))
    return failure();
  return checkDataOperands(op, getDataClauseOperands());
}

LogicalResult HostDataOp::verify() {
  Operation *op = getOperation();
  if (getDataClauseOperands().empty())
    return op->emitError("at least one operand must appear on the host_data operation");
  for (Value v : getDataClauseOperands())
    if (!isa_and_present<UseDeviceOp>(v.getDefiningOp()))
      return op->emitError("expect data entry operation as defining op");
  return success();
}

LogicalResult DataOp::verify() {
  Operation *op = getOperation();
  if (op->getNumOperands() == 0 && !getDefaultAttrAttr())
    return op->emitError("at least one operand or the default attribute must appear on the data operation");
  for (Value v : getDataClauseOperands())
    if (isa<BlockArgument>(v) || !isDataEntryOrExit(v.getDefiningOp()))
      return op->emitError("expect data entry/exit operation or acc.getdeviceptr as defining op");
  return checkWaitAndAsyncConflict(op, getAsyncOperandsDeviceTypeAttr(), getAsyncOnlyAttr(),
                                   getWaitOperandsDeviceTypeAttr(), getWaitOnlyAttr());
}

static LogicalResult verifyEnterExitAsyncWait(Operation *op, Value asyncOperand, bool async, OperandRange waits,
                                              bool wait, Value waitDevnum) {
  if (asyncOperand && async)
    return op->emitError("async attribute cannot appear with asyncOperand");
  if (!waits.empty() && wait)
    return op->emitError("wait attribute cannot appear with waitOperands");
  if (waitDevnum && waits.empty())
    return op->emitError("wait_devnum cannot appear without waitOperands");
  return success();
}

LogicalResult ExitDataOp::verify() {
  Operation *op = getOperation();
  if (getDataClauseOperands().empty())
    return op->emitError("at least one operand must be present in dataOperands on the exit data operation");
  return verifyEnterExitAsyncWait(op, getAsyncOperand(), getAsync(), getWaitOperands(), getWait(), getWaitDevnum());
}

LogicalResult EnterDataOp::verify() {
  Operation *op = getOperation();
  if (getDataClauseOperands().empty())
    return op->emitError("at least one operand must be present in dataOperands on the enter data operation");
  if (failed(verifyEnterExitAsyncWait(op, getAsyncOperand(), getAsync(), getWaitOperands(), getWait(),
                                      getWaitDevnum())))
    return failure();
  for (Value v : getDataClauseOperands())
    if (!isa_and_present<AttachOp, CreateOp, CopyinOp>(v.getDefiningOp()))
      return op->emitError("expect data entry operation as defining op");
  return success();
}

LogicalResult UpdateOp::verify() {
  Operation *op = getOperation();
  if (getDataClauseOperands().empty())
    return op->emitError("at least one value must be present in dataOperands");
  if (failed(verifyDeviceTypeCountMatch(op, getAsyncOperands(), getAsyncOperandsDeviceTypeAttr(), "async")) ||
      failed(verifyDeviceTypeAndSegmentCountMatch(op, getWaitOperands(), getWaitOperandsSegmentsAttr(),
                                                  getWaitOperandsDeviceTypeAttr(), "wait")) ||
      failed(checkWaitAndAsyncConflict(op, getAsyncOperandsDeviceTypeAttr(), getAsyncOnlyAttr(),
                                       getWaitOperandsDeviceTypeAttr(), getWaitOnlyAttr())))
    return failure();
  for (Value v : getDataClauseOperands())
    if (!isa_and_present<UpdateDeviceOp, UpdateHostOp, GetDevicePtrOp>(v.getDefiningOp()))
      return op->emitError("expect data entry/exit operation or acc.getdeviceptr as defining op");
  return success();
}

LogicalResult WaitOp::verify() {
  Operation *op = getOperation();
  if (getAsyncOperand() && getAsync())
    return op->emitError("async attribute cannot appear with asyncOperand");
  if (getWaitDevnum() && getWaitOperands().empty())
    return op->emitError("wait_devnum cannot appear without waitOperands");
  return success();
}

//===----------------------------------------------------------------------===//
// acc.loop
//===----------------------------------------------------------------------===//

/// A device type array without duplicates: "duplicate device_type `x` found
/// in <name> attribute" otherwise.
static LogicalResult checkDeviceTypes(Operation *op, ArrayAttr deviceTypes, std::string_view name) {
  if (!deviceTypes)
    return success();
  uint32_t seen = 0;
  for (Attribute a : deviceTypes) {
    auto dt = dyn_cast_or_null<DeviceTypeAttr>(a);
    if (!dt)
      continue;
    uint32_t bit = 1u << uint32_t(dt.getValue());
    if (seen & bit)
      return op->emitOpError() << "duplicate device_type `" << getDeviceTypeInfo().stringify(uint64_t(dt.getValue()))
                               << "` found in " << name << " attribute";
    seen |= bit;
  }
  return success();
}

static bool hasDuplicateDeviceTypes(ArrayAttr attr, uint32_t &seen) {
  if (!attr)
    return false;
  for (Attribute a : attr)
    if (auto dt = dyn_cast<DeviceTypeAttr>(a)) {
      uint32_t bit = 1u << uint32_t(dt.getValue());
      if (seen & bit)
        return true;
      seen |= bit;
    }
  return false;
}

/// The position of `dt` in a device type array.
static std::optional<unsigned> findSegment(ArrayAttr attr, DeviceType dt) {
  if (!attr)
    return std::nullopt;
  for (unsigned i = 0; i < attr.size(); ++i)
    if (auto d = dyn_cast<DeviceTypeAttr>(attr[i]); d && d.getValue() == dt)
      return i;
  return std::nullopt;
}

LogicalResult LoopOp::verify() {
  Operation *op = getOperation();
  if (getUpperbound().size() != getStep().size())
    return op->emitError() << "number of upperbounds expected to be the same as number of steps";
  if (getUpperbound().size() != getLowerbound().size())
    return op->emitError() << "number of upperbounds expected to be the same as number of lowerbounds";
  if (DenseBoolArrayAttr inclusive = getInclusiveUpperboundAttr())
    if (!getUpperbound().empty() && size_t(inclusive.size()) != getUpperbound().size())
      return op->emitError() << "inclusiveUpperbound size is expected to be the same as upperbound size";
  ArrayAttr collapse = getCollapseAttr(), collapseDT = getCollapseDeviceTypeAttr();
  if (collapse && !collapseDT)
    return emitOpError() << "collapse device_type attr must be define when collapse attr is present";
  if (collapse && collapseDT && collapse.size() != collapseDT.size())
    return emitOpError() << "collapse attribute count must match collapse device_type count";
  if (failed(checkDeviceTypes(op, collapseDT, "collapseDeviceType")))
    return failure();
  if (!getGangOperands().empty()) {
    if (!getGangOperandsArgTypeAttr())
      return emitOpError() << "gangOperandsArgType attribute must be defined when gang operands are present";
    if (getGangOperands().size() != getGangOperandsArgTypeAttr().size())
      return emitOpError() << "gangOperandsArgType attribute count must match gangOperands count";
  }
  if (failed(checkDeviceTypes(op, getGangAttr(), "gang")))
    return failure();
  if (failed(verifyDeviceTypeAndSegmentCountMatch(op, getGangOperands(), getGangOperandsSegmentsAttr(),
                                                  getGangOperandsDeviceTypeAttr(), "gang")))
    return failure();
  if (failed(checkDeviceTypes(op, getWorkerAttr(), "worker")) ||
      failed(checkDeviceTypes(op, getWorkerNumOperandsDeviceTypeAttr(), "workerNumOperandsDeviceType")))
    return failure();
  if (failed(verifyDeviceTypeCountMatch(op, getWorkerNumOperands(), getWorkerNumOperandsDeviceTypeAttr(), "worker")))
    return failure();
  if (failed(checkDeviceTypes(op, getVectorAttr(), "vector")) ||
      failed(checkDeviceTypes(op, getVectorOperandsDeviceTypeAttr(), "vectorOperandsDeviceType")))
    return failure();
  if (failed(verifyDeviceTypeCountMatch(op, getVectorOperands(), getVectorOperandsDeviceTypeAttr(), "vector")))
    return failure();
  if (failed(verifyDeviceTypeAndSegmentCountMatch(op, getTileOperands(), getTileOperandsSegmentsAttr(),
                                                  getTileOperandsDeviceTypeAttr(), "tile")))
    return failure();
  uint32_t seen = 0;
  if (hasDuplicateDeviceTypes(getAutoAttr(), seen) || hasDuplicateDeviceTypes(getIndependentAttr(), seen) ||
      hasDuplicateDeviceTypes(getSeqAttr(), seen))
    return op->emitError() << "only one of auto, independent, seq can be present at the same time";
  if (!hasDeviceType(getSeqAttr(), DeviceType::None) && !hasDeviceType(getIndependentAttr(), DeviceType::None) &&
      !hasDeviceType(getAutoAttr(), DeviceType::None))
    return op->emitError() << "at least one of auto, independent, seq must be present";
  if (ArrayAttr seq = getSeqAttr()) {
    for (Attribute a : seq) {
      auto dt = dyn_cast<DeviceTypeAttr>(a);
      if (!dt)
        continue;
      DeviceType d = dt.getValue();
      bool gangValue = false;
      if (std::optional<unsigned> pos = findSegment(getGangOperandsDeviceTypeAttr(), d)) {
        auto segs = getGangOperandsSegmentsAttr();
        gangValue = segs && int64_t(*pos) < segs.size() && segs.asArrayRef()[*pos] > 0;
      }
      if (hasDeviceType(getVectorAttr(), d) || findSegment(getVectorOperandsDeviceTypeAttr(), d) ||
          hasDeviceType(getWorkerAttr(), d) || findSegment(getWorkerNumOperandsDeviceTypeAttr(), d) ||
          hasDeviceType(getGangAttr(), d) || gangValue)
        return op->emitError() << "gang, worker or vector cannot appear with seq";
    }
  }
  if (failed(checkPrivatizations(op, getPrivateOperands(), getFirstprivateOperands(), getReductionOperands())))
    return failure();
  if (getUnstructured() && !getLowerbound().empty())
    return op->emitError("unstructured acc.loop must not have induction variables");
  if (getRegion().empty())
    return op->emitError("expected non-empty body.");
  // A container-like loop (no induction variables) holds as many perfectly
  // nested loop-like ops as its largest collapse value.
  if (!getUnstructured() && getLowerbound().empty()) {
    uint64_t collapseCount = 1;
    if (std::optional<unsigned> pos = findSegment(collapseDT, DeviceType::None))
      if (collapse && *pos < collapse.size())
        if (auto v = dyn_cast<IntegerAttr>(collapse[*pos]))
          collapseCount = v.getValue().getZExtValue();
    if (collapse)
      for (Attribute a : collapse)
        if (auto v = dyn_cast<IntegerAttr>(a); v && v.getValue().getZExtValue() > collapseCount)
          collapseCount = v.getValue().getZExtValue();
    Operation *expectedParent = op;
    bool foundSibling = false;
    auto nearestLoopParent = [](Operation *o) -> Operation * {
      for (Operation *p = o->getParentOp(); p; p = p->getParentOp())
        if (isa<LoopLikeOpInterface>(p))
          return p;
      return nullptr;
    };
    op->walk<WalkOrder::PreOrder>([&](Operation *inner) {
      if (inner == op)
        return WalkResult::advance();
      if (isa<LoopLikeOpInterface>(inner)) {
        if (nearestLoopParent(inner) != expectedParent) {
          foundSibling = true;
          return WalkResult::interrupt();
        }
        --collapseCount;
        expectedParent = inner;
      }
      if (collapseCount == 0)
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (foundSibling)
      return op->emitError("found sibling loops inside container-like acc.loop");
    if (collapseCount != 0)
      return op->emitError("failed to find enough loop-like operations inside container-like acc.loop");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Declare, routine, runtime ops
//===----------------------------------------------------------------------===//

static LogicalResult checkDeclareOperands(Operation *op, OperandRange operands, bool requireOne = true) {
  if (operands.empty() && requireOne)
    return emitError(op->getLoc(), "at least one operand must appear on the declare operation");
  for (Value v : operands)
    if (isa<BlockArgument>(v) ||
        !isa_and_present<CopyinOp, CopyoutOp, CreateOp, DevicePtrOp, GetDevicePtrOp, PresentOp,
                         DeclareDeviceResidentOp, DeclareLinkOp>(v.getDefiningOp()))
      return op->emitError("expect valid declare data entry operation or acc.getdeviceptr as defining op");
  return success();
}

LogicalResult DeclareEnterOp::verify() { return checkDeclareOperands(getOperation(), getDataClauseOperands()); }

LogicalResult DeclareExitOp::verify() {
  return checkDeclareOperands(getOperation(), getDataClauseOperands(), /*requireOne=*/!getToken());
}

LogicalResult DeclareOp::verify() { return checkDeclareOperands(getOperation(), getDataClauseOperands()); }

static unsigned parallelismFor(RoutineOp op, DeviceType dt) {
  unsigned n = 0;
  n += (hasDeviceType(op.getGangAttr(), dt) || findSegment(op.getGangDimDeviceTypeAttr(), dt)) ? 1 : 0;
  n += hasDeviceType(op.getWorkerAttr(), dt) ? 1 : 0;
  n += hasDeviceType(op.getVectorAttr(), dt) ? 1 : 0;
  n += hasDeviceType(op.getSeqAttr(), dt) ? 1 : 0;
  return n;
}

LogicalResult RoutineOp::verify() {
  unsigned base = parallelismFor(*this, DeviceType::None);
  if (base > 1)
    return getOperation()->emitError() << "only one of `gang`, `worker`, `vector`, `seq` can be present at the same "
                                          "time";
  // As MLIR's loop up to getMaxEnumValForDeviceType(): radeon is not checked.
  for (uint32_t dt = 1; dt < uint32_t(DeviceType::Radeon); ++dt) {
    unsigned n = parallelismFor(*this, DeviceType(dt));
    if (n > 1 || (base == 1 && n == 1))
      return getOperation()->emitError() << "only one of `gang`, `worker`, `vector`, `seq` can be present at the "
                                            "same time for device_type `"
                                         << getDeviceTypeInfo().stringify(dt) << "`";
  }
  return success();
}

static bool isComputeOperation(Operation *op) { return isa<ParallelOp, KernelsOp, SerialOp, LoopOp>(op); }

static LogicalResult checkNotInCompute(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isComputeOperation(p))
      return op->emitOpError("cannot be nested in a compute operation");
  return success();
}

LogicalResult InitOp::verify() { return checkNotInCompute(getOperation()); }

LogicalResult ShutdownOp::verify() { return checkNotInCompute(getOperation()); }

LogicalResult SetOp::verify() {
  if (failed(checkNotInCompute(getOperation())))
    return failure();
  if (!getDeviceTypeAttr() && !getDefaultAsync() && !getDeviceNum())
    return emitOpError("at least one default_async, device_num, or device_type operand must appear");
  return success();
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

static Type pointeeType(Value ptr) {
  Type t = ptr.getType();
  return isa<PointerLikeType>(t) ? PointerLikeType(t).getElementType() : Type();
}

LogicalResult AtomicReadOp::verify() {
  if (getX() == getV())
    return getOperation()->emitError("read and write must not be to the same location for atomic reads");
  return success();
}

LogicalResult AtomicWriteOp::verify() {
  Type elementType = pointeeType(getX());
  if (elementType && elementType != getExpr().getType())
    return getOperation()->emitError("address must dereference to value type");
  return success();
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
  return success();
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
  return success();
}
