//===- LinalgDialect.h - The linalg dialect -------------------------------===//
//
// The ops, enums and attributes are imported from MLIR's ODS records
// (LinalgOps.gen.h) and the named ops' bodies, maps and iterators from their
// OpDSL definitions (LinalgOpDSL.h, by utils/import-ods.py); LinalgOps.cpp,
// LinalgInterfaces.cpp and LinalgRegionBuilder.cpp hold what MLIR writes by
// hand (custom syntax, verifiers, the LinalgOp interface, region builders).
//
#pragma once

#include "lamina/Dialect/Linalg/LinalgInterfaces.h"
#include "lamina/Dialect/Linalg/LinalgOps.gen.h"
#include "lamina/IR/Dialect.h"

#include <unordered_map>
#include <vector>

namespace lamina {

/// `linalg`: structured computations on tensors and buffers.
class LinalgDialect : public Dialect {
public:
  explicit LinalgDialect(MLIRContext *ctx);
  ~LinalgDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "linalg"; }
  /// The discardable attribute caching a named op's indexing maps.
  static constexpr std::string_view kMemoizedIndexingMapsAttrName = "linalg.memoized_indexing_maps";

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override;
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;

  /// The indexing maps of a named op's OpDSL definition as written (with
  /// their symbols), parsed once per context.
  ArrayRef<AffineMap> getParsedNamedOpMaps(const void *spec, ArrayRef<const char *> texts);

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
  std::unordered_map<const void *, std::vector<AffineMap>> parsedMaps;
};

namespace linalg {
/// Attaches the folders and canonicalization patterns (LinalgCanonicalization.cpp).
void registerLinalgCanonicalization(LinalgDialect &dialect);
} // namespace linalg

} // namespace lamina
