//===- GemmVOPDNewPMTest.cpp - The late pass on the new pass manager ------===//
//
// LLVM 22's llc builds its -passes pipeline without the callbacks of the
// plugins it loads, so no stock tool can run gemm-amdgpu-vopd on the new pass
// manager (docs/late-pass.md). This test is the host llc would be if it did:
// it loads GemmOptLLVMPlugin with PassPlugin::Load, hands the plugin its
// PassBuilder, parses -passes=gemm-amdgpu-vopd as llc does, and runs it on MIR.
// The input and the expected pair are those of test/lit/AMDGPU/vopd-mir.test,
// where the legacy entry runs under llc -run-pass: both entries share the
// code, so they must give the same instructions.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/CodeGen/MIRParser/MIRParser.h"
#include "llvm/CodeGen/MIRPrinter.h"
#include "llvm/CodeGen/MachineFunctionAnalysis.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/MachinePassManager.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include "gtest/gtest.h"

#include <memory>
#include <optional>
#include <string>

using namespace llvm;

namespace {

/// pair.mir of vopd-mir.test: four FMACs and a v_mov between the first two.
constexpr const char *PairMIR = R"MIR(
---
name:            pair
tracksRegLiveness: true
body:             |
  bb.0:
    liveins: $vgpr0, $vgpr1, $vgpr2, $vgpr3, $vgpr7, $vgpr8, $vgpr9, $vgpr10, $vgpr11
    $vgpr8 = V_FMAC_F32_e32 $vgpr0, $vgpr1, $vgpr8, implicit $mode, implicit $exec
    $vgpr4 = V_MOV_B32_e32 $vgpr7, implicit $exec
    $vgpr9 = V_FMAC_F32_e32 $vgpr3, $vgpr2, $vgpr9, implicit $mode, implicit $exec
    $vgpr10 = V_FMAC_F32_e32 $vgpr8, $vgpr1, $vgpr10, implicit $mode, implicit $exec
    $vgpr11 = V_FMAC_F32_e32 $vgpr4, $vgpr3, $vgpr11, implicit $mode, implicit $exec
    S_ENDPGM 0, implicit $vgpr8, implicit $vgpr9, implicit $vgpr10, implicit $vgpr11
...
)MIR";

/// What llc -passes=<Pipeline> would do with the plugin's callbacks: parse the
/// MIR, run the pipeline and print the MIR. Returns the printed MIR, or the
/// error prefixed with "error: ".
std::string runOnMIR(StringRef MIRText, StringRef Pipeline,
                     std::string *PrintedPipeline = nullptr) {
  Expected<PassPlugin> Plugin = PassPlugin::Load(GEMM_OPT_LLVM_PLUGIN);
  if (!Plugin)
    return "error: " + toString(Plugin.takeError());

  std::string Message;
  Triple TT("amdgcn-amd-amdhsa");
  const Target *TheTarget = TargetRegistry::lookupTarget(TT, Message);
  if (!TheTarget)
    return "error: " + Message;
  std::unique_ptr<TargetMachine> TM(TheTarget->createTargetMachine(
      TT, "gfx1100", "", TargetOptions(), std::nullopt));

  LLVMContext Context;
  std::unique_ptr<MIRParser> MIR =
      createMIRParser(MemoryBuffer::getMemBuffer(MIRText), Context);
  std::unique_ptr<Module> M = MIR ? MIR->parseIRModule() : nullptr;
  if (!M)
    return "error: cannot parse the MIR";
  M->setDataLayout(TM->createDataLayout());

  MachineModuleInfo MMI(TM.get());
  PassInstrumentationCallbacks PIC;
  MachineFunctionAnalysisManager MFAM;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM.get(), PipelineTuningOptions(), std::nullopt, &PIC);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.registerMachineFunctionAnalyses(MFAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM, &MFAM);
  MAM.registerPass([&] { return MachineModuleAnalysis(MMI); });
  // The step llc leaves out.
  Plugin->registerPassBuilderCallbacks(PB);

  std::string Out;
  raw_string_ostream OS(Out);
  ModulePassManager MPM;
  if (!Pipeline.empty())
    if (Error E = PB.parsePassPipeline(MPM, Pipeline))
      return "error: " + toString(std::move(E));
  if (PrintedPipeline) {
    raw_string_ostream PipelineOS(*PrintedPipeline);
    MPM.printPipeline(PipelineOS, [&PIC](StringRef ClassName) {
      StringRef PassName = PIC.getPassNameForClassName(ClassName);
      return PassName.empty() ? ClassName : PassName;
    });
  }
  MPM.addPass(PrintMIRPreparePass(OS));
  MachineFunctionPassManager MFPM;
  MFPM.addPass(PrintMIRPass(OS));
  FunctionPassManager FPM;
  FPM.addPass(createFunctionToMachineFunctionPassAdaptor(std::move(MFPM)));
  MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));

  if (MIR->parseMachineFunctions(*M, MAM))
    return "error: cannot parse the machine functions";
  MPM.run(*M, MAM);
  return Out;
}

class GemmVOPDNewPMTest : public testing::Test {
protected:
  static void SetUpTestSuite() {
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
  }
  void SetUp() override {
    std::string Message;
    if (!TargetRegistry::lookupTarget(Triple("amdgcn-amd-amdhsa"), Message))
      GTEST_SKIP() << "LLVM has no AMDGPU target: " << Message;
  }
};

TEST_F(GemmVOPDNewPMTest, PairsFMACsLikeTheLegacyEntry) {
  std::string Pipeline;
  std::string Out = runOnMIR(PairMIR, "gemm-amdgpu-vopd", &Pipeline);
  ASSERT_EQ(Out.rfind("error: ", 0), std::string::npos) << Out;
  // The plugin names the pass in printed pipelines, not its C++ class.
  EXPECT_NE(Pipeline.find("gemm-amdgpu-vopd"), std::string::npos) << Pipeline;
  EXPECT_EQ(Pipeline.find("GemmVOPDPass"), std::string::npos) << Pipeline;
  // vopd-mir.test's PAIR lines: the FMAC below the v_mov is hoisted over it
  // to pair with the first, and the last two pair after it.
  EXPECT_NE(
      Out.find(
          "    $vgpr8, $vgpr9 = V_DUAL_FMAC_F32_e32_X_FMAC_F32_e32_gfx11 "
          "$vgpr0, $vgpr1, $vgpr8, $vgpr3, $vgpr2, $vgpr9, implicit $mode, "
          "implicit $exec\n"
          "    $vgpr4 = V_MOV_B32_e32 $vgpr7, implicit $exec\n"
          "    $vgpr10, $vgpr11 = V_DUAL_FMAC_F32_e32_X_FMAC_F32_e32_gfx11 "
          "$vgpr8, $vgpr1, $vgpr10, $vgpr3, $vgpr4, $vgpr11, implicit "
          "$mode, implicit $exec\n"
          "    S_ENDPGM 0"),
      std::string::npos)
      << Out;
}

TEST_F(GemmVOPDNewPMTest, InputUnchangedWithoutThePass) {
  // The same host with an empty pipeline: the pair above is the pass's work,
  // not the host's.
  std::string Out = runOnMIR(PairMIR, "");
  ASSERT_EQ(Out.rfind("error: ", 0), std::string::npos) << Out;
  EXPECT_EQ(Out.find("V_DUAL_"), std::string::npos) << Out;
}

} // namespace
