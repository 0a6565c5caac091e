//===- OptMain.cpp - The reusable driver behind lamina-opt ----------------===//
//
// mlir-opt's MlirOptMain: parse the command line (flags declared with their
// help text where they are implemented, see Support/CommandLine.h), then for
// the input (or each `-split-input-file` chunk, each with its own context)
// parse, build the pass pipeline from the pass flags, run it, and print or
// write bytecode. Flags may use one or two dashes, `-flag=value` or
// `-flag value`.
//
#include "lamina/Tools/OptMain.h"

#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Bytecode/BytecodeReader.h"
#include "lamina/Bytecode/BytecodeWriter.h"
#include "lamina/Dialect/IRDL/IRDLDialect.h"
#include "lamina/Dialect/IRDL/IRDLLoading.h"
#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/DiagnosticVerifier.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassManagerOptions.h"
#include "lamina/Pass/PassRegistry.h"
#include "lamina/Support/CommandLine.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SourceMgr.h"
#include "lamina/Support/ThreadPool.h"
#include "lamina/Support/Timing.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <malloc.h>
#include <optional>
#include <pthread.h>
#include <semaphore.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace lamina;

namespace {
/// One pool for every context of the process (as mlir-opt shares one among
/// its split chunks; here also among the runs of an in-process caller).
/// Never destroyed: its workers may wait for work at exit.
ThreadPool &sharedThreadPool() {
  static ThreadPool *pool = new ThreadPool();
  return *pool;
}

/// Whether `text` holds "expected-" (what makes a diagnostic verifier find
/// expectations), searched in parallel on the shared pool. The first touch
/// of a big mapped input's pages is most of the cost of parsing's first
/// scan too, which then finds them mapped.
bool containsExpectationParallel(std::string_view text) {
  constexpr size_t kPiece = size_t(1) << 20;
  size_t numPieces = (text.size() + kPiece - 1) / kPiece;
  std::atomic<bool> found{false};
  sharedThreadPool().parallelFor(0, numPieces, [&](size_t i) {
    if (!found.load(std::memory_order_relaxed) && windowHoldsExpectation(text, i * kPiece, kPiece))
      found.store(true, std::memory_order_relaxed);
  });
  return found.load();
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

using VerifyLevel = SourceMgrDiagnosticVerifierHandler::Level;

/// The driver's own flags (MLIR's MlirOptMainConfig) and the printer and
/// context flags it applies.
struct OptMainOptions {
  cl::opt<std::string> outputFilename{"o", "Output filename", "-"};
  cl::opt<bool> allowUnregisteredDialects{"allow-unregistered-dialect", "Allow operation with no registered dialects"};
  cl::opt<std::string> splitInputFile{
      "split-input-file",
      "Split the input file into chunks using the given or default marker and process each chunk independently"};
  cl::opt<std::string> outputSplitMarker{"output-split-marker", "Split marker to use for merging the ouput",
                                         "// -----"};
  cl::enum_opt<VerifyLevel> verifyDiagnostics{
      "verify-diagnostics",
      "Check that emitted diagnostics match expected-* lines on the corresponding line",
      VerifyLevel::None,
      {{VerifyLevel::All, "all", "Check all diagnostics (expected, unexpected, near-misses)"},
       {VerifyLevel::All, "", "Check all diagnostics (expected, unexpected, near-misses)"},
       {VerifyLevel::OnlyExpected, "only-expected", "Check only expected diagnostics"}},
      nullptr,
      cl::ValueExpected::Optional};
  cl::opt<bool> emitBytecode{"emit-bytecode", "Emit bytecode when generating output"};
  cl::opt<int> emitBytecodeVersion{"emit-bytecode-version", "Use specified bytecode when generating output"};
  cl::opt<bool> verifyPasses{"verify-each", "Run the verifier after each transformation pass", true};
  cl::opt<bool> noImplicitModule{"no-implicit-module",
                                 "Disable implicit addition of a top-level module op during parsing"};
  cl::opt<bool> showDialects{"show-dialects", "Print the list of registered dialects and exit"};
  cl::opt<bool> dumpPassPipeline{"dump-pass-pipeline", "Print the pipeline that will be run"};
  cl::opt<bool> listPasses{"list-passes", "Print the list of registered passes and exit"};
  cl::opt<bool> runReproducer{"run-reproducer", "Run the pipeline stored in the reproducer"};
  cl::opt<bool> disableThreading{"mlir-disable-threading",
                                 "Disable multi-threading within MLIR, overrides any further call to "
                                 "MLIRContext::enableMultiThreading()"};
  cl::opt<bool> help{"help", "Display available options (--help-hidden for more)"};
  cl::opt<bool> version{"version", "Display the version of this program"};

  // Printing (MLIR's AsmPrinter flags).
  cl::opt<unsigned> elideElementsAttrIfLarger{
      "mlir-elide-elementsattrs-if-larger",
      "Elide ElementsAttrs with \"...\" that have more elements than the given upper limit"};
  cl::opt<long> printElementsAttrWithHexIfLarger{
      "mlir-print-elementsattrs-with-hex-if-larger",
      "Print DenseElementsAttrs with a hex string that have more elements than the given upper limit (use -1 to "
      "disable)",
      100};
  cl::opt<unsigned> elideResourceStringsIfLarger{"mlir-elide-resource-strings-if-larger",
                                                 "Elide printing value of resources if string is too long in chars."};
  cl::opt<bool> printDebugInfo{"mlir-print-debuginfo", "Print debug info in MLIR output"};
  cl::opt<bool> printPrettyDebugInfo{"mlir-pretty-debuginfo", "Print pretty debug info in MLIR output"};
  cl::opt<bool> printGenericOpForm{"mlir-print-op-generic", "Print the generic op form"};
  cl::opt<bool> assumeVerified{"mlir-print-assume-verified",
                               "Skip op verification when using custom printers"};
  cl::opt<bool> printLocalScope{"mlir-print-local-scope",
                                "Print with local scope and inline information (eliding aliases for attributes, "
                                "types, and locations)"};
  cl::opt<bool> printUniqueSSAIDs{"mlir-print-unique-ssa-ids",
                                  "Print unique SSA ID numbers for values, block arguments and naming conflicts "
                                  "across all regions"};

  cl::opt<bool> printValueUsers{"mlir-print-value-users",
                                "Print users of operation results and block arguments as a comment"};
  cl::opt<bool> printSkipRegions{"mlir-print-skip-regions", "Skip regions when printing ops."};
  cl::opt<bool> useNameLocAsPrefix{"mlir-use-nameloc-as-prefix", "Print SSA IDs using NameLocs as prefixes"};
  cl::opt<std::string> irdlFile{"irdl-file", "IRDL file to register before processing the input"};

  OptMainOptions() {
    outputFilename.valueDesc = "filename";
    splitInputFile.setValueExpected(cl::ValueExpected::Optional);
  }

  /// The printing flags the flags ask for.
  OpPrintingFlags getPrintingFlags() const {
    OpPrintingFlags flags;
    if (elideElementsAttrIfLarger.getNumOccurrences())
      flags.elideLargeElementsAttrs(elideElementsAttrIfLarger);
    if (printElementsAttrWithHexIfLarger.getNumOccurrences())
      flags.printLargeElementsAttrWithHex(printElementsAttrWithHexIfLarger);
    if (elideResourceStringsIfLarger.getNumOccurrences())
      flags.elideLargeResourceString(elideResourceStringsIfLarger);
    if (printDebugInfo || printPrettyDebugInfo)
      flags.enableDebugInfo(printDebugInfo, printPrettyDebugInfo);
    if (printGenericOpForm)
      flags.printGenericOpForm();
    if (assumeVerified)
      flags.assumeVerified();
    if (printLocalScope)
      flags.useLocalScope();
    if (printUniqueSSAIDs)
      flags.printUniqueSSAIDs();
    if (printValueUsers)
      flags.printValueUsers();
    if (printSkipRegions)
      flags.skipRegions();
    if (useNameLocAsPrefix)
      flags.printNameLocAsPrefix();
    return flags;
  }
};

/// What one run needs besides the flags.
struct RunState {
  OptMainOptions &options;
  PassPipelineCLParser &passPipeline;
  OpPrintingFlags printFlags;
  /// Free the last buffer's IR and context too (optMainInMemory: the
  /// process goes on).
  bool teardownLast = false;
};

//===----------------------------------------------------------------------===//
// Command-line parsing
//===----------------------------------------------------------------------===//

/// Parses argv into the registered options and the input file name.
/// Returns an exit code if the program must stop now.
std::optional<int> parseCommandLine(int argc, char **argv, const char *toolName, std::string &inputFilename) {
  bool sawInput = false;
  bool onlyPositional = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (onlyPositional || arg == "-" || arg.empty() || arg[0] != '-') {
      if (sawInput) {
        std::fprintf(stderr,
                     "%s: Too many positional arguments specified!\nCan specify at most 1 positional arguments: "
                     "See: %s --help\n",
                     toolName, argv[0]);
        return 1;
      }
      inputFilename = std::string(arg);
      sawInput = true;
      continue;
    }
    if (arg == "--") {
      onlyPositional = true;
      continue;
    }
    std::string_view name = arg.substr(arg.size() > 1 && arg[1] == '-' ? 2 : 1);
    std::optional<std::string_view> value;
    size_t eq = name.find('=');
    if (eq != std::string_view::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    cl::Option *opt = cl::lookupToolOption(name);
    if (!opt && name.size() > 1) {
      // LLVM's cl reads an unknown `-oFILE` as a group of one-letter
      // options and refuses one that takes a value; it never writes FILE
      // (`-one-shot-bufferize` is not `-o ne-shot-bufferize`).
      cl::Option *letter = cl::lookupToolOption(name.substr(0, 1));
      if (letter && letter->getValueExpected() == cl::ValueExpected::Required)
        (void)letter->error("may not occur within a group!", name.substr(0, 1));
    }
    if (!opt) {
      std::string nearest;
      errs().flush();
      std::fprintf(stderr, "%s: Unknown command line argument '%s'.  Try: '%s --help'\n", toolName, argv[i],
                   argv[0]);
      if (cl::lookupNearestToolOption(arg.substr(arg.size() > 1 && arg[1] == '-' ? 2 : 1), nearest))
        std::fprintf(stderr, "%s: Did you mean '%s%s'?\n", toolName, nearest.size() == 1 ? "-" : "--",
                     nearest.c_str());
      return 1;
    }
    if (!value && opt->getValueExpected() == cl::ValueExpected::Required && i + 1 < argc)
      value = std::string_view(argv[++i]);
    if (failed(opt->addOccurrence(name, value)))
      return 1;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Output file
//===----------------------------------------------------------------------===//

/// The temporary file being written, removed if the process dies on a
/// signal (a fixed buffer: the handler may not allocate).
char gTempOutputPath[4096];
std::atomic<bool> gTempOutputActive{false};

void removeTempOutputOnSignal(int sig) {
  if (gTempOutputActive.load())
    ::unlink(gTempOutputPath);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

/// Writes the output of a run to a temporary file renamed into place on
/// success (as LLVM's ToolOutputFile), or to stdout or a device directly.
class OutputFile {
public:
  explicit OutputFile(const std::string &filename) : filename(filename) {}
  bool open(const char *toolName) {
    if (filename == "-") {
      fd = 1;
      return true;
    }
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
    if (tempName.size() < sizeof(gTempOutputPath)) {
      std::memcpy(gTempOutputPath, tempName.c_str(), tempName.size() + 1);
      gTempOutputActive.store(true);
      for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGINT, SIGTERM}) {
        struct sigaction action;
        std::memset(&action, 0, sizeof(action));
        action.sa_handler = removeTempOutputOnSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_NODEFER;
        sigaction(sig, &action, nullptr);
      }
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
    gTempOutputActive.store(false);
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

//===----------------------------------------------------------------------===//
// Reproducers
//===----------------------------------------------------------------------===//

/// The configuration a reproducer carries in its `mlir_reproducer`
/// resource (read with --run-reproducer).
struct ReproducerOptions {
  std::optional<std::string> pipeline;
  std::optional<bool> disableThreading;
  std::optional<bool> verifyEach;

  /// Takes the `mlir_reproducer` group out of the context's unclaimed
  /// resources.
  void claim(MLIRContext *ctx) {
    std::vector<ExternalResourceGroup> &groups = getExternalResources(ctx);
    for (auto it = groups.begin(); it != groups.end(); ++it) {
      if (it->name != "mlir_reproducer")
        continue;
      for (const ExternalResourceEntry &entry : it->entries) {
        if (entry.key == "pipeline" && entry.kind == ExternalResourceEntry::Kind::String)
          pipeline = entry.stringValue;
        else if (entry.key == "disable_threading" && entry.kind == ExternalResourceEntry::Kind::Bool)
          disableThreading = entry.boolValue;
        else if (entry.key == "verify_each" && entry.kind == ExternalResourceEntry::Kind::Bool)
          verifyEach = entry.boolValue;
      }
      groups.erase(it);
      return;
    }
  }

  LogicalResult apply(PassManager &pm) const {
    if (pipeline) {
      FailureOr<OpPassManager> reproPm = parsePassPipeline(*pipeline, errs());
      if (failed(reproPm)) {
        errs().flush();
        return failure();
      }
      static_cast<OpPassManager &>(pm) = std::move(*reproPm);
    }
    if (disableThreading)
      pm.getContext()->disableMultithreading(*disableThreading);
    if (verifyEach)
      pm.enableVerifier(*verifyEach);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Processing
//===----------------------------------------------------------------------===//

/// Parses, runs the passes on and prints one buffer.
LogicalResult performActions(raw_ostream &os, SourceMgr &sourceMgr, MLIRContext &context, RunState &run,
                             unsigned startLine, unsigned startCol, bool keepIR) {
  OptMainOptions &options = run.options;
  TimingManager tm;
  applyDefaultTimingManagerCLOptions(tm);
  TimingScope timing(tm.getRootTimer());

  ParserConfig parserConfig(&context, /*verifyAfterParse=*/true);
  parserConfig.setSourceFileStart(startLine, startCol);
  Operation *op = nullptr;
  const MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(1);
  TimingScope parserTiming = timing.nest("Parser");
  if (isBytecode(buffer->getBuffer())) {
    op = readBytecodeFileForTool(*buffer, parserConfig, !options.noImplicitModule);
  } else if (options.noImplicitModule) {
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
  if (!op)
    return failure();
  parserTiming.stop();
  // The IR is built: a mapped input's pages go back to the kernel (the text
  // parser already handed back most of them as it went; bytecode is read
  // whole). Diagnostics that quote a line later read it from the file again.
  buffer->releaseSpan(buffer->getBufferStart(), buffer->getBufferEnd());

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

  ReproducerOptions repro;
  if (options.runReproducer)
    repro.claim(&context);

  PassManager pm(&context, op->getName().getStringRef(), OpPassManager::Nesting::Implicit);
  pm.enableVerifier(options.verifyPasses);
  if (failed(applyPassManagerCLOptions(pm, run.printFlags)))
    return failure();
  pm.enableTiming(timing);
  if (failed(repro.apply(pm)))
    return failure();
  auto errorHandler = [&](const std::string &msg) -> LogicalResult {
    emitError(UnknownLoc::get(&context)) << msg;
    return failure();
  };
  if (failed(run.passPipeline.addToPipeline(pm, errorHandler)))
    return failure();
  if (options.dumpPassPipeline) {
    pm.dump();
    errs() << '\n';
    errs().flush();
  }
  if (failed(pm.run(op)))
    return failure();

  TimingScope outputTiming = timing.nest("Output");
  if (options.emitBytecode) {
    BytecodeWriterConfig writerConfig("MLIR22.1.8");
    if (options.emitBytecodeVersion.getNumOccurrences())
      writerConfig.setDesiredBytecodeVersion(options.emitBytecodeVersion);
    return writeBytecodeToFile(op, os, writerConfig);
  }
  // If nothing changed the IR since it was verified (after parsing, or by
  // the verifier after each pass), the printer need not verify it again to
  // choose between the custom and the generic form.
  OpPrintingFlags printFlags = run.printFlags;
  if (pm.irVerifiedAfterRun())
    printFlags.assumeVerified();
  op->print(os, printFlags);
  os << '\n';
  return success();
}

/// Loads the dialects defined in the IRDL file `path` into `context`
/// (mlir-opt's --irdl-file). Its diagnostics are printed, with the operation
/// they concern, even when the input's are verified.
LogicalResult loadIRDLDialects(const std::string &path, MLIRContext &context) {
  DialectRegistry registry;
  registry.insert<IRDLDialect>();
  context.appendDialectRegistry(registry);
  std::string errorMessage;
  std::unique_ptr<MemoryBuffer> file = MemoryBuffer::getFileOrSTDIN(path, &errorMessage);
  if (!file) {
    emitError(UnknownLoc::get(&context)) << "cannot open input file '" << path << "': " << errorMessage;
    return failure();
  }
  SourceMgr sourceMgr;
  sourceMgr.addNewSourceBuffer(std::move(file));
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  bool printOp = context.shouldPrintOpOnDiagnostic();
  context.printOpOnDiagnostic(true);
  ParserConfig config(&context, /*verifyAfterParse=*/true);
  Operation *module = parseSourceFileForTool(sourceMgr, 1, config);
  LogicalResult result = module ? irdl::loadDialects(module) : failure();
  if (module)
    module->destroy();
  context.printOpOnDiagnostic(printOp);
  return result;
}

/// Sanitizer and fuzzer builds free the last buffer's IR and context too,
/// so that leak checkers report only real leaks and in-process callers
/// (the fuzz targets) do not accumulate memory.
#ifdef LAMINA_TEARDOWN_AT_EXIT
constexpr bool kTeardownAtExit = true;
#else
constexpr bool kTeardownAtExit = false;
#endif

/// Processes one buffer with a fresh context. With `verifier`, diagnostics
/// are checked against the expectations of the whole input instead of
/// printed.
LogicalResult processBuffer(raw_ostream &os, SourceMgr &sourceMgr, SourceMgr &inputMgr, RunState &run,
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
  } contextOwner{contextPtr, isLastBuffer && !verifier && !kTeardownAtExit && !run.teardownLast};
  MLIRContext &context = *contextPtr;
  if (!run.options.disableThreading)
    context.setThreadPool(sharedThreadPool());
  context.allowUnregisteredDialects(run.options.allowUnregisteredDialects);
  context.printOpOnDiagnostic(!verifier);
  if (!run.options.irdlFile.getValue().empty() && failed(loadIRDLDialects(run.options.irdlFile.getValue(), context))) {
    errs().flush();
    return failure();
  }
  if (!verifier) {
    // Source lines come from the whole input (a chunk's lines are at the
    // same place in it), as mlir-opt's handler finds the original buffer.
    SourceMgrDiagnosticHandler handler(inputMgr, &context);
    LogicalResult r = performActions(os, sourceMgr, context, run, startLine, startCol, contextOwner.keep);
    errs().flush();
    return r;
  }
  // Whether the actions succeed does not matter, only which diagnostics
  // they produce.
  auto handler = verifier->registerInContext(&context);
  (void)performActions(os, sourceMgr, context, run, startLine, startCol, /*keepIR=*/false);
  errs().flush();
  return success();
}

/// Splits the input on the marker (keeping absolute line numbers by padding
/// each chunk with the newlines that precede it) and processes each chunk.
LogicalResult splitAndProcess(raw_ostream &os, SourceMgr &inputMgr, RunState &run, DialectRegistry &registry,
                              SourceMgrDiagnosticVerifierHandler *verifier) {
  if (!run.options.splitInputFile.getNumOccurrences())
    return processBuffer(os, inputMgr, inputMgr, run, registry, verifier, 0, 0, /*isLastBuffer=*/true);
  const MemoryBuffer *original = inputMgr.getMemoryBuffer(1);
  std::string_view text = original->getBuffer();
  std::string_view marker = run.options.splitInputFile.getValue();
  if (marker.empty())
    marker = "// -----";
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
    if (i)
      os << run.options.outputSplitMarker.getValue() << '\n';
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
    if (failed(processBuffer(os, chunkMgr, inputMgr, run, registry, verifier, startLine, startCol,
                             /*isLastBuffer=*/i + 1 == chunks.size())))
      hadFailure = true;
  }
  return failure(hadFailure);
}

/// optMainInMemory's input and output, instead of the files of the command
/// line.
struct InMemoryIO {
  std::string_view input;
  std::string &output;
};

int realMain(int argc, char **argv, const char *toolName, DialectRegistry &registry, const InMemoryIO *io) {
  cl::setProgramName(toolName);
  static OptMainOptions options;
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  PassPipelineCLParser passPipeline("Compiler passes to run");

  std::string inputFilename = "-";
  if (auto exitCode = parseCommandLine(argc, argv, toolName, inputFilename))
    return *exitCode;

  if (options.help) {
    std::string overview = "Lamina modular optimizer driver (MLIR-compatible)\n\nAvailable Dialects: ";
    bool first = true;
    for (const std::string &name : registry.getDialectNames()) {
      overview += first ? "" : ", ";
      overview += name;
      first = false;
    }
    cl::printHelp(outs(), overview, std::string(toolName) + " [options] <input file>");
    outs().flush();
    return 0;
  }
  if (options.version) {
    std::printf("Lamina version 0.1.0 (MLIR 22.1.8 compatible)\n");
    return 0;
  }
  if (options.showDialects) {
    std::printf("Available Dialects: ");
    bool first = true;
    for (const std::string &name : registry.getDialectNames()) {
      std::printf("%s%s", first ? "" : ", ", name.c_str());
      first = false;
    }
    std::printf("\n");
    return 0;
  }
  if (options.listPasses) {
    printRegisteredPasses(outs());
    outs().flush();
    return 0;
  }

  std::string errorMessage;
  std::unique_ptr<MemoryBuffer> input =
      io ? MemoryBuffer::getMemBufferCopy(io->input, inputFilename == "-" ? "<stdin>" : inputFilename)
         : MemoryBuffer::getFileOrSTDIN(inputFilename, &errorMessage);
  if (!input) {
    std::fprintf(stderr, "%s: Could not open input file '%s': %s\n", toolName, inputFilename.c_str(),
                 errorMessage.c_str());
    return 1;
  }
  OutputFile output(options.outputFilename.getValue());
  if (!io && !output.open(toolName))
    return 1;
  SourceMgr inputMgr;
  inputMgr.addNewSourceBuffer(std::move(input));
  RunState run{options, passPipeline, options.getPrintingFlags(), io != nullptr};
  OpPrintingFlags::setCommandLineDefaults(run.printFlags);
  bool ok;
  {
    std::optional<raw_fd_ostream> fileStream;
    std::optional<raw_string_ostream> stringStream;
    if (io)
      stringStream.emplace(io->output);
    else
      fileStream.emplace(output.getFD());
    raw_ostream &os = io ? static_cast<raw_ostream &>(*stringStream) : *fileStream;
    if (options.verifyDiagnostics.getValue() != VerifyLevel::None) {
      // One verifier for the whole input, so expectations keep their
      // absolute lines across -split-input-file chunks and unmet ones are
      // reported after the last chunk.
      SourceMgrDiagnosticVerifierHandler verifier(inputMgr, nullptr, errs(), options.verifyDiagnostics.getValue());
      // Chunks only fail here when they could not start (an --irdl-file
      // that does not load).
      bool processed = succeeded(splitAndProcess(os, inputMgr, run, registry, &verifier));
      ok = succeeded(verifier.verify()) && processed;
    } else {
      // Without --verify-diagnostics the verifier only reports (after the
      // run) expectations the input has; a big input is searched for them
      // up front, in parallel, and the verifier is skipped if it has none.
      std::string_view text = inputMgr.getMemoryBuffer(1)->getBuffer();
      bool noExpectations =
          !options.disableThreading && text.size() >= (size_t(1) << 20) && !containsExpectationParallel(text);
      ok = succeeded(splitAndProcess(os, inputMgr, run, registry, nullptr));
      // mlir-opt builds its verifier even without --verify-diagnostics and,
      // when it is destroyed, reports the input's expectations as not
      // produced (without affecting the exit code). Scanning after the run
      // keeps the input's pages out of memory during it.
      if (!noExpectations || inputMgr.getNumBuffers() != 1)
        SourceMgrDiagnosticVerifierHandler verifier(inputMgr, nullptr, errs(), VerifyLevel::None);
    }
    os.flush();
    if (fileStream && fileStream->hasError())
      ok = false;
  }
  if (!io && !output.finish(ok, toolName))
    return 1;
  return ok ? 0 : 1;
}

struct MainArgs {
  int argc;
  char **argv;
  const char *toolName;
  DialectRegistry *registry;
  int result;
  sem_t done;
};

void *mainThread(void *p) {
  auto *args = static_cast<MainArgs *>(p);
  args->result = realMain(args->argc, args->argv, args->toolName, *args->registry, nullptr);
  if (!kTeardownAtExit) {
    // The process ends once optMain returns (the IR and context are left to
    // it): hand the result over and stay, since a thread that ends hands its
    // allocator heap back first, page by page (mimalloc: ~20 ms after a
    // 20 MB input).
    sem_post(&args->done);
    for (;;)
      pause();
  }
  return nullptr;
}

} // namespace

int lamina::optMain(int argc, char **argv, const char *toolName, DialectRegistry &registry) {
  // Custom operation formats recurse through their region parsers and
  // printers; run on a thread with a large (lazily committed) stack so deep
  // nesting of custom ops cannot overflow it. Generic IR never recurses.
  // Not freed when the thread stays (see mainThread).
  MainArgs &args = *new MainArgs{argc, argv, toolName, &registry, 1, {}};
  sem_init(&args.done, 0, 0);
#ifdef M_TOP_PAD
  // That thread (and each pool thread) allocates from a malloc arena of its
  // own, whose heaps glibc reserves without access and opens page by page as
  // they grow: one mprotect call per new page, some 25000 for a 20 MB input.
  // With a top pad of a whole heap (64 MB) each heap is opened at once when
  // created; its pages are still committed only when touched. Setting the
  // pad stops glibc from raising the mmap threshold on its own, so it is set
  // here to its usual ceiling.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
#endif
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t(1) << 30);
  pthread_t thread;
  int result;
  if (pthread_create(&thread, &attr, mainThread, &args) != 0) {
    result = realMain(argc, argv, toolName, registry, nullptr);
  } else if (kTeardownAtExit) {
    pthread_join(thread, nullptr);
    result = args.result;
  } else {
    while (sem_wait(&args.done) != 0) {
    }
    pthread_detach(thread);
    result = args.result;
  }
  pthread_attr_destroy(&attr);
  if (kTeardownAtExit) {
    sem_destroy(&args.done);
    delete &args;
  }
  outs().flush();
  errs().flush();
  return result;
}

int lamina::optMainInMemory(int argc, char **argv, const char *toolName, DialectRegistry &registry,
                            std::string_view input, std::string &output) {
  // The flags are process-wide: each run starts from their defaults, as a
  // new process would.
  cl::resetToolOptions();
  InMemoryIO io{input, output};
  int result = realMain(argc, argv, toolName, registry, &io);
  outs().flush();
  errs().flush();
  return result;
}
