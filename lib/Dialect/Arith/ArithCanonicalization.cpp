//===- ArithCanonicalization.cpp - Canonicalization patterns of arith -----===//
//
// The patterns of mlir/lib/Dialect/Arith/IR/ArithCanonicalization.td (DRR)
// and the C++ ones of ArithOps.cpp (LLVM 22), registered per op in MLIR's
// order. A DRR pattern's benefit is the number of ops its source DAG
// matches (constant matchers do not count); the C++ ones have benefit 1.
// Each pattern is a plain function (`match, then build`) registered with
// its DRR name as debug name, which `disable-patterns` matches.
//
#include "ArithFoldUtils.h"

#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::arith;
using namespace lamina::arith::detail;

//===----------------------------------------------------------------------===//
// Matching and building helpers
//===----------------------------------------------------------------------===//

namespace {

/// The op defining `v` if it is named `name`.
Operation *defOf(Value v, std::string_view name) {
  Operation *def = v ? v.getDefiningOp() : nullptr;
  return def && def->getName().getStringRef() == name ? def : nullptr;
}

/// ConstantLikeMatcher APIntAttr: the IntegerAttr of a constant operand.
IntegerAttr constIntAttr(Value v) {
  Attribute attr;
  if (!matchConstant(v, &attr))
    return IntegerAttr();
  return dyn_cast<IntegerAttr>(attr);
}

/// IsScalarOrSplatNegativeOne / IsScalarOrSplatOne on a constant operand.
bool isConstAllOnes(Value v) {
  APInt c;
  return matchConstantInt(v, &c) && c.isAllOnes();
}
bool isConstOne(Value v) {
  APInt c;
  return matchConstantInt(v, &c) && c.isStrictlyPositive() && c.isOne();
}

IntegerOverflowFlags overflowOf(Operation *op) {
  auto attr = dyn_cast_or_null<IntegerOverflowFlagsAttr>(op->getAttr("overflowFlags"));
  return attr ? attr.getValue() : IntegerOverflowFlags::none;
}

IntegerOverflowFlags mergeOverflow(Operation *a, Operation *b) {
  return IntegerOverflowFlags(uint32_t(overflowOf(a)) & uint32_t(overflowOf(b)));
}

/// Builds `name` with `operands`, one result of `type` and `attrs`.
Operation *build(PatternRewriter &rewriter, Location loc, std::string_view name, ArrayRef<Value> operands, Type type,
                 ArrayRef<NamedAttribute> attrs = {}) {
  OperationState state(loc, name);
  state.addOperands(ValueRange(operands));
  state.addType(type);
  state.addAttributes(attrs);
  return rewriter.create(state);
}

/// An integer binary op with overflow flags.
Value buildOverflowOp(PatternRewriter &rewriter, Location loc, std::string_view name, Value lhs, Value rhs,
                      IntegerOverflowFlags flags) {
  MLIRContext *ctx = rewriter.getContext();
  NamedAttribute attr(StringAttr::get(ctx, "overflowFlags"), IntegerOverflowFlagsAttr::get(ctx, flags));
  Value operands[] = {lhs, rhs};
  return build(rewriter, loc, name, operands, lhs.getType(), ArrayRef<NamedAttribute>(&attr, 1))->getResult(0);
}

Value buildConstant(PatternRewriter &rewriter, Location loc, TypedAttr value) {
  return createConstant(rewriter, loc, value)->getResult(0);
}

/// The location a DRR pattern gives the ops it creates: the fused
/// locations of the first `numOps` ops its generated matcher recorded,
/// `numOps` being the number of op nodes of the source DAG. The matcher
/// records the root first, then, operand by operand, the op defining each
/// constant a ConstantLikeMatcher matched and each nested op after its own
/// operands: in `addi(addi(x, c0), c1)` that is [root, def(c0), inner,
/// def(c1)], so the result gets fused[root, def(c0)].
Location drrLoc(PatternRewriter &rewriter, ArrayRef<Operation *> recorded, unsigned numOps) {
  SmallVector<Location, 4> locs;
  for (unsigned i = 0; i < numOps && i < recorded.size(); ++i)
    locs.push_back(recorded[i]->getLoc());
  return rewriter.getFusedLoc(ArrayRef<Location>(locs.data(), locs.size()));
}
Location drrLoc(PatternRewriter &rewriter, Operation *a, Operation *b) {
  Operation *ops[] = {a, b};
  return drrLoc(rewriter, ops, 2);
}
Location drrLoc(PatternRewriter &rewriter, Operation *a, Operation *b, Operation *c) {
  Operation *ops[] = {a, b, c};
  return drrLoc(rewriter, ops, 3);
}

Value buildUnary(PatternRewriter &rewriter, Location loc, std::string_view name, Value in, Type type) {
  Value operands[] = {in};
  return build(rewriter, loc, name, operands, type)->getResult(0);
}

Value buildBinary(PatternRewriter &rewriter, Location loc, std::string_view name, Value lhs, Value rhs) {
  Value operands[] = {lhs, rhs};
  return build(rewriter, loc, name, operands, lhs.getType())->getResult(0);
}

Value buildCmpI(PatternRewriter &rewriter, Location loc, CmpIPredicate pred, Value lhs, Value rhs) {
  MLIRContext *ctx = rewriter.getContext();
  NamedAttribute attr(StringAttr::get(ctx, "predicate"), IntegerAttr::get(IntegerType::get(ctx, 64), int64_t(pred)));
  Value operands[] = {lhs, rhs};
  return build(rewriter, loc, "arith.cmpi", operands, getI1SameShape(lhs.getType()),
               ArrayRef<NamedAttribute>(&attr, 1))
      ->getResult(0);
}

Value buildSelect(PatternRewriter &rewriter, Location loc, Value cond, Value a, Value b) {
  Value operands[] = {cond, a, b};
  return build(rewriter, loc, "arith.select", operands, a.getType())->getResult(0);
}

void replace(PatternRewriter &rewriter, Operation *op, Value v) {
  Value values[] = {v};
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(values, 1)));
}

IntegerAttr intAttrOp(Value res, const IntegerAttr &a, const IntegerAttr &b, APInt (*fn)(const APInt &, const APInt &)) {
  return IntegerAttr::get(res.getType(), fn(a.getValue(), b.getValue()));
}
APInt addFn(const APInt &a, const APInt &b) { return a + b; }
APInt subFn(const APInt &a, const APInt &b) { return a - b; }
APInt mulFn(const APInt &a, const APInt &b) { return a * b; }

//===----------------------------------------------------------------------===//
// addi / subi / muli
//===----------------------------------------------------------------------===//

/// addi(addi(x, c0), c1) -> addi(x, c0 + c1)
/// addi(subi(x, c0), c1) -> addi(x, c1 - c0)
/// subi(addi(x, c0), c1) -> addi(x, c0 - c1)
/// subi(subi(x, c0), c1) -> subi(x, c0 + c1)
/// muli(muli(x, c0), c1) -> muli(x, c0 * c1)
template <int Kind> LogicalResult foldConstantChainRHS(Operation *op, PatternRewriter &rewriter) {
  static constexpr std::string_view inner[] = {"arith.addi", "arith.subi", "arith.addi", "arith.subi", "arith.muli"};
  static constexpr std::string_view result[] = {"arith.addi", "arith.addi", "arith.addi", "arith.subi", "arith.muli"};
  Operation *in = defOf(op->getOperand(0), inner[Kind]);
  if (!in)
    return failure();
  IntegerAttr c0 = constIntAttr(in->getOperand(1)), c1 = constIntAttr(op->getOperand(1));
  if (!c0 || !c1)
    return failure();
  Value res = op->getResult(0);
  IntegerAttr folded;
  IntegerOverflowFlags flags = mergeOverflow(in, op);
  switch (Kind) {
  case 0:
    folded = intAttrOp(res, c0, c1, addFn);
    break;
  case 1:
    folded = intAttrOp(res, c1, c0, subFn);
    break;
  case 2:
    folded = intAttrOp(res, c0, c1, subFn);
    flags = IntegerOverflowFlags::none;
    break;
  case 3:
    folded = intAttrOp(res, c0, c1, addFn);
    break;
  default:
    if (res.getType() != c0.getType() || res.getType() != c1.getType())
      return failure();
    folded = intAttrOp(res, c0, c1, mulFn);
    break;
  }
  Location loc = drrLoc(rewriter, op, in->getOperand(1).getDefiningOp());
  Value cst = buildConstant(rewriter, loc, folded);
  replace(rewriter, op, buildOverflowOp(rewriter, loc, result[Kind], in->getOperand(0), cst, flags));
  return success();
}

/// addi(subi(c0, x), c1) -> subi(c0 + c1, x)
LogicalResult addISubConstantLHS(Operation *op, PatternRewriter &rewriter) {
  Operation *sub = defOf(op->getOperand(0), "arith.subi");
  if (!sub)
    return failure();
  IntegerAttr c0 = constIntAttr(sub->getOperand(0)), c1 = constIntAttr(op->getOperand(1));
  if (!c0 || !c1)
    return failure();
  Location loc = drrLoc(rewriter, op, sub->getOperand(0).getDefiningOp());
  Value cst = buildConstant(rewriter, loc, intAttrOp(op->getResult(0), c0, c1, addFn));
  replace(rewriter, op, buildOverflowOp(rewriter, loc, "arith.subi", cst, sub->getOperand(1), mergeOverflow(sub, op)));
  return success();
}

/// addi(x, muli(y, -1)) -> subi(x, y); addi(muli(x, -1), y) -> subi(y, x)
template <bool Rhs> LogicalResult addIMulNegativeOne(Operation *op, PatternRewriter &rewriter) {
  Operation *mul = defOf(op->getOperand(Rhs ? 1 : 0), "arith.muli");
  if (!mul || !matchConstant(mul->getOperand(1)) || !isConstAllOnes(mul->getOperand(1)))
    return failure();
  Value other = op->getOperand(Rhs ? 0 : 1);
  replace(rewriter, op,
          buildOverflowOp(rewriter, drrLoc(rewriter, op, mul->getOperand(1).getDefiningOp()), "arith.subi", other,
                          mul->getOperand(0), IntegerOverflowFlags::none));
  return success();
}

/// subi(c1, addi(x, c0)) -> subi(c1 - c0, x)
/// subi(c1, subi(x, c0)) -> subi(c0 + c1, x)
/// subi(c1, subi(c0, x)) -> addi(x, c1 - c0)
template <int Kind> LogicalResult subIConstantLHS(Operation *op, PatternRewriter &rewriter) {
  IntegerAttr c1 = constIntAttr(op->getOperand(0));
  Operation *in = defOf(op->getOperand(1), Kind == 0 ? "arith.addi" : "arith.subi");
  if (!c1 || !in)
    return failure();
  Value res = op->getResult(0);
  Location loc = drrLoc(rewriter, op, op->getOperand(0).getDefiningOp());
  IntegerOverflowFlags flags = mergeOverflow(in, op);
  if (Kind == 2) {
    IntegerAttr c0 = constIntAttr(in->getOperand(0));
    if (!c0)
      return failure();
    Value cst = buildConstant(rewriter, loc, intAttrOp(res, c1, c0, subFn));
    replace(rewriter, op, buildOverflowOp(rewriter, loc, "arith.addi", in->getOperand(1), cst, flags));
    return success();
  }
  IntegerAttr c0 = constIntAttr(in->getOperand(1));
  if (!c0)
    return failure();
  IntegerAttr folded = Kind == 0 ? intAttrOp(res, c1, c0, subFn) : intAttrOp(res, c0, c1, addFn);
  Value cst = buildConstant(rewriter, loc, folded);
  replace(rewriter, op, buildOverflowOp(rewriter, loc, "arith.subi", cst, in->getOperand(0), flags));
  return success();
}

/// subi(subi(c0, x), c1) -> subi(c0 - c1, x)
LogicalResult subIRHSSubConstantLHS(Operation *op, PatternRewriter &rewriter) {
  Operation *sub = defOf(op->getOperand(0), "arith.subi");
  if (!sub)
    return failure();
  IntegerAttr c0 = constIntAttr(sub->getOperand(0)), c1 = constIntAttr(op->getOperand(1));
  if (!c0 || !c1)
    return failure();
  Location loc = drrLoc(rewriter, op, sub->getOperand(0).getDefiningOp());
  Value cst = buildConstant(rewriter, loc, intAttrOp(op->getResult(0), c0, c1, subFn));
  replace(rewriter, op, buildOverflowOp(rewriter, loc, "arith.subi", cst, sub->getOperand(1), mergeOverflow(sub, op)));
  return success();
}

/// subi(subi(a, b), a) -> subi(0, b)
LogicalResult subISubILHSRHSLHS(Operation *op, PatternRewriter &rewriter) {
  Operation *sub = defOf(op->getOperand(0), "arith.subi");
  if (!sub || sub->getOperand(0) != op->getOperand(1))
    return failure();
  Location loc = drrLoc(rewriter, op, sub);
  Value y = sub->getOperand(1);
  Value zero = buildConstant(rewriter, loc, Builder(rewriter.getContext()).getZeroAttr(y.getType()));
  replace(rewriter, op, buildOverflowOp(rewriter, loc, "arith.subi", zero, y, mergeOverflow(sub, op)));
  return success();
}

//===----------------------------------------------------------------------===//
// Extended arithmetic
//===----------------------------------------------------------------------===//

/// addui_extended / mulsi_extended / mului_extended -> addi / muli when the
/// second result is unused.
template <int Kind> LogicalResult extendedToPlain(Operation *op, PatternRewriter &rewriter) {
  if (!op->getResult(1).use_empty())
    return failure();
  Location loc = op->getLoc();
  Value x = op->getOperand(0), y = op->getOperand(1);
  Value plain = buildOverflowOp(rewriter, loc, Kind == 0 ? "arith.addi" : "arith.muli", x, y, IntegerOverflowFlags::none);
  Value values[] = {plain, x};
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(values, 2)));
  return success();
}

/// mulsi_extended(x, 1) -> [x, extsi(cmpi slt, x, 0)]
LogicalResult mulSIExtendedRHSOne(Operation *op, PatternRewriter &rewriter) {
  if (!matchConstant(op->getOperand(1)) || !isConstOne(op->getOperand(1)))
    return failure();
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  Value zero = buildConstant(rewriter, loc, Builder(rewriter.getContext()).getZeroAttr(x.getType()));
  Value cmp = buildCmpI(rewriter, loc, CmpIPredicate::slt, x, zero);
  Value ext = buildUnary(rewriter, loc, "arith.extsi", cmp, op->getResult(1).getType());
  Value values[] = {x, ext};
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(values, 2)));
  return success();
}

//===----------------------------------------------------------------------===//
// Bitwise ops
//===----------------------------------------------------------------------===//

CmpIPredicate invertPredicate(CmpIPredicate pred) {
  switch (pred) {
  case CmpIPredicate::eq: return CmpIPredicate::ne;
  case CmpIPredicate::ne: return CmpIPredicate::eq;
  case CmpIPredicate::slt: return CmpIPredicate::sge;
  case CmpIPredicate::sle: return CmpIPredicate::sgt;
  case CmpIPredicate::sgt: return CmpIPredicate::sle;
  case CmpIPredicate::sge: return CmpIPredicate::slt;
  case CmpIPredicate::ult: return CmpIPredicate::uge;
  case CmpIPredicate::ule: return CmpIPredicate::ugt;
  case CmpIPredicate::ugt: return CmpIPredicate::ule;
  case CmpIPredicate::uge: return CmpIPredicate::ult;
  }
  return pred;
}

CmpIPredicate predicateOf(Operation *cmp) { return CmpIPredicate(cast<IntegerAttr>(cmp->getAttr("predicate")).getInt()); }

/// xori(cmpi(pred, a, b), 1 : i1) -> cmpi(~pred, a, b)
LogicalResult xorINotCmpI(Operation *op, PatternRewriter &rewriter) {
  Operation *cmp = defOf(op->getOperand(0), "arith.cmpi");
  if (!cmp)
    return failure();
  auto c = dyn_cast_or_null<IntegerAttr>([&] {
    Attribute a;
    matchConstant(op->getOperand(1), &a);
    return a;
  }());
  if (!c || !c.getType().isInteger(1) || !c.getValue().isOne())
    return failure();
  replace(rewriter, op,
          buildCmpI(rewriter, drrLoc(rewriter, op, cmp), invertPredicate(predicateOf(cmp)), cmp->getOperand(0),
                    cmp->getOperand(1)));
  return success();
}

/// op(ext(x), ext(y)) -> ext(op(x, y)) for x, y of one type.
template <int OpKind, bool Signed> LogicalResult bitwiseOfExt(Operation *op, PatternRewriter &rewriter) {
  static constexpr std::string_view ops[] = {"arith.andi", "arith.ori", "arith.xori"};
  std::string_view ext = Signed ? "arith.extsi" : "arith.extui";
  Operation *a = defOf(op->getOperand(0), ext), *b = defOf(op->getOperand(1), ext);
  if (!a || !b || a->getOperand(0).getType() != b->getOperand(0).getType())
    return failure();
  Location loc = drrLoc(rewriter, op, a, b);
  Value inner = buildBinary(rewriter, loc, ops[OpKind], a->getOperand(0), b->getOperand(0));
  replace(rewriter, op, buildUnary(rewriter, loc, ext, inner, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// cmpi / select
//===----------------------------------------------------------------------===//

/// cmpi(eq|ne, ext(a), ext(b)) -> cmpi(eq|ne, a, b)
template <bool Signed> LogicalResult cmpIExt(Operation *op, PatternRewriter &rewriter) {
  std::string_view ext = Signed ? "arith.extsi" : "arith.extui";
  Operation *a = defOf(op->getOperand(0), ext), *b = defOf(op->getOperand(1), ext);
  if (!a || !b || a->getOperand(0).getType() != b->getOperand(0).getType())
    return failure();
  CmpIPredicate pred = predicateOf(op);
  if (pred != CmpIPredicate::eq && pred != CmpIPredicate::ne)
    return failure();
  replace(rewriter, op, buildCmpI(rewriter, drrLoc(rewriter, op, a, b), pred, a->getOperand(0), b->getOperand(0)));
  return success();
}

/// select(pred, a, select(pred, b, c)) -> select(pred, a, c)
LogicalResult redundantSelectFalse(Operation *op, PatternRewriter &rewriter) {
  Operation *inner = defOf(op->getOperand(2), "arith.select");
  if (!inner || inner->getOperand(0) != op->getOperand(0))
    return failure();
  replace(rewriter, op,
          buildSelect(rewriter, drrLoc(rewriter, op, inner), op->getOperand(0), op->getOperand(1), inner->getOperand(2)));
  return success();
}

/// select(pred, select(pred, a, b), c) -> select(pred, a, c)
LogicalResult redundantSelectTrue(Operation *op, PatternRewriter &rewriter) {
  Operation *inner = defOf(op->getOperand(1), "arith.select");
  if (!inner || inner->getOperand(0) != op->getOperand(0))
    return failure();
  replace(rewriter, op,
          buildSelect(rewriter, drrLoc(rewriter, op, inner), op->getOperand(0), inner->getOperand(1), op->getOperand(2)));
  return success();
}

/// select(xori(pred, -1), a, b) -> select(pred, b, a)
LogicalResult selectNotCond(Operation *op, PatternRewriter &rewriter) {
  Operation *x = defOf(op->getOperand(0), "arith.xori");
  if (!x || !constIntAttr(x->getOperand(1)) || !isConstAllOnes(x->getOperand(1)))
    return failure();
  replace(rewriter, op,
          buildSelect(rewriter, drrLoc(rewriter, op, x->getOperand(1).getDefiningOp()), x->getOperand(0),
                      op->getOperand(2), op->getOperand(1)));
  return success();
}

bool isI1Constant(Value v, bool value) {
  Attribute a;
  if (!matchConstant(v, &a))
    return false;
  auto i = dyn_cast<IntegerAttr>(a);
  return i && i.getType().isInteger(1) && i.getValue().isOne() == value;
}

/// select(pred, false, true) -> xori(pred, true)
LogicalResult selectI1ToNot(Operation *op, PatternRewriter &rewriter) {
  if (!isI1Constant(op->getOperand(1), false) || !isI1Constant(op->getOperand(2), true))
    return failure();
  Location loc = op->getLoc();
  MLIRContext *ctx = rewriter.getContext();
  Value one = buildConstant(rewriter, loc, IntegerAttr::get(IntegerType::get(ctx, 1), 1));
  replace(rewriter, op, buildBinary(rewriter, loc, "arith.xori", op->getOperand(0), one));
  return success();
}

/// select %x, 1, 0 -> extui %x; select %x, 0, 1 -> extui(xori %x, 1)
LogicalResult selectToExtUI(Operation *op, PatternRewriter &rewriter) {
  Type type = op->getResult(0).getType();
  if (!isa<IntegerType>(type) || type.isInteger(1))
    return failure();
  Location loc = op->getLoc();
  if (matchOne(op->getOperand(1)) && matchZero(op->getOperand(2))) {
    replace(rewriter, op, buildUnary(rewriter, loc, "arith.extui", op->getOperand(0), type));
    return success();
  }
  if (matchZero(op->getOperand(1)) && matchOne(op->getOperand(2))) {
    Value cond = op->getOperand(0);
    Value one = buildConstant(rewriter, loc, IntegerAttr::get(cond.getType(), 1));
    Value notCond = buildBinary(rewriter, loc, "arith.xori", cond, one);
    replace(rewriter, op, buildUnary(rewriter, loc, "arith.extui", notCond, type));
    return success();
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

/// index_cast(index_cast(x)) -> x (same type); the same for index_castui.
template <bool Signed> LogicalResult indexCastOfIndexCast(Operation *op, PatternRewriter &rewriter) {
  Operation *in = defOf(op->getOperand(0), Signed ? "arith.index_cast" : "arith.index_castui");
  if (!in || op->getResult(0).getType() != in->getOperand(0).getType())
    return failure();
  replace(rewriter, op, in->getOperand(0));
  return success();
}

/// cast(ext(x)) -> cast(x): index_cast(extsi), index_castui(extui),
/// bitcast(bitcast), extsi(extui) -> extui.
template <int Kind> LogicalResult castOfCast(Operation *op, PatternRewriter &rewriter) {
  static constexpr std::string_view inner[] = {"arith.extsi", "arith.extui", "arith.bitcast", "arith.extui"};
  static constexpr std::string_view outer[] = {"arith.index_cast", "arith.index_castui", "arith.bitcast",
                                               "arith.extui"};
  Operation *in = defOf(op->getOperand(0), inner[Kind]);
  if (!in)
    return failure();
  replace(rewriter, op,
          buildUnary(rewriter, drrLoc(rewriter, op, in), outer[Kind], in->getOperand(0), op->getResult(0).getType()));
  return success();
}

int64_t scalarOrElementWidth(Type type) {
  Type elem = elementTypeOrSelf(type);
  if (elem.isIntOrFloat())
    return elem.getIntOrFloatBitWidth();
  return -1;
}

/// trunci(extsi(x)) -> extsi(x) and trunci(extui(x)) -> extui(x) when only
/// extension bits are truncated.
template <bool Signed> LogicalResult truncIExtToExt(Operation *op, PatternRewriter &rewriter) {
  std::string_view ext = Signed ? "arith.extsi" : "arith.extui";
  Operation *e = defOf(op->getOperand(0), ext);
  if (!e)
    return failure();
  int64_t extW = scalarOrElementWidth(e->getResult(0).getType()), trW = scalarOrElementWidth(op->getResult(0).getType()),
          xW = scalarOrElementWidth(e->getOperand(0).getType());
  if (!(extW > trW && trW > 0 && trW > xW && xW > 0))
    return failure();
  replace(rewriter, op, buildUnary(rewriter, drrLoc(rewriter, op, e), ext, e->getOperand(0), op->getResult(0).getType()));
  return success();
}

/// trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when the truncation drops
/// exactly the shifted-in bits.
LogicalResult truncIShrSIToTrunciShrUI(Operation *op, PatternRewriter &rewriter) {
  Operation *shr = defOf(op->getOperand(0), "arith.shrsi");
  if (!shr)
    return failure();
  Attribute cAttr;
  if (!matchConstant(shr->getOperand(1), &cAttr))
    return failure();
  APInt c;
  if (!getIntOrSplat(cAttr, c))
    return failure();
  int64_t xW = scalarOrElementWidth(shr->getOperand(0).getType()), trW = scalarOrElementWidth(op->getResult(0).getType());
  if (!(xW > trW && trW > 0))
    return failure();
  if (c.getBitWidth() > 64 || int64_t(c.getZExtValue()) != xW - trW || c.isNegative())
    return failure();
  Location loc = drrLoc(rewriter, op, shr->getOperand(1).getDefiningOp());
  Value amount = buildConstant(rewriter, loc, cast<TypedAttr>(cAttr));
  Value shrui = buildBinary(rewriter, loc, "arith.shrui", shr->getOperand(0), amount);
  MLIRContext *ctx = rewriter.getContext();
  NamedAttribute attr(StringAttr::get(ctx, "overflowFlags"), op->getAttr("overflowFlags")
                                                                  ? op->getAttr("overflowFlags")
                                                                  : Attribute(IntegerOverflowFlagsAttr::get(
                                                                        ctx, IntegerOverflowFlags::none)));
  Value operands[] = {shrui};
  replace(rewriter, op,
          build(rewriter, loc, "arith.trunci", operands, op->getResult(0).getType(), ArrayRef<NamedAttribute>(&attr, 1))
              ->getResult(0));
  return success();
}

/// truncf(sitofp(x)) -> sitofp(x) and truncf(uitofp(x)) -> uitofp(x) with
/// the default rounding mode.
template <bool Signed> LogicalResult truncFOfIntToFP(Operation *op, PatternRewriter &rewriter) {
  std::string_view conv = Signed ? "arith.sitofp" : "arith.uitofp";
  Operation *fp = defOf(op->getOperand(0), conv);
  if (!fp || op->getAttr("roundingmode"))
    return failure();
  replace(rewriter, op, buildUnary(rewriter, drrLoc(rewriter, op, fp), conv, fp->getOperand(0), op->getResult(0).getType()));
  return success();
}

/// mulf(negf(x), negf(y)) -> mulf(x, y) and the same for divf, keeping the
/// outer op's fastmath flags.
template <bool Mul> LogicalResult floatOfNegF(Operation *op, PatternRewriter &rewriter) {
  Operation *a = defOf(op->getOperand(0), "arith.negf"), *b = defOf(op->getOperand(1), "arith.negf");
  if (!a || !b || a->getOperand(0).getType() != b->getOperand(0).getType())
    return failure();
  std::vector<NamedAttribute> attrs;
  if (Attribute fmf = op->getAttr("fastmath"))
    attrs.push_back(NamedAttribute(StringAttr::get(rewriter.getContext(), "fastmath"), fmf));
  Value operands[] = {a->getOperand(0), b->getOperand(0)};
  replace(rewriter, op,
          build(rewriter, drrLoc(rewriter, op, a, b), Mul ? "arith.mulf" : "arith.divf", operands,
                op->getResult(0).getType(), attrs)
              ->getResult(0));
  return success();
}

//===----------------------------------------------------------------------===//
// cmpf(int-to-fp(x), cst) -> cmpi (CmpFIntToFPConst)
//===----------------------------------------------------------------------===//

CmpIPredicate toIntegerPredicate(CmpFPredicate pred, bool isUnsigned) {
  switch (pred) {
  case CmpFPredicate::UEQ:
  case CmpFPredicate::OEQ:
    return CmpIPredicate::eq;
  case CmpFPredicate::UGT:
  case CmpFPredicate::OGT:
    return isUnsigned ? CmpIPredicate::ugt : CmpIPredicate::sgt;
  case CmpFPredicate::UGE:
  case CmpFPredicate::OGE:
    return isUnsigned ? CmpIPredicate::uge : CmpIPredicate::sge;
  case CmpFPredicate::ULT:
  case CmpFPredicate::OLT:
    return isUnsigned ? CmpIPredicate::ult : CmpIPredicate::slt;
  case CmpFPredicate::ULE:
  case CmpFPredicate::OLE:
    return isUnsigned ? CmpIPredicate::ule : CmpIPredicate::sle;
  default:
    return CmpIPredicate::ne;
  }
}

APFloat floatFromInt(const FltSemantics &sem, const APInt &v, bool isSigned) {
  APFloat f = APFloat::getZero(sem);
  (void)f.convertFromAPInt(v, isSigned, lamina::RoundingMode::NearestTiesToEven);
  return f;
}

LogicalResult cmpFIntToFPConst(Operation *op, PatternRewriter &rewriter) {
  Attribute rhsAttr;
  if (!matchConstant(op->getOperand(1), &rhsAttr))
    return failure();
  auto flt = dyn_cast<FloatAttr>(rhsAttr);
  if (!flt)
    return failure();
  APFloat rhs = flt.getValue();
  if (rhs.isNaN())
    return failure();
  auto floatTy = cast<FloatType>(op->getOperand(1).getType());
  const FltSemantics &sem = floatTy.getFloatSemantics();
  int mantissaWidth = int(APFloat::semanticsPrecision(sem));
  if (mantissaWidth <= 0)
    return failure();
  bool isUnsigned;
  Value intVal;
  if (Operation *si = defOf(op->getOperand(0), "arith.sitofp")) {
    isUnsigned = false;
    intVal = si->getOperand(0);
  } else if (Operation *ui = defOf(op->getOperand(0), "arith.uitofp")) {
    isUnsigned = true;
    intVal = ui->getOperand(0);
  } else {
    return failure();
  }
  auto intTy = dyn_cast<IntegerType>(intVal.getType());
  if (!intTy)
    return failure();
  unsigned intWidth = intTy.getWidth();
  unsigned valueBits = isUnsigned ? intWidth : intWidth - 1;
  if (int(intWidth) > mantissaWidth) {
    int exponent = APFloat::ilogb(rhs);
    if (rhs.isInfinity()) {
      int maxExponent = APFloat::ilogb(APFloat::getLargest(sem));
      if (maxExponent < int(valueBits))
        return failure();
    } else if (mantissaWidth <= exponent && exponent <= int(valueBits)) {
      return failure();
    }
  }
  Location loc = op->getLoc();
  MLIRContext *ctx = rewriter.getContext();
  auto replaceBool = [&](bool value) {
    replace(rewriter, op, buildConstant(rewriter, loc, IntegerAttr::get(IntegerType::get(ctx, 1), value ? 1 : 0)));
    return success();
  };
  auto fpred = CmpFPredicate(cast<IntegerAttr>(op->getAttr("predicate")).getInt());
  if (fpred == CmpFPredicate::ORD)
    return replaceBool(true);
  if (fpred == CmpFPredicate::UNO)
    return replaceBool(false);
  CmpIPredicate pred = toIntegerPredicate(fpred, isUnsigned);
  auto isLess = [](const APFloat &a, const APFloat &b) { return a.compare(b) == CmpResult::LessThan; };
  if (!isUnsigned) {
    if (isLess(floatFromInt(sem, APInt::getSignedMaxValue(intWidth), true), rhs))
      return replaceBool(pred == CmpIPredicate::ne || pred == CmpIPredicate::slt || pred == CmpIPredicate::sle);
  } else {
    if (isLess(floatFromInt(sem, APInt::getMaxValue(intWidth), false), rhs))
      return replaceBool(pred == CmpIPredicate::ne || pred == CmpIPredicate::ult || pred == CmpIPredicate::ule);
  }
  if (!isUnsigned) {
    if (isLess(rhs, floatFromInt(sem, APInt::getSignedMinValue(intWidth), true)))
      return replaceBool(pred == CmpIPredicate::ne || pred == CmpIPredicate::sgt || pred == CmpIPredicate::sge);
  } else {
    if (isLess(rhs, floatFromInt(sem, APInt::getMinValue(intWidth), false)))
      return replaceBool(pred == CmpIPredicate::ne || pred == CmpIPredicate::ugt || pred == CmpIPredicate::uge);
  }
  APInt rhsInt;
  if (!floatToInteger(rhs, intWidth, !isUnsigned, rhsInt))
    return failure();
  if (!rhs.isZero()) {
    APFloat back = floatFromInt(sem, rhsInt, !isUnsigned);
    if (back.compare(rhs) != CmpResult::Equal) {
      switch (pred) {
      case CmpIPredicate::ne:
        return replaceBool(true);
      case CmpIPredicate::eq:
        return replaceBool(false);
      case CmpIPredicate::ule:
        if (rhs.isNegative())
          return replaceBool(false);
        break;
      case CmpIPredicate::sle:
        if (rhs.isNegative())
          pred = CmpIPredicate::slt;
        break;
      case CmpIPredicate::ult:
        if (rhs.isNegative())
          return replaceBool(false);
        pred = CmpIPredicate::ule;
        break;
      case CmpIPredicate::slt:
        if (!rhs.isNegative())
          pred = CmpIPredicate::sle;
        break;
      case CmpIPredicate::ugt:
        if (rhs.isNegative())
          return replaceBool(true);
        break;
      case CmpIPredicate::sgt:
        if (rhs.isNegative())
          pred = CmpIPredicate::sge;
        break;
      case CmpIPredicate::uge:
        if (rhs.isNegative())
          return replaceBool(true);
        pred = CmpIPredicate::ugt;
        break;
      case CmpIPredicate::sge:
        if (!rhs.isNegative())
          pred = CmpIPredicate::sgt;
        break;
      }
    }
  }
  Value cst = buildConstant(rewriter, loc, IntegerAttr::get(intVal.getType(), rhsInt));
  replace(rewriter, op, buildCmpI(rewriter, loc, pred, intVal, cst));
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void arith::registerArithCanonicalization(ArithDialect &dialect) {
  using ods::attachCanonicalizer;
  attachCanonicalizer(dialect, "arith.addi", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.addi", foldConstantChainRHS<0>, "AddIAddConstant", 2);
    p.addFunction("arith.addi", foldConstantChainRHS<1>, "AddISubConstantRHS", 2);
    p.addFunction("arith.addi", addISubConstantLHS, "AddISubConstantLHS", 2);
    p.addFunction("arith.addi", addIMulNegativeOne<true>, "AddIMulNegativeOneRhs", 2);
    p.addFunction("arith.addi", addIMulNegativeOne<false>, "AddIMulNegativeOneLhs", 2);
  });
  attachCanonicalizer(dialect, "arith.addui_extended", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.addui_extended", extendedToPlain<0>, "AddUIExtendedToAddI", 1);
  });
  attachCanonicalizer(dialect, "arith.subi", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.subi", foldConstantChainRHS<2>, "SubIRHSAddConstant", 2);
    p.addFunction("arith.subi", subIConstantLHS<0>, "SubILHSAddConstant", 2);
    p.addFunction("arith.subi", foldConstantChainRHS<3>, "SubIRHSSubConstantRHS", 2);
    p.addFunction("arith.subi", subIRHSSubConstantLHS, "SubIRHSSubConstantLHS", 2);
    p.addFunction("arith.subi", subIConstantLHS<1>, "SubILHSSubConstantRHS", 2);
    p.addFunction("arith.subi", subIConstantLHS<2>, "SubILHSSubConstantLHS", 2);
    p.addFunction("arith.subi", subISubILHSRHSLHS, "SubISubILHSRHSLHS", 2);
  });
  attachCanonicalizer(dialect, "arith.muli", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.muli", foldConstantChainRHS<4>, "MulIMulIConstant", 2);
  });
  attachCanonicalizer(dialect, "arith.mulsi_extended", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.mulsi_extended", extendedToPlain<1>, "MulSIExtendedToMulI", 1);
    p.addFunction("arith.mulsi_extended", mulSIExtendedRHSOne, "MulSIExtendedRHSOne", 1);
  });
  attachCanonicalizer(dialect, "arith.mului_extended", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.mului_extended", extendedToPlain<1>, "MulUIExtendedToMulI", 1);
  });
  attachCanonicalizer(dialect, "arith.xori", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.xori", xorINotCmpI, "XOrINotCmpI", 2);
    p.addFunction("arith.xori", bitwiseOfExt<2, false>, "XOrIOfExtUI", 3);
    p.addFunction("arith.xori", bitwiseOfExt<2, true>, "XOrIOfExtSI", 3);
  });
  attachCanonicalizer(dialect, "arith.andi", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.andi", bitwiseOfExt<0, false>, "AndOfExtUI", 3);
    p.addFunction("arith.andi", bitwiseOfExt<0, true>, "AndOfExtSI", 3);
  });
  attachCanonicalizer(dialect, "arith.ori", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.ori", bitwiseOfExt<1, false>, "OrOfExtUI", 3);
    p.addFunction("arith.ori", bitwiseOfExt<1, true>, "OrOfExtSI", 3);
  });
  attachCanonicalizer(dialect, "arith.cmpi", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.cmpi", cmpIExt<true>, "CmpIExtSI", 3);
    p.addFunction("arith.cmpi", cmpIExt<false>, "CmpIExtUI", 3);
  });
  attachCanonicalizer(dialect, "arith.cmpf", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.cmpf", cmpFIntToFPConst, "CmpFIntToFPConst", 1);
  });
  attachCanonicalizer(dialect, "arith.select", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.select", redundantSelectFalse, "RedundantSelectFalse", 2);
    p.addFunction("arith.select", redundantSelectTrue, "RedundantSelectTrue", 2);
    p.addFunction("arith.select", selectNotCond, "SelectNotCond", 2);
    p.addFunction("arith.select", selectI1ToNot, "SelectI1ToNot", 1);
    p.addFunction("arith.select", selectToExtUI, "SelectToExtUI", 1);
  });
  attachCanonicalizer(dialect, "arith.index_cast", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.index_cast", indexCastOfIndexCast<true>, "IndexCastOfIndexCast", 2);
    p.addFunction("arith.index_cast", castOfCast<0>, "IndexCastOfExtSI", 2);
  });
  attachCanonicalizer(dialect, "arith.index_castui", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.index_castui", indexCastOfIndexCast<false>, "IndexCastUIOfIndexCastUI", 2);
    p.addFunction("arith.index_castui", castOfCast<1>, "IndexCastUIOfExtUI", 2);
  });
  attachCanonicalizer(dialect, "arith.bitcast", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.bitcast", castOfCast<2>, "BitcastOfBitcast", 2);
  });
  attachCanonicalizer(dialect, "arith.extsi", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.extsi", castOfCast<3>, "ExtSIOfExtUI", 2);
  });
  attachCanonicalizer(dialect, "arith.trunci", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.trunci", truncIExtToExt<true>, "TruncIExtSIToExtSI", 2);
    p.addFunction("arith.trunci", truncIExtToExt<false>, "TruncIExtUIToExtUI", 2);
    p.addFunction("arith.trunci", truncIShrSIToTrunciShrUI, "TruncIShrSIToTrunciShrUI", 2);
  });
  attachCanonicalizer(dialect, "arith.truncf", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.truncf", truncFOfIntToFP<true>, "TruncFSIToFPToSIToFP", 2);
    p.addFunction("arith.truncf", truncFOfIntToFP<false>, "TruncFUIToFPToUIToFP", 2);
  });
  attachCanonicalizer(dialect, "arith.mulf", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.mulf", floatOfNegF<true>, "MulFOfNegF", 3);
  });
  attachCanonicalizer(dialect, "arith.divf", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("arith.divf", floatOfNegF<false>, "DivFOfNegF", 3);
  });
}
