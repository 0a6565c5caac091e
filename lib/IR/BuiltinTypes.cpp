//===- BuiltinTypes.cpp - The types of the builtin dialect ----------------===//
#include "lamina/IR/BuiltinTypes.h"

#include "MLIRContextImpl.h"
#include "TypeDetail.h"
#include "lamina/IR/AffineMap.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/TensorEncoding.h"
#include "lamina/IR/VectorElementTypeInterface.h"

using namespace lamina;
using namespace lamina::detail;

//===----------------------------------------------------------------------===//
// Type predicates
//===----------------------------------------------------------------------===//

bool Type::isIndex() const { return lamina::isa<IndexType>(*this); }
bool Type::isBF16() const { return lamina::isa<BFloat16Type>(*this); }
bool Type::isF16() const { return lamina::isa<Float16Type>(*this); }
bool Type::isTF32() const { return lamina::isa<FloatTF32Type>(*this); }
bool Type::isF32() const { return lamina::isa<Float32Type>(*this); }
bool Type::isF64() const { return lamina::isa<Float64Type>(*this); }
bool Type::isF80() const { return lamina::isa<Float80Type>(*this); }
bool Type::isF128() const { return lamina::isa<Float128Type>(*this); }
bool Type::isInteger() const { return lamina::isa<IntegerType>(*this); }
bool Type::isInteger(unsigned width) const {
  auto t = lamina::dyn_cast<IntegerType>(*this);
  return t && t.getWidth() == width;
}
bool Type::isSignlessInteger() const {
  auto t = lamina::dyn_cast<IntegerType>(*this);
  return t && t.isSignless();
}
bool Type::isSignlessInteger(unsigned width) const {
  auto t = lamina::dyn_cast<IntegerType>(*this);
  return t && t.isSignless() && t.getWidth() == width;
}
bool Type::isSignedInteger() const {
  auto t = lamina::dyn_cast<IntegerType>(*this);
  return t && t.isSigned();
}
bool Type::isSignedInteger(unsigned width) const {
  auto t = lamina::dyn_cast<IntegerType>(*this);
  return t && t.isSigned() && t.getWidth() == width;
}
bool Type::isUnsignedInteger() const {
  auto t = lamina::dyn_cast<IntegerType>(*this);
  return t && t.isUnsigned();
}
bool Type::isUnsignedInteger(unsigned width) const {
  auto t = lamina::dyn_cast<IntegerType>(*this);
  return t && t.isUnsigned() && t.getWidth() == width;
}
bool Type::isIntOrIndex() const { return isInteger() || isIndex(); }
bool Type::isIntOrFloat() const { return isInteger() || lamina::isa<FloatType>(*this); }
bool Type::isIntOrIndexOrFloat() const { return isIntOrFloat() || isIndex(); }
bool Type::isSignlessIntOrIndex() const { return isSignlessInteger() || isIndex(); }
bool Type::isSignlessIntOrIndexOrFloat() const {
  return isSignlessInteger() || isIndex() || lamina::isa<FloatType>(*this);
}
bool Type::isSignlessIntOrFloat() const { return isSignlessInteger() || lamina::isa<FloatType>(*this); }

unsigned Type::getIntOrFloatBitWidth() const {
  if (auto i = lamina::dyn_cast<IntegerType>(*this))
    return i.getWidth();
  return lamina::cast<FloatType>(*this).getWidth();
}

//===----------------------------------------------------------------------===//
// IntegerType
//===----------------------------------------------------------------------===//

IntegerType IntegerType::get(MLIRContext *ctx, unsigned width, SignednessSemantics signedness) {
  if (signedness == Signless) {
    auto &impl = ctx->getImpl();
    switch (width) {
    case 1:
      if (impl.int1Ty)
        return impl.int1Ty;
      break;
    case 8:
      if (impl.int8Ty)
        return impl.int8Ty;
      break;
    case 16:
      if (impl.int16Ty)
        return impl.int16Ty;
      break;
    case 32:
      if (impl.int32Ty)
        return impl.int32Ty;
      break;
    case 64:
      if (impl.int64Ty)
        return impl.int64Ty;
      break;
    default:
      break;
    }
  }
  return Base::get(ctx, width, signedness);
}

IntegerType IntegerType::getChecked(function_ref<InFlightDiagnostic()> emitError, MLIRContext *ctx,
                                    unsigned width, SignednessSemantics signedness) {
  if (failed(verify(emitError, width, signedness)))
    return IntegerType();
  return get(ctx, width, signedness);
}

LogicalResult IntegerType::verify(function_ref<InFlightDiagnostic()> emitError, unsigned width,
                                  SignednessSemantics) {
  if (width > kMaxWidth)
    return emitError() << "integer bitwidth is limited to " << kMaxWidth << " bits";
  return success();
}

unsigned IntegerType::getWidth() const { return getImpl()->width; }
IntegerType::SignednessSemantics IntegerType::getSignedness() const { return getImpl()->signedness; }
IntegerType IntegerType::scaleElementBitwidth(unsigned scale) const {
  return IntegerType::get(getContext(), getWidth() * scale, getSignedness());
}

//===----------------------------------------------------------------------===//
// FloatType
//===----------------------------------------------------------------------===//

bool FloatType::classof(Type type) { return type.getAbstractType().builtinFloatIndex != 0; }

const FltSemantics &FloatType::getFloatSemantics() const {
  TypeID id = getTypeID();
  if (id == Float32Type::getTypeID())
    return APFloat::IEEEsingle();
  if (id == Float64Type::getTypeID())
    return APFloat::IEEEdouble();
  if (id == Float16Type::getTypeID())
    return APFloat::IEEEhalf();
  if (id == BFloat16Type::getTypeID())
    return APFloat::BFloat();
  if (id == Float80Type::getTypeID())
    return APFloat::x87DoubleExtended();
  if (id == Float128Type::getTypeID())
    return APFloat::IEEEquad();
  if (id == FloatTF32Type::getTypeID())
    return APFloat::FloatTF32();
  if (id == Float8E5M2Type::getTypeID())
    return APFloat::Float8E5M2();
  if (id == Float8E4M3Type::getTypeID())
    return APFloat::Float8E4M3();
  if (id == Float8E4M3FNType::getTypeID())
    return APFloat::Float8E4M3FN();
  if (id == Float8E5M2FNUZType::getTypeID())
    return APFloat::Float8E5M2FNUZ();
  if (id == Float8E4M3FNUZType::getTypeID())
    return APFloat::Float8E4M3FNUZ();
  if (id == Float8E4M3B11FNUZType::getTypeID())
    return APFloat::Float8E4M3B11FNUZ();
  if (id == Float8E3M4Type::getTypeID())
    return APFloat::Float8E3M4();
  if (id == Float8E8M0FNUType::getTypeID())
    return APFloat::Float8E8M0FNU();
  if (id == Float6E2M3FNType::getTypeID())
    return APFloat::Float6E2M3FN();
  if (id == Float6E3M2FNType::getTypeID())
    return APFloat::Float6E3M2FN();
  assert(id == Float4E2M1FNType::getTypeID());
  return APFloat::Float4E2M1FN();
}

unsigned FloatType::getWidth() const { return APFloat::getSizeInBits(getFloatSemantics()); }
unsigned FloatType::getFPMantissaWidth() const { return APFloat::semanticsPrecision(getFloatSemantics()); }

std::string_view FloatType::getKeyword() const {
  static constexpr std::string_view keywords[] = {
      "",
#define LAMINA_FLOAT_TYPE(Cls, keyword) keyword,
#include "lamina/IR/BuiltinFloatTypes.def"
#undef LAMINA_FLOAT_TYPE
  };
  return keywords[getAbstractType().builtinFloatIndex];
}

FloatType FloatType::getF16(MLIRContext *ctx) { return Float16Type::get(ctx); }
FloatType FloatType::getBF16(MLIRContext *ctx) { return BFloat16Type::get(ctx); }
FloatType FloatType::getF32(MLIRContext *ctx) { return Float32Type::get(ctx); }
FloatType FloatType::getF64(MLIRContext *ctx) { return Float64Type::get(ctx); }

//===----------------------------------------------------------------------===//
// ComplexType, FunctionType, TupleType, OpaqueType
//===----------------------------------------------------------------------===//

ComplexType ComplexType::get(Type elementType) { return Base::get(elementType.getContext(), elementType); }
ComplexType ComplexType::getChecked(function_ref<InFlightDiagnostic()> emitError, Type elementType) {
  if (failed(verify(emitError, elementType)))
    return ComplexType();
  return get(elementType);
}
LogicalResult ComplexType::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType) {
  if (!lamina::isa<IntegerType, FloatType>(elementType))
    return emitError() << "invalid element type for complex";
  return success();
}
Type ComplexType::getElementType() const { return getImpl()->elementType; }
void ComplexType::walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
  walkTypes(getElementType());
}

FunctionType FunctionType::get(MLIRContext *ctx, ArrayRef<Type> inputs, ArrayRef<Type> results) {
  return Base::get(ctx, FunctionTypeStorage::KeyTy(inputs, results));
}
unsigned FunctionType::getNumInputs() const { return getImpl()->numInputs; }
unsigned FunctionType::getNumResults() const { return getImpl()->numResults; }
ArrayRef<Type> FunctionType::getInputs() const { return getImpl()->getInputs(); }
ArrayRef<Type> FunctionType::getResults() const { return getImpl()->getResults(); }
FunctionType FunctionType::clone(ArrayRef<Type> inputs, ArrayRef<Type> results) const {
  return get(getContext(), inputs, results);
}
void FunctionType::walkImmediateSubElements(function_ref<void(Attribute)>,
                                            function_ref<void(Type)> walkTypes) const {
  for (Type t : getInputs())
    walkTypes(t);
  for (Type t : getResults())
    walkTypes(t);
}

TupleType TupleType::get(MLIRContext *ctx, ArrayRef<Type> elementTypes) { return Base::get(ctx, elementTypes); }
ArrayRef<Type> TupleType::getTypes() const { return getImpl()->types; }
void TupleType::walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
  for (Type t : getTypes())
    walkTypes(t);
}

OpaqueType OpaqueType::get(StringAttr dialectNamespace, std::string_view typeData) {
  return Base::get(dialectNamespace.getContext(), dialectNamespace, typeData);
}
OpaqueType OpaqueType::getChecked(function_ref<InFlightDiagnostic()> emitError, StringAttr dialectNamespace,
                                  std::string_view typeData) {
  if (failed(verify(emitError, dialectNamespace, typeData)))
    return OpaqueType();
  return get(dialectNamespace, typeData);
}
LogicalResult OpaqueType::verify(function_ref<InFlightDiagnostic()> emitError, StringAttr dialectNamespace,
                                 std::string_view typeData) {
  // Mirrors MLIR's Dialect::isValidNamespace.
  std::string_view ns = dialectNamespace.getValue();
  bool valid = !ns.empty() && (std::isalpha((unsigned char)ns[0]) || ns[0] == '_');
  for (char c : ns)
    if (!(std::isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.'))
      valid = false;
  if (!valid)
    return emitError() << "invalid dialect namespace '" << dialectNamespace << "'";
  MLIRContext *ctx = dialectNamespace.getContext();
  Dialect *dialect = ctx->getLoadedDialect(ns);
  if (!dialect && !ctx->allowsUnregisteredDialects())
    return emitError() << "`!" << dialectNamespace << "<\"" << typeData << "\">"
                       << "` type created with unregistered dialect. If this is intended, please call "
                          "allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect "
                          "with the MLIR opt tool used";
  return success();
}
StringAttr OpaqueType::getDialectNamespace() const { return getImpl()->dialectNamespace; }
std::string_view OpaqueType::getTypeData() const { return getImpl()->typeData; }

//===----------------------------------------------------------------------===//
// ShapedType
//===----------------------------------------------------------------------===//

bool ShapedType::classof(Type type) {
  return lamina::isa<VectorType, RankedTensorType, UnrankedTensorType, MemRefType, UnrankedMemRefType>(type);
}

Type ShapedType::getElementType() const {
  if (auto t = lamina::dyn_cast<VectorType>(*this))
    return t.getElementType();
  if (auto t = lamina::dyn_cast<RankedTensorType>(*this))
    return t.getElementType();
  if (auto t = lamina::dyn_cast<UnrankedTensorType>(*this))
    return t.getElementType();
  if (auto t = lamina::dyn_cast<MemRefType>(*this))
    return t.getElementType();
  return lamina::cast<UnrankedMemRefType>(*this).getElementType();
}

bool ShapedType::hasRank() const { return !lamina::isa<UnrankedTensorType, UnrankedMemRefType>(*this); }

ArrayRef<int64_t> ShapedType::getShape() const {
  if (auto t = lamina::dyn_cast<VectorType>(*this))
    return t.getShape();
  if (auto t = lamina::dyn_cast<RankedTensorType>(*this))
    return t.getShape();
  if (auto t = lamina::dyn_cast<MemRefType>(*this))
    return t.getShape();
  return {};
}

bool ShapedType::hasStaticShape() const {
  if (!hasRank())
    return false;
  for (int64_t d : getShape())
    if (isDynamic(d))
      return false;
  return true;
}

bool ShapedType::hasStaticShape(ArrayRef<int64_t> shape) const {
  return hasStaticShape() && getShape() == shape;
}

int64_t ShapedType::getNumDynamicDims() const {
  int64_t n = 0;
  for (int64_t d : getShape())
    n += isDynamic(d);
  return n;
}

int64_t ShapedType::getNumElements(ArrayRef<int64_t> shape) {
  // A product beyond int64_t wraps around (no undefined behaviour), as it
  // does in mlir-opt's release build: `dense<1> : tensor<4294967296x
  // 4294967296xi32>` is a valid splat whose count is never materialized.
  uint64_t n = 1;
  for (int64_t d : shape)
    n *= uint64_t(d);
  return int64_t(n);
}

std::optional<int64_t> ShapedType::getNumElementsChecked(ArrayRef<int64_t> shape) {
  for (int64_t d : shape)
    if (d == 0)
      return 0;
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0 || n > INT64_MAX / d)
      return std::nullopt;
    n *= d;
  }
  return n;
}

int64_t ShapedType::getNumElements() const { return getNumElements(getShape()); }

ShapedType ShapedType::clone(ArrayRef<int64_t> shape, Type elementType) const {
  if (auto t = lamina::dyn_cast<VectorType>(*this))
    return VectorType::get(shape, elementType, shape.size() == t.getShape().size() ? t.getScalableDims() : ArrayRef<bool>());
  if (auto t = lamina::dyn_cast<RankedTensorType>(*this))
    return RankedTensorType::get(shape, elementType, t.getEncoding());
  if (lamina::isa<UnrankedTensorType>(*this))
    return RankedTensorType::get(shape, elementType);
  if (auto t = lamina::dyn_cast<MemRefType>(*this))
    return MemRefType::get(shape, elementType, Attribute(), t.getMemorySpace());
  auto t = lamina::cast<UnrankedMemRefType>(*this);
  return MemRefType::get(shape, elementType, Attribute(), t.getMemorySpace());
}

ShapedType ShapedType::clone(Type elementType) const {
  if (auto t = lamina::dyn_cast<VectorType>(*this))
    return VectorType::get(t.getShape(), elementType, t.getScalableDims());
  if (auto t = lamina::dyn_cast<RankedTensorType>(*this))
    return RankedTensorType::get(t.getShape(), elementType, t.getEncoding());
  if (lamina::isa<UnrankedTensorType>(*this))
    return UnrankedTensorType::get(elementType);
  if (auto t = lamina::dyn_cast<MemRefType>(*this))
    return MemRefType::get(t.getShape(), elementType, t.getLayout(), t.getMemorySpace());
  auto t = lamina::cast<UnrankedMemRefType>(*this);
  return UnrankedMemRefType::get(elementType, t.getMemorySpace());
}

//===----------------------------------------------------------------------===//
// VectorType
//===----------------------------------------------------------------------===//

static bool allFalse(ArrayRef<bool> a) {
  for (bool b : a)
    if (b)
      return false;
  return true;
}

VectorType VectorType::get(ArrayRef<int64_t> shape, Type elementType, ArrayRef<bool> scalableDims) {
  // Canonical form: no flags when no dimension is scalable.
  if (allFalse(scalableDims))
    scalableDims = {};
  return Base::get(elementType.getContext(), VectorTypeStorage::KeyTy(shape, elementType, scalableDims));
}

VectorType VectorType::getChecked(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                  Type elementType, ArrayRef<bool> scalableDims) {
  if (failed(verify(emitError, shape, elementType, scalableDims)))
    return VectorType();
  return get(shape, elementType, scalableDims);
}

bool VectorType::isValidElementType(Type t) {
  return lamina::isa<IntegerType, IndexType, FloatType>(t) || lamina::isa<VectorElementTypeInterface>(t);
}

LogicalResult VectorType::verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                 Type elementType, ArrayRef<bool> scalableDims) {
  if (!isValidElementType(elementType))
    // MLIR 22 checks the parameter's constraint (its ODS wording).
    return emitError() << "failed to verify 'elementType': VectorElementTypeInterface instance";
  for (int64_t d : shape)
    if (d <= 0)
      return emitError() << "vector types must have positive constant sizes but got "
                         << [&] {
                              std::string s;
                              for (size_t i = 0; i < shape.size(); ++i) {
                                if (i)
                                  s += ", ";
                                s += std::to_string(shape[i]);
                              }
                              return s;
                            }();
  if (!scalableDims.empty() && scalableDims.size() != shape.size())
    return emitError() << "number of dims must match, got " << unsigned(scalableDims.size()) << " and "
                       << unsigned(shape.size());
  return success();
}

ArrayRef<int64_t> VectorType::getShape() const { return getImpl()->shape; }
Type VectorType::getElementType() const { return getImpl()->elementType; }
ArrayRef<bool> VectorType::getScalableDims() const { return getImpl()->scalableDims; }
bool VectorType::isScalable() const { return !getImpl()->scalableDims.empty(); }
void VectorType::walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
  walkTypes(getElementType());
}

//===----------------------------------------------------------------------===//
// Tensor types
//===----------------------------------------------------------------------===//

bool TensorType::classof(Type type) { return lamina::isa<RankedTensorType, UnrankedTensorType>(type); }

bool TensorType::isValidElementType(Type type) {
  // Builtin scalars, complex, vectors and opaque types, and any type of
  // another dialect (which verifies its own use); not tuples, none,
  // functions, tensors or memrefs.
  return lamina::isa<ComplexType, FloatType, IntegerType, OpaqueType, VectorType, IndexType>(type) ||
         !isa<BuiltinDialect>(&type.getDialect());
}

static LogicalResult checkTensorElementType(function_ref<InFlightDiagnostic()> emitError, Type elementType) {
  if (!TensorType::isValidElementType(elementType))
    return emitError() << "invalid tensor element type: " << elementType;
  return success();
}

RankedTensorType RankedTensorType::get(ArrayRef<int64_t> shape, Type elementType, Attribute encoding) {
  return Base::get(elementType.getContext(), RankedTensorTypeStorage::KeyTy(shape, elementType, encoding));
}

RankedTensorType RankedTensorType::getChecked(function_ref<InFlightDiagnostic()> emitError,
                                              ArrayRef<int64_t> shape, Type elementType, Attribute encoding) {
  if (failed(verify(emitError, shape, elementType, encoding)))
    return RankedTensorType();
  return get(shape, elementType, encoding);
}

LogicalResult RankedTensorType::verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                       Type elementType, Attribute encoding) {
  for (int64_t s : shape)
    if (s < 0 && !ShapedType::isDynamic(s))
      return emitError() << "invalid tensor dimension size";
  if (auto v = dyn_cast_or_null<VerifiableTensorEncoding>(encoding))
    if (failed(v.verifyEncoding(shape, elementType, emitError)))
      return failure();
  return checkTensorElementType(emitError, elementType);
}

ArrayRef<int64_t> RankedTensorType::getShape() const { return getImpl()->shape; }
Type RankedTensorType::getElementType() const { return getImpl()->elementType; }
Attribute RankedTensorType::getEncoding() const { return getImpl()->encoding; }
void RankedTensorType::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs,
                                                function_ref<void(Type)> walkTypes) const {
  walkTypes(getElementType());
  if (Attribute e = getEncoding())
    walkAttrs(e);
}

UnrankedTensorType UnrankedTensorType::get(Type elementType) {
  return Base::get(elementType.getContext(), elementType);
}
UnrankedTensorType UnrankedTensorType::getChecked(function_ref<InFlightDiagnostic()> emitError, Type elementType) {
  if (failed(verify(emitError, elementType)))
    return UnrankedTensorType();
  return get(elementType);
}
LogicalResult UnrankedTensorType::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType) {
  return checkTensorElementType(emitError, elementType);
}
Type UnrankedTensorType::getElementType() const { return getImpl()->elementType; }
void UnrankedTensorType::walkImmediateSubElements(function_ref<void(Attribute)>,
                                                  function_ref<void(Type)> walkTypes) const {
  walkTypes(getElementType());
}

//===----------------------------------------------------------------------===//
// MemRef types
//===----------------------------------------------------------------------===//

bool BaseMemRefType::classof(Type type) { return lamina::isa<MemRefType, UnrankedMemRefType>(type); }

bool BaseMemRefType::isValidElementType(Type type) {
  // Builtin scalars, vectors, complex, memrefs; and types of other dialects
  // (MLIR accepts any type implementing MemRefElementTypeInterface, which we
  // cannot know for unregistered dialects).
  if (lamina::isa<IntegerType, IndexType, FloatType, ComplexType, VectorType, MemRefType, UnrankedMemRefType>(type))
    return true;
  if (lamina::isa<OpaqueType>(type))
    return true;
  return &type.getDialect() != type.getContext()->getLoadedDialect("builtin");
}

Attribute BaseMemRefType::getMemorySpace() const {
  if (auto t = lamina::dyn_cast<MemRefType>(*this))
    return t.getMemorySpace();
  return lamina::cast<UnrankedMemRefType>(*this).getMemorySpace();
}

static unsigned memorySpaceAsInt(Attribute ms) {
  if (!ms)
    return 0;
  if (auto i = lamina::dyn_cast<IntegerAttr>(ms))
    return unsigned(i.getInt());
  return 0;
}

unsigned BaseMemRefType::getMemorySpaceAsInt() const { return memorySpaceAsInt(getMemorySpace()); }

Attribute lamina::skipDefaultMemorySpace(Attribute memorySpace) {
  if (auto i = lamina::dyn_cast_or_null<IntegerAttr>(memorySpace))
    if (i.getValue().isZero())
      return Attribute();
  return memorySpace;
}

MemRefType MemRefType::get(ArrayRef<int64_t> shape, Type elementType, Attribute layout, Attribute memorySpace) {
  MLIRContext *ctx = elementType.getContext();
  if (!layout)
    layout = AffineMapAttr::get(AffineMap::getMultiDimIdentityMap(shape.size(), ctx));
  memorySpace = skipDefaultMemorySpace(memorySpace);
  return Base::get(ctx, MemRefTypeStorage::KeyTy(shape, elementType, layout, memorySpace));
}

MemRefType MemRefType::get(ArrayRef<int64_t> shape, Type elementType, AffineMap map, Attribute memorySpace) {
  Attribute layout = map ? Attribute(AffineMapAttr::get(map)) : Attribute();
  return get(shape, elementType, layout, memorySpace);
}

MemRefType MemRefType::getChecked(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                  Type elementType, Attribute layout, Attribute memorySpace) {
  if (failed(verify(emitError, shape, elementType, layout, memorySpace)))
    return MemRefType();
  return get(shape, elementType, layout, memorySpace);
}

static bool isSupportedMemorySpace(Attribute memorySpace) {
  if (!memorySpace)
    return true;
  if (lamina::isa<IntegerAttr, StringAttr, DictionaryAttr>(memorySpace))
    return true;
  // Dialect attributes are allowed.
  return &memorySpace.getDialect() != memorySpace.getContext()->getLoadedDialect("builtin") ||
         lamina::isa<OpaqueAttr>(memorySpace);
}

LogicalResult MemRefType::verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                 Type elementType, Attribute layout, Attribute memorySpace) {
  if (!BaseMemRefType::isValidElementType(elementType))
    return emitError() << "invalid memref element type";
  for (int64_t s : shape)
    if (s < 0 && !ShapedType::isDynamic(s))
      return emitError() << "invalid memref size";
  if (layout) {
    if (auto mapAttr = lamina::dyn_cast<AffineMapAttr>(layout)) {
      AffineMap map = mapAttr.getValue();
      if (map.getNumDims() != shape.size())
        return emitError() << "memref layout mismatch between rank and affine map: " << unsigned(shape.size())
                           << " != " << map.getNumDims();
    } else if (auto strided = lamina::dyn_cast<StridedLayoutAttr>(layout)) {
      if (strided.getStrides().size() != shape.size())
        return emitError() << "expected the number of strides to match the rank";
    }
  }
  if (!isSupportedMemorySpace(memorySpace))
    return emitError() << "unsupported memory space Attribute";
  return success();
}

ArrayRef<int64_t> MemRefType::getShape() const { return getImpl()->shape; }
Type MemRefType::getElementType() const { return getImpl()->elementType; }
Attribute MemRefType::getLayout() const { return getImpl()->layout; }
AffineMap MemRefType::getLayoutMap() const {
  Attribute layout = getLayout();
  if (auto m = lamina::dyn_cast<AffineMapAttr>(layout))
    return m.getValue();
  if (auto s = lamina::dyn_cast<StridedLayoutAttr>(layout))
    return s.toAffineMap();
  return AffineMap::getMultiDimIdentityMap(getShape().size(), getContext());
}
Attribute MemRefType::getMemorySpace() const { return getImpl()->memorySpace; }
unsigned MemRefType::getMemorySpaceAsInt() const { return memorySpaceAsInt(getMemorySpace()); }
void MemRefType::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs,
                                          function_ref<void(Type)> walkTypes) const {
  walkTypes(getElementType());
  walkAttrs(getLayout());
  if (Attribute ms = getMemorySpace())
    walkAttrs(ms);
}

UnrankedMemRefType UnrankedMemRefType::get(Type elementType, Attribute memorySpace) {
  return Base::get(elementType.getContext(), elementType, skipDefaultMemorySpace(memorySpace));
}
UnrankedMemRefType UnrankedMemRefType::getChecked(function_ref<InFlightDiagnostic()> emitError, Type elementType,
                                                  Attribute memorySpace) {
  if (failed(verify(emitError, elementType, memorySpace)))
    return UnrankedMemRefType();
  return get(elementType, memorySpace);
}
LogicalResult UnrankedMemRefType::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType,
                                         Attribute memorySpace) {
  if (!BaseMemRefType::isValidElementType(elementType))
    return emitError() << "invalid memref element type";
  if (!isSupportedMemorySpace(memorySpace))
    return emitError() << "unsupported memory space Attribute";
  return success();
}
Type UnrankedMemRefType::getElementType() const { return getImpl()->elementType; }
Attribute UnrankedMemRefType::getMemorySpace() const { return getImpl()->memorySpace; }
unsigned UnrankedMemRefType::getMemorySpaceAsInt() const { return memorySpaceAsInt(getMemorySpace()); }
void UnrankedMemRefType::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs,
                                                  function_ref<void(Type)> walkTypes) const {
  walkTypes(getElementType());
  if (Attribute ms = getMemorySpace())
    walkAttrs(ms);
}
