//===- TestOps.cpp - The few operations of the test dialect Lamina registers ===//
//
// Definitions follow mlir/test/lib/Dialect/Test/TestOps.td. An operation is
// registered only when its registered behaviour (verification, printing,
// bytecode properties) is reproduced exactly; every other test.* operation
// stays unregistered, which the dialect allows.
//
//   test.finish                          Terminator
//   test.SingleBlockImplicitTerminator   one region ending in test.finish
//   test.symbol_scope                    symbol table ending in test.finish
//   test.symbol_scope_isolated           the same, isolated from above
//   test.symbol_table_region             symbol table, any terminator
//   test.reify_bound, test.compare       ValueBoundsOpInterface test ops
//   test.with_bounds                     InferIntRangeInterface test op
//   test.graph_region                    one graph region
//   test.reflect_bounds                  InferIntRangeInterface test op
//   test.default_value_print             default-valued attribute, format
//   test.symbol                          Symbol
//   test.attr_sized_operands/_results,   segment and variadic groups
//   test.mixed_normal_variadic_result
//   test.custom_dimension_list_attr      custom<DimensionList> directive
//   test.optional_custom_attr            optional custom<OptionalCustomParser>
//   test.parent, test.parent1, test.child, test.child_with_parent_one_of
//                                        HasParent
//   test.constant, test.type_attr_of
//   test.custom_result_name              result names from its `names`
//   test.affine_scope                    AffineScope, custom form `{...}`
//   test.any_attr_of_i32_str, test.*_int_attr, test.confined_*,
//   test.*_elements_attr, test.type_array_attr, test.float_attrs,
//   test.i32_enum_attr, test.i64_enum_attr
//                                        attribute constraint test ops
//   test.op_norm, test.op_nonnorm, test.op_norm_ret
//                                        memref ops (normalize-memrefs tests)
//   test.copy, test.buffer_based, test.region_buffer_based, test.region_yield,
//   test.tensor_based                    buffer/tensor test ops (bufferization tests)
//   test.destination_style_op            DestinationStyleOpInterface
//   test.region_if, test.region_if_yield then/else/join regions (custom form)
//   test.any_cond                        a region run once (RegionBranchOpInterface)
//   test.call_on_device, test.internal_br, test.op_in_place_fold_success,
//   test.side_effect_op                  call, branch, in-place folding and effect test ops
//   test.graph_loop, test.single_no_terminator_op
//                                        loop-like op and op with a graph region
//   test.always_speculatable_op, test.never_speculatable_op,
//   test.conditionally_speculatable_op, test.recursively_speculatable_op
//                                        speculatability test ops
//   test.multi_slot_alloca               an allocator of several promotable slots (mem2reg)
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/RegionKindInterface.h"
#include "lamina/ODS/EnumDef.h"
#include "lamina/ODS/InterfaceTraits.h"
#include "lamina/ODS/OpDef.h"
#include "lamina/Interfaces/CallInterfaces.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/InferIntRangeInterface.h"
#include "lamina/Interfaces/LoopLikeInterface.h"
#include "lamina/Interfaces/MemorySlotInterfaces.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"

#include <algorithm>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Value bounds test ops (TestOpDefs.cpp: ReifyBoundOp, CompareOp)
//===----------------------------------------------------------------------===//

/// ReifyBoundOp::verify: a shaped variable needs `dim`, an index one must not
/// have it; `scalable` excludes `constant` and goes with `vscale_min/max`.
static LogicalResult verifyReifyBoundOp(Operation *op) {
  Type varType = op->getOperand(0).getType();
  bool hasDim = static_cast<bool>(ods::getInherentAttr(op, "dim"));
  if (isa<ShapedType>(varType)) {
    if (!hasDim)
      return op->emitOpError("expected 'dim' attribute for shaped type variable");
  } else if (varType.isIndex()) {
    if (hasDim)
      return op->emitOpError("unexpected 'dim' attribute for index variable");
  } else {
    return op->emitOpError("expected index-typed variable or shape type variable");
  }
  bool constant = static_cast<bool>(ods::getInherentAttr(op, "constant"));
  bool scalable = static_cast<bool>(ods::getInherentAttr(op, "scalable"));
  if (constant && scalable)
    return op->emitOpError("'scalable' and 'constant' are mutually exlusive");
  // Both checks carry the 'vscale_min' wording, as in MLIR.
  if (scalable != static_cast<bool>(ods::getInherentAttr(op, "vscale_min")) ||
      scalable != static_cast<bool>(ods::getInherentAttr(op, "vscale_max")))
    return op->emitOpError("expected 'vscale_min' if and only if 'scalable'");
  return success();
}

/// CompareOp::verify: `compose` excludes the maps; the operand count is the
/// inputs of each side's map (one value for a side without a map).
static LogicalResult verifyCompareOp(Operation *op) {
  auto lhsMap = dyn_cast_or_null<AffineMapAttr>(ods::getInherentAttr(op, "lhs_map"));
  auto rhsMap = dyn_cast_or_null<AffineMapAttr>(ods::getInherentAttr(op, "rhs_map"));
  if (ods::getInherentAttr(op, "compose") && (lhsMap || rhsMap))
    return op->emitOpError("'compose' not supported when 'lhs_map' or 'rhs_map' is present");
  int64_t expected = (lhsMap ? lhsMap.getValue().getNumInputs() : 1) + (rhsMap ? rhsMap.getValue().getNumInputs() : 1);
  if (int64_t(op->getNumOperands()) != expected)
    return op->emitOpError("expected ") << expected << " operands, but got " << op->getNumOperands();
  return success();
}

/// `InferIntRangeType`: integers, index, and non-0-D vectors of them.
static ods::TypeConstraint inferIntRangeType() {
  auto isIntOrIndex = [](Type t) { return isa<IntegerType>(t) || t.isIndex(); };
  ods::TypeConstraint vectorOf = ods::TypeOf("vector of integer or index values", [isIntOrIndex](Type t) {
    auto vector = dyn_cast<VectorType>(t);
    return vector && vector.getRank() > 0 && isIntOrIndex(vector.getElementType());
  });
  return ods::AnyTypeOf({ods::AnyInteger(), ods::Index(), vectorOf});
}

//===----------------------------------------------------------------------===//
// Attribute constraints of the attribute test ops
//===----------------------------------------------------------------------===//

/// ConfinedAttr<IxAttr, [IntNonNegative]> / [IntPositive].
static ods::AttrConstraint nonNegativeInt(unsigned width) {
  return ods::Confined(ods::IntAttr(width), "whose value is non-negative",
                       [](Attribute a) { return !cast<IntegerAttr>(a).getValue().isNegative(); });
}
static ods::AttrConstraint positiveInt(unsigned width) {
  return ods::Confined(ods::IntAttr(width), "whose value is positive",
                       [](Attribute a) { return cast<IntegerAttr>(a).getValue().isStrictlyPositive(); });
}

/// The element predicates of DenseArrayStrictlyPositive, DenseArrayNonNegative,
/// DenseArraySorted and DenseArrayStrictlySorted, on the array of `base`.
enum class ArrayCheck { Positive, NonNegative, Sorted, StrictlySorted };
template <typename T> static bool checkDenseArray(Attribute a, ArrayCheck check) {
  ArrayRef<T> values = cast<detail::DenseArrayAttrImpl<T>>(a).asArrayRef();
  for (size_t i = 0; i < values.size(); ++i) {
    switch (check) {
    case ArrayCheck::Positive:
      if (!(values[i] > 0))
        return false;
      break;
    case ArrayCheck::NonNegative:
      if (!(values[i] >= 0))
        return false;
      break;
    case ArrayCheck::Sorted:
      if (i > 0 && !(values[i - 1] <= values[i]))
        return false;
      break;
    case ArrayCheck::StrictlySorted:
      if (i > 0 && !(values[i - 1] < values[i]))
        return false;
      break;
    }
  }
  return true;
}
template <typename T> static ods::AttrConstraint confinedArray(ods::AttrConstraint base, ArrayCheck check) {
  static constexpr std::string_view summaries[] = {"whose value is positive", "whose value is non-negative",
                                                   "should be in non-decreasing order",
                                                   "should be in increasing order"};
  return ods::Confined(std::move(base), summaries[unsigned(check)],
                       [check](Attribute a) { return checkDenseArray<T>(a, check); });
}

/// Dense integer elements of `width` bits (`signless` for I32ElementsAttr,
/// any signedness for AnyI32ElementsAttr).
static ods::AttrConstraint intElements(unsigned width, bool signless) {
  if (!signless)
    return ods::IntElementsAttr(width);
  return ods::AttrOf(std::to_string(width) + "-bit signless integer elements attribute", [width](Attribute a) {
    auto d = dyn_cast<DenseIntOrFPElementsAttr>(a);
    return d && d.getElementType().isSignlessInteger(width);
  });
}

/// RankedI32ElementsAttr<shape> / RankedF32ElementsAttr<shape>: dense elements
/// of a given element type and shape.
static ods::AttrConstraint rankedElements(bool isFloat, unsigned width, std::vector<int64_t> shape) {
  std::string summary = std::to_string(width) + (isFloat ? "-bit float" : "-bit signless int") +
                        " elements attribute of shape [";
  for (size_t i = 0; i < shape.size(); ++i)
    summary += (i ? ", " : "") + std::to_string(shape[i]);
  summary += "]";
  return ods::AttrOf(summary, [isFloat, width, shape](Attribute a) {
    auto d = dyn_cast<DenseIntOrFPElementsAttr>(a);
    if (!d)
      return false;
    Type element = d.getElementType();
    bool elementOk = isFloat ? (isa<FloatType>(element) && element.getIntOrFloatBitWidth() == width)
                             : element.isSignlessInteger(width);
    ArrayRef<int64_t> actual = d.getType().getShape();
    return elementOk && std::equal(actual.begin(), actual.end(), shape.begin(), shape.end());
  });
}

static const ods::EnumInfo someI32Enum = ods::EnumInfo::intEnum(
    "SomeI32Enum", 32, {{"case5", 5}, {"case10", 10}, {"caseSignedMaxPlusOne", 2147483648}, {"caseUnsignedMax", 4294967295}});
static const ods::EnumInfo someI64Enum =
    ods::EnumInfo::intEnum("SomeI64Enum", 64, {{"case5", 5}, {"case10", 10}, {"caseLarse", 4294967296}});

/// The ops of TestOps.td's "Test Attributes" sections (generic form only).
static void registerAttributeOps(Dialect &dialect) {
  ods::OpDef("test.any_attr_of_i32_str").attr("attr", ods::AnyAttrOf({ods::IntAttr(32), ods::StrAttr()})).registerIn(dialect);
  ods::OpDef("test.non_negative_int_attr")
      .attr("i32attr", nonNegativeInt(32))
      .attr("i64attr", nonNegativeInt(64))
      .registerIn(dialect);
  ods::OpDef("test.positive_int_attr")
      .attr("i32attr", positiveInt(32))
      .attr("i64attr", positiveInt(64))
      .registerIn(dialect);
  ods::OpDef("test.int_attrs")
      .attr("any_i32_attr", ods::AttrOf("32-bit integer attribute",
                                        [](Attribute a) {
                                          auto i = dyn_cast<IntegerAttr>(a);
                                          return i && i.getType().isInteger(32);
                                        }))
      .attr("index_attr", ods::IndexAttr())
      .attr("ui32_attr", ods::UIntAttr(32))
      .attr("si32_attr", ods::SIntAttr(32))
      .registerIn(dialect);
  ods::OpDef("test.type_array_attr").attr("attr", ods::TypeArrayAttr()).registerIn(dialect);
  ods::OpDef("test.float_attrs").attr("float_attr", ods::AnyAttr()).registerIn(dialect);
  ods::OpDef("test.i32_enum_attr")
      .attr("attr", ods::IntEnumAttr(someI32Enum))
      .result("val", ods::I(32))
      .registerIn(dialect);
  ods::OpDef("test.i64_enum_attr")
      .attr("attr", ods::IntEnumAttr(someI64Enum))
      .result("val", ods::I(32))
      .registerIn(dialect);
  ods::OpDef("test.float_elements_attr")
      .attr("scalar_f32_attr", rankedElements(true, 32, {2}))
      .attr("tensor_f64_attr", rankedElements(true, 64, {4, 8}))
      .registerIn(dialect);
  ods::OpDef("test.int_elements_attr")
      .attr("any_i32_attr", intElements(32, false))
      .attr("i32_attr", intElements(32, true))
      .registerIn(dialect);
  ods::OpDef("test.ranked_int_elements_attr")
      .attr("vector_i32_attr", rankedElements(false, 32, {2}))
      .attr("matrix_i64_attr", rankedElements(false, 64, {4, 8}))
      .registerIn(dialect);
  ods::OpDef("test.string_elements_attr").attr("scalar_string_attr", ods::StringElementsAttr()).registerIn(dialect);
  ods::OpDef("test.confined_dense_array_attr")
      .attr("emptyattr", confinedArray<int16_t>(ods::DenseI16ArrayAttr(), ArrayCheck::StrictlySorted))
      .attr("i32attr", confinedArray<int32_t>(ods::DenseI32ArrayAttr(), ArrayCheck::Sorted))
      .attr("i64attr", confinedArray<int64_t>(ods::DenseI64ArrayAttr(), ArrayCheck::StrictlySorted))
      .registerIn(dialect);
  // Attributes in name order (MLIR checks property constraints in that order).
  for (auto [name, check] : {std::pair{"test.confined_strictly_positive_attr", ArrayCheck::Positive},
                             std::pair{"test.confined_non_negative_attr", ArrayCheck::NonNegative}}) {
    ods::OpDef(name)
        .attr("emptyattr", confinedArray<int16_t>(ods::DenseI16ArrayAttr(), check))
        .attr("f32attr", confinedArray<float>(ods::DenseF32ArrayAttr(), check))
        .attr("f64attr", confinedArray<double>(ods::DenseF64ArrayAttr(), check))
        .attr("i16attr", confinedArray<int16_t>(ods::DenseI16ArrayAttr(), check))
        .attr("i32attr", confinedArray<int32_t>(ods::DenseI32ArrayAttr(), check))
        .attr("i64attr", confinedArray<int64_t>(ods::DenseI64ArrayAttr(), check))
        .attr("i8attr", confinedArray<int8_t>(ods::DenseI8ArrayAttr(), check))
        .registerIn(dialect);
  }
}

//===----------------------------------------------------------------------===//
// custom<DimensionList>: a DenseI64ArrayAttr written `2x?x3`, `[]` if empty
//===----------------------------------------------------------------------===//

static ParseResult parseDimensionListDirective(OpAsmParser &parser, OperationState &,
                                               ArrayRef<ods::CustomParseArg *> args) {
  if (succeeded(parser.parseOptionalLSquare())) {
    if (failed(parser.parseRSquare()))
      return parser.emitError(parser.getCurrentLocation()) << "Failed parsing dimension list.";
    *args[0]->attr = DenseI64ArrayAttr::get(parser.getContext(), ArrayRef<int64_t>());
    return success();
  }
  std::vector<int64_t> dimensions;
  if (failed(parser.parseDimensionList(dimensions, /*allowDynamic=*/true, /*withTrailingX=*/false)))
    return parser.emitError(parser.getCurrentLocation()) << "Failed parsing dimension list.";
  if (dimensions.empty())
    return parser.emitError(parser.getCurrentLocation())
           << "Failed parsing dimension list. Did you mean an empty list? It must be denoted by \"[]\".";
  *args[0]->attr = DenseI64ArrayAttr::get(parser.getContext(), dimensions);
  return success();
}

static void printDimensionListDirective(OpAsmPrinter &printer, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  ArrayRef<int64_t> dimensions = cast<DenseI64ArrayAttr>(args[0].attr).asArrayRef();
  if (dimensions.empty())
    printer << "[]";
  else
    printer.printDimensionList(dimensions);
}

//===----------------------------------------------------------------------===//
// custom<OptionalCustomParser>: `foo <integer attribute>`, optional
//===----------------------------------------------------------------------===//

static std::optional<ParseResult> parseOptionalCustomParser(OpAsmParser &parser, OperationState &,
                                                            ArrayRef<ods::CustomParseArg *> args) {
  if (failed(parser.parseOptionalKeyword("foo")))
    return std::nullopt;
  IntegerAttr value;
  if (parser.parseAttribute(value))
    return ParseResult(failure());
  *args[0]->attr = value;
  return ParseResult(success());
}
static ParseResult parseCustomParser(OpAsmParser &parser, OperationState &state, ArrayRef<ods::CustomParseArg *> args) {
  std::optional<ParseResult> result = parseOptionalCustomParser(parser, state, args);
  if (!result)
    return parser.emitError(parser.getCurrentLocation(), "expected 'foo'");
  return *result;
}
static void printOptionalCustomParser(OpAsmPrinter &printer, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  printer << "foo ";
  printer.printAttribute(args[0].attr);
}

/// CustomResultsNameOp::getAsmResultNames: result i is named by the i-th
/// non-empty string of `names`.
/// GraphRegionOp::getRegionKind.
static RegionKind graphRegionKind(unsigned) { return RegionKind::Graph; }

static void customResultNames(Operation *op, function_ref<void(Value, std::string_view)> setName) {
  auto names = dyn_cast_or_null<lamina::ArrayAttr>(ods::getInherentAttr(op, "names"));
  if (!names)
    return;
  ArrayRef<Attribute> values = names.getValue();
  for (unsigned i = 0, e = std::min<size_t>(values.size(), op->getNumResults()); i < e; ++i)
    if (auto name = dyn_cast<lamina::StringAttr>(values[i]); name && !name.getValue().empty())
      setName(op->getResult(i), name.getValue());
}

/// AffineScopeOp's custom form: the region alone (no attributes, no entry
/// block arguments are printed, as in MLIR).
static ParseResult parseAffineScopeOp(OpAsmParser &parser, OperationState &state) {
  Region *body = state.addRegion();
  return parser.parseRegion(*body, {});
}
static void printAffineScopeOp(Operation *op, OpAsmPrinter &printer) {
  printer << " ";
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
}

/// RegionIfOp's custom form: `%a, %b : t1, t2 -> (r) then {...} else {...}
/// join {...}`, every region with its entry block arguments and terminators.
static ParseResult parseRegionIfOp(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  SmallVector<Type, 2> operandTypes;
  Region *thenRegion = state.addRegion();
  Region *elseRegion = state.addRegion();
  Region *joinRegion = state.addRegion();
  if (parser.parseOperandList(operands) || parser.parseColonTypeList(operandTypes) ||
      parser.parseArrowTypeList(state.types))
    return failure();
  if (parser.parseKeyword("then") || parser.parseRegion(*thenRegion) || parser.parseKeyword("else") ||
      parser.parseRegion(*elseRegion) || parser.parseKeyword("join") || parser.parseRegion(*joinRegion))
    return failure();
  return parser.resolveOperands(operands, ArrayRef<Type>(operandTypes), parser.getCurrentLocation(), state.operands);
}
static void printRegionIfOp(Operation *op, OpAsmPrinter &printer) {
  printer << " ";
  printer.printOperands(op->getOperands());
  printer << ": ";
  bool first = true;
  for (Value operand : op->getOperands()) {
    if (!first)
      printer << ", ";
    first = false;
    printer.printType(operand.getType());
  }
  printer.printArrowTypeList(op->getResultTypes());
  static constexpr std::string_view keywords[] = {" then ", " else ", " join "};
  for (unsigned i = 0; i < 3; ++i) {
    printer << keywords[i];
    printer.printRegion(op->getRegion(i), /*printEntryBlockArgs=*/true, /*printBlockTerminators=*/true);
  }
}

/// RegionIfOp's RegionBranchOpInterface: the op enters its then or else
/// region (with its operands), which both branch to the join region, which
/// branches back to the op; each region runs at most once.
static void regionIfSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  Region &thenRegion = op->getRegion(0), &elseRegion = op->getRegion(1), &joinRegion = op->getRegion(2);
  if (!point.isParent()) {
    if (point.getRegionOrNull() != &joinRegion)
      regions.push_back(RegionSuccessor(&joinRegion, joinRegion.getArguments()));
    else
      regions.push_back(RegionSuccessor::parent(op));
    return;
  }
  regions.push_back(RegionSuccessor(&thenRegion, thenRegion.getArguments()));
  regions.push_back(RegionSuccessor(&elseRegion, elseRegion.getArguments()));
}
static OperandRange regionIfEntryOperands(Operation *op, RegionSuccessor) { return op->getOperands(); }
/// AnyCondOp's RegionBranchOpInterface: the op enters its region once,
/// which returns to the op.
static void anyCondSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent())
    regions.push_back(RegionSuccessor::parent(op));
  else
    regions.push_back(RegionSuccessor(&op->getRegion(0)));
}
static void anyCondInvocationBounds(Operation *, ArrayRef<Attribute>, SmallVectorImpl<InvocationBounds> &bounds) {
  bounds.push_back(InvocationBounds(1, 1));
}
static void regionIfInvocationBounds(Operation *, ArrayRef<Attribute>, SmallVectorImpl<InvocationBounds> &bounds) {
  bounds.assign(3, InvocationBounds(0, 1));
}

/// OpNormRet's results are named by their ODS names (Y, Z).
static void normRetResultNames(Operation *op, function_ref<void(Value, std::string_view)> setName) {
  setName(op->getResult(0), "Y");
  setName(op->getResult(1), "Z");
}

/// ReadBufferOp::getEffects: reads its buffer and writes (dumps) its
/// contents.
static void readBufferEffects(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Read::get(), &op->getOpOperand(0)));
  effects.push_back(MemoryEffects::EffectInstance(MemoryEffects::Write::get()));
}

/// The ops of TestOps.td's "Copy Operation Test", "Test Buffer/Tensor" and
/// "Test DestinationStyleOpInterface" sections; test.copy and the buffer_based
/// ops read their first memref operand and write their second.
static void registerBufferOps(Dialect &dialect) {
  // The MemRefsNormalizable ops of the normalize-memrefs tests; op_norm_ret's
  // results are named by their ODS names (OpAsmOpInterface's default).
  ods::OpDef("test.op_norm")
      .operand("X", ods::AnyMemRef())
      .operand("Y", ods::AnyMemRef())
      .trait(ods::MemRefsNormalizable())
      .registerIn(dialect);
  ods::OpDef("test.op_nonnorm").operand("X", ods::AnyMemRef()).operand("Y", ods::AnyMemRef()).registerIn(dialect);
  ods::OpDef("test.op_norm_ret")
      .operand("X", ods::AnyMemRef())
      .result("Y", ods::AnyMemRef())
      .result("Z", ods::AnyMemRef())
      .trait(ods::MemRefsNormalizable())
      .trait(ods::Implements<OpAsmOpInterface>({.getAsmResultNames = normRetResultNames}))
      .registerIn(dialect);
  ods::OpDef("test.copy")
      .operand("source", ods::AnyRankedOrUnrankedMemRef(), {ods::MemRead()})
      .operand("target", ods::AnyRankedOrUnrankedMemRef(), {ods::MemWrite()})
      .format("`(` $source `,` $target `)` `:` `(` type($source) `,` type($target) `)` attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.read_buffer")
      .operand("buffer", ods::AnyRankedOrUnrankedMemRef())
      .trait(ods::Implements<MemoryEffectOpInterface>({readBufferEffects}))
      .registerIn(dialect);
  ods::OpDef("test.one_region_with_recursive_memory_effects")
      .result("result", ods::AnyType())
      .region("body", ods::AnyRegion())
      .traits({ods::RecursiveMemoryEffects()})
      .registerIn(dialect);
  ods::OpDef("test.region_yield")
      .operand("result", ods::AnyType())
      .traits({ods::Pure(), ods::ReturnLike(), ods::IsTerminator()})
      .format("$result `:` type($result) attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.buffer_based")
      .operand("input", ods::AnyRankedOrUnrankedMemRef(), {ods::MemRead()})
      .operand("output", ods::AnyRankedOrUnrankedMemRef(), {ods::MemWrite()})
      .format("`in` `(` $input`:` type($input) `)` `out` `(` $output`:` type($output) `)` attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.region_buffer_based")
      .operand("input", ods::AnyRankedOrUnrankedMemRef(), {ods::MemRead()})
      .operand("output", ods::AnyRankedOrUnrankedMemRef(), {ods::MemWrite()})
      .region("region", ods::AnyRegion())
      .traits({ods::SingleBlockImplicitTerminator("test.region_yield")})
      .format("`in` `(` $input`:` type($input) `)` `out` `(` $output`:` type($output) `)` $region attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.tensor_based")
      .operand("input", ods::AnyRankedTensor())
      .result("result", ods::AnyRankedTensor())
      .format("`in` `(` $input`:` type($input) `)` `->` type($result) attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.destination_style_op")
      .variadicOperand("inputs", ods::AnyType())
      .variadicOperand("outputs", ods::AnyType())
      .variadicOperand("other_operands", ods::AnyType())
      .variadicResult("results", ods::AnyType())
      .traits({ods::verifiedWithRegions(ods::DestinationStyleOpInterface(
                   [](Operation *op) { return ods::getOperandGroup(op, "outputs"); })),
               ods::AttrSizedOperandSegments()})
      .format("attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? "
              "(`outs` `(` $outputs^  `:` type($outputs) `)`)? "
              "(`(` $other_operands^ `:` type($other_operands) `)`)? (`->` type($results)^)?")
      .registerIn(dialect);
  ods::OpDef("test.region_if_yield")
      .variadicOperand("results", ods::AnyType())
      .traits({ods::NoMemoryEffect(), ods::ReturnLike(), ods::IsTerminator()})
      .format("$results `:` type($results) attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.any_cond")
      .variadicResult("results", ods::AnyType())
      .region("region", ods::AnyRegion())
      .traits({ods::Implements<RegionBranchOpInterface>(
                   {.getSuccessorRegions = anyCondSuccessors, .getRegionInvocationBounds = anyCondInvocationBounds}),
               ods::RecursiveMemoryEffects()})
      .registerIn(dialect);
  ods::OpDef("test.region_if")
      .variadicOperand("", ods::AnyType())
      .variadicResult("results", ods::AnyType())
      .region("thenRegion", ods::SizedRegion(1))
      .region("elseRegion", ods::AnyRegion())
      .region("joinRegion", ods::AnyRegion())
      .traits({ods::SingleBlockImplicitTerminator("test.region_if_yield"), ods::RecursiveMemoryEffects(),
               ods::Implements<RegionBranchOpInterface>({.getEntrySuccessorOperands = regionIfEntryOperands,
                                                         .getSuccessorRegions = regionIfSuccessors,
                                                         .getRegionInvocationBounds = regionIfInvocationBounds})})
      .customAssembly(parseRegionIfOp, printRegionIfOp)
      .registerIn(dialect);
}

/// GraphLoopOp::getLoopRegions: the body.
static SmallVector<Region *, 1> graphLoopRegions(Operation *op) { return {&op->getRegion(0)}; }

/// ConditionallySpeculatableOp::getSpeculatability: speculatable when its
/// input is an arith.constant.
static Speculation::Speculatability conditionalSpeculatability(Operation *op) {
  Operation *def = op->getOperand(0).getDefiningOp();
  return def && def->getName().getStringRef() == "arith.constant" ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

/// TestWithBoundsOp::inferResultRanges: the bounds its attributes give.
static void withBoundsRanges(Operation *op, ArrayRef<ConstantIntRanges>, SetIntRangeFn setResultRanges) {
  auto get = [&](std::string_view name) { return cast<IntegerAttr>(op->getAttr(name)).getValue(); };
  setResultRanges(op->getResult(0), ConstantIntRanges(get("umin"), get("umax"), get("smin"), get("smax")));
}

/// TestReflectBoundsOp::inferResultRanges: records its operand's ranges in
/// its attributes (signed/unsigned integer types for plain integers).
static void reflectBoundsRanges(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRanges) {
  const ConstantIntRanges &range = argRanges[0];
  MLIRContext *ctx = op->getContext();
  Type type = op->getResult(0).getType();
  if (auto shaped = dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  Type sIntTy = type, uIntTy = type;
  if (auto intTy = dyn_cast<IntegerType>(type)) {
    sIntTy = IntegerType::get(ctx, intTy.getWidth(), IntegerType::Signed);
    uIntTy = IntegerType::get(ctx, intTy.getWidth(), IntegerType::Unsigned);
  }
  op->setAttr("umin", IntegerAttr::get(uIntTy, range.umin()));
  op->setAttr("umax", IntegerAttr::get(uIntTy, range.umax()));
  op->setAttr("smin", IntegerAttr::get(sIntTy, range.smin()));
  op->setAttr("smax", IntegerAttr::get(sIntTy, range.smax()));
  setResultRanges(op->getResult(0), range);
}

/// The operands of operand group `group` of an AttrSizedOperandSegments op.
static MutableOperandRange operandGroupMutable(Operation *op, unsigned group) {
  auto [start, length] = ods::getODSOperandIndexAndLength(op, group);
  return MutableOperandRange(op, start, length, {"operandSegmentSizes", group});
}

/// TestInternalBranchOp::getSuccessorOperands: the success path gets the
/// first group; the error path one produced value, then the second group.
static SuccessorOperands internalBranchSuccessorOperands(Operation *op, unsigned index) {
  if (index == 0)
    return SuccessorOperands(0, operandGroupMutable(op, 0));
  return SuccessorOperands(1, operandGroupMutable(op, 1));
}

/// TestCallOnDeviceOp's CallOpInterface: the callee symbol, the forwarded
/// operands (all but the last, the device).
static CallInterfaceCallable callOnDeviceCallee(Operation *op) {
  return CallInterfaceCallable(cast<SymbolRefAttr>(op->getAttr("callee")));
}
static void setCallOnDeviceCallee(Operation *op, CallInterfaceCallable callee) {
  op->setAttr("callee", callee.getSymbol());
}
static OperandRange callOnDeviceArgs(Operation *op) { return ods::getOperandGroup(op, "forwardedOperands"); }
static MutableOperandRange callOnDeviceArgsMutable(Operation *op) {
  auto [start, length] = ods::getODSOperandIndexAndLength(op, 0);
  return MutableOperandRange(op, start, length);
}

/// TestOpInPlaceFoldSuccess::fold: always an in-place fold.
static LogicalResult foldInPlaceSuccess(Operation *, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) {
  return success();
}

namespace {
/// The resource of the test ops' `test_resource` effects.
struct TestResource : public SideEffects::Resource::Base<TestResource> {
  std::string_view getName() final { return "<Test>"; }
};
} // namespace

/// SideEffectOp::getEffects: the effects its `effects` attribute lists
/// ({effect = "read"|"write"|"allocate"|"free"}, optionally on the result,
/// on a symbol (`on_reference`) or on the test resource).
static void sideEffectOpEffects(Operation *op, SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  auto effectsAttr = dyn_cast_or_null<lamina::ArrayAttr>(op->getAttr("effects"));
  if (!effectsAttr)
    return;
  for (Attribute element : effectsAttr.getValue()) {
    auto effectElement = dyn_cast<DictionaryAttr>(element);
    if (!effectElement)
      continue;
    auto kind = dyn_cast_or_null<lamina::StringAttr>(effectElement.get("effect"));
    if (!kind)
      continue;
    MemoryEffects::Effect *effect = nullptr;
    if (kind.getValue() == "allocate")
      effect = MemoryEffects::Allocate::get();
    else if (kind.getValue() == "free")
      effect = MemoryEffects::Free::get();
    else if (kind.getValue() == "read")
      effect = MemoryEffects::Read::get();
    else if (kind.getValue() == "write")
      effect = MemoryEffects::Write::get();
    else
      continue;
    SideEffects::Resource *resource = SideEffects::DefaultResource::get();
    if (effectElement.get("test_resource"))
      resource = TestResource::get();
    if (effectElement.get("on_result") && op->getNumResults())
      effects.push_back(MemoryEffects::EffectInstance(effect, op->getResult(0), resource));
    else if (auto ref = dyn_cast_or_null<SymbolRefAttr>(effectElement.get("on_reference")))
      effects.push_back(MemoryEffects::EffectInstance(effect, ref, resource));
    else
      effects.push_back(MemoryEffects::EffectInstance(effect, resource));
  }
}

/// The call, branch and folding test ops of the sccp and remove-dead-values
/// tests (TestOps.td's TestCallOnDeviceOp, TestInternalBranchOp,
/// TestOpInPlaceFoldSuccess).
static void registerCallAndBranchOps(Dialect &dialect) {
  ods::OpDef("test.call_on_device")
      .variadicOperand("forwardedOperands", ods::AnyType())
      .operand("non_forwarded_device_operand", ods::AnyType())
      .attr("callee", ods::SymbolRefAttr())
      .optionalAttr("arg_attrs", ods::DictArrayAttr())
      .optionalAttr("res_attrs", ods::DictArrayAttr())
      .variadicResult("", ods::AnyType())
      .traits({ods::Implements<CallOpInterface>(
          {callOnDeviceCallee, setCallOnDeviceCallee, callOnDeviceArgs, callOnDeviceArgsMutable})})
      .format("$callee `(` $forwardedOperands `)` `,` $non_forwarded_device_operand attr-dict `:` "
              "functional-type(operands, results)")
      .registerIn(dialect);
  ods::OpDef("test.internal_br")
      .variadicOperand("successOperands", ods::AnyType())
      .variadicOperand("errorOperands", ods::AnyType())
      .successor("successPath")
      .successor("errorPath")
      .traits({ods::Implements<BranchOpInterface>({internalBranchSuccessorOperands}), ods::IsTerminator(),
               ods::AttrSizedOperandSegments()})
      .registerIn(dialect);
  ods::OpDef("test.side_effect_op")
      .result("result", ods::AnyType())
      .traits({ods::Implements<MemoryEffectOpInterface>({sideEffectOpEffects})})
      .registerIn(dialect);
  ods::OpDef("test.op_in_place_fold_success")
      .variadicResult("", ods::I(1))
      .folder(foldInPlaceSuccess)
      .registerIn(dialect);
}

/// The ops of TestOps.td's "Test Loop Op with a graph region" and "Test
/// ConditionallySpeculatable" sections, and SingleNoTerminatorOp.
static void registerLoopAndSpeculationOps(Dialect &dialect) {
  ods::OpDef("test.graph_loop")
      .variadicOperand("args", ods::AnyType())
      .variadicResult("rets", ods::AnyType())
      .region("body", ods::SizedRegion(1))
      .traits({ods::Implements<LoopLikeOpInterface>({.getLoopRegions = graphLoopRegions}), ods::NoMemoryEffect(),
               ods::RecursivelySpeculatable(), ods::SingleBlock(), ods::HasOnlyGraphRegion()})
      .format("$args $body attr-dict `:` functional-type(operands, results)")
      .registerIn(dialect);
  ods::OpDef("test.single_no_terminator_op")
      .region("my_region", ods::SizedRegion(1))
      .traits({ods::NoTerminator(), ods::SingleBlock(), ods::HasOnlyGraphRegion()})
      .format("attr-dict `:` $my_region")
      .registerIn(dialect);
  ods::OpDef("test.conditionally_speculatable_op")
      .operand("input", ods::I(32))
      .result("result", ods::I(32))
      .traits({ods::Implements<ConditionallySpeculatable>({conditionalSpeculatability}), ods::NoMemoryEffect()})
      .registerIn(dialect);
  ods::OpDef("test.always_speculatable_op").result("result", ods::I(32)).traits({ods::Pure()}).registerIn(dialect);
  ods::OpDef("test.never_speculatable_op")
      .result("result", ods::I(32))
      .traits({ods::Implements<ConditionallySpeculatable>(
          {[](Operation *) { return Speculation::NotSpeculatable; }})})
      .registerIn(dialect);
  ods::OpDef("test.recursively_speculatable_op")
      .result("result", ods::I(32))
      .region("body", ods::SizedRegion(1))
      .traits({ods::RecursivelySpeculatable(), ods::RecursiveMemoryEffects()})
      .registerIn(dialect);
}

/// TestMultiSlotAlloca: each result is a slot; its default content is a
/// test.constant 42; a promoted slot leaves a new op with the other results.
static void multiSlotPromotableSlots(Operation *op, SmallVectorImpl<MemorySlot> &slots) {
  for (Value result : op->getResults())
    slots.push_back(MemorySlot{result, cast<MemRefType>(result.getType()).getElementType()});
}

static Value multiSlotDefaultValue(Operation *op, const MemorySlot &slot, OpBuilder &builder) {
  OperationState state(op->getLoc(), "test.constant");
  state.addAttribute("value", builder.getI32IntegerAttr(42));
  state.addType(slot.elemType);
  return builder.create(state)->getResult(0);
}

static Operation *multiSlotPromotionComplete(Operation *op, const MemorySlot &slot, Value defaultValue,
                                             OpBuilder &builder) {
  if (defaultValue && defaultValue.use_empty())
    defaultValue.getDefiningOp()->erase();
  if (op->getNumResults() == 1) {
    op->erase();
    return nullptr;
  }
  std::vector<Value> remaining;
  std::vector<Type> types;
  for (Value result : op->getResults()) {
    if (result == slot.ptr)
      continue;
    remaining.push_back(result);
    types.push_back(result.getType());
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(op);
  OperationState state(op->getLoc(), op->getName().getStringRef());
  state.addTypes(TypeRange(types));
  Operation *replacement = builder.create(state);
  for (size_t i = 0; i < remaining.size(); ++i)
    remaining[i].replaceAllUsesWith(replacement->getResult(unsigned(i)));
  op->erase();
  return replacement;
}

static void registerMemorySlotOps(Dialect &dialect) {
  ods::OpDef("test.multi_slot_alloca")
      .variadicResult("results", ods::MemRefOf({ods::I(32)}))
      .format("attr-dict `:` functional-type(operands, results)")
      .registerIn(dialect);
  ods::attachInterface<PromotableAllocationOpInterface>(
      dialect, "test.multi_slot_alloca",
      {.getPromotableSlots = multiSlotPromotableSlots,
       .getDefaultValue = multiSlotDefaultValue,
       .handleBlockArgument = [](Operation *, const MemorySlot &, BlockArgument, OpBuilder &) {},
       .handlePromotionComplete = multiSlotPromotionComplete});
}

/// InferIntRangeInterface on the integer range test ops.
static void attachIntRangeInterfaces(Dialect &dialect) {
  ods::attachInterface<InferIntRangeInterface>(dialect, "test.with_bounds", {.inferResultRanges = withBoundsRanges});
  ods::attachInterface<InferIntRangeInterface>(dialect, "test.reflect_bounds",
                                               {.inferResultRanges = reflectBoundsRanges});
}

void MLIRTestDialect::registerOps() {
  registerAttributeOps(*this);
  registerLoopAndSpeculationOps(*this);
  registerCallAndBranchOps(*this);
  registerBufferOps(*this);
  registerTestTransformOps(*this);
  registerTestLinalgOps(*this);
  registerMemorySlotOps(*this);
  registerTestSyntaxOps(*this);
  ods::OpDef("test.finish").traits({ods::IsTerminator()}).registerIn(*this);
  ods::OpDef("test.SingleBlockImplicitTerminator")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("test.finish")})
      .registerIn(*this);
  ods::OpDef("test.symbol_scope")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SymbolTableTrait(), ods::SingleBlockImplicitTerminator("test.finish")})
      .registerIn(*this);
  ods::OpDef("test.symbol_scope_isolated")
      .region("region", ods::SizedRegion(1))
      .traits({ods::IsolatedFromAbove(), ods::SymbolTableTrait(), ods::SingleBlockImplicitTerminator("test.finish")})
      .registerIn(*this);
  ods::OpDef("test.symbol_table_region")
      .region("region", ods::SizedRegion(1))
      .traits({ods::SymbolTableTrait()})
      .registerIn(*this);

  // Attributes are listed in name order: MLIR checks property constraints in
  // that order.
  ods::OpDef("test.reify_bound")
      .operand("var", ods::AnyType())
      .optionalAttr("constant", ods::UnitAttr())
      .optionalAttr("dim", ods::IntAttr(64))
      .optionalAttr("scalable", ods::UnitAttr())
      .defaultAttr("type", ods::StrAttr(), "\"EQ\"")
      .optionalAttr("vscale_max", ods::IntAttr(64))
      .optionalAttr("vscale_min", ods::IntAttr(64))
      .result("result", ods::Index())
      .traits({ods::Pure()})
      .verifier(verifyReifyBoundOp)
      .registerIn(*this);
  ods::OpDef("test.compare")
      .variadicOperand("var_operands", ods::Index())
      .defaultAttr("cmp", ods::StrAttr(), "\"EQ\"")
      .optionalAttr("compose", ods::UnitAttr())
      .optionalAttr("lhs_map", ods::AffineMapAttr())
      .optionalAttr("rhs_map", ods::AffineMapAttr())
      .verifier(verifyCompareOp)
      .registerIn(*this);

  ods::OpDef("test.graph_region")
      .region("region", ods::AnyRegion())
      .traits({ods::Implements<RegionKindInterface>({graphRegionKind})})
      .format("attr-dict-with-keyword $region")
      .registerIn(*this);

  ods::OpDef("test.reflect_bounds")
      .operand("value", inferIntRangeType())
      .optionalAttr("umin", ods::AnyIntegerAttr())
      .optionalAttr("umax", ods::AnyIntegerAttr())
      .optionalAttr("smin", ods::AnyIntegerAttr())
      .optionalAttr("smax", ods::AnyIntegerAttr())
      .result("result", inferIntRangeType())
      .traits({ods::AllTypesMatch({"value", "result"})})
      .format("attr-dict $value `:` type($result)")
      .registerIn(*this);
  ods::OpDef("test.default_value_print")
      .defaultAttr("value_with_default", ods::IntAttr(32), "0")
      .operand("operand", ods::I(32))
      .format("attr-dict $operand")
      .registerIn(*this);
  ods::OpDef("test.symbol")
      .attr("sym_name", ods::StrAttr())
      .optionalAttr("sym_visibility", ods::StrAttr())
      .traits({ods::NoMemoryEffect(), ods::Symbol()})
      .registerIn(*this);
  ods::OpDef("test.attr_sized_operands")
      .variadicOperand("a", ods::I(32))
      .variadicOperand("b", ods::I(32))
      .operand("c", ods::I(32))
      .variadicOperand("d", ods::I(32))
      .traits({ods::AttrSizedOperandSegments()})
      .registerIn(*this);
  ods::OpDef("test.attr_sized_results")
      .variadicResult("a", ods::I(32))
      .variadicResult("b", ods::I(32))
      .result("c", ods::I(32))
      .variadicResult("d", ods::I(32))
      .traits({ods::AttrSizedResultSegments()})
      .registerIn(*this);
  ods::OpDef("test.mixed_normal_variadic_result")
      .variadicResult("output1", ods::AnyTensor())
      .result("output2", ods::AnyTensor())
      .variadicResult("output3", ods::AnyTensor())
      .traits({ods::SameVariadicResultSize()})
      .registerIn(*this);

  ods::OpDef("test.custom_dimension_list_attr")
      .attr("dimension_list", ods::DenseI64ArrayAttr())
      .directive({"DimensionList", parseDimensionListDirective, printDimensionListDirective, nullptr})
      .format("`dimension_list` `=` custom<DimensionList>($dimension_list) attr-dict")
      .registerIn(*this);

  ods::OpDef("test.optional_custom_attr")
      .optionalAttr("attr", ods::IntAttr(1))
      .directive({"OptionalCustomParser", parseCustomParser, printOptionalCustomParser, parseOptionalCustomParser})
      .format("attr-dict (custom<OptionalCustomParser>($attr)^) : (`bar`)?")
      .registerIn(*this);

  ods::OpDef("test.parent").region("region", ods::AnyRegion()).registerIn(*this);
  ods::OpDef("test.parent1").region("region", ods::AnyRegion()).registerIn(*this);
  ods::OpDef("test.child").traits({ods::HasParent({"test.parent"})}).registerIn(*this);
  ods::OpDef("test.child_with_parent_one_of")
      .traits({ods::HasParent({"test.parent", "test.parent1"})})
      .registerIn(*this);
  ods::OpDef("test.constant")
      .attr("value", ods::AnyAttr())
      .result("", ods::AnyType())
      .traits({ods::ConstantLike(), ods::NoMemoryEffect()})
      .registerIn(*this);
  ods::OpDef("test.type_attr_of")
      .attr("type", ods::TypeAttrOf(ods::I(64)))
      .format("attr-dict $type")
      .registerIn(*this);

  ods::OpDef("test.custom_result_name")
      .variadicOperand("optional", ods::AnyInteger())
      .attr("names", ods::StrArrayAttr())
      .variadicResult("r", ods::AnyInteger())
      .trait(ods::Implements<OpAsmOpInterface>({.getAsmResultNames = customResultNames}))
      .registerIn(*this);

  ods::OpDef("test.affine_scope")
      .region("region", ods::SizedRegion(1))
      .traits({ods::AffineScope()})
      .customAssembly(parseAffineScopeOp, printAffineScopeOp)
      .registerIn(*this);

  // APIntAttr is "arbitrary integer attribute" (AnyIntegerAttr's summary).
  ods::OpDef("test.with_bounds")
      .attr("umin", ods::AnyIntegerAttr())
      .attr("umax", ods::AnyIntegerAttr())
      .attr("smin", ods::AnyIntegerAttr())
      .attr("smax", ods::AnyIntegerAttr())
      .result("fakeVal", inferIntRangeType())
      .traits({ods::NoMemoryEffect()})
      .format("attr-dict `:` type($fakeVal)")
      .registerIn(*this);
  attachIntRangeInterfaces(*this);
  // Last: attaches a folder to test.constant.
  registerTestCanonicalizeOps(*this);
}
