//===- BytecodeTest.cpp - Bytecode round trips and hostile input ----------===//
//
// What the text tests cannot reach: every version written and read back in
// process, 100k nested regions, and a fuzz-style sweep of truncated and
// corrupted files (every offset, several byte values, random multi-byte
// damage, hand-built malicious files) that must all end in a clean error:
// no crash, no hang, and no single allocation out of proportion with the
// input.
//
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Bytecode/BytecodeReader.h"
#include "lamina/Bytecode/BytecodeWriter.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <new>
#include <pthread.h>
#include <random>
#include <string>
#include <vector>

//===----------------------------------------------------------------------===//
// Allocation tracking: the largest single allocation while it is enabled
// (not under AddressSanitizer, which replaces the allocator itself).
//===----------------------------------------------------------------------===//

#if defined(__SANITIZE_ADDRESS__)
#define LAMINA_TRACK_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LAMINA_TRACK_ALLOCATIONS 0
#endif
#endif
#ifndef LAMINA_TRACK_ALLOCATIONS
#define LAMINA_TRACK_ALLOCATIONS 1
#endif

static std::atomic<bool> gTrackAllocations{false};
static std::atomic<size_t> gLargestAllocation{0};

static void *trackedAlloc(size_t size) {
  if (gTrackAllocations.load(std::memory_order_relaxed)) {
    size_t prev = gLargestAllocation.load(std::memory_order_relaxed);
    while (size > prev && !gLargestAllocation.compare_exchange_weak(prev, size))
      ;
  }
  void *p = std::malloc(size ? size : 1);
  if (!p)
    std::abort();
  return p;
}
#if LAMINA_TRACK_ALLOCATIONS
void *operator new(size_t size) { return trackedAlloc(size); }
void *operator new[](size_t size) { return trackedAlloc(size); }
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }
void operator delete[](void *p, size_t) noexcept { std::free(p); }
#endif

using namespace lamina;

namespace {

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// Every builtin attribute and type (custom and textual encodings),
/// resources, distinct attributes.
const char *kAttrsIR = R"mlir(
"xt.attrs"() {
  a0 = [1, "s", unit], a1 = {x = 1 : i8, y = [], z = {}}, a2 = "str", a3 = "typed" : i32,
  a4 = @flat, a5 = @root::@a::@b, a6 = i64, a7 = unit, a8 = true, a9 = -1 : i8, a10 = -2 : i32,
  a11 = 9223372036854775807 : i64, a12 = -170141183460469231731687303715884105728 : i128,
  a13 = 123456789012345678901234567890 : ui100, a14 = 7 : index, a15 = 3 : si16,
  f0 = 1.5 : f16, f1 = -2.5 : bf16, f2 = 0.1 : f32, f3 = 1.0e300 : f64, f4 = 2.0 : f80, f5 = 3.0 : f128,
  f6 = 0.5 : tf32, f7 = 1.0 : f8E4M3FN, f8 = 0x7FC00000 : f32,
  d0 = array<i1: true, false>, d1 = array<i32: 1, -2, 3>, d2 = array<f64: 1.5>, d3 = array<i8>,
  e0 = dense<1> : tensor<4xi32>, e1 = dense<[1.0, 2.0]> : vector<2xf32>, e2 = dense<[true, false, true]> : tensor<3xi1>,
  e3 = dense<(1, 2)> : tensor<2xcomplex<i32>>, e4 = dense<"x"> : tensor<2x!foo.bar>, e5 = dense<["a", "bc"]> : tensor<2x!foo.bar>,
  e6 = dense<> : tensor<0xi64>, e7 = dense<[[1, 2], [3, 4]]> : tensor<2x2xindex>,
  s0 = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>,
  m0 = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)>, m1 = affine_set<(d0) : (d0 - 1 >= 0)>,
  m2 = strided<[?, 1], offset: ?>, o0 = #foo.bar<"x">,
  r0 = dense_resource<blob1> : tensor<2xi32>, r1 = dense_resource<missing> : tensor<2xi32>,
  x0 = distinct[0]<42 : i32>, x1 = distinct[1]<unit>, x2 = distinct[0]<42 : i32>
} : () -> ()
"xt.types"() {
  t0 = i1, t1 = si7, t2 = ui64, t3 = i0, t4 = index, t5 = (i32, f32) -> (), t6 = () -> (i1, i2),
  t7 = bf16, t8 = f16, t9 = f32, t10 = f64, t11 = f80, t12 = f128, t13 = tf32, t14 = f8E5M2, t15 = f4E2M1FN,
  t16 = complex<f32>, t17 = memref<4x?xf32>, t18 = memref<4xi8, 1>, t19 = memref<?x4xf32, strided<[4, 1], offset: ?>, "ms">,
  t20 = memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, t21 = none, t22 = tensor<?x3xf32>, t23 = tensor<4xf32, "enc">,
  t24 = tuple<>, t25 = tuple<i32, tuple<f32>>, t26 = memref<*xf32>, t27 = memref<*xf32, 3>, t28 = tensor<*xi8>,
  t29 = vector<4xf32>, t30 = vector<[4]x2xi8>, t31 = vector<2x[3]xindex>, t32 = !foo.type<1>, t33 = tensor<0xf32>
} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x0800000001000000FFFFFFFF"
    }
  }
#-}
)mlir";

/// Blocks, successors, block argument locations, every location kind,
/// isolated and non-isolated regions, forward references, properties.
const char *kStructureIR = R"mlir(
"xt.module"() ({
^bb0:
  %0 = "xt.a"() : () -> i32 loc("f.mlir":1:2)
  %1:2 = "xt.b"(%0, %0) {attr = 1} : (i32, i32) -> (i32, f32) loc(fused["a.mlir":1:1, "b.mlir":2:2])
  "xt.br"(%0, %0)[^bb1] : (i32, i32) -> () loc(callsite("callee"("x.mlir":3:4) at "y.mlir":5:6))
^bb1(%arg0: i32 loc("arg.mlir":7:8), %arg1: i32):
  "xt.cond"(%arg0, %arg1, %arg0)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 2, 0>} : (i32, i32, i32) -> () loc(fused<"meta">["c.mlir":1:1 to 2:3])
^bb2:
  "xt.isolated"() ({
  ^bb0(%a: index):
    %c = "xt.c"(%a) : (index) -> index
    "xt.use"(%c, %c, %a) : (index, index, index) -> ()
  }, {
  }) : () -> ()
  "xt.nonisolated"() ({
    "xt.use"(%1#0, %0) : (i32, i32) -> ()
    "xt.inner"() ({
      "xt.use"(%1#1) : (f32) -> ()
    }) : () -> ()
  }) : () -> ()
  "xt.graph"() ({
    "xt.use"(%z, %y) : (i64, i64) -> ()
    %y = "xt.def"(%z) : (i64) -> i64
    %z = "xt.def"() : () -> i64
  }) : () -> ()
  "xt.props"() <{p = [1, 2], q = "x"}> {r = 3} : () -> ()
  "xt.props2"() <[unit]> : () -> ()
  "xt.end"() : () -> ()
}) {xt.attr = "m"} : () -> () loc(unknown)
)mlir";

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// A context with the builtin dialect, accepting unregistered ones, whose
/// diagnostics are counted instead of printed.
struct TestContext {
  TestContext() : ctx(makeRegistry()) {
    ctx.allowUnregisteredDialects();
    ctx.getOrLoadDialect("builtin");
    ctx.getDiagEngine().registerHandler([this](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        ++numErrors;
      lastMessage = diag.str();
      return success();
    });
  }
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registry.insert<BuiltinDialect>();
    return registry;
  }
  MLIRContext ctx;
  unsigned numErrors = 0;
  std::string lastMessage;
};

/// Owns a top-level operation.
struct OwnedOp {
  Operation *op = nullptr;
  OwnedOp(Operation *op = nullptr) : op(op) {}
  OwnedOp(const OwnedOp &) = delete;
  ~OwnedOp() {
    if (op)
      op->destroy();
  }
};

Operation *parseText(MLIRContext &ctx, std::string_view text) {
  SourceMgr sourceMgr;
  sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(text, "input.mlir"));
  ParserConfig config(&ctx);
  return parseSourceFileForTool(sourceMgr, 1, config);
}

std::string writeBytecode(Operation *op, int64_t version) {
  std::string bytes;
  raw_string_ostream os(bytes);
  BytecodeWriterConfig config("MLIR22.1.8");
  config.setDesiredBytecodeVersion(version);
  EXPECT_TRUE(succeeded(writeBytecodeToFile(op, os, config)));
  os.flush();
  return bytes;
}

Operation *readBytecode(MLIRContext &ctx, std::string_view bytes) {
  ParserConfig config(&ctx);
  return readBytecodeFileForTool(bytes, "input.mlirbc", config, /*insertImplicitModule=*/true);
}

std::string printGeneric(Operation *op) {
  std::string text;
  raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().printGenericOpForm().enableDebugInfo());
  os.flush();
  return text;
}

/// The inputs the fuzz sweep damages: each test IR in the given versions.
std::vector<std::string> makeSeeds(std::vector<int64_t> versions = {0, 1, 2, 3, 4, 5, 6}) {
  std::vector<std::string> seeds;
  for (const char *ir : {kAttrsIR, kStructureIR}) {
    TestContext t;
    OwnedOp op(parseText(t.ctx, ir));
    EXPECT_TRUE(op.op);
    if (!op.op)
      continue;
    for (int64_t v : versions)
      seeds.push_back(writeBytecode(op.op, v));
  }
  return seeds;
}

/// Reads `bytes` in a fresh context; it must succeed or fail with an error
/// diagnostic, without any allocation larger than a multiple of the input.
void checkCleanRead(const std::string &bytes) {
  TestContext t;
  // Copy into an exactly-sized buffer so ASan catches any overread.
  std::unique_ptr<char[]> buffer(new char[bytes.size()]);
  std::memcpy(buffer.get(), bytes.data(), bytes.size());
  gLargestAllocation = 0;
  gTrackAllocations = true;
  OwnedOp op(readBytecode(t.ctx, std::string_view(buffer.get(), bytes.size())));
  gTrackAllocations = false;
  if (!op.op) {
    EXPECT_GT(t.numErrors, 0u) << "failed without a diagnostic";
  }
  EXPECT_LE(gLargestAllocation.load(), 64 * bytes.size() + (1u << 20)) << "allocation out of proportion";
}

/// Runs `fn` on a thread with a 512 MiB stack, as lamina-opt runs everything
/// (decoding nested attributes recurses, up to a bounded depth, and
/// sanitizers make frames much larger).
void runOnLargeStack(std::function<void()> fn) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t(512) << 20);
  pthread_t thread;
  auto body = [](void *arg) -> void * {
    (*static_cast<std::function<void()> *>(arg))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, body, &fn), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

//===----------------------------------------------------------------------===//
// Round trips
//===----------------------------------------------------------------------===//

TEST(Bytecode, RoundTripEveryVersion) {
  for (const char *ir : {kAttrsIR, kStructureIR}) {
    TestContext t;
    OwnedOp op(parseText(t.ctx, ir));
    ASSERT_TRUE(op.op) << t.lastMessage;
    std::string expected = printGeneric(op.op);
    for (int64_t v = 0; v <= kBytecodeVersion; ++v) {
      std::string bytes = writeBytecode(op.op, v);
      ASSERT_TRUE(isBytecode(bytes));
      TestContext t2;
      OwnedOp read(readBytecode(t2.ctx, bytes));
      ASSERT_TRUE(read.op) << "version " << v << ": " << t2.lastMessage;
      std::string printed = printGeneric(read.op);
      // Before version 5 unregistered operations lose their properties.
      if (v >= 5) {
        EXPECT_EQ(printed, expected) << "version " << v;
      }
      // Writing what was read gives the same bytes.
      EXPECT_EQ(writeBytecode(read.op, v), bytes) << "version " << v;
    }
  }
}

TEST(Bytecode, RejectsUnsupportedVersion) {
  TestContext t;
  OwnedOp op(parseText(t.ctx, kStructureIR));
  ASSERT_TRUE(op.op);
  std::string bytes;
  raw_string_ostream os(bytes);
  BytecodeWriterConfig config;
  config.setDesiredBytecodeVersion(7);
  EXPECT_TRUE(failed(writeBytecodeToFile(op.op, os, config)));
  EXPECT_EQ(t.lastMessage, "unsupported version requested 7, must be in range [0, 6]");
}

TEST(Bytecode, DeepNesting) {
  // 100k nested regions: written and read without recursion.
  constexpr unsigned kDepth = 100000;
  TestContext t;
  OpBuilder builder(&t.ctx);
  Location loc = UnknownLoc::get(&t.ctx);
  ModuleOp module = ModuleOp::create(loc);
  OwnedOp owner(module.getOperation());
  Block *block = module.getBody();
  for (unsigned i = 0; i < kDepth; ++i) {
    builder.setInsertionPointToEnd(block);
    Operation *op = builder.create(loc, "xt.region", {}, {}, {}, {}, /*numRegions=*/1);
    block = op->getRegion(0).emplaceBlock();
  }
  builder.setInsertionPointToEnd(block);
  builder.create(loc, "xt.leaf");

  for (int64_t v : {int64_t(1), kBytecodeVersion}) {
    std::string bytes = writeBytecode(module.getOperation(), v);
    TestContext t2;
    OwnedOp read(readBytecode(t2.ctx, bytes));
    ASSERT_TRUE(read.op) << t2.lastMessage;
    unsigned depth = 0;
    Operation *cur = &cast<ModuleOp>(read.op).getBody()->front();
    while (cur->getNumRegions()) {
      ++depth;
      cur = &cur->getRegion(0).front().front();
    }
    EXPECT_EQ(depth, kDepth);
    EXPECT_EQ(cur->getName().getStringRef(), "xt.leaf");
  }
}

//===----------------------------------------------------------------------===//
// Hostile input
//===----------------------------------------------------------------------===//

// The damage tests below read small seeds, which the reader reads on one
// thread: under ThreadSanitizer they would check nothing it looks for, and
// ByteCorruptions alone took 153 s there (ASan and UBSan run them).
#if defined(__SANITIZE_THREAD__)
#define LAMINA_TSAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LAMINA_TSAN_BUILD 1
#endif
#endif
#ifdef LAMINA_TSAN_BUILD
#define SKIP_SINGLE_THREADED_UNDER_TSAN() GTEST_SKIP() << "reads on one thread: nothing for ThreadSanitizer"
#else
#define SKIP_SINGLE_THREADED_UNDER_TSAN() (void)0
#endif

TEST(BytecodeFuzz, Truncations) {
  SKIP_SINGLE_THREADED_UNDER_TSAN();
  for (const std::string &seed : makeSeeds())
    for (size_t len = 0; len < seed.size(); ++len)
      checkCleanRead(seed.substr(0, len));
}

TEST(BytecodeFuzz, ByteCorruptions) {
  SKIP_SINGLE_THREADED_UNDER_TSAN();
  // The versions that change the encoding the most.
  for (const std::string &seed : makeSeeds({1, 4, 6})) {
    for (size_t pos = 4; pos < seed.size(); ++pos) {
      uint8_t original = uint8_t(seed[pos]);
      for (uint8_t value : {uint8_t(0x00), uint8_t(0xFF), uint8_t(original ^ 0x01), uint8_t(original ^ 0x80),
                            uint8_t(original + 1), uint8_t(0x7F)}) {
        if (value == original)
          continue;
        std::string damaged = seed;
        damaged[pos] = char(value);
        checkCleanRead(damaged);
      }
    }
  }
}

TEST(BytecodeFuzz, RandomDamage) {
  SKIP_SINGLE_THREADED_UNDER_TSAN();
  std::mt19937 rng(20261122);
  std::vector<std::string> seeds = makeSeeds();
  for (unsigned iter = 0; iter < 4000; ++iter) {
    std::string damaged = seeds[rng() % seeds.size()];
    unsigned edits = 1 + rng() % 8;
    for (unsigned e = 0; e < edits && damaged.size() > 4; ++e) {
      size_t pos = 4 + rng() % (damaged.size() - 4);
      switch (rng() % 4) {
      case 0: // random byte
        damaged[pos] = char(rng());
        break;
      case 1: // delete a range
        damaged.erase(pos, 1 + rng() % 16);
        break;
      case 2: // duplicate a range
        damaged.insert(pos, damaged.substr(pos, 1 + rng() % 16));
        break;
      case 3: // a large varint
        damaged[pos] = 0;
        break;
      }
    }
    checkCleanRead(damaged);
  }
}

/// Builds a version-6 file from raw section payloads.
struct FileBuilder {
  std::string bytes = std::string("ML\xEFR", 4) + "\x0D" + std::string("test\0", 5);
  static std::string varint(uint64_t v) {
    std::string s;
    if ((v >> 7) == 0) {
      s.push_back(char((v << 1) | 1));
      return s;
    }
    s.push_back(0);
    for (int i = 0; i < 8; ++i)
      s.push_back(char(v >> (8 * i)));
    return s;
  }
  void section(unsigned id, const std::string &payload) {
    bytes.push_back(char(id));
    bytes += varint(payload.size());
    bytes += payload;
  }
  /// Strings "builtin", "xt", "op"; dialects builtin, xt; op name xt.op.
  void standardHeader() {
    std::string strings = varint(3) + varint(3) + varint(3) + varint(8) + std::string("builtin\0xt\0op\0", 14);
    section(0, strings);
    section(1, varint(2) + varint(0 << 1) + varint(1 << 1) + varint(1) + varint(1) + varint(1) + varint(2 << 1));
    section(8, varint(0));
  }
  /// One top-level `xt.op` whose location is attribute 0.
  void irWithOneOp() { section(4, varint(1 << 1) + varint(0) + std::string(1, '\0') + varint(0)); }
};

TEST(BytecodeFuzz, HostileFiles) { runOnLargeStack([] {
  auto expectError = [](const std::string &bytes, std::string_view message) {
    SCOPED_TRACE(std::string(message));
    TestContext t;
    OwnedOp op(readBytecode(t.ctx, bytes));
    EXPECT_FALSE(op.op);
    EXPECT_NE(t.lastMessage.find(message), std::string::npos) << "got: " << t.lastMessage;
  };

  // An attribute that contains itself.
  {
    FileBuilder f;
    f.standardHeader();
    std::string attr = FileBuilder::varint(0) + FileBuilder::varint(1) + FileBuilder::varint(0); // [#0]
    f.section(3, FileBuilder::varint(1) + FileBuilder::varint(0) + FileBuilder::varint(0) + FileBuilder::varint(1) +
                     FileBuilder::varint((attr.size() << 1) | 1));
    f.section(2, attr);
    f.irWithOneOp();
    expectError(f.bytes, "refers to itself");
  }
  // A chain of 5000 nested arrays.
  {
    FileBuilder f;
    f.standardHeader();
    constexpr unsigned n = 5000;
    std::string data, offsets = FileBuilder::varint(n) + FileBuilder::varint(0) + FileBuilder::varint(0) +
                                FileBuilder::varint(n);
    for (unsigned i = 0; i < n; ++i) {
      std::string attr = i + 1 < n ? FileBuilder::varint(0) + FileBuilder::varint(1) + FileBuilder::varint(i + 1)
                                   : FileBuilder::varint(7); // unit
      offsets += FileBuilder::varint((attr.size() << 1) | 1);
      data += attr;
    }
    f.section(3, offsets);
    f.section(2, data);
    f.irWithOneOp();
    expectError(f.bytes, "nested too deeply");
  }
  // Counts far beyond the data.
  {
    FileBuilder f;
    f.section(0, FileBuilder::varint(uint64_t(1) << 60));
    expectError(f.bytes, "missing data for top-level section");
  }
  {
    FileBuilder f;
    f.standardHeader();
    f.section(3, FileBuilder::varint(uint64_t(1) << 62) + FileBuilder::varint(uint64_t(1) << 62));
    f.section(2, "");
    f.irWithOneOp();
    expectError(f.bytes, "declares more entries than it holds");
  }
  {
    FileBuilder f;
    f.section(0, FileBuilder::varint(uint64_t(1) << 61));
    f.section(1, FileBuilder::varint(0));
    f.section(2, "");
    f.section(3, FileBuilder::varint(0) + FileBuilder::varint(0));
    f.section(4, FileBuilder::varint(1 << 1));
    f.section(8, FileBuilder::varint(0));
    expectError(f.bytes, "string section declares");
  }
  // A section longer than the file.
  {
    std::string bytes = std::string("ML\xEFR", 4) + "\x0D" + std::string("p\0", 2) + std::string(1, '\0') + FileBuilder::varint(1000);
    expectError(bytes, "attempting to parse 1000 bytes when only 0 remain");
  }
  // A future version.
  expectError(std::string("ML\xEFR\x0F", 5), "bytecode version 7 is newer than the current version 6");
});
}

} // namespace
