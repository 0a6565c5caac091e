//===- DenseArrayFormat.h - The stripped `[1, 2]` form of dense arrays ----===//
//
// ODS prints a `DenseI64ArrayAttr` operand of an assembly format through its
// class's own printer, which writes only the bracketed element list.
//
#pragma once

#include "lamina/ODS/Constraints.h"

namespace lamina {
namespace ods {

/// Element kinds of DenseArrayAttr classes.
enum DenseArrayKind : unsigned { I1, I8, I16, I32, I64, F32, F64 };

/// Prints `[e0, e1, ...]`.
void printDenseArrayStripped(Attribute attr, AsmPrinter &printer);
/// Parses `[e0, e1, ...]` into a DenseArrayAttr of `kind`.
Attribute parseDenseArrayStripped(AsmParser &parser, DenseArrayKind kind);

} // namespace ods
} // namespace lamina
