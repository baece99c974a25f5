//===- GemmCheckBinary.cpp - Reject code objects that spill ---------------===//
//
// Whether a kernel fits 256 VGPRs is only known after register allocation;
// the backend then spills silently. This pass turns a spill into an error.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/CodeObject/CodeObjectInfo.h"
#include "gemm-opt/Passes/Passes.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMCHECKBINARY
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;

namespace {

struct GemmCheckBinaryPass
    : public mlir::gemm::impl::GemmCheckBinaryBase<GemmCheckBinaryPass> {
  using Base::Base;

  void runOnOperation() override {
    WalkResult result = getOperation().walk([](gpu::BinaryOp binary) {
      for (Attribute attr : binary.getObjects()) {
        auto object = dyn_cast<gpu::ObjectAttr>(attr);
        if (!object || object.getFormat() != gpu::CompilationTarget::Binary)
          continue;
        llvm::Expected<::gemm::CodeObjectInfo> info =
            ::gemm::readCodeObjectInfo(object.getObject().getValue());
        if (!info) {
          emitError(binary.getLoc()) << llvm::toString(info.takeError());
          return WalkResult::interrupt();
        }
        for (const ::gemm::KernelInfo &kernel : info->kernels) {
          if (kernel.privateSegmentSize == 0)
            continue;
          emitError(binary.getLoc())
              << "kernel '" << kernel.name << "' spills "
              << kernel.privateSegmentSize << " bytes per lane to scratch with "
              << kernel.vgprCount
              << " VGPRs: the tile options need more registers than a lane "
                 "has; use a smaller bk, or prefetch=registers";
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
