//===- gemm-run.cpp - Run, verify and time a gemm-opt code object ---------===//
//
// Reads the launch manifest gemm-opt writes beside the code object, fills A, B
// and the initial C with seeded random values, launches (HIP or the built-in
// emulator), and checks C = C0 + A x B against a double-precision reference.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Manifest/Epilogue.h"
#include "gemm-opt/Version.h"
#include "gemm-runtime/Backend.h"
#include "gemm-runtime/CodeObject.h"
#include "gemm-runtime/Manifest.h"
#include "gemm-runtime/SimCommandLine.h"
#include "gemm-runtime/Simulator.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

using namespace llvm;
using namespace gemm::rt;

static cl::OptionCategory Cat("gemm-run options");

static cl::opt<std::string>
    ManifestPath(cl::Positional, cl::desc("<manifest.json>"), cl::cat(Cat));
static cl::opt<bool> ListTargets(
    "list-targets",
    cl::desc("Print the products --target takes, with their figures "
             "(docs/targets.md), and exit; as JSON with --json"),
    cl::cat(Cat));
static cl::opt<std::string> CodeObjectOverride(
    "code-object",
    cl::desc("Code object to run instead of the manifest's \"code_object\""),
    cl::value_desc("path"), cl::cat(Cat));
static cl::opt<int64_t> MOpt("m",
                             cl::desc("Rows of A and C (required when the "
                                      "kernel takes it at run time; else "
                                      "must match the manifest's)"),
                             cl::init(0), cl::cat(Cat));
static cl::opt<int64_t> NOpt("n", cl::desc("Columns of B and C (likewise)"),
                             cl::init(0), cl::cat(Cat));
static cl::opt<int64_t> KOpt("k",
                             cl::desc("Columns of A, rows of B (likewise)"),
                             cl::init(0), cl::cat(Cat));
static cl::opt<int64_t> BatchOpt("batch", cl::desc("Batch count (likewise)"),
                                 cl::init(0), cl::cat(Cat));
static cl::opt<bool> TransposeAOpt(
    "transpose-a",
    cl::desc("A is stored K x M (must match the manifest's transpose_a)"),
    cl::cat(Cat));
static cl::opt<bool> TransposeBOpt(
    "transpose-b",
    cl::desc("B is stored N x K (must match the manifest's transpose_b)"),
    cl::cat(Cat));
static cl::opt<int64_t> LdaOpt("lda",
                               cl::desc("Leading dimension of A in elements "
                                        "(when the kernel takes it at run "
                                        "time, default: A's columns; else "
                                        "must match the manifest's)"),
                               cl::init(0), cl::cat(Cat));
static cl::opt<int64_t> LdbOpt("ldb",
                               cl::desc("Leading dimension of B (likewise)"),
                               cl::init(0), cl::cat(Cat));
static cl::opt<int64_t> LdcOpt("ldc",
                               cl::desc("Leading dimension of C (likewise)"),
                               cl::init(0), cl::cat(Cat));
static cl::opt<double>
    AlphaOpt("alpha",
             cl::desc("alpha of C = alpha op(A) op(B) + beta C when the kernel "
                      "takes it as an argument (default 1); when it is "
                      "compiled in, must match it"),
             cl::init(1.0), cl::cat(Cat));
static cl::opt<double>
    BetaOpt("beta",
            cl::desc("beta, likewise (default 1 as an argument; must match a "
                     "compiled-in beta)"),
            cl::init(1.0), cl::cat(Cat));
static cl::opt<std::string>
    BackendOpt("backend", cl::init("auto"),
               cl::desc("emu: built-in gfx1100 emulator; hip: a GPU through "
                        "HIP; sim: predict the time on an RDNA3 GPU with the "
                        "calibrated timing model (no verification); auto "
                        "(default): HIP if a device exists, else the emulator"),
               cl::cat(Cat));

static SimCommandLine SimCL("gemm-run", /*OneComputeUnit=*/false);
static cl::opt<unsigned> Seed("seed", cl::init(1),
                              cl::desc("Seed of the random inputs (default 1)"),
                              cl::cat(Cat));
static constexpr unsigned kMaxHipRepeat = 1000000;
static constexpr unsigned kMaxEmulatedRepeat = 100;
static cl::opt<unsigned>
    Repeat("repeat", cl::init(0),
           cl::desc("Timed launches after the verified one (default: 20 on "
                    "HIP, 0 on the emulator; at most 1000000 on HIP, 100 on "
                    "the emulator and the timing model)"),
           cl::cat(Cat));

static cl::opt<uint64_t> MaxInstructions(
    "max-instructions", cl::value_desc("count"),
    cl::desc("Fail the emulator run once the kernel's waves have executed "
             "this many instructions: a watchdog for code that does not end "
             "and grids far larger than the problem (0: no limit; default: "
             "one per multiply-add of the problem, plus 16777216)"),
    cl::cat(Cat));

static cl::opt<std::string> MemoryLimitOpt(
    "memory-limit", cl::value_desc("bytes"),
    cl::desc("Most memory the matrices may take (A, B and C with their gaps), "
             "in bytes or with a K, M, G or T suffix; the emulator's device "
             "memory is bounded by it too (default 4G)"),
    cl::init("4G"), cl::cat(Cat));
// For the progress test, which cannot wait a quarter of a second per update.
static cl::opt<double> ProgressInterval(
    "progress-interval", cl::Hidden, cl::init(0.25),
    cl::desc("Seconds between progress updates on a terminal (default 0.25)"),
    cl::cat(Cat));

static cl::opt<std::string> DumpC(
    "dump-c", cl::value_desc("file"),
    cl::desc("Write the computed C buffer, as raw little-endian f32 in "
             "row-major order with its gaps (ldc, batch stride), to this file "
             "(to compare two code objects bit for bit)"),
    cl::cat(Cat));

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

static int fail(const Twine &Msg, int Code = 2) {
  WithColor::error(errs(), "gemm-run") << Msg << "\n";
  return Code;
}

namespace {
/// A progress line on stderr for the long steps (the emulator takes minutes
/// at 4096^3, so does the reference check): only when stderr is a terminal,
/// so that pipes and tests see nothing; first after --progress-interval
/// seconds and then at most that often; erased when the step ends.
class ProgressLine {
  using Clock = std::chrono::steady_clock;

public:
  ProgressLine(StringRef What, StringRef Unit)
      : What(What), Unit(Unit), Enabled(sys::Process::StandardErrIsDisplayed()),
        Start(Clock::now()), Last(Start) {
    // The lines printed so far first, not after the step.
    if (Enabled)
      outs().flush();
  }
  ~ProgressLine() {
    if (Shown)
      errs() << "\r\x1b[K";
  }
  void update(uint64_t Done, uint64_t Total) {
    if (!Enabled)
      return;
    Clock::time_point Now = Clock::now();
    if (std::chrono::duration<double>(Now - Last).count() < ProgressInterval)
      return;
    Last = Now;
    double Elapsed = std::chrono::duration<double>(Now - Start).count();
    double Rate = Elapsed > 0 ? Done / Elapsed : 0;
    std::string Eta = "?";
    if (Rate > 0) {
      uint64_t S = std::llround((Total - Done) / Rate);
      Eta =
          S >= 3600
              ? formatv("{0}:{1:2}:{2:2}", S / 3600, S / 60 % 60, S % 60).str()
              : formatv("{0}:{1:2}", S / 60, S % 60).str();
    }
    errs() << formatv("\r\x1b[K{0}: {1} of {2} {3} ({4:F0}%), {5:F1} {3}/s, "
                      "ETA {6}",
                      What, Done, Total, Unit, 100.0 * Done / Total, Rate, Eta)
                  .str();
    Shown = true;
  }

private:
  StringRef What, Unit;
  bool Enabled, Shown = false;
  Clock::time_point Start, Last;
};
} // namespace

/// The host's copies of A, B and C0, then of the epilogue's operands E0,
/// E1, ...
using HostBuffers = std::vector<std::vector<float>>;

namespace {
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
/// value comes from --alpha/--beta.
struct ScaleFactor {
  const char *Name;
  std::optional<double> Compiled;
  const ManifestArg *Arg;
  cl::opt<double> &Opt;
  double Value = 0;
};

/// The multiplication this run performs, checked against the manifest and
/// the options before anything is allocated.
struct Problem {
  StringMap<int64_t> SizeValues; ///< what a dynamic kernel takes at run time
  int64_t M = 0, N = 0, K = 0, Batch = 0;
  std::array<Matrix, 3> Matrices{}; ///< A, B, C
  std::array<ScaleFactor, 2> Factors{
      ScaleFactor{"alpha", {}, nullptr, AlphaOpt},
      ScaleFactor{"beta", {}, nullptr, BetaOpt}};
  /// An epilogue beyond alpha/beta (which then are unused), and the
  /// elements of each of its operands' buffers.
  std::optional<gemm::EpilogueProgram> Epilogue;
  std::vector<int64_t> OperandElements;
  double alpha() const { return Factors[0].Value; }
  double beta() const { return Factors[1].Value; }
  double flop() const { return 2.0 * Batch * M * N * K; }
};

/// The worst element of the check against the reference, and the counts.
struct CheckResult {
  double MaxAbs = 0, MaxRel = 0, MaxRatio = 0;
  int64_t Bad = 0, GapWrites = 0;
  int64_t WorkspaceNonZero = 0; ///< floats of the workspace left non-zero
  int64_t FirstI = -1, FirstR = -1, FirstC = -1;
  double FirstGot = 0, FirstRef = 0, FirstTol = 0;
};
} // namespace

/// A kernel compiled for dynamic sizes takes them at run time: from the
/// options, leading dimensions defaulting to the columns and batch strides
/// to rows x ld. Binds them in \p Man.
static Error bindRunTimeSizes(Manifest &Man, StringMap<int64_t> &SizeValues) {
  std::vector<std::string> Dynamic = Man.dynamicSizes();
  if (Dynamic.empty())
    return Error::success();
  for (auto [Name, Opt, Compiled] :
       {std::tuple("m", &MOpt, Man.Problem.M),
        std::tuple("n", &NOpt, Man.Problem.N),
        std::tuple("k", &KOpt, Man.Problem.K),
        std::tuple("batch", &BatchOpt, Man.Problem.Batch)}) {
    if (!Compiled && *Opt <= 0)
      return makeError(formatv("the code object takes {0} at run time: give "
                               "a positive --{0}",
                               Name));
    SizeValues[Name] = Compiled ? Compiled : Opt->getValue();
  }
  for (auto [Role, Opt] : {std::pair("A", &LdaOpt), std::pair("B", &LdbOpt),
                           std::pair("C", &LdcOpt)}) {
    const ManifestArg *Arg = Man.arg(Role);
    if (!Arg)
      return makeError(
          "manifest must describe arguments with roles A, B and C");
    std::string Lower = StringRef(Role).lower();
    auto Value = [&](int64_t Static, const std::string &Expr) {
      return Expr.empty() ? Expected<int64_t>(Static)
                          : evaluateSize(Expr, SizeValues);
    };
    Expected<int64_t> Rows = Value(Arg->Rows, Arg->RowsExpr);
    Expected<int64_t> Cols = Value(Arg->Cols, Arg->ColsExpr);
    if (!Rows || !Cols)
      return Rows ? Cols.takeError() : Rows.takeError();
    if (llvm::is_contained(Dynamic, "ld" + Lower)) {
      if (*Opt && *Opt < *Cols)
        return makeError(formatv("--ld{0}={1} is less than {2}'s {3} columns",
                                 Lower, Opt->getValue(), Role, *Cols));
      SizeValues["ld" + Lower] = *Opt ? Opt->getValue() : *Cols;
    }
    Expected<int64_t> LD = Value(Arg->LD, Arg->LDExpr);
    if (!LD)
      return LD.takeError();
    if (llvm::is_contained(Dynamic, "batch_stride_" + Lower)) {
      std::optional<int64_t> Stride = checkedMul(*Rows, *LD);
      if (!Stride)
        return makeError(formatv("{0}'s batch stride, rows x ld = {1} x {2}, "
                                 "overflows 64 bits",
                                 Role, *Rows, *LD));
      SizeValues["batch_stride_" + Lower] = *Stride;
    }
  }
  for (const std::string &Name : Dynamic)
    if (!SizeValues.count(Name))
      return makeError("the code object takes '" + Name +
                       "' at run time, which gemm-run cannot give");
  return Man.bindSizes(SizeValues);
}

/// Checks \p Mat's manifest argument against the shape the problem needs and
/// counts the elements of its buffer; a manifest's or an option's sizes can
/// be anything up to 2^63 - 1, so every product is checked.
static Error sizeMatrix(Matrix &Mat, int64_t Batch) {
  const ManifestArg &A = *Mat.Arg;
  if (A.Kind != "global_buffer" || A.Size != 8)
    return makeError(
        formatv("argument {0} must be an 8-byte global_buffer", Mat.Name));
  if (A.Rows != Mat.Rows || A.Cols != Mat.Cols || A.LD < Mat.Cols)
    return makeError(formatv("argument {0} is {1}x{2} (ld {3}) in the "
                             "manifest, expected {4}x{5} with ld >= {5}",
                             Mat.Name, A.Rows, A.Cols, A.LD, Mat.Rows,
                             Mat.Cols));
  if (Mat.RequestedLD && Mat.RequestedLD != A.LD)
    return makeError(formatv("the code object is compiled for ld{0}={1}; "
                             "requested {2} (leading dimensions are static)",
                             StringRef(Mat.Name).lower(), A.LD,
                             Mat.RequestedLD));
  std::optional<int64_t> Single = checkedMul(Mat.Rows, A.LD);
  if (!Single)
    return makeError(formatv("argument {0}: rows x ld = {1} x {2} overflows "
                             "64 bits",
                             Mat.Name, Mat.Rows, A.LD));
  if (Batch > 1 && A.BatchStride < *Single)
    return makeError(formatv("argument {0} has batch_stride {1}; a batch of "
                             "{2} needs at least rows x ld = {3}",
                             Mat.Name, A.BatchStride, Batch, *Single));
  std::optional<int64_t> Elems =
      checkedMulAdd<int64_t>(Batch - 1, Batch > 1 ? A.BatchStride : 0, *Single);
  std::optional<int64_t> Bytes =
      Elems ? checkedMul<int64_t>(*Elems, 4) : std::nullopt;
  if (!Bytes)
    return makeError(formatv("argument {0}: (batch - 1) x batch_stride + rows "
                             "x ld = ({1} - 1) x {2} + {3} elements of 4 "
                             "bytes overflows 64 bits",
                             Mat.Name, Batch, A.BatchStride, *Single));
  Elems = checkedAdd<int64_t>(*Elems, A.Slack);
  Bytes = Elems ? checkedMul<int64_t>(*Elems, 4) : std::nullopt;
  if (!Bytes)
    return makeError(formatv("argument {0}: slack {1} overflows 64 bits",
                             Mat.Name, A.Slack));
  Mat.Elements = *Elems;
  return Error::success();
}

/// alpha and beta: each either compiled in (the manifest's value) or a
/// 4-byte f32 argument, never both.
static Error resolveScaleFactors(const Manifest &Man, Problem &P) {
  P.Factors[0].Compiled = Man.Problem.Alpha;
  P.Factors[0].Arg = Man.arg("alpha");
  P.Factors[1].Compiled = Man.Problem.Beta;
  P.Factors[1].Arg = Man.arg("beta");
  for (ScaleFactor &F : P.Factors) {
    if (F.Arg && F.Compiled)
      return makeError(formatv("manifest gives {0} both as a value and as an "
                               "argument",
                               F.Name));
    if (!F.Arg && !F.Compiled)
      return makeError(formatv("manifest gives neither a value nor an "
                               "argument for {0}",
                               F.Name));
    if (F.Arg && (F.Arg->Kind != "by_value" || F.Arg->Size != 4))
      return makeError(
          formatv("argument {0} must be a 4-byte by_value f32", F.Name));
    // The value is passed as an f32.
    if (F.Opt.getNumOccurrences() &&
        !(std::fabs(F.Opt) <= std::numeric_limits<float>::max()))
      return makeError(formatv("--{0}={1:e} is not a finite f32 value", F.Name,
                               F.Opt.getValue()));
    if (F.Compiled && F.Opt.getNumOccurrences() && F.Opt != *F.Compiled)
      return makeError(formatv("the code object is compiled for {0}={1}; "
                               "requested {2}",
                               F.Name, *F.Compiled, F.Opt.getValue()));
    F.Value = F.Compiled ? *F.Compiled : (double)(float)F.Opt;
  }
  // One argument that the program passes as alpha and as beta.
  if (P.Factors[0].Arg && P.Factors[0].Arg == P.Factors[1].Arg) {
    if (BetaOpt.getNumOccurrences() &&
        (!AlphaOpt.getNumOccurrences() || BetaOpt != AlphaOpt))
      return makeError("the kernel takes alpha and beta as one argument: give "
                       "--alpha only");
    P.Factors[1].Value = P.Factors[0].Value;
  }
  return Error::success();
}

/// An epilogue beyond alpha/beta: its body, and the size of each operand,
/// the product of the problem's sizes along its loops. Every argument with
/// an operand's role must name one the problem describes.
static Error readEpilogue(const Manifest &Man, Problem &P) {
  Expected<gemm::EpilogueProgram> Program = gemm::EpilogueProgram::parse(
      Man.Problem.EpilogueBody, Man.Problem.EpilogueOperands.size());
  if (!Program)
    return Program.takeError();
  P.Epilogue = std::move(*Program);
  for (const std::vector<std::string> &Dims : Man.Problem.EpilogueOperands) {
    int64_t Elements = 1;
    for (const std::string &Dim : Dims)
      Elements *= Dim == "batch" ? P.Batch : Dim == "m" ? P.M : P.N;
    P.OperandElements.push_back(Elements);
  }
  for (const std::vector<ManifestKernel> *List : {&Man.Kernels, &Man.Then})
    for (const ManifestKernel &K : *List)
      for (const ManifestArg &A : K.Args)
        if (A.isEpilogueOperand() &&
            (A.getEpilogueOperandIndex() >= P.OperandElements.size() ||
             A.Kind != "global_buffer" || A.Size != 8))
          return makeError(formatv("argument {0} ({1}) must be an 8-byte "
                                   "global_buffer of an operand that "
                                   "problem.epilogue describes",
                                   A.Index, A.Role));
  return Error::success();
}

/// The problem the manifest describes, with the run-time sizes bound and
/// every size checked: the matrices' buffers together within \p MemoryLimit.
static Expected<Problem> readProblem(Manifest &Man, uint64_t MemoryLimit) {
  Problem P;
  if (Error E = bindRunTimeSizes(Man, P.SizeValues))
    return std::move(E);
  P.M = MOpt ? MOpt : Man.Problem.M;
  P.N = NOpt ? NOpt : Man.Problem.N;
  P.K = KOpt ? KOpt : Man.Problem.K;
  P.Batch = BatchOpt ? BatchOpt : Man.Problem.Batch;
  if (P.M != Man.Problem.M || P.N != Man.Problem.N || P.K != Man.Problem.K ||
      P.Batch != Man.Problem.Batch)
    return makeError(formatv("the code object is compiled for M={0} N={1} "
                             "K={2} batch={3}; requested M={4} N={5} K={6} "
                             "batch={7} (sizes are static)",
                             Man.Problem.M, Man.Problem.N, Man.Problem.K,
                             Man.Problem.Batch, P.M, P.N, P.K, P.Batch));
  if ((TransposeAOpt.getNumOccurrences() &&
       TransposeAOpt != Man.Problem.TransposeA) ||
      (TransposeBOpt.getNumOccurrences() &&
       TransposeBOpt != Man.Problem.TransposeB))
    return makeError(formatv("the code object is compiled for transpose-a={0} "
                             "transpose-b={1}; the layout is static",
                             Man.Problem.TransposeA, Man.Problem.TransposeB));
  const ManifestArg *AA = Man.arg("A"), *BA = Man.arg("B"), *CA = Man.arg("C");
  if (!AA || !BA || !CA)
    return makeError("manifest must describe arguments with roles A, B and C");
  P.Matrices = {Matrix{"A", AA, Man.Problem.TransposeA ? P.K : P.M,
                       Man.Problem.TransposeA ? P.M : P.K, LdaOpt},
                Matrix{"B", BA, Man.Problem.TransposeB ? P.N : P.K,
                       Man.Problem.TransposeB ? P.K : P.N, LdbOpt},
                Matrix{"C", CA, P.M, P.N, LdcOpt}};
  uint64_t TotalBytes = 0;
  for (Matrix &Mat : P.Matrices) {
    if (Error E = sizeMatrix(Mat, P.Batch))
      return std::move(E);
    // Each is below 2^63 bytes: the sum of three fits 64 unsigned bits.
    TotalBytes += Mat.Elements * 4;
  }
  // A matmul of A with itself: B is A's buffer.
  if (AA == BA)
    TotalBytes -= P.Matrices[1].Elements * 4;
  // The workspace the kernels share (below 2^40 floats: the parser checks).
  uint64_t WorkspaceBytes = 0;
  for (const std::vector<ManifestKernel> *List : {&Man.Kernels, &Man.Then})
    for (const ManifestKernel &K : *List)
      for (const ManifestArg &A : K.Args)
        if (A.isWorkspace())
          WorkspaceBytes =
              std::max<uint64_t>(WorkspaceBytes, uint64_t(A.Rows * A.Cols) * 4);
  TotalBytes += WorkspaceBytes;
  if (TotalBytes > MemoryLimit)
    return makeError(formatv(
        "the matrices A, B and C{5} take {0} + {1} + {2}{6} = {3}, more than "
        "the memory limit of {4}; raise it with --memory-limit",
        P.Matrices[0].Elements * 4, P.Matrices[1].Elements * 4,
        P.Matrices[2].Elements * 4, formatBytes(TotalBytes),
        formatBytes(MemoryLimit), WorkspaceBytes ? " and the workspace" : "",
        WorkspaceBytes ? formatv(" + {0}", WorkspaceBytes).str() : ""));
  if (Man.Problem.hasGeneralEpilogue()) {
    if (Error E = readEpilogue(Man, P))
      return std::move(E);
    return std::move(P);
  }
  if (Error E = resolveScaleFactors(Man, P))
    return std::move(E);
  return std::move(P);
}

/// The manifest's argument layout must agree with the code object's.
static Error checkKernelArguments(const Manifest &Man, const ManifestKernel &K,
                                  const KernelInfo &KI) {
  if (K.KernargSize && *K.KernargSize != KI.KernargSegmentSize)
    return makeError(formatv("manifest '{0}': \"kernarg_size\" is {1}, but "
                             "kernel '{2}' of the code object has a kernarg "
                             "segment of {3} bytes",
                             Man.Path, *K.KernargSize, KI.Name,
                             KI.KernargSegmentSize));
  for (const ManifestArg &A : K.Args) {
    bool Found = false;
    for (const KernelArg &KA : KI.Args)
      Found |=
          KA.Offset == A.Offset && KA.Size == A.Size && KA.ValueKind == A.Kind;
    if (!Found)
      return makeError(formatv("manifest argument {0} ({1}, offset {2}, size "
                               "{3}) does not match the code object's "
                               "metadata",
                               A.Index, A.Role, A.Offset, A.Size));
    if ((uint64_t)A.Offset + A.Size > KI.KernargSegmentSize)
      return makeError(formatv("manifest argument {0} ({1}, offset {2}, size "
                               "{3}) is outside the code object's kernarg "
                               "segment of {4} bytes",
                               A.Index, A.Role, A.Offset, A.Size,
                               KI.KernargSegmentSize));
  }
  return Error::success();
}

/// "problem: M=.. N=.. K=.., C += A x B, seed 1" and the kernel chosen.
static void printProblem(const Manifest &Man, const Problem &P) {
  // The manifest's choice among several kernels, by the run-time sizes.
  if (Man.Kernels.size() > 1)
    outs() << formatv("kernel: {0} (of {1}; when {2})\n", Man.Kernel,
                      Man.Kernels.size(),
                      Man.When.empty() ? "always" : Man.When);
  double Alpha = P.alpha(), Beta = P.beta();
  std::string Epilogue =
      P.Epilogue
          ? formatv(
                "C = epilogue({0} steps; T{1}{2}) of T = ",
                P.Epilogue->numSteps(), P.Epilogue->readsC() ? ", C" : "",
                P.OperandElements.size() > 1
                    ? formatv(", E0..E{0}", P.OperandElements.size() - 1).str()
                : P.OperandElements.empty() ? std::string()
                                            : std::string(", E0"))
                .str()
      : Alpha == 1 && Beta == 1
          ? std::string("C += ")
          : formatv("C = {0}{1}",
                    Beta == 0 ? "" : formatv("{0} C + ", Beta).str(),
                    Alpha == 1 ? "" : formatv("{0} ", Alpha).str())
                .str();
  auto LD = [&](unsigned I, const char *Name) {
    const ManifestArg &A = *P.Matrices[I].Arg;
    return A.LD != A.Cols ? formatv(" {0}={1}", Name, A.LD).str()
                          : std::string();
  };
  outs() << formatv(
      "problem: M={0} N={1} K={2}{3}{4}{5}, {9}{6} x {7}, "
      "seed {8}\n",
      P.M, P.N, P.K, P.Batch > 1 ? formatv(" batch={0}", P.Batch).str() : "",
      LD(0, "lda"), LD(1, "ldb") + LD(2, "ldc"),
      Man.Problem.TransposeA ? "A^T" : "A",
      Man.Problem.TransposeB ? "B^T" : "B", Seed.getValue(), Epilogue);
}

/// The sentinel in C's gaps (between rows, ld > columns, and batches).
static const float CGap = 1234.5f;

/// A, B and C0: uniform in [-1, 1) from a fixed generator, A then B then C.
/// The gaps between rows and batches hold NaN in A and B, so that a kernel
/// that reads them fails, and CGap in C, which must survive. With beta = 0
/// compiled in, C must not be read: NaN would poison it.
static HostBuffers makeInputs(const Manifest &Man, const Problem &P) {
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

/// The device buffers of a run: A, B and C, and the workspace the kernels
/// share (0 when none takes one).
struct DeviceBuffers {
  std::array<uint64_t, 3> Matrices{};
  std::vector<uint64_t> Operands; // of the epilogue
  uint64_t Workspace = 0, WorkspaceFloats = 0;
};

/// Allocates A, B and C with their initial values, and the workspace,
/// zeroed (the kernels that use it leave it zero). \p BIsA: the kernel takes
/// one buffer as A and B.
static Expected<DeviceBuffers>
allocateBuffers(Backend &B, ArrayRef<const ManifestKernel *> Kernels,
                const HostBuffers &Host, bool BIsA) {
  DeviceBuffers Dev;
  for (unsigned I = 0; I < 3; ++I) {
    if (I == 1 && BIsA) {
      Dev.Matrices[1] = Dev.Matrices[0];
      continue;
    }
    size_t Bytes = Host[I].size() * sizeof(float);
    auto Addr = B.allocate(Bytes);
    if (!Addr)
      return Addr.takeError();
    Dev.Matrices[I] = *Addr;
    if (Error E = B.copyToDevice(Dev.Matrices[I], Host[I].data(), Bytes))
      return std::move(E);
  }
  for (const std::vector<float> &Operand : llvm::drop_begin(Host, 3)) {
    auto Addr = B.allocate(Operand.size() * sizeof(float));
    if (!Addr)
      return Addr.takeError();
    Dev.Operands.push_back(*Addr);
    if (Error E = B.copyToDevice(*Addr, Operand.data(),
                                 Operand.size() * sizeof(float)))
      return std::move(E);
  }
  for (const ManifestKernel *K : Kernels)
    for (const ManifestArg &A : K->Args)
      if (A.isWorkspace())
        Dev.WorkspaceFloats =
            std::max<uint64_t>(Dev.WorkspaceFloats, A.Rows * A.Cols);
  if (Dev.WorkspaceFloats) {
    std::vector<float> Zero(Dev.WorkspaceFloats, 0.0f);
    auto Addr = B.allocate(Zero.size() * sizeof(float));
    if (!Addr)
      return Addr.takeError();
    Dev.Workspace = *Addr;
    if (Error E = B.copyToDevice(Dev.Workspace, Zero.data(),
                                 Zero.size() * sizeof(float)))
      return std::move(E);
  }
  return Dev;
}

/// The explicit kernel arguments of kernel `K`: the buffers, alpha and beta,
/// and the sizes it takes at run time.
static Expected<std::vector<uint8_t>> buildKernarg(const ManifestKernel &K,
                                                   const KernelInfo &KI,
                                                   const Problem &P,
                                                   const DeviceBuffers &Dev) {
  std::vector<uint8_t> Kernarg(KI.explicitArgsSize(), 0);
  auto Put = [&](int64_t Offset, const void *Value, size_t Size) {
    if (Offset + Size > Kernarg.size())
      Kernarg.resize(Offset + Size);
    memcpy(Kernarg.data() + Offset, Value, Size);
  };
  for (const ManifestArg &A : K.Args) {
    if (A.isMatrix()) {
      unsigned I = A.Role == "A" ? 0 : A.Role == "B" ? 1 : 2;
      Put(A.Offset, &Dev.Matrices[I], 8);
      continue;
    }
    if (A.isWorkspace()) {
      Put(A.Offset, &Dev.Workspace, 8);
      continue;
    }
    if (A.isEpilogueOperand()) {
      Put(A.Offset, &Dev.Operands[A.getEpilogueOperandIndex()], 8);
      continue;
    }
    if (A.Role == "alpha" || A.Role == "beta") {
      float Value = A.Role == "alpha" ? P.alpha() : P.beta();
      Put(A.Offset, &Value, 4);
      continue;
    }
    if (A.Kind != "by_value" || (A.Size != 8 && A.Size != 4))
      return makeError(formatv("argument {0} must be a 4- or 8-byte by_value "
                               "integer",
                               A.Role));
    int64_t Value = P.SizeValues.lookup(A.Role);
    if (A.Size == 4 && Value > INT32_MAX)
      return makeError(formatv("{0} = {1} does not fit argument {2}, a "
                               "4-byte integer",
                               A.Role, Value, A.Index));
    // Little-endian: the low 4 bytes are the 32-bit value.
    Put(A.Offset, &Value, A.Size);
  }
  return Kernarg;
}

/// The most workgroups a kernel of gemm-opt launches per element of C: one
/// per K part (gemm-select-config splits a tile in at most 64).
static constexpr uint64_t kMaxWorkgroupsPerElement = 64;

/// --max-instructions, or its default. Our kernels execute about one wave
/// instruction per 45 multiply-adds, the walkthrough's naive kernel one per
/// 3: one per multiply-add leaves room for any honest kernel and still ends
/// a runaway in bounded time.
static uint64_t getInstructionLimit(const Problem &P) {
  if (MaxInstructions.getNumOccurrences())
    return MaxInstructions;
  return SaturatingAdd<uint64_t>(
      SaturatingMultiply<uint64_t>(
          SaturatingMultiply<uint64_t>((uint64_t)P.Batch, (uint64_t)P.M),
          SaturatingMultiply<uint64_t>((uint64_t)P.N, (uint64_t)P.K)),
      uint64_t(1) << 24);
}

/// Prints the timing model's prediction (and writes its timeline).
static int reportPrediction(const SimResult &Sim, const Problem &P) {
  if (Error E = SimCL.report(outs(), Sim, P.flop()))
    return fail(toString(std::move(E)));
  return 0;
}

/// Checks C against a double-precision reference, element by element within
/// the tolerance of the overview, and C's gaps for stray stores.
static CheckResult checkAgainstReference(const Manifest &Man, const Problem &P,
                                         const HostBuffers &Host,
                                         const std::vector<float> &HC) {
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
  ProgressLine Progress("reference check", "rows");
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

/// Prints the check; 0 for PASS, 1 for FAIL.
static int reportCheck(const CheckResult &Res, const Problem &P,
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

/// --repeat timed launches after the verified one.
static int timeLaunches(Backend &B, const Problem &P,
                        function_ref<Expected<LaunchStats>()> Launch) {
  unsigned Reps = Repeat.getNumOccurrences() ? Repeat.getValue()
                  : B.name() == "hip"        ? 20u
                                             : 0u;
  if (!Reps)
    return 0;
  double Total = 0, Best = 1e300;
  for (unsigned I = 0; I < Reps; ++I) {
    auto T = Launch();
    if (!T)
      return fail(toString(T.takeError()));
    Total += T->Milliseconds;
    Best = std::min(Best, T->Milliseconds);
  }
  double Avg = Total / Reps;
  outs() << formatv("time over {0} launches ({1}): avg {2:F4} ms, best "
                    "{3:F4} ms\n",
                    Reps, B.name() == "hip" ? "HIP events" : "wall clock", Avg,
                    Best);
  if (B.name() == "hip")
    outs() << formatv("TFLOP/s: avg {0:F2}, best {1:F2}\n",
                      P.flop() / (Avg * 1e-3) * 1e-12,
                      P.flop() / (Best * 1e-3) * 1e-12);
  return 0;
}

/// Parses the command line; false (after the parser's message) on bad
/// usage.
static bool parseCommandLine(int Argc, char **Argv) {
  // With an error stream the parser returns instead of exiting 1, which is
  // a verification failure's code.
  return cl::ParseCommandLineOptions(
      Argc, Argv,
      "gemm-run: run a gemm-opt SGEMM code object, verify and time it\n\n"
      "Reads FILE.manifest.json (written by gemm-opt beside FILE.hsaco), fills "
      "A, B and\nthe initial C with seeded uniform values in [-1, 1), launches "
      "the kernel once\nand checks C = alpha op(A) x op(B) + beta C0 (alpha = "
      "beta = 1 for linalg.matmul,\nwhich accumulates; op transposes when the "
      "manifest says so), for each matrix\nof a batch, against a reference "
      "computed in double precision. "
      "The gaps\nbetween rows (ld > columns) and between batches hold NaN in "
      "A and B and a\nsentinel in C that must survive.\n\n"
      "Tolerance, per element (i, j):\n"
      "  |C - ref| <= 2 (K + 3) 2^-24 (|beta C0(i,j)| + |alpha| sum_k "
      "|A(i,k) B(k,j)|)\n"
      "i.e. twice the worst-case rounding bound of a K-term fp32 sum in any "
      "order\n(with or without FMA) and the epilogue's scaling and add, so "
      "valid kernels never\nfail on accumulation order. With beta = 0 "
      "compiled in, C0 is NaN: the kernel must\nnot read it.\n\n"
      "On HIP the kernel is then launched --repeat times and timed with HIP "
      "events\n(TFLOP/s = 2 batch M N K / time). On the emulator the wall time "
      "and "
      "the executed\nwave instructions are reported (not GPU time). When "
      "stderr is a terminal, the\nemulator run and the reference check show "
      "their progress there.\n\n"
      "Exit codes: 0 PASS, 1 verification FAIL (first mismatching element "
      "printed),\n2 bad input or launch error, 3 no HIP device "
      "(--backend=hip).\n",
      &errs());
}

/// The kernels this run launches and their code object entries, each
/// checked against the manifest's arguments.
static Error findKernels(const Manifest &Man, const CodeObject &CO,
                         std::vector<const ManifestKernel *> &Kernels,
                         std::vector<const KernelInfo *> &Infos) {
  // The kernels this run launches, in order: the manifest's choice, then
  // those it says follow (a split tail's reduction).
  Kernels = {&Man};
  for (const ManifestKernel &K : Man.Then)
    Kernels.push_back(&K);
  for (const ManifestKernel *K : Kernels) {
    auto KIOrErr = CO.kernel(K->Kernel);
    if (!KIOrErr)
      return KIOrErr.takeError();
    if (Error E = checkKernelArguments(Man, *K, *KIOrErr))
      return E;
    Infos.push_back(&*KIOrErr);
  }
  return Error::success();
}

/// The launch of each kernel: its grid, workgroup and kernel arguments.
static Expected<std::vector<LaunchParams>>
makeLaunches(ArrayRef<const ManifestKernel *> Kernels,
             ArrayRef<const KernelInfo *> Infos, const Problem &P,
             const DeviceBuffers &Dev) {
  std::vector<LaunchParams> Launches;
  for (auto [K, KI] : llvm::zip_equal(Kernels, Infos)) {
    Expected<std::vector<uint8_t>> Kernarg = buildKernarg(*K, *KI, P, Dev);
    if (!Kernarg)
      return Kernarg.takeError();
    LaunchParams &LP = Launches.emplace_back();
    LP.Kernel = K->Kernel;
    // readManifest and bindSizes keep both in [1, 2^32).
    for (unsigned D = 0; D < 3; ++D) {
      LP.Grid[D] = K->Grid[D];
      LP.Block[D] = K->WorkgroupSize[D];
    }
    LP.ExplicitArgs = std::move(*Kernarg);
    LP.MaxWaveInstructions = getInstructionLimit(P);
    // gemm-opt's kernels launch at most one workgroup per K part (at most
    // 64) of an element of C; a grid beyond that is not this problem's,
    // and the emulator would run it for a long time before the check fails.
    uint64_t Workgroups = SaturatingMultiply<uint64_t>(
        SaturatingMultiply<uint64_t>(LP.Grid[0], LP.Grid[1]), LP.Grid[2]);
    uint64_t MaxWorkgroups = SaturatingMultiply<uint64_t>(
        kMaxWorkgroupsPerElement,
        SaturatingMultiply<uint64_t>(
            (uint64_t)P.Batch,
            SaturatingMultiply<uint64_t>((uint64_t)P.M, (uint64_t)P.N)));
    if (Workgroups > MaxWorkgroups)
      return makeError(formatv(
          "kernel {0}: its grid of {1} workgroups is more than gemm-opt's "
          "kernels launch for this problem ({2} per element of its {3}x{4} C"
          "{5}): the manifest does not describe the code object's launch",
          K->Kernel, Workgroups, kMaxWorkgroupsPerElement, P.M, P.N,
          P.Batch > 1 ? formatv(", batch {0}", P.Batch).str() : ""));
  }
  return Launches;
}

/// Launches the kernels one after the other; the timing model's predictions
/// add up (appendSimLaunch).
static Expected<LaunchStats> launchAll(Backend &B,
                                       MutableArrayRef<LaunchParams> Launches,
                                       const SimParams &Params) {
  LaunchStats Total;
  for (LaunchParams &LP : Launches) {
    ProgressLine Line("emulator", "workgroups");
    LP.Progress = [&](uint64_t Done, uint64_t Total) {
      Line.update(Done, Total);
    };
    Expected<LaunchStats> Stats = B.launch(LP);
    LP.Progress = nullptr;
    if (!Stats)
      return Stats.takeError();
    if (&LP == &Launches.front()) {
      Total = std::move(*Stats);
      continue;
    }
    Total.Milliseconds += Stats->Milliseconds;
    Total.WaveInstructions += Stats->WaveInstructions;
    Total.Waves += Stats->Waves;
    if (Total.Sim && Stats->Sim) {
      auto Sum = std::make_shared<SimResult>(*Total.Sim);
      appendSimLaunch(*Sum, Launches.front().Kernel, LP.Kernel, *Stats->Sim,
                      Params);
      Total.Milliseconds = Sum->Seconds * 1e3;
      Total.Sim = std::move(Sum);
    }
  }
  return Total;
}

/// Reads C back (and writes it to --dump-c), checks it and the workspace
/// and prints the check: 0 for PASS, else the exit code.
static int verifyResult(Backend &B, const Manifest &Man, const Problem &P,
                        const HostBuffers &Host, const DeviceBuffers &Dev) {
  std::vector<float> HC(Host[2].size());
  if (Error E = B.copyFromDevice(HC.data(), Dev.Matrices[2],
                                 HC.size() * sizeof(float)))
    return fail(toString(std::move(E)));
  if (!DumpC.empty()) {
    auto Out = gemm::OutputFile::open(DumpC, "--dump-c file");
    if (!Out)
      return fail(toString(Out.takeError()));
    (*Out)->os().write(reinterpret_cast<const char *>(HC.data()),
                       HC.size() * sizeof(float));
    if (Error E = (*Out)->commit())
      return fail(toString(std::move(E)));
  }
  auto CheckStart = std::chrono::steady_clock::now();
  CheckResult Check = checkAgainstReference(Man, P, Host, HC);
  // The next launch finds the workspace as the kernels must leave it.
  if (Dev.Workspace) {
    std::vector<float> Workspace(Dev.WorkspaceFloats);
    if (Error E = B.copyFromDevice(Workspace.data(), Dev.Workspace,
                                   Workspace.size() * sizeof(float)))
      return fail(toString(std::move(E)));
    Check.WorkspaceNonZero =
        llvm::count_if(Workspace, [](float Value) { return Value != 0.0f; });
  }
  return reportCheck(Check, P,
                     std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - CheckStart)
                         .count());
}

int main(int Argc, char **Argv) {
  cl::HideUnrelatedOptions({&Cat, &SimCL.Category});
  gemm::setVersionPrinter("gemm-run");
  if (!parseCommandLine(Argc, Argv))
    return 2;
  if (ListTargets) {
    gemm::printTargets(outs(), SimCL.Json);
    return 0;
  }
  if (ManifestPath.empty())
    return fail("no manifest given: gemm-run [options] <manifest.json> "
                "(see --help)");
  Expected<uint64_t> MemoryLimit = parseByteSize(MemoryLimitOpt);
  if (!MemoryLimit)
    return fail("--memory-limit: " + toString(MemoryLimit.takeError()));

  auto MOrErr = readManifest(ManifestPath);
  if (!MOrErr)
    return fail(toString(MOrErr.takeError()));
  Manifest &Man = *MOrErr;
  if (Man.Problem.ElementType != "f32")
    return fail("element type '" + Man.Problem.ElementType +
                "' is not supported (f32 only)");
  Expected<Problem> POrErr = readProblem(Man, *MemoryLimit);
  if (!POrErr)
    return fail(toString(POrErr.takeError()));
  const Problem &P = *POrErr;

  std::string COPath =
      CodeObjectOverride.empty() ? Man.CodeObjectPath : CodeObjectOverride;
  auto COOrErr = CodeObject::loadFile(COPath);
  if (!COOrErr)
    return fail(toString(COOrErr.takeError()));
  CodeObject &CO = **COOrErr;
  std::vector<const ManifestKernel *> Kernels;
  std::vector<const KernelInfo *> Infos;
  if (Error E = findKernels(Man, CO, Kernels, Infos))
    return fail(toString(std::move(E)));
  Expected<SimOptions> SimOpts =
      SimCL.getSimOptions(BackendOpt == "sim", Man.Target, CO.isa());
  if (!SimOpts)
    return fail(toString(SimOpts.takeError()));
  auto BOrErr = BackendOpt == "sim" ? createSimBackend(*SimOpts, *MemoryLimit)
                                    : createBackend(BackendOpt, *MemoryLimit);
  if (!BOrErr) {
    std::string Msg;
    int Code = classifyBackendError(BOrErr.takeError(), Msg);
    return fail(Msg, Code);
  }
  Backend &B = **BOrErr;
  // Timing on a GPU takes a few hundred launches at most; the emulator's
  // wall time is not GPU time, and each launch there is a full emulation,
  // so a count beyond a few only makes the run endless.
  unsigned MaxRepeat = B.name() == "hip" ? kMaxHipRepeat : kMaxEmulatedRepeat;
  if (Repeat > MaxRepeat)
    return fail(formatv("--repeat={0} is more than {1}, the most launches "
                        "gemm-run times on the {2} backend",
                        unsigned(Repeat), MaxRepeat, B.name())
                    .str());
  outs() << formatv("gemm-run: {0} on {1}\n", sys::path::filename(COPath),
                    B.deviceDescription());
  printProblem(Man, P);

  HostBuffers Host = makeInputs(Man, P);
  Expected<DeviceBuffers> Dev =
      allocateBuffers(B, Kernels, Host, P.Matrices[1].Arg == P.Matrices[0].Arg);
  if (!Dev)
    return fail(toString(Dev.takeError()));
  if (Error E = B.loadCodeObject(CO))
    return fail(toString(std::move(E)));
  Expected<std::vector<LaunchParams>> Launches =
      makeLaunches(Kernels, Infos, P, *Dev);
  if (!Launches)
    return fail(toString(Launches.takeError()));
  auto Launch = [&]() -> Expected<LaunchStats> {
    return launchAll(B, *Launches, SimOpts->Params);
  };
  auto S = Launch();
  if (!S)
    return fail(toString(S.takeError()));
  if (S->Sim)
    return reportPrediction(*S->Sim, P);

  if (int Code = verifyResult(B, Man, P, Host, *Dev))
    return Code;
  if (B.name() == "emu")
    outs() << formatv("emulator: {0:F1} ms wall time, {1} waves, {2} wave "
                      "instructions, {3:E3} wave instructions/s (not GPU "
                      "time)\n",
                      S->Milliseconds, S->Waves, S->WaveInstructions,
                      S->WaveInstructions / (S->Milliseconds * 1e-3));
  return timeLaunches(B, P, Launch);
}
