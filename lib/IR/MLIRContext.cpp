//===- MLIRContext.cpp - The owner of all uniqued IR objects --------------===//
#include "lamina/IR/MLIRContext.h"

#include "MLIRContextImpl.h"
#include "lamina/IR/ContextLifetime.h"
#include "lamina/IR/ExtensibleDialect.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OperationSupport.h"
#include "lamina/Support/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <map>

using namespace lamina;

//===----------------------------------------------------------------------===//
// DialectRegistry
//===----------------------------------------------------------------------===//

void DialectRegistry::insert(TypeID typeID, std::string_view name, DialectAllocatorFn ctor) {
  auto it = std::lower_bound(entries.begin(), entries.end(), name,
                             [](const Entry &e, std::string_view n) { return e.name < n; });
  if (it != entries.end() && it->name == name)
    return;
  entries.insert(it, Entry{std::string(name), typeID, std::move(ctor)});
}

const DialectRegistry::DialectAllocatorFn *DialectRegistry::getDialectAllocator(std::string_view name) const {
  auto it = std::lower_bound(entries.begin(), entries.end(), name,
                             [](const Entry &e, std::string_view n) { return e.name < n; });
  if (it != entries.end() && it->name == name)
    return &it->ctor;
  return nullptr;
}

std::vector<std::string> DialectRegistry::getDialectNames() const {
  std::vector<std::string> names;
  for (const Entry &e : entries)
    names.push_back(e.name);
  return names;
}

void DialectRegistry::appendTo(DialectRegistry &other) const {
  for (const Entry &e : entries)
    other.insert(e.typeID, e.name, e.ctor);
}

//===----------------------------------------------------------------------===//
// MLIRContext
//===----------------------------------------------------------------------===//

MLIRContext::MLIRContext(Threading threading) : MLIRContext(DialectRegistry(), threading) {}

MLIRContext::MLIRContext(const DialectRegistry &registry, Threading threading)
    : impl(std::make_unique<Impl>()) {
  impl->threadingDisabled = threading == Threading::DISABLED;
  registry.appendTo(impl->registry);
  getOrLoadDialect<BuiltinDialect>();
  impl->initializeCaches(this);
}

namespace {
std::atomic<uint64_t> destroyedContexts(0);
} // namespace

uint64_t detail::getDestroyedContextCount() { return destroyedContexts.load(std::memory_order_acquire); }

MLIRContext::~MLIRContext() {
  // Before the members (and the attributes they own) are released.
  destroyedContexts.fetch_add(1, std::memory_order_acq_rel);
}

MLIRContext::Impl::Impl() = default;
MLIRContext::Impl::~Impl() {
  // Dialects may reference the uniquers; destroy them first.
  dialects.clear();
  // Operation names live in the arena but own vectors.
  opNames.forEach([](std::string_view, OperationName::Impl *name) { name->~Impl(); });
  for (auto &e : resourceEntries)
    delete e;
}

Dialect *MLIRContext::getLoadedDialect(std::string_view ns) {
  std::shared_lock<std::shared_mutex> lock(impl->dialectsMutex);
  auto it = impl->dialects.find(ns);
  return it == impl->dialects.end() ? nullptr : it->second.get();
}

Dialect *MLIRContext::getOrLoadDialect(std::string_view ns) {
  if (Dialect *d = getLoadedDialect(ns))
    return d;
  const auto *ctor = impl->registry.getDialectAllocator(ns);
  if (!ctor)
    return nullptr;
  return (*ctor)(this);
}

Dialect *MLIRContext::getOrLoadDialect(std::string_view ns, TypeID id,
                                       const std::function<Dialect *(MLIRContext *)> &ctor) {
  if (Dialect *d = getLoadedDialect(ns))
    return d;
  // One dialect is loaded at a time (a constructor may load the dialects it
  // depends on, hence recursive): loading registers operation names, types
  // and attributes, which other threads must not see half done.
  std::lock_guard<std::recursive_mutex> loadLock(impl->dialectLoadMutex);
  if (Dialect *d = getLoadedDialect(ns))
    return d;
  std::unique_ptr<Dialect> dialect(ctor(this));
  Dialect *result = dialect.get();
  {
    std::unique_lock<std::shared_mutex> lock(impl->dialectsMutex);
    auto it = impl->dialects.find(ns);
    if (it != impl->dialects.end())
      return it->second.get();
    impl->dialects.emplace(std::string(ns), std::move(dialect));
  }
  // Attach the dialect to operation names created before it was loaded.
  impl->attachDialectToOpNames(result);
  return result;
}

std::vector<Dialect *> MLIRContext::getLoadedDialects() {
  std::shared_lock<std::shared_mutex> lock(impl->dialectsMutex);
  std::vector<Dialect *> result;
  for (auto &e : impl->dialects)
    result.push_back(e.second.get());
  return result;
}

void MLIRContext::appendDialectRegistry(const DialectRegistry &registry) { registry.appendTo(impl->registry); }
const DialectRegistry &MLIRContext::getDialectRegistry() { return impl->registry; }

void MLIRContext::loadAllAvailableDialects() {
  for (const std::string &name : impl->registry.getDialectNames())
    getOrLoadDialect(name);
}

bool MLIRContext::allowsUnregisteredDialects() const { return impl->allowUnregistered; }
void MLIRContext::allowUnregisteredDialects(bool allow) { impl->allowUnregistered = allow; }

bool MLIRContext::isMultithreadingEnabled() const { return !impl->threadingDisabled; }
void MLIRContext::disableMultithreading(bool disable) { impl->threadingDisabled = disable; }

ThreadPool &MLIRContext::getThreadPool() {
  std::lock_guard<std::mutex> lock(impl->threadPoolMutex);
  if (impl->externalThreadPool)
    return *impl->externalThreadPool;
  if (!impl->threadPool)
    impl->threadPool = std::make_unique<ThreadPool>();
  return *impl->threadPool;
}

void MLIRContext::setThreadPool(ThreadPool &pool) {
  {
    std::lock_guard<std::mutex> lock(impl->threadPoolMutex);
    impl->externalThreadPool = &pool;
  }
  enableMultithreading();
}

bool MLIRContext::shouldPrintOpOnDiagnostic() const { return impl->printOpOnDiagnostic; }
void MLIRContext::printOpOnDiagnostic(bool enable) { impl->printOpOnDiagnostic = enable; }

DiagnosticEngine &MLIRContext::getDiagEngine() { return impl->diagEngine; }
StorageUniquer &MLIRContext::getTypeUniquer() { return impl->typeUniquer; }
StorageUniquer &MLIRContext::getAttributeUniquer() { return impl->attributeUniquer; }
BumpPtrAllocator &MLIRContext::getAllocator() { return impl->allocator; }
std::mutex &MLIRContext::getAllocatorMutex() { return impl->allocatorMutex; }

void MLIRContext::registerType(std::unique_ptr<AbstractType> type) {
  TypeID id = type->getTypeID();
  {
    std::lock_guard<std::mutex> lock(impl->abstractNamesMutex);
    impl->abstractTypeNames.emplace(std::string(type->getName()), id);
  }
  impl->abstractTypes.insert(id, std::move(type));
}

void MLIRContext::registerAttribute(std::unique_ptr<AbstractAttribute> attr) {
  TypeID id = attr->getTypeID();
  {
    std::lock_guard<std::mutex> lock(impl->abstractNamesMutex);
    impl->abstractAttributeNames.emplace(std::string(attr->getName()), id);
  }
  impl->abstractAttributes.insert(id, std::move(attr));
}

const AbstractType *lamina::lookupAbstractTypeByName(MLIRContext *ctx, std::string_view name) {
  auto *impl = &ctx->getImpl();
  TypeID id;
  {
    std::lock_guard<std::mutex> lock(impl->abstractNamesMutex);
    auto it = impl->abstractTypeNames.find(std::string(name));
    if (it == impl->abstractTypeNames.end())
      return nullptr;
    id = it->second;
  }
  return ctx->lookupAbstractType(id);
}

const AbstractAttribute *lamina::lookupAbstractAttributeByName(MLIRContext *ctx, std::string_view name) {
  auto *impl = &ctx->getImpl();
  TypeID id;
  {
    std::lock_guard<std::mutex> lock(impl->abstractNamesMutex);
    auto it = impl->abstractAttributeNames.find(std::string(name));
    if (it == impl->abstractAttributeNames.end())
      return nullptr;
    id = it->second;
  }
  return ctx->lookupAbstractAttribute(id);
}

const AbstractType *MLIRContext::lookupAbstractType(TypeID id) {
  return impl->abstractTypes.lookup(id);
}

const AbstractAttribute *MLIRContext::lookupAbstractAttribute(TypeID id) {
  return impl->abstractAttributes.lookup(id);
}

const AbstractType &AbstractType::lookup(TypeID typeID, MLIRContext *ctx) {
  const AbstractType *t = ctx->lookupAbstractType(typeID);
  assert(t && "type used before its dialect was loaded");
  return *t;
}

const AbstractAttribute &AbstractAttribute::lookup(TypeID typeID, MLIRContext *ctx) {
  const AbstractAttribute *a = ctx->lookupAbstractAttribute(typeID);
  assert(a && "attribute used before its dialect was loaded");
  return *a;
}

void AbstractType::walkImmediateSubElements(Type type, function_ref<void(Attribute)> walkAttrs,
                                            function_ref<void(Type)> walkTypes) const {
  if (walkFn)
    walkFn(type, walkAttrs, walkTypes);
}

void AbstractAttribute::walkImmediateSubElements(Attribute attr, function_ref<void(Attribute)> walkAttrs,
                                                 function_ref<void(Type)> walkTypes) const {
  if (walkFn)
    walkFn(attr, walkAttrs, walkTypes);
}

MLIRContext *detail::getDialectContext(Dialect &dialect) { return dialect.getContext(); }

TypeID TypeID::allocate() {
  static std::mutex m;
  static std::vector<std::unique_ptr<char>> anchors;
  std::lock_guard<std::mutex> lock(m);
  anchors.push_back(std::make_unique<char>());
  return TypeID(anchors.back().get());
}
