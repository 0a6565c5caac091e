//===- SPIRVMiscOps.cpp - Verifiers of the spirv op families ---------------===//
//
// As mlir/lib/Dialect/SPIRV/IR/{AtomicOps,CastOps,GroupOps,
// IntegerDotProductOps,SPIRVOps}.cpp: the verifiers of the atomics and
// barriers (memory semantics), casts (bit widths), group and non-uniform
// group ops (scopes, cluster sizes), integer dot products, shifts,
// composite construction, vector shuffles, matrix products and transposes,
// GL frexp/ldexp, image size queries and the INTEL subgroup block ops.
//
#include "SPIRVParsingUtils.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"

#include <bit>

using namespace lamina;
using namespace lamina::spirv;
using namespace lamina::spirv::detail;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The value of an integer spirv.Constant.
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

/// At most one of Acquire, Release, AcquireRelease, SequentiallyConsistent.
static LogicalResult verifyMemorySemantics(Operation *op, Attribute semanticsAttr) {
  auto semantics = dyn_cast_or_null<MemorySemanticsAttr>(semanticsAttr);
  if (!semantics)
    return success();
  uint32_t atMostOne = uint32_t(MemorySemantics::Acquire) | uint32_t(MemorySemantics::Release) |
                       uint32_t(MemorySemantics::AcquireRelease) |
                       uint32_t(MemorySemantics::SequentiallyConsistent);
  if (std::popcount(uint32_t(semantics.getValue()) & atMostOne) > 1)
    return op->emitError("expected at most one of these four memory constraints to be set: `Acquire`, "
                         "`Release`,`AcquireRelease` or `SequentiallyConsistent`");
  return success();
}

static uint64_t scopeOf(Operation *op) {
  auto scope = dyn_cast_or_null<ScopeAttr>(op->getAttr("execution_scope"));
  return scope ? uint64_t(scope.getValue()) : 0;
}

static LogicalResult verifyWorkgroupOrSubgroupScope(Operation *op) {
  uint64_t scope = scopeOf(op);
  if (scope != uint64_t(Scope::Workgroup) && scope != uint64_t(Scope::Subgroup))
    return op->emitOpError("execution scope must be 'Workgroup' or 'Subgroup'");
  return success();
}

/// A cluster size from a constant op, a power of two.
static LogicalResult verifyClusterSize(Operation *op, Value size) {
  int32_t clusterSize = 0;
  if (failed(extractValueFromConstOp(size.getDefiningOp(), clusterSize)))
    return op->emitOpError("cluster size operand must come from a constant op");
  if (clusterSize <= 0 || (uint32_t(clusterSize) & (uint32_t(clusterSize) - 1)) != 0)
    return op->emitOpError("cluster size operand must be a power of two");
  return success();
}

//===----------------------------------------------------------------------===//
// Atomics and barriers
//===----------------------------------------------------------------------===//

/// The pointee is an integer (a float for `isFloat`), the memory semantics
/// valid.
static LogicalResult verifyAtomicUpdateOp(Operation *op, bool isFloat) {
  Type elementType = cast<PointerType>(op->getOperand(0).getType()).getPointeeType();
  if (isFloat ? !isa<FloatType>(elementType) : !isa<IntegerType>(elementType))
    return op->emitOpError() << "pointer operand must point to an " << (isFloat ? "float" : "integer")
                             << " value, found " << elementType;
  return verifyMemorySemantics(op, op->getAttr("semantics"));
}

#define SPIRV_ATOMIC_VERIFIER(CLASS, IS_FLOAT)                                                                        \
  LogicalResult CLASS::verify() { return verifyAtomicUpdateOp(getOperation(), IS_FLOAT); }
SPIRV_ATOMIC_VERIFIER(AtomicAndOp, false)
SPIRV_ATOMIC_VERIFIER(AtomicIAddOp, false)
SPIRV_ATOMIC_VERIFIER(AtomicIDecrementOp, false)
SPIRV_ATOMIC_VERIFIER(AtomicIIncrementOp, false)
SPIRV_ATOMIC_VERIFIER(AtomicISubOp, false)
SPIRV_ATOMIC_VERIFIER(AtomicOrOp, false)
SPIRV_ATOMIC_VERIFIER(AtomicSMaxOp, false)
SPIRV_ATOMIC_VERIFIER(AtomicSMinOp, false)
SPIRV_ATOMIC_VERIFIER(AtomicUMaxOp, false)
SPIRV_ATOMIC_VERIFIER(AtomicUMinOp, false)
SPIRV_ATOMIC_VERIFIER(AtomicXorOp, false)
SPIRV_ATOMIC_VERIFIER(EXTAtomicFAddOp, true)
#undef SPIRV_ATOMIC_VERIFIER

LogicalResult ControlBarrierOp::verify() {
  return verifyMemorySemantics(getOperation(), getOperation()->getAttr("memory_semantics"));
}

LogicalResult MemoryBarrierOp::verify() {
  return verifyMemorySemantics(getOperation(), getOperation()->getAttr("memory_semantics"));
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

/// The bit widths of the operand and result element types: the same
/// (`requireSameBitWidth`) or different.
static LogicalResult verifyCastOp(Operation *op, bool requireSameBitWidth) {
  Type operandType = op->getOperand(0).getType();
  Type resultType = op->getResult(0).getType();
  Type operandElemTy = operandType, resultElemTy = resultType;
  if (auto vec = dyn_cast<VectorType>(operandType)) {
    auto resultVec = dyn_cast<VectorType>(resultType);
    operandElemTy = resultVec ? vec.getElementType() : Type();
    resultElemTy = resultVec ? resultVec.getElementType() : Type();
  } else if (auto coop = dyn_cast<CooperativeMatrixType>(operandType)) {
    auto resultCoop = dyn_cast<CooperativeMatrixType>(resultType);
    operandElemTy = resultCoop ? coop.getElementType() : Type();
    resultElemTy = resultCoop ? resultCoop.getElementType() : Type();
  }
  if (!operandElemTy || !resultElemTy || !operandElemTy.isIntOrFloat() || !resultElemTy.isIntOrFloat())
    return op->emitOpError("incompatible operand and result types");
  bool sameBitWidth = operandElemTy.getIntOrFloatBitWidth() == resultElemTy.getIntOrFloatBitWidth();
  if (requireSameBitWidth && !sameBitWidth)
    return op->emitOpError("expected the same bit widths for operand type and result type, but provided ")
           << operandElemTy << " and " << resultElemTy;
  if (!requireSameBitWidth && sameBitWidth)
    return op->emitOpError("expected the different bit widths for operand type and result type, but provided ")
           << operandElemTy << " and " << resultElemTy;
  return success();
}

LogicalResult ConvertFToSOp::verify() { return success(); }
LogicalResult ConvertFToUOp::verify() { return success(); }
LogicalResult ConvertSToFOp::verify() { return success(); }
LogicalResult ConvertUToFOp::verify() { return success(); }
LogicalResult FConvertOp::verify() { return verifyCastOp(getOperation(), /*requireSameBitWidth=*/false); }
LogicalResult SConvertOp::verify() { return verifyCastOp(getOperation(), /*requireSameBitWidth=*/false); }
LogicalResult UConvertOp::verify() { return verifyCastOp(getOperation(), /*requireSameBitWidth=*/false); }

/// The bits of a scalar, vector or pointer (64) value.
static int64_t getBitWidth(Type type) {
  if (isa<PointerType>(type))
    return 64;
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getNumElements() * (vec.getElementType().isIntOrFloat() ? vec.getElementType().getIntOrFloatBitWidth()
                                                                        : 0);
  return 0;
}

LogicalResult BitcastOp::verify() {
  Operation *op = getOperation();
  Type operandType = op->getOperand(0).getType();
  Type resultType = op->getResult(0).getType();
  if (operandType == resultType)
    return op->emitError("result type must be different from operand type");
  if (isa<PointerType>(operandType) && !isa<PointerType>(resultType))
    return op->emitError("unhandled bit cast conversion from pointer type to non-pointer type");
  if (!isa<PointerType>(operandType) && isa<PointerType>(resultType))
    return op->emitError("unhandled bit cast conversion from non-pointer type to pointer type");
  int64_t operandBitWidth = getBitWidth(operandType);
  int64_t resultBitWidth = getBitWidth(resultType);
  if (operandBitWidth != resultBitWidth)
    return emitOpError("mismatch in result type bitwidth ")
           << resultBitWidth << " and operand type bitwidth " << operandBitWidth;
  return success();
}

//===----------------------------------------------------------------------===//
// Group ops
//===----------------------------------------------------------------------===//

/// The non-uniform arithmetic group ops: scope, then the cluster size of a
/// ClusteredReduce.
static LogicalResult verifyGroupNonUniformArithmeticOp(Operation *op) {
  if (failed(verifyWorkgroupOrSubgroupScope(op)))
    return failure();
  auto operation = dyn_cast_or_null<GroupOperationAttr>(op->getAttr("group_operation"));
  if (operation && operation.getValue() == GroupOperation::ClusteredReduce && op->getNumOperands() == 1)
    return op->emitOpError("cluster size operand must be provided for 'ClusteredReduce' group operation");
  if (op->getNumOperands() > 1)
    return verifyClusterSize(op, op->getOperand(1));
  return success();
}

#define SPIRV_GROUP_VERIFIER(CLASS, FN)                                                                               \
  LogicalResult CLASS::verify() { return FN(getOperation()); }
SPIRV_GROUP_VERIFIER(GroupNonUniformFAddOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformFMaxOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformFMinOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformFMulOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformIAddOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformIMulOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformSMaxOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformSMinOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformUMaxOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformUMinOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformBitwiseAndOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformBitwiseOrOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformBitwiseXorOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformLogicalAndOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformLogicalOrOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformLogicalXorOp, verifyGroupNonUniformArithmeticOp)
SPIRV_GROUP_VERIFIER(GroupNonUniformBallotOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupNonUniformBallotFindLSBOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupNonUniformBallotFindMSBOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupNonUniformElectOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupIAddOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupFAddOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupFMinOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupUMinOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupSMinOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupFMaxOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupUMaxOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupSMaxOp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupIMulKHROp, verifyWorkgroupOrSubgroupScope)
SPIRV_GROUP_VERIFIER(GroupFMulKHROp, verifyWorkgroupOrSubgroupScope)
#undef SPIRV_GROUP_VERIFIER

/// Scope, and a signless or unsigned integer as the last operand.
static LogicalResult verifyGroupNonUniformShuffleOp(Operation *op) {
  if (failed(verifyWorkgroupOrSubgroupScope(op)))
    return failure();
  if (op->getOperand(op->getNumOperands() - 1).getType().isSignedInteger())
    return op->emitOpError("second operand must be a singless/unsigned integer");
  return success();
}

LogicalResult GroupNonUniformShuffleOp::verify() { return verifyGroupNonUniformShuffleOp(getOperation()); }
LogicalResult GroupNonUniformShuffleDownOp::verify() { return verifyGroupNonUniformShuffleOp(getOperation()); }
LogicalResult GroupNonUniformShuffleUpOp::verify() { return verifyGroupNonUniformShuffleOp(getOperation()); }
LogicalResult GroupNonUniformShuffleXorOp::verify() { return verifyGroupNonUniformShuffleOp(getOperation()); }

LogicalResult GroupNonUniformRotateKHROp::verify() {
  Operation *op = getOperation();
  if (failed(verifyWorkgroupOrSubgroupScope(op)))
    return failure();
  if (op->getNumOperands() > 2)
    return verifyClusterSize(op, op->getOperand(2));
  return success();
}

LogicalResult GroupBroadcastOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyWorkgroupOrSubgroupScope(op)))
    return failure();
  if (auto localIdTy = dyn_cast<VectorType>(op->getOperand(1).getType()))
    if (localIdTy.getNumElements() != 2 && localIdTy.getNumElements() != 3)
      return emitOpError("localid is a vector and can be with only  2 or 3 components, actual number is ")
             << localIdTy.getNumElements();
  return success();
}

/// The SPIR-V version of the target environment of the nearest spirv.module
/// (1.0 by default).
static uint64_t targetVersion(Operation *op) {
  Operation *module = op->getParentOp();
  while (module && !isa<ModuleOp>(module))
    module = module->getParentOp();
  for (Operation *p = module; p; p = p->getParentOp())
    if (auto env = dyn_cast_or_null<TargetEnvAttr>(p->getAttr("spirv.target_env")))
      if (auto triple = dyn_cast<VerCapExtAttr>(env.getTripleAttr()))
        return uint64_t(cast<IntegerAttr>(triple.getVersionAttr()).getInt());
  return uint64_t(Version::V_1_0);
}

LogicalResult GroupNonUniformBroadcastOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyWorkgroupOrSubgroupScope(op)))
    return failure();
  if (targetVersion(op) < uint64_t(Version::V_1_5)) {
    Operation *idOp = op->getOperand(1).getDefiningOp();
    if (!idOp || !isa<ConstantOp, ReferenceOfOp>(idOp))
      return emitOpError("id must be the result of a constant op");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Arithmetic and composites
//===----------------------------------------------------------------------===//

static LogicalResult verifyShiftOp(Operation *op) {
  if (op->getOperand(0).getType() != op->getResult(0).getType())
    return op->emitError("expected the same type for the first operand and result, but provided ")
           << op->getOperand(0).getType() << " and " << op->getResult(0).getType();
  return success();
}

LogicalResult ShiftLeftLogicalOp::verify() { return verifyShiftOp(getOperation()); }
LogicalResult ShiftRightArithmeticOp::verify() { return verifyShiftOp(getOperation()); }
LogicalResult ShiftRightLogicalOp::verify() { return verifyShiftOp(getOperation()); }

LogicalResult CompositeConstructOp::verify() {
  Operation *op = getOperation();
  Type type = op->getResult(0).getType();
  OperandRange constituents = op->getOperands();
  if (auto coop = dyn_cast<CooperativeMatrixType>(type)) {
    if (constituents.size() != 1)
      return emitOpError("has incorrect number of operands: expected 1, but provided ") << constituents.size();
    if (coop.getElementType() != constituents[0].getType())
      return emitOpError("operand type mismatch: expected operand type ")
             << coop.getElementType() << ", but provided " << constituents[0].getType();
    return success();
  }
  size_t numElements = 0;
  auto elementType = [&](size_t i) -> Type {
    if (auto vec = dyn_cast<VectorType>(type))
      return vec.getElementType();
    if (auto arr = dyn_cast<ArrayType>(type))
      return arr.getElementType();
    if (auto st = dyn_cast<StructType>(type))
      return st.getElementType(unsigned(i));
    if (auto mat = dyn_cast<MatrixType>(type))
      return mat.getColumnType();
    return Type();
  };
  if (auto vec = dyn_cast<VectorType>(type))
    numElements = size_t(vec.getNumElements());
  else if (auto arr = dyn_cast<ArrayType>(type))
    numElements = arr.getNumElements();
  else if (auto st = dyn_cast<StructType>(type))
    numElements = st.getNumElements();
  else if (auto mat = dyn_cast<MatrixType>(type))
    numElements = mat.getNumColumns();
  if (constituents.size() == numElements) {
    for (size_t i = 0; i < constituents.size(); ++i)
      if (constituents[i].getType() != elementType(i))
        return emitOpError("operand type mismatch: expected operand type ")
               << elementType(i) << ", but provided " << constituents[i].getType();
    return success();
  }
  auto resultType = dyn_cast<VectorType>(type);
  if (!resultType)
    return emitOpError("expected to return a vector or cooperative matrix when the number of constituents is less "
                       "than what the result needs");
  int64_t total = 0;
  for (Value component : constituents) {
    Type componentType = component.getType();
    if (!isa<VectorType>(componentType) && !componentType.isIntOrFloat())
      return emitOpError("operand type mismatch: expected operand to have a scalar or vector type, but provided ")
             << componentType;
    Type elemType = componentType;
    if (auto vec = dyn_cast<VectorType>(componentType)) {
      total += vec.getNumElements();
      elemType = vec.getElementType();
    } else {
      total += 1;
    }
    if (elemType != resultType.getElementType())
      return emitOpError("operand element type mismatch: expected to be ")
             << resultType.getElementType() << ", but provided " << elemType;
  }
  if (total != resultType.getNumElements())
    return emitOpError("has incorrect number of operands: expected ")
           << resultType.getNumElements() << ", but provided " << total;
  return success();
}

LogicalResult VectorShuffleOp::verify() {
  Operation *op = getOperation();
  auto resultType = cast<VectorType>(op->getResult(0).getType());
  auto components = dyn_cast_or_null<lamina::ArrayAttr>(op->getAttr("components"));
  size_t numComponents = components ? components.size() : 0;
  if (size_t(resultType.getNumElements()) != numComponents)
    return emitOpError("result type element count (")
           << resultType.getNumElements() << ") mismatch with the number of component selectors (" << numComponents
           << ")";
  int64_t totalSrc = cast<VectorType>(op->getOperand(0).getType()).getNumElements() +
                     cast<VectorType>(op->getOperand(1).getType()).getNumElements();
  for (Attribute selector : components) {
    uint64_t index = uint32_t(cast<IntegerAttr>(selector).getInt());
    if (index >= uint64_t(totalSrc) && index != 0xFFFFFFFFu)
      return emitOpError("component selector ")
             << index << " out of range: expected to be in [0, " << totalSrc << ") or 0xffffffff";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Matrices
//===----------------------------------------------------------------------===//

static unsigned numRows(MatrixType type) { return unsigned(cast<VectorType>(type.getColumnType()).getNumElements()); }

LogicalResult MatrixTimesScalarOp::verify() {
  Operation *op = getOperation();
  Type matrixType = op->getOperand(0).getType();
  Type elementType;
  if (auto m = dyn_cast<MatrixType>(matrixType))
    elementType = m.getElementType();
  else if (auto c = dyn_cast<CooperativeMatrixType>(matrixType))
    elementType = c.getElementType();
  if (op->getOperand(1).getType() != elementType)
    return emitOpError("input matrix components' type and scaling value must have the same type");
  return success();
}

LogicalResult TransposeOp::verify() {
  Operation *op = getOperation();
  auto input = cast<MatrixType>(op->getOperand(0).getType());
  auto result = cast<MatrixType>(op->getResult(0).getType());
  if (numRows(input) != result.getNumColumns())
    return op->emitError("input matrix rows count must be equal to output matrix columns count");
  if (input.getNumColumns() != numRows(result))
    return op->emitError("input matrix columns count must be equal to output matrix rows count");
  if (input.getElementType() != result.getElementType())
    return op->emitError("input and output matrices must have the same component type");
  return success();
}

LogicalResult MatrixTimesMatrixOp::verify() {
  Operation *op = getOperation();
  auto left = cast<MatrixType>(op->getOperand(0).getType());
  auto right = cast<MatrixType>(op->getOperand(1).getType());
  auto result = cast<MatrixType>(op->getResult(0).getType());
  if (left.getNumColumns() != numRows(right))
    return op->emitError("left matrix columns' count must be equal to the right matrix rows' count");
  if (right.getNumColumns() != result.getNumColumns())
    return op->emitError("right and result matrices must have equal columns' count");
  if (right.getElementType() != result.getElementType())
    return op->emitError("right and result matrices' component type must be the same");
  if (left.getElementType() != result.getElementType())
    return op->emitError("left and result matrices' component type must be the same");
  if (numRows(left) != numRows(result))
    return op->emitError("left and result matrices must have equal rows' count");
  return success();
}

//===----------------------------------------------------------------------===//
// GL extended instructions, images, INTEL subgroup blocks
//===----------------------------------------------------------------------===//

LogicalResult GLFrexpStructOp::verify() {
  Operation *op = getOperation();
  auto structTy = dyn_cast<StructType>(op->getResult(0).getType());
  if (!structTy || structTy.getNumElements() != 2)
    return op->emitError("result type must be a struct type with two memebers");
  Type significandTy = structTy.getElementType(0);
  Type exponentTy = structTy.getElementType(1);
  auto exponentVecTy = dyn_cast<VectorType>(exponentTy);
  auto exponentIntTy = dyn_cast<IntegerType>(exponentTy);
  Type operandTy = op->getOperand(0).getType();
  auto operandVecTy = dyn_cast<VectorType>(operandTy);
  bool operandIsFloat = isa<FloatType>(operandTy);
  if (significandTy != operandTy)
    return op->emitError("member zero of the resulting struct type must be the same type as the operand");
  if (exponentVecTy) {
    auto componentIntTy = dyn_cast<IntegerType>(exponentVecTy.getElementType());
    if (!componentIntTy || componentIntTy.getWidth() != 32)
      return op->emitError("member one of the resulting struct type mustbe a scalar or vector of 32 bit integer type");
  } else if (!exponentIntTy || exponentIntTy.getWidth() != 32) {
    return op->emitError("member one of the resulting struct type must be a scalar or vector of 32 bit integer type");
  }
  if (operandVecTy && exponentVecTy && exponentVecTy.getNumElements() == operandVecTy.getNumElements())
    return success();
  if (operandIsFloat && exponentIntTy)
    return success();
  return op->emitError("member one of the resulting struct type must have the same number of components as the "
                       "operand type");
}

LogicalResult GLLdexpOp::verify() {
  Operation *op = getOperation();
  Type significandType = op->getOperand(0).getType();
  Type exponentType = op->getOperand(1).getType();
  if (isa<FloatType>(significandType) != isa<IntegerType>(exponentType))
    return emitOpError("operands must both be scalars or vectors");
  auto numElements = [](Type type) -> int64_t {
    if (auto vec = dyn_cast<VectorType>(type))
      return vec.getNumElements();
    return 1;
  };
  if (numElements(significandType) != numElements(exponentType))
    return emitOpError("operands must have the same number of elements");
  return success();
}

LogicalResult ImageQuerySizeOp::verify() {
  Operation *op = getOperation();
  auto imageType = cast<ImageType>(op->getOperand(0).getType());
  Type resultType = op->getResult(0).getType();
  Dim dim = imageType.getDim();
  ImageSamplingInfo sampling = imageType.getSamplingInfo();
  ImageSamplerUseInfo samplerUse = imageType.getSamplerUseInfo();
  switch (dim) {
  case Dim::Dim1D:
  case Dim::Dim2D:
  case Dim::Dim3D:
  case Dim::Cube:
    if (sampling != ImageSamplingInfo::MultiSampled && samplerUse != ImageSamplerUseInfo::SamplerUnknown &&
        samplerUse != ImageSamplerUseInfo::NoSampler)
      return op->emitError("if Dim is 1D, 2D, 3D, or Cube, it must also have either an MS of 1 or a Sampled of 0 or 2");
    break;
  case Dim::Buffer:
  case Dim::Rect:
    break;
  default:
    return op->emitError("the Dim operand of the image type must be 1D, 2D, 3D, Buffer, Cube, or Rect");
  }
  unsigned componentNumber = 0;
  switch (dim) {
  case Dim::Dim1D:
  case Dim::Buffer:
    componentNumber = 1;
    break;
  case Dim::Dim2D:
  case Dim::Cube:
  case Dim::Rect:
    componentNumber = 2;
    break;
  case Dim::Dim3D:
    componentNumber = 3;
    break;
  default:
    break;
  }
  if (imageType.getArrayedInfo() == ImageArrayedInfo::Arrayed)
    componentNumber += 1;
  unsigned resultComponentNumber = 1;
  if (auto vec = dyn_cast<VectorType>(resultType))
    resultComponentNumber = unsigned(vec.getNumElements());
  if (componentNumber != resultComponentNumber)
    return op->emitError("expected the result to have ")
           << componentNumber << " component(s), but found " << resultComponentNumber << " component(s)";
  return success();
}

/// The pointee of `ptr` is `val`'s (element) type.
static LogicalResult verifyBlockReadWritePtrAndValTypes(Operation *op, Value ptr, Value val) {
  Type valType = val.getType();
  if (auto vec = dyn_cast<VectorType>(valType))
    valType = vec.getElementType();
  if (valType != cast<PointerType>(ptr.getType()).getPointeeType())
    return op->emitOpError("mismatch in result type and pointer type");
  return success();
}

LogicalResult INTELSubgroupBlockReadOp::verify() {
  Operation *op = getOperation();
  return verifyBlockReadWritePtrAndValTypes(op, op->getOperand(0), op->getResult(0));
}

LogicalResult INTELSubgroupBlockWriteOp::verify() {
  Operation *op = getOperation();
  return verifyBlockReadWritePtrAndValTypes(op, op->getOperand(0), op->getOperand(1));
}

ParseResult INTELSubgroupBlockWriteOp::parse(OpAsmParser &parser, OperationState &result) {
  uint64_t storageClass = 0;
  SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  SMLoc loc = parser.getCurrentLocation();
  Type elementType;
  if (parseEnumStr(parser, getStorageClassInfo(), "storage_class", storageClass) ||
      parser.parseOperandList(operands, 2) || parser.parseColon() || parser.parseType(elementType))
    return failure();
  Type pointee = elementType;
  if (auto vec = dyn_cast<VectorType>(elementType))
    pointee = vec.getElementType();
  std::vector<Type> types = {PointerType::get(pointee, StorageClass(storageClass)), elementType};
  return parser.resolveOperands(operands, ArrayRef<Type>(types), loc, result.operands);
}

void INTELSubgroupBlockWriteOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  p << " ";
  p.printOperand(op->getOperand(0));
  p << ", ";
  p.printOperand(op->getOperand(1));
  p << " : " << op->getOperand(1).getType();
}

LogicalResult SwitchOp::verify() {
  auto literals = getLiteralsAttr();
  unsigned numTargets = getOperation()->getNumSuccessors() - 1;
  if (!literals)
    return success();
  Type selectorType = getSelector().getType();
  Type literalType = cast<ShapedType>(literals.getType()).getElementType();
  if (literalType != selectorType)
    return emitOpError() << "'selector' type (" << selectorType << ") should match literals type (" << literalType
                         << ")";
  if (cast<ShapedType>(literals.getType()).getNumElements() != int64_t(numTargets))
    return emitOpError() << "number of literals (" << cast<ShapedType>(literals.getType()).getNumElements()
                         << ") should match number of targets (" << numTargets << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Integer dot products
//===----------------------------------------------------------------------===//

/// A packed 32-bit integer needs the PackedVectorFormat4x8Bit `format`,
/// vectors have none; the result is at least as wide as a factor.
static LogicalResult verifyIntegerDotProduct(Operation *op) {
  Type factorTy = op->getOperand(0).getType();
  Attribute format = op->getAttr("format");
  if (auto intTy = dyn_cast<IntegerType>(factorTy)) {
    if (!format)
      return op->emitOpError("requires Packed Vector Format attribute for integer vector operands");
    if (intTy.getWidth() != 32)
      return op->emitOpError("with specified Packed Vector Format (PackedVectorFormat4x8Bit) requires integer vector "
                             "operands to be 32-bits wide");
  } else if (format) {
    return op->emitOpError("with invalid format attribute for vector operands of type ") << factorTy;
  }
  int64_t factorBitWidth = getBitWidth(factorTy);
  int64_t resultBitWidth = getBitWidth(op->getResult(0).getType());
  if (factorBitWidth > resultBitWidth)
    return op->emitOpError("result type has insufficient bit-width (")
           << resultBitWidth << " bits) for the specified vector operand type (" << factorBitWidth << " bits)";
  return success();
}

LogicalResult SDotOp::verify() { return verifyIntegerDotProduct(getOperation()); }
LogicalResult SUDotOp::verify() { return verifyIntegerDotProduct(getOperation()); }
LogicalResult UDotOp::verify() { return verifyIntegerDotProduct(getOperation()); }
LogicalResult SDotAccSatOp::verify() { return verifyIntegerDotProduct(getOperation()); }
LogicalResult SUDotAccSatOp::verify() { return verifyIntegerDotProduct(getOperation()); }
LogicalResult UDotAccSatOp::verify() { return verifyIntegerDotProduct(getOperation()); }

//===----------------------------------------------------------------------===//
// KHR cooperative matrices
//===----------------------------------------------------------------------===//

/// A scalar or vector pointee; the memory operand's Aligned bit matches the
/// alignment.
static LogicalResult verifyCoopMatrixAccess(Operation *op, Type pointer, MemoryAccessAttr memoryOperand,
                                            IntegerAttr alignment, bool isLoad) {
  Type pointee = cast<PointerType>(pointer).getPointeeType();
  bool scalar = isa<FloatType>(pointee);
  if (auto intType = dyn_cast<IntegerType>(pointee)) {
    unsigned w = intType.getWidth();
    scalar = w == 1 || w == 8 || w == 16 || w == 32 || w == 64;
  }
  if (!scalar && !isa<VectorType>(pointee))
    return op->emitOpError("Pointer must point to a scalar or vector type but provided ") << pointee;
  if (memoryOperand) {
    uint32_t set = uint32_t(memoryOperand.getValue());
    if (isLoad && (set & uint32_t(MemoryAccess::MakePointerAvailable)))
      return op->emitOpError("not compatible with memory operand 'MakePointerAvailable'");
    if (!isLoad && (set & uint32_t(MemoryAccess::MakePointerVisible)))
      return op->emitOpError("not compatible with memory operand 'MakePointerVisible'");
    bool aligned = set & uint32_t(MemoryAccess::Aligned);
    if (aligned && !alignment)
      return op->emitOpError("missing value for the 'Aligned' memory operand");
    if (!aligned && alignment)
      return op->emitOpError("found alignment attribute for non-'Aligned' memory operand");
  }
  return success();
}

LogicalResult KHRCooperativeMatrixLoadOp::verify() {
  return verifyCoopMatrixAccess(getOperation(), getPointer().getType(), getMemoryOperandAttr(), getAlignmentAttr(),
                                /*isLoad=*/true);
}

LogicalResult KHRCooperativeMatrixStoreOp::verify() {
  return verifyCoopMatrixAccess(getOperation(), getPointer().getType(), getMemoryOperandAttr(), getAlignmentAttr(),
                                /*isLoad=*/false);
}

LogicalResult KHRCooperativeMatrixMulAddOp::verify() {
  auto typeA = cast<CooperativeMatrixType>(getA().getType());
  auto typeB = cast<CooperativeMatrixType>(getB().getType());
  auto typeC = cast<CooperativeMatrixType>(getC().getType());
  if (typeA.getUse() != CooperativeMatrixUseKHR::MatrixA)
    return emitOpError("operand #0 must be of use 'MatrixA'");
  if (typeB.getUse() != CooperativeMatrixUseKHR::MatrixB)
    return emitOpError("operand #1 must be of use 'MatrixB'");
  if (typeC.getUse() != CooperativeMatrixUseKHR::MatrixAcc)
    return emitOpError("operand #2 must be of use 'MatrixAcc'");
  if (typeA.getScope() != typeB.getScope() || typeA.getScope() != typeC.getScope())
    return emitOpError("matrix scope mismatch");
  if (typeA.getRows() != typeC.getRows())
    return emitOpError("matrix size mismatch on dimension 'M'");
  if (typeB.getColumns() != typeC.getColumns())
    return emitOpError("matrix size mismatch on dimension 'N'");
  if (typeA.getColumns() != typeB.getRows())
    return emitOpError("matrix size mismatch on dimension 'K'");
  if (getMatrixOperandsAttr() && (!isa<IntegerType>(typeA.getElementType()) ||
                                  !isa<IntegerType>(typeB.getElementType()) ||
                                  !isa<IntegerType>(typeC.getElementType())))
    return emitOpError("Matrix Operands require all matrix element types to be Integer Types");
  return success();
}

//===----------------------------------------------------------------------===//
// Image ops
//===----------------------------------------------------------------------===//

/// Operand arguments only with Image Operands saying what they are.
static LogicalResult verifyImageOperands(Operation *op, ImageOperandsAttr attr, OperandRange operands) {
  if (!attr && !operands.empty())
    return op->emitError("the Image Operands should encode what operands follow, as per Image Operands");
  return success();
}

#define SPIRV_IMAGE_VERIFIER(CLASS)                                                                                   \
  LogicalResult CLASS::verify() {                                                                                     \
    return verifyImageOperands(getOperation(), getImageOperandsAttr(), getOperandArguments());                        \
  }
SPIRV_IMAGE_VERIFIER(ImageDrefGatherOp)
SPIRV_IMAGE_VERIFIER(ImageFetchOp)
SPIRV_IMAGE_VERIFIER(ImageReadOp)
SPIRV_IMAGE_VERIFIER(ImageSampleExplicitLodOp)
SPIRV_IMAGE_VERIFIER(ImageSampleImplicitLodOp)
SPIRV_IMAGE_VERIFIER(ImageSampleProjDrefImplicitLodOp)
SPIRV_IMAGE_VERIFIER(ImageWriteOp)
#undef SPIRV_IMAGE_VERIFIER

//===----------------------------------------------------------------------===//
// Pointer casts
//===----------------------------------------------------------------------===//

static bool isWorkgroupCrossWorkgroupOrFunction(StorageClass sc) {
  return sc == StorageClass::Workgroup || sc == StorageClass::CrossWorkgroup || sc == StorageClass::Function;
}

LogicalResult PtrCastToGenericOp::verify() {
  Operation *op = getOperation();
  auto operandType = cast<PointerType>(op->getOperand(0).getType());
  auto resultType = cast<PointerType>(op->getResult(0).getType());
  if (!isWorkgroupCrossWorkgroupOrFunction(operandType.getStorageClass()))
    return op->emitError("pointer must point to the Workgroup, CrossWorkgroup, or Function Storage Class");
  if (resultType.getStorageClass() != StorageClass::Generic)
    return op->emitError("result type must be of storage class Generic");
  if (operandType.getPointeeType() != resultType.getPointeeType())
    return emitOpError("pointer operand's pointee type must have the same as the op result type, but found ")
           << operandType.getPointeeType() << " vs " << resultType.getPointeeType();
  return success();
}

static LogicalResult verifyGenericCastToPtr(Operation *op) {
  auto operandType = cast<PointerType>(op->getOperand(0).getType());
  auto resultType = cast<PointerType>(op->getResult(0).getType());
  if (operandType.getStorageClass() != StorageClass::Generic)
    return op->emitError("pointer type must be of storage class Generic");
  if (!isWorkgroupCrossWorkgroupOrFunction(resultType.getStorageClass()))
    return op->emitError("result must point to the Workgroup, CrossWorkgroup, or Function Storage Class");
  if (operandType.getPointeeType() != resultType.getPointeeType())
    return op->emitOpError("pointer operand's pointee type must have the same as the op result type, but found ")
           << operandType.getPointeeType() << " vs " << resultType.getPointeeType();
  return success();
}

LogicalResult GenericCastToPtrOp::verify() { return verifyGenericCastToPtr(getOperation()); }
LogicalResult GenericCastToPtrExplicitOp::verify() { return verifyGenericCastToPtr(getOperation()); }

/// In a spirv.module, a physical addressing model (and a
/// PhysicalStorageBuffer pointer with PhysicalStorageBuffer64).
static bool isPhysicalPointer(Operation *op, PointerType ptrType) {
  Operation *module = op->getParentOp();
  while (module && !isa<ModuleOp>(module))
    module = module->getParentOp();
  if (!module)
    return true;
  auto model = dyn_cast_or_null<AddressingModelAttr>(module->getAttr("addressing_model"));
  if (!model)
    return true;
  if (model.getValue() == AddressingModel::Logical)
    return false;
  return !(model.getValue() == AddressingModel::PhysicalStorageBuffer64 &&
           ptrType.getStorageClass() != StorageClass::PhysicalStorageBuffer);
}

LogicalResult ConvertPtrToUOp::verify() {
  Operation *op = getOperation();
  auto resultType = dyn_cast<IntegerType>(op->getResult(0).getType());
  if (!resultType || !resultType.isSignless())
    return op->emitError("result must be a scalar type of unsigned integer");
  if (!isPhysicalPointer(op, cast<PointerType>(op->getOperand(0).getType())))
    return op->emitError("operand must be a physical pointer");
  return success();
}

LogicalResult ConvertUToPtrOp::verify() {
  Operation *op = getOperation();
  auto operandType = dyn_cast<IntegerType>(op->getOperand(0).getType());
  if (!operandType || !operandType.isSignless())
    return op->emitError("result must be a scalar type of unsigned integer");
  if (!isPhysicalPointer(op, cast<PointerType>(op->getResult(0).getType())))
    return op->emitError("result must be a physical pointer");
  return success();
}

LogicalResult MatrixTimesVectorOp::verify() {
  Operation *op = getOperation();
  auto matrix = cast<MatrixType>(op->getOperand(0).getType());
  auto vector = cast<VectorType>(op->getOperand(1).getType());
  auto result = cast<VectorType>(op->getResult(0).getType());
  if (int64_t(matrix.getNumColumns()) != vector.getNumElements())
    return emitOpError("matrix columns (") << matrix.getNumColumns() << ") must match vector operand size ("
                                           << vector.getNumElements() << ")";
  if (result.getNumElements() != int64_t(numRows(matrix)))
    return emitOpError("result size (") << result.getNumElements() << ") must match the matrix rows ("
                                        << numRows(matrix) << ")";
  if (matrix.getElementType() != result.getElementType())
    return emitOpError("matrix and result element types must match");
  return success();
}

LogicalResult VectorTimesMatrixOp::verify() {
  Operation *op = getOperation();
  auto vector = cast<VectorType>(op->getOperand(0).getType());
  auto matrix = cast<MatrixType>(op->getOperand(1).getType());
  auto result = cast<VectorType>(op->getResult(0).getType());
  if (vector.getNumElements() != int64_t(numRows(matrix)))
    return emitOpError("number of components in vector must equal the number of components in each column in matrix");
  if (int64_t(matrix.getNumColumns()) != result.getNumElements())
    return emitOpError("number of columns in matrix must equal the number of components in result");
  if (matrix.getElementType() != result.getElementType())
    return emitOpError("matrix must be a matrix with the same component type as the component type in result");
  return success();
}
