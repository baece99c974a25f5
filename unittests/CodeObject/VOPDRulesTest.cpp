//===- VOPDRulesTest.cpp - The gfx11 VOPD register rules ------------------===//
//
// The rules of docs/design.md ("RDNA3 rules") and docs/report.md (the VOPD
// checks), one table each: a VGPR's bank is its number mod 4; the
// destinations are one even and one odd; the X and Y sources of a slot read
// different banks; and, for the gfx11 interlock hazard, have opposite
// parity.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/CodeObject/VOPDRules.h"

#include "gtest/gtest.h"

#include <optional>
#include <ostream>

using namespace gemm::vopd;

namespace {

/// How a test names its expected swaps: "none" (no legal choice) or
/// "swapX=0 swapY=1".
std::string describe(std::optional<std::pair<bool, bool>> swaps) {
  if (!swaps)
    return "none";
  return "swapX=" + std::to_string(swaps->first) +
         " swapY=" + std::to_string(swaps->second);
}

//===----------------------------------------------------------------------===//
// One register
//===----------------------------------------------------------------------===//

struct RegisterCase {
  unsigned vgpr;
  unsigned bank, parity;
  bool highHalf;
  const char *why;
};

const RegisterCase kRegisterCases[] = {
    {0, 0, 0, false, "v0: bank 0, even"},
    {1, 1, 1, false, "v1: bank 1, odd"},
    {2, 2, 0, true, "v2: bank 2, the upper half"},
    {3, 3, 1, true, "v3: bank 3, the upper half"},
    {4, 0, 0, false, "v4 wraps round to bank 0"},
    {9, 1, 1, false, "9 mod 4 = 1"},
    {14, 2, 0, true, "14 mod 4 = 2"},
    {255, 3, 1, true, "the last VGPR: 255 mod 4 = 3"},
};

class VOPDRegisterTest : public testing::TestWithParam<RegisterCase> {};

TEST_P(VOPDRegisterTest, BankParityAndHalf) {
  const RegisterCase &c = GetParam();
  SCOPED_TRACE(c.why);
  EXPECT_EQ(bankOf(c.vgpr), c.bank);
  EXPECT_EQ(parityOf(c.vgpr), c.parity);
  EXPECT_EQ(isInHighBankHalf(c.vgpr), c.highHalf);
}

INSTANTIATE_TEST_SUITE_P(Registers, VOPDRegisterTest,
                         testing::ValuesIn(kRegisterCases));

//===----------------------------------------------------------------------===//
// Destinations
//===----------------------------------------------------------------------===//

struct DestinationCase {
  unsigned dstX, dstY;
  bool legal;
  const char *why;
};

const DestinationCase kDestinationCases[] = {
    {0, 1, true, "one even, one odd"},
    {7, 8, true, "odd X, even Y: the rule does not care which is which"},
    {2, 4, false, "both even"},
    {3, 5, false, "both odd"},
    {1, 3, false, "different banks do not help: both odd"},
    {6, 6, false, "one register twice is the same parity"},
    {255, 0, true, "the ends of the file, odd and even"},
};

class VOPDDestinationTest : public testing::TestWithParam<DestinationCase> {};

TEST_P(VOPDDestinationTest, AreLegalDestinations) {
  const DestinationCase &c = GetParam();
  SCOPED_TRACE(c.why);
  EXPECT_EQ(areLegalDestinations(c.dstX, c.dstY), c.legal);
  // Symmetric: X and Y may trade places.
  EXPECT_EQ(areLegalDestinations(c.dstY, c.dstX), c.legal);
}

INSTANTIATE_TEST_SUITE_P(Destinations, VOPDDestinationTest,
                         testing::ValuesIn(kDestinationCases));

//===----------------------------------------------------------------------===//
// One source slot
//===----------------------------------------------------------------------===//

struct SlotCase {
  unsigned srcX, srcY;
  bool bankLegal, parityHazard;
  const char *why;
};

const SlotCase kSlotCases[] = {
    {0, 4, false, true, "banks 0 and 0: illegal, and the same parity"},
    {0, 2, true, true, "banks 0 and 2 are legal for LLVM, but both are even"},
    {5, 7, true, true, "banks 1 and 3, both odd: the hazard"},
    {1, 2, true, false, "banks 1 and 2, odd and even: safe"},
    {3, 4, true, false, "banks 3 and 0, odd and even: safe"},
    {255, 252, true, false, "banks 3 and 0 at the top of the file"},
    {6, 6, false, true, "one register read by both halves"},
    {8, 24, false, true, "16 apart: the same bank"},
};

class VOPDSlotTest : public testing::TestWithParam<SlotCase> {};

TEST_P(VOPDSlotTest, BankRuleAndParityHazard) {
  const SlotCase &c = GetParam();
  SCOPED_TRACE(c.why);
  EXPECT_EQ(isSlotBankLegal(c.srcX, c.srcY), c.bankLegal);
  EXPECT_EQ(hasParityHazard(c.srcX, c.srcY), c.parityHazard);
}

INSTANTIATE_TEST_SUITE_P(Slots, VOPDSlotTest, testing::ValuesIn(kSlotCases));

TEST(VOPDSlotTest, SameBankImpliesSameParity) {
  // docs/report.md: "A pair in the same bank also has the same parity, so it
  // breaks both the bank rule and the hazard rule". Every pair of VGPRs.
  for (unsigned x = 0; x < 256; ++x)
    for (unsigned y = 0; y < 256; ++y)
      if (!isSlotBankLegal(x, y))
        ASSERT_TRUE(hasParityHazard(x, y)) << "v" << x << ", v" << y;
}

//===----------------------------------------------------------------------===//
// Pairing two v_fmac_f32
//===----------------------------------------------------------------------===//

struct FmacPairCase {
  FMACRegs x, y;
  /// "none" or "swapX=A swapY=B".
  const char *swaps;
  const char *why;
};

// Both halves commute (an FMAC's src0 and vsrc1 may trade places), so
// swapping X pairs the same registers as swapping Y, and swapping both the
// same as swapping neither: the answer is no swap, swap Y, or none.
const FmacPairCase kFmacPairCases[] = {
    {{0, 10, 21},
     {1, 11, 20},
     "swapX=0 swapY=0",
     "10/11 and 21/20 are of opposite parity as they stand"},
    {{0, 10, 21},
     {1, 20, 11},
     "swapX=0 swapY=1",
     "10/20 are both even; Y's sources swapped give 10/11 and 21/20"},
    {{0, 11, 21},
     {1, 10, 20},
     "swapX=0 swapY=0",
     "odd X sources against even Y sources"},
    {{0, 10, 20},
     {1, 12, 22},
     "none",
     "every source is even: no order separates them"},
    {{0, 11, 21}, {1, 13, 23}, "none", "every source is odd"},
    {{0, 10, 21},
     {2, 11, 20},
     "none",
     "the sources would do, but the destinations are both even"},
    {{5, 10, 21},
     {4, 11, 20},
     "swapX=0 swapY=0",
     "an odd X destination with an even Y one is legal too"},
};

class VOPDFmacPairTest : public testing::TestWithParam<FmacPairCase> {};

TEST_P(VOPDFmacPairTest, GetParitySafeSwaps) {
  const FmacPairCase &c = GetParam();
  SCOPED_TRACE(c.why);
  EXPECT_EQ(describe(getParitySafeSwaps(c.x, c.y)), c.swaps);
}

INSTANTIATE_TEST_SUITE_P(Fmacs, VOPDFmacPairTest,
                         testing::ValuesIn(kFmacPairCases));

struct HalvesCase {
  HalfSources x, y;
  const char *swaps;
  const char *why;
};

constexpr std::optional<unsigned> kNotVgpr = std::nullopt;

// The repair's order: no swap, swap Y, swap X, swap both; a half swaps only
// when it may (a commutative operation with a VGPR src0), and a source that
// is not a VGPR (a constant, an SGPR, no vsrc1) has no hazard.
const HalvesCase kHalvesCases[] = {
    {{10, 21, true},
     {11, 20, true},
     "swapX=0 swapY=0",
     "already safe: no swap is the cheapest repair"},
    {{10, 21, true},
     {20, 11, true},
     "swapX=0 swapY=1",
     "swapping Y is tried before swapping X, which would also do"},
    {{10, 21, true},
     {20, 11, false},
     "swapX=1 swapY=0",
     "Y may not swap, so X does"},
    {{10, 21, false},
     {20, 11, false},
     "none",
     "neither may swap and 10/20 are both even"},
    {{kNotVgpr, 21, false},
     {20, 22, false},
     "swapX=0 swapY=0",
     "X's src0 is an SGPR or a constant: no hazard in that slot"},
    {{kNotVgpr, 21, false},
     {20, 23, false},
     "none",
     "21/23 in vsrc1 are both odd and nothing may swap"},
    {{10, kNotVgpr, false},
     {21, kNotVgpr, false},
     "swapX=0 swapY=0",
     "single-source halves (v_mov): only src0 is compared"},
    {{10, kNotVgpr, false},
     {20, kNotVgpr, false},
     "none",
     "two even src0 of single-source halves"},
};

class VOPDHalvesTest : public testing::TestWithParam<HalvesCase> {};

TEST_P(VOPDHalvesTest, GetParitySafeSwaps) {
  const HalvesCase &c = GetParam();
  SCOPED_TRACE(c.why);
  EXPECT_EQ(describe(getParitySafeSwaps(c.x, c.y)), c.swaps);
}

INSTANTIATE_TEST_SUITE_P(Halves, VOPDHalvesTest,
                         testing::ValuesIn(kHalvesCases));

} // namespace
