//===- SPIRVBaseClasses.h - Hand-written classes of the spirv dialect -----===//
//
// What MLIR writes by hand in SPIRVTypes.h / SPIRVAttributes.h and the
// generated classes (SPIRVOps.gen.h) build on: the dialect's types, which
// have no TypeDef (`!spirv.array<4 x f32, stride=4>`, `!spirv.ptr<f32,
// Uniform>`, `!spirv.rtarray<f32>`, `!spirv.struct<...>` literal or
// identified, `!spirv.image<...>`, `!spirv.sampled_image<...>`,
// `!spirv.matrix<3 x vector<3xf32>>`, `!spirv.coopmatrix<8x16xi32, Subgroup,
// MatrixA>`), the version-capability-extension and target environment
// attributes, and the helpers the op constraints name.
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/ODS/AttrTypeDef.h"
#include "lamina/ODS/OpDef.h"

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace lamina {
namespace spirv {

// The enums (defined in SPIRVOps.gen.h) the types hold.
enum class StorageClass : uint32_t;
enum class Dim : uint32_t;
enum class ImageDepthInfo : uint32_t;
enum class ImageArrayedInfo : uint32_t;
enum class ImageSamplingInfo : uint32_t;
enum class ImageSamplerUseInfo : uint32_t;
enum class ImageFormat : uint32_t;
enum class Scope : uint32_t;
enum class CooperativeMatrixUseKHR : uint32_t;
enum class Decoration : uint32_t;
enum class ImageOperands : uint32_t;

/// `!spirv.array<N x T, stride=S>` (stride 0: none).
class ArrayType : public Type::TypeBase<ArrayType, Type, ods::TypeParamStorage<Type, unsigned, unsigned>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.array";
  static ArrayType get(Type elementType, unsigned count, unsigned stride = 0) {
    return Base::get(elementType.getContext(), elementType, count, stride);
  }
  Type getElementType() const { return std::get<0>(getImpl()->params); }
  unsigned getNumElements() const { return std::get<1>(getImpl()->params); }
  unsigned getArrayStride() const { return std::get<2>(getImpl()->params); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getElementType());
  }
};

/// `!spirv.rtarray<T, stride=S>`.
class RuntimeArrayType : public Type::TypeBase<RuntimeArrayType, Type, ods::TypeParamStorage<Type, unsigned>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.rtarray";
  static RuntimeArrayType get(Type elementType, unsigned stride = 0) {
    return Base::get(elementType.getContext(), elementType, stride);
  }
  Type getElementType() const { return std::get<0>(getImpl()->params); }
  unsigned getArrayStride() const { return std::get<1>(getImpl()->params); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getElementType());
  }
};

/// `!spirv.ptr<T, StorageClass>`.
class PointerType : public Type::TypeBase<PointerType, Type, ods::TypeParamStorage<Type, uint32_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.ptr";
  static PointerType get(Type pointeeType, StorageClass storageClass) {
    return Base::get(pointeeType.getContext(), pointeeType, uint32_t(storageClass));
  }
  Type getPointeeType() const { return std::get<0>(getImpl()->params); }
  StorageClass getStorageClass() const { return StorageClass(std::get<1>(getImpl()->params)); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getPointeeType());
  }
};

/// `!spirv.image<T, Dim, Depth, Arrayed, Sampling, SamplerUse, Format>`.
class ImageType
    : public Type::TypeBase<ImageType, Type,
                            ods::TypeParamStorage<Type, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.image";
  static ImageType get(Type elementType, Dim dim, ImageDepthInfo depth, ImageArrayedInfo arrayed,
                       ImageSamplingInfo sampling, ImageSamplerUseInfo samplerUse, ImageFormat format) {
    return Base::get(elementType.getContext(), elementType, uint32_t(dim), uint32_t(depth), uint32_t(arrayed),
                     uint32_t(sampling), uint32_t(samplerUse), uint32_t(format));
  }
  Type getElementType() const { return std::get<0>(getImpl()->params); }
  Dim getDim() const { return Dim(std::get<1>(getImpl()->params)); }
  ImageDepthInfo getDepthInfo() const { return ImageDepthInfo(std::get<2>(getImpl()->params)); }
  ImageArrayedInfo getArrayedInfo() const { return ImageArrayedInfo(std::get<3>(getImpl()->params)); }
  ImageSamplingInfo getSamplingInfo() const { return ImageSamplingInfo(std::get<4>(getImpl()->params)); }
  ImageSamplerUseInfo getSamplerUseInfo() const { return ImageSamplerUseInfo(std::get<5>(getImpl()->params)); }
  ImageFormat getImageFormat() const { return ImageFormat(std::get<6>(getImpl()->params)); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getElementType());
  }
};

/// `!spirv.sampled_image<!spirv.image<...>>`.
class SampledImageType : public Type::TypeBase<SampledImageType, Type, ods::TypeParamStorage<Type>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.sampled_image";
  static SampledImageType get(Type imageType) { return Base::get(imageType.getContext(), imageType); }
  Type getImageType() const { return std::get<0>(getImpl()->params); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getImageType());
  }
};

/// `!spirv.matrix<N x vector<MxT>>`.
class MatrixType : public Type::TypeBase<MatrixType, Type, ods::TypeParamStorage<Type, unsigned>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.matrix";
  static MatrixType get(Type columnType, unsigned columnCount) {
    return Base::get(columnType.getContext(), columnType, columnCount);
  }
  Type getColumnType() const { return std::get<0>(getImpl()->params); }
  unsigned getNumColumns() const { return std::get<1>(getImpl()->params); }
  /// The vector columns' element type.
  Type getElementType() const { return cast<VectorType>(getColumnType()).getElementType(); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getColumnType());
  }
};

/// `!spirv.coopmatrix<RxCxT, Scope, Use>`.
class CooperativeMatrixType
    : public Type::TypeBase<CooperativeMatrixType, Type, ods::TypeParamStorage<Type, uint32_t, uint32_t, uint32_t, uint32_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.coopmatrix";
  static CooperativeMatrixType get(Type elementType, uint32_t rows, uint32_t columns, Scope scope,
                                   CooperativeMatrixUseKHR use) {
    return Base::get(elementType.getContext(), elementType, rows, columns, uint32_t(scope), uint32_t(use));
  }
  Type getElementType() const { return std::get<0>(getImpl()->params); }
  uint32_t getRows() const { return std::get<1>(getImpl()->params); }
  uint32_t getColumns() const { return std::get<2>(getImpl()->params); }
  Scope getScope() const { return Scope(std::get<3>(getImpl()->params)); }
  CooperativeMatrixUseKHR getUse() const { return CooperativeMatrixUseKHR(std::get<4>(getImpl()->params)); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getElementType());
  }
};

/// `!spirv.arm.tensor<2x3xf32>`, `<?x?xf32>` or unranked `<*xf32>` (an
/// empty shape).
class TensorArmType : public Type::TypeBase<TensorArmType, Type, ods::TypeParamStorage<ArrayRef<int64_t>, Type>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.arm.tensor";
  static TensorArmType get(ArrayRef<int64_t> shape, Type elementType) {
    return Base::get(elementType.getContext(), shape, elementType);
  }
  ArrayRef<int64_t> getShape() const { return std::get<0>(getImpl()->params); }
  Type getElementType() const { return std::get<1>(getImpl()->params); }
  bool hasRank() const { return !getShape().empty(); }
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const {
    walkTypes(getElementType());
  }
};

//===----------------------------------------------------------------------===//
// Structure type
//===----------------------------------------------------------------------===//

namespace detail {
/// A decoration of a struct member: `NonWritable`, `MatrixStride=16`.
struct MemberDecorationInfo {
  uint32_t memberIndex = 0;
  bool hasValue = false;
  uint32_t decoration = 0;
  uint32_t decorationValue = 0;
  bool operator==(const MemberDecorationInfo &o) const {
    return memberIndex == o.memberIndex && hasValue == o.hasValue && decoration == o.decoration &&
           decorationValue == o.decorationValue;
  }
};

/// Storage of `!spirv.struct`: a literal struct is uniqued by its members,
/// offsets and decorations; an identified one by its name alone, its body set
/// once after creation (it may contain pointers to the struct itself).
struct StructTypeStorage : public TypeStorage {
  struct Body {
    ArrayRef<Type> types;
    ArrayRef<uint32_t> offsets;
    ArrayRef<MemberDecorationInfo> decorations;
    bool operator==(const Body &o) const {
      return types == o.types && offsets == o.offsets && decorations == o.decorations;
    }
  };
  struct KeyTy {
    bool identified = false;
    std::string_view name;
    Body body;
  };

  explicit StructTypeStorage(const KeyTy &key) : key(key) {}
  bool operator==(const KeyTy &other) const {
    if (key.identified != other.identified)
      return false;
    if (key.identified)
      return key.name == other.name;
    return key.body == other.body;
  }
  static uint64_t hashKey(const KeyTy &k);
  static StructTypeStorage *construct(StorageAllocator &allocator, const KeyTy &k);
  /// Sets the body of an identified struct: succeeds if it had none, or the
  /// same one.
  LogicalResult mutate(StorageAllocator &allocator, const Body &body);

  const Body *getBody() const { return body.load(std::memory_order_acquire); }

  KeyTy key;
  std::atomic<const Body *> body{nullptr};
};
} // namespace detail

/// `!spirv.struct<(T [offset, Decoration, ...], ...)>` or identified
/// `!spirv.struct<name, (...)>` / `!spirv.struct<name>` (a reference to an
/// enclosing struct).
class StructType : public Type::TypeBase<StructType, Type, detail::StructTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.struct";
  using OffsetInfo = uint32_t;
  using MemberDecorationInfo = detail::MemberDecorationInfo;

  static StructType get(MLIRContext *ctx, ArrayRef<Type> memberTypes, ArrayRef<OffsetInfo> offsets = {},
                        ArrayRef<MemberDecorationInfo> decorations = {});
  static StructType getIdentified(MLIRContext *ctx, std::string_view name);
  /// Sets an identified struct's body; fails if it has another one.
  LogicalResult trySetBody(ArrayRef<Type> memberTypes, ArrayRef<OffsetInfo> offsets,
                           ArrayRef<MemberDecorationInfo> decorations);

  bool isIdentified() const { return getImpl()->key.identified; }
  std::string_view getIdentifier() const { return getImpl()->key.name; }
  ArrayRef<Type> getElementTypes() const;
  unsigned getNumElements() const { return unsigned(getElementTypes().size()); }
  Type getElementType(unsigned i) const { return getElementTypes()[i]; }
  bool hasOffset() const { return !getOffsets().empty(); }
  ArrayRef<OffsetInfo> getOffsets() const;
  uint32_t getMemberOffset(unsigned i) const { return getOffsets()[i]; }
  ArrayRef<MemberDecorationInfo> getMemberDecorations() const;

  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

//===----------------------------------------------------------------------===//
// Attributes written by hand
//===----------------------------------------------------------------------===//

/// `#spirv.vce<v1.0, [Shader], [SPV_KHR_...]>`: a version (VersionAttr), the
/// capabilities and extensions (arrays of their enum attributes).
class VerCapExtAttr : public Attribute::AttrBase<VerCapExtAttr, Attribute, ods::AttrParamStorage<Attribute, ArrayAttr, ArrayAttr>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.vce";
  static VerCapExtAttr get(MLIRContext *ctx, Attribute version, ArrayAttr capabilities, ArrayAttr extensions) {
    return Base::get(ctx, version, capabilities, extensions);
  }
  Attribute getVersionAttr() const { return std::get<0>(getImpl()->params); }
  ArrayAttr getCapabilitiesAttr() const { return std::get<1>(getImpl()->params); }
  ArrayAttr getExtensionsAttr() const { return std::get<2>(getImpl()->params); }
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
    walkAttrs(getVersionAttr());
    walkAttrs(getCapabilitiesAttr());
    walkAttrs(getExtensionsAttr());
  }
};

/// `#spirv.target_env<#spirv.vce<...>, api=..., Vendor:DeviceType:id,
/// #spirv.resource_limits<...>>`: the triple, client API, vendor, device
/// type and id (uint32 max: none), resource limits.
class TargetEnvAttr
    : public Attribute::AttrBase<TargetEnvAttr, Attribute,
                                 ods::AttrParamStorage<Attribute, uint32_t, uint32_t, uint32_t, uint32_t, Attribute>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.target_env";
  static constexpr uint32_t kUnknownDeviceID = 0x7FFFFFFF;
  static TargetEnvAttr get(MLIRContext *ctx, Attribute triple, uint32_t clientAPI, uint32_t vendor,
                           uint32_t deviceType, uint32_t deviceId, Attribute limits) {
    return Base::get(ctx, triple, clientAPI, vendor, deviceType, deviceId, limits);
  }
  Attribute getTripleAttr() const { return std::get<0>(getImpl()->params); }
  uint32_t getClientAPI() const { return std::get<1>(getImpl()->params); }
  uint32_t getVendorID() const { return std::get<2>(getImpl()->params); }
  uint32_t getDeviceType() const { return std::get<3>(getImpl()->params); }
  uint32_t getDeviceID() const { return std::get<4>(getImpl()->params); }
  Attribute getResourceLimits() const { return std::get<5>(getImpl()->params); }
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
    walkAttrs(getTripleAttr());
    walkAttrs(getResourceLimits());
  }
};

/// `#spirv.interface_var_abi<(set, binding)[, StorageClass]>`; the storage
/// class is uint32 max when absent.
class InterfaceVarABIAttr
    : public Attribute::AttrBase<InterfaceVarABIAttr, Attribute, ods::AttrParamStorage<uint32_t, uint32_t, uint32_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "spirv.interface_var_abi";
  static constexpr uint32_t kNoStorageClass = 0xFFFFFFFF;
  static InterfaceVarABIAttr get(MLIRContext *ctx, uint32_t set, uint32_t binding, uint32_t storageClass) {
    return Base::get(ctx, set, binding, storageClass);
  }
  uint32_t getDescriptorSet() const { return std::get<0>(getImpl()->params); }
  uint32_t getBinding() const { return std::get<1>(getImpl()->params); }
  bool hasStorageClass() const { return std::get<2>(getImpl()->params) != kNoStorageClass; }
  uint32_t getStorageClassValue() const { return std::get<2>(getImpl()->params); }
};

//===----------------------------------------------------------------------===//
// Helpers the constraints name
//===----------------------------------------------------------------------===//

/// i1, or a vector of i1 shaped as `operandType` (the comparisons' result).
Type getUnaryOpResultType(Type operandType);
/// Whether `op` is, or is nested in, a function-like op.
bool isNestedInFunctionOpInterface(Operation *op);
/// Whether `op` is a module-like op (spirv.module or builtin.module).
bool isDirectInModuleLikeOp(Operation *op);
/// Whether `op` is, or is nested in, a spirv.ARM.Graph.
bool isNestedInGraphARMOpInterface(Operation *op);
/// Lamina has no builtin graph type: false.
bool isGraphType(Type type);
inline ImageOperands operator|(ImageOperands a, ImageOperands b) { return ImageOperands(uint32_t(a) | uint32_t(b)); }
/// Whether the bit enum attribute holds any of `bits`.
bool bitEnumContainsAny(Attribute attr, ImageOperands bits);

/// The tag of UsableInSpecConstantOp (`op->hasTrait<UsableInSpecConstantOpTag>()`).
struct UsableInSpecConstantOpTag {};
/// The native traits without verification (markers).
ods::Trait UsableInSpecConstantOpTrait(std::initializer_list<std::string_view>);
ods::Trait SignedOpTrait(std::initializer_list<std::string_view>);
ods::Trait UnsignedOpTrait(std::initializer_list<std::string_view>);

} // namespace spirv
} // namespace lamina
