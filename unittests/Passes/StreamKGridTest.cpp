//===- StreamKGridTest.cpp - The work assignment of a stream-K launch -----===//
//
// getStreamKGrid (KernelTile.h): the tiles of the whole rounds keep a
// workgroup each; the K steps of the other T tiles, T x S global iterations
// (S K steps a tile), are shared by G workgroups in contiguous ranges that
// may span tiles. The kernel (gemm-tile-workgroups' buildStreamKBody) runs a
// range as one segment per tile it touches, each into workspace slot g + t,
// and the fix-up adds tile t's partials from the workgroups that own its
// first to its last iteration. These tests check that assignment against
// the properties the two kernels rely on. The CU counts are compute-units
// overrides; the tile is the default 128 x 128 with K steps of 8.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"

#include "gtest/gtest.h"

#include <set>

using namespace mlir;
using namespace mlir::gemm;

namespace {

KernelTile makeTile(int64_t m, int64_t n, int64_t k, int64_t computeUnits) {
  KernelTile tile;
  tile.m = m;
  tile.n = n;
  tile.k = k;
  tile.computeUnits = computeUnits;
  return tile;
}

FailureOr<StreamKGrid> gridOf(const KernelTile &tile, std::string &whyNot) {
  llvm::raw_string_ostream os(whyNot);
  return getStreamKGrid(tile, os);
}

/// Checks every property of `grid` that the stream-K kernel and its fix-up
/// rely on.
void checkAssignment(const StreamKGrid &grid) {
  int64_t steps = grid.stepsPerTile;
  int64_t iterations = grid.iterations();
  int64_t workgroups = grid.streamWorkgroups;
  ASSERT_GE(workgroups, 1);
  ASSERT_LE(workgroups, iterations);
  // The ranges are contiguous, in order, not empty, and cover every
  // iteration exactly once; they differ in length by at most one step.
  EXPECT_EQ(grid.rangeBegin(0), 0);
  EXPECT_EQ(grid.rangeEnd(workgroups - 1), iterations);
  std::vector<int> covered(iterations, 0);
  for (int64_t g = 0; g < workgroups; ++g) {
    int64_t begin = grid.rangeBegin(g), end = grid.rangeEnd(g);
    ASSERT_LT(begin, end) << "workgroup " << g << " has no iteration";
    EXPECT_GE(end - begin, grid.stepsPerRange);
    EXPECT_LE(end - begin, grid.stepsPerRange + 1);
    if (g + 1 < workgroups)
      EXPECT_EQ(end, grid.rangeBegin(g + 1));
    for (int64_t i = begin; i < end; ++i) {
      ++covered[i];
      EXPECT_EQ(grid.owner(i), g) << "iteration " << i;
    }
  }
  for (int64_t i = 0; i < iterations; ++i)
    ASSERT_EQ(covered[i], 1) << "iteration " << i;
  // Segments, as the kernel runs them: the tiles from the range's first
  // iteration's to its last's, each the range's part of that tile.
  std::set<int64_t> slots;
  std::vector<std::vector<std::pair<int64_t, int64_t>>> perTile(grid.tailTiles);
  int64_t mostSegments = 0;
  for (int64_t g = 0; g < workgroups; ++g) {
    int64_t begin = grid.rangeBegin(g), end = grid.rangeEnd(g);
    int64_t firstTile = begin / steps, endTile = (end - 1) / steps + 1;
    EXPECT_LE(endTile - firstTile, grid.maxSegments()) << "workgroup " << g;
    mostSegments = std::max(mostSegments, endTile - firstTile);
    for (int64_t t = firstTile; t < endTile; ++t) {
      int64_t stepBegin = std::max(begin, t * steps) - t * steps;
      int64_t stepEnd = std::min(end, (t + 1) * steps) - t * steps;
      ASSERT_LT(stepBegin, stepEnd) << "an empty segment";
      perTile[t].push_back({stepBegin, stepEnd});
      int64_t slot = g + t;
      EXPECT_LT(slot, grid.slots());
      EXPECT_TRUE(slots.insert(slot).second) << "slot " << slot << " twice";
    }
  }
  // The bound is reached by some grids, never passed.
  EXPECT_LE(mostSegments, grid.maxSegments());
  // The fix-up's partials of tile t: workgroups owner(t S) to
  // owner((t + 1) S - 1), one segment each, whose K ranges follow one
  // another from 0 to S in that order.
  for (int64_t t = 0; t < grid.tailTiles; ++t) {
    int64_t first = grid.owner(t * steps);
    int64_t last = grid.owner((t + 1) * steps - 1);
    ASSERT_EQ(int64_t(perTile[t].size()), last - first + 1) << "tile " << t;
    int64_t next = 0;
    for (auto [stepBegin, stepEnd] : perTile[t]) {
      EXPECT_EQ(stepBegin, next);
      next = stepEnd;
    }
    EXPECT_EQ(next, steps);
  }
}

struct StreamKCase {
  const char *name;
  int64_t m, n, k, computeUnits;
  int64_t wholeTiles, tailTiles, stepsPerTile, streamWorkgroups;
  int64_t stepsPerRange, longRanges, maxSegments;
  const char *why;
};

const StreamKCase kCases[] = {
    {"SpansTiles", 512, 512, 256, 6, 12, 4, 32, 6, 21, 2, 2,
     "16 tiles on 6 CUs: a tail of 4 x 32 = 128 steps over 6 workgroups, "
     "ranges of 22, 22, 21, 21, 21, 21 steps, the second from 22 to 44 "
     "across tiles 0 and 1"},
    {"EdgesAndKTail", 500, 520, 259, 6, 18, 2, 32, 6, 10, 4, 2,
     "4 x 5 tiles (edges shifted back) on 6 CUs: a tail of 2 tiles of 32 "
     "steps (259 = 32 x 8 + 3) over 6 workgroups of 11, 11, 11, 11, 10, 10"},
    {"AllTail", 256, 256, 4096, 48, 0, 4, 512, 48, 42, 32, 2,
     "4 tiles on 48 CUs are all tail: 2048 steps over 48 workgroups"},
    {"FewSteps", 256, 128, 24, 48, 0, 2, 3, 3, 2, 0, 2,
     "6 steps in all: 3 workgroups of 2, fewer than the CUs"},
    {"LongRanges", 1024, 1024, 4096, 5, 60, 4, 512, 5, 409, 3, 2,
     "64 tiles on 5 CUs: 2048 tail steps over 5 workgroups"},
};

class StreamKGridTest : public testing::TestWithParam<StreamKCase> {};

TEST_P(StreamKGridTest, Grid) {
  const StreamKCase &c = GetParam();
  SCOPED_TRACE(c.why);
  std::string whyNot;
  FailureOr<StreamKGrid> grid =
      gridOf(makeTile(c.m, c.n, c.k, c.computeUnits), whyNot);
  ASSERT_TRUE(succeeded(grid)) << whyNot;
  EXPECT_EQ(grid->wholeTiles, c.wholeTiles);
  EXPECT_EQ(grid->tailTiles, c.tailTiles);
  EXPECT_EQ(grid->stepsPerTile, c.stepsPerTile);
  EXPECT_EQ(grid->streamWorkgroups, c.streamWorkgroups);
  EXPECT_EQ(grid->stepsPerRange, c.stepsPerRange);
  EXPECT_EQ(grid->longRanges, c.longRanges);
  EXPECT_EQ(grid->maxSegments(), c.maxSegments);
  EXPECT_EQ(grid->workgroups(), c.wholeTiles + c.streamWorkgroups);
  EXPECT_EQ(grid->workspaceRows(128),
            (c.streamWorkgroups + c.tailTiles - 1) * 128);
  checkAssignment(*grid);
}

INSTANTIATE_TEST_SUITE_P(Grids, StreamKGridTest, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<StreamKCase> &info) {
                           return std::string(info.param.name);
                         });

// Every grid of a sweep of shapes and CU counts, G dividing T x S or not,
// ranges shorter and longer than a tile.
TEST(StreamKGridTest, AssignmentSweep) {
  int64_t checked = 0;
  for (int64_t m : {128, 300, 640, 1000})
    for (int64_t n : {128, 384, 777})
      for (int64_t k : {16, 24, 72, 259, 1024})
        for (int64_t units : {1, 2, 3, 5, 7, 12, 48, 96}) {
          std::string whyNot;
          FailureOr<StreamKGrid> grid =
              gridOf(makeTile(m, n, k, units), whyNot);
          if (failed(grid))
            continue;
          SCOPED_TRACE(testing::Message() << m << "x" << n << "x" << k << " on "
                                          << units << " CUs");
          checkAssignment(*grid);
          ++checked;
          if (testing::Test::HasFatalFailure())
            return;
        }
  EXPECT_GT(checked, 100);
}

// The tail has fewer tiles than CUs (T = tiles mod G's CUs) and every
// range fewer steps than a tile, so a range touches at most two tiles: the
// kernel's segment loop runs once or twice.
TEST(StreamKGridTest, AtMostTwoSegments) {
  for (int64_t units : {2, 3, 7, 48, 96, 1024}) {
    std::string whyNot;
    FailureOr<StreamKGrid> grid =
        gridOf(makeTile(128 * (2 * units - 1), 128, 72, units), whyNot);
    ASSERT_TRUE(succeeded(grid)) << whyNot;
    EXPECT_LT(grid->tailTiles, units);
    EXPECT_LT(grid->stepsPerRange, grid->stepsPerTile);
    EXPECT_EQ(grid->maxSegments(), 2);
    checkAssignment(*grid);
  }
}

// A batch's tiles are numbered matrix by matrix: 3 matrices of 3 x 2
// tiles on 10 CUs are 10 whole tiles and a tail of 8 (the second matrix's
// last two and the third's six), 8 x 25 steps over 10 ranges of 20.
TEST(StreamKGridTest, Batch) {
  std::string whyNot;
  llvm::raw_string_ostream os(whyNot);
  FailureOr<StreamKGrid> grid =
      getStreamKGrid(makeTile(260, 200, 203, 10), os, /*batch=*/3);
  ASSERT_TRUE(succeeded(grid)) << whyNot;
  EXPECT_EQ(grid->tilesPerBatch, 6);
  EXPECT_EQ(grid->wholeTiles, 10);
  EXPECT_EQ(grid->tailTiles, 8);
  EXPECT_EQ(grid->stepsPerTile, 25);
  EXPECT_EQ(grid->streamWorkgroups, 10);
  EXPECT_EQ(grid->stepsPerRange, 20);
  EXPECT_EQ(grid->longRanges, 0);
  checkAssignment(*grid);
  // A dynamic batch has no grid.
  whyNot.clear();
  EXPECT_TRUE(failed(
      getStreamKGrid(makeTile(260, 200, 203, 10), os, ShapedType::kDynamic)));
  EXPECT_NE(whyNot.find("its sizes are not all static"), std::string::npos);
}

struct ErrorCase {
  const char *name;
  int64_t m, n, k, computeUnits;
  const char *error;
};

const ErrorCase kErrors[] = {
    {"WholeRounds", 1024, 1024, 4096, 64,
     "its 64 tiles are whole rounds of 64 workgroups"},
    {"SmallerThanATile", 64, 1024, 4096, 48,
     "64x1024 is smaller than one 128x128 tile"},
    {"OneStep", 1024, 1024, 8, 48, "k=8 has fewer than two K steps of bk=8"},
    {"TooManyCUs", 1024, 1024, 4096, 2000,
     "compute_units=2000 is not in 1..1024"},
    {"DynamicK", 1024, 1024, ShapedType::kDynamic, 48,
     "its sizes are not all static"},
};

class StreamKGridErrorTest : public testing::TestWithParam<ErrorCase> {};

TEST_P(StreamKGridErrorTest, Refused) {
  const ErrorCase &c = GetParam();
  std::string whyNot;
  FailureOr<StreamKGrid> grid =
      gridOf(makeTile(c.m, c.n, c.k, c.computeUnits), whyNot);
  EXPECT_TRUE(failed(grid));
  EXPECT_NE(whyNot.find(c.error), std::string::npos) << whyNot;
}

INSTANTIATE_TEST_SUITE_P(Errors, StreamKGridErrorTest,
                         testing::ValuesIn(kErrors),
                         [](const testing::TestParamInfo<ErrorCase> &info) {
                           return std::string(info.param.name);
                         });

} // namespace
