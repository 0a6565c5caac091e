//===- SymbolParser.cpp - Parsing one attribute or type from a string -----===//
//
// The standalone entry points of AsmParser.h (MLIR's parseAttribute /
// parseType): a fresh parser over a copy of the string, named after the
// string itself so it appears in diagnostics, with no aliases available.
//
#include "Parser.h"

using namespace lamina;

/// Parses `text` with `parseFn`. With `numReadOut` the number of characters
/// consumed is returned, otherwise trailing characters are an error.
template <typename T>
static T parseSymbol(std::string_view text, const ParserConfig &config, size_t *numReadOut,
                     function_ref<T(Parser &)> parseFn) {
  SourceMgr sourceMgr;
  unsigned bufferID = sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(text, text));
  const char *bufferStart = sourceMgr.getMemoryBuffer(bufferID)->getBufferStart();
  SymbolState symbols;
  ParserState state(sourceMgr, bufferID, config, symbols);
  Parser parser(state);
  const char *start = parser.getToken().getLoc().getPointer();
  T result = parseFn(parser);
  if (!result)
    return T();
  const char *end = parser.getToken().getLoc().getPointer();
  size_t numRead = size_t(end - start);
  if (numReadOut) {
    *numReadOut = numRead;
    return result;
  }
  if (size_t(end - bufferStart) != text.size()) {
    parser.emitError(parser.getToken().getLoc())
        << "found trailing characters: '" << text.substr(size_t(end - bufferStart)) << "'";
    return T();
  }
  return result;
}

Attribute lamina::parseAttribute(std::string_view attrStr, MLIRContext *context, Type type, size_t *numRead) {
  return parseAttribute(attrStr, ParserConfig(context), type, numRead);
}

Attribute lamina::parseAttribute(std::string_view attrStr, const ParserConfig &config, Type type, size_t *numRead) {
  return parseSymbol<Attribute>(attrStr, config, numRead, [&](Parser &p) { return p.parseAttribute(type); });
}

Type lamina::parseType(std::string_view typeStr, MLIRContext *context, size_t *numRead) {
  return parseType(typeStr, ParserConfig(context), numRead);
}

Type lamina::parseType(std::string_view typeStr, const ParserConfig &config, size_t *numRead) {
  return parseSymbol<Type>(typeStr, config, numRead, [&](Parser &p) { return p.parseType(); });
}
