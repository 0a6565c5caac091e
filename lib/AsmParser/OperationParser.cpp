//===- OperationParser.cpp - SSA names, successors, locations, finalization ===//
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
// OperationParser
//===----------------------------------------------------------------------===//

OperationParser::OperationParser(ParserState &state, ModuleOp topLevelOp)
    : Parser(state), opBuilder(topLevelOp.getBodyRegion()), topLevelOp(topLevelOp) {
  pushSSANameScope(/*isIsolated=*/true);
}

OperationParser::~OperationParser() {
  for (auto &fwd : forwardRefPlaceholders) {
    Operation *op = Value(fwd.first).getDefiningOp();
    op->dropAllUses();
    op->destroy();
  }
  for (auto &scope : forwardRef)
    for (auto &fwd : scope) {
      fwd.first->dropAllReferences();
      fwd.first->dropAllDefinedValueUses();
      delete fwd.first;
    }
}

void OperationParser::pushSSANameScope(bool isIsolated) {
  blocksByName.emplace_back();
  forwardRef.emplace_back();
  if (isIsolated)
    isolatedNameScopes.emplace_back();
  isolatedNameScopes.back().definitionsPerScope.emplace_back();
}

ParseResult OperationParser::popSSANameScope() {
  auto forwardRefInCurrentScope = std::move(forwardRef.back());
  forwardRef.pop_back();
  if (!forwardRefInCurrentScope.empty()) {
    std::vector<std::pair<const char *, Block *>> errors;
    for (auto &entry : forwardRefInCurrentScope)
      errors.push_back({entry.second.getPointer(), entry.first});
    std::sort(errors.begin(), errors.end());
    for (auto &entry : errors) {
      emitError(SMLoc::getFromPointer(entry.first), "reference to an undefined block").report();
      // Keep the block alive until the parser is destroyed (it has uses).
      if (forwardRef.empty())
        forwardRef.emplace_back();
      forwardRef.front()[entry.second] = SMLoc::getFromPointer(entry.first);
    }
    return failure();
  }
  auto &currentNameScope = isolatedNameScopes.back();
  if (currentNameScope.definitionsPerScope.size() == 1) {
    isolatedNameScopes.pop_back();
  } else {
    for (std::string_view def : currentNameScope.definitionsPerScope.back())
      currentNameScope.values.erase(def);
    currentNameScope.definitionsPerScope.pop_back();
  }
  blocksByName.pop_back();
  return success();
}

SMLoc *OperationParser::getReferenceLoc(std::string_view name, unsigned number) {
  ValueDefinitionList *defs = isolatedNameScopes.back().values.find(name);
  if (!defs || number >= defs->size() || !(*defs)[number].value)
    return nullptr;
  return &(*defs)[number].loc;
}

Value OperationParser::createForwardRefPlaceholder(SMLoc loc, Type type) {
  OperationName name("builtin.unrealized_conversion_cast", getContext());
  Operation *op = Operation::create(getEncodedSourceLocation(loc), name, TypeRange(type), ValueRange(),
                                    NamedAttrList(), Attribute(), {}, 0);
  forwardRefPlaceholders[op->getResult(0).getImpl()] = loc;
  return op->getResult(0);
}

ParseResult OperationParser::addDefinition(const UnresolvedOperand &useInfo, Value value) {
  auto &entries = getSSAValueEntry(useInfo.name);
  if (entries.size() <= useInfo.number)
    entries.resize(useInfo.number + 1);
  if (Value existing = entries[useInfo.number].value) {
    if (!isForwardRefPlaceholder(existing)) {
      InFlightDiagnostic diag = emitError(useInfo.location) << "redefinition of SSA value '" << useInfo.name << "'";
      diag.attachNote(getEncodedSourceLocation(entries[useInfo.number].loc)) << "previously defined here";
      return failure();
    }
    if (existing.getType() != value.getType()) {
      InFlightDiagnostic diag = emitError(useInfo.location) << "definition of SSA value '" << useInfo.name << "#"
                                                            << useInfo.number << "' has type " << value.getType();
      diag.attachNote(getEncodedSourceLocation(entries[useInfo.number].loc))
          << "previously used here with type " << existing.getType();
      return failure();
    }
    existing.replaceAllUsesWith(value);
    forwardRefPlaceholders.erase(existing.getImpl());
    existing.getDefiningOp()->destroy();
  }
  entries[useInfo.number] = {value, useInfo.location};
  recordDefinition(useInfo.name);
  return success();
}

ParseResult OperationParser::parseSSAUse(UnresolvedOperand &result, bool allowResultNumberSyntax) {
  result.name = getTokenSpelling();
  result.number = 0;
  result.location = getToken().getLoc();
  if (parseToken(Token::percent_identifier, "expected SSA operand"))
    return failure();
  if (getToken().is(Token::hash_identifier)) {
    if (!allowResultNumberSyntax)
      return emitError("result number not allowed in argument list");
    if (auto value = getToken().getHashIdentifierNumber())
      result.number = *value;
    else
      return emitError("invalid SSA value result number");
    consumeToken(Token::hash_identifier);
  }
  return success();
}

ParseResult OperationParser::parseOptionalSSAUseList(SmallVectorImpl<UnresolvedOperand> &results) {
  if (getToken().isNot(Token::percent_identifier))
    return success();
  return parseCommaSeparatedList([&]() -> ParseResult {
    UnresolvedOperand result;
    if (parseSSAUse(result))
      return failure();
    results.push_back(result);
    return success();
  });
}

Value OperationParser::resolveSSAUse(const UnresolvedOperand &useInfo, Type type) {
  auto &entries = getSSAValueEntry(useInfo.name);
  if (useInfo.number < entries.size() && entries[useInfo.number].value) {
    Value result = entries[useInfo.number].value;
    if (result.getType() == type)
      return result;
    InFlightDiagnostic diag = emitError(useInfo.location) << "use of value '" << useInfo.name
                                                          << "' expects different type than prior uses: " << type
                                                          << " vs " << result.getType();
    diag.attachNote(getEncodedSourceLocation(entries[useInfo.number].loc)) << "prior use here";
    return Value();
  }
  if (entries.size() <= useInfo.number)
    entries.resize(useInfo.number + 1);
  if (entries[0].value && !isForwardRefPlaceholder(entries[0].value)) {
    emitError(useInfo.location, "reference to invalid result number").report();
    return Value();
  }
  Value result = createForwardRefPlaceholder(useInfo.location, type);
  entries[useInfo.number] = {result, useInfo.location};
  return result;
}

ParseResult OperationParser::parseSSADefOrUseAndType(function_ref<ParseResult(UnresolvedOperand, Type)> action) {
  UnresolvedOperand useInfo;
  if (parseSSAUse(useInfo, /*allowResultNumberSyntax=*/false) ||
      parseToken(Token::colon, "expected ':' and type for SSA operand"))
    return failure();
  Type type = parseType();
  if (!type)
    return failure();
  return action(useInfo, type);
}

ParseResult OperationParser::parseSuccessors(SmallVectorImpl<Block *> &destinations) {
  if (parseToken(Token::l_square, "expected '['"))
    return failure();
  auto parseElt = [&]() -> ParseResult {
    Block *dest = nullptr;
    ParseResult res = parseSuccessor(dest);
    destinations.push_back(dest);
    return res;
  };
  return parseCommaSeparatedListUntil(Token::r_square, parseElt, /*allowEmptyList=*/false);
}

ParseResult OperationParser::parseSuccessor(Block *&dest) {
  if (!getToken().is(Token::caret_identifier))
    return emitWrongTokenError("expected block name");
  dest = getBlockNamed(getTokenSpelling(), getToken().getLoc());
  consumeToken();
  return success();
}

Block *OperationParser::getBlockNamed(std::string_view name, SMLoc loc) {
  BlockDefinition &blockDef = getBlockInfoByName(name);
  if (!blockDef.block) {
    blockDef = {new Block(), loc};
    forwardRef.back()[blockDef.block] = loc;
  }
  return blockDef.block;
}

ParseResult OperationParser::parseLocationAlias(LocationAttr &loc) {
  Token tok = getToken();
  consumeToken(Token::hash_identifier);
  std::string_view identifier = tok.getSpelling().substr(1);
  auto &aliases = state.symbols.attributeAliasDefinitions;
  auto it = aliases.find(std::string(identifier));
  if (it != aliases.end()) {
    loc = dyn_cast<LocationAttr>(it->second);
    if (!loc)
      return emitError(tok.getLoc()) << "expected location, but found '" << it->second << "'";
    return success();
  }
  // Resolve later, once the alias is defined: mark with an OpaqueLoc.
  loc = OpaqueLoc::get(deferredLocsReferences.size(), TypeID::get<DeferredLocInfo>(), UnknownLoc::get(getContext()));
  deferredLocsReferences.push_back(DeferredLocInfo{tok.getLoc(), identifier});
  return success();
}

ParseResult OperationParser::parseOptionalTrailingLocation(Location &loc) {
  if (!consumeIf(Token::kw_loc))
    return success();
  if (parseToken(Token::l_paren, "expected '(' in location"))
    return failure();
  Token tok = getToken();
  LocationAttr directLoc;
  if (tok.is(Token::hash_identifier) && tok.getSpelling().find('.') == std::string_view::npos) {
    if (parseLocationAlias(directLoc))
      return failure();
  } else if (parseLocationInstance(directLoc)) {
    return failure();
  }
  if (parseToken(Token::r_paren, "expected ')' in location"))
    return failure();
  loc = directLoc;
  return success();
}

ParseResult OperationParser::parseTrailingLocationSpecifier(Operation *op) {
  if (!getToken().is(Token::kw_loc))
    return success();
  Location loc = op->getLoc();
  if (parseOptionalTrailingLocation(loc))
    return failure();
  op->setLoc(loc);
  return success();
}

ParseResult OperationParser::parseTrailingLocationSpecifier(BlockArgument arg) {
  Location loc = arg.getLoc();
  if (parseOptionalTrailingLocation(loc))
    return failure();
  arg.setLoc(loc);
  return success();
}

//===----------------------------------------------------------------------===//
// Finalization
//===----------------------------------------------------------------------===//

ParseResult OperationParser::finalize() {
  if (!forwardRefPlaceholders.empty()) {
    std::vector<const char *> errors;
    for (auto &entry : forwardRefPlaceholders)
      errors.push_back(entry.second.getPointer());
    std::sort(errors.begin(), errors.end());
    for (const char *entry : errors)
      emitError(SMLoc::getFromPointer(entry), "use of undeclared SSA value name").report();
    return failure();
  }
  if (!deferredLocsReferences.empty()) {
    auto &aliases = state.symbols.attributeAliasDefinitions;
    TypeID locID = TypeID::get<DeferredLocInfo>();
    auto resolve = [&](Location loc, auto setLoc) -> LogicalResult {
      auto fwdLoc = dyn_cast<OpaqueLoc>(LocationAttr(loc));
      if (!fwdLoc || fwdLoc.getUnderlyingTypeID() != locID)
        return success();
      const DeferredLocInfo &info = deferredLocsReferences[fwdLoc.getUnderlyingLocation()];
      auto it = aliases.find(std::string(info.identifier));
      if (it == aliases.end())
        return emitError(info.loc) << "operation location alias was never defined";
      auto locAttr = dyn_cast<LocationAttr>(it->second);
      if (!locAttr)
        return emitError(info.loc) << "expected location, but found '" << it->second << "'";
      setLoc(Location(locAttr));
      return success();
    };
    WalkResult wr = topLevelOp->walk([&](Operation *op) -> WalkResult {
      // Locations the parser recorded packed are plain file:line:col.
      if (!op->getPackedLoc().isPacked() && failed(resolve(op->getLoc(), [&](Location l) { op->setLoc(l); })))
        return WalkResult::interrupt();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Value v : block.getArguments()) {
            BlockArgument arg(v);
            if (failed(resolve(arg.getLoc(), [&](Location l) { arg.setLoc(l); })))
              return WalkResult::interrupt();
          }
      return WalkResult::advance();
    });
    if (wr.wasInterrupted())
      return failure();
  }
  if (popSSANameScope())
    return failure();
  if (state.config.shouldVerifyAfterParse() && failed(verify(topLevelOp.getOperation())))
    return failure();
  return success();
}
