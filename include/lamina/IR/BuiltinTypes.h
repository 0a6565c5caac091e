//===- BuiltinTypes.h - The types of the builtin dialect -------------------===//
#pragma once

#include "lamina/IR/StorageUserBase.h"
#include "lamina/Support/APFloat.h"
#include "lamina/Support/SmallVector.h"

#include <cstdint>
#include <optional>

namespace lamina {

class AffineMap;
class AffineMapAttr;
class FloatType;
class MemRefLayoutAttrInterface;
class StringAttr;

namespace detail {
struct IntegerTypeStorage;
struct ComplexTypeStorage;
struct FunctionTypeStorage;
struct TupleTypeStorage;
struct VectorTypeStorage;
struct RankedTensorTypeStorage;
struct UnrankedTensorTypeStorage;
struct MemRefTypeStorage;
struct UnrankedMemRefTypeStorage;
struct OpaqueTypeStorage;
} // namespace detail

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

/// Integer type of any width (up to 2^24-1 bits) with signless, signed or
/// unsigned semantics: `i32`, `si8`, `ui1`.
class IntegerType : public Type::TypeBase<IntegerType, Type, detail::IntegerTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.integer";
  enum SignednessSemantics : uint32_t { Signless, Signed, Unsigned };
  /// The largest width MLIR accepts.
  static constexpr unsigned kMaxWidth = (1 << 24) - 1;

  static IntegerType get(MLIRContext *ctx, unsigned width, SignednessSemantics signedness = Signless);
  static IntegerType getChecked(function_ref<InFlightDiagnostic()> emitError, MLIRContext *ctx,
                                unsigned width, SignednessSemantics signedness = Signless);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, unsigned width,
                              SignednessSemantics signedness);

  unsigned getWidth() const;
  SignednessSemantics getSignedness() const;
  bool isSignless() const { return getSignedness() == Signless; }
  bool isSigned() const { return getSignedness() == Signed; }
  bool isUnsigned() const { return getSignedness() == Unsigned; }
  /// Same width, different signedness.
  IntegerType scaleElementBitwidth(unsigned scale) const;
};

/// `index`: a target-sized integer used for sizes and subscripts.
class IndexType : public Type::TypeBase<IndexType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.index";
  /// Width used when index values are stored in dense attributes.
  static constexpr unsigned kInternalStorageBitWidth = 64;
};

/// `none`: a unit type.
class NoneType : public Type::TypeBase<NoneType, Type, TypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.none";
};

/// Base of all floating point types.
class FloatType : public Type {
public:
  using Type::Type;
  FloatType(Type t) : Type(t) {}
  static bool classof(Type type);

  /// The float's encoding.
  const FltSemantics &getFloatSemantics() const;
  unsigned getWidth() const;
  /// Mantissa bits including the implicit one (as APFloat precision).
  unsigned getFPMantissaWidth() const;
  /// The spelling of the type keyword, e.g. "f32" or "f8E4M3FN".
  std::string_view getKeyword() const;

  static FloatType getF16(MLIRContext *ctx);
  static FloatType getBF16(MLIRContext *ctx);
  static FloatType getF32(MLIRContext *ctx);
  static FloatType getF64(MLIRContext *ctx);
};

/// Declares a singleton float type class `Cls` spelled `keyword`.
#define LAMINA_FLOAT_TYPE(Cls, keyword)                                                                \
  class Cls : public Type::TypeBase<Cls, FloatType, TypeStorage> {                                     \
  public:                                                                                              \
    using Base::Base;                                                                                  \
    static constexpr std::string_view name = "builtin." keyword;                                       \
  };
#include "lamina/IR/BuiltinFloatTypes.def"
#undef LAMINA_FLOAT_TYPE

/// `complex<T>` of an integer or float element type.
class ComplexType : public Type::TypeBase<ComplexType, Type, detail::ComplexTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.complex";
  static ComplexType get(Type elementType);
  static ComplexType getChecked(function_ref<InFlightDiagnostic()> emitError, Type elementType);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, Type elementType);
  Type getElementType() const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// `(inputs) -> results`.
class FunctionType : public Type::TypeBase<FunctionType, Type, detail::FunctionTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.function";
  static FunctionType get(MLIRContext *ctx, ArrayRef<Type> inputs, ArrayRef<Type> results);
  unsigned getNumInputs() const;
  unsigned getNumResults() const;
  ArrayRef<Type> getInputs() const;
  ArrayRef<Type> getResults() const;
  Type getInput(unsigned i) const { return getInputs()[i]; }
  Type getResult(unsigned i) const { return getResults()[i]; }
  FunctionType clone(ArrayRef<Type> inputs, ArrayRef<Type> results) const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// `tuple<T...>`.
class TupleType : public Type::TypeBase<TupleType, Type, detail::TupleTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.tuple";
  static TupleType get(MLIRContext *ctx, ArrayRef<Type> elementTypes = {});
  ArrayRef<Type> getTypes() const;
  size_t size() const { return getTypes().size(); }
  Type getType(size_t i) const { return getTypes()[i]; }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// `opaque<"dialect", "data">`, and the form unknown dialect types take:
/// `!dialect.data` kept verbatim.
class OpaqueType : public Type::TypeBase<OpaqueType, Type, detail::OpaqueTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.opaque";
  static OpaqueType get(StringAttr dialectNamespace, std::string_view typeData);
  static OpaqueType getChecked(function_ref<InFlightDiagnostic()> emitError, StringAttr dialectNamespace,
                               std::string_view typeData);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, StringAttr dialectNamespace,
                              std::string_view typeData);
  StringAttr getDialectNamespace() const;
  std::string_view getTypeData() const;
};

//===----------------------------------------------------------------------===//
// Shaped types
//===----------------------------------------------------------------------===//

/// Common interface of vectors, tensors and memrefs.
class ShapedType : public Type {
public:
  using Type::Type;
  ShapedType(Type t) : Type(t) {}
  static bool classof(Type type);

  /// The value of a dynamic (`?`) dimension.
  static constexpr int64_t kDynamic = INT64_MIN;
  static bool isDynamic(int64_t dim) { return dim == kDynamic; }
  static bool isStatic(int64_t dim) { return dim != kDynamic; }

  Type getElementType() const;
  bool hasRank() const;
  ArrayRef<int64_t> getShape() const;
  int64_t getRank() const { return getShape().size(); }
  int64_t getDimSize(unsigned i) const { return getShape()[i]; }
  bool isDynamicDim(unsigned i) const { return isDynamic(getShape()[i]); }
  bool hasStaticShape() const;
  bool hasStaticShape(ArrayRef<int64_t> shape) const;
  int64_t getNumDynamicDims() const;
  /// Product of the static dimensions (requires a static shape). A product
  /// beyond int64_t wraps around, as in mlir-opt.
  int64_t getNumElements() const;
  static int64_t getNumElements(ArrayRef<int64_t> shape);
  /// The product of the static dimensions, or nullopt if it does not fit in
  /// int64_t (such a type can hold only splat elements).
  static std::optional<int64_t> getNumElementsChecked(ArrayRef<int64_t> shape);
  unsigned getElementTypeBitWidth() const { return getElementType().getIntOrFloatBitWidth(); }
  /// Same kind of shaped type with a new shape and/or element type.
  ShapedType clone(ArrayRef<int64_t> shape, Type elementType) const;
  ShapedType clone(ArrayRef<int64_t> shape) const { return clone(shape, getElementType()); }
  ShapedType clone(Type elementType) const;
};

/// `vector<4x[8]xf32>`: fixed rank, static sizes, optional scalable dims.
class VectorType : public Type::TypeBase<VectorType, ShapedType, detail::VectorTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.vector";
  static VectorType get(ArrayRef<int64_t> shape, Type elementType, ArrayRef<bool> scalableDims = {});
  static VectorType getChecked(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                               Type elementType, ArrayRef<bool> scalableDims = {});
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                              Type elementType, ArrayRef<bool> scalableDims);
  static bool isValidElementType(Type t);
  ArrayRef<int64_t> getShape() const;
  Type getElementType() const;
  /// One flag per dimension (empty if no dimension is scalable).
  ArrayRef<bool> getScalableDims() const;
  bool isScalable() const;
  int64_t getRank() const { return getShape().size(); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;

  class Builder;
};

/// A vector type with some of its parts replaced (MLIR's VectorType::Builder;
/// ODS type transforms use it): `VectorType::Builder(t).setDim(0, 4)`.
class VectorType::Builder {
public:
  Builder(VectorType other)
      : elementType(other.getElementType()), shape(other.getShape()), scalableDims(other.getScalableDims()) {}
  Builder(ArrayRef<int64_t> shape, Type elementType, ArrayRef<bool> scalableDims = {})
      : elementType(elementType), shape(shape), scalableDims(scalableDims) {}

  Builder &setShape(ArrayRef<int64_t> newShape, ArrayRef<bool> newIsScalableDim = {}) {
    shape.assign(newShape);
    scalableDims.assign(newIsScalableDim);
    return *this;
  }
  Builder &setElementType(Type newElementType) {
    elementType = newElementType;
    return *this;
  }
  /// Drops dimension `pos` (and its scalable flag).
  Builder &dropDim(unsigned pos) {
    shape.erase(shape.begin() + pos);
    if (!scalableDims.empty())
      scalableDims.erase(scalableDims.begin() + pos);
    return *this;
  }
  Builder &setDim(unsigned pos, int64_t val) {
    shape[pos] = val;
    return *this;
  }
  Builder &setScalableDim(unsigned pos, bool val) {
    if (scalableDims.empty())
      scalableDims.assign(shape.size(), false);
    scalableDims[pos] = val;
    return *this;
  }
  operator VectorType() { return VectorType::get(shape, elementType, scalableDims); }

private:
  Type elementType;
  SmallVector<int64_t, 4> shape;
  /// Empty when no dimension is scalable (VectorType's canonical form).
  SmallVector<bool, 4> scalableDims;
};

/// Base of ranked and unranked tensors.
class TensorType : public ShapedType {
public:
  using ShapedType::ShapedType;
  static bool classof(Type type);
  static bool isValidElementType(Type type);
};

/// `tensor<?x4xf32, #encoding>`.
class RankedTensorType : public Type::TypeBase<RankedTensorType, TensorType, detail::RankedTensorTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.tensor";
  static RankedTensorType get(ArrayRef<int64_t> shape, Type elementType, Attribute encoding = {});
  static RankedTensorType getChecked(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                     Type elementType, Attribute encoding = {});
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                              Type elementType, Attribute encoding);
  ArrayRef<int64_t> getShape() const;
  Type getElementType() const;
  Attribute getEncoding() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)> walkTypes) const;
};

/// `tensor<*xf32>`.
class UnrankedTensorType
    : public Type::TypeBase<UnrankedTensorType, TensorType, detail::UnrankedTensorTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.unranked_tensor";
  static UnrankedTensorType get(Type elementType);
  static UnrankedTensorType getChecked(function_ref<InFlightDiagnostic()> emitError, Type elementType);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, Type elementType);
  Type getElementType() const;
  ArrayRef<int64_t> getShape() const { return {}; }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// Base of ranked and unranked memrefs.
class BaseMemRefType : public ShapedType {
public:
  using ShapedType::ShapedType;
  static bool classof(Type type);
  static bool isValidElementType(Type type);
  /// The memory space attribute (null for the default space).
  Attribute getMemorySpace() const;
  /// The memory space as an integer (0 for default), if it is an integer.
  unsigned getMemorySpaceAsInt() const;
};

/// `memref<4x?xf32, strided<[?, 1]>, 1>`.
class MemRefType : public Type::TypeBase<MemRefType, BaseMemRefType, detail::MemRefTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.memref";
  /// `layout` null means the identity map; `memorySpace` integer 0 means null.
  static MemRefType get(ArrayRef<int64_t> shape, Type elementType, Attribute layout = {},
                        Attribute memorySpace = {});
  static MemRefType get(ArrayRef<int64_t> shape, Type elementType, AffineMap map,
                        Attribute memorySpace = {});
  static MemRefType getChecked(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                               Type elementType, Attribute layout, Attribute memorySpace);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                              Type elementType, Attribute layout, Attribute memorySpace);
  ArrayRef<int64_t> getShape() const;
  Type getElementType() const;
  /// The layout: an AffineMapAttr (identity if none was given) or a
  /// StridedLayoutAttr or another MemRefLayoutAttrInterface attribute.
  Attribute getLayout() const;
  /// The layout as an affine map.
  AffineMap getLayoutMap() const;
  Attribute getMemorySpace() const;
  unsigned getMemorySpaceAsInt() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)> walkTypes) const;
};

/// `memref<*xf32, 1>`.
class UnrankedMemRefType
    : public Type::TypeBase<UnrankedMemRefType, BaseMemRefType, detail::UnrankedMemRefTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.unranked_memref";
  static UnrankedMemRefType get(Type elementType, Attribute memorySpace);
  static UnrankedMemRefType getChecked(function_ref<InFlightDiagnostic()> emitError, Type elementType,
                                       Attribute memorySpace);
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, Type elementType,
                              Attribute memorySpace);
  Type getElementType() const;
  Attribute getMemorySpace() const;
  unsigned getMemorySpaceAsInt() const;
  ArrayRef<int64_t> getShape() const { return {}; }
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)> walkTypes) const;
};

/// Returns the memory space attribute with the default (integer 0) mapped to null.
Attribute skipDefaultMemorySpace(Attribute memorySpace);

} // namespace lamina
