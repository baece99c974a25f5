//===- GemmVOPD.cpp - The late AMDGPU VOPD pass ---------------------------===//
//
// The AMDGPU target headers are not installed, so opcodes are recognised by
// their names (TargetInstrInfo::getName) rather than by enum values.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/AMDGPU/GemmVOPD.h"

#include "LDSFragmentBanks.h"
#include "VGPRRecolor.h"
#include "VGPRTable.h"
#include "VOPDPairing.h"
#include "VOPDParity.h"

#include "gemm-opt/CodeObject/Occupancy.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachinePassManager.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/InitializePasses.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using gemm::kGemmVOPDPassName;

#define DEBUG_TYPE "gemm-amdgpu-vopd"

STATISTIC(NumFMABlocks, "FMA blocks examined");
STATISTIC(NumRecolored, "FMA blocks whose VGPRs were recolored");
STATISTIC(NumBankPlans, "FMA blocks whose LDS loads were placed by bank");
STATISTIC(NumParitySwapped, "VOPDs repaired by swapping sources");
STATISTIC(NumParitySplit, "VOPDs split to keep the gfx11 parity rule");
STATISTIC(NumPaired, "single FMACs paired into VOPDs");

static cl::opt<bool>
    PrintReport("gemm-amdgpu-vopd-report",
                cl::desc("Print, for every FMA block the gemm-opt late AMDGPU "
                         "pass examines, its FMA and VOPD counts to stderr"),
                cl::init(false));

/// Below this many FMAs an innermost loop block is not an FMA block: there is
/// little for dual issue to win.
static cl::opt<unsigned> MinFMAsPerBlock(
    "gemm-amdgpu-vopd-min-fmas",
    cl::desc("Fewest FMAs that make an innermost loop block an FMA block for "
             "the gemm-opt late AMDGPU pass"),
    cl::Hidden, cl::init(8));

static cl::opt<bool> RepairParity(
    "gemm-amdgpu-vopd-parity-fix",
    cl::desc("Rewrite every VOPD whose same-slot sources have the same parity "
             "(the gfx11 VOPD interlock hazard, which LLVM 22 does not "
             "check): swap commutative sources, else split the pair"),
    cl::Hidden, cl::init(true));

static cl::opt<bool> PairFMACs(
    "gemm-amdgpu-vopd-pair",
    cl::desc("Pair single v_fmac_f32 into parity-safe VOPDs (gfx11), hoisting "
             "an independent FMAC from up to 48 instructions below"),
    cl::Hidden, cl::init(true));

static cl::opt<bool> RecolorVGPRs(
    "gemm-amdgpu-vopd-recolor",
    cl::desc("Rename the VGPRs of each single-block FMA loop so that every "
             "FMA can pair into a parity-safe VOPD (gfx11): LDS fragments on "
             "even bases, accumulators with the parity of their A element; "
             "values crossing the loop boundary are moved"),
    cl::Hidden, cl::init(true));

static cl::opt<bool> PlaceByBank(
    "gemm-amdgpu-vopd-bank-plan",
    cl::desc("After the recoloring, give each LDS load that feeds only FMA "
             "sources new VGPRs so that one source of every FMA is in banks "
             "0-1 and the other in banks 2-3 (a VOPD then reads four "
             "banks); ds_load_b128 becomes two ds_load_b64"),
    cl::Hidden, cl::init(true));

static cl::opt<unsigned> RecolorExtraVGPRs(
    "gemm-amdgpu-vopd-recolor-extra-vgprs",
    cl::desc("Most VGPRs the recoloring and bank plan may use above the "
             "function's highest VGPR (default: 8, or more while the "
             "function keeps its waves per SIMD)"),
    cl::Hidden, cl::init(8));

namespace {

struct FMABlockCounts {
  unsigned FMAs = 0;       // FMAs, single-issued or VOPD halves.
  unsigned FMAsInVOPD = 0; // FMAs issued as a VOPD half.
  unsigned VOPDs = 0;      // VOPD instructions of any kind.
};

bool isFMAOpName(StringRef Name) {
  return Name.starts_with("FMAC_F32") || Name.starts_with("FMAMK_F32") ||
         Name.starts_with("FMAAK_F32") || Name.starts_with("FMA_F32");
}

/// Counts the FMAs of `MBB`. VOPD opcodes read like
/// V_DUAL_FMAC_F32_e32_X_FMAC_F32_e32_gfx11: each half is counted on its own.
FMABlockCounts countFMAs(const MachineBasicBlock &MBB,
                         const TargetInstrInfo &TII) {
  FMABlockCounts Counts;
  for (const MachineInstr &MI : MBB) {
    StringRef Name = TII.getName(MI.getOpcode());
    if (Name.consume_front("V_DUAL_")) {
      ++Counts.VOPDs;
      auto [X, Y] = Name.split("_X_");
      unsigned Halves = isFMAOpName(X) + isFMAOpName(Y);
      Counts.FMAs += Halves;
      Counts.FMAsInVOPD += Halves;
      continue;
    }
    if (Name.consume_front("V_") && isFMAOpName(Name))
      ++Counts.FMAs;
  }
  return Counts;
}

/// Sends each finding to the remark emitter and, under
/// -gemm-amdgpu-vopd-report, prints the same message to stderr, so the two
/// outputs cannot drift apart. Builds a remark only when one of them wants it.
class FindingReporter {
public:
  FindingReporter(const MachineFunction &MF,
                  MachineOptimizationRemarkEmitter &ORE)
      : MF(MF), ORE(ORE), RemarksOn(ORE.allowExtraAnalysis(kGemmVOPDPassName)) {
  }

  template <typename BuildRemark> void operator()(BuildRemark Build) {
    if (!PrintReport && !RemarksOn)
      return;
    auto Remark = Build();
    if (PrintReport)
      errs() << kGemmVOPDPassName << ": " << MF.getName() << ": "
             << Remark.getMsg() << "\n";
    if (RemarksOn)
      ORE.emit(Remark);
  }

private:
  const MachineFunction &MF;
  MachineOptimizationRemarkEmitter &ORE;
  bool RemarksOn;
};

/// The legacy pass manager's entry, which TargetPassConfig inserts into amdgcn
/// code generation and llc -run-pass runs; the work is runGemmVOPD's.
class GemmVOPDLegacy : public MachineFunctionPass {
public:
  static char ID;

  GemmVOPDLegacy() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "gemm-opt late AMDGPU VOPD pass";
  }

  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  bool runOnMachineFunction(MachineFunction &MF) override;
};

} // namespace

static void reportBankPlan(FindingReporter &Report, MachineBasicBlock &MBB,
                           const gemm::FragmentBankResult &R) {
  if (!R.Placed) {
    Report([&] {
      MachineOptimizationRemarkMissed Remark(
          kGemmVOPDPassName, "BankPlanMissed", DebugLoc(), &MBB);
      Remark << "FMA block %bb." << ore::NV("Block", MBB.getNumber())
             << " keeps its LDS load registers: "
             << ore::NV("Reason", R.WhyNot);
      return Remark;
    });
    return;
  }
  ++NumBankPlans;
  Report([&] {
    MachineOptimizationRemark Remark(kGemmVOPDPassName, "BankPlan", DebugLoc(),
                                     &MBB);
    Remark << "placed " << ore::NV("Loads", R.Fragments)
           << " LDS loads of FMA block %bb."
           << ore::NV("Block", MBB.getNumber())
           << " so that every FMA reads one source from VGPR banks 0-1 and one "
              "from banks 2-3 ("
           << ore::NV("Split", R.LoadsSplit) << " wide loads split, "
           << ore::NV("VOPDsSplit", R.VOPDsSplit) << " VOPDs taken apart, "
           << ore::NV("ExtraVGPRs", R.ExtraVGPRs) << " extra VGPRs)";
    if (R.OffPlan)
      Remark << "; for want of VGPRs, " << ore::NV("OffPlan", R.OffPlan)
             << " of its " << ore::NV("Pieces", R.Pieces)
             << " register pairs sit in the other half";
    return Remark;
  });
}

static void reportRecolor(FindingReporter &Report, MachineBasicBlock &MBB,
                          const gemm::RecolorResult &R) {
  if (!R.Recolored) {
    Report([&] {
      MachineOptimizationRemarkMissed Remark(kGemmVOPDPassName, "RecolorMissed",
                                             DebugLoc(), &MBB);
      Remark << "FMA block %bb." << ore::NV("Block", MBB.getNumber())
             << " not recolored: " << ore::NV("Reason", R.WhyNot);
      return Remark;
    });
    return;
  }
  ++NumRecolored;
  Report([&] {
    MachineOptimizationRemark Remark(kGemmVOPDPassName, "Recolor", DebugLoc(),
                                     &MBB);
    Remark << "recolored " << ore::NV("MovedVGPRs", R.MovedRegs)
           << " VGPRs of FMA block %bb." << ore::NV("Block", MBB.getNumber())
           << " for pairing (" << ore::NV("Planned", R.Anchored) << " of "
           << ore::NV("FMAs", R.FMAs) << " FMAs planned, "
           << ore::NV("VOPDsSplit", R.VOPDsSplit) << " VOPDs taken apart, "
           << ore::NV("EntryMoves", R.EntryCopies) << " entry and "
           << ore::NV("ExitMoves", R.ExitCopies) << " exit moves, "
           << ore::NV("ExtraVGPRs", R.ExtraVGPRs) << " extra VGPRs)";
    return Remark;
  });
}

static void reportParity(FindingReporter &Report, MachineFunction &MF,
                         const gemm::VOPDParityStats &Stats) {
  if (!Stats.Checked)
    return;
  NumParitySwapped += Stats.Swapped;
  NumParitySplit += Stats.Split;
  auto Describe = [&](auto &Remark) {
    Remark << ore::NV("VOPDs", Stats.Checked) << " VOPD, "
           << ore::NV("Violations", Stats.Violations)
           << " breaking the gfx11 parity rule: "
           << ore::NV("Swapped", Stats.Swapped)
           << " repaired by swapping sources, " << ore::NV("Split", Stats.Split)
           << " split, " << ore::NV("Unrepaired", Stats.Unrepaired) << " left";
  };
  if (Stats.Violations)
    Report([&] {
      MachineOptimizationRemark Remark(kGemmVOPDPassName, "ParityRepair",
                                       DebugLoc(), &MF.front());
      Describe(Remark);
      return Remark;
    });
  else
    Report([&] {
      MachineOptimizationRemarkAnalysis Remark(kGemmVOPDPassName, "Parity",
                                               DebugLoc(), &MF.front());
      Describe(Remark);
      return Remark;
    });
}

static void reportPairing(FindingReporter &Report, MachineFunction &MF,
                          const gemm::VOPDPairingStats &Stats) {
  NumPaired += Stats.Paired;
  if (Stats.Unsupported) {
    Report([&] {
      return MachineOptimizationRemarkMissed(kGemmVOPDPassName, "PairingMissed",
                                             DebugLoc(), &MF.front())
             << "FMAC pairing off: unexpected opcodes";
    });
    return;
  }
  Report([&] {
    MachineOptimizationRemark Remark(kGemmVOPDPassName, "Pairing", DebugLoc(),
                                     &MF.front());
    Remark << ore::NV("Paired", Stats.Paired) << " new parity-safe FMAC pairs ("
           << ore::NV("Repaired", Stats.Repaired)
           << " by re-pairing through a VOPD)";
    return Remark;
  });
}

/// The FMA counts of one FMA block and, when some FMAs stay single, why.
static void reportFMABlock(FindingReporter &Report, MachineBasicBlock &MBB,
                           const FMABlockCounts &Counts, bool ExplainSingles,
                           const gemm::OpcodesByName &Opcodes) {
  unsigned Percent = 100 * Counts.FMAsInVOPD / Counts.FMAs;
  Report([&] {
    MachineOptimizationRemarkAnalysis Remark(kGemmVOPDPassName, "FMABlock",
                                             DebugLoc(), &MBB);
    Remark << "FMA block %bb." << ore::NV("Block", MBB.getNumber()) << ": "
           << ore::NV("FMAs", Counts.FMAs) << " FMAs, "
           << ore::NV("FMAsInVOPD", Counts.FMAsInVOPD) << " in VOPD ("
           << ore::NV("Percent", Percent) << "%), "
           << ore::NV("VOPDs", Counts.VOPDs) << " VOPD instructions";
    return Remark;
  });
  if (!ExplainSingles || Counts.FMAsInVOPD == Counts.FMAs)
    return;
  // Why the rest stay single, for the user who expects 100 %.
  gemm::SingleFMACCensus Census = gemm::censusSingleFMACs(MBB, Opcodes);
  unsigned Other = Counts.FMAs - Counts.FMAsInVOPD - Census.Singles;
  Report([&] {
    MachineOptimizationRemarkMissed Remark(kGemmVOPDPassName, "SingleFMAs",
                                           DebugLoc(), &MBB);
    Remark << ore::NV("Single", Counts.FMAs - Counts.FMAsInVOPD)
           << " FMAs of FMA block %bb." << ore::NV("Block", MBB.getNumber())
           << " stay single: " << ore::NV("NoPartner", Census.NoPartner)
           << " have no single FMAC in the block to pair with (a legal pair "
              "needs destinations, src0s and vsrc1s of opposite VGPR parity, "
              "sources swapped if need be), "
           << ore::NV("Blocked", Census.Blocked)
           << " have one only beyond a dependence or more than "
           << ore::NV("Window", gemm::PairingWindow)
           << " instructions away, and " << ore::NV("Other", Other)
           << " are not v_fmac_f32 on VGPRs (VOP3 forms, SGPR or constant "
              "operands)";
    return Remark;
  });
}

/// The VGPRs the recoloring and the bank plan may add to `MF`: the
/// -gemm-amdgpu-vopd-recolor-extra-vgprs given on the command line, else 8 or,
/// if more, up to the highest count that still gives the waves per SIMD the
/// function has now (the tiling passes' order leaves the allocation tight
/// enough that 8 can be too few to plan every FMA's parity).
static unsigned getExtraVGPRAllowance(const MachineFunction &MF) {
  if (RecolorExtraVGPRs.getNumOccurrences())
    return RecolorExtraVGPRs;
  const TargetSubtargetInfo &ST = MF.getSubtarget();
  gemm::VGPRTable Table(*ST.getRegisterInfo());
  unsigned Used = Table.highestUsed(MF) + 1;
  gemm::VgprFile File = gemm::getVgprFile(
      /*wave64=*/false, ST.checkFeatures("+allocate1_5xvgprs"));
  unsigned SameWaves =
      gemm::getMaxVgprsForWaves(gemm::getWavesPerSimdByVgprs(Used, File), File);
  unsigned Room = SameWaves > Used ? SameWaves - Used : 0;
  return std::max<unsigned>(RecolorExtraVGPRs, Room);
}

/// The pass's work on one machine function, whichever pass manager runs it:
/// the rewrites, then the counts and remarks. Returns whether `MF` changed.
static bool runGemmVOPD(MachineFunction &MF, MachineLoopInfo &Loops,
                        MachineOptimizationRemarkEmitter &ORE) {
  // Features can differ per function; wave64 code has no VOPD.
  if (MF.getSubtarget().checkFeatures("+wavefrontsize64"))
    return false;
  LLVM_DEBUG(dbgs() << kGemmVOPDPassName << ": " << MF.getName() << "\n");
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  FindingReporter Report(MF, ORE);

  bool Changed = false;
  bool Rewrite = (RepairParity || PairFMACs || RecolorVGPRs) &&
                 gemm::isVOPDParityHazardTarget(MF);
  // The rewrites find opcodes by name; one scan of the opcode table serves.
  gemm::OpcodesByName Opcodes;
  if (Rewrite)
    Opcodes = gemm::getOpcodesByName(TII);

  // Recolor first: it takes the loop's VOPDs apart, and the pairing below
  // forms them again on the new registers. The bank plan shares the
  // recoloring's VGPR allowance.
  unsigned ExtraVGPRs = Rewrite && RecolorVGPRs ? getExtraVGPRAllowance(MF) : 0;
  if (Rewrite && RecolorVGPRs)
    gemm::recolorFMALoops(
        MF, Loops, Opcodes, MinFMAsPerBlock, ExtraVGPRs,
        [&](MachineBasicBlock &MBB, const gemm::RecolorResult &R) {
          Changed |= R.Recolored;
          reportRecolor(Report, MBB, R);
          if (!PlaceByBank || Loops.getLoopFor(&MBB)->getNumBlocks() != 1)
            return;
          unsigned ExtraUsed = R.Recolored ? R.ExtraVGPRs : 0;
          gemm::FragmentBankResult Plan = gemm::placeFragmentsByBank(
              MBB, Opcodes,
              ExtraVGPRs > ExtraUsed ? ExtraVGPRs - ExtraUsed : 0);
          Changed |= Plan.Placed;
          reportBankPlan(Report, MBB, Plan);
        });
  if (Rewrite && RepairParity) {
    gemm::VOPDParityStats Stats = gemm::repairVOPDParity(MF, Opcodes);
    Changed |= Stats.Swapped + Stats.Split > 0;
    reportParity(Report, MF, Stats);
  }
  if (Rewrite && PairFMACs) {
    gemm::VOPDPairingStats Stats = gemm::pairSingleFMACs(MF, Opcodes);
    Changed |= Stats.Paired > 0;
    reportPairing(Report, MF, Stats);
  }

  unsigned FMABlocks = 0;
  for (MachineBasicBlock &MBB : MF) {
    const MachineLoop *L = Loops.getLoopFor(&MBB);
    if (!L || !L->isInnermost())
      continue;
    FMABlockCounts Counts = countFMAs(MBB, TII);
    if (Counts.FMAs == 0 || Counts.FMAs < MinFMAsPerBlock)
      continue;
    ++FMABlocks;
    ++NumFMABlocks;
    reportFMABlock(Report, MBB, Counts, Rewrite && PairFMACs, Opcodes);
  }
  if (FMABlocks == 0)
    Report([&] {
      return MachineOptimizationRemarkAnalysis(kGemmVOPDPassName, "NoFMABlock",
                                               DebugLoc(), &MF.front())
             << "no FMA block (innermost loop block with at least "
             << ore::NV("MinFMAs", unsigned(MinFMAsPerBlock)) << " FMAs)";
    });
  return Changed;
}

char GemmVOPDLegacy::ID = 0;

bool GemmVOPDLegacy::runOnMachineFunction(MachineFunction &MF) {
  // optnone and opt-bisect. The new pass manager's instrumentation makes the
  // same decision before it calls GemmVOPDPass::run.
  if (skipFunction(MF.getFunction()))
    return false;
  return runGemmVOPD(
      MF, getAnalysis<MachineLoopInfoWrapperPass>().getLI(),
      getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE());
}

namespace gemm {

PreservedAnalyses GemmVOPDPass::run(MachineFunction &MF,
                                    MachineFunctionAnalysisManager &MFAM) {
  if (!runGemmVOPD(
          MF, MFAM.getResult<MachineLoopAnalysis>(MF),
          MFAM.getResult<MachineOptimizationRemarkEmitterAnalysis>(MF)))
    return PreservedAnalyses::all();
  // The recoloring can split a loop exit edge, so unlike the legacy entry this
  // one claims no CFG analysis: the new pass manager would keep a stale
  // dominator tree cached for the passes after it.
  return getMachineFunctionPassPreservedAnalyses();
}

MachineFunctionPass *createGemmVOPDPass() { return new GemmVOPDLegacy(); }

const void *getGemmVOPDPassID() { return &GemmVOPDLegacy::ID; }

void initializeGemmVOPDPass(PassRegistry &Registry) {
  static bool Registered = [&] {
    Registry.registerPass(
        *new PassInfo(kGemmVOPDPassName, kGemmVOPDPassName, &GemmVOPDLegacy::ID,
                      PassInfo::NormalCtor_t(callDefaultCtor<GemmVOPDLegacy>),
                      /*CFGOnly=*/false, /*IsAnalysis=*/false));
    return true;
  }();
  (void)Registered;
}

} // namespace gemm
