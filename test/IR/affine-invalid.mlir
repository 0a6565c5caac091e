// RUN: not lamina-opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ not mlir-opt --allow-unregistered-dialect -split-input-file %s 2> %t.ref > /dev/null; not lamina-opt --allow-unregistered-dialect -split-input-file %s 2> %t.out > /dev/null; diff %t.ref %t.out %}
// RUN: %python %S/Inputs/deep-affine.py negations 3000 | not lamina-opt --allow-unregistered-dialect 2>&1 | grep -c "missing operand of negation" | FileCheck %s --check-prefix=NEGCOUNT
//
// Errors in affine maps and sets, with mlir-opt's wording and locations.
// The CHECK lines are mlir-opt 22.1.8's output (the second RUN line compares
// the whole output with mlir-opt where it is installed).

// At most 2000 pending negations report their missing operand.
// NEGCOUNT: 2000

// -----
// Neither a map nor a set.
// CHECK: affine-invalid.mlir:[[@LINE+1]]:33: error: expected '->' or ':'
"t.o"() {a = affine_map<(d0, d1)>} : () -> ()

// -----
// Identifier lists.
// CHECK: affine-invalid.mlir:[[@LINE+1]]:30: error: redefinition of identifier 'd0'
"t.o"() {a = affine_map<(d0, d0) -> (d0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:29: error: redefinition of identifier 'i'
"t.o"() {a = affine_map<(i)[i] -> (i)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:26: error: expected bare identifier
"t.o"() {a = affine_map<(1) -> (1)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:28: error: expected ')' in dimensional identifier list
"t.o"() {a = affine_map<(d0>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:32: error: expected ']' in symbol list
"t.o"() {a = affine_map<(d0)[s0 -> (d0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:25: error: expected '(' in dimensional identifier list
"t.o"() {a = affine_map<d0 -> (d0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:29: error: expected bare identifier
"t.o"() {a = affine_map<(d0, ) -> (d0)>} : () -> ()

// -----
// The result list.
// CHECK: affine-invalid.mlir:[[@LINE+1]]:32: error: expected '(' in affine map range
"t.o"() {a = affine_map<(d0) -> d0>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:36: error: expected ')' in affine map range
"t.o"() {a = affine_map<(d0) -> (d0>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:36: error: expected ')' in affine map range
"t.o"() {a = affine_map<(d0) -> (d0 d0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:37: error: expected affine expression
"t.o"() {a = affine_map<(d0) -> (d0,)>} : () -> ()

// -----
// Operands.
// CHECK: affine-invalid.mlir:[[@LINE+1]]:34: error: use of undeclared identifier
"t.o"() {a = affine_map<(d0) -> (d1)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:39: error: missing right operand of binary operator
"t.o"() {a = affine_map<(d0) -> (d0 + )>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:34: error: missing left operand of binary operator
"t.o"() {a = affine_map<(d0) -> (+ d0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:34: error: missing left operand of binary operator
"t.o"() {a = affine_map<(d0) -> (* d0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:39: error: missing right operand of binary operator
"t.o"() {a = affine_map<(d0) -> (d0 * * 2)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:45: error: missing right operand of binary operator
"t.o"() {a = affine_map<(d0) -> (d0 floordiv)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:35: error: no expression inside parentheses
"t.o"() {a = affine_map<(d0) -> (())>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:38: error: expected ')' in affine map range
"t.o"() {a = affine_map<(d0) -> ((d0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:47: error: expected ')' in affine map range
"t.o"() {a = affine_map<(d0) -> (d0 + (d0 + 1)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:34: error: expected affine expression
"t.o"() {a = affine_map<(d0) -> (@x)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:34: error: expected affine expression
"t.o"() {a = affine_map<(d0) -> (2.5)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:34: error: constant too large for index
"t.o"() {a = affine_map<(d0) -> (9223372036854775808)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:39: error: constant too large for index
"t.o"() {a = affine_map<(d0) -> (d0 - 9223372036854775808)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:34: error: constant too large for index
"t.o"() {a = affine_map<(d0) -> (0x8000000000000000)>} : () -> ()

// -----
// Each pending negation reports the missing operand.
// CHECK: affine-invalid.mlir:[[@LINE+2]]:35: error: expected affine expression
// CHECK: affine-invalid.mlir:[[@LINE+1]]:35: error: missing operand of negation
"t.o"() {a = affine_map<(d0) -> (-)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+3]]:43: error: missing right operand of binary operator
// CHECK: affine-invalid.mlir:[[@LINE+2]]:43: error: missing operand of negation
// CHECK: affine-invalid.mlir:[[@LINE+1]]:43: error: missing operand of negation
"t.o"() {a = affine_map<(d0) -> (d0 + - - )>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+3]]:43: error: missing right operand of binary operator
// CHECK: affine-invalid.mlir:[[@LINE+2]]:43: error: missing operand of negation
// CHECK: affine-invalid.mlir:[[@LINE+1]]:43: error: missing operand of negation
"t.o"() {a = affine_map<(d0) -> (-(-(d0 + )))>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+2]]:39: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
// CHECK: affine-invalid.mlir:[[@LINE+1]]:43: error: missing operand of negation
"t.o"() {a = affine_map<(d0) -> (-(d0 * d0))>} : () -> ()

// -----
// Semi-affine forms. A product is checked when the next operator is seen,
// and reported there.
// CHECK: affine-invalid.mlir:[[@LINE+1]]:41: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
"t.o"() {a = affine_map<(d0, d1) -> (d0 * d1)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:46: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
"t.o"() {a = affine_map<(d0, d1) -> (d0 * d1 * 2)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:45: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
"t.o"() {a = affine_map<(d0, d1) -> (d0 * 2 * d1 + 3)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:41: error: non-affine expression: right operand of floordiv has to be either a constant or symbolic
"t.o"() {a = affine_map<(d0, d1) -> (d0 floordiv d1)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:41: error: non-affine expression: right operand of ceildiv has to be either a constant or symbolic
"t.o"() {a = affine_map<(d0, d1) -> (d0 ceildiv (d1 + 1))>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:45: error: non-affine expression: right operand of mod has to be either a constant or symbolic
"t.o"() {a = affine_map<(d0, d1)[s0] -> (d0 mod (s0 * d1))>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:52: error: non-affine expression: right operand of floordiv has to be either a constant or symbolic
"t.o"() {a = affine_map<(d0, d1) -> (2 floordiv d0 mod d1)>} : () -> ()

// -----
// SSA operands only exist in the affine dialect's custom forms.
// CHECK: affine-invalid.mlir:[[@LINE+1]]:34: error: unexpected ssa identifier
"t.o"() {a = affine_map<(d0) -> (%x)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:41: error: unexpected ssa identifier
"t.o"() {a = affine_map<(d0) -> (symbol(%x))>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:44: error: expected '(' at start of SSA symbol
"t.o"() {a = affine_map<(symbol) -> (symbol)>} : () -> ()

// -----
// Maps where sets are expected and vice versa.
// CHECK: affine-invalid.mlir:[[@LINE+1]]:25: error: expected IntegerSet, but got AffineMap
"t.o"() {a = affine_set<(d0) -> (d0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:25: error: expected AffineMap, but got IntegerSet
"t.o"() {a = affine_map<(d0) : (d0 >= 0)>} : () -> ()

// -----
// Constraints.
// CHECK: affine-invalid.mlir:[[@LINE+1]]:35: error: expected '== affine-expr' or '>= affine-expr' at end of affine constraint
"t.o"() {a = affine_set<(d0) : (d0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:38: error: expected '== affine-expr' or '>= affine-expr' at end of affine constraint
"t.o"() {a = affine_set<(d0) : (d0 > 0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:38: error: expected '== affine-expr' or '>= affine-expr' at end of affine constraint
"t.o"() {a = affine_set<(d0) : (d0 = 0)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:39: error: expected affine expression
"t.o"() {a = affine_set<(d0) : (d0 >= )>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:40: error: expected ')' in integer set constraint list
"t.o"() {a = affine_set<(d0) : (d0 == 0>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:31: error: expected '(' in integer set constraint list
"t.o"() {a = affine_set<(d0) : d0 >= 0>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:36: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
"t.o"() {a = affine_set<(d0) : (d0 * d0 >= 0)>} : () -> ()

// -----
// The closing '>'.
// CHECK: affine-invalid.mlir:[[@LINE+1]]:37: error: expected '>' in affine map
"t.o"() {a = affine_map<(d0) -> (d0)) >} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:31: error: expected '>' in affine map
#map = affine_map<(d0) -> (d0)
"t.o"() {a = #map} : () -> ()

// -----
// A wrong token at the start of a line is reported at the end of the previous
// line; other errors stay at the token.
// CHECK: affine-invalid.mlir:[[@LINE+2]]:1: error: missing right operand of binary operator
"t.o"() {a = affine_map<(d0) -> (d0 +
)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:37: error: use of undeclared identifier
"t.o"() {a = affine_map<(d0) -> (d0,
d1)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+1]]:36: error: expected ')' in affine map range
"t.o"() {a = affine_map<(d0) -> (d0 d0 // comment
)>} : () -> ()

// -----
// CHECK: affine-invalid.mlir:[[@LINE+3]]:8: error: non-affine expression: right operand of floordiv has to be either a constant or symbolic
"t.o"() {a = affine_map<(d0) -> (d0

  , d0 floordiv d0)>} : () -> ()
