// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %s -o %t.bc
//
// Truncated files.
// RUN: head -c 30 %t.bc | not lamina-opt --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=TRUNC30
// TRUNC30: <stdin>:0:0: error: attempting to parse {{[0-9]+}} bytes when only {{[0-9]+}} remain
// TRUNC30-NEXT: <stdin>:0:0: note: in bytecode version 6 produced by: MLIR22.1.8
// RUN: head -c 60 %t.bc | not lamina-opt --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=TRUNC60
// TRUNC60: <stdin>:0:0: error: attempting to parse {{[0-9]+}} bytes when only {{[0-9]+}} remain
// RUN: printf 'ML\357R' | not lamina-opt 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: <stdin>:0:0: error: attempting to parse a byte at the end of the bytecode
// RUN: printf 'ML\357R\015abc' | not lamina-opt 2>&1 | FileCheck %s --check-prefix=PRODUCER
// PRODUCER: <stdin>:0:0: error: malformed null-terminated string, no null character found
// RUN: printf 'ML\357R\015abc\000' | not lamina-opt 2>&1 | FileCheck %s --check-prefix=SECTIONS
// SECTIONS: <stdin>:0:0: error: missing data for top-level section: String (0)
// SECTIONS-NEXT: <stdin>:0:0: note: in bytecode version 6 produced by: abc
// RUN: printf 'ML\357R\017' | not lamina-opt 2>&1 | FileCheck %s --check-prefix=NEWER
// NEWER: <stdin>:0:0: error: bytecode version 7 is newer than the current version 6
//
// Dialects must be available (as for text).
// RUN: not lamina-opt %t.bc 2>&1 | FileCheck %s --check-prefix=DIALECT
// DIALECT: invalid.mlir.tmp.bc:0:0: error: dialect 'xt' is unknown. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR tool used.
//
// Versions that do not exist cannot be written.
// RUN: not lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=7 %s 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: invalid.mlir:0:0: error: unsupported version requested 7, must be in range [0, 6]
// VERSION-NEXT: invalid.mlir:0:0: note: see current operation:
// RUN: not lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=-1 %s 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: unsupported version requested -1, must be in range [0, 6]
//
// Every truncation and many corruptions fail cleanly (exit 1, a diagnostic).
// RUN: %python %S/Inputs/corrupt.py lamina-opt %t.bc 3 | FileCheck %s --check-prefix=SWEEP
// SWEEP: damaged inputs rejected cleanly
//
// The diagnostics are mlir-opt's.
// RUN: %if mlir-opt %{ head -c 30 %t.bc | not mlir-opt --allow-unregistered-dialect 2> %t.ref; head -c 30 %t.bc | not lamina-opt --allow-unregistered-dialect 2> %t.out; diff %t.ref %t.out %}
// RUN: %if mlir-opt %{ head -c 60 %t.bc | not mlir-opt --allow-unregistered-dialect 2> %t.ref; head -c 60 %t.bc | not lamina-opt --allow-unregistered-dialect 2> %t.out; diff %t.ref %t.out %}
// RUN: %if mlir-opt %{ not mlir-opt %t.bc 2> %t.ref; not lamina-opt %t.bc 2> %t.out; diff %t.ref %t.out %}

"xt.op"() {a = [1, 2], b = "text"} : () -> ()
