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

/// A plain 2-D C += A x B, the form a split of the grid's tail covers (a
/// batch has grid z; an epilogue would have to run after the second kernel).
static bool isPlainMatmul(linalg::LinalgOp matmul) {
  return isa<linalg::MatmulOp>(matmul) && !getEpilogue(matmul) &&
         getLoopSizes(matmul).size() == 3;
}

/// Unless a tile option was given: a matmul smaller than the default tile
/// along M or N, which would go to the simple lowering, gets the largest
/// tile of the default 4 x 1 wave grid that fits it, and one whose default
/// tiles would fill at most half the CUs gets 64 x 64 tiles. Below 2^24
/// multiply-adds the simple kernel's many small workgroups stay faster (the
/// timing model: 0.004 against 0.006 ms at 100 x 100 x 64, 0.016 against
/// 0.026 at 128 x 32 x 256; 0.353 against 0.157 at 1760 x 64 x 1760).
static void selectTile(KernelConfig &config, ArrayRef<int64_t> mnk,
                       int64_t batch, bool splittable) {
  KernelConfig defaults;
  if (!config.tileChosenPerShape || llvm::any_of(mnk, ShapedType::isDynamic) ||
      config.wavesM != defaults.wavesM || config.wavesN != defaults.wavesN)
    return;
  if (double(mnk[0]) * double(mnk[1]) * double(mnk[2]) <
      double(kMinTiledMultiplyAdds))
    return;
  if (mnk[0] >= config.bm && mnk[1] >= config.bn) {
    // Tiles for at most half the CUs: 64 x 64 ones, four times as many
    // (the timing model: 256 x 1000 x 2048 15.9 % of the roofline against
    // 7.6 %, 1024 x 700 x 512 40.9 % against 24.4 %), unless a split of
    // the default tiles in K gives twice the CUs workgroups (4096 x 128 x
    // 4096: 63.6 % split in 16 parts against 38.3 % with 64 x 64 tiles).
    // From 2^28 multiply-adds only: smaller grids keep the default tile, as
    // the examples and tests at 256^3 and 512^3 pin it.
    KernelTile tile;
    static_cast<KernelConfig &>(tile) = config;
    tile.m = mnk[0];
    tile.n = mnk[1];
    tile.k = mnk[2];
    int64_t tiles = tile.gridM() * tile.gridN() * batch;
    std::string ignored;
    llvm::raw_string_ostream ignoredOs(ignored);
    int64_t maxParts =
        std::min(kMaxSplitTailParts, tile.k / tile.bk / kMinAutoSplitTailSteps);
    if (splittable && maxParts >= 2 &&
        succeeded(getSplitTailGrid(tile, 2, ignoredOs)) &&
        tiles * maxParts >= 2 * config.computeUnits)
      return;
    if (tiles <= config.computeUnits / 2 && mnk[0] >= 64 && mnk[1] >= 64 &&
        double(mnk[0]) * double(mnk[1]) * double(mnk[2]) * double(batch) >=
            double(kMinSmallTileMultiplyAdds)) {
      config.bm = 64;
      config.bn = 64;
    }
    return;
  }
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

/// The skinny kernel for a static matmul it can compile whose smaller side
/// is at most kMaxAutoSkinnySize (the timing model, N = 32: 1760 x 32 x
/// 1760 62 % of the roofline against 9 % tiled), that the tiled kernel
/// would leave to the simple one, or whose tiles leave CUs idle; else the
/// tiled kernel.
static KernelKind selectKernel(linalg::LinalgOp matmul,
                               const KernelConfig &config) {
  std::optional<MatmulLayout> layout = getMatmulLayout(matmul);
  SmallVector<int64_t> loops = getLoopSizes(matmul);
  // A tile option given asks for the tiled kernel.
  if (!layout || !config.tileChosenPerShape)
    return KernelKind::Tiled;
  int64_t batch = loops.size() == 4 ? loops[0] : 1;
  ArrayRef<int64_t> mnk = ArrayRef(loops).take_back(3);
  std::string ignored;
  llvm::raw_string_ostream ignoredOs(ignored);
  FailureOr<SkinnyPlan> plan = getSkinnyPlan(
      batch, mnk[0], mnk[1], mnk[2], *layout, config.computeUnits, ignoredOs);
  if (failed(plan))
    return KernelKind::Tiled;
  // Up to 64, where no tile fits and the simple kernel would take it (M
  // = 35: 89 % of the roofline against 6 % at 35 x 8457 x 1760).
  KernelConfig tiled = config;
  selectTile(tiled, mnk, batch, isPlainMatmul(matmul) && config.splitTail != 1);
  bool tiledTakesIt =
      mnk[0] >= tiled.bm && mnk[1] >= tiled.bn && mnk[2] >= 2 * tiled.bk;
  if (plan->s <= kMaxAutoSkinnySize || !tiledTakesIt)
    return KernelKind::Skinny;
  // Between, the tiled kernel when its tiles (or a split of them) fill the
  // CUs: 2560 x 64 x 2560 (20 tiles, split in K) 49 % against 42 %, BERT's
  // 512 x 64 x 512 attention, batch 128, 92 % against 56 %; but 1760 x 64 x
  // 1760 (14 edge tiles) 8 % against 41 %.
  KernelTile tile;
  static_cast<KernelConfig &>(tile) = tiled;
  tile.m = mnk[0];
  tile.n = mnk[1];
  tile.k = mnk[2];
  if (tile.gridM() * tile.gridN() * batch >= config.computeUnits ||
      (batch == 1 && isa<linalg::MatmulOp>(matmul) && !getEpilogue(matmul) &&
       chooseSplitTail(tile) > 1))
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
    selectTile(config, ArrayRef(sizes).take_back(3),
               sizes.size() == 4 ? sizes[0] : 1,
               isPlainMatmul(matmul) && config.splitTail != 1);
    if (config.splitTail != 0)
      return config;
    // The split tail covers plain 2-D matmuls (C += A x B): a batch has
    // grid z, and an epilogue would have to run after the second kernel.
    KernelTile tile;
    static_cast<KernelConfig &>(tile) = config;
    SmallVector<int64_t> loops = getLoopSizes(matmul);
    bool plain = isPlainMatmul(matmul);
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
