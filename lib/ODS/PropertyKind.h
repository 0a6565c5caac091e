//===- PropertyKind.h - Which Property<> a PropertyInfo describes ---------===//
//
// Private to the ODS engine: the kind of a constraint's PropertyInfo, for
// the places that encode, convert, parse or print properties by kind.
//
#pragma once

#include "lamina/ODS/Constraints.h"

namespace lamina {
namespace ods {

enum class PropertyKind : uint8_t {
  /// EnumProp and NamedEnumPropWithAttrForm (EnumDef.h).
  Enum,
  /// UnitProp (Properties.h).
  Unit,
  /// OptionalProp<I64Prop> (Properties.h).
  OptionalI64,
};

/// The kind of `info` (the descriptions of UnitProp and OptionalI64Prop are
/// unique objects; every other one describes an enum).
PropertyKind getPropertyKind(const PropertyInfo &info);

} // namespace ods
} // namespace lamina
