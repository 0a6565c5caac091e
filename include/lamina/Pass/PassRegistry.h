//===- PassRegistry.h - Registered passes and textual pipelines -----------===//
//
// The process-wide registry of passes (by argument: `cse`) and named pass
// pipelines, the textual pipeline parser (`builtin.module(func.func(cse))`,
// `pass{opt=value}`) with mlir-opt's error messages, and the command-line
// side: one flag per registered pass (`-cse`, `--inline=...`) plus
// `--pass-pipeline`/`-p`. Passes usually register through a pass table (see
// PassTable.h) and a `register<Group>Passes()` function the tool calls.
//
#pragma once

#include "lamina/Pass/PassManager.h"
#include "lamina/Support/CommandLine.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lamina {

class OpPassManager;
class Pass;

/// Creates a fresh instance of a pass.
using PassAllocatorFunction = std::unique_ptr<Pass> (*)();
/// Adds a pass or pipeline to `pm` given its option string; reports errors
/// through `errorHandler` (which returns failure).
using PassRegistryFunction = std::function<LogicalResult(
    OpPassManager &pm, std::string_view options, function_ref<LogicalResult(const std::string &)> errorHandler)>;

/// A registered pass or pass pipeline.
class PassRegistryEntry {
public:
  std::string_view getPassArgument() const { return arg; }
  std::string_view getPassDescription() const { return description; }
  /// Adds the entry to `pm` with `options`.
  LogicalResult addToPipeline(OpPassManager &pm, std::string_view options,
                              function_ref<LogicalResult(const std::string &)> errorHandler) const {
    return builder(pm, options, errorHandler);
  }
  /// Prints `--arg - description` and the entry's options, descriptions
  /// aligned at `descIndent` (MLIR's printHelpStr).
  void printHelpStr(raw_ostream &os, size_t indent, size_t descIndent) const;
  /// The width the entry's options need (0 without options).
  size_t getOptionWidth() const;

protected:
  PassRegistryEntry(std::string_view arg, std::string_view description, PassRegistryFunction builder,
                    PassAllocatorFunction optionsSource)
      : arg(arg), description(description), builder(std::move(builder)), optionsSource(optionsSource) {}

private:
  std::string_view arg;
  std::string_view description;
  PassRegistryFunction builder;
  /// Creates an instance whose options describe the entry (null: none).
  PassAllocatorFunction optionsSource;
};

/// A registered pass.
class PassInfo : public PassRegistryEntry {
public:
  PassInfo(std::string_view arg, std::string_view description, PassAllocatorFunction allocator);
  /// The pass registered under `passArg`, or null.
  static const PassInfo *lookup(std::string_view passArg);
};

/// A registered pass pipeline (a name for a sequence of passes).
class PassPipelineInfo : public PassRegistryEntry {
public:
  PassPipelineInfo(std::string_view arg, std::string_view description, PassRegistryFunction builder)
      : PassRegistryEntry(arg, description, std::move(builder), nullptr) {}
  static const PassPipelineInfo *lookup(std::string_view pipelineArg);
};

/// Registers a pass under `arg` (the argument and summary usually come from
/// the pass table). Registering the same argument twice keeps the first.
void registerPass(std::string_view arg, std::string_view description, PassAllocatorFunction allocator);
/// Registers a named pipeline.
void registerPassPipeline(std::string_view arg, std::string_view description, PassRegistryFunction builder);
/// The registered passes sorted by argument.
std::vector<const PassInfo *> getRegisteredPasses();
/// Prints the pass list of `--list-passes` to `os`.
void printRegisteredPasses(raw_ostream &os);

/// Parses the textual pipeline `pipeline` (the inside of an anchor:
/// `cse,func.func(canonicalize)`) and adds it to `pm`; errors (with a caret
/// under the offending text) go to `errorStream`.
LogicalResult parsePassPipeline(std::string_view pipeline, OpPassManager &pm, raw_ostream &errorStream);
/// Parses a full pipeline `anchor(...)`.
FailureOr<OpPassManager> parsePassPipeline(std::string_view pipeline, raw_ostream &errorStream);

/// The command-line pass flags (one per registered pass and pipeline) and
/// `--pass-pipeline` (with the alias `-p`). Construct it after registering
/// passes and before parsing the command line.
class PassPipelineCLParser {
public:
  PassPipelineCLParser(std::string_view description);
  ~PassPipelineCLParser();
  PassPipelineCLParser(const PassPipelineCLParser &) = delete;

  /// Whether any pass flag or `--pass-pipeline` was given.
  bool hasAnyOccurrences() const;
  /// Adds the requested passes to `pm` (or replaces `pm` by the parsed
  /// `--pass-pipeline`). Errors go to `errorHandler`.
  LogicalResult addToPipeline(OpPassManager &pm,
                              function_ref<LogicalResult(const std::string &)> errorHandler) const;

  struct Impl;

private:
  std::unique_ptr<Impl> impl;
};

} // namespace lamina
