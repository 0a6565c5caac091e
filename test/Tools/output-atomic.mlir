// A failing run must leave an existing -o file untouched.
// RUN: echo "previous contents" > %t.out
// RUN: not lamina-opt %s -o %t.out 2>/dev/null
// RUN: FileCheck %s --check-prefix=KEPT < %t.out
// KEPT: previous contents
// A successful run replaces it.
// RUN: lamina-opt --allow-unregistered-dialect %s -o %t.out
// RUN: FileCheck %s --check-prefix=NEW < %t.out
// NEW: "t.op"

"t.op"() : () -> ()
