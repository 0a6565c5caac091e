//===- DiagnosticVerifier.h - Checks diagnostics against expected-* lines ===//
#pragma once

#include "lamina/IR/Diagnostics.h"

#include <cstddef>
#include <memory>
#include <string_view>

namespace lamina {

/// mlir-opt's --verify-diagnostics. On construction, scans every buffer of
/// the source manager for annotations
///
///   expected-(error|warning|remark|note)[-re] [@(+N|-N|above|below|unknown)] {{message}}
///
/// (one per line; `-re` makes `{{regex}}` segments of the message regular
/// expressions, the rest literal; without `-re` the message is a plain
/// substring). Each diagnostic handed to `process` (and each of its notes)
/// must match an expectation on its line with the same severity; otherwise
/// `unexpected <kind>: <message>` (or a near-miss message when only the
/// severity differs) is printed. `verify()` prints `expected <kind> "<msg>"
/// was not produced` for every expectation never matched and returns the
/// overall status. Like mlir-opt, the destructor calls `verify()` again.
class SourceMgrDiagnosticVerifierHandler : public SourceMgrDiagnosticHandler {
public:
  /// How strictly diagnostics are checked (--verify-diagnostics=...).
  enum class Level {
    /// Not verifying (the handler only scans expectations).
    None = 0,
    /// Every diagnostic must be expected and every expectation produced.
    All,
    /// Only expectations are checked; unexpected diagnostics are ignored.
    OnlyExpected,
  };

  /// Scans `mgr`'s buffers for expectations and, if `ctx` is non-null,
  /// registers itself as a handler of `ctx`.
  SourceMgrDiagnosticVerifierHandler(SourceMgr &mgr, MLIRContext *ctx, raw_ostream &out,
                                     Level level = Level::All);
  SourceMgrDiagnosticVerifierHandler(SourceMgr &mgr, MLIRContext *ctx, Level level = Level::All);
  ~SourceMgrDiagnosticVerifierHandler();

  /// Reports expectations that were not produced; fails if any diagnostic
  /// was unexpected or any expectation unmet (or an annotation was invalid).
  LogicalResult verify();

  /// Routes the diagnostics of another context (e.g. one per
  /// -split-input-file chunk) to this verifier while the returned handler
  /// lives.
  std::unique_ptr<ScopedDiagnosticHandler> registerInContext(MLIRContext *ctx);

  /// Checks one diagnostic and each of its notes.
  void process(Diagnostic &diag);

  struct Impl;

private:
  void process(Location loc, std::string_view msg, DiagnosticSeverity kind);
  std::unique_ptr<Impl> impl;
};

/// Whether the `windowSize` bytes of `text` from `pos` hold the start of an
/// expectation ("expected-"; one that starts in the window and runs past its
/// end counts). Searching a large input a window at a time, in turn or in
/// parallel, finds every expectation; an input where no window holds one
/// has none.
bool windowHoldsExpectation(std::string_view text, size_t pos, size_t windowSize);

} // namespace lamina
