//===- BuiltinDialect.h - The builtin dialect -----------------------------===//
#pragma once

#include "lamina/IR/Dialect.h"

namespace lamina {

/// Builtin types, attributes, locations and ops. Always loaded.
class BuiltinDialect : public Dialect {
public:
  explicit BuiltinDialect(MLIRContext *ctx);
  ~BuiltinDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "builtin"; }
  static bool classof(const Dialect *d) { return d->getTypeID() == TypeID::get<BuiltinDialect>(); }

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override;
  AliasResult getAlias(Type type, raw_ostream &os) const override;
  bool hasAliasHooks() const override { return true; }
};

/// Registers builtin.module and builtin.unrealized_conversion_cast.
void registerBuiltinOps(BuiltinDialect &dialect);

} // namespace lamina
