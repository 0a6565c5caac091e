//===- AsyncDialect.h - The async dialect: asynchronous execution ---------===//
//
// The ops and the types `!async.token`, `!async.value<T>`, `!async.group` and
// the coroutine types are imported from MLIR's ODS records (AsyncOps.gen.h,
// by utils/import-ods.py); AsyncOps.cpp holds what MLIR writes by hand
// (async.execute's and async.func's syntax, `!async.value<T>`, the await
// result type directive, the verifiers and async.call's symbol check).
// Canonicalization patterns and the async passes are not implemented.
//
#pragma once

#include "lamina/Dialect/Async/AsyncOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `async`: asynchronous execution with tokens, values and groups.
class AsyncDialect : public Dialect {
public:
  explicit AsyncDialect(MLIRContext *ctx);
  ~AsyncDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "async"; }

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
