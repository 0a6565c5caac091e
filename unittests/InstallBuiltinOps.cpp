//===- InstallBuiltinOps.cpp - Builtin ops for the unit tests' contexts ---===//
//
// The builtin ops are defined with ODS, above the IR layer; a context can
// only be created once their definition is installed. Linked into every
// unit test that creates contexts.
//
#include "lamina/Dialect/Builtin/BuiltinOpDefs.h"

namespace {
[[maybe_unused]] const bool installed = (lamina::installBuiltinOpDefinitions(), true);
} // namespace
