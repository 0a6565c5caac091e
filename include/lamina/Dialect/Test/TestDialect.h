//===- TestDialect.h - mlir-opt's `test` dialect, as lamina-opt registers it ===//
//
// The reference mlir-opt registers MLIR's `test` dialect, which thousands of
// MLIR test files use. Lamina implements a few of its pieces and keeps every
// other `test` construct exactly as written: unknown operations are allowed
// and unknown type and attribute mnemonics are kept verbatim (as opaque
// types/attributes of the `test` namespace, printed back identically).
//
// Not to be confused with test/lib's dialect of the same namespace, which
// only lamina-test-opt registers.
//
#pragma once

#include "lamina/IR/Dialect.h"

#include <memory>

namespace lamina {

/// mlir-opt's `test` dialect.
class MLIRTestDialect : public Dialect {
public:
  explicit MLIRTestDialect(MLIRContext *ctx);
  ~MLIRTestDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "test"; }

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

  /// Aliases of TestOpAsmInterface: `alias_test:*` strings, tuples of
  /// `!test.smpla`, `!test.int<unsigned, 8>`, `!testrec` for the test_rec
  /// type named type_to_alias, every test_rec_alias type by its name.
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override;
  AliasResult getAlias(Type type, raw_ostream &os) const override;
  bool hasAliasHooks() const override { return true; }

  /// Resources (TestOpAsmInterface and its blob manager): hex blobs, named
  /// by keys. Each declaration creates a resource, named `key`, or `key_N`
  /// (the first free N from 1) when `key` is taken, as MLIR's blob manager
  /// names them; the file metadata then sets the blob of the resource its
  /// key was declared as.
  bool hasResourceHooks() const override { return true; }
  const void *declareResource(std::string_view key) const override;
  std::string_view getResourceKey(const void *handle) const override;
  LogicalResult parseResource(DialectResourceEntry &entry) const override;
  void buildResources(ArrayRef<const void *> referenced, DialectResourceBuilder &builder) const override;

  /// `test.invalid_attr` is rejected wherever it is attached.
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override;
  LogicalResult verifyRegionArgAttribute(Operation *op, unsigned regionIndex, unsigned argIndex,
                                         NamedAttribute attr) override;
  LogicalResult verifyRegionResultAttribute(Operation *op, unsigned regionIndex, unsigned resultIndex,
                                            NamedAttribute attr) override;

  /// Folded constants become test.constant ops (TestCanonicalizeOps.cpp).
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;

private:
  /// Registers the operations Lamina implements (TestOps.cpp).
  void registerOps();

  class BlobManager;
  std::unique_ptr<BlobManager> blobs;
};

/// Registers the test ops the transform tests use (TestTransformOps.cpp).
void registerTestTransformOps(Dialect &dialect);
/// Registers the test ops of linalg's interface tests (TestLinalgOps.cpp).
void registerTestLinalgOps(Dialect &dialect);
/// Registers the test ops the folding and canonicalization tests use
/// (TestCanonicalizeOps.cpp).
void registerTestCanonicalizeOps(Dialect &dialect);
/// Registers the syntax test ops (TestSyntaxOps.cpp).
void registerTestSyntaxOps(Dialect &dialect);

} // namespace lamina
