//===- Properties.h - Property<> kinds beyond enums ------------------------===//
//
// ODS `Property<>`s other than EnumProp (EnumDef.h) that the engine stores in
// a property slot as their generic (attribute) form, as mlir-opt prints them:
//
//   UnitProp               `unit` when set, `false` otherwise; a format spells
//                          it as a UnitAttr anchor; bytecode: a bool
//   OptionalProp<I64Prop>  `[]` or `[N]` (N an i64); a format spells the
//                          integer; bytecode: a bool, then a varint if set
//
// The generic form converts them as MLIR's setPropertiesFromAttr does (`true`
// becomes `unit`, the integer an i64; mlir-opt's messages for the wrong
// forms). Declare them with their default:
//
//   .defaultAttr("volatile_", ods::UnitProp(), "false")
//   .defaultAttr("alignment", ods::OptionalI64Prop(), "std::nullopt")
//
#pragma once

#include "lamina/ODS/Constraints.h"

namespace lamina {
namespace ods {

/// ODS `UnitProp`: a bool property.
AttrConstraint UnitProp();
/// ODS `OptionalProp<I64Prop>`: an optional int64_t property.
AttrConstraint OptionalI64Prop();

} // namespace ods
} // namespace lamina
