//===- BuiltinOps.h - builtin.module and builtin.unrealized_conversion_cast ===//
#pragma once

#include "lamina/IR/Op.h"

#include <optional>

namespace lamina {

/// `module @name attributes {...} { ... }`: the top-level container; a
/// symbol table with one block and no terminator.
class ModuleOp : public Op<ModuleOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "builtin.module"; }
  static void build(OpBuilder &builder, OperationState &state, std::optional<std::string_view> name = std::nullopt);
  /// Creates a detached module with an empty body block.
  static ModuleOp create(Location loc, std::optional<std::string_view> name = std::nullopt);

  Block *getBody() const { return &state->getRegion(0).front(); }
  Region &getBodyRegion() const { return state->getRegion(0); }
  std::optional<std::string_view> getName() const;
  StringAttr getSymNameAttr() const;
  void push_back(Operation *op) { getBody()->push_back(op); }
  Block::iterator begin() const { return getBody()->begin(); }
  Block::iterator end() const { return getBody()->end(); }
};

/// `builtin.unrealized_conversion_cast`.
class UnrealizedConversionCastOp : public Op<UnrealizedConversionCastOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "builtin.unrealized_conversion_cast"; }
};

class BuiltinDialect;

/// Installs the function every BuiltinDialect created from now on calls to
/// register builtin.module and builtin.unrealized_conversion_cast. The ops
/// are defined with ODS, a layer above IR: registerAllDialects
/// (lamina/InitAllDialects.h) installs that definition. Creating a context
/// before any is installed is a fatal error.
void setBuiltinOpsRegistration(void (*registerFn)(BuiltinDialect &dialect));

} // namespace lamina
