//===- Pass.cpp - Pass managers in the C API ------------------------------===//
#include "lamina-c/Pass.h"

#include "Wrap.h"

#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassRegistry.h"

using namespace lamina;

static PassManager *unwrap(LaminaPassManager pm) { return static_cast<PassManager *>(pm.ptr); }
static LaminaPassManager wrap(PassManager *pm) { return LaminaPassManager{pm}; }
static OpPassManager *unwrap(LaminaOpPassManager pm) { return static_cast<OpPassManager *>(pm.ptr); }
static LaminaOpPassManager wrap(OpPassManager *pm) { return LaminaOpPassManager{pm}; }

LaminaPassManager laminaPassManagerCreate(LaminaContext ctx) {
  return wrap(new PassManager(unwrap(ctx), OpPassManager::getAnyOpAnchorName()));
}

LaminaPassManager laminaPassManagerCreateOnOperation(LaminaContext ctx, LaminaStringRef anchorOp) {
  return wrap(new PassManager(unwrap(ctx), unwrap(anchorOp)));
}

void laminaPassManagerDestroy(LaminaPassManager passManager) { delete unwrap(passManager); }

LaminaOpPassManager laminaPassManagerGetAsOpPassManager(LaminaPassManager passManager) {
  return wrap(static_cast<OpPassManager *>(unwrap(passManager)));
}

LaminaLogicalResult laminaPassManagerRunOnOp(LaminaPassManager passManager, LaminaOperation op) {
  return wrap(unwrap(passManager)->run(unwrap(op)));
}

void laminaPassManagerEnableVerifier(LaminaPassManager passManager, bool enable) {
  unwrap(passManager)->enableVerifier(enable);
}

LaminaOpPassManager laminaPassManagerGetNestedUnder(LaminaPassManager passManager, LaminaStringRef operationName) {
  return wrap(&unwrap(passManager)->nest(unwrap(operationName)));
}

LaminaOpPassManager laminaOpPassManagerGetNestedUnder(LaminaOpPassManager passManager, LaminaStringRef operationName) {
  return wrap(&unwrap(passManager)->nest(unwrap(operationName)));
}

LaminaLogicalResult laminaOpPassManagerAddPipeline(LaminaOpPassManager passManager, LaminaStringRef pipelineElements,
                                                   LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream errors(callback, userData);
  return wrap(parsePassPipeline(unwrap(pipelineElements), *unwrap(passManager), errors));
}

LaminaLogicalResult laminaParsePassPipeline(LaminaOpPassManager passManager, LaminaStringRef pipeline,
                                            LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream errors(callback, userData);
  FailureOr<OpPassManager> parsed = parsePassPipeline(unwrap(pipeline), errors);
  if (failed(parsed))
    return laminaLogicalResultFailure();
  OpPassManager &pm = *unwrap(passManager);
  if (parsed->getOpAnchorName() != pm.getOpAnchorName()) {
    errors << "Can't add pipeline that runs on '" << parsed->getOpAnchorName() << "' to a pass manager that runs on '"
           << pm.getOpAnchorName() << "'\n";
    return laminaLogicalResultFailure();
  }
  // The pipeline is `anchor(elements)` (it parsed): add the elements.
  std::string_view text = unwrap(pipeline);
  size_t open = text.find('('), close = text.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    return laminaLogicalResultSuccess(); // `anchor` alone: no passes
  return wrap(parsePassPipeline(text.substr(open + 1, close - open - 1), pm, errors));
}

void laminaPrintPassPipeline(LaminaOpPassManager passManager, LaminaStringCallback callback, void *userData) {
  detail::CallbackOstream os(callback, userData);
  unwrap(passManager)->printAsTextualPipeline(os);
}
