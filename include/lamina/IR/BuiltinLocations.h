//===- BuiltinLocations.h - The location attributes of the builtin dialect -===//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Location.h"

namespace lamina {

namespace detail {
struct FileLineColRangeStorage;
struct NameLocStorage;
struct CallSiteLocStorage;
struct FusedLocStorage;
struct OpaqueLocStorage;
} // namespace detail

/// `loc(unknown)`.
class UnknownLoc : public Attribute::AttrBase<UnknownLoc, LocationAttr, AttributeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.unknown_loc";
};

/// `loc("file":line:col)` and ranges `loc("file":l:c to l2:c2)`, `loc("f":l:c to :c2)`.
/// A FileLineColLoc is a range whose start and end coincide.
class FileLineColRange
    : public Attribute::AttrBase<FileLineColRange, LocationAttr, detail::FileLineColRangeStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.file_line_loc";
  static FileLineColRange get(StringAttr filename);
  static FileLineColRange get(StringAttr filename, unsigned line);
  static FileLineColRange get(StringAttr filename, unsigned line, unsigned col);
  static FileLineColRange get(StringAttr filename, unsigned line, unsigned col, unsigned endCol);
  static FileLineColRange get(StringAttr filename, unsigned line, unsigned col, unsigned endLine,
                              unsigned endCol);
  StringAttr getFilename() const;
  unsigned getStartLine() const;
  unsigned getStartColumn() const;
  unsigned getEndLine() const;
  unsigned getEndColumn() const;
  /// How many of (startLine, startCol, endLine, endCol) were given: 1..4
  /// (with 0 meaning file only).
  unsigned getNumComponents() const;
  bool isFileLineColLoc() const;
};

/// A FileLineColRange with a single point.
class FileLineColLoc : public FileLineColRange {
public:
  using FileLineColRange::FileLineColRange;
  FileLineColLoc(Attribute a) : FileLineColRange(a.getImpl()) {}
  static FileLineColLoc get(StringAttr filename, unsigned line, unsigned col);
  static FileLineColLoc get(MLIRContext *ctx, std::string_view filename, unsigned line, unsigned col);
  unsigned getLine() const { return getStartLine(); }
  unsigned getColumn() const { return getStartColumn(); }
  static bool classof(Attribute attr);
};

/// `loc("name"(child))`.
class NameLoc : public Attribute::AttrBase<NameLoc, LocationAttr, detail::NameLocStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.name_loc";
  static NameLoc get(StringAttr name, LocationAttr childLoc);
  static NameLoc get(StringAttr name);
  StringAttr getName() const;
  LocationAttr getChildLoc() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const;
};

/// `loc(callsite(callee at caller))`.
class CallSiteLoc : public Attribute::AttrBase<CallSiteLoc, LocationAttr, detail::CallSiteLocStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.call_site_loc";
  static CallSiteLoc get(Location callee, Location caller);
  LocationAttr getCallee() const;
  LocationAttr getCaller() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const;
};

/// `loc(fused<metadata>[a, b])`.
class FusedLoc : public Attribute::AttrBase<FusedLoc, LocationAttr, detail::FusedLocStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.fused_loc";
  /// Builds exactly this fused location (no simplification).
  static FusedLoc getRaw(MLIRContext *ctx, ArrayRef<LocationAttr> locs, Attribute metadata);
  /// MLIR's FusedLoc::get: flattens nested fused locations with the same
  /// metadata, drops unknowns and duplicates, and returns a single location
  /// or unknown when that is all that remains.
  static LocationAttr get(MLIRContext *ctx, ArrayRef<LocationAttr> locs, Attribute metadata = {});
  ArrayRef<LocationAttr> getLocations() const;
  Attribute getMetadata() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const;
};

/// A location holding an opaque pointer, printed through its fallback.
class OpaqueLoc : public Attribute::AttrBase<OpaqueLoc, LocationAttr, detail::OpaqueLocStorage> {
public:
  using Base::Base;
  static constexpr std::string_view name = "builtin.opaque_loc";
  static OpaqueLoc get(uintptr_t underlyingLocation, TypeID underlyingTypeID, LocationAttr fallbackLocation);
  uintptr_t getUnderlyingLocation() const;
  TypeID getUnderlyingTypeID() const;
  LocationAttr getFallbackLocation() const;
  void walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const;
};

} // namespace lamina
