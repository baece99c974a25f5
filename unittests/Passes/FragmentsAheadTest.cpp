//===- FragmentsAheadTest.cpp - When a K step's fragments load ahead ------===//
//
// KernelTile::loadsFragmentsAhead: gemm-tile-lanes loads each K step's LDS
// fragments during the previous step's FMAs for lane tiles of at most
// kMaxAheadSums sums, when the busiest CU of the launch holds at most
// kMaxAheadWavesPerSimd waves per SIMD. The CU counts are compute-units
// overrides, chosen to make the workgroups per CU easy to count by hand.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::gemm;

namespace {

KernelTile makeTile(int64_t bm, int64_t bn, int64_t wavesM, int64_t wavesN,
                    int64_t computeUnits) {
  KernelTile tile;
  tile.bm = bm;
  tile.bn = bn;
  tile.wavesM = wavesM;
  tile.wavesN = wavesN;
  tile.computeUnits = computeUnits;
  std::tie(tile.m, tile.n, tile.k) = std::tuple(1024, 1024, 1024);
  return tile;
}

TEST(FragmentsAheadTest, UpToTheWavesPerSimdBound) {
  // 64 x 64 of 2 x 1 waves: 8 x 8 = 64 sums a lane, 2 waves a workgroup,
  // one wave per SIMD of a CU's two per workgroup.
  KernelTile tile = makeTile(64, 64, 2, 1, 16);
  ASSERT_EQ(tile.laneRows() * tile.laneCols(), kMaxAheadSums);
  int64_t simds = tile.getTargetInfo().simdsPerCU;
  ASSERT_EQ(simds, 2);
  // 6 workgroups on each of the override's CUs: 6 waves per SIMD, at the
  // bound.
  EXPECT_TRUE(tile.loadsFragmentsAhead(16 * kMaxAheadWavesPerSimd));
  // One workgroup more puts 7 on the busiest CU.
  EXPECT_FALSE(tile.loadsFragmentsAhead(16 * kMaxAheadWavesPerSimd + 1));
  EXPECT_TRUE(tile.loadsFragmentsAhead(1));
}

TEST(FragmentsAheadTest, WavesOfTheWorkgroupCount) {
  // 64 x 64 of 4 x 1 waves (32 sums a lane): 4 waves a workgroup, 2 per
  // SIMD, so 3 workgroups on a CU reach 6 waves per SIMD and 4 pass it.
  KernelTile tile = makeTile(64, 64, 4, 1, 16);
  EXPECT_TRUE(tile.loadsFragmentsAhead(16 * 3));
  EXPECT_FALSE(tile.loadsFragmentsAhead(16 * 3 + 1));
}

TEST(FragmentsAheadTest, NotForLargerLaneTilesOrAnUnknownGrid) {
  // 128 x 128 of 4 x 1 waves: 8 x 16 = 128 sums a lane.
  KernelTile large = makeTile(128, 128, 4, 1, 16);
  ASSERT_GT(large.laneRows() * large.laneCols(), kMaxAheadSums);
  EXPECT_FALSE(large.loadsFragmentsAhead(1));
  // A dynamic grid (0 workgroups: not known at compile time).
  EXPECT_FALSE(makeTile(64, 64, 2, 1, 16).loadsFragmentsAhead(0));
}

} // namespace
