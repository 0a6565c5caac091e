//===- AffineParser.cpp - Affine maps, sets and expressions ---------------===//
// TEMPORARY STUB: being implemented.
#include "Parser.h"

using namespace lamina;

ParseResult Parser::parseAffineMapOrIntegerSetReference(AffineMap &, IntegerSet &) {
  return emitError("affine maps not implemented yet");
}
ParseResult Parser::parseAffineMapReference(AffineMap &) { return emitError("affine maps not implemented yet"); }
ParseResult Parser::parseIntegerSetReference(IntegerSet &) { return emitError("integer sets not implemented yet"); }
ParseResult Parser::parseAffineMapOfSSAIds(AffineMap &, function_ref<ParseResult(bool)>, Delimiter) {
  return emitError("affine maps not implemented yet");
}
ParseResult Parser::parseAffineExprOfSSAIds(AffineExpr &, function_ref<ParseResult(bool)>) {
  return emitError("affine maps not implemented yet");
}
ParseResult Parser::parseAffineExprReference(ArrayRef<std::pair<std::string_view, AffineExpr>>, AffineExpr &) {
  return emitError("affine maps not implemented yet");
}
