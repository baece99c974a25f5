//===- Emulator.h - Wave32 functional emulator of RDNA3 (gfx1100) -*- C++
//-*-===//
//
// Instructions are decoded once with LLVM's AMDGPU MC disassembler, resolved
// to an internal operation enum by opcode name, and cached per code object.
// Each wave instruction executes for all 32 lanes at once under EXEC.
// Memory operations complete immediately, so s_waitcnt is a no-op; waves of a
// workgroup run in turn between barriers. simulate() instead runs them under
// the timing model (Simulator.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_EMULATOR_H
#define GEMM_RUNTIME_EMULATOR_H

#include "gemm-runtime/CodeObject.h"

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace gemm {
namespace rt {

struct DecodedProgram;
struct LaunchSetup;
struct SimOptions;
struct SimResult;

/// Device memory of the emulator: disjoint host-backed regions at fake
/// device addresses, with guard gaps so that overruns are caught.
class EmuMemory {
public:
  /// Fails, naming the size and the limit, rather than allocate beyond
  /// setLimit's bytes in all.
  llvm::Expected<uint64_t> allocate(uint64_t Bytes);
  void setLimit(uint64_t Bytes) { Limit = Bytes; }
  /// Host pointer for [Addr, Addr+Bytes), or nullptr if not inside one region.
  uint8_t *translate(uint64_t Addr, uint64_t Bytes) {
    if (Last && Addr >= Last->Base && Addr - Last->Base + Bytes <= Last->Size &&
        Addr + Bytes >= Addr)
      return Last->Data.get() + (Addr - Last->Base);
    return translateSlow(Addr, Bytes);
  }
  void releaseAll();
  /// Bytes allocated in all regions.
  uint64_t totalBytes() const { return Used; }
  /// The allocated regions, [Base, Base + Size), in address order.
  std::vector<std::pair<uint64_t, uint64_t>> regions() const {
    std::vector<std::pair<uint64_t, uint64_t>> Spans;
    for (const auto &R : Regions)
      Spans.emplace_back(R->Base, R->Size);
    return Spans;
  }

private:
  struct Region {
    uint64_t Base;
    uint64_t Size;
    std::unique_ptr<uint8_t[]> Data;
  };
  std::vector<std::unique_ptr<Region>> Regions; // sorted by Base
  Region *Last = nullptr;
  uint64_t Next = 0x100000000ull;
  uint64_t Used = 0;
  uint64_t Limit = UINT64_MAX;
  uint8_t *translateSlow(uint64_t Addr, uint64_t Bytes);
};

struct EmuLaunch {
  const KernelInfo *Kernel = nullptr;
  std::array<uint32_t, 3> Grid = {1, 1, 1};
  std::array<uint32_t, 3> Block = {1, 1, 1};
  uint64_t KernargAddress = 0; // full segment, hidden arguments filled in
  uint64_t DispatchPtr = 0;    // fake hsa_kernel_dispatch_packet_t
  uint32_t DynamicLdsBytes = 0;
  /// Called after each workgroup of run() (workgroups done, total).
  std::function<void(uint64_t, uint64_t)> Progress;
  /// run() and simulate() fail once the launch's waves have executed more
  /// instructions than this (0: no limit).
  uint64_t MaxWaveInstructions = 0;
};

struct EmuStats {
  uint64_t WaveInstructions = 0;
  uint64_t Waves = 0;
};

class Emulator {
public:
  static llvm::Expected<std::unique_ptr<Emulator>> create();
  ~Emulator();

  EmuMemory &memory() { return Memory; }
  /// Decodes (once) the code of every kernel of \p CO.
  llvm::Error load(const CodeObject &CO);
  llvm::Error run(const CodeObject &CO, const EmuLaunch &L, EmuStats &Stats);
  /// Predicts the launch's time with the cycle-level timing model
  /// (Simulator.h). Executes only the workgroups of one CU, so the output
  /// buffers are left partly computed.
  llvm::Error simulate(const CodeObject &CO, const EmuLaunch &L,
                       const SimOptions &Options, SimResult &Result);
  /// Checks the launch against the kernel and prepares its waves.
  llvm::Expected<LaunchSetup> prepare(const CodeObject &CO, const EmuLaunch &L);

  struct Impl;

private:
  Emulator() = default;
  std::unique_ptr<Impl> I;
  EmuMemory Memory;
};

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_EMULATOR_H
