// RUN: standalone-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{a lanes type needs at least one lane}}
func.func @no_lanes(%a: !standalone.lanes<0, i32>) {
  return
}

// -----

// expected-error @+1 {{the lanes of a lanes type must be integers, not 'f32'}}
func.func @float_lanes(%a: !standalone.lanes<4, f32>) {
  return
}

// -----

// expected-error @+1 {{unknown standalone type: lane}}
func.func @unknown(%a: !standalone.lane<4, i32>) {
  return
}

// -----

func.func @first(%l: !standalone.rec<"t", i32>) {
  return
}
// expected-error @+1 {{recursive type "t" already has a different body: 'i32'}}
func.func @second(%l: !standalone.rec<"t", i64>) {
  return
}

// -----

// expected-error @+1 {{recursive type "t" is defined again inside its own body}}
func.func @nested(%l: !standalone.rec<"t", tuple<!standalone.rec<"t", i32>>>) {
  return
}

// -----

// expected-error @+1 {{'func.func' op expects 'standalone.cost' to be a #standalone.cost attribute}}
func.func @cost() attributes {standalone.cost = 3 : i64} {
  return
}

// -----

func.func @lane_index(%v: !standalone.lanes<4, i32>) -> i32 {
  // expected-error @+1 {{'standalone.extract' op lane index 4 is out of range for '!standalone.lanes<4, i32>'}}
  %e = standalone.extract %v[4] : !standalone.lanes<4, i32>
  return %e : i32
}

// -----

func.func @not_lanes(%x: i32, %y: i32) -> i32 {
  // expected-error @+1 {{'standalone.add' op operand #0 must be lanes of integers, but got 'i32'}}
  %s = "standalone.add"(%x, %y) : (i32, i32) -> i32
  return %s : i32
}

// -----

func.func @lane_type(%x: i64) {
  // expected-error @+1 {{'standalone.splat' op failed to verify that input type matches the lane type of the result}}
  %v = "standalone.splat"(%x) : (i64) -> !standalone.lanes<4, i32>
  return
}
