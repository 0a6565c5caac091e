//===- AffineExpr.cpp - Affine expressions: uniquing, simplification, printing ===//
//
// Building an expression with the operators (or getAffineBinaryOpExpr) is the
// one place where construction-time simplification happens; the affine parser
// builds through the same entry points, so what it produces for an input is
// exactly what mlir-opt prints for it.
//
// The simplification rules are MLIR's simplifyAdd/Mul/FloorDiv/CeilDiv/Mod.
// Several of them rewrite into further operator applications (for example
// `(a + b) floordiv 4` into `a floordiv 4 + b floordiv 4`), which in MLIR
// recurse as deep as the expression. Here each rule is one `step` that either
// yields the final expression or a tiny postfix program of further builds, and
// `buildBinary` runs those programs on explicit stacks, so construction never
// recurses on input depth. Printing, walking and substitution likewise use
// explicit stacks.
//
//===----------------------------------------------------------------------===//
#include "lamina/IR/AffineExpr.h"

#include "AffineDetail.h"
#include "lamina/IR/AffineMap.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Support/Casting.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SmallVector.h"
#include "WrappingArithmetic.h"

#include <cassert>
#include <numeric>
#include <vector>

using namespace lamina;
using namespace lamina::detail;

//===----------------------------------------------------------------------===//
// Wrapping integer helpers
//===----------------------------------------------------------------------===//

// MLIR computes several quantities with plain int64 arithmetic; in practice
// (and in the reference binary) overflow wraps. These helpers reproduce that
// without undefined behaviour.
using lamina::detail::wrapAdd;
using lamina::detail::wrapMul;
static int64_t wrapNeg(int64_t a) { return int64_t(0 - uint64_t(a)); }
static int64_t wrapAbs(int64_t a) { return a < 0 ? wrapNeg(a) : a; }
/// `a / b` where INT64_MIN / -1 wraps instead of trapping.
static int64_t wrapDiv(int64_t a, int64_t b) { return b == -1 ? wrapNeg(a) : a / b; }
/// `a % b` where x % -1 is 0 instead of trapping.
static int64_t safeRem(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }

/// Non-negative remainder for a positive divisor.
static int64_t modPos(int64_t lhs, int64_t rhs) {
  int64_t r = lhs % rhs;
  return r < 0 ? r + rhs : r;
}

//===----------------------------------------------------------------------===//
// Storage construction (cached properties)
//===----------------------------------------------------------------------===//

AffineBinaryOpExprStorage *AffineBinaryOpExprStorage::construct(StorageAllocator &alloc, const KeyTy &key) {
  auto *s = new (alloc.allocate<AffineBinaryOpExprStorage>()) AffineBinaryOpExprStorage();
  auto kind = static_cast<AffineExprKind>(std::get<0>(key));
  AffineExpr lhs = std::get<1>(key), rhs = std::get<2>(key);
  s->kind = kind;
  s->lhs = lhs;
  s->rhs = rhs;
  s->context = lhs.getContext();
  const AffineExprStorage &l = *lhs.getImpl(), &r = *rhs.getImpl();
  s->symbolicOrConstant = l.symbolicOrConstant && r.symbolicOrConstant;
  bool rhsIsConst = r.kind == AffineExprKind::Constant;
  switch (kind) {
  case AffineExprKind::Add:
    s->pureAffine = l.pureAffine && r.pureAffine;
    s->largestKnownDivisor = int64_t(std::gcd(uint64_t(l.largestKnownDivisor), uint64_t(r.largestKnownDivisor)));
    break;
  case AffineExprKind::Mul:
    s->pureAffine = l.pureAffine && r.pureAffine && (l.kind == AffineExprKind::Constant || rhsIsConst);
    s->largestKnownDivisor = wrapMul(l.largestKnownDivisor, r.largestKnownDivisor);
    break;
  case AffineExprKind::Mod:
    s->pureAffine = l.pureAffine && rhsIsConst;
    s->largestKnownDivisor = int64_t(std::gcd(uint64_t(l.largestKnownDivisor), uint64_t(r.largestKnownDivisor)));
    break;
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv: {
    s->pureAffine = l.pureAffine && rhsIsConst;
    // If the RHS is a constant dividing the LHS's known divisor, the quotient
    // is a known divisor of the result.
    s->largestKnownDivisor = 1;
    if (rhsIsConst) {
      int64_t c = static_cast<const AffineConstantExprStorage &>(r).constant;
      if (c != 0 && safeRem(l.largestKnownDivisor, c) == 0)
        s->largestKnownDivisor = wrapAbs(wrapDiv(l.largestKnownDivisor, c));
    }
    break;
  }
  default:
    assert(false && "not a binary expression kind");
  }
  return s;
}

AffineDimExprStorage *AffineDimExprStorage::construct(StorageAllocator &alloc, const KeyTy &key) {
  auto *s = new (alloc.allocate<AffineDimExprStorage>()) AffineDimExprStorage();
  s->kind = static_cast<AffineExprKind>(key.first);
  s->position = key.second;
  s->symbolicOrConstant = s->kind == AffineExprKind::SymbolId;
  s->pureAffine = true;
  s->largestKnownDivisor = 1;
  return s;
}

AffineConstantExprStorage *AffineConstantExprStorage::construct(StorageAllocator &alloc, const KeyTy &key) {
  auto *s = new (alloc.allocate<AffineConstantExprStorage>()) AffineConstantExprStorage();
  s->kind = AffineExprKind::Constant;
  s->constant = key;
  s->symbolicOrConstant = true;
  s->pureAffine = true;
  s->largestKnownDivisor = wrapAbs(key);
  return s;
}

//===----------------------------------------------------------------------===//
// Accessors and leaf construction
//===----------------------------------------------------------------------===//

MLIRContext *AffineExpr::getContext() const { return expr->context; }
AffineExprKind AffineExpr::getKind() const { return expr->kind; }

AffineBinaryOpExpr::AffineBinaryOpExpr(const AffineExpr::ImplType *ptr) : AffineExpr(ptr) {}
AffineExpr AffineBinaryOpExpr::getLHS() const { return static_cast<ImplType *>(expr)->lhs; }
AffineExpr AffineBinaryOpExpr::getRHS() const { return static_cast<ImplType *>(expr)->rhs; }

AffineDimExpr::AffineDimExpr(const AffineExpr::ImplType *ptr) : AffineExpr(ptr) {}
unsigned AffineDimExpr::getPosition() const { return static_cast<ImplType *>(expr)->position; }

AffineSymbolExpr::AffineSymbolExpr(const AffineExpr::ImplType *ptr) : AffineExpr(ptr) {}
unsigned AffineSymbolExpr::getPosition() const { return static_cast<ImplType *>(expr)->position; }

AffineConstantExpr::AffineConstantExpr(const AffineExpr::ImplType *ptr) : AffineExpr(ptr) {}
int64_t AffineConstantExpr::getValue() const { return static_cast<ImplType *>(expr)->constant; }

bool AffineExpr::operator==(int64_t v) const {
  return getKind() == AffineExprKind::Constant && static_cast<AffineConstantExprStorage *>(expr)->constant == v;
}

static AffineExpr getDimOrSymbol(AffineExprKind kind, unsigned position, MLIRContext *ctx) {
  auto init = [ctx](AffineDimExprStorage *s) { s->context = ctx; };
  return ctx->getAttributeUniquer().get<AffineDimExprStorage>(init, TypeID::get<AffineDimExprStorage>(),
                                                              static_cast<unsigned>(kind), position);
}

AffineExpr lamina::getAffineDimExpr(unsigned position, MLIRContext *ctx) {
  return getDimOrSymbol(AffineExprKind::DimId, position, ctx);
}

AffineExpr lamina::getAffineSymbolExpr(unsigned position, MLIRContext *ctx) {
  return getDimOrSymbol(AffineExprKind::SymbolId, position, ctx);
}

AffineExpr lamina::getAffineConstantExpr(int64_t constant, MLIRContext *ctx) {
  auto init = [ctx](AffineConstantExprStorage *s) { s->context = ctx; };
  return ctx->getAttributeUniquer().get<AffineConstantExprStorage>(init, TypeID::get<AffineConstantExprStorage>(),
                                                                   constant);
}

/// Uniques `lhs <kind> rhs` as is, without simplification.
static AffineExpr createBinary(AffineExprKind kind, AffineExpr lhs, AffineExpr rhs) {
  assert(lhs && rhs && "null operand of an affine binary expression");
  return lhs.getContext()->getAttributeUniquer().get<AffineBinaryOpExprStorage>(
      nullptr, TypeID::get<AffineBinaryOpExprStorage>(), static_cast<unsigned>(kind), lhs, rhs);
}

//===----------------------------------------------------------------------===//
// Construction-time simplification
//===----------------------------------------------------------------------===//

namespace {
/// One instruction of a rewrite: push an expression, or pop two and build
/// `lhs <kind> rhs` (itself simplified).
struct BuildInstr {
  bool isApply;
  AffineExprKind kind;
  AffineExpr expr;
};

/// What one simplification step made of `lhs <kind> rhs`.
enum class StepResult {
  /// No rule applies: unique the node as is (MLIR's simplifyX returned null).
  None,
  /// `result` is the final expression.
  Final,
  /// The postfix `program` computes the expression.
  Program,
};

/// Receives the outcome of one step. The program buffer is reused across
/// steps of one build and only allocates when a rule rewrites.
struct BuildStep {
  StepResult kind = StepResult::None;
  AffineExpr result;
  std::vector<BuildInstr> &program;

  explicit BuildStep(std::vector<BuildInstr> &program) : program(program) {}
  void none() { kind = StepResult::None; }
  void done(AffineExpr e) {
    kind = StepResult::Final;
    result = e;
  }
  void push(AffineExpr e) {
    kind = StepResult::Program;
    program.push_back({false, AffineExprKind::Constant, e});
  }
  void apply(AffineExprKind k) {
    kind = StepResult::Program;
    program.push_back({true, k, AffineExpr()});
  }
  /// The program `lhs <kind> rhs`.
  void rebuild(AffineExprKind k, AffineExpr lhs, AffineExpr rhs) {
    push(lhs);
    push(rhs);
    apply(k);
  }
};
} // namespace

static AffineConstantExpr asConstant(AffineExpr e) { return dyn_cast<AffineConstantExpr>(e); }
static AffineBinaryOpExpr asBinary(AffineExpr e, AffineExprKind kind) {
  if (e.getKind() != kind)
    return AffineBinaryOpExpr();
  return cast<AffineBinaryOpExpr>(e);
}
static AffineExpr constant(int64_t v, AffineExpr ctxFrom) { return getAffineConstantExpr(v, ctxFrom.getContext()); }

/// The rules of MLIR's simplifyAdd except the last one (which retries these
/// on the LHS's last summand; see stepAdd).
static void stepAddRules(AffineExpr lhs, AffineExpr rhs, BuildStep &s) {
  auto lhsConst = asConstant(lhs), rhsConst = asConstant(rhs);
  // Fold two constants, unless the sum overflows.
  if (lhsConst && rhsConst) {
    int64_t sum;
    if (__builtin_add_overflow(lhsConst.getValue(), rhsConst.getValue(), &sum))
      return s.none();
    return s.done(constant(sum, lhs));
  }
  // Only the RHS may be a constant; a symbolic operand goes right of a
  // non-symbolic one.
  if (lhsConst || (lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant()))
    return s.rebuild(AffineExprKind::Add, rhs, lhs);
  if (rhsConst && rhsConst.getValue() == 0)
    return s.done(lhs);
  // (x + c1) + c2 -> x + (c1 + c2) (the constant sum wraps, as in MLIR).
  auto lBin = asBinary(lhs, AffineExprKind::Add);
  if (lBin && rhsConst) {
    if (auto lrhs = asConstant(lBin.getRHS()))
      return s.rebuild(AffineExprKind::Add, lBin.getLHS(),
                       constant(wrapAdd(lrhs.getValue(), rhsConst.getValue()), lhs));
  }
  // c1 * x + c2 * x -> x * (c1 + c2) (a bare x counts as x * 1).
  int64_t lCoeff = 1, rCoeff = 1;
  AffineExpr firstExpr = lhs, secondExpr = rhs;
  if (auto lMul = asBinary(lhs, AffineExprKind::Mul)) {
    if (auto c = asConstant(lMul.getRHS())) {
      lCoeff = c.getValue();
      firstExpr = lMul.getLHS();
    }
  }
  auto rBin = dyn_cast<AffineBinaryOpExpr>(rhs);
  if (rBin && rBin.getKind() == AffineExprKind::Mul) {
    if (auto c = asConstant(rBin.getRHS())) {
      rCoeff = c.getValue();
      secondExpr = rBin.getLHS();
    }
  }
  if (firstExpr == secondExpr)
    return s.rebuild(AffineExprKind::Mul, firstExpr, constant(wrapAdd(lCoeff, rCoeff), lhs));
  // (x + c) + y -> (x + y) + c.
  if (lBin) {
    if (auto lrhs = asConstant(lBin.getRHS())) {
      s.rebuild(AffineExprKind::Add, lBin.getLHS(), rhs);
      s.push(lrhs);
      s.apply(AffineExprKind::Add);
      return;
    }
  }
  // e + ((e floordiv q) * q) * -1 -> e mod q.
  if (!rBin)
    return s.none();
  AffineExpr lrhs = rBin.getLHS(), rrhs = rBin.getRHS();
  auto rrhsConst = asConstant(rrhs);
  if (rrhsConst && rrhsConst.getValue() == -1) {
    if (auto lrMul = asBinary(lrhs, AffineExprKind::Mul)) {
      auto llrhsDiv = asBinary(lrMul.getLHS(), AffineExprKind::FloorDiv);
      if (!llrhsDiv)
        return s.none();
      if (llrhsDiv.getRHS() == lrMul.getRHS() && lhs == llrhsDiv.getLHS())
        return s.rebuild(AffineExprKind::Mod, lhs, lrMul.getRHS());
    }
  }
  // e + (e floordiv c) * -c -> e mod c, for a positive constant c.
  auto lrDiv = asBinary(lrhs, AffineExprKind::FloorDiv);
  if (!lrDiv || rBin.getKind() != AffineExprKind::Mul)
    return s.none();
  auto q = asConstant(lrDiv.getRHS());
  // The negation is a separate, shallow build.
  if (q && q.getValue() > 0 && lhs == lrDiv.getLHS() && lrDiv.getRHS() == -rrhs)
    return s.rebuild(AffineExprKind::Mod, lhs, lrDiv.getRHS());
  // Not simplified here, but the rules may still apply to the LHS's last
  // summand (see stepAdd). Signalled by leaving the step empty.
  return s.none();
}

/// True if rhs has the shape `(e floordiv q) * k`, the only case in which
/// MLIR's simplifyAdd reaches its last rule.
static bool reachesLastAddRule(AffineExpr rhs) {
  auto rMul = asBinary(rhs, AffineExprKind::Mul);
  return rMul && rMul.getLHS().getKind() == AffineExprKind::FloorDiv;
}

/// MLIR's simplifyAdd. Its last rule, (a + b) + r -> a + simplifyAdd(b, r)
/// when the latter simplifies, recurses down the right spine of the LHS; here
/// it is a loop that collects the skipped left summands.
static void stepAdd(AffineExpr lhs, AffineExpr rhs, BuildStep &s) {
  stepAddRules(lhs, rhs, s);
  if (s.kind != StepResult::None || !reachesLastAddRule(rhs))
    return;
  // The rules did not apply to lhs + rhs. Retry them on b + rhs for
  // lhs = a + b, then on the RHS of b if b is a sum, and so on.
  std::vector<AffineExpr> prefixes;
  AffineExpr cur = lhs;
  while (auto curAdd = asBinary(cur, AffineExprKind::Add)) {
    // The last rule only exists past the `(e floordiv q) * k` checks, which
    // do not depend on the LHS, so it is reachable at every level.
    prefixes.push_back(curAdd.getLHS());
    cur = curAdd.getRHS();
    std::vector<BuildInstr> sub;
    BuildStep subStep(sub);
    stepAddRules(cur, rhs, subStep);
    if (subStep.kind == StepResult::None)
      continue;
    // lhs + rhs = p0 + (p1 + (... + (pk + <cur + rhs simplified>))).
    for (AffineExpr p : prefixes)
      s.push(p);
    if (subStep.kind == StepResult::Final)
      s.push(subStep.result);
    else
      for (const BuildInstr &instr : sub)
        s.program.push_back(instr);
    for (size_t i = 0; i < prefixes.size(); ++i)
      s.apply(AffineExprKind::Add);
    return;
  }
  s.none();
}

/// MLIR's simplifyMul.
static void stepMul(AffineExpr lhs, AffineExpr rhs, BuildStep &s) {
  auto lhsConst = asConstant(lhs), rhsConst = asConstant(rhs);
  if (lhsConst && rhsConst) {
    int64_t product;
    if (__builtin_mul_overflow(lhsConst.getValue(), rhsConst.getValue(), &product))
      return s.none();
    return s.done(constant(product, lhs));
  }
  // A product of two non-symbolic operands is not affine; left as is.
  if (!lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant())
    return s.none();
  // The symbolic (or constant) operand goes on the right.
  if (!rhs.isSymbolicOrConstant() || lhsConst)
    return s.rebuild(AffineExprKind::Mul, rhs, lhs);
  if (rhsConst) {
    if (rhsConst.getValue() == 1)
      return s.done(lhs);
    if (rhsConst.getValue() == 0)
      return s.done(rhs);
  }
  auto lBin = asBinary(lhs, AffineExprKind::Mul);
  if (lBin) {
    if (auto lrhs = asConstant(lBin.getRHS())) {
      // (x * c1) * c2 -> x * (c1 * c2) (the constant product wraps).
      if (rhsConst)
        return s.rebuild(AffineExprKind::Mul, lBin.getLHS(),
                         constant(wrapMul(lrhs.getValue(), rhsConst.getValue()), lhs));
      // (x * c) * y -> (x * y) * c.
      s.rebuild(AffineExprKind::Mul, lBin.getLHS(), rhs);
      s.push(lrhs);
      s.apply(AffineExprKind::Mul);
      return;
    }
  }
  return s.none();
}

/// True if `lhs / rhs` overflows (INT64_MIN / -1).
static bool divideOverflows(int64_t lhs, int64_t rhs) { return lhs == INT64_MIN && rhs == -1; }

/// Floor and ceiling division for any nonzero divisor (no overflow case).
static int64_t floorDivSigned(int64_t lhs, int64_t rhs) {
  int64_t q = lhs / rhs;
  if (lhs % rhs != 0 && ((lhs < 0) != (rhs < 0)))
    --q;
  return q;
}
static int64_t ceilDivSigned(int64_t lhs, int64_t rhs) {
  int64_t q = lhs / rhs;
  if (lhs % rhs != 0 && ((lhs < 0) == (rhs < 0)))
    ++q;
  return q;
}

/// MLIR's simplifyFloorDiv (isCeil = false) and simplifyCeilDiv.
static void stepDiv(AffineExpr lhs, AffineExpr rhs, bool isCeil, BuildStep &s) {
  auto lhsConst = asConstant(lhs), rhsConst = asConstant(rhs);
  // Division by zero is left alone.
  if (!rhsConst || rhsConst.getValue() == 0)
    return s.none();
  int64_t c = rhsConst.getValue();
  if (lhsConst) {
    if (divideOverflows(lhsConst.getValue(), c))
      return s.none();
    int64_t v = lhsConst.getValue();
    return s.done(constant(isCeil ? ceilDivSigned(v, c) : floorDivSigned(v, c), lhs));
  }
  if (c == 1)
    return s.done(lhs);
  // (x * k) div c -> x * (k / c) when c divides k.
  if (auto lMul = asBinary(lhs, AffineExprKind::Mul)) {
    if (auto lrhs = asConstant(lMul.getRHS())) {
      if (safeRem(lrhs.getValue(), c) == 0)
        return s.rebuild(AffineExprKind::Mul, lMul.getLHS(), constant(wrapDiv(lrhs.getValue(), c), lhs));
    }
  }
  // (a + b) floordiv c -> a floordiv c + b floordiv c when c divides a or b.
  if (!isCeil) {
    if (auto lAdd = asBinary(lhs, AffineExprKind::Add)) {
      if (safeRem(lAdd.getLHS().getLargestKnownDivisor(), c) == 0 ||
          safeRem(lAdd.getRHS().getLargestKnownDivisor(), c) == 0) {
        s.rebuild(AffineExprKind::FloorDiv, lAdd.getLHS(), rhs);
        s.rebuild(AffineExprKind::FloorDiv, lAdd.getRHS(), rhs);
        s.apply(AffineExprKind::Add);
        return;
      }
    }
  }
  return s.none();
}

/// MLIR's simplifyMod.
static void stepMod(AffineExpr lhs, AffineExpr rhs, BuildStep &s) {
  auto lhsConst = asConstant(lhs), rhsConst = asConstant(rhs);
  // Mod by zero or a negative number is left alone.
  if (!rhsConst || rhsConst.getValue() < 1)
    return s.none();
  int64_t c = rhsConst.getValue();
  if (lhsConst)
    return s.done(constant(modPos(lhsConst.getValue(), c), lhs));
  // A known multiple of c is 0 mod c.
  if (lhs.getLargestKnownDivisor() % c == 0)
    return s.done(constant(0, lhs));
  // (a + b) mod c -> b mod c (or a mod c) when c divides a (or b).
  if (auto lAdd = asBinary(lhs, AffineExprKind::Add)) {
    if (lAdd.getLHS().getLargestKnownDivisor() % c == 0)
      return s.rebuild(AffineExprKind::Mod, lAdd.getRHS(), rhs);
    if (lAdd.getRHS().getLargestKnownDivisor() % c == 0)
      return s.rebuild(AffineExprKind::Mod, lAdd.getLHS(), rhs);
  }
  // (e mod k) mod c -> e mod c when c divides k.
  if (auto lMod = asBinary(lhs, AffineExprKind::Mod)) {
    auto k = asConstant(lMod.getRHS());
    if (k && k.getValue() >= 1 && modPos(k.getValue(), c) == 0)
      return s.rebuild(AffineExprKind::Mod, lMod.getLHS(), rhs);
  }
  return s.none();
}

static void buildStep(AffineExprKind kind, AffineExpr lhs, AffineExpr rhs, BuildStep &s) {
  switch (kind) {
  case AffineExprKind::Add:
    return stepAdd(lhs, rhs, s);
  case AffineExprKind::Mul:
    return stepMul(lhs, rhs, s);
  case AffineExprKind::FloorDiv:
    return stepDiv(lhs, rhs, /*isCeil=*/false, s);
  case AffineExprKind::CeilDiv:
    return stepDiv(lhs, rhs, /*isCeil=*/true, s);
  case AffineExprKind::Mod:
    return stepMod(lhs, rhs, s);
  default:
    assert(false && "not a binary expression kind");
    return s.none();
  }
}

/// Uniques an unsimplifiable `lhs <kind> rhs`. Operands of add and mul that
/// are both dims or both symbols are ordered by position, and a dim goes
/// before a symbol (MLIR's orderCommutativeArgs).
static AffineExpr createUnsimplified(AffineExprKind kind, AffineExpr lhs, AffineExpr rhs) {
  if (kind == AffineExprKind::Add || kind == AffineExprKind::Mul) {
    AffineExprKind lk = lhs.getKind(), rk = rhs.getKind();
    bool lId = lk == AffineExprKind::DimId || lk == AffineExprKind::SymbolId;
    bool rId = rk == AffineExprKind::DimId || rk == AffineExprKind::SymbolId;
    if (lId && rId) {
      unsigned lp = static_cast<AffineDimExprStorage *>(lhs.getImpl())->position;
      unsigned rp = static_cast<AffineDimExprStorage *>(rhs.getImpl())->position;
      if (lk == rk ? lp > rp : lk == AffineExprKind::SymbolId)
        std::swap(lhs, rhs);
    }
  }
  return createBinary(kind, lhs, rhs);
}

/// Builds `lhs <kind> rhs`, running the simplification rules to a fixpoint
/// with explicit stacks.
static AffineExpr buildBinary(AffineExprKind kind, AffineExpr lhs, AffineExpr rhs) {
  assert(lhs && rhs && "null operand of an affine binary expression");
  std::vector<BuildInstr> program;
  BuildStep step(program);
  buildStep(kind, lhs, rhs, step);
  if (step.kind == StepResult::None)
    return createUnsimplified(kind, lhs, rhs);
  if (step.kind == StepResult::Final)
    return step.result;

  std::vector<BuildInstr> tasks;
  std::vector<AffineExpr> values;
  auto schedule = [&]() {
    for (size_t i = program.size(); i-- > 0;)
      tasks.push_back(program[i]);
    program.clear();
  };
  schedule();
  while (!tasks.empty()) {
    BuildInstr instr = tasks.back();
    tasks.pop_back();
    if (!instr.isApply) {
      values.push_back(instr.expr);
      continue;
    }
    assert(values.size() >= 2);
    AffineExpr r = values.back();
    values.pop_back();
    AffineExpr l = values.back();
    values.pop_back();
    BuildStep next(program);
    buildStep(instr.kind, l, r, next);
    if (next.kind == StepResult::None)
      values.push_back(createUnsimplified(instr.kind, l, r));
    else if (next.kind == StepResult::Final)
      values.push_back(next.result);
    else
      schedule();
  }
  assert(values.size() == 1);
  return values.back();
}

AffineExpr lamina::getAffineBinaryOpExpr(AffineExprKind kind, AffineExpr lhs, AffineExpr rhs) {
  return buildBinary(kind, lhs, rhs);
}

AffineExpr AffineExpr::operator+(int64_t v) const { return *this + getAffineConstantExpr(v, getContext()); }
AffineExpr AffineExpr::operator+(AffineExpr other) const { return buildBinary(AffineExprKind::Add, *this, other); }
AffineExpr AffineExpr::operator*(int64_t v) const { return *this * getAffineConstantExpr(v, getContext()); }
AffineExpr AffineExpr::operator*(AffineExpr other) const { return buildBinary(AffineExprKind::Mul, *this, other); }
AffineExpr AffineExpr::operator-() const { return *this * getAffineConstantExpr(-1, getContext()); }
AffineExpr AffineExpr::operator-(int64_t v) const { return *this + wrapNeg(v); }
AffineExpr AffineExpr::operator-(AffineExpr other) const { return *this + (-other); }
AffineExpr AffineExpr::floorDiv(uint64_t v) const {
  return floorDiv(getAffineConstantExpr(static_cast<int64_t>(v), getContext()));
}
AffineExpr AffineExpr::floorDiv(AffineExpr other) const {
  return buildBinary(AffineExprKind::FloorDiv, *this, other);
}
AffineExpr AffineExpr::ceilDiv(uint64_t v) const {
  return ceilDiv(getAffineConstantExpr(static_cast<int64_t>(v), getContext()));
}
AffineExpr AffineExpr::ceilDiv(AffineExpr other) const { return buildBinary(AffineExprKind::CeilDiv, *this, other); }
AffineExpr AffineExpr::operator%(uint64_t v) const {
  return *this % getAffineConstantExpr(static_cast<int64_t>(v), getContext());
}
AffineExpr AffineExpr::operator%(AffineExpr other) const { return buildBinary(AffineExprKind::Mod, *this, other); }

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

bool AffineExpr::isSymbolicOrConstant() const { return expr->symbolicOrConstant; }
bool AffineExpr::isPureAffine() const { return expr->pureAffine; }
int64_t AffineExpr::getLargestKnownDivisor() const { return expr->largestKnownDivisor; }

bool AffineExpr::isMultipleOf(int64_t factor) const {
  // MLIR mixes unsigned divisors with a signed factor; the conversions below
  // reproduce its arithmetic. A zero factor (which crashes MLIR) answers
  // whether the expression is the constant 0.
  if (factor == 0)
    return *this == 0;
  uint64_t ufactor = uint64_t(factor);
  switch (getKind()) {
  case AffineExprKind::SymbolId:
  case AffineExprKind::DimId:
    return wrapMul(factor, factor) == 1;
  case AffineExprKind::Constant:
    return safeRem(cast<AffineConstantExpr>(*this).getValue(), factor) == 0;
  case AffineExprKind::Mul: {
    auto bin = cast<AffineBinaryOpExpr>(*this);
    uint64_t l = uint64_t(bin.getLHS().getLargestKnownDivisor());
    if (l % ufactor == 0)
      return true;
    uint64_t u = uint64_t(bin.getRHS().getLargestKnownDivisor());
    return u % ufactor == 0 || (l * u) % ufactor == 0;
  }
  default: {
    auto bin = cast<AffineBinaryOpExpr>(*this);
    uint64_t g = std::gcd(uint64_t(bin.getLHS().getLargestKnownDivisor()),
                          uint64_t(bin.getRHS().getLargestKnownDivisor()));
    return g % ufactor == 0;
  }
  }
}

/// True if some leaf of `root` has kind `kind` and position `position`.
static bool hasLeaf(AffineExpr root, AffineExprKind kind, unsigned position) {
  std::vector<AffineExpr> worklist{root};
  while (!worklist.empty()) {
    AffineExpr e = worklist.back();
    worklist.pop_back();
    if (e.getKind() == kind) {
      if (static_cast<AffineDimExprStorage *>(e.getImpl())->position == position)
        return true;
      continue;
    }
    if (auto bin = dyn_cast<AffineBinaryOpExpr>(e)) {
      // A constant or symbolic subtree holds no dimension.
      if (kind == AffineExprKind::DimId && e.isSymbolicOrConstant())
        continue;
      worklist.push_back(bin.getRHS());
      worklist.push_back(bin.getLHS());
    }
  }
  return false;
}

bool AffineExpr::isFunctionOfDim(unsigned position) const { return hasLeaf(*this, AffineExprKind::DimId, position); }
bool AffineExpr::isFunctionOfSymbol(unsigned position) const {
  return hasLeaf(*this, AffineExprKind::SymbolId, position);
}

void AffineExpr::walk(function_ref<void(AffineExpr)> callback) const {
  // Post-order: both operands, then the node. `expanded` marks a binary node
  // whose operands are already on the stack.
  struct Frame {
    AffineExpr expr;
    bool expanded;
  };
  std::vector<Frame> stack{{*this, false}};
  while (!stack.empty()) {
    Frame f = stack.back();
    stack.pop_back();
    auto bin = dyn_cast<AffineBinaryOpExpr>(f.expr);
    if (!bin || f.expanded) {
      callback(f.expr);
      continue;
    }
    stack.push_back({f.expr, true});
    stack.push_back({bin.getRHS(), false});
    stack.push_back({bin.getLHS(), false});
  }
}

//===----------------------------------------------------------------------===//
// Substitution
//===----------------------------------------------------------------------===//

namespace lamina::detail {
/// Rebuilds `root` bottom-up. `replaceFn` is asked first about every node
/// (pre-order); a non-null answer replaces the node's whole subtree. Binary
/// nodes whose operands changed are rebuilt through getAffineBinaryOpExpr,
/// i.e. re-simplified, as MLIR's replace methods do.
AffineExpr transformAffineExpr(AffineExpr root, function_ref<AffineExpr(AffineExpr)> replaceFn) {
  struct Frame {
    AffineExpr expr;
    bool expanded;
  };
  std::vector<Frame> stack{{root, false}};
  std::vector<AffineExpr> results;
  while (!stack.empty()) {
    Frame f = stack.back();
    stack.pop_back();
    if (f.expanded) {
      auto bin = cast<AffineBinaryOpExpr>(f.expr);
      AffineExpr newRHS = results.back();
      results.pop_back();
      AffineExpr newLHS = results.back();
      results.pop_back();
      if (newLHS == bin.getLHS() && newRHS == bin.getRHS())
        results.push_back(f.expr);
      else
        results.push_back(getAffineBinaryOpExpr(f.expr.getKind(), newLHS, newRHS));
      continue;
    }
    if (AffineExpr replacement = replaceFn(f.expr)) {
      results.push_back(replacement);
      continue;
    }
    auto bin = dyn_cast<AffineBinaryOpExpr>(f.expr);
    if (!bin) {
      results.push_back(f.expr);
      continue;
    }
    stack.push_back({f.expr, true});
    stack.push_back({bin.getRHS(), false});
    stack.push_back({bin.getLHS(), false});
  }
  assert(results.size() == 1);
  return results.back();
}
} // namespace lamina::detail

AffineExpr AffineExpr::replaceDimsAndSymbols(ArrayRef<AffineExpr> dimReplacements,
                                             ArrayRef<AffineExpr> symReplacements) const {
  return transformAffineExpr(*this, [&](AffineExpr e) -> AffineExpr {
    if (auto d = dyn_cast<AffineDimExpr>(e))
      return d.getPosition() < dimReplacements.size() ? dimReplacements[d.getPosition()] : e;
    if (auto s = dyn_cast<AffineSymbolExpr>(e))
      return s.getPosition() < symReplacements.size() ? symReplacements[s.getPosition()] : e;
    return AffineExpr();
  });
}

AffineExpr AffineExpr::replaceDims(ArrayRef<AffineExpr> dimReplacements) const {
  return replaceDimsAndSymbols(dimReplacements, {});
}

AffineExpr AffineExpr::replaceSymbols(ArrayRef<AffineExpr> symReplacements) const {
  return replaceDimsAndSymbols({}, symReplacements);
}

AffineExpr AffineExpr::replace(AffineExpr target, AffineExpr replacement) const {
  return transformAffineExpr(*this, [&](AffineExpr e) { return e == target ? replacement : AffineExpr(); });
}

AffineExpr AffineExpr::shiftDims(unsigned numDims, unsigned shift, unsigned offset) const {
  std::vector<AffineExpr> dims;
  dims.reserve(numDims);
  for (unsigned idx = 0; idx < offset; ++idx)
    dims.push_back(getAffineDimExpr(idx, getContext()));
  for (unsigned idx = offset; idx < numDims; ++idx)
    dims.push_back(getAffineDimExpr(idx + shift, getContext()));
  return replaceDimsAndSymbols(dims, {});
}

AffineExpr AffineExpr::shiftSymbols(unsigned numSymbols, unsigned shift, unsigned offset) const {
  std::vector<AffineExpr> symbols;
  symbols.reserve(numSymbols);
  for (unsigned idx = 0; idx < offset; ++idx)
    symbols.push_back(getAffineSymbolExpr(idx, getContext()));
  for (unsigned idx = offset; idx < numSymbols; ++idx)
    symbols.push_back(getAffineSymbolExpr(idx + shift, getContext()));
  return replaceDimsAndSymbols({}, symbols);
}

AffineExpr AffineExpr::compose(AffineMap map) const {
  std::vector<AffineExpr> dimReplacements(map.getResults().begin(), map.getResults().end());
  return replaceDimsAndSymbols(dimReplacements, {});
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

void lamina::printAffineExpr(raw_ostream &os, AffineExpr root,
                             function_ref<void(unsigned, bool)> printValueName) {
  // MLIR's AsmPrinter::printAffineExprInternal, with its recursion replaced
  // by a stack of pending pieces: sub-expressions (with the binding strength
  // of their context) and literal text. Pieces are pushed in reverse.
  struct Piece {
    enum Kind : uint8_t { Expr, Text, Int } kind;
    bool strong = false;
    AffineExpr expr;
    const char *text = nullptr;
    int64_t value = 0;
  };
  SmallVector<Piece, 32> stack;
  stack.push_back({Piece::Expr, false, root});
  // Pieces of one node, in print order; appended to the stack reversed.
  Piece pieces[8];
  unsigned n = 0;
  auto addExpr = [&](AffineExpr e, bool strong) { pieces[n++] = {Piece::Expr, strong, e}; };
  auto addText = [&](const char *t) { pieces[n++] = {Piece::Text, false, AffineExpr(), t}; };
  auto addInt = [&](int64_t v) { pieces[n++] = {Piece::Int, false, AffineExpr(), nullptr, v}; };

  while (!stack.empty()) {
    Piece p = stack.back();
    stack.pop_back();
    if (p.kind == Piece::Text) {
      os << p.text;
      continue;
    }
    if (p.kind == Piece::Int) {
      os << static_cast<long long>(p.value);
      continue;
    }
    AffineExpr expr = p.expr;
    switch (expr.getKind()) {
    case AffineExprKind::SymbolId: {
      unsigned pos = cast<AffineSymbolExpr>(expr).getPosition();
      if (printValueName)
        printValueName(pos, /*isSymbol=*/true);
      else
        os << 's' << pos;
      continue;
    }
    case AffineExprKind::DimId: {
      unsigned pos = cast<AffineDimExpr>(expr).getPosition();
      if (printValueName)
        printValueName(pos, /*isSymbol=*/false);
      else
        os << 'd' << pos;
      continue;
    }
    case AffineExprKind::Constant:
      os << static_cast<long long>(cast<AffineConstantExpr>(expr).getValue());
      continue;
    default:
      break;
    }

    auto bin = cast<AffineBinaryOpExpr>(expr);
    AffineExpr lhs = bin.getLHS(), rhs = bin.getRHS();
    n = 0;
    if (p.strong)
      addText("(");
    if (bin.getKind() != AffineExprKind::Add) {
      // Tightly binding operators; `x * -1` prints as `-x`.
      auto rhsConst = asConstant(rhs);
      if (bin.getKind() == AffineExprKind::Mul && rhsConst && rhsConst.getValue() == -1) {
        addText("-");
        addExpr(lhs, true);
      } else {
        const char *spelling = " * ";
        if (bin.getKind() == AffineExprKind::FloorDiv)
          spelling = " floordiv ";
        else if (bin.getKind() == AffineExprKind::CeilDiv)
          spelling = " ceildiv ";
        else if (bin.getKind() == AffineExprKind::Mod)
          spelling = " mod ";
        addExpr(lhs, true);
        addText(spelling);
        addExpr(rhs, true);
      }
    } else {
      bool handled = false;
      // `a + b * -1` prints as `a - b`, `a + b * -k` as `a - b * k`.
      if (auto rMul = asBinary(rhs, AffineExprKind::Mul)) {
        if (auto rrhs = asConstant(rMul.getRHS())) {
          if (rrhs.getValue() == -1) {
            addExpr(lhs, false);
            addText(" - ");
            addExpr(rMul.getLHS(), rMul.getLHS().getKind() == AffineExprKind::Add);
            handled = true;
          } else if (rrhs.getValue() < -1) {
            addExpr(lhs, false);
            addText(" - ");
            addExpr(rMul.getLHS(), true);
            addText(" * ");
            addInt(wrapNeg(rrhs.getValue()));
            handled = true;
          }
        }
      }
      // `a + -k` prints as `a - k`.
      if (!handled) {
        if (auto rhsConst = asConstant(rhs)) {
          if (rhsConst.getValue() < 0) {
            addExpr(lhs, false);
            addText(" - ");
            addInt(wrapNeg(rhsConst.getValue()));
            handled = true;
          }
        }
      }
      if (!handled) {
        addExpr(lhs, false);
        addText(" + ");
        addExpr(rhs, false);
      }
    }
    if (p.strong)
      addText(")");
    for (unsigned i = n; i-- > 0;)
      stack.push_back(pieces[i]);
  }
}

void AffineExpr::print(raw_ostream &os) const { printAffineExpr(os, *this); }

void AffineExpr::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

raw_ostream &lamina::operator<<(raw_ostream &os, AffineExpr expr) {
  expr.print(os);
  return os;
}
