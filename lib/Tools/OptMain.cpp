//===- OptMain.cpp - The reusable driver behind lamina-opt ----------------===//
//
// Command line handling mirrors mlir-opt: flags may use one or two dashes,
// `-flag=value` or `-flag value`. Each input (or each `-split-input-file`
// chunk) gets its own context, as in mlir-opt, so diagnostics and numbering
// are independent.
//
#include "lamina/Tools/OptMain.h"

#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Bytecode/BytecodeReader.h"
#include "lamina/Bytecode/BytecodeWriter.h"
#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/DiagnosticVerifier.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SourceMgr.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <pthread.h>
#include <sys/stat.h>
#include <string>
#include <unistd.h>
#include <vector>

using namespace lamina;

namespace {

/// Options of one lamina-opt run.
struct OptConfig {
  std::string inputFilename = "-";
  std::string outputFilename = "-";
  bool allowUnregisteredDialects = false;
  bool splitInputFile = false;
  std::string inputSplitMarker = "// -----";
  std::string outputSplitMarker = "// -----";
  SourceMgrDiagnosticVerifierHandler::Level verifyDiagnostics = SourceMgrDiagnosticVerifierHandler::Level::None;
  bool emitBytecode = false;
  std::optional<int64_t> emitBytecodeVersion;
  bool verifyPasses = true;
  bool noImplicitModule = false;
  bool showDialects = false;
  bool disableThreading = false;
  bool timing = false;
  OpPrintingFlags printFlags;
};

/// Wall-clock phases of a run, reported by `--mlir-timing` in mlir-opt's
/// layout ("Parser" includes the verification after parsing, as there).
struct PhaseTimer {
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  double parser = 0, output = 0;
  struct Scope {
    double &slot;
    Clock::time_point begin = Clock::now();
    ~Scope() { slot += std::chrono::duration<double>(Clock::now() - begin).count(); }
  };
  void report() const {
    double total = std::chrono::duration<double>(Clock::now() - start).count();
    double rest = total - parser - output;
    if (rest < 0)
      rest = 0;
    auto line = [&](double t, const char *name) {
      std::fprintf(stderr, "  %8.4f (%5.1f%%)  %s\n", t, total > 0 ? 100.0 * t / total : 0.0, name);
    };
    std::fprintf(stderr, "===-------------------------------------------------------------------------===\n"
                         "                         ... Execution time report ...\n"
                         "===-------------------------------------------------------------------------===\n"
                         "  Total Execution Time: %.4f seconds\n\n"
                         "  ----Wall Time----  ----Name----\n",
                 total);
    line(parser, "Parser");
    line(output, "Output");
    line(rest, "Rest");
    line(total, "Total");
  }
};
PhaseTimer *gTimer = nullptr;

const char *kHelp =
    "OVERVIEW: Lamina modular optimizer driver (MLIR-compatible)\n"
    "\n"
    "USAGE: lamina-opt [options] <input file>\n"
    "\n"
    "OPTIONS:\n"
    "  --allow-unregistered-dialect                   - Allow operation with no registered dialects\n"
    "  --emit-bytecode                                - Emit bytecode when generating output\n"
    "  --emit-bytecode-version=<int>                  - Use specified bytecode when generating output\n"
    "  --help                                         - Display available options\n"
    "  --mlir-disable-threading                       - Disable multi-threading within MLIR\n"
    "  --mlir-elide-elementsattrs-if-larger=<uint>    - Elide ElementsAttrs with \"...\" that have more elements than the given upper limit\n"
    "  --mlir-timing                                  - Display execution times\n"
    "  --mlir-print-debuginfo                         - Print debug info in MLIR output\n"
    "  --mlir-print-elementsattrs-with-hex-if-larger=<long> - Print DenseElementsAttrs with a hex string that have more elements than the given upper limit (use -1 to disable)\n"
    "  --mlir-print-local-scope                       - Print with local scope and inline information (eliding aliases for attributes, types, and locations)\n"
    "  --mlir-print-op-generic                        - Print the generic op form\n"
    "  --mlir-print-unique-ssa-ids                    - Print unique SSA ID numbers for values, block arguments and naming conflicts across all regions\n"
    "  --mlir-pretty-debuginfo                        - Print pretty debug info in MLIR output\n"
    "  --no-implicit-module                           - Disable implicit addition of a top-level module op during parsing\n"
    "  -o <filename>                                  - Output filename\n"
    "  --output-split-marker=<string>                 - Split marker to use for merging the ouput\n"
    "  --show-dialects                                - Print the list of registered dialects and exit\n"
    "  --split-input-file[=<string>]                  - Split the input file into chunks using the given or default marker and process each chunk independently\n"
    "  --verify-diagnostics                           - Check that emitted diagnostics match expected-* lines on the corresponding line\n"
    "  --verify-each                                  - Run the verifier after each transformation pass\n"
    "  --version                                      - Display the version of this program\n";

/// Parses argv into `config`. Returns an exit code if the program should
/// stop (help, version, error), nullopt to continue.
std::optional<int> parseArgs(int argc, char **argv, const char *toolName, OptConfig &config) {
  bool sawInput = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "-" || arg.empty() || arg[0] != '-') {
      if (sawInput) {
        std::fprintf(stderr, "%s: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: %s --help\n", toolName, argv[0]);
        return 1;
      }
      config.inputFilename = std::string(arg);
      sawInput = true;
      continue;
    }
    std::string_view original = arg;
    std::string_view name = arg.substr(arg.size() > 1 && arg[1] == '-' ? 2 : 1);
    std::optional<std::string_view> value;
    size_t eq = name.find('=');
    if (eq != std::string_view::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    auto needValue = [&]() -> std::optional<std::string_view> {
      if (value)
        return value;
      if (i + 1 < argc)
        return std::string_view(argv[++i]);
      std::fprintf(stderr, "%s: for the %.*s option: requires a value!\n", toolName, int(original.size()),
                   original.data());
      return std::nullopt;
    };
    auto parseInt = [&](std::string_view v, int64_t &out) -> bool {
      std::string s(v);
      char *end = nullptr;
      errno = 0;
      long long r = std::strtoll(s.c_str(), &end, 10);
      if (s.empty() || *end || errno) {
        std::fprintf(stderr, "%s: for the --%.*s option: '%s' value invalid for integer argument!\n", toolName,
                     int(name.size()), name.data(), s.c_str());
        return false;
      }
      out = r;
      return true;
    };
    auto boolFlag = [&](bool &flag) -> bool {
      if (!value) {
        flag = true;
        return true;
      }
      if (*value == "true" || *value == "1" || *value == "TRUE" || *value == "True") {
        flag = true;
        return true;
      }
      if (*value == "false" || *value == "0" || *value == "FALSE" || *value == "False") {
        flag = false;
        return true;
      }
      std::fprintf(stderr, "%s: for the --%.*s option: '%.*s' is invalid value for boolean argument! Try 0 or 1\n",
                   toolName, int(name.size()), name.data(), int(value->size()), value->data());
      return false;
    };
    if (name == "help" || name == "h") {
      std::fputs(kHelp, stdout);
      return 0;
    }
    if (name == "version") {
      std::printf("Lamina version 0.1.0 (MLIR 22.1.8 compatible)\n");
      return 0;
    }
    if (name == "o") {
      auto v = needValue();
      if (!v)
        return 1;
      config.outputFilename = std::string(*v);
      continue;
    }
    if (name.size() > 1 && name[0] == 'o' && name.find_first_not_of("o") != 0 && arg[1] != '-' &&
        name != "output-split-marker") {
      // -oFILE
      config.outputFilename = std::string(name.substr(1));
      continue;
    }
    bool ok = true;
    int64_t n;
    if (name == "allow-unregistered-dialect")
      ok = boolFlag(config.allowUnregisteredDialects);
    else if (name == "split-input-file") {
      config.splitInputFile = true;
      if (value && !value->empty())
        config.inputSplitMarker = std::string(*value);
    } else if (name == "output-split-marker") {
      auto v = needValue();
      if (!v)
        return 1;
      config.outputSplitMarker = std::string(*v);
    } else if (name == "verify-diagnostics") {
      // An enum option with an optional value, as in mlir-opt.
      using Level = SourceMgrDiagnosticVerifierHandler::Level;
      if (!value || value->empty() || *value == "all")
        config.verifyDiagnostics = Level::All;
      else if (*value == "only-expected")
        config.verifyDiagnostics = Level::OnlyExpected;
      else {
        std::fprintf(stderr, "%s: for the --verify-diagnostics option: Cannot find option named '%.*s'!\n", toolName,
                     int(value->size()), value->data());
        return 1;
      }
    } else if (name == "emit-bytecode")
      ok = boolFlag(config.emitBytecode);
    else if (name == "emit-bytecode-version") {
      auto v = needValue();
      if (!v || !parseInt(*v, n))
        return 1;
      config.emitBytecodeVersion = n;
    } else if (name == "mlir-print-op-generic") {
      bool b = false;
      ok = boolFlag(b);
      if (b)
        config.printFlags.printGenericOpForm();
    } else if (name == "mlir-print-debuginfo") {
      bool b = false;
      ok = boolFlag(b);
      if (b)
        config.printFlags.enableDebugInfo(true, config.printFlags.shouldPrintDebugInfoPrettyForm());
    } else if (name == "mlir-pretty-debuginfo") {
      bool b = false;
      ok = boolFlag(b);
      if (b)
        config.printFlags.enableDebugInfo(config.printFlags.shouldPrintDebugInfo(), true);
    } else if (name == "mlir-print-local-scope") {
      bool b = false;
      ok = boolFlag(b);
      if (b)
        config.printFlags.useLocalScope();
    } else if (name == "mlir-print-unique-ssa-ids") {
      bool b = false;
      ok = boolFlag(b);
      if (b)
        config.printFlags.printUniqueSSAIDs();
    } else if (name == "mlir-elide-elementsattrs-if-larger") {
      auto v = needValue();
      if (!v || !parseInt(*v, n))
        return 1;
      config.printFlags.elideLargeElementsAttrs(n);
    } else if (name == "mlir-print-elementsattrs-with-hex-if-larger") {
      auto v = needValue();
      if (!v || !parseInt(*v, n))
        return 1;
      config.printFlags.printLargeElementsAttrWithHex(n);
    } else if (name == "mlir-elide-resource-strings-if-larger") {
      auto v = needValue();
      if (!v || !parseInt(*v, n))
        return 1;
      config.printFlags.elideLargeResourceString(n);
    } else if (name == "mlir-print-assume-verified") {
      bool b = false;
      ok = boolFlag(b);
      if (b)
        config.printFlags.assumeVerified();
    } else if (name == "mlir-timing")
      ok = boolFlag(config.timing);
    else if (name == "mlir-disable-threading")
      ok = boolFlag(config.disableThreading);
    else if (name == "verify-each")
      ok = boolFlag(config.verifyPasses);
    else if (name == "no-implicit-module")
      ok = boolFlag(config.noImplicitModule);
    else if (name == "show-dialects")
      ok = boolFlag(config.showDialects);
    else {
      std::fprintf(stderr, "%s: Unknown command line argument '%.*s'.  Try: '%s --help'\n", toolName,
                   int(original.size()), original.data(), argv[0]);
      return 1;
    }
    if (!ok)
      return 1;
  }
  return std::nullopt;
}

/// Writes the output of a run to a file atomically, or to stdout.
class OutputFile {
public:
  explicit OutputFile(const std::string &filename) : filename(filename) {}
  bool open(const char *toolName) {
    if (filename == "-") {
      fd = 1;
      return true;
    }
    // Only regular files are replaced atomically; devices, pipes and the
    // like (e.g. /dev/null) are written in place.
    struct stat st;
    if (::stat(filename.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
      direct = true;
      fd = ::open(filename.c_str(), O_WRONLY);
      if (fd < 0) {
        std::fprintf(stderr, "%s: error: could not open output file '%s': %s\n", toolName, filename.c_str(),
                     std::strerror(errno));
        return false;
      }
      return true;
    }
    tempName = filename + ".lamina-tmp-" + std::to_string(::getpid());
    fd = ::open(tempName.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
      std::fprintf(stderr, "%s: error: could not open output file '%s': %s\n", toolName, filename.c_str(),
                   std::strerror(errno));
      return false;
    }
    return true;
  }
  int getFD() const { return fd; }
  /// Moves the temporary file into place (or discards it on failure).
  bool finish(bool keep, const char *toolName) {
    if (filename == "-")
      return true;
    ::close(fd);
    if (direct)
      return true;
    if (!keep) {
      ::unlink(tempName.c_str());
      return true;
    }
    if (::rename(tempName.c_str(), filename.c_str()) != 0) {
      std::fprintf(stderr, "%s: error: could not write output file '%s': %s\n", toolName, filename.c_str(),
                   std::strerror(errno));
      ::unlink(tempName.c_str());
      return false;
    }
    return true;
  }

private:
  std::string filename;
  std::string tempName;
  int fd = -1;
  bool direct = false;
};

/// Parses, verifies and prints one buffer. Returns success if everything
/// worked (diagnostics are reported through the context's handlers).
LogicalResult performActions(raw_ostream &os, SourceMgr &sourceMgr, MLIRContext &context, const OptConfig &config,
                             unsigned startLine, unsigned startCol, bool keepIR) {
  ParserConfig parserConfig(&context, /*verifyAfterParse=*/true);
  parserConfig.setSourceFileStart(startLine, startCol);
  Operation *op = nullptr;
  const MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(1);
  std::optional<PhaseTimer::Scope> parseScope;
  if (gTimer)
    parseScope.emplace(PhaseTimer::Scope{gTimer->parser});
  if (isBytecode(buffer->getBuffer())) {
    op = readBytecodeFileForTool(buffer->getBuffer(), buffer->getBufferIdentifier(), parserConfig,
                                 !config.noImplicitModule);
  } else if (config.noImplicitModule) {
    Block block;
    if (failed(parseAsmSourceFile(sourceMgr, 1, &block, parserConfig)))
      return failure();
    if (block.empty() || &block.front() != &block.back()) {
      emitError(FileLineColLoc::get(&context, buffer->getBufferIdentifier(), 0, 0))
          << "source must contain a single top-level operation, found: " << unsigned(block.getOperations().size());
      return failure();
    }
    op = &block.front();
    op->remove();
  } else {
    op = parseSourceFileForTool(sourceMgr, 1, parserConfig);
  }
  parseScope.reset();
  if (!op)
    return failure();
  std::optional<PhaseTimer::Scope> outputScope;
  if (gTimer)
    outputScope.emplace(PhaseTimer::Scope{gTimer->output});
  // The last buffer's IR is left for process exit to reclaim: tearing down
  // hundreds of thousands of ops right before exiting only costs time.
  struct Owner {
    Operation *op;
    bool keep;
    ~Owner() {
      if (!keep)
        op->destroy();
    }
  } owner{op, keepIR};
  if (config.emitBytecode) {
    BytecodeWriterConfig writerConfig("MLIR22.1.8");
    if (config.emitBytecodeVersion)
      writerConfig.setDesiredBytecodeVersion(*config.emitBytecodeVersion);
    return writeBytecodeToFile(op, os, writerConfig);
  }
  // The IR was verified after parsing and nothing changed it since: the
  // printer need not verify it again to choose between custom and generic.
  OpPrintingFlags printFlags = config.printFlags;
  printFlags.assumeVerified();
  op->print(os, printFlags);
  os << '\n';
  return success();
}

/// Processes one buffer with a fresh context. With `verifier`, diagnostics
/// are checked against the expectations of the whole input instead of
/// printed.
LogicalResult processBuffer(raw_ostream &os, SourceMgr &sourceMgr, SourceMgr &inputMgr, const OptConfig &config,
                            DialectRegistry &registry, SourceMgrDiagnosticVerifierHandler *verifier,
                            unsigned startLine = 0, unsigned startCol = 0, bool isLastBuffer = false) {
  // The context of the last buffer is not destroyed (see performActions);
  // earlier ones are, so many split chunks do not accumulate memory.
  MLIRContext *contextPtr = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
  struct ContextOwner {
    MLIRContext *ctx;
    bool keep;
    ~ContextOwner() {
      if (!keep)
        delete ctx;
    }
  } contextOwner{contextPtr, isLastBuffer && !verifier};
  MLIRContext &context = *contextPtr;
  if (!config.disableThreading)
    context.enableMultithreading();
  context.allowUnregisteredDialects(config.allowUnregisteredDialects);
  context.printOpOnDiagnostic(!verifier);
  if (!verifier) {
    // Source lines come from the whole input (a chunk's lines are at the
    // same place in it), as mlir-opt's handler finds the original buffer.
    SourceMgrDiagnosticHandler handler(inputMgr, &context);
    LogicalResult r = performActions(os, sourceMgr, context, config, startLine, startCol, contextOwner.keep);
    errs().flush();
    return r;
  }
  // Whether the actions succeed does not matter, only which diagnostics
  // they produce.
  auto handler = verifier->registerInContext(&context);
  (void)performActions(os, sourceMgr, context, config, startLine, startCol, /*keepIR=*/false);
  errs().flush();
  return success();
}

/// Splits the input on the marker (keeping absolute line numbers by padding
/// each chunk with the newlines that precede it) and processes each chunk.
LogicalResult splitAndProcess(raw_ostream &os, SourceMgr &inputMgr, const OptConfig &config,
                              DialectRegistry &registry, SourceMgrDiagnosticVerifierHandler *verifier) {
  if (!config.splitInputFile)
    return processBuffer(os, inputMgr, inputMgr, config, registry, verifier, 0, 0, /*isLastBuffer=*/true);
  const MemoryBuffer *original = inputMgr.getMemoryBuffer(1);
  std::string_view text = original->getBuffer();
  std::string_view marker = config.inputSplitMarker;
  std::vector<std::string_view> chunks;
  size_t start = 0;
  while (true) {
    size_t pos = text.find(marker, start);
    if (pos == std::string_view::npos) {
      chunks.push_back(text.substr(start));
      break;
    }
    chunks.push_back(text.substr(start, pos - start));
    start = pos + marker.size();
  }
  bool hadFailure = false;
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (i) {
      os << config.outputSplitMarker << '\n';
    }
    std::string_view chunk = chunks[i];
    size_t newlinesBefore = 0;
    for (const char *p = text.data(); p < chunk.data(); ++p)
      newlinesBefore += *p == '\n';
    std::string padded(newlinesBefore, '\n');
    // Keep the column of the first line: pad with spaces up to the chunk.
    const char *lineStart = chunk.data();
    while (lineStart > text.data() && lineStart[-1] != '\n')
      --lineStart;
    padded.append(size_t(chunk.data() - lineStart), ' ');
    padded.append(chunk);
    SourceMgr chunkMgr;
    chunkMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(padded, original->getBufferIdentifier()));
    // The implicit module of a chunk is located where the chunk starts
    // (file:0:0 for the first one), as in mlir-opt.
    unsigned startLine = i ? unsigned(newlinesBefore + 1) : 0;
    unsigned startCol = i ? unsigned(chunk.data() - lineStart + 1) : 0;
    if (failed(processBuffer(os, chunkMgr, inputMgr, config, registry, verifier, startLine, startCol,
                             /*isLastBuffer=*/i + 1 == chunks.size())))
      hadFailure = true;
  }
  return failure(hadFailure);
}

struct MainArgs {
  int argc;
  char **argv;
  const char *toolName;
  DialectRegistry *registry;
  int result;
};

int realMain(int argc, char **argv, const char *toolName, DialectRegistry &registry) {
  OptConfig config;
  if (auto exitCode = parseArgs(argc, argv, toolName, config))
    return *exitCode;
  std::optional<PhaseTimer> timer;
  if (config.timing) {
    timer.emplace();
    gTimer = &*timer;
  }
  if (config.showDialects) {
    std::printf("Available Dialects: ");
    bool first = true;
    for (const std::string &name : registry.getDialectNames()) {
      std::printf("%s%s", first ? "" : ", ", name.c_str());
      first = false;
    }
    std::printf("\n");
    return 0;
  }
  std::string errorMessage;
  auto input = MemoryBuffer::getFileOrSTDIN(config.inputFilename, &errorMessage);
  if (!input) {
    std::fprintf(stderr, "%s: Could not open input file '%s': %s\n", toolName, config.inputFilename.c_str(),
                 errorMessage.c_str());
    return 1;
  }
  OutputFile output(config.outputFilename);
  if (!output.open(toolName))
    return 1;
  SourceMgr inputMgr;
  inputMgr.addNewSourceBuffer(std::move(input));
  bool ok;
  {
    raw_fd_ostream os(output.getFD());
    using Level = SourceMgrDiagnosticVerifierHandler::Level;
    if (config.verifyDiagnostics != Level::None) {
      // One verifier for the whole input, so expectations keep their
      // absolute lines across -split-input-file chunks and unmet ones are
      // reported after the last chunk.
      SourceMgrDiagnosticVerifierHandler verifier(inputMgr, nullptr, errs(), config.verifyDiagnostics);
      (void)splitAndProcess(os, inputMgr, config, registry, &verifier);
      ok = succeeded(verifier.verify());
    } else {
      ok = succeeded(splitAndProcess(os, inputMgr, config, registry, nullptr));
      // mlir-opt builds its verifier even without --verify-diagnostics and,
      // when it is destroyed, reports the input's expectations as not
      // produced (without affecting the exit code). Scanning after the run
      // keeps the input's pages out of memory during it.
      SourceMgrDiagnosticVerifierHandler verifier(inputMgr, nullptr, errs(), Level::None);
    }
    os.flush();
    if (os.hasError())
      ok = false;
  }

  if (!output.finish(ok, toolName))
    return 1;
  if (timer) {
    timer->report();
    gTimer = nullptr;
  }
  return ok ? 0 : 1;
}

void *mainThread(void *p) {
  auto *args = static_cast<MainArgs *>(p);
  args->result = realMain(args->argc, args->argv, args->toolName, *args->registry);
  return nullptr;
}

} // namespace

int lamina::optMain(int argc, char **argv, const char *toolName, DialectRegistry &registry) {
  // Custom operation formats recurse through their region parsers and
  // printers; run on a thread with a large (lazily committed) stack so deep
  // nesting of custom ops cannot overflow it. Generic IR never recurses.
  MainArgs args{argc, argv, toolName, &registry, 1};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t(1) << 30);
  pthread_t thread;
  if (pthread_create(&thread, &attr, mainThread, &args) != 0) {
    args.result = realMain(argc, argv, toolName, registry);
  } else {
    pthread_join(thread, nullptr);
  }
  pthread_attr_destroy(&attr);
  outs().flush();
  errs().flush();
  return args.result;
}
