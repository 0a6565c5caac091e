//===- MLIRContext.h - The owner of all uniqued IR objects ----------------===//
#pragma once

#include "lamina/IR/StorageUniquer.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lamina {

class OperationName;

class AbstractAttribute;
class AbstractType;
class DiagnosticEngine;
class Dialect;
class ThreadPool;
class Location;
class MLIRContext;

/// Knows how to create dialects by namespace; handed to a context so dialects
/// load on first use.
class DialectRegistry {
public:
  using DialectAllocatorFn = std::function<Dialect *(MLIRContext *)>;

  /// Registers dialect classes (each must have `static constexpr
  /// std::string_view getDialectNamespace()` and a ctor taking MLIRContext*).
  template <typename... DialectTs> void insert() { (insertOne<DialectTs>(), ...); }
  void insert(TypeID typeID, std::string_view name, DialectAllocatorFn ctor);
  /// The allocator for `name`, or null.
  const DialectAllocatorFn *getDialectAllocator(std::string_view name) const;
  std::vector<std::string> getDialectNames() const;
  /// Adds every entry of `other` to this registry.
  void appendTo(DialectRegistry &other) const;

private:
  template <typename T> void insertOne();
  struct Entry {
    std::string name;
    TypeID typeID;
    DialectAllocatorFn ctor;
  };
  std::vector<Entry> entries; // sorted by name
};

/// Owns dialects, uniqued types and attributes, operation names and the
/// diagnostic engine. Thread-safe for uniquing.
class MLIRContext {
public:
  enum class Threading { DISABLED, ENABLED };
  explicit MLIRContext(Threading threading = Threading::ENABLED);
  explicit MLIRContext(const DialectRegistry &registry, Threading threading = Threading::ENABLED);
  ~MLIRContext();
  MLIRContext(const MLIRContext &) = delete;
  MLIRContext &operator=(const MLIRContext &) = delete;

  /// Dialects --------------------------------------------------------------
  template <typename T> T *getOrLoadDialect() {
    if (Dialect *d = getLoadedDialect(T::getDialectNamespace()))
      return static_cast<T *>(d);
    return static_cast<T *>(
        getOrLoadDialect(T::getDialectNamespace(), TypeID::get<T>(), [](MLIRContext *ctx) -> Dialect * {
          return new T(ctx);
        }));
  }
  template <typename T> T *getLoadedDialect() {
    return static_cast<T *>(getLoadedDialect(T::getDialectNamespace()));
  }
  Dialect *getLoadedDialect(std::string_view ns);
  /// Loads `ns` from the registry if it is registered there.
  Dialect *getOrLoadDialect(std::string_view ns);
  Dialect *getOrLoadDialect(std::string_view ns, TypeID id, const std::function<Dialect *(MLIRContext *)> &ctor);
  /// Loaded dialects, sorted by namespace.
  std::vector<Dialect *> getLoadedDialects();
  /// The registered operation names, sorted by name.
  std::vector<OperationName> getRegisteredOperations();
  void appendDialectRegistry(const DialectRegistry &registry);
  const DialectRegistry &getDialectRegistry();
  void loadAllAvailableDialects();
  /// Returns the dialect for unregistered ops of namespace `ns` if dialects
  /// allow it; null otherwise.
  bool allowsUnregisteredDialects() const;
  void allowUnregisteredDialects(bool allow = true);

  /// Threading ---------------------------------------------------------------
  bool isMultithreadingEnabled() const;
  void disableMultithreading(bool disable = true);
  void enableMultithreading(bool enable = true) { disableMultithreading(!enable); }
  ThreadPool &getThreadPool();
  /// Makes the context use `pool` (which must outlive it) instead of a pool
  /// of its own, and enables multithreading (MLIR's setThreadPool): contexts
  /// made one after another (one per `--split-input-file` chunk, or per run
  /// of an in-process driver) share their threads. Call it before anything
  /// asks for the context's pool.
  void setThreadPool(ThreadPool &pool);

  /// Printing options used by diagnostics -----------------------------------
  bool shouldPrintOpOnDiagnostic() const;
  void printOpOnDiagnostic(bool enable);
  bool shouldPrintStackTraceOnDiagnostic() const { return false; }

  DiagnosticEngine &getDiagEngine();

  /// Internals ---------------------------------------------------------------
  StorageUniquer &getTypeUniquer();
  StorageUniquer &getAttributeUniquer();
  /// Registers a type/attribute kind's description (owned by the context).
  void registerType(std::unique_ptr<AbstractType> type);
  void registerAttribute(std::unique_ptr<AbstractAttribute> attr);
  const AbstractType *lookupAbstractType(TypeID id);
  const AbstractAttribute *lookupAbstractAttribute(TypeID id);
  /// An arena for context-lifetime allocations (op name tables, etc).
  BumpPtrAllocator &getAllocator();
  std::mutex &getAllocatorMutex();

  struct Impl;
  Impl &getImpl() { return *impl; }

private:
  std::unique_ptr<Impl> impl;
};

template <typename T> void DialectRegistry::insertOne() {
  insert(TypeID::get<T>(), T::getDialectNamespace(),
         [](MLIRContext *ctx) -> Dialect * { return ctx->getOrLoadDialect<T>(); });
}

} // namespace lamina
