//===- TensorDialect.h - The tensor dialect -------------------------------===//
//
// The ops, their constraints and syntax are imported from MLIR's ODS records
// (TensorOps.gen.h, by utils/import-ods.py); TensorOps.cpp holds what MLIR
// writes by hand (verifiers, cast compatibility, result names, interface
// methods).
//
#pragma once

#include "lamina/Dialect/Tensor/TensorOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `tensor`: creating, slicing, reshaping and padding values of tensor type.
class TensorDialect : public Dialect {
public:
  explicit TensorDialect(MLIRContext *ctx);
  ~TensorDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "tensor"; }
  /// arith.constant, or complex.constant for a pair of numbers.
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;
  /// FoldTensorCastProducerOp (TensorCanonicalization.cpp).
  void getCanonicalizationPatterns(RewritePatternSet &results) const override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

namespace tensor {
/// Attaches RuntimeVerifiableOpInterface to cast, dim, extract, insert and
/// extract_slice (TensorRuntimeVerification.cpp).
void registerTensorRuntimeVerification(TensorDialect &dialect);
} // namespace tensor

} // namespace lamina
