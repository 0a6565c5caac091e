//===- RoundTripFuzzer.cpp - libFuzzer target: print, parse, print again ---===//
//
// Whatever lamina-opt accepts, it prints as text that it accepts again and
// prints identically: parse -> print -> parse -> print gives the same text
// twice. The form (custom or generic) and a few printing options are chosen
// by a hash of the input. When the hash says so, the IR also goes through
// bytecode (--emit-bytecode, then read back) and must print the same.
// A difference or a reparse failure is Lamina's unless the reference
// mlir-opt shows it too on the same input (see runReference); then it
// aborts with both texts on stderr.
//
#include "FuzzSupport.h"

#include <string>
#include <string_view>
#include <vector>

using namespace lamina::fuzz;

namespace {
/// Whether mlir-opt, run with `flags` on `input`, also fails to print the
/// same text again (or rejects the input: not this target's business).
bool referenceTextIsUnstable(const std::vector<std::string> &flags, std::string_view input) {
  std::string first, second;
  int status = runReference(flags, input, first);
  if (status < 0)
    return false;
  return status != 0 || runReference(flags, first, second) != 0 || first != second;
}

/// The same through bytecode.
bool referenceBytecodeIsUnstable(const std::vector<std::string> &flags, std::string_view input) {
  std::string text, bytecode, again;
  int status = runReference(flags, input, text);
  if (status < 0)
    return false;
  std::vector<std::string> write = {"--allow-unregistered-dialect", "--emit-bytecode"};
  return status != 0 || runReference(write, input, bytecode) != 0 || runReference(flags, bytecode, again) != 0 ||
         text != again;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  if (isBytecode(text))
    return 0;
  uint64_t hash = hashInput(text);

  std::vector<std::string> flags = {"--allow-unregistered-dialect", "--mlir-disable-threading"};
  if (text.find("// -----") != std::string_view::npos)
    flags.push_back("--split-input-file");
  if (hash & 1)
    flags.push_back("--mlir-print-op-generic");
  if ((hash >> 1 & 3) == 0)
    flags.push_back("--mlir-print-debuginfo");
  if ((hash >> 3 & 3) == 0)
    flags.push_back("--mlir-print-local-scope");

  std::string firstText, secondText;
  if (runLaminaOpt(flags, text, firstText) != 0)
    return 0;
  bool reparsed = runLaminaOpt(flags, firstText, secondText) == 0;
  if ((!reparsed || firstText != secondText) && !referenceTextIsUnstable(flags, text)) {
    if (!reparsed)
      fail("lamina-opt rejects what it printed", firstText, secondText);
    fail("printing the reparsed IR gives other text", firstText, secondText);
  }

  // Through bytecode: write what was read, read it back, print the same.
  // (Split inputs are left out: bytecode holds one module.)
  if ((hash >> 5 & 3) == 0 && text.find("// -----") == std::string_view::npos) {
    std::vector<std::string> write = {"--allow-unregistered-dialect", "--mlir-disable-threading", "--emit-bytecode"};
    std::string bytecode, viaBytecode;
    if (runLaminaOpt(write, text, bytecode) != 0) {
      if (!referenceBytecodeIsUnstable(flags, text))
        fail("lamina-opt cannot write as bytecode what it printed", firstText, "");
      return 0;
    }
    bool read = runLaminaOpt(flags, bytecode, viaBytecode) == 0;
    if ((!read || firstText != viaBytecode) && !referenceBytecodeIsUnstable(flags, text)) {
      if (!read)
        fail("lamina-opt rejects the bytecode it wrote", firstText, viaBytecode);
      fail("the IR read back from bytecode prints other text", firstText, viaBytecode);
    }
  }
  return 0;
}
