//===- Location.h - Source locations attached to IR -------------------------===//
#pragma once

#include "lamina/IR/Attributes.h"

namespace lamina {

/// Base of all location attributes (unknown, file:line:col, name, callsite,
/// fused, opaque).
class LocationAttr : public Attribute {
public:
  using Attribute::Attribute;
  LocationAttr(Attribute a) : Attribute(a) {}
  static bool classof(Attribute attr);
};

/// A non-null location handle, convertible to and from LocationAttr.
class Location {
public:
  Location(LocationAttr loc) : impl(loc) { assert(loc && "location should never be null"); }
  Location(const LocationAttr::ImplType *impl) : impl(impl) { assert(impl); }

  operator LocationAttr() const { return impl; }
  LocationAttr operator->() const { return impl; }
  MLIRContext *getContext() const { return impl.getContext(); }
  bool operator==(Location o) const { return impl == o.impl; }
  bool operator!=(Location o) const { return impl != o.impl; }
  const void *getAsOpaquePointer() const { return impl.getAsOpaquePointer(); }
  static Location getFromOpaquePointer(const void *p) {
    return Location(static_cast<const Attribute::ImplType *>(p));
  }
  void print(raw_ostream &os) const { impl.print(os); }


private:
  LocationAttr impl;
};

class StringAttr;

/// A location as operations store it: a location attribute, or a file:line:col
/// recorded by the parser and kept packed in the same 8 bytes (the file by its
/// index in a small per-context table). The FileLineColLoc of a packed
/// location is created, and uniqued, only when someone asks for it; for most
/// parsed operations nobody does, which saves its storage and the uniquing.
class PackedLocation {
public:
  PackedLocation() = default;
  PackedLocation(Location loc) : bits(reinterpret_cast<uintptr_t>(loc.getAsOpaquePointer())) {}

  /// The index of `file` in the context's table of packable file names, or
  /// -1 when the table is full.
  static int getFileIndex(MLIRContext *ctx, const StringAttr &file);
  /// file:line:col packed if it fits (see getFileIndex), else created.
  static PackedLocation getFileLineCol(MLIRContext *ctx, int fileIndex, const StringAttr &file, unsigned line,
                                       unsigned col) {
    if (fileIndex >= 0 && fitsIn(line, kLineBits) && fitsIn(col, kColBits))
      return PackedLocation((uint64_t(col) << (1 + kFileBits + kLineBits)) | (uint64_t(line) << (1 + kFileBits)) |
                            (uint64_t(fileIndex) << 1) | 1);
    return PackedLocation(createFileLineCol(file, line, col));
  }

  bool isPacked() const { return bits & 1; }
  explicit operator bool() const { return bits != 0; }
  /// The location (created and uniqued now if packed).
  Location get(MLIRContext *ctx) const {
    if (isPacked())
      return unpack(ctx);
    return Location::getFromOpaquePointer(reinterpret_cast<const void *>(bits));
  }
  bool operator==(PackedLocation o) const { return bits == o.bits; }
  /// The parts of a packed location (isPacked() must hold).
  unsigned getPackedFileIndex() const { return unsigned((bits >> 1) & ((1u << kFileBits) - 1)); }
  unsigned getPackedLine() const { return unsigned((uint64_t(bits) >> (1 + kFileBits)) & ((uint64_t(1) << kLineBits) - 1)); }
  unsigned getPackedColumn() const { return unsigned(uint64_t(bits) >> (1 + kFileBits + kLineBits)); }
  /// The file name of a packed location.
  StringAttr getPackedFile(MLIRContext *ctx) const;
  const void *getAsOpaquePointer() const { return reinterpret_cast<const void *>(bits); }
  static PackedLocation getFromOpaquePointer(const void *p) {
    PackedLocation loc;
    loc.bits = reinterpret_cast<uintptr_t>(p);
    return loc;
  }

  static constexpr unsigned kFileBits = 8, kLineBits = 32, kColBits = 23;
  /// Whether `value` fits in `bits` bits (a function, not a comparison with
  /// a constant: a 32-bit line always fits, which compilers warn about).
  static bool fitsIn(uint64_t value, unsigned bits) { return bits >= 64 || value < (uint64_t(1) << bits); }

private:
  explicit PackedLocation(uint64_t packed) : bits(uintptr_t(packed)) {}
  static Location createFileLineCol(const StringAttr &file, unsigned line, unsigned col);
  Location unpack(MLIRContext *ctx) const;
  uintptr_t bits = 0;
};
static_assert(sizeof(PackedLocation) == 8, "packed locations assume 64-bit pointers");

inline uint64_t hashValue(Location l) { return hashValue(l.getAsOpaquePointer()); }
raw_ostream &operator<<(raw_ostream &os, Location loc);

} // namespace lamina
