// Operand dominance through enclosing blocks (the verifier's fast pass must
// hand every violation to the exact pass).
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @use_before_def_in_parent(%c: i1) {
  scf.if %c {
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "t.use"(%v) : (i32) -> ()
  }
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %v = "t.def"() : () -> i32
  return
}

// -----

func.func @own_result_in_region(%c: i1) -> i32 {
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %r = scf.if %c -> (i32) {
    // expected-error@+1 {{operand #0 does not dominate this use}}
    scf.yield %r : i32
  } else {
    %z = arith.constant 0 : i32
    scf.yield %z : i32
  }
  return %r : i32
}

// -----

// Uses in a graph region (unregistered op's single block) need no order,
// also from nested regions.
func.func @graph_parent() {
  "t.graph"() ({
    "t.region"() ({
      "t.use"(%v) : (i32) -> ()
      "t.end"() : () -> ()
    }) : () -> ()
    %v = "t.def"() : () -> i32
  }) : () -> ()
  return
}
