// Where the reference mlir-opt is installed, diagnostics printing and
// --verify-diagnostics reports are byte-identical to it.
// REQUIRES: mlir-opt
// RUN: not lamina-opt --allow-unregistered-dialect --split-input-file - < %S/locations.mlir 2> %t.lamina > /dev/null
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file - < %S/locations.mlir 2> %t.mlir > /dev/null
// RUN: diff %t.mlir %t.lamina
// RUN: not lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/Inputs/verify-failures.mlir 2> %t.lamina.vd > /dev/null
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/Inputs/verify-failures.mlir 2> %t.mlir.vd > /dev/null
// RUN: diff %t.mlir.vd %t.lamina.vd
