//===- GemmSelectConfig.cpp - Choose each matmul's kernel configuration ---===//
//
// The one place a matmul's #gemm.config is set; the tiling passes only read
// it. Today the choice is the options' values for every matmul, but for the
// split of the grid's tail (split-tail=0), chosen per shape; the rest of a
// choice per shape belongs here too.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "SkinnyPlan.h"
#include "gemm-opt/Passes/Passes.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMSELECTCONFIG
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

/// A matmul smaller than the default tile along M or N would go to the
/// simple lowering; unless a tile option was given, the largest tile of the
/// default 4 x 1 wave grid that fits it takes its place. Below 2^24
/// multiply-adds the simple kernel's many small workgroups stay faster (the
/// timing model: 0.004 against 0.006 ms at 100 x 100 x 64, 0.016 against
/// 0.026 at 128 x 32 x 256; 0.353 against 0.157 at 1760 x 64 x 1760).
static void selectTile(KernelConfig &config, ArrayRef<int64_t> mnk) {
  KernelConfig defaults;
  if (!config.tileChosenPerShape || llvm::any_of(mnk, ShapedType::isDynamic) ||
      (mnk[0] >= config.bm && mnk[1] >= config.bn) ||
      config.wavesM != defaults.wavesM || config.wavesN != defaults.wavesN)
    return;
  if (double(mnk[0]) * double(mnk[1]) * double(mnk[2]) <
      double(kMinTiledMultiplyAdds))
    return;
  static const std::pair<int64_t, int64_t> smallerTiles[] = {
      {128, 64}, {64, 128}, {64, 64}, {128, 32}, {64, 32}};
  for (auto [bm, bn] : smallerTiles) {
    if (mnk[0] < bm || mnk[1] < bn)
      continue;
    config.bm = bm;
    config.bn = bn;
    return;
  }
}

/// The skinny kernel for a static matmul whose smaller side is at most
/// kMaxAutoSkinnySize (and that it can compile), else the tiled kernel.
static KernelKind selectKernel(linalg::LinalgOp matmul,
                               const KernelConfig &config) {
  std::optional<MatmulLayout> layout = getMatmulLayout(matmul);
  SmallVector<int64_t> loops = getLoopSizes(matmul);
  if (!layout)
    return KernelKind::Tiled;
  int64_t batch = loops.size() == 4 ? loops[0] : 1;
  ArrayRef<int64_t> mnk = ArrayRef(loops).take_back(3);
  std::string ignored;
  llvm::raw_string_ostream ignoredOs(ignored);
  FailureOr<SkinnyPlan> plan = getSkinnyPlan(
      batch, mnk[0], mnk[1], mnk[2], *layout, config.computeUnits, ignoredOs);
  if (failed(plan) || plan->s > kMaxAutoSkinnySize)
    return KernelKind::Tiled;
  return KernelKind::Skinny;
}

namespace {

// The options are declared in KernelConfigOptions, shared with the
// pipelines, rather than in Passes.td.
struct GemmSelectConfigPass
    : public KernelConfigOptions<
          mlir::gemm::impl::GemmSelectConfigBase<GemmSelectConfigPass>> {
  GemmSelectConfigPass() = default;
  explicit GemmSelectConfigPass(const KernelConfig &config)
      : pipelineTileChosenPerShape(config.tileChosenPerShape) {
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
  // A pipeline passes its own options' choice (setKernelConfig marks every
  // option given).
  std::optional<bool> pipelineTileChosenPerShape;

  KernelConfig selectConfig(linalg::LinalgOp matmul) const {
    KernelConfig config = getKernelConfig();
    if (pipelineTileChosenPerShape)
      config.tileChosenPerShape = *pipelineTileChosenPerShape;
    SmallVector<int64_t> sizes = getLoopSizes(matmul);
    if (config.kernel == KernelKind::Auto)
      config.kernel = selectKernel(matmul, config);
    // gemm-tile-skinny reads nothing else.
    if (config.kernel == KernelKind::Skinny) {
      config.splitTail = 1;
      return config;
    }
    selectTile(config, ArrayRef(sizes).take_back(3));
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
