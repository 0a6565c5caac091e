//===- X86VectorDialect.h - The x86vector dialect -------------------------===//
//
// The ops are imported from MLIR's ODS records (X86VectorOps.gen.h, by
// utils/import-ods.py); the verifier of avx512.mask.compress is hand-written
// (X86VectorOps.cpp).
//
#pragma once

#include "lamina/Dialect/X86Vector/X86VectorOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `x86vector`: Intel AVX and AVX-512 vector operations.
class X86VectorDialect : public Dialect {
public:
  explicit X86VectorDialect(MLIRContext *ctx);
  ~X86VectorDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "x86vector"; }

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
