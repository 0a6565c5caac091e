// inline's parallel walk on callees shared by callers the walk reaches one
// after the other (Inputs/gen-shared-callees.py): an SCC must wait for the
// earlier SCCs that reach the same callees, or a callee the sequential walk
// moves (its last caller) is cloned twice and stays, or moved while another
// caller clones it. The threaded output must be the sequential one (and
// mlir-opt's, when it is installed), with and without simplification.
// RUN: %python %S/Inputs/gen-shared-callees.py 2000 > %t.mlir
// RUN: lamina-opt --inline %t.mlir > %t.threaded
// RUN: lamina-opt --inline --mlir-disable-threading %t.mlir > %t.serial
// RUN: diff %t.threaded %t.serial
// RUN: FileCheck %s < %t.threaded
// RUN: %if mlir-opt %{ mlir-opt --inline %t.mlir | diff - %t.serial %}
// RUN: lamina-opt --inline=default-pipeline= %t.mlir > %t.threaded-plain
// RUN: lamina-opt --inline=default-pipeline= --mlir-disable-threading %t.mlir > %t.serial-plain
// RUN: diff %t.threaded-plain %t.serial-plain
// RUN: FileCheck %s < %t.threaded-plain

// Every private callee has been inlined into its last caller and erased.
// CHECK-NOT: func.func private
// CHECK: func.func @a0(
// CHECK-NOT: func.func private
// CHECK: func.func @b1999(
// CHECK-NOT: func.func private
