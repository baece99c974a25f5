//===- GemmSelectConfig.cpp - Choose each matmul's kernel configuration ---===//
//
// The one place a matmul's #gemm.config is set; the tiling passes only read
// it. Today the choice is the options' values for every matmul, but for the
// split of the grid's tail (split-tail=0), chosen per shape; the rest of a
// choice per shape belongs here too.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
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
    getOperation().walk([&](linalg::LinalgOp op) {
      // A matmul inside a launch is already a kernel's.
      if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op) &&
          !op->getParentOfType<gpu::LaunchOp>())
        op->setAttr(GemmDialect::getConfigAttrName(),
                    selectConfig(op).toAttr(&getContext()));
    });
  }

private:
  KernelConfig selectConfig(linalg::LinalgOp matmul) const {
    KernelConfig config = getKernelConfig();
    if (config.splitTail != 0)
      return config;
    // The split tail covers plain 2-D matmuls (C += A x B): a batch has
    // grid z, and an epilogue would have to run after the second kernel.
    KernelTile tile;
    static_cast<KernelConfig &>(tile) = config;
    SmallVector<int64_t> loops = getLoopSizes(matmul);
    bool plain = isa<linalg::MatmulOp>(matmul) && !getEpilogue(matmul) &&
                 loops.size() == 3;
    if (plain) {
      tile.m = loops[0];
      tile.n = loops[1];
      tile.k = loops[2];
    }
    config.splitTail = plain ? chooseSplitTail(tile) : 1;
    return config;
  }
};

} // namespace

std::unique_ptr<Pass>
mlir::gemm::createGemmSelectConfig(const KernelConfig &config) {
  return std::make_unique<GemmSelectConfigPass>(config);
}
