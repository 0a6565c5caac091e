//===- BuiltinDialectBytecode.h - Builtin attribute/type encodings ---------===//
//
// Private to the Bytecode library: the custom encodings of builtin
// attributes and types (MLIR's BuiltinDialectBytecode.td), shared by the
// reader, the writer and the writer's numbering pass.
//
#pragma once

#include "lamina/Bytecode/BytecodeImplementation.h"
#include "lamina/IR/BuiltinAttributes.h"

namespace lamina::bytecode {

/// A DialectBytecodeReader that can also resolve dense resource handles.
class BuiltinBytecodeReader : public DialectBytecodeReader {
public:
  /// Reads a reference to an entry of the resource section.
  virtual LogicalResult readResourceHandle(DenseResourceElementsHandle &result) = 0;
  /// Bytes left in the current payload (bounds element counts).
  uint64_t getRemainingBytes() const { return getNumRemainingBytes(); }
};

/// A DialectBytecodeWriter that can also reference dense resources.
class BuiltinBytecodeWriter : public DialectBytecodeWriter {
public:
  virtual void writeResourceHandle(DenseResourceElementsHandle handle) = 0;
};

/// Decodes a custom-encoded builtin attribute / type; null (with a
/// diagnostic) on malformed input.
Attribute readBuiltinAttribute(BuiltinBytecodeReader &reader);
Type readBuiltinType(BuiltinBytecodeReader &reader);

/// Encodes `attr` / `type` if the builtin dialect has a custom encoding for
/// it (as mlir-opt 22.1.8 does); returns false, having written nothing, if it
/// must be written in its textual form instead.
bool writeBuiltinAttribute(Attribute attr, BuiltinBytecodeWriter &writer);
/// The encoding writeBuiltinAttribute gives FileLineColLoc(file, line, col)
/// (also used for locations kept packed, which have no attribute).
void writeBuiltinFileLineColLoc(StringAttr file, unsigned line, unsigned col, BuiltinBytecodeWriter &writer);
bool writeBuiltinType(Type type, BuiltinBytecodeWriter &writer);

} // namespace lamina::bytecode
