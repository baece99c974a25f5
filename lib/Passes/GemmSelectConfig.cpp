//===- GemmSelectConfig.cpp - Choose each matmul's kernel configuration ---===//
//
// The one place a matmul's #gemm.config is set; the tiling passes only read
// it. Today the choice is the options' values for every matmul; a choice per
// shape belongs here too.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/Passes.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMSELECTCONFIG
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

// The options are declared in KernelConfigOptions, shared with the
// pipelines, rather than in Passes.td.
struct GemmSelectConfigPass
    : public KernelConfigOptions<
          mlir::gemm::impl::GemmSelectConfigBase<GemmSelectConfigPass>> {
  GemmSelectConfigPass() = default;
  explicit GemmSelectConfigPass(const KernelConfig &config) {
    setKernelConfig(config);
  }

  void runOnOperation() override {
    KernelConfigAttr config = getKernelConfig().toAttr(&getContext());
    getOperation().walk([&](linalg::LinalgOp op) {
      // A matmul inside a launch is already a kernel's.
      if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op) &&
          !op->getParentOfType<gpu::LaunchOp>())
        op->setAttr(GemmDialect::getConfigAttrName(), config);
    });
  }
};

} // namespace

std::unique_ptr<Pass>
mlir::gemm::createGemmSelectConfig(const KernelConfig &config) {
  return std::make_unique<GemmSelectConfigPass>(config);
}
