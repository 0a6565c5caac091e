//===- ForeignDialectBytecode.cpp - Custom encodings of dialects Lamina lacks //
//
// The custom bytecode encodings of the test dialect of mlir-opt
// (mlir/test/lib/Dialect/Test, TestBytecodeDialectInterface):
//   type  `!test.i32`:                 varint 99
//   attr  `#test.attr_params<v0, v1>`: varint 0, then v0 and v1 as varints
//         (dialect version 2.0; before 2.0: v1 first, then v0)
// The dialect version entry is two varints, major then minor; without one
// the current version (2.0) is assumed.
//
#include "ForeignDialectBytecode.h"

using namespace lamina;
using namespace lamina::bytecode;

namespace {
enum TestEncoding : uint64_t { kTestAttrParams = 0, kTestI32 = 99 };

FailureOr<std::string> readTestEntry(const ForeignDialectVersion &version, bool isType,
                                     DialectBytecodeReader &reader) {
  uint64_t code;
  if (failed(reader.readVarInt(code)))
    return failure();
  if (isType) {
    if (code == kTestI32)
      return std::string("!test.i32");
    (void)(reader.emitError("unknown custom encoding ") << code << " of a type of dialect 'test'");
    return failure();
  }
  uint64_t major = version.major.value_or(2), minor = version.minor.value_or(0);
  if (major > 2 || (major == 2 && minor != 0)) {
    (void)(reader.emitError("unsupported version ") << major << "." << minor << " of dialect 'test'");
    return failure();
  }
  if (code != kTestAttrParams) {
    (void)(reader.emitError("unknown custom encoding ") << code << " of an attribute of dialect 'test'");
    return failure();
  }
  uint64_t first, second;
  if (failed(reader.readVarInt(first)) || failed(reader.readVarInt(second)))
    return failure();
  // The parameters are C++ ints.
  int v0 = int(uint32_t(major < 2 ? second : first));
  int v1 = int(uint32_t(major < 2 ? first : second));
  return "#test.attr_params<" + std::to_string(v0) + ", " + std::to_string(v1) + ">";
}
} // namespace

std::optional<std::array<uint64_t, 2>> bytecode::foreignDialectVersion(std::string_view dialect) {
  if (dialect == "test")
    return std::array<uint64_t, 2>{2, 0};
  return std::nullopt;
}

bool bytecode::hasForeignDialectEncoding(std::string_view dialect) { return dialect == "test"; }

FailureOr<std::string> bytecode::readForeignDialectEntry(std::string_view dialect,
                                                         const ForeignDialectVersion &version, bool isType,
                                                         DialectBytecodeReader &reader) {
  if (dialect == "test")
    return readTestEntry(version, isType, reader);
  (void)(reader.emitError("dialect '") << dialect << "' does not implement the bytecode interface");
  return failure();
}
