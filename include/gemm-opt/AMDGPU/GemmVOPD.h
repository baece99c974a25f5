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
// Call gemm::registerLatePass() once, before creating a TargetMachine's code
// generation passes, to have the pass inserted into every amdgcn wave32
// pipeline of the process (GemmOptLLVMPlugin does so when it is loaded).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_AMDGPU_GEMMVOPD_H
#define GEMM_OPT_AMDGPU_GEMMVOPD_H

namespace llvm {
class MachineFunctionPass;
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

} // namespace gemm

#endif // GEMM_OPT_AMDGPU_GEMMVOPD_H
