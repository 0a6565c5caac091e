// Large inputs are parsed in chunks on the thread pool. The result must be
// exactly what the sequential parser (--mlir-disable-threading) produces, in
// every shape the chunking handles or falls back from.
// RUN: %python %S/Inputs/gen-many-ops.py custom > %t.custom.mlir
// RUN: lamina-opt --allow-unregistered-dialect %t.custom.mlir > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-disable-threading %t.custom.mlir > %t.seq
// RUN: diff %t.par %t.seq
// RUN: FileCheck %s --check-prefix=CUSTOM < %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.custom.mlir > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-disable-threading %t.custom.mlir > %t.seq
// RUN: diff %t.par %t.seq
// RUN: FileCheck %s --check-prefix=DEBUGINFO < %t.par

// RUN: %python %S/Inputs/gen-many-ops.py module > %t.module.mlir
// RUN: lamina-opt --allow-unregistered-dialect %t.module.mlir > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-disable-threading %t.module.mlir > %t.seq
// RUN: diff %t.par %t.seq
// RUN: FileCheck %s --check-prefix=CUSTOM < %t.par
// Chunk lexers count lines from their start: locations must match too.
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.module.mlir > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-disable-threading %t.module.mlir > %t.seq
// RUN: diff %t.par %t.seq

// RUN: %python %S/Inputs/gen-many-ops.py generic > %t.generic.mlir
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %t.generic.mlir > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-disable-threading %t.generic.mlir > %t.seq
// RUN: diff %t.par %t.seq
// RUN: FileCheck %s --check-prefix=GENERIC < %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.generic.mlir > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo --mlir-disable-threading %t.generic.mlir > %t.seq
// RUN: diff %t.par %t.seq

// Chunks load the dialects they name, several at once, in custom and
// generic form (nothing is loaded up front).
// RUN: %python %S/Inputs/gen-many-ops.py dialects > %t.dialects.mlir
// RUN: lamina-opt --allow-unregistered-dialect %t.dialects.mlir > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-disable-threading %t.dialects.mlir > %t.seq
// RUN: diff %t.par %t.seq
// RUN: FileCheck %s --check-prefix=DIALECTS < %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-disable-threading %t.dialects.mlir > %t.dialects.generic.mlir
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %t.dialects.generic.mlir > %t.par
// RUN: diff %t.par %t.dialects.generic.mlir

// A parse error in a chunk is reported once, as the sequential parser does.
// RUN: %python %S/Inputs/gen-many-ops.py error > %t.error.mlir
// RUN: not lamina-opt --allow-unregistered-dialect %t.error.mlir 2> %t.err
// RUN: FileCheck %s --check-prefix=ERROR < %t.err

// The planning scan runs over pieces of the input in parallel, each starting
// at an unknown bracket depth: chunks must still start only at depth 0, and
// count their lines right.
// RUN: %python %S/Inputs/gen-many-ops.py nested > %t.nested.mlir
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.nested.mlir > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-disable-threading %t.nested.mlir > %t.seq
// RUN: diff %t.par %t.seq
// RUN: FileCheck %s --check-prefix=NESTED < %t.par

// A top-level value used across chunks makes the parser fall back.
// RUN: %python %S/Inputs/gen-many-ops.py ssa-top > %t.ssa.mlir
// RUN: lamina-opt --allow-unregistered-dialect %t.ssa.mlir | FileCheck %s --check-prefix=SSA

// CUSTOM: #map = affine_map<(d0) -> (d0 + 1)>
// CUSTOM: module {
// CUSTOM:   func.func @f0(%arg0: i32, %arg1: memref<?xf32>, %arg2: index) -> i32 {
// CUSTOM:   func.func @f4999(
// CUSTOM-NEXT: %c4999_i32 = arith.constant 4999 : i32

// DEBUGINFO: func.func @f4000(%arg0: i32 loc({{.*}}), %arg1: memref<?xf32> loc({{.*}}), %arg2: index loc({{.*}})) -> i32 {
// DEBUGINFO-NEXT: arith.constant 4000 : i32 loc(#loc
// DEBUGINFO: #loc{{[0-9]+}} = loc("{{.*}}custom.mlir":28003:1)

// GENERIC: "func.func"() <{function_type = (i32) -> i32, sym_name = "f4999"}> ({

// DIALECTS: func.func @f9998(%arg0: f32, %arg1: index) {
// DIALECTS-NEXT: %0 = ub.poison : i32
// DIALECTS: func.func @f9999(%arg0: f32, %arg1: index) {
// DIALECTS-NEXT: %0 = bufferization.alloc_tensor() : tensor<4xf32>

// ERROR: error.mlir:39929:23: error: use of undeclared SSA value name
// ERROR-NOT: error:

// NESTED: func.func @first(
// NESTED: tag = "{[( in a string 9999"
// NESTED: func.func @f4999(
// NESTED-NEXT: tag = "} // not a comment 4999"
// NESTED: func.func @last(

// SSA: %0 = "test.def"() : () -> i32
// SSA: "test.use"(%0) : (i32) -> ()
