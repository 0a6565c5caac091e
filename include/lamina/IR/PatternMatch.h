//===- PatternMatch.h - Rewrite patterns and the rewriter they drive ------===//
//
// A RewritePattern matches operations rooted at one op name (or any op, or
// any op with a trait) and rewrites them through a PatternRewriter, which
// tells a listener about every change so that drivers (the greedy driver,
// the canonicalizer) can keep their worklists in step. Patterns are
// collected in a RewritePatternSet, frozen (FrozenRewritePatternSet in
// lamina/Rewrite) and applied in benefit order by a PatternApplicator.
//
// Patterns for ops without a C++ class match by name:
//
//   struct FoldDoubleNeg : RewritePattern {
//     FoldDoubleNeg(MLIRContext *ctx) : RewritePattern("arith.negf", 1, ctx) {}
//     LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override;
//   };
//
// and the simple ones MLIR writes in DRR are written with lamina/Rewrite/
// DeclarativePatterns.h.
//
#pragma once

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Op.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lamina {

class PatternRewriter;
class RewritePatternSet;

//===----------------------------------------------------------------------===//
// PatternBenefit
//===----------------------------------------------------------------------===//

/// How good a pattern's match is (higher first); `impossibleToMatch()`
/// patterns are dropped by the applicator.
class PatternBenefit {
public:
  PatternBenefit() = default;
  PatternBenefit(unsigned benefit) : representation(benefit > kMax ? kMax : benefit) {}
  static PatternBenefit impossibleToMatch() { return PatternBenefit(kImpossible, 0); }
  bool isImpossibleToMatch() const { return representation == kImpossible; }
  unsigned short getBenefit() const { return representation; }
  bool operator==(const PatternBenefit &o) const { return representation == o.representation; }
  bool operator!=(const PatternBenefit &o) const { return representation != o.representation; }
  /// "Impossible" orders below every real benefit.
  bool operator<(const PatternBenefit &o) const {
    if (isImpossibleToMatch())
      return !o.isImpossibleToMatch();
    return !o.isImpossibleToMatch() && representation < o.representation;
  }
  bool operator>(const PatternBenefit &o) const { return o < *this; }
  bool operator<=(const PatternBenefit &o) const { return !(o < *this); }
  bool operator>=(const PatternBenefit &o) const { return !(*this < o); }

private:
  static constexpr unsigned short kImpossible = 0xFFFF;
  static constexpr unsigned kMax = 0xFFFE;
  PatternBenefit(unsigned short raw, int) : representation(raw) {}
  unsigned short representation = 0;
};

//===----------------------------------------------------------------------===//
// Pattern / RewritePattern
//===----------------------------------------------------------------------===//

/// Tags for patterns that match any op, or any op with a trait.
struct MatchAnyOpTypeTag {};
struct MatchTraitOpTypeTag {};

/// What all patterns share: the root they match, their benefit and their
/// debug name and labels (matched by `disable-patterns`/`enable-patterns`).
class Pattern {
public:
  enum class RootKind { OperationName, AnyOp, Trait };

  RootKind getRootKind() const { return rootKind; }
  /// The root op name (RootKind::OperationName).
  std::optional<OperationName> getRootName() const {
    return rootKind == RootKind::OperationName ? std::optional<OperationName>(rootName) : std::nullopt;
  }
  /// The trait (RootKind::Trait).
  TypeID getRootTraitID() const { return rootTrait; }
  PatternBenefit getBenefit() const { return benefit; }
  MLIRContext *getContext() const { return context; }
  /// The op names the rewrite may create (documentation for drivers).
  ArrayRef<OperationName> getGeneratedOps() const { return generatedOps; }

  /// A name for debugging and for pattern filters (defaults to empty; the
  /// registration helpers set the class name).
  std::string_view getDebugName() const { return debugName; }
  void setDebugName(std::string_view name) { debugName = std::string(name); }
  ArrayRef<std::string> getDebugLabels() const { return debugLabels; }
  void addDebugLabels(ArrayRef<std::string_view> labels) {
    for (std::string_view l : labels)
      debugLabels.emplace_back(l);
  }
  void addDebugLabel(std::string_view label) { debugLabels.emplace_back(label); }

  /// Whether the pattern may apply to the IR it produced (recursion is then
  /// bounded by the pattern itself).
  bool hasBoundedRewriteRecursion() const { return boundedRecursion; }

  virtual ~Pattern();

protected:
  Pattern(std::string_view rootName, PatternBenefit benefit, MLIRContext *context,
          ArrayRef<std::string_view> generatedNames = {});
  Pattern(MatchAnyOpTypeTag, PatternBenefit benefit, MLIRContext *context,
          ArrayRef<std::string_view> generatedNames = {});
  Pattern(MatchTraitOpTypeTag, TypeID traitID, PatternBenefit benefit, MLIRContext *context,
          ArrayRef<std::string_view> generatedNames = {});
  void setHasBoundedRewriteRecursion(bool bounded = true) { boundedRecursion = bounded; }

private:
  RootKind rootKind;
  OperationName rootName;
  TypeID rootTrait;
  PatternBenefit benefit;
  MLIRContext *context;
  std::vector<OperationName> generatedOps;
  std::string debugName;
  std::vector<std::string> debugLabels;
  bool boundedRecursion = false;
};

/// A pattern that rewrites IR through a PatternRewriter. matchAndRewrite
/// must leave the IR untouched when it fails.
class RewritePattern : public Pattern {
public:
  virtual LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const = 0;

  /// Builds a pattern of class T and sets its debug name when it has none
  /// (RewritePatternSet::add does this).
  template <typename T, typename... Args> static std::unique_ptr<T> create(Args &&...args) {
    auto pattern = std::make_unique<T>(std::forward<Args>(args)...);
    if (pattern->getDebugName().empty())
      pattern->setDebugName(getTypeName<T>());
    return pattern;
  }

protected:
  using Pattern::Pattern;

private:
  /// The unqualified class name of T (from the compiler's signature).
  template <typename T> static std::string_view getTypeName() {
    std::string_view sig = __PRETTY_FUNCTION__;
    size_t start = sig.find("T = ");
    if (start == std::string_view::npos)
      return {};
    start += 4;
    size_t end = sig.find_first_of(";]", start);
    std::string_view name = sig.substr(start, end - start);
    if (size_t colon = name.rfind("::"); colon != std::string_view::npos)
      name = name.substr(colon + 2);
    return name;
  }
};

/// A pattern rooted at op class SourceOp.
template <typename SourceOp> class OpRewritePattern : public RewritePattern {
public:
  explicit OpRewritePattern(MLIRContext *context, PatternBenefit benefit = 1,
                            ArrayRef<std::string_view> generatedNames = {})
      : RewritePattern(SourceOp::getOperationName(), benefit, context, generatedNames) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const final {
    return matchAndRewrite(SourceOp(op), rewriter);
  }
  virtual LogicalResult matchAndRewrite(SourceOp op, PatternRewriter &rewriter) const = 0;
};

/// A pattern rooted at any op with trait Trait.
template <typename Trait> class OpTraitRewritePattern : public RewritePattern {
public:
  explicit OpTraitRewritePattern(MLIRContext *context, PatternBenefit benefit = 1)
      : RewritePattern(MatchTraitOpTypeTag(), TypeID::get<Trait>(), benefit, context) {}
};

//===----------------------------------------------------------------------===//
// RewriterBase
//===----------------------------------------------------------------------===//

/// An OpBuilder whose every change to the IR goes through methods that tell
/// its listener (MLIR's RewriterBase).
class RewriterBase : public OpBuilder {
public:
  /// Hears about insertions (OpBuilder::Listener) and about modifications,
  /// replacements and erasures.
  class Listener : public OpBuilder::Listener {
  public:
    Listener() : OpBuilder::Listener(/*rewriterListener=*/true) {}
    /// `block` is about to be erased (its ops already are).
    virtual void notifyBlockErased(Block *block) { (void)block; }
    /// `op` was modified in place.
    virtual void notifyOperationModified(Operation *op) { (void)op; }
    /// The results of `op` are about to be replaced by `replacement`.
    virtual void notifyOperationReplaced(Operation *op, ValueRange replacement) {
      (void)op;
      (void)replacement;
    }
    /// `op` is about to be erased (its nested ops already are).
    virtual void notifyOperationErased(Operation *op) { (void)op; }
    /// A pattern is about to be tried on `op`, and how it ended.
    virtual void notifyPatternBegin(const Pattern &pattern, Operation *op) {
      (void)pattern;
      (void)op;
    }
    virtual void notifyPatternEnd(const Pattern &pattern, LogicalResult status) {
      (void)pattern;
      (void)status;
    }
    /// A pattern explained why it did not match.
    virtual void notifyMatchFailure(Location loc, function_ref<void(Diagnostic &)> reasonCallback) {
      (void)loc;
      (void)reasonCallback;
    }
  };

  /// Replaces the results of `op` with `newValues` (one per result), telling
  /// the listener about the replacement and each modified user, then erases
  /// `op`.
  void replaceOp(Operation *op, ValueRange newValues);
  void replaceOp(Operation *op, Operation *newOp) { replaceOp(op, newOp->getResults()); }
  /// Creates an op of class OpTy and replaces `op` with it.
  template <typename OpTy, typename... Args> OpTy replaceOpWithNewOp(Operation *op, Args &&...args) {
    auto newOp = create<OpTy>(op->getLoc(), std::forward<Args>(args)...);
    replaceOp(op, newOp.getOperation()->getResults());
    return newOp;
  }
  /// Creates an op from `state` and replaces `op` with it.
  Operation *replaceOpWithNewOp(Operation *op, OperationState &state) {
    Operation *newOp = create(state);
    replaceOp(op, newOp->getResults());
    return newOp;
  }
  /// Erases `op` (which must have no uses) and everything nested in it,
  /// nested ops first (users before definitions), each with a notification.
  void eraseOp(Operation *op);
  /// Erases `block` (which must have no uses) with its ops, last first.
  void eraseBlock(Block *block);

  /// Replaces every use of `from` with `to`, each user's change notified as
  /// an in-place modification.
  void replaceAllUsesWith(Value from, Value to);
  void replaceAllUsesWith(ValueRange from, ValueRange to);
  /// Replaces the uses of `from` for which `functor` returns true.
  void replaceUsesWithIf(Value from, Value to, function_ref<bool(OpOperand &)> functor);
  void replaceAllUsesExcept(Value from, Value to, Operation *exceptedUser);
  /// Notifies the listener of the replacement, then replaces all uses of
  /// `from`'s results (not erasing it).
  void replaceAllOpUsesWith(Operation *from, ValueRange to);

  /// Replaces `op` by a new op of the same name, operands, attributes and
  /// (moved) regions without the results whose bit is set in
  /// `eraseIndices` (they must be unused); returns the new op.
  Operation *eraseOpResults(Operation *op, const std::vector<bool> &eraseIndices);

  /// Clones the blocks of `region` before `before` in `parent` through
  /// `mapping`, then notifies each new block and its ops (pre-order).
  void cloneRegionBefore(Region &region, Region &parent, Region::iterator before, IRMapping &mapping);

  /// Moves the blocks of `region` before `before` in `parent`.
  void inlineRegionBefore(Region &region, Region &parent, Region::iterator before);
  void inlineRegionBefore(Region &region, Block *before);
  /// Moves the ops of `source` before `before` in `dest`, replacing the
  /// source's arguments with `argValues`, then erases `source`.
  void inlineBlockBefore(Block *source, Block *dest, Block::iterator before, ValueRange argValues = {});
  void inlineBlockBefore(Block *source, Operation *op, ValueRange argValues = {});
  /// Moves the ops of `source` to the end of `dest` (see inlineBlockBefore).
  void mergeBlocks(Block *source, Block *dest, ValueRange argValues = {});
  /// Splits `block` before `before`; the new block (after `block`) gets the
  /// ops from `before` on.
  Block *splitBlock(Block *block, Block::iterator before);
  /// Moves `op` before `before` in `block` (notified as an insertion).
  void moveOpBefore(Operation *op, Block *block, Block::iterator before);
  void moveOpBefore(Operation *op, Operation *existingOp);
  void moveOpAfter(Operation *op, Operation *existingOp);
  /// Moves `block` before `before` in `region` (notified as an insertion).
  void moveBlockBefore(Block *block, Region *region, Region::iterator before);
  void moveBlockBefore(Block *block, Block *anotherBlock);

  /// In-place modification of `op`, bracketed for the listener.
  virtual void startOpModification(Operation *op) { (void)op; }
  virtual void finalizeOpModification(Operation *op);
  virtual void cancelOpModification(Operation *op) { (void)op; }
  template <typename CallableT> void modifyOpInPlace(Operation *op, CallableT &&callable) {
    startOpModification(op);
    callable();
    finalizeOpModification(op);
  }

  /// Reports why a match failed (to the listener) and returns failure.
  LogicalResult notifyMatchFailure(Location loc, function_ref<void(Diagnostic &)> reasonCallback);
  template <typename ArgT> LogicalResult notifyMatchFailure(ArgT &&arg, std::string_view msg) {
    (void)arg;
    (void)msg;
    return failure();
  }

  RewriterBase::Listener *getRewriterListener() const {
    OpBuilder::Listener *l = getListener();
    return l && l->isRewriterListener() ? static_cast<RewriterBase::Listener *>(l) : nullptr;
  }

protected:
  explicit RewriterBase(MLIRContext *ctx, OpBuilder::Listener *listener = nullptr) : OpBuilder(ctx, listener) {}
};

/// The rewriter handed to patterns.
class PatternRewriter : public RewriterBase {
public:
  explicit PatternRewriter(MLIRContext *ctx, OpBuilder::Listener *listener = nullptr) : RewriterBase(ctx, listener) {}
  /// Whether the driver may apply patterns to IR a pattern just produced.
  virtual bool canRecoverFromRewriteFailure() const { return false; }
};

/// A plain rewriter for code outside patterns.
class IRRewriter : public RewriterBase {
public:
  explicit IRRewriter(MLIRContext *ctx, OpBuilder::Listener *listener = nullptr) : RewriterBase(ctx, listener) {}
  explicit IRRewriter(const OpBuilder &builder) : RewriterBase(builder.getContext(), builder.getListener()) {
    restoreInsertionPoint(builder.saveInsertionPoint());
  }
};

//===----------------------------------------------------------------------===//
// RewritePatternSet
//===----------------------------------------------------------------------===//

/// An owning list of patterns in insertion order (ties in benefit keep it).
class RewritePatternSet {
public:
  explicit RewritePatternSet(MLIRContext *context) : context(context) {}
  RewritePatternSet(RewritePatternSet &&) = default;
  RewritePatternSet &operator=(RewritePatternSet &&) = default;

  MLIRContext *getContext() const { return context; }
  std::vector<std::unique_ptr<RewritePattern>> &getNativePatterns() { return patterns; }
  void clear() { patterns.clear(); }

  /// Adds patterns of the given classes, each built as T(args...); the
  /// pattern's debug name defaults to its class name.
  template <typename... Ts, typename ConstructorArg, typename... ConstructorArgs>
  RewritePatternSet &add(ConstructorArg &&arg, ConstructorArgs &&...args) {
    (addImpl<Ts>({}, std::forward<ConstructorArg>(arg), std::forward<ConstructorArgs>(args)...), ...);
    return *this;
  }
  /// The same, with debug labels.
  template <typename... Ts, typename ConstructorArg, typename... ConstructorArgs>
  RewritePatternSet &addWithLabel(ArrayRef<std::string_view> labels, ConstructorArg &&arg,
                                  ConstructorArgs &&...args) {
    (addImpl<Ts>(labels, std::forward<ConstructorArg>(arg), std::forward<ConstructorArgs>(args)...), ...);
    return *this;
  }
  /// Adds an already built pattern.
  RewritePatternSet &insert(std::unique_ptr<RewritePattern> pattern) {
    patterns.push_back(std::move(pattern));
    return *this;
  }
  /// Adds a pattern from a function (MLIR's add(matchAndRewrite function)):
  /// rooted at `rootName`, named `debugName`.
  RewritePatternSet &addFunction(std::string_view rootName,
                                 LogicalResult (*fn)(Operation *op, PatternRewriter &rewriter),
                                 std::string_view debugName, PatternBenefit benefit = 1);

private:
  template <typename T, typename... Args> void addImpl(ArrayRef<std::string_view> labels, Args &&...args) {
    std::unique_ptr<T> pattern = RewritePattern::create<T>(std::forward<Args>(args)...);
    pattern->addDebugLabels(labels);
    patterns.push_back(std::move(pattern));
  }

  MLIRContext *context;
  std::vector<std::unique_ptr<RewritePattern>> patterns;
};

} // namespace lamina
