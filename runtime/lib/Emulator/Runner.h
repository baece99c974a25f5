//===- Runner.h - Executes the instructions of one wave ---------*- C++ -*-===//
//
// The functional core: one wave instruction at a time, for all 32 lanes under
// EXEC. The workgroup scheduler (Emulator.cpp) and the timing model call it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_EMULATOR_RUNNER_H
#define GEMM_RUNTIME_EMULATOR_RUNNER_H

#include "Decoder.h"
#include "Wave.h"

#include "llvm/Support/FormatVariadic.h"

namespace gemm {
namespace rt {
namespace emu {

/// The addresses one memory instruction touched, for the timing model: LDS
/// byte offsets or device addresses, one per active lane (two per lane for
/// the DS 2-address forms), in lane order.
struct AccessLog {
  unsigned Count = 0;
  unsigned Bytes = 0; ///< bytes per address
  uint64_t Addr[64];
  void clear(unsigned B) {
    Count = 0;
    Bytes = B;
  }
  void add(uint64_t A) { Addr[Count++] = A; }
};

/// The watchdog's error: the launch of \p Kernel executed more than \p Limit
/// wave instructions (EmuLaunch::MaxWaveInstructions).
inline llvm::Error instructionLimitError(llvm::StringRef Kernel,
                                         uint64_t Limit) {
  return makeError(llvm::formatv(
      "emulator: kernel '{0}' executed more than {1} wave instructions, the "
      "limit of this launch (--max-instructions): its code does not end, or "
      "its grid is far larger than its problem",
      Kernel, Limit));
}

/// All 32 lanes of a simple 32-bit operation.
void computeValu(Op O, const uint32_t *A, const uint32_t *B, const uint32_t *C,
                 uint32_t *R);
/// Per-lane compare mask (before EXEC masking). With DPP, the lanes whose
/// result is not written get a zero bit (ISA guide 7.7.1, row_mask).
uint32_t compareLanes(Wave &W, const Inst &I);
/// The source lane DPP16 control \p Ctrl gives lane \p Lane; \p InRange is
/// false where it falls outside the lane's row of 16 (row_shl, row_shr).
unsigned dpp16SourceLane(unsigned Ctrl, unsigned Lane, bool &InRange);
/// src0 of a DPP instruction, read across lanes, modifiers applied, into
/// \p Tmp; \p Enable gets the lanes whose result is written (row_mask,
/// bank_mask, and without bound_ctrl the lanes whose source is invalid).
const uint32_t *dppSrc0(Wave &W, const Inst &I, uint32_t *Tmp,
                        uint32_t &Enable);

// Executes one wave until it reaches a barrier, ends, or fails.
class Runner {
public:
  Runner(Emulator::Impl &Impl, const DecodedProgram &P, EmuMemory &Mem,
         std::vector<uint8_t> &LDS, const std::string &Kernel)
      : Impl(Impl), P(P), Mem(Mem), LDS(LDS), Kernel(Kernel) {}
  /// Runs \p W until it reaches a barrier or its end; counts instructions
  /// in \p Count and fails once it passes InstructionLimit.
  llvm::Error run(Wave &W, uint64_t &Count);
  /// Executes the one instruction at W.PC: advances the PC, or sets W.State
  /// at s_barrier and s_endpgm.
  llvm::Error step(Wave &W);
  const DecodedProgram &program() const { return P; }
  /// When set, memory instructions record their lane addresses here.
  AccessLog *Log = nullptr;
  /// Debug aid (GEMM_EMU_TRACE=1): print each instruction of this wave and
  /// lane 0 of its first vector destination.
  bool Trace = false;
  uint64_t InstructionLimit = UINT64_MAX;

private:
  Emulator::Impl &Impl;
  const DecodedProgram &P;
  EmuMemory &Mem;
  std::vector<uint8_t> &LDS;
  const std::string &Kernel;

  llvm::Error fail(const Inst &I, const llvm::Twine &Msg) {
    return makeError(
        llvm::formatv("emulator: kernel '{0}' at {1:x}: ", Kernel, I.Address) +
        Msg + "\n  instruction: " + Impl.text(P, I));
  }
  llvm::Error salu(Wave &W, const Inst &I);
  llvm::Error valuOther(Wave &W, const Inst &I);
  llvm::Error divideStep(Wave &W, const Inst &I);
  llvm::Error wideInteger(Wave &W, const Inst &I);
  llvm::Error crossLane(Wave &W, const Inst &I);
  llvm::Error halfWord(Wave &W, const Inst &I);
  llvm::Error dualIssue(Wave &W, const Inst &I);
  llvm::Error memory(Wave &W, const Inst &I);
  /// Scalar loads (s_load_b*) into SGPRs.
  llvm::Error scalarLoad(Wave &W, const Inst &I);
  /// Global and flat loads and stores, by lane under EXEC.
  llvm::Error globalAccess(Wave &W, const Inst &I);
  /// Raw buffer loads with a VGPR offset, range-checked by the V#.
  llvm::Error bufferLoad(Wave &W, const Inst &I);
  /// LDS reads and writes, one or two addresses per lane.
  llvm::Error ldsAccess(Wave &W, const Inst &I);
  void traceStep(const Wave &W, const Inst &I);
};

/// Runs the waves of one workgroup to their end: every running wave up to
/// its next barrier or its end (\p RunWave(Wave &) does that), then the
/// barrier is released once all waves that have not ended reached it.
template <typename RunWaveFn>
llvm::Error runWorkgroup(llvm::MutableArrayRef<Wave> Waves,
                         RunWaveFn &&RunWave) {
  for (;;) {
    unsigned Live = 0;
    for (Wave &W : Waves) {
      if (W.State == Wave::Running)
        if (llvm::Error E = RunWave(W))
          return E;
      Live += W.State != Wave::Done;
    }
    if (!Live)
      return llvm::Error::success();
    for (Wave &W : Waves)
      if (W.State == Wave::AtBarrier)
        W.State = Wave::Running;
  }
}

} // namespace emu
} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_EMULATOR_RUNNER_H
