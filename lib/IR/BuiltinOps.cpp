//===- BuiltinOps.cpp - builtin.module and unrealized_conversion_cast -----===//
#include "lamina/IR/BuiltinOps.h"

#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/OpImplementation.h"

using namespace lamina;

//===----------------------------------------------------------------------===//
// ModuleOp
//===----------------------------------------------------------------------===//

void ModuleOp::build(OpBuilder &builder, OperationState &state, std::optional<std::string_view> name) {
  state.addRegion()->emplaceBlock();
  if (name)
    state.addAttribute("sym_name", builder.getStringAttr(*name));
}

ModuleOp ModuleOp::create(Location loc, std::optional<std::string_view> name) {
  OpBuilder builder(loc.getContext());
  OperationState state(loc, getOperationName());
  build(builder, state, name);
  return ModuleOp(Operation::create(state));
}

std::optional<std::string_view> ModuleOp::getName() const {
  if (auto s = getSymNameAttr())
    return s.getValue();
  return std::nullopt;
}

StringAttr ModuleOp::getSymNameAttr() const { return dyn_cast_or_null<StringAttr>(state->getAttr("sym_name")); }

static LogicalResult verifyModule(Operation *op) {
  if (op->getNumOperands() || op->getNumResults())
    return op->emitOpError() << "requires zero operands and results";
  if (op->getNumRegions() != 1)
    return op->emitOpError() << "requires one region";
  Region &body = op->getRegion(0);
  if (!body.empty() && !body.hasOneBlock())
    return op->emitOpError() << "expects region #0 to have 0 or 1 blocks";
  if (!body.empty() && body.front().getNumArguments() != 0)
    return op->emitOpError() << "expected body to have no arguments";
  // Discardable attributes must be dialect-prefixed.
  for (const NamedAttribute &attr : op->getAttrs()) {
    std::string_view name = attr.getNameStr();
    if (name.find('.') == std::string_view::npos && name != "sym_name" && name != "sym_visibility")
      return op->emitOpError() << "can only contain attributes with dialect-prefixed names, found: '" << name << "'";
  }
  return success();
}

static LogicalResult verifyCast(Operation *) { return success(); }

void lamina::registerBuiltinOps(BuiltinDialect &dialect) {
  {
    OperationInfo info;
    info.verifyInvariants = verifyModule;
    auto *impl = OperationName::insert(ModuleOp::getOperationName(), dialect, TypeID::get<ModuleOp>(), info,
                                       {"sym_name", "sym_visibility"});
    impl->traits.insert(TypeID::get<OpTrait::IsIsolatedFromAbove>());
    impl->traits.insert(TypeID::get<OpTrait::NoTerminator>());
    impl->traits.insert(TypeID::get<OpTrait::SingleBlock>());
    impl->traits.insert(TypeID::get<OpTrait::SymbolTable>());
    impl->traits.insert(TypeID::get<OpTrait::AffineScope>());
    impl->traits.insert(TypeID::get<OpTrait::ZeroOperands>());
    impl->traits.insert(TypeID::get<OpTrait::ZeroResults>());
    impl->traits.insert(TypeID::get<OpTrait::ZeroSuccessors>());
  }
  {
    OperationInfo info;
    info.verifyInvariants = verifyCast;
    auto *impl = OperationName::insert(UnrealizedConversionCastOp::getOperationName(), dialect,
                                       TypeID::get<UnrealizedConversionCastOp>(), info, {});
    impl->traits.insert(TypeID::get<OpTrait::ZeroRegions>());
    impl->traits.insert(TypeID::get<OpTrait::ZeroSuccessors>());
  }
}
