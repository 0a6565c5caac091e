//===- MemRefMemorySlot.cpp - mem2reg/sroa interfaces of memref ops ------===//
//
// MLIR 22's MemRefMemorySlot.cpp, attached as external models:
//
//   memref.alloca  PromotableAllocationOpInterface (a statically shaped
//                  memref of one element; its default content is ub.poison)
//                  and DestructurableAllocationOpInterface (a static shape
//                  of 2 to 16 elements, split into one rank-0 alloca per
//                  accessed element)
//   memref.load    PromotableMemOpInterface, DestructurableAccessorOpInterface
//   memref.store   PromotableMemOpInterface, DestructurableAccessorOpInterface
//
// An element is accessed through constant in-bounds indices only; its index
// is the array of the index attributes (MLIR's MemRefType destructuring).
// MLIR states the destructuring on MemRefType (DestructurableTypeInterface);
// here alloca computes the element map itself.
//
//===----------------------------------------------------------------------===//

#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/UB/UBDialect.h"
#include "lamina/Dialect/UB/UBOps.gen.h"
#include "lamina/IR/Matchers.h"
#include "lamina/Interfaces/MemorySlotInterfaces.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::memref;

namespace {

constexpr int64_t maxMemrefSizeForDestructuring = 16;

/// The element index map of a memref type: every in-bounds coordinate, in
/// row-major order, mapped to the element type. None unless the shape is
/// static with 2 to 16 elements.
bool getSubelementIndexMap(MemRefType type, std::vector<std::pair<Attribute, Type>> &map) {
  ShapedType shaped(type);
  if (!shaped.hasStaticShape() || shaped.getNumElements() > maxMemrefSizeForDestructuring ||
      shaped.getNumElements() == 1)
    return false;
  MLIRContext *ctx = type.getContext();
  Type indexType = IndexType::get(ctx);
  ArrayRef<int64_t> shape = type.getShape();
  // MLIR's walkIndicesAsAttr: the first coordinate varies fastest.
  std::vector<int64_t> coords(shape.size(), 0);
  std::vector<Attribute> attrs(shape.size());
  while (true) {
    for (size_t i = 0; i < coords.size(); ++i)
      attrs[i] = IntegerAttr::get(indexType, coords[i]);
    map.emplace_back(ArrayAttr::get(ctx, attrs), type.getElementType());
    size_t i = 0;
    for (; i < shape.size(); ++i) {
      if (++coords[i] < shape[i])
        break;
      coords[i] = 0;
    }
    if (i == shape.size())
      return true;
  }
}

/// The element index of an access with `indices` into `type`: the array of
/// its constant coordinates, or null unless all are constants in bounds.
Attribute getAttributeIndexFromIndexOperands(MLIRContext *ctx, OperandRange indices, MemRefType type) {
  std::vector<Attribute> index;
  ArrayRef<int64_t> shape = type.getShape();
  for (size_t i = 0, e = std::min<size_t>(indices.size(), shape.size()); i < e; ++i) {
    IntegerAttr coord;
    if (!matchConstant(indices[i], &coord))
      return Attribute();
    const APInt &value = coord.getValue();
    if (value.getActiveBits() > 64 || value.getZExtValue() >= uint64_t(shape[i]))
      return Attribute();
    index.push_back(coord);
  }
  return ArrayAttr::get(ctx, index);
}

//===----------------------------------------------------------------------===//
// memref.alloca
//===----------------------------------------------------------------------===//

void allocaPromotableSlots(Operation *op, SmallVectorImpl<MemorySlot> &slots) {
  auto type = cast<MemRefType>(op->getResult(0).getType());
  ShapedType shaped(type);
  if (!shaped.hasStaticShape() || shaped.getNumElements() != 1)
    return;
  slots.push_back(MemorySlot{op->getResult(0), type.getElementType()});
}

Value allocaDefaultValue(Operation *op, const MemorySlot &slot, OpBuilder &builder) {
  OperationState state(op->getLoc(), ub::PoisonOp::getOperationName());
  state.addAttribute("value", ub::PoisonAttr::get(builder.getContext()));
  state.addType(slot.elemType);
  return builder.create(state)->getResult(0);
}

void allocaHandleBlockArgument(Operation *, const MemorySlot &, BlockArgument, OpBuilder &) {}

Operation *allocaHandlePromotionComplete(Operation *op, const MemorySlot &, Value defaultValue, OpBuilder &) {
  if (defaultValue && defaultValue.use_empty())
    defaultValue.getDefiningOp()->erase();
  op->erase();
  return nullptr;
}

void allocaDestructurableSlots(Operation *op, std::vector<DestructurableMemorySlot> &slots) {
  auto type = cast<MemRefType>(op->getResult(0).getType());
  DestructurableMemorySlot slot;
  if (!getSubelementIndexMap(type, slot.subelementTypes))
    return;
  slot.ptr = op->getResult(0);
  slot.elemType = type;
  slots.push_back(std::move(slot));
}

SubslotMap allocaDestructure(Operation *op, const DestructurableMemorySlot &slot,
                             const SubelementIndexSet &usedIndices, OpBuilder &builder,
                             SmallVectorImpl<Operation *> &newAllocators) {
  builder.setInsertionPointAfter(op);
  SubslotMap subslots;
  for (Attribute index : usedIndices) {
    Type elemType = slot.lookupSubelement(index);
    OperationState state(op->getLoc(), AllocaOp::getOperationName());
    int32_t segments[] = {0, 0};
    state.addAttribute("operandSegmentSizes", builder.getDenseI32ArrayAttr(segments));
    state.addType(MemRefType::get({}, elemType));
    Operation *subAlloca = builder.create(state);
    newAllocators.push_back(subAlloca);
    subslots.insert(index, MemorySlot{subAlloca->getResult(0), elemType});
  }
  return subslots;
}

Operation *allocaHandleDestructuringComplete(Operation *op, const DestructurableMemorySlot &, OpBuilder &) {
  op->erase();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// memref.load / memref.store
//===----------------------------------------------------------------------===//

// memref.load: memref, indices...; memref.store: value, memref, indices...
constexpr unsigned loadMemRef = 0, storeValue = 0, storeMemRef = 1;

bool loadLoadsFrom(Operation *op, const MemorySlot &slot) { return op->getOperand(loadMemRef) == slot.ptr; }
bool loadStoresTo(Operation *, const MemorySlot &) { return false; }
Value loadGetStored(Operation *, const MemorySlot &, OpBuilder &, Value) {
  assert(false && "getStored called on memref.load");
  return Value();
}

bool loadCanUsesBeRemoved(Operation *op, const MemorySlot &slot, BlockingUses blockingUses,
                          SmallVectorImpl<OpOperand *> &) {
  if (blockingUses.size() != 1)
    return false;
  Value blockingUse = blockingUses.front()->get();
  return blockingUse == slot.ptr && op->getOperand(loadMemRef) == slot.ptr &&
         op->getResult(0).getType() == slot.elemType;
}

DeletionKind loadRemoveBlockingUses(Operation *op, const MemorySlot &, BlockingUses, OpBuilder &,
                                    Value reachingDefinition) {
  op->getResult(0).replaceAllUsesWith(reachingDefinition);
  return DeletionKind::Delete;
}

bool storeLoadsFrom(Operation *, const MemorySlot &) { return false; }
bool storeStoresTo(Operation *op, const MemorySlot &slot) { return op->getOperand(storeMemRef) == slot.ptr; }
Value storeGetStored(Operation *op, const MemorySlot &, OpBuilder &, Value) { return op->getOperand(storeValue); }

bool storeCanUsesBeRemoved(Operation *op, const MemorySlot &slot, BlockingUses blockingUses,
                           SmallVectorImpl<OpOperand *> &) {
  if (blockingUses.size() != 1)
    return false;
  Value blockingUse = blockingUses.front()->get();
  Value value = op->getOperand(storeValue);
  return blockingUse == slot.ptr && op->getOperand(storeMemRef) == slot.ptr && value != slot.ptr &&
         value.getType() == slot.elemType;
}

DeletionKind storeRemoveBlockingUses(Operation *, const MemorySlot &, BlockingUses, OpBuilder &, Value) {
  return DeletionKind::Delete;
}

/// The element index an access at `memrefIndex` reaches (indices follow it).
Attribute accessIndex(Operation *op, unsigned memrefIndex) {
  auto type = cast<MemRefType>(op->getOperand(memrefIndex).getType());
  OperandRange operands = op->getOperands();
  return getAttributeIndexFromIndexOperands(op->getContext(),
                                            operands.slice(memrefIndex + 1, operands.size() - memrefIndex - 1), type);
}

bool loadCanRewire(Operation *op, const DestructurableMemorySlot &slot, SubelementIndexSet &usedIndices,
                   SmallVectorImpl<MemorySlot> &) {
  if (slot.ptr != op->getOperand(loadMemRef))
    return false;
  Attribute index = accessIndex(op, loadMemRef);
  if (!index)
    return false;
  usedIndices.insert(index);
  return true;
}

bool storeCanRewire(Operation *op, const DestructurableMemorySlot &slot, SubelementIndexSet &usedIndices,
                    SmallVectorImpl<MemorySlot> &) {
  if (slot.ptr != op->getOperand(storeMemRef) || op->getOperand(storeValue) == slot.ptr)
    return false;
  Attribute index = accessIndex(op, storeMemRef);
  if (!index || !slot.lookupSubelement(index))
    return false;
  usedIndices.insert(index);
  return true;
}

/// Points the access at the element's slot, without indices.
DeletionKind rewireAccess(Operation *op, unsigned memrefIndex, const SubslotMap &subslots) {
  const MemorySlot &subslot = subslots.at(accessIndex(op, memrefIndex));
  op->setOperand(memrefIndex, subslot.ptr);
  op->eraseOperands(memrefIndex + 1, op->getNumOperands() - memrefIndex - 1);
  return DeletionKind::Keep;
}

DeletionKind loadRewire(Operation *op, const DestructurableMemorySlot &, const SubslotMap &subslots, OpBuilder &) {
  return rewireAccess(op, loadMemRef, subslots);
}
DeletionKind storeRewire(Operation *op, const DestructurableMemorySlot &, const SubslotMap &subslots, OpBuilder &) {
  return rewireAccess(op, storeMemRef, subslots);
}

} // namespace

void memref::registerMemRefMemorySlotInterfaces(MemRefDialect &dialect) {
  // AllocaOp::getDefaultValue creates ub.poison (MLIR's dependent dialect).
  dialect.getContext()->getOrLoadDialect<UBDialect>();
  ods::attachInterface<PromotableAllocationOpInterface>(dialect, AllocaOp::getOperationName(),
                                                        {.getPromotableSlots = allocaPromotableSlots,
                                                         .getDefaultValue = allocaDefaultValue,
                                                         .handleBlockArgument = allocaHandleBlockArgument,
                                                         .handlePromotionComplete = allocaHandlePromotionComplete});
  ods::attachInterface<DestructurableAllocationOpInterface>(
      dialect, AllocaOp::getOperationName(),
      {.getDestructurableSlots = allocaDestructurableSlots,
       .destructure = allocaDestructure,
       .handleDestructuringComplete = allocaHandleDestructuringComplete});
  ods::attachInterface<PromotableMemOpInterface>(dialect, LoadOp::getOperationName(),
                                                 {.loadsFrom = loadLoadsFrom,
                                                  .storesTo = loadStoresTo,
                                                  .getStored = loadGetStored,
                                                  .canUsesBeRemoved = loadCanUsesBeRemoved,
                                                  .removeBlockingUses = loadRemoveBlockingUses});
  ods::attachInterface<PromotableMemOpInterface>(dialect, StoreOp::getOperationName(),
                                                 {.loadsFrom = storeLoadsFrom,
                                                  .storesTo = storeStoresTo,
                                                  .getStored = storeGetStored,
                                                  .canUsesBeRemoved = storeCanUsesBeRemoved,
                                                  .removeBlockingUses = storeRemoveBlockingUses});
  ods::attachInterface<DestructurableAccessorOpInterface>(dialect, LoadOp::getOperationName(),
                                                          {.canRewire = loadCanRewire, .rewire = loadRewire});
  ods::attachInterface<DestructurableAccessorOpInterface>(dialect, StoreOp::getOperationName(),
                                                          {.canRewire = storeCanRewire, .rewire = storeRewire});
}
