//===- TransformInterfaces.cpp - The transform dialect's interfaces -------===//
//
// Effects helpers, TransformOpInterface's verifier and the native traits of
// MLIR's TransformInterfaces.h / MatchInterfaces.h (see the header).
//
#include "lamina/Dialect/Transform/TransformInterfaces.h"

#include "lamina/Dialect/Transform/TransformDialect.h"
#include "lamina/IR/Diagnostics.h"

#include <optional>

using namespace lamina;
using namespace lamina::transform;

//===----------------------------------------------------------------------===//
// Effects
//===----------------------------------------------------------------------===//

void transform::consumesHandle(Operation *op, unsigned first, unsigned n, EffectList &effects) {
  for (unsigned i = first; i < first + n; ++i) {
    effects.emplace_back(MemoryEffects::Read::get(), &op->getOpOperand(i), TransformMappingResource::get());
    effects.emplace_back(MemoryEffects::Free::get(), &op->getOpOperand(i), TransformMappingResource::get());
  }
}

void transform::producesHandle(Operation *op, unsigned first, unsigned n, EffectList &effects) {
  for (unsigned i = first; i < first + n; ++i) {
    effects.emplace_back(MemoryEffects::Allocate::get(), op->getResult(i), TransformMappingResource::get());
    effects.emplace_back(MemoryEffects::Write::get(), op->getResult(i), TransformMappingResource::get());
  }
}

void transform::producesBlockArgHandles(Region &region, EffectList &effects) {
  if (region.empty())
    return;
  for (BlockArgument arg : region.front().getArguments()) {
    effects.emplace_back(MemoryEffects::Allocate::get(), arg, TransformMappingResource::get());
    effects.emplace_back(MemoryEffects::Write::get(), arg, TransformMappingResource::get());
  }
}

void transform::onlyReadsHandle(Operation *op, unsigned first, unsigned n, EffectList &effects) {
  for (unsigned i = first; i < first + n; ++i)
    effects.emplace_back(MemoryEffects::Read::get(), &op->getOpOperand(i), TransformMappingResource::get());
}

void transform::modifiesPayload(EffectList &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), PayloadIRResource::get());
  effects.emplace_back(MemoryEffects::Write::get(), PayloadIRResource::get());
}

void transform::onlyReadsPayload(EffectList &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), PayloadIRResource::get());
}

void transform::consumesOperands(Operation *op, EffectList &effects) {
  consumesHandle(op, 0, op->getNumOperands(), effects);
}

void transform::onlyReadsOperands(Operation *op, EffectList &effects) {
  onlyReadsHandle(op, 0, op->getNumOperands(), effects);
}

void transform::consumesOperandGroup(Operation *op, unsigned group, EffectList &effects) {
  auto [first, n] = ods::getODSOperandIndexAndLength(op, group);
  consumesHandle(op, first, n, effects);
}

void transform::onlyReadsOperandGroup(Operation *op, unsigned group, EffectList &effects) {
  auto [first, n] = ods::getODSOperandIndexAndLength(op, group);
  onlyReadsHandle(op, first, n, effects);
}

void transform::producesResults(Operation *op, EffectList &effects) {
  producesHandle(op, 0, op->getNumResults(), effects);
}

/// Whether `effects` holds an effect of kind E on resource R (on `value`
/// when given).
template <typename E, typename R, typename RangeT>
static bool hasTransformEffect(const RangeT &effects, std::optional<Value> value = std::nullopt) {
  for (const MemoryEffects::EffectInstance &e : effects)
    if (isa<E>(e.getEffect()) && isa<R>(e.getResource()) && (!value || e.getValue() == *value))
      return true;
  return false;
}

bool transform::isHandleConsumed(Value handle, Operation *op) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance, 8> effects;
  iface.getEffects(effects);
  return hasTransformEffect<MemoryEffects::Read, TransformMappingResource>(effects, handle) &&
         hasTransformEffect<MemoryEffects::Free, TransformMappingResource>(effects, handle);
}

//===----------------------------------------------------------------------===//
// TransformOpInterface
//===----------------------------------------------------------------------===//

LogicalResult TransformOpInterface::verifyTrait(Operation *op) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return success();
  SmallVector<MemoryEffects::EffectInstance, 8> effects;
  iface.getEffects(effects);
  auto effectsOn = [&](Value value) {
    SmallVector<MemoryEffects::EffectInstance, 4> on;
    for (const MemoryEffects::EffectInstance &e : effects)
      if (e.getValue() == value)
        on.push_back(e);
    return on;
  };
  std::optional<unsigned> firstConsumedOperand;
  for (OpOperand &operand : op->getOpOperands()) {
    auto range = effectsOn(operand.get());
    if (range.empty()) {
      InFlightDiagnostic diag = op->emitError() << "TransformOpInterface requires memory effects "
                                                   "on operands to be specified";
      diag.attachNote() << "no effects specified for operand #" << operand.getOperandNumber();
      return diag;
    }
    if (hasTransformEffect<MemoryEffects::Allocate, TransformMappingResource>(range)) {
      InFlightDiagnostic diag = op->emitError() << "TransformOpInterface did not expect "
                                                   "'allocate' memory effect on an operand";
      diag.attachNote() << "specified for operand #" << operand.getOperandNumber();
      return diag;
    }
    if (!firstConsumedOperand && hasTransformEffect<MemoryEffects::Free, TransformMappingResource>(range))
      firstConsumedOperand = operand.getOperandNumber();
  }
  if (firstConsumedOperand && !hasTransformEffect<MemoryEffects::Write, PayloadIRResource>(effects)) {
    InFlightDiagnostic diag = op->emitError() << "TransformOpInterface expects ops consuming operands to have a "
                                                 "'write' effect on the payload resource";
    diag.attachNote() << "consumes operand #" << *firstConsumedOperand;
    return diag;
  }
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
    auto range = effectsOn(op->getResult(i));
    if (!hasTransformEffect<MemoryEffects::Allocate, TransformMappingResource>(range)) {
      InFlightDiagnostic diag = op->emitError() << "TransformOpInterface requires 'allocate' memory "
                                                   "effect to be specified for results";
      diag.attachNote() << "no 'allocate' effect specified for result #" << i;
      return diag;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// PossibleTopLevelTransformOpTrait
//===----------------------------------------------------------------------===//

LogicalResult transform::verifyPossibleTopLevelTransformOpTrait(Operation *op) {
  if (op->getNumRegions() < 1)
    return op->emitOpError() << "expects at least one region";
  Region *bodyRegion = &op->getRegion(0);
  if (bodyRegion->empty() || std::next(bodyRegion->begin()) != bodyRegion->end())
    return op->emitOpError() << "expects a single-block region";
  Block *body = &bodyRegion->front();
  if (body->getNumArguments() == 0)
    return op->emitOpError() << "expects the entry block to have at least one argument";
  if (!isa<TransformHandleTypeInterface>(body->getArgument(0).getType()))
    return op->emitOpError() << "expects the first entry block argument to be of type "
                                "implementing TransformHandleTypeInterface";
  if (op->getNumOperands() != 0 && body->getArgument(0).getType() != op->getOperand(0).getType())
    return op->emitOpError() << "expects the type of the block argument to match "
                                "the type of the operand";
  for (unsigned i = 1, e = body->getNumArguments(); i < e; ++i) {
    Type t = body->getArgument(i).getType();
    if (isa<TransformHandleTypeInterface>(t) || isa<TransformParamTypeInterface>(t) ||
        isa<TransformValueHandleTypeInterface>(t))
      continue;
    InFlightDiagnostic diag =
        op->emitOpError() << "expects trailing entry block arguments to be of type implementing "
                             "TransformHandleTypeInterface, TransformValueHandleTypeInterface or "
                             "TransformParamTypeInterface";
    diag.attachNote() << "argument #" << i << " does not";
    return diag;
  }
  for (Operation *parent = op->getParentOp(); parent; parent = parent->getParentOp()) {
    if (!parent->hasTrait<PossibleTopLevelTransformOpTraitTag>())
      continue;
    if (op->getNumOperands() != body->getNumArguments()) {
      InFlightDiagnostic diag = op->emitOpError() << "expects operands to be provided for a nested op";
      diag.attachNote(parent->getLoc()) << "nested in another possible top-level op";
      return diag;
    }
    break;
  }
  return success();
}

void transform::getPotentialTopLevelEffects(Operation *op, Value root, Block &body, EffectList &effects) {
  onlyReadsOperands(op, effects);
  producesResults(op, effects);
  if (!root) {
    for (Operation &nested : body)
      if (auto iface = dyn_cast<MemoryEffectOpInterface>(&nested))
        iface.getEffects(effects);
    return;
  }
  // The body's effects on the entry block's arguments, as effects on the
  // operands; and its effects on the payload.
  for (Operation &nested : body) {
    auto iface = dyn_cast<MemoryEffectOpInterface>(&nested);
    if (!iface)
      continue;
    SmallVector<MemoryEffects::EffectInstance, 8> nestedEffects;
    iface.getEffects(nestedEffects);
    unsigned n = std::min<unsigned>(body.getNumArguments(), op->getNumOperands());
    for (unsigned i = 0; i < n; ++i)
      for (const MemoryEffects::EffectInstance &e : nestedEffects)
        if (e.getValue() == body.getArgument(i))
          effects.emplace_back(e.getEffect(), &op->getOpOperand(i), e.getResource());
    for (const MemoryEffects::EffectInstance &e : nestedEffects)
      if (isa<PayloadIRResource>(e.getResource()))
        effects.push_back(e);
  }
}

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

using EffectsFn = void (*)(Operation *, EffectList &);

/// A trait named `name` with tag `Tag`, verifier `verify` and, when
/// `effects` is given, the op's MemoryEffectOpInterface.
template <typename Tag>
static ods::Trait makeTrait(std::string_view name, LogicalResult (*verify)(Operation *), EffectsFn effects) {
  ods::Trait t;
  if (effects) {
    // An op's own getEffects replaces the trait's (as the op class's member
    // hides the trait's in MLIR).
    t = ods::Implements<MemoryEffectOpInterface>({effects});
    for (OpInterfaceModel &m : t.interfaces)
      m.implied = true;
  }
  t.name = std::string(name);
  t.tag = TypeID::get<Tag>();
  if (verify)
    t.verify = verify;
  return t;
}

ods::Trait transform::PossibleTopLevelTransformOpTrait(std::initializer_list<std::string_view>) {
  return makeTrait<PossibleTopLevelTransformOpTraitTag>("PossibleTopLevelTransformOpTrait",
                                                        verifyPossibleTopLevelTransformOpTrait, nullptr);
}

ods::Trait transform::FunctionalStyleTransformOpTrait(std::initializer_list<std::string_view>) {
  return makeTrait<FunctionalStyleTransformOpTraitTag>("FunctionalStyleTransformOpTrait", nullptr,
                                                       [](Operation *op, EffectList &effects) {
                                                         consumesOperands(op, effects);
                                                         producesResults(op, effects);
                                                         modifiesPayload(effects);
                                                       });
}

/// Whether any operand is a handle to payload ops or values.
static bool hasPayloadOperands(Operation *op) {
  for (Value v : op->getOperands())
    if (isa<TransformHandleTypeInterface>(v.getType()) || isa<TransformValueHandleTypeInterface>(v.getType()))
      return true;
  return false;
}

ods::Trait transform::NavigationTransformOpTrait(std::initializer_list<std::string_view>) {
  return makeTrait<NavigationTransformOpTraitTag>("NavigationTransformOpTrait", nullptr,
                                                  [](Operation *op, EffectList &effects) {
                                                    onlyReadsOperands(op, effects);
                                                    producesResults(op, effects);
                                                    if (hasPayloadOperands(op))
                                                      onlyReadsPayload(effects);
                                                  });
}

ods::Trait transform::ParamProducerTransformOpTrait(std::initializer_list<std::string_view>) {
  return makeTrait<ParamProducerTransformOpTraitTag>(
      "ParamProducerTransformOpTrait",
      [](Operation *op) -> LogicalResult {
        for (Value result : op->getResults())
          if (!isa<TransformParamTypeInterface>(result.getType()))
            return op->emitOpError() << "ParamProducerTransformOpTrait attached to this op expects "
                                        "result types to implement TransformParamTypeInterface";
        return success();
      },
      [](Operation *op, EffectList &effects) {
        producesResults(op, effects);
        onlyReadsOperands(op, effects);
        if (hasPayloadOperands(op))
          onlyReadsPayload(effects);
      });
}

ods::Trait transform::TransformEachOpTrait(std::initializer_list<std::string_view>) {
  return makeTrait<TransformEachOpTraitTag>("TransformEachOpTrait", nullptr, nullptr);
}

ods::Trait transform::ReportTrackingListenerFailuresOpTrait(std::initializer_list<std::string_view>) {
  return makeTrait<ReportTrackingListenerFailuresOpTraitTag>("ReportTrackingListenerFailuresOpTrait", nullptr,
                                                             nullptr);
}

/// The matchers' effects: operands read, results produced, payload read.
static void matcherEffects(Operation *op, EffectList &effects) {
  onlyReadsOperands(op, effects);
  producesResults(op, effects);
  onlyReadsPayload(effects);
}

/// The op handle of a matcher: its first operand (`getOperandHandle()`).
static LogicalResult verifyOpMatcher(Operation *op) {
  if (op->getNumOperands() == 0 || !isa<TransformHandleTypeInterface>(op->getOperand(0).getType()))
    return op->emitError() << "AtMostOneOpMatcherOpTrait/SingleOpMatchOpTrait requires the op handle "
                              "to be of TransformHandleTypeInterface";
  return success();
}

ods::Trait transform::AtMostOneOpMatcherOpTrait(std::initializer_list<std::string_view>) {
  return makeTrait<SingleOpMatcherOpTraitTag>("AtMostOneOpMatcherOpTrait", verifyOpMatcher, matcherEffects);
}

ods::Trait transform::SingleOpMatcherOpTrait(std::initializer_list<std::string_view>) {
  return makeTrait<SingleOpMatcherOpTraitTag>("SingleOpMatcherOpTrait", verifyOpMatcher, matcherEffects);
}

ods::Trait transform::SingleValueMatcherOpTrait(std::initializer_list<std::string_view>) {
  return makeTrait<SingleValueMatcherOpTraitTag>(
      "SingleValueMatcherOpTrait",
      [](Operation *op) -> LogicalResult {
        if (op->getNumOperands() == 0 || !isa<TransformValueHandleTypeInterface>(op->getOperand(0).getType()))
          return op->emitError() << "SingleValueMatchOpTrait requires an operand "
                                    "of TransformValueHandleTypeInterface";
        return success();
      },
      matcherEffects);
}

ods::Trait transform::StructuredOpPredicateOpTrait(std::initializer_list<std::string_view>) {
  return makeTrait<StructuredOpPredicateOpTraitTag>(
      "StructuredOpPredicateOpTrait",
      [](Operation *op) -> LogicalResult {
        // verifyStructuredOpPredicateOpTrait: the handle is the body
        // argument of the enclosing transform.match.structured.
        Operation *parent = op->getParentOp();
        if (!parent || parent->getName().getStringRef() != "transform.match.structured")
          return op->emitOpError() << "expects parent op to be 'transform.match.structured'";
        if (parent->getNumRegions() < 1 || parent->getRegion(0).empty() ||
            parent->getRegion(0).front().getNumArguments() < 1)
          return success();
        if (op->getNumOperands() == 0 || op->getOperand(0) != parent->getRegion(0).front().getArgument(0))
          return op->emitOpError() << "expected predicate to apply to the surrounding structured op";
        return success();
      },
      nullptr);
}
