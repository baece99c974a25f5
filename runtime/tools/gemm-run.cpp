//===- gemm-run.cpp - Run, verify and time a gemm-opt code object ---------===//
//
// Reads the launch manifest gemm-opt writes beside the code object, fills A, B
// and the initial C with seeded random values, launches (HIP or the built-in
// emulator), and checks C = C0 + A x B against a double-precision reference.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Version.h"
#include "gemm-runtime/Backend.h"
#include "gemm-runtime/CodeObject.h"
#include "gemm-runtime/Manifest.h"
#include "gemm-runtime/Simulator.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <random>

using namespace llvm;
using namespace gemm::rt;

static cl::OptionCategory Cat("gemm-run options");

static cl::opt<std::string> ManifestPath(cl::Positional, cl::Required,
                                         cl::desc("<manifest.json>"),
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

static cl::OptionCategory
    SimCat("gemm-run timing model options (--backend=sim)");
static cl::opt<unsigned> ComputeUnits("compute-units", cl::init(96),
                                      cl::desc("CUs of the GPU (default 96, "
                                               "RX 7900 XTX)"),
                                      cl::cat(SimCat));
static cl::opt<double> ClockGHz("clock-ghz", cl::init(2.5),
                                cl::desc("Shader clock in GHz (default 2.5)"),
                                cl::cat(SimCat));
static cl::opt<double> MemoryGBps("memory-gbps", cl::init(960),
                                  cl::desc("DRAM bandwidth in GB/s (default "
                                           "960)"),
                                  cl::cat(SimCat));
static cl::opt<uint64_t> SimBudget(
    "sim-budget", cl::init(60000000),
    cl::desc("Wave instructions simulated cycle by cycle before the rest of "
             "the CU's workgroups are extrapolated from the steady rate "
             "(default 60000000)"),
    cl::cat(SimCat));
static cl::opt<bool> SimFull("sim-full",
                             cl::desc("Simulate every workgroup of the CU, "
                                      "whatever the budget"),
                             cl::cat(SimCat));
static cl::list<std::string> SimParamList(
    "sim-param", cl::value_desc("NAME=VALUE"),
    cl::desc("Override one model parameter, for calibration (repeatable; "
             "names as in SimParams, docs/timing-model.md)"),
    cl::cat(SimCat));
static cl::opt<std::string> SimTimeline(
    "sim-timeline", cl::value_desc("FILE"),
    cl::desc("Write the instructions SIMD 0 issues during "
             "--sim-timeline-cycles cycles, from the first workgroup's end, "
             "as JSON to FILE (bench/timeline.py draws it)"),
    cl::cat(SimCat));
static cl::opt<uint64_t>
    SimTimelineCycles("sim-timeline-cycles", cl::init(3000),
                      cl::desc("Cycles --sim-timeline records (default 3000)"),
                      cl::cat(SimCat));
static cl::opt<bool> SimJson("json", cl::desc("Print the prediction as JSON"),
                             cl::cat(SimCat));
static cl::opt<unsigned> Seed("seed", cl::init(1),
                              cl::desc("Seed of the random inputs (default 1)"),
                              cl::cat(Cat));
static cl::opt<unsigned>
    Repeat("repeat", cl::init(0),
           cl::desc("Timed launches after the verified one (default: 20 on "
                    "HIP, 0 on the emulator)"),
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

int main(int Argc, char **Argv) {
  cl::HideUnrelatedOptions({&Cat, &SimCat});
  gemm::setVersionPrinter("gemm-run");
  // With an error stream the parser returns instead of exiting 1, which is
  // a verification failure's code.
  bool Parsed = cl::ParseCommandLineOptions(
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
  if (!Parsed)
    return 2;
  Expected<uint64_t> MemoryLimit = parseByteSize(MemoryLimitOpt);
  if (!MemoryLimit)
    return fail("--memory-limit: " + toString(MemoryLimit.takeError()));

  auto MOrErr = readManifest(ManifestPath);
  if (!MOrErr)
    return fail(toString(MOrErr.takeError()));
  Manifest &Man = *MOrErr;
  if (Man.ElementType != "f32")
    return fail("element type '" + Man.ElementType +
                "' is not supported (f32 only)");
  // A kernel compiled for dynamic sizes takes them at run time: from the
  // options, leading dimensions defaulting to the columns and batch strides
  // to rows x ld.
  StringMap<int64_t> SizeValues;
  std::vector<std::string> Dynamic = Man.dynamicSizes();
  if (!Dynamic.empty()) {
    for (auto [Name, Opt, Compiled] :
         {std::tuple("m", &MOpt, Man.M), std::tuple("n", &NOpt, Man.N),
          std::tuple("k", &KOpt, Man.K),
          std::tuple("batch", &BatchOpt, Man.Batch)}) {
      if (!Compiled && *Opt <= 0)
        return fail(formatv("the code object takes {0} at run time: give a "
                            "positive --{0}",
                            Name));
      SizeValues[Name] = Compiled ? Compiled : Opt->getValue();
    }
    for (auto [Role, Opt] : {std::pair("A", &LdaOpt), std::pair("B", &LdbOpt),
                             std::pair("C", &LdcOpt)}) {
      const ManifestArg *Arg = Man.arg(Role);
      if (!Arg)
        return fail("manifest must describe arguments with roles A, B and C");
      std::string Lower = StringRef(Role).lower();
      auto Value = [&](int64_t Static, const std::string &Expr) {
        return Expr.empty() ? Expected<int64_t>(Static)
                            : evaluateSize(Expr, SizeValues);
      };
      Expected<int64_t> Rows = Value(Arg->Rows, Arg->RowsExpr);
      Expected<int64_t> Cols = Value(Arg->Cols, Arg->ColsExpr);
      if (!Rows || !Cols)
        return fail(toString(Rows ? Cols.takeError() : Rows.takeError()));
      if (llvm::is_contained(Dynamic, "ld" + Lower)) {
        if (*Opt && *Opt < *Cols)
          return fail(formatv("--ld{0}={1} is less than {2}'s {3} columns",
                              Lower, Opt->getValue(), Role, *Cols));
        SizeValues["ld" + Lower] = *Opt ? Opt->getValue() : *Cols;
      }
      Expected<int64_t> LD = Value(Arg->LD, Arg->LDExpr);
      if (!LD)
        return fail(toString(LD.takeError()));
      if (llvm::is_contained(Dynamic, "batch_stride_" + Lower)) {
        std::optional<int64_t> Stride = checkedMul(*Rows, *LD);
        if (!Stride)
          return fail(formatv("{0}'s batch stride, rows x ld = {1} x {2}, "
                              "overflows 64 bits",
                              Role, *Rows, *LD));
        SizeValues["batch_stride_" + Lower] = *Stride;
      }
    }
    for (const std::string &Name : Dynamic)
      if (!SizeValues.count(Name))
        return fail("the code object takes '" + Name +
                    "' at run time, which gemm-run cannot give");
    if (Error E = Man.bindSizes(SizeValues))
      return fail(toString(std::move(E)));
  }
  int64_t M = MOpt ? MOpt : Man.M, N = NOpt ? NOpt : Man.N,
          K = KOpt ? KOpt : Man.K, Batch = BatchOpt ? BatchOpt : Man.Batch;
  if (M != Man.M || N != Man.N || K != Man.K || Batch != Man.Batch)
    return fail(formatv("the code object is compiled for M={0} N={1} K={2} "
                        "batch={3}; requested M={4} N={5} K={6} batch={7} "
                        "(sizes are static)",
                        Man.M, Man.N, Man.K, Man.Batch, M, N, K, Batch));
  if ((TransposeAOpt.getNumOccurrences() && TransposeAOpt != Man.TransposeA) ||
      (TransposeBOpt.getNumOccurrences() && TransposeBOpt != Man.TransposeB))
    return fail(formatv("the code object is compiled for transpose-a={0} "
                        "transpose-b={1}; the layout is static",
                        Man.TransposeA, Man.TransposeB));
  const ManifestArg *AA = Man.arg("A"), *BA = Man.arg("B"), *CA = Man.arg("C");
  if (!AA || !BA || !CA)
    return fail("manifest must describe arguments with roles A, B and C");
  struct Shape {
    const ManifestArg *Arg;
    int64_t Rows, Cols, LD;
    const char *Name;
  } Shapes[] = {
      {AA, Man.TransposeA ? K : M, Man.TransposeA ? M : K, LdaOpt, "A"},
      {BA, Man.TransposeB ? N : K, Man.TransposeB ? K : N, LdbOpt, "B"},
      {CA, M, N, LdcOpt, "C"}};
  // Elements of each matrix's buffer, checked before anything is allocated:
  // a manifest's or an option's sizes can be anything up to 2^63 - 1.
  int64_t Elements[3];
  uint64_t TotalBytes = 0;
  for (unsigned I = 0; I < 3; ++I) {
    const Shape &S = Shapes[I];
    if (S.Arg->Kind != "global_buffer" || S.Arg->Size != 8)
      return fail(
          formatv("argument {0} must be an 8-byte global_buffer", S.Name));
    if (S.Arg->Rows != S.Rows || S.Arg->Cols != S.Cols || S.Arg->LD < S.Cols)
      return fail(formatv("argument {0} is {1}x{2} (ld {3}) in the manifest, "
                          "expected {4}x{5} with ld >= {5}",
                          S.Name, S.Arg->Rows, S.Arg->Cols, S.Arg->LD, S.Rows,
                          S.Cols));
    if (S.LD && S.LD != S.Arg->LD)
      return fail(formatv("the code object is compiled for ld{0}={1}; "
                          "requested {2} (leading dimensions are static)",
                          StringRef(S.Name).lower(), S.Arg->LD, S.LD));
    std::optional<int64_t> Matrix = checkedMul(S.Rows, S.Arg->LD);
    if (!Matrix)
      return fail(formatv("argument {0}: rows x ld = {1} x {2} overflows 64 "
                          "bits",
                          S.Name, S.Rows, S.Arg->LD));
    if (Batch > 1 && S.Arg->BatchStride < *Matrix)
      return fail(formatv("argument {0} has batch_stride {1}; a batch of {2} "
                          "needs at least rows x ld = {3}",
                          S.Name, S.Arg->BatchStride, Batch, *Matrix));
    std::optional<int64_t> Elems = checkedMulAdd<int64_t>(
        Batch - 1, Batch > 1 ? S.Arg->BatchStride : 0, *Matrix);
    std::optional<int64_t> Bytes =
        Elems ? checkedMul<int64_t>(*Elems, 4) : std::nullopt;
    if (!Bytes)
      return fail(formatv("argument {0}: (batch - 1) x batch_stride + rows x "
                          "ld = ({1} - 1) x {2} + {3} elements of 4 bytes "
                          "overflows 64 bits",
                          S.Name, Batch, S.Arg->BatchStride, *Matrix));
    Elems = checkedAdd<int64_t>(*Elems, S.Arg->Slack);
    Bytes = Elems ? checkedMul<int64_t>(*Elems, 4) : std::nullopt;
    if (!Bytes)
      return fail(formatv("argument {0}: slack {1} overflows 64 bits", S.Name,
                          S.Arg->Slack));
    Elements[I] = *Elems;
    // Each is below 2^63: the sum of three fits 64 unsigned bits.
    TotalBytes += *Bytes;
  }
  if (TotalBytes > *MemoryLimit)
    return fail(formatv("the matrices A, B and C take {0} + {1} + {2} = {3}, "
                        "more than the memory limit of {4}; raise it with "
                        "--memory-limit",
                        Elements[0] * 4, Elements[1] * 4, Elements[2] * 4,
                        formatBytes(TotalBytes), formatBytes(*MemoryLimit)));

  // alpha and beta: compiled in (the manifest's) or kernel arguments.
  double Alpha = 0, Beta = 0;
  struct Factor {
    const char *Name;
    std::optional<double> Compiled;
    const ManifestArg *Arg;
    cl::opt<double> &Opt;
    double &Value;
  } Factors[] = {{"alpha", Man.Alpha, Man.arg("alpha"), AlphaOpt, Alpha},
                 {"beta", Man.Beta, Man.arg("beta"), BetaOpt, Beta}};
  for (Factor &F : Factors) {
    if (F.Arg && F.Compiled)
      return fail(formatv("manifest gives {0} both as a value and as an "
                          "argument",
                          F.Name));
    if (!F.Arg && !F.Compiled)
      return fail(formatv("manifest gives neither a value nor an argument "
                          "for {0}",
                          F.Name));
    if (F.Arg && (F.Arg->Kind != "by_value" || F.Arg->Size != 4))
      return fail(
          formatv("argument {0} must be a 4-byte by_value f32", F.Name));
    if (F.Compiled && F.Opt.getNumOccurrences() && F.Opt != *F.Compiled)
      return fail(formatv("the code object is compiled for {0}={1}; requested "
                          "{2}",
                          F.Name, *F.Compiled, F.Opt.getValue()));
    F.Value = F.Compiled ? *F.Compiled : (double)(float)F.Opt;
  }

  std::string COPath =
      CodeObjectOverride.empty() ? Man.CodeObjectPath : CodeObjectOverride;
  auto COOrErr = CodeObject::loadFile(COPath);
  if (!COOrErr)
    return fail(toString(COOrErr.takeError()));
  CodeObject &CO = **COOrErr;
  auto KIOrErr = CO.kernel(Man.Kernel);
  if (!KIOrErr)
    return fail(toString(KIOrErr.takeError()));
  const KernelInfo &KI = *KIOrErr;
  // The manifest's argument layout must agree with the code object's.
  if (Man.KernargSize && *Man.KernargSize != KI.KernargSegmentSize)
    return fail(formatv("manifest '{0}': \"kernarg_size\" is {1}, but kernel "
                        "'{2}' of the code object has a kernarg segment of "
                        "{3} bytes",
                        Man.Path, *Man.KernargSize, KI.Name,
                        KI.KernargSegmentSize));
  for (const ManifestArg &A : Man.Args) {
    bool Found = false;
    for (const KernelArg &KA : KI.Args)
      Found |=
          KA.Offset == A.Offset && KA.Size == A.Size && KA.ValueKind == A.Kind;
    if (!Found)
      return fail(formatv("manifest argument {0} ({1}, offset {2}, size {3}) "
                          "does not match the code object's metadata",
                          A.Index, A.Role, A.Offset, A.Size));
    if ((uint64_t)A.Offset + A.Size > KI.KernargSegmentSize)
      return fail(formatv("manifest argument {0} ({1}, offset {2}, size {3}) "
                          "is outside the code object's kernarg segment of "
                          "{4} bytes",
                          A.Index, A.Role, A.Offset, A.Size,
                          KI.KernargSegmentSize));
  }

  if (BackendOpt == "sim" &&
      (ComputeUnits == 0 || ComputeUnits > 1024 || !(ClockGHz > 0) ||
       ClockGHz > 10 || !(MemoryGBps > 0)))
    return fail("--compute-units must be 1..1024, --clock-ghz in (0, 10] and "
                "--memory-gbps positive");
  SimOptions SimOpts;
  SimOpts.Params.ComputeUnits = ComputeUnits;
  SimOpts.Params.ClockGHz = ClockGHz;
  SimOpts.Params.DramGBps = MemoryGBps;
  SimOpts.MaxWaveInstructions = SimBudget;
  SimOpts.Full = SimFull;
  if (!SimTimeline.empty()) {
    if (BackendOpt != "sim")
      return fail("--sim-timeline needs --backend=sim");
    if (SimTimelineCycles == 0 || SimTimelineCycles > 1000000)
      return fail("--sim-timeline-cycles must be 1..1000000");
    SimOpts.TimelineCycles = SimTimelineCycles;
  }
  for (const std::string &A : SimParamList)
    if (Error E = setSimParam(SimOpts.Params, A))
      return fail(toString(std::move(E)));
  auto BOrErr = BackendOpt == "sim" ? createSimBackend(SimOpts, *MemoryLimit)
                                    : createBackend(BackendOpt, *MemoryLimit);
  if (!BOrErr) {
    std::string Msg;
    int Code = classifyBackendError(BOrErr.takeError(), Msg);
    return fail(Msg, Code);
  }
  Backend &B = **BOrErr;
  outs() << formatv("gemm-run: {0} on {1}\n", sys::path::filename(COPath),
                    B.deviceDescription());
  // The manifest's choice among several kernels, by the run-time sizes.
  if (Man.Kernels.size() > 1)
    outs() << formatv("kernel: {0} (of {1}; when {2})\n", Man.Kernel,
                      Man.Kernels.size(),
                      Man.When.empty() ? "always" : Man.When);
  std::string Epilogue =
      Alpha == 1 && Beta == 1
          ? std::string("C += ")
          : formatv("C = {0}{1}",
                    Beta == 0 ? "" : formatv("{0} C + ", Beta).str(),
                    Alpha == 1 ? "" : formatv("{0} ", Alpha).str())
                .str();
  outs() << formatv(
      "problem: M={0} N={1} K={2}{3}{4}{5}, {9}{6} x {7}, "
      "seed {8}\n",
      M, N, K, Batch > 1 ? formatv(" batch={0}", Batch).str() : "",
      AA->LD != AA->Cols ? formatv(" lda={0}", AA->LD).str() : "",
      (BA->LD != BA->Cols ? formatv(" ldb={0}", BA->LD).str() : "") +
          (CA->LD != CA->Cols ? formatv(" ldc={0}", CA->LD).str() : ""),
      Man.TransposeA ? "A^T" : "A", Man.TransposeB ? "B^T" : "B",
      Seed.getValue(), Epilogue);

  // Inputs: uniform in [-1, 1) from a fixed generator, A then B then C. The
  // gaps between rows (ld > cols) and batches hold NaN in A and B, so that a
  // kernel that reads them fails, and a sentinel in C that must survive.
  const float CGap = 1234.5f;
  std::mt19937 Gen(Seed);
  auto Fill = [&](std::vector<float> &V, const ManifestArg &A, float Gap,
                  int64_t Elements) {
    int64_t Stride = Batch > 1 ? A.BatchStride : A.Rows * A.LD;
    V.assign(Elements, Gap);
    for (int64_t I = 0; I < Batch; ++I)
      for (int64_t R = 0; R < A.Rows; ++R)
        for (int64_t C = 0; C < A.Cols; ++C)
          V[I * Stride + R * A.LD + C] = (float)((Gen() >> 8) * 0x1p-23 - 1.0);
  };
  std::vector<float> HA, HB, HC0;
  Fill(HA, *AA, NAN, Elements[0]);
  Fill(HB, *BA, NAN, Elements[1]);
  Fill(HC0, *CA, CGap, Elements[2]);
  // With beta = 0 compiled in, C must not be read: NaN would poison it.
  if (Man.Beta == 0.0)
    for (float &V : HC0)
      if (V != CGap)
        V = NAN;

  std::vector<uint8_t> Kernarg(KI.explicitArgsSize(), 0);
  uint64_t Dev[3];
  const std::vector<float> *Host[3] = {&HA, &HB, &HC0};
  for (unsigned I = 0; I < 3; ++I) {
    size_t Bytes = Host[I]->size() * sizeof(float);
    auto Addr = B.allocate(Bytes);
    if (!Addr)
      return fail(toString(Addr.takeError()));
    Dev[I] = *Addr;
    if (Error E = B.copyToDevice(Dev[I], Host[I]->data(), Bytes))
      return fail(toString(std::move(E)));
    const ManifestArg &A = *Shapes[I].Arg;
    if (A.Offset + 8 > Kernarg.size())
      Kernarg.resize(A.Offset + 8);
    memcpy(Kernarg.data() + A.Offset, &Dev[I], 8);
  }
  for (const Factor &F : Factors) {
    if (!F.Arg)
      continue;
    float Value = F.Value;
    if (F.Arg->Offset + 4 > Kernarg.size())
      Kernarg.resize(F.Arg->Offset + 4);
    memcpy(Kernarg.data() + F.Arg->Offset, &Value, 4);
  }

  for (const ManifestArg &A : Man.Args) {
    if (!A.isSize())
      continue;
    if (A.Kind != "by_value" || (A.Size != 8 && A.Size != 4))
      return fail(formatv("argument {0} must be a 4- or 8-byte by_value "
                          "integer",
                          A.Role));
    int64_t Value = SizeValues.lookup(A.Role);
    if (A.Size == 4 && Value > INT32_MAX)
      return fail(formatv("{0} = {1} does not fit argument {2}, a 4-byte "
                          "integer",
                          A.Role, Value, A.Index));
    if (A.Offset + A.Size > Kernarg.size())
      Kernarg.resize(A.Offset + A.Size);
    // Little-endian: the low 4 bytes are the 32-bit value.
    memcpy(Kernarg.data() + A.Offset, &Value, A.Size);
  }

  if (Error E = B.loadCodeObject(CO))
    return fail(toString(std::move(E)));
  LaunchParams P;
  P.Kernel = Man.Kernel;
  P.Grid = Man.Grid;
  P.Block = Man.WorkgroupSize;
  P.ExplicitArgs = Kernarg;
  // Our kernels execute about one wave instruction per 45 multiply-adds, the
  // walkthrough's naive kernel one per 3: one per multiply-add leaves room
  // for any honest kernel and still ends a runaway in bounded time.
  P.MaxWaveInstructions =
      MaxInstructions.getNumOccurrences()
          ? MaxInstructions
          : SaturatingAdd<uint64_t>(
                SaturatingMultiply<uint64_t>(
                    SaturatingMultiply<uint64_t>((uint64_t)Batch, (uint64_t)M),
                    SaturatingMultiply<uint64_t>((uint64_t)N, (uint64_t)K)),
                uint64_t(1) << 24);
  auto Launch = [&] {
    ProgressLine Line("emulator", "workgroups");
    P.Progress = [&](uint64_t Done, uint64_t Total) {
      Line.update(Done, Total);
    };
    Expected<LaunchStats> Stats = B.launch(P);
    P.Progress = nullptr;
    return Stats;
  };
  auto S = Launch();
  if (!S)
    return fail(toString(S.takeError()));
  if (S->Sim) {
    double Flop = 2.0 * Batch * M * N * K;
    if (!SimTimeline.empty()) {
      std::error_code EC;
      raw_fd_ostream OS(SimTimeline, EC);
      if (EC)
        return fail("cannot write '" + SimTimeline + "': " + EC.message());
      OS << formatv("{0:2}\n", timelineToJSON(*S->Sim));
    }
    if (SimJson)
      outs() << formatv("{0:2}\n", toJSON(*S->Sim, Flop));
    else
      printSimResult(outs(), *S->Sim, Flop);
    return 0;
  }
  std::vector<float> HC(HC0.size());
  if (Error E = B.copyFromDevice(HC.data(), Dev[2], HC.size() * sizeof(float)))
    return fail(toString(std::move(E)));

  if (!DumpC.empty()) {
    std::error_code EC;
    raw_fd_ostream Out(DumpC, EC);
    if (EC)
      return fail("cannot write '" + DumpC + "': " + EC.message());
    Out.write(reinterpret_cast<const char *>(HC.data()),
              HC.size() * sizeof(float));
  }

  // Reference in double precision, with the per-element error bound.
  auto At = [&](const std::vector<float> &V, const ManifestArg &A, int64_t I,
                int64_t R, int64_t C) {
    return V[I * (Batch > 1 ? A.BatchStride : 0) + R * A.LD + C];
  };
  const double Unit = 0x1p-24;
  double MaxAbs = 0, MaxRel = 0, MaxRatio = 0;
  int64_t Bad = 0, FirstI = -1, FirstR = -1, FirstC = -1;
  double FirstGot = 0, FirstRef = 0, FirstTol = 0;
  auto RefStart = std::chrono::steady_clock::now();
  std::optional<ProgressLine> RefProgress(std::in_place, "reference check",
                                          "rows");
  std::vector<double> Ref(N), Mag(N), BRow(N);
  for (int64_t I = 0; I < Batch; ++I) {
    for (int64_t R = 0; R < M; ++R) {
      std::fill(Ref.begin(), Ref.end(), 0.0);
      std::fill(Mag.begin(), Mag.end(), 0.0);
      for (int64_t Kk = 0; Kk < K; ++Kk) {
        double A =
            Man.TransposeA ? At(HA, *AA, I, Kk, R) : At(HA, *AA, I, R, Kk);
        for (int64_t C = 0; C < N; ++C)
          BRow[C] =
              Man.TransposeB ? At(HB, *BA, I, C, Kk) : At(HB, *BA, I, Kk, C);
        for (int64_t C = 0; C < N; ++C) {
          Ref[C] += A * BRow[C];
          Mag[C] += std::fabs(A * BRow[C]);
        }
      }
      for (int64_t C = 0; C < N; ++C) {
        // alpha * sum + beta * C0: three roundings more than the sum.
        double C0 = Beta == 0 ? 0.0 : At(HC0, *CA, I, R, C);
        Ref[C] = Alpha * Ref[C] + Beta * C0;
        Mag[C] = std::fabs(Alpha) * Mag[C] + std::fabs(Beta * C0);
        double Got = At(HC, *CA, I, R, C);
        double Err = std::fabs(Got - Ref[C]);
        double Tol = 2.0 * (K + 3) * Unit * Mag[C];
        bool Ok = std::isfinite(Got) && Err <= Tol;
        if (std::isfinite(Err)) {
          MaxAbs = std::max(MaxAbs, Err);
          MaxRel = std::max(MaxRel, Err / std::max(std::fabs(Ref[C]), 1e-30));
          MaxRatio = std::max(MaxRatio, Tol > 0 ? Err / Tol : 0);
        }
        if (!Ok && Bad++ == 0) {
          FirstI = I;
          FirstR = R;
          FirstC = C;
          FirstGot = Got;
          FirstRef = Ref[C];
          FirstTol = Tol;
        }
      }
      RefProgress->update(I * M + R + 1, Batch * M);
    }
  }
  // C's gaps must be untouched: a store past a row or a batch lands there.
  int64_t GapWrites = 0;
  for (size_t E = 0; E < HC.size(); ++E)
    GapWrites += memcmp(&HC0[E], &CGap, sizeof(float)) == 0 &&
                 memcmp(&HC[E], &CGap, sizeof(float)) != 0;
  RefProgress.reset();
  outs() << formatv("max abs error: {0:E3}\nmax rel error: {1:E3}\n"
                    "max error / tolerance: {2:F4}\n",
                    MaxAbs, MaxRel, MaxRatio);
  outs() << formatv(
      "reference check: {0:F3} s\n",
      std::chrono::duration<double>(std::chrono::steady_clock::now() - RefStart)
          .count());
  if (Bad) {
    outs() << formatv("first mismatch at ({0}row {1}, col {2}): got {3:E8}, "
                      "expected {4:E8} (tolerance {5:E3})\n",
                      Batch > 1 ? formatv("batch {0}, ", FirstI).str() : "",
                      FirstR, FirstC, FirstGot, FirstRef, FirstTol);
    outs() << formatv("FAIL: {0} of {1} elements mismatch\n", Bad,
                      Batch * M * N);
    return 1;
  }
  if (GapWrites) {
    outs() << formatv("FAIL: {0} element(s) of C outside the matrix (between "
                      "rows or batches) were overwritten\n",
                      GapWrites);
    return 1;
  }
  outs() << "PASS\n";

  double Flop = 2.0 * Batch * M * N * K;
  if (B.name() == "emu") {
    outs() << formatv("emulator: {0:F1} ms wall time, {1} waves, {2} wave "
                      "instructions, {3:E3} wave instructions/s (not GPU "
                      "time)\n",
                      S->Milliseconds, S->Waves, S->WaveInstructions,
                      S->WaveInstructions / (S->Milliseconds * 1e-3));
  }
  unsigned Reps = Repeat.getNumOccurrences() ? Repeat.getValue()
                  : B.name() == "hip"        ? 20u
                                             : 0u;
  if (Reps) {
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
                      Reps, B.name() == "hip" ? "HIP events" : "wall clock",
                      Avg, Best);
    if (B.name() == "hip")
      outs() << formatv("TFLOP/s: avg {0:F2}, best {1:F2}\n",
                        Flop / (Avg * 1e-3) * 1e-12,
                        Flop / (Best * 1e-3) * 1e-12);
  }
  return 0;
}
