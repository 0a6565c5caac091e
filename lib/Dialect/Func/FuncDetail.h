//===- FuncDetail.h - Shared pieces of the func dialect -------------------===//
#pragma once

namespace lamina {
class FuncDialect;
namespace func {

/// Registers the func ops (FuncOps.cpp) in `dialect`.
void registerFuncOps(FuncDialect &dialect);

} // namespace func
} // namespace lamina
