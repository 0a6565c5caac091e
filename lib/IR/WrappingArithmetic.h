//===- WrappingArithmetic.h - Two's complement int64_t arithmetic -*- C++ -*-===//
//
// Addition and multiplication that wrap around as MLIR's affine expression
// folding does (its int64_t arithmetic on uint64_t), without the undefined
// behaviour of signed overflow.
//
#pragma once

#include <cstdint>

namespace lamina::detail {
inline int64_t wrapAdd(int64_t a, int64_t b) { return int64_t(uint64_t(a) + uint64_t(b)); }
inline int64_t wrapMul(int64_t a, int64_t b) { return int64_t(uint64_t(a) * uint64_t(b)); }
} // namespace lamina::detail
