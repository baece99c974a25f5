//===- Epilogue.h - A manifest's epilogue body, evaluated -------*- C++ -*-===//
//
// A fused epilogue beyond alpha/beta reaches the runtime as steps on named
// values (ManifestProblem::EpilogueBody, docs/manifest.md), such as
//
//   %0 = arith.addf T, E0
//   %1 = arith.constant 0.000000000e+00
//   %2 = arith.maximumf %0, %1
//   yield %2
//
// gemm-run's reference check evaluates them in double precision, with a
// bound on what the kernel's f32 evaluation may differ by.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_MANIFEST_EPILOGUE_H
#define GEMM_OPT_MANIFEST_EPILOGUE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace gemm {

/// An epilogue body, parsed: C's new element as a function of T (the sum
/// of products), the operands' elements E0, E1, ... and C's old element.
class EpilogueProgram {
public:
  /// Parses `Body` for an epilogue of `NumOperands` operands; the error
  /// names the step.
  static llvm::Expected<EpilogueProgram> parse(llvm::ArrayRef<std::string> Body,
                                               unsigned NumOperands);

  /// The result in double precision, and `Tolerance`, a bound on how far an
  /// f32 evaluation of the same body may be from it when T is known within
  /// `TError`: T's error carried through the body (the result's change at
  /// T -/+ TError), plus 8 f32 roundings of the largest magnitude the body
  /// meets per arithmetic step and 2^-19 of max(1, |value|) per tanh, erf
  /// or exp (the kernel's polynomial approximations and exp's scaling).
  double evaluate(double T, llvm::ArrayRef<double> Operands, double C,
                  double TError, double &Tolerance) const;
  double evaluate(double T, llvm::ArrayRef<double> Operands, double C) const;

  /// Whether the body reads C's old element.
  bool readsC() const { return ReadsC; }
  unsigned numSteps() const { return Steps.size(); }

private:
  enum class Op {
    Constant,
    AddF,
    SubF,
    MulF,
    DivF,
    MaximumF,
    MinimumF,
    MaxNumF,
    MinNumF,
    NegF,
    CmpF,
    Select,
    Exp,
    Tanh,
    Erf,
    AbsF,
    Sqrt,
    Rsqrt,
    Fma
  };
  struct Step {
    Op Kind;
    std::string Predicate; // of a cmpf
    double Value = 0;      // of a constant
    std::vector<int> Args; // value numbers: see ValueOf
  };
  // Values are numbered T = 0, C = 1, E0.. = 2.., then the steps' results.
  std::vector<Step> Steps;
  int Result = 0;
  unsigned NumOperands = 0;
  bool ReadsC = false;

  double run(double T, llvm::ArrayRef<double> Operands, double C,
             double *MaxMagnitude, unsigned *Transcendentals) const;
};

} // namespace gemm

#endif // GEMM_OPT_MANIFEST_EPILOGUE_H
