//===- AffineMemoryOpInterfaces.h - Affine loads, stores and map access ---===//
//
// AffineMemoryOpInterfaces.td: affine reads (affine.load,
// affine.vector_load), affine writes (affine.store, affine.vector_store), and
// ops that dereference memrefs through affine maps (AffineMapAccessInterface:
// the map attribute used for a given memref operand).
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/OpInterface.h"

namespace lamina {
namespace affine {

struct AffineReadOpInterfaceConcept {
  Value (*getMemRef)(Operation *op) = nullptr;
  /// The affine map indexing the memref.
  AffineMap (*getAffineMap)(Operation *op) = nullptr;
  /// The operands of the map (the indices).
  OperandRange (*getMapOperands)(Operation *op) = nullptr;
  /// The value read (default: the first result).
  Value (*getValue)(Operation *op) = nullptr;
};

/// An affine read (affine.load, affine.vector_load).
class AffineReadOpInterface : public OpInterface<AffineReadOpInterface, AffineReadOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "AffineReadOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getMemRef)
      return "getMemRef";
    if (!c.getAffineMap)
      return "getAffineMap";
    if (!c.getMapOperands)
      return "getMapOperands";
    return c.getValue ? "" : "getValue";
  }
  Value getMemRef() const { return getImpl()->getMemRef(getOperation()); }
  MemRefType getMemRefType() const { return cast<MemRefType>(getMemRef().getType()); }
  OperandRange getMapOperands() const { return getImpl()->getMapOperands(getOperation()); }
  AffineMap getAffineMap() const { return getImpl()->getAffineMap(getOperation()); }
  Value getValue() const { return getImpl()->getValue(getOperation()); }
};

struct AffineWriteOpInterfaceConcept {
  Value (*getMemRef)(Operation *op) = nullptr;
  AffineMap (*getAffineMap)(Operation *op) = nullptr;
  OperandRange (*getMapOperands)(Operation *op) = nullptr;
  /// The value written.
  Value (*getValueToStore)(Operation *op) = nullptr;
};

/// An affine write (affine.store, affine.vector_store).
class AffineWriteOpInterface : public OpInterface<AffineWriteOpInterface, AffineWriteOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "AffineWriteOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getMemRef)
      return "getMemRef";
    if (!c.getAffineMap)
      return "getAffineMap";
    if (!c.getMapOperands)
      return "getMapOperands";
    return c.getValueToStore ? "" : "getValueToStore";
  }
  Value getMemRef() const { return getImpl()->getMemRef(getOperation()); }
  MemRefType getMemRefType() const { return cast<MemRefType>(getMemRef().getType()); }
  OperandRange getMapOperands() const { return getImpl()->getMapOperands(getOperation()); }
  AffineMap getAffineMap() const { return getImpl()->getAffineMap(getOperation()); }
  Value getValueToStore() const { return getImpl()->getValueToStore(getOperation()); }
};

struct AffineMapAccessInterfaceConcept {
  /// The map attribute (name and value) used to access `memref`, one of the
  /// op's memref operands.
  NamedAttribute (*getAffineMapAttrForMemRef)(Operation *op, Value memref) = nullptr;
};

/// An op dereferencing memrefs through affine maps.
class AffineMapAccessInterface : public OpInterface<AffineMapAccessInterface, AffineMapAccessInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "AffineMapAccessInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    return c.getAffineMapAttrForMemRef ? "" : "getAffineMapAttrForMemRef";
  }
  NamedAttribute getAffineMapAttrForMemRef(Value memref) const {
    return getImpl()->getAffineMapAttrForMemRef(getOperation(), memref);
  }
};

} // namespace affine
} // namespace lamina
