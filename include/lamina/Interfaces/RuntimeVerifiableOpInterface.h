//===- RuntimeVerifiableOpInterface.h - Checks generated for runtime ------===//
//
// MLIR's RuntimeVerifiableOpInterface: an op whose misuse static verification
// cannot see (dynamic sizes, indices, alignment) generates, in front of
// itself, IR that checks it when the program runs and aborts through
// cf.assert with a message. `generate-runtime-verification` calls it on
// every op that implements it.
//
#pragma once

#include "lamina/IR/OpInterface.h"

#include <string>
#include <string_view>

namespace lamina {

class OpBuilder;

/// Builds the message of a failed check of `op` that says `msg`.
using RuntimeErrorMessageFn = function_ref<std::string(Operation *op, std::string_view msg)>;

struct RuntimeVerifiableOpInterfaceConcept {
  /// Creates the checks of `op` at the builder's insertion point (the op's
  /// position), located at `loc`.
  void (*generateRuntimeVerification)(Operation *op, OpBuilder &builder, Location loc,
                                      RuntimeErrorMessageFn generateErrorMessage) = nullptr;
};

/// An op that can check at runtime what its verifier cannot check.
class RuntimeVerifiableOpInterface
    : public OpInterface<RuntimeVerifiableOpInterface, RuntimeVerifiableOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "RuntimeVerifiableOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    return c.generateRuntimeVerification ? "" : "generateRuntimeVerification";
  }

  void generateRuntimeVerification(OpBuilder &builder, Location loc, RuntimeErrorMessageFn generateErrorMessage) const {
    getImpl()->generateRuntimeVerification(getOperation(), builder, loc, generateErrorMessage);
  }
};

} // namespace lamina
