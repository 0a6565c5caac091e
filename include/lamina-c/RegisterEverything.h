/*===- lamina-c/RegisterEverything.h - Every dialect and pass -------------===*\
|*                                                                            *|
|* Registers everything the Lamina libraries implement (MLIR's                *|
|* mlir-c/RegisterEverything.h).                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef LAMINA_C_REGISTEREVERYTHING_H
#define LAMINA_C_REGISTEREVERYTHING_H

#include "lamina-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Adds every dialect of the library (builtin, func, arith, cf, scf, memref,
 *  affine, math, index, complex, ub, tensor, ...) to `registry`. */
LAMINA_CAPI_EXPORTED void laminaRegisterAllDialects(LaminaDialectRegistry registry);

/** Makes every pass of the library available to textual pipelines (once per
 *  process; later calls do nothing). */
LAMINA_CAPI_EXPORTED void laminaRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* LAMINA_C_REGISTEREVERYTHING_H */
