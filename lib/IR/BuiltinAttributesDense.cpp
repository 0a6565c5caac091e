//===- BuiltinAttributesDense.cpp - Dense and sparse elements attributes --===//
//
// DenseIntOrFPElementsAttr keeps MLIR's raw layout (AttributeDetail.h): the
// printer's hex form and the bytecode show it byte for byte, including the
// quirks (i1 bit-packing, a splat of i1 stored as 0xFF/0x00, splats detected
// and collapsed to one element when the attribute is built).
//
#include "AttributeDetail.h"
#include "MLIRContextImpl.h"
#include "lamina/IR/BuiltinAttributes.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::detail;

//===----------------------------------------------------------------------===//
// Raw buffer helpers
//===----------------------------------------------------------------------===//

/// Writes the low bits of `value` at `bitPos` (byte aligned unless 1 bit).
static void writeBits(char *rawData, size_t bitPos, const APInt &value) {
  unsigned bitWidth = value.getBitWidth();
  if (bitWidth == 0)
    return;
  if (bitWidth == 1)
    return setDenseBit(rawData, bitPos, value.getBit(0));
  std::memcpy(rawData + bitPos / 8, value.getRawData(), (bitWidth + 7) / 8);
}

/// Reads `bitWidth` bits at `bitPos` (byte aligned unless 1 bit). Bits above
/// the width (possible in hex data) are dropped.
static APInt readBits(ArrayRef<char> rawData, size_t bitPos, size_t bitWidth) {
  if (bitWidth == 1)
    return APInt(1, bitPos / 8 < rawData.size() && getDenseBit(rawData.data(), bitPos));
  std::vector<uint64_t> words((bitWidth + 63) / 64, 0);
  size_t byteOffset = bitPos / 8, numBytes = (bitWidth + 7) / 8;
  if (byteOffset < rawData.size())
    std::memcpy(words.data(), rawData.data() + byteOffset, std::min(numBytes, rawData.size() - byteOffset));
  return APInt(unsigned(bitWidth), std::span<const uint64_t>(words.data(), words.size()));
}

static const char kSplatTrue = char(0xFF);
static const char kSplatFalse = 0;

static uint64_t hashDenseKey(ShapedType type, ArrayRef<char> data, bool isSplat) {
  return hashCombineRaw(hashCombineRaw(hashValue(Type(type)), isSplat), hashArray(data));
}

static DenseIntOrFPElementsAttrStorage::KeyTy getKeyForSplatBoolData(ShapedType type, bool value) {
  ArrayRef<char> data(value ? &kSplatTrue : &kSplatFalse, 1);
  return {type, data, true, hashDenseKey(type, data, true)};
}

/// Bool data is a splat if every bit in range is equal (bits past the last
/// element must be set too for a `true` splat, as in MLIR).
static DenseIntOrFPElementsAttrStorage::KeyTy getKeyForBoolData(ShapedType type, ArrayRef<char> data,
                                                                size_t numElements) {
  ArrayRef<char> splatData = data;
  bool splatValue = splatData.front() & 1;
  auto notSplat = [&] { return DenseIntOrFPElementsAttrStorage::KeyTy{type, data, false, hashDenseKey(type, data, false)}; };
  if (splatData.size() == 1 && splatData.front() == (splatValue ? kSplatTrue : kSplatFalse))
    return getKeyForSplatBoolData(type, splatValue);
  size_t numOddElements = numElements % 8;
  if (splatValue && numOddElements != 0) {
    unsigned char lastElt = static_cast<unsigned char>(splatData.back());
    if (lastElt != static_cast<unsigned char>((1u << numOddElements) - 1))
      return notSplat();
    if (splatData.size() == 1)
      return getKeyForSplatBoolData(type, splatValue);
    splatData = splatData.drop_back();
  }
  char mask = splatValue ? kSplatTrue : kSplatFalse;
  for (char c : splatData)
    if (c != mask)
      return notSplat();
  return getKeyForSplatBoolData(type, splatValue);
}

DenseIntOrFPElementsAttrStorage::KeyTy DenseIntOrFPElementsAttrStorage::getKey(ShapedType type, ArrayRef<char> data,
                                                                              bool isKnownSplat) {
  if (data.empty())
    return {type, data, false, hashDenseKey(type, data, false)};
  bool isBoolData = type.getElementType().isInteger(1);
  if (isKnownSplat) {
    if (isBoolData)
      return getKeyForSplatBoolData(type, data[0] != 0);
    return {type, data, true, hashDenseKey(type, data, true)};
  }
  size_t numElements = size_t(type.getNumElements());
  if (isBoolData)
    return getKeyForBoolData(type, data, numElements);

  size_t storageSize = (getDenseElementBitWidth(type.getElementType()) + 7) / 8;
  if (storageSize == 0 || data.size() < storageSize)
    return {type, data, false, hashDenseKey(type, data, false)};
  for (size_t i = storageSize; i + storageSize <= data.size(); i += storageSize)
    if (std::memcmp(data.data(), data.data() + i, storageSize) != 0)
      return {type, data, false, hashDenseKey(type, data, false)};
  ArrayRef<char> first = data.take_front(storageSize);
  return {type, first, true, hashDenseKey(type, first, true)};
}

DenseStringElementsAttrStorage::KeyTy
DenseStringElementsAttrStorage::getKey(ShapedType type, ArrayRef<std::string_view> data, bool isKnownSplat) {
  auto hashStrings = [&](ArrayRef<std::string_view> strs, bool splat) {
    uint64_t h = hashCombineRaw(hashValue(Type(type)), splat);
    for (std::string_view s : strs)
      h = hashCombineRaw(h, hashValue(s));
    return h;
  };
  if (data.empty())
    return {type, data, false, hashStrings(data, false)};
  if (isKnownSplat)
    return {type, data, true, hashStrings(data, true)};
  for (size_t i = 1; i < data.size(); ++i)
    if (data[i] != data.front())
      return {type, data, false, hashStrings(data, false)};
  return {type, data.take_front(), true, hashStrings(data.take_front(), true)};
}

//===----------------------------------------------------------------------===//
// DenseElementsAttr
//===----------------------------------------------------------------------===//

bool DenseElementsAttr::classof(Attribute attr) { return isa<DenseIntOrFPElementsAttr, DenseStringElementsAttr>(attr); }

bool DenseElementsAttr::isSplat() const {
  if (auto a = dyn_cast<DenseIntOrFPElementsAttr>(*this))
    return a.isSplat();
  return cast<DenseStringElementsAttr>(*this).isSplat();
}

bool DenseElementsAttr::isValidRawBuffer(ShapedType type, ArrayRef<char> rawBuffer, bool &detectedSplat) {
  size_t storageWidth = getDenseElementStorageWidth(type.getElementType());
  uint64_t rawBufferWidth = uint64_t(rawBuffer.size()) * 8;
  // A type whose element count does not fit in int64_t holds only a splat
  // (mlir-opt accepts other data whose wrapped count matches, then reads
  // past it when printing).
  int64_t numElements = ShapedType::getNumElementsChecked(type.getShape()).value_or(-1);

  // The initializer is always a splat if the result type has a single element.
  detectedSplat = numElements == 1;

  // i1 is bit-packed: a single 0x00/0xFF byte is a splat; otherwise the
  // buffer holds the elements rounded up to whole bytes.
  if (storageWidth == 1) {
    if (rawBuffer.size() == 1) {
      auto rawByte = static_cast<uint8_t>(rawBuffer[0]);
      if (rawByte == 0 || rawByte == 0xff) {
        detectedSplat = true;
        return true;
      }
    }
    return numElements >= 0 && rawBuffer.size() == (uint64_t(numElements) + 7) / 8;
  }

  // Other widths are whole bytes: one element's worth is a splat.
  if (rawBufferWidth == storageWidth) {
    detectedSplat = true;
    return true;
  }
  // Compare sizes without overflowing on huge shapes.
  if (numElements < 0 || storageWidth == 0)
    return false;
  return uint64_t(numElements) == rawBufferWidth / storageWidth && rawBufferWidth % storageWidth == 0;
}

DenseElementsAttr DenseElementsAttr::getFromRawBuffer(ShapedType type, ArrayRef<char> rawBuffer) {
  return DenseIntOrFPElementsAttr::getRaw(type, rawBuffer);
}

/// Packs `values` (already at the element's bit width) at `storageWidth`
/// bits each; a single i1 value becomes the splat byte.
static DenseElementsAttr getFromAPInts(ShapedType type, size_t storageWidth, ArrayRef<APInt> values) {
  std::vector<char> data((storageWidth * values.size() + 7) / 8, 0);
  for (size_t i = 0, e = values.size(); i != e; ++i)
    writeBits(data.data(), i * storageWidth, values[i]);
  if (values.size() == 1 && storageWidth == 1)
    data[0] = values[0].getBit(0) ? kSplatTrue : kSplatFalse;
  return DenseIntOrFPElementsAttr::getRaw(type, data);
}

DenseElementsAttr DenseElementsAttr::get(ShapedType type, ArrayRef<APInt> values) {
  Type eltType = type.getElementType();
  if (auto complexType = dyn_cast<ComplexType>(eltType)) {
    // `values` holds real/imaginary pairs.
    return getFromAPInts(type, getDenseElementStorageWidth(eltType) / 2, values);
  }
  return getFromAPInts(type, getDenseElementStorageWidth(eltType), values);
}

DenseElementsAttr DenseElementsAttr::get(ShapedType type, ArrayRef<APFloat> values) {
  std::vector<APInt> ints;
  ints.reserve(values.size());
  for (const APFloat &v : values)
    ints.push_back(v.bitcastToAPInt());
  return get(type, ArrayRef<APInt>(ints));
}

DenseElementsAttr DenseElementsAttr::get(ShapedType type, ArrayRef<bool> values) {
  std::vector<char> buff((values.size() + 7) / 8, 0);
  if (!values.empty()) {
    bool isSplat = true;
    for (size_t i = 0, e = values.size(); i != e; ++i) {
      isSplat &= values[i] == values[0];
      setDenseBit(buff.data(), i, values[i]);
    }
    if (isSplat) {
      buff.resize(1);
      buff[0] = values[0] ? kSplatTrue : kSplatFalse;
    }
  }
  return DenseIntOrFPElementsAttr::getRaw(type, buff);
}

DenseElementsAttr DenseElementsAttr::get(ShapedType type, ArrayRef<std::string_view> values) {
  return DenseStringElementsAttr::get(type, values);
}

DenseElementsAttr DenseElementsAttr::get(ShapedType type, ArrayRef<Attribute> values) {
  Type eltType = type.getElementType();
  if (auto complexType = dyn_cast<ComplexType>(eltType)) {
    // Each value is a [real, imag] ArrayAttr.
    std::vector<APInt> ints;
    for (Attribute attr : values) {
      auto pair = dyn_cast<ArrayAttr>(attr);
      if (!pair || pair.size() != 2)
        return DenseElementsAttr();
      for (Attribute part : pair.getValue()) {
        if (auto f = dyn_cast<FloatAttr>(part))
          ints.push_back(f.getValue().bitcastToAPInt());
        else if (auto i = dyn_cast<IntegerAttr>(part))
          ints.push_back(i.getValue());
        else
          return DenseElementsAttr();
      }
    }
    return get(type, ArrayRef<APInt>(ints));
  }
  if (!eltType.isIntOrIndexOrFloat()) {
    std::vector<std::string_view> strings;
    strings.reserve(values.size());
    for (Attribute attr : values) {
      auto str = dyn_cast<StringAttr>(attr);
      if (!str)
        return DenseElementsAttr();
      strings.push_back(str.getValue());
    }
    return DenseStringElementsAttr::get(type, strings);
  }
  size_t storageWidth = getDenseElementStorageWidth(eltType);
  std::vector<char> data((storageWidth * values.size() + 7) / 8, 0);
  for (size_t i = 0, e = values.size(); i != e; ++i) {
    if (auto f = dyn_cast<FloatAttr>(values[i]))
      writeBits(data.data(), i * storageWidth, f.getValue().bitcastToAPInt());
    else if (auto intAttr = dyn_cast<IntegerAttr>(values[i]))
      writeBits(data.data(), i * storageWidth, intAttr.getValue());
    else
      return DenseElementsAttr();
  }
  if (values.size() == 1 && eltType.isInteger(1))
    data[0] = data[0] ? kSplatTrue : kSplatFalse;
  return DenseIntOrFPElementsAttr::getRaw(type, data);
}

ArrayRef<char> DenseElementsAttr::getRawData() const {
  if (auto a = dyn_cast<DenseIntOrFPElementsAttr>(*this))
    return a.getRawData();
  return {};
}

ArrayRef<std::string_view> DenseElementsAttr::getRawStringData() const {
  if (auto a = dyn_cast<DenseStringElementsAttr>(*this))
    return a.getRawStringData();
  return {};
}

/// The position of element `index` in the storage (0 for splats).
static int64_t storageIndex(DenseElementsAttr attr, int64_t index) { return attr.isSplat() ? 0 : index; }

APInt DenseElementsAttr::getIntValue(int64_t index) const {
  Type eltType = getElementType();
  size_t bitWidth = getDenseElementBitWidth(eltType);
  size_t storageWidth = getDenseElementStorageWidth(bitWidth);
  return readBits(getRawData(), size_t(storageIndex(*this, index)) * storageWidth, bitWidth);
}

std::vector<APInt> DenseElementsAttr::getIntValues() const {
  std::vector<APInt> result;
  int64_t n = getNumElements();
  result.reserve(size_t(std::max<int64_t>(n, 0)));
  for (int64_t i = 0; i < n; ++i)
    result.push_back(getIntValue(i));
  return result;
}

APFloat DenseElementsAttr::getFloatValue(int64_t index) const {
  auto floatType = cast<FloatType>(getElementType());
  size_t bitWidth = getDenseElementBitWidth(floatType);
  size_t storageWidth = getDenseElementStorageWidth(bitWidth);
  return APFloat::fromBits(floatType.getFloatSemantics(),
                           readBits(getRawData(), size_t(storageIndex(*this, index)) * storageWidth, bitWidth));
}

std::vector<APFloat> DenseElementsAttr::getFloatValues() const {
  std::vector<APFloat> result;
  int64_t n = getNumElements();
  result.reserve(size_t(std::max<int64_t>(n, 0)));
  for (int64_t i = 0; i < n; ++i)
    result.push_back(getFloatValue(i));
  return result;
}

Attribute DenseElementsAttr::getValue(int64_t index) const {
  Type eltType = getElementType();
  if (auto strAttr = dyn_cast<DenseStringElementsAttr>(*this)) {
    ArrayRef<std::string_view> strs = strAttr.getRawStringData();
    size_t i = size_t(storageIndex(*this, index));
    return StringAttr::get(i < strs.size() ? strs[i] : std::string_view(), eltType);
  }
  if (auto complexType = dyn_cast<ComplexType>(eltType)) {
    // Components are read at their own width, one after the other.
    Type partType = complexType.getElementType();
    size_t bitWidth = getDenseElementBitWidth(partType);
    size_t storageWidth = getDenseElementStorageWidth(bitWidth);
    size_t offset = size_t(storageIndex(*this, index)) * storageWidth * 2;
    APInt real = readBits(getRawData(), offset, bitWidth);
    APInt imag = readBits(getRawData(), offset + storageWidth, bitWidth);
    Attribute parts[2];
    if (auto floatType = dyn_cast<FloatType>(partType)) {
      parts[0] = FloatAttr::get(partType, APFloat::fromBits(floatType.getFloatSemantics(), real));
      parts[1] = FloatAttr::get(partType, APFloat::fromBits(floatType.getFloatSemantics(), imag));
    } else {
      parts[0] = IntegerAttr::get(partType, real);
      parts[1] = IntegerAttr::get(partType, imag);
    }
    return ArrayAttr::get(getContext(), ArrayRef<Attribute>(parts, 2));
  }
  if (isa<FloatType>(eltType))
    return FloatAttr::get(eltType, getFloatValue(index));
  return IntegerAttr::get(eltType, getIntValue(index));
}

template <typename T> T DenseElementsAttr::getSplatValue() const {
  if constexpr (std::is_same_v<T, Attribute>)
    return getValue(0);
  else if constexpr (std::is_same_v<T, APInt>)
    return getIntValue(0);
  else if constexpr (std::is_same_v<T, APFloat>)
    return getFloatValue(0);
  else if constexpr (std::is_same_v<T, bool>)
    return !getIntValue(0).isZero();
  else if constexpr (std::is_same_v<T, std::string_view>)
    return cast<StringAttr>(getValue(0)).getValue();
  else if constexpr (std::is_same_v<T, float>)
    return getFloatValue(0).convertToFloat();
  else if constexpr (std::is_same_v<T, double>)
    return getFloatValue(0).convertToDouble();
  else if constexpr (std::is_signed_v<T>)
    return T(getIntValue(0).getSExtValue());
  else
    return T(getIntValue(0).getZExtValue());
}

namespace lamina {
template Attribute DenseElementsAttr::getSplatValue<Attribute>() const;
template APInt DenseElementsAttr::getSplatValue<APInt>() const;
template APFloat DenseElementsAttr::getSplatValue<APFloat>() const;
template bool DenseElementsAttr::getSplatValue<bool>() const;
template std::string_view DenseElementsAttr::getSplatValue<std::string_view>() const;
template float DenseElementsAttr::getSplatValue<float>() const;
template double DenseElementsAttr::getSplatValue<double>() const;
template int8_t DenseElementsAttr::getSplatValue<int8_t>() const;
template int16_t DenseElementsAttr::getSplatValue<int16_t>() const;
template int32_t DenseElementsAttr::getSplatValue<int32_t>() const;
template int64_t DenseElementsAttr::getSplatValue<int64_t>() const;
template uint8_t DenseElementsAttr::getSplatValue<uint8_t>() const;
template uint16_t DenseElementsAttr::getSplatValue<uint16_t>() const;
template uint32_t DenseElementsAttr::getSplatValue<uint32_t>() const;
template uint64_t DenseElementsAttr::getSplatValue<uint64_t>() const;
} // namespace lamina

DenseElementsAttr DenseElementsAttr::reshape(ShapedType newType) const {
  if (auto strAttr = dyn_cast<DenseStringElementsAttr>(*this))
    return DenseStringElementsAttr::get(newType, strAttr.getRawStringData());
  return DenseIntOrFPElementsAttr::getRaw(newType, getRawData());
}

//===----------------------------------------------------------------------===//
// DenseIntOrFPElementsAttr / DenseStringElementsAttr
//===----------------------------------------------------------------------===//

DenseIntOrFPElementsAttr DenseIntOrFPElementsAttr::getRaw(ShapedType type, ArrayRef<char> data) {
  bool isSplat = false;
  (void)DenseElementsAttr::isValidRawBuffer(type, data, isSplat);
  return Base::get(type.getContext(), type, data, isSplat);
}
ShapedType DenseIntOrFPElementsAttr::getType() const { return getImpl()->type; }
ArrayRef<char> DenseIntOrFPElementsAttr::getRawData() const { return getImpl()->data; }
bool DenseIntOrFPElementsAttr::isSplat() const { return getImpl()->isSplat; }
void DenseIntOrFPElementsAttr::walkImmediateSubElements(function_ref<void(Attribute)>,
                                                        function_ref<void(Type)> walkTypes) const {
  walkTypes(getType());
}

DenseStringElementsAttr DenseStringElementsAttr::get(ShapedType type, ArrayRef<std::string_view> values) {
  return Base::get(type.getContext(), type, values, values.size() == 1);
}
ShapedType DenseStringElementsAttr::getType() const { return getImpl()->type; }
ArrayRef<std::string_view> DenseStringElementsAttr::getRawStringData() const { return getImpl()->data; }
bool DenseStringElementsAttr::isSplat() const { return getImpl()->isSplat; }
void DenseStringElementsAttr::walkImmediateSubElements(function_ref<void(Attribute)>,
                                                       function_ref<void(Type)> walkTypes) const {
  walkTypes(getType());
}

bool DenseIntElementsAttr::classof(Attribute attr) {
  auto d = dyn_cast<DenseIntOrFPElementsAttr>(attr);
  return d && d.getType().getElementType().isIntOrIndex();
}
bool DenseFPElementsAttr::classof(Attribute attr) {
  auto d = dyn_cast<DenseIntOrFPElementsAttr>(attr);
  return d && isa<FloatType>(d.getType().getElementType());
}

//===----------------------------------------------------------------------===//
// SparseElementsAttr
//===----------------------------------------------------------------------===//

static void appendShape(InFlightDiagnostic &diag, ArrayRef<int64_t> shape) {
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      diag << ", ";
    diag << (long long)shape[i];
  }
}

LogicalResult SparseElementsAttr::verify(function_ref<InFlightDiagnostic()> emitError, ShapedType type,
                                         DenseElementsAttr indices, DenseElementsAttr values) {
  ShapedType valuesType = values.getType();
  if (valuesType.getRank() != 1)
    return emitError() << "expected 1-d tensor for sparse element values";

  ShapedType indicesType = indices.getType();
  auto emitShapeError = [&]() -> LogicalResult {
    InFlightDiagnostic diag = emitError();
    diag << "expected shape ([";
    appendShape(diag, type.getShape());
    diag << "]); inferred shape of indices literal ([";
    appendShape(diag, indicesType.getShape());
    diag << "]); inferred shape of values literal ([";
    appendShape(diag, valuesType.getShape());
    diag << "])";
    return failure();
  };
  size_t rank = size_t(type.getRank()), indicesRank = size_t(indicesType.getRank());
  if (indicesRank == 2) {
    if (indicesType.getDimSize(1) != int64_t(rank))
      return emitShapeError();
  } else if (indicesRank != 1 || rank != 1) {
    return emitShapeError();
  }
  int64_t numSparseIndices = indicesType.getDimSize(0);
  if (numSparseIndices != valuesType.getDimSize(0))
    return emitShapeError();
  if (!isa<DenseIntElementsAttr>(indices))
    return emitError() << "expected integer elements for sparse indices";

  ArrayRef<int64_t> shape = type.getShape();
  auto isValidIndex = [&](ArrayRef<uint64_t> index) {
    if (rank == 0 && index.size() == 1 && index[0] == 0)
      return true;
    if (rank != index.size())
      return false;
    for (size_t i = 0; i < rank; ++i) {
      int64_t dim = int64_t(index[i]);
      if (dim < 0 || dim >= shape[i])
        return false;
    }
    return true;
  };
  auto emitIndexError = [&](size_t indexNum, ArrayRef<uint64_t> index) -> LogicalResult {
    InFlightDiagnostic diag = emitError();
    diag << "sparse index #" << (unsigned long long)indexNum
         << " is not contained within the value shape, with index=[";
    for (size_t i = 0; i < index.size(); ++i) {
      if (i)
        diag << ", ";
      diag << (unsigned long long)index[i];
    }
    diag << "], and type=" << Type(type);
    return failure();
  };

  std::vector<uint64_t> index(rank);
  if (indices.isSplat()) {
    uint64_t value = indices.getIntValue(0).sextOrTrunc(64).getZExtValue();
    std::fill(index.begin(), index.end(), value);
    if (!isValidIndex(index))
      return emitIndexError(0, index);
    return success();
  }
  for (int64_t i = 0; i < numSparseIndices; ++i) {
    for (size_t d = 0; d < rank; ++d)
      index[d] = indices.getIntValue(i * int64_t(rank) + int64_t(d)).sextOrTrunc(64).getZExtValue();
    if (!isValidIndex(index))
      return emitIndexError(size_t(i), index);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Unclaimed external resources
//===----------------------------------------------------------------------===//

std::vector<ExternalResourceGroup> &lamina::getExternalResources(MLIRContext *ctx) {
  return ctx->getImpl().externalResources;
}
