//===- MathDialect.h - The math dialect: math functions on numbers --------===//
//
// The ops, their constraints and syntax are imported from MLIR's ODS records
// (MathOps.gen.h, by utils/import-ods.py); math has nothing hand-written.
//
#pragma once

#include "lamina/Dialect/Math/MathOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `math`: elementwise math functions on integers and floats (scalars,
/// vectors and tensors), with `#arith.fastmath` flags.
class MathDialect : public Dialect {
public:
  explicit MathDialect(MLIRContext *ctx);
  ~MathDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "math"; }

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
