//===- UnitModel.h - The timing model of one CU or WGP ----------*- C++ -*-===//
//
// One "unit" is simulated cycle by cycle: a CU (2 SIMD32s) for a kernel in CU
// mode, a WGP (4 SIMD32s, both LDS halves, both L0s) in WGP mode. It runs the
// workgroups the dispatcher gives it (unit 0: workgroups 0, U, 2U, ... of the
// grid's linear order, U units), refilling a slot when a workgroup ends.
// Every instruction executes functionally, with the emulator's Runner, when
// it issues, so that memory timing sees the real addresses.
// docs/timing-model.md documents the rules. UnitModel.cpp sets the unit up
// and runs it; UnitIssue.cpp issues and times instructions.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_LIB_SIM_UNITMODEL_H
#define GEMM_RUNTIME_LIB_SIM_UNITMODEL_H

#include "MemoryModel.h"
#include "SimInstructions.h"

#include "../Emulator/Launch.h"
#include "../Emulator/Runner.h"

#include "gemm-opt/CodeObject/VgprBankModel.h"
#include "gemm-runtime/Simulator.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

namespace gemm::rt::sim {

using emu::AccessLog;
using emu::Inst;
using emu::NumVgprs;
using emu::Runner;
using emu::Wave;
using llvm::DenseMap;
using llvm::DenseSet;
using llvm::Error;
using llvm::SmallVector;

/// A wave of the unit: the emulator's state, and when and why it may issue.
struct SimWave {
  Wave W;
  unsigned Simd = 0, Slot = 0;
  uint64_t Age = 0;
  unsigned Prio = 0;
  uint64_t ReadyAt = 0;
  Reason Why = RNone; // why ReadyAt is in the future
  uint32_t WhyPC = 0; // the instruction that waits
  bool Live = false;
  std::vector<uint64_t> Vm, Vs, Lgkm; // completion cycles, ascending
  uint64_t LastVm = 0, LastLds = 0, LastSmem = 0, ValuDone = 0;
  std::array<uint64_t, NumVgprs> VReady{};
};

/// A workgroup slot of the unit: its waves, its LDS and its barrier.
struct Slot {
  bool Busy = false;
  uint64_t FreeAt = 0; // a new workgroup may start
  uint64_t Started = 0;
  std::vector<unsigned> Waves;
  std::vector<uint8_t> LDS;
  unsigned AtBarrier = 0, Done = 0;
  bool First = false; // runs the grid's first workgroup
};

/// Inserts completion cycle \p T into \p V, kept ascending.
inline void insertSorted(std::vector<uint64_t> &V, uint64_t T) {
  V.insert(std::upper_bound(V.begin(), V.end(), T), T);
}

/// When no more than \p N of the completions in \p V are pending.
inline uint64_t counterReady(std::vector<uint64_t> &V, unsigned N,
                             uint64_t Now) {
  V.erase(V.begin(), std::upper_bound(V.begin(), V.end(), Now));
  if (V.size() <= N)
    return Now;
  return V[V.size() - N - 1];
}

/// The unit: its slots, SIMDs, caches and the counts a run reports.
class UnitModel {
public:
  UnitModel(Emulator::Impl &Impl, EmuMemory &Mem, const LaunchSetup &Setup,
            const SimOptions &Opts, SimResult &R)
      : Impl(Impl), Mem(Mem), Setup(Setup), Opts(Opts), P(Opts.Params), R(R),
        Prog(*Setup.Program) {}

  Error run();

private:
  Emulator::Impl &Impl;
  EmuMemory &Mem;
  const LaunchSetup &Setup;
  const SimOptions &Opts;
  const SimParams &P;
  SimResult &R;
  const DecodedProgram &Prog;

  // Shape of the unit.
  bool WgpMode = false;
  unsigned NumSimds = 2, NumCUs = 1, Units = 1;
  unsigned LdsBanks = 32, LdsBytesPerClock = 128;
  std::vector<SimWave> Waves;
  std::vector<Slot> Slots;
  std::vector<std::unique_ptr<Runner>> Runners; // per slot (its LDS)
  std::vector<std::vector<unsigned>> SimdWaves; // by priority, then age
  std::vector<bool> SimdOrderDirty;
  std::vector<std::array<uint64_t, 8>> UnitFree; // per SIMD, per Unit
  // Per SIMD: the operand caches and the last VALU instruction's stall.
  std::vector<gemm::VgprBankModel> Banks;
  std::vector<uint64_t> BankStallUntil;
  std::vector<uint32_t> BankStallPC;
  // Per instruction index: a VALU instruction's operations' VGPRs.
  std::vector<SmallVector<gemm::VgprBankOp, 2>> BankOpsByPC;
  std::vector<uint64_t> VmemFree; // per CU
  uint64_t L2Free = 0, DramFree = 0;
  uint64_t LdsBusy = 0, VmemBusy = 0; // cycles, summed over halves / CUs
  uint64_t TimelineFrom = ~0ull;      // recording starts here
  std::array<uint64_t, 2> LdsFree{};  // per LDS half (32 banks each)
  std::vector<unsigned> SlotLdsHalf;
  std::vector<LruCache> L0;
  std::unique_ptr<LruCache> L1;
  DenseSet<uint64_t> Seen;
  // Lines this unit has stored to (each written back to DRAM once).
  DenseSet<uint64_t> Dirty;
  // Per buffer: its lines [FirstLine, EndLine) and the probability that a
  // unit's first touch of one of them misses the L2.
  struct MissRegion {
    uint64_t FirstLine, EndLine;
    double Prob;
  };
  SmallVector<MissRegion, 8> MissRegions;
  double l2MissProb(uint64_t Line) const {
    for (const MissRegion &M : MissRegions)
      if (Line >= M.FirstLine && Line < M.EndLine)
        return M.Prob;
    return 1.0;
  }
  AccessLog Log;
  std::vector<uint64_t> Lines;
  // Workgroups of this unit, by linear grid id.
  uint64_t NextWorkgroup = 0, NumWorkgroups = 0;
  std::vector<uint64_t> Completions;
  bool StopDispatch = false;
  uint64_t AgeCounter = 0;
  // Stall accounting per instruction index and reason.
  DenseMap<uint64_t, uint64_t> StallByPCReason;

  Error occupancy();
  Error estimateL2();
  void dispatch(unsigned SlotIdx, uint64_t Now);
  std::array<uint32_t, 3> workgroupId(uint64_t Linear) const;
  bool tryIssue(unsigned WaveIdx, uint64_t Now, uint8_t &UsedUnits, Error &Err);
  /// Whether \p I's counters (s_waitcnt) and operands are ready at \p Now;
  /// if not, records when and why \p SW waits.
  bool operandsReady(SimWave &SW, const Inst &I, Unit U, uint64_t Now);
  /// The timing of \p I, issued at \p Now from \p PC: its unit's busy time,
  /// its results' ready times and the wave's next issue.
  void timeIssued(SimWave &SW, const Inst &I, Unit U, uint32_t PC,
                  uint64_t Now);
  /// After an issue: a barrier reached (and released when the workgroup's
  /// last live wave reaches it) or the end of the wave and its workgroup.
  void waveStateChanged(unsigned WaveIdx, uint32_t PC, uint64_t Now);
  /// The slots, their waves and runners, and the per-SIMD and per-CU state.
  void setUp();
  /// The cycle loop: issues, dispatches and skips idle cycles until the
  /// unit's workgroups are done or the budget stopped the dispatch.
  Error simulateCycles(uint64_t &Now);
  /// The unit's time (extrapolated past the budget), unit busy shares and
  /// the instructions most stall cycles were charged to.
  void summarize(uint64_t Now);
  uint64_t memoryTiming(SimWave &SW, const Inst &I, Unit U, uint64_t Now);
  void charge(unsigned Simd, uint64_t Cycles, uint64_t Now);
  void sortSimd(unsigned S);
};

} // namespace gemm::rt::sim

#endif // GEMM_RUNTIME_LIB_SIM_UNITMODEL_H
