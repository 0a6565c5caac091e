//===- StandaloneDialect.cpp - The standalone dialect ---------------------===//
//
// Registration, the attribute's declared syntax and the parsing and printing
// of the hand-written types.
//
#include "Standalone/StandaloneDialect.h"

#include "Standalone/StandaloneTypes.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/OpImplementation.h"

#include <string>
#include <vector>

using namespace lamina;
using namespace standalone;

StandaloneDialect::StandaloneDialect(MLIRContext *ctx)
    : Dialect(getDialectNamespace(), ctx, TypeID::get<StandaloneDialect>()) {
  // The canonicalization pattern of standalone.add creates arith.addi: a
  // dialect whose ops may appear through this one's is loaded with it.
  ctx->getOrLoadDialect<ArithDialect>();

  addTypes<LanesType, RecursiveType>();

  // The attribute: its class, and its syntax `#standalone.cost<12>` declared
  // as in ODS (`let mnemonic = "cost"; let assemblyFormat = "`<` $value `>`"`).
  addAttributes<CostAttr>();
  ods::AttrDef<CostAttr>("cost", "Standalone_CostAttr").param("value", "int64_t").format("`<` $value `>`").registerIn(
      attrTypes);

  registerOps();
}

StandaloneDialect::~StandaloneDialect() = default;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

Attribute StandaloneDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void StandaloneDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

LogicalResult StandaloneDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getName().getValue() == "standalone.cost" && !isa<CostAttr>(attr.getValue()))
    return op->emitOpError() << "expects 'standalone.cost' to be a #standalone.cost attribute";
  return success();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// `lanes<N, type>` (the parser is after the mnemonic).
static Type parseLanesType(DialectAsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  unsigned count = 0;
  Type elementType;
  if (parser.parseLess() || parser.parseInteger(count) || parser.parseComma() || parser.parseType(elementType) ||
      parser.parseGreater())
    return Type();
  // getChecked reports a broken invariant at the type's location and returns
  // null, which makes the parse fail.
  return LanesType::getChecked(parser.getEncodedSourceLoc(loc), count, elementType);
}

/// `rec<"name", body>`, or `rec<"name">` for a reference to a type whose
/// body is being parsed (or set elsewhere).
static Type parseRecursiveType(DialectAsmParser &parser) {
  std::string name;
  if (parser.parseLess() || parser.parseString(&name))
    return Type();
  RecursiveType type = RecursiveType::get(parser.getContext(), name);
  if (succeeded(parser.parseOptionalGreater()))
    return type;

  // Within its own body the type is written by name only: a second
  // `rec<"name", ...>` inside the body is an error.
  SMLoc bodyLoc = parser.getCurrentLocation();
  FailureOr<AsmParser::CyclicParseReset> cyclic = parser.tryStartCyclicParse(type);
  if (failed(cyclic)) {
    parser.emitError(bodyLoc) << "recursive type \"" << name << "\" is defined again inside its own body";
    return Type();
  }
  Type body;
  if (parser.parseComma() || parser.parseType(body) || parser.parseGreater())
    return Type();
  // The body is the mutable part: it may be set once per context.
  if (failed(type.setBody(body))) {
    parser.emitError(bodyLoc) << "recursive type \"" << name << "\" already has a different body: "
                              << type.getBody();
    return Type();
  }
  return type;
}

Type StandaloneDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  std::string_view mnemonic;
  if (parser.parseKeyword(&mnemonic))
    return Type();
  if (mnemonic == "lanes")
    return parseLanesType(parser);
  if (mnemonic == "rec")
    return parseRecursiveType(parser);
  parser.emitError(loc) << "unknown standalone type: " << mnemonic;
  return Type();
}

/// The body is printed only by the outermost occurrence of the type:
/// nested references print the name alone.
static void printRecursiveType(RecursiveType type, DialectAsmPrinter &printer) {
  raw_ostream &os = printer.getStream();
  os << "rec<";
  printer.printString(type.getName());
  FailureOr<AsmPrinter::CyclicPrintReset> cyclic = printer.tryStartCyclicPrint(type);
  if (succeeded(cyclic) && type.getBody()) {
    os << ", ";
    printer.printType(type.getBody());
  }
  os << '>';
}

void StandaloneDialect::printType(Type type, DialectAsmPrinter &printer) const {
  if (auto lanes = dyn_cast<LanesType>(type)) {
    printer.getStream() << "lanes<" << lanes.getCount() << ", ";
    printer.printType(lanes.getElementType());
    printer.getStream() << '>';
    return;
  }
  if (auto rec = dyn_cast<RecursiveType>(type))
    printRecursiveType(rec, printer);
}
