//===- BuiltinOps.cpp - builtin.module and unrealized_conversion_cast -----===//
//
// The op classes. The ops are defined (once, with ODS) in
// lib/Dialect/Builtin, a layer above IR; registerAllDialects installs that
// definition through setBuiltinOpsRegistration.
//
#include "lamina/IR/BuiltinOps.h"

#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/OpImplementation.h"

#include "lamina/Support/RawOstream.h"

#include <atomic>
#include <cstdlib>

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

static std::atomic<void (*)(BuiltinDialect &)> registrationHook{nullptr};

void lamina::setBuiltinOpsRegistration(void (*registerFn)(BuiltinDialect &dialect)) { registrationHook = registerFn; }

void lamina::registerBuiltinOps(BuiltinDialect &dialect) {
  auto *hook = registrationHook.load();
  if (!hook) {
    errs() << "lamina: the builtin ops are not installed: call registerAllDialects or "
              "installBuiltinOpDefinitions (lamina/InitAllDialects.h) before creating a context\n";
    errs().flush();
    std::abort();
  }
  hook(dialect);
}
