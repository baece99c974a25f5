//===- VGPRRecolor.h - Recolor an FMA loop's VGPRs for VOPD -----*- C++ -*-===//
//
// Internal to the late AMDGPU pass.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_AMDGPU_VGPRRECOLOR_H
#define GEMM_OPT_LIB_AMDGPU_VGPRRECOLOR_H

#include "TargetNames.h"

#include <functional>
#include <string>

namespace llvm {
class MachineBasicBlock;
class MachineFunction;
class MachineLoopInfo;
} // namespace llvm

namespace gemm {

/// What the recoloring did to one FMA block, or why it left it alone.
struct RecolorResult {
  bool Recolored = false;
  std::string WhyNot;       // Set when the block was left alone.
  unsigned FMAs = 0;        // FMAs in the block.
  unsigned VOPDsSplit = 0;  // FMAC x FMAC VOPDs taken apart first.
  unsigned Anchored = 0;    // FMAs whose accumulator parity was planned.
  unsigned MovedRegs = 0;   // VGPRs renamed inside the loop.
  unsigned EntryCopies = 0; // Moves inserted in the preheader.
  unsigned ExitCopies = 0;  // Moves inserted in the exit block.
  unsigned ExtraVGPRs = 0;  // VGPRs above the function's previous maximum.
};

using RecolorCallback =
    std::function<void(llvm::MachineBasicBlock &, const RecolorResult &)>;

/// Renames, in every single-block innermost loop with at least `MinFMAs`
/// V_FMAC_F32, the VGPRs of the FMA operands so that every FMA can pair into
/// a parity-safe VOPD: each fragment of A or B loaded as a tuple starts on an
/// even VGPR, and each accumulator gets the parity of the A element it is
/// multiplied with. The loop body is renamed as a whole (a permutation), with
/// moves in the preheader and the exit block for the values live across the
/// loop boundary, so results are bit-identical. Uses at most `ExtraVGPRs`
/// VGPRs above the function's highest one. Reports each block to `Report`.
void recolorFMALoops(llvm::MachineFunction &MF, llvm::MachineLoopInfo &Loops,
                     const OpcodesByName &Opcodes, unsigned MinFMAs,
                     unsigned ExtraVGPRs, const RecolorCallback &Report);

} // namespace gemm

#endif // GEMM_OPT_LIB_AMDGPU_VGPRRECOLOR_H
