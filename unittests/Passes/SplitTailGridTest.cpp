//===- SplitTailGridTest.cpp - The grid of a split-tail launch ------------===//
//
// getSplitTailGrid (KernelTile.h): a grid of T tiles on U CUs runs T / U
// whole rounds, a workgroup a tile, and splits each of the T % U tiles of
// the last round into K parts of ceil(steps / parts) K steps (the last part
// takes the rest, at least two), or says why there is no such grid. The CU
// counts are compute-units overrides, chosen to make the rounds easy to
// count by hand; the default tile is 128 x 128 with K steps of 8.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::gemm;

namespace {

struct SplitCase {
  const char *name;
  int64_t m, n, k, computeUnits, parts;
  /// The grid, when there is one: whole tiles, tail tiles, K steps a part
  /// and workgroups.
  int64_t wholeTiles, tailTiles, stepsPerPart, workgroups;
  /// A part of the reason there is none; null when there is a grid.
  const char *error;
  const char *why;
};

const SplitCase kSplitCases[] = {
    {"TwoParts", 1024, 1024, 4096, 48, 2, 48, 16, 256, 80, nullptr,
     "8 x 8 = 64 tiles on 48 CUs: 48 whole, 16 in the tail; 512 steps in 2 "
     "parts of 256; 48 + 16 x 2 workgroups"},
    {"ThreeParts", 1024, 1024, 4096, 48, 3, 48, 16, 171, 96, nullptr,
     "ceil(512 / 3) = 171 steps, the last part 512 - 342 = 170"},
    {"EdgeTiles", 1000, 1000, 4096, 48, 2, 48, 16, 256, 80, nullptr,
     "1000 needs 8 tiles of 128 (the last shifted back): still 64 tiles"},
    {"KTail", 1024, 1024, 1000, 48, 4, 48, 16, 32, 112, nullptr,
     "1000 / 8 = 125 steps: parts of 32, the last of 125 - 96 = 29"},
    {"AllTail", 256, 256, 4096, 48, 8, 0, 4, 64, 32, nullptr,
     "4 tiles on 48 CUs are all tail: split-K, 4 x 8 workgroups"},
    {"ShortestK", 1024, 1024, 32, 48, 2, 48, 16, 2, 80, nullptr,
     "4 steps: two parts of two steps each"},
    {"WholeRounds", 1024, 1024, 4096, 64, 2, 0, 0, 0, 0,
     "its 64 tiles are whole rounds of 64 workgroups",
     "no tail: nothing to split"},
    {"OnePart", 1024, 1024, 4096, 48, 1, 0, 0, 0, 0,
     "split_tail=1 must be 1 (none) or 2..64 parts",
     "one part is no split: the grid is the plain one"},
    {"TooManyParts", 1024, 1024, 4096, 48, 65, 0, 0, 0, 0,
     "split_tail=65 must be 1 (none) or 2..64", "at most 64 parts"},
    {"LastPartTooShort", 1024, 1024, 24, 48, 2, 0, 0, 0, 0,
     "(k=24 has 3 steps of bk=8)",
     "3 steps in parts of 2 leave the last one step; the K loop prefetches "
     "the next slice, so a part needs two"},
    {"SmallerThanATile", 64, 1024, 4096, 48, 2, 0, 0, 0, 0,
     "64x1024 is smaller than one 128x128 tile",
     "an edge tile is shifted back inside C, which needs a whole tile"},
    {"TooManyCUs", 1024, 1024, 4096, 2000, 2, 0, 0, 0, 0,
     "compute_units=2000 is not in 1..1024", "the bound of the balance"},
    {"TooManyTiles", 128 * 4097, 128 * 4097, 4096, 48, 2, 0, 0, 0, 0,
     "its grid of 4097x4097 tiles is larger than 16777216",
     "4097^2 tiles pass 2^24, the bound that keeps the workgroup id far "
     "from 32 bits"},
    {"DynamicM", ShapedType::kDynamic, 1024, 4096, 48, 2, 0, 0, 0, 0,
     "its sizes are not all static", "the grid is fixed at compile time"},
};

class SplitTailGridTest : public testing::TestWithParam<SplitCase> {};

TEST_P(SplitTailGridTest, Grid) {
  const SplitCase &c = GetParam();
  SCOPED_TRACE(c.why);
  KernelTile tile;
  ASSERT_EQ(tile.bm, 128);
  ASSERT_EQ(tile.bn, 128);
  ASSERT_EQ(tile.bk, 8);
  tile.m = c.m;
  tile.n = c.n;
  tile.k = c.k;
  tile.computeUnits = c.computeUnits;
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  FailureOr<SplitTailGrid> grid = getSplitTailGrid(tile, c.parts, os);
  if (c.error) {
    EXPECT_TRUE(failed(grid));
    EXPECT_NE(whyNot.find(c.error), std::string::npos) << whyNot;
    return;
  }
  ASSERT_TRUE(succeeded(grid)) << whyNot;
  EXPECT_EQ(grid->tilesN, tile.gridN());
  EXPECT_EQ(grid->wholeTiles, c.wholeTiles);
  EXPECT_EQ(grid->tailTiles, c.tailTiles);
  EXPECT_EQ(grid->parts, c.parts);
  EXPECT_EQ(grid->stepsPerPart, c.stepsPerPart);
  EXPECT_EQ(grid->workgroups(), c.workgroups);
  // A bm x bn sum per tail workgroup.
  EXPECT_EQ(grid->workspaceRows(tile.bm), c.tailTiles * c.parts * tile.bm);
}

INSTANTIATE_TEST_SUITE_P(Grids, SplitTailGridTest,
                         testing::ValuesIn(kSplitCases),
                         [](const testing::TestParamInfo<SplitCase> &info) {
                           return std::string(info.param.name);
                         });

TEST(SplitTailGridTest, TargetCUsWithoutOverride) {
  // computeUnits 0 balances for the target's own CUs: a grid of one more
  // tile than the target has CUs leaves a tail of one tile.
  KernelTile tile;
  const ::gemm::TargetInfo &target = tile.getTargetInfo();
  ASSERT_EQ(tile.computeUnits, 0);
  tile.m = 128 * (target.computeUnits + 1);
  tile.n = 128;
  tile.k = 4096;
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  FailureOr<SplitTailGrid> grid = getSplitTailGrid(tile, 2, os);
  ASSERT_TRUE(succeeded(grid)) << whyNot;
  EXPECT_EQ(grid->wholeTiles, int64_t(target.computeUnits));
  EXPECT_EQ(grid->tailTiles, 1);
}

} // namespace
