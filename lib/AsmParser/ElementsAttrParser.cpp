//===- ElementsAttrParser.cpp - dense<>, sparse<>, array<>, dense_resource<> ===//
// TEMPORARY STUB: being implemented.
#include "Parser.h"

using namespace lamina;

Attribute Parser::parseDenseElementsAttr(Type) { return (emitError("dense elements not implemented yet"), Attribute()); }
Attribute Parser::parseDenseArrayAttr(Type) { return (emitError("dense arrays not implemented yet"), Attribute()); }
Attribute Parser::parseDenseResourceElementsAttr(Type) {
  return (emitError("dense resources not implemented yet"), Attribute());
}
Attribute Parser::parseSparseElementsAttr(Type) { return (emitError("sparse elements not implemented yet"), Attribute()); }
ShapedType Parser::parseElementsLiteralType(SMLoc, Type) { return ShapedType(); }
