//===- MemoryModelTest.cpp - LDS and cache timing of the timing model -----===//
//
// The timing model's memory rules (docs/timing-model.md, MemoryModel.h) on
// synthetic lane addresses, where a .s lit test would need a kernel that
// computes them: an LDS instruction takes a pass per 128 bytes of lanes and,
// in a pass, a cycle per distinct dword of its busiest bank (32 banks of 4
// bytes; equal addresses broadcast); the vector caches are LRU; a wave's
// access touches its distinct 128-byte lines.
//
//===----------------------------------------------------------------------===//

#include "Sim/MemoryModel.h"

#include "gtest/gtest.h"

#include <functional>
#include <string>
#include <vector>

using namespace gemm::rt::sim;

namespace {

// One CU's LDS half as the model has it by default (SimParams: LdsBanks,
// LdsBytesPerClock): 32 banks of 4 bytes, 128 bytes a clock.
constexpr unsigned kBanks = 32, kBytesPerClock = 128;

/// The addresses of `lanes` lanes, lane i at address(i).
std::vector<uint64_t>
lanesAt(unsigned lanes, const std::function<uint64_t(unsigned)> &address) {
  std::vector<uint64_t> addrs;
  for (unsigned lane = 0; lane < lanes; ++lane)
    addrs.push_back(address(lane));
  return addrs;
}

struct LdsCase {
  const char *name;
  std::vector<uint64_t> addrs;
  unsigned bytesPerAddr, addrsPerLane;
  bool pairPacking;
  unsigned cycles;
  const char *why;
};

const LdsCase kLdsCases[] = {
    {"B32Consecutive", lanesAt(32, [](unsigned i) { return 4 * i; }), 4, 1,
     false, 1, "32 lanes x 4 bytes: one pass, each bank one dword"},
    {"B32Broadcast", lanesAt(32, [](unsigned) { return 256; }), 4, 1, false, 1,
     "one address for all lanes is broadcast"},
    {"B32Stride8", lanesAt(32, [](unsigned i) { return 8 * i; }), 4, 1, false,
     2, "dwords 0, 2, ..., 62: the even banks hold two each"},
    {"B32Stride128", lanesAt(32, [](unsigned i) { return 128 * i; }), 4, 1,
     false, 32, "every lane in bank 0 at its own address: 32 ways"},
    {"B32EightLanesOneBank", lanesAt(8, [](unsigned i) { return 128 * i; }), 4,
     1, false, 8, "only the active lanes' addresses count"},
    {"B64Consecutive", lanesAt(32, [](unsigned i) { return 8 * i; }), 8, 1,
     false, 2, "16 lanes of 8 bytes a pass: 2 passes of 32 dwords"},
    {"B128Consecutive", lanesAt(32, [](unsigned i) { return 16 * i; }), 16, 1,
     false, 4, "8 lanes of 16 bytes a pass: 4 passes"},
    {"B128Broadcast", lanesAt(32, [](unsigned) { return 0; }), 16, 1, false, 4,
     "a broadcast saves no pass: 4 passes of one way"},
    {"B128BroadcastPacked", lanesAt(32, [](unsigned) { return 0; }), 16, 1,
     true, 2, "with pair packing, lanes 2i and 2i+1 share a slot: 2 passes"},
    {"B64PairsPacked", lanesAt(32, [](unsigned i) { return 8 * (i / 2); }), 8,
     1, true, 1,
     "pairs of lanes at one address, packed: one pass of 16 addresses"},
    {"B64PairsUnpacked", lanesAt(32, [](unsigned i) { return 8 * (i / 2); }), 8,
     1, false, 2, "the same without packing: 2 passes"},
    {"B32PairsNotPacked", lanesAt(32, [](unsigned i) { return 4 * (i / 2); }),
     4, 1, true, 1, "packing is for 64- and 128-bit loads only"},
    {"Read2", lanesAt(64, [](unsigned a) { return 4 * (a / 2) + a % 2 * 256; }),
     4, 2, false, 2,
     "ds_read2_b32: every lane's first address, then every second one"},
    {"Read2SecondConflicts",
     lanesAt(64,
             [](unsigned a) { return a % 2 ? 128 * (a / 2) : 4 * (a / 2); }),
     4, 2, false, 33, "first addresses in one pass, seconds 32 ways in bank 0"},
    {"NoLanes", {}, 4, 1, false, 1, "an instruction with no lane active"},
};

class LdsCyclesTest : public testing::TestWithParam<LdsCase> {};

TEST_P(LdsCyclesTest, Cycles) {
  const LdsCase &c = GetParam();
  SCOPED_TRACE(c.why);
  EXPECT_EQ(ldsCycles(c.addrs, c.bytesPerAddr, c.addrsPerLane, kBanks,
                      kBytesPerClock, c.pairPacking),
            c.cycles);
}

INSTANTIATE_TEST_SUITE_P(Accesses, LdsCyclesTest, testing::ValuesIn(kLdsCases),
                         [](const testing::TestParamInfo<LdsCase> &info) {
                           return std::string(info.param.name);
                         });

struct LruCase {
  const char *name;
  unsigned ways;
  std::vector<uint64_t> lines;
  /// 'H' for a hit, 'M' for a miss, per access.
  const char *outcome;
  const char *why;
};

// A cache of one set (bytes = ways x line) is plain LRU, whatever the set
// hash.
const LruCase kLruCases[] = {
    {"TwoWays",
     2,
     {1, 2, 1, 3, 2, 1},
     "MMHMMM",
     "3 evicts 2 (least recent), 2 evicts 1, 1 evicts 3"},
    {"OneWay", 1, {7, 7, 8, 7}, "MHMM", "one line at a time"},
    {"FitsAfterWarmUp",
     4,
     {0, 1, 2, 3, 0, 1, 2, 3},
     "MMMMHHHH",
     "four lines in four ways: the second round hits"},
    {"CyclicThrash",
     4,
     {0, 1, 2, 3, 4, 0, 1, 2, 3, 4},
     "MMMMMMMMMM",
     "five lines in a cycle through four ways: LRU always evicts the next"},
    {"RecencyProtects",
     2,
     {1, 2, 1, 3, 1, 2},
     "MMHMHM",
     "touching 1 again keeps it; 3 then evicts 2"},
};

class LruCacheTest : public testing::TestWithParam<LruCase> {};

TEST_P(LruCacheTest, HitsAndMisses) {
  const LruCase &c = GetParam();
  SCOPED_TRACE(c.why);
  constexpr unsigned kLineBytes = 128;
  LruCache cache(uint64_t(c.ways) * kLineBytes, c.ways, kLineBytes);
  std::string outcome;
  for (uint64_t line : c.lines)
    outcome += cache.access(line) ? 'H' : 'M';
  EXPECT_EQ(outcome, c.outcome);
}

INSTANTIATE_TEST_SUITE_P(Sequences, LruCacheTest, testing::ValuesIn(kLruCases),
                         [](const testing::TestParamInfo<LruCase> &info) {
                           return std::string(info.param.name);
                         });

struct LinesCase {
  const char *name;
  std::vector<uint64_t> addrs;
  unsigned bytesPerAddr;
  std::vector<uint64_t> lines;
  const char *why;
};

const LinesCase kLinesCases[] = {
    {"B32Consecutive",
     lanesAt(32, [](unsigned i) { return 4 * i; }),
     4,
     {0},
     "128 bytes from 0: one line"},
    {"B128Consecutive",
     lanesAt(32, [](unsigned i) { return 16 * i; }),
     16,
     {0, 1, 2, 3},
     "512 bytes: four lines"},
    {"RowStride",
     lanesAt(4, [](unsigned i) { return 4096 * i; }),
     4,
     {0, 32, 64, 96},
     "a column of a 1024-float matrix: a line per lane"},
    {"Straddling", {120}, 16, {0, 1}, "bytes 120..135 cross a line boundary"},
    {"FirstAppearanceOrder",
     {256, 0, 256, 128},
     4,
     {2, 0, 1},
     "each line once, in the order the lanes first touch it"},
    {"ZeroBytes", {127}, 0, {0}, "a zero-byte access still touches its line"},
};

class DistinctLinesTest : public testing::TestWithParam<LinesCase> {};

TEST_P(DistinctLinesTest, Lines) {
  const LinesCase &c = GetParam();
  SCOPED_TRACE(c.why);
  std::vector<uint64_t> lines = {99}; // Replaced, not appended to.
  distinctLines(c.addrs, c.bytesPerAddr, 128, lines);
  EXPECT_EQ(lines, c.lines);
}

INSTANTIATE_TEST_SUITE_P(Accesses, DistinctLinesTest,
                         testing::ValuesIn(kLinesCases),
                         [](const testing::TestParamInfo<LinesCase> &info) {
                           return std::string(info.param.name);
                         });

TEST(LineHashTest, DeterministicInUnitInterval) {
  // The L2 rule picks lines by this hash: the same in every run, in [0, 1).
  for (uint64_t line :
       {uint64_t(0), uint64_t(1), uint64_t(12345), ~uint64_t(0)}) {
    double h = lineHash(line);
    EXPECT_GE(h, 0.0);
    EXPECT_LT(h, 1.0);
    EXPECT_EQ(h, lineHash(line));
  }
  EXPECT_NE(lineHash(1), lineHash(2));
}

} // namespace
