//===- TransformInterfaces.h - The transform dialect's interfaces ---------===//
//
// What the transform dialect's ops declare besides their ODS records: the
// memory effect resources of transform IR (handles and the payload), MLIR's
// effect helpers (consumesHandle, producesHandle, ...), TransformOpInterface
// with its verifier, the marker interfaces of pattern descriptors and
// matchers, and the native traits of MLIR's TransformInterfaces.h and
// MatchInterfaces.h as ods::Trait factories (their verifiers, and the
// getEffects of those that implement MemoryEffectOpInterface).
//
// Lamina parses, verifies and prints transform IR; it does not interpret it,
// so the interfaces carry no apply/match methods.
//
#pragma once

#include "lamina/IR/OpInterface.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/ODS/OpDef.h"

#include <string_view>

namespace lamina {
namespace transform {

//===----------------------------------------------------------------------===//
// Resources and effects
//===----------------------------------------------------------------------===//

/// The mapping between transform IR handles and payload IR: Allocate+Write
/// create a handle, Read uses it, Read+Free consume it.
struct TransformMappingResource : public SideEffects::Resource::Base<TransformMappingResource> {
  std::string_view getName() final { return "transform.mapping"; }
};

/// The payload IR itself (Read, or Read+Write when a transform modifies it).
struct PayloadIRResource : public SideEffects::Resource::Base<PayloadIRResource> {
  std::string_view getName() final { return "transform.payload_ir"; }
};

using EffectList = SmallVectorImpl<MemoryEffects::EffectInstance>;

/// Read + Free of each handle on the mapping resource.
void consumesHandle(Operation *op, unsigned firstOperand, unsigned numOperands, EffectList &effects);
/// Allocate + Write of each result on the mapping resource.
void producesHandle(Operation *op, unsigned firstResult, unsigned numResults, EffectList &effects);
/// Allocate + Write of each argument of the entry block of `region`.
void producesBlockArgHandles(Region &region, EffectList &effects);
/// Read of each handle on the mapping resource.
void onlyReadsHandle(Operation *op, unsigned firstOperand, unsigned numOperands, EffectList &effects);
/// Read + Write of the payload.
void modifiesPayload(EffectList &effects);
/// Read of the payload.
void onlyReadsPayload(EffectList &effects);

/// The common shapes of MLIR's getEffects: every operand (or the operand
/// group `group` of the ODS operand segments) consumed or only read, every
/// result produced.
void consumesOperands(Operation *op, EffectList &effects);
void onlyReadsOperands(Operation *op, EffectList &effects);
void consumesOperandGroup(Operation *op, unsigned group, EffectList &effects);
void onlyReadsOperandGroup(Operation *op, unsigned group, EffectList &effects);
void producesResults(Operation *op, EffectList &effects);

/// Whether `op` consumes `handle` (a Read and a Free on the mapping).
bool isHandleConsumed(Value handle, Operation *op);

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

struct TransformMarkerConcept {
  void (*unused)() = nullptr;
};

/// MLIR's TransformOpInterface: verifies that the op declares effects on
/// every operand (no Allocate), Allocate on every result, and a payload
/// Write when it consumes an operand.
class TransformOpInterface : public OpInterface<TransformOpInterface, TransformMarkerConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "TransformOpInterface"; }
  static LogicalResult verifyTrait(Operation *op);
};

/// Ops describing rewrite patterns (the body of transform.apply_patterns).
class PatternDescriptorOpInterface : public OpInterface<PatternDescriptorOpInterface, TransformMarkerConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "PatternDescriptorOpInterface"; }
};

/// Ops describing conversion patterns (transform.apply_conversion_patterns).
class ConversionPatternDescriptorOpInterface
    : public OpInterface<ConversionPatternDescriptorOpInterface, TransformMarkerConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "ConversionPatternDescriptorOpInterface"; }
};

/// Ops building a type converter (the default type converter region).
class TypeConverterBuilderOpInterface
    : public OpInterface<TypeConverterBuilderOpInterface, TransformMarkerConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "TypeConverterBuilderOpInterface"; }
};

/// Matcher ops (transform.match.*); a matcher is a transform op.
class MatchOpInterface : public OpInterface<MatchOpInterface, TransformMarkerConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "MatchOpInterface"; }
  static std::vector<OpInterfaceModel> getBaseInterfaceModels() { return {TransformOpInterface::getModel({})}; }
};

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

/// Tags of the traits (op->hasTrait<...>()).
struct PossibleTopLevelTransformOpTraitTag;
struct FunctionalStyleTransformOpTraitTag;
struct NavigationTransformOpTraitTag;
struct ParamProducerTransformOpTraitTag;
struct TransformEachOpTraitTag;
struct ReportTrackingListenerFailuresOpTraitTag;
struct SingleOpMatcherOpTraitTag;
struct SingleValueMatcherOpTraitTag;
struct StructuredOpPredicateOpTraitTag;

/// The factories the imported definitions call (their argument: the op
/// names of the trait's class arguments, none for these).
ods::Trait PossibleTopLevelTransformOpTrait(std::initializer_list<std::string_view> = {});
ods::Trait FunctionalStyleTransformOpTrait(std::initializer_list<std::string_view> = {});
ods::Trait NavigationTransformOpTrait(std::initializer_list<std::string_view> = {});
ods::Trait ParamProducerTransformOpTrait(std::initializer_list<std::string_view> = {});
ods::Trait TransformEachOpTrait(std::initializer_list<std::string_view> = {});
ods::Trait ReportTrackingListenerFailuresOpTrait(std::initializer_list<std::string_view> = {});
ods::Trait AtMostOneOpMatcherOpTrait(std::initializer_list<std::string_view> = {});
ods::Trait SingleOpMatcherOpTrait(std::initializer_list<std::string_view> = {});
ods::Trait SingleValueMatcherOpTrait(std::initializer_list<std::string_view> = {});
ods::Trait StructuredOpPredicateOpTrait(std::initializer_list<std::string_view> = {});

/// verifyPossibleTopLevelTransformOpTrait (also used by named sequences).
LogicalResult verifyPossibleTopLevelTransformOpTrait(Operation *op);

/// The effects of a possible top-level op (sequence, alternatives...):
/// operands read, results produced, and without a root operand the
/// effects of the body's ops; with one, the body's effects on the entry
/// block arguments carried over to the operands.
void getPotentialTopLevelEffects(Operation *op, Value root, Block &body, EffectList &effects);

} // namespace transform
} // namespace lamina
