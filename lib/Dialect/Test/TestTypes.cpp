//===- TestTypes.cpp - Syntax of the test dialect's types and attributes ---===//
//
// The textual forms follow mlir/test/lib/Dialect/Test:
//   !test.smpla                          SimpleAType (trailing `<...>` ignored)
//   !test.test_type, !test.i32           TestType, TestI32Type
//   !test.test_rec<name, body>           TestRecursiveType: body is a test type
//                                        without prefix; `test_rec<name>` within
//                                        its own body; a different second body
//                                        fails without a message
//   !test.test_rec_alias<name, body>     TestRecursiveAliasType: body is any
//                                        type; a second body is ignored
//   !test.int<signed|unsigned|none, N>   TestIntegerType; `s`/`u`/`n` and any
//                                        case accepted; N > 8 fails without a
//                                        message (its verifier emits none)
//   #test.conditional_alias<value>       a string: keyword, string or alias
//   #test.custom_float<"float" : 2.0>    TestCustomFloatAttr: "float", "double"
//                                        or "fp80" and a literal of that float
//   #test.sub_elements_access<a, b, c>   TestSubElementsAccessAttr
//   #test.attr_params<v0, v1>            TestAttrParamsAttr: two ints
//   #test.i64_elements<[1, 2]> : T       TestI64ElementsAttr: rank-1 i64 shaped
//                                        type T, as many values as elements
//   #test.e1di64_elements<key> : T       TestExtern1DI64ElementsAttr: shaped T
//                                        and a resource of the dialect (see
//                                        MLIRTestDialect::declareResource)
//   !test.dynamic_singleton, dynamic_pair<a, b>, dynamic_custom_assembly_format<a:b>
//   #test.dynamic_singleton, dynamic_pair<a, b>, dynamic_custom_assembly_format<a:b>
//                                        the dynamic definitions: parameters
//                                        are attributes, counted by a verifier
//                                        ("expected 2 type arguments, but had
//                                        1")
//
#include "TestTypes.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::testdialect;

//===----------------------------------------------------------------------===//
// Dynamic definitions
//===----------------------------------------------------------------------===//

namespace {
struct DynamicDef {
  std::string_view name;
  DynamicKind kind;
  /// Number of parameters the verifier requires.
  size_t numParams;
};
} // namespace

static constexpr DynamicDef dynamicDefs[] = {
    {"dynamic_singleton", DynamicKind::Singleton, 0},
    {"dynamic_pair", DynamicKind::Pair, 2},
    {"dynamic_custom_assembly_format", DynamicKind::CustomAssemblyFormat, 2},
};

static const DynamicDef *lookupDynamicDef(std::string_view mnemonic) {
  for (const DynamicDef &def : dynamicDefs)
    if (def.name == mnemonic)
      return &def;
  return nullptr;
}

static const DynamicDef &getDynamicDef(DynamicKind kind) { return dynamicDefs[unsigned(kind)]; }

/// Parses the parameters of a dynamic type or attribute after its name:
/// `<a:b>` for the custom format, otherwise nothing, `<>` or `<a, b, ...>`.
static ParseResult parseDynamicParams(const DynamicDef &def, DialectAsmParser &parser,
                                      SmallVectorImpl<Attribute> &params) {
  Attribute attr;
  if (def.kind == DynamicKind::CustomAssemblyFormat) {
    Attribute rhs;
    if (parser.parseLess() || parser.parseAttribute(attr) || parser.parseColon() || parser.parseAttribute(rhs) ||
        parser.parseGreater())
      return failure();
    params.push_back(attr);
    params.push_back(rhs);
    return success();
  }
  if (failed(parser.parseOptionalLess()) || succeeded(parser.parseOptionalGreater()))
    return success();
  if (parser.parseAttribute(attr))
    return failure();
  params.push_back(attr);
  while (failed(parser.parseOptionalGreater())) {
    if (parser.parseComma() || parser.parseAttribute(attr))
      return failure();
    params.push_back(attr);
  }
  return success();
}

/// Prints the parameters of a dynamic type or attribute after its name.
static void printDynamicParams(DynamicKind kind, ArrayRef<Attribute> params, DialectAsmPrinter &printer) {
  raw_ostream &os = printer.getStream();
  if (kind == DynamicKind::CustomAssemblyFormat) {
    os << '<';
    printer.printAttribute(params[0]);
    os << ':';
    printer.printAttribute(params[1]);
    os << '>';
    return;
  }
  if (params.empty())
    return;
  os << '<';
  for (size_t i = 0; i < params.size(); ++i) {
    if (i)
      os << ", ";
    printer.printAttribute(params[i]);
  }
  os << '>';
}

template <typename T>
static T parseDynamic(const DynamicDef &def, DialectAsmParser &parser, std::string_view what) {
  SMLoc loc = parser.getNameLoc();
  SmallVector<Attribute, 2> params;
  if (parseDynamicParams(def, parser, params))
    return T();
  if (params.size() != def.numParams) {
    (void)(parser.emitError(loc) << "expected " << unsigned(def.numParams) << ' ' << what << " arguments, but had "
                                 << unsigned(params.size()));
    return T();
  }
  return T::get(parser.getContext(), def.kind, ArrayRef<Attribute>(params.data(), params.size()));
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// Lowercase copy of an ASCII keyword (MLIR compares case-insensitively).
static std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char &c : out)
    if (c >= 'A' && c <= 'Z')
      c = char(c - 'A' + 'a');
  return out;
}

static Type parseTestIntegerType(DialectAsmParser &parser) {
  if (parser.parseLess())
    return Type();
  SMLoc signLoc = parser.getCurrentLocation();
  std::string_view sign;
  if (parser.parseKeyword(&sign))
    return Type();
  std::string lower = lowercase(sign);
  TestIntegerType::Signedness signedness;
  if (lower == "u" || lower == "unsigned")
    signedness = TestIntegerType::Unsigned;
  else if (lower == "s" || lower == "signed")
    signedness = TestIntegerType::Signed;
  else if (lower == "n" || lower == "none")
    signedness = TestIntegerType::Signless;
  else
    return (parser.emitError(signLoc, "expected signed, unsigned, or none").report(), Type());
  int width;
  if (parser.parseComma() || parser.parseInteger(width) || parser.parseGreater())
    return Type();
  // The verifier rejects widths above 8 without a message.
  if (unsigned(width) > 8)
    return Type();
  return TestIntegerType::get(parser.getContext(), unsigned(width), signedness);
}

//===----------------------------------------------------------------------===//
// Recursive types
//===----------------------------------------------------------------------===//

/// `<name, body>` after `test_rec`, where the body is a test type without
/// prefix, `test_rec<name>` inside the type of that name. A chain of nested
/// test_rec bodies is parsed in a loop, not by recursion.
static Type parseRecursiveType(DialectAsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  // The enclosing test_rec types, outermost first, and their cyclic parses.
  std::vector<TestRecursiveType> open;
  std::vector<AsmParser::CyclicParseReset> inProgress;
  Type body;
  while (true) {
    std::string_view name;
    if (parser.parseLess() || parser.parseKeyword(&name))
      return Type();
    TestRecursiveType rec = TestRecursiveType::get(ctx, name);
    FailureOr<AsmParser::CyclicParseReset> cyclic = parser.tryStartCyclicParse(rec);
    // Within its own body, only the name.
    if (failed(cyclic)) {
      if (parser.parseGreater())
        return Type();
      body = rec;
      break;
    }
    if (parser.parseComma())
      return Type();
    open.push_back(rec);
    inProgress.push_back(std::move(*cyclic));
    std::string_view mnemonic;
    if (parser.parseKeyword(&mnemonic))
      return Type();
    if (mnemonic == "test_rec")
      continue;
    if (!isKnownTypeMnemonic(mnemonic))
      return (parser.emitError(parser.getNameLoc(), "unknown type!").report(), Type());
    body = parseTestType(mnemonic, parser);
    if (!body)
      return Type();
    break;
  }
  while (!open.empty()) {
    TestRecursiveType rec = open.back();
    // A body different from the one set before fails without a message.
    if (parser.parseGreater() || failed(rec.setBody(body)))
      return Type();
    open.pop_back();
    inProgress.pop_back();
    body = rec;
  }
  return body;
}

/// `<name, body>` after `test_rec_alias`: the body is any type; inside the
/// type of that name only `<name>`.
static Type parseRecursiveAliasType(DialectAsmParser &parser) {
  std::string_view name;
  if (parser.parseLess() || parser.parseKeyword(&name))
    return Type();
  TestRecursiveAliasType rec = TestRecursiveAliasType::get(parser.getContext(), name);
  FailureOr<AsmParser::CyclicParseReset> cyclic = parser.tryStartCyclicParse(rec);
  if (failed(cyclic)) {
    if (parser.parseGreater())
      return Type();
    return rec;
  }
  Type body;
  if (parser.parseComma() || parser.parseType(body) || parser.parseGreater())
    return Type();
  rec.setBody(body);
  return rec;
}

/// Prints a test type without prefix, or any other type in full.
static void printTestTypeOrType(Type type, DialectAsmPrinter &printer) {
  if (!type) {
    printer.getStream() << "<<NULL TYPE>>";
    return;
  }
  if (type.getDialect().getNamespace() == "test" && !isa<OpaqueType>(type))
    printTestType(type, printer);
  else
    printer.printType(type);
}

/// `test_rec<name, body>`, `test_rec<name>` inside its own body; a chain of
/// nested test_rec bodies is printed in a loop.
static void printRecursiveType(TestRecursiveType rec, DialectAsmPrinter &printer) {
  raw_ostream &os = printer.getStream();
  std::vector<AsmPrinter::CyclicPrintReset> inProgress;
  size_t levels = 0;
  while (true) {
    FailureOr<AsmPrinter::CyclicPrintReset> cyclic = printer.tryStartCyclicPrint(rec);
    os << "test_rec<" << rec.getName();
    ++levels;
    if (failed(cyclic))
      break;
    inProgress.push_back(std::move(*cyclic));
    os << ", ";
    Type body = rec.getBody();
    if (auto inner = dyn_cast_or_null<TestRecursiveType>(body)) {
      rec = inner;
      continue;
    }
    printTestTypeOrType(body, printer);
    break;
  }
  for (size_t i = 0; i < levels; ++i)
    os << '>';
}

static void printRecursiveAliasType(TestRecursiveAliasType rec, DialectAsmPrinter &printer) {
  raw_ostream &os = printer.getStream();
  FailureOr<AsmPrinter::CyclicPrintReset> cyclic = printer.tryStartCyclicPrint(rec);
  os << "test_rec_alias<" << rec.getName();
  if (succeeded(cyclic)) {
    os << ", ";
    if (Type body = rec.getBody())
      printer.printType(body);
    else
      os << "<<NULL TYPE>>";
  }
  os << '>';
}

//===----------------------------------------------------------------------===//
// Type dispatch
//===----------------------------------------------------------------------===//

bool testdialect::isKnownTypeMnemonic(std::string_view mnemonic) {
  return mnemonic == "smpla" || mnemonic == "int" || mnemonic == "test_type" || mnemonic == "i32" ||
         mnemonic == "test_rec" || mnemonic == "test_rec_alias" || lookupDynamicDef(mnemonic);
}

/// Reads a bare identifier (`[a-zA-Z_][a-zA-Z0-9_$.]*`) at `pos` of `spec`.
static std::string_view scanIdentifier(std::string_view spec, size_t &pos) {
  auto isLetter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  size_t begin = pos;
  if (pos < spec.size() && isLetter(spec[pos])) {
    ++pos;
    while (pos < spec.size() &&
           (isLetter(spec[pos]) || (spec[pos] >= '0' && spec[pos] <= '9') || spec[pos] == '$' || spec[pos] == '.'))
      ++pos;
  }
  return spec.substr(begin, pos - begin);
}

bool testdialect::isKnownTypeSpec(std::string_view mnemonic, std::string_view spec) {
  if (!isKnownTypeMnemonic(mnemonic))
    return false;
  if (mnemonic != "test_rec")
    return true;
  // Follow the chain of test_rec bodies to the innermost one; anything
  // unexpected is left for the parser to report.
  auto skipSpace = [&](size_t &pos) {
    while (pos < spec.size() && (spec[pos] == ' ' || spec[pos] == '\t' || spec[pos] == '\n' || spec[pos] == '\r'))
      ++pos;
  };
  size_t pos = mnemonic.size();
  while (true) {
    skipSpace(pos);
    if (pos >= spec.size() || spec[pos] != '<')
      return true;
    ++pos;
    skipSpace(pos);
    if (scanIdentifier(spec, pos).empty())
      return true;
    skipSpace(pos);
    if (pos >= spec.size() || spec[pos] != ',')
      return true;
    ++pos;
    skipSpace(pos);
    std::string_view body = scanIdentifier(spec, pos);
    if (body.empty())
      return true;
    if (body != "test_rec")
      return isKnownTypeMnemonic(body);
  }
}

Type testdialect::parseTestType(std::string_view mnemonic, DialectAsmParser &parser) {
  if (mnemonic == "smpla")
    return SimpleAType::get(parser.getContext());
  if (mnemonic == "int")
    return parseTestIntegerType(parser);
  if (mnemonic == "test_type")
    return TestType::get(parser.getContext());
  if (mnemonic == "i32")
    return TestI32Type::get(parser.getContext());
  if (mnemonic == "test_rec")
    return parseRecursiveType(parser);
  if (mnemonic == "test_rec_alias")
    return parseRecursiveAliasType(parser);
  if (const DynamicDef *def = lookupDynamicDef(mnemonic))
    return parseDynamic<TestDynamicType>(*def, parser, "type");
  return Type();
}

void testdialect::printTestType(Type type, DialectAsmPrinter &printer) {
  raw_ostream &os = printer.getStream();
  if (isa<SimpleAType>(type)) {
    os << "smpla";
    return;
  }
  if (isa<TestType>(type)) {
    os << "test_type";
    return;
  }
  if (isa<TestI32Type>(type)) {
    os << "i32";
    return;
  }
  if (auto rec = dyn_cast<TestRecursiveType>(type)) {
    printRecursiveType(rec, printer);
    return;
  }
  if (auto rec = dyn_cast<TestRecursiveAliasType>(type)) {
    printRecursiveAliasType(rec, printer);
    return;
  }
  if (auto verbatim = dyn_cast<TestVerbatimType>(type)) {
    printVerbatim(verbatim.getSpec(), verbatim.getRefs(), printer);
    return;
  }
  if (auto intType = dyn_cast<TestIntegerType>(type)) {
    static constexpr std::string_view names[] = {"none", "signed", "unsigned"};
    os << "int<" << names[intType.getSignedness()] << ", " << intType.getWidth() << '>';
    return;
  }
  if (auto dyn = dyn_cast<TestDynamicType>(type)) {
    os << getDynamicDef(dyn.getKind()).name;
    printDynamicParams(dyn.getKind(), dyn.getParams(), printer);
    return;
  }
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// `<keyword>`, `<"string">` or `<attribute>` (a string attribute, usually
/// through an alias).
static Attribute parseConditionalAlias(DialectAsmParser &parser) {
  if (parser.parseLess())
    return Attribute();
  StringAttr value;
  std::string str;
  if (succeeded(parser.parseOptionalKeywordOrString(&str)))
    value = StringAttr::get(parser.getContext(), str);
  else if (parser.parseAttribute(value))
    return Attribute();
  if (parser.parseGreater())
    return Attribute();
  return ConditionalAliasAttr::get(value);
}

/// `<"float" : 2.0>` (TestCustomFloatAttr's custom<CustomFloatAttr>): the
/// string names the float semantics.
static Attribute parseCustomFloat(DialectAsmParser &parser) {
  std::string typeStr;
  if (parser.parseLess() || parser.parseString(&typeStr) || parser.parseColon())
    return Attribute();
  const FltSemantics *semantics;
  if (typeStr == "float")
    semantics = &APFloat::IEEEsingle();
  else if (typeStr == "double")
    semantics = &APFloat::IEEEdouble();
  else if (typeStr == "fp80")
    semantics = &APFloat::x87DoubleExtended();
  else
    return (parser.emitError(parser.getCurrentLocation(), "unknown float type, expected 'float', 'double' or 'fp80'")
                .report(),
            Attribute());
  APFloat value(0.0);
  if (parser.parseFloat(*semantics, value) || parser.parseGreater())
    return Attribute();
  return CustomFloatAttr::get(StringAttr::get(parser.getContext(), typeStr), value);
}

/// `<a, b, c>` (TestSubElementsAccessAttr::parse).
static Attribute parseSubElementsAccess(DialectAsmParser &parser) {
  Attribute first, second, third;
  if (parser.parseLess() || parser.parseAttribute(first) || parser.parseComma() || parser.parseAttribute(second) ||
      parser.parseComma() || parser.parseAttribute(third) || parser.parseGreater())
    return Attribute();
  return SubElementsAccessAttr::get(parser.getContext(), first, second, third);
}

/// `<v0, v1>` (TestAttrParamsAttr, assembly format `<` $v0 `,` $v1 `>`).
static Attribute parseAttrParams(DialectAsmParser &parser) {
  int values[2];
  static constexpr std::string_view names[] = {"v0", "v1"};
  if (parser.parseLess())
    return Attribute();
  for (int i = 0; i < 2; ++i) {
    if (i && parser.parseComma())
      return Attribute();
    if (parser.parseInteger(values[i]))
      return (parser.emitError(parser.getCurrentLocation())
                  << "failed to parse TestAttrParams parameter '" << names[i] << "' which is to be a `int`",
              Attribute());
  }
  if (parser.parseGreater())
    return Attribute();
  return AttrParamsAttr::get(parser.getContext(), values[0], values[1]);
}

//===----------------------------------------------------------------------===//
// Elements attributes
//===----------------------------------------------------------------------===//

/// The elements of a shaped type (1 if unranked), multiplied as MLIR does
/// (wrapping; a dynamic dimension counts as INT64_MIN).
static int64_t getNumElementsWrapping(ShapedType type) {
  if (!type.hasRank())
    return 1;
  uint64_t n = 1;
  for (int64_t dim : type.getShape())
    n *= uint64_t(dim);
  return int64_t(n);
}

LogicalResult TestI64ElementsAttr::verify(function_ref<InFlightDiagnostic()> emitError, ShapedType type,
                                          ArrayRef<uint64_t> elements) {
  int64_t numElements = getNumElementsWrapping(type);
  if (numElements != int64_t(elements.size()))
    return emitError() << "number of elements does not match the provided shape type, got: "
                       << uint64_t(elements.size()) << ", but expected: " << numElements;
  size_t rank = type.hasRank() ? type.getShape().size() : 0;
  if (rank != 1 || !type.getElementType().isSignlessInteger(64))
    return emitError() << "expected single rank 64-bit shape type, but got: " << Type(type);
  return success();
}

namespace {
/// Both elements attributes are ElementsAttrs of their shaped type.
const TypedAttr::Concept i64ElementsModel = {
    [](Attribute attr) -> Type { return cast<TestI64ElementsAttr>(attr).getType(); }, /*isElements=*/true};
const TypedAttr::Concept externElementsModel = {
    [](Attribute attr) -> Type { return cast<TestExternElementsAttr>(attr).getType(); }, /*isElements=*/true};
} // namespace

void TestI64ElementsAttr::populateInterfaces(InterfaceMap &map) { TypedAttr::attachTo(map, i64ElementsModel); }
void TestExternElementsAttr::populateInterfaces(InterfaceMap &map) {
  TypedAttr::attachTo(map, externElementsModel);
}

/// `<[v, ...]>` (TestI64ElementsAttr::parse): values as long as integers
/// follow (an integer that does not fit is reported and ends the list).
static Attribute parseI64Elements(DialectAsmParser &parser, Type type) {
  SmallVector<uint64_t, 8> elements;
  if (parser.parseLess() || parser.parseLSquare())
    return Attribute();
  uint64_t value = 0; // only read once parsed: this quiets GCC's -Wmaybe-uninitialized
  while (true) {
    std::optional<ParseResult> r = parser.parseOptionalInteger(value);
    if (!r || failed(*r))
      break;
    elements.push_back(value);
    if (failed(parser.parseOptionalComma()))
      break;
  }
  if (parser.parseRSquare() || parser.parseGreater())
    return Attribute();
  // (mlir-opt crashes on a missing or non-shaped type.)
  auto shaped = dyn_cast_or_null<ShapedType>(type);
  if (!shaped)
    return (parser.emitError(parser.getNameLoc(), type ? "invalid kind of type specified" : "expected a trailing type")
                .report(),
            Attribute());
  return TestI64ElementsAttr::getChecked([&] { return parser.emitError(parser.getNameLoc()); }, parser.getContext(),
                                         shaped, ArrayRef<uint64_t>(elements.data(), elements.size()));
}

/// `<key>` (TestExtern1DI64ElementsAttr, assembly format `<` $handle `>`).
static Attribute parseExternElements(DialectAsmParser &parser, Type type) {
  SMLoc loc = parser.getCurrentLocation();
  if (!type)
    return (parser.emitError(loc, "expected a trailing type").report(), Attribute());
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped)
    return (parser.emitError(loc, "invalid kind of type specified").report(), Attribute());
  if (parser.parseLess())
    return Attribute();
  Dialect *dialect = parser.getContext()->getLoadedDialect("test");
  FailureOr<const void *> handle = parser.parseResourceHandle(*dialect);
  if (failed(handle))
    return (parser.emitError(parser.getCurrentLocation(),
                             "failed to parse TestExtern1DI64ElementsAttr parameter 'handle' which is to be a "
                             "`TestDialectResourceBlobHandle`").report(),
            Attribute());
  if (parser.parseGreater())
    return Attribute();
  return TestExternElementsAttr::get(shaped, *handle);
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

bool testdialect::isKnownAttrMnemonic(std::string_view mnemonic) {
  return mnemonic == "conditional_alias" || mnemonic == "i64_elements" || mnemonic == "e1di64_elements" ||
         mnemonic == "custom_float" || mnemonic == "sub_elements_access" || mnemonic == "attr_params" ||
         lookupDynamicDef(mnemonic);
}

Attribute testdialect::parseTestAttribute(std::string_view mnemonic, DialectAsmParser &parser, Type type) {
  if (mnemonic == "conditional_alias")
    return parseConditionalAlias(parser);
  if (mnemonic == "i64_elements")
    return parseI64Elements(parser, type);
  if (mnemonic == "e1di64_elements")
    return parseExternElements(parser, type);
  if (mnemonic == "custom_float")
    return parseCustomFloat(parser);
  if (mnemonic == "sub_elements_access")
    return parseSubElementsAccess(parser);
  if (mnemonic == "attr_params")
    return parseAttrParams(parser);
  if (const DynamicDef *def = lookupDynamicDef(mnemonic))
    return parseDynamic<TestDynamicAttr>(*def, parser, "attribute");
  return Attribute();
}

void testdialect::printTestAttribute(Attribute attr, DialectAsmPrinter &printer) {
  raw_ostream &os = printer.getStream();
  if (auto cond = dyn_cast<ConditionalAliasAttr>(attr)) {
    os << "conditional_alias<";
    if (failed(printer.printAlias(cond.getValue())))
      printer.printKeywordOrString(cond.getValue().getValue());
    os << '>';
    return;
  }
  if (auto f = dyn_cast<CustomFloatAttr>(attr)) {
    os << "custom_float<";
    printer.printAttribute(f.getTypeStr());
    os << " : ";
    printer.printFloat(f.getValue());
    os << '>';
    return;
  }
  if (auto sub = dyn_cast<SubElementsAccessAttr>(attr)) {
    os << "sub_elements_access<";
    printer.printAttribute(sub.getFirst());
    os << ", ";
    printer.printAttribute(sub.getSecond());
    os << ", ";
    printer.printAttribute(sub.getThird());
    os << '>';
    return;
  }
  if (auto verbatim = dyn_cast<TestVerbatimAttr>(attr)) {
    printVerbatim(verbatim.getSpec(), verbatim.getRefs(), printer);
    return;
  }
  if (auto params = dyn_cast<AttrParamsAttr>(attr)) {
    os << "attr_params<" << params.getV0() << ", " << params.getV1() << '>';
    return;
  }
  if (auto dyn = dyn_cast<TestDynamicAttr>(attr)) {
    os << getDynamicDef(dyn.getKind()).name;
    printDynamicParams(dyn.getKind(), dyn.getParams(), printer);
    return;
  }
  if (auto elements = dyn_cast<TestI64ElementsAttr>(attr)) {
    os << "i64_elements<[";
    ArrayRef<uint64_t> values = elements.getElements();
    for (size_t i = 0; i < values.size(); ++i) {
      if (i)
        os << ", ";
      os << values[i];
    }
    os << "]>";
    return;
  }
  if (auto elements = dyn_cast<TestExternElementsAttr>(attr)) {
    os << "e1di64_elements<";
    printer.printResourceHandle(attr.getDialect(), elements.getHandle());
    os << '>';
    return;
  }
}

//===----------------------------------------------------------------------===//
// Verbatim types and attributes
//===----------------------------------------------------------------------===//

/// How many findVerbatimRefs calls are active on this thread: nested
/// elements are parsed only a few levels down (each level parses the next
/// one again, so unbounded nesting would cost quadratic time).
static thread_local unsigned verbatimScanDepth = 0;
static constexpr unsigned kMaxVerbatimScanDepth = 16;

void testdialect::findVerbatimRefs(std::string_view spec, DialectAsmParser &parser, std::vector<VerbatimRef> &refs) {
  auto isIdChar = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
           c == '.' || c == '-';
  };
  bool parseNested = verbatimScanDepth < kMaxVerbatimScanDepth;
  ++verbatimScanDepth;
  // Records what a nested parse of the element at `begin` gives, if it parses.
  auto tryNested = [&](size_t begin, bool isType) -> size_t {
    if (!parseNested)
      return 0;
    std::string_view text = spec.substr(begin);
    size_t numRead = 0;
    const void *value = isType ? parser.parseNestedType(text, numRead).getAsOpaquePointer()
                               : parser.parseNestedAttribute(text, numRead).getAsOpaquePointer();
    while (numRead && (text[numRead - 1] == ' ' || text[numRead - 1] == '\n' || text[numRead - 1] == '\t' ||
                       text[numRead - 1] == '\r'))
      --numRead;
    if (!value || !numRead)
      return 0;
    refs.push_back(VerbatimRef{uint32_t(begin), uint32_t(numRead), value, isType});
    return numRead;
  };
  size_t pos = 0;
  while (pos < spec.size()) {
    char c = spec[pos];
    if (c == '"') {
      // Skip the string literal (escapes included).
      for (++pos; pos < spec.size() && spec[pos] != '"'; ++pos)
        if (spec[pos] == '\\')
          ++pos;
      ++pos;
      continue;
    }
    bool atBoundary = pos == 0 || !isIdChar(spec[pos - 1]);
    if (c != '!' && c != '#') {
      if (!atBoundary || !isIdChar(c)) {
        ++pos;
        continue;
      }
      // A keyword: builtin attributes and types that may get aliases.
      size_t begin = pos;
      while (pos < spec.size() && isIdChar(spec[pos]))
        ++pos;
      std::string_view word = spec.substr(begin, pos - begin);
      if (pos < spec.size() && spec[pos] == '<') {
        size_t n = 0;
        if (word == "affine_map" || word == "affine_set")
          n = tryNested(begin, /*isType=*/false);
        else if (word == "tuple")
          n = tryNested(begin, /*isType=*/true);
        if (n)
          pos = begin + n;
      }
      continue;
    }
    size_t begin = pos++;
    while (pos < spec.size() && isIdChar(spec[pos]))
      ++pos;
    std::string_view name = spec.substr(begin + 1, pos - begin - 1);
    if (name.empty())
      continue;
    // A dialect symbol (`!test.int<...>`, `#test<...>`): parsed on its own.
    if (name.find('.') != std::string_view::npos || (pos < spec.size() && spec[pos] == '<')) {
      if (size_t n = tryNested(begin, c == '!'))
        pos = begin + n;
      continue;
    }
    const void *value = c == '!' ? parser.lookupTypeAlias(name).getAsOpaquePointer()
                                 : parser.lookupAttributeAlias(name).getAsOpaquePointer();
    if (value)
      refs.push_back(VerbatimRef{uint32_t(begin), uint32_t(pos - begin), value, c == '!'});
  }
  --verbatimScanDepth;
}

void testdialect::printVerbatim(std::string_view spec, ArrayRef<VerbatimRef> refs, DialectAsmPrinter &printer) {
  raw_ostream &os = printer.getStream();
  size_t pos = 0;
  for (const VerbatimRef &ref : refs) {
    os << spec.substr(pos, ref.offset - pos);
    if (ref.isType)
      printer.printType(Type::getFromOpaquePointer(ref.value));
    else
      printer.printAttribute(Attribute::getFromOpaquePointer(ref.value));
    pos = ref.offset + ref.length;
  }
  os << spec.substr(pos);
}
