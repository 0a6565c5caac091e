//===- DefaultValueCacheTest.cpp - Default attributes across contexts -----===//
//
// An op's default-valued attributes (arith.addi's overflowFlags) are built
// once per thread and context and then reused. The cache keys on the
// context's address, and a new context is often allocated where the last
// one was: it must never hand out an attribute of a destroyed context.
//
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/ContextLifetime.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <new>
#include <string_view>

using namespace lamina;

namespace {

constexpr std::string_view kInput = "func.func @f(%a: i32) -> i32 {\n"
                                    "  %0 = arith.addi %a, %a : i32\n"
                                    "  return %0 : i32\n"
                                    "}\n";

/// The overflowFlags property of the arith.addi parsed in `ctx`.
Attribute parsedOverflowFlags(MLIRContext &ctx, Operation *&module) {
  SourceMgr sourceMgr;
  sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(kInput, "in"));
  ParserConfig config(&ctx, /*verifyAfterParse=*/true);
  module = parseSourceFileForTool(sourceMgr, 1, config);
  if (!module)
    return Attribute();
  Attribute flags;
  module->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "arith.addi")
      flags = op->getAttr("overflowFlags");
  });
  return flags;
}

TEST(DefaultValueCache, NeverOutlivesItsContext) {
  DialectRegistry registry;
  registry.insert<BuiltinDialect, FuncDialect, ArithDialect>();
  // Every context at one address, as an allocator that reuses memory gives
  // (ASan's quarantine would otherwise give each its own).
  alignas(MLIRContext) unsigned char storage[sizeof(MLIRContext)];
  for (int i = 0; i < 4; ++i) {
    uint64_t destroyedBefore = detail::getDestroyedContextCount();
    auto *ctx = new (storage) MLIRContext(registry, MLIRContext::Threading::DISABLED);
    ctx->loadAllAvailableDialects();
    Operation *module = nullptr;
    Attribute first = parsedOverflowFlags(*ctx, module);
    ASSERT_TRUE(module);
    ASSERT_TRUE(first);
    // A stale entry would be an attribute of the context destroyed in the
    // last round: freed memory.
    EXPECT_EQ(first.getContext(), ctx);
    module->destroy();
    // A second op in the same context gets the same (uniqued) default.
    Attribute second = parsedOverflowFlags(*ctx, module);
    ASSERT_TRUE(module);
    EXPECT_EQ(first, second);
    module->destroy();
    ctx->~MLIRContext();
    EXPECT_GT(detail::getDestroyedContextCount(), destroyedBefore);
  }
}

} // namespace
