//===- LLVMInterfaces.h - The llvm dialect's op interfaces ----------------===//
//
// LLVMInterfaces.td: memory ops carrying access groups, alias-analysis
// metadata (alias scopes, TBAA tags) or dereferenceability, each in the
// attribute the interface names, and the interfaces' verifiers ("expected op
// to return array of access_group attributes", ...).
//
#pragma once

#include "lamina/IR/OpInterface.h"

namespace lamina {
namespace LLVM {

namespace detail {
/// The attribute `name` of `op` as an ArrayAttr (null if absent).
ArrayAttr arrayAttrNamed(Operation *op, std::string_view name);
ArrayAttr accessGroupsFromAttr(Operation *op);
ArrayAttr aliasScopesFromAttr(Operation *op);
ArrayAttr noAliasScopesFromAttr(Operation *op);
ArrayAttr tbaaTagsFromAttr(Operation *op);
Attribute dereferenceableFromAttr(Operation *op);
LogicalResult verifyAccessGroupOpInterface(Operation *op);
LogicalResult verifyAliasAnalysisOpInterface(Operation *op);
LogicalResult verifyDereferenceableOpInterface(Operation *op);
} // namespace detail

struct AccessGroupOpInterfaceConcept {
  /// The access groups (default: the `access_groups` attribute).
  ArrayAttr (*getAccessGroupsOrNull)(Operation *op) = detail::accessGroupsFromAttr;
};

/// A memory op in access groups (loop parallel-access metadata).
class AccessGroupOpInterface : public OpInterface<AccessGroupOpInterface, AccessGroupOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "AccessGroupOpInterface"; }
  static LogicalResult verifyTrait(Operation *op) { return detail::verifyAccessGroupOpInterface(op); }
  ArrayAttr getAccessGroupsOrNull() const { return getImpl()->getAccessGroupsOrNull(getOperation()); }
};

struct AliasAnalysisOpInterfaceConcept {
  ArrayAttr (*getAliasScopesOrNull)(Operation *op) = detail::aliasScopesFromAttr;
  ArrayAttr (*getNoAliasScopesOrNull)(Operation *op) = detail::noAliasScopesFromAttr;
  ArrayAttr (*getTBAATagsOrNull)(Operation *op) = detail::tbaaTagsFromAttr;
};

/// A memory op with alias scopes and TBAA tags.
class AliasAnalysisOpInterface : public OpInterface<AliasAnalysisOpInterface, AliasAnalysisOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "AliasAnalysisOpInterface"; }
  static LogicalResult verifyTrait(Operation *op) { return detail::verifyAliasAnalysisOpInterface(op); }
  ArrayAttr getAliasScopesOrNull() const { return getImpl()->getAliasScopesOrNull(getOperation()); }
  ArrayAttr getNoAliasScopesOrNull() const { return getImpl()->getNoAliasScopesOrNull(getOperation()); }
  ArrayAttr getTBAATagsOrNull() const { return getImpl()->getTBAATagsOrNull(getOperation()); }
};

struct DereferenceableOpInterfaceConcept {
  /// The `dereferenceable` attribute (#llvm.dereferenceable), or null.
  Attribute (*getDereferenceableOrNull)(Operation *op) = detail::dereferenceableFromAttr;
};

/// An op producing a pointer known dereferenceable.
class DereferenceableOpInterface
    : public OpInterface<DereferenceableOpInterface, DereferenceableOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "DereferenceableOpInterface"; }
  static LogicalResult verifyTrait(Operation *op) { return detail::verifyDereferenceableOpInterface(op); }
  Attribute getDereferenceableOrNull() const { return getImpl()->getDereferenceableOrNull(getOperation()); }
};

} // namespace LLVM
} // namespace lamina
