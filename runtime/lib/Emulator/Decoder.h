//===- Decoder.h - MC-based decoder state of the emulator -------*- C++ -*-===//
//
// Emulator::Impl owns LLVM's AMDGPU MC layer (disassembler, instruction and
// register info) and the per-opcode resolution tables.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_EMULATOR_DECODER_H
#define GEMM_RUNTIME_EMULATOR_DECODER_H

#include "ISA.h"

#include "gemm-opt/CodeObject/AMDGPUMCLayer.h"
#include "gemm-runtime/Emulator.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCInst.h"

#include <map>
#include <memory>

namespace gemm {
namespace rt {

struct Emulator::Impl : gemm::AMDGPUMCLayer {
  std::vector<emu::RegMap> Regs;  // by MCRegister
  std::vector<emu::Op> OpOf;      // by MC opcode (Invalid: not resolved)
  std::vector<std::string> YName; // scratch
  llvm::StringMap<emu::Op> SimpleOps;
  int ModsType = -1, KImmType = -1; // MCOperandInfo::OperandType values
  std::map<std::pair<const CodeObject *, uint64_t>,
           std::unique_ptr<DecodedProgram>>
      Programs;

  llvm::Error init();
  void initRegs();
  std::string text(const DecodedProgram &P, const emu::Inst &I);
  llvm::Expected<std::unique_ptr<DecodedProgram>>
  decode(llvm::ArrayRef<uint8_t> Code, uint64_t Base);
  void decodeOne(const llvm::MCInst &MI, emu::Inst &I);
  bool convertOperand(const llvm::MCOperand &MO, emu::Opnd &O,
                      std::string &Why);
  const llvm::MCOperand &tiedOperand(const llvm::MCInst &MI, unsigned K);
  bool decodeValu(const llvm::MCInst &MI, emu::Inst &I, emu::Op O,
                  unsigned End = ~0u);
  bool decodeDpp(const llvm::MCInst &MI, emu::Inst &I, emu::Op O);
  bool decodePermlane(const llvm::MCInst &MI, emu::Inst &I);
  bool decodeVopd(const llvm::MCInst &MI, emu::Inst &I, llvm::StringRef Name);
};

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_EMULATOR_DECODER_H
