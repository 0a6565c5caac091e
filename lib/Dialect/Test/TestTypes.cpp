//===- TestTypes.cpp - Syntax of the test dialect's types and attributes ---===//
//
// The textual forms follow mlir/test/lib/Dialect/Test:
//   !test.smpla                          SimpleAType (trailing `<...>` ignored)
//   !test.int<signed|unsigned|none, N>   TestIntegerType; `s`/`u`/`n` and any
//                                        case accepted; N > 8 fails without a
//                                        message (its verifier emits none)
//   #test.conditional_alias<value>       a string: keyword, string or alias
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
    return (parser.emitError(signLoc, "expected signed, unsigned, or none"), Type());
  int width;
  if (parser.parseComma() || parser.parseInteger(width) || parser.parseGreater())
    return Type();
  // The verifier rejects widths above 8 without a message.
  if (unsigned(width) > 8)
    return Type();
  return TestIntegerType::get(parser.getContext(), unsigned(width), signedness);
}

bool testdialect::isKnownTypeMnemonic(std::string_view mnemonic) {
  return mnemonic == "smpla" || mnemonic == "int" || lookupDynamicDef(mnemonic);
}

Type testdialect::parseTestType(std::string_view mnemonic, DialectAsmParser &parser) {
  if (mnemonic == "smpla")
    return SimpleAType::get(parser.getContext());
  if (mnemonic == "int")
    return parseTestIntegerType(parser);
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

bool testdialect::isKnownAttrMnemonic(std::string_view mnemonic) {
  return mnemonic == "conditional_alias" || lookupDynamicDef(mnemonic);
}

Attribute testdialect::parseTestAttribute(std::string_view mnemonic, DialectAsmParser &parser, Type) {
  if (mnemonic == "conditional_alias")
    return parseConditionalAlias(parser);
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
  if (auto dyn = dyn_cast<TestDynamicAttr>(attr)) {
    os << getDynamicDef(dyn.getKind()).name;
    printDynamicParams(dyn.getKind(), dyn.getParams(), printer);
    return;
  }
}
