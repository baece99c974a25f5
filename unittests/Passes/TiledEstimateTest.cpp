//===- TiledEstimateTest.cpp - The tiled kernel's estimate ----------------===//
//
// estimateTiledCycles (KernelChoice.h): the busiest CU's W workgroups cost
// W * workgroupCycles + stepCycles * pace(sum of their K, overlapped * the
// longest K), pace being the smooth maximum (a^3 + b^3)^(1/3), in a smooth
// maximum (a^6 + b^6)^(1/6) with the cycles the busiest CU waits on DRAM,
// and a split tail's reduction kernel or stream-K's fix-up kernel on top.
// The CU counts
// are compute-units overrides, chosen to make the rounds easy to count by
// hand; each expected value is worked out from the costs the test reads
// from getTiledKernelCosts, so that the test checks the formula and the
// grid it is applied to, not the fitted numbers.
//
//===----------------------------------------------------------------------===//

#include "KernelChoice.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir;
using namespace mlir::gemm;

namespace {

/// The K loop's pace: a smooth maximum of the issue-bound and the
/// latency-bound K elements.
double pace(double issueK, double latencyK) {
  return std::cbrt(issueK * issueK * issueK + latencyK * latencyK * latencyK);
}

/// The busiest CU's cycles on DRAM for an M x N x K problem in `batch`
/// matrices over `launched` workgroups on `units` CUs: A and B once and C
/// read and written, its share of them at a CU's share of the target's
/// DRAM rate.
double dramCycles(const ::gemm::TargetInfo &target, double m, double n,
                  double k, double batch, double launched, double units) {
  double bytes = 4 * batch * (m * k + k * n + 2 * m * n);
  double share = std::ceil(launched / units) / launched;
  return bytes * share /
         (target.dramBytesPerSecond() / double(target.computeUnits)) *
         target.sustainedClockGHz * 1e9;
}

/// The smooth maximum of the issue and DRAM cycles.
double withDram(double issue, double dram) {
  return std::pow(std::pow(issue, 6) + std::pow(dram, 6), 1.0 / 6);
}

/// A second kernel's cycles: its launch gap, and its `bytes` at the DRAM's
/// rate.
double secondKernelCycles(const ::gemm::TargetInfo &target, double bytes) {
  return (bytes / target.dramBytesPerSecond() + target.launchGapSeconds()) *
         target.boostClockHz();
}

const TiledKernelCosts &
costsOf(int64_t bm, int64_t bn, int64_t wavesM, int64_t wavesN, bool transposeB,
        const ::gemm::TargetInfo &target = ::gemm::getDefaultTarget()) {
  for (const TiledKernelCosts &c : getTiledKernelCosts(target))
    if (c.bm == bm && c.bn == bn && c.wavesM == wavesM && c.wavesN == wavesN &&
        c.transposeB == transposeB)
      return c;
  ADD_FAILURE() << "no costs for " << bm << "x" << bn << " of " << wavesM << "x"
                << wavesN << " waves";
  static TiledKernelCosts none{};
  return none;
}

KernelTile makeTile(const TiledKernelCosts &c, int64_t m, int64_t n, int64_t k,
                    int64_t computeUnits) {
  KernelTile tile;
  tile.bm = c.bm;
  tile.bn = c.bn;
  tile.wavesM = c.wavesM;
  tile.wavesN = c.wavesN;
  std::tie(tile.m, tile.n, tile.k) = std::tuple(m, n, k);
  tile.computeUnits = computeUnits;
  return tile;
}

TEST(TiledEstimateTest, EveryTileWithBothLayoutsOfB) {
  // The choice weighs each tile with B either way; a tile listed once
  // would never be chosen for the other layout. Every product's table
  // lists the tiles of the default's, with the same prefetch rows.
  ArrayRef<TiledKernelCosts> defaults =
      getTiledKernelCosts(::gemm::getDefaultTarget());
  for (const ::gemm::TargetInfo &target : ::gemm::getTargets()) {
    SCOPED_TRACE(target.name);
    ArrayRef<TiledKernelCosts> costs = getTiledKernelCosts(target);
    EXPECT_EQ(costs.size(), defaults.size());
    for (const TiledKernelCosts &c : costs) {
      const TiledKernelCosts &other =
          costsOf(c.bm, c.bn, c.wavesM, c.wavesN, !c.transposeB, target);
      EXPECT_NE(other.transposeB, c.transposeB);
      EXPECT_TRUE(llvm::any_of(defaults, [&](const TiledKernelCosts &d) {
        return d.bm == c.bm && d.bn == c.bn && d.wavesM == c.wavesM &&
               d.wavesN == c.wavesN && d.transposeB == c.transposeB &&
               d.prefetch == c.prefetch &&
               d.chosenByDefault == c.chosenByDefault;
      }));
      EXPECT_GT(c.workgroupCycles, 0);
      EXPECT_GT(c.stepCycles, 0);
      EXPECT_GE(c.overlappedWorkgroups, 1);
    }
  }
}

TEST(TiledEstimateTest, CostsOfTheTargetsRegisterFile) {
  // The register file sets how many workgroups a CU holds, so products
  // with the same file share costs and the others do not; the estimate
  // reads the target's table.
  const ::gemm::TargetInfo &xtx = ::gemm::getDefaultTarget();
  for (const ::gemm::TargetInfo &target : ::gemm::getTargets()) {
    SCOPED_TRACE(target.name);
    bool sameFile = target.vgprFileBytesPerSimd == xtx.vgprFileBytesPerSimd;
    EXPECT_EQ(getTiledKernelCosts(target).data() ==
                  getTiledKernelCosts(xtx).data(),
              sameFile);
    const TiledKernelCosts &c = costsOf(128, 128, 4, 1, false, target);
    KernelTile tile = makeTile(c, 128, 128, 1024, 1);
    tile.target = target.name;
    tile.prefetch = c.prefetch;
    EXPECT_DOUBLE_EQ(
        *estimateTiledCycles(tile, 1, false),
        withDram(c.workgroupCycles +
                     c.stepCycles * pace(1024, c.overlappedWorkgroups * 1024),
                 dramCycles(target, 128, 128, 1024, 1, 1, 1)));
  }
}

TEST(TiledEstimateTest, CostsOfTheTilesPrefetch) {
  // One tile on one CU: workgroupCycles + stepCycles * pace(K, overlapped *
  // K), by
  // the row of the tile's prefetch, or by its prefetch=registers row for a
  // prefetch it has none of.
  int rowsWithLds = 0;
  for (const TiledKernelCosts &c :
       getTiledKernelCosts(::gemm::getDefaultTarget())) {
    if (c.prefetch != PrefetchMode::Lds)
      continue;
    ++rowsWithLds;
    const TiledKernelCosts &registers =
        costsOf(c.bm, c.bn, c.wavesM, c.wavesN, c.transposeB);
    ASSERT_EQ(registers.prefetch, PrefetchMode::Registers);
    KernelTile tile = makeTile(c, c.bm, c.bn, 1024, 1);
    auto expected = [&](const TiledKernelCosts &row) {
      return withDram(
          row.workgroupCycles +
              row.stepCycles * pace(1024, row.overlappedWorkgroups * 1024),
          dramCycles(::gemm::getDefaultTarget(), c.bm, c.bn, 1024, 1, 1, 1));
    };
    tile.prefetch = PrefetchMode::Lds;
    EXPECT_DOUBLE_EQ(*estimateTiledCycles(tile, 1, c.transposeB), expected(c));
    tile.prefetch = PrefetchMode::Registers;
    EXPECT_DOUBLE_EQ(*estimateTiledCycles(tile, 1, c.transposeB),
                     expected(registers));
    tile.prefetch = PrefetchMode::None;
    EXPECT_DOUBLE_EQ(*estimateTiledCycles(tile, 1, c.transposeB),
                     expected(registers));
  }
  EXPECT_GT(rowsWithLds, 0);
}

TEST(TiledEstimateTest, FewWorkgroupsArePacedByLatency) {
  // 8 x 6 = 48 tiles of 128 x 128 on 48 CUs: one each, below the overlap,
  // so the K loop costs at least overlappedWorkgroups workgroups' steps.
  const TiledKernelCosts &c = costsOf(128, 128, 4, 1, false);
  ASSERT_GT(c.overlappedWorkgroups, 1);
  KernelTile tile = makeTile(c, 1024, 768, 512, 48);
  std::optional<double> cycles = estimateTiledCycles(tile, 1, false);
  ASSERT_TRUE(cycles);
  EXPECT_DOUBLE_EQ(
      *cycles,
      withDram(c.workgroupCycles +
                   c.stepCycles * pace(512, 512 * c.overlappedWorkgroups),
               dramCycles(tile.getTargetInfo(), 1024, 768, 512, 1, 48, 48)));
  EXPECT_GT(*cycles,
            c.workgroupCycles + 512 * c.stepCycles * c.overlappedWorkgroups);
}

TEST(TiledEstimateTest, ManyWorkgroupsArePacedByIssue) {
  // 32 x 24 = 768 tiles on 48 CUs: 16 on each, past the overlap.
  const TiledKernelCosts &c = costsOf(32, 64, 2, 1, true);
  ASSERT_LT(c.overlappedWorkgroups, 16);
  KernelTile tile = makeTile(c, 1024, 1536, 256, 48);
  std::optional<double> cycles = estimateTiledCycles(tile, 1, true);
  ASSERT_TRUE(cycles);
  EXPECT_DOUBLE_EQ(
      *cycles,
      withDram(16 * c.workgroupCycles +
                   c.stepCycles * pace(16 * 256, c.overlappedWorkgroups * 256),
               dramCycles(tile.getTargetInfo(), 1024, 1536, 256, 1, 768, 48)));
  // Far past the overlap and well above the DRAM's cycles, within 1 % of
  // the issue rate's pace.
  EXPECT_LT(*cycles, 1.01 * (16 * c.workgroupCycles + 16 * 256 * c.stepCycles));
}

TEST(TiledEstimateTest, BusiestCUOfAnUnevenGridAndABatch) {
  // 2 x 3 tiles (edge tiles count whole) in a batch of 9: 54 workgroups,
  // with a compute-units override of 16 4 on the busiest CU.
  const TiledKernelCosts &c = costsOf(64, 64, 4, 1, false);
  KernelTile tile = makeTile(c, 100, 150, 1024, 16);
  std::optional<double> cycles = estimateTiledCycles(tile, 9, false);
  ASSERT_TRUE(cycles);
  EXPECT_DOUBLE_EQ(
      *cycles,
      withDram(4 * c.workgroupCycles +
                   c.stepCycles * pace(4 * 1024, c.overlappedWorkgroups * 1024),
               dramCycles(tile.getTargetInfo(), 100, 150, 1024, 9, 54, 16)));
}

TEST(TiledEstimateTest, SplitTailAddsItsPartsAndTheReduction) {
  // 8 x 8 = 64 tiles on 48 CUs: 48 whole, 16 in 2 parts of 256 steps (of
  // 512): 80 workgroups, 2 on the busiest CU, one whole tile and one part.
  const TiledKernelCosts &c = costsOf(128, 128, 4, 1, false);
  KernelTile tile = makeTile(c, 1024, 1024, 4096, 48);
  std::optional<double> cycles = estimateTiledCycles(tile, 1, false, 2);
  ASSERT_TRUE(cycles);
  const ::gemm::TargetInfo &target = tile.getTargetInfo();
  double sumK = 4096 + 256 * 8;
  double reduction =
      secondKernelCycles(target, 4.0 * 128 * 128 * 16 * (2 * 2 + 2));
  EXPECT_DOUBLE_EQ(
      *cycles,
      withDram(2 * c.workgroupCycles +
                   c.stepCycles * pace(sumK, c.overlappedWorkgroups * 4096),
               dramCycles(target, 1024, 1024, 4096, 1, 80, 48)) +
          reduction);
}

TEST(TiledEstimateTest, AllTailSplitIsPacedByAPart) {
  // 4 tiles on 48 CUs are all tail: in 8 parts of 64 steps, 32 workgroups,
  // one on the busiest CU, whose loop is one part long.
  const TiledKernelCosts &c = costsOf(128, 128, 4, 1, true);
  KernelTile tile = makeTile(c, 256, 256, 4096, 48);
  std::optional<double> cycles = estimateTiledCycles(tile, 1, true, 8);
  ASSERT_TRUE(cycles);
  const ::gemm::TargetInfo &target = tile.getTargetInfo();
  double reduction =
      secondKernelCycles(target, 4.0 * 128 * 128 * 4 * (2 * 8 + 2));
  EXPECT_DOUBLE_EQ(
      *cycles,
      withDram(c.workgroupCycles +
                   c.stepCycles * pace(512, c.overlappedWorkgroups * 512),
               dramCycles(target, 256, 256, 4096, 1, 32, 48)) +
          reduction);
}

TEST(TiledEstimateTest, StreamKSharesTheTailsSteps) {
  // 8 x 8 = 64 tiles on 48 CUs: 48 whole, and the 16 x 512 K steps (of 8)
  // of the tail shared by 48 stream-K workgroups, 170 or 171 steps each,
  // a range touching at most 2 tiles: the busiest CU runs one whole tile
  // and one range of 171 steps in 2 segments. The fix-up kernel reads the
  // 48 + 16 - 1 slots and C, and writes C and the zeroed slots.
  const TiledKernelCosts &c = costsOf(128, 128, 4, 1, false);
  KernelTile tile = makeTile(c, 1024, 1024, 4096, 48);
  tile.streamK = true;
  std::optional<double> cycles = estimateTiledCycles(tile, 1, false);
  ASSERT_TRUE(cycles);
  const ::gemm::TargetInfo &target = tile.getTargetInfo();
  double sumK = 4096 + 171 * 8;
  double fixUp =
      secondKernelCycles(target, 4.0 * 128 * 128 * (2 * 63 + 2 * 16));
  EXPECT_DOUBLE_EQ(
      *cycles,
      withDram(3 * c.workgroupCycles +
                   c.stepCycles * pace(sumK, c.overlappedWorkgroups * 4096),
               dramCycles(target, 1024, 1024, 4096, 1, 96, 48)) +
          fixUp);
  // Whole rounds have no tail to share: the data-parallel kernel, as
  // without stream-K. And stream-K is not split.
  KernelTile whole = makeTile(c, 1024, 1024, 4096, 64);
  KernelTile wholeStreamK = whole;
  wholeStreamK.streamK = true;
  EXPECT_EQ(estimateTiledCycles(wholeStreamK, 1, false),
            estimateTiledCycles(whole, 1, false));
  EXPECT_FALSE(estimateTiledCycles(tile, 1, false, 2));
}

TEST(TiledEstimateTest, TheBusiestCUsShareOfTheDram) {
  // The busiest CU moves its workgroups' share of the bytes at one CU's
  // share of the DRAM's rate: half a round of workgroups takes twice as
  // long as a full round, and one more than a round puts two on a CU.
  const TiledKernelCosts &c = costsOf(64, 64, 4, 1, false);
  const ::gemm::TargetInfo &target = ::gemm::getDefaultTarget();
  double units = double(target.computeUnits);
  ASSERT_EQ(target.computeUnits % 2, 0);
  KernelTile tile = makeTile(c, 4096, 64, 4096, target.computeUnits);
  double round = estimateTiledDramCycles(tile, 1, units);
  EXPECT_DOUBLE_EQ(round, dramCycles(target, 4096, 64, 4096, 1, units, units));
  EXPECT_DOUBLE_EQ(estimateTiledDramCycles(tile, 1, units / 2), 2 * round);
  EXPECT_DOUBLE_EQ(estimateTiledDramCycles(tile, 1, units + 1),
                   2 * units * round / (units + 1));
  EXPECT_DOUBLE_EQ(estimateTiledDramCycles(tile, 3, units), 3 * round);
  // A batch of matrices of 64 x 64 x 64, one workgroup each on each CU:
  // each moves 64 KiB for 2^18 multiply-adds, so the DRAM paces the kernel.
  KernelTile small = makeTile(c, 64, 64, 64, target.computeUnits);
  double issue =
      c.workgroupCycles + c.stepCycles * pace(64, c.overlappedWorkgroups * 64);
  double dram = estimateTiledDramCycles(small, target.computeUnits, units);
  ASSERT_GT(dram, issue);
  std::optional<double> cycles =
      estimateTiledCycles(small, target.computeUnits, false);
  ASSERT_TRUE(cycles);
  EXPECT_DOUBLE_EQ(*cycles, withDram(issue, dram));
  EXPECT_GT(*cycles, dram);
}

TEST(TiledEstimateTest, NoEstimate) {
  const TiledKernelCosts &c = costsOf(128, 128, 4, 1, false);
  KernelTile tile = makeTile(c, 1024, 1024, 4096, 48);
  // A tile the table does not list.
  KernelTile other = tile;
  other.bn = 64;
  EXPECT_FALSE(estimateTiledCycles(other, 1, false));
  // The table's tile with another wave grid.
  other = tile;
  other.wavesM = 2;
  other.wavesN = 2;
  EXPECT_FALSE(estimateTiledCycles(other, 1, false));
  // A dynamic size.
  other = tile;
  other.k = ShapedType::kDynamic;
  EXPECT_FALSE(estimateTiledCycles(other, 1, false));
  // A split of a batch, or one getSplitTailGrid refuses (65 parts).
  EXPECT_FALSE(estimateTiledCycles(tile, 2, false, 2));
  EXPECT_FALSE(estimateTiledCycles(tile, 1, false, 65));
}

TEST(TiledEstimateTest, FlatRowsOfRaisedOnes) {
  // The choice weighs a raised row with given priorities by its flat twin:
  // the tiles of two waves have one, 32 x 32 of one wave has raised rows
  // only. A flat row is its own twin.
  for (const ::gemm::TargetInfo &target : ::gemm::getTargets()) {
    SCOPED_TRACE(target.name);
    for (const TiledKernelCosts &c : getTiledKernelCosts(target)) {
      SCOPED_TRACE(testing::Message()
                   << c.bm << " x " << c.bn << ", " << c.wavesM << " x "
                   << c.wavesN << (c.wavePriorities ? " raised" : ""));
      EXPECT_EQ(hasFlatPrioritiesRow(target, c),
                !c.wavePriorities || c.wavesM * c.wavesN == 2);
      EXPECT_TRUE(!c.wavePriorities || c.wavesM * c.wavesN <= 2);
    }
    TiledKernelCosts unlisted = costsOf(64, 64, 2, 1, false, target);
    unlisted.bn = 48;
    EXPECT_FALSE(hasFlatPrioritiesRow(target, unlisted));
  }
}

} // namespace
