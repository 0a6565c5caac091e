//===- BuiltinOps.cpp - builtin.module and unrealized_conversion_cast -----===//
//
// The op classes, and the IR layer's fallback registration (generic syntax
// only). Tools install the ODS definitions (custom syntax, generated
// verifiers) through setBuiltinOpsRegistration.
//
#include "lamina/IR/BuiltinOps.h"

#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/OpImplementation.h"

#include <atomic>
#include "lamina/IR/OpTraitVerifiers.h"
#include "lamina/IR/SymbolTable.h"

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

/// The traits of builtin.module in MLIR's order, its ODS invariants, the
/// Symbol interface (optional symbol) and ModuleOp::verify.
static LogicalResult verifyModule(Operation *op) {
  using namespace OpTrait::impl;
  if (failed(verifyOneRegion(op)) || failed(verifyZeroResults(op)) || failed(verifyZeroSuccessors(op)) ||
      failed(verifyZeroOperands(op)) || failed(verifyNoRegionArguments(op)) ||
      failed(verifySingleBlock(op, /*hasNoTerminator=*/true)))
    return failure();
  for (std::string_view name : {SymbolTable::getSymbolAttrName(), SymbolTable::getVisibilityAttrName()}) {
    Attribute attr = op->getAttr(name);
    if (attr && !isa<StringAttr>(attr))
      return op->emitOpError() << "attribute '" << name << "' failed to satisfy constraint: string attribute";
  }
  if (!op->getRegion(0).hasOneBlock())
    return op->emitOpError() << "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks";
  if (failed(verifySymbolOpInterface(op, /*isOptionalSymbol=*/true, /*isDeclaration=*/false)))
    return failure();
  // Discardable attributes must be dialect-prefixed.
  for (const NamedAttribute &attr : op->getAttrs()) {
    std::string_view name = attr.getNameStr();
    if (name.find('.') == std::string_view::npos && name != SymbolTable::getSymbolAttrName() &&
        name != SymbolTable::getVisibilityAttrName())
      return op->emitOpError() << "can only contain attributes with dialect-prefixed names, found: '" << name << "'";
  }
  return success();
}

/// The region traits of builtin.module: IsolatedFromAbove, SymbolTable.
static LogicalResult verifyModuleRegions(Operation *op) {
  if (failed(OpTrait::impl::verifyIsIsolatedFromAbove(op)) || failed(OpTrait::impl::verifySymbolTable(op)))
    return failure();
  return success();
}

static LogicalResult verifyCast(Operation *op) {
  if (failed(OpTrait::impl::verifyZeroRegions(op)) || failed(OpTrait::impl::verifyZeroSuccessors(op)))
    return failure();
  if (op->getNumResults() == 0)
    return op->emitOpError() << "expected at least one result for cast operation";
  return success();
}

static std::atomic<void (*)(BuiltinDialect &)> registrationHook{nullptr};

void lamina::setBuiltinOpsRegistration(void (*registerFn)(BuiltinDialect &dialect)) { registrationHook = registerFn; }

void lamina::registerBuiltinOps(BuiltinDialect &dialect) {
  if (auto *hook = registrationHook.load()) {
    hook(dialect);
    return;
  }
  {
    OperationInfo info;
    info.verifyInvariants = verifyModule;
    info.verifyRegionInvariants = verifyModuleRegions;
    auto *impl = OperationName::insert(ModuleOp::getOperationName(), dialect, TypeID::get<ModuleOp>(), info,
                                       {"sym_name", "sym_visibility"});
    impl->traits.insert(TypeID::get<OpTrait::IsIsolatedFromAbove>());
    impl->traits.insert(TypeID::get<OpTrait::NoTerminator>());
    impl->traits.insert(TypeID::get<OpTrait::SingleBlock>());
    impl->traits.insert(TypeID::get<OpTrait::SymbolTable>());
    impl->traits.insert(TypeID::get<OpTrait::HasOnlyGraphRegion>());
    impl->traits.insert(TypeID::get<OpTrait::NoRegionArguments>());
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
