// RUN: lamina-opt --mlir-timing %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=OUT < %t
// The report goes to stderr, in mlir-opt's layout; the output is unchanged.
// CHECK: ... Execution time report ...
// CHECK: Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK: ----Wall Time----  ----Name----
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Parser
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Output
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Rest
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} (100.0%)  Total
// OUT: func.func @f
func.func @f() {
  return
}
