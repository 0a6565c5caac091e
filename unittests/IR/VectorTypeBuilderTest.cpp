//===- VectorTypeBuilderTest.cpp - VectorType::Builder --------------------===//
//
// The builder ODS type transforms use (vector.interleave's result type:
// the last dimension doubled; vector.deinterleave's: halved).
//
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace lamina;

TEST(VectorTypeBuilderTest, ReplacesParts) {
  MLIRContext ctx;
  Type f32 = FloatType::getF32(&ctx);
  VectorType v = VectorType::get({2, 8}, f32, {false, true});
  VectorType doubled = VectorType::Builder(v).setDim(1, 16);
  EXPECT_EQ(doubled, VectorType::get({2, 16}, f32, {false, true}));
  VectorType dropped = VectorType::Builder(v).dropDim(0);
  EXPECT_EQ(dropped, VectorType::get({8}, f32, {true}));
  VectorType reshaped = VectorType::Builder(v).setShape({2});
  EXPECT_EQ(reshaped, VectorType::get({2}, f32));
  EXPECT_TRUE(reshaped.getScalableDims().empty());
  VectorType i8 = VectorType::Builder(VectorType::get({4}, f32)).setElementType(IntegerType::get(&ctx, 8))
                      .setScalableDim(0, true);
  EXPECT_EQ(i8, VectorType::get({4}, IntegerType::get(&ctx, 8), {true}));
}
