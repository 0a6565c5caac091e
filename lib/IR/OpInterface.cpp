//===- OpInterface.cpp - Storage of op interface method tables ------------===//
#include "lamina/IR/OpInterface.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

using namespace lamina;

const void *detail::internInterfaceMethods(const void *data, size_t size) {
  // Tables are built again by every context that registers an op; equal
  // tables share one copy, so the storage stays bounded by the distinct
  // implementations.
  static std::mutex mutex;
  static std::unordered_map<std::string, std::unique_ptr<std::max_align_t[]>> tables;
  std::string key(static_cast<const char *>(data), size);
  std::lock_guard<std::mutex> lock(mutex);
  auto &slot = tables[key];
  if (!slot) {
    slot.reset(new std::max_align_t[(size + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t) + 1]);
    std::memcpy(slot.get(), data, size);
  }
  return slot.get();
}
