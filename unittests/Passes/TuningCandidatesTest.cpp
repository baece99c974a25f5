//===- TuningCandidatesTest.cpp - A sweep's candidates and its prefilter --===//
//
// estimateTuningEntry gives a sweep the figure the built-in choice compares
// for a configuration, and prefilterTuningCandidates keeps the N candidates
// it ranks fastest, sharing one job among candidates that compile the same
// #gemm.config. Expected values are the library's own functions applied by
// hand (estimateTiledCycles, estimateSkinnyCycles), or orders that follow
// from the rule, so that the tests check the plumbing and the rule rather
// than fitted numbers.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/TuningCandidates.h"

#include "KernelChoice.h"
#include "SkinnyPlan.h"

#include "gtest/gtest.h"

#include <limits>

using namespace mlir;
using namespace mlir::gemm;

namespace {

TuningShape makeShape(int64_t m, int64_t n, int64_t k,
                      bool transposeB = false) {
  TuningShape shape;
  std::tie(shape.m, shape.n, shape.k) = std::tuple(m, n, k);
  shape.transposeB = transposeB;
  return shape;
}

KernelConfig configOf(const TuningShape &shape, llvm::StringRef options) {
  llvm::Expected<KernelConfig> config =
      applyTuningEntry(shape, options, KernelConfig());
  if (!config) {
    ADD_FAILURE() << options.str() << ": " << toString(config.takeError());
    return KernelConfig();
  }
  return *config;
}

std::optional<double> estimate(const TuningShape &shape,
                               llvm::StringRef options) {
  return estimateTuningEntry(shape, configOf(shape, options));
}

TEST(KernelConfigTest, SameAttrIsTheAttributesMembers) {
  KernelConfig a, b;
  EXPECT_TRUE(a.hasSameAttr(b));
  // Not in #gemm.config: they change how the choice is made, not the kernel.
  b.tuningTable = "table.json";
  b.tileChosenPerShape = false;
  EXPECT_TRUE(a.hasSameAttr(b));
  b.prefetch = PrefetchMode::Lds;
  EXPECT_FALSE(a.hasSameAttr(b));
  KernelConfig c;
  c.splitTail = 2;
  EXPECT_FALSE(a.hasSameAttr(c));
  KernelConfig d;
  d.computeUnits = d.getTargetComputeUnits() / 2;
  EXPECT_FALSE(a.hasSameAttr(d));
}

TEST(EstimateTuningEntryTest, TiledTileIsTheCostTablesEstimate) {
  // 4096^3 in 128 x 128 tiles: the estimate of that tile, with the split of
  // the grid's tail the compile would choose.
  TuningShape shape = makeShape(4096, 4096, 4096);
  KernelConfig chosen =
      chooseTuningConfig(shape, configOf(shape, "kernel=tiled bm=128 bn=128"));
  KernelTile tile;
  static_cast<KernelConfig &>(tile) = chosen;
  std::tie(tile.m, tile.n, tile.k) = std::tuple(4096, 4096, 4096);
  std::optional<double> expected = estimateTiledCycles(
      tile, 1, /*transposeB=*/false, std::max<int64_t>(chosen.splitTail, 1));
  ASSERT_TRUE(expected);
  EXPECT_EQ(estimate(shape, "kernel=tiled bm=128 bn=128"), expected);
}

TEST(EstimateTuningEntryTest, StreamKIsItsTilesEstimate) {
  // Stream-K shares the tail of the tile's grid: the tile's costs over the
  // stream-K grid, unsplit.
  TuningShape shape = makeShape(4096, 4096, 1024);
  KernelConfig chosen = chooseTuningConfig(
      shape, configOf(shape, "kernel=tiled bm=128 bn=128 stream-k=true"));
  ASSERT_TRUE(chosen.streamK);
  ASSERT_EQ(chosen.splitTail, 1);
  KernelTile tile;
  static_cast<KernelConfig &>(tile) = chosen;
  std::tie(tile.m, tile.n, tile.k) = std::tuple(4096, 4096, 1024);
  std::optional<double> expected =
      estimateTiledCycles(tile, 1, /*transposeB=*/false);
  ASSERT_TRUE(expected);
  EXPECT_EQ(estimate(shape, "kernel=tiled bm=128 bn=128 stream-k=true"),
            expected);
}

TEST(EstimateTuningEntryTest, FourByTwoWaveGridsHaveCostRows) {
  // gemm-tune's built-in 4 x 2 candidates are ranked with the others.
  TuningShape shape = makeShape(4096, 1024, 1024, /*transposeB=*/true);
  for (const char *options : {"kernel=tiled bm=64 bn=64 waves-m=4 waves-n=2",
                              "kernel=tiled bm=128 bn=64 waves-m=4 waves-n=2"})
    EXPECT_TRUE(estimate(shape, options)) << options;
}

TEST(EstimateTuningEntryTest, PrefetchIsWeighedWhereItHasCostRows) {
  // The default tile has a prefetch=lds row with B stored either way, and
  // each row its own estimate. When no prefetch is given, the estimate is
  // that of the prefetch the choice gives the tile (choosePrefetch, whose
  // rule KernelChoiceTest checks); prefetch=none has no row and is
  // estimated as prefetch=registers.
  for (bool transposeB : {false, true}) {
    TuningShape shape = makeShape(4096, 1024, 1024, transposeB);
    std::optional<double> registers =
        estimate(shape, "kernel=tiled bm=128 bn=128 prefetch=registers");
    std::optional<double> lds =
        estimate(shape, "kernel=tiled bm=128 bn=128 prefetch=lds");
    ASSERT_TRUE(registers && lds);
    EXPECT_NE(*lds, *registers);
    PrefetchMode chosen = choosePrefetch(KernelConfig(), transposeB);
    EXPECT_EQ(estimate(shape, "kernel=tiled bm=128 bn=128"),
              chosen == PrefetchMode::Lds ? lds : registers)
        << (transposeB ? "B stored N x K" : "B stored K x N");
    EXPECT_EQ(estimate(shape, "kernel=tiled bm=128 bn=128 prefetch=none"),
              registers);
  }
}

TEST(EstimateTuningEntryTest, TheChosenSplitIsNoSlowerThanNone) {
  // The compile chooses the split with the shortest estimate, no split
  // among them: 2560 x 2560 x 4096 has 400 tiles of 128 x 128, 4 rounds of
  // 96 and a tail of 16.
  TuningShape shape = makeShape(2560, 2560, 4096);
  std::optional<double> chosen = estimate(shape, "kernel=tiled bm=128 bn=128");
  std::optional<double> unsplit =
      estimate(shape, "kernel=tiled bm=128 bn=128 split-tail=1");
  ASSERT_TRUE(chosen && unsplit);
  EXPECT_LE(*chosen, *unsplit);
}

TEST(EstimateTuningEntryTest, SkinnyIsItsWeightedPlanEstimate) {
  TuningShape shape = makeShape(1760, 16, 1760);
  KernelConfig config = configOf(shape, "kernel=skinny");
  std::string ignored;
  llvm::raw_string_ostream ignoredOs(ignored);
  FailureOr<SkinnyPlan> plan =
      getSkinnyPlan(1, 1760, 16, 1760, MatmulLayout(), config.getTargetInfo(),
                    config.getTargetComputeUnits(), ignoredOs);
  ASSERT_TRUE(succeeded(plan));
  EXPECT_EQ(estimateTuningEntry(shape, config),
            estimateWeightedSkinnyCycles(*plan, config.getTargetInfo(),
                                         config.getTargetComputeUnits()));
}

struct NoEstimateCase {
  const char *why;
  TuningShape shape;
  const char *options;
};

class NoEstimateTest : public testing::TestWithParam<NoEstimateCase> {};

TEST_P(NoEstimateTest, IsNullopt) {
  const NoEstimateCase &c = GetParam();
  EXPECT_EQ(estimate(c.shape, c.options), std::nullopt) << c.why;
}

INSTANTIATE_TEST_SUITE_P(
    Uncovered, NoEstimateTest,
    testing::Values(
        NoEstimateCase{"no cost-table row for a 2 x 2 wave grid of 128 x 128",
                       makeShape(4096, 4096, 1024),
                       "kernel=tiled bm=128 bn=128 waves-m=2 waves-n=2"},
        NoEstimateCase{"no cost-table row for a 4 x 1 wave grid of 128 x 64",
                       makeShape(4096, 4096, 1024),
                       "kernel=tiled bm=128 bn=64"},
        NoEstimateCase{"below K = 32 the choice compares no estimate",
                       makeShape(4096, 4096, 16), "kernel=tiled bm=128 bn=128"},
        NoEstimateCase{"nor for the skinny kernel", makeShape(4096, 64, 16),
                       "kernel=skinny"},
        NoEstimateCase{"64 rows in a 128-row tile go to the simple lowering",
                       makeShape(64, 768, 768), "kernel=tiled bm=128 bn=128"}));

std::vector<std::string> sixCandidates() {
  return {"kernel=tiled bm=128 bn=128",
          "kernel=tiled bm=128 bn=128 prefetch=lds",
          "kernel=tiled bm=64 bn=64",
          "kernel=tiled bm=64 bn=64 waves-m=4 waves-n=2",
          "kernel=tiled bm=64 bn=128 waves-m=2 waves-n=2",
          "kernel=tiled bm=32 bn=64 waves-m=2 waves-n=1"};
}

TEST(PrefilterTuningCandidatesTest, OffKeepsEveryCandidateWithItsOwnJob) {
  TuningShape shape = makeShape(1024, 1024, 512);
  std::vector<TuningCandidate> ranked = prefilterTuningCandidates(
      shape, sixCandidates(), KernelConfig(), /*prefilter=*/0);
  ASSERT_EQ(ranked.size(), 6u);
  for (const TuningCandidate &c : ranked) {
    EXPECT_TRUE(c.kept) << c.options;
    EXPECT_EQ(c.jobOptions, c.options);
  }
}

TEST(PrefilterTuningCandidatesTest, KeepsTheNShortestEstimates) {
  TuningShape shape = makeShape(1024, 1024, 512);
  std::vector<std::string> options = sixCandidates();
  KernelConfig ownChoice = chooseTuningConfig(shape, KernelConfig());
  std::vector<TuningCandidate> ranked =
      prefilterTuningCandidates(shape, options, KernelConfig(), 2);
  ASSERT_EQ(ranked.size(), options.size());
  double longestKept = 0, shortestDropped = std::numeric_limits<double>::max();
  int ownJobsKept = 0;
  for (auto [index, c] : llvm::enumerate(ranked)) {
    EXPECT_EQ(c.options, options[index]);
    EXPECT_EQ(c.estimatedCycles, estimate(shape, options[index]));
    bool isOwnChoice = chooseTuningConfig(shape, configOf(shape, c.options))
                           .hasSameAttr(ownChoice);
    // The compiler's own choice always runs: its twin takes its prediction.
    EXPECT_EQ(c.jobOptions.empty(), isOwnChoice) << c.options;
    if (isOwnChoice) {
      EXPECT_TRUE(c.kept);
      continue;
    }
    double cycles =
        c.estimatedCycles.value_or(std::numeric_limits<double>::infinity());
    if (c.kept) {
      ++ownJobsKept;
      longestKept = std::max(longestKept, cycles);
    } else {
      shortestDropped = std::min(shortestDropped, cycles);
    }
  }
  EXPECT_EQ(ownJobsKept, 2);
  EXPECT_LE(longestKept, shortestDropped);
  // No estimate for the 4 x 2 wave grid: it ranks last.
  EXPECT_FALSE(ranked[3].kept);
}

TEST(PrefilterTuningCandidatesTest, TwinsShareAJobAndItsFate) {
  // The same tile written two ways compiles the same #gemm.config: the
  // second takes the first's job, kept or not.
  TuningShape shape = makeShape(4096, 4096, 1024);
  std::vector<std::string> options = {
      "kernel=tiled bm=64 bn=128 waves-m=2 waves-n=2",
      "waves-n=2 waves-m=2 bn=128 bm=64 kernel=tiled",
      "kernel=tiled bm=32 bn=64 waves-m=2 waves-n=1"};
  for (unsigned prefilter : {1u, 2u}) {
    std::vector<TuningCandidate> ranked =
        prefilterTuningCandidates(shape, options, KernelConfig(), prefilter);
    ASSERT_EQ(ranked.size(), 3u);
    EXPECT_EQ(ranked[1].jobOptions, options[0]);
    EXPECT_EQ(ranked[1].kept, ranked[0].kept);
    // Two distinct jobs: with N = 2 both are kept.
    if (prefilter == 2) {
      EXPECT_TRUE(ranked[0].kept && ranked[2].kept);
    } else {
      EXPECT_NE(ranked[0].kept, ranked[2].kept);
    }
  }
}

TEST(PrefilterTuningCandidatesTest, NoEstimatesKeepTheFirstN) {
  // Without estimates the candidates' order decides (a 2 x 2 wave grid of
  // 128 x 128 has no cost-table row, nor has a 4 x 1 one of 128 x 64).
  TuningShape shape = makeShape(4096, 4096, 1024);
  std::vector<std::string> options = {
      "kernel=tiled bm=128 bn=128 waves-m=2 waves-n=2",
      "kernel=tiled bm=128 bn=64",
      "kernel=tiled bm=128 bn=128 waves-m=2 waves-n=2 prefetch=lds"};
  std::vector<TuningCandidate> ranked =
      prefilterTuningCandidates(shape, options, KernelConfig(), 1);
  EXPECT_TRUE(ranked[0].kept);
  EXPECT_FALSE(ranked[1].kept);
  EXPECT_FALSE(ranked[2].kept);
}

TEST(DefaultTuningCandidatesTest, OnlyThoseThatNameAConfiguration) {
  // Both sides above the skinny kernel's limit: no kernel=skinny.
  std::vector<std::string> square =
      getDefaultTuningCandidates(makeShape(1024, 1024, 512));
  EXPECT_EQ(square.size(), 14u);
  EXPECT_EQ(llvm::count(square, "kernel=tiled bm=32 bn=32 waves-m=1 "
                                "waves-n=1 wave-priorities=true"),
            1);
  EXPECT_EQ(llvm::count(square, "kernel=skinny"), 0);
  std::vector<std::string> skinny =
      getDefaultTuningCandidates(makeShape(1760, 16, 1760));
  EXPECT_EQ(llvm::count(skinny, "kernel=skinny"), 1);
  EXPECT_EQ(skinny.front(), "kernel=tiled bm=128 bn=128 prefetch=registers");
}

} // namespace
