//===- IRDLVerifiers.h - Constraints of IRDL-defined IR (private) ---------===//
//
// The constraints an `irdl.operation`, `irdl.type` or `irdl.attribute`
// defines, one per constraint op of its body (a "constraint variable"), and
// the verifier that checks attributes against them. A variable binds to the
// first attribute it accepts; later uses must see the same one.
//
#pragma once

#include "lamina/IR/Attributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/ExtensibleDialect.h"
#include "lamina/Support/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace lamina {
class Region;
namespace irdl {

/// One constraint variable.
struct Constraint {
  enum class Kind {
    Is,                ///< irdl.is: equal to `expected`.
    BaseAttr,          ///< irdl.base on an attribute kind: TypeID `baseTypeID`.
    BaseType,          ///< irdl.base on a type kind.
    DynParametricAttr, ///< irdl.parametric on an IRDL attribute: `def` with params `args`.
    DynParametricType, ///< irdl.parametric on an IRDL type.
    AnyOf,             ///< irdl.any_of(args)
    AllOf,             ///< irdl.all_of(args)
    Any,               ///< irdl.any
    Unverifiable,      ///< irdl.c_pred (a C++ predicate): accepts everything.
  };
  Kind kind = Kind::Any;
  Attribute expected;
  TypeID baseTypeID;
  std::string baseName;
  const DynamicAttrOrTypeDefinition *def = nullptr;
  std::vector<unsigned> args;
};

/// Checks attributes against a set of constraint variables, binding each
/// variable to the first attribute it accepts. Iterative: constraint chains
/// of any depth do not grow the stack.
class ConstraintVerifier {
public:
  explicit ConstraintVerifier(const std::vector<Constraint> &constraints)
      : constraints(constraints), assigned(constraints.size()) {}

  /// Checks `attr` against variable `variable`; reports through `emitError`
  /// (when given) on failure.
  LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, Attribute attr, unsigned variable);

private:
  const std::vector<Constraint> &constraints;
  std::vector<Attribute> assigned;
};

/// irdl.region: a constraint on a region's block count and entry arguments.
struct RegionConstraint {
  std::optional<std::vector<unsigned>> argumentConstraints;
  std::optional<int64_t> blockCount;

  LogicalResult verify(Region &region, ConstraintVerifier &verifier) const;
};

} // namespace irdl
} // namespace lamina
