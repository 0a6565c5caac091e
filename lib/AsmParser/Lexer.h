//===- Lexer.h - Splits MLIR text into tokens ------------------------------===//
#pragma once

#include "Token.h"

namespace lamina {

class MLIRContext;
class SourceMgr;

/// Lexes one buffer. Relies on the buffer being NUL-terminated.
class Lexer {
public:
  Lexer(const SourceMgr &sourceMgr, unsigned bufferID, MLIRContext *context);

  const SourceMgr &getSourceMgr() const { return sourceMgr; }
  unsigned getBufferID() const { return bufferID; }
  /// The next token.
  Token lexToken();
  /// A location for diagnostics at `loc`.
  Location getEncodedSourceLocation(SMLoc loc);
  /// The same location, packed (see PackedLocation): for operations.
  StateLocation getPackedSourceLocation(SMLoc loc);
  /// Line and column of `ptr`: counted forward from the previous query when
  /// it is a little behind (the usual case, queries follow the lexer), else
  /// looked up in the source manager's line table.
  std::pair<unsigned, unsigned> getLineAndColumn(const char *ptr);
  /// Tells the lexer that `ptr` is on line `line`, which starts at
  /// `lineStart`, so later queries can count from there.
  void seedLineCursor(const char *ptr, const char *lineStart, unsigned line) {
    lineCursor = ptr;
    lineCursorStart = lineStart;
    lineCursorLine = line;
  }
  /// Restarts lexing at `ptr`.
  void resetPointer(const char *ptr) { curPtr = ptr; }
  /// Lexes only [begin, end) of the buffer (a chunk parsed on its own): the
  /// end reads as end of file, and only text of the chunk is handed back to
  /// the buffer as it is consumed.
  void restrictTo(const char *begin, const char *end);
  const char *getBufferBegin() const { return curBuffer.data(); }
  const char *getBufferEnd() const { return curBuffer.data() + curBuffer.size(); }
  /// Where lexing stops (see restrictTo).
  const char *getLimit() const { return limit; }

private:
  Token formToken(Token::Kind kind, const char *tokStart) {
    return Token(kind, std::string_view(tokStart, curPtr - tokStart));
  }
  Token emitError(const char *loc, std::string_view message);

  Token lexAtIdentifier(const char *tokStart);
  Token lexBareIdentifierOrKeyword(const char *tokStart);
  Token lexEllipsis(const char *tokStart);
  Token lexNumber(const char *tokStart);
  Token lexPrefixedIdentifier(const char *tokStart);
  Token lexString(const char *tokStart);
  void skipComment();

  const SourceMgr &sourceMgr;
  unsigned bufferID;
  MLIRContext *context;
  std::string_view curBuffer;
  const char *curPtr;
  /// Where to next hand already-lexed text back to the buffer.
  const char *nextReleasePoint;
  const MemoryBuffer *memBuffer;
  /// Lexing stops at `limit` (the buffer end unless restrictTo was called);
  /// text before `releaseFloor` is not handed back by this lexer.
  const char *limit;
  const char *releaseFloor;
  StringAttr bufferName;
  static constexpr int kFileIndexUnknown = -2;
  /// PackedLocation file index of bufferName (computed on first use).
  int packedFileIndex = kFileIndexUnknown;
  /// The last bare identifier scanned, [start, end). Lexing again from
  /// inside it (dimension lists split `4x4xf32` after each `x`) reuses its
  /// end instead of rescanning, so `1x1x1x...` lexes in linear time.
  const char *lastIdentifierStart = nullptr;
  const char *lastIdentifierEnd = nullptr;
  /// The previous line/column query: its pointer, line, and line start.
  const char *lineCursor = nullptr;
  const char *lineCursorStart = nullptr;
  unsigned lineCursorLine = 0;
};

} // namespace lamina
