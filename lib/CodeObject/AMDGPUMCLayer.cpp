//===- AMDGPUMCLayer.cpp - LLVM's AMDGPU MC layer for one chip ------------===//

#include "gemm-opt/CodeObject/AMDGPUMCLayer.h"

#include "llvm/Support/TargetSelect.h"

using namespace llvm;

namespace gemm {

Error AMDGPUMCLayer::init(StringRef chip) {
  InitializeAllTargetInfos();
  InitializeAllTargetMCs();
  InitializeAllDisassemblers();
  InitializeAllAsmParsers();
  std::string message;
  TheTarget = TargetRegistry::lookupTarget(TT, message);
  if (!TheTarget)
    return createStringError(inconvertibleErrorCode(),
                             "LLVM has no AMDGPU target: " + message);
  MRI.reset(TheTarget->createMCRegInfo(TT));
  if (MRI)
    MAI.reset(TheTarget->createMCAsmInfo(*MRI, TT, Options));
  STI.reset(TheTarget->createMCSubtargetInfo(TT, chip, "+wavefrontsize32"));
  MII.reset(TheTarget->createMCInstrInfo());
  if (!MRI || !MAI || !STI || !MII)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create LLVM's AMDGPU MC layer");
  Ctx = std::make_unique<MCContext>(TT, MAI.get(), MRI.get(), STI.get());
  Disasm.reset(TheTarget->createMCDisassembler(*STI, *Ctx));
  Printer.reset(TheTarget->createMCInstPrinter(TT, 0, *MAI, *MII, *MRI));
  if (!Disasm || !Printer)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create LLVM's AMDGPU disassembler");
  return Error::success();
}

} // namespace gemm
