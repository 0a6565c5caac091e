//===- PDLInterpDialect.h - The pdl_interp dialect ------------------------===//
//
// The ops are imported from MLIR's ODS records (PDLInterpOps.gen.h, by
// utils/import-ods.py); PDLInterpOps.cpp holds what MLIR writes by hand
// (pdl_interp.foreach's and pdl_interp.func's syntax, the custom directives
// of create_operation and create_range, the verifiers). Lamina does not run
// the PDL interpreter.
//
#pragma once

#include "lamina/Dialect/PDL/PDLDialect.h"
#include "lamina/Dialect/PDLInterp/PDLInterpOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `pdl_interp`: the lowered form of PDL patterns that an interpreter runs.
class PDLInterpDialect : public Dialect {
public:
  explicit PDLInterpDialect(MLIRContext *ctx);
  ~PDLInterpDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "pdl_interp"; }

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

namespace pdl_interp {
/// The operand type of a pdl_interp.get_value_type with this result type:
/// `!pdl.value`, or `!pdl.range<value>` for a range.
Type getGetValueTypeOpValueType(Type type);
} // namespace pdl_interp

} // namespace lamina
