//===- BytecodeWriter.cpp - Writes MLIR bytecode --------------------------===//
// TEMPORARY STUB: being implemented.
#include "lamina/Bytecode/BytecodeWriter.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Operation.h"

using namespace lamina;

LogicalResult lamina::writeBytecodeToFile(Operation *op, raw_ostream &, const BytecodeWriterConfig &) {
  return emitError(op->getLoc()) << "bytecode writing is not implemented yet";
}
