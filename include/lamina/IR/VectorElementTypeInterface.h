//===- VectorElementTypeInterface.h - Dialect types allowed in vectors ----===//
//
// MLIR's VectorElementTypeInterface (mlir/IR/BuiltinTypeInterfaces.td), a
// marker without methods: the builtin integer, index and float types are
// vector elements by themselves (VectorType::isValidElementType); a dialect
// type is one when it lists `VectorElementTypeInterface::Trait` among its
// traits (the importer adds it for the TypeDefs that declare the interface:
// `!llvm.ptr`, `!ptr.ptr`).
//
#pragma once

#include "lamina/IR/TypeAttrInterfaces.h"

namespace lamina {

struct VectorElementTypeInterfaceConcept {};

/// A dialect type that vectors may hold.
class VectorElementTypeInterface
    : public TypeInterface<VectorElementTypeInterface, VectorElementTypeInterfaceConcept> {
public:
  using InterfaceBase::InterfaceBase;
  template <typename ConcreteT> static constexpr VectorElementTypeInterfaceConcept model = {};
};

} // namespace lamina
