//===- Interfaces.h - Op interfaces declared by ODS definitions -----------===//
//
// The op interfaces the declarative definitions register (under their
// TypeID in the op's interface map) and the engine verifies. Each is a
// "concept": a table of function pointers. Query with
// `op->getName().getInterface(TypeID::get<ods::BranchOpInterfaceConcept>())`.
//
// Interfaces the IR layer defines (SymbolUserOpInterface in SymbolTable.h,
// RegionKindInterface in RegionKindInterface.h) are registered under the IR
// layer's TypeIDs and concepts; the ones below have no IR counterpart yet.
//
#pragma once

#include "lamina/IR/Operation.h"

#include <string_view>

namespace lamina {
namespace ods {

/// BranchOpInterface: the operands forwarded to each successor.
struct BranchOpInterfaceConcept {
  OperandRange (*getSuccessorOperands)(Operation *op, unsigned index);
};

/// SymbolOpInterface (`Symbol`).
struct SymbolOpInterfaceConcept {
  /// Whether the op is a declaration (e.g. an external function).
  bool (*isDeclaration)(Operation *op);
  /// OptionalSymbol: sym_name may be absent.
  bool optional;
};

/// InferTypeOpInterface (the inferer itself lives in the definition).
struct InferTypeOpInterfaceConcept {};
/// OpAsmOpInterface (the hooks live in OperationInfo).
struct OpAsmOpInterfaceConcept {};

} // namespace ods
} // namespace lamina
