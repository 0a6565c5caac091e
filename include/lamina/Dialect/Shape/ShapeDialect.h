//===- ShapeDialect.h - The shape dialect: shape computations -------------===//
//
// The ops and the types `!shape.shape`, `!shape.size`, `!shape.value_shape`
// and `!shape.witness` are imported from MLIR's ODS records (ShapeOps.gen.h,
// by utils/import-ods.py); ShapeOps.cpp holds what MLIR writes by hand (the
// custom syntax of assuming, const_shape, func, function_library and reduce,
// the verifiers, the result-type inference). Folders and canonicalization
// patterns are not implemented.
//
#pragma once

#include "lamina/Dialect/Shape/ShapeOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `shape`: types and operations for shape computations.
class ShapeDialect : public Dialect {
public:
  explicit ShapeDialect(MLIRContext *ctx);
  ~ShapeDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "shape"; }

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  /// The `shape.lib` attribute: a shape function library or an array of them.
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
