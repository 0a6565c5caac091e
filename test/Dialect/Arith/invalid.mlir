// Verifier and parser diagnostics of the arith dialect (mlir-opt's wording):
// type constraints, cast compatibility, extension/truncation widths, constant
// and select verifiers, enum and flag attribute syntax.
// RUN: lamina-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s

func.func @f(%a: f32) {
// expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @f(%a: i16) {
// expected-error@+1 {{'arith.extsi' op operand type 'i16' and result type 'i8' are cast incompatible}}
  %0 = arith.extsi %a : i16 to i8
  return
}

// -----

func.func @f(%a: i16) {
// expected-error@+1 {{'arith.extui' op operand type 'i16' and result type 'i16' are cast incompatible}}
  %0 = arith.extui %a : i16 to i16
  return
}

// -----

func.func @f(%a: i16) {
// expected-error@+1 {{'arith.trunci' op operand type 'i16' and result type 'i32' are cast incompatible}}
  %0 = arith.trunci %a : i16 to i32
  return
}

// -----

func.func @f(%a: f32) {
// expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %a : f32 to f16
  return
}

// -----

func.func @f(%a: f32) {
// expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.truncf %a : f32 to f64
  return
}

// -----

func.func @f(%a: f32, %s: f8E8M0FNU) {
// expected-error@+1 {{'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %a, %s : f32, f8E8M0FNU to f16
  return
}

// -----

func.func @f(%a: f32, %s: f8E8M0FNU) {
// expected-error@+1 {{'arith.scaling_truncf' op operand types 'f32', 'f8E8M0FNU' and result type 'f64' are cast incompatible}}
  %0 = arith.scaling_truncf %a, %s : f32, f8E8M0FNU to f64
  return
}

// -----

func.func @f(%a: vector<4xf32>, %s: vector<8xf8E8M0FNU>) {
// expected-error@+1 {{'arith.scaling_extf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.scaling_extf %a, %s : vector<4xf32>, vector<8xf8E8M0FNU> to vector<4xf64>
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f16' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f16
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.sitofp %a : i32 to i32
  return
}

// -----

func.func @f(%a: i32) {
  %0 = arith.constant 1 : i64
// expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %1 = "arith.constant"() {value = 1 : i32} : () -> i64
  return
}

// -----

func.func @f() {
// expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %1 = "arith.constant"() : () -> i64
  return
}

// -----

func.func @f() {
// expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %1 = "arith.constant"() {value = "x"} : () -> i64
  return
}

// -----

func.func @f() {
// expected-error@+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %1 = arith.constant unit
  return
}

// -----

// expected-error@+3 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
// expected-note@+1 {{prior use here}}
func.func @f(%a: i32, %c: i32) {
  %1 = arith.select %c, %a, %a : i32
  return
}

// -----

func.func @f(%a: vector<4xi32>, %c: vector<8xi1>) {
// expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %1 = "arith.select"(%c, %a, %a) : (vector<8xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xi32>, %c: vector<4xi1>) {
// expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %1 = "arith.select"(%c, %a, %a) : (vector<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{custom op 'arith.select' expected 3 operands}}
  %1 = arith.select %a, %a : i32
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %1 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %1 = "arith.cmpi"(%a, %a) {predicate = 10} : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %1 = "arith.cmpi"(%a, %a) {predicate = 1} : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %1 = "arith.cmpi"(%a, %a) {predicate = 1} : (i32, i32) -> vector<1xi1>
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+2 {{custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
// expected-error@+1 {{custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`}}
  %1 = arith.addi %a, %a overflow<foo> : i32
  return
}

// -----

func.func @f(%a: f32) {
// expected-error@+2 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
// expected-error@+1 {{custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %1 = arith.addf %a, %a fastmath<fast,foo> : f32
  return
}

// -----

func.func @f(%a: f32) {
// expected-error@+1 {{expected ':'}}
  %1 = arith.truncf %a foo : f32 to f16
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %1 = "arith.addi"(%a, %a) {overflowFlags = #arith.fastmath<fast>} : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %1 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func.func @f(%a: vector<4xi32>) {
// expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %1:2 = "arith.addui_extended"(%a, %a) : (vector<4xi32>, vector<4xi32>) -> (vector<4xi32>, i1)
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  %1:2 = "arith.mulsi_extended"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
// expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %2 = arith.extsi %a : tensor<4xi32> to tensor<?xi64>
  return
}

// -----

func.func @f(%a: tensor<4xf32, "a">) {
// expected-error@+1 {{'arith.extf' op operand type 'tensor<4xf32, "a">' and result type 'tensor<4xf64, "b">' are cast incompatible}}
  %2 = arith.extf %a : tensor<4xf32, "a"> to tensor<4xf64, "b">
  return
}

// -----

// expected-error@+2 {{expected valid keyword or string}}
// expected-error@+1 {{failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
func.func @f() attributes {a = #arith.fastmath<>} {
  return
}

// -----

// expected-error@+1 {{unknown attribute `foo` in dialect `arith`}}
func.func @f() attributes {a = #arith.foo<x>} {
  return
}

// -----

// expected-error@+1 {{expected '>'}}
func.func @f() attributes {a = #arith.overflow<nsw nuw>} {
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{expected ':'}}
  %1 = arith.divsi %a, %a exact exact : i32
  return
}

// -----

func.func @f(%a: vector<[4]xf32>, %c : vector<4xi1>) {
// expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %1 = "arith.select"(%c, %a, %a) : (vector<4xi1>, vector<[4]xf32>, vector<[4]xf32>) -> vector<[4]xf32>
  return
}

// -----

func.func @f(%a: vector<[4]xf32>, %s : vector<4xf8E8M0FNU>) {
// expected-error@+1 {{'arith.scaling_extf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.scaling_extf %a, %s : vector<[4]xf32>, vector<4xf8E8M0FNU> to vector<[4]xf64>
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'arith.truncf' op operand #0 must be floating-point-like, but got 'i32'}}
  %1 = "arith.truncf"(%a) : (i32) -> i16
  return
}

// -----

func.func @f(%a: f32) {
// expected-error@+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %1 = "arith.truncf"(%a) {roundingmode = 1 : i64} : (f32) -> f16
  return
}

// -----

func.func @f(%a: f32) {
// expected-error@+1 {{'arith.truncf' op requires a single operand}}
  %1 = "arith.truncf"(%a, %a) : (f32, f32) -> f16
  return
}

// -----

func.func @f(%a: f32) {
  %1 = "arith.constant"() {value = 1.0 : f32} : () -> f32
  %2 = "arith.constant"() {value = dense<1.0> : vector<[2]x[2]xf32>} : () -> vector<[2]x[2]xf32>
// expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %3 = "arith.constant"() {value = dense<[[1.0, 2.0]]> : vector<1x[2]xf32>} : () -> vector<1x[2]xf32>
  return
}

// -----

// A predicate that is no case of the enum (or of the wrong integer type) is
// rejected when the properties are converted, before verification.
func.func @f(%a: i32) -> i1 {
  // expected-error@+1 {{invalid properties {predicate = 2 : i6} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 2 : i6}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 2 : i6}> : (i32, i32) -> i1
  return %0 : i1
}

// -----

func.func @f(%a: i32) -> i1 {
  // expected-error@+1 {{invalid properties {predicate = 42 : i64} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 42 : i64}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 42 : i64}> : (i32, i32) -> i1
  return %0 : i1
}

// -----

func.func @f(%a: i32) -> i1 {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 42 : i64} : (i32, i32) -> i1
  return %0 : i1
}

// -----

// Custom parsers that require an operand list without delimiters.
func.func @f(%c: i1, %a: i32) -> i32 {
  // expected-error@+1 {{unexpected delimiter}}
  %0 = arith.select (%c, %a, %a) : i32
  return %0 : i32
}

// -----

func.func @f(%c: i1, %a: i32) -> i32 {
  // expected-error@+1 {{expected operand}}
  %0 = arith.select : i32
  return %0 : i32
}
