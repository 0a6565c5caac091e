//===- BytecodeFuzzer.cpp - libFuzzer target: lamina-opt on bytecode ------===//
//
// Reads arbitrary bytes as bytecode (seed it with bytecode files: see
// make-seed-corpus.py --bytecode). What is read must print; writing it as
// bytecode must succeed, and reading that back must print the same generic
// text, unless the reference mlir-opt shows the same difference on the same
// input (see runReference). Inputs that are not bytecode are turned into bytecode by prefixing
// the magic number, so mutations that drop it still exercise the reader.
//
#include "FuzzSupport.h"

#include <string>
#include <string_view>
#include <vector>

using namespace lamina::fuzz;

namespace {
/// Whether mlir-opt also prints other text for what it wrote back (or
/// rejects the input).
bool referenceIsUnstable(const std::vector<std::string> &flags, std::string_view input) {
  std::string text, written, again;
  int status = runReference(flags, input, text);
  if (status < 0)
    return false;
  std::vector<std::string> write = {"--allow-unregistered-dialect", "--emit-bytecode"};
  return status != 0 || runReference(write, input, written) != 0 || runReference(flags, written, again) != 0 ||
         text != again;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string bytes(reinterpret_cast<const char *>(data), size);
  if (!isBytecode(bytes))
    bytes.insert(0, "ML\xef" "R");
  uint64_t hash = hashInput(bytes);

  std::vector<std::string> flags = {"--allow-unregistered-dialect", "--mlir-print-op-generic"};
  if (hash & 1)
    flags.push_back("--mlir-disable-threading");
  if ((hash >> 1 & 3) == 0)
    flags.push_back("--mlir-print-debuginfo");
  std::string firstText, written, secondText;
  if (runLaminaOpt(flags, bytes, firstText) != 0)
    return 0;

  std::vector<std::string> write = {"--allow-unregistered-dialect", "--emit-bytecode"};
  if (hash & 1)
    write.push_back("--mlir-disable-threading");
  if (runLaminaOpt(write, bytes, written) != 0) {
    if (!referenceIsUnstable(flags, bytes))
      fail("lamina-opt cannot write as bytecode what it read", firstText, "");
    return 0;
  }
  bool read = runLaminaOpt(flags, written, secondText) == 0;
  if ((!read || firstText != secondText) && !referenceIsUnstable(flags, bytes)) {
    if (!read)
      fail("lamina-opt rejects the bytecode it wrote", firstText, secondText);
    fail("the IR read back from written bytecode prints other text", firstText, secondText);
  }
  return 0;
}
