//===- UnitIssue.cpp - The timing model's unit: issue and timing ----------===//
//
// When a wave's next instruction may issue, what its issue costs its unit
// and memory, and what a barrier or a wave's end changes (UnitModel.h).
//
//===----------------------------------------------------------------------===//

#include "UnitModel.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::emu;
using namespace gemm::rt::sim;

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
