//===- GemmSelectConfig.cpp - Choose each matmul's kernel configuration ---===//
//
// The one place a matmul's #gemm.config is set; the tiling passes only read
// it. What the options give is kept; what they leave open is the tuning
// table's entry for the shape when there is one, else the built-in choice
// of kernel, tile and split of the grid's tail (chooseKernelConfig,
// KernelChoice.h), rules read off the timing model's predictions.
//
//===----------------------------------------------------------------------===//

#include "KernelChoice.h"
#include "KernelTile.h"
#include "SkinnyPlan.h"
#include "gemm-opt/Passes/Passes.h"
#include "gemm-opt/Passes/TuningTable.h"
#include "gemm-opt/Support/Files.h"

#include <cmath>
#include <mutex>

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMSELECTCONFIG
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

MatmulChoiceInput mlir::gemm::getMatmulChoiceInput(linalg::LinalgOp matmul) {
  MatmulChoiceInput input;
  SmallVector<int64_t> loops = getLoopSizes(matmul);
  input.batch = loops.size() == 4 ? loops[0] : 1;
  ArrayRef<int64_t> mnk = ArrayRef(loops).take_back(3);
  std::tie(input.m, input.n, input.k) = std::tuple(mnk[0], mnk[1], mnk[2]);
  input.layout = getMatmulLayout(matmul);
  // What gemm-tile-workgroups splits: a 2-D matmul whose inputs the kernels
  // that sum K parts take.
  input.splittable =
      isa<linalg::MatmulOp>(matmul) && loops.size() == 3 &&
      succeeded(checkPartialSumsInputs(matmul, llvm::nulls(), "2-D matmuls"));
  return input;
}

/// The multiply-adds of `batch` matmuls of static sizes `mnk`, in a double:
/// the rules compare it with powers of two that an int64_t product of large
/// sizes could overflow.
static double countMultiplyAdds(int64_t batch, ArrayRef<int64_t> mnk) {
  return double(batch) * double(mnk[0]) * double(mnk[1]) * double(mnk[2]);
}

namespace {
/// A tile of getTiledKernelCosts, the K parts of its grid's tail, and their
/// estimate.
struct TiledChoice {
  const TiledKernelCosts *costs;
  int64_t parts;
  double cycles;
};
} // namespace

/// Of the tiles of getTiledKernelCosts the choice takes that fit the matmul
/// (with `ownTileOnly`, the configuration's tile, if it is one of them) and the
/// K parts of their grid's tail, the pair with the shortest estimate
/// (estimateTiledCycles); nullopt when none has one. The parts are the
/// configuration's split-tail when given, else 1 and, for a `splittable`
/// matmul, each split into parts of at least kMinAutoSplitTailSteps K steps.
/// Only from kMinEstimatedK: the costs were fitted on K >= 32.
static std::optional<TiledChoice>
chooseTiledByEstimate(const KernelConfig &config, ArrayRef<int64_t> mnk,
                      int64_t batch, bool splittable, bool transposeB,
                      bool ownTileOnly) {
  if (llvm::any_of(mnk, ShapedType::isDynamic) ||
      ShapedType::isDynamic(batch) || mnk[2] < kMinEstimatedK)
    return std::nullopt;
  std::string ignored;
  llvm::raw_string_ostream ignoredOs(ignored);
  std::optional<TiledChoice> fastest;
  for (const TiledKernelCosts &costs :
       getTiledKernelCosts(config.getTargetInfo())) {
    // One row per tile and wave priorities: estimateTiledCycles finds the
    // one of its prefetch.
    if (!costs.chosenByDefault || costs.prefetch != PrefetchMode::Registers ||
        costs.transposeB != transposeB || mnk[0] < costs.bm ||
        mnk[1] < costs.bn)
      continue;
    if (ownTileOnly &&
        (costs.bm != config.bm || costs.bn != config.bn ||
         costs.wavesM != config.wavesM || costs.wavesN != config.wavesN))
      continue;
    // Raised priorities are weighed as a tile of their own while the choice
    // is left to the compiler; otherwise each tile once, with the
    // configuration's priorities, its flat row standing for it where it has
    // one.
    bool ownPriorities = ownTileOnly || !config.wavePrioritiesChosenPerShape;
    if (ownPriorities && costs.wavePriorities &&
        hasFlatPrioritiesRow(config.getTargetInfo(), costs))
      continue;
    KernelTile tile;
    static_cast<KernelConfig &>(tile) = config;
    tile.bm = costs.bm;
    tile.bn = costs.bn;
    tile.wavesM = costs.wavesM;
    tile.wavesN = costs.wavesN;
    tile.wavePriorities =
        ownPriorities ? config.wavePriorities : costs.wavePriorities;
    if (config.prefetchChosenPerShape)
      tile.prefetch = choosePrefetch(tile, transposeB);
    std::tie(tile.m, tile.n, tile.k) = std::tuple(mnk[0], mnk[1], mnk[2]);
    SmallVector<int64_t> partsToTry = {config.splitTail > 1 ? config.splitTail
                                                            : 1};
    if (config.splitTail == 0 && splittable)
      for (int64_t parts = 2; parts <= kMaxSplitTailParts; ++parts) {
        FailureOr<SplitTailGrid> grid =
            getSplitTailGrid(tile, parts, ignoredOs);
        if (succeeded(grid) && grid->stepsPerPart >= kMinAutoSplitTailSteps)
          partsToTry.push_back(parts);
      }
    for (int64_t parts : partsToTry) {
      std::optional<double> cycles =
          estimateTiledCycles(tile, batch, transposeB, parts);
      if (cycles && (!fastest || *cycles < fastest->cycles))
        fastest = TiledChoice{&costs, parts, *cycles};
    }
  }
  return fastest;
}

/// Unless a tile option was given: a matmul smaller than the default tile
/// along M or N, which would go to the simple lowering, gets the largest
/// tile of the default 4 x 1 wave grid that fits it, or below 64 rows of a
/// 2 x 1 one (for the tiled kernel: selectKernel gives such a matmul the
/// skinny kernel; 59 x 7714 x 2570 2.00 ms simple, 0.129 ms in 32 x 64
/// tiles, 0.110 ms skinny); one that the default tile fits, from 2^28
/// multiply-adds and K = 32, the tile of getTiledKernelCosts with the
/// shortest estimate, its grid's tail split or not, as is one of 64 to 127
/// rows and at least the default tile's columns. Below 2^24 multiply-adds
/// (of the whole batch) the simple kernel's many small workgroups stay faster
/// (the timing model: 0.004 against 0.006 ms at 100 x 100 x 64, 0.016 against
/// 0.026 at 128 x 32 x 256; 0.353 against 0.157 at 1760 x 64 x 1760).
static void selectTile(KernelConfig &config, ArrayRef<int64_t> mnk,
                       int64_t batch, bool splittable, bool transposeB) {
  KernelConfig defaults;
  if (!config.tileChosenPerShape || llvm::any_of(mnk, ShapedType::isDynamic) ||
      config.wavesM != defaults.wavesM || config.wavesN != defaults.wavesN)
    return;
  // The whole grid's multiply-adds, a batch's included: a batch of small
  // matrices fills the CUs as well as one big matrix.
  if (countMultiplyAdds(batch, mnk) < double(kMinTiledMultiplyAdds))
    return;
  // The tile, and the split of its grid's tail, that the estimate ranks
  // fastest on the target's CUs: larger tiles reuse each slice more,
  // smaller ones spread a grid of few tiles over more CUs and overlap more
  // workgroups on each. The default tile wins a tie. From 2^28 multiply-adds
  // only: smaller grids keep the default tile, as the examples and tests at
  // 256^3 and 512^3 pin it.
  bool bigEnough =
      countMultiplyAdds(batch, mnk) >= double(kMinSmallTileMultiplyAdds);
  auto takeEstimatedTile = [&] {
    std::optional<TiledChoice> choice = chooseTiledByEstimate(
        config, mnk, batch, splittable, transposeB, /*ownTileOnly=*/false);
    if (!choice)
      return false;
    config.bm = choice->costs->bm;
    config.bn = choice->costs->bn;
    config.wavesM = choice->costs->wavesM;
    config.wavesN = choice->costs->wavesN;
    if (config.wavePrioritiesChosenPerShape)
      config.wavePriorities = choice->costs->wavePriorities;
    return true;
  };
  if (mnk[0] >= config.bm && mnk[1] >= config.bn) {
    if (bigEnough && mnk[0] >= 64 && mnk[1] >= 64)
      takeEstimatedTile();
    return;
  }
  // 64 to 127 rows or columns (at least 64 of both): the same, rather than
  // 64 x 128 or 128 x 64 of 4 x 1 waves, which have no cost row, so that
  // selectKernel weighs its estimate against the skinny plan's. With 64 to
  // 127 rows, on the 5 shapes of the tuning halves this changes, the timing
  // model has 0.85 times the time on the RX 7900 XTX, 0.89 on the RX 7900
  // GRE and 0.87 on the RX 7800 XT; with 64 to 127 columns, 128 x 64 of
  // 4 x 1 waves is slower than the fastest tile with a cost row, unsplit, on
  // 17 of the 19 tuning shapes of the kind (up to 1.25 times, on batched
  // attention with N = 64; bench/tuning/README.md).
  if (bigEnough && mnk[0] >= 64 && mnk[1] >= 64 && takeEstimatedTile())
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
  // Fewer than 64 rows: 32-row tiles of a 2 x 1 wave grid rather than the
  // simple kernel's one output per lane.
  static const std::pair<int64_t, int64_t> twoWaveTiles[] = {{32, 64},
                                                             {32, 32}};
  for (auto [bm, bn] : twoWaveTiles) {
    if (mnk[0] < bm || mnk[1] < bn)
      continue;
    config.bm = bm;
    config.bn = bn;
    config.wavesM = 2;
    config.wavesN = 1;
    return;
  }
}

/// The skinny kernel for a static matmul it can compile (smaller side up to
/// kMaxSkinnySize) whose smaller side is at most kMaxAutoSkinnySize (the
/// timing model, N = 32: 1760 x 32 x 1760 62 % of the roofline against 9 %
/// tiled), that the tiled kernel would leave to the simple one, or whose
/// estimate is the shorter; else the tiled kernel.
static KernelKind selectKernel(const MatmulChoiceInput &input,
                               const KernelConfig &config,
                               const std::optional<SkinnyPlan> &plan) {
  const std::optional<MatmulLayout> &layout = input.layout;
  // A tile option given asks for the tiled kernel.
  if (!layout || !config.tileChosenPerShape || !plan)
    return KernelKind::Tiled;
  int64_t batch = input.batch;
  int64_t mnk[] = {input.m, input.n, input.k};
  std::string ignored;
  llvm::raw_string_ostream ignoredOs(ignored);
  // Up to 64, where no tile of 64 rows fits and the simple kernel would
  // take it (M = 35: 89 % of the roofline against 6 % at 35 x 8457 x 1760).
  // The 32-row tiles of a 2 x 1 wave grid are for what the skinny kernel
  // cannot take (kernel=tiled given): it is faster (35 x 8457 x 1760 0.071
  // against 0.081 ms, 59 x 7714 x 2570 0.110 against 0.129).
  KernelConfig tiled = config;
  selectTile(tiled, mnk, batch, input.splittable && config.splitTail != 1,
             layout->transposeB);
  // k / 2 >= bk, not k >= 2 bk: bk is checked against the LDS only later,
  // by the tiling pass, and may be near 2^63 here.
  bool tiledTakesIt = mnk[0] >= tiled.bm && mnk[1] >= tiled.bn &&
                      mnk[2] / 2 >= tiled.bk && mnk[0] >= 64;
  if (plan->s <= kMaxAutoSkinnySize || !tiledTakesIt)
    return KernelKind::Skinny;
  // Beyond 64, below kMinSmallTileMultiplyAdds, only for skinny matrices,
  // the long side at least twice the small one. A small square grid is
  // predicted faster on the skinny kernel too (256^3: 4.3 against 33 us),
  // but the tests and examples at 256^3 exercise the tiled kernel. From
  // kMinSmallTileMultiplyAdds the estimates decide for squarer matrices
  // too: their few tiles leave most CUs idle over a long K or a batch that
  // is never split. On 14 seeded shapes of that kind outside the corpora
  // (a small side of 65 to 256, a long side under twice it, K and batch
  // log-uniform; bench/tuning/square-skinny-rx7900xtx.json) the timing
  // model gives the estimates' choice 0.62 times the tiled kernel's time,
  // the faster kernel on 13 of them.
  if (plan->s > kMaxSkinnyReuseSize && plan->l < 2 * plan->s &&
      countMultiplyAdds(batch, mnk) < double(kMinSmallTileMultiplyAdds))
    return KernelKind::Tiled;
  // Between, the kernel with the shorter estimate, the tiled kernel's
  // (its tile and split, TiledEstimate.cpp) against the skinny kernel's
  // plan (SkinnyPlan.cpp) times its weight (estimateWeightedSkinnyCycles).
  bool splittable = input.splittable && config.splitTail != 1;
  if (std::optional<TiledChoice> choice =
          chooseTiledByEstimate(tiled, mnk, batch, splittable,
                                layout->transposeB, /*ownTileOnly=*/true))
    return estimateWeightedSkinnyCycles(*plan, config.getTargetInfo(),
                                        config.getTargetComputeUnits()) <
                   choice->cycles
               ? KernelKind::Skinny
               : KernelKind::Tiled;
  // Else the tiled kernel when its workgroups (tiles, or their K parts)
  // are at least 2.5 per CU, else the skinny kernel (the timing model, per
  // gemm-tune's table of the shape set, bench/tuning/, and the skinny
  // kernel's row chunks and plan choice): 2560 x 64 x 2560 in 180 K parts
  // of 20 tiles 40 % of the roofline against 70 % skinny, 2048 x 128 x 2048
  // in 192 parts 38 % against 43 %, but 4096 x 128 x 4096 in 192 parts 50 %
  // against 48 %; BERT's 512 x 64 x 512 attention, batch 128, 84 % tiled
  // (512 tiles); BERT's 128 x 768 x 768 (6 tiles in 18 parts) 8 % against
  // 47 %. Where N is 33 to 63 (a 128 x 32 tile, no cost row) it takes the
  // faster kernel on all 20 shapes drawn outside the corpora for that class
  // (bench/tuning/narrow-n-rx7900xtx.json: the skinny kernel on 19).
  KernelTile tile;
  static_cast<KernelConfig &>(tile) = tiled;
  tile.m = mnk[0];
  tile.n = mnk[1];
  tile.k = mnk[2];
  int64_t workgroups = tile.gridM() * tile.gridN() * batch;
  // A split's parts count where the threshold was read off, grids without
  // edges or a K tail: with edges the parts are not worth as much (176 x
  // 1500 x 1408: 0.027 ms skinny, 0.049 in 4 K parts of 64 x 64 tiles).
  if (input.splittable && !tile.hasEdgeTiles() && !tile.mayHaveKTail()) {
    int64_t parts = chooseSplitTail(tile);
    if (parts > 1)
      if (FailureOr<SplitTailGrid> grid =
              getSplitTailGrid(tile, parts, ignoredOs);
          succeeded(grid))
        workgroups = grid->workgroups();
  }
  return 2 * workgroups >= 5 * config.getTargetComputeUnits()
             ? KernelKind::Tiled
             : KernelKind::Skinny;
}

/// Unless a tile option was given: a K of fewer than two default K steps
/// (the tiled kernel prefetches the next slice, so it needs two) in steps of
/// 4 from K = 8, of 2 from K = 4, rather than the simple kernel's one output
/// per lane (the timing model on the tuning half of bench/shapes/random.json,
/// 4 <= K < 16: 62 % of the roofline to 93 %; 1332 x 4078 x 12 29 % to
/// 87 %). Below K = 4 the simple kernel is at the memory bound already, and
/// below 2^24 multiply-adds its many small workgroups (or the skinny
/// kernel's) are faster, as selectTile has it (256 x 256 x 15: 0.002 ms
/// skinny, 0.017 tiled).
static void selectShortK(KernelConfig &config, const MatmulChoiceInput &input) {
  KernelConfig defaults;
  int64_t k = input.k;
  if (!config.tileChosenPerShape || config.bk != defaults.bk ||
      llvm::any_of(ArrayRef<int64_t>{input.batch, input.m, input.n, k},
                   ShapedType::isDynamic) ||
      k >= 2 * config.bk || k < 4 ||
      countMultiplyAdds(input.batch, {input.m, input.n, k}) <
          double(kMinTiledMultiplyAdds))
    return;
  config.bk = k >= 8 ? 4 : 2;
}

/// The skinny kernel's plan with the shortest estimate for the matmul, if it
/// can take it, on the configuration's target.
static std::optional<SkinnyPlan>
searchSkinnyPlan(const MatmulChoiceInput &input, const KernelConfig &config,
                 llvm::raw_ostream &whyNot) {
  if (!input.layout)
    return std::nullopt;
  FailureOr<SkinnyPlan> plan = getSkinnyPlan(
      input.batch, input.m, input.n, input.k, *input.layout,
      config.getTargetInfo(), config.getTargetComputeUnits(), whyNot);
  return succeeded(plan) ? std::optional(*plan) : std::nullopt;
}

KernelConfig mlir::gemm::chooseKernelConfig(const MatmulChoiceInput &input,
                                            KernelConfig config,
                                            llvm::raw_ostream &whyNoPlan) {
  selectShortK(config, input);
  // The plan is searched once, for the choice of kernel and to record.
  // A tile option given asks for the tiled kernel.
  bool mayBeSkinny =
      config.kernel == KernelKind::Skinny ||
      (config.kernel == KernelKind::Auto && config.tileChosenPerShape);
  std::optional<SkinnyPlan> plan;
  if (mayBeSkinny && !config.skinnyPlan)
    plan = searchSkinnyPlan(
        input, config,
        config.kernel == KernelKind::Skinny ? whyNoPlan : llvm::nulls());
  if (config.kernel == KernelKind::Auto)
    config.kernel = selectKernel(input, config, plan);
  // gemm-tile-skinny reads nothing else. Without a plan the skinny kernel
  // cannot take the matmul: gemm-select-config says why.
  if (config.kernel == KernelKind::Skinny) {
    config.splitTail = 1;
    if (plan)
      config.skinnyPlan = *plan;
    return config;
  }
  int64_t mnk[] = {input.m, input.n, input.k};
  bool transposeB = input.layout && input.layout->transposeB;
  selectTile(config, mnk, input.batch,
             input.splittable && config.splitTail != 1, transposeB);
  if (config.prefetchChosenPerShape)
    config.prefetch = choosePrefetch(config, transposeB);
  if (config.splitTail != 0)
    return config;
  if (!input.splittable) {
    config.splitTail = 1;
    return config;
  }
  // The estimate's parts for the tile, where it has one.
  if (std::optional<TiledChoice> choice =
          chooseTiledByEstimate(config, mnk, input.batch, /*splittable=*/true,
                                transposeB, /*ownTileOnly=*/true)) {
    config.splitTail = choice->parts;
    return config;
  }
  KernelTile tile;
  static_cast<KernelConfig &>(tile) = config;
  std::tie(tile.m, tile.n, tile.k) = std::tuple(input.m, input.n, input.k);
  config.splitTail = chooseSplitTail(tile);
  return config;
}

namespace {

// The options are declared in KernelConfigOptions, shared with the
// pipelines, rather than in Passes.td.
struct GemmSelectConfigPass
    : public KernelConfigOptions<
          mlir::gemm::impl::GemmSelectConfigBase<GemmSelectConfigPass>> {
  GemmSelectConfigPass() = default;
  explicit GemmSelectConfigPass(const KernelConfig &config)
      : pipelineTileChosenPerShape(config.tileChosenPerShape),
        pipelinePrefetchChosenPerShape(config.prefetchChosenPerShape),
        pipelineWavePrioritiesChosenPerShape(
            config.wavePrioritiesChosenPerShape) {
    setKernelConfig(config);
  }

  void runOnOperation() override {
    KernelConfig options = getKernelConfig();
    // Every choice below reads the target's figures and divides work among
    // its CUs.
    if (!::gemm::lookupTarget(options.target)) {
      emitError(getOperation().getLoc())
          << "unknown target '" << options.target << "': expected one of "
          << ::gemm::getTargetNames();
      return signalPassFailure();
    }
    if (std::optional<std::string> why = options.checkRanges()) {
      emitError(getOperation().getLoc()) << *why;
      return signalPassFailure();
    }
    if (!options.tuningTable.empty()) {
      std::call_once(loaded->once, [&] {
        llvm::Expected<TuningTable> read = readTuningTable(options.tuningTable);
        // No output of the run may replace it (gemm-tune's --merge table,
        // read by the same function, is its output on purpose).
        if (read)
          ::gemm::noteInputFile(options.tuningTable, "tuning table");
        if (!read)
          loaded->error = toString(read.takeError());
        else if (read->target != options.target)
          // Its choices were predicted on another product's figures.
          loaded->error = "tuning table '" + options.tuningTable +
                          "' is for target '" + read->target + "', not '" +
                          options.target + "'";
        else
          loaded->table = std::move(*read);
      });
      if (!loaded->table) {
        // Once, at the module's first function, however many functions
        // (and threads) read the table.
        auto module = getOperation()->getParentOfType<ModuleOp>();
        if (!module || *module.getOps<func::FuncOp>().begin() == getOperation())
          emitError(getOperation().getLoc()) << loaded->error;
        return signalPassFailure();
      }
    }
    WalkResult walk = getOperation().walk([&](linalg::LinalgOp op) {
      // A matmul inside a launch is already a kernel's.
      if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op) ||
          op->getParentOfType<gpu::LaunchOp>())
        return WalkResult::advance();
      FailureOr<KernelConfig> config = selectConfig(op);
      if (failed(config))
        return WalkResult::interrupt();
      op->setAttr(GemmDialect::getConfigAttrName(),
                  config->toAttr(&getContext()));
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }

private:
  // A pipeline passes its own options' choice (setKernelConfig marks every
  // option given).
  std::optional<bool> pipelineTileChosenPerShape;
  std::optional<bool> pipelinePrefetchChosenPerShape;
  std::optional<bool> pipelineWavePrioritiesChosenPerShape;

  // The tuning table, read once and shared by the pass's copies, which run
  // on the functions in parallel.
  struct LoadedTable {
    std::once_flag once;
    std::optional<TuningTable> table;
    std::string error;
  };
  std::shared_ptr<LoadedTable> loaded = std::make_shared<LoadedTable>();

  /// The table's configuration for `matmul` over `config`, when the choice
  /// is left to the compiler (no kernel, tile or split-tail option) and the
  /// table lists its shape; fails, with an error at the matmul, when the
  /// entry's configuration cannot compile it.
  FailureOr<KernelConfig> applyTable(linalg::LinalgOp matmul,
                                     const KernelConfig &config) const {
    std::optional<MatmulLayout> layout = getMatmulLayout(matmul);
    SmallVector<int64_t> loops = getLoopSizes(matmul);
    const std::optional<TuningTable> &table = loaded->table;
    if (config.tuningTable.empty() || !table ||
        config.kernel != KernelKind::Auto || !config.tileChosenPerShape ||
        config.splitTail != 0 || !layout || getEpilogue(matmul) ||
        llvm::any_of(loops, ShapedType::isDynamic))
      return config;
    TuningShape shape;
    shape.batch = loops.size() == 4 ? loops[0] : 1;
    // The table's batch 1 is a plain matmul (split-tail needs one).
    if (loops.size() == 4 && shape.batch == 1)
      return config;
    ArrayRef<int64_t> mnk = ArrayRef(loops).take_back(3);
    std::tie(shape.m, shape.n, shape.k) = std::tuple(mnk[0], mnk[1], mnk[2]);
    shape.transposeA = layout->transposeA;
    shape.transposeB = layout->transposeB;
    const TuningEntry *entry = table->lookup(shape);
    if (!entry)
      return config;
    llvm::Expected<KernelConfig> tuned =
        applyTuningEntry(shape, entry->options, config);
    if (!tuned) {
      matmul.emitError() << "tuning table '" << config.tuningTable
                         << "': the entry for " << shape.str() << " (options \""
                         << entry->options << "\") cannot compile this matmul: "
                         << toString(tuned.takeError());
      return failure();
    }
    return *tuned;
  }

  FailureOr<KernelConfig> selectConfig(linalg::LinalgOp matmul) const {
    KernelConfig config = getKernelConfig();
    if (pipelineTileChosenPerShape)
      config.tileChosenPerShape = *pipelineTileChosenPerShape;
    if (pipelinePrefetchChosenPerShape)
      config.prefetchChosenPerShape = *pipelinePrefetchChosenPerShape;
    if (pipelineWavePrioritiesChosenPerShape)
      config.wavePrioritiesChosenPerShape =
          *pipelineWavePrioritiesChosenPerShape;
    // Stream-K is the tiled kernel's way of sharing the grid's tail: it
    // takes the place of the split tail and of the choice of kernel.
    if (config.streamK) {
      if (config.splitTail > 1 || config.kernel == KernelKind::Skinny) {
        InFlightDiagnostic diag = matmul.emitOpError()
                                  << "cannot be compiled with stream-k=true ";
        if (config.splitTail > 1)
          diag << "and split-tail=" << config.splitTail
               << ": both divide the grid's tail; give one";
        else
          diag << "and kernel=skinny: stream-K shares the tiled kernel's "
                  "tiles";
        return failure();
      }
      config.splitTail = 1;
      config.kernel = KernelKind::Tiled;
    }
    FailureOr<KernelConfig> tuned = applyTable(matmul, config);
    if (failed(tuned))
      return failure();
    config = *tuned;
    MatmulChoiceInput input = getMatmulChoiceInput(matmul);
    std::string whyNoPlan;
    llvm::raw_string_ostream whyNoPlanOs(whyNoPlan);
    KernelConfig chosen = chooseKernelConfig(input, config, whyNoPlanOs);
    if (chosen.kernel == KernelKind::Skinny && !chosen.skinnyPlan) {
      if (failed(getCheckedMatmulLayout(matmul)))
        return failure();
      matmul.emitOpError() << "kernel=skinny cannot compile this "
                           << KernelTile::format(input.m) << "x"
                           << KernelTile::format(input.n) << "x"
                           << KernelTile::format(input.k)
                           << " matmul: " << whyNoPlan;
      return failure();
    }
    return chosen;
  }
};

} // namespace

llvm::Expected<KernelConfig>
mlir::gemm::applyKernelOptions(llvm::StringRef options,
                               const KernelConfig &base) {
  // The options' own parser, so that a table takes exactly the option syntax
  // of the command line.
  GemmSelectConfigPass parser;
  std::string error;
  if (failed(parser.initializeOptions(options, [&](const llvm::Twine &msg) {
        error = msg.str();
        return failure();
      }))) {
    // An option value its parser refuses is reported on stderr by llvm::cl
    // itself, before this.
    StringRef why = error.empty()
                        ? StringRef("an option's value is not one it takes")
                        : StringRef(error);
    why.consume_front("<Pass-Options-Parser>: ");
    why = why.rtrim();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), why);
  }
  KernelConfig given = parser.getKernelConfig();
  if (!given.tuningTable.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "a table entry cannot name a tuning table");
  return parser.overlayGivenOptions(base);
}

llvm::Expected<KernelConfig>
mlir::gemm::applyTuningEntry(const TuningShape &shape, llvm::StringRef options,
                             const KernelConfig &base) {
  llvm::Expected<KernelConfig> tuned = applyKernelOptions(options, base);
  if (!tuned)
    return tuned.takeError();
  if (std::optional<std::string> why = tuned->checkRanges())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), *why);
  std::string whyNot;
  llvm::raw_string_ostream whyNotOs(whyNot);
  auto cannot = [&](const llvm::Twine &what) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   what + whyNot);
  };
  MatmulLayout layout{shape.transposeA, shape.transposeB};
  if (tuned->kernel == KernelKind::Skinny) {
    FailureOr<SkinnyPlan> plan = getSkinnyPlan(
        shape.batch, shape.m, shape.n, shape.k, layout, tuned->getTargetInfo(),
        tuned->getTargetComputeUnits(), whyNotOs);
    if (failed(plan))
      return cannot("the skinny kernel cannot compile it: ");
    tuned->skinnyPlan = *plan;
    return tuned;
  }
  KernelTile tile;
  static_cast<KernelConfig &>(tile) = *tuned;
  if (!tuned->tileChosenPerShape &&
      failed(checkTileFits(tile, layout, whyNotOs)))
    return cannot("it ");
  if (tuned->splitTail > 1) {
    if (shape.batch != 1)
      return cannot("split-tail covers plain 2-D matmuls, not a batch");
    tile.m = shape.m;
    tile.n = shape.n;
    tile.k = shape.k;
    if (failed(getSplitTailGrid(tile, tuned->splitTail, whyNotOs)))
      return cannot("the tail cannot be split: ");
  }
  return tuned;
}

std::unique_ptr<Pass>
mlir::gemm::createGemmSelectConfig(const KernelConfig &config) {
  return std::make_unique<GemmSelectConfigPass>(config);
}
