// --mlir-print-ir-tree-dir: one file per dump, in directories named after
// the enclosing ops and symbols, with counters in the file names; the tree
// must be the one mlir-opt writes.
// RUN: rm -rf %t.lamina %t.mlir && mkdir -p %t.lamina %t.mlir
// RUN: lamina-opt %s -p 'builtin.module(func.func(strip-debuginfo,topological-sort),strip-debuginfo)' --mlir-print-ir-before=topological-sort --mlir-print-ir-after-all --mlir-print-ir-tree-dir=%t.lamina/tree -o /dev/null
// RUN: cd %t.lamina && find tree | sort | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s -p 'builtin.module(func.func(strip-debuginfo,topological-sort),strip-debuginfo)' --mlir-print-ir-before=topological-sort --mlir-print-ir-after-all --mlir-print-ir-tree-dir=%t.mlir/tree -o /dev/null && diff -r %t.mlir/tree %t.lamina/tree %}

// CHECK: tree
// CHECK-NEXT: tree/builtin_module_no-symbol-name
// CHECK-NEXT: tree/builtin_module_no-symbol-name/1_strip-debuginfo.mlir
// CHECK-NEXT: tree/builtin_module_no-symbol-name/func_func_f
// CHECK-NEXT: tree/builtin_module_no-symbol-name/func_func_f/0_0_strip-debuginfo.mlir
// CHECK-NEXT: tree/builtin_module_no-symbol-name/func_func_f/0_1_topological-sort.mlir
// CHECK-NEXT: tree/builtin_module_no-symbol-name/func_func_f/0_2_topological-sort.mlir
// CHECK-NEXT: tree/builtin_module_no-symbol-name/func_func_g
// CHECK-NEXT: tree/builtin_module_no-symbol-name/func_func_g/0_0_strip-debuginfo.mlir
// CHECK-NEXT: tree/builtin_module_no-symbol-name/func_func_g/0_1_topological-sort.mlir
// CHECK-NEXT: tree/builtin_module_no-symbol-name/func_func_g/0_2_topological-sort.mlir

func.func @f() {
  return
}
func.func private @g()
