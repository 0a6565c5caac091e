// Inputs that ask for absurd memory or time get a diagnostic, within a
// memory cap (%memlimit) so that a regression fails instead of swapping.
// Where mlir-opt prints an output, Lamina prints the same; where mlir-opt
// runs out of memory, overflows its stack or does not finish, Lamina
// reports an error (or, for integers too wide to print in decimal in
// reasonable time, prints them in hexadecimal).
//
// Literals may take 64 MiB plus 16 bytes per input byte of storage beyond
// their text (ParserConfig::getLiteralStorageLimit).
// RUN: %python %S/Inputs/hostile.py wide-dense > %t.wide-dense.mlir
// RUN: not %memlimit 1024 lamina-opt %t.wide-dense.mlir 2>&1 | FileCheck %s --check-prefix=WIDE-DENSE
// WIDE-DENSE: wide-dense.mlir:1:18: error: the elements literal needs 4194304000 bytes of storage, more than the literals of this input may still take ({{[0-9]+}} bytes)
// RUN: %python %S/Inputs/hostile.py wide-attrs > %t.wide-attrs.mlir
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.wide-attrs.mlir 2>&1 | FileCheck %s --check-prefix=WIDE-ATTRS
// WIDE-ATTRS: error: an integer of 16777215 bits needs 2097152 bytes of storage, more than the literals of this input may still take ({{[0-9]+}} bytes)
// RUN: %python %S/Inputs/hostile.py wide-array > %t.wide-array.mlir
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.wide-array.mlir 2>&1 | FileCheck %s --check-prefix=WIDE-ARRAY
// WIDE-ARRAY: error: the array element needs 2097151 bytes of storage, more than the literals of this input may still take ({{[0-9]+}} bytes)

// Decimal conversion takes quadratic time: literals longer than 157827
// digits (2^19 bits) must be written in hexadecimal. For a type too narrow
// to hold them the range error is mlir-opt's.
// RUN: %python %S/Inputs/hostile.py long-decimal > %t.long-decimal.mlir
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.long-decimal.mlir 2>&1 | FileCheck %s --check-prefix=LONG-DECIMAL
// LONG-DECIMAL: long-decimal.mlir:1:18: error: integer literal has more than 157827 decimal digits; write it in hexadecimal
// RUN: %python %S/Inputs/hostile.py narrow-decimal > %t.narrow-decimal.mlir
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.narrow-decimal.mlir 2>&1 | FileCheck %s --check-prefix=NARROW-DECIMAL
// NARROW-DECIMAL: narrow-decimal.mlir:1:18: error: integer constant out of range for attribute

// Values wider than 2^19 bits print in hexadecimal, which reads back to the
// same value (mlir-opt's decimal conversion does not finish on them).
// RUN: %python %S/Inputs/hostile.py huge-hex > %t.huge-hex.mlir
// RUN: %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.huge-hex.mlir > %t.huge-hex.1.mlir
// RUN: %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.huge-hex.1.mlir > %t.huge-hex.2.mlir
// RUN: cmp %t.huge-hex.1.mlir %t.huge-hex.2.mlir
// RUN: FileCheck %s --check-prefix=HUGE-HEX < %t.huge-hex.1.mlir
// HUGE-HEX: "test.op"() {a = 0x7FFFFFFFFFFFFFFF{{F+}} : i16777215} : () -> ()
// RUN: %memlimit 1024 lamina-opt --allow-unregistered-dialect --emit-bytecode %t.huge-hex.mlir | %memlimit 1024 lamina-opt --allow-unregistered-dialect | cmp - %t.huge-hex.1.mlir

// Nesting of attributes, types and locations is bounded (mlir-opt
// overflows its stack on all of these).
// RUN: %python %S/Inputs/hostile.py deep-array > %t.deep-array.mlir
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.deep-array.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python %S/Inputs/hostile.py deep-dict > %t.deep-dict.mlir
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.deep-dict.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python %S/Inputs/hostile.py deep-type > %t.deep-type.mlir
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.deep-type.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python %S/Inputs/hostile.py deep-loc > %t.deep-loc.mlir
// RUN: not %memlimit 1024 lamina-opt --allow-unregistered-dialect %t.deep-loc.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: error: nesting is too deep (more than 2000 levels)

// Splats of huge shapes stay splats in every output: custom and generic
// print, hexadecimal elements, elided elements, bytecode written and read
// back. Element counts beyond int64_t wrap as in mlir-opt (no undefined
// behaviour in the UBSan build). The output is mlir-opt's.
// RUN: %memlimit 1024 lamina-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=SPLAT
// RUN: %memlimit 1024 lamina-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=1 %s | FileCheck %s --check-prefix=SPLAT
// RUN: %memlimit 1024 lamina-opt --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=1 %s | FileCheck %s --check-prefix=SPLAT
// RUN: %memlimit 1024 lamina-opt --allow-unregistered-dialect --emit-bytecode %s | %memlimit 1024 lamina-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=SPLAT
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=SPLAT %}
// Non-splat data for such a type: mlir-opt takes the wrapped count (2 here)
// and prints elements of a shape that is not there; Lamina rejects it.
// RUN: echo '"test.op"() {a = dense<"0x0100000002000000"> : tensor<6x3074457345618258603xi32>} : () -> ()' | not lamina-opt --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=WRAPPED
// WRAPPED: error: elements hex data size is invalid for provided type: 'tensor<6x3074457345618258603xi32>'

// SPLAT: "test.splats"() {
// SPLAT-SAME: a = dense<1> : tensor<100000000000xi32>
// SPLAT-SAME: b = dense<true> : tensor<100000000000xi1>
// SPLAT-SAME: c = dense<(1,2)> : tensor<100000000000xcomplex<i32>>
// SPLAT-SAME: d = dense<"abc"> : tensor<100000000000x!foo.s>
// SPLAT-SAME: e = dense<1.500000e+00> : vector<4294967296x4294967296xf32>
// SPLAT-SAME: f = dense<1> : tensor<4294967296x4294967296x4294967296xi16777215>
// SPLAT-SAME: g = sparse<0, 1> : tensor<100000000000xi32>
// SPLAT-SAME: h = dense<1> : tensor<100000000000xi32>
"test.splats"() {a = dense<1> : tensor<100000000000xi32>, b = dense<true> : tensor<100000000000xi1>, c = dense<(1, 2)> : tensor<100000000000xcomplex<i32>>, d = dense<"abc"> : tensor<100000000000x!foo.s>, e = dense<1.5> : vector<4294967296x4294967296xf32>, f = dense<1> : tensor<4294967296x4294967296x4294967296xi16777215>, g = sparse<[[0]], [1]> : tensor<100000000000xi32>, h = dense<"0x01000000"> : tensor<100000000000xi32>} : () -> ()

