//===- IRDLVerifiers.cpp - Constraints of IRDL-defined IR -----------------===//
//
// MLIR's IRDLVerifiers with its messages, as a state machine over an explicit
// stack instead of recursion. any_of tries its alternatives without
// reporting and keeps the bindings a failed alternative made, as MLIR does.
//
#include "IRDLVerifiers.h"

#include "lamina/IR/Block.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Operation.h"
#include "lamina/IR/Region.h"
#include "lamina/IR/Types.h"

using namespace lamina;
using namespace lamina::irdl;

namespace {
/// One pending check of an attribute against a variable.
struct Frame {
  unsigned variable;
  Attribute attr;
  bool report;
  /// The parameters a parametric constraint checks.
  ArrayRef<Attribute> params;
  /// The next argument to check; -1 before the constraint's own checks.
  int next = -1;
};
} // namespace

LogicalResult ConstraintVerifier::verify(function_ref<InFlightDiagnostic()> emitError, Attribute attr,
                                         unsigned variable) {
  std::vector<Frame> stack;
  stack.push_back(Frame{variable, attr, bool(emitError), {}, -1});
  // The result of the last finished frame (for its parent).
  bool lastOk = true;
  auto finish = [&](bool ok) {
    Frame &f = stack.back();
    if (ok && !assigned[f.variable] && f.next != -2)
      assigned[f.variable] = f.attr;
    stack.pop_back();
    lastOk = ok;
  };
  while (!stack.empty()) {
    size_t top = stack.size() - 1;
    Frame &f = stack[top];
    if (f.variable >= constraints.size()) {
      finish(true);
      continue;
    }
    const Constraint &c = constraints[f.variable];
    if (f.next == -1) {
      // A bound variable only accepts what it is bound to.
      if (Attribute bound = assigned[f.variable]) {
        f.next = -2;
        if (bound == f.attr) {
          finish(true);
        } else {
          if (f.report)
            emitError() << "expected '" << bound << "' but got '" << f.attr << "'";
          finish(false);
        }
        continue;
      }
      switch (c.kind) {
      case Constraint::Kind::Is:
        if (f.attr != c.expected && f.report)
          emitError() << "expected '" << c.expected << "' but got '" << f.attr << "'";
        finish(f.attr == c.expected);
        continue;
      case Constraint::Kind::BaseAttr: {
        bool ok = f.attr.getTypeID() == c.baseTypeID;
        if (!ok && f.report)
          emitError() << "expected base attribute '" << c.baseName << "' but got '"
                      << f.attr.getAbstractAttribute().getName() << "'";
        finish(ok);
        continue;
      }
      case Constraint::Kind::BaseType: {
        auto typeAttr = dyn_cast<TypeAttr>(f.attr);
        if (!typeAttr) {
          if (f.report)
            emitError() << "expected type, got attribute '" << f.attr;
          finish(false);
          continue;
        }
        Type type = typeAttr.getValue();
        bool ok = type.getTypeID() == c.baseTypeID;
        if (!ok && f.report)
          emitError() << "expected base type '" << c.baseName << "' but got '" << type.getAbstractType().getName()
                      << "'";
        finish(ok);
        continue;
      }
      case Constraint::Kind::DynParametricAttr: {
        auto dynAttr = dyn_cast<DynamicAttr>(f.attr);
        std::string_view dialectName = c.def->getDialect()->getNamespace();
        if (!dynAttr || dynAttr.getAttrDef() != c.def) {
          // MLIR names the expected attribute `name.dialect`.
          if (f.report)
            emitError() << "expected base attribute '" << c.def->getName() << '.' << dialectName << "' but got '"
                        << f.attr << "'";
          finish(false);
          continue;
        }
        f.params = dynAttr.getParams();
        break;
      }
      case Constraint::Kind::DynParametricType: {
        auto typeAttr = dyn_cast<TypeAttr>(f.attr);
        if (!typeAttr) {
          if (f.report)
            emitError() << "expected type, got attribute '" << f.attr;
          finish(false);
          continue;
        }
        auto dynType = dyn_cast<DynamicType>(typeAttr.getValue());
        if (!dynType || dynType.getTypeDef() != c.def) {
          if (f.report)
            emitError() << "expected base type '" << c.def->getDialect()->getNamespace() << '.' << c.def->getName()
                        << "' but got '" << f.attr << "'";
          finish(false);
          continue;
        }
        f.params = dynType.getParams();
        break;
      }
      case Constraint::Kind::AnyOf:
      case Constraint::Kind::AllOf:
        break;
      case Constraint::Kind::Any:
      case Constraint::Kind::Unverifiable:
        finish(true);
        continue;
      }
      if ((c.kind == Constraint::Kind::DynParametricAttr || c.kind == Constraint::Kind::DynParametricType) &&
          f.params.size() != c.args.size()) {
        if (f.report)
          emitError() << "attribute '" << c.def->getDialect()->getNamespace() << "." << c.def->getName()
                      << "' expects " << f.params.size() << " parameters but got " << c.args.size();
        finish(false);
        continue;
      }
      f.next = 0;
    } else {
      // A child finished with `lastOk`.
      if (c.kind == Constraint::Kind::AnyOf ? lastOk : !lastOk) {
        finish(lastOk);
        continue;
      }
    }
    if (size_t(f.next) == c.args.size()) {
      if (c.kind == Constraint::Kind::AnyOf) {
        if (f.report)
          emitError() << "'" << f.attr << "' does not satisfy the constraint";
        finish(false);
      } else {
        finish(true);
      }
      continue;
    }
    unsigned i = unsigned(f.next++);
    bool isParametric = c.kind == Constraint::Kind::DynParametricAttr || c.kind == Constraint::Kind::DynParametricType;
    Attribute childAttr = isParametric ? f.params[i] : f.attr;
    bool childReport = c.kind == Constraint::Kind::AnyOf ? false : f.report;
    stack.push_back(Frame{c.args[i], childAttr, childReport, {}, -1});
  }
  return success(lastOk);
}

LogicalResult RegionConstraint::verify(Region &region, ConstraintVerifier &verifier) const {
  Operation *parentOp = region.getParentOp();
  // Reports at `loc`, with a note at the op unless that is the same place.
  auto emitAt = [parentOp](Location loc) {
    InFlightDiagnostic diag = lamina::emitError(loc);
    if (loc != parentOp->getLoc())
      diag.attachNote(parentOp->getLoc()) << "see the operation";
    return diag;
  };
  size_t numBlocks = region.getNumBlocks();
  if (blockCount && size_t(*blockCount) != numBlocks)
    return emitAt(region.getLoc()) << "expected region " << region.getRegionNumber() << " to have " << *blockCount
                                   << " block(s) but got " << numBlocks;
  if (argumentConstraints) {
    ValueRange args = region.empty() ? ValueRange() : region.front().getArguments();
    if (args.size() != argumentConstraints->size()) {
      Location firstArgLoc = args.empty() ? region.getLoc() : args[0].getLoc();
      return emitAt(firstArgLoc) << "expected region " << region.getRegionNumber() << " to have "
                                 << argumentConstraints->size() << " arguments but got " << args.size();
    }
    for (size_t i = 0; i < args.size(); ++i) {
      Location loc = args[i].getLoc();
      auto emitError = [&] { return emitAt(loc); };
      if (failed(verifier.verify(emitError, TypeAttr::get(args[i].getType()), (*argumentConstraints)[i])))
        return failure();
    }
  }
  return success();
}
