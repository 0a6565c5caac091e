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

// -----

// The users listed for a function are checked without walking it; when one
// fails, the function is walked so that the first failure in MLIR's order is
// reported: the call after the nested region, not the one inside it.
func.func @f() {
  scf.execute_region {
    func.call @missing1() : () -> ()
    scf.yield
  }
  // expected-error@+1 {{'func.call' op 'missing2' does not reference a valid function}}
  func.call @missing2() : () -> ()
  return
}
func.func @g() {
  func.call @f() : () -> ()
  return
}

// -----

// Functions are walked last first: the failure in @h is reported, not the
// one in @f.
func.func @f() {
  func.call @missing1() : () -> ()
  return
}
func.func @g() {
  func.call @f() : () -> ()
  return
}
func.func @h() {
  scf.execute_region {
    // expected-error@+1 {{'func.call' op 'missing3' does not reference a valid function}}
    func.call @missing3() : () -> ()
    scf.yield
  }
  return
}

// -----

// Users in a nested symbol table are its own: the outer table's check of
// the nested module finds nothing to verify in it, the inner one reports.
module {
  func.func @f() {
    return
  }
  module @inner {
    func.func @g() {
      // expected-error@+1 {{'func.call' op 'f' does not reference a valid function}}
      func.call @f() : () -> ()
      return
    }
  }
}
