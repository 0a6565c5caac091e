//===- OpAsmInterface.h - How an operation names its values when printed --===//
//
// MLIR's OpAsmOpInterface: the names an op suggests for its results and for
// the arguments of its regions' blocks (`%sum`, `%iv`), and the dialect
// whose prefix may be elided for the ops inside its regions (`return` inside
// func.func). The printer asks it for every op, hence its fixed slot.
//
#pragma once

#include "lamina/IR/OpInterface.h"

#include <string_view>

namespace lamina {

/// The callback through which an op names a value (`setName(value, "sum")`).
using OpAsmSetValueNameFn = function_ref<void(Value, std::string_view)>;

namespace detail {
void noAsmResultNames(Operation *op, OpAsmSetValueNameFn setNameFn);
void noAsmBlockArgumentNames(Operation *op, Region &region, OpAsmSetValueNameFn setNameFn);
std::string_view noDefaultDialect();
} // namespace detail

struct OpAsmOpInterfaceConcept {
  /// Names the op's results.
  void (*getAsmResultNames)(Operation *op, OpAsmSetValueNameFn setNameFn) = detail::noAsmResultNames;
  /// Names the arguments of the blocks of `region`.
  void (*getAsmBlockArgumentNames)(Operation *op, Region &region,
                                   OpAsmSetValueNameFn setNameFn) = detail::noAsmBlockArgumentNames;
  /// The dialect whose prefix is elided inside the op's regions (a static
  /// method: it depends on the op's kind only). Empty for none.
  std::string_view (*getDefaultDialect)() = detail::noDefaultDialect;
};

/// Value naming and default dialect of an operation's custom form.
class OpAsmOpInterface : public OpInterface<OpAsmOpInterface, OpAsmOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "OpAsmOpInterface"; }
  static constexpr int fastSlot = 0;

  void getAsmResultNames(OpAsmSetValueNameFn setNameFn) const {
    getImpl()->getAsmResultNames(getOperation(), setNameFn);
  }
  void getAsmBlockArgumentNames(Region &region, OpAsmSetValueNameFn setNameFn) const {
    getImpl()->getAsmBlockArgumentNames(getOperation(), region, setNameFn);
  }
  std::string_view getDefaultDialect() const { return getImpl()->getDefaultDialect(); }
};

} // namespace lamina
