//===- BytecodeImplementation.h - Hooks for dialect bytecode encodings -----===//
//
// The reader/writer interfaces handed to dialects and operations to encode
// their attributes, types and properties (MLIR's DialectBytecodeReader /
// DialectBytecodeWriter). Implemented by the bytecode reader and writer; the
// encodings of the helpers below (lists, sparse arrays, flags) are MLIR's, so
// a property written here reads back in mlir-opt and vice versa.
//
#pragma once

#include "lamina/IR/Attributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Support/APFloat.h"
#include "lamina/Support/APInt.h"
#include "lamina/Support/ArrayRef.h"
#include "lamina/Support/LogicalResult.h"

#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

namespace lamina {

class MLIRContext;

//===----------------------------------------------------------------------===//
// DialectBytecodeReader
//===----------------------------------------------------------------------===//

/// Reads dialect-encoded data (attribute/type payloads, op properties) from a
/// bytecode stream. Every method fails with a diagnostic on malformed input.
class DialectBytecodeReader {
public:
  virtual ~DialectBytecodeReader() = default;

  /// Emits an error at the bytecode's location.
  virtual InFlightDiagnostic emitError(std::string_view msg = {}) const = 0;
  /// The context IR is read into.
  virtual MLIRContext *getContext() const = 0;
  /// The bytecode version being read (0..6).
  virtual uint64_t getBytecodeVersion() const = 0;

  //===--------------------------------------------------------------------===//
  // IR references
  //===--------------------------------------------------------------------===//

  /// Reads a reference to an attribute (never null on success).
  virtual LogicalResult readAttribute(Attribute &result) = 0;
  /// Reads a presence flag then the attribute if present (null if absent).
  virtual LogicalResult readOptionalAttribute(Attribute &result) = 0;
  /// Reads a reference to a type (never null on success).
  virtual LogicalResult readType(Type &result) = 0;

  template <typename T> LogicalResult readAttribute(T &result) {
    Attribute a;
    if (failed(readAttribute(a)))
      return failure();
    if ((result = dyn_cast<T>(a)))
      return success();
    return emitError("expected attribute of a different kind, but got: ") << a;
  }
  template <typename T> LogicalResult readOptionalAttribute(T &result) {
    Attribute a;
    if (failed(readOptionalAttribute(a)))
      return failure();
    if (!a) {
      result = T();
      return success();
    }
    if ((result = dyn_cast<T>(a)))
      return success();
    return emitError("expected attribute of a different kind, but got: ") << a;
  }
  template <typename T> LogicalResult readType(T &result) {
    Type t;
    if (failed(readType(t)))
      return failure();
    if ((result = dyn_cast<T>(t)))
      return success();
    return emitError("expected type of a different kind, but got: ") << t;
  }

  /// Reads a varint count then `count` elements through `callback`, which
  /// is `LogicalResult(T &)`.
  template <typename T, typename CallbackFn> LogicalResult readList(std::vector<T> &result, CallbackFn &&callback) {
    uint64_t size;
    if (failed(readVarInt(size)))
      return failure();
    // Every element takes at least one byte: never reserve more than that.
    if (size > getNumRemainingBytes())
      return emitError("list of ") << size << " elements exceeds the remaining data";
    result.reserve(result.size() + size);
    for (uint64_t i = 0; i < size; ++i) {
      T element{};
      if (failed(callback(element)))
        return failure();
      result.push_back(std::move(element));
    }
    return success();
  }
  template <typename T> LogicalResult readAttributes(std::vector<T> &result) {
    return readList(result, [this](T &a) { return readAttribute(a); });
  }
  template <typename T> LogicalResult readTypes(std::vector<T> &result) {
    return readList(result, [this](T &t) { return readType(t); });
  }

  //===--------------------------------------------------------------------===//
  // Primitives
  //===--------------------------------------------------------------------===//

  virtual LogicalResult readVarInt(uint64_t &result) = 0;
  /// A zigzag-encoded varint.
  virtual LogicalResult readSignedVarInt(int64_t &result) = 0;
  /// A varint count followed by that many signed varints.
  LogicalResult readSignedVarInts(std::vector<int64_t> &result) {
    return readList(result, [this](int64_t &v) { return readSignedVarInt(v); });
  }
  /// A varint whose low bit is an unrelated flag: `(value << 1) | flag`.
  LogicalResult readVarIntWithFlag(uint64_t &result, bool &flag) {
    if (failed(readVarInt(result)))
      return failure();
    flag = result & 1;
    result >>= 1;
    return success();
  }
  /// An APInt whose width is known from context (one byte up to 8 bits, a
  /// signed varint up to 64, else the active words).
  virtual FailureOr<APInt> readAPIntWithKnownWidth(unsigned bitWidth) = 0;
  /// An APFloat whose semantics are known from context (its bit pattern).
  virtual FailureOr<APFloat> readAPFloatWithKnownSemantics(const FltSemantics &semantics) = 0;
  /// A string of the string section (valid while the bytecode buffer lives;
  /// copy it or intern it through a StringAttr).
  virtual LogicalResult readString(std::string_view &result) = 0;
  /// A varint size then that many bytes (valid while the buffer lives).
  virtual LogicalResult readBlob(ArrayRef<char> &result) = 0;
  /// One byte.
  virtual LogicalResult readBool(bool &result) = 0;

  /// Reads MLIR's "small sparse array" of integers (segment sizes) into the
  /// fixed-size storage `array`; positions not stored keep their value.
  template <typename T> LogicalResult readSparseArray(MutableArrayRef<T> array) {
    static_assert(std::is_integral_v<T> && sizeof(T) < sizeof(uint64_t), "expects an integer below 64 bits");
    uint64_t nonZeroesCount;
    bool useSparseEncoding;
    if (failed(readVarIntWithFlag(nonZeroesCount, useSparseEncoding)))
      return failure();
    if (nonZeroesCount == 0)
      return success();
    if (!useSparseEncoding) {
      if (nonZeroesCount > array.size())
        return emitError("trying to read an array of ")
               << nonZeroesCount << " but only " << array.size() << " storage available.";
      for (uint64_t index = 0; index < nonZeroesCount; ++index) {
        uint64_t value;
        if (failed(readVarInt(value)))
          return failure();
        array[index] = T(value);
      }
      return success();
    }
    uint64_t indexBitSize;
    if (failed(readVarInt(indexBitSize)))
      return failure();
    if (indexBitSize > 8)
      return emitError("reading sparse array with indexing above 8 bits: ") << indexBitSize;
    if (nonZeroesCount > getNumRemainingBytes())
      return emitError("list of ") << nonZeroesCount << " elements exceeds the remaining data";
    for (uint64_t count = 0; count < nonZeroesCount; ++count) {
      uint64_t indexValuePair;
      if (failed(readVarInt(indexValuePair)))
        return failure();
      uint64_t index = indexValuePair & ~(uint64_t(-1) << indexBitSize);
      uint64_t value = indexValuePair >> indexBitSize;
      if (index >= array.size())
        return emitError("reading a sparse array found index ")
               << index << " but only " << array.size() << " storage available.";
      array[index] = T(value);
    }
    return success();
  }
  /// Same into a vector: a non-empty vector is the fixed-size storage; an
  /// empty one grows to hold every stored position (positions never stored
  /// at the end are absent: resize to the expected size afterwards).
  template <typename T> LogicalResult readSparseArray(std::vector<T> &array) {
    if (!array.empty())
      return readSparseArray(MutableArrayRef<T>(array));
    uint64_t nonZeroesCount;
    bool useSparseEncoding;
    if (failed(readVarIntWithFlag(nonZeroesCount, useSparseEncoding)))
      return failure();
    if (nonZeroesCount > getNumRemainingBytes())
      return emitError("list of ") << nonZeroesCount << " elements exceeds the remaining data";
    if (!useSparseEncoding) {
      array.resize(size_t(nonZeroesCount));
      for (T &element : array) {
        uint64_t value;
        if (failed(readVarInt(value)))
          return failure();
        element = T(value);
      }
      return success();
    }
    if (nonZeroesCount == 0)
      return success();
    uint64_t indexBitSize;
    if (failed(readVarInt(indexBitSize)))
      return failure();
    if (indexBitSize > 8)
      return emitError("reading sparse array with indexing above 8 bits: ") << indexBitSize;
    for (uint64_t count = 0; count < nonZeroesCount; ++count) {
      uint64_t indexValuePair;
      if (failed(readVarInt(indexValuePair)))
        return failure();
      uint64_t index = indexValuePair & ~(uint64_t(-1) << indexBitSize);
      if (index >= array.size())
        array.resize(size_t(index) + 1);
      array[size_t(index)] = T(indexValuePair >> indexBitSize);
    }
    return success();
  }

protected:
  /// Bytes left in the current payload; bounds list sizes before allocating.
  virtual uint64_t getNumRemainingBytes() const = 0;
};

//===----------------------------------------------------------------------===//
// DialectBytecodeWriter
//===----------------------------------------------------------------------===//

/// Writes dialect-encoded data to a bytecode stream.
class DialectBytecodeWriter {
public:
  virtual ~DialectBytecodeWriter() = default;

  /// The bytecode version being written (0..6): encodings that changed
  /// between versions (e.g. segment sizes, version 6) test it.
  virtual int64_t getBytecodeVersion() const = 0;

  //===--------------------------------------------------------------------===//
  // IR references
  //===--------------------------------------------------------------------===//

  virtual void writeAttribute(Attribute attr) = 0;
  /// Writes a presence flag then the attribute if non-null.
  virtual void writeOptionalAttribute(Attribute attr) = 0;
  virtual void writeType(Type type) = 0;

  /// Writes a varint count then each element through `callback`.
  template <typename Range, typename CallbackFn> void writeList(const Range &range, CallbackFn &&callback) {
    writeVarInt(uint64_t(std::size(range)));
    for (const auto &element : range)
      callback(element);
  }
  template <typename Range> void writeAttributes(const Range &attrs) {
    writeList(attrs, [this](Attribute a) { writeAttribute(a); });
  }
  template <typename Range> void writeTypes(const Range &types) {
    writeList(types, [this](Type t) { writeType(t); });
  }

  //===--------------------------------------------------------------------===//
  // Primitives
  //===--------------------------------------------------------------------===//

  virtual void writeVarInt(uint64_t value) = 0;
  virtual void writeSignedVarInt(int64_t value) = 0;
  void writeSignedVarInts(ArrayRef<int64_t> values) {
    writeList(values, [this](int64_t v) { writeSignedVarInt(v); });
  }
  void writeVarIntWithFlag(uint64_t value, bool flag) { writeVarInt((value << 1) | (flag ? 1 : 0)); }
  virtual void writeAPIntWithKnownWidth(const APInt &value) = 0;
  virtual void writeAPFloatWithKnownSemantics(const APFloat &value) = 0;
  /// Writes a string through the string section (deduplicated). The string
  /// must stay alive until the bytecode is written.
  virtual void writeOwnedString(std::string_view str) = 0;
  /// Writes a varint size then the bytes, which must stay alive until the
  /// bytecode is written.
  virtual void writeOwnedBlob(ArrayRef<char> blob) = 0;
  virtual void writeOwnedBool(bool value) = 0;

  /// MLIR's "small sparse array" encoding of integers (segment sizes): dense
  /// unless at least half the entries are zero and the last non-zero index
  /// is at most 256.
  template <typename T> void writeSparseArray(ArrayRef<T> array) {
    static_assert(std::is_integral_v<T> && sizeof(T) < sizeof(uint64_t), "expects an integer below 64 bits");
    uint32_t size = uint32_t(array.size());
    uint32_t nonZeroesCount = 0, lastIndex = 0;
    for (uint32_t index = 0; index < size; ++index) {
      if (!array[index])
        continue;
      ++nonZeroesCount;
      lastIndex = index;
    }
    if (lastIndex > 256 || nonZeroesCount > size / 2) {
      writeVarIntWithFlag(size, false);
      for (const T &elt : array)
        writeVarInt(uint64_t(int64_t(elt)));
      return;
    }
    writeVarIntWithFlag(nonZeroesCount, true);
    if (nonZeroesCount == 0)
      return;
    unsigned indexBitSize = 0;
    while ((uint64_t(1) << indexBitSize) < uint64_t(lastIndex) + 1)
      ++indexBitSize;
    writeVarInt(indexBitSize);
    for (uint32_t index = 0; index <= lastIndex; ++index) {
      T value = array[index];
      if (!value)
        continue;
      writeVarInt((uint64_t(int64_t(value)) << indexBitSize) | index);
    }
  }
  template <typename T> void writeSparseArray(const std::vector<T> &array) { writeSparseArray(ArrayRef<T>(array)); }
};

//===----------------------------------------------------------------------===//
// BytecodeDialectInterface
//===----------------------------------------------------------------------===//

/// The custom bytecode encodings of a dialect's attributes and types (MLIR's
/// BytecodeDialectInterface), registered as the dialect's interface. The
/// writer tries writeAttribute/writeType first and falls back to the textual
/// form when they fail (before writing anything); the reader calls
/// readAttribute/readType for entries written with a custom encoding.
class BytecodeDialectInterface {
public:
  virtual ~BytecodeDialectInterface() = default;

  virtual Attribute readAttribute(DialectBytecodeReader &reader) const {
    (void)reader.emitError("dialect does not support reading attributes from bytecode");
    return {};
  }
  virtual Type readType(DialectBytecodeReader &reader) const {
    (void)reader.emitError("dialect does not support reading types from bytecode");
    return {};
  }
  virtual LogicalResult writeAttribute(Attribute, DialectBytecodeWriter &) const { return failure(); }
  virtual LogicalResult writeType(Type, DialectBytecodeWriter &) const { return failure(); }
};

} // namespace lamina
