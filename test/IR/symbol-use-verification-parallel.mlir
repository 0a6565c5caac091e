// A symbol table with many ops lists and checks their nested symbol users on
// the thread pool (the verifier after parsing, and the verification after a
// pass that verified the nested ops itself). The result must be the
// sequential one: the same error, the one MLIR's walk meets first.
// RUN: %python %S/Inputs/gen-symbol-users.py 200 valid > %t.valid.mlir
// RUN: lamina-opt %t.valid.mlir > %t.threaded
// RUN: lamina-opt --mlir-disable-threading %t.valid.mlir > %t.sequential
// RUN: diff %t.threaded %t.sequential
// RUN: lamina-opt --pass-pipeline='builtin.module(func.func(canonicalize))' %t.valid.mlir > %t.threaded
// RUN: lamina-opt --pass-pipeline='builtin.module(func.func(canonicalize))' --mlir-disable-threading %t.valid.mlir > %t.sequential
// RUN: diff %t.threaded %t.sequential
// RUN: FileCheck %s --check-prefix=VALID < %t.threaded

// RUN: %python %S/Inputs/gen-symbol-users.py 200 bad > %t.bad.mlir
// RUN: not lamina-opt %t.bad.mlir -o /dev/null 2> %t.threaded
// RUN: not lamina-opt --mlir-disable-threading %t.bad.mlir -o /dev/null 2> %t.sequential
// RUN: diff %t.threaded %t.sequential
// RUN: FileCheck %s --check-prefix=BAD < %t.threaded

// RUN: %python %S/Inputs/gen-symbol-users.py 200 bad-nested > %t.nested.mlir
// RUN: not lamina-opt %t.nested.mlir -o /dev/null 2> %t.threaded
// RUN: not lamina-opt --mlir-disable-threading %t.nested.mlir -o /dev/null 2> %t.sequential
// RUN: diff %t.threaded %t.sequential
// RUN: FileCheck %s --check-prefix=NESTED < %t.threaded

// VALID: func.func @f0(
// VALID: call @f1(
// VALID: module @m100 {
// VALID: func.func @f199(
// VALID: call @f0(

// The walk takes the table's ops in reverse: @f150's call comes first.
// BAD: bad.mlir:1358:8: error: 'func.call' op result type mismatch at index 0
// BAD-NEXT: %x = func.call @f151(%a, %c) : (i32, i1) -> i64
// BAD: note: function result types: 'i32'
// BAD-NOT: error:

// The nested module is verified with the ops, before the outer table.
// NESTED: nested.mlir:912:10: error: 'func.call' op 'nowhere' does not reference a valid function
// NESTED-NOT: error:
