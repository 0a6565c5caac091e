//===- IntegerConstraintsTest.cpp - Emptiness, elimination and bounds -----===//
//
// IntegerConstraints against facts checked by hand (and against what MLIR's
// IntegerRelation answers for the same systems).
//
#include "lamina/Analysis/IntegerConstraints.h"

#include <gtest/gtest.h>

using namespace lamina;

namespace {

/// A system over `numDims` dims from rows of coefficients (constant last).
IntegerConstraints make(unsigned numDims, std::initializer_list<std::vector<int64_t>> eqs,
                        std::initializer_list<std::vector<int64_t>> ineqs, unsigned numLocals = 0) {
  IntegerConstraints cst(numDims, 0, numLocals);
  for (const std::vector<int64_t> &eq : eqs)
    cst.addEquality(eq);
  for (const std::vector<int64_t> &ineq : ineqs)
    cst.addInequality(ineq);
  return cst;
}

TEST(IntegerConstraints, TrivialChecks) {
  EXPECT_TRUE(make(1, {{0, 1}}, {}).isEmpty());          // 1 == 0
  EXPECT_TRUE(make(1, {}, {{0, -1}}).isEmpty());         // -1 >= 0
  EXPECT_FALSE(make(1, {}, {{1, 0}, {-1, 9}}).isEmpty()); // 0 <= x <= 9
  EXPECT_TRUE(make(1, {}, {{1, -10}, {-1, 9}}).isEmpty()); // 10 <= x <= 9
}

TEST(IntegerConstraints, GCDTest) {
  // 2x + 4y == 3 has no integer solution.
  IntegerConstraints cst = make(2, {{2, 4, -3}}, {});
  EXPECT_TRUE(cst.isEmptyByGCDTest());
  EXPECT_TRUE(cst.isEmpty());
  EXPECT_FALSE(make(2, {{2, 4, -6}}, {}).isEmpty());
}

TEST(IntegerConstraints, TighteningFindsIntegerEmptiness) {
  // 1 <= 2x <= 1: rationally x = 1/2, no integer point. GCD tightening of
  // 2x - 1 >= 0 gives x - 1 >= 0, and -2x + 1 >= 0 gives -x >= 0.
  EXPECT_TRUE(make(1, {}, {{2, -1}, {-2, 1}}).isEmpty());
}

TEST(IntegerConstraints, FourierMotzkin) {
  // x >= 0, y >= x + 5, y <= 3: empty after eliminating x.
  EXPECT_TRUE(make(2, {}, {{1, 0, 0}, {-1, 1, -5}, {0, -1, 3}}).isEmpty());
  // y >= x + 2, y <= 3, x >= 0: not empty.
  EXPECT_FALSE(make(2, {}, {{1, 0, 0}, {-1, 1, -2}, {0, -1, 3}}).isEmpty());
}

TEST(IntegerConstraints, ConstantBounds) {
  // d = y - x, 0 <= x <= 9, 0 <= y <= 9, y >= x + 3.
  IntegerConstraints cst = make(3, {{1, 1, -1, 0}}, {{0, 1, 0, 0}, {0, -1, 0, 9}, {0, 0, 1, 0}, {0, 0, -1, 9},
                                                     {0, -1, 1, -3}});
  EXPECT_EQ(cst.getConstantBound(BoundType::LB, 0), 3);
  EXPECT_EQ(cst.getConstantBound(BoundType::UB, 0), 9);
  EXPECT_EQ(cst.getConstantBound(BoundType::EQ, 0), std::nullopt);
  // x == 4 exactly.
  IntegerConstraints eq = make(1, {{1, -4}}, {});
  EXPECT_EQ(eq.getConstantBound(BoundType::EQ, 0), 4);
  // Unbounded above.
  IntegerConstraints half = make(1, {}, {{1, -2}});
  EXPECT_EQ(half.getConstantBound(BoundType::LB, 0), 2);
  EXPECT_EQ(half.getConstantBound(BoundType::UB, 0), std::nullopt);
}

TEST(IntegerConstraints, LocalFloorDiv) {
  // q = x floordiv 4 with 0 <= x <= 3 and q >= 1: empty.
  IntegerConstraints cst = make(1, {}, {{1, 0}, {-1, 3}});
  unsigned q = cst.addLocalFloorDiv({1, 0}, 4);
  EXPECT_EQ(q, 1u);
  EXPECT_EQ(cst.getNumLocalVars(), 1u);
  std::vector<int64_t> qAtLeastOne{0, 1, -1};
  cst.addInequality(qAtLeastOne);
  EXPECT_TRUE(cst.isEmpty());
}

TEST(IntegerConstraints, ProjectOutKeepsShadow) {
  // Eliminating y from 0 <= y <= x, x <= 5 leaves 0 <= x <= 5.
  IntegerConstraints cst = make(2, {}, {{0, 1, 0}, {1, -1, 0}, {-1, 0, 5}});
  cst.projectOut(1, 1);
  EXPECT_EQ(cst.getNumVars(), 1u);
  EXPECT_EQ(cst.getConstantBound(BoundType::LB, 0), 0);
  EXPECT_EQ(cst.getConstantBound(BoundType::UB, 0), 5);
}

TEST(IntegerConstraints, VarBookkeeping) {
  IntegerConstraints cst(2, 1, 0);
  cst.addInequality({1, 2, 3, 4});
  unsigned pos = cst.insertVar(VarKind::Symbol, 0, 2);
  EXPECT_EQ(pos, 2u);
  EXPECT_EQ(cst.getNumSymbolVars(), 3u);
  EXPECT_EQ(cst.getInequality(0).size(), 6u);
  EXPECT_EQ(cst.atIneq(0, 4), 3);
  cst.removeVarRange(1, 3);
  EXPECT_EQ(cst.getNumDimVars(), 1u);
  EXPECT_EQ(cst.getNumSymbolVars(), 2u);
  EXPECT_EQ(cst.atIneq(0, 1), 0);
  EXPECT_EQ(cst.atIneq(0, 2), 3);
}

TEST(IntegerConstraints, ConstantBoundOnDimSize) {
  // s0 + 2 <= d0 <= s0 + 17: extent 16, whatever s0 is.
  IntegerConstraints cst(1, 1, 0);
  cst.addInequality({1, -1, -2});
  cst.addInequality({-1, 1, 17});
  std::vector<int64_t> lb, ub;
  int64_t divisor = 0;
  unsigned lbPos = 9, ubPos = 9;
  EXPECT_EQ(cst.getConstantBoundOnDimSize(0, &lb, &divisor, &ub, &lbPos, &ubPos), 16);
  EXPECT_EQ(divisor, 1);
  EXPECT_EQ(lb, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(ub, (std::vector<int64_t>{1, 17}));
  EXPECT_EQ(lbPos, 0u);
  EXPECT_EQ(ubPos, 1u);
  // Without an upper bound there is none.
  IntegerConstraints open(1, 1, 0);
  open.addInequality({1, -1, 0});
  EXPECT_EQ(open.getConstantBoundOnDimSize(0), std::nullopt);
}

TEST(IntegerConstraints, RedundantInequalities) {
  // 0 <= x <= 5 makes x <= 9 and x >= -3 redundant.
  IntegerConstraints cst = make(1, {}, {{1, 0}, {-1, 9}, {-1, 5}, {1, 3}});
  cst.removeRedundantInequalities();
  ASSERT_EQ(cst.getNumInequalities(), 2u);
  EXPECT_EQ(cst.atIneq(0, 0), 1);
  EXPECT_EQ(cst.atIneq(0, 1), 0);
  EXPECT_EQ(cst.atIneq(1, 1), 5);
}

TEST(IntegerConstraints, ConstantFoldSymbols) {
  // s0 == 7 and d0 <= s0: folding s0 leaves d0 <= 7.
  IntegerConstraints cst(1, 1, 0);
  cst.addEquality({0, 1, -7});
  cst.addInequality({-1, 1, 0});
  cst.constantFoldVarRange(1, 1);
  EXPECT_EQ(cst.getNumSymbolVars(), 0u);
  EXPECT_EQ(cst.getConstantBound(BoundType::UB, 0), 7);
}

} // namespace
