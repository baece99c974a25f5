//===- GemmRunCheck.h - gemm-run's inputs and reference check ---*- C++ -*-===//
//
// The seeded inputs gemm-run gives a kernel, and the check of its C against
// a double-precision reference.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_TOOLS_GEMMRUNCHECK_H
#define GEMM_RUNTIME_TOOLS_GEMMRUNCHECK_H

#include "GemmRunProblem.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <vector>

namespace gemm::rt {

/// A progress line on stderr for the long steps (the emulator takes minutes
/// at 4096^3, so does the reference check): only when stderr is a terminal,
/// so that pipes and tests see nothing; first after \p IntervalSeconds
/// and then at most that often; erased when the step ends.
class ProgressLine {
  using Clock = std::chrono::steady_clock;

public:
  ProgressLine(llvm::StringRef What, llvm::StringRef Unit,
               double IntervalSeconds)
      : What(What), Unit(Unit), IntervalSeconds(IntervalSeconds),
        Enabled(llvm::sys::Process::StandardErrIsDisplayed()),
        Start(Clock::now()), Last(Start) {
    // The lines printed so far first, not after the step.
    if (Enabled)
      llvm::outs().flush();
  }
  ~ProgressLine() {
    if (Shown)
      llvm::errs() << "\r\x1b[K";
  }
  void update(uint64_t Done, uint64_t Total);

private:
  llvm::StringRef What, Unit;
  double IntervalSeconds;
  bool Enabled, Shown = false;
  Clock::time_point Start, Last;
};

/// The host's copies of A, B and C0, then of the epilogue's operands E0,
/// E1, ...
using HostBuffers = std::vector<std::vector<float>>;

/// The worst element of the check against the reference, and the counts.
struct CheckResult {
  double MaxAbs = 0, MaxRel = 0, MaxRatio = 0;
  int64_t Bad = 0, GapWrites = 0;
  int64_t WorkspaceNonZero = 0; ///< floats of the workspace left non-zero
  int64_t FirstI = -1, FirstR = -1, FirstC = -1;
  double FirstGot = 0, FirstRef = 0, FirstTol = 0;
};

/// A, B and C0 from seed \p Seed, then the epilogue's operands.
HostBuffers makeInputs(const Manifest &Man, const Problem &P, unsigned Seed);

/// Checks C (\p HC) against a double-precision reference, element by element
/// within the tolerance of the overview, and C's gaps for stray stores; a
/// progress line every \p ProgressInterval seconds.
CheckResult checkAgainstReference(const Manifest &Man, const Problem &P,
                                  const HostBuffers &Host,
                                  const std::vector<float> &HC,
                                  double ProgressInterval);

/// Prints the check; 0 for PASS, 1 for FAIL.
int reportCheck(const CheckResult &Res, const Problem &P, double Seconds);

} // namespace gemm::rt

#endif // GEMM_RUNTIME_TOOLS_GEMMRUNCHECK_H
