//===- ContextLifetime.h - Counting destroyed contexts ----------*- C++ -*-===//
//
// A cache that keys per-context values on the context's address (a
// thread-local cache of attributes, say) must forget them when that context
// is destroyed: a new context may be allocated at the same address. Such a
// cache remembers this count when it is filled and drops its entries when
// the count has changed.
//
//===----------------------------------------------------------------------===//
#ifndef LAMINA_IR_CONTEXTLIFETIME_H
#define LAMINA_IR_CONTEXTLIFETIME_H

#include <cstdint>

namespace lamina::detail {

/// How many MLIRContexts this process has destroyed so far. A context's
/// count is incremented before its memory is released, so a cache filled
/// for a context sees a different count once that context is gone.
uint64_t getDestroyedContextCount();

} // namespace lamina::detail

#endif // LAMINA_IR_CONTEXTLIFETIME_H
