//===- ForeignDialectBytecode.h - Custom encodings of dialects Lamina lacks ===//
//
// Private to the Bytecode library. A few dialects mlir-opt registers give
// some of their attributes and types a custom (non-textual) bytecode
// encoding. For those Lamina does not implement, the reader decodes the
// known encodings into the textual form mlir-opt would print, which is then
// parsed like any attribute or type of an unknown dialect.
//
#pragma once

#include "lamina/Bytecode/BytecodeImplementation.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace lamina::bytecode {

/// The version a producer wrote for a dialect: the varints of its version
/// entry (absent if the file has none).
struct ForeignDialectVersion {
  std::optional<uint64_t> major, minor;
};

/// The version entry mlir-opt writes for `dialect` (its varints), if any.
std::optional<std::array<uint64_t, 2>> foreignDialectVersion(std::string_view dialect);

/// Whether the custom encodings of `dialect` are known.
bool hasForeignDialectEncoding(std::string_view dialect);

/// Reads the custom encoding of an attribute (`isType` false) or type of
/// `dialect` and returns its textual form (`#dialect.xxx` / `!dialect.xxx`).
/// Fails with a diagnostic on encodings it does not know.
FailureOr<std::string> readForeignDialectEntry(std::string_view dialect, const ForeignDialectVersion &version,
                                               bool isType, DialectBytecodeReader &reader);

} // namespace lamina::bytecode
