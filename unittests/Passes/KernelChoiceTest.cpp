//===- KernelChoiceTest.cpp - gemm-select-config's built-in choice --------===//
//
// chooseKernelConfig (KernelChoice.h) on the default options (kernel=auto,
// the tile and the split of the grid's tail chosen per shape) for the
// RX 7900 XTX unless a case names another target or option; the rounds and
// CU fractions in the reasons are of the product's CUs in the target table.
// Each case says which rule decides it. The figures the rules were read off are
// in GemmSelectConfig.cpp; here only the decisions are pinned.
//
//===----------------------------------------------------------------------===//

#include "KernelChoice.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::gemm;

namespace {

constexpr int64_t kDyn = ShapedType::kDynamic;

/// The choice's input for `batch` matmuls of m x n x k, B stored N x K with
/// `transposeB`.
MatmulChoiceInput makeInput(int64_t m, int64_t n, int64_t k,
                            bool transposeB = false, int64_t batch = 1) {
  MatmulChoiceInput input;
  input.batch = batch;
  input.m = m;
  input.n = n;
  input.k = k;
  input.layout = MatmulLayout{false, transposeB};
  return input;
}

struct ChoiceCase {
  const char *name;
  int64_t batch, m, n, k;
  bool transposeB, splittable;
  /// Options that differ from the defaults.
  const char *target;
  KernelKind kernel;
  bool tileChosenPerShape;
  int64_t splitTail;
  /// The choice.
  KernelKind expectKernel;
  int64_t bm, bn, wavesM, wavesN, expectSplitTail;
  const char *why;
  /// The tile's cost row is one of raised wave priorities.
  bool expectWavePriorities = false;
};

constexpr KernelKind kAuto = KernelKind::Auto, kTiled = KernelKind::Tiled,
                     kSkinny = KernelKind::Skinny;

const ChoiceCase kChoiceCases[] = {
    // The kernel.
    {"Square4096", 1, 4096, 4096, 4096, false, true, "rx7900xtx", kAuto, true,
     0, kTiled, 128, 128, 4, 1, 3,
     "no skinny plan for a small side of 4096; 1024 default tiles are 10 "
     "rounds and a tail of 64, which the estimate splits in 3 K parts"},
    {"SkinnyN32", 1, 1760, 32, 1760, false, true, "rx7900xtx", kAuto, true, 0,
     kSkinny, 128, 128, 4, 1, 1,
     "a small side of at most 32 always gets the skinny kernel"},
    {"SkinnyM35", 1, 35, 8457, 1760, false, true, "rx7900xtx", kAuto, true, 0,
     kSkinny, 128, 128, 4, 1, 1,
     "M = 35: no tile of 64 rows fits, the tiled kernel would not take it"},
    {"SkinnyM59", 1, 59, 7714, 2570, false, true, "rx7900xtx", kAuto, true, 0,
     kSkinny, 128, 128, 4, 1, 1,
     "M = 59 < 64: the tiled kernel's 32-row "
     "tiles are for kernel=tiled only"},
    {"SmallSquareTiled", 1, 256, 256, 256, false, true, "rx7900xtx", kAuto,
     true, 0, kTiled, 128, 128, 4, 1, 1,
     "a small side over 64 with a long side under twice it stays tiled "
     "below 2^28 multiply-adds; its "
     "4 tiles are all tail, but their 32 K steps make no two parts of at "
     "least kMinAutoSplitTailSteps (32)"},
    {"SquarerLongK", 1, 167, 277, 8141, false, true, "rx7900xtx", kAuto, true,
     0, kSkinny, 128, 128, 4, 1, 1,
     "N = 277 is under twice M = 167, but from 2^28 multiply-adds the "
     "estimates decide: the skinny plan's, weighed for its kind, is under "
     "the tiled kernel's few tiles (the timing model: 0.037 ms against "
     "0.055)"},
    {"SquarerBatch", 8, 186, 103, 13911, true, false, "rx7900xtx", kAuto, true,
     0, kSkinny, 128, 128, 4, 1, 1,
     "a batch of 8 of 186 x 103 over a long K: 4 tiles of 128 x 64 a "
     "matrix, a batch never split, leave most CUs idle (the timing model: "
     "0.161 ms skinny against 0.888 tiled)"},
    {"SkinnyFewWorkgroups", 1, 2560, 64, 2560, false, true, "rx7900xtx", kAuto,
     true, 0, kSkinny, 128, 128, 4, 1, 1,
     "N = 64: the skinny plan's weighed estimate, 92,000 cycles, is under "
     "the 118,000 of the tile and split the cost table ranks first"},
    {"BatchedAttention", 128, 512, 64, 512, false, false, "rx7900xtx", kAuto,
     true, 0, kTiled, 64, 64, 2, 1, 1,
     "BERT's attention, batch 128: N = 64 < 128, so of the tiles of the "
     "cost table that fit, the one the estimate ranks first, 64 x 64 of 2 x "
     "1 waves (128 x 64 of 4 x 1 waves has no row; the timing model: 0.206 "
     "ms against 0.228); a batch is never split"},
    {"BertProjection", 1, 128, 768, 768, false, true, "rx7900xtx", kAuto, true,
     0, kSkinny, 128, 128, 4, 1, 1,
     "M = 128, N = 768: the skinny plan's weighed estimate is under "
     "the tiled kernel's, 6 default tiles in 3 K parts (the timing model: "
     "0.008 ms against 0.040)"},
    {"BatchedTiledByEstimate", 5, 695, 171, 3042, false, false, "rx7900xtx",
     kAuto, true, 0, kTiled, 32, 32, 1, 1, 1,
     "a batch of 5 with N = 171: 22 x 6 tiles of 32 x 32 a matrix, 7 a CU, "
     "one wave each with raised priorities, are estimated faster than the "
     "skinny plan (the timing model: 0.134 ms against 0.207, 0.145 in 32 x "
     "64 tiles of 2 x 1 waves)",
     true},
    {"TileOptionGiven", 1, 59, 7714, 2570, false, true, "rx7900xtx", kAuto,
     false, 0, kTiled, 128, 128, 4, 1, 1,
     "a tile option asks for the tiled kernel, in the tile given"},
    {"DynamicSizes", 1, kDyn, 1024, 1024, false, true, "rx7900xtx", kAuto, true,
     0, kTiled, 128, 128, 4, 1, 1,
     "no plan and no tile choice without static sizes; no split of a grid "
     "fixed only at run time"},
    // The tile, for the tiled kernel.
    {"FewTilesSmaller", 1, 256, 1000, 2048, false, true, "rx7900xtx", kTiled,
     true, 0, kTiled, 64, 64, 2, 1, 3,
     "16 default tiles fill at most half the CUs and no split in K keeps 64 "
     "steps a part: 64 x 64 tiles of 2 x 1 waves with raised priorities; "
     "those 64 are all tail, in 3 K parts (the timing model: 0.044 ms, "
     "against 0.046 of 4 x 1 waves)",
     true},
    {"HalfTheCUs", 1, 768, 1024, 1024, false, true, "rx7900xtx", kTiled, true,
     0, kTiled, 64, 64, 2, 1, 1,
     "48 default tiles are half the CUs: the estimate ranks 12 x 16 tiles of "
     "64 x 64 of 2 x 1 waves with raised priorities, 2 rounds with no tail, "
     "first (the timing model: 0.047 ms, against 0.053 in 32 x 64 tiles and "
     "0.056 of 64 x 64 with flat priorities)",
     true},
    {"JustOverHalfTheCUs", 1, 896, 896, 1024, false, true, "rx7900xtx", kTiled,
     true, 0, kTiled, 32, 32, 1, 1, 1,
     "49 default tiles: the estimate ranks 28 x 28 tiles of 32 x 32, one "
     "wave each with raised priorities, 8.2 rounds unsplit, first (the "
     "timing model: 0.061 ms, against 0.064 in 32 x 64 tiles of 2 x 1 waves "
     "with a tail of 8 in 4 K parts)",
     true},
    {"FewRounds", 1, 1000, 2048, 256, false, true, "rx7900xtx", kTiled, true, 0,
     kTiled, 64, 128, 2, 2, 1,
     "128 default tiles are 1.3 rounds: 64 x 128 tiles of a 2 x 2 wave grid"},
    {"WholeRoundsOnSmallerGpu", 1, 1000, 1920, 256, false, true, "rx7800xt",
     kTiled, true, 0, kTiled, 128, 128, 4, 1, 1,
     "on the rx7800xt 120 default tiles are 2 whole rounds: the default "
     "tile, no tail (the timing model: 0.0487 ms, against 0.0502 in 64 x 128 "
     "tiles)"},
    {"Square4096OnSmallRegisterFile", 1, 4096, 4096, 4096, false, true,
     "rx7600", kTiled, true, 0, kTiled, 64, 128, 2, 2, 1,
     "the rx7600's register file holds two default tiles a CU, whose K step "
     "then costs more: 64 x 128 tiles, 2048 of them whole rounds of its 32 "
     "CUs (the timing model at 2.518 GHz: 7.38 ms, against 7.65 in default "
     "tiles)"},
    {"Square2048", 1, 2048, 2048, 2048, false, true, "rx7900xtx", kAuto, true,
     0, kTiled, 64, 128, 2, 2, 3,
     "256 default tiles are 2.67 rounds; 512 tiles of 64 x 128 are 5 rounds "
     "and a tail of 32, in 3 K parts (the timing model: 0.357 ms, against "
     "0.397 in default tiles)"},
    {"Rounds267ShortK", 1, 2048, 2048, 256, false, true, "rx7900xtx", kAuto,
     true, 0, kTiled, 128, 128, 4, 1, 1,
     "256 default tiles of 32 K steps are 2.67 rounds, over the 2.6 where the "
     "64 x 128 tile stops paying; 32 steps make no two parts"},
    {"FewRoundsTransposedB", 1, 1000, 2048, 256, true, true, "rx7900xtx",
     kTiled, true, 0, kTiled, 64, 128, 2, 2, 1,
     "the same with B stored N x K, whose costs are higher for 64 x 128 than "
     "for the default tile, but not enough for 1.3 rounds against 2.7 "
     "(the timing model: 0.046 ms, against 0.053)"},
    {"SmallerTilesAndSplit", 1, 4096, 128, 4096, false, true, "rx7900xtx",
     kTiled, true, 0, kTiled, 64, 128, 2, 2, 3,
     "32 default tiles: 64 tiles of 64 x 128, all tail, in 3 K parts, rank "
     "before the default tile in 6 (the timing model: 0.154 ms, against "
     "0.174)"},
    {"BelowTiledWork", 1, 100, 100, 64, false, true, "rx7900xtx", kTiled, true,
     0, kTiled, 128, 128, 4, 1, 1,
     "under 2^24 multiply-adds no smaller tile is chosen: the simple kernel's "
     "many small workgroups are faster"},
    {"RowsUnder128", 1, 100, 3000, 4096, false, true, "rx7900xtx", kTiled, true,
     0, kTiled, 64, 64, 2, 1, 3,
     "M = 100 < 128: of the tiles of the cost table that fit, the one the "
     "estimate ranks first, 64 x 64 of 2 x 1 waves with raised priorities "
     "(128 x 64 of 4 x 1 waves has no row); its 94 tiles are all tail, in "
     "3 K parts (the timing model: 0.095 ms, against 0.101 in 64 x 128 "
     "tiles of 2 x 2 waves in 4 K parts)",
     true},
    {"RowsUnder64", 1, 40, 4096, 4096, false, true, "rx7900xtx", kTiled, true,
     0, kTiled, 32, 64, 2, 1, 3,
     "M = 40 < 64: a 32-row tile of a 2 x 1 wave grid; its 128 tiles (the "
     "second row shifted back) are a round and a tail of 32, which the "
     "estimate splits in 3 K parts; the timing model has that at 0.193 ms, "
     "against 0.187 unsplit: a miss, as the round's workgroups, alone on "
     "their CUs and paced by latency, still take all of K"},
    // The split of the grid's tail.
    {"SplitGiven", 1, 4096, 4096, 4096, false, true, "rx7900xtx", kAuto, true,
     1, kTiled, 128, 128, 4, 1, 1, "split-tail=1 is kept"},
    {"NotSplittable", 1, 4096, 4096, 4096, false, false, "rx7900xtx", kAuto,
     true, 0, kTiled, 128, 128, 4, 1, 1,
     "a dynamic leading dimension, or sums from a -0.0 fill: the grid's "
     "tail is not split"},
};

void PrintTo(const ChoiceCase &c, std::ostream *os) { *os << c.name; }

class KernelChoiceTest : public testing::TestWithParam<ChoiceCase> {};

TEST_P(KernelChoiceTest, Choice) {
  const ChoiceCase &c = GetParam();
  MatmulChoiceInput input = makeInput(c.m, c.n, c.k, c.transposeB, c.batch);
  input.splittable = c.splittable;
  KernelConfig options;
  options.target = c.target;
  options.kernel = c.kernel;
  options.tileChosenPerShape = c.tileChosenPerShape;
  options.splitTail = c.splitTail;
  KernelConfig chosen = chooseKernelConfig(input, options);
  EXPECT_EQ(chosen.kernel, c.expectKernel) << c.why;
  EXPECT_EQ(chosen.bm, c.bm) << c.why;
  EXPECT_EQ(chosen.bn, c.bn) << c.why;
  EXPECT_EQ(chosen.wavesM, c.wavesM) << c.why;
  EXPECT_EQ(chosen.wavesN, c.wavesN) << c.why;
  EXPECT_EQ(chosen.splitTail, c.expectSplitTail) << c.why;
  EXPECT_EQ(chosen.wavePriorities, c.expectWavePriorities) << c.why;
}

INSTANTIATE_TEST_SUITE_P(Shapes, KernelChoiceTest,
                         testing::ValuesIn(kChoiceCases),
                         [](const testing::TestParamInfo<ChoiceCase> &info) {
                           return std::string(info.param.name);
                         });

// 67 x 6966 x 12407 with A stored K x M on the RX 7900 GRE: with 64 to 127
// rows the tiled kernel's tile has a cost row, so the choice weighs its
// estimate (32 x 64 of 2 x 1 waves, 1,642,000 cycles) against the skinny
// plan's, here Y in SGPRs, 2 rows by 14 columns a lane (1,413,000). The
// timing model has the two within 1.5 % (0.668 ms skinny, 0.659 the tile);
// the staged plan the search took when the estimate counted X's bytes, not
// the lines of both operands, 1.232 ms.
TEST(KernelChoiceTest, RowsUnder128WeighedAgainstTheSkinnyKernel) {
  MatmulChoiceInput input = makeInput(67, 6966, 12407);
  input.layout = MatmulLayout{true, false};
  input.splittable = true;
  KernelConfig options;
  options.target = "rx7900gre";
  options.kernel = kAuto;
  options.tileChosenPerShape = true;
  KernelConfig chosen = chooseKernelConfig(input, options);
  EXPECT_EQ(chosen.kernel, kSkinny);
  ASSERT_TRUE(chosen.skinnyPlan.has_value());
  EXPECT_TRUE(chosen.skinnyPlan->scalarY);
  EXPECT_EQ(chosen.skinnyPlan->rowsPerLane, 2);
  EXPECT_EQ(chosen.skinnyPlan->colsPerGroup, 14);
}

} // namespace

namespace {

struct ShortKCase {
  int64_t m, n, k;
  bool tileChosenPerShape;
  int64_t bk;
  const char *why;
};

const ShortKCase kShortKCases[] = {
    {2048, 2048, 16, true, 8, "two default steps of 8: the default"},
    {2048, 2048, 15, true, 4,
     "fewer than two steps of 8: steps of 4, three and a tail"},
    {2048, 2048, 8, true, 4, "two steps of 4"},
    {2048, 2048, 7, true, 2, "fewer than two steps of 4: steps of 2"},
    {2048, 2048, 4, true, 2, "two steps of 2"},
    {2048, 2048, 3, true, 8,
     "below 4 the simple kernel stays (already at the memory bound)"},
    {2048, 2048, 13, false, 8,
     "a tile option given: the options' K step, as given"},
    {2048, 2048, ShapedType::kDynamic, true, 8, "a dynamic K: the default"},
    {256, 256, 15, true, 8,
     "fewer than 2^24 multiply-adds: the default, which leaves the matmul "
     "to the skinny or simple kernel"},
};

TEST(KernelChoiceTest, ShortK) {
  for (const ShortKCase &c : kShortKCases) {
    MatmulChoiceInput input = makeInput(c.m, c.n, c.k);
    KernelConfig options;
    options.tileChosenPerShape = c.tileChosenPerShape;
    EXPECT_EQ(chooseKernelConfig(input, options).bk, c.bk)
        << c.m << "x" << c.n << "x" << c.k << ": " << c.why;
  }
}

} // namespace

namespace {

struct PrefetchCase {
  int64_t m, n, k;
  bool transposeB;
  /// Options that differ from the defaults: a tile given (bm x bn, 0 for
  /// none), the prefetch given, the K step.
  int64_t bm, bn, wavesM, wavesN;
  std::optional<PrefetchMode> prefetch;
  int64_t bk;
  /// None: the prefetch of the tile's cost row with the fewer cycles per K
  /// step, read from the table, so that the case checks the rule and not
  /// the fitted numbers.
  std::optional<PrefetchMode> expect;
  const char *why;
};

/// The prefetch of the fastest cost row of `bm` x `bn` in `wavesM` x
/// `wavesN` waves, by cycles per K step; the number of rows it has.
std::pair<PrefetchMode, int> fastestRow(int64_t bm, int64_t bn, int64_t wavesM,
                                        int64_t wavesN, bool transposeB) {
  const TiledKernelCosts *fastest = nullptr;
  int rows = 0;
  for (const TiledKernelCosts &c :
       getTiledKernelCosts(::gemm::getDefaultTarget()))
    if (c.bm == bm && c.bn == bn && c.wavesM == wavesM && c.wavesN == wavesN &&
        c.transposeB == transposeB) {
      ++rows;
      if (!fastest || c.stepCycles < fastest->stepCycles)
        fastest = &c;
    }
  return {fastest ? fastest->prefetch : PrefetchMode::Registers, rows};
}

constexpr PrefetchMode kRegisters = PrefetchMode::Registers,
                       kLds = PrefetchMode::Lds;

const PrefetchCase kPrefetchCases[] = {
    {4096, 4096, 4096, true, 0, 0, 0, 0, std::nullopt, 8, std::nullopt,
     "B stored N x K on the default tile: the prefetch of its row with the "
     "fewer cycles per K step"},
    {4096, 4096, 4096, false, 0, 0, 0, 0, std::nullopt, 8, std::nullopt,
     "B stored K x N on the default tile: likewise"},
    {4096, 4096, 4096, true, 0, 0, 0, 0, kRegisters, 8, kRegisters,
     "a prefetch given is kept"},
    {4096, 4096, 4096, false, 0, 0, 0, 0, kLds, 8, kLds,
     "a prefetch given is kept"},
    {4096, 4096, 4096, true, 64, 128, 2, 2, std::nullopt, 8, std::nullopt,
     "a tile given with its prefetch=lds row: chosen all the same"},
    {4096, 4096, 4096, true, 64, 64, 4, 1, std::nullopt, 8, kRegisters,
     "a tile without a prefetch=lds row"},
    {4096, 4096, 4096, true, 0, 0, 0, 0, std::nullopt, 16, kRegisters,
     "a K step over the default's, with which the rows were not fitted "
     "(and two LDS stages of it may not fit)"},
};

TEST(KernelChoiceTest, Prefetch) {
  for (const PrefetchCase &c : kPrefetchCases) {
    MatmulChoiceInput input = makeInput(c.m, c.n, c.k, c.transposeB);
    KernelConfig options;
    options.bk = c.bk;
    if (c.bm) {
      options.bm = c.bm;
      options.bn = c.bn;
      options.wavesM = c.wavesM;
      options.wavesN = c.wavesN;
      options.tileChosenPerShape = false;
    }
    if (c.prefetch) {
      options.prefetch = *c.prefetch;
      options.prefetchChosenPerShape = false;
    }
    KernelConfig chosen = chooseKernelConfig(input, options);
    EXPECT_EQ(chosen.kernel, KernelKind::Tiled) << c.why;
    PrefetchMode expect = c.expect.value_or(PrefetchMode::Registers);
    if (!c.expect) {
      auto [fastest, rows] = fastestRow(chosen.bm, chosen.bn, chosen.wavesM,
                                        chosen.wavesN, c.transposeB);
      EXPECT_EQ(rows, 2) << "the case wants a tile with a prefetch=lds row";
      expect = fastest;
    }
    EXPECT_EQ(chosen.prefetch, expect)
        << c.m << "x" << c.n << "x" << c.k << (c.transposeB ? ":nt" : ":nn")
        << ": " << c.why;
  }
}

} // namespace
