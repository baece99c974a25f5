//===- GemmRunProblem.h - The multiplication gemm-run performs --*- C++ -*-===//
//
// What gemm-run reads of a launch manifest and of its options: the sizes,
// the matrices' buffers, alpha and beta or the epilogue, each checked before
// anything is allocated.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_TOOLS_GEMMRUNPROBLEM_H
#define GEMM_RUNTIME_TOOLS_GEMMRUNPROBLEM_H

#include "gemm-opt/Manifest/Epilogue.h"
#include "gemm-runtime/CodeObject.h"
#include "gemm-runtime/Manifest.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <array>
#include <optional>
#include <vector>

namespace gemm::rt {

/// What the command line asks of the problem: 0 or nullopt where it leaves
/// the manifest's value (or, for a size the kernel takes at run time, its
/// default).
struct ProblemOptions {
  int64_t M = 0, N = 0, K = 0, Batch = 0;
  std::optional<bool> TransposeA, TransposeB;
  int64_t Lda = 0, Ldb = 0, Ldc = 0;
  std::optional<double> Alpha, Beta;
};

/// A, B or C: its manifest argument, the shape this run expects of it, and
/// the elements of its buffer.
struct Matrix {
  const char *Name;
  const ManifestArg *Arg;
  int64_t Rows, Cols;
  int64_t RequestedLD; ///< --lda/--ldb/--ldc, 0 if not given
  int64_t Elements = 0;
};

/// alpha or beta: compiled into the code object, or a kernel argument whose
/// value comes from the options (1 when they give none).
struct ScaleFactor {
  const char *Name;
  std::optional<double> Compiled;
  const ManifestArg *Arg = nullptr;
  std::optional<double> Requested;
  double Value = 0;
};

/// The multiplication this run performs, checked against the manifest and
/// the options before anything is allocated.
struct Problem {
  llvm::StringMap<int64_t> SizeValues; ///< what a dynamic kernel takes at run time
  int64_t M = 0, N = 0, K = 0, Batch = 0;
  std::array<Matrix, 3> Matrices{}; ///< A, B, C
  std::array<ScaleFactor, 2> Factors{ScaleFactor{"alpha", {}},
                                     ScaleFactor{"beta", {}}};
  /// An epilogue beyond alpha/beta (which then are unused), and the
  /// elements of each of its operands' buffers.
  std::optional<gemm::EpilogueProgram> Epilogue;
  std::vector<int64_t> OperandElements;
  double alpha() const { return Factors[0].Value; }
  double beta() const { return Factors[1].Value; }
  double flop() const { return 2.0 * Batch * M * N * K; }
};

/// The problem the manifest describes, with the run-time sizes bound and
/// every size checked against \p Options: the matrices' buffers together
/// within \p MemoryLimit.
llvm::Expected<Problem>
readProblem(Manifest &Man, const ProblemOptions &Options, uint64_t MemoryLimit);

/// The manifest's argument layout must agree with the code object's.
llvm::Error checkKernelArguments(const Manifest &Man, const ManifestKernel &K,
                                 const KernelInfo &KI);

/// "problem: M=.. N=.. K=.., C += A x B, seed 1" and the kernel chosen.
void printProblem(const Manifest &Man, const Problem &P, unsigned Seed);

/// An error with message \p Msg.
llvm::Error makeError(const llvm::Twine &Msg);

} // namespace gemm::rt

#endif // GEMM_RUNTIME_TOOLS_GEMMRUNPROBLEM_H
