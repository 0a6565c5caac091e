//===- OperationParser.h - Parsing operations, blocks and regions ---------===//
//
// OperationParser parses the operations, blocks and regions of one
// top-level container (the file's module or a parallel chunk of it). Its
// code is spread along the grammar:
//   OperationParser.cpp  SSA names and scopes, successors, locations,
//                        finalization (forward references, deferred
//                        locations)
//   RegionParser.cpp     the region/operation machine: generic operations,
//                        blocks and regions without recursion
//   ParallelParser.cpp   chunking a run of operations for the thread pool
//   CustomOpParser.cpp   custom operations and the OpAsmParser they get
//   TopLevelParser.cpp   the file: aliases, metadata, resources; entry points
//
#pragma once

#include "Parser.h"

#include "lamina/IR/BuiltinOps.h"
#include "lamina/Support/DenseMap.h"

#include <memory>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lamina {

class CustomOpAsmParser;

/// Parses operations, blocks and regions for one top-level container.
class OperationParser : public Parser {
public:
  using UnresolvedOperand = OpAsmParser::UnresolvedOperand;
  using Argument = OpAsmParser::Argument;

  /// `%name:count` on the left of an operation.
  struct ResultRecord {
    std::string_view name;
    unsigned count;
    SMLoc loc;
  };

  OperationParser(ParserState &state, ModuleOp topLevelOp);
  ~OperationParser();

  /// Checks forward references, resolves deferred locations and verifies.
  ParseResult finalize();
  /// For a chunk parsed on its own (see tryParallelOps): success if nothing
  /// is left to resolve against the rest of the file.
  ParseResult finishChunk();
  /// Parses the run of operations starting at the current token on the
  /// context's thread pool, in chunks split at line starts, and appends them
  /// to the insertion block; stops before the `}` closing the current region
  /// (`untilCloseBrace`) or before the first top-level line that is not an
  /// operation. Returns false, having changed nothing, when the run is small,
  /// threading is off, or any chunk does not parse on its own: the caller
  /// then parses sequentially (and reports any error itself).
  bool tryParallelOps(bool untilCloseBrace);
  /// Set by the parser of a builtin.module op right before its body region:
  /// the body's operations are tried in parallel.
  bool nextRegionIsModuleBody = false;

  /// Parses one operation (with everything nested in it).
  ParseResult parseOperation() { return runMachine(nullptr, {}, false); }
  /// Parses `{ ... }` into `region` with the given entry arguments.
  ParseResult parseRegion(Region &region, ArrayRef<Argument> entryArguments, bool isIsolatedNameScope) {
    return runMachine(&region, entryArguments, isIsolatedNameScope);
  }

  // SSA values.
  ParseResult parseSSAUse(UnresolvedOperand &result, bool allowResultNumberSyntax = true);
  ParseResult parseOptionalSSAUseList(SmallVectorImpl<UnresolvedOperand> &results);
  Value resolveSSAUse(const UnresolvedOperand &useInfo, Type type);
  ParseResult addDefinition(const UnresolvedOperand &useInfo, Value value);
  ParseResult parseSSADefOrUseAndType(function_ref<ParseResult(UnresolvedOperand, Type)> action);

  // Blocks.
  ParseResult parseSuccessors(SmallVectorImpl<Block *> &destinations);
  ParseResult parseSuccessor(Block *&dest);
  Block *getBlockNamed(std::string_view name, SMLoc loc);

  // Locations.
  ParseResult parseTrailingLocationSpecifier(Operation *op);
  ParseResult parseTrailingLocationSpecifier(BlockArgument arg);
  ParseResult parseLocationAlias(LocationAttr &loc);
  ParseResult parseOptionalTrailingLocation(Location &loc);

  // Custom operations.
  Operation *parseCustomOperation(ArrayRef<ResultRecord> resultIDs);
  FailureOr<OperationName> parseCustomOperationName();

  OpBuilder opBuilder;

private:
  struct BlockDefinition {
    Block *block = nullptr;
    SMLoc loc;
  };
  struct ValueDefinition {
    Value value;
    SMLoc loc;
  };
  /// The definitions of one name by result number: almost always one, kept
  /// inline (no allocation per SSA name).
  class ValueDefinitionList {
  public:
    size_t size() const { return 1 + rest.size(); }
    void resize(size_t n) { rest.resize(n > 0 ? n - 1 : 0); }
    ValueDefinition &operator[](size_t i) { return i == 0 ? first : rest[i - 1]; }

  private:
    ValueDefinition first;
    std::vector<ValueDefinition> rest;
  };
  /// Names visible in an isolated scope, with a list of names per nested
  /// region to forget when that region ends.
  struct IsolatedSSANameScope {
    StringViewMap<ValueDefinitionList> values;
    std::vector<std::vector<std::string_view>> definitionsPerScope;
  };

  /// A generic operation whose region list is being parsed.
  struct PendingOp {
    PendingOp(StateLocation loc, OperationName name) : state(loc, name) {}
    OperationState state;
    SmallVector<ResultRecord, 2> resultIDs;
    size_t numExpectedResults = 0;
    SMLoc opLoc;
    SmallVector<UnresolvedOperand, 4> operandInfos;
    OpBuilder::InsertPoint insertPoint;
  };
  /// A region whose body is being parsed.
  struct RegionFrame {
    Region *region;
    OpBuilder::InsertPoint savedInsertPoint;
    size_t numEntryArgs;
  };
  struct Frame {
    std::unique_ptr<PendingOp> op; // set for op frames
    RegionFrame region;            // valid for region frames
  };

  ParseResult runMachine(Region *startRegion, ArrayRef<Argument> entryArguments, bool isIsolated);
  /// Parses `{`, sets up the entry block; `isEmpty` is set for `{}` without
  /// arguments (already consumed).
  ParseResult beginRegion(Region &region, ArrayRef<Argument> entryArguments, bool isIsolated,
                          std::vector<Frame> &stack, bool &isEmpty);
  ParseResult endRegion(std::vector<Frame> &stack);
  /// Parses the next operation in the current block. Pushes frames if it
  /// is a generic op with regions.
  ParseResult parseOperationStart(std::vector<Frame> &stack);
  /// The rest of a generic operation: attribute dictionary, `:` function
  /// type, trailing location; creates it. `tail` is the op's tail when
  /// parseOperationStart looked it up (see GenericTail), else it is looked
  /// up here.
  struct TailLookup;
  ParseResult finishGenericOp(PendingOp &pending, TailLookup *tail = nullptr);

  /// What follows the operand list (or the region list) of a generic op up
  /// to the end of its line, when that is exactly the op's properties,
  /// attribute dictionary and function type (e.g.
  /// `<{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32`): the same
  /// spelling always parses to the same attributes and type (aliases cannot
  /// be redefined), and in real IR a few spellings make up most ops, so the
  /// last parse of each is remembered in a small direct-mapped cache keyed
  /// by the text (copied, so released input pages are not touched again).
  struct GenericTail {
    uint64_t hash = 0;
    uint32_t length = 0; // 0: empty slot
    uint32_t typeOffset = 0;
    Attribute props;
    DictionaryAttr attrs;
    FunctionType type;
    char text[112];
  };
  static constexpr size_t kTailCacheSize = 256;
  struct TailLookup {
    const char *start = nullptr;   // the tail's first character
    const char *lineEnd = nullptr; // its newline; null: not cacheable
    uint64_t hash = 0;
    const GenericTail *hit = nullptr;
  };
  /// Looks up the tail starting at the current token; on a hit the lexer
  /// continues after it.
  void lookupTail(TailLookup &tail);
  /// Remembers the tail just parsed if it ended its line.
  void rememberTail(const TailLookup &tail, Attribute props, const NamedAttrList &attrs, FunctionType type,
                    const char *typeStart);
  std::unique_ptr<GenericTail[]> tailCache;
  ParseResult registerResults(Operation *op, ArrayRef<ResultRecord> resultIDs, size_t numExpected, SMLoc loc);
  ParseResult parseBlockHeader(Block *&block, RegionFrame &rf);
  ParseResult parseOptionalBlockArgList(Block *owner);

  void pushSSANameScope(bool isIsolated);
  ParseResult popSSANameScope();
  ValueDefinitionList &getSSAValueEntry(std::string_view name) {
    return isolatedNameScopes.back().values[name];
  }
  SMLoc *getReferenceLoc(std::string_view name, unsigned number);
  void recordDefinition(std::string_view name) {
    isolatedNameScopes.back().definitionsPerScope.back().push_back(name);
  }
  BlockDefinition &getBlockInfoByName(std::string_view name) { return blocksByName.back()[name]; }
  bool isForwardRefPlaceholder(Value value) { return forwardRefPlaceholders.count(value.getImpl()); }
  Value createForwardRefPlaceholder(SMLoc loc, Type type);

  ModuleOp topLevelOp;
  /// Generic operation names already resolved, by their quoted spelling.
  StringViewMap<OperationName> opNameCache;
  std::vector<IsolatedSSANameScope> isolatedNameScopes;
  std::vector<std::unordered_map<std::string_view, BlockDefinition>> blocksByName;
  std::vector<std::unordered_map<Block *, SMLoc>> forwardRef;
  std::unordered_map<detail::ValueImpl *, SMLoc> forwardRefPlaceholders;

  struct DeferredLocInfo {
    SMLoc loc;
    std::string_view identifier;
  };
  std::vector<DeferredLocInfo> deferredLocsReferences;
  /// The region begun last is a module body whose first op is next.
  bool pendingParallelBody = false;

  friend class CustomOpAsmParser;
};

} // namespace lamina
