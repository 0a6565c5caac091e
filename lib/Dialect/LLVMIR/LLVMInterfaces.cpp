//===- LLVMInterfaces.cpp - The llvm dialect's op interfaces ---------------===//
#include "lamina/Dialect/LLVMIR/LLVMInterfaces.h"

#include "lamina/Dialect/LLVMIR/LLVMDialect.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::LLVM;

ArrayAttr LLVM::detail::arrayAttrNamed(Operation *op, std::string_view name) {
  return dyn_cast_or_null<ArrayAttr>(op->getInherentAttr(name));
}
ArrayAttr LLVM::detail::accessGroupsFromAttr(Operation *op) { return arrayAttrNamed(op, "access_groups"); }
ArrayAttr LLVM::detail::aliasScopesFromAttr(Operation *op) { return arrayAttrNamed(op, "alias_scopes"); }
ArrayAttr LLVM::detail::noAliasScopesFromAttr(Operation *op) { return arrayAttrNamed(op, "noalias_scopes"); }
ArrayAttr LLVM::detail::tbaaTagsFromAttr(Operation *op) { return arrayAttrNamed(op, "tbaa"); }
Attribute LLVM::detail::dereferenceableFromAttr(Operation *op) { return op->getInherentAttr("dereferenceable"); }

/// "expected op to return array of <mnemonic> attributes" unless every
/// element of `array` (if any) is a T.
template <typename T> static LogicalResult isArrayOf(Operation *op, ArrayAttr array, std::string_view mnemonic) {
  if (!array)
    return success();
  for (Attribute a : array.getValue())
    if (!isa<T>(a))
      return op->emitOpError("expected op to return array of ") << mnemonic << " attributes";
  return success();
}

LogicalResult LLVM::detail::verifyAccessGroupOpInterface(Operation *op) {
  return isArrayOf<AccessGroupAttr>(op, AccessGroupOpInterface(op).getAccessGroupsOrNull(), "access_group");
}

LogicalResult LLVM::detail::verifyAliasAnalysisOpInterface(Operation *op) {
  AliasAnalysisOpInterface iface(op);
  if (failed(isArrayOf<AliasScopeAttr>(op, iface.getAliasScopesOrNull(), "alias_scope")) ||
      failed(isArrayOf<AliasScopeAttr>(op, iface.getNoAliasScopesOrNull(), "alias_scope")))
    return failure();
  return isArrayOf<TBAATagAttr>(op, iface.getTBAATagsOrNull(), "tbaa_tag");
}

LogicalResult LLVM::detail::verifyDereferenceableOpInterface(Operation *op) {
  if (DereferenceableOpInterface(op).getDereferenceableOrNull())
    if (op->getNumResults() != 1 || !isa<LLVMPointerType>(op->getResult(0).getType()))
      return op->emitOpError("expected op to return a single LLVM pointer type");
  return success();
}
