//===- LLVMMemorySlot.cpp - mem2reg interfaces of llvm ops ----------------===//
//
// The promotion half of MLIR 22's LLVMMemorySlot.cpp, attached as external
// models:
//
//   llvm.alloca          PromotableAllocationOpInterface: one slot of its
//                        element type when in the entry block; default
//                        content llvm.mlir.undef; a block argument created
//                        for the slot gets an llvm.intr.dbg.value for each
//                        llvm.intr.dbg.declare of the alloca
//   llvm.load/store      PromotableMemOpInterface (not volatile)
//   llvm.bitcast, llvm.addrspacecast, launder/strip.invariant.group, and
//   llvm.getelementptr with all-zero constant indices
//                        PromotableOpInterface: removable with their users
//   lifetime/invariant start/end, dbg.declare
//                        PromotableOpInterface: removed (dbg.declare leaves a
//                        dbg.value after each store of the slot)
//   llvm.intr.dbg.value  PromotableOpInterface: its value becomes undef
//
// A load or store whose type differs from the slot's is converted as MLIR
// does (casts, truncation, masking), with the default data layout's sizes
// (integers and floats their width, pointers 64 bits, vectors the element
// size times the power of two above their length), little endian. Partial:
// under a data layout spec (dlti.dl_spec on an enclosing op) only accesses
// of the slot's own type promote, since the spec's sizes are not consulted;
// sroa's destructuring interfaces are not attached.
//
//===----------------------------------------------------------------------===//

#include "lamina/Dialect/LLVMIR/LLVMDialect.h"
#include "lamina/Dialect/LLVMIR/LLVMOps.gen.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/Interfaces/MemorySlotInterfaces.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::LLVM;

namespace {

//===----------------------------------------------------------------------===//
// llvm.alloca
//===----------------------------------------------------------------------===//

void allocaPromotableSlots(Operation *op, SmallVectorImpl<MemorySlot> &slots) {
  if (!op->getBlock()->isEntryBlock())
    return;
  slots.push_back(MemorySlot{op->getResult(0), AllocaOp(op).getElemTypeAttr().getValue()});
}

Value createUndef(OpBuilder &builder, Location loc, Type type) {
  OperationState state(loc, UndefOp::getOperationName());
  state.addType(type);
  return builder.create(state)->getResult(0);
}

Value allocaDefaultValue(Operation *op, const MemorySlot &slot, OpBuilder &builder) {
  return createUndef(builder, op->getLoc(), slot.elemType);
}

/// An llvm.intr.dbg.value of `value` for the variable of `declare`.
void createDbgValue(OpBuilder &builder, DbgDeclareOp declare, Value value) {
  OperationState state(declare.getOperation()->getLoc(), DbgValueOp::getOperationName());
  state.addOperands(value);
  state.addAttribute("varInfo", declare.getVarInfoAttr());
  if (Attribute expr = declare.getLocationExprAttr())
    state.addAttribute("locationExpr", expr);
  builder.create(state);
}

void allocaHandleBlockArgument(Operation *op, const MemorySlot &, BlockArgument argument, OpBuilder &builder) {
  for (OpOperand &use : op->getResult(0).getUses())
    if (Operation *user = use.getOwner(); user->getName().getStringRef() == DbgDeclareOp::getOperationName())
      createDbgValue(builder, DbgDeclareOp(user), argument);
}

Operation *allocaHandlePromotionComplete(Operation *op, const MemorySlot &, Value defaultValue, OpBuilder &) {
  if (defaultValue && defaultValue.use_empty())
    defaultValue.getDefiningOp()->erase();
  op->erase();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Type conversions between a slot and its accesses
//===----------------------------------------------------------------------===//

/// Aggregates, vectors of pointers and scalable vectors take no casts.
bool isSupportedTypeForConversion(Type type) {
  if (isa<LLVMStructType, LLVMArrayType>(type))
    return false;
  if (auto vector = dyn_cast<VectorType>(type))
    return !isa<LLVMPointerType>(vector.getElementType()) && !vector.isScalable();
  return true;
}

/// The default data layout's size in bits (0: unknown).
uint64_t typeSizeInBits(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth();
  if (auto floatType = dyn_cast<FloatType>(type))
    return floatType.getWidth();
  if (isa<LLVMPointerType>(type))
    return 64;
  if (isa<IndexType>(type))
    return 64;
  if (auto vector = dyn_cast<VectorType>(type)) {
    ArrayRef<int64_t> shape = vector.getShape();
    if (shape.empty())
      return 0;
    uint64_t last = uint64_t(shape.back()), rounded = 1;
    while (rounded < last)
      rounded <<= 1;
    return uint64_t(vector.getNumElements()) / last * rounded * typeSizeInBits(vector.getElementType());
  }
  return 0;
}

uint64_t typeSizeInBytes(Type type) { return (typeSizeInBits(type) + 7) / 8; }

/// Whether an op around `op` states a data layout: its sizes may differ
/// from the defaults, and only accesses of the slot's own type promote then.
bool underDataLayoutSpec(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent; parent = parent->getParentOp())
    if (parent->getAttr("dlti.dl_spec"))
      return true;
  return false;
}

/// Whether `srcType` converts to `targetType` by casts and truncation
/// (narrowing) or by casts and insertion (widening).
bool areConversionCompatible(Type targetType, Type srcType, bool narrowing) {
  if (targetType == srcType)
    return true;
  if (!isSupportedTypeForConversion(targetType) || !isSupportedTypeForConversion(srcType))
    return false;
  uint64_t targetSize = typeSizeInBytes(targetType), srcSize = typeSizeInBytes(srcType);
  if (!targetSize || !srcSize)
    return false;
  if (isa<LLVMPointerType>(targetType) && isa<LLVMPointerType>(srcType))
    return targetSize == srcSize;
  return narrowing ? targetSize <= srcSize : targetSize >= srcSize;
}

/// Whether an access of `srcType` by `op` can be turned into `targetType`:
/// its own type always, another only under the default data layout.
bool isPromotableAccess(Operation *op, Type targetType, Type srcType, bool narrowing) {
  return targetType == srcType || (!underDataLayoutSpec(op) && areConversionCompatible(targetType, srcType, narrowing));
}

Value createCast(OpBuilder &builder, Location loc, std::string_view name, Type type, Value value) {
  OperationState state(loc, name);
  state.addOperands(value);
  state.addType(type);
  return builder.createOrFold(state);
}

Value createBinary(OpBuilder &builder, Location loc, std::string_view name, Value lhs, Value rhs) {
  OperationState state(loc, name);
  state.addOperands(lhs);
  state.addOperands(rhs);
  state.addType(lhs.getType());
  return builder.createOrFold(state);
}

Value createIntConstant(OpBuilder &builder, Location loc, Type type, const APInt &value) {
  OperationState state(loc, "llvm.mlir.constant");
  state.addAttribute("value", IntegerAttr::get(type, value));
  state.addType(type);
  return builder.create(state)->getResult(0);
}

/// `value` as an integer of its size.
Value castToSameSizedInt(OpBuilder &builder, Location loc, Value value) {
  Type type = value.getType();
  if (isa<IntegerType>(type))
    return value;
  Type intType = IntegerType::get(builder.getContext(), unsigned(typeSizeInBits(type)));
  if (isa<LLVMPointerType>(type))
    return createCast(builder, loc, "llvm.ptrtoint", intType, value);
  return createCast(builder, loc, "llvm.bitcast", intType, value);
}

/// The integer `value` as `targetType` of the same size.
Value castIntValueToSameSizedType(OpBuilder &builder, Location loc, Value value, Type targetType) {
  if (value.getType() == targetType)
    return value;
  if (isa<LLVMPointerType>(targetType))
    return createCast(builder, loc, "llvm.inttoptr", targetType, value);
  return createCast(builder, loc, "llvm.bitcast", targetType, value);
}

Value castSameSizedTypes(OpBuilder &builder, Location loc, Value value, Type targetType) {
  Type srcType = value.getType();
  if (srcType == targetType)
    return value;
  // Pointers change address space; a round trip through integers would lose
  // their provenance.
  if (isa<LLVMPointerType>(targetType) && isa<LLVMPointerType>(srcType))
    return createCast(builder, loc, "llvm.addrspacecast", targetType, value);
  return castIntValueToSameSizedType(builder, loc, castToSameSizedInt(builder, loc, value), targetType);
}

/// The first `targetType`-sized bits of `value` (little endian).
Value createExtractAndCast(OpBuilder &builder, Location loc, Value value, Type targetType) {
  uint64_t srcBits = typeSizeInBits(value.getType()), targetBits = typeSizeInBits(targetType);
  if (srcBits == targetBits)
    return castSameSizedTypes(builder, loc, value, targetType);
  Value asInt = castToSameSizedInt(builder, loc, value);
  OperationState trunc(loc, "llvm.trunc");
  trunc.addOperands(asInt);
  trunc.addType(IntegerType::get(builder.getContext(), unsigned(targetBits)));
  Value truncated = builder.create(trunc)->getResult(0);
  return castIntValueToSameSizedType(builder, loc, truncated, targetType);
}

/// `reachingDef` with its first bits replaced by those of `value` (little
/// endian).
Value createInsertAndCast(OpBuilder &builder, Location loc, Value value, Value reachingDef) {
  uint64_t valueBits = typeSizeInBits(value.getType()), slotBits = typeSizeInBits(reachingDef.getType());
  if (valueBits == slotBits)
    return castSameSizedTypes(builder, loc, value, reachingDef.getType());
  Value defAsInt = castToSameSizedInt(builder, loc, reachingDef);
  Value valueAsInt = castToSameSizedInt(builder, loc, value);
  valueAsInt = createCast(builder, loc, "llvm.zext", defAsInt.getType(), valueAsInt);
  APInt maskValue = APInt::getAllOnes(unsigned(valueBits)).zext(unsigned(slotBits));
  maskValue.flipAllBits();
  Value mask = createIntConstant(builder, loc, defAsInt.getType(), maskValue);
  Value masked = createBinary(builder, loc, "llvm.and", defAsInt, mask);
  Value combined = createBinary(builder, loc, "llvm.or", masked, valueAsInt);
  return castIntValueToSameSizedType(builder, loc, combined, reachingDef.getType());
}

//===----------------------------------------------------------------------===//
// llvm.load / llvm.store
//===----------------------------------------------------------------------===//

bool loadLoadsFrom(Operation *op, const MemorySlot &slot) { return LoadOp(op).getAddr() == slot.ptr; }
bool loadStoresTo(Operation *, const MemorySlot &) { return false; }
Value loadGetStored(Operation *, const MemorySlot &, OpBuilder &, Value) {
  assert(false && "getStored called on llvm.load");
  return Value();
}

bool loadCanUsesBeRemoved(Operation *op, const MemorySlot &slot, BlockingUses blockingUses,
                          SmallVectorImpl<OpOperand *> &) {
  if (blockingUses.size() != 1)
    return false;
  LoadOp load(op);
  return blockingUses.front()->get() == slot.ptr && load.getAddr() == slot.ptr &&
         isPromotableAccess(op, op->getResult(0).getType(), slot.elemType, /*narrowing=*/true) && !load.getVolatile();
}

DeletionKind loadRemoveBlockingUses(Operation *op, const MemorySlot &, BlockingUses, OpBuilder &builder,
                                    Value reachingDefinition) {
  Value result = op->getResult(0);
  result.replaceAllUsesWith(createExtractAndCast(builder, op->getLoc(), reachingDefinition, result.getType()));
  return DeletionKind::Delete;
}

bool storeLoadsFrom(Operation *, const MemorySlot &) { return false; }
bool storeStoresTo(Operation *op, const MemorySlot &slot) { return StoreOp(op).getAddr() == slot.ptr; }
Value storeGetStored(Operation *op, const MemorySlot &, OpBuilder &builder, Value reachingDef) {
  return createInsertAndCast(builder, op->getLoc(), StoreOp(op).getValue(), reachingDef);
}

bool storeCanUsesBeRemoved(Operation *op, const MemorySlot &slot, BlockingUses blockingUses,
                           SmallVectorImpl<OpOperand *> &) {
  if (blockingUses.size() != 1)
    return false;
  StoreOp store(op);
  return blockingUses.front()->get() == slot.ptr && store.getAddr() == slot.ptr && store.getValue() != slot.ptr &&
         isPromotableAccess(op, slot.elemType, store.getValue().getType(), /*narrowing=*/false) &&
         !store.getVolatile();
}

DeletionKind storeRemoveBlockingUses(Operation *, const MemorySlot &, BlockingUses, OpBuilder &, Value) {
  return DeletionKind::Delete;
}

//===----------------------------------------------------------------------===//
// Ops removed with the slot
//===----------------------------------------------------------------------===//

/// Removable once all the uses of its results are.
bool forwardToUsers(Operation *op, BlockingUses, SmallVectorImpl<OpOperand *> &newBlockingUses) {
  for (Value result : op->getResults())
    for (OpOperand &use : result.getUses())
      newBlockingUses.push_back(&use);
  return true;
}

bool alwaysRemovable(Operation *, BlockingUses, SmallVectorImpl<OpOperand *> &) { return true; }

DeletionKind deleteOp(Operation *, BlockingUses, OpBuilder &) { return DeletionKind::Delete; }

bool gepCanUsesBeRemoved(Operation *op, BlockingUses blockingUses, SmallVectorImpl<OpOperand *> &newBlockingUses) {
  GEPOp gep(op);
  if (!gep.getDynamicIndices().empty())
    return false;
  for (int32_t index : gep.getRawConstantIndices())
    if (index != 0)
      return false;
  return forwardToUsers(op, blockingUses, newBlockingUses);
}

bool dbgValueCanUsesBeRemoved(Operation *op, BlockingUses blockingUses, SmallVectorImpl<OpOperand *> &) {
  return blockingUses.size() == 1 && blockingUses.front()->get() == DbgValueOp(op).getValue();
}

/// Keeps the variable's record: its value becomes undef ("optimized out").
DeletionKind dbgValueRemoveBlockingUses(Operation *op, BlockingUses, OpBuilder &builder) {
  builder.setInsertionPoint(op);
  Value value = DbgValueOp(op).getValue();
  op->setOperand(0, createUndef(builder, value.getLoc(), value.getType()));
  return DeletionKind::Keep;
}

bool requiresReplacedValues(Operation *) { return true; }

void dbgDeclareVisitReplacedValues(Operation *op, ArrayRef<std::pair<Operation *, Value>> definitions,
                                   OpBuilder &builder) {
  for (auto [defOp, value] : definitions) {
    builder.setInsertionPointAfter(defOp);
    createDbgValue(builder, DbgDeclareOp(op), value);
  }
}

} // namespace

void LLVM::detail::addMemorySlotInterfaces(LLVMDialect *dialect) {
  ods::attachInterface<PromotableAllocationOpInterface>(*dialect, AllocaOp::getOperationName(),
                                                        {.getPromotableSlots = allocaPromotableSlots,
                                                         .getDefaultValue = allocaDefaultValue,
                                                         .handleBlockArgument = allocaHandleBlockArgument,
                                                         .handlePromotionComplete = allocaHandlePromotionComplete});
  ods::attachInterface<PromotableMemOpInterface>(*dialect, LoadOp::getOperationName(),
                                                 {.loadsFrom = loadLoadsFrom,
                                                  .storesTo = loadStoresTo,
                                                  .getStored = loadGetStored,
                                                  .canUsesBeRemoved = loadCanUsesBeRemoved,
                                                  .removeBlockingUses = loadRemoveBlockingUses});
  ods::attachInterface<PromotableMemOpInterface>(*dialect, StoreOp::getOperationName(),
                                                 {.loadsFrom = storeLoadsFrom,
                                                  .storesTo = storeStoresTo,
                                                  .getStored = storeGetStored,
                                                  .canUsesBeRemoved = storeCanUsesBeRemoved,
                                                  .removeBlockingUses = storeRemoveBlockingUses});
  for (std::string_view name : {"llvm.bitcast", "llvm.addrspacecast", "llvm.intr.launder.invariant.group",
                                "llvm.intr.strip.invariant.group"})
    ods::attachInterface<PromotableOpInterface>(*dialect, name,
                                                {.canUsesBeRemoved = forwardToUsers, .removeBlockingUses = deleteOp});
  for (std::string_view name : {"llvm.intr.lifetime.start", "llvm.intr.lifetime.end", "llvm.intr.invariant.start",
                                "llvm.intr.invariant.end"})
    ods::attachInterface<PromotableOpInterface>(*dialect, name,
                                                {.canUsesBeRemoved = alwaysRemovable, .removeBlockingUses = deleteOp});
  ods::attachInterface<PromotableOpInterface>(*dialect, GEPOp::getOperationName(),
                                              {.canUsesBeRemoved = gepCanUsesBeRemoved, .removeBlockingUses = deleteOp});
  ods::attachInterface<PromotableOpInterface>(*dialect, DbgDeclareOp::getOperationName(),
                                              {.canUsesBeRemoved = alwaysRemovable,
                                               .removeBlockingUses = deleteOp,
                                               .requiresReplacedValues = requiresReplacedValues,
                                               .visitReplacedValues = dbgDeclareVisitReplacedValues});
  ods::attachInterface<PromotableOpInterface>(
      *dialect, DbgValueOp::getOperationName(),
      {.canUsesBeRemoved = dbgValueCanUsesBeRemoved, .removeBlockingUses = dbgValueRemoveBlockingUses});
}
