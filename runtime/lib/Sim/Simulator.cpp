//===- Simulator.cpp - Cycle-level timing model of RDNA3 (gfx1100) --------===//
//
// One "unit" is simulated cycle by cycle: a CU (2 SIMD32s) for a kernel in CU
// mode, a WGP (4 SIMD32s, both LDS halves, both L0s) in WGP mode. It runs the
// workgroups the dispatcher gives it (unit 0: workgroups 0, U, 2U, ... of the
// grid's linear order, U units), refilling a slot when a workgroup ends.
// Every instruction executes functionally when it issues, so memory timing
// sees the real addresses. docs/timing-model.md documents the rules.
//
//===----------------------------------------------------------------------===//

#include "MemoryModel.h"

#include "../Emulator/Launch.h"
#include "../Emulator/Runner.h"

#include "gemm-opt/CodeObject/Occupancy.h"
#include "gemm-opt/CodeObject/VgprBankModel.h"
#include "gemm-runtime/Simulator.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::emu;
using namespace gemm::rt::sim;

namespace {

enum Unit : uint8_t { UValu, USalu, USmem, UVmem, ULds, UBranch, UMisc };
enum Reason : uint8_t {
  RNone,
  RLds,
  RGlobal,
  RBarrier,
  RValuBusy,
  RDependency,
  RNoWave,
  RBranch,
  RIssue,  // the wave issued something other than a VALU instruction
  RBank,   // the VALU is held by a VGPR bank conflict
  RScalar, // waiting for a scalar memory load
  NumReasons
};
const char *reasonName(Reason R) {
  static const char *Names[] = {
      "none",        "lds",           "global memory", "barrier",
      "valu busy",   "dependency",    "no wave",       "branch",
      "other issue", "bank conflict", "scalar memory"};
  return Names[R];
}

bool isSalu(Op O) {
  return (O >= Op::S_MOV_B32 && O <= Op::S_BITCMP1_B32) || O == Op::S_CMP;
}

Unit unitOf(const Inst &I) {
  switch (I.Opc) {
  case Op::S_LOAD:
    return USmem;
  case Op::GLOBAL_LOAD:
  case Op::GLOBAL_STORE:
  case Op::BUFFER_LOAD:
    return UVmem;
  case Op::DS_READ:
  case Op::DS_READ2:
  case Op::DS_WRITE:
  case Op::DS_WRITE2:
    return ULds;
  case Op::Nop:
  case Op::S_BARRIER:
  case Op::S_ENDPGM:
    return UMisc;
  default:
    break;
  }
  if (isBranch(I.Opc))
    return UBranch;
  if (isSalu(I.Opc))
    return USalu;
  return UValu;
}

/// Issue cycles of a VALU instruction on a SIMD32 for wave32.
unsigned valuCycles(const Inst &I, const SimParams &P) {
  switch (I.Opc) {
  case Op::V_RCP_F32:
  case Op::V_RCP_IFLAG_F32:
  case Op::V_RSQ_F32:
  case Op::V_SQRT_F32:
  case Op::V_EXP_F32:
  case Op::V_LOG_F32:
    return P.TransCycles;
  case Op::V_MUL_LO_U32:
  case Op::V_MUL_HI_U32:
  case Op::V_MUL_HI_I32:
  case Op::V_MAD_U64_U32:
  case Op::V_MAD_I64_I32:
    return P.IntMulCycles;
  case Op::V_LSHLREV_B64:
  case Op::V_LSHRREV_B64:
  case Op::V_ASHRREV_I64:
    return 2;
  default:
    return 1;
  }
}

/// The VGPRs one VALU operation reads, by hardware port: source S of the
/// decoded operation. v_fmac's tied accumulator is left out and fmamk's
/// literal sits between src0 and src1, as gemm-report reads them.
void addBankOp(Op O, const Opnd &Dst, const Opnd *Srcs, unsigned NumSrcs,
               SmallVectorImpl<gemm::VgprBankOp> &Out) {
  gemm::VgprBankOp &B = Out.emplace_back();
  auto Regs = [](const Opnd &O, SmallVectorImpl<unsigned> &To) {
    if (O.Kind == OVGPR)
      for (unsigned K = 0; K < O.Count; ++K)
        To.push_back(O.Reg + K);
  };
  Regs(Dst, B.dsts);
  unsigned Port = 0;
  for (unsigned S = 0; S < NumSrcs; ++S) {
    if (O == Op::V_FMAC_F32 && S == 2)
      continue;
    if (O == Op::V_FMAMK_F32 && S == 1)
      continue;
    Regs(Srcs[S], B.srcs[Port++]);
  }
}

SmallVector<gemm::VgprBankOp, 2> bankOps(const Inst &I) {
  SmallVector<gemm::VgprBankOp, 2> Ops;
  if (I.Opc == Op::VOPD) {
    addBankOp(I.OpX, I.Dst[0], &I.Src[0], 3, Ops);
    addBankOp(I.OpY, I.Dst[1], &I.Src[3], 3, Ops);
    return Ops;
  }
  Opnd NoDst;
  addBankOp(I.Opc, I.NumDst ? I.Dst[0] : NoDst, I.Src, I.NumSrc, Ops);
  for (unsigned D = 1; D < I.NumDst; ++D)
    if (I.Dst[D].Kind == OVGPR)
      for (unsigned K = 0; K < I.Dst[D].Count; ++K)
        Ops.front().dsts.push_back(I.Dst[D].Reg + K);
  return Ops;
}

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

struct Slot {
  bool Busy = false;
  uint64_t FreeAt = 0; // a new workgroup may start
  uint64_t Started = 0;
  std::vector<unsigned> Waves;
  std::vector<uint8_t> LDS;
  unsigned AtBarrier = 0, Done = 0;
  bool First = false; // runs the grid's first workgroup
};

void insertSorted(std::vector<uint64_t> &V, uint64_t T) {
  V.insert(std::upper_bound(V.begin(), V.end(), T), T);
}

/// When no more than \p N of the completions in \p V are pending.
uint64_t counterReady(std::vector<uint64_t> &V, unsigned N, uint64_t Now) {
  V.erase(V.begin(), std::upper_bound(V.begin(), V.end(), Now));
  if (V.size() <= N)
    return Now;
  return V[V.size() - N - 1];
}

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

} // namespace

Error UnitModel::occupancy() {
  const KernelInfo &K = *Setup.Launch.Kernel;
  const KernelDescriptor &KD = K.KD;
  // COMPUTE_PGM_RSRC1.WGP_MODE (bit 29, gfx10+).
  WgpMode = (KD.ComputePgmRsrc1 >> 29) & 1;
  R.WgpMode = WgpMode;
  NumCUs = WgpMode ? 2 : 1;
  NumSimds = 2 * NumCUs;
  LdsBanks = P.LdsBanks;
  LdsBytesPerClock = P.LdsBytesPerClock;
  Units = std::max(1u, P.ComputeUnits / NumCUs);

  unsigned Vgprs = K.VgprCount ? K.VgprCount : 256;
  // The register file's rule, as gemm-report and the late pass count it.
  ::gemm::VgprFile File{P.VgprsPerSimd, P.VgprGranule};
  unsigned Alloc = alignTo(std::max(1u, Vgprs), File.granule);
  R.VgprsAllocated = Alloc;
  unsigned WavesByVgprs =
      std::min(P.MaxWavesPerSimd, ::gemm::getWavesPerSimdByVgprs(Vgprs, File));
  unsigned WavesPerWG = Setup.NumWaves;
  R.WavesPerWorkgroup = WavesPerWG;
  // Waves are dealt to the SIMDs in turn across workgroups (see run()).
  unsigned ByWaves = NumSimds * WavesByVgprs / WavesPerWG;
  unsigned LdsAlloc = alignTo(Setup.LdsBytes, P.LdsGranule);
  unsigned ByLds = LdsAlloc ? (P.LdsBytesPerCU * NumCUs) / LdsAlloc : ~0u;
  unsigned ByLimit = P.MaxWorkgroupsPerCU * NumCUs;
  unsigned WGs = std::min({ByWaves, ByLds, ByLimit});
  R.OccupancyLimit = WGs == ByWaves ? formatv("VGPRs ({0} allocated of {1} "
                                              "per SIMD)",
                                              Alloc, P.VgprsPerSimd)
                                          .str()
                     : WGs == ByLds
                         ? formatv("LDS ({0} bytes allocated of {1})", LdsAlloc,
                                   P.LdsBytesPerCU * NumCUs)
                               .str()
                         : "workgroups per CU";
  if (!WGs)
    return makeError(formatv("timing model: one workgroup of {0} waves does "
                             "not fit a {1} ({2})",
                             WavesPerWG, WgpMode ? "WGP" : "CU",
                             R.OccupancyLimit));
  R.WorkgroupsPerCU = WGs;
  R.WavesPerSimd = divideCeil(WGs * WavesPerWG, NumSimds);
  return Error::success();
}

std::array<uint32_t, 3> UnitModel::workgroupId(uint64_t Linear) const {
  const auto &G = Setup.Launch.Grid;
  return {static_cast<uint32_t>(Linear % G[0]),
          static_cast<uint32_t>((Linear / G[0]) % G[1]),
          static_cast<uint32_t>(Linear / ((uint64_t)G[0] * G[1]))};
}

// An L2 access that is this unit's first to its line misses with probability
// footprint / (grid requests of first touches), per buffer: the unit sees
// one in Units of the grid's workgroups, and every line of a buffer is
// fetched from memory once if the L2 and the Infinity Cache keep what the
// concurrently running workgroups share. The first touches per workgroup
// come from a functional run of workgroup 0. Per buffer, because buffers are
// shared differently: a matrix-vector product's workgroups each stream their
// own rows of the matrix (every first touch misses) and all read the same
// vector (almost every first touch hits); pooled, the vector's hits would
// have halved the matrix's misses.
Error UnitModel::estimateL2() {
  std::vector<uint8_t> LDS(Setup.LdsBytes);
  std::vector<Wave> WG(Setup.NumWaves);
  Runner Run(Impl, Prog, Mem, LDS, Setup.Launch.Kernel->Name);
  Run.Log = &Log;
  DenseSet<uint64_t> Touched;
  uint64_t Limit = Setup.Launch.MaxWaveInstructions, Executed = 0;
  for (unsigned I = 0; I < Setup.NumWaves; ++I)
    Setup.initWave(WG[I], I, {0, 0, 0});
  if (Error E = runWorkgroup(WG, [&](Wave &W) -> Error {
        while (W.State == Wave::Running) {
          const Inst &I = Prog.Insts[W.PC];
          Log.Count = 0;
          if (Error E = Run.step(W))
            return E;
          if (++Executed > Limit && Limit)
            return instructionLimitError(Setup.Launch.Kernel->Name, Limit);
          if (unitOf(I) == UVmem && Log.Count) {
            distinctLines(ArrayRef(Log.Addr, Log.Count), Log.Bytes, P.LineBytes,
                          Lines);
            Touched.insert(Lines.begin(), Lines.end());
          }
        }
        return Error::success();
      }))
    return E;
  double Misses = 0;
  for (auto [Base, Size] : Mem.regions()) {
    MissRegion M{Base / P.LineBytes,
                 (Base + std::max<uint64_t>(Size, 1) - 1) / P.LineBytes + 1,
                 1.0};
    uint64_t Touches = llvm::count_if(Touched, [&](uint64_t Line) {
      return Line >= M.FirstLine && Line < M.EndLine;
    });
    double Requests = (double)Touches * R.Workgroups;
    // A buffer workgroup 0 does not touch (a split tail's workspace) is
    // taken as not shared: its first touches miss.
    if (Requests > 0)
      M.Prob = std::min(1.0, (double)(M.EndLine - M.FirstLine) / Requests);
    Misses += M.Prob * Touches;
    MissRegions.push_back(M);
  }
  R.L2MissRate = Touched.empty() ? 1.0 : Misses / Touched.size();
  return Error::success();
}

void UnitModel::dispatch(unsigned SlotIdx, uint64_t Now) {
  Slot &S = Slots[SlotIdx];
  std::array<uint32_t, 3> Id = workgroupId(NextWorkgroup * Units);
  S.First = NextWorkgroup == 0;
  ++NextWorkgroup;
  S.Busy = true;
  S.Started = Now;
  S.AtBarrier = S.Done = 0;
  std::fill(S.LDS.begin(), S.LDS.end(), 0);
  for (unsigned I = 0; I < S.Waves.size(); ++I) {
    SimWave &SW = Waves[S.Waves[I]];
    Setup.initWave(SW.W, I, Id);
    SW.Live = true;
    SW.Age = AgeCounter++;
    SW.Prio = 0;
    SW.ReadyAt = Now + P.WorkgroupLaunchCycles;
    SW.Why = RNoWave;
    SW.Vm.clear();
    SW.Vs.clear();
    SW.Lgkm.clear();
    SW.LastVm = SW.LastLds = SW.LastSmem = SW.ValuDone = 0;
    SW.VReady.fill(0);
    SimdOrderDirty[SW.Simd] = true;
  }
}

void UnitModel::sortSimd(unsigned S) {
  auto &V = SimdWaves[S];
  std::sort(V.begin(), V.end(), [&](unsigned A, unsigned B) {
    const SimWave &X = Waves[A], &Y = Waves[B];
    if (X.Prio != Y.Prio)
      return X.Prio > Y.Prio;
    return X.Age < Y.Age;
  });
  SimdOrderDirty[S] = false;
}

uint64_t UnitModel::memoryTiming(SimWave &SW, const Inst &I, Unit U,
                                 uint64_t Now) {
  if (U == USmem)
    return Now + (uint64_t)std::lround(P.ScalarLatencyNs * P.ClockGHz);
  if (U == ULds) {
    bool Two = I.Opc == Op::DS_READ2 || I.Opc == Op::DS_WRITE2;
    bool Load = I.Opc == Op::DS_READ;
    unsigned Cycles =
        ldsCycles(ArrayRef(Log.Addr, Log.Count), Log.Bytes, Two ? 2 : 1,
                  LdsBanks, LdsBytesPerClock, Load && P.LdsPairPacking);
    unsigned Ideal = std::max<unsigned>(
        1, divideCeil((uint64_t)Log.Count * std::max(4u, Log.Bytes),
                      LdsBytesPerClock));
    ++R.LdsInstructions;
    R.LdsConflictCycles += Cycles > Ideal ? Cycles - Ideal : 0;
    LdsBusy += Cycles;
    uint64_t &Free = LdsFree[SlotLdsHalf[SW.Slot]];
    uint64_t Start = std::max(Now, Free);
    Free = Start + Cycles;
    return Start + Cycles + P.LdsLatency;
  }
  // Vector memory: the CU's address path takes the lines at the L0's rate.
  ++R.VmemInstructions;
  unsigned CU = SW.Simd / 2;
  distinctLines(ArrayRef(Log.Addr, Log.Count), Log.Bytes, P.LineBytes, Lines);
  R.VmemLines += Lines.size();
  uint64_t Start = std::max(Now, VmemFree[CU]);
  // The address path takes VmemLanesPerClock lanes a cycle, the L0
  // L0BytesPerClock of the lines they touch.
  uint64_t Busy = std::max<uint64_t>(
      {1, divideCeil((uint64_t)Log.Count, P.VmemLanesPerClock),
       divideCeil((uint64_t)Lines.size() * P.LineBytes, P.L0BytesPerClock)});
  VmemFree[CU] = Start + Busy;
  VmemBusy += Busy;
  bool Store = I.Opc == Op::GLOBAL_STORE;
  uint64_t Done = Start + Busy;
  double L2PerLine = P.LineBytes / P.L2BytesPerClockPerCU / NumCUs;
  double DramPerLine = P.LineBytes / (P.DramGBps / (double)Units / P.ClockGHz);
  for (uint64_t Line : Lines) {
    uint64_t T;
    if (!Store && L0[CU].access(Line)) {
      ++R.L0Hits;
      T = Start + P.L0Latency;
    } else if (!Store && L1->access(Line)) {
      ++R.L1Hits;
      T = Start + P.L1Latency;
    } else {
      uint64_t At = std::max<uint64_t>(Start, L2Free);
      L2Free = At + (uint64_t)std::ceil(L2PerLine);
      bool First = Seen.insert(Line).second;
      if (First && lineHash(Line) < l2MissProb(Line)) {
        ++R.MemAccesses;
        uint64_t M = std::max<uint64_t>(At, DramFree);
        DramFree = M + (uint64_t)std::ceil(DramPerLine);
        T = M + (uint64_t)std::lround(P.MemLatencyNs * P.ClockGHz);
      } else {
        ++R.L2Hits;
        T = At + P.L2Latency;
      }
      if (Store) {
        L0[CU].access(Line), L1->access(Line);
        // The line is written back once, when the L2 evicts it: DRAM time
        // with the same probability as a first read of its buffer, off the
        // store's critical path (the store completes in the L2).
        if (Dirty.insert(Line).second && lineHash(Line) < l2MissProb(Line)) {
          ++R.MemWrites;
          DramFree = std::max<uint64_t>(At, DramFree) +
                     (uint64_t)std::ceil(DramPerLine);
        }
      }
    }
    Done = std::max(Done, T);
  }
  return Done;
}

bool UnitModel::operandsReady(SimWave &SW, const Inst &I, Unit U,
                              uint64_t Now) {
  Wave &W = SW.W;
  // s_waitcnt: wait for the counters.
  if (I.Opc == Op::Nop && I.Nop != NopKind::Plain &&
      I.Nop != NopKind::DelayAlu && I.Nop != NopKind::SetPrio) {
    uint64_t Ready = Now;
    Reason Why = RGlobal;
    auto WaitOn = [&](std::vector<uint64_t> &C, unsigned N, Reason Rs) {
      uint64_t T = counterReady(C, N, Now);
      if (T > Ready) {
        Ready = T;
        // lgkmcnt counts LDS and scalar loads alike.
        Why = Rs == RLds && T == SW.LastSmem ? RScalar : Rs;
      }
    };
    unsigned Imm = I.Off0;
    switch (I.Nop) {
    case NopKind::WaitCnt:
      WaitOn(SW.Vm, (Imm >> 10) & 63, RGlobal);
      WaitOn(SW.Lgkm, (Imm >> 4) & 63, RLds);
      break;
    case NopKind::WaitVmCnt:
      WaitOn(SW.Vm, Imm & 63, RGlobal);
      break;
    case NopKind::WaitVsCnt:
      WaitOn(SW.Vs, Imm & 63, RGlobal);
      break;
    case NopKind::WaitLgkmCnt:
      WaitOn(SW.Lgkm, Imm & 63, RLds);
      break;
    default:
      break;
    }
    if (Ready > Now) {
      SW.ReadyAt = Ready;
      SW.Why = Why;
      SW.WhyPC = W.PC;
      return false;
    }
  }
  // Operands: VALU results (interlocked), and memory instructions wait for
  // the wave's outstanding VALU writes.
  uint64_t Deps = 0;
  if (U == UValu || U == UVmem || U == ULds) {
    for (unsigned S = 0; S < 6; ++S) {
      const Opnd &O = I.Src[S];
      if (O.Kind == OVGPR)
        for (unsigned K = 0; K < O.Count && O.Reg + K < NumVgprs; ++K)
          Deps = std::max(Deps, SW.VReady[O.Reg + K]);
    }
    if (U != UValu)
      Deps = std::max(Deps, SW.ValuDone);
  }
  if (Deps > Now) {
    SW.ReadyAt = Deps;
    SW.Why = RDependency;
    SW.WhyPC = W.PC;
    return false;
  }
  return true;
}

void UnitModel::timeIssued(SimWave &SW, const Inst &I, Unit U, uint32_t PC,
                           uint64_t Now) {
  Wave &W = SW.W;
  switch (U) {
  case UValu: {
    unsigned Cycles = valuCycles(I, P);
    bool BackToBack = UnitFree[SW.Simd][UValu] == Now;
    unsigned Stall =
        Banks[SW.Simd].issue(BankOpsByPC[PC], BackToBack).stallCycles;
    if (Stall) {
      BankStallUntil[SW.Simd] = Now + Cycles + Stall;
      BankStallPC[SW.Simd] = PC;
      R.BankStallCycles += Stall;
      Cycles += Stall;
    }
    UnitFree[SW.Simd][UValu] = Now + Cycles;
    ++R.ValuInstructions;
    R.ValuIssueCycles += 1;
    bool Vopd = I.Opc == Op::VOPD;
    R.VopdInstructions += Vopd;
    unsigned Lat = Cycles > 1 ? P.TransLatency : P.ValuLatency;
    if (I.Dpp != DppKind::None)
      Lat += P.DppExtraLatency;
    for (unsigned D = 0; D < I.NumDst; ++D)
      if (I.Dst[D].Kind == OVGPR)
        for (unsigned K = 0; K < I.Dst[D].Count; ++K)
          SW.VReady[I.Dst[D].Reg + K] = Now + Lat;
    SW.ValuDone = std::max(SW.ValuDone, Now + Lat);
    if (Cycles > 1)
      SW.ReadyAt = Now + Cycles;
    break;
  }
  case USmem:
  case ULds:
  case UVmem: {
    uint64_t Done = memoryTiming(SW, I, U, Now);
    bool Load = I.Opc != Op::GLOBAL_STORE && I.Opc != Op::DS_WRITE &&
                I.Opc != Op::DS_WRITE2;
    if (U == ULds) {
      Done = std::max(Done, SW.LastLds);
      SW.LastLds = Done;
      insertSorted(SW.Lgkm, Done);
    } else if (U == USmem) {
      SW.LastSmem = std::max(SW.LastSmem, Done);
      insertSorted(SW.Lgkm, Done);
    } else if (Load) {
      Done = std::max(Done, SW.LastVm);
      SW.LastVm = Done;
      insertSorted(SW.Vm, Done);
    } else {
      insertSorted(SW.Vs, Done);
    }
    if (Load && I.NumDst && I.Dst[0].Kind == OVGPR) {
      unsigned Regs = std::max(1u, (unsigned)(I.MemBytes + 3) / 4) *
                      (I.Opc == Op::DS_READ2 ? 2 : 1);
      for (unsigned K = 0; K < Regs && I.Dst[0].Reg + K < NumVgprs; ++K)
        SW.VReady[I.Dst[0].Reg + K] = Done;
    }
    break;
  }
  case UBranch:
    if (W.PC != PC + 1) {
      SW.ReadyAt = Now + P.BranchTakenCycles;
      SW.Why = RBranch;
    }
    break;
  case USalu:
    break;
  case UMisc:
    if (I.Opc == Op::Nop) {
      if (I.Nop == NopKind::SetPrio) {
        SW.Prio = std::min<unsigned>(3, I.Off0 & 3);
        SimdOrderDirty[SW.Simd] = true;
      } else if (I.Nop == NopKind::Sleep) {
        SW.ReadyAt = Now + 64 * (I.Off0 & 127);
        SW.Why = RIssue;
      } else if (I.Nop == NopKind::SNop) {
        SW.ReadyAt = Now + 1 + (I.Off0 & 15);
      }
    }
    break;
  }
}

void UnitModel::waveStateChanged(unsigned WaveIdx, uint32_t PC, uint64_t Now) {
  SimWave &SW = Waves[WaveIdx];
  Wave &W = SW.W;
  if (W.State == Wave::AtBarrier) {
    Slot &S = Slots[SW.Slot];
    ++S.AtBarrier;
    SW.Why = RBarrier;
    SW.WhyPC = PC;
    SW.ReadyAt = ~0ull;
    if (S.AtBarrier + S.Done == S.Waves.size()) {
      S.AtBarrier = 0;
      for (unsigned WI : S.Waves) {
        SimWave &O = Waves[WI];
        if (O.W.State == Wave::AtBarrier) {
          O.W.State = Wave::Running;
          O.ReadyAt = Now + P.BarrierCycles;
        }
      }
    }
  } else if (W.State == Wave::Done) {
    Slot &S = Slots[SW.Slot];
    SW.Live = false;
    SW.ReadyAt = ~0ull;
    ++S.Done;
    if (S.First)
      R.FirstWorkgroupWaveEnds[WaveIdx % Setup.NumWaves] = Now;
    if (S.AtBarrier && S.AtBarrier + S.Done == S.Waves.size()) {
      S.AtBarrier = 0;
      for (unsigned WI : S.Waves)
        if (Waves[WI].W.State == Wave::AtBarrier) {
          Waves[WI].W.State = Wave::Running;
          Waves[WI].ReadyAt = Now + P.BarrierCycles;
        }
    }
    if (S.Done == S.Waves.size()) {
      // The wave's stores must land before the slot is reused: keep it
      // simple and free the slot now.
      S.Busy = false;
      S.FreeAt = Now + 1;
      Completions.push_back(Now);
      if (Opts.TimelineCycles && TimelineFrom == ~0ull)
        R.TimelineFrom = TimelineFrom = Now;
    }
  }
}

bool UnitModel::tryIssue(unsigned WaveIdx, uint64_t Now, uint8_t &UsedUnits,
                         Error &Err) {
  SimWave &SW = Waves[WaveIdx];
  Wave &W = SW.W;
  const Inst &I = Prog.Insts[W.PC];
  Unit U = unitOf(I);
  if (UsedUnits & (1u << U))
    return false;
  if (U == UValu && UnitFree[SW.Simd][UValu] > Now)
    return false;
  if (!operandsReady(SW, I, U, Now))
    return false;

  // Issue: execute it.
  uint32_t PC = W.PC;
  Log.Count = 0;
  Err = Runners[SW.Slot]->step(W);
  if (Err)
    return true;
  UsedUnits |= 1u << U;
  uint64_t Limit = Setup.Launch.MaxWaveInstructions;
  if (++R.WaveInstructions > Limit && Limit) {
    Err = instructionLimitError(Setup.Launch.Kernel->Name, Limit);
    return true;
  }
  if (SW.Simd == 0 && TimelineFrom != ~0ull && Now >= TimelineFrom &&
      Now < TimelineFrom + Opts.TimelineCycles) {
    static const char *UnitNames[] = {"valu", "salu",   "smem", "vmem",
                                      "lds",  "branch", "other"};
    R.Timeline.push_back(
        {Now, WaveIdx, I.Opc == Op::VOPD ? "vopd" : UnitNames[U], I.Address});
  }
  SW.ReadyAt = Now + 1;
  SW.Why = RIssue;
  SW.WhyPC = PC;
  timeIssued(SW, I, U, PC, Now);
  // Barriers and the end of the wave.
  waveStateChanged(WaveIdx, PC, Now);
  return true;
}

void UnitModel::charge(unsigned Simd, uint64_t Cycles, uint64_t Now) {
  // The cycles a SIMD's VALU did not issue go to the wave that would issue
  // first: the highest priority, oldest live wave.
  Reason Why = RNoWave;
  uint32_t PC = ~0u;
  for (unsigned WI : SimdWaves[Simd]) {
    const SimWave &SW = Waves[WI];
    if (!SW.Live)
      continue;
    if (SW.ReadyAt > Now) {
      Why = SW.Why;
      PC = SW.WhyPC;
    } else {
      // Ready but not issued: the VALU was busy (a multi-cycle op or a
      // bank stall) or it issued another unit's instruction.
      Why = UnitFree[Simd][UValu] > Now ? RValuBusy : RIssue;
      PC = SW.W.PC;
    }
    if (BankStallUntil[Simd] > Now) {
      Why = RBank;
      PC = BankStallPC[Simd];
    }
    break;
  }
  R.LostCycles[reasonName(Why)] += Cycles;
  if (PC != ~0u && Why != RIssue)
    StallByPCReason[(uint64_t)PC << 8 | Why] += Cycles;
}

void UnitModel::setUp() {
  unsigned NumSlots = R.WorkgroupsPerCU;
  Slots.resize(NumSlots);
  // Each half of the WGP's LDS has its own 32 banks and serves the
  // addresses it holds (ISA guide 3.3.4: bytes 0-65535 belong to CU0). In
  // CU mode a workgroup's LDS is in its CU's half; in WGP mode it is
  // allocated first fit from address 0, so small workgroups share one half.
  unsigned LdsAlloc = alignTo(Setup.LdsBytes, P.LdsGranule);
  for (unsigned S = 0; S < NumSlots; ++S)
    SlotLdsHalf.push_back(WgpMode ? std::min(1u, S * LdsAlloc / P.LdsBytesPerCU)
                                  : 0);
  SimdWaves.assign(NumSimds, {});
  SimdOrderDirty.assign(NumSimds, true);
  UnitFree.assign(NumSimds, {});
  Banks.assign(NumSimds, gemm::VgprBankModel());
  BankStallUntil.assign(NumSimds, 0);
  BankStallPC.assign(NumSimds, 0);
  BankOpsByPC.resize(Prog.Insts.size());
  for (size_t PC = 0; PC < Prog.Insts.size(); ++PC)
    if (unitOf(Prog.Insts[PC]) == UValu)
      BankOpsByPC[PC] = bankOps(Prog.Insts[PC]);
  VmemFree.assign(NumCUs, 0);
  for (unsigned C = 0; C < NumCUs; ++C)
    L0.emplace_back(P.L0Bytes, P.L0Ways, P.LineBytes);
  L1 = std::make_unique<LruCache>(P.L1Bytes, P.L1Ways, P.LineBytes);
  Waves.resize((size_t)NumSlots * Setup.NumWaves);
  R.FirstWorkgroupWaveEnds.assign(Setup.NumWaves, 0);
  for (unsigned S = 0; S < NumSlots; ++S) {
    Slots[S].LDS.assign(Setup.LdsBytes, 0);
    Runners.push_back(std::make_unique<Runner>(Impl, Prog, Mem, Slots[S].LDS,
                                               Setup.Launch.Kernel->Name));
    Runners.back()->Log = &Log;
    for (unsigned I = 0; I < Setup.NumWaves; ++I) {
      unsigned WI = S * Setup.NumWaves + I;
      // Consecutive waves, across workgroups, go to consecutive SIMDs: a
      // workgroup of fewer waves than SIMDs does not leave SIMDs idle.
      unsigned Simd = WI % NumSimds;
      Waves[WI].Simd = Simd;
      Waves[WI].Slot = S;
      Slots[S].Waves.push_back(WI);
      SimdWaves[Simd].push_back(WI);
    }
  }
}

Error UnitModel::simulateCycles(uint64_t &Now) {
  unsigned NumSlots = R.WorkgroupsPerCU;
  for (unsigned S = 0; S < NumSlots && NextWorkgroup < NumWorkgroups; ++S)
    dispatch(S, Now);
  uint64_t Budget = Opts.Full ? ~0ull : Opts.MaxWaveInstructions;
  for (;;) {
    bool AnyLive = false;
    for (const Slot &S : Slots)
      AnyLive |= S.Busy;
    if (!AnyLive && (NextWorkgroup >= NumWorkgroups || StopDispatch))
      break;
    bool Issued = false;
    for (unsigned S = 0; S < NumSimds; ++S) {
      if (SimdOrderDirty[S])
        sortSimd(S);
      uint8_t Used = 0;
      for (unsigned WI : SimdWaves[S]) {
        SimWave &SW = Waves[WI];
        if (!SW.Live || SW.ReadyAt > Now || SW.W.State != Wave::Running)
          continue;
        Error Err = Error::success();
        bool Did = tryIssue(WI, Now, Used, Err);
        if (Err)
          return Err;
        Issued |= Did;
      }
      if (!(Used & (1u << UValu)))
        charge(S, 1, Now);
    }
    R.SimdCycles += NumSimds;
    // Refill free slots.
    if (!StopDispatch && R.WaveInstructions > Budget &&
        Completions.size() >= 5 * (size_t)NumSlots)
      StopDispatch = true;
    for (unsigned S = 0; S < NumSlots; ++S)
      if (!Slots[S].Busy && !StopDispatch && NextWorkgroup < NumWorkgroups &&
          Slots[S].FreeAt <= Now)
        dispatch(S, Now);
    ++Now;
    if (Issued)
      continue;
    // Nothing issued: skip to the next cycle anything can happen.
    uint64_t Next = ~0ull;
    for (const SimWave &SW : Waves)
      if (SW.Live && SW.W.State == Wave::Running)
        Next = std::min(Next, SW.ReadyAt);
    for (const auto &U : UnitFree)
      for (uint64_t T : U)
        if (T > Now)
          Next = std::min(Next, T);
    for (const Slot &S : Slots)
      if (!S.Busy && !StopDispatch && NextWorkgroup < NumWorkgroups)
        Next = std::min(Next, std::max(S.FreeAt, Now));
    if (Next == ~0ull || Next <= Now)
      continue;
    for (unsigned S = 0; S < NumSimds; ++S)
      charge(S, Next - Now, Now);
    R.SimdCycles += (Next - Now) * NumSimds;
    Now = Next;
  }
  return Error::success();
}

void UnitModel::summarize(uint64_t Now) {
  unsigned NumSlots = R.WorkgroupsPerCU;
  // Time of the unit's workgroups; extrapolated from the steady rate of
  // completions when the budget stopped the dispatch.
  R.SimulatedWorkgroups = Completions.size();
  double Cycles =
      Completions.empty() ? (double)Now : (double)Completions.back();
  if (R.SimulatedWorkgroups < NumWorkgroups) {
    // Workgroups end in rounds of NumSlots; the rate is measured over whole
    // rounds after the first and before the drain. The remaining workgroups
    // go at that rate: a last, partial round shares the SIMDs among fewer
    // waves and ends sooner than a full one.
    R.Extrapolated = true;
    size_t Rounds = (Completions.size() - 2 * NumSlots) / NumSlots;
    size_t First = NumSlots, Last = First + Rounds * NumSlots;
    double RoundCycles =
        (double)(Completions[Last - 1] - Completions[First - 1]) / Rounds;
    uint64_t Remaining = NumWorkgroups - Last;
    Cycles = Completions[Last - 1] + RoundCycles * (double)Remaining / NumSlots;
  }
  R.CUCycles = Cycles;
  uint64_t Simulated = R.SimdCycles / NumSimds;
  unsigned Halves =
      SlotLdsHalf.empty()
          ? 1
          : 1 + *std::max_element(SlotLdsHalf.begin(), SlotLdsHalf.end());
  if (Simulated) {
    R.LdsBusyShare = (double)LdsBusy / ((double)Simulated * Halves);
    R.VmemBusyShare = (double)VmemBusy / ((double)Simulated * NumCUs);
  }
  R.Seconds = Cycles / (P.ClockGHz * 1e9);

  // The instructions most stall cycles were charged to.
  std::vector<std::pair<uint64_t, uint64_t>> Top(StallByPCReason.begin(),
                                                 StallByPCReason.end());
  std::sort(Top.begin(), Top.end(),
            [](auto &A, auto &B) { return A.second > B.second; });
  for (size_t K = 0; K < Top.size() && K < 12; ++K) {
    SimStall St;
    const Inst &I = Prog.Insts[Top[K].first >> 8];
    St.Address = I.Address;
    St.Text = Impl.text(Prog, I);
    St.Reason = reasonName(static_cast<Reason>(Top[K].first & 0xff));
    St.Cycles = Top[K].second;
    R.Stalls.push_back(std::move(St));
  }
}

Error UnitModel::run() {
  if (Error E = occupancy())
    return E;
  const auto &G = Setup.Launch.Grid;
  R.Workgroups = (uint64_t)G[0] * G[1] * G[2];
  NumWorkgroups = R.Workgroups / Units + (R.Workgroups % Units ? 1 : 0);
  R.WorkgroupsOnCU = NumWorkgroups;
  if (Error E = estimateL2())
    return E;

  setUp();

  uint64_t Now = 0;
  if (Error E = simulateCycles(Now))
    return E;
  summarize(Now);
  return Error::success();
}

Error Emulator::simulate(const CodeObject &CO, const EmuLaunch &L,
                         const SimOptions &Options, SimResult &Result) {
  Expected<LaunchSetup> Setup = prepare(CO, L);
  if (!Setup)
    return Setup.takeError();
  Result = SimResult();
  UnitModel Model(*I, Memory, *Setup, Options, Result);
  return Model.run();
}
