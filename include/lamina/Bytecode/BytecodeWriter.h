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

/// Writes `op` (and everything nested) as bytecode to `os`. Fails (with a
/// diagnostic) if the requested version cannot represent the IR.
LogicalResult writeBytecodeToFile(Operation *op, raw_ostream &os, const BytecodeWriterConfig &config = BytecodeWriterConfig());

} // namespace lamina
