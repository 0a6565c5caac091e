//===- BuiltinLocations.cpp - Location attributes -------------------------===//
#include "lamina/IR/BuiltinLocations.h"

#include "AttributeDetail.h"
#include "MLIRContextImpl.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::detail;

bool LocationAttr::classof(Attribute attr) {
  return isa<UnknownLoc, FileLineColRange, NameLoc, CallSiteLoc, FusedLoc, OpaqueLoc>(attr);
}

FileLineColRange FileLineColRange::get(StringAttr filename) {
  return Base::get(filename.getContext(), FileLineColRangeStorage::KeyTy(filename, 0, 0, 0, 0, 0));
}
FileLineColRange FileLineColRange::get(StringAttr filename, unsigned line) {
  return Base::get(filename.getContext(), FileLineColRangeStorage::KeyTy(filename, 1, line, 0, line, 0));
}
FileLineColRange FileLineColRange::get(StringAttr filename, unsigned line, unsigned col) {
  return Base::get(filename.getContext(), FileLineColRangeStorage::KeyTy(filename, 2, line, col, line, col));
}
FileLineColRange FileLineColRange::get(StringAttr filename, unsigned line, unsigned col, unsigned endCol) {
  return Base::get(filename.getContext(), FileLineColRangeStorage::KeyTy(filename, 3, line, col, line, endCol));
}
FileLineColRange FileLineColRange::get(StringAttr filename, unsigned line, unsigned col, unsigned endLine,
                                       unsigned endCol) {
  return Base::get(filename.getContext(), FileLineColRangeStorage::KeyTy(filename, 4, line, col, endLine, endCol));
}
StringAttr FileLineColRange::getFilename() const { return getImpl()->filename; }
unsigned FileLineColRange::getStartLine() const { return getImpl()->startLine; }
unsigned FileLineColRange::getStartColumn() const { return getImpl()->startCol; }
unsigned FileLineColRange::getEndLine() const { return getImpl()->endLine; }
unsigned FileLineColRange::getEndColumn() const { return getImpl()->endCol; }
unsigned FileLineColRange::getNumComponents() const { return getImpl()->numComponents; }
bool FileLineColRange::isFileLineColLoc() const { return getImpl()->numComponents == 2; }

int PackedLocation::getFileIndex(MLIRContext *ctx, const StringAttr &file) {
  MLIRContext::Impl &impl = ctx->getImpl();
  const void *key = file.getAsOpaquePointer();
  unsigned n = impl.numPackedFiles.load(std::memory_order_acquire);
  for (unsigned i = 0; i < n; ++i)
    if (impl.packedFiles[i].load(std::memory_order_relaxed) == key)
      return int(i);
  std::lock_guard<std::mutex> lock(impl.packedFilesMutex);
  n = impl.numPackedFiles.load(std::memory_order_relaxed);
  for (unsigned i = 0; i < n; ++i)
    if (impl.packedFiles[i].load(std::memory_order_relaxed) == key)
      return int(i);
  if (n == MLIRContext::Impl::kMaxPackedFiles)
    return -1;
  impl.packedFiles[n].store(key, std::memory_order_relaxed);
  impl.numPackedFiles.store(n + 1, std::memory_order_release);
  return int(n);
}

Location PackedLocation::createFileLineCol(const StringAttr &file, unsigned line, unsigned col) {
  return FileLineColLoc::get(file, line, col);
}

StringAttr PackedLocation::getPackedFile(MLIRContext *ctx) const {
  return cast<StringAttr>(
      Attribute::getFromOpaquePointer(ctx->getImpl().packedFiles[getPackedFileIndex()].load(std::memory_order_relaxed)));
}

Location PackedLocation::unpack(MLIRContext *ctx) const {
  return FileLineColLoc::get(getPackedFile(ctx), getPackedLine(), getPackedColumn());
}

FileLineColLoc FileLineColLoc::get(StringAttr filename, unsigned line, unsigned col) {
  return FileLineColLoc(Attribute(FileLineColRange::get(filename, line, col)));
}
FileLineColLoc FileLineColLoc::get(MLIRContext *ctx, std::string_view filename, unsigned line, unsigned col) {
  return get(StringAttr::get(ctx, filename), line, col);
}
bool FileLineColLoc::classof(Attribute attr) {
  auto r = dyn_cast<FileLineColRange>(attr);
  return r && r.isFileLineColLoc();
}

NameLoc NameLoc::get(StringAttr name, LocationAttr childLoc) {
  return Base::get(name.getContext(), name, childLoc);
}
NameLoc NameLoc::get(StringAttr name) { return get(name, UnknownLoc::get(name.getContext())); }
StringAttr NameLoc::getName() const { return getImpl()->name; }
LocationAttr NameLoc::getChildLoc() const { return getImpl()->child; }
void NameLoc::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
  walkAttrs(getName());
  walkAttrs(getChildLoc());
}

CallSiteLoc CallSiteLoc::get(Location callee, Location caller) {
  return Base::get(callee.getContext(), LocationAttr(callee), LocationAttr(caller));
}
LocationAttr CallSiteLoc::getCallee() const { return getImpl()->callee; }
LocationAttr CallSiteLoc::getCaller() const { return getImpl()->caller; }
void CallSiteLoc::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
  walkAttrs(getCallee());
  walkAttrs(getCaller());
}

FusedLoc FusedLoc::getRaw(MLIRContext *ctx, ArrayRef<LocationAttr> locs, Attribute metadata) {
  return Base::get(ctx, locs, metadata);
}

LocationAttr FusedLoc::get(MLIRContext *ctx, ArrayRef<LocationAttr> locs, Attribute metadata) {
  // Flatten fused locations with the same metadata, drop unknowns and
  // duplicates (keeping first occurrences).
  std::vector<LocationAttr> flat;
  auto add = [&](LocationAttr l) {
    if (std::find(flat.begin(), flat.end(), l) == flat.end())
      flat.push_back(l);
  };
  for (LocationAttr l : locs) {
    if (auto f = dyn_cast<FusedLoc>(l)) {
      if (f.getMetadata() == metadata) {
        for (LocationAttr inner : f.getLocations())
          add(inner);
        continue;
      }
    }
    if (isa<UnknownLoc>(l))
      continue;
    add(l);
  }
  if (flat.empty()) {
    if (!metadata)
      return UnknownLoc::get(ctx);
    // As MLIR: the metadata is kept, on a single unknown location.
    LocationAttr unknown = UnknownLoc::get(ctx);
    return getRaw(ctx, {unknown}, metadata);
  }
  if (flat.size() == 1 && !metadata)
    return flat.front();
  return getRaw(ctx, flat, metadata);
}
ArrayRef<LocationAttr> FusedLoc::getLocations() const { return getImpl()->locs; }
Attribute FusedLoc::getMetadata() const { return getImpl()->metadata; }
void FusedLoc::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
  for (LocationAttr l : getLocations())
    walkAttrs(l);
  if (Attribute m = getMetadata())
    walkAttrs(m);
}

OpaqueLoc OpaqueLoc::get(uintptr_t underlyingLocation, TypeID underlyingTypeID, LocationAttr fallbackLocation) {
  return Base::get(fallbackLocation.getContext(), underlyingLocation, underlyingTypeID, fallbackLocation);
}
uintptr_t OpaqueLoc::getUnderlyingLocation() const { return getImpl()->loc; }
TypeID OpaqueLoc::getUnderlyingTypeID() const { return getImpl()->id; }
LocationAttr OpaqueLoc::getFallbackLocation() const { return getImpl()->fallback; }
void OpaqueLoc::walkImmediateSubElements(function_ref<void(Attribute)> walkAttrs, function_ref<void(Type)>) const {
  walkAttrs(getFallbackLocation());
}
