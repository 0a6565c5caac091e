//===- ConstantPropagationAnalysis.h - Sparse constant propagation -------===//
//
// MLIR's sparse conditional constant propagation analysis
// (mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h): the constant value
// of each SSA value, found by folding ops on the constant values of their
// operands. Ops with regions and in-place folds are not simulated.
//
#pragma once

#include "lamina/Analysis/DataFlow/SparseAnalysis.h"
#include "lamina/IR/Attributes.h"

#include <optional>

namespace lamina {
namespace dataflow {

/// The lattice value: uninitialized, a constant (with the dialect that can
/// materialize it), or unknown (a null constant).
class ConstantValue {
public:
  /// Uninitialized.
  ConstantValue() = default;
  /// The constant `constant` (null: unknown), materialized by `dialect`.
  ConstantValue(Attribute constant, Dialect *dialect) : constant(constant), dialect(dialect) {}

  static ConstantValue getUnknownConstant() { return ConstantValue(Attribute(), nullptr); }

  bool isUninitialized() const { return !constant.has_value(); }
  /// The constant, or null if unknown.
  Attribute getConstantValue() const { return constant ? *constant : Attribute(); }
  Dialect *getConstantDialect() const { return dialect; }

  bool operator==(const ConstantValue &rhs) const { return constant == rhs.constant; }
  void print(raw_ostream &os) const;

  /// Equal constants stay; different ones become unknown.
  static ConstantValue join(const ConstantValue &lhs, const ConstantValue &rhs) {
    if (lhs.isUninitialized())
      return rhs;
    if (rhs.isUninitialized())
      return lhs;
    if (lhs == rhs)
      return lhs;
    return getUnknownConstant();
  }

private:
  std::optional<Attribute> constant;
  Dialect *dialect = nullptr;
};

/// Folds ops on the constant values of their operands.
class SparseConstantPropagation : public SparseForwardDataFlowAnalysis<Lattice<ConstantValue>> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op, ArrayRef<const Lattice<ConstantValue> *> operands,
                               ArrayRef<Lattice<ConstantValue> *> results) override;
  void setToEntryState(Lattice<ConstantValue> *lattice) override;
};

} // namespace dataflow
} // namespace lamina
