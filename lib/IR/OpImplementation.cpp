//===- OpImplementation.cpp - Shared parts of the AsmParser interfaces ----===//
#include "lamina/IR/OpImplementation.h"

#include "lamina/IR/Builders.h"

using namespace lamina;

AsmParser::~AsmParser() = default;
OpAsmParser::~OpAsmParser() = default;
DialectAsmParser::~DialectAsmParser() = default;

Builder AsmParser::getBuilder() const { return Builder(getContext()); }

ParseResult AsmParser::parseKeyword(std::string_view keyword, std::string_view msg) {
  SMLoc loc = getCurrentLocation();
  if (parseOptionalKeyword(keyword))
    return emitError(loc, "expected '") << keyword << "'" << msg;
  return success();
}

ParseResult AsmParser::parseKeyword(std::string_view *keyword) {
  SMLoc loc = getCurrentLocation();
  if (parseOptionalKeyword(keyword))
    return emitError(loc, "expected valid keyword");
  return success();
}

ParseResult AsmParser::parseKeywordOrString(std::string *result) {
  SMLoc loc = getCurrentLocation();
  if (parseOptionalKeywordOrString(result))
    return emitError(loc, "expected valid keyword or string");
  return success();
}

ParseResult AsmParser::parseString(std::string *string) {
  SMLoc loc = getCurrentLocation();
  if (parseOptionalString(string))
    return emitError(loc, "expected string");
  return success();
}

ParseResult AsmParser::parseSymbolName(StringAttr &result) {
  if (failed(parseOptionalSymbolName(result)))
    return emitError(getCurrentLocation(), "expected valid '@'-identifier for symbol name");
  return success();
}

ParseResult AsmParser::parseSymbolName(StringAttr &result, std::string_view attrName, NamedAttrList &attrs) {
  if (parseSymbolName(result))
    return failure();
  attrs.append(attrName, result);
  return success();
}

ParseResult AsmParser::parseTypeList(SmallVectorImpl<Type> &result) {
  return parseCommaSeparatedList([&]() -> ParseResult {
    Type t;
    if (parseType(t))
      return failure();
    result.push_back(t);
    return success();
  });
}

ParseResult OpAsmParser::resolveOperands(ArrayRef<UnresolvedOperand> operands, TypeRange types, SMLoc loc,
                                         SmallVectorImpl<Value> &result) {
  if (operands.size() != types.size())
    return emitError(loc.isValid() ? loc : getNameLoc())
           << "number of operands and types do not match: got " << unsigned(operands.size()) << " operands and "
           << unsigned(types.size()) << " types";
  for (size_t i = 0; i < operands.size(); ++i)
    if (resolveOperand(operands[i], types[i], result))
      return failure();
  return success();
}
