//===- PassRegistry.cpp - Registered passes and textual pipelines ---------===//
//
// The pipeline grammar and messages are mlir-opt's (PassRegistry.cpp):
//   pipeline ::= element (',' element)*
//   element  ::= name | name '{' options '}' | op-name '(' pipeline ')'
// Structure errors are reported with a caret into the pipeline text, as
// "MLIR Textual PassPipeline Parser:1:COL: error: ...".
//
#include "lamina/Pass/PassRegistry.h"

#include "PassDetail.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/Support/SourceMgr.h"

#include <algorithm>
#include <map>

using namespace lamina;
using namespace lamina::detail;

namespace {
std::map<std::string_view, PassInfo> &passRegistry() {
  static std::map<std::string_view, PassInfo> registry;
  return registry;
}
std::map<std::string_view, PassPipelineInfo> &pipelineRegistry() {
  static std::map<std::string_view, PassPipelineInfo> registry;
  return registry;
}
} // namespace

//===----------------------------------------------------------------------===//
// Registry entries
//===----------------------------------------------------------------------===//

/// MLIR's printOptionHelp: `--arg` padded, "-   ", description.
static void printOptionHelp(raw_ostream &os, std::string_view arg, std::string_view desc, size_t indent,
                            size_t descIndent) {
  size_t numSpaces = descIndent > indent + 4 ? descIndent - indent - 4 : 0;
  os.indent(unsigned(indent)) << "--" << arg;
  if (arg.size() < numSpaces)
    os.indent(unsigned(numSpaces - arg.size()));
  os << "-   " << desc << '\n';
}

void PassRegistryEntry::printHelpStr(raw_ostream &os, size_t indent, size_t descIndent) const {
  printOptionHelp(os, arg, description, indent, descIndent);
  if (!optionsSource)
    return;
  std::unique_ptr<Pass> pass = optionsSource();
  std::vector<cl::Option *> options(pass->getPassOptions().getOptions());
  std::stable_sort(options.begin(), options.end(),
                   [](cl::Option *a, cl::Option *b) { return a->getArgStr() < b->getArgStr(); });
  for (cl::Option *opt : options) {
    os.indent(unsigned(indent));
    opt->printOptionInfo(os, descIndent - indent);
  }
}

size_t PassRegistryEntry::getOptionWidth() const {
  if (!optionsSource)
    return 0;
  std::unique_ptr<Pass> pass = optionsSource();
  const std::vector<cl::Option *> &options = pass->getPassOptions().getOptions();
  if (options.empty())
    return 0;
  size_t width = 0;
  for (cl::Option *opt : options)
    width = std::max(width, opt->getOptionWidth());
  return width + 2;
}

/// Adds a new instance of the pass made by `allocator` to `pm`, as MLIR's
/// default registry function does (the pass is added even if its options
/// were rejected; the result says whether they were).
static LogicalResult addPassToPipeline(PassAllocatorFunction allocator, OpPassManager &pm, std::string_view options,
                                       function_ref<LogicalResult(const std::string &)> errorHandler) {
  std::unique_ptr<Pass> pass = allocator();
  LogicalResult result = pass->initializeOptions(options, errorHandler);
  std::optional<std::string_view> pmOpName = pm.getOpName();
  std::optional<std::string_view> passOpName = pass->getOpName();
  if (pm.getNesting() == OpPassManager::Nesting::Explicit && pmOpName && passOpName && *pmOpName != *passOpName)
    return errorHandler("Can't add pass '" + std::string(pass->getName()) + "' restricted to '" +
                        std::string(*passOpName) + "' on a PassManager intended to run on '" +
                        std::string(pm.getOpAnchorName()) + "', did you intend to nest?");
  pm.addPass(std::move(pass));
  return result;
}

PassInfo::PassInfo(std::string_view arg, std::string_view description, PassAllocatorFunction allocator)
    : PassRegistryEntry(
          arg, description,
          [allocator](OpPassManager &pm, std::string_view options,
                      function_ref<LogicalResult(const std::string &)> errorHandler) {
            return addPassToPipeline(allocator, pm, options, errorHandler);
          },
          allocator) {}

const PassInfo *PassInfo::lookup(std::string_view passArg) {
  auto it = passRegistry().find(passArg);
  return it == passRegistry().end() ? nullptr : &it->second;
}

const PassPipelineInfo *PassPipelineInfo::lookup(std::string_view pipelineArg) {
  auto it = pipelineRegistry().find(pipelineArg);
  return it == pipelineRegistry().end() ? nullptr : &it->second;
}

void lamina::registerPass(std::string_view arg, std::string_view description, PassAllocatorFunction allocator) {
  passRegistry().try_emplace(arg, arg, description, allocator);
}

void lamina::registerPassPipeline(std::string_view arg, std::string_view description, PassRegistryFunction builder) {
  pipelineRegistry().try_emplace(arg, arg, description, std::move(builder));
}

std::vector<const PassInfo *> lamina::getRegisteredPasses() {
  std::vector<const PassInfo *> result;
  for (auto &entry : passRegistry())
    result.push_back(&entry.second);
  return result;
}

void lamina::printRegisteredPasses(raw_ostream &os) {
  size_t maxWidth = 0;
  for (auto &entry : passRegistry())
    maxWidth = std::max(maxWidth, entry.second.getOptionWidth() + 4);
  os << "Passes:\n";
  for (auto &entry : passRegistry())
    entry.second.printHelpStr(os, 2, maxWidth);
}

//===----------------------------------------------------------------------===//
// Textual pipelines
//===----------------------------------------------------------------------===//

namespace {
/// A parsed pipeline: a tree of names with options and nested pipelines.
class TextualPipeline {
public:
  LogicalResult initialize(std::string_view text, raw_ostream &errorStream);
  LogicalResult addToPipeline(OpPassManager &pm, function_ref<LogicalResult(const std::string &)> errorHandler) const;

private:
  struct PipelineElement {
    explicit PipelineElement(std::string_view name) : name(name) {}
    std::string_view name;
    std::string_view options;
    const PassRegistryEntry *registryEntry = nullptr;
    std::vector<PipelineElement> innerPipeline;
  };
  using ErrorHandlerT = function_ref<LogicalResult(const char *, const std::string &)>;

  LogicalResult parsePipelineText(std::string_view text, ErrorHandlerT errorHandler);
  LogicalResult resolvePipelineElements(std::vector<PipelineElement> &elements, ErrorHandlerT errorHandler);
  LogicalResult addToPipeline(const std::vector<PipelineElement> &elements, OpPassManager &pm,
                              function_ref<LogicalResult(const std::string &)> errorHandler) const;

  std::unique_ptr<MemoryBuffer> buffer;
  std::vector<PipelineElement> pipeline;
};
} // namespace

static std::string_view trimView(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\n\v\f\r");
  if (b == std::string_view::npos)
    return s.substr(s.size());
  size_t e = s.find_last_not_of(" \t\n\v\f\r");
  return s.substr(b, e - b + 1);
}
static std::string_view ltrimView(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\n\v\f\r");
  return b == std::string_view::npos ? std::string_view(s.data() + s.size(), 0) : s.substr(b);
}

LogicalResult TextualPipeline::initialize(std::string_view text, raw_ostream &errorStream) {
  if (text.empty())
    return success();
  buffer = MemoryBuffer::getMemBufferCopy(text, "MLIR Textual PassPipeline Parser");
  auto errorHandler = [&](const char *rawLoc, const std::string &msg) -> LogicalResult {
    printSourceMessage(errorStream, buffer.get(), rawLoc, DiagnosticSeverity::Error, msg);
    return failure();
  };
  if (failed(parsePipelineText(buffer->getBuffer(), errorHandler)))
    return failure();
  return resolvePipelineElements(pipeline, errorHandler);
}

LogicalResult TextualPipeline::parsePipelineText(std::string_view text, ErrorHandlerT errorHandler) {
  std::vector<std::vector<PipelineElement> *> stack = {&pipeline};
  for (;;) {
    std::vector<PipelineElement> &current = *stack.back();
    size_t pos = text.find_first_of(",(){");
    current.emplace_back(trimView(text.substr(0, pos)));
    if (pos == std::string_view::npos)
      break;
    text = text.substr(pos);
    char sep = text[0];
    if (sep == '{') {
      text = text.substr(1);
      size_t close = std::string_view::npos;
      for (size_t i = 0, e = text.size(), braceCount = 1; i < e; ++i) {
        if (text[i] == '{') {
          ++braceCount;
          continue;
        }
        if (text[i] == '}' && --braceCount == 0) {
          close = i;
          break;
        }
      }
      if (close == std::string_view::npos)
        return errorHandler(text.data() - 1, "missing closing '}' while processing pass options");
      current.back().options = text.substr(0, close);
      text = ltrimView(text.substr(close + 1));
    } else if (sep == '(') {
      text = text.substr(1);
      stack.push_back(&current.back().innerPipeline);
      continue;
    }
    while (!text.empty() && text[0] == ')') {
      text = text.substr(1);
      if (stack.size() == 1)
        return errorHandler(text.data() - 1,
                            "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline");
      stack.pop_back();
      text = ltrimView(text);
    }
    if (text.empty())
      break;
    if (text[0] != ',')
      return errorHandler(text.data(), "expected ',' after parsing pipeline");
    text = text.substr(1);
  }
  if (stack.size() > 1)
    return errorHandler(text.data(), "encountered unbalanced parentheses while parsing pipeline");
  return success();
}

LogicalResult TextualPipeline::resolvePipelineElements(std::vector<PipelineElement> &elements,
                                                       ErrorHandlerT errorHandler) {
  // An explicit stack: pipelines nest as deep as the text says.
  std::vector<std::pair<std::vector<PipelineElement> *, size_t>> stack = {{&elements, 0}};
  while (!stack.empty()) {
    auto &[list, index] = stack.back();
    if (index == list->size()) {
      stack.pop_back();
      continue;
    }
    PipelineElement &element = (*list)[index++];
    if (!element.innerPipeline.empty()) {
      stack.push_back({&element.innerPipeline, 0});
      continue;
    }
    if ((element.registryEntry = PassPipelineInfo::lookup(element.name)))
      continue;
    if ((element.registryEntry = PassInfo::lookup(element.name)))
      continue;
    std::string message = "'";
    message.append(element.name).append("' does not refer to a registered pass or pass pipeline");
    return errorHandler(element.name.data(), message);
  }
  return success();
}

LogicalResult TextualPipeline::addToPipeline(OpPassManager &pm,
                                             function_ref<LogicalResult(const std::string &)> errorHandler) const {
  // Nest exactly as written: implicit nesting would hide mistakes.
  OpPassManager::Nesting nesting = pm.getNesting();
  pm.setNesting(OpPassManager::Nesting::Explicit);
  LogicalResult result = addToPipeline(pipeline, pm, errorHandler);
  pm.setNesting(nesting);
  return result;
}

LogicalResult TextualPipeline::addToPipeline(const std::vector<PipelineElement> &elements, OpPassManager &pm,
                                             function_ref<LogicalResult(const std::string &)> errorHandler) const {
  for (const PipelineElement &elt : elements) {
    if (elt.registryEntry) {
      if (failed(elt.registryEntry->addToPipeline(pm, elt.options, errorHandler)))
        return errorHandler("failed to add `" + std::string(elt.name) + "` with options `" +
                            std::string(elt.options) + "`");
    } else if (failed(addToPipeline(elt.innerPipeline, pm.nest(elt.name), errorHandler))) {
      return errorHandler("failed to add `" + std::string(elt.name) + "` with options `" + std::string(elt.options) +
                          "` to inner pipeline");
    }
  }
  return success();
}

LogicalResult lamina::parsePassPipeline(std::string_view pipeline, OpPassManager &pm, raw_ostream &errorStream) {
  TextualPipeline parser;
  if (failed(parser.initialize(pipeline, errorStream)))
    return failure();
  auto errorHandler = [&](const std::string &msg) -> LogicalResult {
    errorStream << msg << '\n';
    return failure();
  };
  return parser.addToPipeline(pm, errorHandler);
}

FailureOr<OpPassManager> lamina::parsePassPipeline(std::string_view pipeline, raw_ostream &errorStream) {
  pipeline = trimView(pipeline);
  size_t start = pipeline.find('(');
  if (start == 0 || start == std::string_view::npos || pipeline.empty() || pipeline.back() != ')') {
    errorStream << "expected pass pipeline to be wrapped with the anchor operation type, e.g. "
                   "'builtin.module(...)'";
    return failure();
  }
  pipeline.remove_suffix(1);
  std::string_view opName = pipeline.substr(0, start);
  while (!opName.empty() && std::string_view(" \t\n\v\f\r").find(opName.back()) != std::string_view::npos)
    opName.remove_suffix(1);
  OpPassManager pm(opName);
  if (failed(parsePassPipeline(pipeline.substr(start + 1), pm, errorStream)))
    return failure();
  return pm;
}

LogicalResult cl::ValueParser<OpPassManager>::parse(const Option &, std::string_view, std::string_view value,
                                                   OpPassManager &result) {
  FailureOr<OpPassManager> pipeline = parsePassPipeline(value, errs());
  if (failed(pipeline))
    return failure();
  result = std::move(*pipeline);
  return success();
}

void cl::ValueParser<OpPassManager>::print(raw_ostream &os, const OpPassManager &pm) {
  pm.printAsTextualPipeline(os);
}

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

namespace {
/// One `--pass-arg[=options]` occurrence.
struct PassArgData {
  const PassRegistryEntry *registryEntry;
  std::string options;
};

/// The flag of one registered pass or pipeline; occurrences append to the
/// shared, ordered pass list.
class PassFlagOption : public cl::Option {
public:
  PassFlagOption(const PassRegistryEntry *entry, std::vector<PassArgData> &passList)
      : cl::Option(nullptr, entry->getPassArgument(), entry->getPassDescription(), cl::ValueExpected::Optional),
        entry(entry), passList(passList) {
    hidden = true; // listed under "Compiler passes to run"
  }

protected:
  LogicalResult handleOccurrence(std::string_view, std::optional<std::string_view> value) override {
    passList.push_back({entry, value ? std::string(*value) : std::string()});
    return success();
  }

private:
  const PassRegistryEntry *entry;
  std::vector<PassArgData> &passList;
};

/// `-p`: another spelling of `--pass-pipeline`.
class AliasOption : public cl::Option {
public:
  AliasOption(std::string_view arg, std::string_view description, cl::Option &target)
      : cl::Option(nullptr, arg, description, cl::ValueExpected::Required), target(target) {
    hidden = true;
  }

protected:
  LogicalResult handleOccurrence(std::string_view argName, std::optional<std::string_view> value) override {
    return target.addOccurrence(argName, value);
  }

private:
  cl::Option &target;
};

std::string_view passListDescription;

size_t passListWidth() {
  size_t width = 0;
  for (auto &entry : passRegistry())
    width = std::max(width, entry.first.size() + 8);
  for (auto &entry : pipelineRegistry())
    width = std::max(width, entry.first.size() + 8);
  width += 2;
  for (auto &entry : passRegistry())
    width = std::max(width, entry.second.getOptionWidth() + 4);
  for (auto &entry : pipelineRegistry())
    width = std::max(width, entry.second.getOptionWidth() + 4);
  return width;
}

void printPassList(raw_ostream &os, size_t globalWidth) {
  os << "  " << passListDescription << '\n';
  os.indent(4) << "Passes:\n";
  for (auto &entry : passRegistry())
    entry.second.printHelpStr(os, 6, globalWidth);
  if (!pipelineRegistry().empty()) {
    os.indent(4) << "Pass Pipelines:\n";
    for (auto &entry : pipelineRegistry())
      entry.second.printHelpStr(os, 6, globalWidth);
  }
}
} // namespace

struct PassPipelineCLParser::Impl {
  std::vector<PassArgData> passList;
  std::vector<std::unique_ptr<PassFlagOption>> flags;
  cl::opt<std::string> passPipeline{"pass-pipeline", "Textual description of the pass pipeline to run"};
  AliasOption alias{"p", "Alias for --pass-pipeline", passPipeline};
};

PassPipelineCLParser::PassPipelineCLParser(std::string_view description) : impl(std::make_unique<Impl>()) {
  for (auto &entry : passRegistry())
    impl->flags.push_back(std::make_unique<PassFlagOption>(&entry.second, impl->passList));
  for (auto &entry : pipelineRegistry())
    impl->flags.push_back(std::make_unique<PassFlagOption>(&entry.second, impl->passList));
  passListDescription = description;
  cl::setExtraHelpSection({&passListWidth, &printPassList});
}

PassPipelineCLParser::~PassPipelineCLParser() {
  // Unregister the options owned here from the tool flags.
  // (A sorted list of them: a flag per registered pass, and as many other
  // tool options; an in-process driver makes a parser per run.)
  std::vector<const cl::Option *> owned = {&impl->passPipeline, &impl->alias};
  for (auto &flag : impl->flags)
    owned.push_back(flag.get());
  std::sort(owned.begin(), owned.end());
  std::vector<cl::Option *> &tool = cl::getToolOptions();
  tool.erase(std::remove_if(tool.begin(), tool.end(),
                            [&](cl::Option *opt) { return std::binary_search(owned.begin(), owned.end(), opt); }),
             tool.end());
  cl::setExtraHelpSection({});
}

bool PassPipelineCLParser::hasAnyOccurrences() const {
  return impl->passPipeline.getNumOccurrences() != 0 || !impl->passList.empty();
}

LogicalResult PassPipelineCLParser::addToPipeline(
    OpPassManager &pm, function_ref<LogicalResult(const std::string &)> errorHandler) const {
  if (impl->passPipeline.getNumOccurrences()) {
    if (!impl->passList.empty())
      return errorHandler("'-pass-pipeline' option can't be used with individual pass options");
    std::string errMsg;
    raw_string_ostream os(errMsg);
    FailureOr<OpPassManager> parsed = parsePassPipeline(impl->passPipeline.getValue(), os);
    os.flush();
    if (failed(parsed))
      return errorHandler(errMsg);
    pm = std::move(*parsed);
    return success();
  }
  for (const PassArgData &pass : impl->passList)
    if (failed(pass.registryEntry->addToPipeline(pm, pass.options, errorHandler)))
      return failure();
  return success();
}
