//===- BufferizationDialect.h - The bufferization dialect -----------------===//
//
// The ops and their constraints and syntax are imported from MLIR's ODS
// records (BufferizationOps.gen.h, by utils/import-ods.py);
// BufferizationOps.cpp holds what MLIR writes by hand: alloc_tensor's syntax,
// the verifiers, the tensor/buffer type interfaces of builtin types and the
// dialect's discardable attributes (`bufferization.writable`, ...).
//
#pragma once

#include <array>

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Dialect.h"

namespace lamina {
namespace bufferization {

/// TensorLikeType: the types bufferization turns into buffers. MLIR attaches
/// it to the builtin tensor types (an external model); Lamina has no other.
class TensorLikeType : public Type {
public:
  using Type::Type;
  TensorLikeType(Type t) : Type(t) {}
  static bool classof(Type t) { return isa<TensorType>(t); }
};

/// BufferLikeType: the types of buffers (the builtin memref types).
class BufferLikeType : public Type {
public:
  using Type::Type;
  BufferLikeType(Type t) : Type(t) {}
  static bool classof(Type t) { return isa<BaseMemRefType>(t); }
};

namespace detail {
/// Whether `buffer` is what `tensor` bufferizes to (same shape and element
/// type); reports "shapes do not match" / "element types do not match" on
/// `op`.
bool typesMatchAfterBufferization(Operation &op, Value tensor, Value buffer);
} // namespace detail

} // namespace bufferization
} // namespace lamina

#include "lamina/Dialect/Bufferization/BufferizationOps.gen.h"

namespace lamina {

/// `bufferization`: converting between tensors and buffers.
class BufferizationDialect : public Dialect {
public:
  explicit BufferizationDialect(MLIRContext *ctx);
  ~BufferizationDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "bufferization"; }

  /// `bufferization.manual_deallocation` and the function-argument
  /// attributes used as op attributes.
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override;
  /// `bufferization.writable`, `bufferization.access`,
  /// `bufferization.buffer_layout` on function arguments.
  LogicalResult verifyRegionArgAttribute(Operation *op, unsigned regionIndex, unsigned argIndex,
                                         NamedAttribute attr) override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

class OpBuilder;
class PatternRewriter;
class RewritePatternSet;

namespace bufferization {

/// The operand groups of a `bufferization.dealloc`: memrefs, conditions,
/// retained values.
std::array<ValueRange, 3> getDeallocOperandGroups(Operation *dealloc);
/// Builds `bufferization.dealloc (memrefs) if (conditions) retain (retained)`.
Operation *createDeallocOp(OpBuilder &builder, Location loc, ValueRange memrefs, ValueRange conditions,
                           ValueRange retained);
/// Replaces the memrefs and conditions of `dealloc` in place; fails if they
/// are unchanged.
LogicalResult updateDeallocIfChanged(Operation *dealloc, ArrayRef<Value> memrefs, ArrayRef<Value> conditions,
                                     PatternRewriter &rewriter);
/// The canonicalization patterns of `bufferization.dealloc`.
void populateDeallocOpCanonicalizationPatterns(RewritePatternSet &patterns);
/// Attaches the dialect's canonicalization patterns to its ops.
void registerBufferizationCanonicalization(BufferizationDialect &dialect);

} // namespace bufferization
} // namespace lamina
