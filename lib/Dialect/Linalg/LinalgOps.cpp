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
static ParseResult parseCommonStructuredOpParts(OpAsmParser &parser, OperationState &result,
                                                SmallVectorImpl<Type> &inputTypes,
                                                SmallVectorImpl<Type> &outputTypes,
                                                bool addOperandSegmentSizes = true) {
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

static void printCommonStructuredOpParts(OpAsmPrinter &p, ValueRange inputs, ValueRange outputs) {
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
static ParseResult parseNamedStructuredOp(OpAsmParser &parser, OperationState &result, unsigned numRegionArgs,
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

static void printNamedStructuredOp(OpAsmPrinter &p, Operation *op, ValueRange inputs, ValueRange outputs,
                                   ArrayRef<std::string_view> elidedAttrs) {
  p.printOptionalAttrDict(op->getAttrs(), elidedAttrs);
  printCommonStructuredOpParts(p, inputs, outputs);
  if (op->getNumResults())
    p.printOptionalArrowTypeList(op->getResultTypes());
}

/// The indexing maps of `attrs` as a list.
static SmallVector<AffineMap, 4> mapsOf(ArrayAttr attrs) {
  SmallVector<AffineMap, 4> maps;
  if (attrs)
    for (Attribute a : attrs)
      if (auto m = dyn_cast<AffineMapAttr>(a))
        maps.push_back(m.getValue());
  return maps;
}

static ArrayAttr mapArrayAttr(MLIRContext *ctx, ArrayRef<AffineMap> maps) {
  SmallVector<Attribute, 4> attrs;
  for (AffineMap m : maps)
    attrs.push_back(AffineMapAttr::get(m));
  return ArrayAttr::get(ctx, attrs);
}

/// The `[map, map]` of an `indexing_maps = [...]` clause.
static void printIndexingMaps(OpAsmPrinter &p, ArrayAttr maps) {
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
static FailureOr<ArrayAttr> parseIndexingMapsAttr(OpAsmParser &parser) {
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
static ParseResult parseIndexingMapList(OpAsmParser &parser, SmallVectorImpl<Attribute> &maps) {
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

static SmallVector<IteratorType, 4> parallelIterators(int64_t rank) {
  return SmallVector<IteratorType, 4>(size_t(std::max<int64_t>(rank, 0)), IteratorType::parallel);
}

static int64_t rankOf(Value v) {
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
// MapOp, ReduceOp, TransposeOp, BroadcastOp
//===----------------------------------------------------------------------===//

/// parseDstStyleOp: the common parts without segment sizes, the ranked
/// tensor outputs as results, a required clause, then an attribute
/// dictionary.
static ParseResult parseDstStyleOp(OpAsmParser &parser, OperationState &result,
                                   function_ref<ParseResult(OpAsmParser &, NamedAttrList &)> parseAttrsFn = nullptr) {
  SmallVector<Type, 4> inputTypes, outputTypes;
  if (parseCommonStructuredOpParts(parser, result, inputTypes, outputTypes, /*addOperandSegmentSizes=*/false))
    return failure();
  for (Type outputType : outputTypes)
    if (isa<RankedTensorType>(outputType))
      result.addType(outputType);
  if (parseAttrsFn && failed(parseAttrsFn(parser, result.attributes)))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

/// `name = [1, 2]` as a DenseI64ArrayAttr.
static ParseResult parseDenseI64ArrayAttr(OpAsmParser &parser, NamedAttrList &attributes, std::string_view name) {
  if (parser.parseKeyword(name) || parser.parseEqual())
    return failure();
  SmallVector<int64_t, 4> values;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        values.push_back(v);
        return success();
      }))
    return failure();
  attributes.set(name, Builder(parser.getContext()).getDenseI64ArrayAttr(values));
  return success();
}

static void printDenseI64ArrayAttr(OpAsmPrinter &p, std::string_view name, ArrayRef<int64_t> values) {
  p << ' ' << name << " = [";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i)
      p << ", ";
    p << values[i];
  }
  p << "] ";
}

/// A body of one payload op applied to the block arguments, yielding its
/// result: the short form `{ op attrs }`. linalg.map applies it to the
/// inputs' arguments (not the init's); linalg.reduce to the init's first,
/// then the inputs'.
static void addBodyWithPayloadOp(OpAsmParser &parser, OperationState &result, OperationName payloadOpName,
                                 const NamedAttrList &payloadOpAttrs, ArrayRef<Value> operands,
                                 bool initFirst = false) {
  OpBuilder b(parser.getContext());
  Region *body = result.addRegion();
  Block *block = new Block();
  body->push_back(block);
  b.setInsertionPointToStart(block);
  for (Value operand : operands)
    block->addArgument(cast<ShapedType>(operand.getType()).getElementType(), b.getUnknownLoc());
  SmallVector<Value, 4> payloadOperands;
  if (initFirst) {
    payloadOperands.push_back(block->getArgument(block->getNumArguments() - 1));
    for (unsigned i = 0; i + 1 < block->getNumArguments(); ++i)
      payloadOperands.push_back(block->getArgument(i));
  } else {
    for (unsigned i = 0; i + 1 < block->getNumArguments(); ++i)
      payloadOperands.push_back(block->getArgument(i));
  }
  Location loc = result.location;
  OperationState payload(loc, payloadOpName);
  payload.addOperands(ValueRange(ArrayRef<Value>(payloadOperands)));
  payload.addType(cast<ShapedType>(result.operands.back().getType()).getElementType());
  payload.attributes = payloadOpAttrs;
  Operation *payloadOp = b.create(payload);
  OperationState yield(loc, "linalg.yield");
  yield.addOperands(payloadOp->getResults());
  b.create(yield);
}

/// `{ dialect.op attrs }` before the operands, if present.
static ParseResult parseShortFormPayload(OpAsmParser &parser, std::optional<OperationName> &name,
                                         NamedAttrList &attrs) {
  if (failed(parser.parseOptionalLBrace()))
    return success();
  FailureOr<OperationName> operationName = parser.parseCustomOperationName();
  if (failed(operationName))
    return failure();
  if (parser.parseOptionalAttrDict(attrs))
    return failure();
  name = *operationName;
  return parser.parseRBrace();
}

/// findPayloadOp: the body's only op before the yield, applied to the block
/// arguments in order (linalg.map: all but the init's; linalg.reduce, with
/// `initFirst`: the init's first), or null.
static Operation *findPayloadOp(Block *body, bool initFirst = false) {
  if (!body || body->getOperations().size() != 2)
    return nullptr;
  Operation &payload = body->front();
  unsigned numPayloadArgs = initFirst ? body->getNumArguments() : body->getNumArguments() - 1;
  if (body->getNumArguments() == 0 || payload.getNumOperands() == 0 || payload.getNumOperands() != numPayloadArgs)
    return nullptr;
  if (initFirst) {
    if (payload.getOperand(payload.getNumOperands() - 1) != body->getArgument(0))
      return nullptr;
    for (unsigned i = 0; i + 1 < body->getNumArguments() && i < payload.getNumOperands(); ++i)
      if (payload.getOperand(i) != body->getArgument(i + 1))
        return nullptr;
  } else {
    for (unsigned i = 0; i < payload.getNumOperands(); ++i)
      if (payload.getOperand(i) != body->getArgument(i))
        return nullptr;
  }
  return &payload;
}

static void printShortForm(OpAsmPrinter &p, Operation *payloadOp) {
  std::string elided;
  for (const NamedAttribute &attr : payloadOp->getAttrs()) {
    auto fast = dyn_cast<arith::FastMathFlagsAttr>(attr.getValue());
    if (fast && fast.getValue() == arith::FastMathFlags::none) {
      elided = std::string(attr.getName().getValue());
      break;
    }
  }
  p << " { " << payloadOp->getName().getStringRef();
  if (elided.empty())
    p.printOptionalAttrDict(payloadOp->getAttrs());
  else
    p.printOptionalAttrDict(payloadOp->getAttrs(), {std::string_view(elided)});
  p << " }";
}

/// The body in full: `(%in: f32, %init: f32) { ... }` on the next line.
static void printBodyRegion(OpAsmPrinter &p, Region &region) {
  Block &block = region.front();
  p.increaseIndent();
  p.printNewline();
  p << "(";
  for (unsigned i = 0; i < block.getNumArguments(); ++i) {
    if (i)
      p << ", ";
    p.printRegionArgument(block.getArgument(i));
  }
  p << ") ";
  p.printRegion(region, /*printEntryBlockArgs=*/false);
  p.decreaseIndent();
}

OperandRange MapOp::getDpsInits() { return getOperation()->getOperands().drop_front(getInputs().size()); }

void MapOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "mapped");
}

void MapOp::getAsmBlockArgumentNames(Region &region, function_ref<void(Value, std::string_view)> setNameFn) {
  if (region.empty())
    return;
  Block &block = region.front();
  unsigned numInputs = unsigned(getInputs().size());
  for (unsigned i = 0; i < block.getNumArguments(); ++i)
    setNameFn(block.getArgument(i), i < numInputs ? "in" : "init");
}

ParseResult MapOp::parse(OpAsmParser &parser, OperationState &result) {
  std::optional<OperationName> payloadOpName;
  NamedAttrList payloadOpAttrs;
  if (parseShortFormPayload(parser, payloadOpName, payloadOpAttrs))
    return failure();
  if (parseDstStyleOp(parser, result))
    return failure();
  if (payloadOpName) {
    if (!result.operands.empty())
      addBodyWithPayloadOp(parser, result, *payloadOpName, payloadOpAttrs, ArrayRef<Value>(result.operands));
    else
      result.addRegion();
    return success();
  }
  std::vector<OpAsmParser::Argument> regionArgs;
  if (parser.parseArgumentList(regionArgs, AsmParser::Delimiter::Paren, /*allowType=*/true, /*allowAttrs=*/true))
    return failure();
  Region *body = result.addRegion();
  return parser.parseRegion(*body, regionArgs);
}

void MapOp::print(OpAsmPrinter &p) {
  Region &mapper = getOperation()->getRegion(0);
  Block *body = mapper.empty() ? nullptr : &mapper.front();
  Operation *payloadOp = body ? findPayloadOp(body) : nullptr;
  if (payloadOp)
    printShortForm(p, payloadOp);
  printCommonStructuredOpParts(p, getInputs(), getDpsInits());
  p.printOptionalAttrDict(getOperation()->getAttrs());
  if (!payloadOp && body)
    printBodyRegion(p, mapper);
}

ArrayAttr MapOp::getIndexingMaps() {
  int64_t rank = rankOf(getInit());
  SmallVector<AffineMap, 4> maps(getOperation()->getNumOperands(),
                                 AffineMap::getMultiDimIdentityMap(unsigned(rank), getContext()));
  return mapArrayAttr(getContext(), maps);
}

void MapOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  for (IteratorType t : parallelIterators(rankOf(getInit())))
    types.push_back(t);
}

LogicalResult MapOp::verify() {
  Region &mapper = getOperation()->getRegion(0);
  if (mapper.empty())
    return success();
  Block &body = mapper.front();
  unsigned numOperands = getOperation()->getNumOperands();
  if (numOperands != body.getNumArguments())
    return emitOpError() << "expects number of operands to match the arity of mapper, but got: " << numOperands
                         << " and " << body.getNumArguments();
  unsigned i = 0;
  for (Value input : getInputs()) {
    Type inputElemType = cast<ShapedType>(input.getType()).getElementType();
    Type bbArgType = body.getArgument(i++).getType();
    if (bbArgType != inputElemType)
      return emitOpError() << "expected element type of input " << inputElemType << " to match bbArg type "
                           << bbArgType;
  }
  ArrayRef<int64_t> outputShape = cast<ShapedType>(getInit().getType()).getShape();
  for (Value input : getInputs()) {
    ArrayRef<int64_t> inputShape = cast<ShapedType>(input.getType()).getShape();
    if (inputShape != outputShape) {
      InFlightDiagnostic diag = emitOpError();
      diag << "expected shape of input (";
      for (size_t k = 0; k < inputShape.size(); ++k)
        diag << (k ? ", " : "") << inputShape[k];
      diag << ") to match shape of output (";
      for (size_t k = 0; k < outputShape.size(); ++k)
        diag << (k ? ", " : "") << outputShape[k];
      diag << ")";
      return diag;
    }
  }
  return success();
}

bool MapOp::hasDynamicIndexingMaps() { return false; }
LogicalResult MapOp::verifyIndexingMapRequiredAttributes() { return success(); }

OperandRange ReduceOp::getDpsInits() { return getInits(); }

void ReduceOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "reduced");
}

void ReduceOp::getAsmBlockArgumentNames(Region &region, function_ref<void(Value, std::string_view)> setNameFn) {
  if (region.empty())
    return;
  Block &block = region.front();
  unsigned numInputs = unsigned(getInputs().size());
  for (unsigned i = 0; i < block.getNumArguments(); ++i)
    setNameFn(block.getArgument(i), i < numInputs ? "in" : "init");
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  std::optional<OperationName> payloadOpName;
  NamedAttrList payloadOpAttrs;
  if (parseShortFormPayload(parser, payloadOpName, payloadOpAttrs))
    return failure();
  if (parseDstStyleOp(parser, result, [&](OpAsmParser &parser, NamedAttrList &attributes) {
        return parseDenseI64ArrayAttr(parser, attributes, "dimensions");
      }))
    return failure();
  if (payloadOpName) {
    addBodyWithPayloadOp(parser, result, *payloadOpName, payloadOpAttrs, ArrayRef<Value>(result.operands),
                         /*initFirst=*/true);
    return success();
  }
  std::vector<OpAsmParser::Argument> regionArgs;
  if (parser.parseArgumentList(regionArgs, AsmParser::Delimiter::Paren, /*allowType=*/true, /*allowAttrs=*/true))
    return failure();
  Region *body = result.addRegion();
  return parser.parseRegion(*body, regionArgs);
}

void ReduceOp::print(OpAsmPrinter &p) {
  Region &combiner = getOperation()->getRegion(0);
  Block *body = combiner.empty() ? nullptr : &combiner.front();
  Operation *payloadOp = body ? findPayloadOp(body, /*initFirst=*/true) : nullptr;
  if (payloadOp)
    printShortForm(p, payloadOp);
  printCommonStructuredOpParts(p, getInputs(), getInits());
  printDenseI64ArrayAttr(p, "dimensions", getDimensions());
  p.printOptionalAttrDict(getOperation()->getAttrs(), {"dimensions"});
  if (!payloadOp && body)
    printBodyRegion(p, combiner);
}

ArrayAttr ReduceOp::getIndexingMaps() {
  if (getInputs().empty())
    return ArrayAttr::get(getContext(), {});
  int64_t inputRank = rankOf(getInputs()[0]);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(unsigned(inputRank), getContext());
  SmallVector<AffineMap, 4> maps(getInputs().size(), identity);
  SmallVector<int64_t, 4> dims(getDimensions().begin(), getDimensions().end());
  for (int64_t d : dims)
    if (d < 0 || d >= inputRank)
      return mapArrayAttr(getContext(), maps);
  AffineMap resultMap = identity.dropResults(dims);
  for (size_t i = 0, e = getInits().size(); i < e; ++i)
    maps.push_back(resultMap);
  return mapArrayAttr(getContext(), maps);
}

void ReduceOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  if (getInputs().empty())
    return;
  SmallVector<IteratorType, 4> result = parallelIterators(rankOf(getInputs()[0]));
  for (int64_t d : getDimensions())
    if (d >= 0 && d < int64_t(result.size()))
      result[d] = IteratorType::reduction;
  for (IteratorType t : result)
    types.push_back(t);
}

/// `[2, 3]` for a diagnostic.
static void printList(InFlightDiagnostic &diag, ArrayRef<int64_t> values) {
  for (size_t k = 0; k < values.size(); ++k)
    diag << (k ? ", " : "") << values[k];
}

LogicalResult ReduceOp::verify() {
  ArrayRef<int64_t> dimensionsRef = getDimensions();
  OperandRange inputs = getInputs(), inits = getInits();
  if (inputs.empty() || inits.empty())
    return success();
  for (size_t i = 1; i < inputs.size(); ++i)
    if (cast<ShapedType>(inputs[i].getType()).getShape() != cast<ShapedType>(inputs[0].getType()).getShape())
      return emitOpError() << "expects all inputs to have the same shapes. Shape at input-index " << (int64_t)i
                           << " is not equal to the shape at input-index 0.";
  for (size_t i = 1; i < inits.size(); ++i)
    if (cast<ShapedType>(inits[i].getType()).getShape() != cast<ShapedType>(inits[0].getType()).getShape())
      return emitOpError() << "expects all outputs to have the same shapes. Shape at output-index " << (int64_t)i
                           << " is not equal to the shape at output-index 0.";
  auto inputType = cast<ShapedType>(inputs[0].getType());
  auto initType = cast<ShapedType>(inits[0].getType());
  std::set<int64_t> dimensionsToReduce;
  for (int64_t dimension : dimensionsRef) {
    if (dimension < 0 || dimension >= inputType.getRank())
      return emitOpError() << "dimensions for reduction should be in the range [0, " << (inputType.getRank() - 1)
                           << "].";
    dimensionsToReduce.insert(dimension);
  }
  ArrayRef<int64_t> inputDims = inputType.getShape(), initDims = initType.getShape();
  SmallVector<int64_t, 4> reducedInputDims;
  for (size_t i = 0; i < inputDims.size(); ++i)
    if (!dimensionsToReduce.count(int64_t(i)))
      reducedInputDims.push_back(inputDims[i]);
  if (int64_t(reducedInputDims.size()) != initType.getRank())
    return emitOpError() << "number of dimensions after reduction " << (int64_t)reducedInputDims.size()
                         << " doesn't match the init rank " << initType.getRank();
  if (ArrayRef<int64_t>(reducedInputDims) != initDims) {
    InFlightDiagnostic diag = emitOpError();
    diag << "init dimensions [";
    printList(diag, initDims);
    diag << "] doesn't match input dimensions after reduction [";
    printList(diag, reducedInputDims);
    diag << "]";
    return diag;
  }
  Region &combiner = getOperation()->getRegion(0);
  if (combiner.empty())
    return success();
  Block *block = &combiner.front();
  if (block->getNumArguments() != getOperation()->getNumOperands())
    return emitOpError() << "mismatching number of operands and block arguments";
  for (size_t i = 0; i < inputs.size(); ++i) {
    Type inputElementType = cast<ShapedType>(inputs[i].getType()).getElementType();
    if (inputElementType != block->getArgument(i).getType())
      return emitOpError() << "input element type " << inputElementType
                           << " does not match corresponding block argument type " << block->getArgument(i).getType();
  }
  unsigned firstInitArg = block->getNumArguments() - unsigned(inits.size());
  for (size_t i = 0; i < inits.size(); ++i) {
    Type outputElementType = cast<ShapedType>(inits[i].getType()).getElementType();
    Type argType = block->getArgument(firstInitArg + unsigned(i)).getType();
    if (outputElementType != argType)
      return emitOpError() << "output element type " << outputElementType
                           << " does not match corresponding block argument type " << argType;
  }
  return success();
}

bool ReduceOp::hasDynamicIndexingMaps() { return false; }
LogicalResult ReduceOp::verifyIndexingMapRequiredAttributes() { return success(); }

/// buildIdentityRegion: a body yielding its first argument.
static void buildIdentityRegion(OpAsmParser &parser, OperationState &result) {
  OpBuilder b(parser.getContext());
  Region *region = result.addRegion();
  Block *block = new Block();
  region->push_back(block);
  for (Value v : result.operands) {
    Type t = v.getType();
    block->addArgument(isa<MemRefType, RankedTensorType>(t) ? cast<ShapedType>(t).getElementType() : t,
                       v.getLoc());
  }
  if (block->getNumArguments() == 0)
    return;
  b.setInsertionPointToStart(block);
  OperationState yield(Location(result.location), "linalg.yield");
  yield.addOperand(block->getArgument(0));
  b.create(yield);
}

OperandRange TransposeOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

void TransposeOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "transposed");
}

ParseResult TransposeOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parseDstStyleOp(parser, result, [&](OpAsmParser &parser, NamedAttrList &attributes) {
        return parseDenseI64ArrayAttr(parser, attributes, "permutation");
      }))
    return failure();
  buildIdentityRegion(parser, result);
  return success();
}

void TransposeOp::print(OpAsmPrinter &p) {
  printCommonStructuredOpParts(p, getOperation()->getOperands().take_front(1), getDpsInits());
  printDenseI64ArrayAttr(p, "permutation", getPermutation());
  p.printOptionalAttrDict(getOperation()->getAttrs(), {"permutation"});
}

ArrayAttr TransposeOp::getIndexingMaps() {
  int64_t rank = rankOf(getInit());
  ArrayRef<int64_t> perm = getPermutation();
  SmallVector<unsigned, 4> permutation;
  std::vector<bool> seen(perm.size(), false);
  for (int64_t v : perm) {
    if (v < 0 || v >= int64_t(perm.size()) || seen[v])
      return mapArrayAttr(getContext(), {});
    seen[v] = true;
    permutation.push_back(unsigned(v));
  }
  AffineMap inverse = inversePermutation(AffineMap::getPermutationMap(permutation, getContext()));
  return mapArrayAttr(getContext(), {inverse, AffineMap::getMultiDimIdentityMap(unsigned(rank), getContext())});
}

void TransposeOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  for (IteratorType t : parallelIterators(rankOf(getInit())))
    types.push_back(t);
}

LogicalResult TransposeOp::verify() {
  ArrayRef<int64_t> permutationRef = getPermutation();
  {
    std::vector<bool> seen(permutationRef.size(), false);
    for (int64_t v : permutationRef) {
      if (v < 0 || v >= int64_t(permutationRef.size()) || seen[v])
        return emitOpError("permutation is not valid");
      seen[v] = true;
    }
  }
  auto inputType = cast<ShapedType>(getInput().getType());
  auto initType = cast<ShapedType>(getInit().getType());
  int64_t rank = inputType.getRank();
  if (rank != initType.getRank())
    return emitOpError() << "input rank " << rank << " does not match init rank " << initType.getRank();
  if (rank != int64_t(permutationRef.size()))
    return emitOpError() << "size of permutation " << (int64_t)permutationRef.size()
                         << " does not match the argument rank " << rank;
  ArrayRef<int64_t> inputDims = inputType.getShape(), initDims = initType.getShape();
  for (int64_t i = 0; i < rank; ++i) {
    int64_t inputDim = inputDims[permutationRef[i]];
    int64_t initDim = initDims[i];
    if (inputDim != initDim)
      return emitOpError() << "dim(result, " << i << ") = " << initDim << " doesn't match dim(input, permutation["
                           << i << "]) = " << inputDim;
  }
  return success();
}

bool TransposeOp::hasDynamicIndexingMaps() { return false; }
LogicalResult TransposeOp::verifyIndexingMapRequiredAttributes() { return success(); }

OperandRange BroadcastOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

void BroadcastOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "broadcasted");
}

ParseResult BroadcastOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parseDstStyleOp(parser, result, [&](OpAsmParser &parser, NamedAttrList &attributes) {
        return parseDenseI64ArrayAttr(parser, attributes, "dimensions");
      }))
    return failure();
  buildIdentityRegion(parser, result);
  return success();
}

void BroadcastOp::print(OpAsmPrinter &p) {
  printCommonStructuredOpParts(p, getOperation()->getOperands().take_front(1), getDpsInits());
  printDenseI64ArrayAttr(p, "dimensions", getDimensions());
  p.printOptionalAttrDict(getOperation()->getAttrs(), {"dimensions"});
}

ArrayAttr BroadcastOp::getIndexingMaps() {
  int64_t rank = rankOf(getInit());
  AffineMap identity = AffineMap::getMultiDimIdentityMap(unsigned(rank), getContext());
  for (int64_t d : getDimensions())
    if (d < 0 || d >= rank)
      return mapArrayAttr(getContext(), {identity, identity});
  return mapArrayAttr(getContext(), {identity.dropResults(getDimensions()), identity});
}

void BroadcastOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  for (IteratorType t : parallelIterators(rankOf(getInit())))
    types.push_back(t);
}

LogicalResult BroadcastOp::verify() {
  ArrayRef<int64_t> dimensionsRef = getDimensions();
  auto inputType = cast<ShapedType>(getInput().getType());
  auto initType = cast<ShapedType>(getInit().getType());
  int64_t inputRank = inputType.getRank(), initRank = initType.getRank();
  ArrayRef<int64_t> inputShape = inputType.getShape(), initShape = initType.getShape();
  if (inputRank + int64_t(dimensionsRef.size()) != initRank)
    return emitOpError() << "input rank plus added dimensions does not match init rank. input rank: " << inputRank
                         << ", dimensions size: " << (int64_t)dimensionsRef.size() << ", init rank: " << initRank;
  for (size_t idx = 0; idx < dimensionsRef.size(); ++idx) {
    int64_t dim = dimensionsRef[idx];
    if (dim < 0 || dim >= initRank)
      return emitOpError() << "dimension " << (int64_t)idx << " is out of range. expected range: [0, "
                           << (initRank - 1) << "], got: " << dim;
  }
  SmallVector<int64_t, 4> dimMap;
  for (int64_t dim = 0; dim < initRank; ++dim)
    if (std::find(dimensionsRef.begin(), dimensionsRef.end(), dim) == dimensionsRef.end())
      dimMap.push_back(dim);
  for (size_t inputDimIdx = 0; inputDimIdx < dimMap.size(); ++inputDimIdx) {
    int64_t initDimIdx = dimMap[inputDimIdx];
    if (inputShape[inputDimIdx] != initShape[initDimIdx])
      return emitOpError() << "input dim " << (int64_t)inputDimIdx << " should match init dim " << initDimIdx
                           << ". input: " << inputShape[inputDimIdx] << ", init: " << initShape[initDimIdx];
  }
  return success();
}

bool BroadcastOp::hasDynamicIndexingMaps() { return false; }
LogicalResult BroadcastOp::verifyIndexingMapRequiredAttributes() { return success(); }

//===----------------------------------------------------------------------===//
// ElementwiseOp
//===----------------------------------------------------------------------===//

OperandRange ElementwiseOp::getDpsInits() { return getOutputs(); }

static SmallVector<AffineMap, 4> elementwiseDefaultMaps(unsigned numMaps, unsigned numDims, MLIRContext *ctx) {
  return SmallVector<AffineMap, 4>(numMaps, AffineMap::getMultiDimIdentityMap(numDims, ctx));
}

ParseResult ElementwiseOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parser.parseKeyword("kind") || parser.parseEqual())
    return failure();
  Attribute attr;
  ElementwiseKind kind;
  if (succeeded(parser.parseAttribute(attr))) {
    auto kindAttr = dyn_cast<ElementwiseKindAttr>(attr);
    if (!kindAttr)
      return parser.emitError(parser.getCurrentLocation(), "expected ElementwiseKind attribute");
    kind = kindAttr.getValue();
  } else {
    return parser.emitError(parser.getCurrentLocation(), "expected operation 'kind' attribute");
  }
  result.addAttribute("kind", ElementwiseKindAttr::get(parser.getContext(), kind));
  SmallVector<Attribute, 3> indexingMapsAttr;
  if (parseIndexingMapList(parser, indexingMapsAttr))
    return failure();
  unsigned numRegionArgs = getElementwiseArity(kind).numInputs + 1;
  if (parseNamedStructuredOp(parser, result, numRegionArgs, buildElementwiseRegion))
    return parser.emitError(parser.getCurrentLocation(), "unable to parse elemwise op");
  if (indexingMapsAttr.empty()) {
    if (result.operands.empty())
      return parser.emitError(parser.getCurrentLocation(), "return type needs to be shaped type");
    auto shapedType = dyn_cast<ShapedType>(result.operands.back().getType());
    if (!shapedType)
      return parser.emitError(parser.getCurrentLocation(), "return type needs to be shaped type");
    for (AffineMap m : elementwiseDefaultMaps(numRegionArgs, unsigned(shapedType.getRank()), parser.getContext()))
      indexingMapsAttr.push_back(AffineMapAttr::get(m));
  }
  result.addAttribute("indexing_maps", ArrayAttr::get(parser.getContext(), indexingMapsAttr));
  return success();
}

void ElementwiseOp::print(OpAsmPrinter &p) {
  p << " kind=";
  p.printAttribute(getKindAttr());
  unsigned arity = getElementwiseArity(getKindAttr().getValue()).numInputs;
  unsigned numDims = getOutputs().empty() ? 0 : unsigned(rankOf(getOutputs()[0]));
  ArrayAttr defaults = mapArrayAttr(getContext(), elementwiseDefaultMaps(arity + 1, numDims, getContext()));
  if (getIndexingMapsAttr() != defaults)
    printIndexingMaps(p, getIndexingMapsAttr());
  printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(),
                         {"operandSegmentSizes", "kind", "indexing_maps"});
}

ArrayAttr ElementwiseOp::getIndexingMaps() { return getIndexingMapsAttr(); }

void ElementwiseOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  for (IteratorType t : parallelIterators(getOutputs().empty() ? 0 : rankOf(getOutputs()[0])))
    types.push_back(t);
}

bool ElementwiseOp::hasDynamicIndexingMaps() { return false; }
LogicalResult ElementwiseOp::verifyIndexingMapRequiredAttributes() { return success(); }

//===----------------------------------------------------------------------===//
// MatmulOp, BatchMatmulOp, BatchReduceMatmulOp, ContractOp
//===----------------------------------------------------------------------===//

namespace {

AffineMap mapOf(MLIRContext *ctx, unsigned numDims, std::initializer_list<unsigned> dims) {
  SmallVector<AffineExpr, 4> results;
  for (unsigned d : dims)
    results.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(numDims, 0, results, ctx);
}


void mulAddRegionWithCast(OpBuilder &b, Block &block, ArrayRef<NamedAttribute> attrs,
                          function_ref<InFlightDiagnostic()> emitError) {
  buildMulAddRegion(b, block, attrs, emitError, /*castFromAttr=*/true);
}

void mulAddRegionSigned(OpBuilder &b, Block &block, ArrayRef<NamedAttribute> attrs,
                        function_ref<InFlightDiagnostic()> emitError) {
  buildMulAddRegion(b, block, attrs, emitError, /*castFromAttr=*/false);
}

/// Whether the result set of `subMap` is contained in `fullMap`'s.
bool areResultExprsSubsetOf(AffineMap subMap, AffineMap fullMap) {
  for (AffineExpr e : subMap.getResults())
    if (std::find(fullMap.getResults().begin(), fullMap.getResults().end(), e) == fullMap.getResults().end())
      return false;
  return true;
}

bool isBroadcasted(AffineMap explicitMap, AffineMap defaultMap) {
  return explicitMap.getNumResults() < defaultMap.getNumResults();
}

/// batch_matmul / batch_reduce_matmul: whether a broadcast map of the LHS
/// or RHS is valid.
bool isValidBatchBroadcastMap(AffineMap bcastMap, bool isLHS) {
  enum { batchPos, mPos, nPos, kPos };
  if (bcastMap.getNumResults() == 1)
    return bcastMap.getResult(0).isFunctionOfDim(kPos);
  if (bcastMap.getNumResults() == 2) {
    AffineExpr e0 = bcastMap.getResult(0), e1 = bcastMap.getResult(1);
    if (isLHS)
      return (e0.isFunctionOfDim(batchPos) || e0.isFunctionOfDim(mPos)) && e1.isFunctionOfDim(kPos);
    return (e0.isFunctionOfDim(batchPos) && e1.isFunctionOfDim(kPos)) ||
           (e0.isFunctionOfDim(kPos) && e1.isFunctionOfDim(nPos));
  }
  return false;
}

/// verifyExtendedBatchVariantMatmulSemantic.
LogicalResult verifyBatchVariantMatmul(Operation *op, ArrayRef<AffineMap> opMaps, ArrayRef<AffineMap> defaults,
                                       bool isBatchMatmul, unsigned opIndex) {
  if (opMaps.size() != 3)
    return op->emitOpError() << "Indexing_map attribute must have 3 affine maps.";
  AffineMap opMap = opMaps[opIndex];
  AffineMap defaultMap = defaults[opIndex];
  if (opIndex == 2) {
    unsigned expected = isBatchMatmul ? 3 : 2;
    if (opMap.getNumResults() != expected)
      return op->emitOpError() << "expects " << expected << " dims, but got (" << opMap.getNumResults() << ").";
    bool valid = isBatchMatmul ? opMap.getResult(0).isFunctionOfDim(0) && opMap.getResult(1).isFunctionOfDim(1) &&
                                     opMap.getResult(2).isFunctionOfDim(2)
                               : opMap.getResult(0).isFunctionOfDim(1) && opMap.getResult(1).isFunctionOfDim(2);
    if (!valid)
      return op->emitOpError() << "Invalid output map result dimension.";
    return success();
  }
  if (!areResultExprsSubsetOf(opMap, defaultMap))
    return op->emitOpError() << "Unexpected result dim expression (outside the set of default result dims).";
  if (opMap.getNumResults() > 3)
    return op->emitOpError() << "no. of result dim expressions exceeds 3.";
  if (isBroadcasted(opMap, defaultMap)) {
    if (!isValidBatchBroadcastMap(opMap, opIndex == 0))
      return op->emitOpError() << "Invalid broadcast requested.";
  } else if (opMap.getNumResults() == 0 || !opMap.getResult(0).isFunctionOfDim(0)) {
    return op->emitOpError() << "Invalid batch dimension expression.";
  }
  return success();
}

} // namespace

SmallVector<AffineMap, 3> MatmulOp::getDefaultIndexingMaps(MLIRContext *ctx) {
  return {mapOf(ctx, 3, {0, 2}), mapOf(ctx, 3, {2, 1}), mapOf(ctx, 3, {0, 1})};
}

SmallVector<AffineMap, 3> BatchMatmulOp::getDefaultIndexingMaps(MLIRContext *ctx) {
  return {mapOf(ctx, 4, {0, 1, 3}), mapOf(ctx, 4, {0, 3, 2}), mapOf(ctx, 4, {0, 1, 2})};
}

SmallVector<AffineMap, 3> BatchReduceMatmulOp::getDefaultIndexingMaps(MLIRContext *ctx) {
  return {mapOf(ctx, 4, {0, 1, 3}), mapOf(ctx, 4, {0, 3, 2}), mapOf(ctx, 4, {1, 2})};
}

static SmallVector<AffineMap, 3> matmulDefaultMaps(MLIRContext *ctx) { return MatmulOp::getDefaultIndexingMaps(ctx); }
static SmallVector<AffineMap, 3> batchMatmulDefaultMaps(MLIRContext *ctx) {
  return BatchMatmulOp::getDefaultIndexingMaps(ctx);
}
static SmallVector<AffineMap, 3> batchReduceMatmulDefaultMaps(MLIRContext *ctx) {
  return BatchReduceMatmulOp::getDefaultIndexingMaps(ctx);
}

OperandRange MatmulOp::getDpsInits() { return getOutputs(); }

ParseResult MatmulOp::parse(OpAsmParser &parser, OperationState &result) {
  FailureOr<ArrayAttr> indexingMaps = parseIndexingMapsAttr(parser);
  if (failed(indexingMaps))
    return failure();
  ArrayAttr maps = *indexingMaps;
  if (!maps)
    maps = mapArrayAttr(parser.getContext(), matmulDefaultMaps(parser.getContext()));
  result.addAttribute("indexing_maps", maps);
  return parseNamedStructuredOp(parser, result, 3, mulAddRegionWithCast);
}

void MatmulOp::print(OpAsmPrinter &p) {
  ArrayAttr defaults = mapArrayAttr(getContext(), matmulDefaultMaps(getContext()));
  if (getIndexingMapsAttr() != defaults)
    printIndexingMaps(p, getIndexingMapsAttr());
  printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(),
                         {"operandSegmentSizes", LinalgDialect::kMemoizedIndexingMapsAttrName, "indexing_maps"});
}

LogicalResult MatmulOp::verify() {
  SmallVector<AffineMap, 4> opMaps = mapsOf(getIndexingMapsAttr());
  SmallVector<AffineMap, 3> defaults = matmulDefaultMaps(getContext());
  if (opMaps == SmallVector<AffineMap, 4>(defaults.begin(), defaults.end()))
    return success();
  for (unsigned opIndex = 0; opIndex < 2 && opIndex < opMaps.size(); ++opIndex) {
    AffineMap opMap = opMaps[opIndex];
    if (!areResultExprsSubsetOf(opMap, defaults[opIndex]))
      return emitOpError() << "Unexpected dim expression in map result.";
    if (isBroadcasted(opMap, defaults[opIndex]) &&
        !(opMap.getNumResults() == 1 && opMap.getResult(0).isFunctionOfDim(opMap.getNumDims() - 1)))
      return emitOpError() << "Invalid broadcast requested, should be (d2).";
  }
  return success();
}

ArrayAttr MatmulOp::getIndexingMaps() {
  ArrayAttr attr = getIndexingMapsAttr();
  return attr ? attr : mapArrayAttr(getContext(), matmulDefaultMaps(getContext()));
}

void MatmulOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  types.push_back(IteratorType::parallel);
  types.push_back(IteratorType::parallel);
  types.push_back(IteratorType::reduction);
}

bool MatmulOp::hasDynamicIndexingMaps() { return true; }
LogicalResult MatmulOp::verifyIndexingMapRequiredAttributes() { return success(); }

OperandRange BatchMatmulOp::getDpsInits() { return getOutputs(); }

ParseResult BatchMatmulOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<Attribute, 3> maps;
  if (parseIndexingMapList(parser, maps))
    return failure();
  if (maps.empty())
    for (AffineMap m : batchMatmulDefaultMaps(parser.getContext()))
      maps.push_back(AffineMapAttr::get(m));
  result.addAttribute("indexing_maps", ArrayAttr::get(parser.getContext(), maps));
  return parseNamedStructuredOp(parser, result, 3, mulAddRegionWithCast);
}

void BatchMatmulOp::print(OpAsmPrinter &p) {
  ArrayAttr defaults = mapArrayAttr(getContext(), batchMatmulDefaultMaps(getContext()));
  if (getIndexingMapsAttr() != defaults)
    printIndexingMaps(p, getIndexingMapsAttr());
  printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(),
                         {"operandSegmentSizes", LinalgDialect::kMemoizedIndexingMapsAttrName, "indexing_maps"});
}

LogicalResult BatchMatmulOp::verify() {
  SmallVector<AffineMap, 4> opMaps = mapsOf(getIndexingMapsAttr());
  SmallVector<AffineMap, 3> defaults = batchMatmulDefaultMaps(getContext());
  if (opMaps == SmallVector<AffineMap, 4>(defaults.begin(), defaults.end()))
    return success();
  for (unsigned opIndex = 0; opIndex < 3; ++opIndex)
    if (failed(verifyBatchVariantMatmul(getOperation(), opMaps, defaults, /*isBatchMatmul=*/true, opIndex)))
      return failure();
  return success();
}

ArrayAttr BatchMatmulOp::getIndexingMaps() {
  ArrayAttr attr = getIndexingMapsAttr();
  return attr ? attr : mapArrayAttr(getContext(), batchMatmulDefaultMaps(getContext()));
}

void BatchMatmulOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  types.append({IteratorType::parallel, IteratorType::parallel, IteratorType::parallel, IteratorType::reduction});
}

bool BatchMatmulOp::hasDynamicIndexingMaps() { return true; }
LogicalResult BatchMatmulOp::verifyIndexingMapRequiredAttributes() { return success(); }

OperandRange BatchReduceMatmulOp::getDpsInits() { return getOutputs(); }

ParseResult BatchReduceMatmulOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<Attribute, 3> maps;
  if (parseIndexingMapList(parser, maps))
    return failure();
  if (maps.empty())
    for (AffineMap m : batchReduceMatmulDefaultMaps(parser.getContext()))
      maps.push_back(AffineMapAttr::get(m));
  result.addAttribute("indexing_maps", ArrayAttr::get(parser.getContext(), maps));
  return parseNamedStructuredOp(parser, result, 3, mulAddRegionSigned);
}

void BatchReduceMatmulOp::print(OpAsmPrinter &p) {
  ArrayAttr defaults = mapArrayAttr(getContext(), batchReduceMatmulDefaultMaps(getContext()));
  if (getIndexingMapsAttr() != defaults)
    printIndexingMaps(p, getIndexingMapsAttr());
  printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(),
                         {"operandSegmentSizes", LinalgDialect::kMemoizedIndexingMapsAttrName, "indexing_maps"});
}

LogicalResult BatchReduceMatmulOp::verify() {
  SmallVector<AffineMap, 4> opMaps = mapsOf(getIndexingMapsAttr());
  SmallVector<AffineMap, 3> defaults = batchReduceMatmulDefaultMaps(getContext());
  if (opMaps == SmallVector<AffineMap, 4>(defaults.begin(), defaults.end()))
    return success();
  for (unsigned opIndex = 0; opIndex < 3; ++opIndex)
    if (failed(verifyBatchVariantMatmul(getOperation(), opMaps, defaults, /*isBatchMatmul=*/false, opIndex)))
      return failure();
  return success();
}

ArrayAttr BatchReduceMatmulOp::getIndexingMaps() {
  ArrayAttr attr = getIndexingMapsAttr();
  return attr ? attr : mapArrayAttr(getContext(), batchReduceMatmulDefaultMaps(getContext()));
}

void BatchReduceMatmulOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  types.append({IteratorType::reduction, IteratorType::parallel, IteratorType::parallel, IteratorType::reduction});
}

bool BatchReduceMatmulOp::hasDynamicIndexingMaps() { return true; }
LogicalResult BatchReduceMatmulOp::verifyIndexingMapRequiredAttributes() { return success(); }

OperandRange ContractOp::getDpsInits() { return getOutputs(); }

ParseResult ContractOp::parse(OpAsmParser &parser, OperationState &result) {
  FailureOr<ArrayAttr> indexingMaps = parseIndexingMapsAttr(parser);
  if (failed(indexingMaps) || !*indexingMaps)
    return parser.emitError(parser.getCurrentLocation(), "expected 'indexing_maps' attribute");
  result.addAttribute("indexing_maps", *indexingMaps);
  return parseNamedStructuredOp(parser, result, 3, mulAddRegionWithCast);
}

void ContractOp::print(OpAsmPrinter &p) {
  printIndexingMaps(p, getIndexingMapsAttr());
  printNamedStructuredOp(p, getOperation(), getInputs(), getOutputs(), {"indexing_maps", "operandSegmentSizes"});
}

LogicalResult ContractOp::verify() {
  int iterationSpaceDims = -1;
  SmallVector<size_t, 8> inOccurrences, outOccurrences;
  SmallVector<AffineMap, 4> maps = mapsOf(getIndexingMapsAttr());
  Operation *op = getOperation();
  for (unsigned i = 0; i < maps.size() && i < op->getNumOperands() && i < 3; ++i) {
    AffineMap affineMap = maps[i];
    Type operandType = op->getOperand(i).getType();
    bool isInput = i < 2;
    if (!affineMap.isProjectedPermutation())
      return emitError("provided affine_map is not a projected permutation");
    if (auto shapedType = dyn_cast<ShapedType>(operandType)) {
      if (int64_t(affineMap.getNumResults()) != shapedType.getRank())
        return emitError("ranks of shaped operand and results of corresponding affine_map differ");
    } else if (affineMap.getNumResults() != 0) {
      return emitError("affine_map specifies shaped access while operand has non-shaped type");
    }
    if (iterationSpaceDims == -1) {
      iterationSpaceDims = int(affineMap.getNumDims());
      inOccurrences.assign(size_t(iterationSpaceDims), 0);
      outOccurrences.assign(size_t(iterationSpaceDims), 0);
    } else if (iterationSpaceDims != int(affineMap.getNumDims())) {
      return emitError("iteration spaces of provided affine_maps differ");
    }
    for (AffineExpr e : affineMap.getResults()) {
      auto dim = dyn_cast<AffineDimExpr>(e);
      if (!dim)
        continue;
      if (isInput)
        inOccurrences[dim.getPosition()] += 1;
      else
        outOccurrences[dim.getPosition()] += 1;
    }
  }
  bool hasContractingDim = false;
  for (int dimIndex = 0; dimIndex < iterationSpaceDims; ++dimIndex) {
    size_t inOcc = inOccurrences[dimIndex], outOcc = outOccurrences[dimIndex];
    hasContractingDim |= inOcc == 2 && outOcc == 0;
    if (inOcc == 0 && outOcc == 0)
      return emitError() << "iteration space dim at index " << dimIndex << " not used to access any operand";
    if (inOcc == 1 && outOcc != 1)
      return emitError() << "iteration space dim at index " << dimIndex
                         << " is neither a contracting dim nor of parallel iteration type";
  }
  if (!hasContractingDim)
    return emitError("'indexing_maps' do not specify a contracting dimension");
  return success();
}

ArrayAttr ContractOp::getIndexingMaps() { return getIndexingMapsAttr(); }

void ContractOp::getIteratorTypesArray(SmallVectorImpl<IteratorType> &types) {
  SmallVector<AffineMap, 4> maps = mapsOf(getIndexingMapsAttr());
  if (maps.empty())
    return;
  AffineMap outMap = maps.back();
  std::vector<bool> dimsInOutput(outMap.getNumDims(), false);
  for (AffineExpr e : outMap.getResults())
    if (auto d = dyn_cast<AffineDimExpr>(e))
      dimsInOutput[d.getPosition()] = true;
  for (bool inOutput : dimsInOutput)
    types.push_back(inOutput ? IteratorType::parallel : IteratorType::reduction);
}

bool ContractOp::hasDynamicIndexingMaps() { return false; }
LogicalResult ContractOp::verifyIndexingMapRequiredAttributes() { return success(); }

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

//===----------------------------------------------------------------------===//
// SoftmaxOp, Winograd ops
//===----------------------------------------------------------------------===//

/// verifyCompatibleShape on shapes.
static bool compatibleShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!ShapedType::isDynamic(a[i]) && !ShapedType::isDynamic(b[i]) && a[i] != b[i])
      return false;
  return true;
}

static ArrayRef<int64_t> shapeOf(Value v) {
  if (auto shaped = dyn_cast<ShapedType>(v.getType()))
    if (shaped.hasRank())
      return shaped.getShape();
  return {};
}

OperandRange SoftmaxOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

LogicalResult SoftmaxOp::verify() {
  ArrayRef<int64_t> inputShape = shapeOf(getInput()), outputShape = shapeOf(getOutput());
  if (!compatibleShapes(inputShape, outputShape))
    return emitOpError("incompatible output shape");
  int64_t inputRank = int64_t(inputShape.size());
  int64_t dimension = getDimensionAttr() ? getDimensionAttr().getInt() : 0;
  if (dimension < 0 || dimension >= inputRank)
    return emitOpError("incorrect dimension specified");
  return success();
}

static WinogradConv2DFmr fmrValue(Attribute attr) {
  auto i = dyn_cast_or_null<IntegerAttr>(attr);
  return WinogradConv2DFmr(i ? uint32_t(i.getInt()) : 0);
}

static std::pair<int64_t, int64_t> fmrOf(WinogradConv2DFmr fmr) {
  switch (fmr) {
  case WinogradConv2DFmr::F_2_3:
    return {2, 3};
  case WinogradConv2DFmr::F_4_3:
    return {4, 3};
  case WinogradConv2DFmr::F_2_5:
    return {2, 5};
  }
  return {2, 3};
}

OperandRange WinogradFilterTransformOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

LogicalResult WinogradFilterTransformOp::verify() {
  ArrayRef<int64_t> filterShape = shapeOf(getFilter());
  if (filterShape.size() != 4)
    return success();
  // Filter (F, KH, KW, C).
  int64_t filterH = filterShape[1], filterW = filterShape[2];
  auto [m, r] = fmrOf(fmrValue(getFmrAttr()));
  if (filterH != r && filterH != 1)
    return emitOpError("expect filter height either equals to r or 1");
  if (filterW != r && filterW != 1)
    return emitOpError("expect filter width either equals to r or 1");
  if (filterH == 1 && filterW == 1)
    return emitOpError("expect either filter height or width equals to r");
  SmallVector<int64_t, 4> expected = {filterH == r ? m + r - 1 : 1, filterW == r ? m + r - 1 : 1, filterShape[3],
                                      filterShape[0]};
  if (!compatibleShapes(expected, shapeOf(getOutput())))
    return emitOpError("the output shape is not expected");
  return success();
}

OperandRange WinogradInputTransformOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

LogicalResult WinogradInputTransformOp::verify() {
  ArrayRef<int64_t> inputShape = shapeOf(getInput()), outputShape = shapeOf(getOutput());
  if (inputShape.size() != 4 || outputShape.size() != 6)
    return success();
  // Input (N, H, W, C); output (alphaH, alphaW, tileH, tileW, N, C).
  int64_t inputH = inputShape[1], inputW = inputShape[2];
  auto [m, r] = fmrOf(fmrValue(getFmrAttr()));
  int64_t tileSize = m + r - 1;
  bool leftTransform = outputShape[0] != 1;
  bool rightTransform = outputShape[1] != 1;
  SmallVector<int64_t, 6> expected(6, inputH);
  if (ShapedType::isDynamic(inputH)) {
    expected[0] = tileSize;
    expected[2] = ShapedType::kDynamic;
  } else {
    expected[0] = leftTransform ? tileSize : 1;
    expected[2] = leftTransform ? (inputH - (r - 1)) / m : inputH;
  }
  if (ShapedType::isDynamic(inputW)) {
    expected[1] = tileSize;
    expected[3] = ShapedType::kDynamic;
  } else {
    expected[1] = rightTransform ? tileSize : 1;
    expected[3] = rightTransform ? (inputW - (r - 1)) / m : inputW;
  }
  expected[4] = inputShape[0];
  expected[5] = inputShape[3];
  if (!compatibleShapes(expected, outputShape))
    return emitOpError("the output shape is not expected");
  return success();
}

OperandRange WinogradOutputTransformOp::getDpsInits() { return getOperation()->getOperands().drop_front(1); }

LogicalResult WinogradOutputTransformOp::verify() {
  ArrayRef<int64_t> valueShape = shapeOf(getValue()), outputShape = shapeOf(getOutput());
  if (valueShape.size() != 6 || outputShape.size() != 4)
    return success();
  // Value (alphaH, alphaW, tileH, tileW, N, F); output (N, H, W, F).
  int64_t valueH = valueShape[0], valueW = valueShape[1];
  int64_t valueTileH = valueShape[2], valueTileW = valueShape[3];
  auto [m, r] = fmrOf(fmrValue(getFmrAttr()));
  bool leftTransform = valueH != 1;
  bool rightTransform = valueW != 1;
  int64_t outputRank = int64_t(outputShape.size());
  SmallVector<int64_t, 4> expected(size_t(outputRank), valueH);
  if (ShapedType::isDynamic(valueH) || ShapedType::isDynamic(valueTileH)) {
    expected[1] = ShapedType::kDynamic;
  } else {
    if (valueH != (leftTransform ? m + r - 1 : 1))
      return emitOpError("expect input height equals to input tile size");
    expected[1] = (leftTransform ? m : 1) * valueTileH;
  }
  if (ShapedType::isDynamic(valueW) || ShapedType::isDynamic(valueTileW)) {
    expected[2] = ShapedType::kDynamic;
  } else {
    if (valueW != (rightTransform ? m + r - 1 : 1))
      return emitOpError("expect input width equals to input tile size");
    expected[2] = (rightTransform ? m : 1) * valueTileW;
  }
  expected[0] = valueShape[4];
  expected[3] = valueShape[5];
  if (!compatibleShapes(expected, outputShape))
    return emitOpError("the output shape is not expected");
  return success();
}

//===----------------------------------------------------------------------===//
// PackOp, UnPackOp
//===----------------------------------------------------------------------===//

namespace {

/// isInvalidPackingPosSpecification: duplicates, out of range, or more than
/// `rank` positions.
bool isInvalidPackingPosSpecification(ArrayRef<int64_t> dimsPos, size_t rank) {
  if (dimsPos.size() > rank)
    return true;
  std::set<int64_t> uniqued(dimsPos.begin(), dimsPos.end());
  if (uniqued.size() != dimsPos.size())
    return true;
  return std::any_of(dimsPos.begin(), dimsPos.end(),
                     [rank](int64_t d) { return d < 0 || d >= static_cast<int64_t>(rank); });
}

int64_t divideCeilSigned(int64_t a, int64_t b) {
  if (b == 0)
    return a;
  int64_t q = a / b, rem = a % b;
  return (rem != 0 && ((rem > 0) == (b > 0))) ? q + 1 : q;
}

/// The packed shape of `sourceShape` (PackOp::inferPackedType).
SmallVector<int64_t, 8> packedShapeOf(ArrayRef<int64_t> sourceShape, ArrayRef<int64_t> innerTileSizes,
                                      ArrayRef<int64_t> innerDimsPos, ArrayRef<int64_t> outerDimsPerm) {
  SmallVector<int64_t, 8> resultShape(sourceShape.begin(), sourceShape.end());
  for (size_t i = 0; i < innerDimsPos.size(); ++i) {
    int64_t pos = innerDimsPos[i];
    if (ShapedType::isDynamic(resultShape[pos]))
      continue;
    if (ShapedType::isDynamic(innerTileSizes[i])) {
      resultShape[pos] = ShapedType::kDynamic;
      continue;
    }
    resultShape[pos] = divideCeilSigned(resultShape[pos], innerTileSizes[i]);
  }
  if (!outerDimsPerm.empty()) {
    SmallVector<int64_t, 8> permuted;
    for (int64_t p : outerDimsPerm)
      permuted.push_back(resultShape[p]);
    resultShape = permuted;
  }
  resultShape.append(innerTileSizes.begin(), innerTileSizes.end());
  return resultShape;
}

/// commonVerifierPackAndUnPackOp.
LogicalResult verifyPackOrUnPack(Operation *op, ShapedType unpackedType, ShapedType packedType,
                                 ArrayRef<int64_t> innerDimsPos, ArrayRef<int64_t> outerDimPerm,
                                 ArrayRef<int64_t> staticTiles, OperandRange dynamicTiles) {
  (void)dynamicTiles;
  for (int64_t t : staticTiles)
    if (t == 0)
      return op->emitError("invalid zero tile factor");
  size_t unpackedRank = size_t(unpackedType.getRank());
  if (isInvalidPackingPosSpecification(innerDimsPos, unpackedRank))
    return op->emitError("invalid inner_dims_pos vector");
  if (isInvalidPackingPosSpecification(outerDimPerm, unpackedRank))
    return op->emitError("invalid outer_dims_perm vector");
  if (!outerDimPerm.empty() && outerDimPerm.size() != unpackedRank)
    return op->emitError("outer_dims_perm must be a permutation or empty");
  if (staticTiles.size() > unpackedRank)
    return op->emitError("tiling factors must be less than or equal to the input rank for pack or output rank for "
                         "unpack");
  if (staticTiles.size() != innerDimsPos.size())
    return op->emitError("tiling factors must equal the number of dimensions to tile");
  size_t packedRank = size_t(packedType.getRank());
  size_t expectedPackedRank = unpackedRank + staticTiles.size();
  if (expectedPackedRank != packedRank)
    return op->emitError("packed rank != (unpacked rank + num tiling factors), got ")
           << (unsigned)packedRank << " != " << (unsigned)expectedPackedRank;
  ArrayRef<int64_t> packedShape = packedType.getShape();
  ArrayRef<int64_t> tiledPart = packedShape.drop_front(packedShape.size() - staticTiles.size());
  for (size_t i = 0; i < staticTiles.size(); ++i) {
    bool ok = ShapedType::isDynamic(staticTiles[i]) ? ShapedType::isDynamic(tiledPart[i])
                                                    : tiledPart[i] == staticTiles[i];
    if (!ok)
      return op->emitError("mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type");
  }
  SmallVector<int64_t, 8> expectedShape =
      packedShapeOf(unpackedType.getShape(), staticTiles, innerDimsPos, outerDimPerm);
  if (!compatibleShapes(expectedShape, packedShape)) {
    RankedTensorType expectedType = RankedTensorType::get(expectedShape, unpackedType.getElementType());
    return op->emitError("expected ") << expectedType << " for the packed domain value, got " << Type(packedType);
  }
  return success();
}

/// areTilesAndTiledDimsAllConstant: static tiles and static tiled dims.
bool packTilesAllConstant(Operation *op, ShapedType packedType, ArrayRef<int64_t> staticTiles) {
  (void)op;
  ArrayRef<int64_t> shape = packedType.getShape();
  if (shape.size() < staticTiles.size())
    return false;
  ArrayRef<int64_t> tiled = shape.drop_front(shape.size() - staticTiles.size());
  for (size_t i = 0; i < staticTiles.size(); ++i)
    if (ShapedType::isDynamic(staticTiles[i]) || ShapedType::isDynamic(tiled[i]))
      return false;
  return true;
}

} // namespace

OperandRange PackOp::getDpsInits() { return getOperation()->getOperands().slice(1, 1); }

void PackOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "pack");
}

LogicalResult PackOp::verify() {
  auto sourceType = dyn_cast<ShapedType>(getSource().getType());
  auto destType = dyn_cast<ShapedType>(getDest().getType());
  if (!sourceType || !destType || !sourceType.hasRank() || !destType.hasRank())
    return success();
  ArrayRef<int64_t> innerDimsPos = getInnerDimsPos();
  ArrayRef<int64_t> outerDimsPerm = getOuterDimsPerm();
  ArrayRef<int64_t> staticTiles = getStaticInnerTiles();
  if (failed(verifyPackOrUnPack(getOperation(), sourceType, destType, innerDimsPos, outerDimsPerm, staticTiles,
                                getInnerTiles())))
    return failure();
  Value paddingValue = getPaddingValue();
  if (paddingValue && paddingValue.getType() != sourceType.getElementType())
    return emitOpError("expected padding_value has ")
           << sourceType.getElementType() << " but got: " << paddingValue.getType();
  if (!paddingValue) {
    // requirePaddingValue: a static dimension the static tile does not divide.
    SmallVector<int64_t, 8> outputTileSizes(destType.getShape().begin(),
                                            destType.getShape().begin() + sourceType.getRank());
    if (!outerDimsPerm.empty()) {
      SmallVector<int64_t, 8> inverse(outerDimsPerm.size());
      for (size_t i = 0; i < outerDimsPerm.size(); ++i)
        inverse[outerDimsPerm[i]] = outputTileSizes[i];
      outputTileSizes = inverse;
    }
    ArrayRef<int64_t> inputShape = sourceType.getShape();
    for (size_t i = 0; i < innerDimsPos.size(); ++i) {
      int64_t pos = innerDimsPos[i];
      if (ShapedType::isDynamic(inputShape[pos]))
        continue;
      int64_t tile = staticTiles[i];
      bool partial = ShapedType::isDynamic(tile)
                         ? !ShapedType::isDynamic(outputTileSizes[pos]) && outputTileSizes[pos] != 0 &&
                               inputShape[pos] % outputTileSizes[pos] != 0
                         : tile != 0 && inputShape[pos] % tile != 0;
      if (partial)
        return emitOpError("invalid tile factor or output size provided. Only full tiles are supported when "
                           "padding_value is not set");
    }
  }
  return success();
}

OperandRange UnPackOp::getDpsInits() { return getOperation()->getOperands().slice(1, 1); }

void UnPackOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  if (getOperation()->getNumResults())
    setNameFn(getOperation()->getResult(0), "unpack");
}

LogicalResult UnPackOp::verify() {
  auto sourceType = dyn_cast<ShapedType>(getSource().getType());
  auto destType = dyn_cast<ShapedType>(getDest().getType());
  if (!sourceType || !destType || !sourceType.hasRank() || !destType.hasRank())
    return success();
  return verifyPackOrUnPack(getOperation(), destType, sourceType, getInnerDimsPos(), getOuterDimsPerm(),
                            getStaticInnerTiles(), getInnerTiles());
}

Speculation::Speculatability PackOp::getSpeculatability() {
  if (getPaddingValue())
    return Speculation::Speculatable;
  return packTilesAllConstant(getOperation(), cast<ShapedType>(getDest().getType()), getStaticInnerTiles())
             ? Speculation::Speculatable
             : Speculation::NotSpeculatable;
}

Speculation::Speculatability UnPackOp::getSpeculatability() {
  return packTilesAllConstant(getOperation(), cast<ShapedType>(getSource().getType()), getStaticInnerTiles())
             ? Speculation::Speculatable
             : Speculation::NotSpeculatable;
}

void SoftmaxOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  Operation *op = getOperation();
  if (isa<MemRefType>(op->getOperand(0).getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &op->getOpOperand(0), 0, true,
                         SideEffects::DefaultResource::get());
  if (isa<MemRefType>(op->getOperand(1).getType())) {
    effects.emplace_back(MemoryEffects::Read::get(), &op->getOpOperand(1), 0, true,
                         SideEffects::DefaultResource::get());
    effects.emplace_back(MemoryEffects::Write::get(), &op->getOpOperand(1), 0, true,
                         SideEffects::DefaultResource::get());
  }
}
