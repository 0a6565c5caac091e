//===- Directives.h - Custom directives shared by several dialects --------===//
#pragma once

#include "lamina/ODS/OpDef.h"

namespace lamina {
namespace ods {

/// `custom<DynamicIndexList>($values, $static_values)` (ViewLikeInterface's
/// parseDynamicIndexList/printDynamicIndexList): `[%a, 4, %b]`.
CustomDirective dynamicIndexListDirective();

} // namespace ods
} // namespace lamina
