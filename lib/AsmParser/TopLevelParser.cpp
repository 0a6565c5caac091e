//===- TopLevelParser.cpp - The file: aliases, metadata, entry points -----===//
#include "OperationParser.h"

#include "AsmParserImpl.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/DenseMap.h"
#include "lamina/Support/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <unordered_set>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

namespace {
class TopLevelOperationParser : public Parser {
public:
  explicit TopLevelOperationParser(ParserState &state) : Parser(state) {}

  ParseResult parse(Block *topLevelBlock, Location parserLoc) {
    ModuleOp topLevelOp = ModuleOp::create(parserLoc);
    struct Owner {
      ModuleOp op;
      ~Owner() { op.getOperation()->destroy(); }
    } owner{topLevelOp};
    OperationParser opParser(state, topLevelOp);
    bool triedParallel = false;
    while (true) {
      switch (getToken().getKind()) {
      default:
        if (!triedParallel) {
          triedParallel = true;
          // A file that is one module is parallelized inside its body.
          bool isModule = getToken().is(Token::bare_identifier) ? getTokenSpelling() == "module"
                                                                : getToken().is(Token::string) &&
                                                                      getToken().getStringValue() == "builtin.module";
          if (!isModule && opParser.tryParallelOps(/*untilCloseBrace=*/false))
            break;
        }
        if (opParser.parseOperation())
          return failure();
        break;
      case Token::eof: {
        if (opParser.finalize())
          return failure();
        topLevelBlock->splice(topLevelOp.getBody(), topLevelOp.getBody()->begin());
        return success();
      }
      case Token::error:
        return failure();
      case Token::hash_identifier:
        if (parseAttributeAliasDef())
          return failure();
        break;
      case Token::exclamation_identifier:
        if (parseTypeAliasDef())
          return failure();
        break;
      case Token::file_metadata_begin:
        if (parseFileMetadataDictionary())
          return failure();
        break;
      }
    }
  }

private:
  ParseResult parseAttributeAliasDef() {
    std::string aliasName(getTokenSpelling().substr(1));
    if (state.symbols.attributeAliasDefinitions.count(aliasName))
      return emitError("redefinition of attribute alias id '" + aliasName + "'");
    if (aliasName.find('.') != std::string::npos)
      return emitError("attribute names with a '.' are reserved for dialect-defined names");
    consumeToken(Token::hash_identifier);
    if (parseToken(Token::equal, "expected '=' in attribute alias definition"))
      return failure();
    Attribute attr = parseAttribute();
    if (!attr)
      return failure();
    state.symbols.attributeAliasDefinitions[aliasName] = attr;
    return success();
  }

  ParseResult parseTypeAliasDef() {
    std::string aliasName(getTokenSpelling().substr(1));
    if (state.symbols.typeAliasDefinitions.count(aliasName))
      return emitError("redefinition of type alias id '" + aliasName + "'");
    if (aliasName.find('.') != std::string::npos)
      return emitError("type names with a '.' are reserved for dialect-defined names");
    consumeToken(Token::exclamation_identifier);
    if (parseToken(Token::equal, "expected '=' in type alias definition"))
      return failure();
    Type aliasedType = parseType();
    if (!aliasedType)
      return failure();
    state.symbols.typeAliasDefinitions[aliasName] = aliasedType;
    return success();
  }

  ParseResult parseFileMetadataDictionary();
};
} // namespace

namespace {
/// An entry of a dialect's `dialect_resources` group: its key and the token
/// of its value.
class ParsedResourceEntry : public DialectResourceEntry {
public:
  using BlobParser = function_ref<std::optional<AsmResourceBlob>(const Token &, const std::string &)>;
  ParsedResourceEntry(std::string_view key, SMLoc keyLoc, Token value, Parser &parser, BlobParser parseBlob)
      : key(key), keyLoc(keyLoc), value(value), parser(parser), parseBlob(parseBlob) {}
  std::string_view getKey() const override { return key; }
  InFlightDiagnostic emitError() const override { return parser.emitError(keyLoc); }
  FailureOr<AsmResourceBlob> parseAsBlob() const override {
    std::optional<AsmResourceBlob> blob = parseBlob(value, key);
    if (!blob)
      return failure();
    return std::move(*blob);
  }
  FailureOr<bool> parseAsBool() const override {
    if (value.isAny(Token::kw_true, Token::kw_false))
      return value.is(Token::kw_true);
    return (emitError() << "expected 'true' or 'false' value for key '" << key << "'", failure());
  }
  FailureOr<std::string> parseAsString() const override {
    if (value.isNot(Token::string))
      return (emitError() << "expected string value for key '" << key << "'", failure());
    return value.getStringValue();
  }

private:
  std::string key;
  SMLoc keyLoc;
  Token value;
  Parser &parser;
  BlobParser parseBlob;
};
} // namespace

/// Parses the file metadata dictionary:
///
///   `{-#` (key `:` `{` (group `:` `{` (entry `:` value),* `}`),* `}`),* `#-}`
///
/// with key `dialect_resources` (groups are dialects: builtin takes hex
/// blobs for dense_resource keys, a dialect with resource hooks parses its
/// own entries, others take none) or `external_resources`
/// (groups nobody claims: their bool, string and blob entries are kept in
/// the context and printed back, as mlir-opt's fallback resource map does).
ParseResult TopLevelOperationParser::parseFileMetadataDictionary() {
  consumeToken(Token::file_metadata_begin);

  // Parses a keyword or a string into `key`.
  auto parseOptionalKeywordOrString = [&](std::string &key) -> bool {
    if (getToken().is(Token::string))
      key = getToken().getStringValue();
    else if (isCurrentTokenAKeyword())
      key = std::string(getTokenSpelling());
    else
      return false;
    consumeToken();
    return true;
  };

  // Decodes a blob value: "0x" + 4-byte little-endian alignment + data.
  auto parseBlob = [&](const Token &valueTok, const std::string &key) -> std::optional<AsmResourceBlob> {
    std::optional<std::string> blobData =
        valueTok.is(Token::string) ? valueTok.getHexStringValue() : std::nullopt;
    if (!blobData) {
      emitError(valueTok.getLoc()) << "expected hex string blob for key '" << key << "'";
      return std::nullopt;
    }
    if (blobData->size() < 4) {
      emitError(valueTok.getLoc()) << "expected hex string blob for key '" << key
                                    << "' to encode alignment in first 4 bytes";
      return std::nullopt;
    }
    uint32_t align = uint32_t((unsigned char)(*blobData)[0]) | uint32_t((unsigned char)(*blobData)[1]) << 8 |
                     uint32_t((unsigned char)(*blobData)[2]) << 16 | uint32_t((unsigned char)(*blobData)[3]) << 24;
    if (align & (align - 1)) {
      emitError(valueTok.getLoc()) << "expected hex string blob for key '" << key
                                    << "' to encode alignment in first 4 bytes, but got non-power-of-2 value: "
                                    << align;
      return std::nullopt;
    }
    AsmResourceBlob blob;
    blob.data.assign(blobData->begin() + 4, blobData->end());
    blob.alignment = blob.data.empty() ? 0 : align;
    return blob;
  };

  // Parses `{ name: { entries } , ... }`, calling `parseGroup(name, nameLoc)`
  // after the group's `{`; it parses the entries up to the closing `}`.
  auto parseResourceSection = [&](function_ref<ParseResult(std::string_view, SMLoc)> parseGroup) -> ParseResult {
    if (parseToken(Token::l_brace, "expected '{'"))
      return failure();
    return parseCommaSeparatedListUntil(Token::r_brace, [&]() -> ParseResult {
      SMLoc nameLoc = getToken().getLoc();
      if (!isCurrentTokenAKeyword())
        return emitError("expected identifier key for 'resource' entry");
      std::string_view name = getTokenSpelling();
      consumeToken();
      if (parseToken(Token::colon, "expected ':'") || parseToken(Token::l_brace, "expected '{'"))
        return failure();
      return parseGroup(name, nameLoc);
    });
  };

  auto parseDialectResources = [&]() -> ParseResult {
    return parseResourceSection([&](std::string_view name, SMLoc nameLoc) -> ParseResult {
      Dialect *dialect = getContext()->getOrLoadDialect(name);
      if (!dialect)
        return emitError(nameLoc, "dialect '" + std::string(name) + "' is unknown");
      if (name != "builtin") {
        if (!dialect->hasResourceHooks())
          return emitError() << "unexpected 'resource' section for dialect '" << name << "'";
        return parseCommaSeparatedListUntil(Token::r_brace, [&]() -> ParseResult {
          SMLoc keyLoc = getToken().getLoc();
          std::string key;
          if (failed(parseDialectResourceHandle(*dialect, key)) || parseToken(Token::colon, "expected ':'"))
            return failure();
          Token valueTok = getToken();
          consumeToken();
          ParsedResourceEntry entry(key, keyLoc, valueTok, *this, parseBlob);
          return dialect->parseResource(entry);
        });
      }
      return parseCommaSeparatedListUntil(Token::r_brace, [&]() -> ParseResult {
        std::string key;
        if (!parseOptionalKeywordOrString(key))
          return emitError("expected identifier key for 'resource' entry");
        auto [it, inserted] = state.symbols.resourceHandles.try_emplace(key);
        if (inserted)
          it->second = DenseResourceElementsHandle::getOrCreate(getContext(), key);
        DenseResourceElementsHandle handle = it->second;
        if (parseToken(Token::colon, "expected ':'"))
          return failure();
        Token valueTok = getToken();
        consumeToken();
        std::optional<AsmResourceBlob> blob = parseBlob(valueTok, key);
        if (!blob)
          return failure();
        handle.setBlob(std::move(*blob));
        return success();
      });
    });
  };

  auto parseExternalResources = [&]() -> ParseResult {
    return parseResourceSection([&](std::string_view name, SMLoc) -> ParseResult {
      // Entries of the same group name accumulate in one group.
      std::vector<ExternalResourceGroup> &groups = getExternalResources(getContext());
      size_t groupIndex = 0;
      while (groupIndex < groups.size() && groups[groupIndex].name != name)
        ++groupIndex;
      if (groupIndex == groups.size())
        groups.push_back(ExternalResourceGroup{std::string(name), {}});
      return parseCommaSeparatedListUntil(Token::r_brace, [&]() -> ParseResult {
        std::string key;
        if (!parseOptionalKeywordOrString(key))
          return emitError("expected identifier key for 'external_resources' entry");
        if (parseToken(Token::colon, "expected ':'"))
          return failure();
        Token valueTok = getToken();
        consumeToken();
        ExternalResourceEntry entry;
        entry.key = key;
        if (valueTok.isAny(Token::kw_true, Token::kw_false)) {
          entry.kind = ExternalResourceEntry::Kind::Bool;
          entry.boolValue = valueTok.is(Token::kw_true);
        } else if (valueTok.getSpelling().substr(0, 3) == "\"0x") {
          std::optional<AsmResourceBlob> blob = parseBlob(valueTok, key);
          if (!blob)
            return failure();
          entry.kind = ExternalResourceEntry::Kind::Blob;
          entry.blob = std::move(*blob);
        } else {
          if (valueTok.isNot(Token::string))
            return emitError(valueTok.getLoc(), "expected string value for key '" + key + "'");
          entry.kind = ExternalResourceEntry::Kind::String;
          entry.stringValue = valueTok.getStringValue();
        }
        groups[groupIndex].entries.push_back(std::move(entry));
        return success();
      });
    });
  };

  return parseCommaSeparatedListUntil(Token::file_metadata_end, [&]() -> ParseResult {
    SMLoc keyLoc = getToken().getLoc();
    if (!isCurrentTokenAKeyword())
      return emitError("expected identifier key in file metadata dictionary");
    std::string_view key = getTokenSpelling();
    consumeToken();
    if (parseToken(Token::colon, "expected ':'"))
      return failure();
    if (key == "dialect_resources")
      return parseDialectResources();
    if (key == "external_resources")
      return parseExternalResources();
    return emitError(keyLoc) << "unknown key '" << key << "' in file metadata dictionary";
  });
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

LogicalResult lamina::parseAsmSourceFile(const SourceMgr &sourceMgr, unsigned bufferID, Block *block,
                                         const ParserConfig &config) {
  const MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferID);
  MLIRContext *ctx = config.getContext();
  Location parserLoc = FileLineColLoc::get(ctx, buffer->getBufferIdentifier(), config.getSourceFileStartLine(),
                                           config.getSourceFileStartColumn());
  SymbolState symbols;
  ParserState state(sourceMgr, bufferID, config, symbols);
  return TopLevelOperationParser(state).parse(block, parserLoc);
}

Operation *lamina::parseSourceFileForTool(const SourceMgr &sourceMgr, unsigned bufferID,
                                          const ParserConfig &config) {
  MLIRContext *ctx = config.getContext();
  Block block;
  if (failed(parseAsmSourceFile(sourceMgr, bufferID, &block, config)))
    return nullptr;
  const MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferID);
  Location sourceFileLoc = FileLineColLoc::get(ctx, buffer->getBufferIdentifier(),
                                               config.getSourceFileStartLine(), config.getSourceFileStartColumn());
  if (!block.empty() && &block.front() == &block.back() && isa<ModuleOp>(&block.front())) {
    Operation *op = &block.front();
    op->remove();
    return op;
  }
  ModuleOp module = ModuleOp::create(sourceFileLoc);
  Block *body = module.getBody();
  body->splice(&block, block.begin());
  // The ops were verified by the parser; as MLIR, only check that the new
  // module can hold them.
  if (config.shouldVerifyAfterParse() && failed(verifyInvariants(module.getOperation()))) {
    module.getOperation()->destroy();
    return nullptr;
  }
  return module.getOperation();
}
