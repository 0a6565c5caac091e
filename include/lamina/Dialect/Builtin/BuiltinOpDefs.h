//===- BuiltinOpDefs.h - ODS definitions of the builtin operations --------===//
//
// builtin.module and builtin.unrealized_conversion_cast, defined once, with
// ODS. The BuiltinDialect lives in the IR layer, below the ODS engine, so it
// registers these through a hook: installBuiltinOpDefinitions() (which
// registerAllDialects calls) installs it, before any context is created.
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
