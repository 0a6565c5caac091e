// Where the reference mlir-opt is installed, its diagnostics for invalid IR
// and lamina-opt's are byte-identical (messages, locations, source lines,
// notes, order).
// REQUIRES: mlir-opt
// RUN: not lamina-opt --allow-unregistered-dialect --split-input-file %S/Inputs/verifier-errors.mlir 2> %t.lamina > /dev/null
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %S/Inputs/verifier-errors.mlir 2> %t.mlir > /dev/null
// RUN: diff %t.mlir %t.lamina
// RUN: not lamina-opt --allow-unregistered-dialect --split-input-file --mlir-disable-threading %S/Inputs/verifier-errors.mlir 2> %t.lamina.serial > /dev/null
// RUN: diff %t.mlir %t.lamina.serial
