//===- DialectShapedType.h - ShapedTypeInterface on dialect types ---------===//
//
// MLIR's ShapedTypeInterface as implemented by a dialect's own types
// (`!amx.tile`, `!xegpu.tensor_desc`, `!xegpu.mem_desc`): their shape and
// element type, for the ODS traits that compare them (AllElementTypesMatch,
// AllShapesMatch, AllRanksMatch). Lamina's ShapedType stays the closed set
// of builtin shaped types. The importer lists `ods::DialectShapedType::Trait`
// among the traits of a TypeDef that declares ShapedTypeInterface.
//
#pragma once

#include "lamina/IR/TypeAttrInterfaces.h"
#include "lamina/IR/Types.h"
#include "lamina/Support/ArrayRef.h"

namespace lamina {
namespace ods {

struct DialectShapedTypeConcept {
  Type (*getElementType)(Type);
  ArrayRef<int64_t> (*getShape)(Type);
};

/// A dialect type with a shape and an element type.
class DialectShapedType : public TypeInterface<DialectShapedType, DialectShapedTypeConcept> {
public:
  using InterfaceBase::InterfaceBase;
  Type getElementType() const { return getImpl()->getElementType(*this); }
  ArrayRef<int64_t> getShape() const { return getImpl()->getShape(*this); }
  template <typename ConcreteT>
  static constexpr DialectShapedTypeConcept model = {
      [](Type t) { return Type(cast<ConcreteT>(t).getElementType()); },
      [](Type t) { return ArrayRef<int64_t>(cast<ConcreteT>(t).getShape()); }};
};

/// A builtin or dialect shaped type seen through MLIR's ShapedType API: what
/// a dialect's predicates reach with `cast<ShapedType>(...)` on its own types
/// (rewritten to `ods::asShaped(...)` by the dialect's importer entry).
class ShapedView {
public:
  Type getElementType() const { return elementType; }
  ArrayRef<int64_t> getShape() const { return shape; }
  bool hasRank() const { return ranked; }
  int64_t getRank() const { return int64_t(shape.size()); }
  int64_t getDimSize(unsigned i) const { return i < shape.size() ? shape[i] : 0; }
  bool hasStaticShape() const;
  /// The product of the dimensions (wrapping as ShapedType::getNumElements).
  int64_t getNumElements() const;
  /// The element bit width (0 for an element that is not an integer or float).
  unsigned getElementTypeBitWidth() const;

private:
  friend ShapedView asShaped(Type type);
  Type elementType;
  ArrayRef<int64_t> shape;
  bool ranked = false;
};

/// `cast<ShapedType>(type)` for builtin and dialect shaped types (an empty
/// view for other types).
ShapedView asShaped(Type type);

} // namespace ods
} // namespace lamina
