//===- LLVMOps.cpp - What MLIR writes by hand for the llvm dialect's ops ---===//
//
// As mlir/lib/Dialect/LLVMIR/IR/LLVMDialect.cpp (and LLVMIntrinsicOps): the
// verifiers with MLIR's messages, the symbol-use checks, the successor
// operands of the branches, the memory effects that depend on attributes,
// the speculatability of divisions and the members the ODS predicates call.
// The syntax is in LLVMOpSyntax.cpp.
//
#include "lamina/Dialect/LLVMIR/LLVMDialect.h"

#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/SymbolTable.h"

#include <unordered_set>

using namespace lamina;
using namespace lamina::LLVM;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static uint64_t intAttrValue(Attribute attr) {
  auto i = dyn_cast_or_null<IntegerAttr>(attr);
  return i ? i.getValue().getZExtValue() : 0;
}

static Linkage linkageOf(Operation *op) {
  auto attr = dyn_cast_or_null<LinkageAttr>(op->getInherentAttr("linkage"));
  return attr ? attr.getLinkage() : Linkage::External;
}

static std::string linkageName(Linkage l) { return getLinkageInfo().stringify(uint64_t(l)); }

static AtomicOrdering orderingOf(Operation *op, std::string_view name = "ordering") {
  return AtomicOrdering(intAttrValue(op->getInherentAttr(name)));
}

static std::string orderingName(AtomicOrdering o) { return getAtomicOrderingInfo().stringify(uint64_t(o)); }

/// A symbol table that is also isolated from above (an LLVM module).
static bool satisfiesLLVMModule(Operation *op) {
  return op->hasTrait<OpTrait::SymbolTable>() && op->hasTrait<OpTrait::IsIsolatedFromAbove>();
}

/// The closest enclosing LLVM module of `op` (null if none).
static Operation *parentLLVMModule(Operation *op) {
  Operation *module = op->getParentOp();
  while (module && !satisfiesLLVMModule(module))
    module = module->getParentOp();
  return module;
}

static Operation *lookupInModule(Operation *op, SymbolTableCollection &symbolTable, StringAttr name) {
  Operation *module = parentLLVMModule(op);
  return module ? symbolTable.lookupSymbolIn(module, name) : nullptr;
}

/// The element type of a vector, or the type itself.
static Type extractVectorElementType(Type type) {
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getElementType();
  return type;
}

/// The size in bits of `type` under the default data layout (no DLTI
/// entries): integers and floats their width, pointers 64; 0 when unknown.
static uint64_t defaultTypeSizeInBits(Type type) {
  if (auto i = dyn_cast<IntegerType>(type))
    return i.getWidth();
  if (auto f = dyn_cast<FloatType>(type))
    return f.getWidth();
  if (isa<LLVMPointerType>(type))
    return 64;
  if (isa<LLVMPPCFP128Type>(type))
    return 128;
  return 0;
}

/// Integer, float and pointer types of a power-of-two size of at least 8
/// bits (MLIR's isTypeCompatibleWithAtomicOp).
static bool isTypeCompatibleWithAtomicOp(Type type) {
  if (!isa<IntegerType, LLVMPointerType>(type) && !isCompatibleFloatingPointType(type))
    return false;
  uint64_t bitWidth = defaultTypeSizeInBits(type);
  return bitWidth >= 8 && (bitWidth & (bitWidth - 1)) == 0;
}

//===----------------------------------------------------------------------===//
// Branches
//===----------------------------------------------------------------------===//

/// Operand group `group` of an op with `operandSegmentSizes`, as a mutable
/// range kept in sync with the segments.
static MutableOperandRange operandGroupMutable(Operation *op, unsigned group) {
  auto [start, length] = ods::getODSOperandIndexAndLength(op, group);
  return MutableOperandRange(op, start, length, {"operandSegmentSizes", group});
}

SuccessorOperands BrOp::getSuccessorOperands(unsigned) { return SuccessorOperands(MutableOperandRange(getOperation())); }

SuccessorOperands CondBrOp::getSuccessorOperands(unsigned index) {
  return SuccessorOperands(operandGroupMutable(getOperation(), index == 0 ? 1 : 2));
}

SuccessorOperands SwitchOp::getSuccessorOperands(unsigned index) {
  Operation *op = getOperation();
  if (index == 0)
    return SuccessorOperands(operandGroupMutable(op, 1));
  // A case's group within `caseOperands` (sized by `case_operand_segments`).
  auto [start, length] = ods::getODSOperandIndexAndLength(op, 2);
  ArrayRef<int32_t> sizes = getCaseOperandSegments();
  unsigned offset = 0;
  for (unsigned i = 0; i + 1 < index && i < sizes.size(); ++i)
    offset += unsigned(sizes[i]);
  unsigned len = index - 1 < sizes.size() ? unsigned(sizes[index - 1]) : 0;
  (void)length;
  return SuccessorOperands(MutableOperandRange(op, start + offset, len));
}

SuccessorOperands IndirectBrOp::getSuccessorOperands(unsigned index) {
  Operation *op = getOperation();
  auto [start, length] = ods::getODSOperandIndexAndLength(op, 1);
  auto sizesAttr = dyn_cast_or_null<DenseI32ArrayAttr>(op->getInherentAttr("indbr_operand_segments"));
  ArrayRef<int32_t> sizes = sizesAttr ? sizesAttr.asArrayRef() : ArrayRef<int32_t>();
  unsigned offset = 0;
  for (unsigned i = 0; i < index && i < sizes.size(); ++i)
    offset += unsigned(sizes[i]);
  unsigned len = index < sizes.size() ? unsigned(sizes[index]) : 0;
  (void)length;
  return SuccessorOperands(MutableOperandRange(op, start + offset, len));
}

SuccessorOperands InvokeOp::getSuccessorOperands(unsigned index) {
  return SuccessorOperands(operandGroupMutable(getOperation(), index == 0 ? 1 : 2));
}

LogicalResult SwitchOp::verify() {
  auto caseValues = getCaseValuesAttr();
  size_t numCaseDests = getOperation()->getNumSuccessors() - 1;
  if ((!caseValues && numCaseDests != 0) ||
      (caseValues && DenseElementsAttr(caseValues).getNumElements() != int64_t(numCaseDests)))
    return emitOpError("expects number of case values to match number of case destinations");
  if (caseValues && getValue().getType() != DenseElementsAttr(caseValues).getElementType())
    return emitError("expects case value type to match condition value type");
  return success();
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

LogicalResult AllocaOp::verify() {
  if (auto elemType = getElemTypeAttr())
    if (auto ext = dyn_cast<LLVMTargetExtType>(elemType.getValue()))
      if (!(ext.getExtTypeName().substr(0, 6) == "spirv." || ext.getExtTypeName() == "aarch64.svcount"))
        return emitOpError() << "this target extension type cannot be used in alloca";
  return success();
}

/// The checks of atomic loads and stores.
static LogicalResult verifyAtomicMemOp(Operation *op, Type valueType,
                                       std::initializer_list<AtomicOrdering> unsupportedOrderings) {
  AtomicOrdering ordering = orderingOf(op);
  if (ordering != AtomicOrdering::not_atomic) {
    if (!isTypeCompatibleWithAtomicOp(valueType))
      return op->emitOpError("unsupported type ") << valueType << " for atomic access";
    for (AtomicOrdering o : unsupportedOrderings)
      if (o == ordering)
        return op->emitOpError("unsupported ordering '") << orderingName(ordering) << "'";
    if (!op->getInherentAttr("alignment"))
      return op->emitOpError("expected alignment for atomic access");
    return success();
  }
  if (op->getInherentAttr("syncscope"))
    return op->emitOpError("expected syncscope to be null for non-atomic access");
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyAtomicMemOp(getOperation(), getRes().getType(), {AtomicOrdering::release, AtomicOrdering::acq_rel});
}

LogicalResult StoreOp::verify() {
  return verifyAtomicMemOp(getOperation(), getValue().getType(),
                           {AtomicOrdering::acquire, AtomicOrdering::acq_rel});
}

/// A read or write on `operand`, and for volatile or at least monotonic
/// accesses an unknown write and read.
static void memAccessEffects(Operation *op, MemoryEffects::Effect *effect, OpOperand *operand,
                             SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  effects.push_back(MemoryEffects::EffectInstance(effect, operand));
  AtomicOrdering ordering = orderingOf(op);
  if (op->getInherentAttr("volatile_") ||
      (ordering != AtomicOrdering::not_atomic && ordering != AtomicOrdering::unordered)) {
    effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get()));
    effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get()));
  }
}

void LoadOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  memAccessEffects(getOperation(), MemoryEffects::Read::get(), &getOperation()->getOpOperand(0), effects);
}

void StoreOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  memAccessEffects(getOperation(), MemoryEffects::Write::get(), &getOperation()->getOpOperand(1), effects);
}

void InlineAsmOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (getOperation()->getInherentAttr("has_side_effects")) {
    effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get()));
    effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get()));
  }
}

LogicalResult InlineAsmOp::verify() {
  if (auto kind = dyn_cast_or_null<TailCallKindAttr>(getOperation()->getInherentAttr("tail_call_kind")))
    if (kind.getTailCallKind() == TailCallKind::MustTail)
      return emitOpError("tail call kind 'musttail' is not supported by this operation");
  return success();
}

LogicalResult GEPOp::verify() {
  Operation *op = getOperation();
  ArrayRef<int32_t> raw = getRawConstantIndices();
  size_t numDynamic = 0;
  for (int32_t i : raw)
    numDynamic += i == std::numeric_limits<int32_t>::min();
  if (numDynamic != getDynamicIndices().size())
    return emitOpError("expected as many dynamic indices as specified in 'rawConstantIndices'");
  if (intAttrValue(op->getInherentAttr("noWrapFlags")) == uint64_t(GEPNoWrapFlags::inboundsFlag))
    return emitOpError("'inbounds_flag' cannot be used directly.");
  // The struct indices, down the type the indices walk (iteratively).
  Type type = getElemTypeAttr() ? getElemTypeAttr().getValue() : Type();
  size_t nextDynamic = 0;
  for (size_t pos = 0; pos < raw.size(); ++pos) {
    bool isDynamic = raw[pos] == std::numeric_limits<int32_t>::min();
    Value dynamic = isDynamic && nextDynamic < getDynamicIndices().size() ? getDynamicIndices()[nextDynamic++]
                                                                          : Value();
    if (pos == 0)
      continue;
    if (auto structType = dyn_cast<LLVMStructType>(type)) {
      APInt value;
      int64_t index;
      if (!isDynamic) {
        index = raw[pos];
      } else if (dynamic && matchConstantInt(dynamic, &value)) {
        index = value.getSExtValue();
      } else {
        return emitOpError() << "expected index " << unsigned(pos) << " indexing a struct to be constant";
      }
      ArrayRef<Type> body = structType.getBody();
      if (index < 0 || size_t(index) >= body.size())
        return emitOpError() << "index " << unsigned(pos) << " indexing a struct is out of bounds";
      type = body[index];
    } else if (auto vec = dyn_cast<VectorType>(type)) {
      type = vec.getElementType();
    } else if (auto array = dyn_cast<LLVMArrayType>(type)) {
      type = array.getElementType();
    } else {
      return emitOpError() << "type " << type << " cannot be indexed (index #" << unsigned(pos) << ")";
    }
  }
  return success();
}

LogicalResult ExtractValueOp::verify() {
  Operation *op = getOperation();
  auto position = dyn_cast_or_null<DenseI64ArrayAttr>(op->getInherentAttr("position"));
  Type valueType = getInsertExtractValueElementType(op, op->getOperand(0).getType(),
                                                    position ? position.asArrayRef() : ArrayRef<int64_t>());
  if (!valueType)
    return failure();
  if (getRes().getType() != valueType)
    return emitOpError() << "Type mismatch: extracting from " << op->getOperand(0).getType() << " should produce "
                         << valueType << " but this op returns " << getRes().getType();
  return success();
}

LogicalResult InsertValueOp::verify() {
  Operation *op = getOperation();
  auto position = dyn_cast_or_null<DenseI64ArrayAttr>(op->getInherentAttr("position"));
  Type containerType = getContainer().getType();
  Type valueType = getInsertExtractValueElementType(op, containerType,
                                                    position ? position.asArrayRef() : ArrayRef<int64_t>());
  if (!valueType)
    return failure();
  if (getValue().getType() != valueType)
    return emitOpError() << "Type mismatch: cannot insert " << getValue().getType() << " into " << containerType;
  return success();
}

LogicalResult AtomicRMWOp::verify() {
  Operation *op = getOperation();
  Type valType = getVal().getType();
  AtomicBinOp binOp = AtomicBinOp(intAttrValue(op->getInherentAttr("bin_op")));
  switch (binOp) {
  case AtomicBinOp::fadd:
  case AtomicBinOp::fsub:
  case AtomicBinOp::fmin:
  case AtomicBinOp::fmax:
  case AtomicBinOp::fminimum:
  case AtomicBinOp::fmaximum:
    if (isCompatibleVectorType(valType)) {
      if (isScalableVectorType(valType))
        return emitOpError("expected LLVM IR fixed vector type");
      if (!isCompatibleFloatingPointType(cast<VectorType>(valType).getElementType()))
        return emitOpError("expected LLVM IR floating point type for vector element");
    } else if (!isCompatibleFloatingPointType(valType)) {
      return emitOpError("expected LLVM IR floating point type");
    }
    break;
  case AtomicBinOp::xchg:
    if (!isTypeCompatibleWithAtomicOp(valType))
      return emitOpError("unexpected LLVM IR type for 'xchg' bin_op");
    break;
  default: {
    auto intType = dyn_cast<IntegerType>(valType);
    unsigned width = intType ? intType.getWidth() : 0;
    if (width != 8 && width != 16 && width != 32 && width != 64)
      return emitOpError("expected LLVM IR integer type");
  }
  }
  if (uint64_t(orderingOf(op)) < uint64_t(AtomicOrdering::monotonic))
    return emitOpError() << "expected at least '" << orderingName(AtomicOrdering::monotonic) << "' ordering";
  return success();
}

LogicalResult AtomicCmpXchgOp::verify() {
  Operation *op = getOperation();
  if (!isTypeCompatibleWithAtomicOp(getVal().getType()))
    return emitOpError("unexpected LLVM IR type");
  AtomicOrdering success_ = orderingOf(op, "success_ordering"), failure_ = orderingOf(op, "failure_ordering");
  if (uint64_t(success_) < uint64_t(AtomicOrdering::monotonic) ||
      uint64_t(failure_) < uint64_t(AtomicOrdering::monotonic))
    return emitOpError("ordering must be at least 'monotonic'");
  if (failure_ == AtomicOrdering::release || failure_ == AtomicOrdering::acq_rel)
    return emitOpError("failure ordering cannot be 'release' or 'acq_rel'");
  return success();
}

LogicalResult FenceOp::verify() {
  AtomicOrdering ordering = orderingOf(getOperation());
  if (ordering == AtomicOrdering::not_atomic || ordering == AtomicOrdering::unordered ||
      ordering == AtomicOrdering::monotonic)
    return emitOpError("can be given only acquire, release, acq_rel, and seq_cst orderings");
  return success();
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

/// zext/sext: consistent scalars or vectors, and a wider result.
static LogicalResult verifyExtOp(Operation *op) {
  Type argType = op->getOperand(0).getType(), resType = op->getResult(0).getType();
  IntegerType inputType, outputType;
  if (isCompatibleVectorType(argType)) {
    if (!isCompatibleVectorType(resType))
      return op->emitError("input type is a vector but output type is an integer");
    if (!(getVectorNumElements(argType) == getVectorNumElements(resType)))
      return op->emitError("input and output vectors are of incompatible shape");
    inputType = dyn_cast<IntegerType>(cast<VectorType>(argType).getElementType());
    outputType = dyn_cast<IntegerType>(cast<VectorType>(resType).getElementType());
  } else {
    inputType = dyn_cast<IntegerType>(argType);
    outputType = dyn_cast<IntegerType>(resType);
    if (!outputType)
      return op->emitError("input type is an integer but output type is a vector");
  }
  if (!inputType || !outputType || outputType.getWidth() <= inputType.getWidth())
    return op->emitError("integer width of the output type is smaller or equal to the integer width of the "
                         "input type");
  return success();
}

LogicalResult ZExtOp::verify() { return verifyExtOp(getOperation()); }
LogicalResult SExtOp::verify() { return verifyExtOp(getOperation()); }

LogicalResult BitcastOp::verify() {
  Type argType = getOperation()->getOperand(0).getType(), resType = getOperation()->getResult(0).getType();
  auto resultPtr = dyn_cast<LLVMPointerType>(extractVectorElementType(resType));
  auto sourcePtr = dyn_cast<LLVMPointerType>(extractVectorElementType(argType));
  if (bool(resultPtr) != bool(sourcePtr))
    return emitOpError("can only cast pointers from and to pointers");
  if (!resultPtr)
    return success();
  if (isa<VectorType>(resType) && !isa<VectorType>(argType))
    return emitOpError("cannot cast pointer to vector of pointers");
  if (!isa<VectorType>(resType) && isa<VectorType>(argType))
    return emitOpError("cannot cast vector of pointers to pointer");
  if (resultPtr.getAddressSpace() != sourcePtr.getAddressSpace())
    return emitOpError("cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead");
  return success();
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

LogicalResult ZeroOp::verify() {
  if (auto ext = dyn_cast<LLVMTargetExtType>(getRes().getType()))
    if (ext.getExtTypeName().substr(0, 6) != "spirv.")
      return emitOpError() << "target extension type does not support zero-initializer";
  return success();
}

/// The number of scalar elements of vector/array types (nested).
static int64_t getNumElements(Type t) {
  int64_t n = 1;
  while (true) {
    if (auto vec = dyn_cast<VectorType>(t)) {
      n *= vec.getNumElements();
      t = vec.getElementType();
    } else if (auto array = dyn_cast<LLVMArrayType>(t)) {
      n *= int64_t(array.getNumElements());
      t = array.getElementType();
    } else {
      return n;
    }
  }
}

static Type getScalarElementType(Type type) {
  while (auto array = dyn_cast<LLVMArrayType>(type))
    type = array.getElementType();
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getElementType();
  if (auto tensor = dyn_cast<TensorType>(type))
    return tensor.getElementType();
  return type;
}

static bool hasScalableVectorType(Type t) {
  while (true) {
    if (auto vec = dyn_cast<VectorType>(t)) {
      if (vec.isScalable())
        return true;
      t = vec.getElementType();
    } else if (auto array = dyn_cast<LLVMArrayType>(t)) {
      t = array.getElementType();
    } else {
      return false;
    }
  }
}

/// The nesting of an array constant: sub-arrays in each dimension, then
/// structs of attributes or pointers.
static LogicalResult verifyStructArrayConstant(Operation *op, LLVMArrayType arrayType, ArrayAttr arrayAttr) {
  // (array type, attribute, dimension) to check, without recursion.
  std::vector<std::tuple<LLVMArrayType, ArrayAttr, int>> worklist{{arrayType, arrayAttr, 0}};
  while (!worklist.empty()) {
    auto [type, attr, dim] = worklist.back();
    worklist.pop_back();
    if (uint64_t(attr.size()) != type.getNumElements())
      return op->emitOpError() << "array attribute size does not match array type size in dimension " << dim
                               << ": " << unsigned(attr.size()) << " vs. " << (unsigned long long)type.getNumElements();
    std::unordered_set<const void *> verified;
    if (auto subArrayType = dyn_cast<LLVMArrayType>(type.getElementType())) {
      for (size_t idx = 0; idx < attr.size(); ++idx) {
        Attribute element = attr.getValue()[idx];
        if (!verified.insert(element.getAsOpaquePointer()).second)
          continue;
        if (isa<ZeroAttr, UndefAttr>(element))
          continue;
        auto subArrayAttr = dyn_cast<ArrayAttr>(element);
        if (!subArrayAttr)
          return op->emitOpError() << "nested attribute for sub-array in dimension " << dim << " at index "
                                   << unsigned(idx) << " must be a zero, or undef, or array attribute";
        worklist.push_back({subArrayType, subArrayAttr, dim + 1});
      }
      continue;
    }
    Type elementType = type.getElementType();
    if (isa<LLVMPointerType>(elementType)) {
      for (size_t idx = 0; idx < attr.size(); ++idx)
        if (!isa<FlatSymbolRefAttr, ZeroAttr, UndefAttr, PoisonAttr>(attr.getValue()[idx]))
          return op->emitOpError() << "pointer array element at index " << unsigned(idx)
                                   << " must be a flat symbol reference, zero, undef, or poison";
      continue;
    }
    auto structType = dyn_cast<LLVMStructType>(elementType);
    if (!structType)
      return op->emitOpError() << "for array with an array attribute must have a struct element type";
    size_t numStructElements = structType.getBody().size();
    for (size_t idx = 0; idx < attr.size(); ++idx) {
      Attribute element = attr.getValue()[idx];
      if (!verified.insert(element.getAsOpaquePointer()).second)
        continue;
      if (isa<ZeroAttr, UndefAttr>(element))
        continue;
      auto subArrayAttr = dyn_cast<ArrayAttr>(element);
      if (!subArrayAttr)
        return op->emitOpError() << "nested attribute for struct element at index " << unsigned(idx)
                                 << " must be a zero, or undef, or array attribute";
      if (subArrayAttr.size() != numStructElements)
        return op->emitOpError() << "nested array attribute size for struct element at index " << unsigned(idx)
                                 << " must match struct size: " << unsigned(subArrayAttr.size()) << " vs. "
                                 << unsigned(numStructElements);
    }
  }
  return success();
}

LogicalResult ConstantOp::verify() {
  Operation *op = getOperation();
  Attribute value = getValueAttr();
  Type type = getRes().getType();
  if (auto str = dyn_cast<StringAttr>(value)) {
    auto arrayType = dyn_cast<LLVMArrayType>(type);
    if (!arrayType || arrayType.getNumElements() != str.getValue().size() ||
        !arrayType.getElementType().isInteger(8))
      return emitOpError() << "expected array type of " << unsigned(str.getValue().size())
                           << " i8 elements for the string constant";
    return success();
  }
  if (auto structType = dyn_cast<LLVMStructType>(type)) {
    auto arrayAttr = dyn_cast<ArrayAttr>(value);
    if (!arrayAttr)
      return emitOpError() << "expected array attribute for struct type";
    ArrayRef<Type> elementTypes = structType.getBody();
    if (arrayAttr.size() != elementTypes.size())
      return emitOpError() << "expected array attribute of size " << unsigned(elementTypes.size());
    for (size_t i = 0; i < elementTypes.size(); ++i) {
      Attribute attr = arrayAttr.getValue()[i];
      Type elementType = elementTypes[i];
      if (!elementType.isSignlessIntOrIndexOrFloat())
        return emitOpError() << "expected struct element types to be floating point type or integer type";
      if (!isa<FloatAttr, IntegerAttr>(attr))
        return emitOpError() << "expected element of array attribute to be floating point or integer";
      if (cast<TypedAttr>(attr).getType() != elementType)
        return emitOpError() << "struct element at index " << unsigned(i) << " is of wrong type";
    }
    return success();
  }
  if (isa<LLVMTargetExtType>(type))
    return emitOpError() << "does not support target extension type.";

  // A float attribute's semantics against the (element) type.
  auto verifyFloatSemantics = [&](FloatType attrType, Type elementType) -> LogicalResult {
    if (auto floatType = dyn_cast<FloatType>(elementType)) {
      if (floatType != attrType)
        return emitOpError() << "attribute and type have different float semantics";
      return success();
    }
    if (isa<IntegerType>(elementType) && !elementType.isInteger(attrType.getWidth()))
      return emitOpError() << "expected integer type of width " << attrType.getWidth();
    return success();
  };
  if (isa<IntegerAttr>(value)) {
    if (!isa<IntegerType>(type))
      return emitOpError() << "expected integer type";
  } else if (auto floatAttr = dyn_cast<FloatAttr>(value)) {
    return verifyFloatSemantics(cast<FloatType>(floatAttr.getType()), type);
  } else if (auto elements = dyn_cast<ElementsAttr>(value)) {
    if (hasScalableVectorType(type)) {
      auto dense = dyn_cast<DenseElementsAttr>(value);
      if (!dense || !dense.isSplat())
        return emitOpError() << "scalable vector type requires a splat attribute";
      return success();
    }
    if (!isa<VectorType, LLVMArrayType>(type))
      return emitOpError() << "expected vector or array type";
    int64_t attrNumElements = cast<ShapedType>(elements.getType()).getNumElements();
    if (getNumElements(type) != attrNumElements)
      return emitOpError() << "type and attribute have a different number of elements: "
                           << (long long)getNumElements(type) << " vs. " << (long long)attrNumElements;
    Type attrElementType = cast<ShapedType>(elements.getType()).getElementType();
    Type resultElementType = getScalarElementType(type);
    if (auto floatType = dyn_cast<FloatType>(attrElementType))
      return verifyFloatSemantics(floatType, resultElementType);
    if (isa<IntegerType>(attrElementType) && !isa<IntegerType>(resultElementType))
      return emitOpError("expected integer element type for integer elements attribute");
  } else if (auto arrayAttr = dyn_cast<ArrayAttr>(value)) {
    auto arrayType = dyn_cast<LLVMArrayType>(type);
    if (!arrayType)
      return emitOpError() << "expected array or struct type for array attribute";
    return verifyStructArrayConstant(op, arrayType, arrayAttr);
  } else {
    return emitOpError() << "only supports integer, float, string or elements attributes";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

/// The call's argument operands (without the callee pointer of an indirect
/// call).
static OperandRange callArgOperands(Operation *op, bool isDirect) {
  auto [start, length] = ods::getODSOperandIndexAndLength(op, 0);
  unsigned skip = isDirect ? 0 : 1;
  if (length < skip)
    skip = length;
  return op->getOperands().slice(start + skip, length - skip);
}

/// The variadic callee type against the arguments and results.
static LogicalResult verifyCallOpVarCalleeType(Operation *op, bool isDirect) {
  auto typeAttr = dyn_cast_or_null<lamina::TypeAttr>(op->getInherentAttr("var_callee_type"));
  if (!typeAttr)
    return success();
  auto varCalleeType = dyn_cast<LLVMFunctionType>(typeAttr.getValue());
  if (!varCalleeType)
    return success();
  if (!varCalleeType.getVarArg())
    return op->emitOpError("expected var_callee_type to be a variadic function type");
  OperandRange args = callArgOperands(op, isDirect);
  if (varCalleeType.getParams().size() > args.size())
    return op->emitOpError("expected var_callee_type to have at most ") << unsigned(args.size()) << " parameters";
  for (size_t i = 0; i < varCalleeType.getParams().size(); ++i)
    if (varCalleeType.getParams()[i] != args[i].getType())
      return op->emitOpError() << "var_callee_type parameter type mismatch: " << varCalleeType.getParams()[i]
                               << " != " << args[i].getType();
  if (op->getNumResults() == 0) {
    if (!isa<LLVMVoidType>(varCalleeType.getReturnType()))
      return op->emitOpError("expected var_callee_type to return void");
  } else if (op->getResult(0).getType() != varCalleeType.getReturnType()) {
    return op->emitOpError("var_callee_type return type mismatch: ")
           << varCalleeType.getReturnType() << " != " << op->getResult(0).getType();
  }
  return success();
}

/// The bundle tags against the bundle operand groups.
static LogicalResult verifyOperandBundles(Operation *op) {
  auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(op->getInherentAttr("op_bundle_sizes"));
  auto tags = dyn_cast_or_null<ArrayAttr>(op->getInherentAttr("op_bundle_tags"));
  if (tags)
    for (Attribute tag : tags.getValue())
      if (!isa<StringAttr>(tag))
        return op->emitError("operand bundle tag must be a StringAttr");
  size_t numBundles = sizes ? sizes.size() : 0;
  size_t numTags = tags ? tags.size() : 0;
  if (numBundles != numTags)
    return op->emitError("expected ") << unsigned(numBundles) << " operand bundle tags, but actually got "
                                      << unsigned(numTags);
  return success();
}

LogicalResult CallOp::verify() { return verifyOperandBundles(getOperation()); }

LogicalResult CallOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr calleeName = dyn_cast_or_null<FlatSymbolRefAttr>(op->getInherentAttr("callee"));
  bool isIndirect = !calleeName;
  if (failed(verifyCallOpVarCalleeType(op, !isIndirect)))
    return failure();
  Type fnType;
  if (isIndirect) {
    OperandRange calleeOperands = callArgOperands(op, true);
    if (calleeOperands.empty())
      return op->emitOpError("must have either a `callee` attribute or at least an operand");
    Type calleeType = calleeOperands[0].getType();
    if (!isa<LLVMPointerType>(calleeType))
      return op->emitOpError("indirect call expects a pointer as callee: ") << calleeType;
    return success();
  }
  Operation *callee = symbolTable.lookupNearestSymbolFrom(op, calleeName.getAttr());
  if (!callee)
    return op->emitOpError() << "'" << calleeName.getValue() << "' does not reference a symbol in the current scope";
  if (auto fn = dyn_cast<LLVMFuncOp>(callee)) {
    fnType = fn.getFunctionTypeAttr() ? fn.getFunctionTypeAttr().getValue() : Type();
  } else if (auto ifunc = dyn_cast<IFuncOp>(callee)) {
    auto t = dyn_cast_or_null<lamina::TypeAttr>(callee->getInherentAttr("i_func_type"));
    fnType = t ? t.getValue() : Type();
  } else if (isa<AliasOp>(callee)) {
    return success();
  } else {
    return op->emitOpError() << "'" << calleeName.getValue() << "' does not reference a valid LLVM function";
  }
  auto funcType = dyn_cast_or_null<LLVMFunctionType>(fnType);
  if (!funcType)
    return op->emitOpError("callee does not have a functional type: ") << fnType;
  if (funcType.getVarArg() && !op->getInherentAttr("var_callee_type"))
    return op->emitOpError() << "missing var_callee_type attribute for vararg call";
  OperandRange args = callArgOperands(op, true);
  size_t numParams = funcType.getParams().size();
  if (!funcType.getVarArg() && numParams != args.size())
    return op->emitOpError() << "incorrect number of operands (" << unsigned(args.size())
                             << ") for callee (expecting: " << unsigned(numParams) << ")";
  if (numParams > args.size())
    return op->emitOpError() << "incorrect number of operands (" << unsigned(args.size())
                             << ") for varargs callee (expecting at least: " << unsigned(numParams) << ")";
  for (size_t i = 0; i < numParams; ++i)
    if (args[i].getType() != funcType.getParams()[i])
      return op->emitOpError() << "operand type mismatch for operand " << unsigned(i) << ": " << args[i].getType()
                               << " != " << funcType.getParams()[i];
  bool returnsVoid = isa<LLVMVoidType>(funcType.getReturnType());
  if (op->getNumResults() == 0 && !returnsVoid)
    return op->emitOpError() << "expected function call to produce a value";
  if (op->getNumResults() != 0 && returnsVoid)
    return op->emitOpError() << "calling function with void result must not produce values";
  if (op->getNumResults() > 1)
    return op->emitOpError() << "expected LLVM function call to produce 0 or 1 result";
  if (op->getNumResults() && op->getResult(0).getType() != funcType.getReturnType())
    return op->emitOpError() << "result type mismatch: " << op->getResult(0).getType()
                             << " != " << funcType.getReturnType();
  return success();
}

LogicalResult InvokeOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyCallOpVarCalleeType(op, bool(op->getInherentAttr("callee")))))
    return failure();
  Block *unwindDest = op->getSuccessor(1);
  if (unwindDest->empty())
    return emitError("must have at least one operation in unwind destination");
  if (!isa<LandingpadOp>(&unwindDest->front()))
    return emitError("first operation in unwind destination should be a llvm.landingpad operation");
  return verifyOperandBundles(op);
}

LogicalResult CallIntrinsicOp::verify() {
  auto intrin = dyn_cast_or_null<StringAttr>(getOperation()->getInherentAttr("intrin"));
  if (!intrin || intrin.getValue().substr(0, 5) != "llvm.")
    return emitOpError() << "intrinsic name must start with 'llvm.'";
  return verifyOperandBundles(getOperation());
}

LogicalResult AssumeOp::verify() { return verifyOperandBundles(getOperation()); }

LogicalResult LandingpadOp::verify() {
  Operation *op = getOperation();
  if (auto func = op->getParentOfType<LLVMFuncOp>())
    if (!func.getPersonalityAttr())
      return emitError("llvm.landingpad needs to be in a function with a personality");
  if (!getCleanup() && op->getNumOperands() == 0)
    return emitError("landingpad instruction expects at least one clause or cleanup attribute");
  for (unsigned idx = 0; idx < op->getNumOperands(); ++idx) {
    Value value = op->getOperand(idx);
    if (isa<LLVMArrayType>(value.getType()))
      continue;
    if (Operation *def = value.getDefiningOp()) {
      if (isa<BitcastOp>(def)) {
        Operation *source = def->getOperand(0).getDefiningOp();
        if (source && isa<AddressOfOp>(source))
          continue;
        InFlightDiagnostic diag = emitError("constant clauses expected");
        diag.attachNote(def->getLoc()) << "global addresses expected as operand to bitcast used in clauses for "
                                          "landingpad";
        return diag;
      }
      if (isa<ZeroOp, AddressOfOp>(def))
        continue;
    }
    return emitError("clause #") << idx << " is not a known constant - null, addressof, bitcast";
  }
  return success();
}

LogicalResult ReturnOp::verify() {
  Operation *op = getOperation();
  auto parent = op->getParentOfType<LLVMFuncOp>();
  if (!parent)
    return success();
  auto fnType = dyn_cast_or_null<LLVMFunctionType>(parent.getFunctionTypeAttr() ? parent.getFunctionTypeAttr().getValue()
                                                                                : Type());
  if (!fnType)
    return success();
  Type expectedType = fnType.getReturnType();
  auto fail = [&](std::string_view msg) {
    InFlightDiagnostic diag = emitOpError(msg);
    diag.attachNote(parent.getOperation()->getLoc()) << "when returning from function";
    return diag;
  };
  if (isa<LLVMVoidType>(expectedType))
    return getArg() ? LogicalResult(fail("expected no operands")) : success();
  if (!getArg())
    return fail("expected 1 operand");
  if (expectedType != getArg().getType())
    return fail("mismatching result types");
  return success();
}

//===----------------------------------------------------------------------===//
// Globals and functions
//===----------------------------------------------------------------------===//

static LogicalResult verifyComdat(Operation *op) {
  auto comdat = dyn_cast_or_null<SymbolRefAttr>(op->getInherentAttr("comdat"));
  if (!comdat)
    return success();
  Operation *selector = SymbolTable::lookupNearestSymbolFrom(op, comdat);
  if (!selector || !isa<ComdatSelectorOp>(selector))
    return op->emitError() << "expected comdat symbol";
  return success();
}

static bool isZeroAttribute(Attribute value) {
  std::vector<Attribute> worklist{value};
  while (!worklist.empty()) {
    Attribute a = worklist.back();
    worklist.pop_back();
    if (auto i = dyn_cast<IntegerAttr>(a)) {
      if (!i.getValue().isZero())
        return false;
    } else if (auto f = dyn_cast<FloatAttr>(a)) {
      if (!f.getValue().isZero())
        return false;
    } else if (auto dense = dyn_cast<DenseElementsAttr>(a)) {
      Type elementType = dense.getElementType();
      if (elementType.isIntOrIndex()) {
        for (const APInt &v : dense.getIntValues())
          if (!v.isZero())
            return false;
      } else if (isa<FloatType>(elementType)) {
        for (const APFloat &v : dense.getFloatValues())
          if (!v.isZero())
            return false;
      } else {
        return false;
      }
    } else if (auto array = dyn_cast<ArrayAttr>(a)) {
      for (Attribute e : array.getValue())
        worklist.push_back(e);
    } else {
      return false;
    }
  }
  return true;
}

/// A type a global or alias may hold.
static bool isValidGlobalType(Type type) {
  return isCompatibleOuterType(type) ? !isa<LLVMVoidType, LLVMTokenType, LLVMMetadataType, LLVMLabelType>(type)
                                     : isa<PointerElementTypeInterface>(type);
}

LogicalResult GlobalOp::verify() {
  Operation *op = getOperation();
  Type type = getGlobalTypeAttr() ? getGlobalTypeAttr().getValue() : Type();
  if (!type || !isValidGlobalType(type))
    return emitOpError("expects type to be a valid element type for an LLVM global");
  if (op->getParentOp() && !satisfiesLLVMModule(op->getParentOp()))
    return emitOpError("must appear at the module level");
  Attribute value = getValueAttr();
  if (auto str = dyn_cast_or_null<StringAttr>(value)) {
    auto arrayType = dyn_cast<LLVMArrayType>(type);
    auto elementType = arrayType ? dyn_cast<IntegerType>(arrayType.getElementType()) : IntegerType();
    if (!elementType || elementType.getWidth() != 8 || arrayType.getNumElements() != str.getValue().size())
      return emitOpError("requires an i8 array type of the length equal to that of the string attribute");
  }
  if (auto ext = dyn_cast<LLVMTargetExtType>(type)) {
    std::string_view name = ext.getExtTypeName();
    if (!(name.substr(0, 6) == "spirv." || name == "amdgcn.named.barrier"))
      return emitOpError() << "this target extension type cannot be used in a global";
    if (value)
      return emitOpError() << "global with target extension type can only be initialized with zero-initializer";
  }
  Linkage linkage = linkageOf(op);
  if (linkage == Linkage::Common && value && !isZeroAttribute(value))
    return emitOpError() << "expected zero value for '" << linkageName(Linkage::Common) << "' linkage";
  if (linkage == Linkage::Appending && !isa<LLVMArrayType>(type))
    return emitOpError() << "expected array type for '" << linkageName(Linkage::Appending) << "' linkage";
  if (failed(verifyComdat(op)))
    return failure();
  if (IntegerAttr alignment = getAlignmentAttr()) {
    uint64_t v = alignment.getValue().getZExtValue();
    if (v == 0 || (v & (v - 1)) != 0)
      return emitError() << "alignment attribute is not a power of 2";
  }
  return success();
}

/// Whether every op of `block` has no memory effect.
static Operation *firstOpWithEffects(Block &block) {
  for (Operation &op : block)
    if (!isMemoryEffectFree(&op))
      return &op;
  return nullptr;
}

LogicalResult GlobalOp::verifyRegions() {
  Operation *op = getOperation();
  Region &region = op->getRegion(0);
  if (region.empty())
    return success();
  Block &b = region.front();
  if (b.empty())
    return success();
  Operation &ret = b.back();
  Type type = getGlobalTypeAttr() ? getGlobalTypeAttr().getValue() : Type();
  if (ret.getNumOperands() == 0)
    return emitOpError("initializer region cannot return void");
  if (ret.getOperand(0).getType() != type)
    return emitOpError("initializer region type ") << ret.getOperand(0).getType() << " does not match global type "
                                                   << type;
  if (Operation *effectful = firstOpWithEffects(b))
    return effectful->emitError() << "ops with side effects not allowed in global initializers";
  if (getValueAttr())
    return emitOpError("cannot have both initializer value and region");
  return success();
}

LogicalResult AliasOp::verify() {
  Operation *op = getOperation();
  Type type = getAliasTypeAttr() ? getAliasTypeAttr().getValue() : Type();
  if (!type || !isValidGlobalType(type))
    return emitOpError("expects type to be a valid element type for an LLVM global alias");
  switch (linkageOf(op)) {
  case Linkage::External:
  case Linkage::Internal:
  case Linkage::Private:
  case Linkage::Weak:
  case Linkage::WeakODR:
  case Linkage::Linkonce:
  case Linkage::LinkonceODR:
  case Linkage::AvailableExternally:
    return success();
  default:
    return emitOpError() << "'" << linkageName(linkageOf(op))
                         << "' linkage not supported in aliases, available options: private, internal, linkonce, "
                            "weak, linkonce_odr, weak_odr, external or available_externally";
  }
}

LogicalResult AliasOp::verifyRegions() {
  Region &region = getOperation()->getRegion(0);
  if (region.empty() || region.front().empty())
    return success();
  Block &b = region.front();
  Operation &ret = b.back();
  if (ret.getNumOperands() == 0 || !isa<LLVMPointerType>(ret.getOperand(0).getType()))
    return emitOpError("initializer region must always return a pointer");
  if (Operation *effectful = firstOpWithEffects(b))
    return effectful->emitError() << "ops with side effects are not allowed in alias initializers";
  return success();
}

/// The address space of an alias: of the pointer its initializer returns.
static unsigned aliasAddrSpace(AliasOp alias) {
  Region &region = alias.getOperation()->getRegion(0);
  if (region.empty() || region.front().empty() || region.front().back().getNumOperands() == 0)
    return 0;
  auto ptr = dyn_cast<LLVMPointerType>(region.front().back().getOperand(0).getType());
  return ptr ? ptr.getAddressSpace() : 0;
}

LogicalResult IFuncOp::verify() {
  switch (linkageOf(getOperation())) {
  case Linkage::External:
  case Linkage::Internal:
  case Linkage::Private:
  case Linkage::Weak:
  case Linkage::WeakODR:
  case Linkage::Linkonce:
  case Linkage::LinkonceODR:
    return success();
  default:
    return emitOpError() << "'" << linkageName(linkageOf(getOperation()))
                         << "' linkage not supported in ifuncs, available options: private, internal, linkonce, "
                            "weak, linkonce_odr, weak_odr, or external linkage";
  }
}

LogicalResult IFuncOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  auto resolverName = dyn_cast_or_null<FlatSymbolRefAttr>(op->getInherentAttr("resolver"));
  if (!resolverName)
    return success();
  Operation *symbol = lookupInModule(op, symbolTable, resolverName.getAttr());
  auto resolver = dyn_cast_or_null<LLVMFuncOp>(symbol);
  auto alias = dyn_cast_or_null<AliasOp>(symbol);
  // Through aliases to the function they return the address of (bounded:
  // each step moves to another symbol).
  std::unordered_set<Operation *> seen;
  while (alias && seen.insert(alias.getOperation()).second) {
    Region &region = alias.getOperation()->getRegion(0);
    if (region.empty() || region.front().empty())
      return success();
    Operation &ret = region.front().back();
    Operation *def = ret.getNumOperands() ? ret.getOperand(0).getDefiningOp() : nullptr;
    if (!def || !isa<AddressOfOp>(def))
      return success();
    auto name = dyn_cast_or_null<FlatSymbolRefAttr>(def->getInherentAttr("global_name"));
    Operation *target = name ? lookupInModule(def, symbolTable, name.getAttr()) : nullptr;
    resolver = dyn_cast_or_null<LLVMFuncOp>(target);
    alias = dyn_cast_or_null<AliasOp>(target);
  }
  if (!resolver)
    return op->emitOpError("must have a function resolver");
  Linkage linkage = linkageOf(resolver.getOperation());
  if (resolver.getOperation()->getRegion(0).empty() || linkage == Linkage::AvailableExternally)
    return op->emitOpError("resolver must be a definition");
  auto resolverFnType = dyn_cast_or_null<LLVMFunctionType>(
      resolver.getFunctionTypeAttr() ? resolver.getFunctionTypeAttr().getValue() : Type());
  if (!resolverFnType || !isa<LLVMPointerType>(resolverFnType.getReturnType()))
    return op->emitOpError("resolver must return a pointer");
  auto resolverType = dyn_cast_or_null<lamina::TypeAttr>(op->getInherentAttr("resolver_type"));
  auto resolverPtr = resolverType ? dyn_cast<LLVMPointerType>(resolverType.getValue()) : LLVMPointerType();
  if (!resolverPtr || resolverPtr.getAddressSpace() != intAttrValue(op->getInherentAttr("address_space")))
    return op->emitOpError("resolver has incorrect type");
  return success();
}

LogicalResult LLVMFuncOp::verify() {
  Operation *op = getOperation();
  Linkage linkage = linkageOf(op);
  if (linkage == Linkage::Common)
    return emitOpError() << "functions cannot have '" << linkageName(Linkage::Common) << "' linkage";
  if (failed(verifyComdat(op)))
    return failure();
  if (op->getRegion(0).empty()) {
    if (linkage != Linkage::External && linkage != Linkage::ExternWeak)
      return emitOpError() << "external functions must have '" << linkageName(Linkage::External) << "' or '"
                           << linkageName(Linkage::ExternWeak) << "' linkage";
    return success();
  }
  if (getNoInline() && getAlwaysInline())
    return emitError("no_inline and always_inline attributes are incompatible");
  if (getOptimizeNone() && !getNoInline())
    return emitOpError("with optimize_none must also be no_inline");

  // Landing pads and resumes agree on one type.
  Type landingpadType;
  std::string_view message;
  bool consistent = !op->walk([&](Operation *nested) -> WalkResult {
                         Type type;
                         std::string_view msg;
                         // The nested ops are not verified yet: one without
                         // its result or operand is left to its own verifier
                         // (mlir-opt reads past the op there).
                         if (isa<LandingpadOp>(nested) && nested->getNumResults()) {
                           type = nested->getResult(0).getType();
                           msg = "'llvm.landingpad' should have a consistent result type inside a function";
                         } else if (isa<ResumeOp>(nested) && nested->getNumOperands()) {
                           type = nested->getOperand(0).getType();
                           msg = "'llvm.resume' should have a consistent input type inside a function";
                         } else {
                           return WalkResult::advance();
                         }
                         if (!landingpadType) {
                           landingpadType = type;
                           return WalkResult::advance();
                         }
                         if (landingpadType != type) {
                           message = msg;
                           return WalkResult::interrupt();
                         }
                         return WalkResult::advance();
                       }).wasInterrupted();
  if (!consistent)
    return emitError(message);

  // Block tags are unique in a function.
  std::unordered_set<const void *> tags;
  WalkResult res = op->walk([&](Operation *nested) -> WalkResult {
    if (!isa<BlockTagOp>(nested))
      return WalkResult::advance();
    auto tag = dyn_cast_or_null<BlockTagAttr>(nested->getInherentAttr("tag"));
    if (!tag)
      return WalkResult::advance();
    if (!tags.insert(tag.getAsOpaquePointer()).second) {
      nested->emitError() << "duplicate block tag '" << tag.getId() << "' in the same function: ";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(res.wasInterrupted());
}

LogicalResult LLVMFuncOp::verifyRegions() {
  Operation *op = getOperation();
  if (op->getRegion(0).empty())
    return success();
  ArrayRef<Type> params = getArgumentTypes();
  Block &entry = op->getRegion(0).front();
  for (unsigned i = 0; i < params.size() && i < entry.getNumArguments(); ++i)
    if (!isCompatibleType(entry.getArgument(i).getType()))
      return emitOpError("entry block argument #") << i << " is not of LLVM type";
  return success();
}

LogicalResult ComdatOp::verifyRegions() {
  Region &body = getOperation()->getRegion(0);
  if (body.empty())
    return success();
  for (Operation &op : body.front())
    if (!isa<ComdatSelectorOp>(&op))
      return op.emitError("only comdat selector symbols can appear in a comdat region");
  return success();
}

/// The ctor/dtor data: symbols or `#llvm.zero`.
static LogicalResult checkGlobalXtorData(Operation *op, ArrayAttr data) {
  if (!data)
    return success();
  for (Attribute v : data.getValue())
    if (!isa<FlatSymbolRefAttr, ZeroAttr>(v))
      return op->emitError("data element must be symbol or #llvm.zero");
  return success();
}

static LogicalResult verifyXtors(Operation *op, std::string_view listName, std::string_view what) {
  auto list = dyn_cast_or_null<ArrayAttr>(op->getInherentAttr(listName));
  auto priorities = dyn_cast_or_null<ArrayAttr>(op->getInherentAttr("priorities"));
  auto data = dyn_cast_or_null<ArrayAttr>(op->getInherentAttr("data"));
  if (failed(checkGlobalXtorData(op, data)))
    return failure();
  size_t n = list ? list.size() : 0;
  if (n == (priorities ? priorities.size() : 0) && n == (data ? data.size() : 0))
    return success();
  return op->emitError() << what << ", priorities, and data must have the same number of elements";
}

LogicalResult GlobalCtorsOp::verify() { return verifyXtors(getOperation(), "ctors", "ctors"); }
LogicalResult GlobalDtorsOp::verify() { return verifyXtors(getOperation(), "dtors", "dtors"); }

/// `symbol` names a defined llvm.func.
static LogicalResult verifySymbolAttrUse(FlatSymbolRefAttr symbol, Operation *op,
                                         SymbolTableCollection &symbolTable) {
  std::string_view name = symbol.getValue();
  auto func = symbolTable.lookupNearestSymbolFrom<LLVMFuncOp>(op, symbol.getAttr());
  if (!func)
    return op->emitOpError("'") << name << "' does not reference a valid LLVM function";
  if (func.getOperation()->getRegion(0).empty())
    return op->emitOpError("'") << name << "' does not have a definition";
  return success();
}

static LogicalResult verifyXtorSymbols(Operation *op, std::string_view listName, SymbolTableCollection &table) {
  if (auto list = dyn_cast_or_null<ArrayAttr>(op->getInherentAttr(listName)))
    for (Attribute a : list.getValue())
      if (auto sym = dyn_cast<FlatSymbolRefAttr>(a))
        if (failed(verifySymbolAttrUse(sym, op, table)))
          return failure();
  return success();
}

LogicalResult GlobalCtorsOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return verifyXtorSymbols(op, "ctors", symbolTable);
}
LogicalResult GlobalDtorsOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return verifyXtorSymbols(op, "dtors", symbolTable);
}

LogicalResult AddressOfOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  auto name = dyn_cast_or_null<FlatSymbolRefAttr>(op->getInherentAttr("global_name"));
  Operation *symbol = name ? lookupInModule(op, symbolTable, name.getAttr()) : nullptr;
  auto global = dyn_cast_or_null<GlobalOp>(symbol);
  auto function = dyn_cast_or_null<LLVMFuncOp>(symbol);
  auto alias = dyn_cast_or_null<AliasOp>(symbol);
  auto ifunc = dyn_cast_or_null<IFuncOp>(symbol);
  if (!global && !function && !alias && !ifunc)
    return op->emitOpError("must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or "
                           "'llvm.func' or 'llvm.mlir.ifunc'");
  auto type = dyn_cast<LLVMPointerType>(op->getResult(0).getType());
  unsigned addrSpace = type ? type.getAddressSpace() : 0;
  if ((global && intAttrValue(global.getAddrSpaceAttr()) != addrSpace) ||
      (alias && aliasAddrSpace(alias) != addrSpace))
    return op->emitOpError("pointer address space must match address space of the referenced global or alias");
  return success();
}

LogicalResult DSOLocalEquivalentOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  auto name = dyn_cast_or_null<FlatSymbolRefAttr>(op->getInherentAttr("function_name"));
  Operation *symbol = name ? lookupInModule(op, symbolTable, name.getAttr()) : nullptr;
  auto function = dyn_cast_or_null<LLVMFuncOp>(symbol);
  auto alias = dyn_cast_or_null<AliasOp>(symbol);
  if (!function && !alias)
    return op->emitOpError("must reference a global defined by 'llvm.func' or 'llvm.mlir.alias'");
  if (alias) {
    bool referencesGlobal = alias.getOperation()
                                ->walk([&](Operation *nested) -> WalkResult {
                                  if (!isa<AddressOfOp>(nested))
                                    return WalkResult::advance();
                                  auto n = dyn_cast_or_null<FlatSymbolRefAttr>(nested->getInherentAttr("global_name"));
                                  Operation *target = n ? lookupInModule(nested, symbolTable, n.getAttr()) : nullptr;
                                  return target && isa<GlobalOp>(target) ? WalkResult::interrupt()
                                                                         : WalkResult::advance();
                                })
                                .wasInterrupted();
    if (referencesGlobal)
      return op->emitOpError("must reference an alias to a function");
  }
  if ((function && linkageOf(function.getOperation()) == Linkage::ExternWeak) ||
      (alias && linkageOf(alias.getOperation()) == Linkage::ExternWeak))
    return op->emitOpError("target function with 'extern_weak' linkage not allowed");
  return success();
}

LogicalResult BlockAddressOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  auto addr = dyn_cast_or_null<BlockAddressAttr>(op->getInherentAttr("block_addr"));
  Operation *symbol = addr ? lookupInModule(op, symbolTable, addr.getFunction().getAttr()) : nullptr;
  if (!symbol || !isa<LLVMFuncOp>(symbol))
    return op->emitOpError("must reference a function defined by 'llvm.func'");
  return success();
}

LogicalResult BlockAddressOp::verify() {
  Operation *op = getOperation();
  auto addr = dyn_cast_or_null<BlockAddressAttr>(op->getInherentAttr("block_addr"));
  Operation *module = parentLLVMModule(op);
  Operation *sym = addr && module ? SymbolTable::lookupNearestSymbolFrom(module, addr.getFunction().getAttr())
                                  : nullptr;
  bool found = false;
  if (sym && isa<LLVMFuncOp>(sym)) {
    sym->walk([&](Operation *nested) -> WalkResult {
      if (isa<BlockTagOp>(nested) && nested->getInherentAttr("tag") == Attribute(addr.getTag())) {
        found = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
  }
  if (!found)
    return emitOpError("expects an existing block label target in the referenced function");
  return success();
}

LogicalResult LinkerOptionsOp::verify() {
  if (Operation *parent = getOperation()->getParentOp(); parent && !satisfiesLLVMModule(parent))
    return emitOpError("must appear at the module level");
  return success();
}

LogicalResult ModuleFlagsOp::verify() {
  Operation *op = getOperation();
  if (Operation *parent = op->getParentOp(); parent && !satisfiesLLVMModule(parent))
    return emitOpError("must appear at the module level");
  if (auto flags = dyn_cast_or_null<ArrayAttr>(op->getInherentAttr("flags")))
    for (Attribute flag : flags.getValue())
      if (!isa<ModuleFlagAttr>(flag))
        return emitOpError("expected a module flag attribute");
  return success();
}

//===----------------------------------------------------------------------===//
// Vectors and intrinsics
//===----------------------------------------------------------------------===//

LogicalResult ShuffleVectorOp::verify() {
  Operation *op = getOperation();
  Type v1Type = op->getOperand(0).getType();
  auto mask = dyn_cast_or_null<DenseI32ArrayAttr>(op->getInherentAttr("mask"));
  if (isa<VectorType>(v1Type) && isScalableVectorType(v1Type) && mask)
    for (int32_t v : mask.asArrayRef())
      if (v != 0)
        return emitOpError("expected a splat operation for scalable vectors");
  return success();
}

LogicalResult SincosOp::verify() {
  Operation *op = getOperation();
  Type operandType = op->getOperand(0).getType();
  Type resultType = op->getResult(0).getType();
  auto resultStruct = dyn_cast<LLVMStructType>(resultType);
  if (!resultStruct || resultStruct.getBody().size() != 2 || resultStruct.getBody()[0] != operandType ||
      resultStruct.getBody()[1] != operandType)
    return emitOpError("expected result type to be an homogeneous struct with two elements matching the operand "
                       "type, but got ")
           << resultType;
  return success();
}

/// A vector of pointers with `numElementsOf`'s element count.
static LogicalResult verifyPtrsVector(Operation *op, Type ptrsType, Type numElementsOf, unsigned operandNo) {
  auto ptrs = dyn_cast<VectorType>(ptrsType);
  auto other = dyn_cast<VectorType>(numElementsOf);
  if (!ptrs || !other)
    return success();
  VectorType expected = VectorType::get({other.getNumElements()}, ptrs.getElementType(), {other.isScalable()});
  if (ptrsType != Type(expected))
    return op->emitOpError("expected operand #") << operandNo << " type to be " << Type(expected);
  return success();
}

LogicalResult masked_gather::verify() {
  Operation *op = getOperation();
  return verifyPtrsVector(op, op->getOperand(0).getType(), op->getResult(0).getType(), 1);
}

LogicalResult masked_scatter::verify() {
  Operation *op = getOperation();
  return verifyPtrsVector(op, op->getOperand(1).getType(), op->getOperand(0).getType(), 2);
}

/// The bit width of a vector type (its minimum for a scalable one).
static uint64_t vectorBitWidth(Type type) {
  auto vec = dyn_cast<VectorType>(type);
  if (!vec || !vec.getElementType().isIntOrFloat())
    return 0;
  return uint64_t(vec.getNumElements()) * vec.getElementType().getIntOrFloatBitWidth();
}

uint64_t vector_extract::getSrcVectorBitWidth() { return vectorBitWidth(getOperation()->getOperand(0).getType()); }
uint64_t vector_extract::getResVectorBitWidth() { return vectorBitWidth(getOperation()->getResult(0).getType()); }
uint64_t vector_insert::getSrcVectorBitWidth() { return vectorBitWidth(getOperation()->getOperand(1).getType()); }
uint64_t vector_insert::getDstVectorBitWidth() { return vectorBitWidth(getOperation()->getOperand(0).getType()); }

//===----------------------------------------------------------------------===//
// Speculatability
//===----------------------------------------------------------------------===//

/// Whether `divisor` is a constant (splat) that is not zero, and not -1
/// when `signedDivision`.
static bool isSafeDivisor(Value divisor, bool signedDivision) {
  APInt value;
  if (!matchConstantInt(divisor, &value))
    return false;
  if (value.isZero())
    return false;
  return !signedDivision || !value.isAllOnes();
}

Speculation::Speculatability UDivOp::getSpeculatability() {
  return isSafeDivisor(getOperation()->getOperand(1), false) ? Speculation::Speculatable
                                                              : Speculation::NotSpeculatable;
}

Speculation::Speculatability SDivOp::getSpeculatability() {
  return isSafeDivisor(getOperation()->getOperand(1), true) ? Speculation::Speculatable
                                                             : Speculation::NotSpeculatable;
}
