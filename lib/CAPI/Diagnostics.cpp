//===- Diagnostics.cpp - Diagnostics in the C API -------------------------===//
#include "lamina-c/Diagnostics.h"

#include "Wrap.h"

#include "lamina/IR/Diagnostics.h"

#include <memory>

using namespace lamina;

static Diagnostic *unwrap(LaminaDiagnostic diagnostic) { return static_cast<Diagnostic *>(diagnostic.ptr); }
static LaminaDiagnostic wrap(Diagnostic *diagnostic) { return LaminaDiagnostic{diagnostic}; }

void laminaDiagnosticPrint(LaminaDiagnostic diagnostic, LaminaStringCallback callback, void *userData) {
  const std::string &message = unwrap(diagnostic)->str();
  callback(LaminaStringRef{message.data(), message.size()}, userData);
}

LaminaLocation laminaDiagnosticGetLocation(LaminaDiagnostic diagnostic) {
  return wrap(unwrap(diagnostic)->getLocation());
}

LaminaDiagnosticSeverity laminaDiagnosticGetSeverity(LaminaDiagnostic diagnostic) {
  switch (unwrap(diagnostic)->getSeverity()) {
  case DiagnosticSeverity::Error:
    return LaminaDiagnosticError;
  case DiagnosticSeverity::Warning:
    return LaminaDiagnosticWarning;
  case DiagnosticSeverity::Note:
    return LaminaDiagnosticNote;
  case DiagnosticSeverity::Remark:
    return LaminaDiagnosticRemark;
  }
  return LaminaDiagnosticError;
}

intptr_t laminaDiagnosticGetNumNotes(LaminaDiagnostic diagnostic) {
  return intptr_t(unwrap(diagnostic)->getNotes().size());
}

LaminaDiagnostic laminaDiagnosticGetNote(LaminaDiagnostic diagnostic, intptr_t pos) {
  return wrap(unwrap(diagnostic)->getNotes()[size_t(pos)].get());
}

namespace {
/// The user data of an attached handler; deleted with the last copy of the
/// handler (when it is detached or the context dies).
struct HandlerUserData {
  HandlerUserData(void *userData, void (*deleteUserData)(void *)) : userData(userData), deleteUserData(deleteUserData) {}
  HandlerUserData(const HandlerUserData &) = delete;
  void *userData;
  void (*deleteUserData)(void *);
  ~HandlerUserData() {
    if (deleteUserData)
      deleteUserData(userData);
  }
};
} // namespace

LaminaDiagnosticHandlerID laminaContextAttachDiagnosticHandler(LaminaContext context, LaminaDiagnosticHandler handler,
                                                               void *userData, void (*deleteUserData)(void *)) {
  auto data = std::make_shared<HandlerUserData>(userData, deleteUserData);
  return unwrap(context)->getDiagEngine().registerHandler([handler, data](Diagnostic &diag) -> LogicalResult {
    return success(laminaLogicalResultIsSuccess(handler(wrap(&diag), data->userData)));
  });
}

void laminaContextDetachDiagnosticHandler(LaminaContext context, LaminaDiagnosticHandlerID id) {
  unwrap(context)->getDiagEngine().eraseHandler(id);
}

void laminaEmitError(LaminaLocation location, const char *message) { emitError(unwrap(location), message).report(); }
