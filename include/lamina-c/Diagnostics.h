/*===- lamina-c/Diagnostics.h - Diagnostics in the C API ------------------===*\
|*                                                                            *|
|* Handlers that receive the errors, warnings and remarks a context emits     *|
|* (MLIR's mlir-c/Diagnostics.h). Without a handler, errors are printed to    *|
|* standard error.                                                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef LAMINA_C_DIAGNOSTICS_H
#define LAMINA_C_DIAGNOSTICS_H

#include "lamina-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A diagnostic, valid only during the handler call that receives it. */
LAMINA_DEFINE_C_API_STRUCT(LaminaDiagnostic, void);

typedef enum LaminaDiagnosticSeverity {
  LaminaDiagnosticError,
  LaminaDiagnosticWarning,
  LaminaDiagnosticNote,
  LaminaDiagnosticRemark
} LaminaDiagnosticSeverity;

/** Identifies an attached handler, to detach it. */
typedef uint64_t LaminaDiagnosticHandlerID;

/** A handler returns success if it handled the diagnostic; otherwise the
 *  diagnostic goes on to the handler attached before it. */
typedef LaminaLogicalResult (*LaminaDiagnosticHandler)(LaminaDiagnostic, void *userData);

/** Prints the message (without location or severity). */
LAMINA_CAPI_EXPORTED void laminaDiagnosticPrint(LaminaDiagnostic diagnostic, LaminaStringCallback callback,
                                                void *userData);
LAMINA_CAPI_EXPORTED LaminaLocation laminaDiagnosticGetLocation(LaminaDiagnostic diagnostic);
LAMINA_CAPI_EXPORTED LaminaDiagnosticSeverity laminaDiagnosticGetSeverity(LaminaDiagnostic diagnostic);
LAMINA_CAPI_EXPORTED intptr_t laminaDiagnosticGetNumNotes(LaminaDiagnostic diagnostic);
LAMINA_CAPI_EXPORTED LaminaDiagnostic laminaDiagnosticGetNote(LaminaDiagnostic diagnostic, intptr_t pos);

/** Attaches a handler to the context; it is called for every diagnostic
 *  until detached (handlers attached later are asked first). `deleteUserData`
 *  (may be null) is called on `userData` when the handler is detached or the
 *  context destroyed. Diagnostics of passes running on several threads are
 *  delivered one at a time. */
LAMINA_CAPI_EXPORTED LaminaDiagnosticHandlerID laminaContextAttachDiagnosticHandler(
    LaminaContext context, LaminaDiagnosticHandler handler, void *userData, void (*deleteUserData)(void *));
LAMINA_CAPI_EXPORTED void laminaContextDetachDiagnosticHandler(LaminaContext context, LaminaDiagnosticHandlerID id);

/** Emits an error at `location`. */
LAMINA_CAPI_EXPORTED void laminaEmitError(LaminaLocation location, const char *message);

#ifdef __cplusplus
}
#endif

#endif /* LAMINA_C_DIAGNOSTICS_H */
