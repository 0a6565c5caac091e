//===- OpDef.cpp - Building, finalizing and registering op definitions ---===//
//
// Registration turns an InterpretedOpDef into the OperationInfo hooks of its
// OperationName. The verifier hooks interpret the definition in MLIR's
// generated order (see OpDef.h).
//
#include "InterpretedOpDef.h"
#include "PropertyKind.h"
#include "OpFormat.h"
#include "lamina/IR/OpTraitVerifiers.h"
#include "lamina/IR/RegionKindInterface.h"
#include "lamina/IR/SymbolTable.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/ContextLifetime.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/Verifier.h"
#include "lamina/ODS/EnumDef.h"
#include "lamina/Support/RawOstream.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <unordered_set>

using namespace lamina;
using namespace lamina::ods;

namespace lamina {
namespace ods {
LogicalResult readOpProperties(DialectBytecodeReader &reader, Operation *op);
void writeOpProperties(Operation *op, DialectBytecodeWriter &writer);
} // namespace ods
} // namespace lamina

//===----------------------------------------------------------------------===//
// InterpretedOpDef
//===----------------------------------------------------------------------===//

static void buildVerifyPlan(InterpretedOpDef &def);

InterpretedOpDef::InterpretedOpDef() = default;

Attribute AttributeDef::getDefault(MLIRContext *ctx) const {
  if (!hasDefault || !constraint.constBuilder)
    return Attribute();
  return constraint.constBuilder(ctx, defaultValue);
}

template <typename T> static int findByName(const std::vector<T> &v, std::string_view n) {
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i].name == n)
      return int(i);
  return -1;
}
int InterpretedOpDef::findOperand(std::string_view n) const { return findByName(operands, n); }
int InterpretedOpDef::findResult(std::string_view n) const { return n.empty() ? -1 : findByName(results, n); }
int InterpretedOpDef::findAttribute(std::string_view n) const { return findByName(attributes, n); }
int InterpretedOpDef::findRegion(std::string_view n) const { return findByName(regions, n); }
int InterpretedOpDef::findSuccessor(std::string_view n) const { return findByName(successors, n); }
const Trait *InterpretedOpDef::findTraitByName(std::string_view n) const {
  for (const Trait &t : traits)
    if (t.name == n)
      return &t;
  return nullptr;
}

LogicalResult InterpretedOpDef::finalize(std::string &error) {
  attrSizedOperands = hasTraitNamed("AttrSizedOperandSegments");
  attrSizedResults = hasTraitNamed("AttrSizedResultSegments");
  for (const ValueDef &v : operands)
    numVariableLengthOperands += v.isVariableLength();
  for (const ValueDef &v : results)
    numVariableLengthResults += v.isVariableLength();
  for (const RegionDef &r : regions)
    numVariadicRegions += r.variadic;
  for (const SuccessorDef &s : successors)
    numVariadicSuccessors += s.variadic;

  // Property slots: attributes sorted by name, then the segment sizes.
  sortedAttrs.clear();
  for (unsigned i = 0; i < attributes.size(); ++i)
    sortedAttrs.push_back(i);
  std::stable_sort(sortedAttrs.begin(), sortedAttrs.end(),
                   [&](unsigned a, unsigned b) { return attributes[a].name < attributes[b].name; });
  slotNames.clear();
  for (unsigned i : sortedAttrs) {
    attributes[i].slot = unsigned(slotNames.size());
    slotNames.push_back(attributes[i].name);
  }
  if (attrSizedOperands) {
    operandSegmentsSlot = int(slotNames.size());
    slotNames.push_back("operandSegmentSizes");
  }
  if (attrSizedResults) {
    resultSegmentsSlot = int(slotNames.size());
    slotNames.push_back("resultSegmentSizes");
  }
  for (const AttributeDef &a : attributes)
    hasDefaultValuedAttrs |= a.hasDefault;
  for (const Trait &t : traits)
    if (t.infersResultTypes && t.inferFn)
      inferReturnTypes = t.inferFn;
  for (const Trait &t : traits)
    if (t.infersResultTypes && !inferReturnTypes) {
      error = "internal: InferTypeOpInterface without an inferer";
      return failure();
    }

  // The generated getEffects: the op's own effects (MemoryEffects traits in
  // order), then the effects on each argument (operands and symbol
  // attributes in declaration order), then on each result.
  bool declaresEffects = false;
  effectLocations.clear();
  for (const Trait &t : traits) {
    declaresEffects |= t.declaresMemoryEffects;
    for (const Effect &e : t.effects)
      effectLocations.push_back({e, EffectLocation::Kind::Static, 0});
  }
  std::vector<std::pair<unsigned, EffectLocation>> argEffects;
  for (unsigned i = 0; i < operands.size(); ++i)
    for (const Effect &e : operands[i].effects)
      argEffects.push_back({operands[i].argIndex, {e, EffectLocation::Kind::Operand, i}});
  for (const AttributeDef &a : attributes)
    for (const Effect &e : a.effects)
      argEffects.push_back({a.argIndex, {e, EffectLocation::Kind::Symbol, a.slot}});
  std::stable_sort(argEffects.begin(), argEffects.end(),
                   [](const auto &a, const auto &b) { return a.first < b.first; });
  for (const auto &a : argEffects)
    effectLocations.push_back(a.second);
  for (unsigned i = 0; i < results.size(); ++i)
    for (const Effect &e : results[i].effects)
      effectLocations.push_back({e, EffectLocation::Kind::Result, i});
  generatesEffects = declaresEffects || !effectLocations.empty();

  // Every interface must be implemented in full, and implemented once
  // (implied base interfaces give way to explicit implementations).
  std::vector<TypeID> implemented, impliedSeen;
  for (Trait &t : traits)
    for (auto it = t.interfaces.begin(); it != t.interfaces.end();) {
      if (!it->implied) {
        ++it;
        continue;
      }
      bool redundant = std::find(impliedSeen.begin(), impliedSeen.end(), it->id) != impliedSeen.end();
      for (const Trait &other : traits)
        for (const OpInterfaceModel &m : other.interfaces)
          redundant |= !m.implied && m.id == it->id;
      impliedSeen.push_back(it->id);
      if (redundant)
        it = t.interfaces.erase(it);
      else
        ++it;
    }
  for (const Trait &t : traits)
    for (const OpInterfaceModel &m : t.interfaces) {
      if (!m.missingMethod.empty()) {
        error = "'" + name + "' declares " + std::string(m.name) + " but does not implement its method '" +
                std::string(m.missingMethod) + "'";
        return failure();
      }
      if (std::find(implemented.begin(), implemented.end(), m.id) != implemented.end()) {
        error = "'" + name + "' implements " + std::string(m.name) + " twice";
        return failure();
      }
      if (generatesEffects && m.id == MemoryEffectOpInterface::getInterfaceID()) {
        error = "'" + name + "' declares memory effects and implements MemoryEffectOpInterface by hand";
        return failure();
      }
      implemented.push_back(m.id);
    }

  buildVerifyPlan(*this);

  if (hasFormat) {
    std::string fmtError;
    format = parseOpFormat(*this, formatText, fmtError);
    if (!format) {
      error = "in the assembly format of '" + name + "': " + fmtError;
      return failure();
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// OpDef builder
//===----------------------------------------------------------------------===//

OpDef::OpDef(std::string_view name, TypeID typeID) {
  // A definition finalized before (by another context of the process) is
  // registered as it is: nothing of this builder's declarations is built
  // (each context loading a dialect used to rebuild and discard all its op
  // definitions: most of the cost of a small input).
  if ((finalized = lookUpFinalized(name)))
    return;
  def = std::make_unique<InterpretedOpDef>();
  def->name = std::string(name);
  def->typeID = typeID;
}
OpDef::OpDef(OpDef &&) = default;
OpDef &OpDef::operator=(OpDef &&) = default;
OpDef::~OpDef() = default;

static ValueDef makeValue(std::string_view name, TypeConstraint c, VarKind kind, Effects effects = {}) {
  ValueDef v;
  v.name = std::string(name);
  v.constraint = std::move(c);
  v.kind = kind;
  v.effects.assign(effects.begin(), effects.end());
  // Variadic<T> (and VariadicOfVariadic<T>) has the summary "variadic of T".
  // (Idempotent: dialects written before the engine did this prefix it.)
  if ((kind == VarKind::Variadic || kind == VarKind::VariadicOfVariadic) && !v.constraint.summary.empty() &&
      v.constraint.summary.rfind("variadic of ", 0) != 0)
    v.constraint.summary = "variadic of " + v.constraint.summary;
  return v;
}

OpDef &OpDef::operand(std::string_view name, TypeConstraint c, Effects effects) {
  if (!def)
    return *this;
  def->operands.push_back(makeValue(name, std::move(c), VarKind::Single, effects));
  def->operands.back().argIndex = def->numArgs++;
  return *this;
}
OpDef &OpDef::optionalOperand(std::string_view name, TypeConstraint c, Effects effects) {
  if (!def)
    return *this;
  def->operands.push_back(makeValue(name, std::move(c), VarKind::Optional, effects));
  def->operands.back().argIndex = def->numArgs++;
  return *this;
}
OpDef &OpDef::variadicOperand(std::string_view name, TypeConstraint c, Effects effects) {
  if (!def)
    return *this;
  def->operands.push_back(makeValue(name, std::move(c), VarKind::Variadic, effects));
  def->operands.back().argIndex = def->numArgs++;
  return *this;
}
OpDef &OpDef::variadicOfVariadicOperand(std::string_view name, TypeConstraint c, std::string_view segmentAttr) {
  if (!def)
    return *this;
  ValueDef v = makeValue(name, std::move(c), VarKind::VariadicOfVariadic);
  v.segmentAttr = std::string(segmentAttr);
  v.argIndex = def->numArgs++;
  def->operands.push_back(std::move(v));
  return *this;
}
OpDef &OpDef::result(std::string_view name, TypeConstraint c, Effects effects) {
  if (!def)
    return *this;
  def->results.push_back(makeValue(name, std::move(c), VarKind::Single, effects));
  return *this;
}
OpDef &OpDef::optionalResult(std::string_view name, TypeConstraint c, Effects effects) {
  if (!def)
    return *this;
  def->results.push_back(makeValue(name, std::move(c), VarKind::Optional, effects));
  return *this;
}
OpDef &OpDef::variadicResult(std::string_view name, TypeConstraint c, Effects effects) {
  if (!def)
    return *this;
  def->results.push_back(makeValue(name, std::move(c), VarKind::Variadic, effects));
  return *this;
}

static AttributeDef makeAttr(std::string_view name, AttrConstraint c) {
  AttributeDef a;
  a.name = std::string(name);
  a.constraint = std::move(c);
  return a;
}

OpDef &OpDef::attr(std::string_view name, AttrConstraint c, Effects effects) {
  if (!def)
    return *this;
  AttributeDef a = makeAttr(name, std::move(c));
  a.effects.assign(effects.begin(), effects.end());
  a.argIndex = def->numArgs++;
  def->attributes.push_back(std::move(a));
  return *this;
}
OpDef &OpDef::optionalAttr(std::string_view name, AttrConstraint c, Effects effects) {
  if (!def)
    return *this;
  AttributeDef a = makeAttr(name, std::move(c));
  a.optional = true;
  a.effects.assign(effects.begin(), effects.end());
  a.argIndex = def->numArgs++;
  def->attributes.push_back(std::move(a));
  return *this;
}
OpDef &OpDef::defaultAttr(std::string_view name, AttrConstraint c, std::string_view value) {
  if (!def)
    return *this;
  AttributeDef a = makeAttr(name, std::move(c));
  a.hasDefault = true;
  a.defaultValue = std::string(value);
  a.argIndex = def->numArgs++;
  def->attributes.push_back(std::move(a));
  return *this;
}
OpDef &OpDef::defaultOptionalAttr(std::string_view name, AttrConstraint c, std::string_view value) {
  if (!def)
    return *this;
  AttributeDef a = makeAttr(name, std::move(c));
  a.hasDefault = true;
  a.optional = true;
  a.defaultValue = std::string(value);
  a.argIndex = def->numArgs++;
  def->attributes.push_back(std::move(a));
  return *this;
}

OpDef &OpDef::region(std::string_view name, RegionConstraint c) {
  if (!def)
    return *this;
  def->regions.push_back(RegionDef{std::string(name), std::move(c), false});
  return *this;
}
OpDef &OpDef::variadicRegion(std::string_view name, RegionConstraint c) {
  if (!def)
    return *this;
  def->regions.push_back(RegionDef{std::string(name), std::move(c), true});
  return *this;
}
OpDef &OpDef::successor(std::string_view name, SuccessorConstraint c) {
  if (!def)
    return *this;
  def->successors.push_back(SuccessorDef{std::string(name), std::move(c), false});
  return *this;
}
OpDef &OpDef::variadicSuccessor(std::string_view name, SuccessorConstraint c) {
  if (!def)
    return *this;
  def->successors.push_back(SuccessorDef{std::string(name), std::move(c), true});
  return *this;
}

OpDef &OpDef::trait(Trait t) {
  if (!def)
    return *this;
  if (!t.list.empty()) {
    for (Trait &sub : t.list)
      trait(std::move(sub));
    return *this;
  }
  def->traits.push_back(std::move(t));
  return *this;
}
OpDef &OpDef::traits(std::initializer_list<Trait> ts) {
  if (!def)
    return *this;
  for (const Trait &t : ts)
    trait(t);
  return *this;
}

OpDef &OpDef::format(std::string_view fmt) {
  if (!def)
    return *this;
  def->formatText = std::string(fmt);
  def->hasFormat = true;
  return *this;
}
OpDef &OpDef::customAssembly(ParseResult (*parse)(OpAsmParser &, OperationState &),
                             void (*print)(Operation *, OpAsmPrinter &)) {
  if (!def)
    return *this;
  def->customParse = parse;
  def->customPrint = print;
  return *this;
}
OpDef &OpDef::directive(CustomDirective d) {
  if (!def)
    return *this;
  def->directives.push_back(std::move(d));
  return *this;
}
OpDef &OpDef::verifier(LogicalResult (*fn)(Operation *)) {
  if (!def)
    return *this;
  def->customVerify = fn;
  return *this;
}
OpDef &OpDef::regionVerifier(LogicalResult (*fn)(Operation *)) {
  if (!def)
    return *this;
  def->customRegionVerify = fn;
  return *this;
}
OpDef &OpDef::folder(LogicalResult (*fn)(Operation *, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &)) {
  if (!def)
    return *this;
  def->fold = fn;
  return *this;
}
OpDef &OpDef::folder(OpFoldResult (*fn)(Operation *, ArrayRef<Attribute>)) {
  if (!def)
    return *this;
  def->foldSingleResult = fn;
  return *this;
}
OpDef &OpDef::canonicalizer(void (*fn)(RewritePatternSet &, MLIRContext *)) {
  if (!def)
    return *this;
  def->canonicalizationPatterns = fn;
  return *this;
}
//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//
//
// finalize() compiles the definition into a VerifyPlan: the trait verifiers
// of each phase as plain function pointers where the trait has one, the
// values named by AllTypesMatch-like and TypesMatchWith traits resolved to
// operand/result groups or property slots, and only the attribute, operand
// and result constraints that generate a check. The hooks run the plan in
// MLIR's generated order without any lookup by name or allocation.

namespace lamina {
namespace ods {

/// A value named by a predicate trait, resolved as MLIR's generated code
/// resolves `$name`: an operand group, else a result group, else a typed
/// attribute.
struct NamedValueRef {
  enum class Kind : uint8_t { Operand, Result, Attribute, None };
  Kind kind = Kind::None;
  /// The group index (operands, results) or the property slot (attribute).
  unsigned index = 0;
};

/// One trait verifier of the plan.
struct TraitCheck {
  enum class Kind : uint8_t { Function, StdFunction, AllMatch, TypesMatchWith };
  Kind kind = Kind::StdFunction;
  LogicalResult (*fn)(Operation *) = nullptr;
  const std::function<LogicalResult(Operation *)> *stdFn = nullptr;
  const Trait *trait = nullptr;
  /// AllMatch: the comparison of two types.
  bool (*same)(Type, Type) = nullptr;
  /// AllMatch: every named value; TypesMatchWith: {lhs, rhs}.
  std::vector<NamedValueRef> refs;
};

/// An operand or result group whose constraint generates a check.
struct ValueCheck {
  unsigned group;
  const ValueDef *def;
};

struct VerifyPlan {
  /// Structural traits (before OpInvariants), predicate traits (inside
  /// it), the other traits (after it), region traits.
  std::vector<TraitCheck> structural, predicates, others, regions;
  /// Required attributes in name order; constrained ones in declaration
  /// order.
  std::vector<const AttributeDef *> requiredAttrs, constrainedAttrs;
  /// EnumProp properties, in declaration order (their value must be a case).
  std::vector<const AttributeDef *> enumProps;
  std::vector<ValueCheck> operandChecks, resultChecks;
  bool hasRegionConstraints = false;
  bool hasSuccessorConstraints = false;
};

} // namespace ods
} // namespace lamina

InterpretedOpDef::~InterpretedOpDef() = default;

static NamedValueRef resolveNamedValue(const InterpretedOpDef &def, std::string_view name) {
  if (int i = def.findOperand(name); i >= 0)
    return {NamedValueRef::Kind::Operand, unsigned(i)};
  if (int i = def.findResult(name); i >= 0)
    return {NamedValueRef::Kind::Result, unsigned(i)};
  if (int i = def.findAttribute(name); i >= 0)
    return {NamedValueRef::Kind::Attribute, def.attributes[i].slot};
  return {};
}

/// A check calling `fn` directly when it holds a plain function.
static TraitCheck functionCheck(const Trait &t, const std::function<LogicalResult(Operation *)> &fn) {
  TraitCheck c;
  c.trait = &t;
  if (auto *ptr = fn.target<LogicalResult (*)(Operation *)>()) {
    c.kind = TraitCheck::Kind::Function;
    c.fn = *ptr;
  } else {
    c.kind = TraitCheck::Kind::StdFunction;
    c.stdFn = &fn;
  }
  return c;
}

static void buildVerifyPlan(InterpretedOpDef &def) {
  def.verifyPlan = std::make_unique<VerifyPlan>();
  VerifyPlan *plan = def.verifyPlan.get();
  for (const Trait &t : def.traits) {
    if (t.verifyRegion)
      plan->regions.push_back(functionCheck(t, t.verifyRegion));
    if (!t.verify)
      continue;
    if (t.structural) {
      plan->structural.push_back(functionCheck(t, t.verify));
      continue;
    }
    if (!t.isPredicate) {
      plan->others.push_back(functionCheck(t, t.verify));
      continue;
    }
    TraitCheck c = functionCheck(t, t.verify);
    if (auto same = getAllMatchComparator(t.name); same && !t.names.empty()) {
      c.kind = TraitCheck::Kind::AllMatch;
      c.same = same;
      for (const std::string &n : t.names)
        c.refs.push_back(resolveNamedValue(def, n));
    } else if (t.inference == Trait::Inference::TypesMatchWith && t.names.size() == 2 && t.transform) {
      c.kind = TraitCheck::Kind::TypesMatchWith;
      c.refs = {resolveNamedValue(def, t.names[0]), resolveNamedValue(def, t.names[1])};
    }
    plan->predicates.push_back(std::move(c));
  }
  for (unsigned i : def.sortedAttrs)
    if (def.attributes[i].isRequired())
      plan->requiredAttrs.push_back(&def.attributes[i]);
  for (const AttributeDef &a : def.attributes)
    if (a.constraint.pred)
      plan->constrainedAttrs.push_back(&a);
  for (const AttributeDef &a : def.attributes)
    if (a.constraint.property && getPropertyKind(*a.constraint.property) == PropertyKind::Enum &&
        a.constraint.property->enumInfo)
      plan->enumProps.push_back(&a);
  auto addValueChecks = [](const std::vector<ValueDef> &defs, std::vector<ValueCheck> &checks) {
    for (unsigned i = 0; i < defs.size(); ++i) {
      const ValueDef &v = defs[i];
      if (v.constraint.hasPredicate() || v.isOptional() || v.kind == VarKind::VariadicOfVariadic)
        checks.push_back({i, &v});
    }
  };
  addValueChecks(def.operands, plan->operandChecks);
  addValueChecks(def.results, plan->resultChecks);
  for (const RegionDef &r : def.regions)
    plan->hasRegionConstraints |= bool(r.constraint.pred);
  for (const SuccessorDef &s : def.successors)
    plan->hasSuccessorConstraints |= bool(s.constraint.pred);
}

static const InterpretedOpDef &definitionOf(Operation *op) {
  return *static_cast<const InterpretedOpDef *>(op->getName().getInfo().definition);
}

/// The count traits of MLIR's generated op classes, in their order:
/// regions, results, successors, operands.
static LogicalResult verifyCountTraits(Operation *op, const InterpretedOpDef &def) {
  using namespace OpTrait::impl;
  unsigned n = def.regions.size(), nv = def.numVariadicRegions;
  if (nv) {
    if (n != nv && failed(verifyAtLeastNRegions(op, n - nv)))
      return failure();
  } else if (op->getNumRegions() != n &&
             failed(n == 0 ? verifyZeroRegions(op) : n == 1 ? verifyOneRegion(op) : verifyNRegions(op, n))) {
    return failure();
  }
  n = def.results.size();
  nv = def.numVariableLengthResults;
  if (nv) {
    if (n != nv && failed(verifyAtLeastNResults(op, n - nv)))
      return failure();
  } else if (op->getNumResults() != n &&
             failed(n == 0 ? verifyZeroResults(op) : n == 1 ? verifyOneResult(op) : verifyNResults(op, n))) {
    return failure();
  }
  n = def.successors.size();
  nv = def.numVariadicSuccessors;
  if (nv) {
    if (n != nv && failed(verifyAtLeastNSuccessors(op, n - nv)))
      return failure();
  } else if ((n != 0 || op->getNumSuccessors() != 0) &&
             failed(n == 0   ? verifyZeroSuccessors(op)
                    : n == 1 ? verifyOneSuccessor(op)
                             : verifyNSuccessors(op, n))) {
    return failure();
  }
  n = def.operands.size();
  nv = def.numVariableLengthOperands;
  if (nv) {
    if (n != nv && failed(verifyAtLeastNOperands(op, n - nv)))
      return failure();
  } else if (op->getNumOperands() != n &&
             failed(n == 0 ? verifyZeroOperands(op) : n == 1 ? verifyOneOperand(op) : verifyNOperands(op, n))) {
    return failure();
  }
  return success();
}

namespace {
/// A short list of types, inline up to four.
class TypeList {
public:
  void push_back(Type t) {
    if (count < kInline) {
      inlineTypes[count++] = t;
      return;
    }
    if (count == kInline)
      heap.assign(inlineTypes, inlineTypes + kInline);
    heap.push_back(t);
    ++count;
  }
  size_t size() const { return count; }
  Type operator[](size_t i) const { return count <= kInline ? inlineTypes[i] : heap[i]; }

private:
  static constexpr size_t kInline = 4;
  Type inlineTypes[kInline];
  SmallVector<Type, 4> heap;
  size_t count = 0;
};
} // namespace

/// The types of a named value (MLIR's `$name.getType()` / group types).
static void collectTypes(Operation *op, NamedValueRef ref, TypeList &out) {
  switch (ref.kind) {
  case NamedValueRef::Kind::Operand: {
    auto [start, len] = getODSOperandIndexAndLength(op, ref.index);
    for (unsigned i = 0; i < len; ++i)
      out.push_back(op->getOperand(start + i).getType());
    return;
  }
  case NamedValueRef::Kind::Result: {
    auto [start, len] = getODSResultIndexAndLength(op, ref.index);
    for (unsigned i = 0; i < len; ++i)
      out.push_back(op->getResult(start + i).getType());
    return;
  }
  case NamedValueRef::Kind::Attribute: {
    Attribute attr = op->getPropertySlots()[ref.index];
    if (!attr)
      return;
    // The common typed attributes first (TypedAttr asks about every kind).
    if (auto i = dyn_cast<IntegerAttr>(attr))
      out.push_back(i.getType());
    else if (auto f = dyn_cast<FloatAttr>(attr))
      out.push_back(f.getType());
    else if (auto typed = dyn_cast<lamina::TypedAttr>(attr))
      out.push_back(typed.getType());
    return;
  }
  case NamedValueRef::Kind::None:
    return;
  }
}

static LogicalResult runTraitCheck(Operation *op, const TraitCheck &c) {
  switch (c.kind) {
  case TraitCheck::Kind::Function:
    return c.fn(op);
  case TraitCheck::Kind::StdFunction:
    return (*c.stdFn)(op);
  case TraitCheck::Kind::AllMatch: {
    TypeList first;
    collectTypes(op, c.refs[0], first);
    for (size_t i = 1; i < c.refs.size(); ++i) {
      TypeList other;
      collectTypes(op, c.refs[i], other);
      bool eq = other.size() == first.size();
      for (size_t j = 0; eq && j < other.size(); ++j)
        eq = c.same(other[j], first[j]);
      if (!eq)
        return op->emitOpError("failed to verify that ") << c.trait->summary;
    }
    return success();
  }
  case TraitCheck::Kind::TypesMatchWith: {
    TypeList lhs, rhs;
    collectTypes(op, c.refs[0], lhs);
    collectTypes(op, c.refs[1], rhs);
    if (c.trait->matchIfPresent && (lhs.size() == 0 || rhs.size() == 0))
      return success();
    // The transforms are pure type functions: a per-thread buffer is safe.
    static thread_local SmallVector<Type, 4> expected;
    expected.clear();
    if (c.trait->transformIsRange) {
      // RangedTypesMatchWith over a variadic group: element-wise.
      for (size_t i = 0; i < lhs.size(); ++i)
        c.trait->transform(lhs[i], expected);
    } else if (lhs.size() != 0) {
      c.trait->transform(lhs[0], expected);
    }
    bool eq = expected.size() == rhs.size();
    for (size_t i = 0; eq && i < rhs.size(); ++i)
      eq = expected[i] == rhs[i];
    if (!eq)
      return op->emitOpError("failed to verify that ") << c.trait->summary;
    return success();
  }
  }
  return success();
}

static LogicalResult runTraitChecks(Operation *op, const std::vector<TraitCheck> &checks) {
  for (const TraitCheck &c : checks)
    if (failed(runTraitCheck(op, c)))
      return failure();
  return success();
}

/// `pred(value)`, remembered in `cache` (constraints are pure functions of
/// uniqued types and attributes).
template <typename PredT, typename ValueT>
static inline bool satisfies(detail::VerificationCache *cache, const void *constraint, const void *key,
                             const PredT &pred, ValueT value) {
  if (!cache)
    return pred(value);
  int known = cache->lookup(constraint, key);
  if (known >= 0)
    return known != 0;
  bool result = pred(value);
  cache->insert(constraint, key, result);
  return result;
}

/// Operand or result constraints (genOperandResultVerifier): the index only
/// advances over values that are checked.
static LogicalResult verifyValues(Operation *op, const InterpretedOpDef &def, const std::vector<ValueCheck> &checks,
                                  bool isOperand, detail::VerificationCache *cache) {
  if (checks.empty())
    return success();
  // Without variable-length groups or segment sizes, group i is value i.
  bool fixedGroups = isOperand ? !def.numVariableLengthOperands && !def.attrSizedOperands
                               : !def.numVariableLengthResults && !def.attrSizedResults;
  const char *kind = isOperand ? "operand" : "result";
  unsigned index = 0;
  for (const ValueCheck &c : checks) {
    const ValueDef &v = *c.def;
    unsigned start = c.group, len = 1;
    if (!fixedGroups)
      std::tie(start, len) =
          isOperand ? getODSOperandIndexAndLength(op, c.group) : getODSResultIndexAndLength(op, c.group);
    if (v.isOptional()) {
      if (len > 1)
        return op->emitOpError(kind) << " group starting at #" << index << " requires 0 or 1 element, but found "
                                     << len;
    } else if (v.kind == VarKind::VariadicOfVariadic) {
      if (failed(OpTrait::impl::verifyValueSizeAttr(op, v.segmentAttr, v.name, len)))
        return failure();
    }
    const std::function<bool(Type)> &pred = v.constraint.pred;
    if (!pred)
      continue;
    for (unsigned i = 0; i < len; ++i) {
      Type t = isOperand ? op->getOperand(start + i).getType() : op->getResult(start + i).getType();
      if (!satisfies(cache, &v.constraint, t.getAsOpaquePointer(), pred, t))
        return op->emitOpError(kind) << " #" << index << " must be " << v.constraint.summary << ", but got " << t;
      ++index;
    }
  }
  return success();
}

/// OpInvariants (verifyInvariantsImpl).
static LogicalResult verifyOpInvariants(Operation *op, const InterpretedOpDef &def, const VerifyPlan &plan) {
  detail::VerificationCache *cache = detail::getActiveVerificationCache();
  // Property predicates first (an EnumProp holds one of its cases).
  for (const AttributeDef *a : plan.enumProps) {
    auto value = dyn_cast_or_null<IntegerAttr>(op->getPropertySlots()[a->slot]);
    if (!value)
      continue;
    const EnumInfo &info = *a->constraint.property->enumInfo;
    uint64_t v = value.getValue().getZExtValue();
    bool valid = info.isBitEnum ? (v & ~info.validBits()) == 0 : false;
    if (!info.isBitEnum)
      for (const EnumCase &c : info.cases)
        valid |= uint64_t(c.value) == v;
    if (!valid)
      return op->emitOpError("property '") << a->name << "' failed to satisfy constraint: " << info.summary;
  }
  if (!plan.requiredAttrs.empty() || !plan.constrainedAttrs.empty()) {
    MutableArrayRef<Attribute> slots = op->getPropertySlots();
    // Required attributes, in name order.
    for (const AttributeDef *a : plan.requiredAttrs)
      if (!slots[a->slot])
        return op->emitOpError("requires attribute '") << a->name << "'";
    // Attribute constraints, in declaration order.
    for (const AttributeDef *a : plan.constrainedAttrs) {
      Attribute v = slots[a->slot];
      if (v && !satisfies(cache, &a->constraint, v.getAsOpaquePointer(), a->constraint.pred, v))
        return op->emitOpError("attribute '") << a->name << "' failed to satisfy constraint: "
                                              << a->constraint.summary;
    }
  }
  if (failed(verifyValues(op, def, plan.operandChecks, /*isOperand=*/true, cache)) ||
      failed(verifyValues(op, def, plan.resultChecks, /*isOperand=*/false, cache)))
    return failure();
  if (failed(runTraitChecks(op, plan.predicates)))
    return failure();
  // Regions.
  if (plan.hasRegionConstraints) {
    unsigned index = 0;
    for (unsigned i = 0; i < def.regions.size(); ++i) {
      const RegionDef &r = def.regions[i];
      if (!r.constraint.pred)
        continue;
      unsigned begin = i, end = i + 1;
      if (r.variadic)
        end = op->getNumRegions() - (def.regions.size() - i - 1);
      for (unsigned j = begin; j < end && j < op->getNumRegions(); ++j) {
        if (!r.constraint.pred(op->getRegion(j))) {
          InFlightDiagnostic diag = op->emitOpError("region #") << index;
          if (r.name.empty())
            diag << " ";
          else
            diag << " ('" << r.name << "') ";
          diag << "failed to verify constraint: " << r.constraint.summary;
          return diag;
        }
        ++index;
      }
    }
  }
  // Successors.
  if (plan.hasSuccessorConstraints) {
    unsigned index = 0;
    for (unsigned i = 0; i < def.successors.size(); ++i) {
      const SuccessorDef &s = def.successors[i];
      if (!s.constraint.pred)
        continue;
      unsigned begin = i, end = i + 1;
      if (s.variadic)
        end = op->getNumSuccessors() - (def.successors.size() - i - 1);
      for (unsigned j = begin; j < end && j < op->getNumSuccessors(); ++j) {
        if (!s.constraint.pred(op->getSuccessor(j)))
          return op->emitOpError("successor #") << index << " ('" << s.name
                                                << ")' failed to verify constraint: " << s.constraint.summary;
        ++index;
      }
    }
  }
  return success();
}

static LogicalResult verifyInvariantsHook(Operation *op) {
  const InterpretedOpDef &def = definitionOf(op);
  const VerifyPlan &plan = *def.verifyPlan;
  if (failed(verifyCountTraits(op, def)) || failed(runTraitChecks(op, plan.structural)) ||
      failed(verifyOpInvariants(op, def, plan)) || failed(runTraitChecks(op, plan.others)))
    return failure();
  if (def.customVerify)
    return def.customVerify(op);
  return success();
}

static LogicalResult verifyRegionInvariantsHook(Operation *op) {
  const InterpretedOpDef &def = definitionOf(op);
  if (failed(runTraitChecks(op, def.verifyPlan->regions)))
    return failure();
  if (def.customRegionVerify)
    return def.customRegionVerify(op);
  return success();
}

/// Default-valued attributes, and zero segment sizes (MLIR's properties
/// hold a zero-initialized std::array for them).
/// Default values of attributes, remembered per thread for the context they
/// were built in: building one reads the default's C++ text and uniques the
/// attribute, for every arith op created (~1.5% of the CPU time of parsing
/// and canonicalizing arith-heavy IR).
namespace {
class DefaultValueCache {
public:
  Attribute get(const AttributeDef &def, MLIRContext *ctx) {
    uint64_t destroyed = detail::getDestroyedContextCount();
    if (destroyed != destroyedContexts) {
      // A context at a remembered address may be another one now.
      *this = DefaultValueCache();
      destroyedContexts = destroyed;
    }
    uintptr_t key = uintptr_t(&def) ^ (uintptr_t(ctx) >> 4);
    Entry &e = entries[((key >> 4) ^ (key >> 12)) & (kSize - 1)];
    if (e.def != &def || e.ctx != ctx)
      e = {&def, ctx, def.getDefault(ctx)};
    return e.value;
  }

private:
  static constexpr size_t kSize = 64;
  struct Entry {
    const AttributeDef *def = nullptr;
    MLIRContext *ctx = nullptr;
    Attribute value;
  };
  uint64_t destroyedContexts = 0;
  Entry entries[kSize];
};
thread_local DefaultValueCache defaultValueCache;
} // namespace

static void populateDefaultsHook(Operation *op) {
  const InterpretedOpDef &def = definitionOf(op);
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  MLIRContext *ctx = op->getContext();
  if (def.attrSizedOperands && !slots[def.operandSegmentsSlot])
    slots[def.operandSegmentsSlot] =
        lamina::DenseI32ArrayAttr::get(ctx, std::vector<int32_t>(def.operands.size(), 0));
  if (def.attrSizedResults && !slots[def.resultSegmentsSlot])
    slots[def.resultSegmentsSlot] = lamina::DenseI32ArrayAttr::get(ctx, std::vector<int32_t>(def.results.size(), 0));
  if (!def.hasDefaultValuedAttrs)
    return;
  for (const AttributeDef &a : def.attributes)
    if (a.hasDefault && !a.optional && !slots[a.slot])
      slots[a.slot] = defaultValueCache.get(a, ctx);
}

/// A UnitProp or OptionalProp<I64Prop> from its attribute form, normalized
/// to the form mlir-opt prints (`true` is `unit`, the integer an i64); null
/// with mlir-opt's diagnostic (none for a UnitProp) if the form is wrong.
static Attribute convertPropertyFromAttr(const PropertyInfo &prop, Attribute v,
                                         function_ref<InFlightDiagnostic()> emitError) {
  MLIRContext *ctx = v.getContext();
  if (getPropertyKind(prop) == PropertyKind::Unit) {
    if (isa<lamina::UnitAttr>(v))
      return v;
    if (auto b = dyn_cast<lamina::BoolAttr>(v))
      return b.getValue() ? Attribute(lamina::UnitAttr::get(ctx)) : Attribute(b);
    return Attribute();
  }
  auto arr = dyn_cast<lamina::ArrayAttr>(v);
  if (!arr) {
    if (emitError)
      (void)(emitError() << "expected optional properties to materialize as arrays");
    return Attribute();
  }
  if (arr.size() > 1) {
    if (emitError)
      (void)(emitError() << "expected optional properties to become 0- or 1-element arrays");
    return Attribute();
  }
  if (arr.empty())
    return arr;
  auto i = dyn_cast<IntegerAttr>(arr[0]);
  if (!i) {
    if (emitError)
      (void)(emitError() << "expected IntegerAttr for key `value`");
    return Attribute();
  }
  return lamina::ArrayAttr::get(ctx, {IntegerAttr::get(IntegerType::get(ctx, 64), i.getValue().getSExtValue())});
}

/// MLIR's generated setPropertiesFromAttr.
static LogicalResult setPropertiesHook(Operation *op, Attribute attr, function_ref<InFlightDiagnostic()> emitError) {
  const InterpretedOpDef &def = definitionOf(op);
  auto dict = dyn_cast<lamina::DictionaryAttr>(attr);
  if (!dict) {
    if (emitError)
      (void)(emitError() << "expected DictionaryAttr to set properties");
    return failure();
  }
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  for (unsigned i : def.sortedAttrs) {
    const AttributeDef &a = def.attributes[i];
    Attribute v = dict.get(a.name);
    if (!v)
      continue;
    if (const PropertyInfo *prop = a.constraint.property; prop && getPropertyKind(*prop) != PropertyKind::Enum) {
      v = convertPropertyFromAttr(*prop, v, emitError);
      if (!v)
        return failure();
      slots[a.slot] = v;
      continue;
    }
    // An EnumProp holds the enum's value: its attribute form is an integer
    // of the enum's width (an unnamed one accepts nothing else).
    if (const PropertyInfo *prop = a.constraint.property; prop && prop->enumInfo) {
      if (auto i = dyn_cast<IntegerAttr>(v)) {
        slots[a.slot] = prop->enumInfo->buildAttr(op->getContext(), i.getValue().getZExtValue());
        continue;
      }
      if (prop->mnemonic.empty()) {
        if (emitError)
          (void)(emitError() << "expected IntegerAttr storage for "
                             << (prop->enumInfo->cppType.empty() ? prop->enumInfo->name : prop->enumInfo->cppType));
        return failure();
      }
    }
    if (!a.constraint.isStorageInstance(v)) {
      if (emitError)
        (void)(emitError() << "Invalid attribute `" << a.name << "` in property conversion: " << v);
      return failure();
    }
    slots[a.slot] = v;
  }
  auto setSegments = [&](bool attrSized, int slot, std::string_view name, std::string_view legacy,
                         size_t count) -> LogicalResult {
    if (!attrSized)
      return success();
    Attribute v = dict.get(name);
    if (!v)
      v = dict.get(legacy);
    if (!v)
      return success();
    auto arr = dyn_cast<lamina::DenseI32ArrayAttr>(v);
    if (!arr) {
      if (emitError)
        (void)(emitError() << "expected DenseI32ArrayAttr for key `value`");
      return failure();
    }
    if (size_t(arr.size()) != count) {
      if (emitError)
        (void)(emitError() << "size mismatch in attribute conversion: "
                           << (long long)arr.size() << " vs " << (unsigned long long)count);
      return failure();
    }
    slots[slot] = arr;
    return success();
  };
  if (failed(setSegments(def.attrSizedOperands, def.operandSegmentsSlot, "operandSegmentSizes",
                         "operand_segment_sizes", def.operands.size())) ||
      failed(setSegments(def.attrSizedResults, def.resultSegmentsSlot, "resultSegmentSizes", "result_segment_sizes",
                         def.results.size())))
    return failure();
  return success();
}

LogicalResult ods::verifyInherentAttrs(const InterpretedOpDef &def, ArrayRef<NamedAttribute> attrs,
                                       function_ref<InFlightDiagnostic()> emitError) {
  for (unsigned i : def.sortedAttrs) {
    const AttributeDef &a = def.attributes[i];
    if (!a.constraint.pred)
      continue;
    for (const NamedAttribute &na : attrs)
      if (na.getNameStr() == a.name && !a.constraint.pred(na.getValue()))
        return emitError() << "attribute '" << a.name << "' failed to satisfy constraint: " << a.constraint.summary;
  }
  return success();
}

static LogicalResult verifyInherentAttrsHook(OperationName name, NamedAttrList &attrs,
                                             function_ref<InFlightDiagnostic()> emitError) {
  return verifyInherentAttrs(*lookupDefinition(name), attrs.getAttrs(), emitError);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

namespace {
/// Finalized definitions, shared by every context of the process.
struct DefinitionCache {
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<InterpretedOpDef>, std::less<>> defs;
};
DefinitionCache &getCache() {
  static DefinitionCache cache;
  return cache;
}

/// While registerOpsOnce records a registration function on this thread:
/// the operations tryRegisterIn registered, in order.
thread_local std::vector<OperationName::Impl *> *registrationLog = nullptr;
} // namespace

/// OpDefinitionsGen's genOpAsmInterface: an op with several result groups,
/// some named, and no OpAsmOpInterface of its own names the first value of
/// each non-empty group after the group (`%sum, %overflow = ...`).
static bool usesDefaultResultNames(const InterpretedOpDef &d) {
  if (d.results.size() <= 1)
    return false;
  for (const Trait &t : d.traits)
    for (const OpInterfaceModel &m : t.interfaces)
      if (m.id == OpAsmOpInterface::getInterfaceID())
        return false;
  for (const ValueDef &r : d.results)
    if (!r.name.empty())
      return true;
  return false;
}

static void defaultResultNamesHook(Operation *op, OpAsmSetValueNameFn setName) {
  const InterpretedOpDef &d = definitionOf(op);
  for (size_t i = 0; i < d.results.size(); ++i) {
    ResultRange group = getODSResults(op, unsigned(i));
    if (!group.empty())
      setName(group[0], d.results[i].name);
  }
}

/// The getEffects MLIR generates from declared effects, in their order.
static void generatedGetEffects(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  using Kind = InterpretedOpDef::EffectLocation::Kind;
  const InterpretedOpDef &d = definitionOf(op);
  for (const InterpretedOpDef::EffectLocation &loc : d.effectLocations) {
    const Effect &e = loc.effect;
    switch (loc.kind) {
    case Kind::Static:
      effects.push_back(MemoryEffects::EffectInstance(e.effect, e.stage, e.effectOnFullRegion, e.resource));
      break;
    case Kind::Symbol:
      if (auto symbol = dyn_cast_or_null<lamina::SymbolRefAttr>(op->getPropertySlots()[loc.index]))
        effects.push_back(MemoryEffects::EffectInstance(e.effect, symbol, e.stage, e.effectOnFullRegion, e.resource));
      break;
    case Kind::Operand: {
      auto [start, length] = getODSOperandIndexAndLength(op, loc.index);
      for (unsigned i = start; i < start + length; ++i)
        effects.push_back(
            MemoryEffects::EffectInstance(e.effect, &op->getOpOperand(i), e.stage, e.effectOnFullRegion, e.resource));
      break;
    }
    case Kind::Result: {
      auto [start, length] = getODSResultIndexAndLength(op, loc.index);
      for (unsigned i = start; i < start + length; ++i)
        effects.push_back(
            MemoryEffects::EffectInstance(e.effect, op->getResult(i), e.stage, e.effectOnFullRegion, e.resource));
      break;
    }
    }
  }
}

InterpretedOpDef *OpDef::lookUpFinalized(std::string_view name) {
  DefinitionCache &cache = getCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto it = cache.defs.find(name);
  return it == cache.defs.end() ? nullptr : it->second.get();
}

LogicalResult OpDef::tryRegisterIn(Dialect &dialect, std::string &error) {
  InterpretedOpDef *d = finalized;
  if (!d) {
    DefinitionCache &cache = getCache();
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.defs.find(def->name);
    if (it != cache.defs.end()) {
      d = it->second.get();
    } else {
      if (!def->typeID)
        def->typeID = TypeID::allocate();
      if (failed(def->finalize(error)))
        return failure();
      d = def.get();
      cache.defs.emplace(d->name, std::move(def));
    }
  }

  OperationInfo info;
  info.verifyInvariants = verifyInvariantsHook;
  info.verifyRegionInvariants = verifyRegionInvariantsHook;
  if (d->customParse) {
    info.parse = d->customParse;
    info.print = d->customPrint;
  } else if (d->format) {
    info.parse = parseOpWithFormat;
    info.print = printOpWithFormat;
  }
  info.fold = d->fold;
  info.foldSingleResult = d->foldSingleResult;
  info.getCanonicalizationPatterns = d->canonicalizationPatterns;
  if (d->hasDefaultValuedAttrs || d->attrSizedOperands || d->attrSizedResults)
    info.populateDefaultProperties = populateDefaultsHook;
  if (!d->slotNames.empty()) {
    info.setPropertiesFromAttr = setPropertiesHook;
    info.verifyInherentAttrs = verifyInherentAttrsHook;
  }
  if (!d->slotNames.empty()) {
    info.readProperties = readOpProperties;
    info.writeProperties = writeOpProperties;
  }
  info.definition = d;

  std::vector<std::string_view> names(d->slotNames.begin(), d->slotNames.end());
  OperationName::Impl *impl = OperationName::insert(d->name, dialect, d->typeID, info, names);
  if (registrationLog)
    registrationLog->push_back(impl);

  // Count traits as tags.
  auto addTag = [&](TypeID id) { impl->traits.insert(id); };
  if (d->regions.empty())
    addTag(TypeID::get<OpTrait::ZeroRegions>());
  if (d->successors.empty())
    addTag(TypeID::get<OpTrait::ZeroSuccessors>());
  if (d->operands.empty())
    addTag(TypeID::get<OpTrait::ZeroOperands>());
  else if (d->operands.size() == 1 && !d->numVariableLengthOperands)
    addTag(TypeID::get<OpTrait::OneOperand>());
  if (d->results.empty())
    addTag(TypeID::get<OpTrait::ZeroResults>());
  else if (d->results.size() == 1 && !d->numVariableLengthResults)
    addTag(TypeID::get<OpTrait::OneResult>());
  auto addInterface = [&](const OpInterfaceModel &m) { impl->interfaces.insert(m.id, m.methods, m.fastSlot); };
  for (const Trait &t : d->traits) {
    if (t.tag)
      addTag(t.tag);
    for (const OpInterfaceModel &m : t.interfaces)
      addInterface(m);
  }
  // The interfaces ODS generates.
  if (usesDefaultResultNames(*d))
    addInterface(OpAsmOpInterface::getModel({.getAsmResultNames = defaultResultNamesHook}));
  if (d->generatesEffects)
    addInterface(MemoryEffectOpInterface::getModel({generatedGetEffects}));
  return success();
}

//===----------------------------------------------------------------------===//
// Registering a dialect's operations once per process
//===----------------------------------------------------------------------===//

namespace {
/// An operation as a registration function left it: everything of its
/// OperationName::Impl but what belongs to the context (the interned name
/// and attribute names, the dialect).
struct RecordedOp {
  std::string name;
  TypeID typeID;
  OperationInfo info;
  std::vector<std::string> attributeNames;
  TraitSet traits;
  InterfaceMap interfaces;
};

struct RegistrationCache {
  std::mutex mutex;
  bool replay = true;
  /// Per registration function, what it registered (never erased: the
  /// vectors are read without the lock once published).
  std::map<void (*)(Dialect &), std::unique_ptr<const std::vector<RecordedOp>>> recorded;
};
RegistrationCache &getRegistrationCache() {
  static RegistrationCache cache;
  return cache;
}
} // namespace

void ods::setOpRegistrationReplay(bool enabled) {
  RegistrationCache &cache = getRegistrationCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  cache.replay = enabled;
}

void ods::registerOpsOnce(Dialect &dialect, void (*registerOps)(Dialect &)) {
  RegistrationCache &cache = getRegistrationCache();
  const std::vector<RecordedOp> *recorded = nullptr;
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (auto it = cache.recorded.find(registerOps); cache.replay && it != cache.recorded.end())
      recorded = it->second.get();
  }
  if (recorded) {
    std::vector<std::string_view> names;
    for (const RecordedOp &op : *recorded) {
      names.assign(op.attributeNames.begin(), op.attributeNames.end());
      OperationName::Impl *impl = OperationName::insert(op.name, dialect, op.typeID, op.info, names);
      impl->traits = op.traits;
      impl->interfaces = op.interfaces;
    }
    return;
  }

  // Run it (outside the lock: it may load other dialects), noting the
  // operations it registers. A dialect it loads on the way records its own
  // or is told apart by its dialect; the outer log is restored after. Two
  // contexts recording at once both run it; the first record is kept.
  std::vector<OperationName::Impl *> log;
  std::vector<OperationName::Impl *> *outer = registrationLog;
  registrationLog = &log;
  registerOps(dialect);
  registrationLog = outer;

  auto ops = std::make_unique<std::vector<RecordedOp>>();
  std::unordered_set<const OperationName::Impl *> seen;
  for (OperationName::Impl *impl : log) {
    if (impl->dialect != &dialect || !seen.insert(impl).second)
      continue;
    RecordedOp &op = ops->emplace_back();
    op.name = std::string(impl->name.getValue());
    op.typeID = impl->typeID;
    op.info = impl->info;
    for (StringAttr n : impl->attributeNames)
      op.attributeNames.emplace_back(n.getValue());
    op.traits = impl->traits;
    op.interfaces = impl->interfaces;
  }
  std::lock_guard<std::mutex> lock(cache.mutex);
  if (cache.replay)
    cache.recorded.try_emplace(registerOps, std::move(ops));
}

void OpDef::registerIn(Dialect &dialect) {
  std::string error;
  if (failed(tryRegisterIn(dialect, error))) {
    errs() << "lamina: invalid operation definition: " << error << "\n";
    errs().flush();
    std::abort();
  }
}

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

std::pair<unsigned, unsigned> ods::getGroupIndexAndLength(const std::vector<ValueDef> &defs,
                                                          unsigned numVariableLength, const int32_t *segments,
                                                          size_t numSegments, unsigned total, unsigned index) {
  if (segments) {
    unsigned start = 0;
    for (unsigned i = 0; i < index && i < numSegments; ++i)
      start += unsigned(segments[i]);
    unsigned len = index < numSegments ? unsigned(segments[index]) : 0;
    if (start > total)
      start = total;
    if (start + len > total)
      len = total - start;
    return {start, len};
  }
  if (!numVariableLength)
    return {index, 1};
  // Same-variadic-size rule.
  unsigned prevVariadic = 0;
  for (unsigned i = 0; i < index; ++i)
    prevVariadic += defs[i].isVariableLength();
  unsigned numFixed = unsigned(defs.size()) - numVariableLength;
  int variadicSize = total >= numFixed ? int(total - numFixed) / int(numVariableLength) : 0;
  unsigned start = index + (variadicSize - 1) * prevVariadic;
  unsigned size = defs[index].isVariableLength() ? unsigned(variadicSize) : 1;
  if (start > total)
    start = total;
  if (start + size > total)
    size = total - start;
  return {start, size};
}

const InterpretedOpDef *ods::getDefinition(Operation *op) { return lookupDefinition(op->getName()); }

std::pair<unsigned, unsigned> ods::getODSOperandIndexAndLength(Operation *op, unsigned index) {
  const InterpretedOpDef &def = definitionOf(op);
  const int32_t *seg = nullptr;
  size_t nseg = 0;
  if (def.attrSizedOperands)
    if (auto a = dyn_cast_or_null<lamina::DenseI32ArrayAttr>(op->getPropertySlots()[def.operandSegmentsSlot])) {
      seg = a.asArrayRef().data();
      nseg = a.size();
    }
  return getGroupIndexAndLength(def.operands, def.numVariableLengthOperands, seg, nseg, op->getNumOperands(), index);
}

std::pair<unsigned, unsigned> ods::getODSResultIndexAndLength(Operation *op, unsigned index) {
  const InterpretedOpDef &def = definitionOf(op);
  const int32_t *seg = nullptr;
  size_t nseg = 0;
  if (def.attrSizedResults)
    if (auto a = dyn_cast_or_null<lamina::DenseI32ArrayAttr>(op->getPropertySlots()[def.resultSegmentsSlot])) {
      seg = a.asArrayRef().data();
      nseg = a.size();
    }
  return getGroupIndexAndLength(def.results, def.numVariableLengthResults, seg, nseg, op->getNumResults(), index);
}

OperandRange ods::getODSOperands(Operation *op, unsigned index) {
  auto [start, len] = getODSOperandIndexAndLength(op, index);
  return op->getOperands().slice(start, len);
}

ResultRange ods::getODSResults(Operation *op, unsigned index) {
  auto [start, len] = getODSResultIndexAndLength(op, index);
  return op->getResults().slice(start, len);
}

OperandRange ods::getOperandGroup(Operation *op, std::string_view name) {
  int i = definitionOf(op).findOperand(name);
  assert(i >= 0 && "no such operand");
  return getODSOperands(op, unsigned(i));
}

ResultRange ods::getResultGroup(Operation *op, std::string_view name) {
  int i = definitionOf(op).findResult(name);
  assert(i >= 0 && "no such result");
  return getODSResults(op, unsigned(i));
}

Attribute ods::getInherentAttr(Operation *op, std::string_view name) {
  const InterpretedOpDef &def = definitionOf(op);
  int i = def.findAttribute(name);
  assert(i >= 0 && "no such attribute");
  return op->getPropertySlots()[def.attributes[i].slot];
}

//===----------------------------------------------------------------------===//
// Hooks attached after registration
//===----------------------------------------------------------------------===//

static OperationInfo &registeredInfo(Dialect &dialect, std::string_view opName) {
  std::optional<OperationName> name = OperationName::lookupRegistered(opName, dialect.getContext());
  assert(name && name->getDialect() == &dialect && "attaching a hook to an op the dialect did not register");
  return name->getImpl()->info;
}

void ods::attachFolder(Dialect &dialect, std::string_view opName, OpFoldResult (*fn)(Operation *, ArrayRef<Attribute>)) {
  registeredInfo(dialect, opName).foldSingleResult = fn;
}

void ods::attachFolder(Dialect &dialect, std::string_view opName,
                       LogicalResult (*fn)(Operation *, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &)) {
  registeredInfo(dialect, opName).fold = fn;
}

void ods::attachInterfaceModel(Dialect &dialect, std::string_view opName, const OpInterfaceModel &model) {
  std::optional<OperationName> name = OperationName::lookupRegistered(opName, dialect.getContext());
  assert(name && name->getDialect() == &dialect && "attaching an interface to an op the dialect did not register");
  assert(model.missingMethod.empty() && !model.verify && !model.verifyRegion && "incomplete or verified interface");
  name->getImpl()->interfaces.insert(model.id, model.methods, model.fastSlot);
}

void ods::attachCanonicalizer(Dialect &dialect, std::string_view opName,
                              void (*fn)(RewritePatternSet &, MLIRContext *)) {
  registeredInfo(dialect, opName).getCanonicalizationPatterns = fn;
}
