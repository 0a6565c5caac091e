// --mlir-timing with passes: mlir-opt's report layout (the numbers vary).
// Nested pipelines appear as "'func.func' Pipeline", adaptors with one
// pipeline are hidden in the tree; the list view merges timers by name.
// RUN: lamina-opt -p 'builtin.module(func.func(strip-debuginfo,topological-sort),test-module-pass)' --mlir-timing --mlir-disable-threading %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: lamina-opt -p 'builtin.module(func.func(strip-debuginfo),test-module-pass)' --mlir-timing --mlir-timing-display=list --mlir-disable-threading %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: lamina-opt -p 'builtin.module(strip-debuginfo)' --mlir-timing --mlir-output-format=json --mlir-disable-threading %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON
// The same checks hold for mlir-opt:
// RUN: %if mlir-opt %{ mlir-opt -p 'builtin.module(func.func(strip-debuginfo,topological-sort),test-module-pass)' --mlir-timing --mlir-disable-threading %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE %}
// RUN: %if mlir-opt %{ mlir-opt -p 'builtin.module(func.func(strip-debuginfo),test-module-pass)' --mlir-timing --mlir-timing-display=list --mlir-disable-threading %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST %}
// RUN: %if mlir-opt %{ mlir-opt -p 'builtin.module(strip-debuginfo)' --mlir-timing --mlir-output-format=json --mlir-disable-threading %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON %}

// TREE: ===-------------------------------------------------------------------------===
// TREE-NEXT:                          ... Execution time report ...
// TREE-NEXT: ===-------------------------------------------------------------------------===
// TREE-NEXT:   Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds
// TREE-EMPTY:
// TREE-NEXT:   ----Wall Time----  ----Name----
// TREE-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Parser
// TREE-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  'func.func' Pipeline
// TREE-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    StripDebugInfo
// TREE-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    TopologicalSort
// TREE-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  (anonymous namespace)::TestModulePass
// TREE-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Output
// TREE-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Rest
// TREE-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \(100\.0%\)}}  Total

// LIST:   ----Wall Time----  ----Name----
// LIST-DAG: root
// LIST-DAG: Parser
// LIST-DAG: Pipeline Collection : ['func.func']
// LIST-DAG: 'func.func' Pipeline
// LIST-DAG: StripDebugInfo
// LIST-DAG: (anonymous namespace)::TestModulePass
// LIST-DAG: Output
// LIST: Rest
// LIST-NEXT: Total

// JSON: [
// JSON-NEXT: {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "Parser", "passes": [
// JSON-NEXT: {}]},
// JSON-NEXT: {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "StripDebugInfo", "passes": [
// JSON-NEXT: {}]},
// JSON-NEXT: {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "Output", "passes": [
// JSON-NEXT: {}]},
// JSON-NEXT: {"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "Rest"},
// JSON-NEXT: {"wall": {"duration": {{ *[0-9.]+}}, "percentage": 100.0}, "name": "Total"}
// JSON-NEXT: ]

func.func @f() {
  return
}
