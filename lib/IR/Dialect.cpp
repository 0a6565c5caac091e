//===- Dialect.cpp - Namespaced groups of ops, types and attributes -------===//
#include "lamina/IR/Dialect.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpImplementation.h"

using namespace lamina;

Dialect::Dialect(std::string_view name, MLIRContext *context, TypeID id)
    : name(name), context(context), dialectID(id) {}

Dialect::~Dialect() = default;

Attribute Dialect::parseAttribute(DialectAsmParser &parser, Type) const {
  parser.emitError(parser.getNameLoc()) << "dialect '" << getNamespace()
                                        << "' provides no attribute parsing hook";
  return Attribute();
}

void Dialect::printAttribute(Attribute, DialectAsmPrinter &) const {
  assert(false && "dialect has no registered attribute printing hook");
}

Type Dialect::parseType(DialectAsmParser &parser) const {
  // Unknown types of a dialect that allows them are kept opaque by the parser.
  parser.emitError(parser.getNameLoc()) << "dialect '" << getNamespace() << "' provides no type parsing hook";
  return Type();
}

void Dialect::printType(Type, DialectAsmPrinter &) const {
  assert(false && "dialect has no registered type printing hook");
}

LogicalResult Dialect::verifyOperationAttribute(Operation *, NamedAttribute) { return success(); }
LogicalResult Dialect::verifyRegionArgAttribute(Operation *, unsigned, unsigned, NamedAttribute) {
  return success();
}
LogicalResult Dialect::verifyRegionResultAttribute(Operation *, unsigned, unsigned, NamedAttribute) {
  return success();
}

AliasResult Dialect::getAlias(Attribute, raw_ostream &) const { return AliasResult::NoAlias; }
AliasResult Dialect::getAlias(Type, raw_ostream &) const { return AliasResult::NoAlias; }

const void *Dialect::declareResource(std::string_view) const { return nullptr; }
std::string_view Dialect::getResourceKey(const void *) const { return {}; }
LogicalResult Dialect::parseResource(DialectResourceEntry &) const { return failure(); }
void Dialect::buildResources(ArrayRef<const void *>, DialectResourceBuilder &) const {}

void Dialect::addInterface(TypeID id, std::unique_ptr<void, void (*)(void *)> iface) {
  interfaces.insert(id, iface.get());
  ownedInterfaces.push_back(std::move(iface));
}

//===----------------------------------------------------------------------===//
// Folding and canonicalization hooks
//===----------------------------------------------------------------------===//

Operation *Dialect::materializeConstant(OpBuilder &, Attribute, Type, Location) { return nullptr; }

void Dialect::getCanonicalizationPatterns(RewritePatternSet &) const {}

bool Dialect::shouldMaterializeInto(Region *) const { return false; }
