//===- ComplexDialect.h - The complex dialect: complex arithmetic ---------===//
//
// The ops, the `#complex.number` attribute and their constraints and syntax
// are imported from MLIR's ODS records (ComplexOps.gen.h, by
// utils/import-ods.py); ComplexOps.cpp holds what MLIR writes by hand.
//
#pragma once

#include "lamina/Dialect/Complex/ComplexOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `complex`: arithmetic and elementary functions on `complex<T>` values.
class ComplexDialect : public Dialect {
public:
  explicit ComplexDialect(MLIRContext *ctx);
  ~ComplexDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "complex"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  /// complex.constant for a pair of numbers of a complex type, else
  /// arith.constant (ComplexFolders.cpp).
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

namespace complex {
/// Attaches the folders of the complex ops (ComplexFolders.cpp).
void registerComplexFolders(ComplexDialect &dialect);
} // namespace complex

} // namespace lamina
