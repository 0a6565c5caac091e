// RUN: lamina-opt %s -split-input-file -verify-diagnostics
// An operation without properties takes no properties dictionary in generic
// form, not even an empty one (mlir-opt's diagnostic); one with properties
// takes an empty one.

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{invalid properties {} for op func.return: this operation does not support properties}}
  "func.return"() <{}> : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "g"}> ({
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %1 = "arith.addi"(%0, %0) <{}> : (i32, i32) -> i32
  // expected-error@+1 {{invalid properties {x = 1 : i32} for op func.return: this operation does not support properties}}
  "func.return"() <{x = 1 : i32}> : () -> ()
}) : () -> ()
