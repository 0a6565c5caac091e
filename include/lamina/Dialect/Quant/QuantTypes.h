//===- QuantTypes.h - The quant dialect's quantized types ------------------===//
//
// What MLIR writes by hand in QuantTypes.h: `!quant.any<i8:f32>`,
// `!quant.uniform<i8:f32, 0.5:128>` in its per-layer, per-axis
// (`<i8:f32:1, {2.0, 3.0}>`) and sub-channel (`<i8:f32:{0:1, 1:2}, {{...}}>`)
// forms, and `!quant.calibrated<f32<-1.0:1.0>>`. Every quantized type shares
// a storage prefix (flags, storage type, expressed type, storage bounds);
// QuantTypes.cpp holds their invariants and syntax.
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"

#include <string_view>
#include <tuple>

namespace lamina {
class DialectAsmParser;
class DialectAsmPrinter;

namespace quant {

/// Bits of a quantized type's flags (MLIR's QuantizationFlags).
namespace QuantizationFlags {
enum FlagValue : unsigned { Signed = 1 };
} // namespace QuantizationFlags

namespace detail {
/// The parameters every quantized type has (CalibratedQuantizedType leaves
/// the storage fields null/zero).
struct QuantizedTypeStorage : public TypeStorage {
  QuantizedTypeStorage(unsigned flags, Type storageType, Type expressedType, int64_t storageTypeMin,
                       int64_t storageTypeMax)
      : flags(flags), storageType(storageType), expressedType(expressedType), storageTypeMin(storageTypeMin),
        storageTypeMax(storageTypeMax) {}
  unsigned flags;
  Type storageType;
  Type expressedType;
  int64_t storageTypeMin;
  int64_t storageTypeMax;
};
struct AnyQuantizedTypeStorage;
struct UniformQuantizedTypeStorage;
struct UniformQuantizedPerAxisTypeStorage;
struct UniformQuantizedSubChannelTypeStorage;
struct CalibratedQuantizedTypeStorage;
} // namespace detail

/// Any type of the quant dialect.
class QuantizedType : public Type {
public:
  using Type::Type;
  QuantizedType(Type t) : Type(t) {}
  static bool classof(Type type);

  /// The widest storage type supported.
  static constexpr unsigned MaxStorageBits = 32;

  static int64_t getDefaultMinimumForInteger(bool isSigned, unsigned integralWidth) {
    return isSigned ? -(int64_t(1) << (integralWidth - 1)) : 0;
  }
  static int64_t getDefaultMaximumForInteger(bool isSigned, unsigned integralWidth) {
    return isSigned ? (int64_t(1) << (integralWidth - 1)) - 1 : (int64_t(1) << integralWidth) - 1;
  }

  /// The checks shared by every quantized type but calibrated.
  static LogicalResult verifyInvariants(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                        Type storageType, Type expressedType, int64_t storageTypeMin,
                                        int64_t storageTypeMax);

  unsigned getFlags() const { return storage()->flags; }
  bool isSigned() const { return (getFlags() & QuantizationFlags::Signed) != 0; }
  Type getStorageType() const { return storage()->storageType; }
  Type getExpressedType() const { return storage()->expressedType; }
  int64_t getStorageTypeMin() const { return storage()->storageTypeMin; }
  int64_t getStorageTypeMax() const { return storage()->storageTypeMax; }
  unsigned getStorageTypeIntegralWidth() const;
  /// Whether the storage bounds differ from the storage type's full range.
  bool hasStorageTypeBounds() const;

  /// The quantized element type of `type` (itself or its shaped element), or null.
  static QuantizedType getQuantizedElementType(Type type);

private:
  const detail::QuantizedTypeStorage *storage() const {
    return static_cast<const detail::QuantizedTypeStorage *>(getImpl());
  }
};

/// `!quant.any<i8:f32>`: a quantized type whose scheme is not decided yet.
class AnyQuantizedType : public Type::TypeBase<AnyQuantizedType, QuantizedType, detail::AnyQuantizedTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "quant.any";
  static AnyQuantizedType get(unsigned flags, Type storageType, Type expressedType, int64_t storageTypeMin,
                              int64_t storageTypeMax);
  static AnyQuantizedType getChecked(function_ref<InFlightDiagnostic()> emitError, unsigned flags, Type storageType,
                                     Type expressedType, int64_t storageTypeMin, int64_t storageTypeMax);
  static LogicalResult verifyInvariants(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                        Type storageType, Type expressedType, int64_t storageTypeMin,
                                        int64_t storageTypeMax);
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// `!quant.uniform<i8:f32, 0.5:128>`: per-layer affine quantization.
class UniformQuantizedType
    : public Type::TypeBase<UniformQuantizedType, QuantizedType, detail::UniformQuantizedTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "quant.uniform";
  static UniformQuantizedType get(unsigned flags, Type storageType, Type expressedType, double scale,
                                  int64_t zeroPoint, int64_t storageTypeMin, int64_t storageTypeMax);
  static UniformQuantizedType getChecked(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                         Type storageType, Type expressedType, double scale, int64_t zeroPoint,
                                         int64_t storageTypeMin, int64_t storageTypeMax);
  static LogicalResult verifyInvariants(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                        Type storageType, Type expressedType, double scale, int64_t zeroPoint,
                                        int64_t storageTypeMin, int64_t storageTypeMax);
  double getScale() const;
  int64_t getZeroPoint() const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// `!quant.uniform<i8:f32:1, {2.0, 3.0:1}>`: one scale and zero point per
/// index of the quantized dimension.
class UniformQuantizedPerAxisType
    : public Type::TypeBase<UniformQuantizedPerAxisType, QuantizedType, detail::UniformQuantizedPerAxisTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "quant.uniform_per_axis";
  static UniformQuantizedPerAxisType get(unsigned flags, Type storageType, Type expressedType,
                                         ArrayRef<double> scales, ArrayRef<int64_t> zeroPoints,
                                         int32_t quantizedDimension, int64_t storageTypeMin,
                                         int64_t storageTypeMax);
  static UniformQuantizedPerAxisType getChecked(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                                Type storageType, Type expressedType, ArrayRef<double> scales,
                                                ArrayRef<int64_t> zeroPoints, int32_t quantizedDimension,
                                                int64_t storageTypeMin, int64_t storageTypeMax);
  static LogicalResult verifyInvariants(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                        Type storageType, Type expressedType, ArrayRef<double> scales,
                                        ArrayRef<int64_t> zeroPoints, int32_t quantizedDimension,
                                        int64_t storageTypeMin, int64_t storageTypeMax);
  ArrayRef<double> getScales() const;
  ArrayRef<int64_t> getZeroPoints() const;
  int32_t getQuantizedDimension() const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// `!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, ...}>`: scales and zero
/// points per block of the tensor.
class UniformQuantizedSubChannelType
    : public Type::TypeBase<UniformQuantizedSubChannelType, QuantizedType,
                            detail::UniformQuantizedSubChannelTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "quant.uniform_sub_channel";
  static UniformQuantizedSubChannelType get(unsigned flags, Type storageType, Type expressedType,
                                            DenseElementsAttr scales, DenseElementsAttr zeroPoints,
                                            ArrayRef<int32_t> quantizedDimensions, ArrayRef<int64_t> blockSizes,
                                            int64_t storageTypeMin, int64_t storageTypeMax);
  static UniformQuantizedSubChannelType getChecked(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                                   Type storageType, Type expressedType, DenseElementsAttr scales,
                                                   DenseElementsAttr zeroPoints,
                                                   ArrayRef<int32_t> quantizedDimensions,
                                                   ArrayRef<int64_t> blockSizes, int64_t storageTypeMin,
                                                   int64_t storageTypeMax);
  static LogicalResult verifyInvariants(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                        Type storageType, Type expressedType, DenseElementsAttr scales,
                                        DenseElementsAttr zeroPoints, ArrayRef<int32_t> quantizedDimensions,
                                        ArrayRef<int64_t> blockSizes, int64_t storageTypeMin,
                                        int64_t storageTypeMax);
  DenseElementsAttr getScales() const;
  DenseElementsAttr getZeroPoints() const;
  ArrayRef<int32_t> getQuantizedDimensions() const;
  ArrayRef<int64_t> getBlockSizes() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)> walkTypes) const;
};

/// `!quant.calibrated<f32<-1.0:1.0>>`: an expressed type with the range
/// calibration observed.
class CalibratedQuantizedType
    : public Type::TypeBase<CalibratedQuantizedType, QuantizedType, detail::CalibratedQuantizedTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "quant.calibrated";
  static CalibratedQuantizedType get(Type expressedType, double min, double max);
  static CalibratedQuantizedType getChecked(function_ref<InFlightDiagnostic()> emitError, Type expressedType,
                                            double min, double max);
  static LogicalResult verifyInvariants(function_ref<InFlightDiagnostic()> emitError, Type expressedType, double min,
                                        double max);
  double getMin() const;
  double getMax() const;
  void walkImmediateSubElements(function_ref<void(Attribute)>, function_ref<void(Type)> walkTypes) const;
};

/// The syntax of the quant types (the dialect's parseType/printType).
Type parseQuantType(DialectAsmParser &parser);
void printQuantType(Type type, DialectAsmPrinter &printer);

} // namespace quant
} // namespace lamina
