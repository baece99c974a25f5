//===- emu-run.cpp - Run any kernel of a code object on a backend ---------===//
//
// A test driver for the launcher and the emulator: buffers and scalars are
// described on the command line, placed at the offsets the code object's
// metadata gives for the explicit arguments, and buffers are dumped after the
// run. With --backend=sim it also drives the timing model on hand-written
// kernels (test/lit/runtime/sim-rule-*.s) and prints its prediction.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Version.h"
#include "gemm-runtime/Backend.h"
#include "gemm-runtime/CodeObject.h"
#include "gemm-runtime/SimCommandLine.h"
#include "gemm-runtime/Simulator.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <random>

using namespace llvm;
using namespace gemm::rt;

static cl::OptionCategory Cat("emu-run options");

static cl::opt<std::string> CodeObjectPath(cl::Positional, cl::Required,
                                           cl::desc("<code object>"),
                                           cl::cat(Cat));
static cl::opt<std::string> KernelName("kernel", cl::Required,
                                       cl::desc("Kernel to launch"),
                                       cl::cat(Cat));
static cl::opt<std::string>
    GridOpt("grid", cl::init("1"),
            cl::desc("Workgroups per dimension: X[,Y[,Z]] (default 1)"),
            cl::cat(Cat));
static cl::opt<std::string>
    BlockOpt("block", cl::init("32"),
             cl::desc("Work-items per workgroup: X[,Y[,Z]] (default 32)"),
             cl::cat(Cat));
static cl::list<std::string> ArgSpecs(
    "arg",
    cl::desc("Kernel argument, in order. Buffer: TYPE[N]:INIT with TYPE "
             "f32|i32|u32 and INIT zero|iota|fill=V|rand=SEED|list=V,V,...|"
             "file=PATH. Scalar: TYPE:VALUE with TYPE f32|i32|u32|u64"),
    cl::cat(Cat));
static cl::list<unsigned>
    Dump("dump", cl::desc("Print buffer argument <index> after the run"),
         cl::cat(Cat));
static cl::list<std::string>
    Out("out", cl::desc("Write buffer argument INDEX to PATH: INDEX=PATH"),
        cl::cat(Cat));
static cl::opt<std::string> BackendOpt(
    "backend", cl::init("emu"),
    cl::desc("emu (default), hip, auto, or sim: the timing model "
             "(docs/timing-model.md) prints its prediction after the dumps"),
    cl::cat(Cat));
static cl::opt<std::string> MemoryLimitOpt(
    "memory-limit", cl::value_desc("bytes"), cl::init("4G"),
    cl::desc("Most memory the buffer arguments may take, in bytes or with a "
             "K, M, G or T suffix; the emulator's device memory is bounded by "
             "it too (default 4G)"),
    cl::cat(Cat));
static cl::opt<uint64_t> MaxInstructions(
    "max-instructions", cl::value_desc("count"), cl::init(uint64_t(1) << 32),
    cl::desc("Fail the run once the kernel's waves have executed this many "
             "instructions: a watchdog for code that does not end "
             "(0: no limit; default 4294967296)"),
    cl::cat(Cat));
static cl::opt<bool> Stats("emu-stats",
                           cl::desc("Print executed wave instructions and "
                                    "their rate"),
                           cl::cat(Cat));

static SimCommandLine SimCL("emu-run", /*OneComputeUnit=*/true);

namespace {
enum class EltType { F32, I32, U32, U64 };
struct Arg {
  bool IsBuffer = false;
  EltType Type = EltType::F32;
  size_t Count = 0;
  std::vector<uint32_t> Data; // buffer contents or scalar bits
  uint64_t Scalar = 0;
  uint64_t DevAddr = 0;
};
} // namespace

static int fail(const Twine &Msg, int Code = 2) {
  WithColor::error(errs(), "emu-run") << Msg << "\n";
  return Code;
}

static bool parseDims(StringRef S, std::array<uint32_t, 3> &D) {
  SmallVector<StringRef, 3> P;
  S.split(P, ',');
  if (P.empty() || P.size() > 3)
    return false;
  D = {1, 1, 1};
  for (unsigned I = 0; I < P.size(); ++I)
    if (P[I].trim().getAsInteger(0, D[I]) || D[I] == 0)
      return false;
  return true;
}

static bool parseType(StringRef T, EltType &Out) {
  if (T == "f32")
    Out = EltType::F32;
  else if (T == "i32")
    Out = EltType::I32;
  else if (T == "u32")
    Out = EltType::U32;
  else if (T == "u64")
    Out = EltType::U64;
  else
    return false;
  return true;
}

static bool parseValue(StringRef S, EltType T, uint64_t &Bits) {
  S = S.trim();
  if (T == EltType::F32) {
    double D;
    if (S.getAsDouble(D))
      return false;
    Bits = bit_cast<uint32_t>(static_cast<float>(D));
    return true;
  }
  int64_t I;
  if (S.getAsInteger(0, I))
    return false;
  Bits = T == EltType::U64 ? (uint64_t)I : (uint32_t)I;
  return true;
}

/// \p Used: the bytes of the buffers so far, which with this one may not
/// exceed \p Limit (--memory-limit); checked before allocating.
static Expected<Arg> parseArg(StringRef Spec, uint64_t Limit, uint64_t &Used) {
  auto Bad = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "bad --arg '" + Spec + "': " + Why);
  };
  auto [Head, Init] = Spec.split(':');
  Arg A;
  size_t LBr = Head.find('[');
  if (LBr == StringRef::npos) {
    if (!parseType(Head, A.Type))
      return Bad("unknown type '" + Head + "'");
    if (!parseValue(Init, A.Type, A.Scalar))
      return Bad("bad scalar value");
    return A;
  }
  A.IsBuffer = true;
  if (!parseType(Head.take_front(LBr), A.Type) || A.Type == EltType::U64)
    return Bad("buffer type must be f32, i32 or u32");
  StringRef N = Head.drop_front(LBr + 1);
  if (!N.consume_back("]") || N.getAsInteger(0, A.Count) || !A.Count)
    return Bad("buffer size must be a positive integer in [...]");
  if (A.Count > (Limit - Used) / 4)
    return Bad(formatv(
        "{0} elements of 4 bytes{1} exceed the memory limit of "
        "{2}; raise it with --memory-limit",
        A.Count,
        Used ? formatv(" and the {0} of the buffers before", formatBytes(Used))
                   .str()
             : "",
        formatBytes(Limit)));
  Used += A.Count * 4;
  A.Data.assign(A.Count, 0);
  if (Init.empty() || Init == "zero")
    return A;
  if (Init == "iota") {
    for (size_t I = 0; I < A.Count; ++I)
      A.Data[I] =
          A.Type == EltType::F32 ? bit_cast<uint32_t>((float)I) : (uint32_t)I;
    return A;
  }
  auto [Kind, Val] = Init.split('=');
  if (Kind == "fill") {
    uint64_t B;
    if (!parseValue(Val, A.Type, B))
      return Bad("bad fill value");
    std::fill(A.Data.begin(), A.Data.end(), (uint32_t)B);
    return A;
  }
  if (Kind == "rand") {
    unsigned Seed;
    if (Val.getAsInteger(0, Seed))
      return Bad("bad seed");
    std::mt19937 G(Seed);
    for (uint32_t &X : A.Data)
      X = A.Type == EltType::F32
              ? bit_cast<uint32_t>((float)((G() >> 8) * 0x1p-23 - 1.0))
              : (uint32_t)G();
    return A;
  }
  if (Kind == "list") {
    SmallVector<StringRef, 16> Vals;
    Val.split(Vals, ',');
    if (Vals.size() > A.Count)
      return Bad("more values than elements");
    for (unsigned I = 0; I < Vals.size(); ++I) {
      uint64_t B;
      if (!parseValue(Vals[I], A.Type, B))
        return Bad("bad value '" + Vals[I] + "'");
      A.Data[I] = B;
    }
    return A;
  }
  if (Kind == "file") {
    // At most the buffer's size plus one byte: PATH may be a device that
    // never ends (/dev/zero).
    auto Buf = readInputFile(Val, A.Count * 4);
    gemm::noteInputFile(Val, "input buffer");
    if (!Buf)
      return Bad("cannot read '" + Val + "': " + toString(Buf.takeError()));
    if ((*Buf)->getBufferSize() != A.Count * 4)
      return Bad(formatv("file has {0} bytes, buffer needs {1}",
                         (*Buf)->getBufferSize(), A.Count * 4));
    memcpy(A.Data.data(), (*Buf)->getBufferStart(), A.Count * 4);
    return A;
  }
  return Bad("unknown initializer '" + Kind + "'");
}

static void printElt(raw_ostream &OS, EltType T, uint32_t V) {
  if (T == EltType::F32)
    OS << format("%g", bit_cast<float>(V));
  else if (T == EltType::I32)
    OS << (int32_t)V;
  else
    OS << V;
}

int main(int Argc, char **Argv) {
  cl::HideUnrelatedOptions({&Cat, &SimCL.Category});
  gemm::setVersionPrinter("emu-run");
  // With an error stream the parser returns instead of exiting 1.
  bool Parsed = cl::ParseCommandLineOptions(
      Argc, Argv,
      "emu-run: launch one kernel of an AMDGPU code object (default: on the "
      "built-in gfx1100 emulator) and dump its buffers.\n\n"
      "Example:\n"
      "  emu-run vadd.hsaco --kernel=vadd --grid=4 --block=64 \\\n"
      "    --arg='f32[256]:iota' --arg='f32[256]:fill=1' --arg='f32[256]' \\\n"
      "    --arg=u32:256 --dump=2\n\n"
      "With --backend=sim the kernel runs under the cycle-level timing model "
      "(the buffers are computed as on the emulator unless the model "
      "extrapolates) and its prediction follows the dumps.\n\n"
      "Exit codes: 0 success, 2 error, 3 no device for --backend=hip.\n",
      &errs());
  if (!Parsed)
    return 2;
  Expected<uint64_t> MemoryLimit = parseByteSize(MemoryLimitOpt);
  if (!MemoryLimit)
    return fail("--memory-limit: " + toString(MemoryLimit.takeError()));

  std::array<uint32_t, 3> Grid, Block;
  if (!parseDims(GridOpt, Grid))
    return fail("bad --grid '" + GridOpt + "'");
  if (!parseDims(BlockOpt, Block))
    return fail("bad --block '" + BlockOpt + "'");

  auto COOrErr = CodeObject::loadFile(CodeObjectPath);
  if (!COOrErr)
    return fail(toString(COOrErr.takeError()));
  CodeObject &CO = **COOrErr;
  auto KOrErr = CO.kernel(KernelName);
  if (!KOrErr)
    return fail(toString(KOrErr.takeError()));
  const KernelInfo &K = *KOrErr;

  std::vector<const KernelArg *> Explicit;
  for (const KernelArg &A : K.Args)
    if (!StringRef(A.ValueKind).starts_with("hidden_"))
      Explicit.push_back(&A);
  if (Explicit.size() != ArgSpecs.size())
    return fail(formatv("kernel '{0}' has {1} explicit arguments, {2} given",
                        K.Name, Explicit.size(), ArgSpecs.size()));

  auto SimOpts =
      SimCL.getSimOptions(BackendOpt == "sim", /*RecordedTarget=*/"", CO.isa());
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

  std::vector<Arg> Args;
  std::vector<uint8_t> Kernarg(K.explicitArgsSize(), 0);
  uint64_t BufferBytes = 0;
  for (unsigned I = 0; I < ArgSpecs.size(); ++I) {
    auto AOrErr = parseArg(ArgSpecs[I], *MemoryLimit, BufferBytes);
    if (!AOrErr)
      return fail(toString(AOrErr.takeError()));
    Arg A = std::move(*AOrErr);
    const KernelArg &M = *Explicit[I];
    unsigned Size = A.IsBuffer ? 8 : (A.Type == EltType::U64 ? 8 : 4);
    if (M.Size != Size)
      return fail(formatv("argument {0}: the kernel expects {1} bytes, the "
                          "spec gives {2}",
                          I, M.Size, Size));
    uint64_t Bits = A.Scalar;
    if (A.IsBuffer) {
      auto Addr = B.allocate(A.Count * 4);
      if (!Addr)
        return fail(toString(Addr.takeError()));
      A.DevAddr = *Addr;
      if (Error E = B.copyToDevice(A.DevAddr, A.Data.data(), A.Count * 4))
        return fail(toString(std::move(E)));
      Bits = A.DevAddr;
    }
    memcpy(Kernarg.data() + M.Offset, &Bits, Size);
    Args.push_back(std::move(A));
  }

  if (Error E = B.loadCodeObject(CO))
    return fail(toString(std::move(E)));
  LaunchParams P;
  P.Kernel = K.Name;
  P.Grid = Grid;
  P.MaxWaveInstructions = MaxInstructions;
  P.Block = Block;
  P.ExplicitArgs = Kernarg;
  auto S = B.launch(P);
  if (!S)
    return fail(toString(S.takeError()));

  for (unsigned I = 0; I < Args.size(); ++I)
    if (Args[I].IsBuffer)
      if (Error E = B.copyFromDevice(Args[I].Data.data(), Args[I].DevAddr,
                                     Args[I].Count * 4))
        return fail(toString(std::move(E)));
  for (unsigned Idx : Dump) {
    if (Idx >= Args.size() || !Args[Idx].IsBuffer)
      return fail(formatv("--dump={0}: not a buffer argument", Idx));
    outs() << "arg" << Idx << ":";
    for (uint32_t V : Args[Idx].Data) {
      outs() << ' ';
      printElt(outs(), Args[Idx].Type, V);
    }
    outs() << "\n";
  }
  for (StringRef O : Out) {
    auto [IdxS, Path] = O.split('=');
    unsigned Idx;
    if (IdxS.getAsInteger(0, Idx) || Idx >= Args.size() ||
        !Args[Idx].IsBuffer || Path.empty())
      return fail("bad --out '" + O + "'");
    auto F = gemm::OutputFile::open(Path, "--out file");
    if (!F)
      return fail(toString(F.takeError()));
    (*F)->os().write(reinterpret_cast<const char *>(Args[Idx].Data.data()),
                     Args[Idx].Count * 4);
    if (Error E = (*F)->commit())
      return fail(toString(std::move(E)));
  }
  // The prediction (no floating-point operation count: TFLOP/s reads 0).
  if (S->Sim)
    if (Error E = SimCL.report(outs(), *S->Sim, /*Flops=*/0))
      return fail(toString(std::move(E)));
  if (Stats) {
    outs() << formatv("backend: {0}\ntime: {1:F3} ms\n", B.name(),
                      S->Milliseconds);
    if (B.name() == "emu")
      outs() << formatv("waves: {0}\nwave instructions: {1}\nwave "
                        "instructions/s: {2:E3}\n",
                        S->Waves, S->WaveInstructions,
                        S->WaveInstructions / (S->Milliseconds * 1e-3));
  }
  return 0;
}
