//===- DiagnosticVerifier.cpp - Checks diagnostics against expected-* -----===//
//
// Mirrors MLIR's SourceMgrDiagnosticVerifierHandler: the annotation grammar,
// the line designators, the `-re` regex segments (POSIX extended regular
// expressions, as llvm::Regex), the failure messages and their order.
//
#include "lamina/IR/DiagnosticVerifier.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SourceMgr.h"

#include <cctype>
#include <cstring>
#include <optional>
#include <regex.h>

using namespace lamina;

namespace {

/// A compiled POSIX extended regular expression (llvm::Regex semantics:
/// unanchored search, `.` matches newlines).
class Regex {
public:
  Regex() = default;
  Regex(const Regex &) = delete;
  Regex(Regex &&other) noexcept : compiled(other.compiled), valid(other.valid) { other.valid = false; }
  ~Regex() {
    if (valid)
      regfree(&compiled);
  }
  /// Compiles `pattern`; on failure returns llvm's message for the error.
  std::optional<std::string> compile(const std::string &pattern) {
    if (std::optional<std::string> bsdError = checkBSDOnlyErrors(pattern))
      return bsdError;
    int rc = regcomp(&compiled, toGlibcSyntax(pattern).c_str(), REG_EXTENDED | REG_NOSUB);
    if (rc != 0)
      return errorMessage(rc);
    valid = true;
    return std::nullopt;
  }
  bool match(std::string_view str) const {
    if (!valid)
      return false;
    regmatch_t pm[1];
    pm[0].rm_so = 0;
    pm[0].rm_eo = regoff_t(str.size());
    std::string copy(str);
    return regexec(&compiled, copy.c_str(), 1, pm, REG_STARTEND) == 0;
  }

private:
  /// LLVM's regcomp (from BSD) rejects some patterns glibc accepts, or
  /// reports them differently: empty branches ("", "a|", "(a|)"), a `(` at
  /// the end, leading repetition operators and bad `{m,n}` counts.
  static std::optional<std::string> checkBSDOnlyErrors(const std::string &p) {
    bool inBracket = false;
    for (size_t i = 0; i <= p.size(); ++i) {
      if (inBracket) {
        if (i < p.size() && p[i] == ']' && i > 0 && p[i - 1] != '[' && !(i > 1 && p[i - 1] == '^' && p[i - 2] == '['))
          inBracket = false;
        continue;
      }
      bool afterParen = i > 0 && p[i - 1] == '(' && (i < 2 || p[i - 2] != '\\');
      bool branchStart = i == 0 || (p[i - 1] == '|' && (i < 2 || p[i - 2] != '\\')) || afterParen;
      if (afterParen && i == p.size())
        return std::string("parentheses not balanced");
      bool branchEnd = i == p.size() || p[i] == '|' || p[i] == ')';
      // "()" is an empty group, which BSD accepts.
      if (branchStart && branchEnd && !(afterParen && i < p.size() && p[i] == ')'))
        return std::string("empty (sub)expression");
      if (i == p.size())
        break;
      char c = p[i];
      if (c == '\\') {
        ++i;
        continue;
      }
      if (c == '[') {
        inBracket = true;
      } else if ((c == '*' || c == '+' || c == '?' ||
                  (c == '{' && i + 1 < p.size() && std::isdigit(static_cast<unsigned char>(p[i + 1])))) &&
                 (branchStart || (i > 0 && std::strchr("*+?}", p[i - 1]) && (i < 2 || p[i - 2] != '\\')))) {
        // A repetition with no operand, or applied twice.
        return std::string("repetition-operator operand invalid");
      } else if (c == '{' && i + 1 < p.size() && std::isdigit(static_cast<unsigned char>(p[i + 1]))) {
        size_t j = i + 1;
        auto parseCount = [&]() {
          long v = 0;
          while (j < p.size() && std::isdigit(static_cast<unsigned char>(p[j])) && v <= 256)
            v = v * 10 + (p[j++] - '0');
          return v;
        };
        long lo = parseCount(), hi = lo;
        if (j < p.size() && p[j] == ',') {
          ++j;
          hi = j < p.size() && std::isdigit(static_cast<unsigned char>(p[j])) ? parseCount() : 255;
        }
        if (lo > 255 || hi > 255 || lo > hi)
          return std::string("invalid repetition count(s)");
      }
    }
    return std::nullopt;
  }
  /// BSD treats a `{` that does not start a `{m,n}` count as an ordinary
  /// character; glibc rejects it. Escape those.
  static std::string toGlibcSyntax(const std::string &p) {
    std::string out;
    bool inBracket = false;
    for (size_t i = 0; i < p.size(); ++i) {
      char c = p[i];
      if (inBracket) {
        if (c == ']' && i > 0 && p[i - 1] != '[' && !(i > 1 && p[i - 1] == '^' && p[i - 2] == '['))
          inBracket = false;
        out.push_back(c);
        continue;
      }
      if (c == '\\' && i + 1 < p.size()) {
        out.push_back(c);
        out.push_back(p[++i]);
        continue;
      }
      if (c == '[')
        inBracket = true;
      if (c == '{' && !(i + 1 < p.size() && std::isdigit(static_cast<unsigned char>(p[i + 1]))))
        out.push_back('\\');
      out.push_back(c);
    }
    return out;
  }
  static std::string errorMessage(int rc) {
    switch (rc) {
    case REG_NOMATCH:
      return "regexec() failed to match";
    case REG_BADPAT:
      return "invalid regular expression";
    case REG_ECOLLATE:
      return "invalid collating element";
    case REG_ECTYPE:
      return "invalid character class";
    case REG_EESCAPE:
      return "trailing backslash (\\)";
    case REG_ESUBREG:
      return "invalid backreference number";
    case REG_EBRACK:
      return "brackets ([ ]) not balanced";
    case REG_EPAREN:
      return "parentheses not balanced";
    case REG_EBRACE:
      return "braces not balanced";
    case REG_BADBR:
      return "invalid repetition count(s)";
    case REG_ERANGE:
      return "invalid character range";
    case REG_ESPACE:
      return "out of memory";
    case REG_BADRPT:
      return "repetition-operator operand invalid";
    default:
      return "invalid argument to regex routine";
    }
  }
  regex_t compiled;
  bool valid = false;
};

/// llvm::Regex::escape.
std::string escapeRegex(std::string_view s) {
  static const char *kMeta = "()^$|*+?.[]\\{}";
  std::string r;
  for (char c : s) {
    if (std::strchr(kMeta, c) && c != 0)
      r.push_back('\\');
    r.push_back(c);
  }
  return r;
}

/// One expected diagnostic.
struct ExpectedDiag {
  DiagnosticSeverity kind;
  /// The line the diagnostic must be reported on (1-based).
  unsigned lineNo;
  /// Where the `expected-` annotation starts (null for @unknown).
  const char *fileLoc;
  const MemoryBuffer *buffer;
  /// The text between `{{` and `}}`.
  std::string_view substring;
  bool matched = false;
  std::optional<Regex> substringRegex;

  bool match(std::string_view str) const {
    if (substringRegex)
      return substringRegex->match(str);
    return str.find(substring) != std::string_view::npos;
  }
};

/// The parts of one `expected-*` annotation.
struct Annotation {
  const char *start;
  DiagnosticSeverity kind;
  bool isRegex;
  std::string_view designator; // without '@', empty if none
  std::string_view substring;
};

/// Matches `expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|
/// below|unknown))? *{{(.*)}}$` against a right-trimmed line (leftmost match).
std::optional<Annotation> matchAnnotation(std::string_view line) {
  static constexpr std::string_view kPrefix = "expected-";
  size_t searchFrom = 0;
  while (true) {
    size_t pos = line.find(kPrefix, searchFrom);
    if (pos == std::string_view::npos)
      return std::nullopt;
    searchFrom = pos + 1;
    Annotation a;
    a.start = line.data() + pos;
    std::string_view rest = line.substr(pos + kPrefix.size());
    auto consume = [&](std::string_view s) {
      if (rest.substr(0, s.size()) != s)
        return false;
      rest.remove_prefix(s.size());
      return true;
    };
    if (consume("error"))
      a.kind = DiagnosticSeverity::Error;
    else if (consume("note"))
      a.kind = DiagnosticSeverity::Note;
    else if (consume("remark"))
      a.kind = DiagnosticSeverity::Remark;
    else if (consume("warning"))
      a.kind = DiagnosticSeverity::Warning;
    else
      continue;
    a.isRegex = consume("-re");
    while (consume(" "))
      ;
    if (consume("@")) {
      const char *dStart = rest.data();
      if (!rest.empty() && (rest[0] == '+' || rest[0] == '-')) {
        size_t n = 1;
        while (n < rest.size() && rest[n] >= '0' && rest[n] <= '9')
          ++n;
        if (n == 1)
          continue;
        rest.remove_prefix(n);
      } else if (!consume("above") && !consume("below") && !consume("unknown")) {
        continue;
      }
      a.designator = std::string_view(dStart, rest.data() - dStart);
    }
    while (consume(" "))
      ;
    if (!consume("{{"))
      continue;
    if (rest.size() < 2 || rest.substr(rest.size() - 2) != "}}")
      continue;
    a.substring = rest.substr(0, rest.size() - 2);
    return a;
  }
}

/// StringRef::getAsInteger with radix 0 (leading 0 means octal).
std::optional<unsigned long long> parseAutoRadix(std::string_view s) {
  unsigned radix = 10;
  if (s.size() > 1 && s[0] == '0') {
    radix = 8;
    s.remove_prefix(1);
  }
  if (s.empty())
    return std::nullopt;
  unsigned long long v = 0;
  for (char c : s) {
    unsigned d = unsigned(c - '0');
    if (d >= radix)
      return std::nullopt;
    unsigned long long next = v * radix + d;
    if (next / radix != v)
      return std::nullopt;
    v = next;
  }
  return v;
}

} // namespace

struct SourceMgrDiagnosticVerifierHandler::Impl {
  LogicalResult status = success();
  Level level = Level::All;
  /// Expected diagnostics per buffer identifier, in discovery order.
  std::vector<std::pair<std::string, std::vector<ExpectedDiag>>> expectedDiagsPerFile;
  std::vector<ExpectedDiag> expectedUnknownLocDiags;

  std::vector<ExpectedDiag> *getExpectedDiags(std::string_view bufName) {
    for (auto &entry : expectedDiagsPerFile)
      if (entry.first == bufName)
        return &entry.second;
    return nullptr;
  }
  std::vector<ExpectedDiag> *computeExpectedDiags(raw_ostream &os, const MemoryBuffer *buf);
};

/// Prints an error at an expectation, underlining its message length.
static LogicalResult emitExpectationError(raw_ostream &os, const ExpectedDiag &diag, std::string_view msg) {
  std::vector<detail::SourceRange> ranges;
  if (diag.fileLoc)
    ranges.push_back({diag.fileLoc, diag.fileLoc + diag.substring.size()});
  detail::printSourceMessage(os, diag.buffer, diag.fileLoc, DiagnosticSeverity::Error, msg, ranges);
  return failure();
}

/// Builds the regex of a `-re` expectation; reports invalid ones.
static LogicalResult computeRegex(raw_ostream &os, ExpectedDiag &diag) {
  std::string regexStr;
  std::string_view strToProcess = diag.substring;
  while (!strToProcess.empty()) {
    size_t regexIt = strToProcess.find("{{");
    if (regexIt == std::string_view::npos) {
      regexStr += escapeRegex(strToProcess);
      break;
    }
    regexStr += escapeRegex(strToProcess.substr(0, regexIt));
    strToProcess.remove_prefix(regexIt + 2);
    size_t regexEndIt = strToProcess.find("}}");
    if (regexEndIt == std::string_view::npos)
      return emitExpectationError(os, diag, "found start of regex with no end '}}'");
    std::string segment(strToProcess.substr(0, regexEndIt));
    {
      Regex check;
      if (std::optional<std::string> error = check.compile(segment))
        return emitExpectationError(os, diag, "invalid regex: " + *error);
    }
    regexStr += '(';
    regexStr += segment;
    regexStr += ')';
    strToProcess.remove_prefix(regexEndIt + 2);
  }
  Regex compiled;
  (void)compiled.compile(regexStr);
  diag.substringRegex.emplace(std::move(compiled));
  return success();
}

/// Whether `buf` holds "expected-" anywhere. The text is searched a window
/// at a time and each window of a mapped file is handed back once searched:
/// lamina-opt runs this after processing, when the IR is at its largest, and
/// faulting a large input back in whole would raise the peak memory by its
/// size.
static bool containsAnnotation(const MemoryBuffer *buf) {
  constexpr size_t kWindow = size_t(1) << 20;
  std::string_view text = buf->getBuffer();
  for (size_t pos = 0; pos < text.size(); pos += kWindow) {
    if (windowHoldsExpectation(text, pos, kWindow))
      return true;
    buf->releaseSpan(text.data() + pos, text.data() + std::min(pos + kWindow, text.size()));
  }
  return false;
}

bool lamina::windowHoldsExpectation(std::string_view text, size_t pos, size_t windowSize) {
  constexpr std::string_view key = "expected-";
  if (pos >= text.size())
    return false;
  size_t len = std::min(windowSize + key.size() - 1, text.size() - pos);
  // memmem, not find: find looks for the first character, and 'e' is
  // everywhere in MLIR text (a 20 MB input: 5 instead of 0.6 ms).
  return ::memmem(text.data() + pos, len, key.data(), key.size()) != nullptr;
}

std::vector<ExpectedDiag> *SourceMgrDiagnosticVerifierHandler::Impl::computeExpectedDiags(raw_ostream &os,
                                                                                        const MemoryBuffer *buf) {
  if (!buf)
    return nullptr;
  expectedDiagsPerFile.emplace_back(std::string(buf->getBufferIdentifier()), std::vector<ExpectedDiag>());
  std::vector<ExpectedDiag> &expectedDiags = expectedDiagsPerFile.back().second;

  std::string_view text = buf->getBuffer();
  // Lines without annotations are the common case: skip the per-line scan
  // entirely when the buffer has none.
  if (!containsAnnotation(buf))
    return &expectedDiags;

  unsigned lastNonDesignatorLine = 0;
  std::vector<size_t> designatorsForNextLine;
  // Number of lines as llvm's StringRef::split(lines, '\n') counts them.
  unsigned numLines = 1;
  for (char c : text)
    numLines += c == '\n';

  size_t lineBegin = 0;
  for (unsigned lineNo = 0; lineNo < numLines; ++lineNo) {
    size_t lineEnd = text.find('\n', lineBegin);
    if (lineEnd == std::string_view::npos)
      lineEnd = text.size();
    std::string_view line = text.substr(lineBegin, lineEnd - lineBegin);
    lineBegin = lineEnd + 1;
    // rtrim(" \t\n\v\f\r").
    while (!line.empty() && std::strchr(" \t\n\v\f\r", line.back()))
      line.remove_suffix(1);

    std::optional<Annotation> a =
        line.find("expected-") == std::string_view::npos ? std::nullopt : matchAnnotation(line);
    if (!a) {
      for (size_t index : designatorsForNextLine)
        expectedDiags[index].lineNo = lineNo + 1;
      designatorsForNextLine.clear();
      lastNonDesignatorLine = lineNo;
      continue;
    }

    ExpectedDiag record{a->kind, lineNo + 1, a->start, buf, a->substring, false, std::nullopt};
    if (a->isRegex && failed(computeRegex(os, record))) {
      status = failure();
      continue;
    }

    std::string_view offsetMatch = a->designator;
    if (!offsetMatch.empty()) {
      if (offsetMatch[0] == '+' || offsetMatch[0] == '-') {
        unsigned offset = unsigned(parseAutoRadix(offsetMatch.substr(1)).value_or(0));
        if (offsetMatch[0] == '+')
          record.lineNo += offset;
        else
          record.lineNo -= offset;
      } else if (offsetMatch == "unknown") {
        record.fileLoc = nullptr;
        expectedUnknownLocDiags.push_back(std::move(record));
        continue;
      } else if (offsetMatch == "above") {
        record.lineNo = lastNonDesignatorLine + 1;
      } else {
        // @below: the next line without an annotation; the last line if
        // none follows.
        designatorsForNextLine.push_back(expectedDiags.size());
        record.lineNo = numLines;
      }
    }
    expectedDiags.push_back(std::move(record));
  }
  return &expectedDiags;
}

SourceMgrDiagnosticVerifierHandler::SourceMgrDiagnosticVerifierHandler(SourceMgr &srcMgr, MLIRContext *ctx,
                                                                       raw_ostream &out, Level level)
    : SourceMgrDiagnosticHandler(srcMgr, ctx, out, /*registerHandler=*/false), impl(std::make_unique<Impl>()) {
  impl->level = level;
  for (unsigned i = 1; i <= mgr.getNumBuffers(); ++i)
    (void)impl->computeExpectedDiags(out, mgr.getMemoryBuffer(i));
  if (ctx)
    setHandler([this](Diagnostic &diag) {
      process(diag);
      return success();
    });
}

SourceMgrDiagnosticVerifierHandler::SourceMgrDiagnosticVerifierHandler(SourceMgr &srcMgr, MLIRContext *ctx,
                                                                       Level level)
    : SourceMgrDiagnosticVerifierHandler(srcMgr, ctx, errs(), level) {}

SourceMgrDiagnosticVerifierHandler::~SourceMgrDiagnosticVerifierHandler() {
  // Like MLIR, make sure every expectation was reported.
  (void)verify();
  os.flush();
}

LogicalResult SourceMgrDiagnosticVerifierHandler::verify() {
  auto check = [&](ExpectedDiag &err) {
    if (err.matched)
      return;
    std::string msg = "expected ";
    msg += detail::getSeverityLabel(err.kind);
    msg += " \"";
    msg += err.substring;
    msg += "\" was not produced";
    impl->status = emitExpectationError(os, err, msg);
  };
  for (auto &file : impl->expectedDiagsPerFile)
    for (ExpectedDiag &err : file.second)
      check(err);
  for (ExpectedDiag &err : impl->expectedUnknownLocDiags)
    check(err);
  impl->expectedDiagsPerFile.clear();
  os.flush();
  return impl->status;
}

std::unique_ptr<ScopedDiagnosticHandler> SourceMgrDiagnosticVerifierHandler::registerInContext(MLIRContext *ctx) {
  return std::make_unique<ScopedDiagnosticHandler>(ctx, [this](Diagnostic &diag) {
    process(diag);
    return success();
  });
}

void SourceMgrDiagnosticVerifierHandler::process(Diagnostic &diag) {
  process(diag.getLocation(), diag.str(), diag.getSeverity());
  for (const auto &note : diag.getNotes())
    process(note->getLocation(), note->str(), note->getSeverity());
  os.flush();
}

void SourceMgrDiagnosticVerifierHandler::process(Location loc, std::string_view msg, DiagnosticSeverity kind) {
  std::optional<Location> fileLoc = detail::findFileLineColLoc(loc);
  std::vector<ExpectedDiag> *diags = nullptr;
  unsigned line = 0;
  if (fileLoc) {
    auto f = cast<FileLineColRange>(LocationAttr(*fileLoc));
    line = f.getStartLine();
    std::string_view filename = f.getFilename().getValue();
    diags = impl->getExpectedDiags(filename);
    if (!diags)
      diags = impl->computeExpectedDiags(os, getBufferForFile(filename));
  } else {
    diags = &impl->expectedUnknownLocDiags;
  }

  ExpectedDiag *nearMiss = nullptr;
  if (diags) {
    for (ExpectedDiag &e : *diags) {
      if (fileLoc && line != e.lineNo)
        continue;
      if (!e.match(msg))
        continue;
      if (e.kind == kind) {
        e.matched = true;
        return;
      }
      nearMiss = &e;
    }
  }

  if (impl->level == Level::OnlyExpected)
    return;

  if (nearMiss) {
    std::string text = "'";
    text += detail::getSeverityLabel(kind);
    text += "' diagnostic emitted when expecting a '";
    text += detail::getSeverityLabel(nearMiss->kind);
    text += "'";
    detail::printSourceMessage(os, nearMiss->buffer, nearMiss->fileLoc, DiagnosticSeverity::Error, text);
  } else {
    std::string text = "unexpected ";
    text += detail::getSeverityLabel(kind);
    text += ": ";
    text += msg;
    emitDiagnostic(loc, text, DiagnosticSeverity::Error);
  }
  impl->status = failure();
}
