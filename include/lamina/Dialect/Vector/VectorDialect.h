//===- VectorDialect.h - The vector dialect -------------------------------===//
//
// The ops, enums and attributes are imported from MLIR's ODS records
// (VectorOps.gen.h, by utils/import-ods.py); VectorOps.cpp holds what MLIR
// writes by hand (custom syntax of the contraction, outer product, transfer
// and mask ops, verifiers, result type inference).
//
#pragma once

#include "lamina/Dialect/Vector/VectorOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `vector`: operations on values of vector type (n-D, fixed or scalable).
class VectorDialect : public Dialect {
public:
  explicit VectorDialect(MLIRContext *ctx);
  ~VectorDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "vector"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

namespace vector {
/// The mask type of a transfer op: i1 elements, the vector's shape in the
/// order of the source dimensions (inferTransferOpMaskType).
VectorType inferTransferOpMaskType(VectorType vecType, AffineMap permMap);
/// The permutation map a transfer op has by default: the minor identity of
/// the source dimensions (getTransferMinorIdentityMap).
AffineMap getTransferMinorIdentityMap(ShapedType shapedType, VectorType vectorType);
/// Attaches the folders and canonicalization patterns (VectorCanonicalization.cpp).
void registerVectorCanonicalization(VectorDialect &dialect);
} // namespace vector

} // namespace lamina
