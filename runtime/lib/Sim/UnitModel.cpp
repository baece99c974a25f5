//===- UnitModel.cpp - The timing model's unit: set-up and run ------------===//
//
// The unit's occupancy, its L2 miss estimate, the dispatch of workgroups, the
// cycle loop and the summary of a run (UnitModel.h).
//
//===----------------------------------------------------------------------===//

#include "UnitModel.h"

#include "gemm-opt/CodeObject/Occupancy.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::emu;
using namespace gemm::rt::sim;

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
