//===- TestDialect.cpp - The test dialect: seed types, ODS-defined ops ----===//
#include "TestDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/OpDef.h"

#include <vector>

using namespace lamina;
using namespace lamina::test;

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

LogicalResult test::ComplexType::verifyConstructionInvariants(Location loc, unsigned param, Type type) {
  if (param == 0)
    return emitError(loc) << "non-zero parameter passed to 'ComplexType'";
  if (!isa<IntegerType>(type))
    return emitError(loc) << "non integer-type passed to 'ComplexType'";
  return success();
}

LogicalResult PairAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t n, std::string_view s) {
  if (n < 0)
    return emitError() << "pair count must be non-negative, got " << (long long)n;
  return success();
}

static const ods::EnumInfo &modeEnum() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::intEnum("Mode", 32, {{"slow", 0}, {"fast", 1}, {"turbo", 2}});
    e.cppType = "::test::Mode";
    return e;
  }();
  return info;
}

static const ods::EnumInfo &overflowEnum() {
  static const ods::EnumInfo info = [] {
    ods::EnumInfo e = ods::EnumInfo::bitEnum("IntegerOverflowFlags", 32, {{"none", 0}, {"nsw", 1}, {"nuw", 2}}, ", ");
    e.cppType = "::test::IntegerOverflowFlags";
    return e;
  }();
  return info;
}

static const ods::EnumInfo &predicateEnum() {
  static const ods::EnumInfo info = ods::EnumInfo::intEnum(
      "CmpIPredicate", 64,
      {{"eq", 0}, {"ne", 1}, {"slt", 2}, {"sle", 3}, {"sgt", 4}, {"sge", 5}, {"ult", 6}, {"ule", 7}, {"ugt", 8},
       {"uge", 9}});
  return info;
}

/// The i1 type of the shape of `t` (arith's getI1SameShape).
static void i1SameShape(Type t, SmallVectorImpl<Type> &out) {
  Type i1 = IntegerType::get(t.getContext(), 1);
  if (auto v = dyn_cast<VectorType>(t))
    out.push_back(VectorType::get(v.getShape(), i1));
  else
    out.push_back(i1);
}

static const ods::EnumInfo &kindEnum() {
  static const ods::EnumInfo info = ods::EnumInfo::intEnum("Kind", 64, {{"add", 0}, {"sub", 1}, {"mul", 2}});
  return info;
}

/// Names of recursive types being printed (to print a self-reference as
/// `!test.recursive<"name">`).
static thread_local std::vector<std::string_view> recursiveStack;

Type TestDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("simple")))
    return SimpleType::get(getContext());
  if (succeeded(parser.parseOptionalKeyword("recursive"))) {
    std::string name;
    if (parser.parseLess() || parser.parseString(&name))
      return Type();
    RecursiveType type = RecursiveType::get(getContext(), name);
    if (succeeded(parser.parseOptionalComma())) {
      Type body;
      if (parser.parseType(body))
        return Type();
      if (failed(type.setBody(body))) {
        (void)(parser.emitError(loc) << "recursive type '" << name << "' already has a different body");
        return Type();
      }
    }
    if (parser.parseGreater())
      return Type();
    return type;
  }
  return attrTypes.parseType(parser, *this);
}

void TestDialect::printType(Type type, DialectAsmPrinter &printer) const {
  raw_ostream &os = printer.getStream();
  if (isa<SimpleType>(type)) {
    os << "simple";
    return;
  }
  if (auto rec = dyn_cast<RecursiveType>(type)) {
    os << "recursive<\"" << rec.getName() << '"';
    bool nested = false;
    for (std::string_view n : recursiveStack)
      nested |= n == rec.getName();
    if (rec.getBody() && !nested) {
      recursiveStack.push_back(rec.getName());
      os << ", ";
      printer.printType(rec.getBody());
      recursiveStack.pop_back();
    }
    os << '>';
    return;
  }
  (void)attrTypes.printType(type, printer);
}

Attribute TestDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void TestDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

//===----------------------------------------------------------------------===//
// Custom directive: `custom<Pair>($a, $b)` prints `[a | b]`.
//===----------------------------------------------------------------------===//

static ParseResult parsePairDirective(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  OpAsmParser::UnresolvedOperand a, b;
  if (parser.parseLSquare() || parser.parseOperand(a) || parser.parseVerticalBar() || parser.parseOperand(b) ||
      parser.parseRSquare())
    return failure();
  args[0]->operands->push_back(a);
  args[1]->operands->push_back(b);
  return success();
}

static void printPairDirective(OpAsmPrinter &p, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  p << "[";
  p.printOperand(args[0].operands[0]);
  p << " | ";
  p.printOperand(args[1].operands[0]);
  p << "]";
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

static ods::ParamSpec paramSpec(std::string name, ods::ParamKind kind, std::string cppType) {
  ods::ParamSpec p;
  p.name = std::move(name);
  p.kind = kind;
  p.cppType = std::move(cppType);
  return p;
}

TestDialect::TestDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<TestDialect>()) {
  addTypes<SimpleType, test::ComplexType, RecursiveType>();
  addAttributes<ModeAttr, PairAttr, OverflowAttr>();

  // `!test.complex<5, i32>` through a TypeDef with hand-written glue (the
  // seed's storage is not a parameter tuple).
  ods::TypeDef<test::ComplexType>("complex", "Test_ComplexType")
      .param(paramSpec("param", ods::ParamKind::UInt, "unsigned"))
      .param(paramSpec("type", ods::ParamKind::Type, "::mlir::IntegerType"))
      .build([](function_ref<InFlightDiagnostic()> emitError, MLIRContext *ctx,
                std::vector<ods::ParamValue> &v) -> Type {
        if (v[0].u == 0) {
          (void)(emitError() << "non-zero parameter passed to 'ComplexType'");
          return Type();
        }
        if (!isa<IntegerType>(v[1].type)) {
          (void)(emitError() << "non integer-type passed to 'ComplexType'");
          return Type();
        }
        return test::ComplexType::get(unsigned(v[0].u), v[1].type);
      })
      .getParams([](Type t, std::vector<ods::ParamValue> &v) {
        auto c = cast<test::ComplexType>(t);
        v.resize(2);
        v[0].u = c.getParameter();
        v[1].type = c.getParameterType();
      })
      .format("`<` $param `,` $type `>`")
      .registerIn(attrTypes);

  ods::AttrDef<ModeAttr>("mode", "Test_ModeAttr").enumParam("value", modeEnum()).format("`<` $value `>`").registerIn(
      attrTypes);
  ods::AttrDef<PairAttr>("pair", "Test_PairAttr")
      .param("count", "int64_t")
      .param("label", "::llvm::StringRef")
      .format("`<` struct(params) `>`")
      .registerIn(attrTypes);

  ods::AttrDef<OverflowAttr>("overflow", "Test_OverflowAttr")
      .enumParam("value", overflowEnum())
      .format("`<` $value `>`")
      .registerIn(attrTypes);

  // Mirrors of arith.addi / arith.cmpi (default-valued bit enum attribute in
  // an optional group with `` spacing; a keyword enum; a result type derived
  // by TypesMatchWith).
  ods::TypeConstraint signlessIntegerLike = ods::TypeOf("signless-integer-like", [](Type t) {
    if (auto v = dyn_cast<VectorType>(t))
      t = v.getElementType();
    return t.isSignlessIntOrIndex();
  });
  ods::OpDef("test.addi")
      .operand("lhs", signlessIntegerLike)
      .operand("rhs", signlessIntegerLike)
      .defaultAttr("overflowFlags", ods::EnumAttrConstraint<OverflowAttr>(overflowEnum()),
                   "::test::IntegerOverflowFlags::none")
      .result("result", signlessIntegerLike)
      .traits({ods::SameOperandsAndResultType(), ods::Pure()})
      .format("$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)")
      .registerIn(*this);
  ods::OpDef("test.cmpi")
      .attr("predicate", ods::IntEnumAttr(predicateEnum()))
      .operand("lhs", signlessIntegerLike)
      .operand("rhs", signlessIntegerLike)
      .result("result", ods::TypeOf("bool-like", [](Type t) { return true; }))
      .traits({ods::SameTypeOperands(),
               ods::TypesMatchWith("result type has i1 element type and same shape as operands", "lhs", "result",
                                   i1SameShape)})
      .format("$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)")
      .registerIn(*this);

  // An op in a few lines with a declarative format.
  ods::OpDef("test.format_op")
      .attr("kind", ods::IntEnumAttr(kindEnum()))
      .operand("lhs", ods::AnySignlessInteger())
      .operand("rhs", ods::AnySignlessInteger())
      .optionalAttr("flag", ods::UnitAttr())
      .result("res", ods::AnySignlessInteger())
      .trait(ods::SameOperandsAndResultType())
      .format("$kind $lhs `,` $rhs (`flag` $flag^)? attr-dict `:` type($res)")
      .registerIn(*this);

  ods::AttrConstraint modeConstraint = ods::EnumAttrConstraint<ModeAttr>(modeEnum(), "test mode attribute");
  ods::OpDef("test.mode_op")
      .defaultAttr("mode", modeConstraint, "slow")
      .optionalOperand("input", ods::Index())
      .format("($input^)? (`mode` $mode^)? attr-dict")
      .registerIn(*this);

  ods::OpDef("test.segments")
      .variadicOperand("a", ods::AnyInteger())
      .variadicOperand("b", ods::AnyFloat())
      .trait(ods::AttrSizedOperandSegments())
      .format("(`a` `(` $a^ `:` type($a) `)`)? (`b` `(` $b^ `:` type($b) `)`)? attr-dict")
      .registerIn(*this);

  ods::OpDef("test.region_op")
      .variadicOperand("inputs")
      .region("body", ods::SizedRegion(1))
      .trait(ods::SingleBlockImplicitTerminator("test.yield"))
      .format("$inputs attr-dict-with-keyword `:` type($inputs) $body")
      .registerIn(*this);

  ods::OpDef("test.yield")
      .variadicOperand("operands")
      .traits({ods::HasParent({"test.region_op"}), ods::ReturnLike(), ods::IsTerminator()})
      .format("attr-dict ($operands^ `:` type($operands))?")
      .registerIn(*this);

  ods::OpDef("test.pair_op")
      .operand("a", ods::Index())
      .operand("b", ods::Index())
      .directive({"Pair", parsePairDirective, printPairDirective, nullptr})
      .format("custom<Pair>($a, $b) attr-dict")
      .registerIn(*this);

  ods::OpDef("test.typed_op")
      .attr("value", ods::TypedAttr())
      .result("res")
      .trait(ods::AllTypesMatch({"value", "res"}))
      .format("$value attr-dict")
      .registerIn(*this);

  registerTestFormatOps(*this);
}

TestDialect::~TestDialect() = default;
