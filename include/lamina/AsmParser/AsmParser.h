//===- AsmParser.h - Entry points for parsing MLIR text --------------------===//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/Support/SourceMgr.h"

#include <memory>

namespace lamina {

class Block;
class MLIRContext;

/// Options for parsing.
class ParserConfig {
public:
  explicit ParserConfig(MLIRContext *context, bool verifyAfterParse = true)
      : context(context), verifyAfterParse(verifyAfterParse) {}
  MLIRContext *getContext() const { return context; }
  bool shouldVerifyAfterParse() const { return verifyAfterParse; }
  /// The line and column the implicit top-level module is located at
  /// (`file:0:0` by default; a `-split-input-file` chunk uses the position
  /// where it starts, as mlir-opt does).
  void setSourceFileStart(unsigned line, unsigned col) {
    startLine = line;
    startCol = col;
  }
  unsigned getSourceFileStartLine() const { return startLine; }
  unsigned getSourceFileStartColumn() const { return startCol; }
  /// A tentative parse is one that may be discarded and redone (a parallel
  /// chunk, bytecode entries resolved ahead of use). It must leave no trace
  /// in the context that redoing it would see, so it fails (without a
  /// diagnostic) where it would declare a dialect resource: a dialect may
  /// give a key declared twice a new name.
  void setTentative(bool value) { tentative = value; }
  bool isTentative() const { return tentative; }
  /// How many bytes of storage the literals of an input of `inputSize`
  /// bytes may take in all beyond their text: wide integers (`1 : i16777215`
  /// holds 2 MiB), dense elements and arrays of wide types. Past it the
  /// parser and the bytecode reader report an error instead of exhausting
  /// memory. By default kLiteralStorageSlack plus kLiteralStorageFactor
  /// bytes per input byte (ordinary dense data needs at most a few); a
  /// nonzero setLiteralStorageLimit replaces it.
  uint64_t getLiteralStorageLimit(uint64_t inputSize) const {
    if (literalStorageLimit)
      return literalStorageLimit;
    return kLiteralStorageSlack + kLiteralStorageFactor * inputSize;
  }
  void setLiteralStorageLimit(uint64_t bytes) { literalStorageLimit = bytes; }
  /// Makes parses with this configuration take literal storage from
  /// `*remaining`, shared with the caller (the bytecode reader for its text
  /// entries), instead of from a limit of their own.
  void setLiteralStorageBudget(uint64_t *remaining) { sharedLiteralStorage = remaining; }
  uint64_t *getLiteralStorageBudget() const { return sharedLiteralStorage; }
  static constexpr uint64_t kLiteralStorageSlack = uint64_t(64) << 20;
  static constexpr uint64_t kLiteralStorageFactor = 16;

private:
  MLIRContext *context;
  bool verifyAfterParse;
  bool tentative = false;
  uint64_t literalStorageLimit = 0;
  uint64_t *sharedLiteralStorage = nullptr;
  unsigned startLine = 0, startCol = 0;
};

/// Parses the buffer `bufferID` of `sourceMgr` into `block`: top-level ops,
/// alias definitions and the `{-# ... #-}` metadata section. On failure a
/// diagnostic has been emitted and the block may be partially filled.
LogicalResult parseAsmSourceFile(const SourceMgr &sourceMgr, unsigned bufferID, Block *block,
                                 const ParserConfig &config);

/// Parses a single attribute / type from a string (no aliases available).
/// `numRead` (if given) receives how many characters were consumed, else
/// trailing text is an error.
Attribute parseAttribute(std::string_view attrStr, MLIRContext *context, Type type = {}, size_t *numRead = nullptr);
/// The same with a configuration (e.g. a tentative parse).
Attribute parseAttribute(std::string_view attrStr, const ParserConfig &config, Type type = {},
                         size_t *numRead = nullptr);
Type parseType(std::string_view typeStr, MLIRContext *context, size_t *numRead = nullptr);
Type parseType(std::string_view typeStr, const ParserConfig &config, size_t *numRead = nullptr);

/// Parses a whole source into a module, wrapping the top-level ops in an
/// implicit `builtin.module` unless the input is a single module op.
/// Returns null on failure.
Operation *parseSourceFileForTool(const SourceMgr &sourceMgr, unsigned bufferID, const ParserConfig &config);

} // namespace lamina
