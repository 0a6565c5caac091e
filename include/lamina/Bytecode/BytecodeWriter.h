//===- BytecodeWriter.h - Writes MLIR bytecode ----------------------------===//
#pragma once

#include "lamina/Support/LogicalResult.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace lamina {

class Operation;
class raw_ostream;

/// The newest bytecode version the writer produces.
constexpr int64_t kBytecodeVersion = 6;

/// Options for writing bytecode.
class BytecodeWriterConfig {
public:
  explicit BytecodeWriterConfig(std::string_view producer = "MLIR22.1.8") : producer(producer) {}
  void setDesiredBytecodeVersion(int64_t version) { desiredVersion = version; }
  int64_t getDesiredBytecodeVersion() const { return desiredVersion; }
  std::string_view getProducer() const { return producer; }

private:
  std::string producer;
  int64_t desiredVersion = kBytecodeVersion;
};

/// Writes `op` (and everything nested) as bytecode to `os`: the bytes
/// `mlir-opt --emit-bytecode` writes for the same IR (same section order,
/// numbering and encodings). Fails, with mlir-opt's diagnostic on `op`, for
/// a version outside [0, 6]. Before version 5 inherent attributes are
/// written in the attribute dictionary and unregistered operations lose
/// their properties, as with mlir-opt.
LogicalResult writeBytecodeToFile(Operation *op, raw_ostream &os, const BytecodeWriterConfig &config = BytecodeWriterConfig());

} // namespace lamina
