//===- IRDLLoading.cpp - Dialects from IRDL definitions -------------------===//
//
// MLIR's IRDLLoading: every irdl.dialect becomes a DynamicDialect; its
// irdl.type / irdl.attribute definitions are created first (so constraints
// may refer to any of them), then their parameter verifiers are set, then
// the operations are registered with their verifiers. An operation's
// verifier checks, in MLIR's order: operand and result counts (and segment
// sizes), attributes, operands, results, then regions; all against one
// ConstraintVerifier so a variable binds across all of them.
//
#include "lamina/Dialect/IRDL/IRDLLoading.h"

#include "IRDLVerifiers.h"
#include "lamina/Dialect/IRDL/IRDLDialect.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/ExtensibleDialect.h"
#include "lamina/IR/Operation.h"
#include "lamina/IR/SymbolTable.h"

#include <algorithm>
#include <memory>
#include <unordered_map>
#include <unordered_set>

using namespace lamina;
using namespace lamina::irdl;

namespace {
/// The definitions created for the irdl.type / irdl.attribute ops.
using DefMap = std::unordered_map<Operation *, DynamicAttrOrTypeDefinition *>;

/// The constraint ops of a definition body, in order (MLIR's
/// VerifyConstraintInterface ops; irdl.c_pred is a constraint that cannot be
/// checked and accepts everything).
bool isConstraintOp(Operation *op) { return isa<IsOp, BaseOp, ParametricOp, AnyOp, AnyOfOp, AllOfOp>(op); }

/// The values of a body's constraint ops, in order: value -> variable.
struct Slots {
  std::vector<Value> values;
  std::unordered_map<const void *, unsigned> index;
  void add(Value v) {
    index.emplace(v.getAsOpaquePointer(), unsigned(values.size()));
    values.push_back(v);
  }
  /// The variables of `args` (MLIR's getConstraintIndicesForArgs: values that
  /// are not constraint variables are left out).
  std::vector<unsigned> indicesOf(OperandRange args) const {
    std::vector<unsigned> out;
    for (Value v : args) {
      auto it = index.find(v.getAsOpaquePointer());
      if (it != index.end())
        out.push_back(it->second);
    }
    return out;
  }
  /// The variable of `v`; one past the last (accepting everything) if `v` is
  /// not a constraint variable (irdl.c_pred).
  unsigned indexOf(Value v) const {
    auto it = index.find(v.getAsOpaquePointer());
    return it == index.end() ? unsigned(values.size()) : it->second;
  }
};

/// The constraint of one constraint op; nullopt after reporting an error.
std::optional<Constraint> buildConstraint(Operation *op, const Slots &slots, const DefMap &defs) {
  MLIRContext *ctx = op->getContext();
  Constraint c;
  if (auto is = dyn_cast<IsOp>(op)) {
    c.kind = Constraint::Kind::Is;
    c.expected = is.getExpectedAttr();
    return c;
  }
  if (auto base = dyn_cast<BaseOp>(op)) {
    if (SymbolRefAttr ref = base.getBaseRefAttr()) {
      Operation *defOp = lookupSymbolNearDialect(op, ref);
      auto it = defOp ? defs.find(defOp) : defs.end();
      if (it == defs.end()) {
        op->emitError() << ref << " does not refer to any existing symbol";
        return std::nullopt;
      }
      const DynamicAttrOrTypeDefinition *def = it->second;
      c.kind = def->isType() ? Constraint::Kind::BaseType : Constraint::Kind::BaseAttr;
      c.baseTypeID = def->getTypeID();
      c.baseName = std::string(def->getDialect()->getNamespace()) + "." + std::string(def->getName());
      return c;
    }
    std::string_view name = base.getBaseNameAttr() ? base.getBaseNameAttr().getValue() : std::string_view();
    if (!name.empty() && name[0] == '!') {
      const AbstractType *t = lookupAbstractTypeByName(ctx, name.substr(1));
      if (!t) {
        op->emitError() << "no registered type with name " << name;
        return std::nullopt;
      }
      c.kind = Constraint::Kind::BaseType;
      c.baseTypeID = t->getTypeID();
      c.baseName = std::string(t->getName());
      return c;
    }
    const AbstractAttribute *a = lookupAbstractAttributeByName(ctx, name.empty() ? name : name.substr(1));
    if (!a) {
      op->emitError() << "no registered attribute with name " << name;
      return std::nullopt;
    }
    c.kind = Constraint::Kind::BaseAttr;
    c.baseTypeID = a->getTypeID();
    c.baseName = std::string(a->getName());
    return c;
  }
  if (auto parametric = dyn_cast<ParametricOp>(op)) {
    c.args = slots.indicesOf(parametric.getArgs());
    SymbolRefAttr ref = parametric.getBaseTypeAttr();
    Operation *defOp = ref ? lookupSymbolNearDialect(op, ref) : nullptr;
    auto it = defOp ? defs.find(defOp) : defs.end();
    if (it == defs.end()) {
      op->emitError() << ref << " does not refer to any existing symbol";
      return std::nullopt;
    }
    c.def = it->second;
    c.kind = c.def->isType() ? Constraint::Kind::DynParametricType : Constraint::Kind::DynParametricAttr;
    return c;
  }
  if (auto anyOf = dyn_cast<AnyOfOp>(op)) {
    c.kind = Constraint::Kind::AnyOf;
    c.args = slots.indicesOf(anyOf.getArgs());
    return c;
  }
  if (auto allOf = dyn_cast<AllOfOp>(op)) {
    c.kind = Constraint::Kind::AllOf;
    c.args = slots.indicesOf(allOf.getArgs());
    return c;
  }
  c.kind = Constraint::Kind::Any;
  return c;
}

/// The constraint variables of a definition body; false after an error.
bool buildConstraints(Operation *defOp, const DefMap &defs, Slots &slots, std::vector<Constraint> &constraints) {
  for (Block &block : defOp->getRegion(0))
    for (Operation &op : block)
      if (isConstraintOp(&op) && op.getNumResults() == 1)
        slots.add(op.getResult(0));
  for (Value v : slots.values) {
    std::optional<Constraint> c = buildConstraint(v.getDefiningOp(), slots, defs);
    if (!c)
      return false;
    constraints.push_back(std::move(*c));
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

/// What an irdl.operation defines.
struct OpDefinition {
  std::vector<Constraint> constraints;
  std::vector<RegionConstraint> regions;
  std::vector<unsigned> operandConstraints, resultConstraints;
  std::vector<Variadicity> operandVariadicity, resultVariadicity;
  std::vector<std::pair<StringAttr, unsigned>> attributeConstraints;
};

/// The sizes of the operand (result) groups; MLIR's getSegmentSizes.
LogicalResult getSegmentSizes(Operation *op, std::string_view elemName, std::string_view attrName,
                              unsigned numElements, const std::vector<Variadicity> &variadicities,
                              std::vector<int> &segmentSizes) {
  size_t numberNonSingle =
      std::count_if(variadicities.begin(), variadicities.end(), [](Variadicity v) { return v != Variadicity::single; });
  if (numberNonSingle > 1) {
    Attribute segmentSizesAttr = op->getAttr(attrName);
    if (!segmentSizesAttr)
      return op->emitError() << "'" << attrName << "' attribute is expected but not provided";
    auto dense = dyn_cast<DenseI32ArrayAttr>(segmentSizesAttr);
    if (!dense)
      return op->emitError() << "'" << attrName << "' attribute is expected to be a dense i32 array";
    ArrayRef<int32_t> sizes = dense.asArrayRef();
    if (sizes.size() != variadicities.size())
      return op->emitError() << "'" << attrName << "' attribute for specifying " << elemName << " segments must have "
                             << variadicities.size() << " elements, but got " << sizes.size();
    for (size_t i = 0; i < sizes.size(); ++i) {
      int32_t segmentSize = sizes[i];
      if (segmentSize < 0)
        return op->emitError() << "'" << attrName << "' attribute for specifying " << elemName
                               << " segments must have non-negative values";
      if (variadicities[i] == Variadicity::single && segmentSize != 1)
        return op->emitError() << "element " << i << " in '" << attrName << "' attribute must be equal to 1";
      if (variadicities[i] == Variadicity::optional && segmentSize > 1)
        return op->emitError() << "element " << i << " in '" << attrName << "' attribute must be equal to 0 or 1";
      segmentSizes.push_back(segmentSize);
    }
    int64_t sum = 0;
    for (int32_t s : sizes)
      sum += s;
    if (sum != int64_t(numElements))
      return op->emitError() << "sum of elements in '" << attrName << "' attribute must be equal to the number of "
                             << elemName << "s";
    return success();
  }
  if (numberNonSingle == 0) {
    if (numElements != variadicities.size())
      return op->emitError() << "op expects exactly " << variadicities.size() << " " << elemName << "s, but got "
                             << numElements;
    segmentSizes.assign(variadicities.size(), 1);
    return success();
  }
  int64_t nonSingleSegmentSize = int64_t(numElements) - int64_t(variadicities.size()) + 1;
  if (nonSingleSegmentSize < 0)
    return op->emitError() << "op expects at least " << variadicities.size() - 1 << " " << elemName
                           << "s, but got " << numElements;
  for (Variadicity v : variadicities) {
    if (v == Variadicity::single) {
      segmentSizes.push_back(1);
      continue;
    }
    if (nonSingleSegmentSize > 1 && v == Variadicity::optional)
      return op->emitError() << "op expects at most " << variadicities.size() << " " << elemName << "s, but got "
                             << numElements;
    segmentSizes.push_back(int(nonSingleSegmentSize));
  }
  return success();
}

/// The variable of group `i` (accepting everything when there is none).
unsigned variableOf(const std::vector<unsigned> &constrs, size_t i, size_t numVariables) {
  return i < constrs.size() ? constrs[i] : unsigned(numVariables);
}

LogicalResult verifyDynamicOp(Operation *op, const OpDefinition &def) {
  ConstraintVerifier verifier(def.constraints);
  size_t numVars = def.constraints.size();
  auto emitError = [op] { return op->emitError(); };
  LogicalResult opResult = [&]() -> LogicalResult {
    std::vector<int> operandSegments, resultSegments;
    if (failed(getSegmentSizes(op, "operand", "operandSegmentSizes", op->getNumOperands(), def.operandVariadicity,
                               operandSegments)))
      return failure();
    if (failed(getSegmentSizes(op, "result", "resultSegmentSizes", op->getNumResults(), def.resultVariadicity,
                               resultSegments)))
      return failure();
    for (const auto &[name, constraint] : def.attributeConstraints) {
      Attribute actual = op->getAttr(name.getValue());
      if (!actual)
        return op->emitOpError() << "attribute " << name << " is expected but not provided";
      if (failed(verifier.verify(emitError, actual, constraint)))
        return failure();
    }
    unsigned index = 0;
    for (size_t g = 0; g < operandSegments.size(); ++g)
      for (int i = 0; i < operandSegments[g]; ++i, ++index)
        if (failed(verifier.verify(emitError, TypeAttr::get(op->getOperand(index).getType()),
                                   variableOf(def.operandConstraints, g, numVars))))
          return failure();
    index = 0;
    for (size_t g = 0; g < resultSegments.size(); ++g)
      for (int i = 0; i < resultSegments[g]; ++i, ++index)
        if (failed(verifier.verify(emitError, TypeAttr::get(op->getResult(index).getType()),
                                   variableOf(def.resultConstraints, g, numVars))))
          return failure();
    return success();
  }();
  LogicalResult regionResult = [&]() -> LogicalResult {
    if (op->getNumRegions() != def.regions.size())
      return op->emitOpError() << "unexpected number of regions: expected " << def.regions.size() << " but got "
                               << op->getNumRegions();
    for (size_t i = 0; i < def.regions.size(); ++i)
      if (failed(def.regions[i].verify(op->getRegion(i), verifier)))
        return failure();
    return success();
  }();
  return success(succeeded(opResult) && succeeded(regionResult));
}

/// Builds the definition of an irdl.operation; null after an error.
std::shared_ptr<OpDefinition> buildOpDefinition(Operation *opOp, const DefMap &defs) {
  auto def = std::make_shared<OpDefinition>();
  Slots slots;
  if (!buildConstraints(opOp, defs, slots, def->constraints))
    return nullptr;
  for (Block &block : opOp->getRegion(0))
    for (Operation &op : block)
      if (auto region = dyn_cast<RegionOp>(&op)) {
        RegionConstraint rc;
        if (region.getConstrainedArguments())
          rc.argumentConstraints = slots.indicesOf(region.getEntryBlockArgs());
        if (IntegerAttr n = region.getNumberOfBlocksAttr())
          rc.blockCount = n.getInt();
        def->regions.push_back(std::move(rc));
      }
  auto variadicities = [](VariadicityArrayAttr attr, std::vector<Variadicity> &out) {
    if (attr)
      for (VariadicityAttr v : attr.getValue())
        out.push_back(v.getValue());
  };
  if (Operation *operands = getChildOp(opOp, OperandsOp::getOperationName())) {
    def->operandConstraints = slots.indicesOf(OperandsOp(operands).getArgs());
    variadicities(OperandsOp(operands).getVariadicityAttr(), def->operandVariadicity);
  }
  if (Operation *results = getChildOp(opOp, ResultsOp::getOperationName())) {
    def->resultConstraints = slots.indicesOf(ResultsOp(results).getArgs());
    variadicities(ResultsOp(results).getVariadicityAttr(), def->resultVariadicity);
  }
  if (Operation *attrsOp = getChildOp(opOp, AttributesOp::getOperationName())) {
    ArrayAttr names = AttributesOp(attrsOp).getAttributeValueNamesAttr();
    OperandRange values = AttributesOp(attrsOp).getAttributeValues();
    for (size_t i = 0; names && i < names.size() && i < values.size(); ++i) {
      auto name = dyn_cast<StringAttr>(names[i]);
      if (!name)
        continue;
      unsigned var = slots.indexOf(values[i]);
      if (var == slots.values.size())
        continue;
      auto it = std::find_if(def->attributeConstraints.begin(), def->attributeConstraints.end(),
                             [&](const auto &e) { return e.first == name; });
      if (it != def->attributeConstraints.end())
        it->second = var;
      else
        def->attributeConstraints.emplace_back(name, var);
    }
  }
  return def;
}

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

/// The parameter verifier of an irdl.type / irdl.attribute; false after an
/// error.
bool setParamsVerifier(Operation *defOp, const DefMap &defs, DynamicAttrOrTypeDefinition *dynDef) {
  auto constraints = std::make_shared<std::vector<Constraint>>();
  Slots slots;
  if (!buildConstraints(defOp, defs, slots, *constraints))
    return false;
  std::vector<unsigned> paramConstraints;
  if (Operation *params = getChildOp(defOp, ParametersOp::getOperationName()))
    for (Value v : ParametersOp(params).getArgs())
      paramConstraints.push_back(slots.indexOf(v));
  dynDef->setVerifyFn([constraints, paramConstraints](function_ref<InFlightDiagnostic()> emitError,
                                                      ArrayRef<Attribute> params) -> LogicalResult {
    if (params.size() != paramConstraints.size()) {
      emitError() << "expected " << paramConstraints.size() << " type arguments, but had " << params.size();
      return failure();
    }
    ConstraintVerifier verifier(*constraints);
    for (size_t i = 0; i < params.size(); ++i)
      if (failed(verifier.verify(emitError, params[i], paramConstraints[i])))
        return failure();
    return success();
  });
  return true;
}

//===----------------------------------------------------------------------===//
// any_of well-formedness
//===----------------------------------------------------------------------===//

/// The bases an any_of argument may match (MLIR's getBases, including its
/// quirks: a nested any_of never counts as "matches anything" and irdl.is
/// bases are not compared).
struct Bases {
  std::vector<const void *> typeIDs;
  std::vector<Operation *> irdlOps;
};

/// Computes and caches the bases of constraint ops, bottom-up over an
/// explicit stack (constraint chains may be deep; each op is computed once).
class BasesCache {
public:
  const Bases &get(Operation *root) {
    std::vector<std::pair<Operation *, bool>> stack{{root, false}};
    while (!stack.empty()) {
      auto [op, childrenDone] = stack.back();
      stack.pop_back();
      if (!op || cache.count(op))
        continue;
      std::vector<Operation *> children = childrenOf(op);
      if (!childrenDone) {
        // (A use-def cycle, which the verifier rejects, must not loop.)
        if (!inProgress.insert(op).second)
          continue;
        stack.push_back({op, true});
        for (Operation *c : children)
          if (c && !cache.count(c) && !inProgress.count(c))
            stack.push_back({c, false});
        continue;
      }
      Bases b;
      std::unordered_set<const void *> ids;
      std::unordered_set<Operation *> ops;
      auto addId = [&](const void *id) {
        if (ids.insert(id).second)
          b.typeIDs.push_back(id);
      };
      auto addOp = [&](Operation *o) {
        if (ops.insert(o).second)
          b.irdlOps.push_back(o);
      };
      for (Operation *c : children) {
        if (!c)
          continue;
        auto found = cache.find(c);
        if (found == cache.end())
          continue;
        const Bases &cb = found->second;
        for (const void *id : cb.typeIDs)
          addId(id);
        for (Operation *o : cb.irdlOps)
          addOp(o);
      }
      if (auto parametric = dyn_cast<ParametricOp>(op)) {
        if (SymbolRefAttr ref = parametric.getBaseTypeAttr())
          addOp(lookupSymbolNearDialect(op, ref));
      } else if (auto base = dyn_cast<BaseOp>(op)) {
        if (StringAttr nameAttr = base.getBaseNameAttr()) {
          std::string_view name = nameAttr.getValue();
          MLIRContext *ctx = op->getContext();
          if (!name.empty() && name[0] == '!') {
            if (const AbstractType *t = lookupAbstractTypeByName(ctx, name.substr(1)))
              addId(t->getTypeID().getAsOpaquePointer());
          } else if (!name.empty()) {
            if (const AbstractAttribute *a = lookupAbstractAttributeByName(ctx, name.substr(1)))
              addId(a->getTypeID().getAsOpaquePointer());
          }
        } else if (SymbolRefAttr ref = base.getBaseRefAttr()) {
          addOp(lookupSymbolNearDialect(op, ref));
        }
      }
      cache[op] = std::move(b);
    }
    return cache[root];
  }

  /// Whether `op` matches any attribute: irdl.any, or an all_of whose first
  /// argument does.
  bool matchesAnything(Operation *root) {
    std::vector<Operation *> chain;
    Operation *op = root;
    bool result = false;
    while (true) {
      if (!op) {
        result = false;
        break;
      }
      auto it = anything.find(op);
      if (it != anything.end()) {
        result = it->second;
        break;
      }
      if (!isa<AllOfOp>(op)) {
        result = isa<AnyOp>(op);
        anything[op] = result;
        break;
      }
      chain.push_back(op);
      anything[op] = false; // guards against revisiting while resolving
      OperandRange args = AllOfOp(op).getArgs();
      op = args.empty() ? nullptr : args[0].getDefiningOp();
    }
    for (Operation *o : chain)
      anything[o] = result;
    return result;
  }

private:
  /// The ops whose bases an op's bases include.
  static std::vector<Operation *> childrenOf(Operation *op) {
    std::vector<Operation *> out;
    if (auto anyOf = dyn_cast<AnyOfOp>(op)) {
      for (Value arg : anyOf.getArgs())
        out.push_back(arg.getDefiningOp());
    } else if (auto allOf = dyn_cast<AllOfOp>(op)) {
      if (!allOf.getArgs().empty())
        out.push_back(allOf.getArgs()[0].getDefiningOp());
    }
    return out;
  }

  std::unordered_map<Operation *, Bases> cache;
  std::unordered_set<Operation *> inProgress;
  std::unordered_map<Operation *, bool> anything;
};

/// MLIR's checkCorrectAnyOf: the alternatives of an any_of must have
/// disjoint bases (matching is greedy) and none may match anything.
bool isCorrectAnyOf(AnyOfOp anyOf, BasesCache &cache) {
  std::unordered_set<const void *> ids;
  std::unordered_set<Operation *> ops;
  for (Value arg : anyOf.getArgs()) {
    Operation *argOp = arg.getDefiningOp();
    if (cache.matchesAnything(argOp))
      return false;
    if (!argOp)
      continue;
    const Bases &bases = cache.get(argOp);
    for (const void *id : bases.typeIDs)
      if (!ids.insert(id).second)
        return false;
    for (Operation *op : bases.irdlOps)
      if (!ops.insert(op).second)
        return false;
  }
  return true;
}

} // namespace

LogicalResult irdl::loadDialects(Operation *module) {
  MLIRContext *ctx = module->getContext();
  // Every irdl op of the module, in walk order, by kind.
  std::vector<Operation *> dialectOps, typeOps, attrOps, opOps;
  bool anyOfCorrect = true;
  BasesCache bases;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<AnyOfOp>(op) && anyOfCorrect && !isCorrectAnyOf(AnyOfOp(op), bases))
      anyOfCorrect = false;
    if (isa<DialectOp>(op))
      dialectOps.push_back(op);
    else if (isa<TypeOp>(op))
      typeOps.push_back(op);
    else if (isa<AttributeOp>(op))
      attrOps.push_back(op);
    else if (isa<OperationOp>(op))
      opOps.push_back(op);
  });
  if (!anyOfCorrect)
    return module->emitError("any_of constraints are not in the correct form");

  std::unordered_map<Operation *, DynamicDialect *> dialects;
  for (Operation *op : dialectOps) {
    std::string_view name = DialectOp(op).getSymNameAttr().getValue();
    DynamicDialect *dialect = DynamicDialect::getOrLoad(ctx, name);
    if (!dialect)
      return op->emitError() << "a dialect with namespace '" << name << "' is already registered";
    dialects[op] = dialect;
  }
  auto symName = [](Operation *op) { return cast<StringAttr>(op->getPropertySlots()[0]).getValue(); };
  DefMap defs;
  for (Operation *op : typeOps)
    defs[op] = dialects[op->getParentOp()]->createTypeDefinition(symName(op));
  for (Operation *op : attrOps)
    defs[op] = dialects[op->getParentOp()]->createAttrDefinition(symName(op));
  for (Operation *op : typeOps)
    if (!setParamsVerifier(op, defs, defs[op]))
      return failure();
  for (Operation *op : attrOps)
    if (!setParamsVerifier(op, defs, defs[op]))
      return failure();
  for (Operation *op : opOps) {
    std::shared_ptr<OpDefinition> def = buildOpDefinition(op, defs);
    if (!def)
      return failure();
    dialects[op->getParentOp()]->registerDynamicOp(
        symName(op), [def](Operation *dynOp) { return verifyDynamicOp(dynOp, *def); });
  }
  // The types and attributes exist (and are found by name) only now, as in
  // MLIR: a base naming one of them while loading is an unregistered name.
  for (Operation *op : typeOps)
    dialects[op->getParentOp()]->registerDefinition(defs[op]);
  for (Operation *op : attrOps)
    dialects[op->getParentOp()]->registerDefinition(defs[op]);
  return success();
}
