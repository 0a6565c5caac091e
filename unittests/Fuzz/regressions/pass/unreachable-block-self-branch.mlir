// perturbed: names and indentation differ from the expected output
"builtin.module"() ({
"func.func"() <{function_type = () -> (), sym_name = "faIledRegionArgsConstraint"}> ({
"testd.regions"() ({
"llvm.unreachable"() : () -> ()
}, {
^q_bb0(%p_arg0: i32, %p_arg1: f64):
"llvm.unreachable"() : () -> ()
}, {
"cf.br"()[^q_bb2] : () -> ()
^q_bb1:  // no predecessors
"cf.br"()[^q_bb1] : () -> ()
^q_bb2:  // 2 preds: ^q_bb0, ^q_static_outputbb1
"llvm.unreachable"() : () -> ()
}, {
"llvm.unreachable"() : () -> ()
}) : () -> ()
"func.return"() : () -> ()
}) : () -> ()
}) : () -> ()

