//===- BuiltinOpDefs.h - ODS definitions of the builtin operations --------===//
//
// builtin.module and builtin.unrealized_conversion_cast with their custom
// assembly forms and generated verifiers. The IR layer registers a minimal
// version of these ops (no custom syntax) because it cannot depend on the
// ODS engine; tools call installBuiltinOpDefinitions() once, before creating
// contexts, to get the full definitions in every BuiltinDialect.
//
#pragma once

#include "lamina/Support/ArrayRef.h"
#include "lamina/Support/LogicalResult.h"
#include "lamina/Support/SmallVector.h"

namespace lamina {

class Attribute;
class BuiltinDialect;
class OpFoldResult;
class Operation;

/// Registers the ODS definitions of the builtin ops in `dialect`.
void registerBuiltinOpDefinitions(BuiltinDialect &dialect);

/// The folder of builtin.unrealized_conversion_cast (BuiltinFolders.cpp).
LogicalResult foldUnrealizedConversionCast(Operation *op, ArrayRef<Attribute> operands,
                                           SmallVectorImpl<OpFoldResult> &results);

/// Makes every BuiltinDialect created from now on use
/// registerBuiltinOpDefinitions.
void installBuiltinOpDefinitions();

} // namespace lamina
