//===- RegionParser.cpp - Generic operations, blocks and regions ----------===//
//
// Generic operations with regions are parsed by an explicit stack machine
// (no recursion), so arbitrarily deep nesting of generic ops cannot overflow
// the C++ stack. Custom operations call back into `parseRegion`, which runs
// the same machine; only custom-op nesting recurses.
//
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
// The region/operation machine
//===----------------------------------------------------------------------===//

ParseResult OperationParser::beginRegion(Region &region, ArrayRef<Argument> entryArguments, bool isIsolated,
                                         std::vector<Frame> &stack, bool &isEmpty) {
  isEmpty = false;
  bool moduleBody = nextRegionIsModuleBody;
  nextRegionIsModuleBody = false;
  if (parseToken(Token::l_brace, "expected '{' to begin a region"))
    return failure();
  if (entryArguments.empty() && getToken().is(Token::r_brace)) {
    consumeToken(Token::r_brace);
    isEmpty = true;
    return success();
  }
  OpBuilder::InsertPoint saved = opBuilder.saveInsertionPoint();
  pushSSANameScope(isIsolated);
  Block *block = new Block();
  region.push_back(block);
  if (!entryArguments.empty() && !entryArguments[0].ssaName.name.empty()) {
    if (getToken().is(Token::caret_identifier))
      return emitError("invalid block name in region with named arguments");
    for (const Argument &entryArg : entryArguments) {
      const UnresolvedOperand &argInfo = entryArg.ssaName;
      if (SMLoc *defLoc = getReferenceLoc(argInfo.name, argInfo.number)) {
        InFlightDiagnostic diag = emitError(argInfo.location)
                                  << "region entry argument '" << argInfo.name << "' is already in use";
        diag.attachNote(getEncodedSourceLocation(*defLoc)) << "previously referenced here";
        return failure();
      }
      PackedLocation loc = entryArg.sourceLoc ? PackedLocation(*entryArg.sourceLoc)
                                              : state.lex.getPackedSourceLocation(argInfo.location).getPacked();
      BlockArgument arg = block->addArgument(entryArg.type, loc);
      if (addDefinition(argInfo, arg))
        return failure();
    }
  }
  Frame frame;
  frame.region = RegionFrame{&region, saved, entryArguments.size()};
  stack.push_back(std::move(frame));
  pendingParallelBody = moduleBody && entryArguments.empty();
  // The entry block may be named; otherwise its body starts right away.
  if (getToken().is(Token::caret_identifier)) {
    if (parseBlockHeader(block, stack.back().region))
      return failure();
  }
  opBuilder.setInsertionPointToEnd(block);
  return success();
}

ParseResult OperationParser::endRegion(std::vector<Frame> &stack) {
  RegionFrame rf = stack.back().region;
  stack.pop_back();
  consumeToken(Token::r_brace);
  if (popSSANameScope())
    return failure();
  opBuilder.restoreInsertionPoint(rf.savedInsertPoint);
  return success();
}

ParseResult OperationParser::parseBlockHeader(Block *&block, RegionFrame &rf) {
  SMLoc nameLoc = getToken().getLoc();
  std::string_view name = getTokenSpelling();
  if (parseToken(Token::caret_identifier, "expected block name"))
    return failure();
  BlockDefinition &blockAndLoc = getBlockInfoByName(name);
  bool isEntry = block != nullptr;
  if (!blockAndLoc.block) {
    if (block) {
      blockAndLoc.block = block;
    } else {
      blockAndLoc.block = new Block();
      rf.region->push_back(blockAndLoc.block);
    }
  } else {
    auto &fwd = forwardRef.back();
    auto it = fwd.find(blockAndLoc.block);
    if (it == fwd.end())
      return emitError(nameLoc) << "redefinition of block '" << name << "'";
    fwd.erase(it);
    if (isEntry) {
      // The entry block was referenced before its header: make the forward
      // declared block the entry block.
      Block *entry = block;
      Block *declared = blockAndLoc.block;
      rf.region->getBlocks().remove(entry);
      rf.region->push_front(declared);
      // Move any named entry arguments over (there are none when a name is given).
      delete entry;
    } else {
      rf.region->push_back(blockAndLoc.block);
    }
  }
  blockAndLoc.loc = nameLoc;
  block = blockAndLoc.block;
  if (getToken().is(Token::l_paren))
    if (parseOptionalBlockArgList(block))
      return failure();
  if (parseToken(Token::colon, "expected ':' after block name"))
    return failure();
  if (isEntry && rf.numEntryArgs && block->getNumArguments() > rf.numEntryArgs)
    return emitError("entry block arguments were already defined");
  opBuilder.setInsertionPointToEnd(block);
  return success();
}

ParseResult OperationParser::parseOptionalBlockArgList(Block *owner) {
  if (getToken().is(Token::r_brace))
    return success();
  bool definingExistingArgs = owner->getNumArguments() != 0;
  unsigned nextArgument = 0;
  return parseCommaSeparatedList(Delimiter::Paren, [&]() -> ParseResult {
    return parseSSADefOrUseAndType([&](UnresolvedOperand useInfo, Type type) -> ParseResult {
      BlockArgument arg;
      if (definingExistingArgs) {
        if (nextArgument >= owner->getNumArguments())
          return emitError("too many arguments specified in argument list");
        arg = owner->getArgument(nextArgument++);
        if (arg.getType() != type)
          return emitError("argument and block argument type mismatch");
      } else {
        arg = owner->addArgument(type, state.lex.getPackedSourceLocation(useInfo.location).getPacked());
      }
      if (parseTrailingLocationSpecifier(arg))
        return failure();
      return addDefinition(useInfo, arg);
    });
  });
}

ParseResult OperationParser::registerResults(Operation *op, ArrayRef<ResultRecord> resultIDs, size_t numExpected,
                                             SMLoc loc) {
  if (resultIDs.empty())
    return success();
  if (op->getNumResults() == 0)
    return emitError(loc, "cannot name an operation with no results");
  if (numExpected != op->getNumResults())
    return emitError(loc, "operation defines ") << op->getNumResults() << " results but was provided "
                                                 << uint64_t(numExpected) << " to bind";
  unsigned opResI = 0;
  for (const ResultRecord &res : resultIDs)
    for (unsigned sub = 0; sub < res.count; ++sub)
      if (addDefinition({res.loc, res.name, sub}, op->getResult(opResI++)))
        return failure();
  return success();
}

ParseResult OperationParser::parseOperationStart(std::vector<Frame> &stack) {
  SMLoc loc = getToken().getLoc();
  SmallVector<ResultRecord, 2> resultIDs;
  size_t numExpectedResults = 0;
  if (getToken().is(Token::percent_identifier)) {
    auto parseNextResult = [&]() -> ParseResult {
      Token nameTok = getToken();
      if (parseToken(Token::percent_identifier, "expected valid ssa identifier"))
        return failure();
      size_t expectedSubResults = 1;
      if (consumeIf(Token::colon)) {
        if (!getToken().is(Token::integer))
          return emitWrongTokenError("expected integer number of results");
        auto val = getToken().getUInt64IntegerValue();
        if (!val || *val < 1)
          return emitError("expected named operation to have at least 1 result");
        consumeToken(Token::integer);
        expectedSubResults = *val;
      }
      resultIDs.push_back({nameTok.getSpelling(), unsigned(expectedSubResults), nameTok.getLoc()});
      numExpectedResults += expectedSubResults;
      return success();
    };
    if (parseCommaSeparatedList(parseNextResult))
      return failure();
    if (parseToken(Token::equal, "expected '=' after SSA name"))
      return failure();
  }

  Token nameTok = getToken();
  if (nameTok.is(Token::bare_identifier) || nameTok.isKeyword()) {
    Operation *op = parseCustomOperation(resultIDs);
    if (!op)
      return failure();
    return registerResults(op, resultIDs, numExpectedResults, loc);
  }
  if (!nameTok.is(Token::string))
    return emitWrongTokenError("expected operation name in quotes");

  // Generic operation: parse up to the region list. Names are resolved once
  // per parser and spelling (the context's table is shared by all threads).
  StateLocation srcLocation = state.lex.getPackedSourceLocation(nameTok.getLoc());
  OperationName opName;
  if (OperationName *cached = opNameCache.find(nameTok.getSpelling())) {
    opName = *cached;
    consumeToken(Token::string);
  } else {
    std::string name = nameTok.getStringValue();
    if (name.empty())
      return emitError("empty operation name is invalid");
    if (name.find('\0') != std::string::npos)
      return emitError("null character not allowed in operation name");
    consumeToken(Token::string);

    // The dialect is loaded before the name is resolved: parallel chunks may
    // load dialects while others parse, and a name is only looked up once
    // its dialect's registration is complete.
    std::string_view dialectName = std::string_view(name).substr(0, name.find('.'));
    if (!getContext()->getOrLoadDialect(dialectName) && !getContext()->allowsUnregisteredDialects())
      return emitError("operation being parsed with an unregistered dialect. If this is intended, please use "
                       "-allow-unregistered-dialect with the MLIR tool used");
    opName = OperationName(name, getContext());
    opNameCache[nameTok.getSpelling()] = opName;
  }
  // Kept on the stack unless the op has regions (most have none).
  PendingOp local(srcLocation, opName);
  PendingOp *pending = &local;
  pending->resultIDs = std::move(resultIDs);
  pending->numExpectedResults = numExpectedResults;
  pending->opLoc = loc;
  pending->insertPoint = opBuilder.saveInsertionPoint();

  if (parseToken(Token::l_paren, "expected '(' to start operand list") ||
      parseOptionalSSAUseList(pending->operandInfos) ||
      parseToken(Token::r_paren, "expected ')' to end operand list"))
    return failure();
  TailLookup tail;
  if (getToken().is(Token::l_square)) {
    if (opName.isRegistered() && !opName.mightHaveTrait<OpTrait::IsTerminator>())
      return emitError("successors in non-terminator");
    if (parseSuccessors(pending->state.successors))
      return failure();
  } else {
    lookupTail(tail);
    if (tail.hit) {
      pending->state.propertiesAttr = tail.hit->props;
      return finishGenericOp(*pending, &tail);
    }
  }
  if (consumeIf(Token::less)) {
    pending->state.propertiesAttr = parseAttribute();
    if (!pending->state.propertiesAttr)
      return failure();
    if (parseToken(Token::greater, "expected '>' to close properties"))
      return failure();
  }
  if (!consumeIf(Token::l_paren))
    return finishGenericOp(*pending, &tail);

  // Regions: push the op, then begin its first region. Empty regions finish
  // immediately, so loop until a region with a body is open or the list ends.
  Frame opFrame;
  opFrame.op = std::make_unique<PendingOp>(std::move(local));
  stack.push_back(std::move(opFrame));
  while (true) {
    PendingOp &p = *stack.back().op;
    p.state.regions.push_back(std::make_unique<Region>(topLevelOp.getOperation()));
    nextRegionIsModuleBody = p.state.regions.size() == 1 && p.state.name.getStringRef() == "builtin.module";
    bool isEmpty;
    if (beginRegion(*p.state.regions.back(), {}, false, stack, isEmpty))
      return failure();
    if (!isEmpty)
      return success();
    if (consumeIf(Token::comma))
      continue;
    if (parseToken(Token::r_paren, "expected ')' to end region list"))
      return failure();
    std::unique_ptr<PendingOp> done = std::move(stack.back().op);
    stack.pop_back();
    return finishGenericOp(*done);
  }
}

void OperationParser::lookupTail(TailLookup &tail) {
  const char *start = getToken().getLoc().getPointer();
  const char *limit = state.lex.getLimit();
  size_t span = std::min<size_t>(size_t(limit - start), sizeof(GenericTail::text) + 1);
  auto *lineEnd = static_cast<const char *>(std::memchr(start, '\n', span));
  if (!lineEnd || lineEnd == start)
    return;
  size_t length = size_t(lineEnd - start);
  tail.start = start;
  tail.lineEnd = lineEnd;
  tail.hash = hashBytes(start, length);
  if (!tailCache)
    return;
  const GenericTail &entry = tailCache[tail.hash & (kTailCacheSize - 1)];
  if (entry.length == length && entry.hash == tail.hash && std::memcmp(entry.text, start, length) == 0) {
    tail.hit = &entry;
    resetToken(lineEnd);
  }
}

void OperationParser::rememberTail(const TailLookup &tail, Attribute props, const NamedAttrList &attrs,
                                   FunctionType type, const char *typeStart) {
  // Cacheable only if the tail's tokens all precede its newline and the
  // next token follows it (no trailing location or op on the same line, no
  // type spanning lines; strings cannot contain newlines).
  const char *next = getToken().getLoc().getPointer();
  if (!tail.lineEnd || next <= tail.lineEnd ||
      std::memchr(tail.lineEnd + 1, '\n', size_t(next - tail.lineEnd - 1)))
    return;
  if (!tailCache)
    tailCache = std::make_unique<GenericTail[]>(kTailCacheSize);
  GenericTail &entry = tailCache[tail.hash & (kTailCacheSize - 1)];
  size_t length = size_t(tail.lineEnd - tail.start);
  entry.hash = tail.hash;
  entry.length = uint32_t(length);
  entry.typeOffset = uint32_t(typeStart - tail.start);
  entry.props = props;
  entry.attrs = attrs.empty() ? DictionaryAttr() : attrs.getDictionary(getContext());
  entry.type = type;
  std::memcpy(entry.text, tail.start, length);
}

ParseResult OperationParser::finishGenericOp(PendingOp &pending, TailLookup *knownTail) {
  OperationState &result = pending.state;
  opBuilder.restoreInsertionPoint(pending.insertPoint);
  TailLookup localTail;
  TailLookup &tail = knownTail ? *knownTail : localTail;
  // After a region list the tail has no properties (text starting with `<`
  // is an error there, and must not hit a tail cached with properties).
  if (!knownTail && getToken().isNot(Token::less))
    lookupTail(tail);
  FunctionType fnType;
  SMLoc typeLoc;
  if (tail.hit) {
    if (tail.hit->attrs)
      result.attributes = NamedAttrList(tail.hit->attrs);
    fnType = tail.hit->type;
    typeLoc = SMLoc::getFromPointer(tail.start + tail.hit->typeOffset);
  } else {
    if (getToken().is(Token::l_brace))
      if (parseAttributeDict(result.attributes))
        return failure();
    if (parseToken(Token::colon, "expected ':' followed by operation type"))
      return failure();
    typeLoc = getToken().getLoc();
    Type type = parseType();
    if (!type)
      return failure();
    fnType = dyn_cast<FunctionType>(type);
    if (!fnType)
      return emitError(typeLoc, "expected function type");
    if (tail.start)
      rememberTail(tail, knownTail ? result.propertiesAttr : Attribute(), result.attributes, fnType,
                   typeLoc.getPointer());
  }
  result.addTypes(fnType.getResults());
  ArrayRef<Type> operandTypes = fnType.getInputs();
  if (operandTypes.size() != pending.operandInfos.size()) {
    return emitError(typeLoc, "expected ") << unsigned(pending.operandInfos.size()) << " operand type"
                                           << (pending.operandInfos.size() == 1 ? "" : "s") << " but had "
                                           << unsigned(operandTypes.size());
  }
  for (size_t i = 0; i < pending.operandInfos.size(); ++i) {
    Value v = resolveSSAUse(pending.operandInfos[i], operandTypes[i]);
    if (!v)
      return failure();
    result.operands.push_back(v);
  }
  // Inherent attributes given as discardable ones are checked before the op
  // exists (they could not be stored as properties otherwise).
  StateLocation srcLocation = result.location;
  if (!result.propertiesAttr && result.name.isRegistered())
    if (auto verifyInherentAttrs = result.name.getInfo().verifyInherentAttrs)
      if (failed(verifyInherentAttrs(result.name, result.attributes, [&]() {
            return lamina::emitError(srcLocation) << "'" << result.name.getStringRef() << "' op ";
          })))
        return failure();
  if (getToken().is(Token::kw_loc)) {
    Location trailing = result.location;
    if (parseOptionalTrailingLocation(trailing))
      return failure();
    result.location = trailing;
  }
  // Registered ops take their properties from a dictionary (set after
  // creation so errors can be reported, at the op name); unregistered ops
  // store the attribute as is, at creation.
  Attribute props = result.propertiesAttr;
  if (result.name.isRegistered())
    result.propertiesAttr = Attribute();
  else
    props = Attribute();
  Operation *op = opBuilder.create(result);
  if (props) {
    StateLocation loc = srcLocation;
    std::string name(result.name.getStringRef());
    if (failed(op->setPropertiesFromAttribute(props, [&]() {
          return lamina::emitError(loc) << "invalid properties " << props << " for op " << name << ": ";
        })))
      return failure();
  }
  return registerResults(op, pending.resultIDs, pending.numExpectedResults, pending.opLoc);
}

ParseResult OperationParser::finishChunk() {
  if (!forwardRefPlaceholders.empty() || !deferredLocsReferences.empty())
    return failure();
  // Values defined at the chunk's top level could be used by later text.
  for (Operation &op : *topLevelOp.getBody())
    if (op.getNumResults())
      return failure();
  return popSSANameScope();
}

ParseResult OperationParser::runMachine(Region *startRegion, ArrayRef<Argument> entryArguments, bool isIsolated) {
  std::vector<Frame> stack;
  // On failure the stack still owns the regions of unfinished generic ops.
  // Ops in inner regions may use values of outer ones, so every use is
  // unlinked before any op is freed, and frames are released innermost first.
  struct StackReleaser {
    std::vector<Frame> &stack;
    ~StackReleaser() {
      for (Frame &f : stack)
        if (f.op)
          for (auto &region : f.op->state.regions)
            region->dropAllReferences();
      while (!stack.empty())
        stack.pop_back();
    }
  } releaser{stack};
  if (startRegion) {
    bool isEmpty;
    if (beginRegion(*startRegion, entryArguments, isIsolated, stack, isEmpty))
      return failure();
    if (isEmpty)
      return success();
  } else {
    if (parseOperationStart(stack))
      return failure();
    if (stack.empty())
      return success();
  }
  while (!stack.empty()) {
    Frame &top = stack.back();
    assert(!top.op && "expected a region frame on top");
    (void)top;
    Token::Kind kind = getToken().getKind();
    if (kind == Token::r_brace) {
      if (endRegion(stack))
        return failure();
      if (stack.empty())
        return success();
      // The region belonged to a pending generic op: next region or finish.
      while (true) {
        if (consumeIf(Token::comma)) {
          PendingOp &p = *stack.back().op;
          p.state.regions.push_back(std::make_unique<Region>(topLevelOp.getOperation()));
          bool isEmpty;
          if (beginRegion(*p.state.regions.back(), {}, false, stack, isEmpty))
            return failure();
          if (isEmpty)
            continue;
          break;
        }
        if (parseToken(Token::r_paren, "expected ')' to end region list"))
          return failure();
        std::unique_ptr<PendingOp> done = std::move(stack.back().op);
        stack.pop_back();
        if (finishGenericOp(*done))
          return failure();
        break;
      }
      if (stack.empty())
        return success();
      continue;
    }
    if (kind == Token::caret_identifier) {
      Block *block = nullptr;
      if (parseBlockHeader(block, stack.back().region))
        return failure();
      continue;
    }
    if (pendingParallelBody) {
      pendingParallelBody = false;
      if (tryParallelOps(/*untilCloseBrace=*/true))
        continue;
    }
    if (parseOperationStart(stack))
      return failure();
  }
  return success();
}
