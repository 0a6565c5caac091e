//===- BuiltinOpDefs.h - ODS definitions of the builtin operations --------===//
//
// builtin.module and builtin.unrealized_conversion_cast with their custom
// assembly forms and generated verifiers. The IR layer registers a minimal
// version of these ops (no custom syntax) because it cannot depend on the
// ODS engine; tools call installBuiltinOpDefinitions() once, before creating
// contexts, to get the full definitions in every BuiltinDialect.
//
#pragma once

namespace lamina {

class BuiltinDialect;

/// Registers the ODS definitions of the builtin ops in `dialect`.
void registerBuiltinOpDefinitions(BuiltinDialect &dialect);

/// Makes every BuiltinDialect created from now on use
/// registerBuiltinOpDefinitions.
void installBuiltinOpDefinitions();

} // namespace lamina
