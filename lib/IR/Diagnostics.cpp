//===- Diagnostics.cpp - Errors, warnings, remarks and notes --------------===//
#include "lamina/IR/Diagnostics.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SourceMgr.h"

#include <cstdio>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Diagnostic
//===----------------------------------------------------------------------===//

Diagnostic &Diagnostic::operator<<(double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%g", v);
  message.append(buf);
  return *this;
}

Diagnostic &Diagnostic::operator<<(Type t) {
  raw_string_ostream os(message);
  t.print(os);
  return *this;
}

Diagnostic &Diagnostic::operator<<(Attribute a) {
  raw_string_ostream os(message);
  a.print(os);
  return *this;
}

Diagnostic &Diagnostic::operator<<(const OperationName &name) {
  message.append(name.getStringRef());
  return *this;
}

Diagnostic &Diagnostic::operator<<(Operation &op) {
  raw_string_ostream os(message);
  OpPrintingFlags flags;
  // Diagnostics print the op generically with local scope and debug info
  // off, as MLIR does by default.
  flags.useLocalScope().elideLargeElementsAttrs();
  if (!op.isRegistered() || true)
    flags.printGenericOpForm();
  op.print(os, flags);
  return *this;
}

Diagnostic &Diagnostic::operator<<(Value v) {
  raw_string_ostream os(message);
  v.print(os);
  return *this;
}

Diagnostic &Diagnostic::attachNote(std::optional<Location> noteLoc) {
  notes.push_back(std::make_unique<Diagnostic>(noteLoc ? *noteLoc : loc, DiagnosticSeverity::Note));
  return *notes.back();
}

//===----------------------------------------------------------------------===//
// InFlightDiagnostic / DiagnosticEngine
//===----------------------------------------------------------------------===//

InFlightDiagnostic &InFlightDiagnostic::operator=(InFlightDiagnostic &&other) {
  if (this != &other) {
    if (isInFlight())
      report();
    owner = other.owner;
    impl = std::move(other.impl);
    other.impl.reset();
  }
  return *this;
}

void InFlightDiagnostic::report() {
  if (impl && owner)
    owner->emit(std::move(*impl));
  impl.reset();
}

DiagnosticEngine::HandlerID DiagnosticEngine::registerHandler(HandlerTy handler) {
  std::lock_guard<std::mutex> lock(*mutex);
  HandlerID id = nextID++;
  handlers.emplace_back(id, std::move(handler));
  return id;
}

void DiagnosticEngine::eraseHandler(HandlerID id) {
  std::lock_guard<std::mutex> lock(*mutex);
  for (auto it = handlers.begin(); it != handlers.end(); ++it)
    if (it->first == id) {
      handlers.erase(it);
      return;
    }
}

void DiagnosticEngine::emit(Diagnostic &&diag) {
  std::lock_guard<std::mutex> lock(*mutex);
  for (auto it = handlers.rbegin(); it != handlers.rend(); ++it)
    if (succeeded(it->second(diag)))
      return;
  // Default: print errors to stderr.
  if (diag.getSeverity() != DiagnosticSeverity::Error)
    return;
  raw_ostream &os = errs();
  printDiagnosticLocation(os, diag.getLocation());
  os << ": error: " << diag.str() << '\n';
  os.flush();
}

static InFlightDiagnostic emitDiag(Location loc, DiagnosticSeverity severity, std::string_view message) {
  DiagnosticEngine &engine = loc.getContext()->getDiagEngine();
  InFlightDiagnostic diag = engine.emit(loc, severity);
  if (!message.empty())
    diag << message;
  return diag;
}

InFlightDiagnostic lamina::emitError(Location loc) { return emitDiag(loc, DiagnosticSeverity::Error, {}); }
InFlightDiagnostic lamina::emitError(Location loc, std::string_view message) {
  return emitDiag(loc, DiagnosticSeverity::Error, message);
}
InFlightDiagnostic lamina::emitWarning(Location loc) { return emitDiag(loc, DiagnosticSeverity::Warning, {}); }
InFlightDiagnostic lamina::emitWarning(Location loc, std::string_view message) {
  return emitDiag(loc, DiagnosticSeverity::Warning, message);
}
InFlightDiagnostic lamina::emitRemark(Location loc) { return emitDiag(loc, DiagnosticSeverity::Remark, {}); }
InFlightDiagnostic lamina::emitRemark(Location loc, std::string_view message) {
  return emitDiag(loc, DiagnosticSeverity::Remark, message);
}

//===----------------------------------------------------------------------===//
// SourceMgrDiagnosticHandler
//===----------------------------------------------------------------------===//

/// Finds the first FileLineColRange inside `loc` (through names, call
/// sites' callees and fused locations).
static std::optional<FileLineColRange> findFileLoc(LocationAttr loc) {
  std::vector<LocationAttr> worklist{loc};
  while (!worklist.empty()) {
    LocationAttr l = worklist.back();
    worklist.pop_back();
    if (auto f = dyn_cast<FileLineColRange>(l))
      return f;
    if (auto n = dyn_cast<NameLoc>(l)) {
      worklist.push_back(n.getChildLoc());
    } else if (auto c = dyn_cast<CallSiteLoc>(l)) {
      worklist.push_back(c.getCallee());
    } else if (auto fu = dyn_cast<FusedLoc>(l)) {
      auto locs = fu.getLocations();
      for (size_t i = locs.size(); i-- > 0;)
        worklist.push_back(locs[i]);
    } else if (auto o = dyn_cast<OpaqueLoc>(l)) {
      worklist.push_back(o.getFallbackLocation());
    }
  }
  return std::nullopt;
}

void lamina::printDiagnosticLocation(raw_ostream &os, Location loc) {
  if (auto f = findFileLoc(loc)) {
    os << f->getFilename().getValue() << ':' << f->getStartLine() << ':' << f->getStartColumn();
    return;
  }
  Attribute(LocationAttr(loc)).print(os);
}

SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler(SourceMgr &mgr, MLIRContext *ctx, raw_ostream &os)
    : mgr(mgr), os(os), context(ctx) {
  handlerID = ctx->getDiagEngine().registerHandler([this](Diagnostic &diag) {
    emitDiagnostic(diag);
    return success();
  });
}

SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler(SourceMgr &mgr, MLIRContext *ctx)
    : SourceMgrDiagnosticHandler(mgr, ctx, errs()) {}

SourceMgrDiagnosticHandler::~SourceMgrDiagnosticHandler() { context->getDiagEngine().eraseHandler(handlerID); }

static const char *severityLabel(DiagnosticSeverity kind) {
  switch (kind) {
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

void SourceMgrDiagnosticHandler::emitDiagnostic(Diagnostic &diag) {
  emitDiagnostic(diag.getLocation(), diag.str(), diag.getSeverity());
  for (const auto &note : diag.getNotes())
    emitDiagnostic(note->getLocation(), note->str(), note->getSeverity());
  os.flush();
}

const char *SourceMgrDiagnosticHandler::convertLocToPointer(Location loc) {
  auto f = findFileLoc(loc);
  if (!f)
    return nullptr;
  for (unsigned id = 1; id <= mgr.getNumBuffers(); ++id) {
    if (mgr.getMemoryBuffer(id)->getBufferIdentifier() != f->getFilename().getValue())
      continue;
    return mgr.findLocation(id, f->getStartLine(), f->getStartColumn());
  }
  return nullptr;
}

void SourceMgrDiagnosticHandler::emitDiagnostic(Location loc, std::string_view message, DiagnosticSeverity kind,
                                                bool displaySourceLine) {
  auto f = findFileLoc(loc);
  if (!f) {
    if (!isa<UnknownLoc>(LocationAttr(loc))) {
      Attribute(LocationAttr(loc)).print(os);
      os << ": ";
    }
    os << severityLabel(kind) << ": " << message << '\n';
    return;
  }
  os << f->getFilename().getValue() << ':' << f->getStartLine() << ':' << f->getStartColumn() << ": "
     << severityLabel(kind) << ": " << message << '\n';
  if (!displaySourceLine)
    return;
  const char *ptr = convertLocToPointer(loc);
  if (!ptr)
    return;
  std::string_view line = mgr.getLineText(ptr);
  os << line << '\n';
  unsigned col = f->getStartColumn();
  for (unsigned i = 1; i < col; ++i)
    os << (i - 1 < line.size() && line[i - 1] == '\t' ? '\t' : ' ');
  os << "^\n";
}
