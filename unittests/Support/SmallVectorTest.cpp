//===- SmallVectorTest.cpp - Tests of SmallVector -------------------------===//
#include "lamina/Support/SmallVector.h"

#include <gtest/gtest.h>

#include <cstdint>

using namespace lamina;

namespace {

/// Appends 0..n-1 through the size-independent interface.
void fill(SmallVectorImpl<int64_t> &v, int n) {
  for (int i = 0; i < n; ++i)
    v.push_back(i);
}

TEST(SmallVectorTest, StaysInlineUpToN) {
  SmallVector<int64_t, 4> v;
  fill(v, 4);
  EXPECT_EQ(v.capacity(), 4u);
  EXPECT_EQ(v.size(), 4u);
  const void *inlineAddr = v.data();
  EXPECT_GE(static_cast<const char *>(inlineAddr), reinterpret_cast<const char *>(&v));
  EXPECT_LT(static_cast<const char *>(inlineAddr), reinterpret_cast<const char *>(&v) + sizeof(v));
  v.push_back(4);
  EXPECT_GT(v.capacity(), 4u);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(v[i], i);
}

TEST(SmallVectorTest, PushBackOfOwnElementWhileGrowing) {
  SmallVector<int64_t, 2> v{7, 8};
  v.push_back(v[0]);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[2], 7);
}

TEST(SmallVectorTest, MoveStealsHeapAndCopiesInline) {
  SmallVector<int64_t, 2> big;
  fill(big, 10);
  const int64_t *heap = big.data();
  SmallVector<int64_t, 2> moved(std::move(big));
  EXPECT_EQ(moved.data(), heap);
  EXPECT_TRUE(big.empty());
  big.push_back(42); // still usable
  EXPECT_EQ(big[0], 42);

  SmallVector<int64_t, 4> small{1, 2};
  SmallVector<int64_t, 4> moved2(std::move(small));
  EXPECT_EQ(moved2.size(), 2u);
  EXPECT_EQ(moved2[1], 2);
  EXPECT_TRUE(small.empty());

  moved2 = std::move(moved);
  EXPECT_EQ(moved2.size(), 10u);
  EXPECT_EQ(moved2.data(), heap);
}

TEST(SmallVectorTest, InsertEraseAndCompare) {
  SmallVector<int64_t, 3> v{1, 4};
  int64_t mid[] = {2, 3};
  v.insert(v.begin() + 1, mid, mid + 2);
  v.insert(v.end(), 5);
  EXPECT_EQ(ArrayRef<int64_t>(v), ArrayRef<int64_t>({1, 2, 3, 4, 5}));
  v.erase(v.begin());
  v.erase(v.begin() + 1, v.begin() + 3);
  EXPECT_EQ(ArrayRef<int64_t>(v), ArrayRef<int64_t>({2, 5}));
  SmallVector<int64_t, 3> copy = v;
  EXPECT_TRUE(copy == v);
  copy.resize(4, 9);
  EXPECT_EQ(copy.back(), 9);
  EXPECT_TRUE(copy != v);
  copy.clear();
  EXPECT_TRUE(copy.empty());
}

} // namespace
