//===- Bufferize.h - The tensor-to-memref rewrite of One-Shot Bufferize ---===//
//
// MLIR's bufferizeOp: after the analysis (or with copy-before-write), copies
// of out-of-place operands are made explicit as bufferization.alloc_tensor
// ops (tensor copy insertion); then every bufferizable op is replaced by its
// memref form through its OpModel's `bufferize`. Tensor values still used by
// unconverted code get bufferization.to_tensor ops, memref uses of tensors
// bufferization.to_buffer ops; pairs of the two fold away at the end.
//
#pragma once

#include "lamina/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinTypes.h"

namespace lamina::bufferization {

/// The builder and state the op models' `bufferize` methods use.
class BufferizeRewriter : public OpBuilder::Listener {
public:
  BufferizeRewriter(MLIRContext *ctx, const OneShotOptions &options, AnalysisState &state);

  OpBuilder b;
  const OneShotOptions &options;
  AnalysisState &state;

  /// The buffer of a tensor value: the memref of its to_tensor, or a new
  /// bufferization.to_buffer right after its definition.
  FailureOr<Value> getBuffer(Value tensor);
  /// The memref type `tensor` bufferizes to (MLIR's getBufferType).
  FailureOr<Type> getBufferType(Value tensor);
  /// MLIR's getMemRefType: the unknown-type conversion of `tensor`.
  Type getUnknownBufferType(Value tensor, Attribute memorySpace = {});
  /// Replaces `op`'s results by `values`, wrapping memrefs that replace
  /// tensors in bufferization.to_tensor, and erases `op`.
  void replaceOp(Operation *op, ArrayRef<Value> values);
  /// Erases `op` (its results must be unused).
  void erase(Operation *op);
  /// memref.alloc of `type` with the configured alignment.
  Value createAlloc(Location loc, MemRefType type, ArrayRef<Value> dynamicSizes);
  /// memref.copy from `from` to `to`.
  void createCopy(Location loc, Value from, Value to);
  /// memref.cast of `buffer` to `type` if the types differ.
  Value castBuffer(Value buffer, Type type);
  /// MLIR's castOrReallocMemRefValue: a cast when it cannot fail at run
  /// time, else a copy into a new allocation of `destType`.
  FailureOr<Value> castOrRealloc(Value value, Type destType);

  /// MLIR's bufferizeOp on `root`: rewrites every allowed op; fails with
  /// MLIR's messages.
  LogicalResult run(Operation *root);
  /// Tensor copy insertion (MLIR's insertTensorCopies) under `root`.
  LogicalResult insertTensorCopies(Operation *root);
  /// MLIR's resolveTensorOpOperandConflicts for `op`.
  LogicalResult resolveOperandConflicts(Operation *op);
  /// A bufferization.alloc_tensor for `shaped` (a copy of it if `copy`).
  FailureOr<Value> allocateTensorFor(Location loc, Value shaped, bool copy);

  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint previous) override;
  /// How often `v` is on the stack of getBufferType queries.
  unsigned countOnStack(Value v) const;

private:
  std::vector<Operation *> worklist;
  std::unordered_set<Operation *> erased;
  std::vector<Operation *> toBufferOps;
  std::vector<Value> invocationStack;
};

/// The memref type of `type` with a fully dynamic strided layout (unranked
/// for an unranked tensor).
Type getMemRefTypeWithFullyDynamicLayout(TensorType type, Attribute memorySpace);
/// The memref type of `type` without layout.
Type getMemRefTypeWithStaticIdentityLayout(TensorType type, Attribute memorySpace);
/// The memory space of a memref type (null if none).
Attribute getMemorySpace(Type memrefType);

/// The buffer type of a non-entry block argument, from the operands its
/// predecessors forward (MLIR's unstructured control flow model).
Type getBlockArgBufferType(BlockArgument arg, BufferizeRewriter &rw);
/// MLIR's bufferizeBlockSignature: memref arguments, buffers forwarded.
LogicalResult bufferizeBlockArguments(Block *block, BufferizeRewriter &rw);
/// The operands forwarded to a non-entry block argument (entry: none).
AliasingOpOperandList getBranchAliasingOpOperands(Value blockArg);

/// Module bufferization (bufferize-function-boundaries): function bodies in
/// call order, then signatures and callers.
LogicalResult bufferizeModuleOp(Operation *moduleOp, const OneShotOptions &options, AnalysisState &state);

} // namespace lamina::bufferization
