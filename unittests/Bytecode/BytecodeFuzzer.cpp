//===- BytecodeFuzzer.cpp - libFuzzer entry point for the bytecode reader -===//
//
// Reads arbitrary bytes as bytecode (and writes back what was read). Built
// only with Clang and -DLAMINA_BUILD_FUZZERS=ON; see unittests/Bytecode/
// CMakeLists.txt. Seed it with files written by `lamina-opt --emit-bytecode`.
//
#include "lamina/Bytecode/BytecodeReader.h"
#include "lamina/Bytecode/BytecodeWriter.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/RawOstream.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace lamina;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DialectRegistry registry;
  registry.insert<BuiltinDialect>();
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.allowUnregisteredDialects();
  // Diagnostics are expected: swallow them.
  ctx.getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
  ParserConfig config(&ctx);
  std::string_view buffer(reinterpret_cast<const char *>(data), size);
  Operation *op = readBytecodeFileForTool(buffer, "fuzz.mlirbc", config, /*insertImplicitModule=*/true);
  if (!op)
    return 0;
  std::string out;
  raw_string_ostream os(out);
  (void)writeBytecodeToFile(op, os);
  op->destroy();
  return 0;
}
