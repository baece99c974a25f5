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
  // decodeOne's instruction families, by the MC opcode's name without its
  // encoding suffixes (\p Name): each fills \p I and sets its Opc, or returns
  // false with the reason in I.Why.
  /// V_CMP[X]_*, S_CMP[K]_*: the condition and type from the name.
  bool decodeCompare(const llvm::MCInst &MI, emu::Inst &I,
                     llvm::StringRef Name);
  /// S_LOAD_B<bits>_*.
  bool decodeScalarLoad(const llvm::MCInst &MI, emu::Inst &I,
                        llvm::StringRef Name);
  /// GLOBAL_LOAD_*, GLOBAL_STORE_*, FLAT_LOAD_*, FLAT_STORE_*.
  bool decodeGlobal(const llvm::MCInst &MI, emu::Inst &I, llvm::StringRef Name);
  /// BUFFER_LOAD_*_OFFEN.
  bool decodeBufferLoad(const llvm::MCInst &MI, emu::Inst &I,
                        llvm::StringRef Name);
  /// DS_READ*, DS_WRITE*.
  bool decodeLds(const llvm::MCInst &MI, emu::Inst &I, llvm::StringRef Name);
  /// The Nop instructions: s_waitcnt*, s_setprio, s_sleep, s_nop, ...
  bool decodeNop(const llvm::MCInst &MI, emu::Inst &I, llvm::StringRef Name);
};

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_EMULATOR_DECODER_H
