//===- EmulatorBackend.cpp - Backend on the built-in RDNA3 emulator -------===//

#include "gemm-runtime/Backend.h"
#include "gemm-runtime/Emulator.h"
#include "gemm-runtime/Simulator.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <cstring>
#include <optional>

using namespace llvm;
using namespace gemm::rt;

namespace {

class EmulatorBackend : public Backend {
public:
  EmulatorBackend(std::unique_ptr<Emulator> Emu,
                  std::optional<SimOptions> Timing)
      : Emu(std::move(Emu)), Timing(std::move(Timing)) {}
  StringRef name() const override { return Timing ? "sim" : "emu"; }
  std::string deviceDescription() const override {
    if (Timing)
      return formatv("{0} timing model ({1} CUs at {2} GHz, {3} GB/s; "
                     "a calibrated prediction, not a measurement)",
                     Timing->Params.Target, Timing->Params.ComputeUnits,
                     Timing->Params.ClockGHz, Timing->Params.DramGBps)
          .str();
    return "gfx1100 functional emulator (wave32, built in)";
  }
  Expected<uint64_t> allocate(size_t Bytes) override {
    return Emu->memory().allocate(Bytes);
  }
  Error copyToDevice(uint64_t Dst, const void *Src, size_t Bytes) override {
    uint8_t *P = Emu->memory().translate(Dst, Bytes);
    if (!P)
      return createStringError(inconvertibleErrorCode(),
                               "copy to unallocated emulator memory");
    std::memcpy(P, Src, Bytes);
    return Error::success();
  }
  Error copyFromDevice(void *Dst, uint64_t Src, size_t Bytes) override {
    uint8_t *P = Emu->memory().translate(Src, Bytes);
    if (!P)
      return createStringError(inconvertibleErrorCode(),
                               "copy from unallocated emulator memory");
    std::memcpy(Dst, P, Bytes);
    return Error::success();
  }
  Error loadCodeObject(const CodeObject &CO) override {
    if (Error E = Emu->load(CO))
      return E;
    Loaded = &CO;
    return Error::success();
  }
  Expected<LaunchStats> launch(const LaunchParams &P) override;

private:
  std::unique_ptr<Emulator> Emu;
  std::optional<SimOptions> Timing;
  const CodeObject *Loaded = nullptr;
};

} // namespace

// Fills the hidden arguments the code object's metadata asks for (code object
// v5 layout; the values the HIP runtime would write for a uniform grid).
static unsigned Dims(const LaunchParams &P) {
  return (P.Grid[2] > 1 || P.Block[2] > 1)   ? 3
         : (P.Grid[1] > 1 || P.Block[1] > 1) ? 2
                                             : 1;
}

static void fillHiddenArgs(const KernelInfo &K, const LaunchParams &P,
                           uint8_t *Seg, uint64_t SegSize) {
  using namespace support::endian;
  for (const KernelArg &A : K.Args) {
    StringRef VK = A.ValueKind;
    if (!VK.starts_with("hidden_") || (uint64_t)A.Offset + A.Size > SegSize)
      continue;
    uint64_t V = 0;
    auto Dim = [&](StringRef Prefix) -> int {
      if (!VK.starts_with(Prefix))
        return -1;
      return VK.back() - 'x';
    };
    int D;
    if ((D = Dim("hidden_block_count_")) >= 0)
      V = P.Grid[D];
    else if ((D = Dim("hidden_group_size_")) >= 0)
      V = P.Block[D];
    else if (VK == "hidden_grid_dims")
      V = Dims(P);
    // hidden_remainder_* (uniform grid), hidden_global_offset_*, and the
    // pointers (queue, printf, hostcall, heap, ...) are zero: a kernel that
    // dereferences those faults with an out-of-bounds error.
    switch (A.Size) {
    case 1:
      Seg[A.Offset] = V;
      break;
    case 2:
      write16le(Seg + A.Offset, V);
      break;
    case 4:
      write32le(Seg + A.Offset, V);
      break;
    case 8:
      write64le(Seg + A.Offset, V);
      break;
    default:
      break;
    }
  }
}

Expected<LaunchStats> EmulatorBackend::launch(const LaunchParams &P) {
  if (!Loaded)
    return createStringError(inconvertibleErrorCode(), "no code object loaded");
  auto KOrErr = Loaded->kernel(P.Kernel);
  if (!KOrErr)
    return KOrErr.takeError();
  const KernelInfo &K = *KOrErr;
  uint64_t SegSize = std::max<uint64_t>(
      {K.KernargSegmentSize, K.KD.KernargSize, P.ExplicitArgs.size()});
  // Scalar loads may read past the declared end (s_load_b256 of a small
  // segment): over-allocate. The segment is allocated in the emulator's
  // memory (zero-filled, within its limit) and filled in place: its size
  // comes from the code object.
  uint64_t AllocSize = SegSize + 256;
  EmuMemory &Mem = Emu->memory();
  Expected<uint64_t> Kernarg = Mem.allocate(AllocSize);
  if (!Kernarg)
    return Kernarg.takeError();
  uint8_t *Seg = Mem.translate(*Kernarg, AllocSize);
  if (!P.ExplicitArgs.empty())
    std::memcpy(Seg, P.ExplicitArgs.data(), P.ExplicitArgs.size());
  fillHiddenArgs(K, P, Seg, SegSize);

  // hsa_kernel_dispatch_packet_t, for kernels that read the dispatch pointer.
  Expected<uint64_t> Dispatch = Mem.allocate(64);
  if (!Dispatch)
    return Dispatch.takeError();
  uint8_t *DP = Mem.translate(*Dispatch, 64);
  using namespace support::endian;
  write16le(DP + 2, Dims(P));
  write16le(DP + 4, P.Block[0]);
  write16le(DP + 6, P.Block[1]);
  write16le(DP + 8, P.Block[2]);
  for (unsigned D = 0; D < 3; ++D)
    write32le(DP + 12 + 4 * D, P.Grid[D] * P.Block[D]);
  write32le(DP + 28, K.KD.GroupSegmentFixedSize);
  write64le(DP + 40, *Kernarg);

  EmuLaunch L;
  L.Kernel = &K;
  L.Grid = P.Grid;
  L.Block = P.Block;
  L.KernargAddress = *Kernarg;
  L.DispatchPtr = *Dispatch;
  L.Progress = P.Progress;
  L.MaxWaveInstructions = P.MaxWaveInstructions;
  if (Timing) {
    auto Sim = std::make_shared<SimResult>();
    if (Error E = Emu->simulate(*Loaded, L, *Timing, *Sim))
      return std::move(E);
    LaunchStats R;
    R.Milliseconds = Sim->Seconds * 1e3;
    R.WaveInstructions = Sim->WaveInstructions;
    R.Sim = std::move(Sim);
    return R;
  }
  EmuStats S;
  auto T0 = std::chrono::steady_clock::now();
  if (Error E = Emu->run(*Loaded, L, S))
    return std::move(E);
  auto T1 = std::chrono::steady_clock::now();
  LaunchStats R;
  R.Milliseconds = std::chrono::duration<double, std::milli>(T1 - T0).count();
  R.WaveInstructions = S.WaveInstructions;
  R.Waves = S.Waves;
  return R;
}

Expected<std::unique_ptr<Backend>>
gemm::rt::createEmulatorBackend(uint64_t MemoryLimit) {
  auto Emu = Emulator::create();
  if (!Emu)
    return Emu.takeError();
  (*Emu)->memory().setLimit(MemoryLimit);
  return std::make_unique<EmulatorBackend>(std::move(*Emu), std::nullopt);
}

Expected<std::unique_ptr<Backend>>
gemm::rt::createSimBackend(const SimOptions &Options, uint64_t MemoryLimit) {
  auto Emu = Emulator::create();
  if (!Emu)
    return Emu.takeError();
  (*Emu)->memory().setLimit(MemoryLimit);
  return std::make_unique<EmulatorBackend>(std::move(*Emu), Options);
}
