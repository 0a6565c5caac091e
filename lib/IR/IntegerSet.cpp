//===- IntegerSet.cpp - Sets defined by affine constraints -----------------===//
#include "lamina/IR/IntegerSet.h"

#include "AffineDetail.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Support/RawOstream.h"

#include <cassert>
#include <vector>

using namespace lamina;
using namespace lamina::detail;

IntegerSet IntegerSet::get(unsigned dimCount, unsigned symbolCount, ArrayRef<AffineExpr> constraints,
                           ArrayRef<bool> eqFlags) {
  // A set has at least one constraint (the empty set is `1 == 0`).
  assert(!constraints.empty());
  assert(constraints.size() == eqFlags.size());
  MLIRContext *ctx = constraints[0].getContext();
  auto init = [ctx](IntegerSetStorage *s) { s->context = ctx; };
  return IntegerSet(ctx->getAttributeUniquer().get<IntegerSetStorage>(init, TypeID::get<IntegerSetStorage>(),
                                                                      dimCount, symbolCount, constraints, eqFlags));
}

IntegerSet IntegerSet::getEmptySet(unsigned numDims, unsigned numSymbols, MLIRContext *ctx) {
  AffineExpr one = getAffineConstantExpr(1, ctx);
  bool isEq = true;
  return get(numDims, numSymbols, {one}, {isEq});
}

MLIRContext *IntegerSet::getContext() const { return set->context; }

bool IntegerSet::isEmptyIntegerSet() const {
  return *this == getEmptySet(getNumDims(), getNumSymbols(), getContext());
}

unsigned IntegerSet::getNumDims() const { return set->numDims; }
unsigned IntegerSet::getNumSymbols() const { return set->numSymbols; }
unsigned IntegerSet::getNumConstraints() const { return set->constraints.size(); }

unsigned IntegerSet::getNumEqualities() const {
  unsigned n = 0;
  for (bool eq : getEqFlags())
    n += eq;
  return n;
}

unsigned IntegerSet::getNumInequalities() const { return getNumConstraints() - getNumEqualities(); }

ArrayRef<AffineExpr> IntegerSet::getConstraints() const { return set->constraints; }
ArrayRef<bool> IntegerSet::getEqFlags() const { return set->eqFlags; }

void IntegerSet::walkExprs(function_ref<void(AffineExpr)> callback) const {
  for (AffineExpr e : getConstraints())
    e.walk(callback);
}

IntegerSet IntegerSet::replaceDimsAndSymbols(ArrayRef<AffineExpr> dimReplacements,
                                             ArrayRef<AffineExpr> symReplacements, unsigned numResultDims,
                                             unsigned numResultSyms) const {
  std::vector<AffineExpr> constraints;
  constraints.reserve(getNumConstraints());
  for (AffineExpr e : getConstraints())
    constraints.push_back(e.replaceDimsAndSymbols(dimReplacements, symReplacements));
  return get(numResultDims, numResultSyms, constraints, getEqFlags());
}

void IntegerSet::print(raw_ostream &os) const {
  os << '(';
  for (unsigned i = 0, e = getNumDims(); i < e; ++i)
    os << (i ? ", " : "") << 'd' << i;
  os << ')';
  if (unsigned numSymbols = getNumSymbols()) {
    os << '[';
    for (unsigned i = 0; i < numSymbols; ++i)
      os << (i ? ", " : "") << 's' << i;
    os << ']';
  }
  os << " : (";
  for (unsigned i = 0, e = getNumConstraints(); i < e; ++i) {
    if (i)
      os << ", ";
    printAffineExpr(os, getConstraint(i));
    os << (isEq(i) ? " == 0" : " >= 0");
  }
  os << ')';
}

void IntegerSet::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

raw_ostream &lamina::operator<<(raw_ostream &os, IntegerSet set) {
  set.print(os);
  return os;
}
