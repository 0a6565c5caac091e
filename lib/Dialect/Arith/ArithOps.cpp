//===- ArithOps.cpp - The arith op definitions ----------------------------===//
//
// Definitions follow mlir/Dialect/Arith/IR/ArithOps.td as of LLVM 22
// (`exact` on divui/divsi/shrui/shrsi, overflow flags on trunci,
// scaling_extf/scaling_truncf; no convertf/flush_denormals yet). Trait lists
// are spelled out in the order ODS flattens them (the op's own traits, then
// the base classes' additions, then Arith_Op's VectorUnrollOpInterface,
// NoMemoryEffect and ElementwiseMappable), since that order is the
// verification order.
//
#include "lamina/Dialect/Arith/ArithDialect.h"

#include "lamina/Dialect/Arith/ArithInterfaces.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/Interfaces/CastInterfaces.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/VectorInterfaces.h"
#include "lamina/ODS/OpDef.h"

#include <string>

using namespace lamina;
using namespace lamina::arith;

//===----------------------------------------------------------------------===//
// Type helpers
//===----------------------------------------------------------------------===//

static Type elementTypeOrSelf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

/// The type of the same shape (scalar, vector or tensor) with i1 elements.
static Type getI1SameShape(Type type) {
  Type i1 = IntegerType::get(type.getContext(), 1);
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(i1);
  return i1;
}

static void i1SameShape(Type in, SmallVectorImpl<Type> &out) { out.assign(1, getI1SameShape(in)); }

/// `pred(t)`, or `pred` of the element type of a vector (any rank) or tensor
/// (ranked or unranked): the `XLike` constraints of CommonTypeConstraints.td.
template <bool (*Pred)(Type)> static bool isLike(Type t) {
  if (Pred(t))
    return true;
  if (isa<VectorType>(t) || isa<TensorType>(t))
    return Pred(cast<ShapedType>(t).getElementType());
  return false;
}

static bool isSignlessIntOrIndexT(Type t) { return t.isSignlessIntOrIndex(); }
static bool isSignlessIntT(Type t) { return t.isSignlessInteger(); }
static bool isFloatT(Type t) { return isa<FloatType>(t); }
static bool isI1T(Type t) { return t.isSignlessInteger(1); }
static bool isSignlessIntOrFloatT(Type t) { return t.isSignlessInteger() || isa<FloatType>(t); }

/// `MemRefOf<[...]>`: a ranked memref whose element type satisfies `pred`.
template <bool (*Pred)(Type)> static bool isMemRefOf(Type t) {
  auto memref = dyn_cast<MemRefType>(t);
  return memref && Pred(memref.getElementType());
}

static ods::TypeConstraint signlessIntegerLike() {
  return ods::TypeOf("signless-integer-like", isLike<isSignlessIntOrIndexT>);
}
static ods::TypeConstraint signlessFixedWidthIntegerLike() {
  return ods::TypeOf("signless-fixed-width-integer-like", isLike<isSignlessIntT>);
}
static ods::TypeConstraint floatLike() { return ods::TypeOf("floating-point-like", isLike<isFloatT>); }
static ods::TypeConstraint boolLike() { return ods::TypeOf("bool-like", isLike<isI1T>); }
static ods::TypeConstraint indexCastType() {
  return ods::TypeOf("signless-integer-like or memref of signless-integer",
                     [](Type t) { return isLike<isSignlessIntOrIndexT>(t) || isMemRefOf<isSignlessIntOrIndexT>(t); });
}
static ods::TypeConstraint bitcastType() {
  return ods::TypeOf("signless-integer-or-float-like or memref of signless-integer or float",
                     [](Type t) { return isLike<isSignlessIntOrFloatT>(t) || isMemRefOf<isSignlessIntOrFloatT>(t); });
}

//===----------------------------------------------------------------------===//
// Attribute constraints
//===----------------------------------------------------------------------===//

static ods::AttrConstraint fastMathAttr() {
  return ods::EnumAttrConstraint<FastMathFlagsAttr>(getFastMathFlagsInfo());
}
static ods::AttrConstraint overflowAttr() {
  return ods::EnumAttrConstraint<IntegerOverflowFlagsAttr>(getIntegerOverflowFlagsInfo());
}

//===----------------------------------------------------------------------===//
// Traits and interfaces
//===----------------------------------------------------------------------===//

/// What Arith_Op appends to every op's traits.
static void addArithOpTraits(ods::OpDef &def) {
  def.traits({ods::Implements<VectorUnrollOpInterface>({}), ods::NoMemoryEffect(), ods::ElementwiseMappable()});
}

static ods::Trait fastMathInterface() { return ods::Implements<ArithFastMathInterface>({}); }
static ods::Trait overflowFlagsInterface() { return ods::Implements<ArithIntegerOverflowFlagsInterface>({}); }
static ods::Trait roundingModeInterface() { return ods::Implements<ArithRoundingModeInterface>({}); }

/// The shape SameInputOutputTensorDims compares: a tensor's shape, nothing
/// for other types. (MLIR reads an unranked tensor's shape through a ranked
/// cast; two unranked tensors of one type then compare equal, any other
/// pairing unequal.)
static bool sameTensorDims(Type a, Type b) {
  bool aUnranked = isa<UnrankedTensorType>(a), bUnranked = isa<UnrankedTensorType>(b);
  if (aUnranked || bUnranked)
    return aUnranked && bUnranked && a == b;
  ArrayRef<int64_t> sa = isa<RankedTensorType>(a) ? cast<RankedTensorType>(a).getShape() : ArrayRef<int64_t>();
  ArrayRef<int64_t> sb = isa<RankedTensorType>(b) ? cast<RankedTensorType>(b).getShape() : ArrayRef<int64_t>();
  return sa.size() == sb.size() && std::equal(sa.begin(), sa.end(), sb.begin());
}

static ods::Trait sameInputOutputTensorDims() {
  return ods::PredOpTrait("input and output have the same tensor dimensions", [](Operation *op) {
    return sameTensorDims(op->getOperand(0).getType(), op->getResult(0).getType());
  });
}

/// CastOpInterface's areCastCompatible(inputs, outputs).
using CastCompatibleFn = bool (*)(TypeRange inputs, TypeRange outputs);

static ods::Trait castOpInterface(CastCompatibleFn compatible) { return ods::Implements<CastOpInterface>({compatible}); }

//===----------------------------------------------------------------------===//
// Cast compatibility (ArithOps.cpp's areCastCompatible helpers)
//===----------------------------------------------------------------------===//

/// MLIR's verifyCompatibleShape(Type, Type).
static bool compatibleShapes(Type a, Type b) {
  auto sa = dyn_cast<ShapedType>(a);
  auto sb = dyn_cast<ShapedType>(b);
  if (!sa)
    return !sb;
  if (!sb)
    return false;
  if (!sa.hasRank() || !sb.hasRank())
    return true;
  ArrayRef<int64_t> x = sa.getShape(), y = sb.getShape();
  if (x.size() != y.size())
    return false;
  for (size_t i = 0; i < x.size(); ++i)
    if (!ShapedType::isDynamic(x[i]) && !ShapedType::isDynamic(y[i]) && x[i] != y[i])
      return false;
  return true;
}

static bool validCastInputsAndOutputs(TypeRange inputs, TypeRange outputs) {
  if (inputs.size() != 1 || outputs.size() != 1)
    return false;
  auto ra = dyn_cast<RankedTensorType>(inputs[0]);
  auto rb = dyn_cast<RankedTensorType>(outputs[0]);
  if (ra && rb && ra.getEncoding() != rb.getEncoding())
    return false;
  return compatibleShapes(inputs[0], outputs[0]);
}

/// The element type (or the type itself) when it is a scalar, vector or
/// tensor (or memref when `allowMemRef`) whose element satisfies `pred`.
static Type underlyingType(Type type, bool allowMemRef, bool (*pred)(Type)) {
  if (isa<ShapedType>(type) && !isa<VectorType>(type) && !isa<TensorType>(type) &&
      !(allowMemRef && isa<MemRefType>(type)))
    return Type();
  Type elem = elementTypeOrSelf(type);
  return pred(elem) ? elem : Type();
}

static bool isIntegerT(Type t) { return isa<IntegerType>(t); }
static bool isIntOrIndexT(Type t) { return isa<IntegerType>(t) || isa<IndexType>(t); }
static bool isIntOrFloatT(Type t) { return isa<IntegerType>(t) || isa<FloatType>(t); }

template <bool Greater, bool (*Pred)(Type)> static bool widthChangeCast(TypeRange inputs, TypeRange outputs) {
  if (!validCastInputsAndOutputs(inputs, outputs))
    return false;
  Type src = underlyingType(inputs[0], false, Pred), dst = underlyingType(outputs[0], false, Pred);
  if (!src || !dst)
    return false;
  unsigned sw = src.getIntOrFloatBitWidth(), dw = dst.getIntOrFloatBitWidth();
  return Greater ? dw > sw : dw < sw;
}

/// scaling_extf/scaling_truncf check only their first operand.
template <bool Greater> static bool scalingCast(TypeRange inputs, TypeRange outputs) {
  if (inputs.size() == 0)
    return false;
  Type first = inputs[0];
  return widthChangeCast<Greater, isFloatT>(TypeRange(first), outputs);
}

template <bool (*From)(Type), bool (*To)(Type)> static bool intFloatCast(TypeRange inputs, TypeRange outputs) {
  if (!validCastInputsAndOutputs(inputs, outputs))
    return false;
  return underlyingType(inputs[0], false, From) && underlyingType(outputs[0], false, To);
}

static bool indexCastCompatible(TypeRange inputs, TypeRange outputs) {
  if (!validCastInputsAndOutputs(inputs, outputs))
    return false;
  Type src = underlyingType(inputs[0], true, isIntOrIndexT), dst = underlyingType(outputs[0], true, isIntOrIndexT);
  if (!src || !dst)
    return false;
  return (src.isIndex() && dst.isSignlessInteger()) || (src.isSignlessInteger() && dst.isIndex());
}

static bool bitcastCompatible(TypeRange inputs, TypeRange outputs) {
  if (!validCastInputsAndOutputs(inputs, outputs))
    return false;
  Type src = underlyingType(inputs[0], true, isIntOrFloatT), dst = underlyingType(outputs[0], true, isIntOrFloatT);
  if (!src || !dst)
    return false;
  return src.getIntOrFloatBitWidth() == dst.getIntOrFloatBitWidth();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

/// Extension ops only widen (verifyExtOp).
static LogicalResult verifyExtOp(Operation *op) {
  Type src = elementTypeOrSelf(op->getOperand(0).getType());
  Type dst = elementTypeOrSelf(op->getResult(0).getType());
  if (src.getIntOrFloatBitWidth() >= dst.getIntOrFloatBitWidth())
    return op->emitError("result type ") << dst << " must be wider than operand type " << src;
  return success();
}

/// Truncation ops only narrow (verifyTruncateOp).
static LogicalResult verifyTruncateOp(Operation *op) {
  Type src = elementTypeOrSelf(op->getOperand(0).getType());
  Type dst = elementTypeOrSelf(op->getResult(0).getType());
  if (src.getIntOrFloatBitWidth() <= dst.getIntOrFloatBitWidth())
    return op->emitError("result type ") << dst << " must be shorter than operand type " << src;
  return success();
}

static LogicalResult verifyConstant(Operation *op) {
  Type type = op->getResult(0).getType();
  if (auto intType = dyn_cast<IntegerType>(type); intType && !intType.isSignless())
    return op->emitOpError("integer return type must be signless");
  Attribute value = ods::getInherentAttr(op, "value");
  if (!isa<IntegerAttr>(value) && !isa<FloatAttr>(value) && !isa<ElementsAttr>(value))
    return op->emitOpError("value must be an integer, float, or elements attribute");
  auto vector = dyn_cast<VectorType>(type);
  if (vector && vector.isScalable() && !(isa<DenseElementsAttr>(value) && cast<DenseElementsAttr>(value).isSplat()))
    return op->emitOpError("intializing scalable vectors with elements attribute is not supported unless it's a "
                           "vector splat");
  return success();
}

/// arith.constant infers its result type from its value (ODS derives it from
/// AllTypesMatch<["value", "result"]> and declares InferTypeOpInterface).
static LogicalResult inferConstant(const ods::InferContext &ctx, SmallVectorImpl<Type> &inferred) {
  auto value = dyn_cast_or_null<TypedAttr>(ctx.getAttr("value"));
  if (!value)
    return failure();
  inferred.push_back(value.getType());
  return success();
}

static LogicalResult verifySelect(Operation *op) {
  Type conditionType = op->getOperand(0).getType();
  if (conditionType.isSignlessInteger(1))
    return success();
  Type resultType = op->getResult(0).getType();
  if (!isa<TensorType>(resultType) && !isa<VectorType>(resultType))
    return op->emitOpError() << "expected condition to be a signless i1, but got " << conditionType;
  Type shapedConditionType = getI1SameShape(resultType);
  if (conditionType != shapedConditionType)
    return op->emitOpError() << "expected condition type to have the same shape as the result type, expected "
                             << shapedConditionType << ", but got " << conditionType;
  return success();
}

/// BooleanConditionOrMatchingShape<"condition", "result">.
static bool selectConditionMatches(Operation *op) {
  Type cond = op->getOperand(0).getType(), result = op->getResult(0).getType();
  if (cond.isSignlessInteger(1))
    return true;
  auto sc = dyn_cast<ShapedType>(cond);
  auto sr = dyn_cast<ShapedType>(result);
  if (!sc || !sr)
    return false;
  if (!sc.hasRank() || !sr.hasRank())
    return !sc.hasRank() && !sr.hasRank();
  ArrayRef<int64_t> a = sc.getShape(), b = sr.getShape();
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

//===----------------------------------------------------------------------===//
// Speculatability (ConditionallySpeculatable)
//===----------------------------------------------------------------------===//

/// The constant integer `value` is known to be (m_Constant of a scalar, or a
/// splat), if any.
static std::optional<APInt> getConstantIntValue(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def || !def->hasTrait<OpTrait::ConstantLike>())
    return std::nullopt;
  Attribute attr = def->getAttr("value");
  if (auto intAttr = dyn_cast_or_null<IntegerAttr>(attr))
    return intAttr.getValue();
  if (auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr))
    if (DenseElementsAttr(dense).isSplat())
      return DenseElementsAttr(dense).getSplatValue<APInt>();
  return std::nullopt;
}

/// X / 0 is undefined behavior.
static Speculation::Speculatability divUISpeculatability(Operation *op) {
  std::optional<APInt> divisor = getConstantIntValue(op->getOperand(1));
  return divisor && !divisor->isZero() ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

/// X / 0 and INT_MIN / -1 are undefined behavior.
static Speculation::Speculatability divSISpeculatability(Operation *op) {
  std::optional<APInt> divisor = getConstantIntValue(op->getOperand(1));
  return divisor && !divisor->isZero() && !divisor->isAllOnes() ? Speculation::Speculatable
                                                                 : Speculation::NotSpeculatable;
}

//===----------------------------------------------------------------------===//
// arith.select (SelectLikeOpInterface)
//===----------------------------------------------------------------------===//

static Value selectFalseValue(Operation *op) { return op->getOperand(2); }
static Value selectTrueValue(Operation *op) { return op->getOperand(1); }
static Value selectCondition(Operation *op) { return op->getOperand(0); }

//===----------------------------------------------------------------------===//
// Result names (OpAsmOpInterface)
//===----------------------------------------------------------------------===//

static void constantResultNames(Operation *op, function_ref<void(Value, std::string_view)> setName) {
  Value result = op->getResult(0);
  Type type = result.getType();
  if (auto intCst = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(op, "value"))) {
    auto intType = dyn_cast<IntegerType>(type);
    if (intType && intType.getWidth() == 1)
      return setName(result, intCst.getValue().isZero() ? "false" : "true");
    std::string name = "c";
    intCst.getValue().toString(name, 10, /*isSigned=*/true);
    if (intType) {
      name += '_';
      name += intType.isSignless() ? "i" : intType.isSigned() ? "si" : "ui";
      name += std::to_string(intType.getWidth());
    }
    return setName(result, name);
  }
  setName(result, "cst");
}

/// `base * vector.vscale` and `vector.vscale * base` on index print as
/// `%c<base>_vscale`.
static void muliResultNames(Operation *op, function_ref<void(Value, std::string_view)> setName) {
  Value result = op->getResult(0);
  if (!isa<IndexType>(result.getType()))
    return;
  auto constantOf = [](Value v) -> IntegerAttr {
    // m_Constant: a constant-like op folds to its `value`.
    Operation *def = v.getDefiningOp();
    if (!def || !def->hasTrait<OpTrait::ConstantLike>())
      return IntegerAttr();
    return dyn_cast_or_null<IntegerAttr>(def->getAttr("value"));
  };
  auto isVscale = [](Value v) {
    Operation *def = v.getDefiningOp();
    return def && def->getName().getStringRef() == "vector.vscale";
  };
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  IntegerAttr base;
  if ((base = constantOf(lhs)) && isVscale(rhs)) {
  } else if ((base = constantOf(rhs)) && isVscale(lhs)) {
  } else {
    return;
  }
  std::string name = "c" + std::to_string(base.getInt()) + "_vscale";
  setName(result, name);
}

//===----------------------------------------------------------------------===//
// arith.select custom syntax
//===----------------------------------------------------------------------===//

static ParseResult parseSelect(OpAsmParser &parser, OperationState &result) {
  Type conditionType, resultType;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  if (parser.parseOperandList(operands, /*requiredOperandCount=*/3) || parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(resultType))
    return failure();
  // An explicit condition type for masks over vectors and tensors.
  if (succeeded(parser.parseOptionalComma())) {
    conditionType = resultType;
    if (parser.parseType(resultType))
      return failure();
  } else {
    conditionType = IntegerType::get(parser.getContext(), 1);
  }
  result.addTypes(ArrayRef<Type>(resultType));
  Type types[] = {conditionType, resultType, resultType};
  return parser.resolveOperands(operands, ArrayRef<Type>(types), parser.getNameLoc(), result.operands);
}

static void printSelect(Operation *op, OpAsmPrinter &p) {
  p << " ";
  p.printOperands(op->getOperands());
  p.printOptionalAttrDict(op->getAttrs());
  p << " : ";
  if (isa<ShapedType>(op->getOperand(0).getType()))
    p << op->getOperand(0).getType() << ", ";
  p << op->getResult(0).getType();
}

//===----------------------------------------------------------------------===//
// Definition helpers for the op families
//===----------------------------------------------------------------------===//

namespace {
/// Builds one op of a family: `extra` are the op's own traits, placed before
/// the traits the base classes add.
struct ArithOps {
  ArithDialect &dialect;

  static std::string name(std::string_view mnemonic) { return "arith." + std::string(mnemonic); }

  /// Arith_IntBinaryOp / Arith_TotalIntBinaryOp (`pure`).
  void intBinary(std::string_view mnemonic, std::initializer_list<ods::Trait> extra, bool pure = true) {
    ods::OpDef def(name(mnemonic));
    def.operand("lhs", signlessIntegerLike()).operand("rhs", signlessIntegerLike()).result("result", signlessIntegerLike());
    def.traits(extra);
    if (pure)
      def.trait(ods::Pure());
    def.trait(ods::SameOperandsAndResultType());
    addArithOpTraits(def);
    def.format("$lhs `,` $rhs attr-dict `:` type($result)");
    def.registerIn(dialect);
  }

  /// Arith_IntBinaryOpWithOverflowFlags.
  void intBinaryOverflow(std::string_view mnemonic, std::initializer_list<ods::Trait> extra) {
    ods::OpDef def(name(mnemonic));
    def.operand("lhs", signlessIntegerLike())
        .operand("rhs", signlessIntegerLike())
        .defaultAttr("overflowFlags", overflowAttr(), "::mlir::arith::IntegerOverflowFlags::none")
        .result("result", signlessIntegerLike());
    def.traits(extra);
    def.traits({ods::Pure(), overflowFlagsInterface(), ods::SameOperandsAndResultType()});
    addArithOpTraits(def);
    def.format("$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)");
    def.registerIn(dialect);
  }

  /// Arith_IntBinaryOpWithExactFlag.
  void intBinaryExact(std::string_view mnemonic, std::initializer_list<ods::Trait> extra) {
    ods::OpDef def(name(mnemonic));
    def.operand("lhs", signlessIntegerLike())
        .operand("rhs", signlessIntegerLike())
        .optionalAttr("isExact", ods::UnitAttr())
        .result("result", signlessIntegerLike());
    def.traits(extra);
    def.trait(ods::SameOperandsAndResultType());
    addArithOpTraits(def);
    def.format("$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)");
    def.registerIn(dialect);
  }

  /// Arith_FloatBinaryOp.
  void floatBinary(std::string_view mnemonic, std::initializer_list<ods::Trait> extra) {
    ods::OpDef def(name(mnemonic));
    def.operand("lhs", floatLike())
        .operand("rhs", floatLike())
        .defaultAttr("fastmath", fastMathAttr(), "::mlir::arith::FastMathFlags::none")
        .result("result", floatLike());
    def.traits({ods::Pure(), fastMathInterface()});
    def.traits(extra);
    def.trait(ods::SameOperandsAndResultType());
    addArithOpTraits(def);
    def.format("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)");
    def.registerIn(dialect);
  }

  /// Arith_FloatUnaryOp.
  void floatUnary(std::string_view mnemonic) {
    ods::OpDef def(name(mnemonic));
    def.operand("operand", floatLike())
        .defaultAttr("fastmath", fastMathAttr(), "::mlir::arith::FastMathFlags::none")
        .result("result", floatLike());
    def.traits({fastMathInterface(), ods::Pure(), ods::SameOperandsAndResultType()});
    addArithOpTraits(def);
    def.format("$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)");
    def.registerIn(dialect);
  }

  /// Arith_CastOp: `extra` then Pure, SameOperandsAndResultShape,
  /// SameInputOutputTensorDims, CastOpInterface.
  void cast(std::string_view mnemonic, ods::TypeConstraint from, ods::TypeConstraint to,
            std::initializer_list<ods::Trait> extra, CastCompatibleFn compatible,
            LogicalResult (*verifier)(Operation *) = nullptr) {
    ods::OpDef def(name(mnemonic));
    def.operand("in", std::move(from)).result("out", std::move(to));
    def.traits(extra);
    def.traits({ods::Pure(), ods::SameOperandsAndResultShape(), sameInputOutputTensorDims(),
                castOpInterface(compatible)});
    addArithOpTraits(def);
    def.format("$in attr-dict `:` type($in) `to` type($out)");
    if (verifier)
      def.verifier(verifier);
    def.registerIn(dialect);
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void arith::registerArithOps(ArithDialect &dialect) {
  ArithOps ops{dialect};
  auto commutative = ods::Commutative;
  auto divUISpeculatable = [] { return ods::Implements<ConditionallySpeculatable>({divUISpeculatability}); };
  auto divSISpeculatable = [] { return ods::Implements<ConditionallySpeculatable>({divSISpeculatability}); };

  ods::OpDef(ConstantOp::getOperationName(), TypeID::get<ConstantOp>())
      .attr("value", ods::TypedAttr())
      .result("result")
      .traits({ods::ConstantLike(), ods::Pure(),
               ods::Implements<OpAsmOpInterface>({.getAsmResultNames = constantResultNames}),
               ods::AllTypesMatch({"value", "result"}), ods::Implements<InferTypeOpInterface>({inferConstant})})
      .format("attr-dict $value")
      .verifier(verifyConstant)
      .registerIn(dialect);

  ops.intBinaryOverflow("addi", {commutative()});

  {
    ods::OpDef def("arith.addui_extended");
    def.operand("lhs", signlessIntegerLike())
        .operand("rhs", signlessIntegerLike())
        .result("sum", signlessIntegerLike())
        .result("overflow", boolLike())
        .traits({ods::Pure(), ods::Commutative(), ods::AllTypesMatch({"lhs", "rhs", "sum"})});
    addArithOpTraits(def);
    def.format("$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)").registerIn(dialect);
  }

  ops.intBinaryOverflow("subi", {});
  ops.intBinaryOverflow("muli",
                        {commutative(), ods::Implements<OpAsmOpInterface>({.getAsmResultNames = muliResultNames})});

  for (std::string_view mnemonic : {"mulsi_extended", "mului_extended"}) {
    ods::OpDef def(ArithOps::name(mnemonic));
    def.operand("lhs", signlessIntegerLike())
        .operand("rhs", signlessIntegerLike())
        .result("low", signlessIntegerLike())
        .result("high", signlessIntegerLike())
        .traits({ods::Pure(), ods::Commutative(), ods::AllTypesMatch({"lhs", "rhs", "low", "high"})});
    addArithOpTraits(def);
    def.format("$lhs `,` $rhs attr-dict `:` type($lhs)").registerIn(dialect);
  }

  ops.intBinaryExact("divui", {divUISpeculatable()});
  ops.intBinaryExact("divsi", {divSISpeculatable()});
  ops.intBinary("ceildivui", {divUISpeculatable()}, /*pure=*/false);
  ops.intBinary("ceildivsi", {divSISpeculatable()}, /*pure=*/false);
  ops.intBinary("floordivsi", {});
  ops.intBinary("remui", {});
  ops.intBinary("remsi", {});
  ops.intBinary("andi", {commutative(), ods::Idempotent()});
  ops.intBinary("ori", {commutative(), ods::Idempotent()});
  ops.intBinary("xori", {commutative()});
  ops.intBinaryOverflow("shli", {});
  ops.intBinaryExact("shrui", {ods::Pure()});
  ops.intBinaryExact("shrsi", {ods::Pure()});
  ops.floatUnary("negf");
  ops.floatBinary("addf", {commutative()});
  ops.floatBinary("subf", {});
  ops.floatBinary("maximumf", {commutative()});
  ops.floatBinary("maxnumf", {commutative()});
  ops.intBinary("maxsi", {commutative()});
  ops.intBinary("maxui", {commutative()});
  ops.floatBinary("minimumf", {commutative()});
  ops.floatBinary("minnumf", {commutative()});
  ops.intBinary("minsi", {commutative()});
  ops.intBinary("minui", {commutative()});
  ops.floatBinary("mulf", {commutative()});
  ops.floatBinary("divf", {});
  ops.floatBinary("remf", {});

  // Integer and float extensions/truncations.
  ops.cast("extui", signlessFixedWidthIntegerLike(), signlessFixedWidthIntegerLike(),
           {}, widthChangeCast<true, isIntegerT>, verifyExtOp);
  ops.cast("extsi", signlessFixedWidthIntegerLike(), signlessFixedWidthIntegerLike(),
           {}, widthChangeCast<true, isIntegerT>, verifyExtOp);

  {
    ods::OpDef def("arith.extf");
    def.operand("in", floatLike()).optionalAttr("fastmath", fastMathAttr()).result("out", floatLike());
    def.traits({fastMathInterface(), ods::Pure(), ods::SameOperandsAndResultShape(), sameInputOutputTensorDims(),
                castOpInterface(widthChangeCast<true, isFloatT>)});
    addArithOpTraits(def);
    def.format("$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)")
        .verifier(verifyExtOp)
        .registerIn(dialect);
  }
  {
    ods::OpDef def("arith.scaling_extf");
    def.operand("in", floatLike())
        .operand("scale", floatLike())
        .optionalAttr("fastmath", fastMathAttr())
        .result("out", floatLike());
    def.traits({ods::Pure(), sameInputOutputTensorDims(), fastMathInterface(), castOpInterface(scalingCast<true>)});
    addArithOpTraits(def);
    def.format("$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` "
               "type($out)")
        .verifier(verifyExtOp)
        .registerIn(dialect);
  }
  {
    ods::OpDef def("arith.trunci");
    def.operand("in", signlessFixedWidthIntegerLike())
        .defaultAttr("overflowFlags", overflowAttr(), "::mlir::arith::IntegerOverflowFlags::none")
        .result("out", signlessFixedWidthIntegerLike());
    def.traits({ods::Pure(), ods::SameOperandsAndResultShape(), sameInputOutputTensorDims(),
                castOpInterface(widthChangeCast<false, isIntegerT>), overflowFlagsInterface()});
    addArithOpTraits(def);
    def.format("$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)")
        .verifier(verifyTruncateOp)
        .registerIn(dialect);
  }
  {
    ods::OpDef def("arith.truncf");
    def.operand("in", floatLike())
        .optionalAttr("roundingmode", ods::IntEnumAttr(getRoundingModeInfo()))
        .optionalAttr("fastmath", fastMathAttr())
        .result("out", floatLike());
    def.traits({ods::Pure(), ods::SameOperandsAndResultShape(), sameInputOutputTensorDims(),
                roundingModeInterface(), fastMathInterface(), castOpInterface(widthChangeCast<false, isFloatT>)});
    addArithOpTraits(def);
    def.format("$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)")
        .verifier(verifyTruncateOp)
        .registerIn(dialect);
  }
  {
    ods::OpDef def("arith.scaling_truncf");
    def.operand("in", floatLike())
        .operand("scale", floatLike())
        .optionalAttr("roundingmode", ods::IntEnumAttr(getRoundingModeInfo()))
        .optionalAttr("fastmath", fastMathAttr())
        .result("out", floatLike());
    def.traits({ods::Pure(), sameInputOutputTensorDims(), roundingModeInterface(), fastMathInterface(),
                castOpInterface(scalingCast<false>)});
    addArithOpTraits(def);
    def.format("$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` "
               "type($scale) `to` type($out)")
        .verifier(verifyTruncateOp)
        .registerIn(dialect);
  }

  // Integer <-> float conversions.
  ops.cast("uitofp", signlessFixedWidthIntegerLike(), floatLike(), {}, intFloatCast<isIntegerT, isFloatT>);
  ops.cast("sitofp", signlessFixedWidthIntegerLike(), floatLike(), {}, intFloatCast<isIntegerT, isFloatT>);
  ops.cast("fptoui", floatLike(), signlessFixedWidthIntegerLike(), {}, intFloatCast<isFloatT, isIntegerT>);
  ops.cast("fptosi", floatLike(), signlessFixedWidthIntegerLike(), {}, intFloatCast<isFloatT, isIntegerT>);
  ops.cast("index_cast", indexCastType(), indexCastType(), {}, indexCastCompatible);
  ops.cast("index_castui", indexCastType(), indexCastType(), {}, indexCastCompatible);
  ops.cast("bitcast", bitcastType(), bitcastType(), {}, bitcastCompatible);

  // Comparisons: Arith_CompareOp adds Pure, SameTypeOperands and the i1
  // result type.
  auto i1Result = [] {
    return ods::TypesMatchWith("result type has i1 element type and same shape as operands", "lhs", "result",
                               i1SameShape);
  };
  {
    ods::OpDef def(CmpIOp::getOperationName(), TypeID::get<CmpIOp>());
    def.attr("predicate", ods::IntEnumAttr(getCmpIPredicateInfo()))
        .operand("lhs", signlessIntegerLike())
        .operand("rhs", signlessIntegerLike())
        .result("result", boolLike());
    def.traits({ods::Pure(), ods::SameTypeOperands(), i1Result()});
    addArithOpTraits(def);
    def.format("$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)").registerIn(dialect);
  }
  {
    ods::OpDef def(CmpFOp::getOperationName(), TypeID::get<CmpFOp>());
    def.attr("predicate", ods::IntEnumAttr(getCmpFPredicateInfo()))
        .operand("lhs", floatLike())
        .operand("rhs", floatLike())
        .defaultAttr("fastmath", fastMathAttr(), "::mlir::arith::FastMathFlags::none")
        .result("result", boolLike());
    def.traits({fastMathInterface(), ods::Pure(), ods::SameTypeOperands(), i1Result()});
    addArithOpTraits(def);
    def.format("$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)")
        .registerIn(dialect);
  }

  {
    ods::OpDef def(SelectOp::getOperationName(), TypeID::get<SelectOp>());
    def.operand("condition", boolLike()).operand("true_value").operand("false_value").result("result");
    def.traits({ods::Pure(), ods::AllTypesMatch({"true_value", "false_value", "result"}),
                ods::PredOpTrait("condition is signless i1 or has matching shape", selectConditionMatches),
                ods::Implements<SelectLikeOpInterface>({selectFalseValue, selectTrueValue, selectCondition})});
    addArithOpTraits(def);
    def.customAssembly(parseSelect, printSelect).verifier(verifySelect).registerIn(dialect);
  }
}

//===----------------------------------------------------------------------===//
// Interface defaults (ArithOpsInterfaces.td)
//===----------------------------------------------------------------------===//

FastMathFlagsAttr arith::detail::fastMathFlagsFromAttr(Operation *op) {
  return op->getAttrOfType<FastMathFlagsAttr>("fastmath");
}
std::string_view arith::detail::fastMathAttrName() { return "fastmath"; }
IntegerOverflowFlagsAttr arith::detail::overflowFlagsFromAttr(Operation *op) {
  return op->getAttrOfType<IntegerOverflowFlagsAttr>("overflowFlags");
}
bool arith::detail::overflowFlagsHaveNuw(Operation *op) {
  auto flags = overflowFlagsFromAttr(op);
  return flags && (uint32_t(flags.getValue()) & uint32_t(IntegerOverflowFlags::nuw));
}
bool arith::detail::overflowFlagsHaveNsw(Operation *op) {
  auto flags = overflowFlagsFromAttr(op);
  return flags && (uint32_t(flags.getValue()) & uint32_t(IntegerOverflowFlags::nsw));
}
std::string_view arith::detail::integerOverflowAttrName() { return "overflowFlags"; }
IntegerAttr arith::detail::roundingModeFromAttr(Operation *op) { return op->getAttrOfType<IntegerAttr>("roundingmode"); }
std::string_view arith::detail::roundingModeAttrName() { return "roundingmode"; }
