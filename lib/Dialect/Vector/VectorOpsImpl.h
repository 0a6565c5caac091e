//===- VectorOpsImpl.h - Shared helpers of the vector dialect -------------===//
#pragma once

#include "lamina/Dialect/Vector/VectorDialect.h"

#include <optional>
#include <string_view>

namespace lamina {
namespace vector {

/// Adds MLIR's VectorInlinerInterface to the dialect (VectorInliner.cpp).
void registerVectorInlinerInterface(VectorDialect &dialect);

namespace detail {

/// The scalable flag of dimension `i` (VectorType keeps no flags when no
/// dimension is scalable).
inline bool isScalableDim(VectorType t, unsigned i) {
  ArrayRef<bool> flags = t.getScalableDims();
  return i < flags.size() && flags[i];
}

inline SmallVector<bool, 4> scalableFlags(VectorType t) {
  SmallVector<bool, 4> flags;
  for (unsigned i = 0, e = unsigned(t.getRank()); i < e; ++i)
    flags.push_back(isScalableDim(t, i));
  return flags;
}

inline unsigned numScalableDims(VectorType t) {
  unsigned n = 0;
  for (bool b : t.getScalableDims())
    n += b;
  return n;
}

inline int64_t numElements(VectorType t) {
  int64_t n = 1;
  for (int64_t d : t.getShape())
    n *= d;
  return n;
}

/// The size in bits of a type for the default data layout.
inline unsigned typeSizeInBits(Type t) {
  if (t.isIndex())
    return 64;
  if (auto v = dyn_cast<VectorType>(t))
    return unsigned(numElements(v)) * typeSizeInBits(v.getElementType());
  if (t.isIntOrFloat())
    return t.getIntOrFloatBitWidth();
  if (auto c = dyn_cast<ComplexType>(t))
    return 2 * typeSizeInBits(c.getElementType());
  return 0;
}

/// isSupportedCombiningKind.
inline bool isSupportedCombiningKind(CombiningKind kind, Type elementType) {
  switch (kind) {
  case CombiningKind::ADD:
  case CombiningKind::MUL:
    return elementType.isIntOrIndexOrFloat();
  case CombiningKind::MINUI:
  case CombiningKind::MINSI:
  case CombiningKind::MAXUI:
  case CombiningKind::MAXSI:
  case CombiningKind::AND:
  case CombiningKind::OR:
  case CombiningKind::XOR:
    return elementType.isIntOrIndex();
  case CombiningKind::MINNUMF:
  case CombiningKind::MAXNUMF:
  case CombiningKind::MINIMUMF:
  case CombiningKind::MAXIMUMF:
    return isa<FloatType>(elementType);
  }
  return false;
}

inline std::string stringifyKind(CombiningKind kind) { return getCombiningKindInfo().stringify(uint64_t(kind)); }

constexpr int64_t kPoisonIndex = -1;

inline bool isValidPositiveIndexOrPoison(int64_t index, int64_t poisonValue, int64_t maxIndex) {
  return index == poisonValue || (index >= 0 && index < maxIndex);
}

/// The integers of an array attribute of IntegerAttr.
inline SmallVector<int64_t, 4> intsOf(ArrayAttr attr) {
  SmallVector<int64_t, 4> values;
  if (attr)
    for (Attribute a : attr)
      if (auto i = dyn_cast<IntegerAttr>(a))
        values.push_back(i.getInt());
  return values;
}

/// The maps of an array attribute of AffineMapAttr.
inline SmallVector<AffineMap, 4> mapsOf(ArrayAttr attr) {
  SmallVector<AffineMap, 4> maps;
  if (attr)
    for (Attribute a : attr)
      if (auto m = dyn_cast<AffineMapAttr>(a))
        maps.push_back(m.getValue());
  return maps;
}

/// The static positions of an extract/insert, with each dynamic marker
/// (kDynamic) resolved to a constant when its value is an arith.constant,
/// else left dynamic.
inline SmallVector<std::optional<int64_t>, 4> mixedPositions(ArrayRef<int64_t> staticPos,
                                                         OperandRange dynamicPos) {
  SmallVector<std::optional<int64_t>, 4> result;
  unsigned dyn = 0;
  for (int64_t p : staticPos) {
    if (!ShapedType::isDynamic(p)) {
      result.push_back(p);
      continue;
    }
    std::optional<int64_t> value;
    if (dyn < dynamicPos.size())
      if (Operation *def = dynamicPos[dyn].getDefiningOp())
        if (def->getName().getStringRef() == "arith.constant")
          if (auto i = dyn_cast_or_null<IntegerAttr>(def->getAttr("value")))
            value = i.getInt();
    ++dyn;
    result.push_back(value);
  }
  return result;
}

} // namespace detail
} // namespace vector
} // namespace lamina
