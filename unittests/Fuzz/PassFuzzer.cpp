//===- PassFuzzer.cpp - libFuzzer target: parse, run passes, verify --------===//
//
// parse -> passes -> verify: the passes are the lamina-opt flags of CMake's
// LAMINA_FUZZ_PASS_FLAGS (by default "--canonicalize --cse"; empty: the
// target is not built; see README.md), which arrive here as
// LAMINA_FUZZ_PASS_FLAGS_STRING. Every input lamina-opt accepts must go
// through the passes without an error (lamina-opt verifies after them), and
// their output must parse and verify again, unless the reference mlir-opt
// shows the same on the same input (see runReference): some ops print a
// form that does not parse back (the test dialect's
// `test.switch_with_no_break` prints a case region of one empty block as
// `{}`, which parses as a region without blocks).
//
#include "FuzzSupport.h"

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

using namespace lamina::fuzz;

namespace {
/// Whether mlir-opt, given `input`, also fails the passes of `withPasses`
/// or prints after them what it rejects when reading it back with `flags`.
bool referencePassesFail(const std::vector<std::string> &withPasses, const std::vector<std::string> &flags,
                         std::string_view input) {
  std::string output, again;
  int status = runReference(withPasses, input, output);
  if (status < 0)
    return false;
  return status != 0 || runReference(flags, output, again) != 0;
}
} // namespace

#ifndef LAMINA_FUZZ_PASS_FLAGS_STRING
#error "built only with -DLAMINA_FUZZ_PASS_FLAGS=..."
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  if (isBytecode(text) || text.find("// -----") != std::string_view::npos)
    return 0;
  std::vector<std::string> flags = {"--allow-unregistered-dialect", "--mlir-disable-threading"};
  std::string parsed, output, again;
  if (runLaminaOpt(flags, text, parsed) != 0)
    return 0;
  static const std::vector<std::string> passFlags = [] {
    std::vector<std::string> result;
    std::istringstream words(LAMINA_FUZZ_PASS_FLAGS_STRING);
    for (std::string flag; words >> flag;)
      result.push_back(flag);
    return result;
  }();
  std::vector<std::string> withPasses = flags;
  withPasses.insert(withPasses.end(), passFlags.begin(), passFlags.end());
  bool passed = runLaminaOpt(withPasses, text, output) == 0;
  bool reparsed = passed && runLaminaOpt(flags, output, again) == 0;
  if (reparsed || referencePassesFail(withPasses, flags, text))
    return 0;
  if (!passed)
    fail("the passes fail on IR that parses and verifies", parsed, "");
  fail("the output of the passes does not parse and verify", output, again);
  return 0;
}
