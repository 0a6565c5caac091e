//===- AffineValidity.cpp - Which SSA values may be affine dims and symbols ===//
//
// MLIR's affine::isValidDim / isValidSymbol (AffineOps.cpp, LLVM 22):
//
//  * a symbol (for the affine scope `region`) is an index value that is
//    defined at the top level of `region`, a constant, the result of a Pure
//    op whose operands are all symbols, the result of a `dim` op whose
//    source is top-level or a view/subview/alloc with a symbolic size, or a
//    value that dominates `region`'s parent op (recursively through regions
//    not isolated from above);
//  * a dimension is a symbol, an affine.for/affine.parallel induction
//    variable, the result of affine.apply / delinearize_index /
//    linearize_index whose operands are all dimensions, or a `dim` of a
//    top-level memref.
//
// Affine scopes are the ops with the AffineScope trait. mlir-opt also
// registers ops with that trait in dialects Lamina does not implement, which
// Lamina keeps as unregistered ops (without traits); those are listed by name
// below so that the rules see the same scopes as mlir-opt.
//
// MLIR evaluates these by recursion over the def-use chains (affine.apply of
// affine.apply of ...), whose depth the input controls. Here every query
// (value, region, dim-or-symbol) is a node of an explicit worklist with a
// memo, so long chains cost linear time and no stack; a cyclic chain (only
// possible in IR that dominance would reject later) counts as invalid.
//
#include "lamina/Dialect/Affine/AffineDialect.h"

#include "lamina/IR/Block.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Operation.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/ODS/OpDef.h"

#include <optional>
#include <unordered_map>
#include <vector>

using namespace lamina;
using namespace lamina::affine;

//===----------------------------------------------------------------------===//
// Scopes and top-level values
//===----------------------------------------------------------------------===//

/// The unregistered (in Lamina) operations that mlir-opt 22 registers with
/// the AffineScope trait: the ops of the generated headers of its dialects
/// (libmlir-22-dev) whose trait list holds OpTrait::AffineScope, and the
/// test dialect's `test.affine_scope`.
static constexpr std::string_view kForeignAffineScopeOps[] = {
    "gpu.func",          "gpu.launch",   "llvm.func",      "shape.func", "shape.function_library",
    "test.affine_scope", "wasmssa.func", "wasmssa.global",
};

bool affine::isAffineScopeOp(Operation *op) {
  if (op->hasTrait<OpTrait::AffineScope>())
    return true;
  if (op->isRegistered())
    return false;
  std::string_view name = op->getName().getStringRef();
  for (std::string_view scopeOp : kForeignAffineScopeOps)
    if (name == scopeOp)
      return true;
  return false;
}

Region *affine::getAffineScope(Operation *op) {
  Operation *cur = op;
  while (Operation *parent = cur->getParentOp()) {
    if (isAffineScopeOp(parent))
      return cur->getParentRegion();
    cur = parent;
  }
  return nullptr;
}

bool affine::isTopLevelValue(Value value, Region *region) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner()->getParent() == region;
  return value.getDefiningOp()->getParentRegion() == region;
}

bool affine::isTopLevelValue(Value value) {
  Operation *parent;
  if (auto arg = dyn_cast<BlockArgument>(value))
    parent = arg.getOwner()->getParentOp();
  else
    parent = value.getDefiningOp()->getParentOp();
  return parent && isAffineScopeOp(parent);
}

bool affine::isAffineInductionVar(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner())
    return false;
  Operation *parent = arg.getOwner()->getParentOp();
  if (!parent)
    return false;
  if (isa<AffineForOp>(parent)) {
    Region &body = parent->getRegion(0);
    return !body.empty() && body.front().getNumArguments() && body.front().getArgument(0) == value;
  }
  if (isa<AffineParallelOp>(parent)) {
    Region &body = parent->getRegion(0);
    return !body.empty() && arg.getOwner() == &body.front();
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Helpers on other dialects' ops (matched by name: memref may be absent)
//===----------------------------------------------------------------------===//

static bool hasName(Operation *op, std::string_view name) { return op && op->getName().getStringRef() == name; }

/// ShapedDimOpInterface: memref.dim and tensor.dim (source, index).
static bool isShapedDimOp(Operation *op) {
  return (hasName(op, "memref.dim") || hasName(op, "tensor.dim")) && op->getNumOperands() == 2;
}

/// matchPattern(op, m_Constant()).
static bool isConstantOp(Operation *op) { return op->hasTrait<OpTrait::ConstantLike>(); }

/// getConstantIntValue(value): the integer of a constant-like defining op.
static std::optional<int64_t> getConstantIntValue(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def || !isConstantOp(def))
    return std::nullopt;
  if (auto attr = dyn_cast_or_null<IntegerAttr>(def->getAttr("value")))
    return attr.getValue().getSExtValue();
  return std::nullopt;
}

/// The dynamic size operands of memref.alloc / view / subview.
static OperandRange getDynamicSizes(Operation *op) {
  if (!op->isRegistered())
    return OperandRange();
  if (hasName(op, "memref.alloc"))
    return ods::getOperandGroup(op, "dynamicSizes");
  return ods::getOperandGroup(op, "sizes");
}

//===----------------------------------------------------------------------===//
// The evaluator
//===----------------------------------------------------------------------===//

namespace {
enum class QueryKind : uint8_t { Symbol, Dim };

struct Query {
  detail::ValueImpl *value;
  Region *region;
  QueryKind kind;
  bool operator==(const Query &o) const { return value == o.value && region == o.region && kind == o.kind; }
};

struct QueryHash {
  size_t operator()(const Query &q) const {
    size_t h = std::hash<const void *>()(q.value);
    h ^= std::hash<const void *>()(q.region) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h ^ size_t(q.kind);
  }
};

/// Answers of the queries seen so far: a short list searched linearly (most
/// evaluations visit a handful of queries), switching to a hash map when it
/// grows.
class QueryMemo {
public:
  enum State : uint8_t { Active, False, True };

  /// The state of `q`, or null if unseen.
  State *find(const Query &q) {
    if (!useMap) {
      for (auto &entry : small)
        if (entry.first == q)
          return &entry.second;
      return nullptr;
    }
    auto it = map.find(q);
    return it == map.end() ? nullptr : &it->second;
  }
  void set(const Query &q, State state) {
    if (State *existing = find(q)) {
      *existing = state;
      return;
    }
    if (!useMap && small.size() < kSmallSize) {
      small.emplace_back(q, state);
      return;
    }
    if (!useMap) {
      for (auto &entry : small)
        map.emplace(entry.first, entry.second);
      small.clear();
      useMap = true;
    }
    map.emplace(q, state);
  }
  void clear() {
    small.clear();
    if (useMap) {
      map.clear();
      useMap = false;
    }
  }

private:
  static constexpr size_t kSmallSize = 32;
  std::vector<std::pair<Query, State>> small;
  std::unordered_map<Query, State, QueryHash> map;
  bool useMap = false;
};

/// Evaluates one dim/symbol query. `step` computes a query's answer from the
/// answers of its sub-queries; an unknown sub-query is tried shallowly (it
/// often resolves without further sub-queries) and otherwise recorded in
/// `missing` so that the driver evaluates it first. One checker per thread
/// is reused so that its buffers are allocated once.
class ValidityChecker {
public:
  bool run(Query root);

private:
  std::optional<bool> step(const Query &q);
  std::optional<bool> stepSymbol(Value v, Region *region);
  std::optional<bool> stepDim(Value v, Region *region);
  std::optional<bool> dimOpValidSymbol(Operation *dimOp, Region *region);
  std::optional<bool> need(Query q);
  std::optional<bool> allOf(OperandRange operands, Region *region, QueryKind kind);

  QueryMemo memo;
  std::vector<Query> missing;
  std::vector<Query> stack;
  bool shallow = false;
};
} // namespace

std::optional<bool> ValidityChecker::need(Query q) {
  if (QueryMemo::State *state = memo.find(q))
    return *state == QueryMemo::True; // Active: a cycle, which cannot be valid.
  if (shallow)
    return std::nullopt;
  shallow = true;
  std::optional<bool> r = step(q);
  shallow = false;
  if (!r)
    missing.push_back(q);
  return r;
}

std::optional<bool> ValidityChecker::allOf(OperandRange operands, Region *region, QueryKind kind) {
  bool unknown = false;
  for (Value operand : operands) {
    std::optional<bool> r = need({operand.getImpl(), region, kind});
    if (!r)
      unknown = true;
    else if (!*r)
      return false;
  }
  if (unknown)
    return std::nullopt;
  return true;
}

std::optional<bool> ValidityChecker::dimOpValidSymbol(Operation *dimOp, Region *region) {
  Value shaped = dimOp->getOperand(0);
  if (isTopLevelValue(shaped))
    return true;
  // Conservatively handle remaining block arguments (e.g. scf.for iter_args)
  // as non-valid symbols.
  if (isa<BlockArgument>(shaped))
    return false;
  std::optional<int64_t> index = getConstantIntValue(dimOp->getOperand(1));
  if (!index)
    return false;
  // Skip over memref.cast ops.
  Operation *op = shaped.getDefiningOp();
  while (hasName(op, "memref.cast") && op->getNumOperands() == 1) {
    Value source = op->getOperand(0);
    if (isa<UnrankedMemRefType>(source.getType()))
      return false;
    op = source.getDefiningOp();
    if (!op)
      return false;
  }
  if (!hasName(op, "memref.view") && !hasName(op, "memref.subview") && !hasName(op, "memref.alloc"))
    return false;
  if (op->getNumResults() != 1)
    return false;
  auto type = dyn_cast<MemRefType>(op->getResult(0).getType());
  if (!type)
    return false;
  uint64_t i = uint64_t(*index);
  if (i >= uint64_t(type.getRank()))
    return false;
  if (!type.isDynamicDim(unsigned(i)))
    return true;
  unsigned dynamicPos = 0;
  for (unsigned d = 0; d < i; ++d)
    dynamicPos += type.isDynamicDim(d);
  OperandRange sizes = getDynamicSizes(op);
  if (dynamicPos >= sizes.size())
    return false;
  return need({sizes[dynamicPos].getImpl(), region, QueryKind::Symbol});
}

std::optional<bool> ValidityChecker::stepSymbol(Value v, Region *region) {
  if (!v.getType().isIndex())
    return false;
  if (region && isTopLevelValue(v, region))
    return true;

  // A value dominating the region's parent op is a symbol if it is one for
  // the enclosing region.
  auto viaParentRegion = [&]() -> std::optional<bool> {
    Operation *regionOp = region ? region->getParentOp() : nullptr;
    if (regionOp && !regionOp->hasTrait<OpTrait::IsIsolatedFromAbove>())
      if (Region *parentRegion = regionOp->getParentRegion())
        return need({v.getImpl(), parentRegion, QueryKind::Symbol});
    return false;
  };

  Operation *def = v.getDefiningOp();
  if (!def)
    return viaParentRegion();
  if (isConstantOp(def))
    return true;
  if (isPure(def)) {
    std::optional<bool> operandsAreSymbols = allOf(def->getOperands(), region, QueryKind::Symbol);
    if (!operandsAreSymbols)
      return std::nullopt;
    if (*operandsAreSymbols)
      return true;
  }
  if (isShapedDimOp(def))
    return dimOpValidSymbol(def, region);
  return viaParentRegion();
}

std::optional<bool> ValidityChecker::stepDim(Value v, Region *region) {
  if (!v.getType().isIndex())
    return false;
  std::optional<bool> isSymbol = need({v.getImpl(), region, QueryKind::Symbol});
  if (!isSymbol)
    return std::nullopt;
  if (*isSymbol)
    return true;
  Operation *def = v.getDefiningOp();
  if (!def)
    return isAffineInductionVar(v);
  if (isa<AffineApplyOp>(def) || isa<AffineDelinearizeIndexOp>(def) || isa<AffineLinearizeIndexOp>(def))
    return allOf(def->getOperands(), region, QueryKind::Dim);
  if (isShapedDimOp(def))
    return isTopLevelValue(def->getOperand(0));
  return false;
}

std::optional<bool> ValidityChecker::step(const Query &q) {
  Value v(q.value);
  return q.kind == QueryKind::Symbol ? stepSymbol(v, q.region) : stepDim(v, q.region);
}

bool ValidityChecker::run(Query root) {
  // Most queries resolve at once (arguments, constants, induction variables).
  memo.clear();
  missing.clear();
  if (std::optional<bool> r = step(root))
    return *r;
  stack.clear();
  stack.push_back(root);
  while (!stack.empty()) {
    Query q = stack.back();
    QueryMemo::State *state = memo.find(q);
    if (state && *state != QueryMemo::Active) {
      stack.pop_back();
      continue;
    }
    memo.set(q, QueryMemo::Active);
    missing.clear();
    std::optional<bool> r = step(q);
    if (r) {
      memo.set(q, *r ? QueryMemo::True : QueryMemo::False);
      stack.pop_back();
      continue;
    }
    stack.insert(stack.end(), missing.begin(), missing.end());
  }
  return *memo.find(root) == QueryMemo::True;
}

static ValidityChecker &getChecker() {
  thread_local ValidityChecker checker;
  return checker;
}

bool affine::isValidSymbol(Value value, Region *region) {
  return getChecker().run({value.getImpl(), region, QueryKind::Symbol});
}

bool affine::isValidDim(Value value, Region *region) {
  return getChecker().run({value.getImpl(), region, QueryKind::Dim});
}

bool affine::isValidSymbol(Value value) {
  if (!value || !value.getType().isIndex())
    return false;
  if (isTopLevelValue(value))
    return true;
  if (Operation *def = value.getDefiningOp())
    return isValidSymbol(value, getAffineScope(def));
  return false;
}

bool affine::isValidDim(Value value) {
  if (!value.getType().isIndex())
    return false;
  if (Operation *def = value.getDefiningOp())
    return isValidDim(value, getAffineScope(def));
  if (isAffineInductionVar(value))
    return true;
  Operation *parent = cast<BlockArgument>(value).getOwner()->getParentOp();
  return parent && isAffineScopeOp(parent);
}

Operation *affine::getForInductionVarOwner(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner())
    return nullptr;
  Operation *parent = arg.getOwner()->getParentOp();
  if (!parent || !isa<AffineForOp>(parent))
    return nullptr;
  Region &body = parent->getRegion(0);
  if (body.empty() || body.front().getNumArguments() == 0 || body.front().getArgument(0) != value)
    return nullptr;
  return parent;
}
