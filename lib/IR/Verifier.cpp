//===- Verifier.cpp - Checks the structural invariants of IR --------------===//
//
// TEMPORARY: only runs registered ops' own verifier hooks. The full
// structural verifier (dominance, terminators, symbol tables...) is being
// written separately.
//
#include "lamina/IR/Verifier.h"

#include "lamina/IR/Operation.h"

using namespace lamina;

LogicalResult lamina::verify(Operation *op, bool verifyRecursively) {
  bool ok = true;
  auto check = [&](Operation *o) {
    if (o->isRegistered() && o->getName().getInfo().verifyInvariants)
      if (failed(o->getName().getInfo().verifyInvariants(o)))
        ok = false;
  };
  if (!verifyRecursively) {
    check(op);
    return success(ok);
  }
  op->walk([&](Operation *o) { check(o); });
  return success(ok);
}
