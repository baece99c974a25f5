//===- EpilogueTest.cpp - A manifest's epilogue body, evaluated -----------===//
//
// EpilogueProgram against docs/manifest.md's "epilogue": the fusions
// gemm-opt recognises, written as gemm-check-input writes them, evaluated at
// chosen points with the expected value and why; the errors for malformed
// steps; and the tolerance, which must carry T's error through the body.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Manifest/Epilogue.h"

#include "gtest/gtest.h"

#include <cmath>
#include <string>
#include <vector>

using namespace gemm;

namespace {

struct EvalCase {
  const char *Name;
  std::vector<std::string> Body;
  unsigned NumOperands;
  double T, C;
  std::vector<double> Operands;
  double Expected;
  bool ReadsC;
};

// The activations in the forms frameworks write them.
const std::vector<std::string> kBiasRelu = {
    "%0 = arith.addf T, E0", "%1 = arith.constant 0.000000000e+00",
    "%2 = arith.maximumf %0, %1", "yield %2"};
const std::vector<std::string> kGeluTanh = {
    "%0 = arith.addf T, E0",
    "%1 = arith.mulf %0, %0",
    "%2 = arith.mulf %1, %0",
    "%3 = arith.constant 4.471500000e-02",
    "%4 = arith.mulf %2, %3",
    "%5 = arith.addf %0, %4",
    "%6 = arith.constant 7.978845608e-01",
    "%7 = arith.mulf %5, %6",
    "%8 = math.tanh %7",
    "%9 = arith.constant 1.000000000e+00",
    "%10 = arith.addf %8, %9",
    "%11 = arith.constant 5.000000000e-01",
    "%12 = arith.mulf %0, %11",
    "%13 = arith.mulf %12, %10",
    "yield %13"};
const std::vector<std::string> kGeluErf = {
    "%0 = arith.constant 7.071067812e-01",
    "%1 = arith.mulf T, %0",
    "%2 = math.erf %1",
    "%3 = arith.constant 1.000000000e+00",
    "%4 = arith.addf %2, %3",
    "%5 = arith.constant 5.000000000e-01",
    "%6 = arith.mulf T, %5",
    "%7 = arith.mulf %6, %4",
    "yield %7"};
const std::vector<std::string> kSilu = {"%0 = arith.negf T",
                                        "%1 = math.exp %0",
                                        "%2 = arith.constant 1.000000000e+00",
                                        "%3 = arith.addf %1, %2",
                                        "%4 = arith.divf T, %3",
                                        "yield %4"};
const std::vector<std::string> kSelectOld = {
    "%0 = arith.constant 0.000000000e+00", "%1 = arith.cmpf ogt, T, %0",
    "%2 = arith.select %1, T, C", "yield %2"};

double geluTanh(double X) {
  return 0.5 * X * (1 + std::tanh(0.7978845608 * (X + 0.044715 * X * X * X)));
}

const EvalCase kEvalCases[] = {
    // ReLU clamps the biased sum at 0 and passes it above.
    {"BiasReluNegative", kBiasRelu, 1, -2.0, 9.0, {0.5}, 0.0, false},
    {"BiasReluPositive", kBiasRelu, 1, 2.0, 9.0, {0.5}, 2.5, false},
    // GELU of the biased sum, tanh form.
    {"GeluTanh", kGeluTanh, 1, 0.75, 0.0, {0.25}, geluTanh(1.0), false},
    // GELU, erf form: x/2 (1 + erf(x / sqrt 2)).
    {"GeluErf",
     kGeluErf,
     0,
     1.5,
     0.0,
     {},
     0.75 * (1 + std::erf(1.5 * 0.7071067812)),
     false},
    // SiLU: x / (1 + exp(-x)).
    {"Silu", kSilu, 0, 2.0, 0.0, {}, 2.0 / (1 + std::exp(-2.0)), false},
    // A select keeps C's old value where the comparison fails: reads C.
    {"SelectKeepsC", kSelectOld, 0, -1.0, 7.0, {}, 7.0, true},
    {"SelectTakesT", kSelectOld, 0, 3.0, 7.0, {}, 3.0, true},
    // Residual add and scale: 0.125 T + R + s.
    {"ResidualScale",
     {"%0 = arith.constant 1.250000000e-01", "%1 = arith.mulf T, %0",
      "%2 = arith.addf %1, E0", "%3 = arith.addf %2, E1", "yield %3"},
     2,
     8.0,
     0.0,
     {2.0, -0.5},
     2.5,
     false},
    // maximumf propagates NaN where maxnumf takes the number.
    {"MaximumNaN",
     {"%0 = arith.maximumf T, C", "yield %0"},
     0,
     NAN,
     1.0,
     {},
     NAN,
     true},
    {"MaxNumNaN",
     {"%0 = arith.maxnumf T, C", "yield %0"},
     0,
     NAN,
     1.0,
     {},
     1.0,
     true},
    // Unordered predicates hold for NaN, ordered ones do not.
    {"UnorderedCompare",
     {"%0 = arith.cmpf ult, T, C", "%1 = arith.select %0, T, C", "yield %1"},
     0,
     NAN,
     1.0,
     {},
     NAN,
     true},
    {"OrderedCompare",
     {"%0 = arith.cmpf olt, T, C", "%1 = arith.select %0, T, C", "yield %1"},
     0,
     NAN,
     1.0,
     {},
     1.0,
     true},
    // fma and rsqrt.
    {"FmaRsqrt",
     {"%0 = math.rsqrt C", "%1 = math.fma T, %0, E0", "yield %1"},
     1,
     3.0,
     4.0,
     {1.0},
     2.5,
     true},
};

class EpilogueEval : public testing::TestWithParam<EvalCase> {};

TEST_P(EpilogueEval, Evaluates) {
  const EvalCase &Case = GetParam();
  llvm::Expected<EpilogueProgram> Program =
      EpilogueProgram::parse(Case.Body, Case.NumOperands);
  ASSERT_TRUE(bool(Program)) << llvm::toString(Program.takeError());
  EXPECT_EQ(Program->readsC(), Case.ReadsC);
  double Got = Program->evaluate(Case.T, Case.Operands, Case.C);
  if (std::isnan(Case.Expected))
    EXPECT_TRUE(std::isnan(Got)) << Got;
  else
    EXPECT_NEAR(Got, Case.Expected, 1e-12);
}

INSTANTIATE_TEST_SUITE_P(Epilogue, EpilogueEval, testing::ValuesIn(kEvalCases),
                         [](const testing::TestParamInfo<EvalCase> &Info) {
                           return std::string(Info.param.Name);
                         });

struct ParseErrorCase {
  const char *Name;
  std::vector<std::string> Body;
  unsigned NumOperands;
  const char *Error;
};

const ParseErrorCase kParseErrors[] = {
    {"NoYield",
     {"%0 = arith.addf T, C"},
     0,
     "epilogue body has no final 'yield'"},
    {"YieldNotLast",
     {"yield T", "%0 = arith.addf T, C"},
     0,
     "epilogue step 0 'yield T': yield must be the last step"},
    {"UnknownOp",
     {"%0 = math.sin T", "yield %0"},
     0,
     "epilogue step 0 '%0 = math.sin T': unknown operation 'math.sin'"},
    // E1 of a one-operand epilogue.
    {"UnknownOperand",
     {"%0 = arith.addf T, E1", "yield %0"},
     1,
     "epilogue step 0 '%0 = arith.addf T, E1': unknown operand 'E1'"},
    {"Arity",
     {"%0 = arith.addf T", "yield %0"},
     0,
     "epilogue step 0 '%0 = arith.addf T': expected 2 operand(s)"},
    {"Predicate",
     {"%0 = arith.cmpf bigger, T, C", "yield %0"},
     0,
     "epilogue step 0 '%0 = arith.cmpf bigger, T, C': unknown predicate "
     "'bigger'"},
    // A name defined twice would make later uses ambiguous.
    {"Redefined",
     {"%0 = arith.addf T, C", "%0 = arith.addf T, C", "yield %0"},
     0,
     "epilogue step 1 '%0 = arith.addf T, C': expected '%N = op operands' "
     "with a new name %N"},
    {"BadConstant",
     {"%0 = arith.constant one", "yield %0"},
     0,
     "epilogue step 0 '%0 = arith.constant one': expected a number, true or "
     "false"},
};

class EpilogueParseError : public testing::TestWithParam<ParseErrorCase> {};

TEST_P(EpilogueParseError, Names) {
  const ParseErrorCase &Case = GetParam();
  llvm::Expected<EpilogueProgram> Program =
      EpilogueProgram::parse(Case.Body, Case.NumOperands);
  ASSERT_FALSE(bool(Program));
  EXPECT_EQ(llvm::toString(Program.takeError()), Case.Error);
}

INSTANTIATE_TEST_SUITE_P(Epilogue, EpilogueParseError,
                         testing::ValuesIn(kParseErrors),
                         [](const testing::TestParamInfo<ParseErrorCase> &I) {
                           return std::string(I.param.Name);
                         });

// T's error reaches the result through the body: ReLU passes it above 0
// (slope 1) and drops it below; 3 T triples it.
TEST(EpilogueTolerance, CarriesTheSumsError) {
  llvm::Expected<EpilogueProgram> Relu = EpilogueProgram::parse(kBiasRelu, 1);
  ASSERT_TRUE(bool(Relu));
  double Tol;
  Relu->evaluate(2.0, {0.0}, 0.0, 1e-3, Tol);
  EXPECT_GE(Tol, 1e-3);
  EXPECT_LT(Tol, 1.01e-3);
  Relu->evaluate(-2.0, {0.0}, 0.0, 1e-3, Tol);
  EXPECT_LT(Tol, 1e-5);

  llvm::Expected<EpilogueProgram> Triple = EpilogueProgram::parse(
      {"%0 = arith.constant 3.0", "%1 = arith.mulf T, %0", "yield %1"}, 0);
  ASSERT_TRUE(bool(Triple));
  Triple->evaluate(1.0, {}, 0.0, 1e-3, Tol);
  EXPECT_GE(Tol, 3e-3);
  EXPECT_LT(Tol, 3.01e-3);
}

// With T exact, the tolerance is 8 roundings per step of the largest
// magnitude the body meets, and 2^-19 of it (at least 1) per tanh, erf or
// exp for the kernel's approximations. SiLU at 0: 5 steps, one exp, and the
// largest value 1 + exp(0) = 2.
TEST(EpilogueTolerance, AllowsForRoundingAndApproximations) {
  llvm::Expected<EpilogueProgram> Silu = EpilogueProgram::parse(kSilu, 0);
  ASSERT_TRUE(bool(Silu));
  double Tol;
  Silu->evaluate(0.0, {}, 0.0, 0.0, Tol);
  EXPECT_DOUBLE_EQ(Tol, 8 * 5 * 0x1p-24 * 2 + 0x1p-19 * 2);
}

} // namespace
