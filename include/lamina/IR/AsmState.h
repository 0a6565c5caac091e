//===- AsmState.h - Naming and alias state for printing -------------------===//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/OperationSupport.h"

#include <memory>

namespace lamina {

namespace detail {
class AsmStateImpl;
} // namespace detail

/// The state shared by a printing session: SSA value and block names,
/// attribute/type aliases, distinct attribute ids and the resources used.
/// Build it once and print many times to reuse the numbering.
class AsmState {
public:
  /// Prepares to print `op` (and what it contains): numbers values and, for
  /// a top-level op, computes aliases.
  explicit AsmState(Operation *op, const OpPrintingFlags &flags = OpPrintingFlags());
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
