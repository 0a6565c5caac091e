// 100,000 nested regions verify without recursion: the innermost op is
// still checked (an unregistered op in the builtin dialect is rejected) and
// its use of a value defined at the top dominates it.
// RUN: %python %S/Inputs/gen-deep.py 100000 --error > %t.mlir
// RUN: lamina-opt --allow-unregistered-dialect --verify-diagnostics --emit-bytecode %t.mlir -o %t.bc
// RUN: %python %S/Inputs/gen-deep.py 100000 | lamina-opt --allow-unregistered-dialect --emit-bytecode - -o %t.ok.bc
