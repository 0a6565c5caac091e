//===- IRDLLoading.h - Dialects from IRDL definitions ---------------------===//
#pragma once

#include "lamina/Support/LogicalResult.h"

namespace lamina {
class Operation;
namespace irdl {

/// Loads the dialects that the `irdl.dialect` ops nested in `module` define
/// (MLIR's irdl::loadDialects): each becomes a DynamicDialect of the
/// module's context whose operations, types and attributes verify against
/// their IRDL constraints. `module` must have been verified. Reports errors
/// (e.g. "any_of constraints are not in the correct form") and fails.
LogicalResult loadDialects(Operation *module);

} // namespace irdl
} // namespace lamina
