//===- TiledEstimate.cpp - The tiled kernel's time on its busiest CU ------===//
//
// The tiled kernel's time is set by the CU that runs the most workgroups, W
// of them, each K elements deep. Its K loop is paced by one workgroup's
// latency while W is small, and by the CU's issue rate once W workgroups
// overlap enough to keep the SIMDs busy; each workgroup also pays its
// prologue and epilogue. So, in cycles:
//
//   W * workgroupCycles + K * stepCycles * pace(W, overlappedWorkgroups)
//
// where pace(a, b) = (a^3 + b^3)^(1/3) is a smooth maximum: near the
// crossing, the loop is neither purely latency- nor purely issue-bound.
// The three constants are per tile, per layout of B (B stored N x K is
// read along K and stored transposed in LDS, as A is) and per prefetch.
// They were fitted by bench/tuning/fit-tile-costs.py, least
// squares on relative error, to the timing model's predictions for the RX 7900
// XTX in bench/tuning/tile-costs-rx7900xtx.json: each of the seven tiles,
// unsplit, on the 154 shapes of the tuning sets (bench/shapes/shapes.json and
// the tuning halves of random.json and models.json) with at most 400 default
// tiles, where the choice of tile matters. Their root-mean-square error
// there is 6-17 %; over the seven tiles of each shape, the estimate's
// Kendall tau with the model is 0.832 on mean, and the tile it ranks first
// 1.0115 times the fastest's time on geometric mean (0.816 and 1.0121 with
// the plain maximum; the script compares the exponents tried).
// They count a CU's cycles, so the CU count of the target divides the work;
// the evaluation halves are held out.
//
// Those issue cycles meet the cycles the busiest CU waits on DRAM in a
// second smooth maximum, (a^6 + b^6)^(1/6): its workgroups' share of A and
// B read once and C read and written, at one CU's share of the DRAM's rate
// (estimateTiledDramCycles; the timing model gives each CU that share
// whether or not the others are busy). Without it, a grid of few, short
// tiles was estimated by its issue cycles alone, below the model's time
// where the bytes pace it. The constants above were fitted without the
// term (fit-tile-costs.py says why); with it, over the same shapes the
// mean tau is 0.836 and the regret 1.0106 (the exponent: 4 and 8 give
// 0.835 and 0.836), on the RX 7600's table 0.831 and 1.0045; among the
// candidates gemm-tune ranks (bench/tuning/README.md#the-dram-term), the
// skinny-or-tiled table's regret falls from 1.0256 to 1.0225.
//
// A CU holds as many workgroups as its register file allows, which sets how
// much latency they hide from one another, so the products with the RX
// 7600's 128 KiB file per SIMD (gfx1102, gfx1103, gfx1150) have their own
// costs, fitted the same way to the timing model's predictions for the RX
// 7600 (bench/tuning/tile-costs-rx7600.json: the nine rows of each layout of
// B, unsplit, on 46 shapes drawn with seed 38 from the same tuning shapes
// (M, N >= 64, K >= 32, at least 2^24 multiply-adds, no bound on the
// tiles) and 2048^3 and 4096^3). There the 128 x 128 tile, two workgroups
// a CU (4 waves a SIMD) where the XTX holds four, costs 3.6 % more a K step
// with B stored K x N and 15 % more with B stored N x K, and the 64 x 128 tile
// about the same. With them the choice on the RX 7600 changes the kernel of 53
// shapes of random.json's evaluation half and 92 of models.json's, to 0.974 and
// 0.962 times their time on geometric mean (20 and 58 more than 2 % faster, 5
// and 5 more than 2 % slower, at worst 1.10 times).
//
// The 64 x 64 tile of 2 x 1 waves (8 x 8 sums a lane, where the 4 x 1 wave
// grid has 4 x 8) reads half the LDS bytes per FMA and, at few waves per
// SIMD, loads each K step's fragments ahead (KernelTile::
// loadsFragmentsAhead); it is the fastest of the seven on 55 of the 154
// shapes.
//
// The tiles of one and two waves also have rows fitted with raised wave
// priorities (wave-priorities=true: s_setprio 1 over each K step's FMAs),
// weighed as tiles of their own, and 32 x 32 of one wave has only those:
// such a tile puts many workgroups on a CU, and the wave in its FMAs keeps
// the SIMD while the others wait on LDS. Fitted the same way to the same
// 154 shapes' predictions with the option (bench/tuning/
// wave-priorities-rx7900xtx.json); there the fastest of all rows is 0.920
// times the time of the fastest flat one on geometric mean (at best 0.652),
// and a raised row is the fastest on 109 of the 154 shapes (32 x 32 on 43).
// The priorities lower overlappedWorkgroups (2.5 to 2.7 against 2.9 to 3.3)
// more than they move the other two constants. The RX 7600's rows of them
// are fitted on its 48 shapes (bench/tuning/wave-priorities-rx7600.json).
//
// The 128 x 128 and 64 x 128 tiles also have rows for prefetch=lds, fitted
// the same way to the same shapes' predictions with prefetch=lds
// (bench/tuning/prefetch-lds-rx7900xtx.json, of the same kernels as the
// prefetch=registers rows). The choice gives a tile the prefetch of its row
// with the fewer cycles per K step (choosePrefetch): prefetch=lds for 64 x
// 128 with B stored N x K, prefetch=registers otherwise. On geometric mean
// over 101 shapes with B stored N x K, prefetch=lds is 0.978 times the time
// of 64 x 128 (40 shapes more than 2 % faster, 13 more than 2 % slower) and
// 0.989 times that of 128 x 128, whose row has it 1.8 cycles a K step longer;
// over 53 with B stored K x N, 0.970 and 0.987 times, where both rows have it
// longer (bench/tuning/compare-prefetch.py). Before B's LDS tile was padded,
// prefetch=lds hid its store conflicts behind the multiply (0.939 and 0.966
// times with B stored N x K).
//
// The 4 x 2 wave grids have costs so that gemm-tune ranks its candidates of
// them, but the built-in choice does not take them: taking them, it changed
// the tile of 7 shapes of the tuning sets, 6 of them to the timing model's
// loss (1.04 to 1.18 times slower: the attention scores of GPT-2 medium,
// Whisper medium and large and BERT large, ResNet-50's 1 x 1 convolution at
// batch 32, 3363 x 769 x 56 x 7; BERT base's attention scores 0.86 times),
// and their fit is the worst (16 % root mean square with B stored K x N,
// the model up to 1.7 times the estimate where N is 64).
//
// A split of the grid's tail into K parts adds no constant: the busiest CU
// runs its whole rounds' tiles and then its share of the parts, and the
// reduction kernel moves its bytes at the target's DRAM rate after a launch
// gap. On 39 shapes of the same sets in 2, 4 and 8 parts of each tile
// (bench/tuning/tile-splits-rx7900xtx.json), the estimate is within 9.6 %
// (root mean square of the log ratio) of the model.
//
// Stream-K is estimated the same way (its range of the tail's K steps, a
// prologue per tile the range touches, and the fix-up kernel) so that
// gemm-tune ranks its candidates; the built-in choice does not take it: on
// 11 shapes of the tuning sets, each with four tiles unsplit, in 2 and 4 K
// parts and with stream-K (bench/tuning/stream-k-rx7900xtx.json), the
// estimate has stream-K within 1.2 % of the best split on grids of many
// rounds where the timing model has it 1.3 to 2.3 % slower (4096^3: 2.531
// ms against 2.455 in 3 K parts), as a range runs its segments one after
// the other in one workgroup where a split's parts overlap on the CU.
//
//===----------------------------------------------------------------------===//

#include "KernelChoice.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::gemm;

static constexpr PrefetchMode kRegisters = PrefetchMode::Registers;
static constexpr PrefetchMode kLds = PrefetchMode::Lds;
/// The rows' wave priorities: fitted with wave-priorities=true or not.
static constexpr bool kRaised = true;
static constexpr bool kFlat = false;

/// The exponent of the smooth maximum of the K loop's issue cycles and the
/// DRAM's: chosen on the tuning shapes (fit-tile-costs.py --dram-blend).
static constexpr double kDramBlend = 6;

static const TiledKernelCosts kCostsOnRx7900xtx[] = {
    // bm, bn, wavesM, wavesN, transposeB, prefetch, wavePriorities,
    //     workgroupCycles, stepCycles, overlappedWorkgroups[, chosenByDefault]
    {128, 128, 4, 1, false, kRegisters, kFlat, 23863, 135.6, 1.2},
    {128, 128, 4, 1, false, kLds, kFlat, 23921, 136.7, 1.1},
    {128, 128, 4, 1, true, kRegisters, kFlat, 25702, 129.8, 1.5},
    {128, 128, 4, 1, true, kLds, kFlat, 26551, 131.6, 1.4},
    {128, 64, 4, 2, false, kRegisters, kFlat, 10313, 107.2, 1.0, false},
    {128, 64, 4, 2, true, kRegisters, kFlat, 10274, 100.7, 1.2, false},
    {64, 128, 2, 2, false, kRegisters, kFlat, 13658, 69.7, 1.7},
    {64, 128, 2, 2, false, kLds, kFlat, 12766, 71.0, 1.5},
    {64, 128, 2, 2, true, kRegisters, kFlat, 13906, 68.5, 1.9},
    {64, 128, 2, 2, true, kLds, kFlat, 13449, 68.4, 1.8},
    {64, 64, 4, 2, false, kRegisters, kFlat, 5763, 68.4, 1.3, false},
    {64, 64, 4, 2, true, kRegisters, kFlat, 4808, 68.9, 1.3, false},
    {64, 64, 4, 1, false, kRegisters, kFlat, 5465, 51.8, 1.7},
    {64, 64, 4, 1, true, kRegisters, kFlat, 4616, 51.7, 1.7},
    {64, 64, 2, 1, false, kRegisters, kFlat, 8045, 36.7, 3.0},
    {64, 64, 2, 1, false, kRegisters, kRaised, 8096, 37.4, 2.5},
    {64, 64, 2, 1, true, kRegisters, kFlat, 7441, 35.0, 3.3},
    {64, 64, 2, 1, true, kRegisters, kRaised, 7319, 35.4, 2.7},
    {32, 64, 2, 1, false, kRegisters, kFlat, 2769, 26.9, 3.0},
    {32, 64, 2, 1, false, kRegisters, kRaised, 2698, 26.9, 2.6},
    {32, 64, 2, 1, true, kRegisters, kFlat, 2336, 27.1, 2.9},
    {32, 64, 2, 1, true, kRegisters, kRaised, 2279, 27.0, 2.6},
    {32, 32, 1, 1, false, kRegisters, kRaised, 1523, 14.0, 4.2},
    {32, 32, 1, 1, true, kRegisters, kRaised, 1223, 16.0, 3.6},
};

static const TiledKernelCosts kCostsOnRx7600[] = {
    // bm, bn, wavesM, wavesN, transposeB, prefetch, wavePriorities,
    //     workgroupCycles, stepCycles, overlappedWorkgroups[, chosenByDefault]
    {128, 128, 4, 1, false, kRegisters, kFlat, 21463, 140.5, 1.2},
    {128, 128, 4, 1, false, kLds, kFlat, 21157, 140.4, 1.1},
    {128, 128, 4, 1, true, kRegisters, kFlat, 8514, 148.7, 1.7},
    {128, 128, 4, 1, true, kLds, kFlat, 8358, 149.7, 1.6},
    {128, 64, 4, 2, false, kRegisters, kFlat, 14101, 106.6, 1.2, false},
    {128, 64, 4, 2, true, kRegisters, kFlat, 7545, 109.3, 1.3, false},
    {64, 128, 2, 2, false, kRegisters, kFlat, 11311, 67.1, 2.3},
    {64, 128, 2, 2, false, kLds, kFlat, 10446, 68.1, 2.1},
    {64, 128, 2, 2, true, kRegisters, kFlat, 4453, 70.9, 2.3},
    {64, 128, 2, 2, true, kLds, kFlat, 4284, 70.9, 2.3},
    {64, 64, 4, 2, false, kRegisters, kFlat, 6841, 68.6, 1.0, false},
    {64, 64, 4, 2, true, kRegisters, kFlat, 4197, 68.3, 1.3, false},
    {64, 64, 4, 1, false, kRegisters, kFlat, 6890, 52.6, 1.6},
    {64, 64, 4, 1, true, kRegisters, kFlat, 4098, 52.1, 1.8},
    {64, 64, 2, 1, false, kRegisters, kFlat, 6593, 35.0, 3.8},
    {64, 64, 2, 1, false, kRegisters, kRaised, 6716, 34.9, 3.4},
    {64, 64, 2, 1, true, kRegisters, kFlat, 3166, 35.7, 3.8},
    {64, 64, 2, 1, true, kRegisters, kRaised, 3337, 36.0, 3.1},
    {32, 64, 2, 1, false, kRegisters, kFlat, 3037, 26.8, 4.0},
    {32, 64, 2, 1, false, kRegisters, kRaised, 3142, 26.8, 3.5},
    {32, 64, 2, 1, true, kRegisters, kFlat, 1863, 26.8, 3.2},
    {32, 64, 2, 1, true, kRegisters, kRaised, 2029, 26.7, 2.6},
    {32, 32, 1, 1, false, kRegisters, kRaised, 1593, 13.9, 5.9},
    {32, 32, 1, 1, true, kRegisters, kRaised, 1061, 15.7, 2.9},
};

namespace {
/// A table of costs and the product it was fitted on.
struct FittedCosts {
  const char *product;
  ArrayRef<TiledKernelCosts> costs;
};
} // namespace

ArrayRef<TiledKernelCosts>
mlir::gemm::getTiledKernelCosts(const ::gemm::TargetInfo &target) {
  static const FittedCosts kFitted[] = {{"rx7900xtx", kCostsOnRx7900xtx},
                                        {"rx7600", kCostsOnRx7600}};
  for (const FittedCosts &fitted : kFitted)
    if (::gemm::lookupTarget(fitted.product)->vgprFileBytesPerSimd ==
        target.vgprFileBytesPerSimd)
      return fitted.costs;
  return kCostsOnRx7900xtx;
}

/// Whether `costs` is a row of `tile`'s tile and wave grid (a configuration's
/// or another row's) with B stored N x K or not, of any prefetch.
template <typename Tile>
static bool isRowOfTile(const TiledKernelCosts &costs, const Tile &tile,
                        bool transposeB) {
  return costs.bm == tile.bm && costs.bn == tile.bn &&
         costs.wavesM == tile.wavesM && costs.wavesN == tile.wavesN &&
         costs.transposeB == transposeB;
}

bool mlir::gemm::hasFlatPrioritiesRow(const ::gemm::TargetInfo &target,
                                      const TiledKernelCosts &costs) {
  return llvm::any_of(getTiledKernelCosts(target),
                      [&](const TiledKernelCosts &other) {
                        return !other.wavePriorities &&
                               isRowOfTile(other, costs, costs.transposeB);
                      });
}

/// The row of `tile`'s tile, prefetch and wave priorities, else of its tile
/// and priorities with prefetch=registers; without raised priorities where
/// the tile has no row of them (they are fitted for some tiles only); null
/// for a tile the table does not list.
static const TiledKernelCosts *findTiledKernelCosts(const KernelConfig &tile,
                                                    bool transposeB) {
  auto find = [&](bool wavePriorities) -> const TiledKernelCosts * {
    const TiledKernelCosts *registers = nullptr;
    for (const TiledKernelCosts &costs :
         getTiledKernelCosts(tile.getTargetInfo())) {
      if (!isRowOfTile(costs, tile, transposeB) ||
          costs.wavePriorities != wavePriorities)
        continue;
      if (costs.prefetch == tile.prefetch)
        return &costs;
      if (costs.prefetch == kRegisters)
        registers = &costs;
    }
    return registers;
  };
  if (const TiledKernelCosts *costs = find(tile.wavePriorities))
    return costs;
  return tile.wavePriorities ? find(false) : nullptr;
}

PrefetchMode mlir::gemm::choosePrefetch(const KernelConfig &tile,
                                        bool transposeB) {
  KernelConfig defaults;
  if (tile.bk > defaults.bk || tile.pad != defaults.pad ||
      tile.addressing != defaults.addressing)
    return kRegisters;
  // Among the rows of the tile's wave priorities, else of flat ones.
  for (bool wavePriorities : {tile.wavePriorities, false}) {
    const TiledKernelCosts *fastest = nullptr;
    for (const TiledKernelCosts &costs :
         getTiledKernelCosts(tile.getTargetInfo()))
      if (isRowOfTile(costs, tile, transposeB) &&
          costs.wavePriorities == wavePriorities &&
          (!fastest || costs.stepCycles < fastest->stepCycles))
        fastest = &costs;
    if (fastest)
      return fastest->prefetch;
  }
  return kRegisters;
}

std::optional<double> mlir::gemm::estimateTiledCycles(const KernelTile &tile,
                                                      int64_t batch,
                                                      bool transposeB,
                                                      int64_t parts) {
  const TiledKernelCosts *costs = findTiledKernelCosts(tile, transposeB);
  if (!costs || tile.isDynamic() || ShapedType::isDynamic(batch) || batch < 1)
    return std::nullopt;
  double units = double(tile.getTargetComputeUnits());
  double tiles = double(tile.gridM()) * double(tile.gridN()) * double(batch);
  // The busiest CU's workgroups, the K elements they sum between them and
  // the longest one's, which paces the loop while few overlap.
  double workgroups = std::ceil(tiles / units);
  double launched = tiles;
  double sumK = workgroups * double(tile.k);
  double longestK = double(tile.k);
  double reductionCycles = 0;
  std::string ignored;
  llvm::raw_string_ostream ignoredOs(ignored);
  if (parts > 1) {
    // A split tail: the busiest CU runs its whole rounds' tiles over all of
    // K, then K parts of the tail tiles; the reduction kernel reads the
    // parts and C, and writes C and the zeroed parts, at the DRAM's rate.
    if (batch != 1)
      return std::nullopt;
    FailureOr<SplitTailGrid> grid = getSplitTailGrid(tile, parts, ignoredOs);
    if (failed(grid))
      return std::nullopt;
    double rounds = double(grid->wholeTiles) / units;
    launched = double(grid->workgroups());
    workgroups = std::ceil(launched / units);
    double partK = double(grid->stepsPerPart * tile.bk);
    sumK = rounds * double(tile.k) + (workgroups - rounds) * partK;
    longestK = rounds > 0 ? double(tile.k) : partK;
    reductionCycles = estimateSecondKernelCycles(
        tile.getTargetInfo(),
        4.0 * tile.bm * tile.bn * grid->tailTiles * (2 * parts + 2));
  }
  FailureOr<StreamKGrid> streamKGrid = failure();
  if (tile.streamK) {
    if (parts != 1)
      return std::nullopt;
    // Without a tail to share (whole rounds) the kernel is the data-parallel
    // one, estimated unsplit.
    streamKGrid = getStreamKGrid(tile, ignoredOs, batch);
  }
  if (succeeded(streamKGrid)) {
    // Stream-K: the busiest CU runs its whole rounds' tiles over all of K,
    // then one range of the tail's K steps, a segment of each tile it
    // touches (each with a workgroup's prologue and epilogue); the fix-up
    // kernel reads every slot and C, and writes C and the zeroed slots, at
    // the DRAM's rate after a launch gap. Nothing more is fitted: the K
    // loop is the tiled kernel's.
    const StreamKGrid &grid = *streamKGrid;
    double rounds = double(grid.wholeTiles) / units;
    double rangeK =
        double((grid.stepsPerRange + (grid.longRanges != 0)) * tile.bk);
    workgroups = rounds + double(grid.maxSegments());
    launched = double(grid.workgroups());
    sumK = rounds * double(tile.k) + rangeK;
    longestK = rounds > 0 ? double(tile.k) : rangeK;
    double slots = double(grid.streamWorkgroups + grid.tailTiles - 1);
    reductionCycles = estimateSecondKernelCycles(
        tile.getTargetInfo(),
        4.0 * tile.bm * tile.bn * (2 * slots + 2 * double(grid.tailTiles)));
  }
  double overlappedK = costs->overlappedWorkgroups * longestK;
  double issueCycles =
      workgroups * costs->workgroupCycles +
      costs->stepCycles * std::cbrt(sumK * sumK * sumK +
                                    overlappedK * overlappedK * overlappedK);
  double dramCycles = estimateTiledDramCycles(tile, batch, launched);
  return std::pow(std::pow(issueCycles, kDramBlend) +
                      std::pow(dramCycles, kDramBlend),
                  1.0 / kDramBlend) +
         reductionCycles;
}

double mlir::gemm::estimateTiledDramCycles(const KernelTile &tile,
                                           int64_t batch, double launched) {
  const ::gemm::TargetInfo &target = tile.getTargetInfo();
  double units = double(tile.getTargetComputeUnits());
  double bytes =
      4.0 * double(batch) *
      (double(tile.m) * double(tile.k) + double(tile.k) * double(tile.n) +
       2.0 * double(tile.m) * double(tile.n));
  // The busiest CU's workgroups' share of the bytes, at a CU's share of the
  // DRAM's rate (the timing model's; a compute-units override balances the
  // grid for fewer or more CUs of the same kind): a grid that leaves CUs
  // idle draws less of the bandwidth.
  double busiestBytes = bytes * std::ceil(launched / units) / launched;
  double bytesPerSecondPerCU =
      target.dramBytesPerSecond() / double(target.computeUnits);
  return busiestBytes / bytesPerSecondPerCU * target.sustainedClockHz();
}
