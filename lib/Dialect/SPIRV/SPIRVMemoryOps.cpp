//===- SPIRVMemoryOps.cpp - The spirv memory ops ---------------------------===//
//
// As mlir/lib/Dialect/SPIRV/IR/MemoryOps.cpp: the access chains' element
// pointer types and verifiers, spirv.CopyMemory's syntax and verifier, and
// the physical storage buffer decorations of variables.
//
#include "SPIRVParsingUtils.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::spirv;
using namespace lamina::spirv::detail;

LogicalResult spirv::detail::verifyPhysicalStorageBufferDecorations(Operation *op, Type pointeeType) {
  Type elemType = pointeeType;
  if (auto array = dyn_cast<ArrayType>(pointeeType))
    elemType = array.getElementType();
  auto ptr = dyn_cast<PointerType>(elemType);
  if (!ptr || ptr.getStorageClass() != StorageClass::PhysicalStorageBuffer)
    return success();
  bool aliased = bool(op->getAttr("aliased_pointer"));
  bool restrict_ = bool(op->getAttr("restrict_pointer"));
  if (aliased && restrict_)
    return op->emitOpError(" with physical buffer pointer must have exactly one aliasing decoration");
  if (!aliased && !restrict_)
    return op->emitOpError(" with physical buffer pointer must be decorated either 'AliasedPointer' or "
                           "'RestrictPointer'");
  return success();
}

//===----------------------------------------------------------------------===//
// Access chains
//===----------------------------------------------------------------------===//

/// The value of a spirv.Constant integer.
static LogicalResult extractValueFromConstOp(Operation *op, int32_t &value) {
  auto constOp = dyn_cast_or_null<ConstantOp>(op);
  if (!constOp)
    return failure();
  auto intAttr = dyn_cast<IntegerAttr>(constOp.getValueAttr());
  if (!intAttr)
    return failure();
  auto intType = dyn_cast<IntegerType>(intAttr.getType());
  value = int32_t(intType && !intType.isSignless() ? intAttr.getSInt() : intAttr.getInt());
  return success();
}

/// The number of elements of a composite type with a known count (-1 if it
/// is a runtime array or a cooperative matrix), and its element `index`; a
/// null type if `type` is not composite.
static Type compositeElement(Type type, int32_t index, int64_t &numElements) {
  numElements = -1;
  if (auto vec = dyn_cast<VectorType>(type)) {
    numElements = vec.getNumElements();
    return vec.getElementType();
  }
  if (auto arr = dyn_cast<ArrayType>(type)) {
    numElements = arr.getNumElements();
    return arr.getElementType();
  }
  if (auto st = dyn_cast<StructType>(type)) {
    numElements = st.getNumElements();
    return index >= 0 && index < numElements ? st.getElementType(unsigned(index)) : Type();
  }
  if (auto mat = dyn_cast<MatrixType>(type)) {
    numElements = mat.getNumColumns();
    return mat.getColumnType();
  }
  if (auto rt = dyn_cast<RuntimeArrayType>(type))
    return rt.getElementType();
  if (auto coop = dyn_cast<CooperativeMatrixType>(type))
    return coop.getElementType();
  return Type();
}

static bool isCompositeType(Type type) {
  return isa<VectorType, ArrayType, StructType, MatrixType, RuntimeArrayType, CooperativeMatrixType>(type);
}

/// The pointer type `indices` select from the pointer type `type`; null
/// after an error at `loc`.
static Type getElementPtrType(Type type, ValueRange indices, Location loc) {
  auto ptrType = dyn_cast<PointerType>(type);
  if (!ptrType)
    return (void)(emitError(loc, "'spirv.AccessChain' op expected a pointer to composite type, but provided ") << type),
           Type();
  Type resultType = ptrType.getPointeeType();
  int32_t index = 0;
  for (Value indexValue : indices) {
    if (!isCompositeType(resultType))
      return (void)(emitError(loc, "'spirv.AccessChain' op cannot extract from non-composite type ")
                    << resultType << " with index " << index),
             Type();
    index = 0;
    int64_t numElements = 0;
    if (isa<StructType>(resultType)) {
      Operation *op = indexValue.getDefiningOp();
      if (!op)
        return (void)emitError(loc, "'spirv.AccessChain' op index must be an integer spirv.Constant to access "
                                    "element of spirv.struct"),
               Type();
      if (failed(extractValueFromConstOp(op, index)))
        return (void)(emitError(loc, "'spirv.AccessChain' index must be an integer spirv.Constant to access element "
                                     "of spirv.struct, but provided ")
                      << op->getName().getStringRef()),
               Type();
      compositeElement(resultType, 0, numElements);
      if (index < 0 || index >= numElements)
        return (void)(emitError(loc, "'spirv.AccessChain' op index ") << index << " out of bounds for " << resultType),
               Type();
    }
    resultType = compositeElement(resultType, index, numElements);
  }
  return PointerType::get(resultType, ptrType.getStorageClass());
}

static LogicalResult verifyAccessChain(Operation *op, Value basePtr, ValueRange indices) {
  Type resultType = getElementPtrType(basePtr.getType(), indices, op->getLoc());
  if (!resultType)
    return failure();
  Type provided = op->getResult(0).getType();
  if (!isa<PointerType>(provided))
    return op->emitOpError("result type must be a pointer, but provided") << provided;
  if (resultType != provided)
    return op->emitOpError("invalid result type: expected ") << resultType << ", but provided " << provided;
  return success();
}

LogicalResult AccessChainOp::verify() { return verifyAccessChain(getOperation(), getBasePtr(), getIndices()); }
LogicalResult PtrAccessChainOp::verify() { return verifyAccessChain(getOperation(), getBasePtr(), getIndices()); }
LogicalResult InBoundsPtrAccessChainOp::verify() {
  return verifyAccessChain(getOperation(), getBasePtr(), getIndices());
}

//===----------------------------------------------------------------------===//
// spirv.CopyMemory
//===----------------------------------------------------------------------===//

ParseResult CopyMemoryOp::parse(OpAsmParser &parser, OperationState &result) {
  uint64_t targetClass = 0, sourceClass = 0;
  OpAsmParser::UnresolvedOperand target, source;
  Type elementType;
  if (parseEnumStr(parser, getStorageClassInfo(), "storage_class", targetClass) || parser.parseOperand(target) ||
      parser.parseComma() || parseEnumStr(parser, getStorageClassInfo(), "storage_class", sourceClass) ||
      parser.parseOperand(source) || parseMemoryAccessAttributes(parser, result))
    return failure();
  if (succeeded(parser.parseOptionalComma()) &&
      parseMemoryAccessAttributes(parser, result, "source_memory_access", "source_alignment"))
    return failure();
  if (parser.parseColon() || parser.parseType(elementType) || parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (parser.resolveOperand(target, PointerType::get(elementType, StorageClass(targetClass)), result.operands) ||
      parser.resolveOperand(source, PointerType::get(elementType, StorageClass(sourceClass)), result.operands))
    return failure();
  return success();
}

void CopyMemoryOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  auto printPtr = [&](Value ptr) {
    p << " \"" << getStorageClassInfo().stringify(uint64_t(cast<PointerType>(ptr.getType()).getStorageClass()))
      << "\" ";
    p.printOperand(ptr);
  };
  p << ' ';
  printPtr(getTarget());
  p << ", ";
  printPtr(getSource());
  std::vector<std::string_view> elided;
  printMemoryAccessAttribute(op, p, elided);
  // As MLIR's printSourceMemoryAccessAttribute: without a source memory
  // access (alignment), the target's is printed in its place.
  p << ", ";
  Attribute access = op->getAttr("source_memory_access");
  if (!access)
    access = op->getAttr("memory_access");
  if (access) {
    elided.push_back("source_memory_access");
    uint64_t value = enumAttrValue(access);
    p << " [\"" << getMemoryAccessInfo().stringify(value) << "\"";
    if (value & uint64_t(MemoryAccess::Aligned)) {
      auto alignment = dyn_cast_or_null<IntegerAttr>(op->getAttr("source_alignment"));
      if (!alignment)
        alignment = dyn_cast_or_null<IntegerAttr>(op->getAttr("alignment"));
      if (alignment) {
        elided.push_back("source_alignment");
        p << ", " << alignment.getInt();
      }
    }
    p << "]";
  }
  elided.push_back("storage_class");
  p.printOptionalAttrDict(op->getAttrs(), elided);
  p << " : " << cast<PointerType>(getTarget().getType()).getPointeeType();
}

LogicalResult CopyMemoryOp::verify() {
  Operation *op = getOperation();
  if (cast<PointerType>(getTarget().getType()).getPointeeType() !=
      cast<PointerType>(getSource().getType()).getPointeeType())
    return emitOpError("both operands must be pointers to the same type");
  if (failed(verifyMemoryAccessAttribute(op)))
    return failure();
  return verifyMemoryAccessAttribute(op, "source_memory_access", "source_alignment");
}

//===----------------------------------------------------------------------===//
// spirv.VectorTimesScalar
//===----------------------------------------------------------------------===//

LogicalResult VectorTimesScalarOp::verify() {
  Operation *op = getOperation();
  Type resultType = op->getResult(0).getType();
  if (op->getOperand(0).getType() != resultType)
    return emitOpError("vector operand and result type mismatch");
  if (op->getOperand(1).getType() != cast<VectorType>(resultType).getElementType())
    return emitOpError("scalar operand and result element type match");
  return success();
}
