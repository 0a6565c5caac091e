// Verifier diagnostics of the emitc dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @const_attribute_return_type_1() {
  // expected-error @+1 {{'emitc.constant' op requires attribute to either be an #emitc.opaque attribute or it's type ('i64') to match the op's result type ('i32')}}
  %c0 = "emitc.constant"(){value = 42: i64} : () -> i32
  return
}

// -----

func.func @cast_array_zero_rank(%arg : !emitc.array<0xi32>) {
  // expected-error @+1 {{'emitc.cast' op operand type '!emitc.array<0xi32>' and result type '!emitc.ptr<i32>' are cast incompatible}}
  %1 = emitc.cast %arg: !emitc.array<0xi32> to !emitc.ptr<i32>
  return
}

// -----

func.func @sub_pointer_pointer(%arg0: !emitc.ptr<f32>, %arg1: !emitc.ptr<f32>) {
  // expected-error @+1 {{'emitc.sub' op requires that the result is an integer, ptrdiff_t or of opaque type if lhs and rhs are pointers}}
  %1 = "emitc.sub" (%arg0, %arg1) : (!emitc.ptr<f32>, !emitc.ptr<f32>) -> !emitc.ptr<f32>
  return
}

// -----

emitc.global @g : f32

func.func @use_global() {
  // expected-error @+1 {{'emitc.get_global' op on non-array type expects result inner type 'i32' to match type 'f32' of the global @g}}
  %0 = emitc.get_global @g : !emitc.lvalue<i32>
  return
}

// -----

func.func @switch_dup() {
  %0 = "emitc.constant"(){value = 1 : i64} : () -> i64
  // expected-error@+1 {{'emitc.switch' op has duplicate case value: 2}}
  emitc.switch %0 : i64
  case 2 {
    emitc.yield
  }
  case 2 {
    emitc.yield
  }
  default {
    emitc.yield
  }
  return
}

// -----

func.func @verbatim(%arg0 : !emitc.ptr<i32>, %arg1 : i32) {
  // expected-error @+1 {{'emitc.verbatim' op expected '}' after unescaped '{'}}
  emitc.verbatim "{a} " args %arg0, %arg1 : !emitc.ptr<i32>, i32
  return
}

// -----

// expected-error @+1 {{pointer not allowed as outer type with !emitc.opaque, use !emitc.ptr instead}}
func.func private @opaque(!emitc.opaque<"int*">)

// -----

// expected-error @+1 {{!emitc.lvalue cannot wrap !emitc.array type}}
func.func private @lvalue(!emitc.lvalue<!emitc.array<2xi32>>)
