//===- GemmVOPD.h - The late AMDGPU VOPD pass -------------------*- C++ -*-===//
//
// gemm-opt's post-RA MachineFunction pass for RDNA3 (gfx11, wave32). It runs
// inside the AMDGPU backend right after gcn-create-vopd, on final registers and
// before waitcnt, hazard and s_delay_alu insertion.
//
// On gfx11 it does three bit-exact rewrites, all on by default. It recolours
// the VGPRs of each single-block FMA loop so that every FMA can pair into a
// VOPD that keeps the parity rule (-gemm-amdgpu-vopd-recolor). It repairs every
// VOPD that breaks the gfx11 parity rule (same-parity src0X/src0Y or
// vsrc1X/vsrc1Y VGPRs can lose the destination interlock) by swapping the
// sources of a commutative half or splitting the pair
// (-gemm-amdgpu-vopd-parity-fix). It pairs single FMACs into parity-safe VOPDs
// (-gemm-amdgpu-vopd-pair). It also counts, for every FMA block (an innermost
// loop block with V_FMAC_F32 work), the FMAs and how many of them issue as VOPD
// halves, and reports them through optimization remarks
// (-pass-remarks[-analysis|-missed]=gemm-amdgpu-vopd) and
// -gemm-amdgpu-vopd-report.
//
// The pass has an entry for each pass manager, both running the same code.
// The legacy one (createGemmVOPDPass, -run-pass=gemm-amdgpu-vopd) is the one
// that runs in code generation, because LLVM 22's AMDGPU code generation is
// built on TargetPassConfig. Call gemm::registerLatePass() once, before
// creating a TargetMachine's code generation passes, to have it inserted into
// every amdgcn wave32 pipeline of the process (GemmOptLLVMPlugin does so when
// it is loaded). The new one (gemm::GemmVOPDPass) is for hosts that build
// machine-function pipelines with a PassBuilder:
// registerGemmVOPDPassBuilderCallbacks() makes -passes=gemm-amdgpu-vopd parse
// (GemmOptLLVMPlugin's llvmGetPassPluginInfo calls it). LLVM 22's llc never
// hands its PassBuilder to a plugin, so `llc -passes=` cannot reach it there;
// docs/late-pass.md has the details.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_AMDGPU_GEMMVOPD_H
#define GEMM_OPT_AMDGPU_GEMMVOPD_H

#include "llvm/CodeGen/MachinePassManager.h"

namespace llvm {
class MachineFunctionPass;
class PassBuilder;
class PassRegistry;
} // namespace llvm

namespace gemm {

/// Registers the pass and a TargetPassConfig callback that inserts it after
/// gcn-create-vopd in every amdgcn code generation pipeline at -O1 and above,
/// for the whole process. Idempotent. It also registers the LLVM option
/// -gemm-amdgpu-vopd (=0 turns the insertion off again), so call it before
/// parsing the command line; in opt, whose legacy pass list already claims the
/// pass's name as an option, it registers none.
void registerLatePass();

/// The pass's command-line and registry name.
inline constexpr const char *kGemmVOPDPassName = "gemm-amdgpu-vopd";

/// Creates the late pass (for a legacy pass manager of your own).
llvm::MachineFunctionPass *createGemmVOPDPass();

/// The pass's ID, for TargetPassConfig::insertPass.
const void *getGemmVOPDPassID();

/// Registers the pass with `registry`, which insertPass and -run-pass need.
void initializeGemmVOPDPass(llvm::PassRegistry &registry);

/// The pass on the new pass manager, as gcn-create-vopd's GCNCreateVOPDPass is
/// beside its legacy GCNCreateVOPDLegacy.
class GemmVOPDPass : public llvm::PassInfoMixin<GemmVOPDPass> {
public:
  llvm::PreservedAnalyses run(llvm::MachineFunction &MF,
                              llvm::MachineFunctionAnalysisManager &MFAM);
};

/// Makes `PB` parse gemm-amdgpu-vopd as GemmVOPDPass in a machine-function
/// pipeline, and name it so in printed pipelines.
void registerGemmVOPDPassBuilderCallbacks(llvm::PassBuilder &PB);

} // namespace gemm

#endif // GEMM_OPT_AMDGPU_GEMMVOPD_H
