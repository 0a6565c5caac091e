//===- Traits.cpp - The traits and interfaces op definitions list ---------===//
//
// Each factory returns a Trait carrying MLIR's verification for it (and its
// OpTrait tag), classified as MLIR's generated classes order them:
// structural traits before OpInvariants, predicate traits inside it, the
// rest after it.
//
#include "InterpretedOpDef.h"
#include "lamina/IR/OpTraitVerifiers.h"
#include "lamina/IR/RegionKindInterface.h"
#include "lamina/IR/SymbolTable.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/DialectShapedType.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"

#include <optional>

using namespace lamina;
using namespace lamina::ods;

namespace {
Trait tag(std::string_view name, TypeID id) {
  Trait t;
  t.name = std::string(name);
  t.tag = id;
  return t;
}

Trait verified(std::string_view name, TypeID id, LogicalResult (*fn)(Operation *)) {
  Trait t = tag(name, id);
  t.verify = fn;
  return t;
}
} // namespace

Trait ods::IsTerminator() {
  return verified("IsTerminator", TypeID::get<OpTrait::IsTerminator>(), OpTrait::impl::verifyIsTerminator);
}
Trait ods::NoTerminator() {
  Trait t = tag("NoTerminator", TypeID::get<OpTrait::NoTerminator>());
  t.structural = true;
  return t;
}
Trait ods::SingleBlock() {
  Trait t = verified("SingleBlock", TypeID::get<OpTrait::SingleBlock>(), OpTrait::impl::verifySingleBlock);
  t.structural = true;
  return t;
}
Trait ods::SingleBlockImplicitTerminator(std::string_view terminatorName) {
  Trait impl = tag("SingleBlockImplicitTerminator", TypeID::get<OpTrait::SingleBlockImplicitTerminator>());
  impl.structural = true;
  impl.implicitTerminator = std::string(terminatorName);
  std::string name(terminatorName);
  impl.verifyRegion = [name](Operation *op) { return OpTrait::impl::verifySingleBlockImplicitTerminator(op, name); };
  Trait list;
  list.list = {SingleBlock(), impl};
  return list;
}
Trait ods::IsolatedFromAbove() {
  Trait t = tag("IsolatedFromAbove", TypeID::get<OpTrait::IsIsolatedFromAbove>());
  t.verifyRegion = OpTrait::impl::verifyIsIsolatedFromAbove;
  return t;
}
Trait ods::SymbolTableTrait() {
  Trait t = tag("SymbolTable", TypeID::get<OpTrait::SymbolTable>());
  t.verifyRegion = OpTrait::impl::verifySymbolTable;
  return t;
}
Trait ods::AffineScope() { return tag("AffineScope", TypeID::get<OpTrait::AffineScope>()); }
Trait ods::AutomaticAllocationScope() {
  return verified("AutomaticAllocationScope", TypeID::get<OpTrait::AutomaticAllocationScope>(),
                  [](Operation *op) -> LogicalResult {
                    if (op->getNumRegions() == 0)
                      return op->emitOpError("is expected to have regions");
                    return success();
                  });
}
Trait ods::HasParent(std::initializer_list<std::string_view> parentNames) {
  Trait t = tag("HasParent", TypeID::get<OpTrait::HasParent>());
  t.structural = true;
  std::vector<std::string> names(parentNames.begin(), parentNames.end());
  t.verify = [names](Operation *op) {
    std::vector<std::string_view> views(names.begin(), names.end());
    return OpTrait::impl::verifyHasParent(op, views);
  };
  return t;
}
Trait ods::ReturnLike() {
  // A TraitList in MLIR 22: RegionBranchTerminatorOpInterface forwarding
  // every operand, and the tag.
  Trait iface = ImplementsModel(
      RegionBranchTerminatorOpInterface::getModel({.getMutableSuccessorOperands = detail::allOperandsAsSuccessorOperands}));
  Trait list;
  list.list = {iface, tag("ReturnLike", TypeID::get<OpTrait::ReturnLike>())};
  return list;
}
Trait ods::ConstantLike() { return tag("ConstantLike", TypeID::get<OpTrait::ConstantLike>()); }
Trait ods::Commutative() { return tag("Commutative", TypeID::get<OpTrait::Commutative>()); }
Trait ods::Idempotent() { return tag("Idempotent", TypeID::get<OpTrait::IsIdempotent>()); }
Trait ods::Involution() { return tag("Involution", TypeID::get<OpTrait::IsInvolution>()); }
Trait ods::MemRefsNormalizable() { return tag("MemRefsNormalizable", TypeID::get<OpTrait::MemRefsNormalizable>()); }
Trait ods::Elementwise() {
  return verified("Elementwise", TypeID::get<OpTrait::Elementwise>(), OpTrait::impl::verifyElementwise);
}
Trait ods::Scalarizable() { return tag("Scalarizable", TypeID::get<OpTrait::Scalarizable>()); }
Trait ods::Vectorizable() { return tag("Vectorizable", TypeID::get<OpTrait::Vectorizable>()); }
Trait ods::Tensorizable() { return tag("Tensorizable", TypeID::get<OpTrait::Tensorizable>()); }
Trait ods::ElementwiseMappable() {
  Trait list;
  list.list = {Elementwise(), Scalarizable(), Vectorizable(), Tensorizable()};
  return list;
}
Trait ods::SameOperandsAndResultType() {
  Trait t = verified("SameOperandsAndResultType", TypeID::get<OpTrait::SameOperandsAndResultType>(),
                     OpTrait::impl::verifySameOperandsAndResultType);
  t.inference = Trait::Inference::SameOperandsAndResultType;
  return t;
}
Trait ods::SameTypeOperands() {
  Trait t = verified("SameTypeOperands", TypeID::get<OpTrait::SameTypeOperands>(), OpTrait::impl::verifySameTypeOperands);
  t.inference = Trait::Inference::SameTypeOperands;
  return t;
}
Trait ods::SameOperandsShape() {
  return verified("SameOperandsShape", TypeID::get<OpTrait::SameOperandsShape>(), OpTrait::impl::verifySameOperandsShape);
}
Trait ods::SameOperandsAndResultShape() {
  return verified("SameOperandsAndResultShape", TypeID::get<OpTrait::SameOperandsAndResultShape>(),
                  OpTrait::impl::verifySameOperandsAndResultShape);
}
Trait ods::SameOperandsElementType() {
  return verified("SameOperandsElementType", TypeID::get<OpTrait::SameOperandsElementType>(),
                  OpTrait::impl::verifySameOperandsElementType);
}
Trait ods::SameOperandsAndResultElementType() {
  return verified("SameOperandsAndResultElementType", TypeID::get<OpTrait::SameOperandsAndResultElementType>(),
                  OpTrait::impl::verifySameOperandsAndResultElementType);
}
/// MLIR's OpTrait::util::getBroadcastedShape: the shape `shape1` and
/// `shape2` broadcast to, aligned on their trailing dimensions; false if
/// they do not broadcast.
static bool getBroadcastedShape(ArrayRef<int64_t> shape1, ArrayRef<int64_t> shape2, std::vector<int64_t> &result) {
  result.assign(shape1.size() > shape2.size() ? shape1.begin() : shape2.begin(),
                shape1.size() > shape2.size() ? shape1.end() : shape2.end());
  size_t n1 = shape1.size(), n2 = shape2.size(), nR = result.size();
  for (size_t k = 1; k <= n1 && k <= n2; ++k) {
    int64_t d1 = shape1[n1 - k], d2 = shape2[n2 - k];
    int64_t &r = result[nR - k];
    if (ShapedType::isDynamic(d1) || ShapedType::isDynamic(d2)) {
      if (d1 > 1)
        r = d1;
      else if (d2 > 1)
        r = d2;
      else if (d1 == 1)
        r = d2;
      else if (d2 == 1)
        r = d1;
      else
        r = ShapedType::kDynamic;
    } else if (d1 == d2 || d2 == 1) {
      r = d1;
    } else if (d1 == 1) {
      r = d2;
    } else {
      result.clear();
      return false;
    }
  }
  return true;
}

/// `'2x?x3'`.
static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "'";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += 'x';
    s += ShapedType::isDynamic(shape[i]) ? std::string("?") : std::to_string(shape[i]);
  }
  return s + "'";
}

/// MLIR's OpTrait::impl::verifyCompatibleOperandBroadcast.
static LogicalResult verifyCompatibleOperandBroadcast(Operation *op) {
  bool hasTensor = false, hasVector = false;
  for (Type t : op->getOperandTypes()) {
    hasTensor |= isa<TensorType>(t);
    hasVector |= isa<VectorType>(t);
  }
  for (Type t : op->getResultTypes()) {
    hasTensor |= isa<TensorType>(t);
    hasVector |= isa<VectorType>(t);
  }
  if (hasTensor && hasVector)
    return op->emitError("cannot broadcast vector with tensor");
  auto isRanked = [](Type t) { return isa<RankedTensorType>(t) || isa<VectorType>(t); };
  std::vector<int64_t> resultShape;
  bool anyRanked = false;
  for (Type t : op->getOperandTypes()) {
    if (!isRanked(t))
      continue;
    ArrayRef<int64_t> shape = cast<ShapedType>(t).getShape();
    if (!anyRanked) {
      resultShape.assign(shape.begin(), shape.end());
      anyRanked = true;
      continue;
    }
    std::vector<int64_t> previous = resultShape;
    if (!getBroadcastedShape(previous, shape, resultShape))
      return op->emitOpError("operands don't have broadcast-compatible shapes");
  }
  if (!anyRanked)
    return success();
  for (Type t : op->getResultTypes()) {
    if (!isRanked(t))
      continue;
    ArrayRef<int64_t> shape = cast<ShapedType>(t).getShape();
    bool compatible = shape.size() >= resultShape.size();
    ArrayRef<int64_t> suffix = compatible ? shape.drop_front(shape.size() - resultShape.size()) : shape;
    for (size_t i = 0; compatible && i < resultShape.size(); ++i)
      compatible = ShapedType::isDynamic(suffix[i]) || ShapedType::isDynamic(resultShape[i]) ||
                   suffix[i] == resultShape[i];
    if (!compatible)
      return op->emitOpError() << "result type " << shapeString(shape)
                               << " not broadcast compatible with broadcasted operands's shapes "
                               << shapeString(resultShape);
  }
  return success();
}

Trait ods::ResultsBroadcastableShape() {
  return verified("ResultsBroadcastableShape", TypeID::get<OpTrait::ResultsBroadcastableShape>(),
                  verifyCompatibleOperandBroadcast);
}
Trait ods::AttrSizedOperandSegments() {
  Trait t = verified("AttrSizedOperandSegments", TypeID::get<OpTrait::AttrSizedOperandSegments>(),
                     [](Operation *op) { return OpTrait::impl::verifyOperandSizeAttr(op, "operandSegmentSizes"); });
  t.structural = true;
  return t;
}
Trait ods::AttrSizedResultSegments() {
  Trait t = verified("AttrSizedResultSegments", TypeID::get<OpTrait::AttrSizedResultSegments>(),
                     [](Operation *op) { return OpTrait::impl::verifyResultSizeAttr(op, "resultSegmentSizes"); });
  t.structural = true;
  return t;
}
Trait ods::NoRegionArguments() {
  Trait t = verified("NoRegionArguments", TypeID::get<OpTrait::NoRegionArguments>(),
                     OpTrait::impl::verifyNoRegionArguments);
  t.structural = true;
  return t;
}
static RegionKind graphRegionKind(unsigned) { return RegionKind::Graph; }

Trait ods::HasOnlyGraphRegion() {
  Trait t = tag("HasOnlyGraphRegion", TypeID::get<OpTrait::HasOnlyGraphRegion>());
  t.interfaces.push_back(lamina::RegionKindInterface::getModel({graphRegionKind}));
  return t;
}
Trait ods::RecursiveMemoryEffects() {
  return tag("RecursiveMemoryEffects", TypeID::get<OpTrait::HasRecursiveMemoryEffects>());
}
Trait ods::SameVariadicOperandSize() { return tag("SameVariadicOperandSize", TypeID()); }
Trait ods::SameVariadicResultSize() { return tag("SameVariadicResultSize", TypeID()); }
Trait ods::HasParallelRegion() { return tag("HasParallelRegion", TypeID::get<OpTrait::HasParallelRegion>()); }

//===----------------------------------------------------------------------===//
// Side effects and speculatability
//===----------------------------------------------------------------------===//

static ods::Effect makeEffect(MemoryEffects::Effect *effect, SideEffects::Resource *resource, int stage,
                              bool effectOnFullRegion) {
  return ods::Effect{effect, resource ? resource : SideEffects::DefaultResource::get(), stage, effectOnFullRegion};
}
ods::Effect ods::MemRead(SideEffects::Resource *resource, int stage, bool effectOnFullRegion) {
  return makeEffect(MemoryEffects::Read::get(), resource, stage, effectOnFullRegion);
}
ods::Effect ods::MemWrite(SideEffects::Resource *resource, int stage, bool effectOnFullRegion) {
  return makeEffect(MemoryEffects::Write::get(), resource, stage, effectOnFullRegion);
}
ods::Effect ods::MemAlloc(SideEffects::Resource *resource, int stage, bool effectOnFullRegion) {
  return makeEffect(MemoryEffects::Allocate::get(), resource, stage, effectOnFullRegion);
}
ods::Effect ods::MemFree(SideEffects::Resource *resource, int stage, bool effectOnFullRegion) {
  return makeEffect(MemoryEffects::Free::get(), resource, stage, effectOnFullRegion);
}

Trait ods::MemoryEffects(std::initializer_list<Effect> effects) {
  Trait t = tag("MemoryEffects", TypeID());
  t.declaresMemoryEffects = true;
  t.effects.assign(effects.begin(), effects.end());
  return t;
}
Trait ods::NoMemoryEffect() {
  Trait t = MemoryEffects({});
  t.name = "NoMemoryEffect";
  return t;
}

static Speculation::Speculatability alwaysSpeculatable(Operation *) { return Speculation::Speculatable; }
static Speculation::Speculatability recursivelySpeculatable(Operation *) {
  return Speculation::RecursivelySpeculatable;
}

Trait ods::AlwaysSpeculatable() {
  Trait iface = ImplementsModel(ConditionallySpeculatable::getModel({alwaysSpeculatable}));
  Trait impl = tag("AlwaysSpeculatableImplTrait", TypeID::get<OpTrait::AlwaysSpeculatableImplTrait>());
  Trait list;
  list.list = {iface, impl};
  return list;
}
Trait ods::RecursivelySpeculatable() {
  Trait iface = ImplementsModel(ConditionallySpeculatable::getModel({recursivelySpeculatable}));
  Trait impl = tag("RecursivelySpeculatableImplTrait", TypeID::get<OpTrait::RecursivelySpeculatableImplTrait>());
  Trait list;
  list.list = {iface, impl};
  return list;
}
Trait ods::Pure() {
  Trait list;
  list.list = {AlwaysSpeculatable(), NoMemoryEffect()};
  return list;
}

//===----------------------------------------------------------------------===//
// Predicate traits
//===----------------------------------------------------------------------===//

/// The types of the operand/result group or typed attribute named `name`.
static std::vector<Type> typesOfNamed(Operation *op, std::string_view name) {
  const InterpretedOpDef *def = getDefinition(op);
  if (int i = def->findOperand(name); i >= 0)
    return getODSOperands(op, unsigned(i)).getTypes();
  if (int i = def->findResult(name); i >= 0)
    return getODSResults(op, unsigned(i)).getTypes();
  if (int i = def->findAttribute(name); i >= 0)
    if (auto typed = dyn_cast_or_null<lamina::TypedAttr>(op->getPropertySlots()[def->attributes[i].slot]))
      return {typed.getType()};
  return {};
}

static std::string joinNames(std::initializer_list<std::string_view> names) {
  std::string s;
  for (std::string_view n : names) {
    if (!s.empty())
      s += ", ";
    s += n;
  }
  return s;
}

/// An AllMatchSameOperatorTrait: `key(type)` equal for every named value.
static Trait allMatch(std::string_view traitName, std::initializer_list<std::string_view> names, std::string what,
                      bool (*same)(Type, Type)) {
  Trait t;
  t.name = std::string(traitName);
  t.isPredicate = true;
  t.summary = "all of {" + joinNames(names) + "} have same " + what;
  t.names.assign(names.begin(), names.end());
  std::vector<std::string> ns(names.begin(), names.end());
  std::string summary = t.summary;
  t.verify = [ns, summary, same](Operation *op) -> LogicalResult {
    std::vector<std::vector<Type>> all;
    for (const std::string &n : ns)
      all.push_back(typesOfNamed(op, n));
    for (size_t i = 1; i < all.size(); ++i) {
      bool eq = all[i].size() == all[0].size();
      for (size_t j = 0; eq && j < all[i].size(); ++j)
        eq = same(all[i][j], all[0][j]);
      if (!eq)
        return op->emitOpError("failed to verify that ") << summary;
    }
    return success();
  };
  return t;
}

static Type elementTypeOrSelf(Type t) {
  if (auto s = dyn_cast<ShapedType>(t))
    return s.getElementType();
  if (auto d = dyn_cast<DialectShapedType>(t))
    return d.getElementType();
  return t;
}

/// The shape of a builtin or dialect shaped type (nullopt for others and
/// unranked ones).
static std::optional<ArrayRef<int64_t>> shapeOf(Type t) {
  if (auto s = dyn_cast<ShapedType>(t))
    return s.hasRank() ? std::optional<ArrayRef<int64_t>>(s.getShape()) : std::nullopt;
  if (auto d = dyn_cast<DialectShapedType>(t))
    return d.getShape();
  return std::nullopt;
}

static bool sameType(Type a, Type b) { return a == b; }
static bool sameElementType(Type a, Type b) { return elementTypeOrSelf(a) == elementTypeOrSelf(b); }
static bool sameShape(Type a, Type b) {
  auto sa = dyn_cast<ShapedType>(a), sb = dyn_cast<ShapedType>(b);
  if (!sa || !sb) {
    // A dialect's shaped type (!xegpu.tensor_desc) against another.
    std::optional<ArrayRef<int64_t>> x = shapeOf(a), y = shapeOf(b);
    return x && y && x->size() == y->size() && std::equal(x->begin(), x->end(), y->begin());
  }
  ArrayRef<int64_t> x = sa.getShape(), y = sb.getShape();
  return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin());
}
static bool sameRank(Type a, Type b) {
  auto sa = dyn_cast<ShapedType>(a), sb = dyn_cast<ShapedType>(b);
  if (!sa || !sb) {
    std::optional<ArrayRef<int64_t>> x = shapeOf(a), y = shapeOf(b);
    return x && y && x->size() == y->size();
  }
  return sa.getRank() == sb.getRank();
}

bool (*ods::getAllMatchComparator(std::string_view traitName))(Type, Type) {
  if (traitName == "AllTypesMatch")
    return sameType;
  if (traitName == "AllElementTypesMatch")
    return sameElementType;
  if (traitName == "AllShapesMatch")
    return sameShape;
  if (traitName == "AllRanksMatch")
    return sameRank;
  return nullptr;
}

Trait ods::AllTypesMatch(std::initializer_list<std::string_view> names) {
  Trait t = allMatch("AllTypesMatch", names, "type", sameType);
  t.inference = Trait::Inference::AllTypesMatch;
  return t;
}
Trait ods::AllElementTypesMatch(std::initializer_list<std::string_view> names) {
  return allMatch("AllElementTypesMatch", names, "element type", sameElementType);
}
Trait ods::AllShapesMatch(std::initializer_list<std::string_view> names) {
  return allMatch("AllShapesMatch", names, "shape", sameShape);
}
Trait ods::AllRanksMatch(std::initializer_list<std::string_view> names) {
  return allMatch("AllRanksMatch", names, "rank", sameRank);
}

Trait ods::TypesMatchWith(std::string_view summary, std::string_view lhs, std::string_view rhs,
                          TypeTransformFn transform, bool isRange) {
  Trait t;
  t.name = "TypesMatchWith";
  t.isPredicate = true;
  t.summary = std::string(summary);
  t.inference = Trait::Inference::TypesMatchWith;
  t.names = {std::string(lhs), std::string(rhs)};
  t.transform = transform;
  t.transformIsRange = isRange;
  std::string l(lhs), r(rhs), s(summary);
  t.verify = [l, r, s, transform, isRange](Operation *op) -> LogicalResult {
    std::vector<Type> lt = typesOfNamed(op, l), rt = typesOfNamed(op, r);
    SmallVector<Type, 4> expected;
    if (isRange) {
      // RangedTypesMatchWith over a variadic group: element-wise.
      for (Type t : lt)
        transform(t, expected);
    } else if (!lt.empty()) {
      transform(lt[0], expected);
    }
    if (ArrayRef<Type>(expected) != ArrayRef<Type>(rt))
      return op->emitOpError("failed to verify that ") << s;
    return success();
  };
  return t;
}

Trait ods::OptionalTypesMatchWith(std::string_view summary, std::string_view lhs, std::string_view rhs,
                                  TypeTransformFn transform) {
  Trait t = TypesMatchWith(summary, lhs, rhs, transform);
  t.matchIfPresent = true;
  std::string l(lhs), r(rhs);
  auto verify = t.verify;
  t.verify = [l, r, verify](Operation *op) -> LogicalResult {
    if (typesOfNamed(op, l).empty() || typesOfNamed(op, r).empty())
      return success();
    return verify(op);
  };
  return t;
}

Trait ods::PredOpTrait(std::string_view summary, PredicateFn pred) {
  Trait t;
  t.name = "PredOpTrait";
  t.isPredicate = true;
  t.summary = std::string(summary);
  std::string s(summary);
  t.verify = [s, pred](Operation *op) -> LogicalResult {
    if (!pred(op))
      return op->emitOpError("failed to verify that ") << s;
    return success();
  };
  return t;
}

Trait ods::CustomTrait(std::string_view name, std::function<LogicalResult(Operation *)> verify,
                       std::function<LogicalResult(Operation *)> verifyRegion) {
  Trait t;
  t.name = std::string(name);
  t.verify = std::move(verify);
  t.verifyRegion = std::move(verifyRegion);
  return t;
}

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

Trait ods::ImplementsModel(const OpInterfaceModel &model) {
  Trait t;
  t.name = std::string(model.name);
  t.interfaces.push_back(model);
  if (model.verify)
    t.verify = model.verify;
  if (model.verifyRegion)
    t.verifyRegion = model.verifyRegion;
  if (model.id == lamina::InferTypeOpInterface::getInterfaceID()) {
    t.infersResultTypes = true;
    t.inferFn = static_cast<const lamina::InferTypeOpInterface::Concept *>(model.methods)->inferReturnTypes;
  }
  return t;
}

Trait ods::Symbol(const SymbolOpInterfaceConcept &methods) {
  Trait t = ImplementsModel(SymbolOpInterface::getModel(methods));
  t.name = "Symbol";
  return t;
}
