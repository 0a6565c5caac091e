//===- Wrap.h - Between C API handles and C++ objects ---------------------===//
//
// wrap() turns a C++ object into its C handle and unwrap() does the reverse.
// Private to lib/CAPI: the C headers never see a C++ type.
//
#pragma once

#include "lamina-c/IR.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Location.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/Operation.h"
#include "lamina/IR/Types.h"
#include "lamina/IR/Value.h"
#include "lamina/Support/RawOstream.h"

#include <string_view>

namespace lamina {
class BytecodeWriterConfig;
class Dialect;
class OpPrintingFlags;
} // namespace lamina

/// Handles that point to a C++ object of class `CppTy`.
#define LAMINA_DEFINE_C_API_PTR_METHODS(CTy, CppTy)                                                        \
  inline CppTy *unwrap(CTy c) { return static_cast<CppTy *>(c.ptr); }                                      \
  inline CTy wrap(CppTy *cpp) { return CTy{cpp}; }

/// Handles of value-typed C++ classes with getAsOpaquePointer/getFromOpaquePointer.
#define LAMINA_DEFINE_C_API_VALUE_METHODS(CTy, CppTy)                                                      \
  inline CppTy unwrap(CTy c) { return CppTy::getFromOpaquePointer(c.ptr); }                                  \
  inline CTy wrap(CppTy cpp) { return CTy{cpp.getAsOpaquePointer()}; }

LAMINA_DEFINE_C_API_PTR_METHODS(LaminaContext, lamina::MLIRContext)
LAMINA_DEFINE_C_API_PTR_METHODS(LaminaDialect, lamina::Dialect)
LAMINA_DEFINE_C_API_PTR_METHODS(LaminaDialectRegistry, lamina::DialectRegistry)
LAMINA_DEFINE_C_API_PTR_METHODS(LaminaOperation, lamina::Operation)
LAMINA_DEFINE_C_API_PTR_METHODS(LaminaOpPrintingFlags, lamina::OpPrintingFlags)
LAMINA_DEFINE_C_API_PTR_METHODS(LaminaBytecodeWriterConfig, lamina::BytecodeWriterConfig)
LAMINA_DEFINE_C_API_PTR_METHODS(LaminaBlock, lamina::Block)
LAMINA_DEFINE_C_API_PTR_METHODS(LaminaRegion, lamina::Region)

LAMINA_DEFINE_C_API_VALUE_METHODS(LaminaAttribute, lamina::Attribute)
LAMINA_DEFINE_C_API_VALUE_METHODS(LaminaType, lamina::Type)
LAMINA_DEFINE_C_API_VALUE_METHODS(LaminaValue, lamina::Value)

inline lamina::Location unwrap(LaminaLocation c) { return lamina::Location::getFromOpaquePointer(c.ptr); }
inline LaminaLocation wrap(lamina::Location loc) { return LaminaLocation{loc.getAsOpaquePointer()}; }

inline lamina::StringAttr unwrap(LaminaIdentifier c) {
  return lamina::cast<lamina::StringAttr>(lamina::Attribute::getFromOpaquePointer(c.ptr));
}
inline LaminaIdentifier wrap(lamina::StringAttr ident) { return LaminaIdentifier{ident.getAsOpaquePointer()}; }

/// A module handle is the builtin.module operation.
inline lamina::ModuleOp unwrap(LaminaModule c) {
  return lamina::ModuleOp(static_cast<lamina::Operation *>(const_cast<void *>(c.ptr)));
}
inline LaminaModule wrap(lamina::ModuleOp module) { return LaminaModule{module.getOperation()}; }

inline std::string_view unwrap(LaminaStringRef ref) { return std::string_view(ref.data, ref.length); }
inline LaminaStringRef wrap(std::string_view s) { return LaminaStringRef{s.data(), s.size()}; }

inline LaminaLogicalResult wrap(lamina::LogicalResult r) { return LaminaLogicalResult{int8_t(succeeded(r))}; }

namespace lamina::detail {

/// A buffered stream that hands its text to a LaminaStringCallback.
class CallbackOstream : public raw_ostream {
public:
  CallbackOstream(LaminaStringCallback callback, void *userData) : callback(callback), userData(userData) {
    setBuffer(buffer, sizeof(buffer));
  }
  ~CallbackOstream() override { flush(); }

private:
  void writeImpl(const char *data, size_t size) override { callback(LaminaStringRef{data, size}, userData); }
  LaminaStringCallback callback;
  void *userData;
  char buffer[4096];
};

} // namespace lamina::detail
