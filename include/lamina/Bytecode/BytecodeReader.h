//===- BytecodeReader.h - Reads MLIR bytecode -----------------------------===//
#pragma once

#include "lamina/AsmParser/AsmParser.h"

#include <string_view>

namespace lamina {

class Block;
class Operation;

/// True if `buffer` starts with the bytecode magic number "ML\xEFR".
bool isBytecode(std::string_view buffer);

/// Reads bytecode into `block`. Diagnostics go to the context's handlers.
LogicalResult readBytecodeFile(std::string_view buffer, std::string_view bufferName, Block *block,
                               const ParserConfig &config);

/// Reads bytecode and returns the top-level op (wrapped in a builtin.module
/// unless it is a single module and `insertImplicitModule` is set), or null.
Operation *readBytecodeFileForTool(std::string_view buffer, std::string_view bufferName,
                                   const ParserConfig &config, bool insertImplicitModule);

} // namespace lamina
