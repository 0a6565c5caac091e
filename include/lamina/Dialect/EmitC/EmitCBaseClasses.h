//===- EmitCBaseClasses.h - Hand-written helpers of the emitc dialect -----===//
//
// What MLIR writes by hand in EmitC.h and the generated constraints
// (EmitCOps.gen.cpp) call: the tests of the types EmitC supports.
//
#pragma once

#include "lamina/IR/Types.h"

namespace lamina {
namespace emitc {

/// A type EmitC can emit: opaque, pointers and arrays of supported types,
/// index and the size types, supported integers and floats, static tensors
/// and tuples of supported types.
bool isSupportedEmitCType(Type type);
/// i1, i8, i16, i32 or i64.
bool isSupportedIntegerType(Type type);
/// index, opaque, a supported integer or a size type.
bool isIntegerIndexOrOpaqueType(Type type);
/// f16, bf16, f32 or f64.
bool isSupportedFloatType(Type type);
/// `!emitc.size_t`, `!emitc.ssize_t` or `!emitc.ptrdiff_t`.
bool isPointerWideType(Type type);
/// index, a size type, a supported integer or float, or a pointer.
bool isFundamentalType(Type type);

} // namespace emitc
} // namespace lamina
