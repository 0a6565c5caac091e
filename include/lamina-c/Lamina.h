/*===- lamina-c/Lamina.h - The whole C API --------------------------------===*\
|*                                                                            *|
|* Includes every header of Lamina's C API.                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef LAMINA_C_LAMINA_H
#define LAMINA_C_LAMINA_H

#include "lamina-c/BuiltinAttributes.h"
#include "lamina-c/BuiltinTypes.h"
#include "lamina-c/Diagnostics.h"
#include "lamina-c/IR.h"
#include "lamina-c/Pass.h"
#include "lamina-c/RegisterEverything.h"
#include "lamina-c/Support.h"

#endif /* LAMINA_C_LAMINA_H */
