//===- GemmTransformOps.h - gemm-opt's steps as transform ops ---*- C++ -*-===//
//
// The transform dialect's gemm extension: each step of gemm-rdna3-pipeline as
// a transform op (docs/transform-ops.md).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMOPS_GEMMTRANSFORMOPS_H
#define GEMM_OPT_TRANSFORMOPS_GEMMTRANSFORMOPS_H

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::gemm {

/// The steps' shared parts, which the ops' generated definitions call.
llvm::LogicalResult addPassStep(
    OpPassManager &pm, std::unique_ptr<Pass> pass, llvm::StringRef options,
    llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)> emitError);
llvm::LogicalResult addEmitBinaryStep(
    OpPassManager &pm, llvm::StringRef options,
    llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)> emitError);
llvm::LogicalResult
verifyStep(Operation *op, llvm::StringRef anchor,
           llvm::function_ref<llvm::LogicalResult(
               OpPassManager &,
               llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)>)>
               addPasses);
DiagnosedSilenceableFailure
applyStep(transform::TransformOpInterface op, Value target, Value result,
          llvm::StringRef anchor,
          llvm::function_ref<llvm::LogicalResult(
              OpPassManager &,
              llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)>)>
              addPasses,
          transform::TransformState &state,
          transform::TransformResults &results);

template <typename StepOp> llvm::LogicalResult verifyStep(StepOp op) {
  return verifyStep(op, StepOp::getAnchorName(),
                    [&](OpPassManager &pm, auto emitError) {
                      return op.addStepPasses(pm, emitError);
                    });
}

template <typename StepOp>
DiagnosedSilenceableFailure applyStep(StepOp op,
                                      transform::TransformState &state,
                                      transform::TransformResults &results) {
  return applyStep(
      cast<transform::TransformOpInterface>(op.getOperation()), op.getTarget(),
      op.getResult(), StepOp::getAnchorName(),
      [&](OpPassManager &pm, auto emitError) {
        return op.addStepPasses(pm, emitError);
      },
      state, results);
}

/// Registers the gemm extension of the transform dialect in `registry`.
void registerTransformDialectExtension(DialectRegistry &registry);

} // namespace mlir::gemm

#define GET_OP_CLASSES
#include "gemm-opt/TransformOps/GemmTransformOps.h.inc"

#endif // GEMM_OPT_TRANSFORMOPS_GEMMTRANSFORMOPS_H
