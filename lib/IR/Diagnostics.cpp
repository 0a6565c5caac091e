//===- Diagnostics.cpp - Errors, warnings, remarks and notes --------------===//
//
// The printing follows mlir-opt (MLIR's SourceMgrDiagnosticHandler on top of
// llvm::SourceMgr::PrintMessage / SMDiagnostic::print) byte for byte: tab
// expansion to 8 columns, no caret line for lines with non-ASCII bytes,
// `~` ranges, trailing blanks of the caret line dropped, `<unknown>:0` for
// messages without a position.
//
#include "lamina/IR/Diagnostics.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SourceMgr.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sys/stat.h>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Diagnostic
//===----------------------------------------------------------------------===//

Diagnostic &Diagnostic::operator<<(double v) {
  // llvm::write_double with FloatStyle::Exponent.
  if (std::isnan(v)) {
    message.append("nan");
    return *this;
  }
  if (std::isinf(v)) {
    message.append(std::signbit(v) ? "-INF" : "INF");
    return *this;
  }
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%e", v);
  message.append(buf);
  return *this;
}

Diagnostic &Diagnostic::operator<<(Type t) {
  raw_string_ostream os(message);
  os << '\'';
  t.print(os);
  os << '\'';
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

/// MLIR's adjustPrintingFlags: diagnostics print ops with local scope and
/// elided large constants, and in generic form when reporting an error.
static OpPrintingFlags adjustPrintingFlags(OpPrintingFlags flags, DiagnosticSeverity severity) {
  flags.useLocalScope();
  flags.elideLargeElementsAttrs();
  if (severity == DiagnosticSeverity::Error)
    flags.printGenericOpForm();
  return flags;
}

Diagnostic &Diagnostic::operator<<(Operation &op) { return appendOp(op, OpPrintingFlags()); }

Diagnostic &Diagnostic::appendOp(Operation &op, const OpPrintingFlags &flags) {
  std::string str;
  {
    raw_string_ostream os(str);
    op.print(os, adjustPrintingFlags(flags, severity));
  }
  // Multi-line ops start on their own line.
  if (str.find('\n') != std::string::npos)
    message.push_back('\n');
  message.append(str);
  return *this;
}

Diagnostic &Diagnostic::operator<<(Value v) {
  raw_string_ostream os(message);
  if (!v) {
    os << "<<NULL VALUE>>";
  } else if (Operation *def = v.getDefiningOp()) {
    def->print(os, adjustPrintingFlags(OpPrintingFlags(), severity));
  } else {
    os << "<block argument> of type '";
    v.getType().print(os);
    os << "' at index: " << BlockArgument(v).getArgNumber();
  }
  return *this;
}

Diagnostic &Diagnostic::attachNote(std::optional<Location> noteLoc) {
  notes.push_back(std::make_unique<Diagnostic>(noteLoc ? *noteLoc : loc, DiagnosticSeverity::Note));
  return *notes.back();
}

//===----------------------------------------------------------------------===//
// InFlightDiagnostic
//===----------------------------------------------------------------------===//

InFlightDiagnostic &InFlightDiagnostic::operator=(InFlightDiagnostic &&other) {
  if (this != &other) {
    if (isInFlight())
      report();
    owner = other.owner;
    impl = std::move(other.impl);
    other.owner = nullptr;
    other.impl.reset();
  }
  return *this;
}

void InFlightDiagnostic::report() {
  if (isInFlight()) {
    DiagnosticEngine *engine = owner;
    owner = nullptr;
    engine->emit(std::move(*impl));
  }
  impl.reset();
}

//===----------------------------------------------------------------------===//
// ParallelDiagnosticHandler capture state
//===----------------------------------------------------------------------===//

struct ParallelDiagnosticHandler::Impl {
  DiagnosticEngine *engine;
  std::mutex mutex;
  /// (order id, diagnostic) in arrival order.
  std::vector<std::pair<size_t, Diagnostic>> diagnostics;
};

namespace {
/// The parallel handlers capturing this thread's diagnostics, innermost last.
struct CaptureFrame {
  ParallelDiagnosticHandler::Impl *handler;
  size_t orderID;
};
thread_local std::vector<CaptureFrame> tlsCaptureStack;
thread_local unsigned tlsSuppressionDepth = 0;
} // namespace

//===----------------------------------------------------------------------===//
// DiagnosticEngine
//===----------------------------------------------------------------------===//

DiagnosticEngine::HandlerID DiagnosticEngine::registerHandler(HandlerTy handler) {
  std::lock_guard<std::recursive_mutex> lock(*mutex);
  HandlerID id = nextID++;
  handlers.emplace_back(id, std::move(handler));
  return id;
}

void DiagnosticEngine::eraseHandler(HandlerID id) {
  std::lock_guard<std::recursive_mutex> lock(*mutex);
  for (auto it = handlers.begin(); it != handlers.end(); ++it)
    if (it->first == id) {
      handlers.erase(it);
      return;
    }
}

ScopedDiagnosticSuppression::ScopedDiagnosticSuppression() { ++tlsSuppressionDepth; }
ScopedDiagnosticSuppression::~ScopedDiagnosticSuppression() { --tlsSuppressionDepth; }

void DiagnosticEngine::emit(Diagnostic &&diag) {
  if (tlsSuppressionDepth)
    return;
  // A parallel region running on this thread buffers the diagnostic so it
  // can be replayed in a deterministic order.
  if (!tlsCaptureStack.empty()) {
    CaptureFrame &frame = tlsCaptureStack.back();
    if (frame.handler->engine == this) {
      std::lock_guard<std::mutex> lock(frame.handler->mutex);
      frame.handler->diagnostics.emplace_back(frame.orderID, std::move(diag));
      return;
    }
  }
  std::lock_guard<std::recursive_mutex> lock(*mutex);
  for (auto it = handlers.rbegin(); it != handlers.rend(); ++it)
    if (succeeded(it->second(diag)))
      return;
  // Default: print errors to stderr.
  if (diag.getSeverity() != DiagnosticSeverity::Error)
    return;
  raw_ostream &os = errs();
  if (!isa<UnknownLoc>(LocationAttr(diag.getLocation()))) {
    diag.getLocation().print(os);
    os << ": ";
  }
  os << "error: " << diag.str() << '\n';
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
// ScopedDiagnosticHandler
//===----------------------------------------------------------------------===//

ScopedDiagnosticHandler::ScopedDiagnosticHandler(MLIRContext *ctx, DiagnosticEngine::HandlerTy handler)
    : ctx(ctx) {
  setHandler(std::move(handler));
}

void ScopedDiagnosticHandler::setHandler(DiagnosticEngine::HandlerTy handler) {
  if (handlerID)
    ctx->getDiagEngine().eraseHandler(handlerID);
  handlerID = ctx->getDiagEngine().registerHandler(std::move(handler));
}

ScopedDiagnosticHandler::~ScopedDiagnosticHandler() {
  if (handlerID)
    ctx->getDiagEngine().eraseHandler(handlerID);
}

//===----------------------------------------------------------------------===//
// Source message printing (llvm::SMDiagnostic)
//===----------------------------------------------------------------------===//

const char *detail::getSeverityLabel(DiagnosticSeverity kind) {
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

static constexpr unsigned kTabStop = 8;

/// Prints a source line, expanding tabs to the next multiple of 8.
static void printSourceLine(raw_ostream &os, std::string_view line) {
  unsigned outCol = 0;
  for (size_t i = 0; i < line.size();) {
    size_t nextTab = line.find('\t', i);
    if (nextTab == std::string_view::npos) {
      os << line.substr(i);
      break;
    }
    os << line.substr(i, nextTab - i);
    outCol += nextTab - i;
    i = nextTab + 1;
    do {
      os << ' ';
      ++outCol;
    } while (outCol % kTabStop != 0);
  }
  os << '\n';
}

void detail::printSourceMessage(raw_ostream &os, const MemoryBuffer *buffer, const char *ptr,
                                DiagnosticSeverity kind, std::string_view message,
                                const std::vector<SourceRange> &ranges) {
  if (!buffer || !ptr) {
    os << "<unknown>:0: " << getSeverityLabel(kind) << ": " << message << '\n';
    return;
  }
  const char *bufStart = buffer->getBufferStart(), *bufEnd = buffer->getBufferEnd();
  // Line number and column count lines by '\n' (llvm::SourceMgr's line
  // table); the displayed line also stops at '\r'.
  unsigned lineNo = 1;
  const char *lastNewline = nullptr;
  for (const char *p = bufStart; p < ptr; ++p)
    if (*p == '\n') {
      ++lineNo;
      lastNewline = p;
    }
  unsigned column = unsigned(ptr - (lastNewline ? lastNewline + 1 : bufStart));
  const char *lineStart = ptr;
  while (lineStart != bufStart && lineStart[-1] != '\n' && lineStart[-1] != '\r')
    --lineStart;
  const char *lineEnd = ptr;
  while (lineEnd != bufEnd && *lineEnd != '\n' && *lineEnd != '\r')
    ++lineEnd;
  std::string_view lineText(lineStart, lineEnd - lineStart);

  std::string_view name = buffer->getBufferIdentifier();
  os << (name == "-" ? std::string_view("<stdin>") : name) << ':' << lineNo << ':' << (column + 1) << ": "
     << getSeverityLabel(kind) << ": " << message << '\n';

  for (char c : lineText)
    if (static_cast<unsigned char>(c) & 0x80) {
      printSourceLine(os, lineText);
      return;
    }
  size_t numColumns = lineText.size();
  std::string caretLine(numColumns + 1, ' ');
  for (const SourceRange &r : ranges) {
    if (!r.start || !r.end || r.start > lineEnd || r.end < lineStart)
      continue;
    const char *s = std::max(r.start, lineStart), *e = std::min(r.end, lineEnd);
    std::fill(caretLine.begin() + (s - lineStart), caretLine.begin() + (e - lineStart), '~');
  }
  unsigned caretCol = unsigned(ptr - lineStart);
  caretLine[std::min<size_t>(caretCol, numColumns)] = '^';
  caretLine.erase(caretLine.find_last_not_of(' ') + 1);
  printSourceLine(os, lineText);
  unsigned outCol = 0;
  for (size_t i = 0; i < caretLine.size(); ++i) {
    if (i >= lineText.size() || lineText[i] != '\t') {
      os << caretLine[i];
      ++outCol;
      continue;
    }
    do {
      os << caretLine[i];
      ++outCol;
    } while (outCol % kTabStop != 0);
  }
  os << '\n';
}

//===----------------------------------------------------------------------===//
// Location helpers
//===----------------------------------------------------------------------===//

std::optional<Location> detail::findFileLineColLoc(Location loc) {
  // Pre-order walk of the location's nested locations (MLIR's
  // LocationAttr::findInstanceOf over AttrTypeWalker): a call site visits
  // its callee then its caller, a fused location its locations then its
  // metadata when that is itself a location.
  std::vector<LocationAttr> worklist{LocationAttr(loc)};
  while (!worklist.empty()) {
    LocationAttr l = worklist.back();
    worklist.pop_back();
    if (isa<FileLineColRange>(l))
      return Location(l);
    if (auto n = dyn_cast<NameLoc>(l)) {
      worklist.push_back(n.getChildLoc());
    } else if (auto c = dyn_cast<CallSiteLoc>(l)) {
      worklist.push_back(c.getCaller());
      worklist.push_back(c.getCallee());
    } else if (auto f = dyn_cast<FusedLoc>(l)) {
      if (auto meta = dyn_cast_or_null<LocationAttr>(f.getMetadata()))
        worklist.push_back(meta);
      auto locs = f.getLocations();
      for (size_t i = locs.size(); i-- > 0;)
        worklist.push_back(locs[i]);
    } else if (auto o = dyn_cast<OpaqueLoc>(l)) {
      worklist.push_back(o.getFallbackLocation());
    }
  }
  return std::nullopt;
}

/// MLIR's getCallSiteLoc: a call site found through names and fused
/// locations (first match in a fused list).
static std::optional<CallSiteLoc> getCallSiteLoc(LocationAttr loc) {
  while (true) {
    if (auto n = dyn_cast<NameLoc>(loc)) {
      loc = n.getChildLoc();
      continue;
    }
    if (auto c = dyn_cast<CallSiteLoc>(loc))
      return c;
    if (auto f = dyn_cast<FusedLoc>(loc)) {
      // Depth here is bounded by the location's own nesting; use a worklist
      // over the fused children in order.
      std::vector<LocationAttr> worklist;
      auto locs = f.getLocations();
      for (size_t i = locs.size(); i-- > 0;)
        worklist.push_back(locs[i]);
      while (!worklist.empty()) {
        LocationAttr l = worklist.back();
        worklist.pop_back();
        if (auto n = dyn_cast<NameLoc>(l)) {
          worklist.push_back(n.getChildLoc());
        } else if (auto c = dyn_cast<CallSiteLoc>(l)) {
          return c;
        } else if (auto ff = dyn_cast<FusedLoc>(l)) {
          auto sub = ff.getLocations();
          for (size_t i = sub.size(); i-- > 0;)
            worklist.push_back(sub[i]);
        }
      }
      return std::nullopt;
    }
    return std::nullopt;
  }
}

//===----------------------------------------------------------------------===//
// SourceMgrDiagnosticHandler
//===----------------------------------------------------------------------===//

struct SourceMgrDiagnosticHandler::Impl {
  /// Filename -> buffer (null if it could not be found or loaded).
  std::map<std::string, const MemoryBuffer *, std::less<>> filenameToBuffer;
  /// Files loaded from disk for diagnostics that point into them.
  std::vector<std::unique_ptr<MemoryBuffer>> loaded;
};

SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler(SourceMgr &mgr, MLIRContext *ctx, raw_ostream &os,
                                                       bool registerHandler)
    : ScopedDiagnosticHandler(ctx), mgr(mgr), os(os), impl(std::make_unique<Impl>()) {
  if (registerHandler)
    setHandler([this](Diagnostic &diag) {
      emitDiagnostic(diag);
      return success();
    });
}

SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler(SourceMgr &mgr, MLIRContext *ctx, raw_ostream &os)
    : SourceMgrDiagnosticHandler(mgr, ctx, os, /*registerHandler=*/true) {}

SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler(SourceMgr &mgr, MLIRContext *ctx)
    : SourceMgrDiagnosticHandler(mgr, ctx, errs()) {}

SourceMgrDiagnosticHandler::~SourceMgrDiagnosticHandler() = default;

const MemoryBuffer *SourceMgrDiagnosticHandler::getBufferForFile(std::string_view filename) {
  auto it = impl->filenameToBuffer.find(filename);
  if (it != impl->filenameToBuffer.end())
    return it->second;
  const MemoryBuffer *result = nullptr;
  for (unsigned i = 1; i <= mgr.getNumBuffers() && !result; ++i)
    if (mgr.getMemoryBuffer(i)->getBufferIdentifier() == filename)
      result = mgr.getMemoryBuffer(i);
  if (!result && !filename.empty()) {
    // Like llvm::SourceMgr::AddIncludeFile: try to read the file.
    std::string path(filename);
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      std::string error;
      if (auto buffer = MemoryBuffer::getFileOrSTDIN(path, &error)) {
        result = buffer.get();
        impl->loaded.push_back(std::move(buffer));
      }
    }
  }
  impl->filenameToBuffer.emplace(std::string(filename), result);
  return result;
}

const char *SourceMgrDiagnosticHandler::convertLocToPointer(Location loc, const MemoryBuffer **buffer) {
  auto fileLoc = cast<FileLineColRange>(LocationAttr(loc));
  unsigned line = fileLoc.getStartLine(), col = fileLoc.getStartColumn();
  // Zero line or column means "unknown".
  if (line == 0 || col == 0)
    return nullptr;
  const MemoryBuffer *buf = getBufferForFile(fileLoc.getFilename().getValue());
  if (!buf)
    return nullptr;
  // llvm::SourceMgr::FindLocForLineAndColumn.
  const char *p = buf->getBufferStart(), *end = buf->getBufferEnd();
  for (unsigned l = 1; l < line; ++l) {
    const void *nl = std::memchr(p, '\n', size_t(end - p));
    if (!nl)
      return nullptr;
    p = static_cast<const char *>(nl) + 1;
  }
  size_t colOffset = col - 1;
  if (colOffset) {
    if (p + colOffset > end)
      return nullptr;
    for (size_t i = 0; i < colOffset; ++i)
      if (p[i] == '\n' || p[i] == '\r')
        return nullptr;
    p += colOffset;
  }
  *buffer = buf;
  return p;
}

void SourceMgrDiagnosticHandler::emitDiagnostic(Location loc, std::string_view message, DiagnosticSeverity kind,
                                                bool displaySourceLine) {
  std::optional<Location> fileLoc = detail::findFileLineColLoc(loc);
  if (!fileLoc) {
    std::string str;
    {
      raw_string_ostream strOS(str);
      if (!isa<UnknownLoc>(LocationAttr(loc))) {
        loc.print(strOS);
        strOS << ": ";
      }
      strOS << message;
    }
    detail::printSourceMessage(os, nullptr, nullptr, kind, str);
    return;
  }
  if (displaySourceLine) {
    const MemoryBuffer *buffer = nullptr;
    if (const char *ptr = convertLocToPointer(*fileLoc, &buffer)) {
      detail::printSourceMessage(os, buffer, ptr, kind, message);
      return;
    }
  }
  auto f = cast<FileLineColRange>(LocationAttr(*fileLoc));
  os << f.getFilename().getValue() << ':' << f.getStartLine() << ':' << f.getStartColumn() << ": "
     << detail::getSeverityLabel(kind) << ": " << message << '\n';
}

void SourceMgrDiagnosticHandler::emitDiagnostic(Diagnostic &diag) {
  Location loc = diag.getLocation();
  emitDiagnostic(loc, diag.str(), diag.getSeverity());

  // A call site location also prints its callers as notes.
  if (auto callLoc = getCallSiteLoc(loc)) {
    loc = callLoc->getCaller();
    // MLIR's default call stack limit.
    for (unsigned depth = 0; depth < 10; ++depth) {
      emitDiagnostic(loc, "called from", DiagnosticSeverity::Note);
      if ((callLoc = getCallSiteLoc(loc)))
        loc = callLoc->getCaller();
      else
        break;
    }
  }

  // Notes show their source line only when their location differs from the
  // previous one.
  for (const auto &note : diag.getNotes()) {
    emitDiagnostic(note->getLocation(), note->str(), note->getSeverity(),
                   /*displaySourceLine=*/loc != note->getLocation());
    loc = note->getLocation();
  }
  os.flush();
}

//===----------------------------------------------------------------------===//
// ParallelDiagnosticHandler
//===----------------------------------------------------------------------===//

ParallelDiagnosticHandler::ParallelDiagnosticHandler(MLIRContext *ctx) : impl(std::make_unique<Impl>()) {
  impl->engine = &ctx->getDiagEngine();
}

ParallelDiagnosticHandler::~ParallelDiagnosticHandler() {
  // Drop any capture frames of this handler left on the current thread.
  while (!tlsCaptureStack.empty() && tlsCaptureStack.back().handler == impl.get())
    tlsCaptureStack.pop_back();
  if (impl->diagnostics.empty())
    return;
  std::stable_sort(impl->diagnostics.begin(), impl->diagnostics.end(),
                   [](const auto &a, const auto &b) { return a.first < b.first; });
  for (auto &entry : impl->diagnostics)
    impl->engine->emit(std::move(entry.second));
}

void ParallelDiagnosticHandler::setOrderIDForThread(size_t orderID) {
  tlsCaptureStack.push_back(CaptureFrame{impl.get(), orderID});
}

void ParallelDiagnosticHandler::eraseOrderIDForThread() {
  for (size_t i = tlsCaptureStack.size(); i-- > 0;)
    if (tlsCaptureStack[i].handler == impl.get()) {
      tlsCaptureStack.erase(tlsCaptureStack.begin() + i);
      return;
    }
}
