//===- SparseTensorAttributes.cpp - #sparse_tensor.encoding and its kin ---===//
//
// The level types, the encoding attribute (MLIR's SparseTensorEncodingAttr:
// its parser, which reads the dimension-to-level map as MLIR's
// DimLvlMapParser and LvlTypeParser do, its printer and verifiers), the
// slice attribute, the level-range directive of the iteration types, and
// the storage specifier type (whose encoding is normalized as MLIR's).
//
#include "lamina/Dialect/Complex/ComplexDialect.h"
#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/Dialect/SparseTensor/SparseTensorDialect.h"
#include "lamina/IR/OpImplementation.h"

#include <map>

using namespace lamina;
using namespace lamina::sparse_tensor;

//===----------------------------------------------------------------------===//
// Level types
//===----------------------------------------------------------------------===//

bool LevelType::isValid() const {
  uint64_t formatBits = bits & 0xffff0000;
  uint64_t propertyBits = bits & 0xffff;
  LevelFormat f = getLvlFmt();
  if (f == LevelFormat::Undef || f == LevelFormat::Dense || f == LevelFormat::Batch || f == LevelFormat::NOutOfM)
    return propertyBits == 0;
  return formatBits == uint64_t(LevelFormat::Compressed) || formatBits == uint64_t(LevelFormat::Singleton) ||
         formatBits == uint64_t(LevelFormat::LooseCompressed);
}

static const char *formatName(LevelFormat f) {
  switch (f) {
  case LevelFormat::Undef:
    return "undef";
  case LevelFormat::Dense:
    return "dense";
  case LevelFormat::Batch:
    return "batch";
  case LevelFormat::Compressed:
    return "compressed";
  case LevelFormat::Singleton:
    return "singleton";
  case LevelFormat::LooseCompressed:
    return "loose_compressed";
  case LevelFormat::NOutOfM:
    return "structured";
  }
  return "";
}

std::string LevelType::toMLIRString() const {
  std::string s = formatName(getLvlFmt());
  if (isa(LevelFormat::NOutOfM))
    s += "[" + std::to_string(getN()) + ", " + std::to_string(getM()) + "]";
  std::string props;
  if (isa(LevelPropNonDefault::Nonunique))
    props += "nonunique";
  if (isa(LevelPropNonDefault::Nonordered)) {
    if (!props.empty())
      props += ", ";
    props += "nonordered";
  }
  if (isa(LevelPropNonDefault::SoA)) {
    if (!props.empty())
      props += ", ";
    props += "soa";
  }
  if (!props.empty())
    s += "(" + props + ")";
  return s;
}

/// `dense`, `compressed(nonunique)`, `structured[2, 4]`, ... (MLIR's
/// LvlTypeParser::parseLvlType).
static FailureOr<uint64_t> parseLvlType(AsmParser &parser) {
  std::string_view base;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeyword(&base)))
    return FailureOr<uint64_t>(
        parser.emitError(loc, "expected valid level format (e.g. dense, compressed or singleton)"));
  uint64_t properties = 0;
  SmallVector<unsigned, 2> structured;
  if (base == "structured") {
    auto parseSize = [&]() -> ParseResult {
      int intVal = 0;
      SMLoc sizeLoc = parser.getCurrentLocation();
      std::optional<ParseResult> r = parser.parseOptionalInteger(intVal);
      if (!r.has_value())
        return parser.emitError(sizeLoc, "expected valid integer for structured size");
      if (failed(*r))
        return parser.emitError(sizeLoc, "failed to parse structured size");
      if (intVal < 0)
        return parser.emitError(sizeLoc, "expected structured size to be >= 0");
      structured.push_back(unsigned(intVal));
      return success();
    };
    if (failed(parser.parseCommaSeparatedList(AsmParser::Delimiter::OptionalSquare, parseSize,
                                              " in structured n out of m")))
      return failure();
    if (structured.size() != 2)
      return FailureOr<uint64_t>(parser.emitError(loc, "expected exactly 2 structured sizes"));
    if (structured[0] > structured[1])
      return FailureOr<uint64_t>(parser.emitError(loc, "expected n <= m in n_out_of_m"));
  }
  auto parseProperty = [&]() -> ParseResult {
    std::string_view prop;
    SMLoc propLoc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeyword(&prop)))
      return parser.emitError(propLoc, "expected valid level property (e.g. nonordered, nonunique or high)");
    if (prop == "nonunique")
      properties |= uint64_t(LevelPropNonDefault::Nonunique);
    else if (prop == "nonordered")
      properties |= uint64_t(LevelPropNonDefault::Nonordered);
    else if (prop == "soa")
      properties |= uint64_t(LevelPropNonDefault::SoA);
    else
      return parser.emitError(propLoc, "unknown level property: ") << prop;
    return success();
  };
  if (failed(parser.parseCommaSeparatedList(AsmParser::Delimiter::OptionalParen, parseProperty,
                                            " in level property list")))
    return failure();
  if (base == "dense")
    properties |= uint64_t(LevelFormat::Dense);
  else if (base == "batch")
    properties |= uint64_t(LevelFormat::Batch);
  else if (base == "compressed")
    properties |= uint64_t(LevelFormat::Compressed);
  else if (base == "structured")
    properties |= uint64_t(LevelFormat::NOutOfM) | (uint64_t(structured[0]) << 32) | (uint64_t(structured[1]) << 40);
  else if (base == "loose_compressed")
    properties |= uint64_t(LevelFormat::LooseCompressed);
  else if (base == "singleton")
    properties |= uint64_t(LevelFormat::Singleton);
  else
    return FailureOr<uint64_t>(parser.emitError(loc, "unknown level format: ") << base);
  if (!LevelType(properties).isValid())
    return FailureOr<uint64_t>(
        parser.emitError(loc, "invalid level type: level format doesn't support the properties"));
  return properties;
}

//===----------------------------------------------------------------------===//
// The dimension-to-level map (MLIR's DimLvlMapParser)
//===----------------------------------------------------------------------===//

namespace {
enum class VarKind { Symbol = 0, Dimension = 1, Level = 2 };

/// `[s0] {l0, l1} (d0 = ..., d1 : #slice) -> (l0 = d0 : dense, ...)`: the
/// variables (symbols, dimensions, levels) in one environment, each bound
/// to a number within its kind in binding order.
class DimLvlMapParser {
public:
  explicit DimLvlMapParser(AsmParser &parser) : parser(parser) {}

  LogicalResult parse();

  unsigned numSyms() const { return nextNum[0]; }
  unsigned numDims() const { return nextNum[1]; }
  unsigned numLvls() const { return nextNum[2]; }

  SmallVector<uint64_t, 4> lvlTypes;
  SmallVector<AffineExpr, 4> lvlExprs;
  SmallVector<AffineExpr, 4> dimExprs; // null where absent
  SmallVector<Attribute, 4> dimSlices; // null where absent

private:
  struct VarInfo {
    std::string name;
    VarKind kind;
    unsigned num;
  };
  enum class Policy { MustNot, Must };

  /// A variable name (a bare identifier) with the policy's check: bound
  /// already (MustNot, of kind `vk`) or new (Must, then bound).
  FailureOr<unsigned> parseVar(VarKind vk, Policy policy);
  unsigned bindVar(std::string_view name, VarKind vk);
  ParseResult parseDimSpec();
  ParseResult parseLvlSpec(bool requireLvlVarBinding);

  AsmParser &parser;
  std::vector<VarInfo> vars;
  unsigned nextNum[3] = {0, 0, 0};
  /// The names in scope of level expressions (dims and symbols) and of
  /// dimension expressions (levels and symbols).
  std::vector<std::pair<std::string, AffineExpr>> dimsAndSymbols, lvlsAndSymbols;
};
} // namespace

static std::string nth(unsigned n) {
  if (n == 1)
    return "1st";
  if (n == 2)
    return "2nd";
  return std::to_string(n) + "th";
}

FailureOr<unsigned> DimLvlMapParser::parseVar(VarKind vk, Policy policy) {
  SMLoc loc = parser.getCurrentLocation();
  std::string_view name;
  if (failed(parser.parseOptionalKeyword(&name)))
    return FailureOr<unsigned>(parser.emitError(loc, "expected bare identifier"));
  const VarInfo *found = nullptr;
  for (const VarInfo &v : vars)
    if (v.name == name)
      found = &v;
  if (policy == Policy::MustNot) {
    if (!found || found->kind != vk)
      return FailureOr<unsigned>(parser.emitError(loc, "use of undeclared identifier '" + std::string(name) + "'"));
    return found->num;
  }
  if (found)
    return FailureOr<unsigned>(parser.emitError(loc, "redefinition of identifier '" + std::string(name) + "'"));
  return bindVar(name, vk);
}

unsigned DimLvlMapParser::bindVar(std::string_view name, VarKind vk) {
  MLIRContext *ctx = parser.getContext();
  unsigned num = nextNum[unsigned(vk)]++;
  vars.push_back({std::string(name), vk, num});
  switch (vk) {
  case VarKind::Symbol:
    dimsAndSymbols.emplace_back(std::string(name), getAffineSymbolExpr(num, ctx));
    lvlsAndSymbols.emplace_back(std::string(name), getAffineSymbolExpr(num, ctx));
    break;
  case VarKind::Dimension:
    dimsAndSymbols.emplace_back(std::string(name), getAffineDimExpr(num, ctx));
    break;
  case VarKind::Level:
    lvlsAndSymbols.emplace_back(std::string(name), getAffineDimExpr(num, ctx));
    break;
  }
  return num;
}

/// The names of `scope` as parseAffineExpr takes them.
static std::vector<std::pair<std::string_view, AffineExpr>>
scopeOf(const std::vector<std::pair<std::string, AffineExpr>> &scope) {
  std::vector<std::pair<std::string_view, AffineExpr>> out;
  for (const auto &entry : scope)
    out.emplace_back(entry.first, entry.second);
  return out;
}

LogicalResult DimLvlMapParser::parse() {
  if (failed(parser.parseCommaSeparatedList(
          AsmParser::Delimiter::OptionalSquare,
          [&]() -> ParseResult { return ParseResult(parseVar(VarKind::Symbol, Policy::Must)); },
          " in symbol binding list")))
    return failure();
  if (failed(parser.parseCommaSeparatedList(
          AsmParser::Delimiter::OptionalBraces,
          [&]() -> ParseResult { return ParseResult(parseVar(VarKind::Level, Policy::Must)); },
          " in level declaration list")))
    return failure();
  if (failed(parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren,
                                            [&]() -> ParseResult { return parseDimSpec(); },
                                            " in dimension-specifier list")))
    return failure();
  if (failed(parser.parseArrow()))
    return failure();
  unsigned declaredLvlRank = numLvls();
  bool requireLvlVarBinding = declaredLvlRank != 0;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren,
                                            [&]() -> ParseResult { return parseLvlSpec(requireLvlVarBinding); },
                                            " in level-specifier list")))
    return failure();
  if (requireLvlVarBinding && lvlExprs.size() != declaredLvlRank)
    return parser.emitError(loc, "Level-rank mismatch between forward-declarations and specifiers. Declared " +
                                     std::to_string(declaredLvlRank) + " level-variables; but got " +
                                     std::to_string(lvlExprs.size()) + " level-specifiers.");
  return success();
}

ParseResult DimLvlMapParser::parseDimSpec() {
  if (failed(parseVar(VarKind::Dimension, Policy::Must)))
    return failure();
  AffineExpr expr;
  if (succeeded(parser.parseOptionalEqual())) {
    auto scope = scopeOf(lvlsAndSymbols);
    if (failed(parser.parseAffineExpr(scope, expr)))
      return failure();
  }
  Attribute slice;
  if (succeeded(parser.parseOptionalColon())) {
    SMLoc loc = parser.getCurrentLocation();
    if (failed(parser.parseAttribute(slice)))
      return failure();
    if (!isa<SparseTensorDimSliceAttr>(slice))
      return parser.emitError(loc, "expected SparseTensorDimSliceAttr");
  }
  dimExprs.push_back(expr);
  dimSlices.push_back(slice);
  return success();
}

ParseResult DimLvlMapParser::parseLvlSpec(bool requireLvlVarBinding) {
  unsigned specNum = unsigned(lvlExprs.size());
  if (!requireLvlVarBinding) {
    ++nextNum[unsigned(VarKind::Level)];
  } else {
    SMLoc loc = parser.getCurrentLocation();
    std::string_view name = parser.getCurrentTokenSpelling();
    FailureOr<unsigned> num = parseVar(VarKind::Level, Policy::MustNot);
    if (failed(num))
      return failure();
    if (*num != specNum)
      return parser.emitError(loc, "Level-variable ordering mismatch. The variable '" + std::string(name) +
                                       "' was forward-declared as the " + nth(*num) + " level; but is bound by the " +
                                       nth(specNum) + " specification.");
    if (failed(parser.parseEqual()))
      return failure();
  }
  AffineExpr expr;
  auto scope = scopeOf(dimsAndSymbols);
  if (failed(parser.parseAffineExpr(scope, expr)) || failed(parser.parseColon()))
    return failure();
  FailureOr<uint64_t> type = parseLvlType(parser);
  if (failed(type))
    return failure();
  lvlExprs.push_back(expr);
  lvlTypes.push_back(*type);
  return success();
}

//===----------------------------------------------------------------------===//
// Block sparsity and the inverse map
//===----------------------------------------------------------------------===//

/// Whether the map is `dim`, `dim floordiv c` and `dim mod c` results with
/// one floordiv before each mod of the same coefficient (MLIR's
/// isBlockSparsity).
static bool isBlockSparsity(AffineMap dimToLvl) {
  if (!dimToLvl)
    return false;
  std::map<unsigned, int64_t> coefficients;
  bool hasBlock = false;
  for (AffineExpr result : dimToLvl.getResults()) {
    if (auto binOp = dyn_cast<AffineBinaryOpExpr>(result)) {
      auto dimOp = dyn_cast<AffineDimExpr>(binOp.getLHS());
      auto conOp = dyn_cast<AffineConstantExpr>(binOp.getRHS());
      if (!dimOp || !conOp || conOp.getValue() <= 0)
        return false;
      unsigned pos = dimOp.getPosition();
      if (binOp.getKind() == AffineExprKind::FloorDiv) {
        auto [it, inserted] = coefficients.try_emplace(pos);
        if (!inserted)
          return false;
        it->second = conOp.getValue();
      } else if (binOp.getKind() == AffineExprKind::Mod) {
        auto it = coefficients.find(pos);
        if (it == coefficients.end() || conOp.getValue() != it->second)
          return false;
        hasBlock = true;
      } else {
        return false;
      }
    } else if (auto dimOp = dyn_cast<AffineDimExpr>(result)) {
      if (!coefficients.try_emplace(dimOp.getPosition(), 0).second)
        return false;
    } else {
      return false;
    }
  }
  return hasBlock;
}

/// The block sizes of a block-sparse map (0 for unblocked levels).
static SmallVector<unsigned, 4> getBlockSize(AffineMap dimToLvl) {
  SmallVector<unsigned, 4> sizes;
  for (AffineExpr result : dimToLvl.getResults()) {
    if (auto binOp = dyn_cast<AffineBinaryOpExpr>(result)) {
      if (binOp.getKind() == AffineExprKind::Mod)
        sizes.push_back(unsigned(cast<AffineConstantExpr>(binOp.getRHS()).getValue()));
    } else {
      sizes.push_back(0);
    }
  }
  return sizes;
}

static AffineMap inverseBlockSparsity(AffineMap dimToLvl, MLIRContext *ctx) {
  SmallVector<AffineExpr, 4> lvlExprs;
  unsigned numLvls = dimToLvl.getNumResults();
  std::map<unsigned, std::vector<AffineExpr>> components;
  for (unsigned i = 0; i < numLvls; i++) {
    AffineExpr result = dimToLvl.getResult(i);
    if (auto binOp = dyn_cast<AffineBinaryOpExpr>(result)) {
      unsigned pos = cast<AffineDimExpr>(binOp.getLHS()).getPosition();
      if (result.getKind() == AffineExprKind::FloorDiv) {
        components[pos] = {getAffineDimExpr(i, ctx), binOp.getRHS()};
      } else {
        components[pos].push_back(getAffineDimExpr(i, ctx));
      }
    } else {
      lvlExprs.push_back(getAffineDimExpr(i, ctx));
    }
  }
  for (auto &entry : components) {
    const auto &c = entry.second;
    AffineExpr mul = getAffineBinaryOpExpr(AffineExprKind::Mul, c[0], c[1]);
    lvlExprs.push_back(getAffineBinaryOpExpr(AffineExprKind::Add, mul, c[2]));
  }
  return AffineMap::get(numLvls, 0, lvlExprs, ctx);
}

AffineMap sparse_tensor::inferLvlToDim(AffineMap dimToLvl, MLIRContext *ctx) {
  if (!dimToLvl || dimToLvl.getNumSymbols() != 0)
    return AffineMap();
  if (dimToLvl.isPermutation())
    return inversePermutation(dimToLvl);
  if (isBlockSparsity(dimToLvl))
    return inverseBlockSparsity(dimToLvl, ctx);
  return AffineMap();
}

//===----------------------------------------------------------------------===//
// #sparse_tensor.encoding
//===----------------------------------------------------------------------===//

uint64_t SparseTensorEncodingAttr::getDimRank() const {
  AffineMap dimToLvl = getDimToLvl();
  return dimToLvl ? dimToLvl.getNumDims() : getLvlRank();
}

bool SparseTensorEncodingAttr::isIdentity() const { return !getDimToLvl() || getDimToLvl().isIdentity(); }
bool SparseTensorEncodingAttr::isPermutation() const { return !getDimToLvl() || getDimToLvl().isPermutation(); }

bool SparseTensorEncodingAttr::isAllDense() const {
  for (uint64_t lt : getLvlTypes())
    if (!LevelType(lt).isa(LevelFormat::Dense))
      return false;
  return true;
}

bool SparseTensorEncodingAttr::isAllOrdered() const {
  for (uint64_t lt : getLvlTypes())
    if (!LevelType(lt).isOrdered())
      return false;
  return true;
}

uint64_t SparseTensorEncodingAttr::getBatchLvlRank() const {
  ArrayRef<uint64_t> lts = getLvlTypes();
  uint64_t n = lts.size();
  while (n > 0 && !LevelType(lts[n - 1]).isa(LevelFormat::Batch))
    --n;
  return n;
}

uint64_t SparseTensorEncodingAttr::getAoSCOOStart() const {
  ArrayRef<uint64_t> lts = getLvlTypes();
  uint64_t rank = lts.size();
  if (rank <= 1)
    return rank;
  for (uint64_t l = 0; l < rank;) {
    LevelType lt(lts[l]);
    if (lt.isa(LevelFormat::Compressed) || lt.isa(LevelFormat::LooseCompressed)) {
      uint64_t end = l + 1;
      while (end < rank && LevelType(lts[end]).isa(LevelFormat::Singleton))
        ++end;
      if (end - l > 1)
        return LevelType(lts[l + 1]).isa(LevelPropNonDefault::SoA) ? rank : l;
      l = end;
    } else {
      ++l;
    }
  }
  return rank;
}

Type SparseTensorEncodingAttr::getPosElemType() const {
  if (getPosWidth())
    return IntegerType::get(getContext(), getPosWidth());
  return IndexType::get(getContext());
}

Type SparseTensorEncodingAttr::getCrdElemType() const {
  if (getCrdWidth())
    return IntegerType::get(getContext(), getCrdWidth());
  return IndexType::get(getContext());
}

std::vector<int64_t> SparseTensorEncodingAttr::translateShapeToLvl(ArrayRef<int64_t> dimShape) const {
  if (isIdentity())
    return std::vector<int64_t>(dimShape.begin(), dimShape.end());
  AffineMap map = getDimToLvl();
  std::vector<int64_t> out;
  if (isPermutation()) {
    for (AffineExpr e : map.getResults())
      out.push_back(dimShape[cast<AffineDimExpr>(e).getPosition()]);
    return out;
  }
  // Non-permutations: a static size is replaced by its largest coordinate
  // and the result folded (MLIR's translateShape).
  SmallVector<AffineExpr, 4> reps;
  for (int64_t sz : dimShape)
    reps.push_back(ShapedType::isDynamic(sz) ? getAffineDimExpr(unsigned(reps.size()), getContext())
                                             : getAffineConstantExpr(sz - 1, getContext()));
  for (AffineExpr e : map.getResults()) {
    AffineExpr r = simplifyAffineExpr(e.replaceDims(reps), unsigned(dimShape.size()), 0);
    if (auto c = dyn_cast<AffineConstantExpr>(r)) {
      out.push_back(c.getValue() + 1);
      continue;
    }
    if (auto mod = dyn_cast<AffineBinaryOpExpr>(r); mod && mod.getKind() == AffineExprKind::Mod)
      if (auto bound = dyn_cast<AffineConstantExpr>(mod.getRHS())) {
        out.push_back(bound.getValue());
        continue;
      }
    out.push_back(ShapedType::kDynamic);
  }
  return out;
}

static bool acceptBitWidth(unsigned w) { return w == 0 || w == 8 || w == 16 || w == 32 || w == 64; }

LogicalResult SparseTensorEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                               ArrayRef<uint64_t> lvlTypes, AffineMap dimToLvl, AffineMap lvlToDim,
                                               unsigned posWidth, unsigned crdWidth, Attribute, Attribute,
                                               ArrayRef<Attribute> dimSlices) {
  if (!acceptBitWidth(posWidth))
    return emitError() << "unexpected position bitwidth: " << posWidth;
  if (!acceptBitWidth(crdWidth))
    return emitError() << "unexpected coordinate bitwidth: " << crdWidth;
  auto lt = [&](size_t i) { return LevelType(lvlTypes[i]); };
  size_t n = lvlTypes.size();
  // Every COO segment: singletons after a (loose) compressed level, all of
  // one layout.
  for (size_t i = 0; i < n;) {
    if (!lt(i).isa(LevelFormat::Singleton)) {
      ++i;
      continue;
    }
    if (i == 0 || !(lt(i - 1).isa(LevelFormat::Compressed) || lt(i - 1).isa(LevelFormat::LooseCompressed)))
      return emitError() << "expected compressed or loose_compressed level before singleton level";
    size_t end = i;
    while (end < n && lt(end).isa(LevelFormat::Singleton))
      ++end;
    for (size_t j = i; j < end; ++j)
      if (lt(j).isa(LevelPropNonDefault::SoA) != lt(i).isa(LevelPropNonDefault::SoA))
        return emitError() << "expected all singleton lvlTypes stored in the same memory layout (SoA vs AoS).";
    i = end;
  }
  // Batch levels lead.
  size_t lastBatch = n;
  while (lastBatch > 0 && !lt(lastBatch - 1).isa(LevelFormat::Batch))
    --lastBatch;
  for (size_t i = 0; i < lastBatch; ++i)
    if (!lt(i).isa(LevelFormat::Batch))
      return emitError() << "Batch lvlType can only be leading levels.";
  for (size_t i = 0; i < n; ++i)
    if (lt(i).isa(LevelPropNonDefault::SoA) && !lt(i).isa(LevelFormat::Singleton))
      return emitError() << "SoA is only applicable to singleton lvlTypes.";
  for (size_t i = 0; i < n; ++i) {
    if (!lt(i).isa(LevelFormat::NOutOfM))
      continue;
    if (i != n - 1)
      return emitError() << "expected n_out_of_m to be the last level type";
    for (size_t j = 0; j < i; ++j)
      if (!lt(j).isa(LevelFormat::Dense))
        return emitError() << "expected all dense lvlTypes before a n_out_of_m level";
    if (dimToLvl && dimToLvl.getNumDims() != dimToLvl.getNumResults()) {
      if (!isBlockSparsity(dimToLvl))
        return emitError() << "expected 1xm block structure for n_out_of_m level";
      unsigned coefficient = 0;
      for (unsigned elem : getBlockSize(dimToLvl)) {
        if (elem == 0)
          continue;
        if (elem != coefficient && coefficient != 0)
          return emitError() << "expected only one blocked level with the same coefficients";
        coefficient = elem;
      }
      if (coefficient != lt(i).getM())
        return emitError() << "expected coeffiencts of Affine expressions to be equal to m of n_out_of_m level";
    }
    break;
  }
  uint64_t lvlRank = n;
  if (lvlRank == 0)
    return emitError() << "expected a non-empty array for lvlTypes";
  uint64_t dimRank = dimToLvl ? dimToLvl.getNumDims() : lvlRank;
  if (dimToLvl) {
    if (dimToLvl.getNumResults() != lvlRank)
      return emitError() << "level-rank mismatch between dimToLvl and lvlTypes: " << dimToLvl.getNumResults()
                         << " != " << lvlRank;
    AffineMap inferred = inferLvlToDim(dimToLvl, dimToLvl.getContext());
    if (!inferred && dimToLvl.getNumSymbols() == 0)
      return emitError() << "failed to infer lvlToDim from dimToLvl";
    if (lvlToDim && inferred != lvlToDim)
      return emitError() << "expected lvlToDim to be an inverse of dimToLvl";
    if (dimRank > lvlRank)
      return emitError() << "unexpected dimToLvl mapping from " << dimRank << " to " << lvlRank;
  }
  if (!dimSlices.empty()) {
    if (dimSlices.size() != dimRank)
      return emitError() << "dimension-rank mismatch between dimSlices and dimToLvl: " << dimSlices.size()
                         << " != " << dimRank;
    if (dimRank != lvlRank)
      return emitError() << "dimSlices expected dimension-rank to match level-rank: " << dimRank << " != "
                         << lvlRank;
  }
  return success();
}

LogicalResult SparseTensorEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type elementType,
                                                       function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verify(emitError, getLvlTypes(), getDimToLvl(), getLvlToDim(), getPosWidth(), getCrdWidth(),
                    getExplicitVal(), getImplicitVal(), getDimSlices())))
    return failure();
  uint64_t dimRank = shape.size();
  if (dimRank == 0)
    return emitError() << "expected non-scalar sparse tensor";
  if (getDimRank() != dimRank)
    return emitError() << "dimension-rank mismatch between encoding and tensor shape: " << getDimRank()
                       << " != " << dimRank;
  if (Attribute expVal = getExplicitVal()) {
    Type attrType = TypedAttr(expVal).getType();
    if (attrType != elementType)
      return emitError() << "explicit value type mismatch between encoding and tensor element type: " << attrType
                         << " != " << elementType;
  }
  if (Attribute impVal = getImplicitVal()) {
    Type attrType = TypedAttr(impVal).getType();
    if (attrType != elementType)
      return emitError() << "implicit value type mismatch between encoding and tensor element type: " << attrType
                         << " != " << elementType;
    bool nonZero = false;
    if (auto f = dyn_cast<FloatAttr>(impVal))
      nonZero = !f.getValue().isZero();
    else if (auto i = dyn_cast<IntegerAttr>(impVal))
      nonZero = !i.getValue().isZero();
    else if (auto c = dyn_cast<complex::NumberAttr>(impVal))
      nonZero = !c.getImag().isZero() || !c.getReal().isZero();
    if (nonZero)
      return emitError() << "implicit value must be zero";
  }
  return success();
}

Attribute SparseTensorEncodingAttr::parse(AsmParser &parser, Type) {
  if (failed(parser.parseLess()) || failed(parser.parseLBrace()))
    return {};
  MLIRContext *ctx = parser.getContext();
  SmallVector<uint64_t, 4> lvlTypes;
  SmallVector<Attribute, 4> dimSlices;
  AffineMap dimToLvl, lvlToDim;
  unsigned posWidth = 0, crdWidth = 0;
  Attribute explicitVal, implicitVal;
  std::string_view key;
  while (succeeded(parser.parseOptionalKeyword(&key))) {
    static const std::string_view keys[] = {"map", "posWidth", "crdWidth", "explicitVal", "implicitVal"};
    unsigned index = 0;
    while (index < 5 && keys[index] != key)
      ++index;
    if (index == 5) {
      parser.emitError(parser.getNameLoc(), "unexpected key: ") << key;
      return {};
    }
    if (failed(parser.parseEqual()))
      return {};
    if (index == 0) {
      DimLvlMapParser mapParser(parser);
      if (failed(mapParser.parse()))
        return {};
      // A repeated `map` appends to the level types and slices, as MLIR's.
      lvlTypes.append(mapParser.lvlTypes.begin(), mapParser.lvlTypes.end());
      dimSlices.append(mapParser.dimSlices.begin(), mapParser.dimSlices.end());
      // The old syntax takes every slice or none: absent ones become the
      // default slice when any is given.
      bool anySlice = false;
      for (Attribute s : dimSlices)
        anySlice |= bool(s);
      if (anySlice) {
        for (unsigned d = 0; d < mapParser.numDims() && d < dimSlices.size(); ++d)
          if (!dimSlices[d])
            dimSlices[d] = SparseTensorDimSliceAttr::get(ctx, 0, -1, 1);
      } else {
        dimSlices.clear();
      }
      dimToLvl = AffineMap::get(mapParser.numDims(), mapParser.numSyms(), mapParser.lvlExprs, ctx);
      SmallVector<AffineExpr, 4> dimExprs;
      for (AffineExpr e : mapParser.dimExprs)
        if (e)
          dimExprs.push_back(e);
      lvlToDim = dimExprs.empty() ? AffineMap()
                                  : AffineMap::get(mapParser.numLvls(), mapParser.numSyms(), dimExprs, ctx);
    } else if (index == 1 || index == 2) {
      Attribute attr;
      if (failed(parser.parseAttribute(attr)))
        return {};
      auto intAttr = dyn_cast<IntegerAttr>(attr);
      if (!intAttr) {
        (void)parser.emitError(parser.getNameLoc(), index == 1 ? "expected an integral position bitwidth"
                                                         : "expected an integral index bitwidth");
        return {};
      }
      (index == 1 ? posWidth : crdWidth) = unsigned(intAttr.getInt());
    } else {
      Attribute attr;
      if (failed(parser.parseAttribute(attr)))
        return {};
      if (!isa<FloatAttr, IntegerAttr, complex::NumberAttr>(attr)) {
        (void)parser.emitError(parser.getNameLoc(), index == 3 ? "expected a numeric value for explicitVal"
                                                         : "expected a numeric value for implicitVal");
        return {};
      }
      (index == 3 ? explicitVal : implicitVal) = attr;
    }
    if (failed(parser.parseOptionalComma()))
      break;
  }
  if (failed(parser.parseRBrace()) || failed(parser.parseGreater()))
    return {};
  if (!lvlToDim || lvlToDim.isEmpty())
    lvlToDim = inferLvlToDim(dimToLvl, ctx);
  SMLoc loc = parser.getNameLoc();
  auto emitError = [&] { return parser.emitError(loc); };
  if (failed(verify(emitError, lvlTypes, dimToLvl, lvlToDim, posWidth, crdWidth, explicitVal, implicitVal, dimSlices)))
    return {};
  return get(ctx, lvlTypes, dimToLvl, lvlToDim, posWidth, crdWidth, explicitVal, implicitVal, dimSlices);
}

void SparseTensorEncodingAttr::print(AsmPrinter &printer) const {
  raw_ostream &os = printer.getStream();
  AffineMap map = getDimToLvl();
  if (!map)
    map = AffineMap::getMultiDimIdentityMap(unsigned(getLvlRank()), getContext());
  os << "<{ map = ";
  if (unsigned numSyms = map.getNumSymbols()) {
    os << '[';
    for (unsigned i = 0; i < numSyms; ++i)
      os << (i ? ", " : "") << 's' << i;
    os << ']';
  }
  os << '(';
  ArrayRef<Attribute> slices = getDimSlices();
  for (unsigned i = 0, e = map.getNumDims(); i < e; ++i) {
    os << (i ? ", " : "") << 'd' << i;
    if (!slices.empty()) {
      os << " : ";
      printer.printAttribute(slices[i]);
    }
  }
  os << ") -> (";
  ArrayRef<uint64_t> lts = getLvlTypes();
  for (unsigned i = 0, e = map.getNumResults(); i < e; ++i) {
    if (i)
      os << ", ";
    map.getResult(i).print(os);
    os << " : " << LevelType(lts[i]).toMLIRString();
  }
  os << ')';
  if (getPosWidth())
    os << ", posWidth = " << getPosWidth();
  if (getCrdWidth())
    os << ", crdWidth = " << getCrdWidth();
  if (Attribute v = getExplicitVal()) {
    os << ", explicitVal = ";
    printer.printAttribute(v);
  }
  if (Attribute v = getImplicitVal()) {
    os << ", implicitVal = ";
    printer.printAttribute(v);
  }
  os << " }>";
}

SparseTensorEncodingAttr sparse_tensor::getSparseTensorEncoding(Type type) {
  if (auto t = dyn_cast<RankedTensorType>(type))
    return dyn_cast_or_null<SparseTensorEncodingAttr>(t.getEncoding());
  if (auto t = dyn_cast<StorageSpecifierType>(type))
    return t.getEncoding();
  return {};
}

bool sparse_tensor::isSparseTensorSlice(Type type) {
  SparseTensorEncodingAttr enc = getSparseTensorEncoding(type);
  return enc && enc.isSlice();
}

bool sparse_tensor::isStridedMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref::isStrided(memref);
}

//===----------------------------------------------------------------------===//
// #sparse_tensor.slice
//===----------------------------------------------------------------------===//

static ParseResult parseSliceValue(AsmParser &parser, int64_t &result) {
  std::optional<ParseResult> r = parser.parseOptionalInteger(result);
  if (r.has_value()) {
    if (succeeded(*r) && result < 0)
      return parser.emitError(parser.getCurrentLocation(), "expect positive value or ? for slice offset/size/stride");
    return *r;
  }
  result = -1;
  return parser.parseQuestion();
}

Attribute SparseTensorDimSliceAttr::parse(AsmParser &parser, Type) {
  int64_t offset = -1, size = -1, stride = -1;
  if (failed(parser.parseLParen()) || failed(parseSliceValue(parser, offset)) || failed(parser.parseComma()) ||
      failed(parseSliceValue(parser, size)) || failed(parser.parseComma()) ||
      failed(parseSliceValue(parser, stride)) || failed(parser.parseRParen()))
    return {};
  SMLoc loc = parser.getNameLoc();
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(), offset, size, stride);
}

LogicalResult SparseTensorDimSliceAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t offset,
                                               int64_t size, int64_t stride) {
  if (offset != -1 && offset < 0)
    return emitError() << "expect non-negative value or ? for slice offset";
  if (size != -1 && size <= 0)
    return emitError() << "expect positive value or ? for slice size";
  if (stride != -1 && stride <= 0)
    return emitError() << "expect positive value or ? for slice stride";
  return success();
}

static void printSliceValue(raw_ostream &os, int64_t v) {
  if (v == -1)
    os << '?';
  else
    os << v;
}

void SparseTensorDimSliceAttr::print(AsmPrinter &printer) const {
  raw_ostream &os = printer.getStream();
  os << '(';
  printSliceValue(os, getOffset());
  os << ", ";
  printSliceValue(os, getSize());
  os << ", ";
  printSliceValue(os, getStride());
  os << ')';
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The encoding a storage specifier keeps: the level types without the
/// properties irrelevant to storage, no maps, widths or values (MLIR's
/// getNormalizedEncodingForSpecifier).
static SparseTensorEncodingAttr normalizeForSpecifier(SparseTensorEncodingAttr enc) {
  if (!enc)
    return enc;
  SmallVector<uint64_t, 4> lts;
  for (uint64_t lt : enc.getLvlTypes())
    lts.push_back(lt & ~uint64_t(uint64_t(LevelPropNonDefault::Nonunique) |
                                 uint64_t(LevelPropNonDefault::Nonordered)));
  return SparseTensorEncodingAttr::get(enc.getContext(), lts, AffineMap(), AffineMap(), 0, 0, Attribute(),
                                       Attribute(), enc.getDimSlices());
}

StorageSpecifierType StorageSpecifierType::get(MLIRContext *ctx, SparseTensorEncodingAttr encoding) {
  return Base::get(ctx, normalizeForSpecifier(encoding));
}

StorageSpecifierType StorageSpecifierType::getChecked(function_ref<InFlightDiagnostic()>, MLIRContext *ctx,
                                                      SparseTensorEncodingAttr encoding) {
  return get(ctx, encoding);
}

/// `lo` or `lo to hi` (hi = lo + 1 when absent).
static ParseResult parseLevelRangeValues(AsmParser &parser, uint64_t &lo, uint64_t &hi) {
  if (parser.parseInteger(lo))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("to"))) {
    if (parser.parseInteger(hi))
      return failure();
  } else {
    hi = lo + 1;
  }
  if (hi <= lo)
    return parser.emitError(parser.getNameLoc(), "expect larger level upper bound than lower bound");
  return success();
}

static void printLevelRangeValues(raw_ostream &os, uint64_t lo, uint64_t hi) {
  if (lo + 1 == hi)
    os << lo;
  else
    os << lo << " to " << hi;
}

ParseResult sparse_tensor::parseLevelRange(AsmParser &parser, ArrayRef<ods::ParamValue *> args) {
  return parseLevelRangeValues(parser, args[0]->u, args[1]->u);
}

void sparse_tensor::printLevelRange(AsmPrinter &printer, ArrayRef<const ods::ParamValue *> args) {
  printLevelRangeValues(printer.getStream(), args[0]->u, args[1]->u);
}

static ParseResult parseLevelRangeDirective(OpAsmParser &parser, OperationState &,
                                            ArrayRef<ods::CustomParseArg *> args) {
  uint64_t lo = 0, hi = 0;
  if (parseLevelRangeValues(parser, lo, hi))
    return failure();
  Type index = IndexType::get(parser.getContext());
  *args[0]->attr = IntegerAttr::get(index, int64_t(lo));
  *args[1]->attr = IntegerAttr::get(index, int64_t(hi));
  return success();
}

static void printLevelRangeDirective(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto lo = dyn_cast_or_null<IntegerAttr>(args[0].attr);
  auto hi = dyn_cast_or_null<IntegerAttr>(args[1].attr);
  if (lo && hi)
    printLevelRangeValues(p.getStream(), uint64_t(unsigned(lo.getValue().getZExtValue())),
                          uint64_t(unsigned(hi.getValue().getZExtValue())));
}

ods::CustomDirective sparse_tensor::getLevelRangeDirective() {
  return {"LevelRange", parseLevelRangeDirective, printLevelRangeDirective, nullptr};
}

//===----------------------------------------------------------------------===//
// The dialect
//===----------------------------------------------------------------------===//

SparseTensorDialect::SparseTensorDialect(MLIRContext *ctx)
    : Dialect(getDialectNamespace(), ctx, TypeID::get<SparseTensorDialect>()) {
  registerGenerated();
  sparse_tensor::registerFolders(*this);
}

SparseTensorDialect::~SparseTensorDialect() = default;

AliasResult SparseTensorDialect::getAlias(Attribute attr, raw_ostream &os) const {
  if (isa<SparseTensorEncodingAttr>(attr)) {
    os << "sparse";
    return AliasResult::OverridableAlias;
  }
  return AliasResult::NoAlias;
}
