// print-op-stats: the operations counted by name (unregistered ones and
// names without a dialect included), as a table or as JSON, on stderr.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -print-op-stats < %s 2>&1 >/dev/null | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect -print-op-stats=json < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=JSON
// RUN: lamina-opt --allow-unregistered-dialect -p 'builtin.module(func.func(print-op-stats))' --mlir-disable-threading < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NESTED

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %a : i32
  %2 = arith.addi %1, %1 : i32
  "foo"() : () -> ()
  "a.b.c"() : () -> ()
  return %2 : i32
}
func.func private @g()

// GENERR: --allow-unregistered-dialect -print-op-stats
// CHECK: Operations encountered:
// CHECK-NEXT: -----------------------
// CHECK-NEXT:         a.b.c    , 1
// CHECK-NEXT:     arith.addi   , 2
// CHECK-NEXT:     arith.muli   , 1
// CHECK-NEXT:   builtin.module , 1
// CHECK-NEXT:           foo    , 1
// CHECK-NEXT:      func.func   , 2
// CHECK-NEXT:      func.return , 1
// GENERR-JSON: --allow-unregistered-dialect -print-op-stats=json
// JSON: {
// JSON-NEXT:   "a.b.c" : 1,
// JSON-NEXT:   "arith.addi" : 2,
// JSON-NEXT:   "arith.muli" : 1,
// JSON-NEXT:   "builtin.module" : 1,
// JSON-NEXT:   "foo" : 1,
// JSON-NEXT:   "func.func" : 2,
// JSON-NEXT:   "func.return" : 1
// JSON-NEXT: }
// GENERR-NESTED: --allow-unregistered-dialect -p builtin.module(func.func(print-op-stats)) --mlir-disable-threading
// NESTED: Operations encountered:
// NESTED-NEXT: -----------------------
// NESTED-NEXT:       a.b.c    , 1
// NESTED-NEXT:   arith.addi   , 2
// NESTED-NEXT:   arith.muli   , 1
// NESTED-NEXT:         foo    , 1
// NESTED-NEXT:    func.func   , 1
// NESTED-NEXT:    func.return , 1
// NESTED-NEXT: Operations encountered:
// NESTED-NEXT: -----------------------
// NESTED-NEXT:   func.func , 1
