//===- ArithDialect.h - The arith dialect: integer and float arithmetic ---===//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Op.h"
#include "lamina/ODS/AttrTypeDef.h"

#include <cstdint>

namespace lamina {

/// `arith`: constants, integer and float arithmetic, comparisons, casts and
/// select (mlir/Dialect/Arith/IR/ArithOps.td as of LLVM 22), with the
/// `#arith.fastmath<...>` and `#arith.overflow<...>` attributes.
class ArithDialect : public Dialect {
public:
  explicit ArithDialect(MLIRContext *ctx);
  ~ArithDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "arith"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  /// `arith.constant` for integer, float and elements attributes of `type`.
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;

private:
  ods::DialectAttrTypes attrTypes;
};

namespace arith {

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

/// FastMathFlags (a bit enum; `fast` is every bit).
enum class FastMathFlags : uint32_t {
  none = 0,
  reassoc = 1,
  nnan = 2,
  ninf = 4,
  nsz = 8,
  arcp = 16,
  contract = 32,
  afn = 64,
  fast = 127,
};

/// IntegerOverflowFlags (a bit enum).
enum class IntegerOverflowFlags : uint32_t { none = 0, nsw = 1, nuw = 2 };

/// CmpIPredicate: the values stored in `arith.cmpi`'s `predicate`.
enum class CmpIPredicate : uint64_t { eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge };

/// CmpFPredicate: the values stored in `arith.cmpf`'s `predicate`.
enum class CmpFPredicate : uint64_t {
  AlwaysFalse, OEQ, OGT, OGE, OLT, OLE, ONE, ORD, UEQ, UGT, UGE, ULT, ULE, UNE, UNO, AlwaysTrue
};

/// RoundingMode: the values stored in `roundingmode` (an i32 attribute).
enum class RoundingMode : uint32_t { to_nearest_even, downward, upward, toward_zero, to_nearest_away };

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// `#arith.fastmath<nnan,ninf>`.
class FastMathFlagsAttr
    : public Attribute::AttrBase<FastMathFlagsAttr, Attribute, ods::AttrParamStorage<FastMathFlags>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "arith.fastmath";
  static FastMathFlagsAttr get(MLIRContext *ctx, FastMathFlags flags) { return Base::get(ctx, flags); }
  FastMathFlags getValue() const { return std::get<0>(getImpl()->params); }
};

/// `#arith.overflow<nsw, nuw>`.
class IntegerOverflowFlagsAttr
    : public Attribute::AttrBase<IntegerOverflowFlagsAttr, Attribute, ods::AttrParamStorage<IntegerOverflowFlags>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "arith.overflow";
  static IntegerOverflowFlagsAttr get(MLIRContext *ctx, IntegerOverflowFlags flags) { return Base::get(ctx, flags); }
  IntegerOverflowFlags getValue() const { return std::get<0>(getImpl()->params); }
};

//===----------------------------------------------------------------------===//
// Ops (only those other dialects refer to have a class)
//===----------------------------------------------------------------------===//

/// `%c0 = arith.constant 0 : index`.
class ConstantOp : public Op<ConstantOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "arith.constant"; }
  TypedAttr getValue() const;
};

/// `%r = arith.cmpi slt, %a, %b : i32`.
class CmpIOp : public Op<CmpIOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "arith.cmpi"; }
  CmpIPredicate getPredicate() const;
};

/// `%r = arith.cmpf olt, %a, %b : f32`.
class CmpFOp : public Op<CmpFOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "arith.cmpf"; }
  CmpFPredicate getPredicate() const;
};

/// `%r = arith.select %cond, %a, %b : i32`.
class SelectOp : public Op<SelectOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "arith.select"; }
};

/// Registers the arith op definitions in `dialect` (ArithOps.cpp).
void registerArithOps(ArithDialect &dialect);
/// Attaches the ops' folders (ArithFolders.cpp) and canonicalization
/// patterns (ArithCanonicalization.cpp).
void registerArithFolders(ArithDialect &dialect);
void registerArithCanonicalization(ArithDialect &dialect);
/// Attaches InferIntRangeInterface to the integer ops (ArithIntRange.cpp).
void registerArithIntRangeInference(ArithDialect &dialect);
/// Creates `arith.constant` with `value` at the builder's insertion point.
Operation *createConstant(OpBuilder &builder, Location loc, TypedAttr value);

/// The shared enum descriptions (ArithDialect.cpp).
const ods::EnumInfo &getFastMathFlagsInfo();
const ods::EnumInfo &getIntegerOverflowFlagsInfo();
const ods::EnumInfo &getCmpIPredicateInfo();
const ods::EnumInfo &getCmpFPredicateInfo();
const ods::EnumInfo &getRoundingModeInfo();

} // namespace arith
} // namespace lamina
