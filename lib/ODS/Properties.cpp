//===- Properties.cpp - UnitProp and OptionalProp<I64Prop> ----------------===//
#include "lamina/ODS/Properties.h"

#include "PropertyKind.h"

#include "lamina/IR/Builders.h"

using namespace lamina;
using namespace lamina::ods;

namespace {
/// The descriptions of the two kinds: compared by address.
const PropertyInfo unitPropInfo{nullptr, "UnitProp"};
const PropertyInfo optionalI64PropInfo{nullptr, "OptionalProp<I64Prop>"};
} // namespace

PropertyKind ods::getPropertyKind(const PropertyInfo &info) {
  if (&info == &unitPropInfo)
    return PropertyKind::Unit;
  if (&info == &optionalI64PropInfo)
    return PropertyKind::OptionalI64;
  return PropertyKind::Enum;
}

AttrConstraint ods::UnitProp() {
  AttrConstraint c("unit property", nullptr);
  c.property = &unitPropInfo;
  c.isUnit = true;
  c.constBuilder = [](MLIRContext *ctx, std::string_view v) -> Attribute {
    if (v == "true")
      return lamina::UnitAttr::get(ctx);
    return Builder(ctx).getBoolAttr(false);
  };
  return c;
}

AttrConstraint ods::OptionalI64Prop() {
  AttrConstraint c("optional int64_t property", nullptr);
  c.property = &optionalI64PropInfo;
  // Only `std::nullopt` is a default MLIR's records use.
  c.constBuilder = [](MLIRContext *ctx, std::string_view) -> Attribute { return lamina::ArrayAttr::get(ctx, {}); };
  return c;
}
