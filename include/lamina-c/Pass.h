/*===- lamina-c/Pass.h - Pass managers in the C API -----------------------===*\
|*                                                                            *|
|* Building pass pipelines from their textual form and running them (MLIR's  *|
|* mlir-c/Pass.h). Passes must be registered first                            *|
|* (laminaRegisterAllPasses in lamina-c/RegisterEverything.h).                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef LAMINA_C_PASS_H
#define LAMINA_C_PASS_H

#include "lamina-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A top-level pass manager, owned by the caller. */
LAMINA_DEFINE_C_API_STRUCT(LaminaPassManager, void);
/** A pass manager nested in another (owned by it). */
LAMINA_DEFINE_C_API_STRUCT(LaminaOpPassManager, void);

/** A pass manager that runs on any operation ("any"). */
LAMINA_CAPI_EXPORTED LaminaPassManager laminaPassManagerCreate(LaminaContext ctx);
/** A pass manager that runs on operations named `anchorOp` (e.g. "builtin.module"). */
LAMINA_CAPI_EXPORTED LaminaPassManager laminaPassManagerCreateOnOperation(LaminaContext ctx, LaminaStringRef anchorOp);
LAMINA_CAPI_EXPORTED void laminaPassManagerDestroy(LaminaPassManager passManager);
static inline bool laminaPassManagerIsNull(LaminaPassManager passManager) { return !passManager.ptr; }
/** The top-level pass manager as an OpPassManager (to add passes to it). */
LAMINA_CAPI_EXPORTED LaminaOpPassManager laminaPassManagerGetAsOpPassManager(LaminaPassManager passManager);
/** Runs the pipeline on `op`; failure if a pass failed, the verifier rejected
 *  the result or the pipeline cannot run on `op` (diagnostics go to the
 *  context's handlers). */
LAMINA_CAPI_EXPORTED LaminaLogicalResult laminaPassManagerRunOnOp(LaminaPassManager passManager, LaminaOperation op);
/** Verify the IR after each pass (on by default). */
LAMINA_CAPI_EXPORTED void laminaPassManagerEnableVerifier(LaminaPassManager passManager, bool enable);
/** The nested pass manager for operations named `operationName` (created if needed). */
LAMINA_CAPI_EXPORTED LaminaOpPassManager laminaPassManagerGetNestedUnder(LaminaPassManager passManager,
                                                                         LaminaStringRef operationName);
LAMINA_CAPI_EXPORTED LaminaOpPassManager laminaOpPassManagerGetNestedUnder(LaminaOpPassManager passManager,
                                                                           LaminaStringRef operationName);
/** Parses pipeline elements (`canonicalize,func.func(cse)`, without the
 *  anchor) and adds them; on failure the parser's message (with a caret) goes
 *  to `callback`. */
LAMINA_CAPI_EXPORTED LaminaLogicalResult laminaOpPassManagerAddPipeline(LaminaOpPassManager passManager,
                                                                        LaminaStringRef pipelineElements,
                                                                        LaminaStringCallback callback,
                                                                        void *userData);
/** Parses a full pipeline (`builtin.module(canonicalize,cse)`), whose anchor
 *  must be the pass manager's, and adds its passes. */
LAMINA_CAPI_EXPORTED LaminaLogicalResult laminaParsePassPipeline(LaminaOpPassManager passManager,
                                                                 LaminaStringRef pipeline,
                                                                 LaminaStringCallback callback, void *userData);
/** Prints the pipeline in its textual form (`builtin.module(cse)`). */
LAMINA_CAPI_EXPORTED void laminaPrintPassPipeline(LaminaOpPassManager passManager, LaminaStringCallback callback,
                                                  void *userData);

#ifdef __cplusplus
}
#endif

#endif /* LAMINA_C_PASS_H */
