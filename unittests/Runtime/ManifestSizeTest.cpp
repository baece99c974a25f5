//===- ManifestSizeTest.cpp - A manifest's size expressions and kernels ---===//
//
// The runtime's side of a manifest for sizes given at run time
// (docs/manifest.md, "Dynamic sizes" and "Several kernels"): evaluateSize's
// grammar (integers, names, + - *, parentheses, ceil(x/y), floor(x/y), and
// for conditions comparisons, &&, || and !), its refusals, and bindSizes,
// which launches the first kernel whose condition holds and fills in the
// sizes, shapes and grid.
//
//===----------------------------------------------------------------------===//

#include "gemm-runtime/Manifest.h"

#include "gtest/gtest.h"

#include <string>

using namespace gemm::rt;

namespace {

/// The run-time sizes every case evaluates with.
llvm::StringMap<int64_t> sizes() {
  return {{"m", 100}, {"n", 64}, {"k", 7}, {"lda", 128}};
}

struct SizeCase {
  const char *expr;
  int64_t value;
  /// A part of the error; null when the expression has a value.
  const char *error;
  const char *why;
};

// m = 100, n = 64, k = 7, lda = 128.
const SizeCase kSizeCases[] = {
    {"42", 42, nullptr, "an integer"},
    {"m", 100, nullptr, "a name"},
    {"m*k", 700, nullptr, "a product, as \"rows\" of a batch stride"},
    {"m+n*k", 548, nullptr, "* binds tighter than +: 100 + 448"},
    {"(m+n)*k", 1148, nullptr, "parentheses: 164 x 7"},
    {"m-n-k", 29, nullptr, "left to right: (100 - 64) - 7"},
    {"  m * 2  ", 200, nullptr, "blanks around tokens"},
    {"ceil(m/64)", 2, nullptr, "100 / 64 rounded up: a grid's workgroups"},
    {"floor(m/64)", 1, nullptr, "rounded down"},
    {"ceil(lda/64)", 2, nullptr, "an exact quotient is not rounded up"},
    {"ceil(0-7/2)", -3, nullptr, "-3.5 rounded up"},
    {"floor(0-7/2)", -4, nullptr, "-3.5 rounded down, not towards zero"},
    {"m>=64 && n>=64", 1, nullptr, "a kernel's condition that holds"},
    {"m>=128 && n>=64", 0, nullptr, "one that does not: 100 < 128"},
    {"m<64 || k==7", 1, nullptr, "either"},
    {"m!=100", 0, nullptr, "not equal"},
    {"!m", 0, nullptr, "not a non-zero value"},
    {"!(m<n)", 1, nullptr, "not (100 < 64)"},
    {"m*k<1073741824 && k*n<1073741824", 1, nullptr,
     "the tiled kernel's condition on A and B (one raw buffer each)"},
    {"9223372036854775807", INT64_MAX, nullptr, "the largest integer"},
    // Refusals.
    {"x", 0, "unknown size 'x'", "a name the run does not give"},
    {"", 0, "expected a number or a name", "nothing"},
    {"m+", 0, "expected a number or a name", "an operator without operand"},
    {"-m", 0, "expected a number or a name", "no unary minus"},
    {"m n", 0, "unexpected 'n'", "two operands without an operator"},
    {"m>n>k", 0, "unexpected '>k'", "comparisons do not chain"},
    {"ceil(m)", 0, "expected 'x/y' in ceil() or floor()", "ceil divides"},
    {"ceil(m/0)", 0, "division by a non-positive value", "by zero"},
    {"floor(m/(0-2))", 0, "division by a non-positive value", "by a negative"},
    {"ceil(m/n", 0, "expected ')'", "unclosed ceil"},
    {"(m+n", 0, "expected ')'", "unclosed parenthesis"},
    {"99999999999999999999", 0,
     "'99999999999999999999' is not a 64-bit integer", "too large to read"},
    {"9223372036854775807+1", 0, "'+' overflows 64 bits",
     "a sum beyond 64 bits"},
    {"0-9223372036854775807-2", 0, "'-' overflows 64 bits",
     "a difference below -2^63"},
    {"4294967296*4294967296", 0, "'*' overflows 64 bits", "2^64"},
};

class EvaluateSizeTest : public testing::TestWithParam<SizeCase> {};

TEST_P(EvaluateSizeTest, ValueOrError) {
  const SizeCase &c = GetParam();
  SCOPED_TRACE(c.why);
  llvm::Expected<int64_t> value = evaluateSize(c.expr, sizes());
  if (!c.error) {
    ASSERT_TRUE(static_cast<bool>(value)) << llvm::toString(value.takeError());
    EXPECT_EQ(*value, c.value) << c.expr;
    return;
  }
  ASSERT_FALSE(static_cast<bool>(value)) << c.expr << " = " << *value;
  std::string message = llvm::toString(value.takeError());
  EXPECT_NE(message.find(c.error), std::string::npos) << message;
  // The message quotes the expression, for a manifest with many.
  EXPECT_NE(message.find("size expression '" + std::string(c.expr) + "'"),
            std::string::npos)
      << message;
}

INSTANTIATE_TEST_SUITE_P(Expressions, EvaluateSizeTest,
                         testing::ValuesIn(kSizeCases));

TEST(EvaluateSizeTest, NestingIsBounded) {
  // The evaluator recurses per parenthesis and '!': as deep as the
  // manifest's JSON may nest (MaxManifestDepth), no deeper.
  auto nested = [](unsigned depth) {
    return std::string(depth, '(') + "1" + std::string(depth, ')');
  };
  EXPECT_TRUE(
      static_cast<bool>(evaluateSize(nested(MaxManifestDepth - 1), sizes())));
  llvm::Expected<int64_t> deep =
      evaluateSize(nested(MaxManifestDepth), sizes());
  ASSERT_FALSE(static_cast<bool>(deep));
  EXPECT_NE(llvm::toString(deep.takeError()).find("nested deeper than"),
            std::string::npos);
  llvm::Expected<int64_t> nots =
      evaluateSize(std::string(MaxManifestDepth, '!') + "1", sizes());
  ASSERT_FALSE(static_cast<bool>(nots));
  llvm::consumeError(nots.takeError());
}

//===----------------------------------------------------------------------===//
// bindSizes
//===----------------------------------------------------------------------===//

/// A manifest for dynamic sizes with the tiled kernel, for sizes of at least
/// a 128 x 128 tile, then (unless `onlyTiled`) the simple kernel for any.
Manifest dynamicManifest(bool onlyTiled = false) {
  Manifest m;
  ManifestKernel tiled;
  tiled.Kernel = "tiled";
  tiled.When = "m>=128 && n>=128";
  ManifestArg a;
  a.Role = "A";
  a.RowsExpr = "m";
  a.ColsExpr = "k";
  a.LDExpr = "k";
  ManifestArg size;
  size.Index = 1;
  size.Role = "m";
  tiled.Args = {a, size};
  tiled.GridExpr = {"ceil(n/128)", "ceil(m/128)", ""};
  m.Kernels.push_back(tiled);
  if (!onlyTiled) {
    ManifestKernel simple = tiled;
    simple.Kernel = "simple";
    simple.When = "";
    simple.GridExpr = {"ceil(n/16)", "ceil(m/16)", ""};
    m.Kernels.push_back(simple);
  }
  return m;
}

struct BindCase {
  const char *name;
  bool onlyTiled;
  int64_t m, n, k;
  /// The kernel launched and its grid, or a part of the error.
  const char *kernel;
  int64_t gridX, gridY;
  const char *error;
  const char *why;
};

const BindCase kBindCases[] = {
    {"Tiled", false, 256, 384, 64, "tiled", 3, 2, nullptr,
     "at least a tile each way: ceil(384 / 128) x ceil(256 / 128)"},
    {"TiledEdge", false, 200, 129, 64, "tiled", 2, 2, nullptr,
     "partial tiles round the grid up"},
    {"Simple", false, 64, 384, 64, "simple", 24, 4, nullptr,
     "m < 128: the next kernel, whose condition is empty"},
    {"NoKernel", true, 64, 384, 64, nullptr, 0, 0,
     "no kernel of the manifest is for these sizes",
     "no condition holds and there is no fallback"},
};

class BindSizesTest : public testing::TestWithParam<BindCase> {};

TEST_P(BindSizesTest, ChoosesAndFills) {
  const BindCase &c = GetParam();
  SCOPED_TRACE(c.why);
  Manifest m = dynamicManifest(c.onlyTiled);
  EXPECT_EQ(m.dynamicSizes(), std::vector<std::string>{"m"});
  llvm::StringMap<int64_t> values = {{"m", c.m}, {"n", c.n}, {"k", c.k}};
  llvm::Error error = m.bindSizes(values);
  if (c.error) {
    ASSERT_TRUE(static_cast<bool>(error)) << "bound to " << m.Kernel;
    std::string message = llvm::toString(std::move(error));
    EXPECT_NE(message.find(c.error), std::string::npos) << message;
    return;
  }
  ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  EXPECT_EQ(m.Kernel, c.kernel);
  EXPECT_EQ(m.Grid[0], c.gridX);
  EXPECT_EQ(m.Grid[1], c.gridY);
  EXPECT_EQ(m.Grid[2], 1) << "a static grid entry keeps its value";
  // The problem's run-time sizes and the matrices' shapes.
  EXPECT_EQ(m.Problem.M, c.m);
  EXPECT_EQ(m.Problem.K, c.k);
  ASSERT_EQ(m.Args.size(), 2u);
  EXPECT_EQ(m.Args[0].Rows, c.m);
  EXPECT_EQ(m.Args[0].Cols, c.k);
  EXPECT_EQ(m.Args[0].LD, c.k);
}

INSTANTIATE_TEST_SUITE_P(Sizes, BindSizesTest, testing::ValuesIn(kBindCases),
                         [](const testing::TestParamInfo<BindCase> &info) {
                           return std::string(info.param.name);
                         });

TEST(BindSizesTest, GridOutOfRange) {
  // A grid dimension must be 1 to 2^32 - 1 workgroups.
  Manifest m = dynamicManifest();
  m.Kernels[1].GridExpr[0] = "n-n";
  llvm::Error error = m.bindSizes({{"m", 1}, {"n", 1}, {"k", 1}});
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_NE(llvm::toString(std::move(error))
                .find("grid dimension n-n = 0 is out of range"),
            std::string::npos);
}

} // namespace
