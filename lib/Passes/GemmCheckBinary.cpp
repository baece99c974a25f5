//===- GemmCheckBinary.cpp - Reject code objects that spill ---------------===//
//
// Whether a kernel fits 256 VGPRs is only known after register allocation;
// the backend then spills silently. This pass turns a spill into an error.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/CodeObject/CodeObjectInfo.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

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
        for (const ::gemm::KernelInfo &kernel : info->Kernels) {
          if (kernel.PrivateSegmentSize == 0)
            continue;
          emitError(binary.getLoc())
              << "kernel '" << kernel.Name << "' spills "
              << kernel.PrivateSegmentSize << " bytes per lane to scratch with "
              << kernel.VgprCount
              << " VGPRs: the tile options need more registers than a lane "
                 "has; use a smaller bk, prefetch=registers or "
                 "scheduler=tiling";
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // The dispatch packet holds each grid dimension in work-items as 32 bits;
    // a larger static grid would be truncated by the runtime.
    result = getOperation().walk([](gpu::LaunchFuncOp launch) {
      gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
      gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
      for (auto [name, groups, lanes] :
           {std::tuple("x", grid.x, block.x), std::tuple("y", grid.y, block.y),
            std::tuple("z", grid.z, block.z)}) {
        std::optional<int64_t> numGroups = getConstantIntValue(groups);
        std::optional<int64_t> numLanes = getConstantIntValue(lanes);
        int64_t workItems;
        if (!numGroups || !numLanes ||
            (!llvm::MulOverflow(*numGroups, *numLanes, workItems) &&
             workItems <= int64_t(UINT32_MAX)))
          continue;
        launch.emitError() << "launches " << *numGroups << " workgroups of "
                           << *numLanes << " work-items in grid dimension "
                           << name
                           << "; gfx11 allows at most 2^32 - 1 work-items per "
                              "grid dimension: the matrices are too large";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
