//===- PtrOps.cpp - What MLIR writes by hand in the ptr dialect -----------===//
//
// The dialect class, the pointer-like type interface, the checks of
// `#ptr.spec` and `!ptr.ptr_metadata`, the op verifiers, memory effects,
// ptr_add's result type and the folders, as MLIR 22's PtrDialect.cpp,
// PtrAttrs.cpp and PtrTypes.cpp.
//
#include "lamina/Dialect/Ptr/PtrDialect.h"

#include "lamina/Dialect/LLVMIR/LLVMDialect.h"
#include "lamina/Dialect/LLVMIR/NVVMDialect.h"

#include "lamina/IR/Matchers.h"
#include "lamina/IR/OpFoldResult.h"

using namespace lamina;
using namespace lamina::ptr;

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

PtrDialect::PtrDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<PtrDialect>()) {
  registerGenerated();
  registerFolders();
}

PtrDialect::~PtrDialect() = default;

//===----------------------------------------------------------------------===//
// PtrLikeTypeInterface
//===----------------------------------------------------------------------===//

bool PtrLikeTypeInterface::classof(Type type) { return isa<BaseMemRefType>(type) || isa<PtrType>(type); }

Attribute PtrLikeTypeInterface::getMemorySpace() const {
  if (auto memref = dyn_cast<BaseMemRefType>(*this))
    return memref.getMemorySpace();
  return cast<PtrType>(*this).getMemorySpace();
}

Type PtrLikeTypeInterface::getElementType() const {
  if (auto memref = dyn_cast<BaseMemRefType>(*this))
    return memref.getElementType();
  return Type();
}

bool PtrLikeTypeInterface::hasPtrMetadata() const { return isa<BaseMemRefType>(*this); }

//===----------------------------------------------------------------------===//
// MemorySpaceAttrInterface
//===----------------------------------------------------------------------===//

bool MemorySpaceAttrInterface::classof(Attribute attr) {
  return isa<GenericSpaceAttr>(attr) || isa<LLVM::AddressSpaceAttr>(attr) || isa<NVVM::NVVMMemorySpaceAttr>(attr);
}

/// The size in bits of a type under the default data layout, for the atomic
/// checks (0 if unknown).
static uint64_t defaultTypeSizeInBits(Type type) {
  if (auto i = dyn_cast<IntegerType>(type))
    return i.getWidth();
  if (auto f = dyn_cast<FloatType>(type))
    return f.getWidth();
  if (isa<LLVM::LLVMPointerType>(type))
    return 64;
  return 0;
}

bool MemorySpaceAttrInterface::isValidAccess(bool, Type type, AtomicOrdering ordering,
                                             function_ref<InFlightDiagnostic()> emitError) const {
  if (isa<GenericSpaceAttr>(*this))
    return true;
  // llvm's isValidLoadStoreImpl, shared by #llvm.address_space and
  // #nvvm.memory_space.
  if (!LLVM::isLoadableType(type)) {
    if (emitError)
      (void)(emitError() << "type must be LLVM type with size, but got " << type);
    return false;
  }
  if (ordering == AtomicOrdering::not_atomic)
    return true;
  bool atomicKind = isa<IntegerType, LLVM::LLVMPointerType>(type) || LLVM::isCompatibleFloatingPointType(type);
  uint64_t bitWidth = atomicKind ? defaultTypeSizeInBits(type) : 0;
  if (bitWidth < 8 || (bitWidth & (bitWidth - 1)) != 0) {
    if (emitError)
      (void)(emitError() << "unsupported type " << type << " for atomic access");
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Attributes and types
//===----------------------------------------------------------------------===//

LogicalResult SpecAttr::verify(function_ref<InFlightDiagnostic()> emitError, uint32_t size, uint32_t abi,
                               uint32_t preferred, uint32_t index) {
  constexpr uint32_t kBitsInByte = 8;
  constexpr uint32_t kOptionalSpecValue = ~uint32_t(0);
  if (size % kBitsInByte != 0)
    return emitError() << "size entry must be divisible by 8";
  if (abi % kBitsInByte != 0)
    return emitError() << "abi entry must be divisible by 8";
  if (preferred % kBitsInByte != 0)
    return emitError() << "preferred entry must be divisible by 8";
  if (index != kOptionalSpecValue && index % kBitsInByte != 0)
    return emitError() << "index entry must be divisible by 8";
  if (abi > preferred)
    return emitError() << "preferred alignment is expected to be at least as large as ABI alignment";
  return success();
}

LogicalResult PtrMetadataType::verify(function_ref<InFlightDiagnostic()> emitError, PtrLikeTypeInterface type) {
  if (!type.hasPtrMetadata())
    return emitError() << "the ptr-like type has no metadata";
  return success();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

/// The value of an OptionalProp<I64Prop> slot (`[]` or `[N]`).
std::optional<int64_t> getAlignment(Attribute slot) {
  auto arr = dyn_cast_or_null<ArrayAttr>(slot);
  if (!arr || arr.size() != 1)
    return std::nullopt;
  if (auto i = dyn_cast<IntegerAttr>(arr[0]))
    return i.getValue().getSExtValue();
  return std::nullopt;
}

/// The value of an AtomicOrdering property slot.
AtomicOrdering getOrdering(Attribute slot) {
  if (auto i = dyn_cast_or_null<IntegerAttr>(slot))
    return AtomicOrdering(i.getValue().getZExtValue());
  return AtomicOrdering::not_atomic;
}

/// Whether a UnitProp slot is set.
bool isSet(Attribute slot) { return isa_and_present<UnitAttr>(slot); }

/// The memory space's rules for a load or store of `type`.
bool isValidAccess(bool isStore, Attribute memorySpace, Type type, AtomicOrdering ordering,
                   function_ref<InFlightDiagnostic()> emitError) {
  auto ms = dyn_cast_or_null<MemorySpaceAttrInterface>(memorySpace);
  return !ms || ms.isValidAccess(isStore, type, ordering, emitError);
}

/// Verifies that the alignment is a positive power of 2 if present.
LogicalResult verifyAlignment(std::optional<int64_t> alignment, function_ref<InFlightDiagnostic()> emitError) {
  if (!alignment)
    return success();
  if (*alignment <= 0)
    return emitError() << "alignment must be positive";
  if ((uint64_t(*alignment) & (uint64_t(*alignment) - 1)) != 0)
    return emitError() << "alignment must be a power of 2";
  return success();
}

/// Verifies the ordering, alignment and syncscope of a load or store.
LogicalResult verifyAtomicMemOp(Operation *op, AtomicOrdering ordering, std::optional<int64_t> alignment,
                                Attribute syncscope, std::initializer_list<AtomicOrdering> unsupported) {
  if (ordering != AtomicOrdering::not_atomic) {
    for (AtomicOrdering o : unsupported)
      if (o == ordering)
        return op->emitOpError("unsupported ordering '")
               << getAtomicOrderingInfo().stringify(uint64_t(ordering)) << "'";
    if (!alignment)
      return op->emitOpError("expected alignment for atomic access");
    return success();
  }
  if (syncscope)
    return op->emitOpError("expected syncscope to be null for non-atomic access");
  return success();
}

/// The memory space of a `!ptr.ptr` or of the element type of a shaped type
/// of them.
Attribute memorySpaceOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  if (auto ptr = dyn_cast<PtrType>(type))
    return ptr.getMemorySpace();
  return Attribute();
}

/// Effects of a load or store: the access through the pointer operand, and
/// for a volatile or monotonic-or-stricter atomic access, arbitrary reads
/// and writes.
void accessEffects(Operation *op, MemoryEffects::Effect *effect, unsigned ptrOperand, bool isVolatile,
                   AtomicOrdering ordering, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  effects.push_back(MemoryEffects::EffectInstance(effect, &op->getOpOperand(ptrOperand)));
  if (isVolatile || (ordering != AtomicOrdering::not_atomic && ordering != AtomicOrdering::unordered)) {
    effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get()));
    effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get()));
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

LogicalResult FromPtrOp::verify() {
  Type resultType = getResult().getType();
  if (isa<PtrType>(resultType))
    return emitError() << "the result type cannot be `!ptr.ptr`";
  if (cast<PtrLikeTypeInterface>(resultType).getMemorySpace() != cast<PtrType>(getPtr().getType()).getMemorySpace())
    return emitError() << "expected the input and output to have the same memory space";
  return success();
}

LogicalResult ToPtrOp::verify() {
  Type inputType = getPtr().getType();
  if (isa<PtrType>(inputType))
    return emitError() << "the input value cannot be of type `!ptr.ptr`";
  if (cast<PtrType>(getResult().getType()).getMemorySpace() != cast<PtrLikeTypeInterface>(inputType).getMemorySpace())
    return emitError() << "expected the input and output to have the same memory space";
  return success();
}

//===----------------------------------------------------------------------===//
// Memory accesses
//===----------------------------------------------------------------------===//

void LoadOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  accessEffects(getOperation(), MemoryEffects::Read::get(), 0, isSet(getVolatileAttr()),
                getOrdering(getOrderingAttr()), effects);
}

LogicalResult LoadOp::verify() {
  auto emitDiag = [&]() -> InFlightDiagnostic { return emitError(); };
  AtomicOrdering ordering = getOrdering(getOrderingAttr());
  std::optional<int64_t> alignment = getAlignment(getAlignmentAttr());
  if (!isValidAccess(false, cast<PtrType>(getPtr().getType()).getMemorySpace(), getValue().getType(), ordering,
                     emitDiag))
    return failure();
  if (failed(verifyAlignment(alignment, emitDiag)))
    return failure();
  return verifyAtomicMemOp(getOperation(), ordering, alignment, getSyncscopeAttr(),
                           {AtomicOrdering::release, AtomicOrdering::acq_rel});
}

void StoreOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  accessEffects(getOperation(), MemoryEffects::Write::get(), 1, isSet(getVolatileAttr()),
                getOrdering(getOrderingAttr()), effects);
}

LogicalResult StoreOp::verify() {
  auto emitDiag = [&]() -> InFlightDiagnostic { return emitError(); };
  AtomicOrdering ordering = getOrdering(getOrderingAttr());
  std::optional<int64_t> alignment = getAlignment(getAlignmentAttr());
  if (!isValidAccess(true, cast<PtrType>(getPtr().getType()).getMemorySpace(), getValue().getType(), ordering,
                     emitDiag))
    return failure();
  if (failed(verifyAlignment(alignment, emitDiag)))
    return failure();
  return verifyAtomicMemOp(getOperation(), ordering, alignment, getSyncscopeAttr(),
                           {AtomicOrdering::acquire, AtomicOrdering::acq_rel});
}

void GatherOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get(), &getOperation()->getOpOperand(0)));
}

LogicalResult GatherOp::verify() {
  auto emitDiag = [&]() -> InFlightDiagnostic { return emitError(); };
  std::optional<int64_t> alignment = getAlignment(getAlignmentAttr());
  if (!isValidAccess(false, memorySpaceOf(getPtrs().getType()), getResult().getType(), AtomicOrdering::not_atomic,
                     emitDiag))
    return failure();
  return verifyAlignment(alignment, emitDiag);
}

void MaskedLoadOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get(), &getOperation()->getOpOperand(0)));
}

LogicalResult MaskedLoadOp::verify() {
  auto emitDiag = [&]() -> InFlightDiagnostic { return emitError(); };
  std::optional<int64_t> alignment = getAlignment(getAlignmentAttr());
  if (!isValidAccess(false, memorySpaceOf(getPtr().getType()), getResult().getType(), AtomicOrdering::not_atomic,
                     emitDiag))
    return failure();
  return verifyAlignment(alignment, emitDiag);
}

void MaskedStoreOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get(), &getOperation()->getOpOperand(1)));
}

LogicalResult MaskedStoreOp::verify() {
  auto emitDiag = [&]() -> InFlightDiagnostic { return emitError(); };
  std::optional<int64_t> alignment = getAlignment(getAlignmentAttr());
  if (!isValidAccess(true, memorySpaceOf(getPtr().getType()), getValue().getType(), AtomicOrdering::not_atomic,
                     emitDiag))
    return failure();
  return verifyAlignment(alignment, emitDiag);
}

void ScatterOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get(), &getOperation()->getOpOperand(1)));
}

LogicalResult ScatterOp::verify() {
  auto emitDiag = [&]() -> InFlightDiagnostic { return emitError(); };
  std::optional<int64_t> alignment = getAlignment(getAlignmentAttr());
  if (!isValidAccess(true, memorySpaceOf(getPtrs().getType()), getValue().getType(), AtomicOrdering::not_atomic,
                     emitDiag))
    return failure();
  return verifyAlignment(alignment, emitDiag);
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//

LogicalResult PtrAddOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.size() < 2)
    return failure();
  Type baseType = context.operands[0].getType();
  Type offsetType = context.operands[1].getType();
  auto offTy = dyn_cast<ShapedType>(offsetType);
  if (!offTy) {
    // A scalar offset: the result is the base's type.
    inferred.push_back(baseType);
    return success();
  }
  auto baseTy = dyn_cast<ShapedType>(baseType);
  if (!baseTy) {
    // A scalar base and a shaped offset: the offset's container of pointers.
    inferred.push_back(offTy.clone(baseType));
    return success();
  }
  if (offTy.getShape() != baseTy.getShape()) {
    if (context.location)
      lamina::emitError(Location(*context.location)) << "shapes of base and offset must match";
    return failure();
  }
  if (baseType.getTypeID() != offsetType.getTypeID()) {
    if (context.location)
      lamina::emitError(Location(*context.location)) << "the shaped containers type must match";
    return failure();
  }
  inferred.push_back(baseType);
  return success();
}

LogicalResult PtrDiffOp::verify() {
  // Operands of a shaped type: the result must be the same container
  // (SameOperandsAndResultShape checks the shape).
  if (!isa<ShapedType>(getLhs().getType()))
    return success();
  if (getResult().getType().getTypeID() != getLhs().getType().getTypeID())
    return emitError() << "expected the result to have the same container type as the operands when operands are "
                          "shaped";
  return success();
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

namespace {

/// ptr.constant folds to its value.
OpFoldResult foldConstant(Operation *op, ArrayRef<Attribute>) { return ConstantOp(op).getValueAttr(); }

/// from_ptr(to_ptr(%v)) -> %v, when the types match and %v's metadata is
/// trivial or is the metadata passed to from_ptr; along chains of casts.
OpFoldResult foldFromPtr(Operation *op, ArrayRef<Attribute>) {
  Value ptrLike;
  FromPtrOp fromPtr(op);
  while (fromPtr) {
    auto toPtr = dyn_cast_or_null<ToPtrOp>(fromPtr.getPtr().getDefiningOp());
    if (!toPtr || toPtr.getPtr().getType() != fromPtr.getResult().getType())
      return ptrLike;
    Value md = fromPtr.getMetadata();
    if (!cast<PtrLikeTypeInterface>(fromPtr.getResult().getType()).hasPtrMetadata()) {
      ptrLike = toPtr.getPtr();
    } else if (md) {
      auto mdOp = dyn_cast_or_null<GetMetadataOp>(md.getDefiningOp());
      if (mdOp && mdOp.getPtr() == toPtr.getPtr())
        ptrLike = toPtr.getPtr();
    }
    Operation *def = ptrLike ? ptrLike.getDefiningOp() : nullptr;
    fromPtr = dyn_cast_or_null<FromPtrOp>(def);
  }
  return ptrLike;
}

/// to_ptr(from_ptr(%p)) -> %p, along chains of casts.
OpFoldResult foldToPtr(Operation *op, ArrayRef<Attribute>) {
  Value ptr;
  ToPtrOp toPtr(op);
  while (toPtr) {
    auto fromPtr = dyn_cast_or_null<FromPtrOp>(toPtr.getPtr().getDefiningOp());
    if (!fromPtr)
      return ptr;
    ptr = fromPtr.getPtr();
    toPtr = dyn_cast_or_null<ToPtrOp>(ptr.getDefiningOp());
  }
  return ptr;
}

/// ptr_add %p, 0 -> %p.
OpFoldResult foldPtrAdd(Operation *op, ArrayRef<Attribute> operands) {
  if (operands.size() < 2 || !operands[1])
    return {};
  PtrAddOp add(op);
  APInt value;
  // A zero splat added to a scalar base changes the type: MLIR folds it
  // anyway (and breaks the IR); it is left alone here.
  if (matchConstantInt(add.getOffset(), &value) && value.isZero() &&
      add.getBase().getType() == add.getResult().getType())
    return add.getBase();
  return {};
}

} // namespace

void PtrDialect::registerFolders() {
  ods::attachFolder(*this, "ptr.constant", foldConstant);
  ods::attachFolder(*this, "ptr.from_ptr", foldFromPtr);
  ods::attachFolder(*this, "ptr.to_ptr", foldToPtr);
  ods::attachFolder(*this, "ptr.ptr_add", foldPtrAdd);
}
