/* A C program built against the installed Lamina with
 * `cc c-program.c $(pkg-config --cflags --libs lamina-c)` by
 * scripts/test-install.sh, which checks its output with FileCheck. */
#include "lamina-c/Lamina.h"

#include <stdio.h>

static void print(LaminaStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

int main(void) {
  LaminaDialectRegistry registry = laminaDialectRegistryCreate();
  laminaRegisterAllDialects(registry);
  LaminaContext ctx = laminaContextCreateWithRegistry(registry, false);
  laminaDialectRegistryDestroy(registry);
  LaminaModule module = laminaModuleCreateParse(
      ctx, laminaStringRefCreateFromCString("func.func @f(%a: i32) -> i32 {\n"
                                            "  %c0 = arith.constant 0 : i32\n"
                                            "  %0 = arith.addi %a, %c0 : i32\n"
                                            "  return %0 : i32\n"
                                            "}\n"));
  if (laminaModuleIsNull(module))
    return 1;
  laminaRegisterAllPasses();
  LaminaPassManager pm = laminaPassManagerCreateOnOperation(ctx, laminaStringRefCreateFromCString("builtin.module"));
  if (laminaLogicalResultIsFailure(laminaParsePassPipeline(laminaPassManagerGetAsOpPassManager(pm),
                                                           laminaStringRefCreateFromCString("builtin.module(canonicalize)"),
                                                           print, NULL)) ||
      laminaLogicalResultIsFailure(laminaPassManagerRunOnOp(pm, laminaModuleGetOperation(module))))
    return 1;
  laminaOperationPrint(laminaModuleGetOperation(module), print, NULL);
  printf("lamina %s\n", laminaGetVersionString());
  laminaPassManagerDestroy(pm);
  laminaModuleDestroy(module);
  laminaContextDestroy(ctx);
  return 0;
}
// CHECK:      func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
// CHECK:      lamina {{[0-9]+\.[0-9]+\.[0-9]+}}
