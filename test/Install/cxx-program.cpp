// A C++ program built against the installed Lamina with
// `c++ cxx-program.cpp $(pkg-config --cflags --libs lamina)` by
// scripts/test-install.sh, which checks its output with FileCheck.
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/Operation.h"
#include "lamina/InitAllDialects.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SourceMgr.h"
#include "lamina/Version.h"

int main() {
  lamina::DialectRegistry registry;
  lamina::registerAllDialects(registry);
  lamina::MLIRContext context(registry);
  lamina::SourceMgr sourceMgr;
  unsigned buffer = sourceMgr.addNewSourceBuffer(
      lamina::MemoryBuffer::getMemBufferCopy("func.func @g() {\n  return\n}\n", "input"));
  lamina::Operation *module = lamina::parseSourceFileForTool(sourceMgr, buffer, lamina::ParserConfig(&context));
  if (!module)
    return 1;
  int ops = 0;
  module->walk([&](lamina::Operation *) { ++ops; });
  module->print(lamina::outs());
  lamina::outs() << "ops " << ops << ", lamina " << LAMINA_VERSION_STRING << "\n";
  module->erase();
  return 0;
}
// CHECK:      func.func @g() {
// CHECK-NEXT:   return
// CHECK:      ops 3, lamina {{[0-9]+\.[0-9]+\.[0-9]+}}
