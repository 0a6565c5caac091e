//===- ParallelParser.cpp - Parsing runs of operations in parallel --------===//
#include "OperationParser.h"

#include "AsmParserImpl.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/DenseMap.h"
#include "lamina/Support/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <unordered_set>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Parallel chunks
//===----------------------------------------------------------------------===//

namespace {
/// Where the chunks of a run of operations start, and where the run ends.
struct ChunkPlan {
  std::vector<const char *> starts;
  /// For each start: the start of its line, and how many lines after the
  /// line of the first start it is (so chunk lexers need no line table).
  std::vector<const char *> lineStarts;
  std::vector<unsigned> lineDeltas;
  const char *end = nullptr;
};

/// Chunks nest at most this deep in brackets: custom parsers recurse per
/// level and pool threads have ordinary stacks.
constexpr int kMaxChunkDepth = 200;
/// Below this many bytes, parsing in parallel is not worth it.
constexpr size_t kMinParallelBytes = size_t(1) << 20;

bool isOpStartChar(char c) {
  return unsigned((c | 0x20) - 'a') < 26u || c == '_' || c == '%' || c == '"';
}

/// Splits [begin, bufEnd) into about `numChunks` chunks at line starts where
/// an operation starts at bracket depth 0. Strings and comments are skipped.
/// The characters planChunks looks at; everything else is skipped in bulk.
struct ChunkScanTable {
  bool special[256] = {};
  constexpr ChunkScanTable() {
    for (char c : {'"', '/', '(', '[', '{', ')', ']', '}', '\n', '\0'})
      special[static_cast<unsigned char>(c)] = true;
  }
};
constexpr ChunkScanTable kChunkScanTable;

std::optional<ChunkPlan> planChunks(const char *begin, const char *bufEnd, bool untilCloseBrace,
                                    unsigned numChunks) {
  struct Candidate {
    const char *ptr, *lineStart;
    unsigned lineDelta;
  };
  std::vector<Candidate> candidates;
  const char *stop = nullptr;
  int depth = 0;
  unsigned lines = 0;
  const char *p = begin;
  while (p < bufEnd && !stop) {
    while (p < bufEnd && !kChunkScanTable.special[static_cast<unsigned char>(*p)])
      ++p;
    if (p >= bufEnd)
      break;
    switch (*p) {
    case '"':
      for (++p; p < bufEnd && *p != '"'; ++p) {
        if (*p == '\n')
          return std::nullopt;
        if (*p == '\\')
          ++p;
      }
      if (p >= bufEnd)
        return std::nullopt;
      break;
    case '/':
      if (p + 1 < bufEnd && p[1] == '/') {
        while (p + 1 < bufEnd && p[1] != '\n')
          ++p;
      }
      break;
    case '(':
    case '[':
    case '{':
      if (++depth > kMaxChunkDepth)
        return std::nullopt;
      break;
    case ')':
    case ']':
    case '}':
      if (--depth < 0) {
        if (!untilCloseBrace || *p != '}')
          return std::nullopt;
        stop = p;
        continue;
      }
      break;
    case '\n':
      ++lines;
      if (depth == 0) {
        const char *q = p + 1;
        while (q < bufEnd && (*q == ' ' || *q == '\t' || *q == '\r'))
          ++q;
        if (q >= bufEnd || *q == '\n' || *q == '/' || *q == '}')
          break;
        if (isOpStartChar(*q)) {
          candidates.push_back({q, p + 1, lines});
        } else if (*q == '^') {
          return std::nullopt; // blocks: not a plain run of operations
        } else {
          stop = q; // an alias definition, `{-#`, ...: the rest is sequential
          continue;
        }
      }
      break;
    case 0:
      return std::nullopt;
    default:
      break;
    }
    ++p;
  }
  if (!stop) {
    if (untilCloseBrace || depth != 0)
      return std::nullopt;
    stop = bufEnd;
  }
  size_t total = size_t(stop - begin);
  if (total < kMinParallelBytes || numChunks < 2)
    return std::nullopt;
  ChunkPlan plan;
  plan.starts.push_back(begin);
  plan.lineStarts.push_back(nullptr); // the caller knows where `begin` is
  plan.lineDeltas.push_back(0);
  plan.end = stop;
  size_t next = 0;
  for (unsigned k = 1; k < numChunks; ++k) {
    const char *target = begin + total / numChunks * k;
    while (next < candidates.size() &&
           (candidates[next].ptr < target || candidates[next].ptr <= plan.starts.back()))
      ++next;
    if (next == candidates.size())
      break;
    plan.starts.push_back(candidates[next].ptr);
    plan.lineStarts.push_back(candidates[next].lineStart);
    plan.lineDeltas.push_back(candidates[next].lineDelta);
  }
  if (plan.starts.size() < 2)
    return std::nullopt;
  return plan;
}
} // namespace

bool OperationParser::tryParallelOps(bool untilCloseBrace) {
  MLIRContext *ctx = getContext();
  if (!ctx->isMultithreadingEnabled() || getToken().is(Token::eof))
    return false;
  const SourceMgr &sourceMgr = state.lex.getSourceMgr();
  unsigned bufferID = state.lex.getBufferID();
  const char *begin = getToken().getLoc().getPointer();
  ThreadPool &pool = ctx->getThreadPool();
  unsigned numChunks = 4 * (pool.getThreadCount() + 1);
  std::optional<ChunkPlan> plan = planChunks(begin, state.lex.getBufferEnd(), untilCloseBrace, numChunks);
  if (!plan)
    return false;

  // Chunk lexers count lines from their start, known from the plan.
  auto [beginLine, beginCol] = state.lex.getLineAndColumn(begin);
  const char *beginLineStart = begin - (beginCol - 1);
  // Shared, read-only from here on: the aliases so far. Dialects are loaded
  // by the chunk that first names them (one at a time, under the context's
  // load lock; a chunk resolves an operation name only after its dialect is
  // loaded), not all up front: loading every registered dialect cost more
  // memory and time than the input's own dialects.
  ParserConfig chunkConfig(ctx, /*verifyAfterParse=*/false);
  chunkConfig.setTentative(true);
  size_t n = plan->starts.size();
  std::vector<Operation *> chunkModules(n, nullptr);
  std::atomic<bool> anyFailed{false};
  pool.parallelFor(0, n, [&](size_t i) {
    if (anyFailed.load(std::memory_order_relaxed))
      return;
    ScopedDiagnosticSuppression quiet;
    SymbolState symbols;
    symbols.attributeAliasDefinitions = state.symbols.attributeAliasDefinitions;
    symbols.typeAliasDefinitions = state.symbols.typeAliasDefinitions;
    const char *end = i + 1 < n ? plan->starts[i + 1] : plan->end;
    ParserState chunkState(sourceMgr, bufferID, chunkConfig, symbols, plan->starts[i], end);
    chunkState.lex.seedLineCursor(plan->starts[i], i ? plan->lineStarts[i] : beginLineStart,
                                  beginLine + plan->lineDeltas[i]);
    chunkState.defaultDialectStack = state.defaultDialectStack;
    ModuleOp module = ModuleOp::create(UnknownLoc::get(ctx));
    bool ok = true;
    {
      OperationParser chunkParser(chunkState, module);
      while (ok && !chunkState.curToken.is(Token::eof))
        ok = !chunkState.curToken.is(Token::error) && !chunkParser.parseOperation();
      ok = ok && !chunkParser.finishChunk();
    }
    // Resources and distinct attributes are numbered file-wide.
    ok = ok && symbols.resourceHandles.empty() && symbols.dialectResourceHandles.empty() &&
         symbols.distinctAttrs.empty();
    if (!ok) {
      module.getOperation()->destroy();
      anyFailed.store(true, std::memory_order_relaxed);
      return;
    }
    chunkModules[i] = module.getOperation();
    // The planning scan brought the whole run into memory; a chunk's text is
    // not read again once its operations exist (diagnostics re-read it from
    // the file). Its lexer's own releases trail by a margin and an interval
    // as large as a chunk, so without this a 20 MB input stayed resident to
    // the end of the parse.
    if (const MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferID))
      buffer->releaseSpan(plan->starts[i], end);
  });
  if (anyFailed.load()) {
    for (Operation *m : chunkModules)
      if (m)
        m->destroy();
    return false;
  }
  Block *target = opBuilder.getInsertionBlock();
  for (Operation *m : chunkModules) {
    Block *body = ModuleOp(m).getBody();
    target->splice(body, body->begin());
    m->destroy();
  }
  state.lex.resetPointer(plan->end);
  state.curToken = state.lex.lexToken();
  return true;
}
