//===- DeviceMappingInterface.h - Device mapping attribute interfaces -----===//
//
// MLIR's DeviceMappingAttrInterface and DeviceMaskingAttrInterface
// (mlir/Dialect/SCF/IR/DeviceMappingInterface.td): attributes that map the
// iterations of an `scf.forall` to a device's processors (`#gpu.thread<x>`,
// `#gpu.block<y>`...) or mask them (`#gpu.mask<...>`). Lamina declares them
// (no method is used yet) so that scf.forall's `mapping` constraint and the
// dialects whose attributes implement them agree.
//
#pragma once

#include "lamina/IR/TypeAttrInterfaces.h"

namespace lamina {

struct DeviceMappingAttrInterfaceConcept {};
/// An attribute mapping loop iterations to device processors.
class DeviceMappingAttrInterface
    : public AttrInterface<DeviceMappingAttrInterface, DeviceMappingAttrInterfaceConcept> {
public:
  using InterfaceBase::InterfaceBase;
  template <typename ConcreteT> static constexpr DeviceMappingAttrInterfaceConcept model = {};
};

struct DeviceMaskingAttrInterfaceConcept {};
/// An attribute masking the device processors a mapping uses.
class DeviceMaskingAttrInterface
    : public AttrInterface<DeviceMaskingAttrInterface, DeviceMaskingAttrInterfaceConcept> {
public:
  using InterfaceBase::InterfaceBase;
  template <typename ConcreteT> static constexpr DeviceMaskingAttrInterfaceConcept model = {};
};

} // namespace lamina
