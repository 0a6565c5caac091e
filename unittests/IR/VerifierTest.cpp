//===- VerifierTest.cpp - Trait verifiers, dominance, symbols, threading --===//
//
// What the text format cannot reach yet: the OpTrait::impl verifiers called
// from a registered op's hooks, region kinds declared through the interface,
// the DominanceInfo and SymbolTable APIs, dialect attribute hooks, and the
// ordering of diagnostics emitted from parallel tasks.
//
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Dominance.h"
#include "lamina/IR/OpTraitVerifiers.h"
#include "lamina/IR/RegionKindInterface.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/IR/Threading.h"
#include "lamina/IR/Verifier.h"

#include <gtest/gtest.h>

using namespace lamina;

namespace {

/// Region 0 is a graph region, region 1 an SSACFG region.
RegionKind mixedRegionKinds(unsigned index) { return index == 0 ? RegionKind::Graph : RegionKind::SSACFG; }
RegionKind graphRegionKinds(unsigned) { return RegionKind::Graph; }
const RegionKindInterface::Concept kMixedRegionKinds{mixedRegionKinds};
const RegionKindInterface::Concept kGraphRegionKinds{graphRegionKinds};

/// A dialect whose ops verify themselves with trait verifiers.
class VerifierTestDialect : public Dialect {
public:
  explicit VerifierTestDialect(MLIRContext *ctx)
      : Dialect(getDialectNamespace(), ctx, TypeID::get<VerifierTestDialect>()) {
    add("vt.two_operands", [](Operation *op) { return OpTrait::impl::verifyNOperands(op, 2); });
    add("vt.same_type", [](Operation *op) { return OpTrait::impl::verifySameOperandsAndResultType(op); });
    add("vt.child", [](Operation *op) {
      std::string_view parents[] = {"vt.parent_a", "vt.parent_b"};
      return OpTrait::impl::verifyHasParent(op, parents);
    });
    add("vt.only_child", [](Operation *op) {
      std::string_view parents[] = {"vt.parent_a"};
      return OpTrait::impl::verifyHasParent(op, parents);
    });
    add("vt.segments", [](Operation *op) { return OpTrait::impl::verifyOperandSizeAttr(op, "operandSegmentSizes"); });
    add("vt.float_like", [](Operation *op) { return OpTrait::impl::verifyOperandsAreFloatLike(op); });
    add("vt.elementwise", [](Operation *op) { return OpTrait::impl::verifyElementwise(op); });
    auto *term = add("vt.term", [](Operation *op) {
      if (failed(OpTrait::impl::verifyZeroSuccessors(op)))
        return failure();
      return OpTrait::impl::verifyIsTerminator(op);
    });
    term->traits.insert(TypeID::get<OpTrait::IsTerminator>());
    add("vt.other_term", nullptr)->traits.insert(TypeID::get<OpTrait::IsTerminator>());
    auto *implicit = add("vt.implicit", [](Operation *op) { return OpTrait::impl::verifySingleBlock(op); });
    implicit->info.verifyRegionInvariants = [](Operation *op) {
      return OpTrait::impl::verifySingleBlockImplicitTerminator(op, "vt.term");
    };
    auto *graph = add("vt.graph", nullptr);
    graph->traits.insert(TypeID::get<OpTrait::HasOnlyGraphRegion>());
    graph->interfaces.insert(TypeID::get<RegionKindInterface>(), &kGraphRegionKinds);
    auto *mixed = add("vt.mixed", nullptr);
    mixed->interfaces.insert(TypeID::get<RegionKindInterface>(), &kMixedRegionKinds);
    add("vt.op", nullptr);
  }
  static constexpr std::string_view getDialectNamespace() { return "vt"; }

  /// Rejects `vt.bad` discardable attributes.
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override {
    if (attr.getNameStr() == "vt.bad")
      return op->emitOpError() << "has a bad attribute";
    return success();
  }

private:
  OperationName::Impl *add(std::string_view name, LogicalResult (*verify)(Operation *)) {
    OperationInfo info;
    info.verifyInvariants = verify;
    names.emplace_back(name);
    return OperationName::insert(names.back(), *this, TypeID::allocate(), info, {});
  }
  std::vector<std::string> names;
};

/// A context with the builtin and test dialects and a handler collecting
/// the diagnostics as "severity: message" lines (notes included).
struct VerifierTest : public ::testing::Test {
  VerifierTest() {
    ctx.getOrLoadDialect<BuiltinDialect>();
    ctx.getOrLoadDialect<VerifierTestDialect>();
    ctx.allowUnregisteredDialects();
    ctx.printOpOnDiagnostic(false);
    handler = ctx.getDiagEngine().registerHandler([this](Diagnostic &diag) {
      record(diag);
      for (const auto &note : diag.getNotes())
        record(*note);
      return success();
    });
  }
  ~VerifierTest() override { ctx.getDiagEngine().eraseHandler(handler); }

  void record(Diagnostic &diag) {
    messages.push_back(std::string(detail::getSeverityLabel(diag.getSeverity())) + ": " + diag.str());
  }

  Location loc(std::string_view name = "test") { return NameLoc::get(StringAttr::get(&ctx, name)); }
  Type i32() { return IntegerType::get(&ctx, 32); }

  /// Creates a detached op.
  Operation *create(std::string_view name, std::vector<Value> operands = {}, std::vector<Type> results = {},
                    unsigned numRegions = 0, std::vector<Block *> successors = {}) {
    OperationState state(loc(name), name);
    for (Value v : operands)
      state.addOperand(v);
    for (Type t : results)
      state.addType(t);
    for (Block *b : successors)
      state.addSuccessors(b);
    state.addRegions(numRegions);
    return Operation::create(state);
  }

  MLIRContext ctx{MLIRContext::Threading::DISABLED};
  DiagnosticEngine::HandlerID handler;
  std::vector<std::string> messages;
};

/// Destroys an op at the end of a scope.
struct Owned {
  Operation *op;
  ~Owned() { op->destroy(); }
};

} // namespace

TEST_F(VerifierTest, TraitVerifierMessages) {
  Owned module{ModuleOp::create(loc()).getOperation()};
  Block *body = &module.op->getRegion(0).front();
  Operation *def = create("vt.op", {}, {i32()});
  body->push_back(def);
  Value v = def->getResult(0);

  body->push_back(create("vt.two_operands", {v}));
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "error: 'vt.two_operands' op expected 2 operands, but found 1");

  messages.clear();
  body->back().erase();
  body->push_back(create("vt.same_type", {v}, {IntegerType::get(&ctx, 64)}));
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "error: 'vt.same_type' op requires the same type for all operands and results");

  messages.clear();
  body->back().erase();
  body->push_back(create("vt.child"));
  body->push_back(create("vt.only_child"));
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "error: 'vt.child' op expects parent op to be one of 'vt.parent_a, vt.parent_b'");
  messages.clear();
  body->front().getNextNode()->erase();
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "error: 'vt.only_child' op expects parent op 'vt.parent_a'");

  messages.clear();
  body->back().erase();
  body->push_back(create("vt.float_like", {v}));
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "error: 'vt.float_like' op requires a float type");

  messages.clear();
  body->back().erase();
  body->push_back(create("vt.segments", {v}));
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "error: 'vt.segments' op requires dense i32 array attribute 'operandSegmentSizes'");
  messages.clear();
  int32_t sizes[] = {2, 1};
  body->back().setAttr("operandSegmentSizes", DenseI32ArrayAttr::get(&ctx, sizes));
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "error: 'vt.segments' op operand count (1) does not match with the total size (3) "
                         "specified in attribute 'operandSegmentSizes'");

  messages.clear();
  body->back().erase();
  Type vec = VectorType::get({4}, i32());
  body->push_back(create("vt.elementwise", {v}, {vec}));
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "error: 'vt.elementwise' op if a result is non-scalar, then at least one operand must be "
                         "non-scalar");
}

TEST_F(VerifierTest, TerminatorsAndImplicitTerminators) {
  Owned module{ModuleOp::create(loc()).getOperation()};
  Block *body = &module.op->getRegion(0).front();
  Operation *implicit = create("vt.implicit", {}, {}, 1);
  body->push_back(implicit);
  Block *inner = implicit->getRegion(0).emplaceBlock();
  inner->push_back(create("vt.other_term"));
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[0], "error: 'vt.implicit' op expects regions to end with 'vt.term', found 'vt.other_term'");
  EXPECT_EQ(messages[1], "note: in custom textual format, the absence of terminator implies 'vt.term'");

  // A terminator in the middle of a block.
  messages.clear();
  inner->push_front(create("vt.term"));
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_FALSE(messages.empty());
  EXPECT_EQ(messages[0], "error: 'vt.term' op must be the last operation in the parent block");

  messages.clear();
  inner->back().erase();
  inner->push_back(create("vt.term"));
  inner->front().erase();
  EXPECT_TRUE(succeeded(verify(module.op)));
  EXPECT_TRUE(messages.empty());

  // The block of a SingleBlock op without NoTerminator must not be empty.
  inner->back().erase();
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_FALSE(messages.empty());
  EXPECT_EQ(messages[0], "error: 'vt.implicit' op expects a non-empty block");
}

TEST_F(VerifierTest, DialectAttributeHook) {
  Owned module{ModuleOp::create(loc()).getOperation()};
  Operation *op = create("vt.op");
  op->setAttr("vt.bad", UnitAttr::get(&ctx));
  module.op->getRegion(0).front().push_back(op);
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "error: 'vt.op' op has a bad attribute");
}

TEST_F(VerifierTest, RegionKindsFromInterface) {
  // vt.mixed: uses before definitions are fine in region 0, not in region 1.
  Owned mixed{create("vt.mixed", {}, {}, 2)};
  for (unsigned r = 0; r < 2; ++r) {
    Block *b = mixed.op->getRegion(r).emplaceBlock();
    Operation *def = create("vt.op", {}, {i32()});
    b->push_back(create("vt.op", {def->getResult(0)}));
    b->push_back(def);
    b->push_back(create("vt.term"));
  }
  EXPECT_EQ(cast<RegionKindInterface>(mixed.op).getRegionKind(0), RegionKind::Graph);
  EXPECT_FALSE(mayHaveSSADominance(mixed.op->getRegion(0)));
  EXPECT_TRUE(mayHaveSSADominance(mixed.op->getRegion(1)));
  EXPECT_TRUE(failed(verify(mixed.op)));
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[0], "error: operand #0 does not dominate this use");
  EXPECT_EQ(messages[1], "note: operand defined here (op in the same block)");

  // Graph regions have at most one block.
  messages.clear();
  Owned graph{create("vt.graph", {}, {}, 1)};
  graph.op->getRegion(0).emplaceBlock();
  graph.op->getRegion(0).emplaceBlock();
  EXPECT_TRUE(failed(verify(graph.op)));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "error: 'vt.graph' op expects graph region #0 to have 0 or 1 blocks");
}

TEST_F(VerifierTest, DominanceQueries) {
  // ^bb0 -> ^bb1, ^bb2; ^bb1 -> ^bb3; ^bb2 -> ^bb3; ^bb4 unreachable.
  Owned holder{create("x.holder", {}, {}, 1)};
  Region &region = holder.op->getRegion(0);
  Block *bbs[5];
  for (Block *&b : bbs)
    b = region.emplaceBlock();
  Operation *def0 = create("x.def", {}, {i32()});
  bbs[0]->push_back(def0);
  bbs[0]->push_back(create("x.cond_br", {}, {}, 0, {bbs[1], bbs[2]}));
  Operation *def1 = create("x.def", {}, {i32()});
  bbs[1]->push_back(def1);
  bbs[1]->push_back(create("x.br", {}, {}, 0, {bbs[3]}));
  bbs[2]->push_back(create("x.br", {}, {}, 0, {bbs[3]}));
  Operation *use = create("x.use", {def0->getResult(0)});
  bbs[3]->push_back(use);
  bbs[3]->push_back(create("x.ret"));
  BlockArgument arg = bbs[4]->addArgument(i32(), loc());
  bbs[4]->push_back(create("x.br", {}, {}, 0, {bbs[3]}));

  DominanceInfo dom;
  EXPECT_TRUE(dom.dominates(bbs[0], bbs[3]));
  EXPECT_FALSE(dom.dominates(bbs[1], bbs[3]));
  EXPECT_TRUE(dom.properlyDominates(bbs[0], bbs[1]));
  EXPECT_FALSE(dom.properlyDominates(bbs[1], bbs[1]));
  EXPECT_EQ(dom.getImmediateDominator(bbs[3]), bbs[0]);
  EXPECT_EQ(dom.findNearestCommonDominator(bbs[1], bbs[2]), bbs[0]);
  EXPECT_TRUE(dom.isReachableFromEntry(bbs[3]));
  EXPECT_FALSE(dom.isReachableFromEntry(bbs[4]));
  // Unreachable blocks are dominated by everything and dominate nothing.
  EXPECT_TRUE(dom.properlyDominates(bbs[2], bbs[4]));
  EXPECT_FALSE(dom.properlyDominates(bbs[4], bbs[3]));
  EXPECT_TRUE(dom.properlyDominates(def0->getResult(0), use));
  EXPECT_FALSE(dom.properlyDominates(def1->getResult(0), use));
  EXPECT_TRUE(dom.dominates(def0, use));
  EXPECT_FALSE(dom.properlyDominates(use, def0));
  EXPECT_FALSE(dom.properlyDominates(arg, use));
  EXPECT_TRUE(dom.hasSSADominance(&region));
}

TEST_F(VerifierTest, SymbolTables) {
  Owned module{ModuleOp::create(loc()).getOperation()};
  Block *body = &module.op->getRegion(0).front();
  Operation *inner = ModuleOp::create(loc(), std::string_view("inner")).getOperation();
  body->push_back(inner);
  Operation *leaf = create("x.sym");
  leaf->setAttr("sym_name", StringAttr::get(&ctx, "leaf"));
  inner->getRegion(0).front().push_back(leaf);

  SymbolTable table(module.op);
  EXPECT_EQ(table.lookup("inner"), inner);
  EXPECT_EQ(table.lookup("missing"), nullptr);
  auto nested = SymbolRefAttr::get(&ctx, "inner", {FlatSymbolRefAttr::get(&ctx, "leaf")});
  EXPECT_EQ(SymbolTable::lookupSymbolIn(module.op, nested), leaf);
  EXPECT_EQ(SymbolTable::lookupNearestSymbolFrom(leaf, StringAttr::get(&ctx, "leaf")), leaf);
  EXPECT_EQ(SymbolTable::getNearestSymbolTable(leaf), inner);
  EXPECT_EQ(SymbolTable::getSymbolVisibility(leaf), SymbolTable::Visibility::Public);

  // Inserting a clashing name renames the new symbol.
  Operation *other = create("x.sym");
  other->setAttr("sym_name", StringAttr::get(&ctx, "inner"));
  StringAttr name = table.insert(other);
  EXPECT_EQ(name.getValue(), "inner_0");
  EXPECT_EQ(table.lookup("inner_0"), other);

  // The use walk finds nested references, not entering nested tables.
  Operation *user = create("x.user");
  user->setAttr("callee", nested);
  body->push_back(user);
  auto uses = SymbolTable::getSymbolUses(StringAttr::get(&ctx, "inner"), module.op);
  ASSERT_TRUE(uses.has_value());
  ASSERT_EQ(uses->size(), 1u);
  EXPECT_EQ((*uses)[0].getUser(), user);
  EXPECT_TRUE(SymbolTable::symbolKnownUseEmpty(StringAttr::get(&ctx, "inner_0"), module.op));

  // Duplicate names fail the symbol table verification.
  EXPECT_TRUE(succeeded(verify(module.op)));
  other->setAttr("sym_name", StringAttr::get(&ctx, "inner"));
  EXPECT_TRUE(failed(verify(module.op)));
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[0], "error: redefinition of symbol named 'inner'");
  EXPECT_EQ(messages[1], "note: see existing symbol definition here");
}

TEST_F(VerifierTest, ParallelDiagnosticsKeepOrder) {
  ctx.enableMultithreading();
  std::vector<int> items(64);
  for (int i = 0; i < 64; ++i)
    items[i] = i;
  parallelForEach(&ctx, items, [&](int i) {
    if (i % 3 == 0)
      (void)(emitError(loc()) << "item " << i);
  });
  ASSERT_EQ(messages.size(), 22u);
  for (size_t k = 0; k < messages.size(); ++k)
    EXPECT_EQ(messages[k], "error: item " + std::to_string(k * 3));

  // failableParallelForEach reports failure if any call failed.
  messages.clear();
  EXPECT_TRUE(failed(failableParallelForEach(&ctx, items, [&](int i) { return failure(i == 40); })));
  EXPECT_TRUE(succeeded(failableParallelForEach(&ctx, items, [&](int) { return success(); })));
}
