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

/// The characters the planning scan looks at; everything else is skipped
/// in bulk.
struct ChunkScanTable {
  bool special[256] = {};
  constexpr ChunkScanTable() {
    for (char c : {'"', '/', '(', '[', '{', ')', ']', '}', '\n', '\0'})
      special[static_cast<unsigned char>(c)] = true;
  }
};
constexpr ChunkScanTable kChunkScanTable;

/// The planning scan runs over pieces of the input in parallel. A piece
/// starts at the start of a line (or at the run's first token), where no
/// string or comment is open: strings may not span lines (the scan gives up
/// on one that does, and so does the lexer) and comments end with theirs.
/// What a piece cannot know is the bracket depth at its start, so it
/// records depths relative to it, and only the events that can matter
/// whatever that depth is; combining the pieces in order then gives exactly
/// what one scan from the start would.
struct PieceEvent {
  enum Kind : uint8_t {
    /// A line starting with an operation (at depth 0: a chunk may start
    /// there).
    Candidate,
    /// A line starting with something else (at depth 0: the rest of the run
    /// is parsed sequentially).
    Stop,
    /// A line starting with a block label (at depth 0: no plan).
    Caret,
    /// A bracket opened to a new maximum depth (too deep: no plan).
    Open,
    /// A bracket closed to a new minimum depth (below 0: the run ends
    /// there if that is the `}` the caller waits for, else no plan).
    Close,
    /// A NUL byte or a string that does not end on its line: no plan.
    Reject,
  };
  Kind kind;
  char bracket = 0;
  /// The depth relative to the piece's start (after the bracket, for Open
  /// and Close).
  int32_t rel = 0;
  const char *ptr = nullptr, *lineStart = nullptr;
  /// Newlines of the piece up to this event's line start.
  unsigned lines = 0;
};

struct PieceScan {
  std::vector<PieceEvent> events;
  int32_t net = 0;
  unsigned lines = 0;
};

/// At `p`, a string's opening quote: where its closing quote is, or null if
/// the string does not end on its line (a run holding such a string is not
/// planned).
const char *skipString(const char *p, const char *bufEnd) {
  for (++p; p < bufEnd && *p != '"'; ++p) {
    if (*p == '\n' || (*p == '\\' && p + 1 < bufEnd && p[1] == '\n'))
      return nullptr;
    if (*p == '\\')
      ++p;
  }
  return p < bufEnd ? p : nullptr;
}

/// At `p`, a '/': the last character of its line if it starts a `//`
/// comment, else `p`.
const char *skipLineComment(const char *p, const char *bufEnd) {
  if (p + 1 < bufEnd && p[1] == '/')
    while (p + 1 < bufEnd && p[1] != '\n')
      ++p;
  return p;
}

/// Scans [p, end): line starts are recorded only where the depth is at the
/// piece's minimum so far (where the absolute depth can be 0: it never goes
/// below 0 before the run ends), brackets only where they reach a new
/// extreme.
void scanPiece(const char *p, const char *end, const char *bufEnd, PieceScan &out) {
  int32_t rel = 0, minRel = 0, maxRel = 0;
  unsigned lines = 0;
  auto reject = [&](const char *at) {
    PieceEvent e{PieceEvent::Reject};
    e.ptr = at;
    out.events.push_back(e);
  };
  while (p < end) {
    while (p < end && !kChunkScanTable.special[static_cast<unsigned char>(*p)])
      ++p;
    if (p >= end)
      break;
    switch (*p) {
    case '"': {
      const char *close = skipString(p, bufEnd);
      if (!close)
        return reject(p);
      p = close;
      break;
    }
    case '/':
      p = skipLineComment(p, bufEnd);
      break;
    case '(':
    case '[':
    case '{':
      // Deeper than kMaxChunkDepth + 1 relative is too deep at any start.
      if (++rel > maxRel && rel <= kMaxChunkDepth + 1) {
        maxRel = rel;
        PieceEvent e{PieceEvent::Open};
        e.rel = rel;
        e.ptr = p;
        out.events.push_back(e);
      }
      break;
    case ')':
    case ']':
    case '}':
      if (--rel < minRel) {
        minRel = rel;
        PieceEvent e{PieceEvent::Close};
        e.bracket = *p;
        e.rel = rel;
        e.ptr = p;
        out.events.push_back(e);
      }
      break;
    case '\n': {
      ++lines;
      if (rel != minRel)
        break;
      const char *q = p + 1;
      while (q < bufEnd && (*q == ' ' || *q == '\t' || *q == '\r'))
        ++q;
      if (q >= bufEnd || *q == '\n' || *q == '/' || *q == '}')
        break;
      PieceEvent e{isOpStartChar(*q) ? PieceEvent::Candidate
                                     : *q == '^' ? PieceEvent::Caret : PieceEvent::Stop};
      e.rel = rel;
      e.ptr = q;
      e.lineStart = p + 1;
      e.lines = lines;
      out.events.push_back(e);
      break;
    }
    case 0:
      return reject(p);
    default:
      break;
    }
    ++p;
  }
  out.net = rel;
  out.lines = lines;
}

/// Splits [begin, bufEnd) into about `numChunks` chunks at line starts where
/// an operation starts at bracket depth 0, up to where the run of
/// operations ends: the end of the buffer, the `}` closing the region when
/// `untilCloseBrace`, or a line at depth 0 that starts with something else
/// (an alias definition, `{-#`, ...). Strings and comments are skipped.
/// No plan if the run is small, has blocks, or nests too deep.
std::optional<ChunkPlan> planChunks(const char *begin, const char *bufEnd, bool untilCloseBrace,
                                    unsigned numChunks, ThreadPool &pool) {
  // The run is at most what is left of the buffer.
  if (size_t(bufEnd - begin) < kMinParallelBytes || numChunks < 2)
    return std::nullopt;

  // Pieces of about equal size, each starting after a newline.
  size_t numPieces = 2 * (size_t(pool.getThreadCount()) + 1);
  std::vector<const char *> pieceStarts{begin};
  for (size_t k = 1; k < numPieces; ++k) {
    const char *target = begin + size_t(bufEnd - begin) / numPieces * k;
    if (target <= pieceStarts.back())
      continue;
    const void *nl = std::memchr(target, '\n', size_t(bufEnd - target));
    if (!nl)
      break;
    const char *next = static_cast<const char *>(nl) + 1;
    if (next < bufEnd && next > pieceStarts.back())
      pieceStarts.push_back(next);
  }
  std::vector<PieceScan> pieces(pieceStarts.size());
  pool.parallelFor(0, pieces.size(), [&](size_t k) {
    const char *end = k + 1 < pieceStarts.size() ? pieceStarts[k + 1] : bufEnd;
    scanPiece(pieceStarts[k], end, bufEnd, pieces[k]);
  });

  struct Candidate {
    const char *ptr, *lineStart;
    unsigned lineDelta;
  };
  std::vector<Candidate> candidates;
  const char *stop = nullptr;
  int64_t depth = 0;
  unsigned lines = 0;
  for (PieceScan &piece : pieces) {
    for (const PieceEvent &e : piece.events) {
      int64_t at = depth + e.rel;
      switch (e.kind) {
      case PieceEvent::Candidate:
        if (at == 0)
          candidates.push_back({e.ptr, e.lineStart, lines + e.lines});
        break;
      case PieceEvent::Stop:
        if (at == 0)
          stop = e.ptr;
        break;
      case PieceEvent::Caret:
        if (at == 0)
          return std::nullopt; // blocks: not a plain run of operations
        break;
      case PieceEvent::Open:
        if (at > kMaxChunkDepth)
          return std::nullopt;
        break;
      case PieceEvent::Close:
        if (at < 0) {
          if (!untilCloseBrace || e.bracket != '}')
            return std::nullopt;
          stop = e.ptr;
        }
        break;
      case PieceEvent::Reject:
        return std::nullopt;
      }
      if (stop)
        break;
    }
    if (stop)
      break;
    depth += piece.net;
    lines += piece.lines;
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

/// Whether the region body starting at `p` closes (a bracket takes the depth
/// below its start) before `limit`, or cannot be planned at all (a string
/// that does not end on its line, a NUL): a sequential scan by scanPiece's
/// rules (skipString, skipLineComment) that stops there.
static bool regionEndsBefore(const char *p, const char *limit, const char *bufEnd) {
  int64_t depth = 0;
  for (; p < limit; ++p) {
    switch (*p) {
    case '"':
      if (!(p = skipString(p, bufEnd)))
        return true;
      break;
    case '/':
      p = skipLineComment(p, bufEnd);
      break;
    case '(':
    case '[':
    case '{':
      ++depth;
      break;
    case ')':
    case ']':
    case '}':
      if (--depth < 0)
        return true;
      break;
    case 0:
      return true;
    default:
      break;
    }
  }
  return false;
}

bool OperationParser::tryParallelOps(bool untilCloseBrace) {
  MLIRContext *ctx = getContext();
  if (!ctx->isMultithreadingEnabled() || getToken().is(Token::eof))
    return false;
  const SourceMgr &sourceMgr = state.lex.getSourceMgr();
  unsigned bufferID = state.lex.getBufferID();
  const char *begin = getToken().getLoc().getPointer();
  // Planning scans from here to the end of the input, and every module body
  // asks again (when its parent's run could not be planned, nested modules
  // are parsed sequentially, each trying in turn): a file of 3,000 nested
  // modules was scanned 3,000 times (7.4 s to parse 11 MB instead of 0.45 s
  // without threads). A region body that ends within the smallest run worth
  // planning is not planned (a scan that stops at its end), and all the
  // planning of one parse scans at most four times the input.
  const char *bufEnd = state.lex.getBufferEnd();
  size_t span = size_t(bufEnd - begin);
  if (span < kMinParallelBytes)
    return false;
  if (untilCloseBrace) {
    const char *limit = begin + kMinParallelBytes;
    state.parallelPlanBytes += kMinParallelBytes;
    if (regionEndsBefore(begin, limit, bufEnd))
      return false;
  }
  size_t inputSize = size_t(bufEnd - state.lex.getBufferBegin());
  if (state.parallelPlanBytes + span > 4 * inputSize)
    return false;
  state.parallelPlanBytes += span;
  ThreadPool &pool = ctx->getThreadPool();
  // Many chunks per thread, so that the last one to finish leaves the
  // others idle briefly (a 20 MB input in 8 chunks left one core idle for
  // ~40 ms); each at least 256 KB, as every chunk copies the aliases.
  unsigned numRunners = pool.getThreadCount() + 1;
  size_t bySize = size_t(state.lex.getBufferEnd() - begin) >> 18;
  unsigned numChunks = unsigned(std::clamp<size_t>(bySize, 4 * numRunners, 16 * numRunners));
  std::optional<ChunkPlan> plan = planChunks(begin, state.lex.getBufferEnd(), untilCloseBrace, numChunks, pool);
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
