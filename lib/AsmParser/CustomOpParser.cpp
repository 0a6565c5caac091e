//===- CustomOpParser.cpp - Custom operations -----------------------------===//
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
// Custom operations
//===----------------------------------------------------------------------===//

namespace lamina {
/// The OpAsmParser handed to custom op parse hooks (OperationParser's friend).
class CustomOpAsmParser : public AsmParserImpl<OpAsmParser> {
public:
  CustomOpAsmParser(SMLoc nameLoc, ArrayRef<OperationParser::ResultRecord> resultIDs,
                    ParseResult (*parseAssembly)(OpAsmParser &, OperationState &), std::string_view opName,
                    OperationParser &parser)
      : AsmParserImpl<OpAsmParser>(nameLoc, parser), resultIDs(resultIDs), parseAssembly(parseAssembly),
        opName(opName), opParser(parser) {}

  /// Errors a custom parser reports name the op: "custom op 'a.b' <msg>".
  /// (Errors of the underlying Parser's own grammar are not prefixed.)
  InFlightDiagnostic emitError(SMLoc loc, std::string_view message) override {
    std::string full = "custom op '";
    full += opName;
    full += "' ";
    full += message;
    return AsmParserImpl<OpAsmParser>::emitError(loc, full);
  }

  ParseResult parseOperation(OperationState &opState) {
    if (parseAssembly(*this, opState))
      return failure();
    std::optional<NamedAttribute> duplicate = opState.attributes.findDuplicate();
    if (duplicate)
      return emitError(getNameLoc(), "attribute '")
             << duplicate->getName().getValue() << "' occurs more than once in the attribute list";
    return success();
  }

  size_t getNumResults() const override {
    size_t n = 0;
    for (auto &r : resultIDs)
      n += r.count;
    return n;
  }
  std::pair<std::string_view, unsigned> getResultName(unsigned resultNo) const override {
    for (auto &r : resultIDs) {
      if (resultNo < r.count)
        return {r.name.substr(1), resultNo};
      resultNo -= r.count;
    }
    return {std::string_view(), ~0u};
  }

  ParseResult parseOperand(UnresolvedOperand &result, bool allowResultNumber = true) override {
    return opParser.parseSSAUse(result, allowResultNumber);
  }
  std::optional<ParseResult> parseOptionalOperand(UnresolvedOperand &result, bool allowResultNumber) override {
    if (parser.getToken().is(Token::percent_identifier))
      return parseOperand(result, allowResultNumber);
    return std::nullopt;
  }
  ParseResult parseOperandList(SmallVectorImpl<UnresolvedOperand> &result, Delimiter delimiter, bool allowResultNumber,
                               int requiredOperandCount) override {
    // The no-delimiter case with no leading operand is an empty list, unless
    // operands are required (errors worded and placed as mlir-opt's, without
    // the custom-op prefix).
    if (delimiter == Delimiter::None && parser.getToken().isNot(Token::percent_identifier)) {
      if (requiredOperandCount <= 0)
        return success();
      if (parser.getToken().isAny(Token::l_paren, Token::l_square))
        return parser.emitError("unexpected delimiter");
      return parser.emitWrongTokenError("expected operand");
    }
    SMLoc startLoc = parser.getToken().getLoc();
    size_t before = result.size();
    if (parser.parseCommaSeparatedList(
            delimiter,
            [&]() -> ParseResult {
              UnresolvedOperand operand;
              if (parseOperand(operand, allowResultNumber))
                return failure();
              result.push_back(operand);
              return success();
            },
            " in operand list"))
      return failure();
    if (requiredOperandCount != -1 && int(result.size() - before) != requiredOperandCount)
      return emitError(startLoc, "expected ") << requiredOperandCount << " operands";
    return success();
  }
  ParseResult parseTrailingOperandList(SmallVectorImpl<UnresolvedOperand> &result, Delimiter delimiter) override {
    if (!parser.consumeIf(Token::comma))
      return success();
    return parseOperandList(result, delimiter, true, -1);
  }
  ParseResult resolveOperand(const UnresolvedOperand &operand, Type type, SmallVectorImpl<Value> &result) override {
    if (Value v = opParser.resolveSSAUse(operand, type)) {
      result.push_back(v);
      return success();
    }
    return failure();
  }

  ParseResult parseArgument(Argument &result, bool allowType, bool allowAttrs) override {
    NamedAttrList attrs;
    if (parseOperand(result.ssaName, /*allowResultNumber=*/false) ||
        (allowType && parseColonType(result.type)) || (allowAttrs && parseOptionalAttrDict(attrs)) ||
        parseOptionalLocationSpecifier(result.sourceLoc))
      return failure();
    result.attrs = attrs.getDictionary(getContext());
    return success();
  }
  std::optional<ParseResult> parseOptionalArgument(Argument &result, bool allowType, bool allowAttrs) override {
    if (parser.getToken().is(Token::percent_identifier))
      return parseArgument(result, allowType, allowAttrs);
    return std::nullopt;
  }
  ParseResult parseArgumentList(std::vector<Argument> &result, Delimiter delimiter, bool allowType,
                                bool allowAttrs) override {
    if (delimiter == Delimiter::None && parser.getToken().isNot(Token::percent_identifier))
      return success();
    return parser.parseCommaSeparatedList(
        delimiter,
        [&]() -> ParseResult {
          Argument arg;
          if (parseArgument(arg, allowType, allowAttrs))
            return failure();
          result.push_back(arg);
          return success();
        },
        " in argument list");
  }

  std::optional<ParseResult> parseOptionalAssignmentList(std::vector<Argument> &lhs,
                                                         SmallVectorImpl<UnresolvedOperand> &rhs) override {
    if (!parser.consumeIf(Token::l_paren))
      return std::nullopt;
    return parser.parseCommaSeparatedListUntil(Token::r_paren, [&]() -> ParseResult {
      Argument arg;
      UnresolvedOperand operand;
      if (parseArgument(arg, false, false) || parseEqual() || parseOperand(operand))
        return failure();
      lhs.push_back(arg);
      rhs.push_back(operand);
      return success();
    });
  }

  ParseResult parseRegion(Region &region, ArrayRef<Argument> arguments, bool enableNameShadowing) override {
    opParser.nextRegionIsModuleBody = (opName == "builtin.module" || opName == "module") && region.empty();
    return opParser.parseRegion(region, arguments, enableNameShadowing);
  }
  std::optional<ParseResult> parseOptionalRegion(Region &region, ArrayRef<Argument> arguments,
                                                 bool enableNameShadowing) override {
    if (parser.getToken().isNot(Token::l_brace))
      return std::nullopt;
    return parseRegion(region, arguments, enableNameShadowing);
  }
  ParseResult parseSuccessor(Block *&dest) override { return opParser.parseSuccessor(dest); }
  std::optional<ParseResult> parseOptionalSuccessor(Block *&dest) override {
    if (!parser.getToken().is(Token::caret_identifier))
      return std::nullopt;
    return parseSuccessor(dest);
  }
  ParseResult parseSuccessorAndUseList(Block *&dest, SmallVectorImpl<Value> &operands) override {
    if (parseSuccessor(dest))
      return failure();
    if (parser.getToken().is(Token::l_paren)) {
      // `(%a, %b : i32, i32)`
      SmallVector<UnresolvedOperand, 4> ops;
      SmallVector<Type, 4> types;
      SMLoc loc = parser.getToken().getLoc();
      if (parseLParen() || parseOperandList(ops, Delimiter::None, true, -1) || parseColonTypeList(types) ||
          parseRParen())
        return failure();
      return resolveOperands(ops, ArrayRef<Type>(types), loc, operands);
    }
    return success();
  }

  ParseResult parseAffineMapOfSSAIds(SmallVectorImpl<UnresolvedOperand> &operands, Attribute &mapAttr,
                                     std::string_view attrName, NamedAttrList &attrs, Delimiter delimiter) override {
    SmallVector<UnresolvedOperand, 4> dimOperands, symOperands;
    auto parseElement = [&](bool isSymbol) -> ParseResult {
      UnresolvedOperand operand;
      if (parseOperand(operand))
        return failure();
      (isSymbol ? symOperands : dimOperands).push_back(operand);
      return success();
    };
    AffineMap map;
    if (parser.parseAffineMapOfSSAIds(map, parseElement, delimiter))
      return failure();
    if (map) {
      mapAttr = AffineMapAttr::get(map);
      attrs.push_back(NamedAttribute(StringAttr::get(getContext(), attrName), mapAttr));
    }
    operands.insert(operands.end(), dimOperands.begin(), dimOperands.end());
    operands.insert(operands.end(), symOperands.begin(), symOperands.end());
    return success();
  }
  ParseResult parseAffineExprOfSSAIds(SmallVectorImpl<UnresolvedOperand> &dimOperands,
                                      SmallVectorImpl<UnresolvedOperand> &symbOperands, AffineExpr &expr) override {
    auto parseElement = [&](bool isSymbol) -> ParseResult {
      UnresolvedOperand operand;
      if (parseOperand(operand))
        return failure();
      (isSymbol ? symbOperands : dimOperands).push_back(operand);
      return success();
    };
    return parser.parseAffineExprOfSSAIds(expr, parseElement);
  }

  Operation *parseGenericOperation(Block *insertBlock, Block::iterator insertPt) override {
    OpBuilder::InsertPoint saved = opParser.opBuilder.saveInsertionPoint();
    opParser.opBuilder.setInsertionPoint(insertBlock, insertPt);
    // Parse one (generic) operation at the given point.
    Block::iterator before = insertPt;
    bool atBegin = insertPt == insertBlock->begin();
    Operation *prev = atBegin ? nullptr : &*std::prev(before);
    ParseResult r = opParser.parseOperation();
    opParser.opBuilder.restoreInsertionPoint(saved);
    if (failed(r))
      return nullptr;
    return prev ? prev->getNextNode() : &insertBlock->front();
  }
  FailureOr<OperationName> parseCustomOperationName() override { return opParser.parseCustomOperationName(); }

private:
  ArrayRef<OperationParser::ResultRecord> resultIDs;
  ParseResult (*parseAssembly)(OpAsmParser &, OperationState &);
  std::string_view opName;
  OperationParser &opParser;
};
} // namespace lamina

FailureOr<OperationName> OperationParser::parseCustomOperationName() {
  Token nameTok = getToken();
  std::string_view opName = nameTok.getSpelling();
  if (opName.empty())
    return emitError("empty operation name is invalid");
  consumeToken();
  // Registered names are resolved once per parser (bare spellings never
  // collide with the quoted ones of generic operations in the cache).
  if (OperationName *cached = opNameCache.find(opName))
    return *cached;
  if (auto opInfo = OperationName::lookupRegistered(opName, getContext())) {
    // A name is registered while its dialect's constructor runs, before the
    // constructor adds its traits, interfaces and hooks; when that happens on
    // another thread (chunks load the dialects they meet), wait until the
    // dialect is loaded: getOrLoadDialect takes the load lock it holds.
    getContext()->getOrLoadDialect(opInfo->getDialect()->getNamespace());
    opNameCache[opName] = *opInfo;
    return *opInfo;
  }
  size_t dot = opName.find('.');
  std::string_view dialectName = opName.substr(0, dot);
  // Without a name after the first dot (`e`, `func.`), the default dialect
  // is tried, as mlir-opt splits at the first dot.
  if (dot == std::string_view::npos || dot + 1 == opName.size()) {
    dialectName = state.defaultDialectStack.back();
    std::string full = std::string(dialectName) + "." + std::string(opName);
    getContext()->getOrLoadDialect(dialectName);
    return OperationName(full, getContext());
  }
  getContext()->getOrLoadDialect(dialectName);
  return OperationName(opName, getContext());
}

Operation *OperationParser::parseCustomOperation(ArrayRef<ResultRecord> resultIDs) {
  SMLoc opLoc = getToken().getLoc();
  std::string_view originalOpName = getTokenSpelling();
  FailureOr<OperationName> opNameInfo = parseCustomOperationName();
  if (failed(opNameInfo))
    return nullptr;
  std::string_view opName = opNameInfo->getStringRef();
  Dialect *dialect = opNameInfo->getDialect();
  if (!dialect) {
    InFlightDiagnostic diag = emitError(opLoc) << "Dialect `" << opNameInfo->getDialectNamespace()
                                               << "' not found for custom op '" << originalOpName << "' ";
    if (originalOpName != opName)
      diag << " (tried '" << opName << "' as well)";
    Diagnostic &note = diag.attachNote();
    note << "Registered dialects: ";
    bool first = true;
    for (const std::string &d : getContext()->getDialectRegistry().getDialectNames()) {
      if (!first)
        note << ", ";
      first = false;
      note << d;
    }
    note << " ; for more info on dialect registration see "
            "https://mlir.llvm.org/getting_started/Faq/"
            "#registered-loaded-dependent-whats-up-with-dialects-management";
    return nullptr;
  }
  if (!opNameInfo->isRegistered() || !opNameInfo->getInfo().parse) {
    InFlightDiagnostic diag = emitError(opLoc) << "custom op '" << originalOpName << "' is unknown";
    if (originalOpName != opName)
      diag << " (tried '" << opName << "' as well)";
    return nullptr;
  }
  const OperationInfo &info = opNameInfo->getInfo();
  const OpAsmOpInterface::Concept *asmInterface = OpAsmOpInterface::getInterfaceFor(*opNameInfo);
  state.defaultDialectStack.push_back(asmInterface ? asmInterface->getDefaultDialect() : std::string_view());
  struct PopDialect {
    ParserState &s;
    ~PopDialect() { s.defaultDialectStack.pop_back(); }
  } popDialect{state};

  OperationState opState(state.lex.getPackedSourceLocation(opLoc), *opNameInfo);
  CustomOpAsmParser opAsmParser(opLoc, resultIDs, info.parse, opName, *this);
  if (opAsmParser.parseOperation(opState))
    return nullptr;
  if (opAsmParser.didEmitError())
    return nullptr;
  Attribute props = opState.propertiesAttr;
  opState.propertiesAttr = Attribute();
  Operation *op = opBuilder.create(opState);
  if (props && failed(op->setPropertiesFromAttribute(props, [&]() {
        return emitError(opLoc) << "invalid properties " << props << " for op " << opName << ": ";
      })))
    return nullptr;
  if (parseTrailingLocationSpecifier(op))
    return nullptr;
  return op;
}
