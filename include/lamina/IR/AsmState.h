//===- AsmState.h - Naming and alias state for printing -------------------===//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/OperationSupport.h"

#include <memory>
#include <unordered_map>
#include <utility>

namespace lamina {

namespace detail {
class AsmStateImpl;
} // namespace detail

/// The state shared by a printing session: SSA value and block names,
/// attribute/type aliases, distinct attribute ids and the resources used.
/// Build it once and print many times to reuse the numbering.
class AsmState {
public:
  /// The line (1-based) and column (the indentation) at which each printed
  /// op starts (MLIR's AsmState::LocationMap).
  using LocationMap = std::unordered_map<Operation *, std::pair<unsigned, unsigned>>;

  /// Prepares to print `op` (and what it contains): numbers values and, for
  /// a top-level op, computes aliases. With `locationMap`, printing records
  /// where each op starts in it.
  explicit AsmState(Operation *op, const OpPrintingFlags &flags = OpPrintingFlags(),
                    LocationMap *locationMap = nullptr);
  /// Numbers every value and block of `op` now rather than each subtree
  /// when first printed, so that printing keeps the names of the IR at this
  /// point while the IR changes (as MLIR's AsmState, which numbers eagerly).
  struct NumberEagerly {};
  AsmState(Operation *op, const OpPrintingFlags &flags, NumberEagerly);
  /// A state for printing attributes and types on their own (no aliases).
  explicit AsmState(MLIRContext *ctx, const OpPrintingFlags &flags = OpPrintingFlags());
  ~AsmState();

  const OpPrintingFlags &getPrinterFlags() const;
  /// The resources printing with this state referenced, each in order of
  /// first print: the builtin dialect's dense_resource entries, and per
  /// dialect the handles of other dialects (Dialect::hasResourceHooks).
  ArrayRef<DenseResourceElementsHandle::Entry *> getBuiltinResources() const;
  ArrayRef<std::pair<const Dialect *, std::vector<const void *>>> getDialectResources() const;
  detail::AsmStateImpl &getImpl() { return *impl; }

private:
  std::unique_ptr<detail::AsmStateImpl> impl;
};

} // namespace lamina
