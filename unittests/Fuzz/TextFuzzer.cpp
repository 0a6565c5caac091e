//===- TextFuzzer.cpp - libFuzzer target: lamina-opt on arbitrary text -----===//
//
// Feeds each input to lamina-opt in several configurations: custom print,
// generic print with locations, and -verify-diagnostics when the input has
// expectations; `-split-input-file` whenever the input has a split marker.
// A few more printing flags are chosen by a hash of the input, so a given
// input always runs the same way. The output is discarded; diagnostics go
// to stderr (run libFuzzer with -close_fd_mask=2 to silence them).
//
// The promise under test: whatever the bytes, lamina-opt ends with a
// diagnostic or an output, never a crash, sanitizer report, hang, stack
// overflow or huge allocation.
//
#include "FuzzSupport.h"

#include <string>
#include <string_view>
#include <vector>

using namespace lamina::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  // Bytecode has its own target (BytecodeFuzzer.cpp); stay on the text path.
  if (isBytecode(text))
    return 0;
  std::string output;
  uint64_t hash = hashInput(text);

  bool split = text.find("// -----") != std::string_view::npos;
  std::vector<std::string> common;
  if ((hash & 0x700) != 0 || text.find("expected-") != std::string_view::npos)
    common.push_back("--allow-unregistered-dialect");
  if (split)
    common.push_back("--split-input-file");
  if ((hash & 0x3000) == 0)
    common.push_back("--mlir-disable-threading");

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
  runLaminaOpt(custom, text, output);

  // Generic form with locations.
  std::vector<std::string> generic = common;
  generic.push_back("--mlir-print-op-generic");
  generic.push_back("--mlir-print-debuginfo");
  runLaminaOpt(generic, text, output);

  // Diagnostics checking, when the input has expectations.
  if (text.find("expected-") != std::string_view::npos) {
    std::vector<std::string> verify = common;
    verify.push_back("--verify-diagnostics");
    runLaminaOpt(verify, text, output);
  }
  return 0;
}
