//===- Encoding.h - Constants of the MLIR bytecode format ------------------===//
//
// Private to the Bytecode library: versions, section identifiers and the
// operation encoding mask, with the values of MLIR's bytecode format
// (docs/BytecodeFormat.md).
//
#pragma once

#include <cstdint>

namespace lamina::bytecode {

/// Versions of the format, each named after the feature it introduced.
enum Version : uint64_t {
  kMinSupportedVersion = 0,
  /// Dialects may carry a version entry.
  kDialectVersioning = 1,
  /// Regions of isolated-from-above operations are nested IR sections.
  kLazyLoading = 2,
  /// Use-list orders are encoded.
  kUseListOrdering = 3,
  /// Block arguments elide unknown locations; the op name count is written.
  kElideUnknownBlockArgLocation = 4,
  /// Operation properties live in their own section.
  kNativePropertiesEncoding = 5,
  /// ODS segment sizes are native properties (a sparse array).
  kNativePropertiesODSSegmentSize = 6,
  /// The newest version, written by default.
  kVersion = 6,
};

/// The byte used to pad before aligned data.
constexpr uint8_t kAlignmentByte = 0xCB;

/// The four magic bytes every bytecode file starts with.
constexpr char kMagic[] = "ML\xEFR";

namespace Section {
/// Top-level section identifiers (the high bit of the id byte flags an
/// alignment varint after the length).
enum ID : uint8_t {
  kString = 0,
  kDialect = 1,
  kAttrType = 2,
  kAttrTypeOffset = 3,
  kIR = 4,
  kResource = 5,
  kResourceOffset = 6,
  kDialectVersions = 7,
  kProperties = 8,
  kNumSections = 9,
};
} // namespace Section

namespace OpEncodingMask {
/// Which optional parts of an operation are present.
enum : uint8_t {
  kHasAttrs = 0b00000001,
  kHasResults = 0b00000010,
  kHasOperands = 0b00000100,
  kHasSuccessors = 0b00001000,
  kHasInlineRegions = 0b00010000,
  kHasUseListOrders = 0b00100000,
  kHasProperties = 0b01000000,
};
} // namespace OpEncodingMask

/// Kinds of resource entries.
enum class ResourceKind : uint8_t { Blob = 0, Bool = 1, String = 2 };

/// The builtin attribute and type codes.
enum class BuiltinAttrCode : uint64_t {
#define BUILTIN_ATTR_CODE(Name, Code) Name = Code,
#include "BuiltinBytecodeCodes.def"
};
enum class BuiltinTypeCode : uint64_t {
#define BUILTIN_TYPE_CODE(Name, Code) Name = Code,
#include "BuiltinBytecodeCodes.def"
};

/// The unique ID of a use, ordering uses by owner (pre-order operation
/// number) then operand number; the reference use-list order is descending.
inline uint64_t getUseID(uint32_t ownerID, uint32_t operandNumber) {
  return (uint64_t(ownerID) << 32) | operandNumber;
}

} // namespace lamina::bytecode
