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
//
#include "lamina/Dialect/Test/TestDialect.h"

#include "lamina/ODS/OpDef.h"

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

void lamina::registerTestSyntaxOps(Dialect &dialect) {
  registerOIListOps(dialect);
  registerNoTerminatorOps(dialect);
  registerRegionOps(dialect);
}
