//===- BytecodeReader.cpp - Reads MLIR bytecode ---------------------------===//
// TEMPORARY STUB: being implemented.
#include "lamina/Bytecode/BytecodeReader.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;

bool lamina::isBytecode(std::string_view buffer) {
  return buffer.size() >= 4 && buffer.substr(0, 4) == std::string_view("ML\xEFR", 4);
}

LogicalResult lamina::readBytecodeFile(std::string_view, std::string_view bufferName, Block *,
                                       const ParserConfig &config) {
  return emitError(FileLineColLoc::get(config.getContext(), bufferName, 0, 0)) << "bytecode reading is not implemented yet";
}

Operation *lamina::readBytecodeFileForTool(std::string_view buffer, std::string_view bufferName,
                                           const ParserConfig &config, bool) {
  (void)readBytecodeFile(buffer, bufferName, nullptr, config);
  return nullptr;
}
