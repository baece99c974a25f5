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
    cl::init(8));

static cl::opt<bool> RepairParity(
    "gemm-amdgpu-vopd-parity-fix",
    cl::desc("Rewrite every VOPD whose same-slot sources have the same parity "
             "(the gfx11 VOPD interlock hazard, which LLVM 22 does not "
             "check): swap commutative sources, else split the pair"),
    cl::init(true));

static cl::opt<bool> PairFMACs(
    "gemm-amdgpu-vopd-pair",
    cl::desc("Pair single v_fmac_f32 into parity-safe VOPDs (gfx11), hoisting "
             "an independent FMAC from up to 48 instructions below"),
    cl::init(true));

static cl::opt<bool> RecolorVGPRs(
    "gemm-amdgpu-vopd-recolor",
    cl::desc("Rename the VGPRs of each single-block FMA loop so that every "
             "FMA can pair into a parity-safe VOPD (gfx11): LDS fragments on "
             "even bases, accumulators with the parity of their A element; "
             "values crossing the loop boundary are moved"),
    cl::init(true));

static cl::opt<bool> PlaceByBank(
    "gemm-amdgpu-vopd-bank-plan",
    cl::desc("After the recoloring, give each LDS load that feeds only FMA "
             "sources new VGPRs so that one source of every FMA is in banks "
             "0-1 and the other in banks 2-3 (a VOPD then reads four "
             "banks); ds_load_b128 becomes two ds_load_b64"),
    cl::init(true));

static cl::opt<unsigned> RecolorExtraVGPRs(
    "gemm-amdgpu-vopd-recolor-extra-vgprs",
    cl::desc("Most VGPRs the recoloring and bank plan may use above the "
             "function's highest VGPR (default: 8, or more while the "
             "function keeps its waves per SIMD)"),
    cl::init(8));

namespace {

struct FMABlockCounts {
  unsigned fmas = 0;       // FMAs, single-issued or VOPD halves.
  unsigned fmasInVOPD = 0; // FMAs issued as a VOPD half.
  unsigned vopds = 0;      // VOPD instructions of any kind.
};

bool isFMAOpName(StringRef name) {
  return name.starts_with("FMAC_F32") || name.starts_with("FMAMK_F32") ||
         name.starts_with("FMAAK_F32") || name.starts_with("FMA_F32");
}

/// Counts the FMAs of `mbb`. VOPD opcodes read like
/// V_DUAL_FMAC_F32_e32_X_FMAC_F32_e32_gfx11: each half is counted on its own.
FMABlockCounts countFMAs(const MachineBasicBlock &mbb,
                         const TargetInstrInfo &tii) {
  FMABlockCounts counts;
  for (const MachineInstr &mi : mbb) {
    StringRef name = tii.getName(mi.getOpcode());
    if (name.consume_front("V_DUAL_")) {
      ++counts.vopds;
      auto [x, y] = name.split("_X_");
      unsigned halves = isFMAOpName(x) + isFMAOpName(y);
      counts.fmas += halves;
      counts.fmasInVOPD += halves;
      continue;
    }
    if (name.consume_front("V_") && isFMAOpName(name))
      ++counts.fmas;
  }
  return counts;
}

/// Sends each finding to the remark emitter and, under
/// -gemm-amdgpu-vopd-report, prints the same message to stderr, so the two
/// outputs cannot drift apart. Builds a remark only when one of them wants it.
class FindingReporter {
public:
  FindingReporter(const MachineFunction &mf,
                  MachineOptimizationRemarkEmitter &ore)
      : mf(mf), ore(ore), remarksOn(ore.allowExtraAnalysis(kGemmVOPDPassName)) {
  }

  template <typename BuildRemark> void operator()(BuildRemark build) {
    if (!PrintReport && !remarksOn)
      return;
    auto remark = build();
    if (PrintReport)
      errs() << kGemmVOPDPassName << ": " << mf.getName() << ": "
             << remark.getMsg() << "\n";
    if (remarksOn)
      ore.emit(remark);
  }

private:
  const MachineFunction &mf;
  MachineOptimizationRemarkEmitter &ore;
  bool remarksOn;
};

class GemmVOPDPass : public MachineFunctionPass {
public:
  static char ID;

  GemmVOPDPass() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "gemm-opt late AMDGPU VOPD pass";
  }

  void getAnalysisUsage(AnalysisUsage &au) const override {
    au.addRequired<MachineLoopInfoWrapperPass>();
    au.addRequired<MachineOptimizationRemarkEmitterPass>();
    au.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(au);
  }

  bool runOnMachineFunction(MachineFunction &mf) override;
};

} // namespace

char GemmVOPDPass::ID = 0;

static void reportBankPlan(FindingReporter &report, MachineBasicBlock &mbb,
                           const gemm::FragmentBankResult &r) {
  if (!r.placed) {
    report([&] {
      MachineOptimizationRemarkMissed remark(
          kGemmVOPDPassName, "BankPlanMissed", DebugLoc(), &mbb);
      remark << "FMA block %bb." << ore::NV("Block", mbb.getNumber())
             << " keeps its LDS load registers: "
             << ore::NV("Reason", r.whyNot);
      return remark;
    });
    return;
  }
  ++NumBankPlans;
  report([&] {
    MachineOptimizationRemark remark(kGemmVOPDPassName, "BankPlan", DebugLoc(),
                                     &mbb);
    remark << "placed " << ore::NV("Loads", r.fragments)
           << " LDS loads of FMA block %bb."
           << ore::NV("Block", mbb.getNumber())
           << " so that every FMA reads one source from VGPR banks 0-1 and one "
              "from banks 2-3 ("
           << ore::NV("Split", r.loadsSplit) << " wide loads split, "
           << ore::NV("VOPDsSplit", r.vopdsSplit) << " VOPDs taken apart, "
           << ore::NV("ExtraVGPRs", r.extraVGPRs) << " extra VGPRs)";
    if (r.offPlan)
      remark << "; for want of VGPRs, " << ore::NV("OffPlan", r.offPlan)
             << " of its " << ore::NV("Pieces", r.pieces)
             << " register pairs sit in the other half";
    return remark;
  });
}

static void reportRecolor(FindingReporter &report, MachineBasicBlock &mbb,
                          const gemm::RecolorResult &r) {
  if (!r.recolored) {
    report([&] {
      MachineOptimizationRemarkMissed remark(kGemmVOPDPassName, "RecolorMissed",
                                             DebugLoc(), &mbb);
      remark << "FMA block %bb." << ore::NV("Block", mbb.getNumber())
             << " not recolored: " << ore::NV("Reason", r.whyNot);
      return remark;
    });
    return;
  }
  ++NumRecolored;
  report([&] {
    MachineOptimizationRemark remark(kGemmVOPDPassName, "Recolor", DebugLoc(),
                                     &mbb);
    remark << "recolored " << ore::NV("MovedVGPRs", r.movedRegs)
           << " VGPRs of FMA block %bb." << ore::NV("Block", mbb.getNumber())
           << " for pairing (" << ore::NV("Planned", r.anchored) << " of "
           << ore::NV("FMAs", r.fmas) << " FMAs planned, "
           << ore::NV("VOPDsSplit", r.vopdsSplit) << " VOPDs taken apart, "
           << ore::NV("EntryMoves", r.entryCopies) << " entry and "
           << ore::NV("ExitMoves", r.exitCopies) << " exit moves, "
           << ore::NV("ExtraVGPRs", r.extraVGPRs) << " extra VGPRs)";
    return remark;
  });
}

static void reportParity(FindingReporter &report, MachineFunction &mf,
                         const gemm::VOPDParityStats &stats) {
  if (!stats.checked)
    return;
  NumParitySwapped += stats.swapped;
  NumParitySplit += stats.split;
  auto describe = [&](auto &remark) {
    remark << ore::NV("VOPDs", stats.checked) << " VOPD, "
           << ore::NV("Violations", stats.violations)
           << " breaking the gfx11 parity rule: "
           << ore::NV("Swapped", stats.swapped)
           << " repaired by swapping sources, " << ore::NV("Split", stats.split)
           << " split, " << ore::NV("Unrepaired", stats.unrepaired) << " left";
  };
  if (stats.violations)
    report([&] {
      MachineOptimizationRemark remark(kGemmVOPDPassName, "ParityRepair",
                                       DebugLoc(), &mf.front());
      describe(remark);
      return remark;
    });
  else
    report([&] {
      MachineOptimizationRemarkAnalysis remark(kGemmVOPDPassName, "Parity",
                                               DebugLoc(), &mf.front());
      describe(remark);
      return remark;
    });
}

static void reportPairing(FindingReporter &report, MachineFunction &mf,
                          const gemm::VOPDPairingStats &stats) {
  NumPaired += stats.paired;
  if (stats.unsupported) {
    report([&] {
      return MachineOptimizationRemarkMissed(kGemmVOPDPassName, "PairingMissed",
                                             DebugLoc(), &mf.front())
             << "FMAC pairing off: unexpected opcodes";
    });
    return;
  }
  report([&] {
    MachineOptimizationRemark remark(kGemmVOPDPassName, "Pairing", DebugLoc(),
                                     &mf.front());
    remark << ore::NV("Paired", stats.paired) << " new parity-safe FMAC pairs ("
           << ore::NV("Repaired", stats.repaired)
           << " by re-pairing through a VOPD)";
    return remark;
  });
}

/// The FMA counts of one FMA block and, when some FMAs stay single, why.
static void reportFMABlock(FindingReporter &report, MachineBasicBlock &mbb,
                           const FMABlockCounts &counts, bool explainSingles,
                           const gemm::OpcodesByName &opcodes) {
  unsigned percent = 100 * counts.fmasInVOPD / counts.fmas;
  report([&] {
    MachineOptimizationRemarkAnalysis remark(kGemmVOPDPassName, "FMABlock",
                                             DebugLoc(), &mbb);
    remark << "FMA block %bb." << ore::NV("Block", mbb.getNumber()) << ": "
           << ore::NV("FMAs", counts.fmas) << " FMAs, "
           << ore::NV("FMAsInVOPD", counts.fmasInVOPD) << " in VOPD ("
           << ore::NV("Percent", percent) << "%), "
           << ore::NV("VOPDs", counts.vopds) << " VOPD instructions";
    return remark;
  });
  if (!explainSingles || counts.fmasInVOPD == counts.fmas)
    return;
  // Why the rest stay single, for the user who expects 100 %.
  gemm::SingleFMACCensus singles = gemm::censusSingleFMACs(mbb, opcodes);
  unsigned other = counts.fmas - counts.fmasInVOPD - singles.singles;
  report([&] {
    MachineOptimizationRemarkMissed remark(kGemmVOPDPassName, "SingleFMAs",
                                           DebugLoc(), &mbb);
    remark << ore::NV("Single", counts.fmas - counts.fmasInVOPD)
           << " FMAs of FMA block %bb." << ore::NV("Block", mbb.getNumber())
           << " stay single: " << ore::NV("NoPartner", singles.noPartner)
           << " have no single FMAC in the block to pair with (a legal pair "
              "needs destinations, src0s and vsrc1s of opposite VGPR parity, "
              "sources swapped if need be), "
           << ore::NV("Blocked", singles.blocked)
           << " have one only beyond a dependence or more than "
           << ore::NV("Window", gemm::kPairingWindow)
           << " instructions away, and " << ore::NV("Other", other)
           << " are not v_fmac_f32 on VGPRs (VOP3 forms, SGPR or constant "
              "operands)";
    return remark;
  });
}

/// The VGPRs the recoloring and the bank plan may add to `mf`: the
/// -gemm-amdgpu-vopd-recolor-extra-vgprs given on the command line, else 8 or,
/// if more, up to the highest count that still gives the waves per SIMD the
/// function has now (the tiling passes' order leaves the allocation tight
/// enough that 8 can be too few to plan every FMA's parity).
static unsigned getExtraVGPRAllowance(const MachineFunction &mf) {
  if (RecolorExtraVGPRs.getNumOccurrences())
    return RecolorExtraVGPRs;
  const TargetSubtargetInfo &sti = mf.getSubtarget();
  gemm::VGPRTable table(*sti.getRegisterInfo());
  unsigned used = table.highestUsed(mf) + 1;
  gemm::VgprFile file = gemm::getVgprFile(
      /*wave64=*/false, sti.checkFeatures("+allocate1_5xvgprs"));
  unsigned sameWaves =
      gemm::getMaxVgprsForWaves(gemm::getWavesPerSimdByVgprs(used, file), file);
  unsigned room = sameWaves > used ? sameWaves - used : 0;
  return std::max<unsigned>(RecolorExtraVGPRs, room);
}

bool GemmVOPDPass::runOnMachineFunction(MachineFunction &mf) {
  // optnone and opt-bisect; features can differ per function; wave64 code has
  // no VOPD.
  if (skipFunction(mf.getFunction()) ||
      mf.getSubtarget().checkFeatures("+wavefrontsize64"))
    return false;
  LLVM_DEBUG(dbgs() << kGemmVOPDPassName << ": " << mf.getName() << "\n");
  const TargetInstrInfo &tii = *mf.getSubtarget().getInstrInfo();
  FindingReporter report(
      mf, getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE());
  MachineLoopInfo &loops = getAnalysis<MachineLoopInfoWrapperPass>().getLI();

  bool changed = false;
  bool rewrite = (RepairParity || PairFMACs || RecolorVGPRs) &&
                 gemm::isVOPDParityHazardTarget(mf);
  // The rewrites find opcodes by name; one scan of the opcode table serves.
  gemm::OpcodesByName opcodes;
  if (rewrite)
    opcodes = gemm::getOpcodesByName(tii);

  // Recolor first: it takes the loop's VOPDs apart, and the pairing below
  // forms them again on the new registers. The bank plan shares the
  // recoloring's VGPR allowance.
  unsigned extraVGPRs = rewrite && RecolorVGPRs ? getExtraVGPRAllowance(mf) : 0;
  if (rewrite && RecolorVGPRs)
    gemm::recolorFMALoops(
        mf, loops, opcodes, MinFMAsPerBlock, extraVGPRs,
        [&](MachineBasicBlock &mbb, const gemm::RecolorResult &r) {
          changed |= r.recolored;
          reportRecolor(report, mbb, r);
          if (!PlaceByBank || loops.getLoopFor(&mbb)->getNumBlocks() != 1)
            return;
          unsigned extraUsed = r.recolored ? r.extraVGPRs : 0;
          gemm::FragmentBankResult plan = gemm::placeFragmentsByBank(
              mbb, opcodes,
              extraVGPRs > extraUsed ? extraVGPRs - extraUsed : 0);
          changed |= plan.placed;
          reportBankPlan(report, mbb, plan);
        });
  if (rewrite && RepairParity) {
    gemm::VOPDParityStats stats = gemm::repairVOPDParity(mf, opcodes);
    changed |= stats.swapped + stats.split > 0;
    reportParity(report, mf, stats);
  }
  if (rewrite && PairFMACs) {
    gemm::VOPDPairingStats stats = gemm::pairSingleFMACs(mf, opcodes);
    changed |= stats.paired > 0;
    reportPairing(report, mf, stats);
  }

  unsigned fmaBlocks = 0;
  for (MachineBasicBlock &mbb : mf) {
    const MachineLoop *loop = loops.getLoopFor(&mbb);
    if (!loop || !loop->isInnermost())
      continue;
    FMABlockCounts counts = countFMAs(mbb, tii);
    if (counts.fmas == 0 || counts.fmas < MinFMAsPerBlock)
      continue;
    ++fmaBlocks;
    ++NumFMABlocks;
    reportFMABlock(report, mbb, counts, rewrite && PairFMACs, opcodes);
  }
  if (fmaBlocks == 0)
    report([&] {
      return MachineOptimizationRemarkAnalysis(kGemmVOPDPassName, "NoFMABlock",
                                               DebugLoc(), &mf.front())
             << "no FMA block (innermost loop block with at least "
             << ore::NV("MinFMAs", unsigned(MinFMAsPerBlock)) << " FMAs)";
    });
  return changed;
}

namespace gemm {

MachineFunctionPass *createGemmVOPDPass() { return new GemmVOPDPass(); }

const void *getGemmVOPDPassID() { return &GemmVOPDPass::ID; }

void initializeGemmVOPDPass(PassRegistry &registry) {
  static bool registered = [&] {
    registry.registerPass(
        *new PassInfo(kGemmVOPDPassName, kGemmVOPDPassName, &GemmVOPDPass::ID,
                      PassInfo::NormalCtor_t(callDefaultCtor<GemmVOPDPass>),
                      /*CFGOnly=*/false, /*IsAnalysis=*/false));
    return true;
  }();
  (void)registered;
}

} // namespace gemm
