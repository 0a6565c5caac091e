//===- StandaloneOps.h - The ops of the standalone dialect ----------------===//
//
// Op classes are thin handles around an Operation* with typed accessors; the
// ops themselves (operands, attributes, traits, syntax, verifier, folder,
// patterns) are declared with Lamina's op definitions in StandaloneOps.cpp.
//
//   %v = standalone.splat %x : i32 -> !standalone.lanes<4, i32>
//   %s = standalone.add %v, %w : !standalone.lanes<4, i32>
//   %e = standalone.extract %s[2] : !standalone.lanes<4, i32>
//
#pragma once

#include "Standalone/StandaloneTypes.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Op.h"
#include "lamina/IR/Operation.h"

#include <cstdint>
#include <string_view>

namespace standalone {

/// `standalone.splat %x : iW -> !standalone.lanes<N, iW>`: every lane is %x.
class SplatOp : public lamina::Op<SplatOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "standalone.splat"; }
  static void build(lamina::OpBuilder &builder, lamina::OperationState &state, lamina::Value input,
                    LanesType type);

  lamina::Value getInput() const { return state->getOperand(0); }
  LanesType getType() const { return lamina::cast<LanesType>(state->getResult(0).getType()); }
};

/// `standalone.add %a, %b : !standalone.lanes<N, iW>`: lane-wise addition.
class AddOp : public lamina::Op<AddOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "standalone.add"; }
  static void build(lamina::OpBuilder &builder, lamina::OperationState &state, lamina::Value lhs,
                    lamina::Value rhs);

  lamina::Value getLhs() const { return state->getOperand(0); }
  lamina::Value getRhs() const { return state->getOperand(1); }
  LanesType getType() const { return lamina::cast<LanesType>(state->getResult(0).getType()); }
};

/// `standalone.extract %v[i] : !standalone.lanes<N, iW>`: lane i of %v.
class ExtractOp : public lamina::Op<ExtractOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "standalone.extract"; }

  lamina::Value getLanes() const { return state->getOperand(0); }
  int64_t getIndex() const;
};

} // namespace standalone
