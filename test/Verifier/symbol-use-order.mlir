// Symbol uses are verified in MLIR's walk order: the regions of an op are
// taken last first, so the `else` call is reported.
// RUN: lamina-opt --split-input-file --verify-diagnostics %s

func.func @f(%c: i1) {
  scf.if %c {
    func.call @missing_then() : () -> ()
  } else {
    // expected-error@+1 {{'func.call' op 'missing_else' does not reference a valid function}}
    func.call @missing_else() : () -> ()
  }
  return
}

// -----

// Ops whose isolated regions contain no symbol user are skipped; the user
// after them is still checked.
func.func @a() {
  return
}
func.func @b() {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  func.call @nope() : () -> ()
  return
}
