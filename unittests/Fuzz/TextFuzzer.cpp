//===- TextFuzzer.cpp - libFuzzer target: lamina-opt on arbitrary text -----===//
//
// Feeds each input to the real lamina-opt driver (optMain) with the dialects
// lamina-opt registers, in several configurations: custom print, generic
// print with locations, and -verify-diagnostics when the input has
// expectations; `-split-input-file` whenever the input has a split marker.
// A few more printing flags are chosen by a hash of the input, so a given
// input always runs the same way. Output goes to /dev/null; diagnostics go
// to stderr (run libFuzzer with -close_fd_mask=2 to silence them).
//
// The promise under test: whatever the bytes, lamina-opt ends with a
// diagnostic or an output, never a crash, sanitizer report, hang, stack
// overflow or huge allocation.
//
// Built with LAMINA_BUILD_FUZZERS (clang, -fsanitize=fuzzer) as
// lamina-text-fuzzer, and always as lamina-fuzz-replay (ReplayMain.cpp),
// which runs the same entry point over files given on the command line.
//
#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Builtin/BuiltinOpDefs.h"
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/Tools/OptMain.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

using namespace lamina;

namespace {

/// The registry of lamina-opt (tools/lamina-opt/lamina-opt.cpp).
DialectRegistry &getRegistry() {
  static DialectRegistry *registry = [] {
    installBuiltinOpDefinitions();
    auto *r = new DialectRegistry();
    r->insert<AffineDialect>();
    r->insert<MemRefDialect>();
    r->insert<BuiltinDialect, ControlFlowDialect, FuncDialect, ArithDialect, SCFDialect>();
    return r;
  }();
  return *registry;
}

/// A file holding the current input, passed to optMain by name.
const std::string &getInputPath() {
  static std::string path = [] {
    const char *dir = std::getenv("TMPDIR");
    std::string p = std::string(dir && *dir ? dir : "/tmp") + "/lamina-fuzz-" + std::to_string(::getpid()) + ".mlir";
    std::atexit([] { ::unlink(getInputPath().c_str()); });
    return p;
  }();
  return path;
}

bool writeInput(const uint8_t *data, size_t size) {
  FILE *f = std::fopen(getInputPath().c_str(), "wb");
  if (!f)
    return false;
  bool ok = std::fwrite(data, 1, size, f) == size;
  return std::fclose(f) == 0 && ok;
}

void runOpt(std::vector<std::string> args) {
  args.insert(args.begin(), "lamina-opt");
  args.push_back(getInputPath());
  args.push_back("-o");
  args.push_back("/dev/null");
  std::vector<char *> argv;
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  if (std::getenv("LAMINA_FUZZ_VERBOSE")) {
    std::fprintf(stderr, "lamina-fuzz: running");
    for (size_t i = 0; i + 1 < argv.size(); ++i)
      std::fprintf(stderr, " %s", argv[i]);
    std::fprintf(stderr, "\n");
  }
  (void)optMain(int(argv.size() - 1), argv.data(), "lamina-opt", getRegistry());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  // Bytecode is another reader with its own fuzzing; stay on the text path.
  if (text.substr(0, 4) == std::string_view("ML\xef" "R", 4))
    return 0;
  if (!writeInput(data, size))
    return 0;
  uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : text)
    hash = (hash ^ c) * 1099511628211ull;

  bool split = text.find("// -----") != std::string_view::npos;
  std::vector<std::string> common;
  if ((hash & 0x700) != 0 || text.find("expected-") != std::string_view::npos)
    common.push_back("--allow-unregistered-dialect");
  if (split)
    common.push_back("--split-input-file");

  // Custom form, with a hash-chosen mix of printing options.
  std::vector<std::string> custom = common;
  static const char *const kExtraFlags[] = {
      "--mlir-print-local-scope",
      "--mlir-print-unique-ssa-ids",
      "--mlir-elide-elementsattrs-if-larger=2",
      "--mlir-print-elementsattrs-with-hex-if-larger=1",
      "--no-implicit-module",
      "--mlir-print-debuginfo",
      "--mlir-pretty-debuginfo",
      "--emit-bytecode",
  };
  for (unsigned i = 0; i < sizeof(kExtraFlags) / sizeof(kExtraFlags[0]); ++i)
    if ((hash >> (16 + 3 * i) & 7) == 0)
      custom.push_back(kExtraFlags[i]);
  runOpt(custom);

  // Generic form with locations.
  std::vector<std::string> generic = common;
  generic.push_back("--mlir-print-op-generic");
  generic.push_back("--mlir-print-debuginfo");
  runOpt(generic);

  // Diagnostics checking, when the input has expectations.
  if (text.find("expected-") != std::string_view::npos) {
    std::vector<std::string> verify = common;
    verify.push_back("--verify-diagnostics");
    runOpt(verify);
  }
  return 0;
}
