//===- BytecodeImplementation.h - Hooks for dialect bytecode encodings -----===//
//
// The reader/writer interfaces handed to dialects and operations to encode
// their attributes, types and properties (MLIR's DialectBytecodeReader /
// DialectBytecodeWriter). Implemented by the bytecode reader and writer.
//
#pragma once

#include "lamina/IR/Attributes.h"
#include "lamina/Support/APFloat.h"
#include "lamina/Support/APInt.h"
#include "lamina/Support/ArrayRef.h"
#include "lamina/Support/LogicalResult.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace lamina {

/// Reads dialect-encoded data from a bytecode stream.
class DialectBytecodeReader {
public:
  virtual ~DialectBytecodeReader() = default;
  /// Emits an error at the bytecode's location.
  virtual InFlightDiagnostic emitError(std::string_view msg = {}) const = 0;
  /// The bytecode version being read.
  virtual uint64_t getBytecodeVersion() const = 0;

  virtual LogicalResult readAttribute(Attribute &result) = 0;
  /// Reads a presence flag then the attribute if present.
  virtual LogicalResult readOptionalAttribute(Attribute &result) = 0;
  template <typename T> LogicalResult readAttribute(T &result) {
    Attribute a;
    if (failed(readAttribute(a)))
      return failure();
    result = dyn_cast<T>(a);
    if (!result)
      return emitError("expected attribute of a different kind");
    return success();
  }
  template <typename T> LogicalResult readOptionalAttribute(T &result) {
    Attribute a;
    if (failed(readOptionalAttribute(a)))
      return failure();
    if (!a) {
      result = T();
      return success();
    }
    result = dyn_cast<T>(a);
    if (!result)
      return emitError("expected attribute of a different kind");
    return success();
  }
  virtual LogicalResult readType(Type &result) = 0;
  template <typename T> LogicalResult readType(T &result) {
    Type t;
    if (failed(readType(t)))
      return failure();
    result = dyn_cast<T>(t);
    if (!result)
      return emitError("expected type of a different kind");
    return success();
  }
  template <typename T> LogicalResult readAttributes(std::vector<T> &result) {
    uint64_t n;
    if (failed(readVarInt(n)))
      return failure();
    for (uint64_t i = 0; i < n; ++i) {
      T a;
      if (failed(readAttribute(a)))
        return failure();
      result.push_back(a);
    }
    return success();
  }
  template <typename T> LogicalResult readTypes(std::vector<T> &result) {
    uint64_t n;
    if (failed(readVarInt(n)))
      return failure();
    for (uint64_t i = 0; i < n; ++i) {
      T t;
      if (failed(readType(t)))
        return failure();
      result.push_back(t);
    }
    return success();
  }

  virtual LogicalResult readVarInt(uint64_t &result) = 0;
  virtual LogicalResult readSignedVarInt(int64_t &result) = 0;
  /// Reads a varint-prefixed list of signed varints packed as MLIR's
  /// writeSparseArray does.
  virtual LogicalResult readSignedVarInts(std::vector<int64_t> &result) = 0;
  virtual FailureOr<APInt> readAPIntWithKnownWidth(unsigned bitWidth) = 0;
  virtual FailureOr<APFloat> readAPFloatWithKnownSemantics(const FltSemantics &semantics) = 0;
  virtual LogicalResult readString(std::string_view &result) = 0;
  virtual LogicalResult readBlob(ArrayRef<char> &result) = 0;
  virtual LogicalResult readBool(bool &result) = 0;
  /// Reads MLIR's sparse array encoding of integers (used for segment sizes).
  template <typename T> LogicalResult readSparseArray(std::vector<T> &array) {
    std::vector<int64_t> values;
    if (failed(readSparseArrayImpl(values)))
      return failure();
    array.assign(values.begin(), values.end());
    return success();
  }
  virtual LogicalResult readSparseArrayImpl(std::vector<int64_t> &values) = 0;
};

/// Writes dialect-encoded data to a bytecode stream.
class DialectBytecodeWriter {
public:
  virtual ~DialectBytecodeWriter() = default;
  /// The bytecode version being written.
  virtual int64_t getBytecodeVersion() const = 0;

  virtual void writeAttribute(Attribute attr) = 0;
  virtual void writeOptionalAttribute(Attribute attr) = 0;
  virtual void writeType(Type type) = 0;
  template <typename Range> void writeAttributes(const Range &attrs) {
    writeVarInt(std::size(attrs));
    for (auto a : attrs)
      writeAttribute(a);
  }
  template <typename Range> void writeTypes(const Range &types) {
    writeVarInt(std::size(types));
    for (auto t : types)
      writeType(t);
  }
  virtual void writeVarInt(uint64_t value) = 0;
  virtual void writeSignedVarInt(int64_t value) = 0;
  virtual void writeSignedVarInts(ArrayRef<int64_t> values) = 0;
  virtual void writeAPIntWithKnownWidth(const APInt &value) = 0;
  virtual void writeAPFloatWithKnownSemantics(const APFloat &value) = 0;
  /// Writes a string through the string section (deduplicated).
  virtual void writeOwnedString(std::string_view str) = 0;
  virtual void writeOwnedBlob(ArrayRef<char> blob) = 0;
  virtual void writeOwnedBool(bool value) = 0;
  /// MLIR's sparse array encoding of integers (used for segment sizes).
  virtual void writeSparseArray(ArrayRef<int64_t> values) = 0;
};

} // namespace lamina
