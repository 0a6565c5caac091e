//===- ForeignOpLayoutsTest.cpp - The foreign operation layout tables -----===//
//
// The tables of lib/Bytecode/ForeignOpLayouts*.def are data the build cannot
// check: every line must parse, and its order must be the one the native
// encoding has (attributes in name order, then Property<>s, then segment
// sizes).
//
#include "ForeignOpLayouts.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace lamina;
using namespace lamina::bytecode;

TEST(ForeignOpLayouts, EveryLineIsWellFormed) {
  std::vector<const ForeignOpLayout *> all = getAllForeignOpLayouts();
  // The generated table covers mlir-opt's dialects, the hand-written one the
  // test dialect.
  EXPECT_GT(all.size(), 2500u);
  for (const ForeignOpLayout *layout : all) {
    SCOPED_TRACE(std::string(layout->name));
    EXPECT_FALSE(layout->malformed);
    EXPECT_EQ(lookupForeignOpLayout(layout->name), layout);
    std::set<std::string_view> names;
    std::string_view previousAttr;
    bool seenProperty = false, seenSegments = false;
    for (size_t i = 0; i < layout->properties.size(); ++i) {
      const ForeignProperty &p = layout->properties[i];
      EXPECT_FALSE(p.name.empty());
      EXPECT_TRUE(names.insert(p.name).second) << "duplicate " << p.name;
      if (p.isSegments()) {
        seenSegments = true;
        EXPECT_GT(p.count, 0u);
        EXPECT_GE(i, layout->numNonSegment);
        continue;
      }
      EXPECT_FALSE(seenSegments) << p.name << " after the segment sizes";
      EXPECT_LT(i, layout->numNonSegment);
      bool plainAttribute = p.isAttribute() && !p.codec;
      if (!plainAttribute) {
        seenProperty = true;
        EXPECT_TRUE(p.codec != nullptr);
        continue;
      }
      EXPECT_FALSE(seenProperty) << p.name << " (an attribute) after a Property<>";
      EXPECT_LT(previousAttr, p.name) << "attributes out of name order";
      previousAttr = p.name;
    }
  }
}

TEST(ForeignOpLayouts, KnownLayouts) {
  EXPECT_EQ(lookupForeignOpLayout("test.not_an_op"), nullptr);
  EXPECT_EQ(lookupForeignOpLayout("func.func2"), nullptr);

  const ForeignOpLayout *seq = lookupForeignOpLayout("transform.named_sequence");
  ASSERT_NE(seq, nullptr);
  std::vector<std::string> rendered;
  for (const ForeignProperty &p : seq->properties)
    rendered.push_back((p.kind == ForeignProperty::Kind::OptionalAttribute ? "?" : "") + std::string(p.name));
  EXPECT_EQ(rendered, (std::vector<std::string>{"?arg_attrs", "function_type", "?res_attrs", "sym_name",
                                                "?sym_visibility"}));

  // `hostShared` sorts before the legacy `operand_segment_sizes`.
  const ForeignOpLayout *alloc = lookupForeignOpLayout("gpu.alloc");
  ASSERT_NE(alloc, nullptr);
  ASSERT_NE(alloc->operandSegments, nullptr);
  EXPECT_EQ(alloc->operandSegments->count, 3u);
  EXPECT_EQ(alloc->operandLegacyIndex, 1u);
  EXPECT_EQ(alloc->resultSegments, nullptr);

  // A registered operation without properties.
  const ForeignOpLayout *yield = lookupForeignOpLayout("linalg.yield");
  ASSERT_NE(yield, nullptr);
  EXPECT_FALSE(yield->hasProperties());

  // Nested Property<> kinds.
  const ForeignOpLayout *arrays = lookupForeignOpLayout("test.with_array_properties");
  ASSERT_NE(arrays, nullptr);
  const ForeignProperty &opt = arrays->properties[3];
  EXPECT_EQ(opt.name, "opt");
  ASSERT_NE(opt.codec, nullptr);
  EXPECT_EQ(opt.codec->kind, PropertyCodec::Kind::Optional);
  ASSERT_NE(opt.codec->element, nullptr);
  EXPECT_EQ(opt.codec->element->kind, PropertyCodec::Kind::Array);
  EXPECT_EQ(opt.codec->element->element->kind, PropertyCodec::Kind::Int32);
}
