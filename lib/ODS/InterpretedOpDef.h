//===- InterpretedOpDef.h - The engine's form of an op definition ---------===//
//
// What an OpDef builds and the engine interprets: the declared operands,
// results, attributes, regions, successors and traits, plus everything
// derived once at finalization (property slots, the parsed assembly format
// and its type resolution). Immutable after finalize(); shared by every
// context that registers the op.
//
#pragma once

#include "lamina/ODS/OpDef.h"

#include <memory>
#include <string>
#include <vector>

namespace lamina {
namespace ods {

class OpFormat;
struct VerifyPlan;

/// How many values an operand or result declaration stands for.
enum class VarKind { Single, Optional, Variadic, VariadicOfVariadic };

/// An operand or result declaration.
struct ValueDef {
  std::string name;
  TypeConstraint constraint;
  VarKind kind = VarKind::Single;
  /// VariadicOfVariadic: the DenseI32ArrayAttr attribute holding the groups.
  std::string segmentAttr;
  /// Memory effects on each value of the group (`Arg<T, "", [MemRead]>`).
  std::vector<Effect> effects;
  /// Position among the op's arguments (operands and attributes).
  unsigned argIndex = 0;

  bool isVariableLength() const { return kind != VarKind::Single; }
  bool isOptional() const { return kind == VarKind::Optional; }
  /// ODS isVariadic(): Variadic or VariadicOfVariadic (not Optional).
  bool isVariadic() const { return kind == VarKind::Variadic || kind == VarKind::VariadicOfVariadic; }
};

/// An inherent attribute declaration.
struct AttributeDef {
  std::string name;
  AttrConstraint constraint;
  bool optional = false;
  bool hasDefault = false;
  /// The C++ default value handed to the constraint's constBuilder.
  std::string defaultValue;
  /// The property slot index.
  unsigned slot = 0;
  /// Memory effects on the symbol it references.
  std::vector<Effect> effects;
  /// Position among the op's arguments (operands and attributes).
  unsigned argIndex = 0;

  /// Neither optional nor default-valued (UnitAttr counts as optional).
  bool isRequired() const { return !optional && !hasDefault && !constraint.isUnit; }
  bool isOptionalAttr() const { return optional || constraint.isUnit; }
  /// Builds the default value (null if none).
  Attribute getDefault(MLIRContext *ctx) const;
};

struct RegionDef {
  std::string name;
  RegionConstraint constraint;
  bool variadic = false;
};

struct SuccessorDef {
  std::string name;
  SuccessorConstraint constraint;
  bool variadic = false;
};

/// The interpreted definition of one operation.
class InterpretedOpDef {
public:
  std::string name;
  TypeID typeID;

  std::vector<ValueDef> operands;
  std::vector<ValueDef> results;
  std::vector<AttributeDef> attributes;
  std::vector<RegionDef> regions;
  std::vector<SuccessorDef> successors;
  /// Flattened, in declaration order.
  std::vector<Trait> traits;

  /// The declarative assembly format text, if any.
  std::string formatText;
  bool hasFormat = false;
  ParseResult (*customParse)(OpAsmParser &, OperationState &) = nullptr;
  void (*customPrint)(Operation *, OpAsmPrinter &) = nullptr;
  std::vector<CustomDirective> directives;

  LogicalResult (*customVerify)(Operation *) = nullptr;
  LogicalResult (*customRegionVerify)(Operation *) = nullptr;
  LogicalResult (*fold)(Operation *, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) = nullptr;
  OpFoldResult (*foldSingleResult)(Operation *, ArrayRef<Attribute>) = nullptr;
  void (*canonicalizationPatterns)(RewritePatternSet &, MLIRContext *) = nullptr;
  /// The number of operands and attributes declared so far.
  unsigned numArgs = 0;

  //===--------------------------------------------------------------------===//
  // Derived at finalization
  //===--------------------------------------------------------------------===//

  bool attrSizedOperands = false;
  bool attrSizedResults = false;
  /// Names of the property slots: inherent attributes sorted by name, then
  /// `operandSegmentSizes`, then `resultSegmentSizes` (MLIR's order).
  std::vector<std::string> slotNames;
  int operandSegmentsSlot = -1;
  int resultSegmentsSlot = -1;
  /// Attribute indices sorted by name (the verifier's presence checks and
  /// the bytecode encoding follow this order).
  std::vector<unsigned> sortedAttrs;
  unsigned numVariableLengthOperands = 0;
  unsigned numVariableLengthResults = 0;
  unsigned numVariadicRegions = 0;
  unsigned numVariadicSuccessors = 0;
  /// Traits with a TypeID tag and interfaces, as registered.
  bool hasDefaultValuedAttrs = false;
  /// The inferer of InferTypeOpInterface, if declared.
  InferReturnTypesFn inferReturnTypes = nullptr;
  /// One memory effect the generated getEffects adds: a static effect of
  /// the op, or one on each value of an operand/result group, or on the
  /// symbol of an attribute.
  struct EffectLocation {
    enum class Kind : uint8_t { Static, Operand, Result, Symbol };
    Effect effect;
    Kind kind = Kind::Static;
    /// The operand/result group, or the attribute's property slot.
    unsigned index = 0;
  };
  /// Whether the engine implements MemoryEffectOpInterface from declared
  /// effects, and those effects in ODS's order (the op's own, then per
  /// argument, then per result).
  bool generatesEffects = false;
  std::vector<EffectLocation> effectLocations;
  /// The parsed assembly format (null without `format`).
  std::unique_ptr<OpFormat> format;
  /// The verifier hooks' precomputed checks (OpDef.cpp): trait verifiers as
  /// plain function pointers, named values resolved to indices.
  std::unique_ptr<VerifyPlan> verifyPlan;

  InterpretedOpDef();
  ~InterpretedOpDef();

  /// Computes the derived fields and parses the format. On error, fills
  /// `error` with a message.
  LogicalResult finalize(std::string &error);

  int findOperand(std::string_view n) const;
  int findResult(std::string_view n) const;
  int findAttribute(std::string_view n) const;
  int findRegion(std::string_view n) const;
  int findSuccessor(std::string_view n) const;
  const Trait *findTraitByName(std::string_view n) const;
  bool hasTraitNamed(std::string_view n) const { return findTraitByName(n) != nullptr; }
};

/// The definition of a registered op built by ODS (null otherwise).
inline const InterpretedOpDef *lookupDefinition(OperationName name) {
  return name.isRegistered() ? static_cast<const InterpretedOpDef *>(name.getInfo().definition) : nullptr;
}

/// MLIR's verifyInherentAttrs: the inherent attributes among `attrs` must
/// satisfy their constraints (checked in name order).
LogicalResult verifyInherentAttrs(const InterpretedOpDef &def, ArrayRef<NamedAttribute> attrs,
                                  function_ref<InFlightDiagnostic()> emitError);

/// The type comparison of the AllMatchSameOperatorTrait named `traitName`
/// ("AllTypesMatch", "AllElementTypesMatch", "AllShapesMatch",
/// "AllRanksMatch"), or null for any other trait.
bool (*getAllMatchComparator(std::string_view traitName))(Type, Type);

/// Start and length of group `index` of `defs` among `total` values, using
/// `segments` (may be null) or the same-variadic-size rule.
std::pair<unsigned, unsigned> getGroupIndexAndLength(const std::vector<ValueDef> &defs, unsigned numVariableLength,
                                                     const int32_t *segments, size_t numSegments, unsigned total,
                                                     unsigned index);

} // namespace ods
} // namespace lamina
