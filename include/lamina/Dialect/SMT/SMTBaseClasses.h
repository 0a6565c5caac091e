//===- SMTBaseClasses.h - Hand-written helpers of the smt dialect ---------===//
//
// What MLIR writes by hand in SMTTypes.h/SMTOps.h and the generated
// constraints (SMTOps.gen.cpp) call: the tests of SMT value types.
//
#pragma once

#include "lamina/IR/Types.h"

namespace lamina {
namespace smt {

/// A type of the smt dialect that values have (bool, int, bit-vector,
/// array, function, sort).
bool isAnySMTValueType(Type type);
/// An SMT value type other than a function.
bool isAnyNonFuncSMTValueType(Type type);

} // namespace smt
} // namespace lamina
