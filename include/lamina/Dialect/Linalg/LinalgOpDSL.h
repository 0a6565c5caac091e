//===- LinalgOpDSL.h - The named structured ops' definitions as data ------===//
//
// MLIR defines the bodies, indexing maps and iterator types of linalg's named
// structured ops (linalg.copy, linalg.conv_2d_nhwc_hwcf, linalg.fill, ...) in
// OpDSL. The importer (utils/import-ods.py, utils/linalg_opdsl.py) turns
// those definitions into the table below (LinalgNamedOps.gen.cpp); the
// region builder and the LinalgOp interface of these ops interpret it.
//
#pragma once

#include "lamina/Support/ArrayRef.h"

#include <cstdint>
#include <string_view>

namespace lamina {
namespace linalg {
namespace opdsl {

/// A value a step reads: a block argument, or the result of an earlier
/// step (numbered from 1, as the generated code numbers `value1`...).
struct Ref {
  enum Kind : uint8_t { Arg, Value };
  Kind kind;
  uint8_t index;
};

/// The target type of a type conversion.
struct TypeRef {
  enum Kind : uint8_t { ArgType, Integer, Float };
  Kind kind;
  /// Block argument number (ArgType) or bit width (Integer, Float).
  uint16_t value;
};

enum class StepKind : uint8_t { Unary, Binary, Ternary, Type, Constant, Index };

/// One operation of a region builder.
struct Step {
  StepKind kind;
  /// The UnaryFn/BinaryFn/TernaryFn/TypeFn case (the default when `attr`
  /// names an attribute that may choose another).
  uint8_t fn;
  /// The op attribute (e.g. "cast") holding the function, or null.
  const char *attr;
  /// Type conversions: the target type.
  TypeRef type;
  Ref operands[3];
  uint8_t numOperands;
  /// Constant: the attribute's text ("12345 : i64").
  const char *constant;
  /// Index: the loop dimension.
  int64_t dim;
};

/// A symbol of the indexing maps: kept (null attr) or bound to element
/// `index` of an index attribute (`strides`, `dilations`; 1 if absent).
struct SymbolBinding {
  const char *attr;
  uint8_t index;
};

/// An index attribute the op checks (an i64 elements attribute of `size`
/// elements when present).
struct IndexAttr {
  const char *name;
  int64_t size;
};

struct NamedOpSpec {
  std::string_view name;
  unsigned numRegionArgs;
  /// Elementwise ops of any rank: all-parallel iterators, one per dimension
  /// of the first init, and identity maps (scalar maps for rank-0 operands).
  bool rankPolymorphic;
  /// Otherwise: one letter per loop ('p'arallel, 'r'eduction, 'w'indow).
  std::string_view iteratorTypes;
  ArrayRef<const char *> maps;
  unsigned numDims;
  ArrayRef<SymbolBinding> symbols;
  /// The maps are cached on the op (`linalg.memoized_indexing_maps`) once
  /// computed, as MLIR does.
  bool memoize;
  /// hasDynamicIndexingMaps: the maps depend on index attributes, which
  /// are verified first.
  bool dynamicMaps;
  ArrayRef<IndexAttr> indexAttrs;
  ArrayRef<Step> steps;
  ArrayRef<Ref> yields;
};

/// Every named op's definition (generated).
ArrayRef<NamedOpSpec> getNamedOpSpecs();
/// The definition of named op `name` ("linalg.matvec"), or null.
const NamedOpSpec *lookupNamedOpSpec(std::string_view name);

} // namespace opdsl
} // namespace linalg
} // namespace lamina
