//===- MLIRContextImpl.h - Private state of MLIRContext -------------------===//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/OperationSupport.h"

#include <atomic>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace lamina {

class ThreadPool;

/// Transparent string hashing for maps keyed by std::string.
struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return hashValue(s); }
};

struct MLIRContext::Impl {
  Impl();
  ~Impl();

  /// Fills the caches of common types and attributes.
  void initializeCaches(MLIRContext *ctx);
  /// Points unregistered operation names of `dialect`'s namespace at it.
  void attachDialectToOpNames(Dialect *dialect);

  StorageUniquer typeUniquer;
  StorageUniquer attributeUniquer;
  DiagnosticEngine diagEngine;
  DialectRegistry registry;

  std::shared_mutex dialectsMutex;
  std::recursive_mutex dialectLoadMutex;
  std::map<std::string, std::unique_ptr<Dialect>, std::less<>> dialects;

  std::shared_mutex abstractMutex;
  std::unordered_map<TypeID, std::unique_ptr<AbstractType>> abstractTypes;
  std::unordered_map<TypeID, std::unique_ptr<AbstractAttribute>> abstractAttributes;

  std::shared_mutex opNamesMutex;
  std::unordered_map<std::string_view, OperationName::Impl *, StringHash, std::equal_to<>> opNames;

  std::mutex allocatorMutex;
  BumpPtrAllocator allocator;

  /// File names of packed locations (PackedLocation), by index. Entries are
  /// published once and never change; adding one takes packedFilesMutex.
  static constexpr unsigned kMaxPackedFiles = 1u << PackedLocation::kFileBits;
  std::atomic<const void *> packedFiles[kMaxPackedFiles] = {};
  std::atomic<unsigned> numPackedFiles{0};
  std::mutex packedFilesMutex;

  std::mutex threadPoolMutex;
  std::unique_ptr<ThreadPool> threadPool;

  bool allowUnregistered = false;
  bool threadingDisabled = false;
  bool printOpOnDiagnostic = true;

  /// dense_resource entries, in creation order.
  std::mutex resourceMutex;
  std::vector<DenseResourceElementsHandle::Entry *> resourceEntries;
  std::unordered_map<std::string, DenseResourceElementsHandle::Entry *> resourceByKey;
  /// Unclaimed `external_resources` groups (see getExternalResources).
  std::vector<ExternalResourceGroup> externalResources;

  // Caches.
  IndexType indexType;
  NoneType noneType;
  IntegerType int1Ty, int8Ty, int16Ty, int32Ty, int64Ty, int128Ty;
  UnitAttr unitAttr;
  BoolAttr trueAttr, falseAttr;
  DictionaryAttr emptyDictionaryAttr;
  StringAttr emptyStringAttr;
  UnknownLoc unknownLoc;
  ArrayAttr emptyArrayAttr;
};

} // namespace lamina
