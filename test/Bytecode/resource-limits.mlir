// Bytecode that lies about its counts gets a diagnostic, not an allocation
// of what it claims (mlir-opt aborts on most of these: "SmallVector unable
// to grow"). Each section's first count becomes 2^40 (Inputs/lying-count.py).
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %s -o %t.bc
// RUN: %python %S/Inputs/lying-count.py %t.bc %t.strings.bc 0
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.strings.bc 2>&1 | FileCheck %s --check-prefix=STRINGS
// STRINGS: error: string section declares 1099511627776 strings but has only {{[0-9]+}} bytes
// RUN: %python %S/Inputs/lying-count.py %t.bc %t.dialects.bc 1
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.dialects.bc 2>&1 | FileCheck %s --check-prefix=DIALECTS
// DIALECTS: error: dialect section declares 1099511627776 dialects but has only {{[0-9]+}} bytes
// RUN: %python %S/Inputs/lying-count.py %t.bc %t.offsets.bc 3
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.offsets.bc 2>&1 | FileCheck %s --check-prefix=OFFSETS
// OFFSETS: error: attribute/type offset section declares more entries than it holds
// RUN: %python %S/Inputs/lying-count.py %t.bc %t.ir.bc 4
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.ir.bc 2>&1 | FileCheck %s --check-prefix=IR
// IR: error: block declares 549755813888 operations but only {{[0-9]+}} bytes remain
// RUN: %python %S/Inputs/lying-count.py %t.bc %t.properties.bc 8
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.properties.bc 2>&1 | FileCheck %s --check-prefix=PROPERTIES
// PROPERTIES: error: properties section declares 1099511627776 entries but has only {{[0-9]+}} bytes

// Attributes that expand share the budget of text literals (64 MiB plus 16
// bytes per input byte): Inputs/wide-integers.mlirbc, written by mlir-opt,
// holds 40 distinct integers of 16777215 bits (80 MiB) in 739 bytes.
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %S/Inputs/wide-integers.mlirbc 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: error: an integer of 16777215 bits needs 2097152 bytes of storage, more than the attributes of this file may still take ({{[0-9]+}} bytes)

func.func @f(%a: i32) -> i32 attributes {x = dense<[1, 2]> : tensor<2xi32>} {
  %0 = arith.addi %a, %a : i32
  "test.op"(%0) ({
  ^bb0(%b: i32):
    "test.yield"(%b) : (i32) -> ()
  }) : (i32) -> ()
  return %0 : i32
}
