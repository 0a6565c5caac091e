// perturbed: names and indentation differ from the expected output
#map = affine_map<(d0) -> (d0 + 3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<() -> (1)>
#map3 = affine_map<() -> (11)>
"builtin.module"() ({
"func.func"() <{function_type = () -> (), sym_name = "store_plus_3"}> ({
%p_0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<100xf32>
%p_1 = "arith.constant"() <{value = 7.000000e+00 : f32}> : () -> f32
"affine.for"() <{lowerBoundMap = #map1, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map3}> ({
^q_bb0(%p_arg0: index):
%p_2 = "affine.apply"(%p_arg0) <{map = #map}> : (index) -> index
"affine.store"(%p_1, %p_0, %p_2) <{map = #map1}> : (f32, memref<100xf32>, index) -> ()
%p_3 = "affine.apply"(%p_arg0) <{map = #map1}> : (index) -> index
%p_4 = "affine.load"(%p_0, %p_3) <{map = #map1}> : (memref<100xf32>, index) -> f32
"affine.yield"() : () -> ()
}) : () -> ()
"func.return"() : () -> ()
}) : () -> ()
}) : () -> ()

