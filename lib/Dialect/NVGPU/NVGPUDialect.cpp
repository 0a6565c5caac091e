//===- NVGPUDialect.cpp - The nvgpu dialect -------------------------------===//
#include "lamina/Dialect/NVGPU/NVGPUDialect.h"

#include "lamina/Dialect/GPU/GPUDialect.h"

using namespace lamina;

NVGPUDialect::NVGPUDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<NVGPUDialect>()) {
  registerGenerated();
}

NVGPUDialect::~NVGPUDialect() = default;

bool NVGPUDialect::isSharedMemoryAddressSpace(Attribute memorySpace) {
  if (!memorySpace)
    return false;
  if (auto intAttr = dyn_cast<IntegerAttr>(memorySpace))
    return intAttr.getInt() == kSharedMemoryAddressSpace;
  if (auto gpuAttr = dyn_cast<gpu::AddressSpaceAttr>(memorySpace))
    return gpuAttr.getValue() == gpu::AddressSpace::Workgroup;
  return false;
}

bool NVGPUDialect::hasSharedMemoryAddressSpace(MemRefType type) {
  return isSharedMemoryAddressSpace(type.getMemorySpace());
}

Type NVGPUDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void NVGPUDialect::printType(Type type, DialectAsmPrinter &printer) const { (void)attrTypes.printType(type, printer); }

Attribute NVGPUDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void NVGPUDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
