//===- TestFormatOps.cpp - Mirrors of MLIR's test-dialect format ops ------===//
//
// Operations of MLIR's test dialect (mlir/test/lib/Dialect/Test/
// TestOpsSyntax.td) re-declared with Lamina's ODS engine, with the same
// names and assembly formats, so that the engine's parser and printer can be
// compared against mlir-opt on the same input (test/ODS/op-format.mlir).
//
#include "TestDialect.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;

static const ods::EnumInfo &someI64Enum() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::intEnum("SomeI64Enum", 64, {{"case5", 5}, {"case10", 10}});
    e.cppType = "::test::SomeI64Enum";
    return e;
  }();
  return info;
}

static LogicalResult inferI16(const ods::InferContext &ctx, SmallVectorImpl<Type> &inferred) {
  inferred.assign({IntegerType::get(ctx.context, 16)});
  return success();
}

static LogicalResult inferOperandTypes(const ods::InferContext &ctx, SmallVectorImpl<Type> &inferred) {
  for (Value v : ctx.operands)
    inferred.push_back(v.getType());
  return success();
}

static LogicalResult inferRegionArgs(const ods::InferContext &ctx, SmallVectorImpl<Type> &inferred) {
  if (ctx.regions.empty())
    return failure();
  Region *r = ctx.regions.front();
  if (r->empty())
    return success();
  for (BlockArgument a : r->front().getArguments())
    inferred.push_back(a.getType());
  return success();
}

static void identityType(Type t, SmallVectorImpl<Type> &out) { out.push_back(t); }
static void tupleOfType(Type t, SmallVectorImpl<Type> &out) { out.push_back(TupleType::get(t.getContext(), {t})); }

//===----------------------------------------------------------------------===//
// Custom directives of TestOpsSyntax.cpp (same syntax), through the engine's
// argument records.
//===----------------------------------------------------------------------===//

using PArgs = ArrayRef<ods::CustomParseArg *>;
using PrArgs = ArrayRef<ods::CustomPrintArg>;

static ParseResult parseOptOperandInto(OpAsmParser &p, ods::CustomParseArg *a) {
  OpAsmParser::UnresolvedOperand o;
  if (p.parseOperand(o))
    return failure();
  a->operands->push_back(o);
  return success();
}

static ParseResult parseCustomDirectiveOperands(OpAsmParser &p, OperationState &, PArgs args) {
  if (parseOptOperandInto(p, args[0]))
    return failure();
  if (succeeded(p.parseOptionalComma()) && parseOptOperandInto(p, args[1]))
    return failure();
  if (p.parseArrow() || p.parseLParen() || p.parseOperandList(*args[2]->operands) || p.parseRParen())
    return failure();
  return success();
}
static void printCustomDirectiveOperands(OpAsmPrinter &p, Operation *, PrArgs args) {
  p.printOperand(args[0].operands[0]);
  if (!args[1].operands.empty()) {
    p << ", ";
    p.printOperand(args[1].operands[0]);
  }
  p << " -> (";
  p.printOperands(args[2].operands);
  p << ")";
}

static ParseResult parseResultTypes(OpAsmParser &p, ods::CustomParseArg *a0, ods::CustomParseArg *a1,
                                    ods::CustomParseArg *a2, SmallVectorImpl<Type> &t0, SmallVectorImpl<Type> &t1,
                                    SmallVectorImpl<Type> &t2) {
  if (p.parseColon())
    return failure();
  Type t;
  if (p.parseType(t))
    return failure();
  t0.push_back(t);
  if (succeeded(p.parseOptionalComma())) {
    if (p.parseType(t))
      return failure();
    t1.push_back(t);
  }
  if (p.parseArrow() || p.parseLParen())
    return failure();
  if (failed(p.parseOptionalRParen())) {
    do {
      if (p.parseType(t))
        return failure();
      t2.push_back(t);
    } while (succeeded(p.parseOptionalComma()));
    if (p.parseRParen())
      return failure();
  }
  (void)a0, (void)a1, (void)a2;
  return success();
}
static ParseResult parseCustomDirectiveResults(OpAsmParser &p, OperationState &, PArgs args) {
  return parseResultTypes(p, args[0], args[1], args[2], *args[0]->types, *args[1]->types, *args[2]->types);
}
static void printResultTypes(OpAsmPrinter &p, const ods::CustomPrintArg &a0, const ods::CustomPrintArg &a1,
                             const ods::CustomPrintArg &a2) {
  p << " : " << a0.types[0];
  if (!a1.types.empty())
    p << ", " << a1.types[0];
  p << " -> (";
  for (size_t i = 0; i < a2.types.size(); ++i)
    p << (i ? ", " : "") << a2.types[i];
  p << ")";
}
static void printCustomDirectiveResults(OpAsmPrinter &p, Operation *, PrArgs args) {
  printResultTypes(p, args[0], args[1], args[2]);
}
static ParseResult parseCustomDirectiveWithTypeRefs(OpAsmParser &p, OperationState &, PArgs args) {
  if (p.parseKeyword("type_refs_capture"))
    return failure();
  SmallVector<Type, 4> t0, t1, t2;
  if (parseResultTypes(p, args[0], args[1], args[2], t0, t1, t2))
    return failure();
  if (ArrayRef<Type>(t0) != ArrayRef<Type>(*args[0]->types) || ArrayRef<Type>(t1) != ArrayRef<Type>(*args[1]->types) ||
      ArrayRef<Type>(t2) != ArrayRef<Type>(*args[2]->types))
    return failure();
  return success();
}
static void printCustomDirectiveWithTypeRefs(OpAsmPrinter &p, Operation *, PrArgs args) {
  p << " type_refs_capture ";
  printResultTypes(p, args[0], args[1], args[2]);
}
static ParseResult parseCustomDirectiveOperandsAndTypes(OpAsmParser &p, OperationState &s, PArgs args) {
  if (parseCustomDirectiveOperands(p, s, args.slice(0, 3)))
    return failure();
  return parseResultTypes(p, args[3], args[4], args[5], *args[3]->types, *args[4]->types, *args[5]->types);
}
static void printCustomDirectiveOperandsAndTypes(OpAsmPrinter &p, Operation *op, PrArgs args) {
  printCustomDirectiveOperands(p, op, args.slice(0, 3));
  printResultTypes(p, args[3], args[4], args[5]);
}
static ParseResult parseCustomDirectiveRegions(OpAsmParser &p, OperationState &, PArgs args) {
  if (p.parseRegion(*(*args[0]->regions)[0]))
    return failure();
  if (failed(p.parseOptionalComma()))
    return success();
  auto r = std::make_unique<Region>();
  if (p.parseRegion(*r))
    return failure();
  args[1]->regions->push_back(std::move(r));
  return success();
}
static void printCustomDirectiveRegions(OpAsmPrinter &p, Operation *, PrArgs args) {
  p.printRegion(*args[0].regions[0]);
  if (!args[1].regions.empty()) {
    p << ", ";
    for (Region *r : args[1].regions)
      p.printRegion(*r);
  }
}
static ParseResult parseCustomDirectiveSuccessors(OpAsmParser &p, OperationState &, PArgs args) {
  Block *b;
  if (p.parseSuccessor(b))
    return failure();
  args[0]->successors->push_back(b);
  if (failed(p.parseOptionalComma()))
    return success();
  if (p.parseSuccessor(b))
    return failure();
  args[1]->successors->push_back(b);
  args[1]->successors->push_back(b);
  return success();
}
static void printCustomDirectiveSuccessors(OpAsmPrinter &p, Operation *, PrArgs args) {
  p.printSuccessor(args[0].successors[0]);
  if (!args[1].successors.empty()) {
    p << ", ";
    p.printSuccessor(args[1].successors.front());
  }
}
static ParseResult parseCustomDirectiveAttributes(OpAsmParser &p, OperationState &, PArgs args) {
  IntegerAttr a;
  if (p.parseAttribute(a))
    return failure();
  *args[0]->attr = a;
  if (succeeded(p.parseOptionalComma())) {
    if (p.parseAttribute(a))
      return failure();
    *args[1]->attr = a;
  }
  return success();
}
static void printCustomDirectiveAttributes(OpAsmPrinter &p, Operation *, PrArgs args) {
  p << args[0].attr;
  if (args[1].attr)
    p << ", " << args[1].attr;
}
static ParseResult parseCustomDirectiveSpacing(OpAsmParser &p, OperationState &, PArgs args) {
  lamina::StringAttr a;
  if (p.parseAttribute(a))
    return failure();
  *args[0]->attr = a;
  return success();
}
static void printCustomDirectiveSpacing(OpAsmPrinter &p, Operation *, PrArgs args) { p << args[0].attr; }
static ParseResult parseCustomDirectiveAttrDict(OpAsmParser &p, OperationState &, PArgs args) {
  return p.parseOptionalAttrDict(*args[0]->attrs);
}
static void printCustomDirectiveAttrDict(OpAsmPrinter &p, Operation *, PrArgs args) {
  p.printOptionalAttrDict(args[0].attrs.getValue());
}
static ParseResult parseCustomDirectiveOptionalOperandRef(OpAsmParser &p, OperationState &, PArgs args) {
  int64_t count = 0;
  if (p.parseInteger(count))
    return failure();
  bool expectedOptionalOperand = count == 0;
  return success(expectedOptionalOperand != !args[0]->operands->empty());
}
static void printCustomDirectiveOptionalOperandRef(OpAsmPrinter &p, Operation *, PrArgs args) {
  p << (args[0].operands.empty() ? "0" : "1");
}
static ParseResult parseCustomOptionalOperand(OpAsmParser &p, OperationState &, PArgs args) {
  if (succeeded(p.parseOptionalLParen()))
    if (parseOptOperandInto(p, args[0]) || p.parseRParen())
      return failure();
  return success();
}
static void printCustomOptionalOperand(OpAsmPrinter &p, Operation *, PrArgs args) {
  if (!args[0].operands.empty())
  {
    p << "(";
    p.printOperand(args[0].operands[0]);
    p << ") ";
  }
}

void lamina::registerTestFormatOps(TestDialect &d) {
  using namespace ods;
  // TestReturnOp: no assembly format (printed generically).
  OpDef("test.return").variadicOperand("operands").traits({Pure(), ReturnLike(), IsTerminator()}).registerIn(d);
  OpDef("test.terminator").trait(IsTerminator()).registerIn(d);

  OpDef("test.oilist_with_keywords_only")
      .optionalAttr("keyword", ods::UnitAttr())
      .optionalAttr("otherKeyword", ods::UnitAttr())
      .optionalAttr("diffNameUnitAttrKeyword", ods::UnitAttr())
      .format("oilist( `keyword` $keyword | `otherKeyword` $otherKeyword | `thirdKeyword` "
              "$diffNameUnitAttrKeyword) attr-dict")
      .registerIn(d);
  OpDef("test.oilist_with_simple_args")
      .optionalOperand("arg0")
      .optionalOperand("arg1")
      .optionalOperand("arg2")
      .trait(AttrSizedOperandSegments())
      .format("oilist( `keyword` $arg0 `:` type($arg0) | `otherKeyword` $arg1 `:` type($arg1) | `thirdKeyword` "
              "$arg2 `:` type($arg2) ) attr-dict")
      .registerIn(d);
  OpDef("test.oilist_variadic_with_parens")
      .variadicOperand("arg0")
      .variadicOperand("arg1")
      .variadicOperand("arg2")
      .trait(AttrSizedOperandSegments())
      .format("oilist( `keyword` `(` $arg0 `:` type($arg0) `)` | `otherKeyword` `(` $arg1 `:` type($arg1) `)` | "
              "`thirdKeyword` `(` $arg2 `:` type($arg2) `)`) attr-dict")
      .registerIn(d);
  OpDef("test.oilist_allowed_literal").format("oilist( `foo` | `bar` ) `buzz` attr-dict").registerIn(d);
  OpDef("test.ellipsis")
      .variadicOperand("operands")
      .optionalAttr("variadic", ods::UnitAttr())
      .format("`(` $operands (`...` $variadic^)? `)` attr-dict `:` type($operands) `...`")
      .registerIn(d);
  OpDef("test.else_anchor")
      .optionalOperand("a")
      .format("`(` (`?`) : (`` $a^ `:` type($a))? `)` attr-dict")
      .registerIn(d);
  OpDef("test.op.with_dot_in_name").format("attr-dict").registerIn(d);

  OpDef("test.format_literal_op")
      .format("`keyword_$.` `->` `:` `,` `=` `<` `>` `(` `)` `[` `]` `` `(` ` ` `)` `?` `+` `*` `{` `\\n` `}` "
              "attr-dict")
      .registerIn(d);
  OpDef("test.format_attr_op").attr("attr", IntAttr(64)).format("$attr attr-dict").registerIn(d);
  OpDef("test.format_opt_attr_op_a")
      .optionalAttr("opt_attr", IntAttr(64))
      .format("(`(` $opt_attr^ `)` )? attr-dict")
      .registerIn(d);
  OpDef("test.format_opt_attr_op_b")
      .optionalAttr("opt_attr", IntAttr(64))
      .format("($opt_attr^)? attr-dict")
      .registerIn(d);
  OpDef("test.format_symbol_name_attr_op").attr("attr", ods::SymbolNameAttr()).format("$attr attr-dict").registerIn(d);
  OpDef("test.format_opt_symbol_name_attr_op")
      .optionalAttr("opt_attr", ods::SymbolNameAttr())
      .format("($opt_attr^)? attr-dict")
      .registerIn(d);
  OpDef("test.format_opt_symbol_ref_attr_op")
      .optionalAttr("opt_attr", ods::SymbolRefAttr())
      .format("($opt_attr^)? attr-dict")
      .registerIn(d);
  OpDef("test.format_attr_dict_w_keyword")
      .attr("attr", IntAttr(64))
      .optionalAttr("opt_attr", IntAttr(64))
      .format("attr-dict-with-keyword")
      .registerIn(d);
  OpDef("test.format_buildable_type_op")
      .operand("buildable", I(64))
      .result("buildable_res", I(64))
      .format("$buildable attr-dict")
      .registerIn(d);

  OpDef("test.format_region_a_op").region("region").format("regions attr-dict").registerIn(d);
  OpDef("test.format_region_b_op").region("region").format("$region attr-dict").registerIn(d);
  OpDef("test.format_region_c_op").region("region").format("(`region` $region^)? attr-dict").registerIn(d);
  OpDef("test.format_variadic_region_a_op").variadicRegion("regions").format("$regions attr-dict").registerIn(d);
  OpDef("test.format_variadic_region_b_op")
      .variadicRegion("regions")
      .format("($regions^ `found_regions`)? attr-dict")
      .registerIn(d);
  OpDef("test.format_implicit_terminator_region_a_op")
      .region("region")
      .trait(SingleBlockImplicitTerminator("test.return"))
      .format("$region attr-dict")
      .registerIn(d);

  auto resultBase = [&](const char *name, const char *fmt) {
    OpDef(name).result("buildable_res", I(64)).result("result", AnyMemRef()).format(fmt).registerIn(d);
  };
  resultBase("test.format_result_a_op", "type($result) attr-dict");
  resultBase("test.format_result_b_op", "type(results) attr-dict");
  resultBase("test.format_result_c_op", "functional-type($buildable_res, $result) attr-dict");
  OpDef("test.format_variadic_result").variadicResult("result", I(64)).format("`:` type($result) attr-dict").registerIn(d);
  OpDef("test.format_multiple_variadic_results")
      .variadicResult("result0", I(64))
      .variadicResult("result1")
      .trait(AttrSizedResultSegments())
      .format("`:` `(` type($result0) `)` `,` `(` type($result1) `)` attr-dict")
      .registerIn(d);

  auto operandBase = [&](const char *name, const char *fmt) {
    OpDef(name).operand("buildable", I(64)).operand("operand", AnyMemRef()).format(fmt).registerIn(d);
  };
  operandBase("test.format_operand_a_op", "operands `:` type(operands) attr-dict");
  operandBase("test.format_operand_b_op", "operands `:` type($operand) attr-dict");
  operandBase("test.format_operand_c_op", "$buildable `,` $operand `:` type(operands) attr-dict");
  operandBase("test.format_operand_d_op", "$buildable `,` $operand `:` type($operand) attr-dict");
  operandBase("test.format_operand_e_op", "$buildable `,` $operand `:` type($buildable) `,` type($operand) attr-dict");

  OpDef("test.format_successor_a_op")
      .variadicSuccessor("targets")
      .trait(IsTerminator())
      .format("$targets attr-dict")
      .registerIn(d);
  OpDef("test.format_variadic_operand")
      .variadicOperand("operand", I(64))
      .format("$operand `:` type($operand) attr-dict")
      .registerIn(d);
  OpDef("test.format_variadic_of_variadic_operand")
      .variadicOfVariadicOperand("operand", I(64), "operand_segments")
      .attr("operand_segments", ods::DenseI32ArrayAttr())
      .format("$operand `:` type($operand) attr-dict")
      .registerIn(d);
  OpDef("test.format_multiple_variadic_operands")
      .variadicOperand("operand0", I(64))
      .variadicOperand("operand1")
      .trait(AttrSizedOperandSegments())
      .format("` ` `(` $operand0 `)` `,` `(` $operand1 `:` type($operand1) `)` attr-dict")
      .registerIn(d);

  auto optOperandResult = [&](const char *name, const char *fmt) {
    OpDef(name)
        .optionalOperand("optional", I(64))
        .variadicOperand("variadic", I(64))
        .optionalResult("optional_res", I(64))
        .trait(AttrSizedOperandSegments())
        .format(fmt)
        .registerIn(d);
  };
  optOperandResult("test.format_optional_operand_result_a_op",
                   "`(` $optional `:` type($optional) `)` `:` type($optional_res) (`[` $variadic^ `]`)? attr-dict");
  optOperandResult("test.format_optional_operand_result_b_op",
                   "(`(` $optional^ `:` type($optional) `)`)? `:` type($optional_res) (`[` $variadic^ `]`)? "
                   "attr-dict");
  auto optResult = [&](const char *name, const char *fmt) {
    OpDef(name)
        .optionalResult("optional", I(64))
        .variadicResult("variadic", I(64))
        .trait(AttrSizedResultSegments())
        .format(fmt)
        .registerIn(d);
  };
  optResult("test.format_optional_result_a_op", "(`:` type($optional)^ `->` type($variadic))? attr-dict");
  optResult("test.format_optional_result_b_op", "(`:` type($optional) `->` type($variadic)^)? attr-dict");
  optResult("test.format_optional_result_c_op", "(`:` functional-type($optional, $variadic)^)? attr-dict");
  OpDef("test.format_two_variadic_operands_no_buildable_type_op")
      .variadicOperand("a")
      .variadicOperand("b")
      .trait(AttrSizedOperandSegments())
      .format("`(` $a `:` type($a) `)` `->` `(` $b `:` type($b) `)`  attr-dict")
      .registerIn(d);
  OpDef("test.format_infer_variadic_type_from_non_variadic")
      .variadicOperand("args")
      .result("result")
      .trait(SameOperandsAndResultType())
      .format("operands attr-dict `:` type($result)")
      .registerIn(d);

  OpDef("test.format_optional_unit_attribute")
      .optionalAttr("is_optional", ods::UnitAttr())
      .format("(`is_optional` $is_optional^)? attr-dict")
      .registerIn(d);
  OpDef("test.format_optional_unit_attribute_no_elide")
      .optionalAttr("is_optional", ods::UnitAttr())
      .format("($is_optional^)? attr-dict")
      .registerIn(d);
  OpDef("test.format_optional_enum_attr")
      .optionalAttr("attr", IntEnumAttr(someI64Enum()))
      .format("($attr^)? attr-dict")
      .registerIn(d);
  OpDef("test.format_optional_default_attrs")
      .defaultAttr("str", ods::StrAttr(), "\"default\"")
      .defaultAttr("sym", ods::SymbolNameAttr(), "\"default\"")
      .defaultAttr("e", IntEnumAttr(someI64Enum()), "SomeI64Enum::case5")
      .format("($str^)? ($sym^)? ($e^)? attr-dict")
      .registerIn(d);
  OpDef("test.format_optional_else")
      .optionalAttr("isFirstBranchPresent", ods::UnitAttr())
      .format("(`then` $isFirstBranchPresent^):(`else`)? attr-dict")
      .registerIn(d);

  OpDef("test.format_literal_following_optional_group")
      .attr("type", ods::TypeAttr())
      .optionalAttr("value", ods::AnyAttr())
      .format("(`(` $value^ `)`)? `:` $type attr-dict")
      .registerIn(d);

  OpDef("test.format_all_types_match_var")
      .operand("value1")
      .operand("value2")
      .result("result")
      .trait(AllTypesMatch({"value1", "value2", "result"}))
      .format("attr-dict $value1 `,` $value2 `:` type($value1)")
      .registerIn(d);
  OpDef("test.format_all_types_match_attr")
      .attr("value1", ods::TypedAttr())
      .operand("value2")
      .result("result")
      .trait(AllTypesMatch({"value1", "value2", "result"}))
      .format("attr-dict $value1 `,` $value2")
      .registerIn(d);
  OpDef("test.format_types_match_var")
      .operand("value")
      .result("result")
      .trait(TypesMatchWith("result type matches operand", "value", "result", identityType))
      .format("attr-dict $value `:` type($value)")
      .registerIn(d);
  OpDef("test.format_types_match_variadic")
      .variadicOperand("value")
      .variadicResult("result")
      .trait(TypesMatchWith("result type matches operand", "value", "result", identityType, /*isRange=*/true))
      .format("attr-dict $value `:` type($value)")
      .registerIn(d);
  OpDef("test.format_types_match_attr")
      .attr("value", ods::TypedAttr())
      .result("result")
      .trait(TypesMatchWith("result type matches constant", "value", "result", identityType))
      .format("attr-dict $value")
      .registerIn(d);
  OpDef("test.format_types_match_context")
      .operand("value")
      .result("result")
      .trait(TypesMatchWith("tuple result type matches operand type", "value", "result", tupleOfType))
      .format("attr-dict $value `:` type($value)")
      .registerIn(d);

  OpDef("test.format_infer_type").result("").trait(Implements<lamina::InferTypeOpInterface>({inferI16})).format("attr-dict").registerIn(d);
  OpDef("test.format_infer_type2").result("").trait(Implements<lamina::InferTypeOpInterface>({inferI16})).format("attr-dict").registerIn(d);
  auto inferAll = [&](const char *name, const char *fmt) {
    OpDef(name)
        .variadicOperand("args")
        .variadicResult("outs")
        .trait(Implements<lamina::InferTypeOpInterface>({inferOperandTypes}))
        .format(fmt)
        .registerIn(d);
  };
  inferAll("test.format_infer_type_all_operands_and_types", "`(` operands `)` attr-dict `:` type(operands)");
  inferAll("test.format_infer_type_all_types_one_operand", "`(` $args `)` attr-dict `:` type(operands)");
  inferAll("test.format_infer_type_all_types", "`(` operands `)` attr-dict `:` type($args)");
  OpDef("test.format_infer_type_all_types_two_operands")
      .variadicOperand("args0")
      .variadicOperand("args1")
      .variadicResult("outs")
      .traits({Implements<lamina::InferTypeOpInterface>({inferOperandTypes}), SameVariadicOperandSize()})
      .format("`(` $args0 `)` `(` $args1 `)` attr-dict `:` type(operands)")
      .registerIn(d);
  OpDef("test.format_infer_type_regions")
      .variadicResult("outs")
      .region("region")
      .trait(Implements<lamina::InferTypeOpInterface>({inferRegionArgs}))
      .format("$region attr-dict")
      .registerIn(d);
  OpDef("test.format_infer_type_variadic_operands")
      .variadicOperand("a", I(32))
      .variadicOperand("b", I(64))
      .variadicResult("outs")
      .traits({Implements<lamina::InferTypeOpInterface>({inferOperandTypes}), AttrSizedOperandSegments()})
      .format("`(` $a `:` type($a) `)` `(` $b `:` type($b) `)` attr-dict")
      .registerIn(d);

  // Custom directives.
  auto dir = [](const char *name, auto parse, auto print) {
    return ods::CustomDirective{name, parse, print, nullptr};
  };
  OpDef("test.oilist_custom")
      .variadicOperand("arg0")
      .optionalOperand("optOperand", I(32))
      .optionalAttr("nowait", ods::UnitAttr())
      .trait(AttrSizedOperandSegments())
      .directive(dir("CustomOptionalOperand", parseCustomOptionalOperand, printCustomOptionalOperand))
      .format("oilist( `private` `(` $arg0 `:` type($arg0) `)` | `reduction` custom<CustomOptionalOperand>($optOperand) "
              "| `nowait` $nowait ) attr-dict")
      .registerIn(d);
  OpDef("test.format_custom_directive_operands")
      .operand("operand", I(64))
      .optionalOperand("optOperand", I(64))
      .variadicOperand("varOperands", I(64))
      .trait(AttrSizedOperandSegments())
      .directive(dir("CustomDirectiveOperands", parseCustomDirectiveOperands, printCustomDirectiveOperands))
      .format("custom<CustomDirectiveOperands>( $operand, $optOperand, $varOperands ) attr-dict")
      .registerIn(d);
  OpDef("test.format_custom_directive_operands_and_types")
      .operand("operand")
      .optionalOperand("optOperand")
      .variadicOperand("varOperands")
      .trait(AttrSizedOperandSegments())
      .directive(dir("CustomDirectiveOperandsAndTypes", parseCustomDirectiveOperandsAndTypes,
                     printCustomDirectiveOperandsAndTypes))
      .format("custom<CustomDirectiveOperandsAndTypes>( $operand, $optOperand, $varOperands, type($operand), "
              "type($optOperand), type($varOperands) ) attr-dict")
      .registerIn(d);
  OpDef("test.format_custom_directive_regions")
      .region("region")
      .variadicRegion("other_regions")
      .directive(dir("CustomDirectiveRegions", parseCustomDirectiveRegions, printCustomDirectiveRegions))
      .format("custom<CustomDirectiveRegions>( $region, $other_regions ) attr-dict")
      .registerIn(d);
  OpDef("test.format_custom_directive_results")
      .result("result")
      .optionalResult("optResult")
      .variadicResult("varResults")
      .trait(AttrSizedResultSegments())
      .directive(dir("CustomDirectiveResults", parseCustomDirectiveResults, printCustomDirectiveResults))
      .format("custom<CustomDirectiveResults>( type($result), type($optResult), type($varResults) ) attr-dict")
      .registerIn(d);
  OpDef("test.format_custom_directive_results_with_type_refs")
      .result("result")
      .optionalResult("optResult")
      .variadicResult("varResults")
      .trait(AttrSizedResultSegments())
      .directive(dir("CustomDirectiveResults", parseCustomDirectiveResults, printCustomDirectiveResults))
      .directive(dir("CustomDirectiveWithTypeRefs", parseCustomDirectiveWithTypeRefs, printCustomDirectiveWithTypeRefs))
      .format("custom<CustomDirectiveResults>( type($result), type($optResult), type($varResults) ) "
              "custom<CustomDirectiveWithTypeRefs>( ref(type($result)), ref(type($optResult)), "
              "ref(type($varResults)) ) attr-dict")
      .registerIn(d);
  OpDef("test.format_custom_directive_with_optional_operand_ref")
      .optionalOperand("optOperand", I(64))
      .directive(dir("CustomDirectiveOptionalOperandRef", parseCustomDirectiveOptionalOperandRef,
                     printCustomDirectiveOptionalOperandRef))
      .format("($optOperand^)? `:` custom<CustomDirectiveOptionalOperandRef>(ref($optOperand)) attr-dict")
      .registerIn(d);
  OpDef("test.format_custom_directive_successors")
      .successor("successor")
      .variadicSuccessor("successors")
      .trait(IsTerminator())
      .directive(dir("CustomDirectiveSuccessors", parseCustomDirectiveSuccessors, printCustomDirectiveSuccessors))
      .format("custom<CustomDirectiveSuccessors>( $successor, $successors ) attr-dict")
      .registerIn(d);
  OpDef("test.format_custom_directive_attributes")
      .attr("attr", IntAttr(64))
      .optionalAttr("optAttr", IntAttr(64))
      .directive(dir("CustomDirectiveAttributes", parseCustomDirectiveAttributes, printCustomDirectiveAttributes))
      .format("custom<CustomDirectiveAttributes>( $attr, $optAttr ) attr-dict")
      .registerIn(d);
  OpDef("test.format_custom_directive_spacing")
      .attr("attr1", ods::StrAttr())
      .attr("attr2", ods::StrAttr())
      .directive(dir("CustomDirectiveSpacing", parseCustomDirectiveSpacing, printCustomDirectiveSpacing))
      .format("custom<CustomDirectiveSpacing>($attr1) custom<CustomDirectiveSpacing>($attr2) attr-dict")
      .registerIn(d);
  OpDef("test.format_custom_directive_attrdict")
      .attr("attr", IntAttr(64))
      .optionalAttr("optAttr", IntAttr(64))
      .directive(dir("CustomDirectiveAttrDict", parseCustomDirectiveAttrDict, printCustomDirectiveAttrDict))
      .format("custom<CustomDirectiveAttrDict>( attr-dict )")
      .registerIn(d);
}
