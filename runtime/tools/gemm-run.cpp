//===- gemm-run.cpp - Run, verify and time a gemm-opt code object ---------===//
//
// Reads the launch manifest gemm-opt writes beside the code object, fills A, B
// and the initial C with seeded random values, launches (HIP or the built-in
// emulator), and checks C = C0 + A x B against a double-precision reference.
//
//===----------------------------------------------------------------------===//

#include "GemmRunCheck.h"
#include "GemmRunProblem.h"

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
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <chrono>
#include <cstdint>

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

static int fail(const Twine &Msg, int Code = 2) {
  WithColor::error(errs(), "gemm-run") << Msg << "\n";
  return Code;
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

/// \p Opt's value where the command line gives it.
template <typename T>
static std::optional<T> getIfGiven(const cl::opt<T> &Opt) {
  return Opt.getNumOccurrences() ? std::optional<T>(Opt) : std::nullopt;
}

/// What the options ask of the problem.
static ProblemOptions getProblemOptions() {
  ProblemOptions Options;
  Options.M = MOpt;
  Options.N = NOpt;
  Options.K = KOpt;
  Options.Batch = BatchOpt;
  Options.TransposeA = getIfGiven(TransposeAOpt);
  Options.TransposeB = getIfGiven(TransposeBOpt);
  Options.Lda = LdaOpt;
  Options.Ldb = LdbOpt;
  Options.Ldc = LdcOpt;
  Options.Alpha = getIfGiven(AlphaOpt);
  Options.Beta = getIfGiven(BetaOpt);
  return Options;
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
    ProgressLine Line("emulator", "workgroups", ProgressInterval);
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
  CheckResult Check = checkAgainstReference(Man, P, Host, HC, ProgressInterval);
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
  Expected<Problem> POrErr =
      readProblem(Man, getProblemOptions(), *MemoryLimit);
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
  printProblem(Man, P, Seed);

  HostBuffers Host = makeInputs(Man, P, Seed);
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
