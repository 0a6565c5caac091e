// perturbed: names and indentation differ from the expected output
"builtin.module"() ({
"func.func"() <{function_type = () -> (), sym_name = "test_invariant_backedge"}> ({
"test.graph_lkop"() ({
%p_0 = "arith.addi"(%p_0, %p_1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
%p_1 = "arith.addi"(%p_2, %p_2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
%p_2 = "arith.constant"() <{value = 5 : i32}> : () -> i32
"test.region_yield"(%p_0) : (i32) -> ()
}) : () -> ()
"func.return"() : () -> ()
}) : () -> ()
}) : () -> ()

