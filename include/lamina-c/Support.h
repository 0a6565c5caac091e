/*===- lamina-c/Support.h - Strings, results and callbacks of the C API ---===*\
|*                                                                            *|
|* The C API of Lamina mirrors MLIR's C API (mlir-c/): every `Mlir` type is   *|
|* `Lamina` here and every `mlir` function is `lamina` (mlirContextCreate is  *|
|* laminaContextCreate), with the same arguments and meaning. Handles are     *|
|* small structs holding an opaque pointer; no C++ type appears in these      *|
|* headers. See docs/c-api.md.                                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef LAMINA_C_SUPPORT_H
#define LAMINA_C_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Declares an opaque handle type: a struct around one pointer. */
#define LAMINA_DEFINE_C_API_STRUCT(name, storage)                                                         \
  struct name {                                                                                           \
    storage *ptr;                                                                                         \
  };                                                                                                      \
  typedef struct name name

/* Exported symbols (the libraries build with default visibility). */
#define LAMINA_CAPI_EXPORTED __attribute__((visibility("default")))

/*===----------------------------------------------------------------------===*
 * LaminaStringRef
 *===----------------------------------------------------------------------===*/

/** A string that is not owned and not necessarily null-terminated: `length`
 *  bytes from `data`. Strings handed to callbacks live only for the call. */
struct LaminaStringRef {
  const char *data;
  size_t length;
};
typedef struct LaminaStringRef LaminaStringRef;

/** A string reference to `length` bytes at `str`. */
static inline LaminaStringRef laminaStringRefCreate(const char *str, size_t length) {
  LaminaStringRef result;
  result.data = str;
  result.length = length;
  return result;
}

/** A string reference to a null-terminated string (without the terminator). */
LAMINA_CAPI_EXPORTED LaminaStringRef laminaStringRefCreateFromCString(const char *str);

/** Whether two strings have the same bytes. */
LAMINA_CAPI_EXPORTED bool laminaStringRefEqual(LaminaStringRef string, LaminaStringRef other);

/** Receives text in pieces (printing calls it several times per object). */
typedef void (*LaminaStringCallback)(LaminaStringRef, void *userData);

/*===----------------------------------------------------------------------===*
 * LaminaLogicalResult
 *===----------------------------------------------------------------------===*/

/** Success or failure of an operation that may fail. */
struct LaminaLogicalResult {
  int8_t value;
};
typedef struct LaminaLogicalResult LaminaLogicalResult;

static inline bool laminaLogicalResultIsSuccess(LaminaLogicalResult res) { return res.value != 0; }
static inline bool laminaLogicalResultIsFailure(LaminaLogicalResult res) { return res.value == 0; }
static inline LaminaLogicalResult laminaLogicalResultSuccess(void) {
  LaminaLogicalResult res = {1};
  return res;
}
static inline LaminaLogicalResult laminaLogicalResultFailure(void) {
  LaminaLogicalResult res = {0};
  return res;
}

/*===----------------------------------------------------------------------===*
 * Version
 *===----------------------------------------------------------------------===*/

/** The version of the linked Lamina library, "major.minor.patch". */
LAMINA_CAPI_EXPORTED const char *laminaGetVersionString(void);

#ifdef __cplusplus
}
#endif

#endif /* LAMINA_C_SUPPORT_H */
