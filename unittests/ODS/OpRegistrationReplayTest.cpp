//===- OpRegistrationReplayTest.cpp - Registering a dialect's ops once ----===//
//
// ods::registerOpsOnce runs a dialect's op registration once per process and
// replays what it registered for every later context. A replayed context
// must hold exactly what running the registration gives: for every
// registered op of every dialect lamina-opt registers, the same hooks,
// definition, traits, interfaces (by concept table: interned, so equal
// tables are one pointer) and inherent attribute names. A registration
// function that touched anything else (another dialect's op, a table of
// the context) would show up here as a difference.
//
#include "lamina/Dialect/Test/TestDialect.h"
#include "lamina/InitAllDialects.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/OperationSupport.h"
#include "lamina/ODS/OpDef.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

using namespace lamina;

namespace {

/// What a context registered for one op, without its context's pointers.
struct OpSnapshot {
  std::string dialect;
  TypeID typeID;
  std::vector<const void *> hooks;
  std::vector<std::string> attributeNames;
  std::vector<TypeID> traits;
  std::vector<std::pair<TypeID, const void *>> interfaces;
  bool operator==(const OpSnapshot &) const = default;
};

/// Every registered op of a fresh context with every dialect loaded.
std::map<std::string, OpSnapshot> snapshot(const DialectRegistry &registry, bool replay) {
  ods::setOpRegistrationReplay(replay);
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  std::map<std::string, OpSnapshot> ops;
  for (OperationName name : ctx.getRegisteredOperations()) {
    OperationName::Impl *impl = name.getImpl();
    OpSnapshot &op = ops[std::string(name.getStringRef())];
    op.dialect = std::string(impl->dialect->getNamespace());
    op.typeID = impl->typeID;
    const OperationInfo &info = impl->info;
    op.hooks = {reinterpret_cast<const void *>(info.verifyInvariants),
                reinterpret_cast<const void *>(info.verifyRegionInvariants),
                reinterpret_cast<const void *>(info.parse),
                reinterpret_cast<const void *>(info.print),
                reinterpret_cast<const void *>(info.fold),
                reinterpret_cast<const void *>(info.foldSingleResult),
                reinterpret_cast<const void *>(info.getCanonicalizationPatterns),
                reinterpret_cast<const void *>(info.populateDefaultProperties),
                reinterpret_cast<const void *>(info.setPropertiesFromAttr),
                reinterpret_cast<const void *>(info.verifyInherentAttrs),
                reinterpret_cast<const void *>(info.readProperties),
                reinterpret_cast<const void *>(info.writeProperties),
                info.definition};
    for (StringAttr attr : impl->attributeNames)
      op.attributeNames.emplace_back(attr.getValue());
    op.traits = impl->traits.getIDs();
    op.interfaces = impl->interfaces.getEntries();
    for (unsigned slot = 0; slot < InterfaceMap::kNumFastSlots; ++slot)
      op.interfaces.emplace_back(TypeID(), impl->interfaces.lookupFast(slot));
  }
  return ops;
}

TEST(OpRegistrationReplay, ReplayedOpsEqualRegisteredOnes) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registry.insert<MLIRTestDialect>();

  // Each registration function run; then run and recorded; then replayed
  // (the recording context is gone by then).
  std::map<std::string, OpSnapshot> built = snapshot(registry, /*replay=*/false);
  std::map<std::string, OpSnapshot> recorded = snapshot(registry, /*replay=*/true);
  std::map<std::string, OpSnapshot> replayed = snapshot(registry, /*replay=*/true);
  ods::setOpRegistrationReplay(true);

  ASSERT_GT(built.size(), 1000u);
  EXPECT_EQ(built.size(), replayed.size());
  for (auto &[name, op] : built) {
    auto it = replayed.find(name);
    ASSERT_NE(it, replayed.end()) << name << " is not registered in the replayed context";
    EXPECT_TRUE(op == it->second) << name << " differs in the replayed context";
    EXPECT_TRUE(op == recorded[name]) << name << " differs in the recording context";
  }
}

} // namespace
