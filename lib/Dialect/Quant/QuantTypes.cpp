//===- QuantTypes.cpp - The quant dialect's quantized types ---------------===//
//
// As MLIR 22's QuantTypes.cpp and TypeParser.cpp: the storages of the
// quantized types, their invariants (with mlir-opt's messages) and their
// syntax. Scales print through AsmPrinter::printFloat as MLIR's
// `DialectAsmPrinter << double` does; diagnostics print doubles in `%e`.
//
#include "lamina/Dialect/Quant/QuantTypes.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/OpImplementation.h"

#include <cmath>

using namespace lamina;
using namespace lamina::quant;

//===----------------------------------------------------------------------===//
// Storages
//===----------------------------------------------------------------------===//

namespace lamina::quant::detail {

struct AnyQuantizedTypeStorage : public QuantizedTypeStorage {
  using KeyTy = std::tuple<unsigned, Type, Type, int64_t, int64_t>;
  using QuantizedTypeStorage::QuantizedTypeStorage;
  bool operator==(const KeyTy &key) const {
    return key == KeyTy(flags, storageType, expressedType, storageTypeMin, storageTypeMax);
  }
  static uint64_t hashKey(const KeyTy &key) { return hashValue(key); }
  static AnyQuantizedTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    auto [flags, storageType, expressedType, min, max] = key;
    return new (a.allocate<AnyQuantizedTypeStorage>())
        AnyQuantizedTypeStorage(flags, storageType, expressedType, min, max);
  }
};

struct UniformQuantizedTypeStorage : public QuantizedTypeStorage {
  using KeyTy = std::tuple<unsigned, Type, Type, double, int64_t, int64_t, int64_t>;
  UniformQuantizedTypeStorage(const KeyTy &key)
      : QuantizedTypeStorage(std::get<0>(key), std::get<1>(key), std::get<2>(key), std::get<5>(key),
                             std::get<6>(key)),
        scale(std::get<3>(key)), zeroPoint(std::get<4>(key)) {}
  bool operator==(const KeyTy &key) const {
    // Scales compare by bits, as MLIR's (which compares their APFloat bits).
    double keyScale = std::get<3>(key);
    return std::get<0>(key) == flags && std::get<1>(key) == storageType && std::get<2>(key) == expressedType &&
           std::memcmp(&keyScale, &scale, sizeof(double)) == 0 && std::get<4>(key) == zeroPoint &&
           std::get<5>(key) == storageTypeMin && std::get<6>(key) == storageTypeMax;
  }
  static uint64_t hashKey(const KeyTy &key) { return hashValue(key); }
  static UniformQuantizedTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<UniformQuantizedTypeStorage>()) UniformQuantizedTypeStorage(key);
  }
  double scale;
  int64_t zeroPoint;
};

static bool sameBits(ArrayRef<double> a, ArrayRef<double> b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

struct UniformQuantizedPerAxisTypeStorage : public QuantizedTypeStorage {
  using KeyTy = std::tuple<unsigned, Type, Type, ArrayRef<double>, ArrayRef<int64_t>, int32_t, int64_t, int64_t>;
  UniformQuantizedPerAxisTypeStorage(const KeyTy &key, ArrayRef<double> scales, ArrayRef<int64_t> zeroPoints)
      : QuantizedTypeStorage(std::get<0>(key), std::get<1>(key), std::get<2>(key), std::get<6>(key),
                             std::get<7>(key)),
        scales(scales), zeroPoints(zeroPoints), quantizedDimension(std::get<5>(key)) {}
  bool operator==(const KeyTy &key) const {
    return std::get<0>(key) == flags && std::get<1>(key) == storageType && std::get<2>(key) == expressedType &&
           sameBits(std::get<3>(key), scales) && std::get<4>(key) == zeroPoints &&
           std::get<5>(key) == quantizedDimension && std::get<6>(key) == storageTypeMin &&
           std::get<7>(key) == storageTypeMax;
  }
  static uint64_t hashKey(const KeyTy &key) {
    ArrayRef<double> scales = std::get<3>(key);
    ArrayRef<int64_t> zeroPoints = std::get<4>(key);
    return hash_combine(std::get<0>(key), std::get<1>(key), std::get<2>(key),
                        hashValue(std::span<const double>(scales.data(), scales.size())),
                        hashValue(std::span<const int64_t>(zeroPoints.data(), zeroPoints.size())),
                        std::get<5>(key), std::get<6>(key), std::get<7>(key));
  }
  static UniformQuantizedPerAxisTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<UniformQuantizedPerAxisTypeStorage>())
        UniformQuantizedPerAxisTypeStorage(key, a.copyInto(std::get<3>(key)), a.copyInto(std::get<4>(key)));
  }
  ArrayRef<double> scales;
  ArrayRef<int64_t> zeroPoints;
  int32_t quantizedDimension;
};

struct UniformQuantizedSubChannelTypeStorage : public QuantizedTypeStorage {
  using KeyTy = std::tuple<unsigned, Type, Type, DenseElementsAttr, DenseElementsAttr, ArrayRef<int32_t>,
                           ArrayRef<int64_t>, int64_t, int64_t>;
  UniformQuantizedSubChannelTypeStorage(const KeyTy &key, ArrayRef<int32_t> dims, ArrayRef<int64_t> blocks)
      : QuantizedTypeStorage(std::get<0>(key), std::get<1>(key), std::get<2>(key), std::get<7>(key),
                             std::get<8>(key)),
        scales(std::get<3>(key)), zeroPoints(std::get<4>(key)), quantizedDimensions(dims), blockSizes(blocks) {}
  bool operator==(const KeyTy &key) const {
    return std::get<0>(key) == flags && std::get<1>(key) == storageType && std::get<2>(key) == expressedType &&
           std::get<3>(key) == scales && std::get<4>(key) == zeroPoints &&
           std::get<5>(key) == quantizedDimensions && std::get<6>(key) == blockSizes &&
           std::get<7>(key) == storageTypeMin && std::get<8>(key) == storageTypeMax;
  }
  static uint64_t hashKey(const KeyTy &key) {
    ArrayRef<int32_t> dims = std::get<5>(key);
    ArrayRef<int64_t> blocks = std::get<6>(key);
    return hash_combine(std::get<0>(key), std::get<1>(key), std::get<2>(key), Attribute(std::get<3>(key)),
                        Attribute(std::get<4>(key)), hashValue(std::span<const int32_t>(dims.data(), dims.size())),
                        hashValue(std::span<const int64_t>(blocks.data(), blocks.size())), std::get<7>(key),
                        std::get<8>(key));
  }
  static UniformQuantizedSubChannelTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<UniformQuantizedSubChannelTypeStorage>())
        UniformQuantizedSubChannelTypeStorage(key, a.copyInto(std::get<5>(key)), a.copyInto(std::get<6>(key)));
  }
  DenseElementsAttr scales;
  DenseElementsAttr zeroPoints;
  ArrayRef<int32_t> quantizedDimensions;
  ArrayRef<int64_t> blockSizes;
};

struct CalibratedQuantizedTypeStorage : public QuantizedTypeStorage {
  using KeyTy = std::tuple<Type, double, double>;
  explicit CalibratedQuantizedTypeStorage(const KeyTy &key)
      : QuantizedTypeStorage(0, Type(), std::get<0>(key), 0, 0), min(std::get<1>(key)), max(std::get<2>(key)) {}
  bool operator==(const KeyTy &key) const {
    double keyMin = std::get<1>(key), keyMax = std::get<2>(key);
    return std::get<0>(key) == expressedType && std::memcmp(&keyMin, &min, sizeof(double)) == 0 &&
           std::memcmp(&keyMax, &max, sizeof(double)) == 0;
  }
  static uint64_t hashKey(const KeyTy &key) { return hashValue(key); }
  static CalibratedQuantizedTypeStorage *construct(StorageAllocator &a, const KeyTy &key) {
    return new (a.allocate<CalibratedQuantizedTypeStorage>()) CalibratedQuantizedTypeStorage(key);
  }
  double min;
  double max;
};

} // namespace lamina::quant::detail

//===----------------------------------------------------------------------===//
// QuantizedType
//===----------------------------------------------------------------------===//

bool QuantizedType::classof(Type type) {
  return isa<AnyQuantizedType, UniformQuantizedType, UniformQuantizedPerAxisType, UniformQuantizedSubChannelType,
             CalibratedQuantizedType>(type);
}

unsigned QuantizedType::getStorageTypeIntegralWidth() const {
  auto integer = dyn_cast_or_null<IntegerType>(getStorageType());
  return integer ? integer.getWidth() : 0;
}

bool QuantizedType::hasStorageTypeBounds() const {
  unsigned width = getStorageTypeIntegralWidth();
  return getDefaultMinimumForInteger(isSigned(), width) != getStorageTypeMin() ||
         getDefaultMaximumForInteger(isSigned(), width) != getStorageTypeMax();
}

QuantizedType QuantizedType::getQuantizedElementType(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return dyn_cast<QuantizedType>(shaped.getElementType());
  return dyn_cast<QuantizedType>(type);
}

LogicalResult QuantizedType::verifyInvariants(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                              Type storageType, Type, int64_t storageTypeMin,
                                              int64_t storageTypeMax) {
  auto integer = dyn_cast_or_null<IntegerType>(storageType);
  if (!integer)
    return emitError() << "storage type must be integral";
  unsigned width = integer.getWidth();
  if (width == 0 || width > MaxStorageBits)
    return emitError() << "illegal storage type size: " << width;
  bool isSigned = (flags & QuantizationFlags::Signed) != 0;
  int64_t defaultMin = getDefaultMinimumForInteger(isSigned, width);
  int64_t defaultMax = getDefaultMaximumForInteger(isSigned, width);
  if (storageTypeMax - storageTypeMin <= 0 || storageTypeMin < defaultMin || storageTypeMax > defaultMax)
    return emitError() << "illegal storage min and storage max: (" << storageTypeMin << ":" << storageTypeMax
                       << ")";
  return success();
}

/// The checks of the uniform types after the common ones.
static LogicalResult verifyUniformExpressedType(function_ref<InFlightDiagnostic()> emitError, Type expressedType) {
  if (!expressedType)
    return emitError() << "uniform quantization requires expressed type";
  if (!isa<FloatType>(expressedType))
    return emitError() << "expressed type must be floating point";
  return success();
}

static LogicalResult verifyScale(function_ref<InFlightDiagnostic()> emitError, double scale) {
  if (std::isinf(scale) || std::isnan(scale))
    return emitError() << "illegal scale: " << scale;
  return success();
}

//===----------------------------------------------------------------------===//
// AnyQuantizedType
//===----------------------------------------------------------------------===//

AnyQuantizedType AnyQuantizedType::get(unsigned flags, Type storageType, Type expressedType, int64_t storageTypeMin,
                                       int64_t storageTypeMax) {
  return Base::get(storageType.getContext(), flags, storageType, expressedType, storageTypeMin, storageTypeMax);
}

AnyQuantizedType AnyQuantizedType::getChecked(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                              Type storageType, Type expressedType, int64_t storageTypeMin,
                                              int64_t storageTypeMax) {
  if (failed(verifyInvariants(emitError, flags, storageType, expressedType, storageTypeMin, storageTypeMax)))
    return {};
  return get(flags, storageType, expressedType, storageTypeMin, storageTypeMax);
}

LogicalResult AnyQuantizedType::verifyInvariants(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                                 Type storageType, Type expressedType, int64_t storageTypeMin,
                                                 int64_t storageTypeMax) {
  if (failed(QuantizedType::verifyInvariants(emitError, flags, storageType, expressedType, storageTypeMin,
                                             storageTypeMax)))
    return failure();
  if (expressedType && !isa<FloatType>(expressedType))
    return emitError() << "expressed type must be floating point";
  return success();
}

void AnyQuantizedType::walkImmediateSubElements(function_ref<void(Attribute)>,
                                                function_ref<void(Type)> walkTypes) const {
  walkTypes(getStorageType());
  if (Type expressed = getExpressedType())
    walkTypes(expressed);
}

//===----------------------------------------------------------------------===//
// UniformQuantizedType
//===----------------------------------------------------------------------===//

UniformQuantizedType UniformQuantizedType::get(unsigned flags, Type storageType, Type expressedType, double scale,
                                               int64_t zeroPoint, int64_t storageTypeMin, int64_t storageTypeMax) {
  return Base::get(storageType.getContext(), flags, storageType, expressedType, scale, zeroPoint, storageTypeMin,
                   storageTypeMax);
}

UniformQuantizedType UniformQuantizedType::getChecked(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                                      Type storageType, Type expressedType, double scale,
                                                      int64_t zeroPoint, int64_t storageTypeMin,
                                                      int64_t storageTypeMax) {
  if (failed(verifyInvariants(emitError, flags, storageType, expressedType, scale, zeroPoint, storageTypeMin,
                              storageTypeMax)))
    return {};
  return get(flags, storageType, expressedType, scale, zeroPoint, storageTypeMin, storageTypeMax);
}

LogicalResult UniformQuantizedType::verifyInvariants(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                                     Type storageType, Type expressedType, double scale, int64_t,
                                                     int64_t storageTypeMin, int64_t storageTypeMax) {
  if (failed(QuantizedType::verifyInvariants(emitError, flags, storageType, expressedType, storageTypeMin,
                                             storageTypeMax)) ||
      failed(verifyUniformExpressedType(emitError, expressedType)))
    return failure();
  return verifyScale(emitError, scale);
}

double UniformQuantizedType::getScale() const { return getImpl()->scale; }
int64_t UniformQuantizedType::getZeroPoint() const { return getImpl()->zeroPoint; }

void UniformQuantizedType::walkImmediateSubElements(function_ref<void(Attribute)>,
                                                    function_ref<void(Type)> walkTypes) const {
  walkTypes(getStorageType());
  walkTypes(getExpressedType());
}

//===----------------------------------------------------------------------===//
// UniformQuantizedPerAxisType
//===----------------------------------------------------------------------===//

UniformQuantizedPerAxisType UniformQuantizedPerAxisType::get(unsigned flags, Type storageType, Type expressedType,
                                                             ArrayRef<double> scales, ArrayRef<int64_t> zeroPoints,
                                                             int32_t quantizedDimension, int64_t storageTypeMin,
                                                             int64_t storageTypeMax) {
  return Base::get(storageType.getContext(), flags, storageType, expressedType, scales, zeroPoints,
                   quantizedDimension, storageTypeMin, storageTypeMax);
}

UniformQuantizedPerAxisType
UniformQuantizedPerAxisType::getChecked(function_ref<InFlightDiagnostic()> emitError, unsigned flags,
                                        Type storageType, Type expressedType, ArrayRef<double> scales,
                                        ArrayRef<int64_t> zeroPoints, int32_t quantizedDimension,
                                        int64_t storageTypeMin, int64_t storageTypeMax) {
  if (failed(verifyInvariants(emitError, flags, storageType, expressedType, scales, zeroPoints, quantizedDimension,
                              storageTypeMin, storageTypeMax)))
    return {};
  return get(flags, storageType, expressedType, scales, zeroPoints, quantizedDimension, storageTypeMin,
             storageTypeMax);
}

LogicalResult UniformQuantizedPerAxisType::verifyInvariants(function_ref<InFlightDiagnostic()> emitError,
                                                            unsigned flags, Type storageType, Type expressedType,
                                                            ArrayRef<double> scales, ArrayRef<int64_t> zeroPoints,
                                                            int32_t quantizedDimension, int64_t storageTypeMin,
                                                            int64_t storageTypeMax) {
  if (failed(QuantizedType::verifyInvariants(emitError, flags, storageType, expressedType, storageTypeMin,
                                             storageTypeMax)) ||
      failed(verifyUniformExpressedType(emitError, expressedType)))
    return failure();
  if (scales.size() != zeroPoints.size())
    return emitError() << "illegal number of scales and zeroPoints: " << scales.size() << ", " << zeroPoints.size();
  for (double scale : scales)
    if (failed(verifyScale(emitError, scale)))
      return failure();
  if (quantizedDimension < 0)
    return emitError() << "illegal quantized dimension: " << quantizedDimension;
  return success();
}

ArrayRef<double> UniformQuantizedPerAxisType::getScales() const { return getImpl()->scales; }
ArrayRef<int64_t> UniformQuantizedPerAxisType::getZeroPoints() const { return getImpl()->zeroPoints; }
int32_t UniformQuantizedPerAxisType::getQuantizedDimension() const { return getImpl()->quantizedDimension; }

void UniformQuantizedPerAxisType::walkImmediateSubElements(function_ref<void(Attribute)>,
                                                           function_ref<void(Type)> walkTypes) const {
  walkTypes(getStorageType());
  walkTypes(getExpressedType());
}

//===----------------------------------------------------------------------===//
// UniformQuantizedSubChannelType
//===----------------------------------------------------------------------===//

UniformQuantizedSubChannelType
UniformQuantizedSubChannelType::get(unsigned flags, Type storageType, Type expressedType, DenseElementsAttr scales,
                                    DenseElementsAttr zeroPoints, ArrayRef<int32_t> quantizedDimensions,
                                    ArrayRef<int64_t> blockSizes, int64_t storageTypeMin, int64_t storageTypeMax) {
  return Base::get(storageType.getContext(), flags, storageType, expressedType, scales, zeroPoints,
                   quantizedDimensions, blockSizes, storageTypeMin, storageTypeMax);
}

UniformQuantizedSubChannelType UniformQuantizedSubChannelType::getChecked(
    function_ref<InFlightDiagnostic()> emitError, unsigned flags, Type storageType, Type expressedType,
    DenseElementsAttr scales, DenseElementsAttr zeroPoints, ArrayRef<int32_t> quantizedDimensions,
    ArrayRef<int64_t> blockSizes, int64_t storageTypeMin, int64_t storageTypeMax) {
  if (failed(verifyInvariants(emitError, flags, storageType, expressedType, scales, zeroPoints, quantizedDimensions,
                              blockSizes, storageTypeMin, storageTypeMax)))
    return {};
  return get(flags, storageType, expressedType, scales, zeroPoints, quantizedDimensions, blockSizes, storageTypeMin,
             storageTypeMax);
}

LogicalResult UniformQuantizedSubChannelType::verifyInvariants(
    function_ref<InFlightDiagnostic()> emitError, unsigned flags, Type storageType, Type expressedType,
    DenseElementsAttr scales, DenseElementsAttr zeroPoints, ArrayRef<int32_t> quantizedDimensions,
    ArrayRef<int64_t> blockSizes, int64_t storageTypeMin, int64_t storageTypeMax) {
  if (failed(QuantizedType::verifyInvariants(emitError, flags, storageType, expressedType, storageTypeMin,
                                             storageTypeMax)) ||
      failed(verifyUniformExpressedType(emitError, expressedType)))
    return failure();
  if (scales.getElementType() != expressedType)
    return emitError() << "type of scale values " << scales.getElementType() << " must match the expressed type "
                       << expressedType;
  if (zeroPoints.getElementType() != storageType)
    return emitError() << "type of zero point values " << zeroPoints.getElementType()
                       << " must match the storage type " << storageType;
  if (scales.getType().getShape() != zeroPoints.getType().getShape()) {
    InFlightDiagnostic diag = emitError();
    diag << "shape of scales and zeroPoints (";
    diag.appendRange(scales.getType().getShape());
    diag << " vs ";
    diag.appendRange(zeroPoints.getType().getShape());
    return diag << ") does not match";
  }
  // MLIR prints the numbers of scales and zero points here.
  if (quantizedDimensions.size() != blockSizes.size())
    return emitError() << "number of quantized dimensions and block sizes (" << int64_t(scales.size()) << " vs "
                       << int64_t(zeroPoints.size()) << ") does not match";
  for (int32_t dim : quantizedDimensions)
    if (dim < 0)
      return emitError() << "illegal quantized dimension: " << dim;
  for (int64_t blockSize : blockSizes)
    if (blockSize <= 0)
      return emitError() << "illegal block size: " << blockSize;
  return success();
}

DenseElementsAttr UniformQuantizedSubChannelType::getScales() const { return getImpl()->scales; }
DenseElementsAttr UniformQuantizedSubChannelType::getZeroPoints() const { return getImpl()->zeroPoints; }
ArrayRef<int32_t> UniformQuantizedSubChannelType::getQuantizedDimensions() const {
  return getImpl()->quantizedDimensions;
}
ArrayRef<int64_t> UniformQuantizedSubChannelType::getBlockSizes() const { return getImpl()->blockSizes; }

void UniformQuantizedSubChannelType::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs,
                                                              function_ref<void(Type)> walkTypes) const {
  walkTypes(getStorageType());
  walkTypes(getExpressedType());
  walkAttrs(getScales());
  walkAttrs(getZeroPoints());
}

//===----------------------------------------------------------------------===//
// CalibratedQuantizedType
//===----------------------------------------------------------------------===//

CalibratedQuantizedType CalibratedQuantizedType::get(Type expressedType, double min, double max) {
  return Base::get(expressedType.getContext(), expressedType, min, max);
}

CalibratedQuantizedType CalibratedQuantizedType::getChecked(function_ref<InFlightDiagnostic()> emitError,
                                                            Type expressedType, double min, double max) {
  if (failed(verifyInvariants(emitError, expressedType, min, max)))
    return {};
  return get(expressedType, min, max);
}

LogicalResult CalibratedQuantizedType::verifyInvariants(function_ref<InFlightDiagnostic()> emitError,
                                                        Type expressedType, double min, double max) {
  if (!isa<FloatType>(expressedType))
    return emitError() << "expressed type must be floating point";
  if (max <= min)
    return emitError() << "illegal min and max: (" << min << ":" << max << ")";
  return success();
}

double CalibratedQuantizedType::getMin() const { return getImpl()->min; }
double CalibratedQuantizedType::getMax() const { return getImpl()->max; }

void CalibratedQuantizedType::walkImmediateSubElements(function_ref<void(Attribute)>,
                                                       function_ref<void(Type)> walkTypes) const {
  walkTypes(getExpressedType());
}
