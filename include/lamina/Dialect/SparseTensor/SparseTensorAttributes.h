//===- SparseTensorAttributes.h - #sparse_tensor.encoding and level types -===//
//
// Hand-written as in MLIR (SparseTensorAttrDefs.td declares the class with a
// custom syntax; Enums.h the level types): the level type of each storage
// level (a format such as `compressed` plus properties such as `nonunique`),
// and the encoding attribute `#sparse_tensor.encoding<{ map = ..., ... }>`
// whose dimension-to-level map is parsed and printed as MLIR's
// DimLvlMapParser does. Included by the generated SparseTensorOps.gen.h.
//
#pragma once

#include "lamina/IR/AffineMap.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/TensorEncoding.h"
#include "lamina/ODS/AttrTypeDef.h"

#include <cstdint>
#include <string>

namespace lamina {
class AsmParser;
class AsmPrinter;

namespace sparse_tensor {
class SparseTensorDimSliceAttr;

//===----------------------------------------------------------------------===//
// Level types
//===----------------------------------------------------------------------===//

/// The storage format of a level (the high bits of a LevelType).
enum class LevelFormat : uint64_t {
  Undef = 0x00000000,
  Dense = 0x00010000,
  Batch = 0x00020000,
  Compressed = 0x00040000,
  Singleton = 0x00080000,
  LooseCompressed = 0x00100000,
  NOutOfM = 0x00200000,
};

/// The non-default properties of a level (the low bits of a LevelType).
enum class LevelPropNonDefault : uint64_t {
  Nonunique = 0x0001,
  Nonordered = 0x0002,
  SoA = 0x0004,
};

/// A level's format, properties and, for `structured[n, m]`, n and m
/// (bits 32..39 and 40..47), as MLIR's LevelType.
class LevelType {
public:
  constexpr LevelType() = default;
  constexpr LevelType(uint64_t bits) : bits(bits) {}
  constexpr LevelType(LevelFormat f) : bits(uint64_t(f)) {}
  constexpr operator uint64_t() const { return bits; }

  LevelFormat getLvlFmt() const { return LevelFormat(bits & 0xffff0000); }
  bool isa(LevelFormat f) const { return getLvlFmt() == f; }
  bool isa(LevelPropNonDefault p) const { return bits & uint64_t(p); }
  unsigned getN() const { return unsigned((bits >> 32) & 0xff); }
  unsigned getM() const { return unsigned((bits >> 40) & 0xff); }
  bool isUnique() const { return !isa(LevelPropNonDefault::Nonunique); }
  bool isOrdered() const { return !isa(LevelPropNonDefault::Nonordered); }
  /// Whether the format admits the properties (MLIR's isValidLT).
  bool isValid() const;
  /// `compressed(nonunique, nonordered)`, `structured[2, 4]`, ...
  std::string toMLIRString() const;

private:
  uint64_t bits = 0;
};

//===----------------------------------------------------------------------===//
// #sparse_tensor.encoding
//===----------------------------------------------------------------------===//

/// `#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed),
/// posWidth = 32, crdWidth = 8, explicitVal = ..., implicitVal = ... }>`
/// (level types, the dim-to-level map and its inverse, the bit widths, the
/// explicit/implicit values and the per-dimension slices). The encoding of
/// sparse tensor types; prints with the alias `#sparse`.
class SparseTensorEncodingAttr
    : public Attribute::AttrBase<SparseTensorEncodingAttr, Attribute,
                                 ods::AttrParamStorage<ArrayRef<uint64_t>, AffineMap, AffineMap, unsigned, unsigned,
                                                       Attribute, Attribute, ArrayRef<Attribute>>,
                                 VerifiableTensorEncoding::Trait> {
public:
  using Base::Base;
  static constexpr std::string_view name = "sparse_tensor.encoding";

  static SparseTensorEncodingAttr get(MLIRContext *ctx, ArrayRef<uint64_t> lvlTypes, AffineMap dimToLvl,
                                      AffineMap lvlToDim, unsigned posWidth, unsigned crdWidth,
                                      Attribute explicitVal, Attribute implicitVal, ArrayRef<Attribute> dimSlices) {
    return Base::get(ctx, lvlTypes, dimToLvl, lvlToDim, posWidth, crdWidth, explicitVal, implicitVal, dimSlices);
  }
  /// MLIR's verifier of the parameters ("unexpected position bitwidth", the
  /// COO segments, batch and n_out_of_m rules, rank agreement).
  static LogicalResult verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<uint64_t> lvlTypes,
                              AffineMap dimToLvl, AffineMap lvlToDim, unsigned posWidth, unsigned crdWidth,
                              Attribute explicitVal, Attribute implicitVal, ArrayRef<Attribute> dimSlices);

  ArrayRef<uint64_t> getLvlTypes() const { return std::get<0>(getImpl()->params); }
  AffineMap getDimToLvl() const { return std::get<1>(getImpl()->params); }
  AffineMap getLvlToDim() const { return std::get<2>(getImpl()->params); }
  unsigned getPosWidth() const { return std::get<3>(getImpl()->params); }
  unsigned getCrdWidth() const { return std::get<4>(getImpl()->params); }
  Attribute getExplicitVal() const { return std::get<5>(getImpl()->params); }
  Attribute getImplicitVal() const { return std::get<6>(getImpl()->params); }
  /// One #sparse_tensor.slice per dimension, or none.
  ArrayRef<Attribute> getDimSlices() const { return std::get<7>(getImpl()->params); }

  uint64_t getLvlRank() const { return getLvlTypes().size(); }
  uint64_t getDimRank() const;
  LevelType getLvlType(uint64_t l) const { return LevelType(getLvlTypes()[l]); }
  bool isSlice() const { return !getDimSlices().empty(); }
  bool isIdentity() const;
  bool isPermutation() const;
  bool isAllDense() const;
  bool isAllOrdered() const;
  /// The leading batch levels.
  uint64_t getBatchLvlRank() const;
  /// The first level of the trailing array-of-structures COO region (the
  /// level rank if there is none).
  uint64_t getAoSCOOStart() const;
  /// The position and coordinate element types (`index` for width 0).
  Type getPosElemType() const;
  Type getCrdElemType() const;
  /// The level sizes of a tensor of this dimension shape.
  std::vector<int64_t> translateShapeToLvl(ArrayRef<int64_t> dimShape) const;

  /// VerifiableTensorEncoding.
  LogicalResult verifyEncoding(ArrayRef<int64_t> shape, Type elementType,
                               function_ref<InFlightDiagnostic()> emitError) const;

  static Attribute parse(AsmParser &parser, Type type);
  void print(AsmPrinter &printer) const;
};

/// The encoding of a sparse tensor type (a ranked tensor or a storage
/// specifier), or null.
SparseTensorEncodingAttr getSparseTensorEncoding(Type type);
/// A ranked tensor whose encoding is a slice.
bool isSparseTensorSlice(Type type);
/// A memref with a strided layout (MLIR's MemRefType::isStrided).
bool isStridedMemRef(Type type);
/// The inverse of a permutation or block-sparse dim-to-level map (null
/// otherwise), as MLIR's inferLvlToDim.
AffineMap inferLvlToDim(AffineMap dimToLvl, MLIRContext *ctx);

} // namespace sparse_tensor
} // namespace lamina
