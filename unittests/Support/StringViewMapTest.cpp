//===- StringViewMapTest.cpp - Tests of StringViewMap ---------------------===//
#include "lamina/Support/DenseMap.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

using namespace lamina;

namespace {

TEST(StringViewMapTest, InsertFindErase) {
  StringViewMap<int> map;
  map["a"] = 1;
  map["b"] = 2;
  EXPECT_EQ(map.size(), 2u);
  ASSERT_NE(map.find("a"), nullptr);
  EXPECT_EQ(*map.find("a"), 1);
  EXPECT_EQ(map.find("c"), nullptr);
  EXPECT_TRUE(map.erase("a"));
  EXPECT_FALSE(map.erase("a"));
  EXPECT_EQ(map.find("a"), nullptr);
  EXPECT_EQ(map["a"], 0); // re-inserted with a default value
  EXPECT_EQ(map.size(), 2u);
}

// Random inserts and erases checked against std::map: exercises growth and
// the backward-shift deletion across probe chains and wrap-around.
TEST(StringViewMapTest, MatchesStdMapUnderChurn) {
  std::vector<std::string> keys;
  for (int i = 0; i < 500; ++i)
    keys.push_back("%v" + std::to_string(i));
  StringViewMap<int> map;
  std::map<std::string, int> ref;
  std::mt19937 rng(42);
  for (int step = 0; step < 20000; ++step) {
    const std::string &k = keys[rng() % keys.size()];
    switch (rng() % 3) {
    case 0:
      map[k] = step;
      ref[k] = step;
      break;
    case 1:
      EXPECT_EQ(map.erase(k), ref.erase(k) == 1);
      break;
    default: {
      int *v = map.find(k);
      auto it = ref.find(k);
      ASSERT_EQ(v != nullptr, it != ref.end()) << k;
      if (v) {
        EXPECT_EQ(*v, it->second);
      }
    }
    }
    ASSERT_EQ(map.size(), ref.size());
  }
  for (const std::string &k : keys) {
    int *v = map.find(k);
    auto it = ref.find(k);
    ASSERT_EQ(v != nullptr, it != ref.end()) << k;
  }
}

} // namespace
