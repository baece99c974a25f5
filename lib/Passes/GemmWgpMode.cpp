//===- GemmWgpMode.cpp - WGP mode for the kernels a plan asks it of -------===//
//
// The pipeline compiles its gpu.modules in CU mode (+cumode on the ROCDL
// target), but a skinny plan may ask for WGP mode, where the WGP's two CUs
// take workgroups as one unit. The mode is a subtarget feature, and LLVM
// reads a function's "target-features" in place of the target machine's,
// so the kernel's gpu.func gets the module's features with -cumode: the
// ROCDL lowering carries the attribute to the llvm.func, and the backend
// sets the kernel descriptor's WGP_MODE from it. The plan is chosen before
// outlining, which drops a gpu.launch's attributes; gemm-tile-skinny lists
// the kernels on the function that launches them instead.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Dialect/Gemm.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMWGPMODE
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {
struct GemmWgpModePass
    : public mlir::gemm::impl::GemmWgpModeBase<GemmWgpModePass> {
  using Base::Base;

  void runOnOperation() override;
};
} // namespace

/// The features of `module`'s ROCDL target with CU mode off: the function's
/// features replace the target machine's, so the others must stay.
static LLVM::TargetFeaturesAttr getWgpModeFeatures(gpu::GPUModuleOp module) {
  SmallVector<StringRef> features;
  if (ArrayAttr targets = module.getTargetsAttr())
    for (auto target : targets.getAsRange<ROCDL::ROCDLTargetAttr>()) {
      SmallVector<StringRef> listed;
      target.getFeatures().split(listed, ',', -1, /*KeepEmpty=*/false);
      for (StringRef feature : listed)
        if (feature.drop_front() != "cumode" &&
            !llvm::is_contained(features, feature))
          features.push_back(feature);
    }
  features.push_back("-cumode");
  return LLVM::TargetFeaturesAttr::get(module.getContext(), features);
}

void GemmWgpModePass::runOnOperation() {
  StringRef attrName = GemmDialect::getWgpModeKernelsAttrName();
  WalkResult result = getOperation().walk([&](func::FuncOp func) {
    auto kernels = func->getAttrOfType<ArrayAttr>(attrName);
    if (!kernels)
      return WalkResult::advance();
    for (auto kernel : kernels.getAsRange<SymbolRefAttr>()) {
      gpu::GPUFuncOp kernelFunc;
      func.walk([&](gpu::LaunchFuncOp launch) {
        if (launch.getKernelName() == kernel.getLeafReference())
          kernelFunc = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
              launch, launch.getKernel());
      });
      if (!kernelFunc) {
        func.emitOpError() << "lists kernel " << kernel
                           << " for WGP mode, but launches no such kernel";
        return WalkResult::interrupt();
      }
      kernelFunc->setAttr(
          "target_features",
          getWgpModeFeatures(kernelFunc->getParentOfType<gpu::GPUModuleOp>()));
    }
    func->removeAttr(attrName);
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    signalPassFailure();
}
