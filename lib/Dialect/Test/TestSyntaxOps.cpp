//===- TestSyntaxOps.cpp - Syntax test ops of the test dialect -------------===//
//
// Definitions follow mlir/test/lib/Dialect/Test/TestOpsSyntax.td (and the
// custom directives of TestFormatUtils.cpp). As in TestOps.cpp, an op is
// registered only once its behaviour is reproduced.
//
//   test.oilist_with_keywords_only, test.oilist_with_simple_args,
//   test.oilist_variadic_with_parens, test.oilist_custom
//                                        the oilist directive
//   test.variadic_no_terminator_op,
//   test.single_no_terminator_custom_asm_op
//                                        single-block regions without terminator
//   test.isolated_region, test.isolated_regions, test.alloca_scope_region
//                                        isolated and allocation-scope regions
//   test.op_with_enum, test.op_with_bit_enum, test.op_with_bit_enum_vbar
//                                        enum attributes (TestEnumAttrs.h)
//   test.dense_array_attr                dense array attributes
//   test.loop_block, test.loop_block_term, test.switch_with_no_break
//                                        region-branch ops
//   test.same_operand_*, test.elementwise_mappable, test.broadcastable, test.one_region_op,
//   test.two_region_op, test.sized_region_op, test.mixed_normal_variadic_operand,
//   test.ssacfg_region
//                                        trait, operand and region checks
//   test.polyfor, test.wrapping_region, test.pretty_printed_region,
//   test.attr_with_loc
//                                        hand-written custom forms
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "TestEnumAttrs.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/RegionKindInterface.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/ODS/OpDef.h"

#include <algorithm>

using namespace lamina;

//===----------------------------------------------------------------------===//
// custom<CustomOptionalOperand>: `(` operand `)`, optional
//===----------------------------------------------------------------------===//

static ParseResult parseCustomOptionalOperand(OpAsmParser &parser, OperationState &,
                                              ArrayRef<ods::CustomParseArg *> args) {
  if (failed(parser.parseOptionalLParen()))
    return success();
  OpAsmParser::UnresolvedOperand operand;
  if (parser.parseOperand(operand) || parser.parseRParen())
    return failure();
  args[0]->operands->push_back(operand);
  return success();
}

static void printCustomOptionalOperand(OpAsmPrinter &printer, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (args[0].operands.empty())
    return;
  printer << "(";
  printer.printOperand(args[0].operands[0]);
  printer << ") ";
}

static void registerOIListOps(Dialect &dialect) {
  ods::OpDef("test.oilist_with_keywords_only")
      .optionalAttr("keyword", ods::UnitAttr())
      .optionalAttr("otherKeyword", ods::UnitAttr())
      .optionalAttr("diffNameUnitAttrKeyword", ods::UnitAttr())
      .format("oilist( `keyword` $keyword | `otherKeyword` $otherKeyword "
              "| `thirdKeyword` $diffNameUnitAttrKeyword) attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.oilist_with_simple_args")
      .optionalOperand("arg0", ods::AnyType())
      .optionalOperand("arg1", ods::AnyType())
      .optionalOperand("arg2", ods::AnyType())
      .traits({ods::AttrSizedOperandSegments()})
      .format("oilist( `keyword` $arg0 `:` type($arg0) | `otherKeyword` $arg1 `:` type($arg1) "
              "| `thirdKeyword` $arg2 `:` type($arg2) ) attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.oilist_variadic_with_parens")
      .variadicOperand("arg0", ods::AnyType())
      .variadicOperand("arg1", ods::AnyType())
      .variadicOperand("arg2", ods::AnyType())
      .traits({ods::AttrSizedOperandSegments()})
      .format("oilist( `keyword` `(` $arg0 `:` type($arg0) `)` | `otherKeyword` `(` $arg1 `:` type($arg1) `)` "
              "| `thirdKeyword` `(` $arg2 `:` type($arg2) `)`) attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.oilist_custom")
      .variadicOperand("arg0", ods::AnyType())
      .optionalOperand("optOperand", ods::I(32))
      .optionalAttr("nowait", ods::UnitAttr())
      .traits({ods::AttrSizedOperandSegments()})
      .directive({"CustomOptionalOperand", parseCustomOptionalOperand, printCustomOptionalOperand, nullptr})
      .format("oilist( `private` `(` $arg0 `:` type($arg0) `)` "
              "| `reduction` custom<CustomOptionalOperand>($optOperand) | `nowait` $nowait ) attr-dict")
      .registerIn(dialect);
}

/// SingleNoTerminatorCustomAsmOp's custom form: the region alone, printed
/// right after the op name.
static ParseResult parseSingleNoTerminatorCustomAsmOp(OpAsmParser &parser, OperationState &state) {
  Region *body = state.addRegion();
  return parser.parseRegion(*body, {});
}
static void printSingleNoTerminatorCustomAsmOp(Operation *op, OpAsmPrinter &printer) {
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/false);
}

static void registerNoTerminatorOps(Dialect &dialect) {
  ods::OpDef("test.variadic_no_terminator_op")
      .variadicRegion("my_regions", ods::SizedRegion(1))
      .traits({ods::NoTerminator(), ods::SingleBlock()})
      .format("attr-dict `:` $my_regions")
      .registerIn(dialect);
  ods::OpDef("test.single_no_terminator_custom_asm_op")
      .region("bodyRegion", ods::SizedRegion(1))
      .traits({ods::NoTerminator(), ods::SingleBlock()})
      .customAssembly(parseSingleNoTerminatorCustomAsmOp, printSingleNoTerminatorCustomAsmOp)
      .registerIn(dialect);
}

/// IsolatedRegionOp's custom form: `%index {...}`, the operand being the
/// entry block's argument too (its name shadowed in the region).
static ParseResult parseIsolatedRegionOp(OpAsmParser &parser, OperationState &state) {
  OpAsmParser::Argument argument;
  argument.type = IndexType::get(parser.getContext());
  if (parser.parseOperand(argument.ssaName) ||
      parser.resolveOperand(argument.ssaName, argument.type, state.operands))
    return failure();
  Region *body = state.addRegion();
  return parser.parseRegion(*body, ArrayRef<OpAsmParser::Argument>(&argument, 1), /*enableNameShadowing=*/true);
}
static void printIsolatedRegionOp(Operation *op, OpAsmPrinter &printer) {
  printer << " ";
  printer.printOperand(op->getOperand(0));
  printer.shadowRegionArgs(op->getRegion(0), op->getOperands());
  printer << " ";
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
}

static void registerRegionOps(Dialect &dialect) {
  ods::OpDef("test.isolated_region")
      .operand("", ods::Index())
      .region("region", ods::SizedRegion(1))
      .traits({ods::IsolatedFromAbove()})
      .customAssembly(parseIsolatedRegionOp, printIsolatedRegionOp)
      .registerIn(dialect);
  ods::OpDef("test.isolated_regions")
      .variadicRegion("regions", ods::AnyRegion())
      .traits({ods::IsolatedFromAbove()})
      .format("attr-dict-with-keyword $regions")
      .registerIn(dialect);
  ods::OpDef("test.alloca_scope_region")
      .region("region", ods::AnyRegion())
      .traits({ods::AutomaticAllocationScope()})
      .format("attr-dict-with-keyword $region")
      .registerIn(dialect);
}

/// The enum attribute ops (TestOps.td's "Test Enum Attributes" and "Test
/// Bit Enum Attributes" sections) and DenseArrayAttrOp. Attributes in name
/// order, as MLIR checks and prints properties.
static void registerEnumAttrOps(Dialect &dialect) {
  testdialect::registerEnumAttrSyntax();
  ods::OpDef("test.op_with_enum")
      .optionalAttr("tag", ods::AnyAttr())
      .attr("value", ods::EnumAttrConstraint<testdialect::TestEnumAttr>(testdialect::testEnumInfo()))
      .format("$value (`tag` $tag^)? attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.op_with_bit_enum")
      .optionalAttr("tag", ods::AnyAttr())
      .attr("value", ods::EnumAttrConstraint<testdialect::TestBitEnumAttr>(testdialect::testBitEnumInfo()))
      .format("$value (`tag` $tag^)? attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.op_with_bit_enum_vbar")
      .optionalAttr("tag", ods::AnyAttr())
      .attr("value", ods::EnumAttrConstraint<testdialect::TestBitEnumVerticalBarAttr>(
                         testdialect::testBitEnumVerticalBarInfo()))
      .format("$value (`tag` $tag^)? attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.dense_array_attr")
      .attr("emptyattr", ods::DenseI32ArrayAttr())
      .attr("f32attr", ods::DenseF32ArrayAttr())
      .attr("f64attr", ods::DenseF64ArrayAttr())
      .attr("i16attr", ods::DenseI16ArrayAttr())
      .attr("i1attr", ods::DenseBoolArrayAttr())
      .attr("i32attr", ods::DenseI32ArrayAttr())
      .attr("i64attr", ods::DenseI64ArrayAttr())
      .attr("i8attr", ods::DenseI8ArrayAttr())
      .format("`i1attr` `=` $i1attr `i8attr` `=` $i8attr `i16attr` `=` $i16attr "
              "`i32attr` `=` $i32attr `i64attr` `=` $i64attr  `f32attr` `=` $f32attr "
              "`f64attr` `=` $f64attr `emptyattr` `=` $emptyattr attr-dict")
      .registerIn(dialect);
}

//===----------------------------------------------------------------------===//
// custom<SwitchCases>: `case N {...}` per region, each on a new line
//===----------------------------------------------------------------------===//

static ParseResult parseSwitchCases(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  std::vector<int64_t> values;
  while (succeeded(parser.parseOptionalKeyword("case"))) {
    int64_t value;
    auto region = std::make_unique<Region>();
    if (parser.parseInteger(value) || parser.parseRegion(*region, {}))
      return failure();
    values.push_back(value);
    args[1]->regions->push_back(std::move(region));
  }
  *args[0]->attr = DenseI64ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printSwitchCases(OpAsmPrinter &printer, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  ArrayRef<int64_t> values = cast<DenseI64ArrayAttr>(args[0].attr).asArrayRef();
  ArrayRef<Region *> regions = args[1].regions;
  for (size_t i = 0, e = std::min(values.size(), regions.size()); i < e; ++i) {
    printer.printNewline();
    printer << "case " << values[i] << ' ';
    printer.printRegion(*regions[i], /*printEntryBlockArgs=*/false);
  }
}

/// LoopBlockOp: the body is entered from the op (with `init`) and from
/// itself; it exits to the op's results. Its terminator forwards
/// `nextIterArg` to the body and `exitArg` to the op.
static void loopBlockSuccessors(Operation *op, RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  Region &body = op->getRegion(0);
  regions.push_back(RegionSuccessor(&body, body.getArguments()));
  if (!point.isParent())
    regions.push_back(RegionSuccessor::parent(op));
}
static OperandRange loopBlockEntryOperands(Operation *op, RegionSuccessor) { return op->getOperands(); }
static MutableOperandRange loopBlockTermOperands(Operation *op, RegionSuccessor successor) {
  return MutableOperandRange(op, successor.isParent() ? 1 : 0, 1);
}
/// TestNoTerminatorOp (switch_with_no_break): no successor regions.
static void noSuccessorRegions(Operation *, RegionBranchPoint, SmallVectorImpl<RegionSuccessor> &) {}

/// The region-branch ops of TestOps.td (LoopBlockOp, LoopBlockTerminatorOp,
/// TestNoTerminatorOp).
static void registerRegionBranchOps(Dialect &dialect) {
  ods::OpDef("test.loop_block")
      .operand("init", ods::I(32))
      .result("floatResult", ods::F(32))
      .region("body", ods::SizedRegion(1))
      .traits({ods::Implements<RegionBranchOpInterface>(
                   {.getEntrySuccessorOperands = loopBlockEntryOperands, .getSuccessorRegions = loopBlockSuccessors}),
               ods::RecursiveMemoryEffects()})
      .format("$init `:` functional-type($init, $floatResult) $body attr-dict-with-keyword")
      .registerIn(dialect);
  ods::OpDef("test.loop_block_term")
      .operand("nextIterArg", ods::I(32))
      .operand("exitArg", ods::F(32))
      .traits({ods::Implements<RegionBranchTerminatorOpInterface>({.getMutableSuccessorOperands = loopBlockTermOperands}),
               ods::Pure(), ods::IsTerminator()})
      .format("`iter` $nextIterArg `exit` $exitArg attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.switch_with_no_break")
      .operand("arg", ods::Index())
      .attr("cases", ods::DenseI64ArrayAttr())
      .variadicRegion("caseRegions", ods::SizedRegion(1))
      .traits({ods::NoTerminator(), ods::Implements<RegionBranchOpInterface>({.getSuccessorRegions = noSuccessorRegions})})
      .directive({"SwitchCases", parseSwitchCases, printSwitchCases, nullptr})
      .format("$arg attr-dict custom<SwitchCases>($cases, $caseRegions)")
      .registerIn(dialect);
}

/// AnyShaped: "shaped of any type values".
static ods::TypeConstraint anyShaped() {
  ods::TypeConstraint c("shaped of any type values", [](Type t) { return isa<ShapedType>(t); });
  c.cppClass = &ods::ShapedTypeClass;
  return c;
}

/// The ops of TestOps.td's "Test Traits" and "Test Regions" sections that
/// only declare traits, operands and regions.
static void registerTraitOps(Dialect &dialect) {
  ods::OpDef("test.same_operand_element_type")
      .operand("", ods::AnyType())
      .operand("", ods::AnyType())
      .result("", ods::AnyType())
      .traits({ods::SameOperandsElementType()})
      .registerIn(dialect);
  ods::OpDef("test.same_operand_and_result_element_type")
      .variadicOperand("", ods::AnyType())
      .variadicResult("", ods::AnyType())
      .traits({ods::SameOperandsAndResultElementType()})
      .registerIn(dialect);
  ods::OpDef("test.same_operand_shape")
      .variadicOperand("", anyShaped())
      .traits({ods::SameOperandsShape()})
      .registerIn(dialect);
  ods::OpDef("test.same_operand_and_result_shape")
      .variadicOperand("", anyShaped())
      .variadicResult("", anyShaped())
      .traits({ods::SameOperandsAndResultShape()})
      .registerIn(dialect);
  ods::OpDef("test.same_operand_and_result_type")
      .variadicOperand("", ods::AnyType())
      .variadicResult("", ods::AnyType())
      .traits({ods::SameOperandsAndResultType()})
      .registerIn(dialect);
  ods::OpDef("test.elementwise_mappable")
      .variadicOperand("", ods::AnyType())
      .variadicResult("", ods::AnyType())
      .traits({ods::ElementwiseMappable()})
      .registerIn(dialect);
  ods::OpDef("test.broadcastable")
      .variadicOperand("", ods::AnyTensor())
      .result("", ods::AnyTensor())
      .traits({ods::ResultsBroadcastableShape()})
      .registerIn(dialect);
  ods::OpDef("test.mixed_normal_variadic_operand")
      .variadicOperand("input1", ods::AnyTensor())
      .operand("input2", ods::AnyTensor())
      .variadicOperand("input3", ods::AnyTensor())
      .traits({ods::SameVariadicOperandSize()})
      .registerIn(dialect);
  ods::OpDef("test.ssacfg_region")
      .variadicOperand("", ods::AnyType())
      .variadicResult("", ods::AnyType())
      .variadicRegion("regions", ods::AnyRegion())
      .trait(ods::Implements<RegionKindInterface>({[](unsigned) { return RegionKind::SSACFG; }}))
      .registerIn(dialect);
  ods::OpDef("test.one_region_op").region("", ods::AnyRegion()).registerIn(dialect);
  ods::OpDef("test.two_region_op").region("", ods::AnyRegion()).region("", ods::AnyRegion()).registerIn(dialect);
  ods::OpDef("test.sized_region_op")
      .region("my_region", ods::SizedRegion(2))
      .region("", ods::SizedRegion(1))
      .registerIn(dialect);
}

/// PolyForOp's custom form: `%i, %j {...}`, the region's index arguments
/// listed before it (OpAsmOpInterface names them from `arg_names`).
static ParseResult parsePolyForOp(OpAsmParser &parser, OperationState &state) {
  std::vector<OpAsmParser::Argument> ivs;
  if (parser.parseArgumentList(ivs, OpAsmParser::Delimiter::None))
    return failure();
  for (OpAsmParser::Argument &iv : ivs)
    iv.type = IndexType::get(parser.getContext());
  Region *body = state.addRegion();
  return parser.parseRegion(*body, ivs);
}
static void printPolyForOp(Operation *op, OpAsmPrinter &printer) {
  printer << " ";
  Region &body = op->getRegion(0);
  bool first = true;
  for (BlockArgument arg : body.getArguments()) {
    if (!first)
      printer << ", ";
    first = false;
    printer.printRegionArgument(arg, {}, /*omitType=*/true);
  }
  printer << " ";
  printer.printRegion(body, /*printEntryBlockArgs=*/false);
}
static void polyForBlockArgumentNames(Operation *op, Region &region, OpAsmSetValueNameFn setName) {
  auto names = dyn_cast_or_null<lamina::ArrayAttr>(op->getAttr("arg_names"));
  if (!names || region.empty())
    return;
  Block &entry = region.front();
  for (unsigned i = 0, e = std::min<size_t>(names.size(), entry.getNumArguments()); i < e; ++i)
    if (auto name = dyn_cast<lamina::StringAttr>(names.getValue()[i]))
      setName(entry.getArgument(i), name.getValue());
}

/// WrappingRegionOp's custom form: `wraps` and a generic op, which the op's
/// region holds with a test.return of its results; the op takes the wrapped
/// op's result types and location.
static ParseResult parseWrappingRegionOp(OpAsmParser &parser, OperationState &state) {
  if (parser.parseKeyword("wraps"))
    return failure();
  Region &body = *state.addRegion();
  Block *block = new Block();
  body.push_back(block);
  Operation *wrapped = parser.parseGenericOperation(block, block->end());
  if (!wrapped)
    return failure();
  OperationState ret(wrapped->getLoc(), "test.return");
  for (Value result : wrapped->getResults())
    ret.operands.push_back(result);
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToEnd(block);
  builder.create(ret);
  for (Value result : wrapped->getResults())
    state.types.push_back(result.getType());
  state.location = wrapped->getLoc();
  return success();
}
static void printWrappingRegionOp(Operation *op, OpAsmPrinter &printer) {
  printer << " wraps ";
  printer.printGenericOp(&op->getRegion(0).front().front());
}

/// PrettyPrintedRegionOp's custom form: `%a, %b start <op name> end :
/// (t, t) -> r [loc(...)]`, the region holding a binary <op name> on its two
/// arguments (of the first input type) and a test.return of its result; the
/// region is printed that way when it holds a test.special.op, as
/// `({...})` otherwise. (MLIR also parses the `({...}) : type` form through
/// parseGenericOperationAfterOpName, which Lamina's parser lacks.)
static ParseResult parsePrettyPrintedRegionOp(OpAsmParser &parser, OperationState &state) {
  SMLoc loc = parser.getCurrentLocation();
  Location currentLocation = parser.getEncodedSourceLoc(loc);
  SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  if (parser.parseOperandList(operands))
    return failure();
  if (parser.parseKeyword("start"))
    return failure();
  FailureOr<OperationName> innerName = parser.parseCustomOperationName();
  if (failed(innerName))
    return failure();
  FunctionType type;
  std::optional<Location> explicitLoc;
  if (parser.parseKeyword("end") || parser.parseColon() || parser.parseType(type) ||
      parser.parseOptionalLocationSpecifier(explicitLoc))
    return failure();
  Location opLoc = explicitLoc.value_or(currentLocation);
  if (parser.resolveOperands(operands, type.getInputs(), loc, state.operands))
    return failure();
  if (type.getNumInputs() == 0)
    return parser.emitError(loc, "expected at least one input type");
  Region &body = *state.addRegion();
  Block *block = new Block();
  body.push_back(block);
  Type innerType = type.getInput(0);
  Value lhs = block->addArgument(innerType, opLoc);
  Value rhs = block->addArgument(innerType, opLoc);
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToStart(block);
  Value innerOperands[] = {lhs, rhs};
  Operation *inner = builder.create(opLoc, innerName->getStringRef(), ValueRange(innerOperands), TypeRange(innerType));
  OperationState ret(inner->getLoc(), "test.return");
  for (Value result : inner->getResults())
    ret.operands.push_back(result);
  builder.create(ret);
  for (Type result : type.getResults())
    state.types.push_back(result);
  state.location = inner->getLoc();
  return success();
}
static void printPrettyPrintedRegionOp(Operation *op, OpAsmPrinter &printer) {
  printer << " ";
  printer.printOperands(op->getOperands());
  Operation &inner = op->getRegion(0).front().front();
  if (inner.getName().getStringRef() == "test.special.op") {
    printer << " start test.special.op end";
  } else {
    printer << " (";
    printer.printRegion(op->getRegion(0));
    printer << ")";
  }
  printer << " : ";
  printer.printFunctionalType(op);
}

/// custom<OptionalLoc>: an optional `loc(...)`, the current source location
/// when absent; printed as the location specifier (with debug info only).
static ParseResult parseOptionalLocDirective(OpAsmParser &parser, OperationState &,
                                             ArrayRef<ods::CustomParseArg *> args) {
  std::optional<Location> result;
  SMLoc sourceLoc = parser.getCurrentLocation();
  if (parser.parseOptionalLocationSpecifier(result))
    return failure();
  *args[0]->attr = result ? LocationAttr(*result) : LocationAttr(parser.getEncodedSourceLoc(sourceLoc));
  return success();
}
static void printOptionalLocDirective(OpAsmPrinter &printer, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  if (auto loc = dyn_cast_or_null<LocationAttr>(args[0].attr))
    printer.printOptionalLocationSpecifier(Location(loc));
}

static void registerCustomSyntaxOps(Dialect &dialect) {
  ods::OpDef("test.attr_with_loc")
      .attr("loc", ods::AnyAttr())
      .attr("value", ods::AnyAttr())
      .directive({"OptionalLoc", parseOptionalLocDirective, printOptionalLocDirective, nullptr})
      .format("`(` $value `` custom<OptionalLoc>($loc) `)` attr-dict")
      .registerIn(dialect);
  ods::OpDef("test.pretty_printed_region")
      .operand("input1", ods::AnyType())
      .operand("input2", ods::AnyType())
      .result("", ods::AnyType())
      .region("region", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("test.return")})
      .customAssembly(parsePrettyPrintedRegionOp, printPrettyPrintedRegionOp)
      .registerIn(dialect);
  ods::OpDef("test.polyfor")
      .region("region", ods::SizedRegion(1))
      .trait(ods::Implements<OpAsmOpInterface>({.getAsmBlockArgumentNames = polyForBlockArgumentNames}))
      .customAssembly(parsePolyForOp, printPolyForOp)
      .registerIn(dialect);
  ods::OpDef("test.wrapping_region")
      .variadicResult("", ods::AnyType())
      .region("region", ods::SizedRegion(1))
      .traits({ods::SingleBlockImplicitTerminator("test.return")})
      .customAssembly(parseWrappingRegionOp, printWrappingRegionOp)
      .registerIn(dialect);
}

void lamina::registerTestSyntaxOps(Dialect &dialect) {
  registerCustomSyntaxOps(dialect);
  registerTraitOps(dialect);
  registerRegionBranchOps(dialect);
  registerEnumAttrOps(dialect);
  registerOIListOps(dialect);
  registerNoTerminatorOps(dialect);
  registerRegionOps(dialect);
}
