//===- ParityUnionFindTest.cpp - Two-colouring by union-find --------------===//
//
// The late pass's recolouring puts VGPRs that meet in a VOPD slot on
// opposite parities (docs/design.md, the VOPD interlock hazard): a
// two-colouring of the graph whose edges are those pairs. ParityUnionFind
// builds it one edge at a time and refuses an edge that would close an odd
// cycle, where no colouring exists.
//
//===----------------------------------------------------------------------===//

#include "ParityUnionFind.h"

#include "gtest/gtest.h"

#include <utility>
#include <vector>

using namespace gemm;

namespace {

struct ColouringCase {
  const char *name;
  unsigned elements;
  /// The edges, in order, each with whether unionOpposite accepts it.
  std::vector<std::pair<std::pair<unsigned, unsigned>, bool>> edges;
  /// Pairs of elements and whether they end on the same side.
  std::vector<std::pair<std::pair<unsigned, unsigned>, bool>> sameSide;
  const char *why;
};

const ColouringCase kColouringCases[] = {
    {"Edge",
     2,
     {{{0, 1}, true}},
     {{{0, 1}, false}},
     "two elements on opposite sides"},
    {"Path",
     3,
     {{{0, 1}, true}, {{1, 2}, true}},
     {{{0, 2}, true}},
     "opposite of opposite is the same side"},
    {"EvenCycle",
     4,
     {{{0, 1}, true}, {{1, 2}, true}, {{2, 3}, true}, {{3, 0}, true}},
     {{{0, 2}, true}, {{1, 3}, true}, {{0, 3}, false}},
     "a square is two-coloured: its closing edge agrees"},
    {"OddCycle",
     3,
     {{{0, 1}, true}, {{1, 2}, true}, {{2, 0}, false}},
     {{{0, 2}, true}},
     "a triangle is not: the closing edge is refused and changes nothing"},
    {"SelfEdge",
     1,
     {{{0, 0}, false}},
     {},
     "an element cannot be opposite itself (a VOPD reading one VGPR twice)"},
    {"RepeatedEdge",
     2,
     {{{0, 1}, true}, {{1, 0}, true}},
     {{{0, 1}, false}},
     "an edge already implied is accepted again"},
    {"JoiningTwoTrees",
     4,
     {{{0, 1}, true}, {{2, 3}, true}, {{1, 3}, true}, {{0, 2}, true}},
     {{{0, 3}, true}, {{1, 2}, true}},
     "joining two coloured parts flips one as a whole: 0 and 3 agree"},
    {"JoiningWrongly",
     4,
     {{{0, 1}, true}, {{2, 3}, true}, {{1, 3}, true}, {{0, 3}, false}},
     {{{0, 3}, true}},
     "0 and 3 were put on one side by the third edge"},
};

class ParityUnionFindTest : public testing::TestWithParam<ColouringCase> {};

TEST_P(ParityUnionFindTest, Colours) {
  const ColouringCase &c = GetParam();
  SCOPED_TRACE(c.why);
  ParityUnionFind sides;
  for (unsigned i = 0; i < c.elements; ++i)
    EXPECT_EQ(sides.add(), i);
  for (auto [edge, accepted] : c.edges)
    EXPECT_EQ(sides.unionOpposite(edge.first, edge.second), accepted)
        << edge.first << " - " << edge.second;
  for (auto [pair, same] : c.sameSide) {
    auto [rootA, parityA] = sides.find(pair.first);
    auto [rootB, parityB] = sides.find(pair.second);
    EXPECT_EQ(rootA, rootB) << "connected";
    EXPECT_EQ(parityA == parityB, same) << pair.first << ", " << pair.second;
  }
}

INSTANTIATE_TEST_SUITE_P(Graphs, ParityUnionFindTest,
                         testing::ValuesIn(kColouringCases),
                         [](const testing::TestParamInfo<ColouringCase> &info) {
                           return std::string(info.param.name);
                         });

TEST(KeyedParityUnionFindTest, KeysGetElementsOnFirstUse) {
  // Keys are VGPR numbers or values, sparse: each gets an element when first
  // named, and keeps it.
  KeyedParityUnionFind sides;
  EXPECT_TRUE(sides.unionOpposite(100, 7));
  EXPECT_TRUE(sides.unionOpposite(7, 300));
  EXPECT_FALSE(sides.unionOpposite(100, 300)) << "100 and 300 are one side";
  EXPECT_EQ(sides.keys().size(), 3u);
  EXPECT_EQ(sides.find(100).second, sides.find(300).second);
  EXPECT_NE(sides.find(100).second, sides.find(7).second);
}

} // namespace
