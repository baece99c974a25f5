//===- GemmTransformOps.cpp - gemm-opt's steps as transform ops -----------===//
//
// Each op runs the pass (or, for gemm.emit_binary, the passes) that
// gemm-rdna3-pipeline adds for its step, built by the same factories with the
// same options, on its payload ops. Upstream's transform.apply_registered_pass
// runs any pass by name; these ops add what a script of our steps needs: a
// typed op per step with its documentation, options checked when the script
// is verified, a payload of the wrong kind refused with its name instead of
// nothing done, and gemm.emit_binary's several passes as one step.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/TransformOps/GemmTransformOps.h"
#include "gemm-opt/Passes/Pipeline.h"
#include "gemm-opt/Target/Target.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

namespace mlir::gemm {

LogicalResult
addPassStep(OpPassManager &pm, std::unique_ptr<Pass> pass, StringRef options,
            function_ref<LogicalResult(const Twine &)> emitError) {
  if (failed(pass->initializeOptions(options, emitError)))
    return failure();
  pm.addPass(std::move(pass));
  return success();
}

LogicalResult
addEmitBinaryStep(OpPassManager &pm, StringRef options,
                  function_ref<LogicalResult(const Twine &)> emitError) {
  EmitBinaryOptions parsed;
  std::string why;
  llvm::raw_string_ostream whyOs(why);
  if (failed(parsed.parseFromString(options, whyOs)))
    return emitError(StringRef(why).trim());
  if (!::gemm::lookupTarget(parsed.target))
    return emitError("unknown target '" + parsed.target +
                     "': expected one of " + ::gemm::getTargetNames());
  addBinaryPasses(pm, parsed.getCodegenConfig(), parsed.getOutputConfig(),
                  parsed.target);
  return success();
}

/// Upstream's option parser starts its messages with its own name, which
/// says nothing in a script.
static LogicalResult emitOptionsError(Operation *op, const Twine &message) {
  std::string text = message.str();
  StringRef why = text;
  why.consume_front("<Pass-Options-Parser>: ");
  return op->emitOpError() << "options: " << why;
}

LogicalResult verifyStep(
    Operation *op, StringRef anchor,
    function_ref<LogicalResult(OpPassManager &,
                               function_ref<LogicalResult(const Twine &)>)>
        addPasses) {
  OpPassManager pm(anchor, OpPassManager::Nesting::Implicit);
  return addPasses(
      pm, [&](const Twine &message) { return emitOptionsError(op, message); });
}

/// A function step also runs on a module's functions; anything else runs
/// only on its anchor.
static bool canRunOn(Operation *payload, StringRef anchor) {
  StringRef name = payload->getName().getStringRef();
  return name == anchor ||
         (anchor == func::FuncOp::getOperationName() && isa<ModuleOp>(payload));
}

DiagnosedSilenceableFailure applyStep(
    transform::TransformOpInterface op, Value target, Value result,
    StringRef anchor,
    function_ref<LogicalResult(OpPassManager &,
                               function_ref<LogicalResult(const Twine &)>)>
        addPasses,
    transform::TransformState &state, transform::TransformResults &results) {
  SmallVector<Operation *> payloads =
      llvm::to_vector(state.getPayloadOps(target));
  for (Operation *payload : payloads) {
    // A step may rewrite all it runs on: never the script being interpreted.
    if (payload->isAncestor(op))
      return emitDefiniteFailure(op->getLoc(),
                                 "cannot run on an op that holds the "
                                 "transform script; keep the script apart "
                                 "(transform-preload-library)");
    if (!canRunOn(payload, anchor)) {
      DiagnosedSilenceableFailure diag =
          op.emitSilenceableError()
          << "runs on '" << anchor << "'"
          << (anchor == func::FuncOp::getOperationName()
                  ? " or 'builtin.module'"
                  : "")
          << " ops, not on '" << payload->getName() << "'";
      diag.attachNote(payload->getLoc()) << "payload op";
      return diag;
    }
    PassManager pm(op->getContext(), payload->getName().getStringRef(),
                   OpPassManager::Nesting::Implicit);
    if (failed(addPasses(pm, [&](const Twine &message) {
          return emitOptionsError(op, message);
        })))
      return DiagnosedSilenceableFailure::definiteFailure();
    // The step's own diagnostics, at the payload's locations, say why.
    if (failed(pm.run(payload)))
      return DiagnosedSilenceableFailure::definiteFailure();
  }
  results.set(cast<OpResult>(result), payloads);
  return DiagnosedSilenceableFailure::success();
}

} // namespace mlir::gemm

#define GET_OP_CLASSES
#include "gemm-opt/TransformOps/GemmTransformOps.cpp.inc"

namespace {

class GemmTransformDialectExtension
    : public transform::TransformDialectExtension<
          GemmTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GemmTransformDialectExtension)

  using Base::Base;

  void init() {
    // The steps' passes load the dialects they create when they run; those
    // a script's payload holds before the first step are loaded here, since
    // the interpreter cannot load dialects while it runs.
    declareGeneratedDialect<bufferization::BufferizationDialect>();
    declareGeneratedDialect<func::FuncDialect>();
    declareGeneratedDialect<gpu::GPUDialect>();
    declareGeneratedDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "gemm-opt/TransformOps/GemmTransformOps.cpp.inc"
        >();
  }
};

} // namespace

void mlir::gemm::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<GemmTransformDialectExtension>();
}
