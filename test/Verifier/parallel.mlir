// Isolated-from-above ops are verified on the thread pool; the diagnostics
// are the same, in the same order, as with --mlir-disable-threading.
// RUN: %python %S/Inputs/gen-isolated.py 3000 > %t.mlir
// RUN: not lamina-opt --allow-unregistered-dialect %t.mlir -o /dev/null 2> %t.threaded
// RUN: not lamina-opt --allow-unregistered-dialect --mlir-disable-threading %t.mlir -o /dev/null 2> %t.serial
// RUN: diff %t.threaded %t.serial
// RUN: FileCheck %s < %t.threaded

// CHECK: loc("module5"): operand #0 does not dominate this use
// CHECK: loc("module102"): operand #0 does not dominate this use
// CHECK: loc("module2915"): operand #0 does not dominate this use
// CHECK-NOT: error
