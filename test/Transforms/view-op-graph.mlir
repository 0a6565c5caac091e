// view-op-graph: the Graphviz picture mlir-opt 22 writes to stderr (record
// nodes with operand/result ports, clusters for regions and blocks, colors
// by op name, elided big attributes, control flow edges on request).
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -view-op-graph=print-control-flow-edges -o /dev/null < %s 2>&1 | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect -view-op-graph="print-attrs=0 print-result-types=false max-label-len=3" -o /dev/null < %s 2>&1 | FileCheck %s --check-prefix=TERSE

func.func @f(%a: i32, %b: i1) -> i32 {
  %r = scf.execute_region -> i32 {
    %c = arith.constant dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>
    %s = arith.constant dense<5> : tensor<4xi32>
    scf.yield %a : i32
  }
  %x = arith.addi %r, %a : i32
  %y = arith.muli %x, %x : i32
  "foo.op"(%y) {arr = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17], s = "a|b{c}"} : (i32) -> ()
  cf.br ^bb1(%x : i32)
^bb1(%z: i32):
  return %z : i32
}

// GENERR: --allow-unregistered-dialect -view-op-graph=print-control-flow-edges -o /dev/null
// CHECK: digraph G {
// CHECK-NEXT:   compound = true;
// CHECK-NEXT:   subgraph cluster_1 {
// CHECK-NEXT:     v2 [label = " ", shape = plain];
// CHECK-NEXT:     label = "builtin.module : ()\l";
// CHECK-NEXT:     subgraph cluster_3 {
// CHECK-NEXT:       v4 [label = " ", shape = plain];
// CHECK-NEXT:       label = "";
// CHECK-NEXT:       subgraph cluster_5 {
// CHECK-NEXT:         v6 [label = " ", shape = plain];
// CHECK-NEXT:         label = "func.func : ()\lfunction_type: (i32, i1) -\> i32\lsym_name: \"f\"\l";
// CHECK-NEXT:         subgraph cluster_7 {
// CHECK-NEXT:           v8 [label = " ", shape = plain];
// CHECK-NEXT:           label = "";
// CHECK-NEXT:           v9 [label = "<res_arg0> %arg0 i32", shape = Mrecord];
// CHECK-NEXT:           v10 [label = "<res_arg1> %arg1 i1", shape = Mrecord];
// CHECK-NEXT:           subgraph cluster_11 {
// CHECK-NEXT:             v12 [label = " ", shape = plain];
// CHECK-NEXT:             label = "scf.execute_region : (i32)\l";
// CHECK-NEXT:             subgraph cluster_13 {
// CHECK-NEXT:               v14 [label = " ", shape = plain];
// CHECK-NEXT:               label = "";
// CHECK-NEXT:               v15 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: [...] : tensor\<17xi32\>\l|{<res_cst> %cst tensor\<17xi32\>}}", shape = Mrecord, style = filled];
// CHECK-NEXT:               v16 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: dense\<5\> : tensor\<4xi32\>\l|{<res_cst_0> %cst_0 tensor\<4xi32\>}}", shape = Mrecord, style = filled];
// CHECK-NEXT:               v17 [fillcolor = "0.100000 0.3 0.95", label = "{{\{\{}}<arg_arg0> %arg0}|scf.yield\l}", shape = Mrecord, style = filled];
// CHECK-NEXT:             }
// CHECK-NEXT:           }
// CHECK-NEXT:           v18 [fillcolor = "0.300000 0.3 0.95", label = "{{\{\{}}<arg_0> %0|<arg_arg0> %arg0}|arith.addi\l\loverflowFlags: #arith.overflow\<none...\l|{<res_1> %1 i32}}", shape = Mrecord, style = filled];
// CHECK-NEXT:           v19 [fillcolor = "0.400000 0.3 0.95", label = "{{\{\{}}<arg_1> %1|<arg_1> %1}|arith.muli\l\loverflowFlags: #arith.overflow\<none...\l|{<res_2> %2 i32}}", shape = Mrecord, style = filled];
// CHECK-NEXT:           v20 [fillcolor = "0.500000 0.3 0.95", label = "{{\{\{}}<arg_2> %2}|foo.op\l\larr: [...]\ls: \"a\|b\{c\}\"\l}", shape = Mrecord, style = filled];
// CHECK-NEXT:           v21 [fillcolor = "0.600000 0.3 0.95", label = "{{\{\{}}<arg_1> %1}|cf.br\l}", shape = Mrecord, style = filled];
// CHECK-NEXT:         }
// CHECK-NEXT:         subgraph cluster_22 {
// CHECK-NEXT:           v23 [label = " ", shape = plain];
// CHECK-NEXT:           label = "";
// CHECK-NEXT:           v24 [label = "<res_3> %3 i32", shape = Mrecord];
// CHECK-NEXT:           v25 [fillcolor = "0.700000 0.3 0.95", label = "{{\{\{}}<arg_3> %3}|func.return\l}", shape = Mrecord, style = filled];
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   v15 -> v16[style = dashed];
// CHECK-NEXT:   v16 -> v17[style = dashed];
// CHECK-NEXT:   v12 -> v18[ltail = cluster_11, style = dashed];
// CHECK-NEXT:   v18 -> v19[style = dashed];
// CHECK-NEXT:   v19 -> v20[style = dashed];
// CHECK-NEXT:   v20 -> v21[style = dashed];
// CHECK-NEXT:   v9:res_arg0:s -> v17:arg_arg0:n[style = solid];
// CHECK-NEXT:   v12 -> v18:arg_0:n[ltail = cluster_11, style = solid];
// CHECK-NEXT:   v9:res_arg0:s -> v18:arg_arg0:n[style = solid];
// CHECK-NEXT:   v18:res_1:s -> v19:arg_1:n[style = solid];
// CHECK-NEXT:   v18:res_1:s -> v19:arg_1:n[style = solid];
// CHECK-NEXT:   v19:res_2:s -> v20:arg_2:n[style = solid];
// CHECK-NEXT:   v18:res_1:s -> v21:arg_1:n[style = solid];
// CHECK-NEXT:   v24:res_3:s -> v25:arg_3:n[style = solid];
// CHECK-NEXT: }
// GENERR-TERSE: --allow-unregistered-dialect -view-op-graph="print-attrs=0 print-result-types=false max-label-len=3" -o /dev/null
// TERSE: digraph G {
// TERSE-NEXT:   compound = true;
// TERSE-NEXT:   subgraph cluster_1 {
// TERSE-NEXT:     v2 [label = " ", shape = plain];
// TERSE-NEXT:     label = "builtin.module";
// TERSE-NEXT:     subgraph cluster_3 {
// TERSE-NEXT:       v4 [label = " ", shape = plain];
// TERSE-NEXT:       label = "";
// TERSE-NEXT:       subgraph cluster_5 {
// TERSE-NEXT:         v6 [label = " ", shape = plain];
// TERSE-NEXT:         label = "func.func";
// TERSE-NEXT:         subgraph cluster_7 {
// TERSE-NEXT:           v8 [label = " ", shape = plain];
// TERSE-NEXT:           label = "";
// TERSE-NEXT:           v9 [label = "<res_arg0> %arg0", shape = Mrecord];
// TERSE-NEXT:           v10 [label = "<res_arg1> %arg1", shape = Mrecord];
// TERSE-NEXT:           subgraph cluster_11 {
// TERSE-NEXT:             v12 [label = " ", shape = plain];
// TERSE-NEXT:             label = "scf.execute_region";
// TERSE-NEXT:             subgraph cluster_13 {
// TERSE-NEXT:               v14 [label = " ", shape = plain];
// TERSE-NEXT:               label = "";
// TERSE-NEXT:               v15 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l|{<res_cst> %cst}}", shape = Mrecord, style = filled];
// TERSE-NEXT:               v16 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l|{<res_cst_0> %cst_0}}", shape = Mrecord, style = filled];
// TERSE-NEXT:               v17 [fillcolor = "0.100000 0.3 0.95", label = "{{\{\{}}<arg_arg0> %arg0}|scf.yield\l}", shape = Mrecord, style = filled];
// TERSE-NEXT:             }
// TERSE-NEXT:           }
// TERSE-NEXT:           v18 [fillcolor = "0.300000 0.3 0.95", label = "{{\{\{}}<arg_0> %0|<arg_arg0> %arg0}|arith.addi\l|{<res_1> %1}}", shape = Mrecord, style = filled];
// TERSE-NEXT:           v19 [fillcolor = "0.400000 0.3 0.95", label = "{{\{\{}}<arg_1> %1|<arg_1> %1}|arith.muli\l|{<res_2> %2}}", shape = Mrecord, style = filled];
// TERSE-NEXT:           v20 [fillcolor = "0.500000 0.3 0.95", label = "{{\{\{}}<arg_2> %2}|foo.op\l}", shape = Mrecord, style = filled];
// TERSE-NEXT:           v21 [fillcolor = "0.600000 0.3 0.95", label = "{{\{\{}}<arg_1> %1}|cf.br\l}", shape = Mrecord, style = filled];
// TERSE-NEXT:         }
// TERSE-NEXT:         subgraph cluster_22 {
// TERSE-NEXT:           v23 [label = " ", shape = plain];
// TERSE-NEXT:           label = "";
// TERSE-NEXT:           v24 [label = "<res_3> %3", shape = Mrecord];
// TERSE-NEXT:           v25 [fillcolor = "0.700000 0.3 0.95", label = "{{\{\{}}<arg_3> %3}|func.return\l}", shape = Mrecord, style = filled];
// TERSE-NEXT:         }
// TERSE-NEXT:       }
// TERSE-NEXT:     }
// TERSE-NEXT:   }
// TERSE-NEXT:   v9:res_arg0:s -> v17:arg_arg0:n[style = solid];
// TERSE-NEXT:   v12 -> v18:arg_0:n[ltail = cluster_11, style = solid];
// TERSE-NEXT:   v9:res_arg0:s -> v18:arg_arg0:n[style = solid];
// TERSE-NEXT:   v18:res_1:s -> v19:arg_1:n[style = solid];
// TERSE-NEXT:   v18:res_1:s -> v19:arg_1:n[style = solid];
// TERSE-NEXT:   v19:res_2:s -> v20:arg_2:n[style = solid];
// TERSE-NEXT:   v18:res_1:s -> v21:arg_1:n[style = solid];
// TERSE-NEXT:   v24:res_3:s -> v25:arg_3:n[style = solid];
// TERSE-NEXT: }
