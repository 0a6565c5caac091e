//===- QuantBytecode.cpp - Bytecode encoding of the quantized types -------===//
//
// MLIR's QuantDialectBytecode.td: each type is a varint code then its
// parameters; doubles are written as IEEE double APFloats, lists as a count
// then their elements. Codes: 1 any (no expressed type), 2 any with
// expressed type, 3 calibrated, 4 uniform, 5 per-axis, 6 sub-channel.
//
#include "lamina/Bytecode/BytecodeImplementation.h"
#include "lamina/Dialect/Quant/QuantDialect.h"

using namespace lamina;
using namespace lamina::quant;

namespace {

enum class TypeCode : uint64_t {
  AnyQuantized = 1,
  AnyQuantizedWithExpressed = 2,
  Calibrated = 3,
  Uniform = 4,
  UniformPerAxis = 5,
  UniformSubChannel = 6,
};

LogicalResult readDouble(DialectBytecodeReader &reader, double &value) {
  FailureOr<APFloat> f = reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
  if (failed(f))
    return failure();
  value = f->convertToDouble();
  return success();
}

void writeDouble(DialectBytecodeWriter &writer, double value) { writer.writeAPFloatWithKnownSemantics(APFloat(value)); }

/// Reads `T::getChecked(emitError, args...)`: a type that breaks its
/// invariants is an error of the bytecode.
template <typename T, typename... Args> Type getCheckedFrom(DialectBytecodeReader &reader, Args... args) {
  return T::getChecked([&] { return reader.emitError(); }, args...);
}

struct QuantBytecodeInterface final : BytecodeDialectInterface {
  Type readType(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return {};
    uint64_t flags = 0;
    Type storageType, expressedType;
    int64_t storageTypeMin = 0, storageTypeMax = 0;
    switch (TypeCode(code)) {
    case TypeCode::AnyQuantized:
      if (failed(reader.readVarInt(flags)) || failed(reader.readType(storageType)) ||
          failed(reader.readSignedVarInt(storageTypeMin)) || failed(reader.readSignedVarInt(storageTypeMax)))
        return {};
      return getCheckedFrom<AnyQuantizedType>(reader, unsigned(flags), storageType, Type(), storageTypeMin,
                                              storageTypeMax);
    case TypeCode::AnyQuantizedWithExpressed:
      if (failed(reader.readVarInt(flags)) || failed(reader.readType(storageType)) ||
          failed(reader.readType(expressedType)) || failed(reader.readSignedVarInt(storageTypeMin)) ||
          failed(reader.readSignedVarInt(storageTypeMax)))
        return {};
      return getCheckedFrom<AnyQuantizedType>(reader, unsigned(flags), storageType, expressedType, storageTypeMin,
                                              storageTypeMax);
    case TypeCode::Calibrated: {
      double min, max;
      if (failed(reader.readType(expressedType)) || failed(readDouble(reader, min)) ||
          failed(readDouble(reader, max)))
        return {};
      return getCheckedFrom<CalibratedQuantizedType>(reader, expressedType, min, max);
    }
    case TypeCode::Uniform: {
      double scale;
      int64_t zeroPoint;
      if (failed(reader.readVarInt(flags)) || failed(reader.readType(storageType)) ||
          failed(reader.readType(expressedType)) || failed(readDouble(reader, scale)) ||
          failed(reader.readSignedVarInt(zeroPoint)) || failed(reader.readSignedVarInt(storageTypeMin)) ||
          failed(reader.readSignedVarInt(storageTypeMax)))
        return {};
      return getCheckedFrom<UniformQuantizedType>(reader, unsigned(flags), storageType, expressedType, scale,
                                                  zeroPoint, storageTypeMin, storageTypeMax);
    }
    case TypeCode::UniformPerAxis: {
      uint64_t quantizedDimension;
      std::vector<double> scales;
      std::vector<int64_t> zeroPoints;
      if (failed(reader.readVarInt(flags)) || failed(reader.readType(storageType)) ||
          failed(reader.readType(expressedType)) || failed(reader.readVarInt(quantizedDimension)) ||
          failed(reader.readSignedVarInt(storageTypeMin)) || failed(reader.readSignedVarInt(storageTypeMax)) ||
          failed(reader.readList(scales, [&](double &v) { return readDouble(reader, v); })) ||
          failed(reader.readSignedVarInts(zeroPoints)))
        return {};
      return getCheckedFrom<UniformQuantizedPerAxisType>(reader, unsigned(flags), storageType, expressedType,
                                                         ArrayRef<double>(scales), ArrayRef<int64_t>(zeroPoints),
                                                         int32_t(quantizedDimension), storageTypeMin,
                                                         storageTypeMax);
    }
    case TypeCode::UniformSubChannel: {
      std::vector<int64_t> dims, blockSizes;
      DenseElementsAttr scales, zeroPoints;
      if (failed(reader.readVarInt(flags)) || failed(reader.readType(storageType)) ||
          failed(reader.readType(expressedType)) || failed(reader.readSignedVarInt(storageTypeMin)) ||
          failed(reader.readSignedVarInt(storageTypeMax)) || failed(reader.readSignedVarInts(dims)) ||
          failed(reader.readSignedVarInts(blockSizes)) || failed(reader.readAttribute(scales)) ||
          failed(reader.readAttribute(zeroPoints)))
        return {};
      std::vector<int32_t> dims32(dims.begin(), dims.end());
      if (scales.size() != zeroPoints.size()) {
        (void)(reader.emitError() << "mismatched numbers of scales and zero points");
        return {};
      }
      return getCheckedFrom<UniformQuantizedSubChannelType>(reader, unsigned(flags), storageType, expressedType,
                                                            scales, zeroPoints, ArrayRef<int32_t>(dims32),
                                                            ArrayRef<int64_t>(blockSizes), storageTypeMin,
                                                            storageTypeMax);
    }
    }
    (void)(reader.emitError() << "unknown type code: " << code);
    return {};
  }

  LogicalResult writeType(Type type, DialectBytecodeWriter &writer) const override {
    if (auto any = dyn_cast<AnyQuantizedType>(type)) {
      bool hasExpressed = bool(any.getExpressedType());
      writer.writeVarInt(uint64_t(hasExpressed ? TypeCode::AnyQuantizedWithExpressed : TypeCode::AnyQuantized));
      writer.writeVarInt(any.getFlags());
      writer.writeType(any.getStorageType());
      if (hasExpressed)
        writer.writeType(any.getExpressedType());
      writer.writeSignedVarInt(any.getStorageTypeMin());
      writer.writeSignedVarInt(any.getStorageTypeMax());
      return success();
    }
    if (auto calibrated = dyn_cast<CalibratedQuantizedType>(type)) {
      writer.writeVarInt(uint64_t(TypeCode::Calibrated));
      writer.writeType(calibrated.getExpressedType());
      writeDouble(writer, calibrated.getMin());
      writeDouble(writer, calibrated.getMax());
      return success();
    }
    if (auto uniform = dyn_cast<UniformQuantizedType>(type)) {
      writer.writeVarInt(uint64_t(TypeCode::Uniform));
      writer.writeVarInt(uniform.getFlags());
      writer.writeType(uniform.getStorageType());
      writer.writeType(uniform.getExpressedType());
      writeDouble(writer, uniform.getScale());
      writer.writeSignedVarInt(uniform.getZeroPoint());
      writer.writeSignedVarInt(uniform.getStorageTypeMin());
      writer.writeSignedVarInt(uniform.getStorageTypeMax());
      return success();
    }
    if (auto perAxis = dyn_cast<UniformQuantizedPerAxisType>(type)) {
      writer.writeVarInt(uint64_t(TypeCode::UniformPerAxis));
      writer.writeVarInt(perAxis.getFlags());
      writer.writeType(perAxis.getStorageType());
      writer.writeType(perAxis.getExpressedType());
      writer.writeVarInt(uint64_t(int64_t(perAxis.getQuantizedDimension())));
      writer.writeSignedVarInt(perAxis.getStorageTypeMin());
      writer.writeSignedVarInt(perAxis.getStorageTypeMax());
      writer.writeList(perAxis.getScales(), [&](double v) { writeDouble(writer, v); });
      writer.writeSignedVarInts(perAxis.getZeroPoints());
      return success();
    }
    if (auto subChannel = dyn_cast<UniformQuantizedSubChannelType>(type)) {
      writer.writeVarInt(uint64_t(TypeCode::UniformSubChannel));
      writer.writeVarInt(subChannel.getFlags());
      writer.writeType(subChannel.getStorageType());
      writer.writeType(subChannel.getExpressedType());
      writer.writeSignedVarInt(subChannel.getStorageTypeMin());
      writer.writeSignedVarInt(subChannel.getStorageTypeMax());
      std::vector<int64_t> dims(subChannel.getQuantizedDimensions().begin(),
                                subChannel.getQuantizedDimensions().end());
      writer.writeSignedVarInts(dims);
      writer.writeSignedVarInts(subChannel.getBlockSizes());
      writer.writeAttribute(subChannel.getScales());
      writer.writeAttribute(subChannel.getZeroPoints());
      return success();
    }
    return failure();
  }
};

} // namespace

void quant::addBytecodeInterface(QuantDialect &dialect) {
  dialect.addInterfaceAs<BytecodeDialectInterface, QuantBytecodeInterface>();
}
