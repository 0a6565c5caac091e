//===- InterfacesTest.cpp - The op interface mechanism and its interfaces -===//
//
// What text tests cannot show: casts to interfaces on registered and
// unregistered ops, registration failing for an interface left
// unimplemented, and the answers of the interfaces the dialects implement
// (memory effects as the .td files declare them, speculatability, region
// branches, loops, calls).
//
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/InitAllDialects.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/RegionKindInterface.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/CallInterfaces.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/LoopLikeInterface.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/ODS/OpDef.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace lamina;

namespace {

/// A dialect whose ops implement interfaces (or fail to).
class IfaceTestDialect : public Dialect {
public:
  explicit IfaceTestDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<IfaceTestDialect>()) {
    ods::OpDef("itest.pure").result("", ods::AnyType()).traits({ods::Pure()}).registerIn(*this);
    ods::OpDef("itest.reads")
        .operand("buffer", ods::AnyType(), {ods::MemRead()})
        .result("", ods::AnyType(), {ods::MemAlloc(nullptr, 1, /*effectOnFullRegion=*/true)})
        .traits({ods::MemoryEffects({ods::MemWrite()})})
        .registerIn(*this);
    ods::OpDef("itest.plain").registerIn(*this);
  }
  static constexpr std::string_view getDialectNamespace() { return "itest"; }
};

/// A dialect that cannot register an op declaring BranchOpInterface without
/// its required getSuccessorOperands.
class BadIfaceDialect : public Dialect {
public:
  explicit BadIfaceDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<BadIfaceDialect>()) {
    std::string error;
    registered = succeeded(ods::OpDef("ibad.branch")
                               .variadicSuccessor("dests")
                               .traits({ods::Implements<BranchOpInterface>({}), ods::IsTerminator()})
                               .tryRegisterIn(*this, error));
    lastError = error;
  }
  static constexpr std::string_view getDialectNamespace() { return "ibad"; }
  static inline bool registered = true;
  static inline std::string lastError;
};

class InterfacesTest : public ::testing::Test {
protected:
  InterfacesTest() : ctx(makeRegistry(), MLIRContext::Threading::DISABLED) {
    ctx.getDiagEngine().registerHandler([this](Diagnostic &diag) {
      messages.push_back(diag.str());
      return success();
    });
  }
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerAllDialects(registry);
    registry.insert<IfaceTestDialect, BadIfaceDialect>();
    return registry;
  }

  /// Parses `text`; the module is destroyed with the fixture.
  Operation *parse(std::string_view text) {
    SourceMgr sourceMgr;
    sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(text, "input.mlir"));
    ParserConfig config(&ctx);
    Operation *module = parseSourceFileForTool(sourceMgr, 1, config);
    if (module)
      owned.push_back(module);
    return module;
  }

  /// The first op named `name` in `root`.
  static Operation *find(Operation *root, std::string_view name) {
    Operation *found = nullptr;
    root->walk([&](Operation *op) {
      if (!found && op->getName().getStringRef() == name)
        found = op;
    });
    return found;
  }

  ~InterfacesTest() override {
    for (Operation *op : owned)
      op->destroy();
  }

  MLIRContext ctx;
  std::vector<std::string> messages;
  std::vector<Operation *> owned;
};

//===----------------------------------------------------------------------===//
// The mechanism
//===----------------------------------------------------------------------===//

TEST_F(InterfacesTest, CastsOnRegisteredOps) {
  Operation *module = parse("func.func @f(%a: i32) -> i32 {\n"
                            "  %0 = arith.addi %a, %a : i32\n"
                            "  return %0 : i32\n"
                            "}\n");
  ASSERT_TRUE(module);
  Operation *func = find(module, "func.func");
  Operation *add = find(module, "arith.addi");
  Operation *ret = find(module, "func.return");

  EXPECT_TRUE(isa<SymbolOpInterface>(func));
  EXPECT_TRUE(isa<CallableOpInterface>(func));
  EXPECT_FALSE(isa<CallableOpInterface>(add));
  EXPECT_TRUE((isa<CallOpInterface, MemoryEffectOpInterface>(add)));

  auto symbol = dyn_cast<SymbolOpInterface>(func);
  ASSERT_TRUE(symbol);
  EXPECT_EQ(symbol.getName(), "f");
  EXPECT_FALSE(symbol.isDeclaration());
  EXPECT_EQ(symbol.getOperation(), func);

  EXPECT_FALSE(dyn_cast<BranchOpInterface>(add));
  auto callable = cast<CallableOpInterface>(func);
  EXPECT_EQ(callable.getCallableRegion(), &func->getRegion(0));
  ASSERT_EQ(callable.getArgumentTypes().size(), 1u);

  // func.return is ReturnLike: a region branch terminator forwarding all
  // of its operands.
  auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(ret);
  ASSERT_TRUE(terminator);
  EXPECT_EQ(terminator.getMutableSuccessorOperands(RegionSuccessor::parent(func)).size(), 1u);

  // OpAsmOpInterface through its fixed slot; module's default dialect.
  auto asmInterface = dyn_cast<OpAsmOpInterface>(module);
  ASSERT_TRUE(asmInterface);
  EXPECT_EQ(asmInterface.getDefaultDialect(), "builtin");
  EXPECT_EQ(cast<OpAsmOpInterface>(func).getDefaultDialect(), "func");
  EXPECT_FALSE(isa<OpAsmOpInterface>(add));
  EXPECT_TRUE(cast<RegionKindInterface>(module).getRegionKind(0) == RegionKind::Graph);
}

TEST_F(InterfacesTest, CastsOnUnregisteredOps) {
  ctx.allowUnregisteredDialects();
  Operation *module = parse("\"foo.bar\"() : () -> ()\n");
  ASSERT_TRUE(module);
  Operation *op = find(module, "foo.bar");
  ASSERT_TRUE(op);
  EXPECT_FALSE(isa<MemoryEffectOpInterface>(op));
  EXPECT_FALSE(dyn_cast<RegionBranchOpInterface>(op));
  EXPECT_FALSE(dyn_cast_or_null<OpAsmOpInterface>(op));
  EXPECT_TRUE(hasUnknownEffects(op));
  EXPECT_FALSE(isMemoryEffectFree(op));
  EXPECT_FALSE(wouldOpBeTriviallyDead(op));
}

TEST_F(InterfacesTest, UnimplementedInterfaceFailsRegistration) {
  ctx.getOrLoadDialect("ibad");
  EXPECT_FALSE(BadIfaceDialect::registered);
  EXPECT_NE(BadIfaceDialect::lastError.find("'ibad.branch' declares BranchOpInterface but does not implement its "
                                            "method 'getSuccessorOperands'"),
            std::string::npos)
      << BadIfaceDialect::lastError;
  EXPECT_FALSE(OperationName::lookupRegistered("ibad.branch", &ctx));
}

TEST_F(InterfacesTest, UnimplementedInterfaceAbortsRegisterIn) {
  auto registerBad = [] {
    MLIRContext context(MLIRContext::Threading::DISABLED);
    Dialect *dialect = context.getOrLoadDialect("builtin");
    ods::OpDef("builtin.iface_test_bad_call")
        .traits({ods::Implements<CallOpInterface>({.getArgOperands = nullptr})})
        .registerIn(*dialect);
  };
  EXPECT_DEATH(registerBad(), "does not implement its method 'getCallableForCallee'");
}

//===----------------------------------------------------------------------===//
// Memory effects
//===----------------------------------------------------------------------===//

TEST_F(InterfacesTest, EffectsDeclaredInODSOrder) {
  ctx.allowUnregisteredDialects();
  Operation *module = parse("%0 = \"foo.x\"() : () -> i32\n"
                            "%1 = \"itest.reads\"(%0) : (i32) -> i64\n");
  ASSERT_TRUE(module);
  Operation *op = find(module, "itest.reads");
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  ASSERT_TRUE(effects);
  SmallVector<MemoryEffects::EffectInstance, 4> list;
  effects.getEffects(list);
  ASSERT_EQ(list.size(), 3u);
  // The op's own effects, then the operands', then the results'.
  EXPECT_TRUE(isa<MemoryEffects::Write>(list[0].getEffect()));
  EXPECT_FALSE(list[0].getValue());
  EXPECT_TRUE(isa<MemoryEffects::Read>(list[1].getEffect()));
  EXPECT_EQ(list[1].getOpOperand(), &op->getOpOperand(0));
  EXPECT_EQ(list[1].getValue(), op->getOperand(0));
  EXPECT_TRUE(isa<MemoryEffects::Allocate>(list[2].getEffect()));
  EXPECT_EQ(list[2].getValue(), op->getResult(0));
  EXPECT_EQ(list[2].getStage(), 1);
  EXPECT_TRUE(list[2].getEffectOnFullRegion());
  EXPECT_TRUE(isa<SideEffects::DefaultResource>(list[2].getResource()));
  EXPECT_TRUE(effects.hasEffect<MemoryEffects::Read>());
  EXPECT_FALSE(effects.hasEffect<MemoryEffects::Free>());
  EXPECT_FALSE(effects.onlyHasEffect<MemoryEffects::Read>());
  EXPECT_FALSE(isMemoryEffectFree(op));
  EXPECT_TRUE(hasEffect<MemoryEffects::Write>(op));
  EXPECT_FALSE(hasSingleEffect<MemoryEffects::Write>(op));
  EXPECT_TRUE((hasEffect<MemoryEffects::Free, MemoryEffects::Allocate>(op, op->getResult(0))));
}

TEST_F(InterfacesTest, MemRefEffectsAsTheTdDeclares) {
  Operation *module = parse("func.func @f(%m: memref<4xf32>, %n: memref<4xf32>, %i: index) {\n"
                            "  %a = memref.alloc() : memref<4xf32>\n"
                            "  %s = memref.alloca() : memref<4xf32>\n"
                            "  %v = memref.load %m[%i] : memref<4xf32>\n"
                            "  memref.store %v, %a[%i] : memref<4xf32>\n"
                            "  memref.copy %m, %n : memref<4xf32> to memref<4xf32>\n"
                            "  memref.dealloc %a : memref<4xf32>\n"
                            "  %d = memref.dim %m, %i : memref<4xf32>\n"
                            "  return\n"
                            "}\n");
  ASSERT_TRUE(module);
  auto effectsOf = [&](std::string_view name) {
    SmallVector<MemoryEffects::EffectInstance, 4> list;
    cast<MemoryEffectOpInterface>(find(module, name)).getEffects(list);
    return list;
  };

  auto alloc = effectsOf("memref.alloc");
  ASSERT_EQ(alloc.size(), 1u);
  EXPECT_TRUE(isa<MemoryEffects::Allocate>(alloc[0].getEffect()));
  EXPECT_TRUE(alloc[0].getEffectOnFullRegion());
  EXPECT_TRUE(isa<SideEffects::DefaultResource>(alloc[0].getResource()));

  auto alloca = effectsOf("memref.alloca");
  ASSERT_EQ(alloca.size(), 1u);
  EXPECT_TRUE(isa<SideEffects::AutomaticAllocationScopeResource>(alloca[0].getResource()));

  auto load = effectsOf("memref.load");
  ASSERT_EQ(load.size(), 1u);
  EXPECT_TRUE(isa<MemoryEffects::Read>(load[0].getEffect()));
  EXPECT_EQ(load[0].getOpOperand()->getOperandNumber(), 0u);
  EXPECT_FALSE(load[0].getEffectOnFullRegion());

  auto store = effectsOf("memref.store");
  ASSERT_EQ(store.size(), 1u);
  EXPECT_TRUE(isa<MemoryEffects::Write>(store[0].getEffect()));
  EXPECT_EQ(store[0].getOpOperand()->getOperandNumber(), 1u);

  auto copy = effectsOf("memref.copy");
  ASSERT_EQ(copy.size(), 2u);
  EXPECT_TRUE(isa<MemoryEffects::Read>(copy[0].getEffect()));
  EXPECT_TRUE(isa<MemoryEffects::Write>(copy[1].getEffect()));
  EXPECT_TRUE(copy[1].getEffectOnFullRegion());

  auto dealloc = effectsOf("memref.dealloc");
  ASSERT_EQ(dealloc.size(), 1u);
  EXPECT_TRUE(isa<MemoryEffects::Free>(dealloc[0].getEffect()));

  EXPECT_TRUE(effectsOf("memref.dim").empty());

  // An unused allocation is trivially dead; a store never is; terminators
  // and symbols are kept.
  EXPECT_TRUE(wouldOpBeTriviallyDead(find(module, "memref.alloc")));
  EXPECT_TRUE(wouldOpBeTriviallyDead(find(module, "memref.load")));
  EXPECT_FALSE(wouldOpBeTriviallyDead(find(module, "memref.store")));
  EXPECT_FALSE(wouldOpBeTriviallyDead(find(module, "func.return")));
  EXPECT_FALSE(wouldOpBeTriviallyDead(find(module, "func.func")));
  EXPECT_TRUE(isOpTriviallyDead(find(module, "memref.dim")));
  EXPECT_FALSE(isOpTriviallyDead(find(module, "memref.load")));
}

TEST_F(InterfacesTest, SpeculatabilityAndRecursiveEffects) {
  Operation *module = parse("func.func @f(%a: i32, %lb: index, %ub: index) {\n"
                            "  %c0 = arith.constant 0 : i32\n"
                            "  %c3 = arith.constant 3 : i32\n"
                            "  %c1 = arith.constant 1 : index\n"
                            "  %c2 = arith.constant 2 : index\n"
                            "  %x = arith.divui %a, %c3 : i32\n"
                            "  %y = arith.divsi %a, %c0 : i32\n"
                            "  %z = arith.ceildivui %a, %a : i32\n"
                            "  scf.for %i = %lb to %ub step %c1 {\n"
                            "    %w = arith.addi %a, %a : i32\n"
                            "  }\n"
                            "  scf.for %i = %lb to %ub step %c2 {\n"
                            "  }\n"
                            "  return\n"
                            "}\n");
  ASSERT_TRUE(module);
  EXPECT_TRUE(isPure(find(module, "arith.divui")));
  EXPECT_FALSE(isPure(find(module, "arith.divsi")));
  EXPECT_TRUE(isMemoryEffectFree(find(module, "arith.divsi")));
  EXPECT_FALSE(isSpeculatable(find(module, "arith.ceildivui")));
  EXPECT_TRUE(isPure(find(module, "arith.constant")));

  std::vector<Operation *> loops;
  module->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "scf.for")
      loops.push_back(op);
  });
  ASSERT_EQ(loops.size(), 2u);
  // Recursive effects: a loop of pure ops is free of memory effects.
  EXPECT_TRUE(isMemoryEffectFree(loops[0]));
  EXPECT_TRUE(isSpeculatable(loops[0]));
  EXPECT_FALSE(isSpeculatable(loops[1]));
  std::optional<SmallVector<MemoryEffects::EffectInstance, 4>> effects = getEffectsRecursively(loops[0]);
  ASSERT_TRUE(effects.has_value());
  EXPECT_TRUE(effects->empty());
  EXPECT_FALSE(isOpTriviallyDead(find(module, "func.func")));
}

TEST_F(InterfacesTest, DeepNestingDoesNotRecurse) {
  // 20000 nested scf.execute_region (generic form, which the parser reads
  // without recursion): the queries walk with worklists.
  std::string text = "func.func @f() {\n";
  const int depth = 20000;
  for (int i = 0; i < depth; ++i)
    text += "\"scf.execute_region\"() ({\n";
  text += "%c = arith.constant 1 : i32\n";
  for (int i = 0; i < depth; ++i)
    text += "scf.yield\n}) : () -> ()\n";
  text += "return\n}\n";
  Operation *module = parse(text);
  ASSERT_TRUE(module);
  Operation *outer = find(module, "scf.execute_region");
  EXPECT_TRUE(isMemoryEffectFree(outer));
  EXPECT_TRUE(wouldOpBeTriviallyDead(outer));
  EXPECT_FALSE(isSpeculatable(outer));
  EXPECT_TRUE(getEffectsRecursively(outer).has_value());
}

//===----------------------------------------------------------------------===//
// Control flow, loops, calls
//===----------------------------------------------------------------------===//

TEST_F(InterfacesTest, RegionBranchesAndLoops) {
  Operation *module = parse("func.func @f(%c: i1, %lb: index, %ub: index, %s: index, %x: f32) -> f32 {\n"
                            "  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (f32) {\n"
                            "    %n = arith.addf %acc, %acc : f32\n"
                            "    scf.yield %n : f32\n"
                            "  }\n"
                            "  %t = scf.if %c -> (f32) {\n"
                            "    scf.yield %r : f32\n"
                            "  } else {\n"
                            "    scf.yield %x : f32\n"
                            "  }\n"
                            "  return %t : f32\n"
                            "}\n");
  ASSERT_TRUE(module);
  Operation *forOp = find(module, "scf.for");
  Operation *ifOp = find(module, "scf.if");

  auto loop = cast<LoopLikeOpInterface>(forOp);
  ASSERT_TRUE(loop.getSingleInductionVar().has_value());
  EXPECT_EQ(*loop.getSingleInductionVar(), forOp->getRegion(0).front().getArgument(0));
  EXPECT_EQ(loop.getInits().size(), 1u);
  EXPECT_EQ(loop.getInits()[0], forOp->getOperand(3));
  EXPECT_EQ(loop.getRegionIterArgs().size(), 1u);
  EXPECT_EQ(loop.getYieldedValues().size(), 1u);
  ASSERT_TRUE(loop.getLoopResults().has_value());
  EXPECT_EQ(loop.getTiedLoopResult(BlockArgument(loop.getRegionIterArgs()[0])), forOp->getResult(0));
  EXPECT_EQ(loop.getTiedLoopInit(BlockArgument(loop.getRegionIterArgs()[0])), &forOp->getOpOperand(3));
  EXPECT_TRUE(loop.isDefinedOutsideOfLoop(forOp->getOperand(0)));
  EXPECT_FALSE(loop.isDefinedOutsideOfLoop(loop.getRegionIterArgs()[0]));

  auto forBranch = cast<RegionBranchOpInterface>(forOp);
  EXPECT_TRUE(forBranch.isRepetitiveRegion(0));
  EXPECT_TRUE(forBranch.hasLoop());
  SmallVector<RegionSuccessor, 2> successors;
  forBranch.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  ASSERT_EQ(successors.size(), 2u);
  EXPECT_EQ(successors[0].getSuccessor(), &forOp->getRegion(0));
  EXPECT_TRUE(successors[1].isParent());
  EXPECT_EQ(forBranch.getEntrySuccessorOperands(successors[0]).size(), 1u);

  auto ifBranch = cast<RegionBranchOpInterface>(ifOp);
  EXPECT_FALSE(ifBranch.isRepetitiveRegion(0));
  EXPECT_FALSE(ifBranch.hasLoop());
  SmallVector<Attribute, 1> constantTrue;
  constantTrue.push_back(IntegerAttr::get(IntegerType::get(&ctx, 1), 1));
  successors.clear();
  ifBranch.getEntrySuccessorRegions(constantTrue, successors);
  ASSERT_EQ(successors.size(), 1u);
  EXPECT_EQ(successors[0].getSuccessor(), &ifOp->getRegion(0));
  SmallVector<InvocationBounds, 2> bounds;
  ifBranch.getRegionInvocationBounds(constantTrue, bounds);
  ASSERT_EQ(bounds.size(), 2u);
  EXPECT_EQ(bounds[0].getUpperBound(), std::optional<unsigned>(1));
  EXPECT_EQ(bounds[1].getUpperBound(), std::optional<unsigned>(0));

  // Two ops in the then and else regions of one scf.if are exclusive.
  Operation *thenYield = &ifOp->getRegion(0).front().back();
  Operation *elseYield = &ifOp->getRegion(1).front().back();
  EXPECT_TRUE(insideMutuallyExclusiveRegions(thenYield, elseYield));
  EXPECT_EQ(getEnclosingRepetitiveRegion(find(module, "arith.addf")), &forOp->getRegion(0));
  EXPECT_FALSE(getEnclosingRepetitiveRegion(thenYield));
  EXPECT_TRUE(LoopLikeOpInterface::blockIsInLoop(&forOp->getRegion(0).front()));
  EXPECT_FALSE(LoopLikeOpInterface::blockIsInLoop(&ifOp->getRegion(0).front()));
}

TEST_F(InterfacesTest, BranchesAndCalls) {
  Operation *module = parse("func.func @callee(%a: i32) -> i32 {\n"
                            "  return %a : i32\n"
                            "}\n"
                            "func.func @f(%c: i1, %a: i32) -> i32 {\n"
                            "  cf.cond_br %c, ^bb1(%a : i32), ^bb2\n"
                            "^bb1(%x: i32):\n"
                            "  %r = func.call @callee(%x) : (i32) -> i32\n"
                            "  cf.br ^bb2\n"
                            "^bb2:\n"
                            "  return %a : i32\n"
                            "}\n");
  ASSERT_TRUE(module);
  Operation *condBr = find(module, "cf.cond_br");
  auto branch = cast<BranchOpInterface>(condBr);
  SuccessorOperands trueOperands = branch.getSuccessorOperands(0);
  EXPECT_EQ(trueOperands.size(), 1u);
  EXPECT_EQ(trueOperands[0], condBr->getOperand(1));
  EXPECT_EQ(trueOperands.getOperandIndex(0), 1u);
  EXPECT_TRUE(branch.getSuccessorOperands(1).empty());
  std::optional<BlockArgument> arg = branch.getSuccessorBlockArgument(1);
  ASSERT_TRUE(arg.has_value());
  EXPECT_EQ(arg->getOwner(), condBr->getSuccessor(0));
  SmallVector<Attribute, 3> constantFalse;
  constantFalse.push_back(IntegerAttr::get(IntegerType::get(&ctx, 1), 0));
  EXPECT_EQ(branch.getSuccessorForOperands(constantFalse), condBr->getSuccessor(1));

  // Appending to a successor's operands keeps the segment sizes in sync.
  trueOperands.append(condBr->getOperand(1));
  EXPECT_EQ(branch.getSuccessorOperands(0).size(), 2u);
  EXPECT_EQ(branch.getSuccessorOperands(1).size(), 0u);
  trueOperands.erase(1);
  EXPECT_EQ(condBr->getNumOperands(), 2u);

  Operation *call = find(module, "func.call");
  auto callOp = cast<CallOpInterface>(call);
  EXPECT_EQ(callOp.getArgOperands().size(), 1u);
  EXPECT_EQ(callOp.getCallableForCallee().getSymbol().getLeafReference().getValue(), "callee");
  Operation *callee = callOp.resolveCallable();
  ASSERT_TRUE(callee);
  EXPECT_EQ(cast<SymbolOpInterface>(callee).getName(), "callee");
  SymbolTableCollection tables;
  EXPECT_EQ(callOp.resolveCallableInTable(&tables), callee);
  EXPECT_TRUE(isa<ArgAndResultAttrsOpInterface>(call));
}

} // namespace
