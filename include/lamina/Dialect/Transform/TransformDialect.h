//===- TransformDialect.h - The transform dialect -------------------------===//
//
// The transform dialect: IR that describes transformations of other IR
// (named sequences of transform ops on handles to payload ops, values and
// parameters). Its ops, types and attributes are imported from MLIR's ODS
// records: the core (TransformOps.gen.h) and the extensions that MLIR defines
// in other dialects' .td files (LinalgTransformOps.gen.h, ...), all
// registered by this dialect. Lamina parses, verifies, prints and writes
// transform IR; it does not interpret it (no --transform-interpreter).
//
#pragma once

#include "lamina/Dialect/Transform/TransformInterfaces.h"
#include "lamina/Dialect/Transform/TransformOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {
namespace transform {

/// The custom directive TransformMatchDims's verification (MLIR's
/// verifyTransformMatchDimsOp): `all`, `except(...)` or a list of unique
/// positions.
LogicalResult verifyTransformMatchDimsOp(Operation *op, ArrayRef<int64_t> raw, bool inverted, bool all);

/// Registers mlir-opt's test extension of the transform dialect (the
/// `transform.test_*` ops its tests use) in every transform dialect loaded
/// afterwards; lamina-opt calls it where it registers the test dialect.
void registerTestTransformDialectExtension();

} // namespace transform

/// `transform`: IR describing transformations of payload IR.
class TransformDialect : public Dialect {
public:
  explicit TransformDialect(MLIRContext *ctx);
  ~TransformDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "transform"; }

  /// The discardable attributes of the dialect.
  static constexpr std::string_view kWithNamedSequenceAttrName = "transform.with_named_sequence";
  static constexpr std::string_view kTargetTagAttrName = "transform.target_tag";
  static constexpr std::string_view kArgConsumedAttrName = "transform.consumed";
  static constexpr std::string_view kArgReadOnlyAttrName = "transform.readonly";
  static constexpr std::string_view kSilenceTrackingFailuresAttrName = "transform.silence_tracking_failures";

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

  /// `transform.with_named_sequence` (on symbol tables; no recursion among
  /// the named sequences), `transform.target_tag`, `transform.consumed`,
  /// `transform.readonly`; anything else is an unknown attribute.
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override;

private:
  /// Registers what is imported from MLIR's records (generated): the core,
  /// then each extension.
  void registerGenerated();
  void registerDebugExtensionOps();
  void registerLoopExtensionOps();
  void registerLinalgTransformOps();
  void registerLinalgMatchOps();
  void registerSCFTransformOps();
  void registerVectorTransformOps();
  void registerTensorTransformOps();
  void registerMemRefTransformOps();
  void registerAffineTransformOps();
  void registerGPUTransformOps();
  void registerBufferizationTransformOps();
  void registerFuncTransformOps();
  void registerNVGPUTransformOps();
  void registerX86VectorTransformOps();
  void registerArmNeonTransformOps();
  void registerArmSVETransformOps();
  void registerSparseTensorTransformOps();
  void registerPDLExtensionOps();
  void registerIRDLExtensionOps();
  void registerSMTExtensionOps();
  void registerDLTITransformOps();
  /// The test extension's ops (TestTransformOps.cpp).
  void registerTestExtensionOps();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
