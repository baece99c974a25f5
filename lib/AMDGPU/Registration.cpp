//===- Registration.cpp - Insert the late pass into amdgcn codegen --------===//
//
// registerLatePass() installs a RegisterTargetPassConfigCallback. It is an
// explicit call rather than a static registrar so that the library can be a
// plain static library: nothing depends on the linker keeping an unreferenced
// object file. registerGemmVOPDPassBuilderCallbacks() is the new pass
// manager's counterpart: it teaches a PassBuilder the pass's name.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/AMDGPU/GemmVOPD.h"

#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Pass.h"
#include "llvm/PassRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

/// -gemm-amdgpu-vopd, created by registerLatePass() after the pass is
/// registered, and only if the name is still free: opt's legacy pass list
/// turns every registered pass argument into an option of its own, so there
/// the pass's name is taken (and the switch has nothing to switch: opt runs no
/// code generation). A static cl::opt would abort opt with "registered more
/// than once" as the plugin loads. Null means on.
static cl::opt<bool> *EnableGemmVOPD = nullptr;

/// Name of the anchor: the pass goes right after gcn-create-vopd, on final
/// post-RA code before waitcnt, hazard and s_delay_alu insertion. The anchor's
/// ID is not exported from libLLVM, so it is found through the pass registry,
/// and the anchor is absent at -O0, where nothing is inserted.
static constexpr StringLiteral AnchorPassName = "gcn-create-vopd";

namespace {

/// gcn-create-vopd registers itself in the pass registry only when the AMDGPU
/// pass config first creates it, which is after our callback has run. This
/// listener inserts the late pass the moment the anchor appears, before the
/// pass config adds it. It must not query the registry: registerPass holds the
/// registry's write lock while it notifies listeners.
class AnchorListener : public PassRegistrationListener {
public:
  void passRegistered(const PassInfo *Info) override {
    if (!PendingConfig || Info->getPassArgument() != AnchorPassName)
      return;
    PendingConfig->insertPass(Info->getTypeInfo(), gemm::getGemmVOPDPassID());
    PendingConfig = nullptr;
  }

  TargetPassConfig *PendingConfig = nullptr;
};

AnchorListener TheAnchorListener;

} // namespace

static void insertGemmVOPDPass(TargetMachine &TM, PassManagerBase &,
                               TargetPassConfig *PassConfig) {
  TheAnchorListener.PendingConfig = nullptr;
  if ((EnableGemmVOPD && !*EnableGemmVOPD) || !PassConfig ||
      !TM.getTargetTriple().isAMDGCN())
    return;
  // Wave64 code has no VOPD. The pass checks each function's subtarget again.
  if (TM.getTargetFeatureString().contains("+wavefrontsize64"))
    return;
  // registerLatePass() registered the pass before installing this callback.
  PassRegistry &Registry = *PassRegistry::getPassRegistry();
  if (const PassInfo *Anchor = Registry.getPassInfo(AnchorPassName)) {
    PassConfig->insertPass(Anchor->getTypeInfo(), gemm::getGemmVOPDPassID());
    return;
  }
  TheAnchorListener.PendingConfig = PassConfig;
}

void gemm::registerLatePass() {
  static bool Registered = [] {
    PassRegistry &Registry = *PassRegistry::getPassRegistry();
    // Registered up front so that `llc -run-pass=gemm-amdgpu-vopd` finds it.
    initializeGemmVOPDPass(Registry);
    if (!cl::getRegisteredOptions().count(gemm::kGemmVOPDPassName))
      EnableGemmVOPD = new cl::opt<bool>(
          StringRef(gemm::kGemmVOPDPassName),
          cl::desc("Run gemm-opt's late AMDGPU VOPD pass in amdgcn code "
                   "generation (wave32 targets with VOPD)"),
          cl::init(true));
    Registry.addRegistrationListener(&TheAnchorListener);
    static RegisterTargetPassConfigCallback Callback(insertGemmVOPDPass);
    return true;
  }();
  (void)Registered;
}

void gemm::registerGemmVOPDPassBuilderCallbacks(PassBuilder &PB) {
  // Without this, printed pipelines would name the pass by its C++ class.
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks())
    PIC->addClassToPassName(GemmVOPDPass::name(), kGemmVOPDPassName);
  PB.registerPipelineParsingCallback(
      [](StringRef Name, MachineFunctionPassManager &MFPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != kGemmVOPDPassName)
          return false;
        MFPM.addPass(GemmVOPDPass());
        return true;
      });
}
