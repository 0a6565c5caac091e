//===- LinalgOps.cpp - What the linalg dialect writes by hand -------------===//
//
// As mlir/lib/Dialect/Linalg/IR/LinalgOps.cpp (and what its yaml-gen writes
// for the named ops): the custom syntax of the structured ops, their
// indexing maps and iterator types (the LinalgOp interface), the verifiers
// with MLIR's messages, result and block argument names. Folders and
// canonicalization patterns are not here.
//
#include "LinalgOpsImpl.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Linalg/LinalgNamedOps.gen.h"
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Support/RawOstream.h"

#include <algorithm>
#include <mutex>
#include <set>
#include <string>

using namespace lamina;
using namespace lamina::linalg;

//===----------------------------------------------------------------------===//
// LinalgDialect
//===----------------------------------------------------------------------===//

namespace {
std::mutex parsedMapsMutex;
} // namespace

LinalgDialect::LinalgDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<LinalgDialect>()) {
  registerGenerated();
  linalg::registerLinalgCanonicalization(*this);
  registerLinalgInlinerInterface(*this);
  registerLinalgRuntimeVerification(*this);
}

LinalgDialect::~LinalgDialect() = default;

Attribute LinalgDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void LinalgDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

LogicalResult LinalgDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getName().getValue() == kMemoizedIndexingMapsAttrName)
    return success();
  return op->emitError() << "attribute '" << Attribute(attr.getName()) << "' not supported by the linalg dialect";
}

Operation *LinalgDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (Dialect *arith = getContext()->getOrLoadDialect<ArithDialect>())
    return arith->materializeConstant(builder, value, type, loc);
  return nullptr;
}

ArrayRef<AffineMap> LinalgDialect::getParsedNamedOpMaps(const void *spec, ArrayRef<const char *> texts) {
  std::lock_guard<std::mutex> lock(parsedMapsMutex);
  auto it = parsedMaps.find(spec);
  if (it != parsedMaps.end())
    return it->second;
  std::vector<AffineMap> maps;
  for (const char *text : texts) {
    auto attr = dyn_cast_or_null<AffineMapAttr>(lamina::parseAttribute(text, getContext()));
    maps.push_back(attr ? attr.getValue() : AffineMap());
  }
  return parsedMaps.emplace(spec, std::move(maps)).first->second;
}

//===----------------------------------------------------------------------===//
// Shared syntax of the structured ops
//===----------------------------------------------------------------------===//

/// parseCommonStructuredOpParts: `<{props}>`? attr-dict? `ins(...)`?
/// `outs(...)`? and the operand segment sizes.
ParseResult linalg::parseCommonStructuredOpParts(OpAsmParser &parser, OperationState &result,
                                                SmallVectorImpl<Type> &inputTypes,
                                                SmallVectorImpl<Type> &outputTypes,
                                                bool addOperandSegmentSizes) {
  SMLoc inputsOperandsLoc, outputsOperandsLoc;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> inputsOperands, outputsOperands;
  if (succeeded(parser.parseOptionalLess())) {
    if (parser.parseAttribute(result.propertiesAttr) || parser.parseGreater())
      return failure();
  }
  SMLoc attrsLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("ins"))) {
    if (parser.parseLParen())
      return failure();
    inputsOperandsLoc = parser.getCurrentLocation();
    if (parser.parseOperandList(inputsOperands) || parser.parseColonTypeList(inputTypes) || parser.parseRParen())
      return failure();
  }
  if (succeeded(parser.parseOptionalKeyword("outs"))) {
    outputsOperandsLoc = parser.getCurrentLocation();
    if (parser.parseLParen() || parser.parseOperandList(outputsOperands) || parser.parseColonTypeList(outputTypes) ||
        parser.parseRParen())
      return failure();
  }
  if (parser.resolveOperands(inputsOperands, TypeRange(inputTypes), inputsOperandsLoc, result.operands) ||
      parser.resolveOperands(outputsOperands, TypeRange(outputTypes), outputsOperandsLoc, result.operands))
    return failure();
  Builder b(parser.getContext());
  if (addOperandSegmentSizes) {
    Attribute sizes = b.getDenseI32ArrayAttr({int32_t(inputsOperands.size()), int32_t(outputsOperands.size())});
    if (result.propertiesAttr) {
      NamedAttrList attrs;
      if (auto dict = dyn_cast<DictionaryAttr>(result.propertiesAttr))
        for (const NamedAttribute &a : dict.getValue())
          attrs.append(a);
      attrs.append("operandSegmentSizes", sizes);
      result.propertiesAttr = attrs.getDictionary(parser.getContext());
    } else {
      result.addAttribute("operandSegmentSizes", sizes);
    }
  }
  if (!result.propertiesAttr) {
    std::optional<OperationName> info = OperationName::lookupRegistered(result.name.getStringRef(), parser.getContext());
    if (info && info->getInfo().verifyInherentAttrs) {
      std::string prefix = "'" + std::string(result.name.getStringRef()) + "' op ";
      if (failed(info->getInfo().verifyInherentAttrs(*info, result.attributes, [&]() {
            InFlightDiagnostic diag = parser.emitError(attrsLoc);
            diag << prefix;
            return diag;
          })))
        return failure();
    }
  }
  return success();
}

void linalg::printCommonStructuredOpParts(OpAsmPrinter &p, ValueRange inputs, ValueRange outputs) {
  if (!inputs.empty()) {
    p << " ins(";
    p << inputs;
    p << " : ";
    p << inputs.getTypes();
    p << ")";
  }
  if (!outputs.empty()) {
    p << " outs(";
    p << outputs;
    p << " : ";
    p << outputs.getTypes();
    p << ")";
  }
}

static ParseResult parseNamedStructuredOpRegion(OpAsmParser &parser, Region &region, unsigned numRegionArgs,
                                                TypeRange inputTypes, TypeRange outputTypes,
                                                ArrayRef<NamedAttribute> attrs, RegionBuilderFn regionBuilder,
                                                SMLoc loc) {
  if (numRegionArgs != inputTypes.size() + outputTypes.size())
    return parser.emitError(parser.getCurrentLocation(),
                            "[parseNamedStructuredOpRegion] ods-gen generated region expects " +
                                std::to_string(numRegionArgs) + " args, got " +
                                std::to_string(inputTypes.size() + outputTypes.size()));
  OpBuilder opBuilder(parser.getContext());
  ParseResult result = success();
  fillStructuredOpRegion(
      opBuilder, region, inputTypes, outputTypes, attrs,
      [&]() {
        result = failure();
        return parser.emitError(loc);
      },
      regionBuilder);
  return result;
}

/// parseNamedStructuredOp: the common parts, an optional attribute
/// dictionary, `-> results`, and the body built by `regionBuilder`.
ParseResult linalg::parseNamedStructuredOp(OpAsmParser &parser, OperationState &result, unsigned numRegionArgs,
                                          RegionBuilderFn regionBuilder) {
  SmallVector<Type, 1> inputTypes, outputTypes;
  SMLoc loc = parser.getCurrentLocation();
  if (parseCommonStructuredOpParts(parser, result, inputTypes, outputTypes))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SmallVector<Type, 1> outputTensorsTypes;
  if (parser.parseOptionalArrowTypeList(outputTensorsTypes))
    return failure();
  result.addTypes(ArrayRef<Type>(outputTensorsTypes));
  std::unique_ptr<Region> region = std::make_unique<Region>();
  if (parseNamedStructuredOpRegion(parser, *region, numRegionArgs, TypeRange(inputTypes), TypeRange(outputTypes),
                                   result.attributes.getAttrs(), regionBuilder, loc))
    return failure();
  result.addRegion(std::move(region));
  return success();
}

void linalg::printNamedStructuredOp(OpAsmPrinter &p, Operation *op, ValueRange inputs, ValueRange outputs,
                                   ArrayRef<std::string_view> elidedAttrs) {
  p.printOptionalAttrDict(op->getAttrs(), elidedAttrs);
  printCommonStructuredOpParts(p, inputs, outputs);
  if (op->getNumResults())
    p.printOptionalArrowTypeList(op->getResultTypes());
}

/// The indexing maps of `attrs` as a list.
SmallVector<AffineMap, 4> linalg::mapsOf(ArrayAttr attrs) {
  SmallVector<AffineMap, 4> maps;
  if (attrs)
    for (Attribute a : attrs)
      if (auto m = dyn_cast<AffineMapAttr>(a))
        maps.push_back(m.getValue());
  return maps;
}

ArrayAttr linalg::mapArrayAttr(MLIRContext *ctx, ArrayRef<AffineMap> maps) {
  SmallVector<Attribute, 4> attrs;
  for (AffineMap m : maps)
    attrs.push_back(AffineMapAttr::get(m));
  return ArrayAttr::get(ctx, attrs);
}

/// The `[map, map]` of an `indexing_maps = [...]` clause.
void linalg::printIndexingMaps(OpAsmPrinter &p, ArrayAttr maps) {
  p << " indexing_maps = [";
  bool first = true;
  for (Attribute a : maps) {
    if (!first)
      p << ", ";
    first = false;
    p.printAttribute(a);
  }
  p << "]";
}

/// parseIndexingMapsAttr: an optional `indexing_maps = [...]` (null if
/// absent).
FailureOr<ArrayAttr> linalg::parseIndexingMapsAttr(OpAsmParser &parser) {
  if (parser.parseOptionalKeyword("indexing_maps"))
    return ArrayAttr();
  ArrayAttr arrayAttr;
  if (parser.parseEqual() || parser.parseAttribute(arrayAttr))
    return failure();
  for (Attribute elt : arrayAttr)
    if (!isa<AffineMapAttr>(elt)) {
      parser.emitError(parser.getCurrentLocation()) << "element of indexing_maps array is not an affine_map";
      return failure();
    }
  return arrayAttr;
}

/// The `indexing_maps = [` map, ... `]` of batch_matmul & co (each element
/// checked as parsed).
ParseResult linalg::parseIndexingMapList(OpAsmParser &parser, SmallVectorImpl<Attribute> &maps) {
  if (failed(parser.parseOptionalKeyword("indexing_maps")))
    return success();
  if (parser.parseEqual() || parser.parseLSquare())
    return failure();
  while (true) {
    Attribute mapAttr;
    if (parser.parseAttribute(mapAttr))
      return failure();
    if (!isa<AffineMapAttr>(mapAttr))
      return parser.emitError(parser.getCurrentLocation(), "expected affine map attribute");
    maps.push_back(mapAttr);
    if (parser.parseOptionalComma())
      break;
  }
  return parser.parseRSquare();
}

SmallVector<IteratorType, 4> linalg::parallelIterators(int64_t rank) {
  return SmallVector<IteratorType, 4>(size_t(std::max<int64_t>(rank, 0)), IteratorType::parallel);
}

int64_t linalg::rankOf(Value v) {
  if (auto shaped = dyn_cast<ShapedType>(v.getType()))
    return shaped.hasRank() ? shaped.getRank() : 0;
  return 0;
}

//===----------------------------------------------------------------------===//
// Memory effects and speculatability
//===----------------------------------------------------------------------===//

/// getGenericEffectsImpl: reads of the memref inputs, reads (when the body
/// uses them) and writes of the memref inits, on the full region.
static void getGenericEffects(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  LinalgOp linalgOp(op);
  unsigned numInputs = linalgOp.getNumDpsInputs();
  for (unsigned i = 0; i < numInputs; ++i) {
    if (!isa<MemRefType>(op->getOperand(i).getType()))
      continue;
    effects.emplace_back(MemoryEffects::Read::get(), &op->getOpOperand(i), /*stage=*/0,
                         /*effectOnFullRegion=*/true, SideEffects::DefaultResource::get());
  }
  for (unsigned i = numInputs; i < op->getNumOperands(); ++i) {
    if (!isa<MemRefType>(op->getOperand(i).getType()))
      continue;
    if (linalgOp.payloadUsesValueFromOperand(i))
      effects.emplace_back(MemoryEffects::Read::get(), &op->getOpOperand(i), /*stage=*/0,
                           /*effectOnFullRegion=*/true, SideEffects::DefaultResource::get());
    effects.emplace_back(MemoryEffects::Write::get(), &op->getOpOperand(i), /*stage=*/0,
                         /*effectOnFullRegion=*/true, SideEffects::DefaultResource::get());
  }
}

/// Named ops: nothing with pure tensor semantics, else the generic effects.
static void getNamedOpEffects(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (LinalgOp(op).hasPureTensorSemantics())
    return;
  getGenericEffects(op, effects);
}

/// getGenericSpeculatabilityImpl: only ops on tensors, as their bodies.
static Speculation::Speculatability getGenericSpeculatability(Operation *op) {
  if (!LinalgOp(op).hasPureTensorSemantics())
    return Speculation::NotSpeculatable;
  return Speculation::RecursivelySpeculatable;
}

#define LINALG_DEFINE_EFFECTS(OpT, EFFECTS)                                                                          \
  void OpT::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {                                  \
    EFFECTS(getOperation(), effects);                                                                                \
  }                                                                                                                  \
  Speculation::Speculatability OpT::getSpeculatability() { return getGenericSpeculatability(getOperation()); }
LINALG_DEFINE_EFFECTS(GenericOp, getGenericEffects)
LINALG_DEFINE_EFFECTS(MapOp, getGenericEffects)
LINALG_DEFINE_EFFECTS(ReduceOp, getGenericEffects)
LINALG_DEFINE_EFFECTS(TransposeOp, getGenericEffects)
LINALG_DEFINE_EFFECTS(BroadcastOp, getGenericEffects)
LINALG_DEFINE_EFFECTS(ElementwiseOp, getNamedOpEffects)
LINALG_DEFINE_EFFECTS(MatmulOp, getNamedOpEffects)
LINALG_DEFINE_EFFECTS(BatchMatmulOp, getNamedOpEffects)
LINALG_DEFINE_EFFECTS(BatchReduceMatmulOp, getNamedOpEffects)
LINALG_DEFINE_EFFECTS(ContractOp, getNamedOpEffects)

//===----------------------------------------------------------------------===//
// Named ops (OpDSL)
//===----------------------------------------------------------------------===//

const opdsl::NamedOpSpec *opdsl::lookupNamedOpSpec(std::string_view name) {
  for (const NamedOpSpec &spec : getNamedOpSpecs())
    if (spec.name == name)
      return &spec;
  return nullptr;
}

namespace {

/// The definition of named op class OpT.
template <typename OpT> const opdsl::NamedOpSpec &specOf() {
  static const opdsl::NamedOpSpec *spec = opdsl::lookupNamedOpSpec(OpT::getOperationName());
  return *spec;
}

/// The i64 element `index` of index attribute `name` (1 when absent).
int64_t indexAttrValue(Operation *op, const char *name, unsigned index) {
  auto attr = dyn_cast_or_null<DenseIntElementsAttr>(op->getAttr(name));
  if (!attr)
    return 1;
  std::vector<APInt> values = attr.getIntValues();
  if (index >= values.size())
    return 1;
  return values[index].getSExtValue();
}

ArrayAttr namedOpIndexingMaps(Operation *op, const opdsl::NamedOpSpec &spec) {
  MLIRContext *ctx = op->getContext();
  if (spec.rankPolymorphic) {
    LinalgOp linalgOp(op);
    OperandRange inits = linalgOp.getDpsInits();
    int64_t rank = inits.empty() ? 0 : rankOf(inits[0]);
    AffineMap scalarMap = AffineMap::get(unsigned(rank), 0, ctx);
    AffineMap tensorMap = AffineMap::getMultiDimIdentityMap(unsigned(rank), ctx);
    SmallVector<AffineMap, 4> maps;
    for (Value v : op->getOperands())
      maps.push_back(rankOf(v) == 0 ? scalarMap : tensorMap);
    return mapArrayAttr(ctx, maps);
  }
  if (spec.memoize)
    if (auto cached = op->getAttrOfType<ArrayAttr>(LinalgDialect::kMemoizedIndexingMapsAttrName))
      return cached;
  auto *dialect = static_cast<LinalgDialect *>(op->getName().getDialect());
  ArrayRef<AffineMap> parsed = dialect->getParsedNamedOpMaps(&spec, spec.maps);
  SmallVector<AffineExpr, 16> symbols;
  for (unsigned i = 0; i < spec.symbols.size(); ++i) {
    const opdsl::SymbolBinding &b = spec.symbols[i];
    if (!b.attr)
      symbols.push_back(getAffineSymbolExpr(i, ctx));
    else
      symbols.push_back(getAffineConstantExpr(indexAttrValue(op, b.attr, b.index), ctx));
  }
  SmallVector<AffineMap, 4> maps;
  for (AffineMap m : parsed) {
    if (!m)
      return ArrayAttr();
    maps.push_back(simplifyAffineMap(m.replaceDimsAndSymbols({}, symbols, spec.numDims, 0)));
  }
  ArrayAttr result = mapArrayAttr(ctx, maps);
  if (spec.memoize)
    op->setAttr(LinalgDialect::kMemoizedIndexingMapsAttrName, result);
  return result;
}

void namedOpIteratorTypes(Operation *op, const opdsl::NamedOpSpec &spec, SmallVectorImpl<IteratorType> &types) {
  if (spec.rankPolymorphic) {
    OperandRange inits = LinalgOp(op).getDpsInits();
    for (IteratorType t : parallelIterators(inits.empty() ? 0 : rankOf(inits[0])))
      types.push_back(t);
    return;
  }
  for (char c : spec.iteratorTypes)
    types.push_back(c == 'r' ? IteratorType::reduction : IteratorType::parallel);
}

LogicalResult namedOpVerifyIndexAttrs(Operation *op, const opdsl::NamedOpSpec &spec) {
  for (const opdsl::IndexAttr &ia : spec.indexAttrs) {
    auto attr = dyn_cast_or_null<DenseElementsAttr>(op->getAttr(ia.name));
    if (!attr)
      continue;
    ShapedType type = attr.getType();
    if (!type.getElementType().isInteger(64))
      return op->emitError(std::string("incorrect element type for index attribute '") + ia.name + "'");
    if (type.getShape() != ArrayRef<int64_t>(&ia.size, 1))
      return op->emitError(std::string("incorrect shape for index attribute '") + ia.name + "'");
  }
  return success();
}

ParseResult parseNamedOp(OpAsmParser &parser, OperationState &result, const opdsl::NamedOpSpec &spec) {
  return parseNamedStructuredOp(parser, result, spec.numRegionArgs,
                                [&spec](OpBuilder &b, Block &block, ArrayRef<NamedAttribute> attrs,
                                        function_ref<InFlightDiagnostic()> emitError) {
                                  buildNamedOpRegion(spec, b, block, attrs, emitError);
                                });
}

} // namespace

#define LINALG_DEFINE_NAMED_OP(OpT)                                                                                  \
  ArrayAttr OpT::getIndexingMaps() { return namedOpIndexingMaps(getOperation(), specOf<OpT>()); }                   \
  void OpT::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {                                           \
    namedOpIteratorTypes(getOperation(), specOf<OpT>(), types);                                                      \
  }                                                                                                                  \
  bool OpT::hasDynamicIndexingMaps() { return specOf<OpT>().dynamicMaps; }                                           \
  LogicalResult OpT::verifyIndexingMapRequiredAttributes() {                                                        \
    return namedOpVerifyIndexAttrs(getOperation(), specOf<OpT>());                                                   \
  }                                                                                                                  \
  OperandRange OpT::getDpsInits() { return getOutputs(); }                                                          \
  ParseResult OpT::parse(OpAsmParser &parser, OperationState &result) {                                            \
    return parseNamedOp(parser, result, specOf<OpT>());                                                              \
  }                                                                                                                  \
  void OpT::print(OpAsmPrinter &p) {                                                                                 \
    printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(),                                             \
                           {"operandSegmentSizes", LinalgDialect::kMemoizedIndexingMapsAttrName});                   \
  }
LINALG_NAMED_OPS(LINALG_DEFINE_NAMED_OP)
#define LINALG_DEFINE_NAMED_OP_EFFECTS(OpT) LINALG_DEFINE_EFFECTS(OpT, getNamedOpEffects)
LINALG_NAMED_OPS(LINALG_DEFINE_NAMED_OP_EFFECTS)
#undef LINALG_DEFINE_NAMED_OP_EFFECTS
#undef LINALG_DEFINE_NAMED_OP

//===----------------------------------------------------------------------===//
// GenericOp
//===----------------------------------------------------------------------===//

OperandRange GenericOp::getDpsInits() { return getOutputs(); }
ArrayAttr GenericOp::getIndexingMaps() { return getIndexingMapsAttr(); }
bool GenericOp::hasDynamicIndexingMaps() { return false; }
LogicalResult GenericOp::verifyIndexingMapRequiredAttributes() { return success(); }

void GenericOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  if (ArrayAttr attr = getIteratorTypesAttr())
    for (Attribute a : attr)
      if (auto t = dyn_cast<IteratorTypeAttr>(a))
        types.push_back(t.getValue());
}

void GenericOp::getAsmBlockArgumentNames(Region &region, function_ref<void(Value, std::string_view)> setNameFn) {
  if (region.empty())
    return;
  Block &block = region.front();
  unsigned numInputs = unsigned(getInputs().size());
  for (unsigned i = 0; i < block.getNumArguments(); ++i)
    setNameFn(block.getArgument(i), i < numInputs ? "in" : "out");
}

/// The attributes printed in a generic op's leading dictionary.
static bool isLinalgTraitAttr(std::string_view name) {
  return name == "doc" || name == "indexing_maps" || name == "library_call" || name == "iterator_types";
}

void GenericOp::print(OpAsmPrinter &p) {
  p << " ";
  MLIRContext *ctx = getContext();
  NamedAttrList genericAttrs;
  for (const NamedAttribute &attr : getOperation()->getAttrs()) {
    std::string_view name = attr.getName().getValue();
    if (name == "iterator_types") {
      // Printed as strings (the form tests still use).
      SmallVector<Attribute, 4> names;
      if (auto array = dyn_cast<ArrayAttr>(attr.getValue()))
        for (Attribute a : array)
          if (auto t = dyn_cast<IteratorTypeAttr>(a))
            names.push_back(StringAttr::get(ctx, getIteratorTypeInfo().stringify(uint64_t(t.getValue()))));
      genericAttrs.append(attr.getName(), ArrayAttr::get(ctx, names));
    } else if (isLinalgTraitAttr(name)) {
      genericAttrs.append(attr);
    }
  }
  if (!genericAttrs.empty())
    p.printAttribute(genericAttrs.getDictionary(ctx));
  printCommonStructuredOpParts(p, getInputs(), getOutputs());
  bool hasExtraAttrs = false;
  for (const NamedAttribute &attr : getOperation()->getAttrs()) {
    std::string_view name = attr.getName().getValue();
    if (!isLinalgTraitAttr(name) && name != "operandSegmentSizes") {
      hasExtraAttrs = true;
      break;
    }
  }
  if (hasExtraAttrs) {
    p << " attrs = ";
    p.printOptionalAttrDict(getOperation()->getAttrs(), {"doc", "indexing_maps", "library_call", "iterator_types",
                                                          "operandSegmentSizes"});
  }
  if (!getRegion().empty()) {
    p << ' ';
    p.printRegion(getRegion());
  }
  p.printOptionalArrowTypeList(getResultTensors().getTypes());
}

ParseResult GenericOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc attributeLocation = parser.getCurrentLocation();
  DictionaryAttr dictAttr;
  if (parser.parseAttribute(dictAttr))
    return failure();
  result.attributes = NamedAttrList();
  for (const NamedAttribute &a : dictAttr.getValue())
    result.attributes.append(a);
  auto iteratorTypes = dyn_cast_or_null<ArrayAttr>(result.attributes.get("iterator_types"));
  if (!iteratorTypes)
    return parser.emitError(attributeLocation)
           << "expected " << Attribute(StringAttr::get(parser.getContext(), "iterator_types")) << " array attribute";
  SmallVector<Attribute, 4> iteratorTypeAttrs;
  for (Attribute a : iteratorTypes) {
    auto s = dyn_cast<StringAttr>(a);
    std::optional<uint64_t> value = s ? getIteratorTypeInfo().symbolize(s.getValue()) : std::nullopt;
    if (!value)
      return parser.emitError(parser.getCurrentLocation())
             << "unexpected iterator_type (" << (s ? s.getValue() : std::string_view()) << ")";
    iteratorTypeAttrs.push_back(IteratorTypeAttr::get(parser.getContext(), IteratorType(*value)));
  }
  result.attributes.set("iterator_types", ArrayAttr::get(parser.getContext(), iteratorTypeAttrs));

  SmallVector<Type, 1> inputTypes, outputTypes;
  if (parseCommonStructuredOpParts(parser, result, inputTypes, outputTypes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("attrs")))
    if (failed(parser.parseEqual()) || failed(parser.parseOptionalAttrDict(result.attributes)))
      return failure();
  std::unique_ptr<Region> region = std::make_unique<Region>();
  if (parser.parseRegion(*region, {}))
    return failure();
  result.addRegion(std::move(region));
  SmallVector<Type, 1> outputTensorsTypes;
  if (parser.parseOptionalArrowTypeList(outputTensorsTypes))
    return failure();
  result.addTypes(ArrayRef<Type>(outputTensorsTypes));
  return success();
}

//===----------------------------------------------------------------------===//
// YieldOp, IndexOp
//===----------------------------------------------------------------------===//

ParseResult YieldOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> opInfo;
  SmallVector<Type, 2> types;
  SMLoc loc = parser.getCurrentLocation();
  return failure(parser.parseOperandList(opInfo) || parser.parseOptionalAttrDict(result.attributes) ||
                 (!opInfo.empty() && parser.parseColonTypeList(types)) ||
                 parser.resolveOperands(opInfo, TypeRange(types), loc, result.operands));
}

void YieldOp::print(OpAsmPrinter &p) {
  Operation *op = getOperation();
  if (op->getNumOperands() > 0) {
    p << ' ';
    p << op->getOperands();
  }
  p.printOptionalAttrDict(op->getAttrs());
  if (op->getNumOperands() > 0) {
    p << " : ";
    p << op->getOperandTypes();
  }
}

LogicalResult YieldOp::verify() {
  Operation *op = getOperation();
  Operation *parentOp = op->getParentOp();
  if (!parentOp || parentOp->getNumRegions() != 1 || parentOp->getRegion(0).empty())
    return emitOpError("expected single non-empty parent region");
  LinalgOp linalgOp = dyn_cast<LinalgOp>(parentOp);
  if (!linalgOp)
    return emitOpError("expected parent op with LinalgOp interface");
  OperandRange inits = linalgOp.getDpsInits();
  if (op->getNumOperands() != inits.size())
    return emitOpError("expected number of yield values (")
           << op->getNumOperands()
           << ") to match the number of inits / outs operands of the enclosing LinalgOp ("
           << (unsigned)inits.size() << ")";
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    Type elementType = inits[i].getType();
    if (isa<MemRefType, RankedTensorType>(elementType))
      elementType = cast<ShapedType>(elementType).getElementType();
    if (op->getOperand(i).getType() != elementType)
      return emitOpError("type of yield operand ")
             << (i + 1) << " (" << op->getOperand(i).getType() << ") doesn't match "
             << "the element type of the enclosing linalg.generic op (" << elementType << ")";
  }
  return success();
}

LogicalResult IndexOp::verify() {
  LinalgOp linalgOp = dyn_cast_or_null<LinalgOp>(getOperation()->getParentOp());
  if (!linalgOp)
    return emitOpError("expected parent op with LinalgOp interface");
  int64_t dim = getDimAttr() ? getDimAttr().getInt() : 0;
  if (int64_t(linalgOp.getNumLoops()) <= dim)
    return emitOpError("expected dim (") << dim << ") to be lower than the number of loops ("
                                         << linalgOp.getNumLoops() << ") of the enclosing LinalgOp";
  return success();
}

