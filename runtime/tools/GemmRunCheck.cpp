//===- GemmRunCheck.cpp - gemm-run's inputs and reference check -----------===//
//
// GemmRunCheck.h.
//
//===----------------------------------------------------------------------===//

#include "GemmRunCheck.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace llvm;
using namespace gemm::rt;

void ProgressLine::update(uint64_t Done, uint64_t Total) {
  if (!Enabled)
    return;
  Clock::time_point Now = Clock::now();
  if (std::chrono::duration<double>(Now - Last).count() < IntervalSeconds)
    return;
  Last = Now;
  double Elapsed = std::chrono::duration<double>(Now - Start).count();
  double Rate = Elapsed > 0 ? Done / Elapsed : 0;
  std::string Eta = "?";
  if (Rate > 0) {
    uint64_t S = std::llround((Total - Done) / Rate);
    Eta = S >= 3600
              ? formatv("{0}:{1:2}:{2:2}", S / 3600, S / 60 % 60, S % 60).str()
              : formatv("{0}:{1:2}", S / 60, S % 60).str();
  }
  errs() << formatv("\r\x1b[K{0}: {1} of {2} {3} ({4:F0}%), {5:F1} {3}/s, "
                    "ETA {6}",
                    What, Done, Total, Unit, 100.0 * Done / Total, Rate, Eta)
                .str();
  Shown = true;
}

/// The sentinel in C's gaps (between rows, ld > columns, and batches).
static const float CGap = 1234.5f;

/// A, B and C0: uniform in [-1, 1) from a fixed generator, A then B then C.
/// The gaps between rows and batches hold NaN in A and B, so that a kernel
/// that reads them fails, and CGap in C, which must survive. With beta = 0
/// compiled in, C must not be read: NaN would poison it.
HostBuffers gemm::rt::makeInputs(const Manifest &Man, const Problem &P,
                                 unsigned Seed) {
  std::mt19937 Gen(Seed);
  HostBuffers Host(3);
  const float Gaps[3] = {NAN, NAN, CGap};
  for (unsigned I = 0; I < 3; ++I) {
    const ManifestArg &A = *P.Matrices[I].Arg;
    int64_t Stride = P.Batch > 1 ? A.BatchStride : A.Rows * A.LD;
    std::vector<float> &V = Host[I];
    V.assign(P.Matrices[I].Elements, Gaps[I]);
    for (int64_t B = 0; B < P.Batch; ++B)
      for (int64_t R = 0; R < A.Rows; ++R)
        for (int64_t C = 0; C < A.Cols; ++C)
          V[B * Stride + R * A.LD + C] = (float)((Gen() >> 8) * 0x1p-23 - 1.0);
  }
  // The epilogue's operands, dense, after C.
  for (int64_t Elements : P.OperandElements) {
    std::vector<float> &V = Host.emplace_back(Elements);
    for (float &E : V)
      E = (float)((Gen() >> 8) * 0x1p-23 - 1.0);
  }
  if (Man.Problem.Beta == 0.0 || (P.Epilogue && !P.Epilogue->readsC()))
    for (float &V : Host[2])
      if (V != CGap)
        V = NAN;
  if (P.Matrices[1].Arg == P.Matrices[0].Arg)
    Host[1] = Host[0];
  return Host;
}

CheckResult gemm::rt::checkAgainstReference(const Manifest &Man,
                                            const Problem &P,
                                            const HostBuffers &Host,
                                            const std::vector<float> &HC,
                                            double ProgressInterval) {
  const ManifestArg &AA = *P.Matrices[0].Arg, &BA = *P.Matrices[1].Arg,
                    &CA = *P.Matrices[2].Arg;
  const std::vector<float> &HA = Host[0], &HB = Host[1], &HC0 = Host[2];
  int64_t M = P.M, N = P.N, K = P.K, Batch = P.Batch;
  double Alpha = P.alpha(), Beta = P.beta();
  auto At = [&](const std::vector<float> &V, const ManifestArg &A, int64_t I,
                int64_t R, int64_t C) {
    return V[I * (Batch > 1 ? A.BatchStride : 0) + R * A.LD + C];
  };
  const double Unit = 0x1p-24;
  CheckResult Res;
  ProgressLine Progress("reference check", "rows", ProgressInterval);
  std::vector<double> Ref(N), Mag(N), BRow(N), Operands;
  for (int64_t I = 0; I < Batch; ++I) {
    for (int64_t R = 0; R < M; ++R) {
      std::fill(Ref.begin(), Ref.end(), 0.0);
      std::fill(Mag.begin(), Mag.end(), 0.0);
      for (int64_t Kk = 0; Kk < K; ++Kk) {
        double A = Man.Problem.TransposeA ? At(HA, AA, I, Kk, R)
                                          : At(HA, AA, I, R, Kk);
        for (int64_t C = 0; C < N; ++C)
          BRow[C] = Man.Problem.TransposeB ? At(HB, BA, I, C, Kk)
                                           : At(HB, BA, I, Kk, C);
        for (int64_t C = 0; C < N; ++C) {
          Ref[C] += A * BRow[C];
          Mag[C] += std::fabs(A * BRow[C]);
        }
      }
      for (int64_t C = 0; C < N; ++C) {
        double Tol;
        if (P.Epilogue) {
          // The body on the sum, known within the sum's bound.
          double C0 = P.Epilogue->readsC() ? At(HC0, CA, I, R, C) : 0.0;
          Operands.clear();
          for (auto [Index, Dims] :
               llvm::enumerate(Man.Problem.EpilogueOperands)) {
            int64_t Offset = 0;
            for (const std::string &Dim : Dims)
              Offset = Dim == "batch" ? Offset * Batch + I
                       : Dim == "m"   ? Offset * M + R
                                      : Offset * N + C;
            Operands.push_back(Host[3 + Index][Offset]);
          }
          Ref[C] = P.Epilogue->evaluate(Ref[C], Operands, C0,
                                        2.0 * (K + 3) * Unit * Mag[C], Tol);
          Mag[C] = std::fabs(Ref[C]) + Tol;
        } else {
          // alpha * sum + beta * C0: three roundings more than the sum.
          double C0 = Beta == 0 ? 0.0 : At(HC0, CA, I, R, C);
          Ref[C] = Alpha * Ref[C] + Beta * C0;
          Mag[C] = std::fabs(Alpha) * Mag[C] + std::fabs(Beta * C0);
          Tol = 2.0 * (K + 3) * Unit * Mag[C];
        }
        double Got = At(HC, CA, I, R, C);
        double Err = std::fabs(Got - Ref[C]);
        // Where the terms' magnitudes reach f32's range (a large alpha or
        // beta), the kernel's f32 arithmetic may overflow to an infinity, or
        // to NaN where two infinities meet, as the program's would.
        bool MayOverflow =
            Mag[C] + Tol >= (double)std::numeric_limits<float>::max();
        bool Ok = (std::isfinite(Got) && Err <= Tol) ||
                  (MayOverflow && !std::isfinite(Got));
        if (std::isfinite(Err)) {
          Res.MaxAbs = std::max(Res.MaxAbs, Err);
          Res.MaxRel =
              std::max(Res.MaxRel, Err / std::max(std::fabs(Ref[C]), 1e-30));
          Res.MaxRatio = std::max(Res.MaxRatio, Tol > 0 ? Err / Tol : 0);
        }
        if (!Ok && Res.Bad++ == 0) {
          Res.FirstI = I;
          Res.FirstR = R;
          Res.FirstC = C;
          Res.FirstGot = Got;
          Res.FirstRef = Ref[C];
          Res.FirstTol = Tol;
        }
      }
      Progress.update(I * M + R + 1, Batch * M);
    }
  }
  // C's gaps must be untouched: a store past a row or a batch lands there.
  for (size_t E = 0; E < HC.size(); ++E)
    Res.GapWrites += memcmp(&HC0[E], &CGap, sizeof(float)) == 0 &&
                     memcmp(&HC[E], &CGap, sizeof(float)) != 0;
  return Res;
}

int gemm::rt::reportCheck(const CheckResult &Res, const Problem &P,
                          double Seconds) {
  outs() << formatv("max abs error: {0:E3}\nmax rel error: {1:E3}\n"
                    "max error / tolerance: {2:F4}\n",
                    Res.MaxAbs, Res.MaxRel, Res.MaxRatio);
  outs() << formatv("reference check: {0:F3} s\n", Seconds);
  if (Res.Bad) {
    outs() << formatv(
        "first mismatch at ({0}row {1}, col {2}): got {3:E8}, "
        "expected {4:E8} (tolerance {5:E3})\n",
        P.Batch > 1 ? formatv("batch {0}, ", Res.FirstI).str() : "", Res.FirstR,
        Res.FirstC, Res.FirstGot, Res.FirstRef, Res.FirstTol);
    outs() << formatv("FAIL: {0} of {1} elements mismatch\n", Res.Bad,
                      P.Batch * P.M * P.N);
    return 1;
  }
  if (Res.GapWrites) {
    outs() << formatv("FAIL: {0} element(s) of C outside the matrix (between "
                      "rows or batches) were overwritten\n",
                      Res.GapWrites);
    return 1;
  }
  if (Res.WorkspaceNonZero) {
    outs() << formatv("FAIL: the kernels left {0} float(s) of the workspace "
                      "non-zero; the next launch needs it zeroed\n",
                      Res.WorkspaceNonZero);
    return 1;
  }
  outs() << "PASS\n";
  return 0;
}
