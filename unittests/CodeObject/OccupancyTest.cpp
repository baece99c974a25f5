//===- OccupancyTest.cpp - Waves per SIMD a VGPR count allows -------------===//
//
// The VGPR rule of an RDNA3 SIMD's occupancy (Occupancy.h), which
// gemm-report's occupancy figure and the late pass's VGPR allowance share: a
// wave's VGPRs are allocated in granules, the SIMD holds as many waves as
// its file has room for, and never more than 16. The register files and
// granules are LLVM's (AMDGPUBaseInfo: 1536 wave32 VGPRs in granules of 24
// with the 50 % larger file, 1024 in granules of 16 without).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/CodeObject/Occupancy.h"

#include "gtest/gtest.h"

using namespace gemm;

namespace {

TEST(OccupancyTest, VgprFiles) {
  struct Case {
    bool wave64, largeFile;
    unsigned registers, granule;
    const char *why;
  };
  const Case cases[] = {
      {false, true, 1536, 24, "wave32, 192 KiB: 1536 registers of 32 lanes"},
      {false, false, 1024, 16, "wave32, 128 KiB"},
      {true, true, 768, 12, "wave64 registers are twice as wide"},
      {true, false, 512, 8, "wave64 on the smaller file"},
  };
  for (const Case &c : cases) {
    VgprFile file = getVgprFile(c.wave64, c.largeFile);
    EXPECT_EQ(file.registers, c.registers) << c.why;
    EXPECT_EQ(file.granule, c.granule) << c.why;
  }
}

struct WavesCase {
  bool largeFile;
  uint64_t vgprs;
  unsigned waves;
  const char *why;
};

// waves = min(16, registers / alignTo(max(vgprs, 1), granule)).
const WavesCase kWavesCases[] = {
    {true, 0, 16, "no VGPRs still takes a granule: 1536 / 24 = 64, capped"},
    {true, 1, 16, "one granule of 24"},
    {true, 96, 16, "1536 / 96 = 16 exactly"},
    {true, 97, 12, "97 rounds up to 120: 1536 / 120 = 12.8"},
    {true, 128, 10, "128 rounds up to 144: 1536 / 144 = 10.7"},
    {true, 186, 8, "192 allocated: 8 waves, the 4096^3 kernel's"},
    {true, 192, 8, "1536 / 192 = 8 exactly"},
    {true, 193, 7, "216 allocated: 1536 / 216 = 7.1"},
    {true, 216, 7, "docs/timing-model.md: 216 VGPRs give 7 waves per SIMD"},
    {true, 256, 5, "264 allocated: 1536 / 264 = 5.8"},
    {false, 1, 16, "1024 / 16 = 64, capped"},
    {false, 64, 16, "1024 / 64 = 16 exactly"},
    {false, 65, 12, "80 allocated: 1024 / 80 = 12.8"},
    {false, 128, 8, "1024 / 128 = 8"},
    {false, 186, 5, "192 allocated: 1024 / 192 = 5.3"},
    {false, 256, 4, "1024 / 256 = 4"},
};

class OccupancyWavesTest : public testing::TestWithParam<WavesCase> {};

TEST_P(OccupancyWavesTest, WavesPerSimdByVgprs) {
  const WavesCase &c = GetParam();
  SCOPED_TRACE(c.why);
  EXPECT_EQ(getWavesPerSimdByVgprs(c.vgprs, getVgprFile(false, c.largeFile)),
            c.waves);
}

INSTANTIATE_TEST_SUITE_P(Vgprs, OccupancyWavesTest,
                         testing::ValuesIn(kWavesCases));

struct AllowanceCase {
  bool largeFile;
  unsigned waves, maxVgprs;
  const char *why;
};

// maxVgprs = min(256, registers / max(waves, 1) rounded down to a granule).
const AllowanceCase kAllowanceCases[] = {
    {true, 0, 256, "0 waves is read as 1; a wave addresses 256 VGPRs"},
    {true, 1, 256, "1536 for one wave, but a wave addresses 256"},
    {true, 5, 256, "1536 / 5 = 307, 288 in granules, capped at 256"},
    {true, 6, 240, "1536 / 6 = 256, 240 in granules of 24"},
    {true, 7, 216, "1536 / 7 = 219, 216 in granules"},
    {true, 8, 192, "1536 / 8 = 192 exactly"},
    {true, 16, 96, "1536 / 16 = 96"},
    {false, 4, 256, "1024 / 4 = 256"},
    {false, 8, 128, "1024 / 8 = 128"},
    {false, 10, 96, "1024 / 10 = 102, 96 in granules of 16"},
    {false, 16, 64, "1024 / 16 = 64"},
};

class OccupancyAllowanceTest : public testing::TestWithParam<AllowanceCase> {};

TEST_P(OccupancyAllowanceTest, MaxVgprsForWaves) {
  const AllowanceCase &c = GetParam();
  SCOPED_TRACE(c.why);
  EXPECT_EQ(getMaxVgprsForWaves(c.waves, getVgprFile(false, c.largeFile)),
            c.maxVgprs);
}

INSTANTIATE_TEST_SUITE_P(Waves, OccupancyAllowanceTest,
                         testing::ValuesIn(kAllowanceCases));

TEST(OccupancyTest, AllowanceKeepsTheWaves) {
  // The late pass may use up to getMaxVgprsForWaves(w) VGPRs without losing
  // a wave: that count must still give w waves, and (below the 256 cap) one
  // more VGPR must not.
  for (bool largeFile : {false, true}) {
    VgprFile file = getVgprFile(false, largeFile);
    for (unsigned waves = 1; waves <= kMaxWavesPerSimd; ++waves) {
      unsigned vgprs = getMaxVgprsForWaves(waves, file);
      EXPECT_GE(getWavesPerSimdByVgprs(vgprs, file), waves)
          << vgprs << " VGPRs, large file " << largeFile;
      if (vgprs < 256)
        EXPECT_LT(getWavesPerSimdByVgprs(vgprs + 1, file), waves)
            << vgprs + 1 << " VGPRs, large file " << largeFile;
    }
  }
}

} // namespace
