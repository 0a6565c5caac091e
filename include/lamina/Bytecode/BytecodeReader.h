//===- BytecodeReader.h - Reads MLIR bytecode -----------------------------===//
#pragma once

#include "lamina/AsmParser/AsmParser.h"

#include <string_view>

namespace lamina {

class Block;
class MemoryBuffer;
class Operation;

/// True if `buffer` starts with the bytecode magic number "ML\xEFR".
bool isBytecode(std::string_view buffer);

/// Reads bytecode of versions 0 to 6 (as written by mlir-opt or lamina-opt)
/// into `block`, verifying it if the config asks to. Malformed input of any
/// kind fails with mlir-opt's diagnostic (at `bufferName`:0:0, with a note
/// naming the version and producer). Decoding attributes that nest more
/// than 2048 levels deep is rejected; up to that it recurses, so run it on a
/// generous stack (lamina-opt's main thread has 1 GiB). Diagnostics go to
/// the context's handlers; the block may be partially filled on failure.
LogicalResult readBytecodeFile(std::string_view buffer, std::string_view bufferName, Block *block,
                               const ParserConfig &config);

/// Reads bytecode and returns the top-level op (wrapped in a builtin.module
/// unless it is a single module and `insertImplicitModule` is set), or null.
Operation *readBytecodeFileForTool(std::string_view buffer, std::string_view bufferName,
                                   const ParserConfig &config, bool insertImplicitModule);
/// The same for a whole input buffer; when it maps a file, the pages of what
/// has been read are handed back as reading proceeds.
Operation *readBytecodeFileForTool(const MemoryBuffer &buffer, const ParserConfig &config,
                                   bool insertImplicitModule);

} // namespace lamina
