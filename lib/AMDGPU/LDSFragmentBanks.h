//===- LDSFragmentBanks.h - LDS fragments in their bank halves --*- C++ -*-===//

#ifndef GEMM_OPT_LIB_AMDGPU_LDSFRAGMENTBANKS_H
#define GEMM_OPT_LIB_AMDGPU_LDSFRAGMENTBANKS_H

#include "TargetNames.h"

#include <string>

namespace llvm {
class MachineBasicBlock;
} // namespace llvm

namespace gemm {

struct FragmentBankResult {
  bool Placed = false;
  std::string WhyNot;      // Set when the block was left alone.
  unsigned Fragments = 0;  // LDS load results placed by bank.
  unsigned Pieces = 0;     // Aligned pairs (or single VGPRs) placed.
  unsigned OffPlan = 0;    // Of those, in the other half for want of room.
  unsigned LoadsSplit = 0; // ds_load_b128 / b96 split into b64 (+ b32).
  unsigned VOPDsSplit = 0; // VOPDs the new banks made illegal, split.
  unsigned ExtraVGPRs = 0; // VGPRs above the function's previous maximum.
};

/// Places the LDS loads of FMA block `LoopBB` (a single-block loop) that feed
/// only FMA sources so that one source of every FMA is in VGPR banks 0-1 and
/// the other in banks 2-3, keeping each VGPR's parity; wide loads are split.
/// Up to `ExtraVGPRs` VGPRs above the function's highest may be used.
FragmentBankResult placeFragmentsByBank(llvm::MachineBasicBlock &LoopBB,
                                        const OpcodesByName &Opcodes,
                                        unsigned ExtraVGPRs);

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_LDSFRAGMENTBANKS_H
