//===- SymbolDCE.cpp - Delete the symbols nothing can reach ---------------===//
//
// MLIR's `symbol-dce`: the symbols visible outside the IR (public ones of a
// table that is not hidden), the non-symbol ops and the symbols that cannot
// be discarded are live; so is every symbol they reference, transitively;
// the other symbols are erased. Nested symbol tables are processed as they
// are reached (an explicit stack: nesting depth is the input's).
//
#include "lamina/Transforms/Passes.h"

#include "lamina/IR/SymbolTable.h"
#include "lamina/IR/Threading.h"

#include <optional>
#include <unordered_map>
#include <unordered_set>

using namespace lamina;

namespace {

struct SymbolDCEPass : impl::SymbolDCEBase<SymbolDCEPass> {
  void runOnOperation() override {
    Operation *symbolTableOp = getOperation();
    if (!symbolTableOp->hasTrait<OpTrait::SymbolTable>()) {
      symbolTableOp->emitOpError() << " was scheduled to run under SymbolDCE, but does not define a symbol table";
      return signalPassFailure();
    }
    // A top-level table (or a private symbol's) is hidden from its parents.
    bool symbolTableIsHidden = true;
    SymbolOpInterface symbol = dyn_cast<SymbolOpInterface>(symbolTableOp);
    if (symbolTableOp->getParentOp() && symbol)
      symbolTableIsHidden = symbol.isPrivate();

    std::unordered_set<Operation *> liveSymbols;
    SymbolTableCollection symbolTable;
    if (failed(computeLiveness(symbolTableOp, symbolTable, symbolTableIsHidden, liveSymbols)))
      return signalPassFailure();

    // Erase the dead symbols of every table under the op, the tables taken
    // in post-order. Finding them is a walk of the whole IR: with threads
    // the subtrees of the op's own ops are searched in parallel (nothing is
    // erased until all are found; the list is the walk's order).
    std::vector<Operation *> tables;
    MLIRContext *context = &getContext();
    Block &topBlock = symbolTableOp->getRegion(0).front();
    std::vector<Operation *> tops;
    if (context->isMultithreadingEnabled())
      for (Operation &op : topBlock)
        tops.push_back(&op);
    auto collectTables = [](Operation *root, std::vector<Operation *> &out) {
      root->walk([&](Operation *op) {
        if (op->hasTrait<OpTrait::SymbolTable>())
          out.push_back(op);
      });
    };
    if (tops.size() >= 64) {
      std::vector<std::vector<Operation *>> found(tops.size());
      parallelForRanges(context, tops.size(), 8, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i)
          collectTables(tops[i], found[i]);
      });
      for (std::vector<Operation *> &list : found)
        tables.insert(tables.end(), list.begin(), list.end());
      tables.push_back(symbolTableOp);
    } else {
      collectTables(symbolTableOp, tables);
    }
    for (Operation *nestedSymbolTable : tables) {
      for (Block &block : nestedSymbolTable->getRegion(0)) {
        for (Operation *op = block.empty() ? nullptr : &block.front(); op;) {
          Operation *next = op->getNextNode();
          if (isa<SymbolOpInterface>(op) && !liveSymbols.count(op)) {
            op->erase();
            ++numDCE;
          }
          op = next;
        }
      }
    }
  }

  /// MLIR's computeLiveness, with the recursion on nested symbol tables
  /// turned into a stack of frames.
  LogicalResult computeLiveness(Operation *rootTable, SymbolTableCollection &symbolTable, bool rootHidden,
                                std::unordered_set<Operation *> &liveSymbols) {
    struct Frame {
      bool hidden;
      std::vector<Operation *> worklist;
      /// The op (a nested symbol table) whose uses are collected once its
      /// own liveness is computed.
      Operation *pendingOp = nullptr;
    };
    auto startFrame = [&](Operation *table, bool hidden) {
      Frame frame;
      frame.hidden = hidden;
      for (Block &block : table->getRegion(0)) {
        for (Operation &op : block) {
          SymbolOpInterface symbol = dyn_cast<SymbolOpInterface>(&op);
          if (!symbol) {
            frame.worklist.push_back(&op);
            continue;
          }
          bool isDiscardable = (hidden || symbol.isPrivate()) && symbol.canDiscardOnUseEmpty();
          if (!isDiscardable && liveSymbols.insert(&op).second)
            frame.worklist.push_back(&op);
        }
      }
      return frame;
    };

    // The symbol uses of the ops the root table starts with (every one of
    // them is processed below), found in parallel: walking their bodies for
    // uses is most of the pass. The uses are then taken in the sequential
    // order, so liveness, erasure and diagnostics are unchanged.
    std::unordered_map<Operation *, size_t> prefetchedIndex;
    std::vector<std::optional<std::vector<SymbolTable::SymbolUse>>> prefetched;
    auto prefetchUses = [&](const std::vector<Operation *> &ops) {
      MLIRContext *context = rootTable->getContext();
      if (ops.size() < 64 || !context->isMultithreadingEnabled())
        return;
      prefetched.resize(ops.size());
      for (size_t i = 0; i < ops.size(); ++i)
        prefetchedIndex.emplace(ops[i], i);
      parallelForRanges(context, ops.size(), 8, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i)
          prefetched[i] = SymbolTable::getSymbolUses(ops[i]);
      });
    };

    /// Marks the symbols `op` references live.
    auto collectUses = [&](Frame &frame, Operation *op) -> LogicalResult {
      Operation *parentOp = op->getParentOp();
      if (!parentOp || !parentOp->hasTrait<OpTrait::SymbolTable>())
        return success();
      std::optional<std::vector<SymbolTable::SymbolUse>> uses;
      auto found = prefetchedIndex.find(op);
      if (found != prefetchedIndex.end())
        uses = std::move(prefetched[found->second]);
      else
        uses = SymbolTable::getSymbolUses(op);
      if (!uses)
        return op->emitError() << "operation contains potentially unknown symbol table, meaning that we can't "
                                  "reliable compute symbol uses";
      std::vector<Operation *> resolvedSymbols;
      for (const SymbolTable::SymbolUse &use : *uses) {
        resolvedSymbols.clear();
        if (failed(symbolTable.lookupSymbolIn(parentOp, use.getSymbolRef(), resolvedSymbols)))
          continue; // references to unknown symbols are ignored
        for (Operation *resolved : resolvedSymbols)
          if (liveSymbols.insert(resolved).second)
            frame.worklist.push_back(resolved);
      }
      return success();
    };

    std::vector<Frame> stack;
    stack.push_back(startFrame(rootTable, rootHidden));
    prefetchUses(stack.back().worklist);
    while (!stack.empty()) {
      Frame &frame = stack.back();
      if (frame.worklist.empty()) {
        Operation *finished = frame.pendingOp;
        stack.pop_back();
        // A nested table is done: its own uses count in its parent's frame.
        if (finished && !stack.empty() && failed(collectUses(stack.back(), finished)))
          return failure();
        continue;
      }
      Operation *op = frame.worklist.back();
      frame.worklist.pop_back();
      if (op->hasTrait<OpTrait::SymbolTable>()) {
        SymbolOpInterface symbol = dyn_cast<SymbolOpInterface>(op);
        bool symIsHidden = frame.hidden || !symbol || symbol.isPrivate();
        Frame nested = startFrame(op, symIsHidden);
        nested.pendingOp = op;
        stack.push_back(std::move(nested));
        continue;
      }
      // Not a symbol table: its nested ops with regions are considered as
      // if they were at the top level.
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Operation &nested : block)
            if (nested.getNumRegions())
              frame.worklist.push_back(&nested);
      if (failed(collectUses(frame, op)))
        return failure();
    }
    return success();
  }
};

struct SymbolPrivatizePass : impl::SymbolPrivatizeBase<SymbolPrivatizePass> {
  LogicalResult initialize(MLIRContext *context) override {
    excludedSymbols.clear();
    for (const std::string &symbol : exclude)
      excludedSymbols.insert(StringAttr::get(context, symbol).getAsOpaquePointer());
    return success();
  }

  void runOnOperation() override {
    for (Region &region : getOperation()->getRegions()) {
      for (Block &block : region) {
        for (Operation &op : block) {
          SymbolOpInterface symbol = dyn_cast<SymbolOpInterface>(&op);
          if (!symbol)
            continue;
          if (!excludedSymbols.count(symbol.getNameAttr().getAsOpaquePointer()))
            symbol.setVisibility(SymbolTable::Visibility::Private);
        }
      }
    }
  }

  std::unordered_set<const void *> excludedSymbols;
};
} // namespace

std::unique_ptr<Pass> lamina::createSymbolDCEPass() { return std::make_unique<SymbolDCEPass>(); }
std::unique_ptr<Pass> lamina::createSymbolPrivatizePass() { return std::make_unique<SymbolPrivatizePass>(); }
