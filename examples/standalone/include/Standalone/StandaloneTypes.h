//===- StandaloneTypes.h - The types of the standalone dialect ------------===//
//
// Two types, written by hand as the guide "Defining Dialect Attributes and
// Types" describes, each with its own storage class:
//
//   !standalone.lanes<4, i32>     LanesType: a parametric type (a number of
//                                 lanes and an integer element type), with
//                                 construction invariants checked by getChecked
//   !standalone.rec<"list", T>    RecursiveType: identified by its name, with a
//                                 mutable body that may refer to the type
//                                 itself (`!standalone.rec<"list">` inside T)
//
#pragma once

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Location.h"
#include "lamina/IR/StorageUniquer.h"
#include "lamina/IR/StorageUserBase.h"
#include "lamina/IR/Types.h"
#include "lamina/Support/Hashing.h"

#include <cstdint>
#include <string_view>
#include <utility>

namespace standalone {

//===----------------------------------------------------------------------===//
// LanesType: a parametric type
//===----------------------------------------------------------------------===//

/// The storage of a LanesType: what identifies an instance (its key) and the
/// data the instance holds. The uniquer calls hashKey and operator== to find
/// an existing instance and construct to allocate a new one.
struct LanesTypeStorage : public lamina::TypeStorage {
  /// The number of lanes and the element type identify a LanesType.
  using KeyTy = std::pair<unsigned, lamina::Type>;

  LanesTypeStorage(unsigned count, lamina::Type elementType) : count(count), elementType(elementType) {}

  bool operator==(const KeyTy &key) const { return key == KeyTy(count, elementType); }

  /// Hashes a key (std::pair of hashable values would do without it).
  static uint64_t hashKey(const KeyTy &key) { return lamina::hash_combine(key.first, key.second); }

  /// Builds the key from the arguments of LanesType::get.
  static KeyTy getKey(unsigned count, lamina::Type elementType) { return KeyTy(count, elementType); }

  /// Allocates a new instance in the context's arena.
  static LanesTypeStorage *construct(lamina::StorageAllocator &allocator, const KeyTy &key) {
    return new (allocator.allocate<LanesTypeStorage>()) LanesTypeStorage(key.first, key.second);
  }

  unsigned count;
  lamina::Type elementType;
};

/// `!standalone.lanes<N, iW>`: N (non-zero) lanes of an integer type.
class LanesType : public lamina::Type::TypeBase<LanesType, lamina::Type, LanesTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "standalone.lanes";

  /// The unique instance; the invariants must hold (see getChecked).
  static LanesType get(unsigned count, lamina::Type elementType) {
    return Base::get(elementType.getContext(), count, elementType);
  }

  /// The unique instance, or a null type after an error at `loc` when the
  /// construction invariants do not hold.
  static LanesType getChecked(lamina::Location loc, unsigned count, lamina::Type elementType) {
    return Base::getChecked(loc, count, elementType);
  }

  /// Run by getChecked before the instance is built.
  static lamina::LogicalResult verifyConstructionInvariants(lamina::Location loc, unsigned count,
                                                            lamina::Type elementType) {
    if (count == 0)
      return lamina::emitError(loc) << "a lanes type needs at least one lane";
    if (!lamina::isa<lamina::IntegerType>(elementType))
      return lamina::emitError(loc) << "the lanes of a lanes type must be integers, not " << elementType;
    return lamina::success();
  }

  unsigned getCount() const { return getImpl()->count; }
  lamina::IntegerType getElementType() const { return lamina::cast<lamina::IntegerType>(getImpl()->elementType); }
};

//===----------------------------------------------------------------------===//
// RecursiveType: a mutable type
//===----------------------------------------------------------------------===//

/// The storage of a RecursiveType. Only the name is part of the key: the
/// body is the mutable part, set after the instance exists (so that it can
/// contain the type itself).
struct RecursiveTypeStorage : public lamina::TypeStorage {
  using KeyTy = std::string_view;

  explicit RecursiveTypeStorage(std::string_view name) : name(name) {}

  bool operator==(const KeyTy &key) const { return key == name; }

  static RecursiveTypeStorage *construct(lamina::StorageAllocator &allocator, const KeyTy &key) {
    // The key's characters are copied into the context: the instance
    // outlives the string it was looked up with.
    return new (allocator.allocate<RecursiveTypeStorage>()) RecursiveTypeStorage(allocator.copyInto(key));
  }

  /// Called by RecursiveType::setBody through the uniquer (which serializes
  /// mutations). The body may be set once; setting the same body again is
  /// fine, a different one fails.
  lamina::LogicalResult mutate(lamina::StorageAllocator &, lamina::Type newBody) {
    if (body && body != newBody)
      return lamina::failure();
    body = newBody;
    return lamina::success();
  }

  std::string_view name;
  lamina::Type body;
};

/// `!standalone.rec<"name", body>`: a named type whose body may contain the
/// type itself, written `!standalone.rec<"name">` inside the body.
class RecursiveType : public lamina::Type::TypeBase<RecursiveType, lamina::Type, RecursiveTypeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "standalone.rec";

  /// The type named `name` (its body may not be set yet).
  static RecursiveType get(lamina::MLIRContext *ctx, std::string_view name) { return Base::get(ctx, name); }

  /// Sets the body; fails if the type already has a different one.
  lamina::LogicalResult setBody(lamina::Type body) { return Base::mutate(body); }

  /// The body, or a null type if it was not set yet.
  lamina::Type getBody() const { return getImpl()->body; }
  std::string_view getName() const { return getImpl()->name; }
};

} // namespace standalone
