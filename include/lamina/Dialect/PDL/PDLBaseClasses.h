//===- PDLBaseClasses.h - Hand-written classes of the pdl dialect ---------===//
//
// What MLIR writes by hand in PDLTypes.h and the generated classes
// (PDLOps.gen.h) build on: PDLType, the base of every pdl type.
//
#pragma once

#include "lamina/IR/Types.h"

namespace lamina {
namespace pdl {

/// Any type of the pdl dialect (attribute, operation, type, value, range).
class PDLType : public Type {
public:
  using Type::Type;
  static bool classof(Type type);
};

} // namespace pdl
} // namespace lamina
