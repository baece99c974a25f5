//===- AMDGPUMCLayer.h - LLVM's AMDGPU MC layer for one chip ----*- C++ -*-===//
//
// The pieces of LLVM's MC layer that decoding and printing gfx11 code needs,
// built once for a chip in wave32. Shared by the emulator and gemm-report.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_CODEOBJECT_AMDGPUMCLAYER_H
#define GEMM_OPT_CODEOBJECT_AMDGPUMCLAYER_H

#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>

namespace gemm {

struct AMDGPUMCLayer {
  llvm::Triple TT{"amdgcn-amd-amdhsa"};
  const llvm::Target *TheTarget = nullptr;
  llvm::MCTargetOptions Options;
  std::unique_ptr<llvm::MCRegisterInfo> MRI;
  std::unique_ptr<llvm::MCAsmInfo> MAI;
  std::unique_ptr<llvm::MCSubtargetInfo> STI;
  std::unique_ptr<llvm::MCInstrInfo> MII;
  std::unique_ptr<llvm::MCContext> Ctx;
  std::unique_ptr<llvm::MCDisassembler> Disasm;
  std::unique_ptr<llvm::MCInstPrinter> Printer;

  /// Initializes LLVM's targets and builds every piece for `chip`; fails with
  /// a message naming what LLVM could not provide.
  llvm::Error init(llvm::StringRef chip = "gfx1100");
};

} // namespace gemm

#endif // GEMM_OPT_CODEOBJECT_AMDGPUMCLAYER_H
