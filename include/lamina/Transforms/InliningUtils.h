//===- InliningUtils.h - Inlining regions and calls ------------*- C++ -*-===//
//
// MLIR's inlining utilities: DialectInlinerInterface, the per-dialect
// hooks that say what may be inlined where and how terminators of inlined
// blocks become branches or replaced values; InlinerInterface, which
// dispatches to the interface of the dialect of each op; inlineRegion and
// inlineCall, which clone (or move) a region into a block at a point,
// remap locations to call sites and wire up the results.
//
#pragma once

#include "lamina/IR/Dialect.h"
#include "lamina/IR/IRMapping.h"
#include "lamina/IR/Operation.h"
#include "lamina/Interfaces/CallInterfaces.h"

#include <optional>

namespace lamina {

class OpBuilder;

/// The blocks [begin, end) of a region, as MLIR's iterator_range over a
/// region's blocks.
struct RegionBlockRange {
  Region::iterator first, last;
  Region::iterator begin() const { return first; }
  Region::iterator end() const { return last; }
  bool empty() const { return first == last; }
  bool hasOneBlock() const { return first != last && std::next(first) == last; }
};

/// A dialect's inlining hooks (MLIR's DialectInlinerInterface), registered
/// with Dialect::addInterface. The defaults refuse every inlining; they are
/// defined here so that dialects need not link the transforms.
class DialectInlinerInterface {
public:
  explicit DialectInlinerInterface(Dialect *dialect) : dialect(dialect) {}
  virtual ~DialectInlinerInterface() = default;
  Dialect *getDialect() const { return dialect; }
  MLIRContext *getContext() const { return dialect->getContext(); }

  /// Whether `callable` may be inlined into `call` (the call's dialect is
  /// asked).
  virtual bool isLegalToInline(Operation * /*call*/, Operation * /*callable*/,
                               bool /*wouldBeCloned*/) const { return false; }
  /// Whether `src` may be inlined into `dest` (the dialect of `dest`'s op).
  virtual bool isLegalToInline(Region * /*dest*/, Region * /*src*/, bool /*wouldBeCloned*/,
                               IRMapping & /*valueMapping*/) const {
    return false;
  }
  /// Whether `op` (of this dialect) may be inlined into `dest`.
  virtual bool isLegalToInline(Operation * /*op*/, Region * /*dest*/, bool /*wouldBeCloned*/,
                               IRMapping & /*valueMapping*/) const {
    return false;
  }
  /// Whether the regions of `op` are checked op by op too.
  virtual bool shouldAnalyzeRecursively(Operation * /*op*/) const { return true; }
  /// Replaces the terminator `op` of an inlined block by a branch to
  /// `newDest` (several blocks were inlined). Dialects whose terminators
  /// end callables implement it.
  virtual void handleTerminator(Operation * /*op*/, Block * /*newDest*/) const {}
  /// Replaces the uses of `valuesToRepl` by what the terminator `op` of the
  /// single inlined block returns (the terminator is erased afterwards).
  virtual void handleTerminator(Operation * /*op*/, ValueRange /*valuesToRepl*/) const {}
  /// Whether a single inlined block may be merged into the caller's block.
  virtual bool allowSingleBlockOptimization(RegionBlockRange /*inlinedBlocks*/) const { return true; }
  /// An op converting `input` to `resultType` where call and callable
  /// types differ (inserted at the builder), or null.
  virtual Operation *materializeCallConversion(OpBuilder & /*builder*/, Value /*input*/, Type /*resultType*/,
                                               Location /*conversionLoc*/) const {
    return nullptr;
  }
  /// Hooks on each argument / result of an inlined call, with its
  /// attributes; they return the value to use instead (same type).
  virtual Value handleArgument(OpBuilder & /*builder*/, Operation * /*call*/, Operation * /*callable*/,
                               Value argument, DictionaryAttr /*argumentAttrs*/) const {
    return argument;
  }
  virtual Value handleResult(OpBuilder & /*builder*/, Operation * /*call*/, Operation * /*callable*/,
                             Value result, DictionaryAttr /*resultAttrs*/) const {
    return result;
  }
  /// Called on the blocks inlined for `call`, before terminators are handled.
  virtual void processInlinedCallBlocks(Operation * /*call*/, RegionBlockRange /*inlinedBlocks*/) const {}

private:
  Dialect *dialect;
};

/// Registers `InterfaceT` (a DialectInlinerInterface) as the inliner
/// interface of `dialect` (from the dialect's initialize()).
template <typename InterfaceT> void addInlinerInterface(Dialect *dialect) {
  DialectInlinerInterface *iface = new InterfaceT(dialect);
  dialect->addInterface(TypeID::get<DialectInlinerInterface>(),
                        std::unique_ptr<void, void (*)(void *)>(
                            iface, [](void *p) { delete static_cast<DialectInlinerInterface *>(p); }));
}

/// Dispatches to the DialectInlinerInterface of each op's dialect (ops
/// without one are never legal to inline).
class InlinerInterface {
public:
  explicit InlinerInterface(MLIRContext *context) : context(context) {}
  virtual ~InlinerInterface();
  MLIRContext *getContext() const { return context; }

  const DialectInlinerInterface *getInterfaceFor(Operation *op) const { return getInterfaceFor(op->getDialect()); }
  const DialectInlinerInterface *getInterfaceFor(Dialect *dialect) const {
    return dialect ? dialect->getRegisteredInterface<DialectInlinerInterface>() : nullptr;
  }

  /// Called on the blocks just inlined (before terminators are handled).
  virtual void processInlinedBlocks(RegionBlockRange inlinedBlocks);

  bool isLegalToInline(Operation *call, Operation *callable, bool wouldBeCloned) const;
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned, IRMapping &valueMapping) const;
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned, IRMapping &valueMapping) const;
  bool shouldAnalyzeRecursively(Operation *op) const;
  void handleTerminator(Operation *op, Block *newDest) const;
  void handleTerminator(Operation *op, ValueRange valuesToRepl) const;
  bool allowSingleBlockOptimization(RegionBlockRange inlinedBlocks) const;
  Value handleArgument(OpBuilder &builder, Operation *call, Operation *callable, Value argument,
                       DictionaryAttr argumentAttrs) const;
  Value handleResult(OpBuilder &builder, Operation *call, Operation *callable, Value result,
                     DictionaryAttr resultAttrs) const;
  void processInlinedCallBlocks(Operation *call, RegionBlockRange inlinedBlocks) const;

private:
  MLIRContext *context;
};

/// Inlines `src` into `inlineBlock` before `inlinePoint` (null: at the
/// end), its entry arguments mapped by `mapper`; `resultsToReplace` take
/// the values the region returns (of `regionResultTypes`). The region is
/// cloned or, if `shouldCloneInlinedRegion` is false, moved. Locations
/// become call sites of `inlineLoc` unless it is unknown or absent.
/// Fails, leaving the IR untouched, if something may not be inlined.
LogicalResult inlineRegion(InlinerInterface &interface, Region *src, Block *inlineBlock, Operation *inlinePoint,
                           IRMapping &mapper, ValueRange resultsToReplace, TypeRange regionResultTypes,
                           std::optional<Location> inlineLoc = std::nullopt, bool shouldCloneInlinedRegion = true);
/// The same with the entry arguments taking `inlinedOperands` (same types).
LogicalResult inlineRegion(InlinerInterface &interface, Region *src, Block *inlineBlock, Operation *inlinePoint,
                           ValueRange inlinedOperands, ValueRange resultsToReplace,
                           std::optional<Location> inlineLoc = std::nullopt, bool shouldCloneInlinedRegion = true);

/// Inlines `src`, the region of `callable`, in place of `call` (which the
/// caller erases), converting argument and result types through the call
/// dialect's materializeCallConversion where they differ.
LogicalResult inlineCall(InlinerInterface &interface, CallOpInterface call, CallableOpInterface callable,
                         Region *src, bool shouldCloneInlinedRegion = true);

} // namespace lamina
