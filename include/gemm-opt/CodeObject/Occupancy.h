//===- Occupancy.h - Waves per SIMD a VGPR count allows ---------*- C++ -*-===//
//
// The VGPR rule of an RDNA3 SIMD's occupancy, shared by gemm-report's
// occupancy figure and the late pass's VGPR allowance, so that both count
// waves alike.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_CODEOBJECT_OCCUPANCY_H
#define GEMM_OPT_CODEOBJECT_OCCUPANCY_H

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>

namespace gemm {

/// The most waves a SIMD holds.
inline constexpr unsigned kMaxWavesPerSimd = 16;

/// A SIMD's VGPR file, in registers of the wave's width, and the granule it
/// is allocated in: wave32 on the gfx11 chips with 50 % more VGPRs
/// (gfx1100, gfx1101, gfx1151) has 1536 in granules of 24, wave32 on the
/// others 1024 by 16, wave64 half of either.
struct VgprFile {
  unsigned registers;
  unsigned granule;
};

inline VgprFile getVgprFile(bool wave64, bool largeFile) {
  VgprFile file = largeFile ? VgprFile{1536, 24} : VgprFile{1024, 16};
  if (wave64)
    file = {file.registers / 2, file.granule / 2};
  return file;
}

/// The waves per SIMD `vgprs` VGPRs per wave allow.
inline unsigned getWavesPerSimdByVgprs(uint64_t vgprs, VgprFile file) {
  uint64_t allocated =
      llvm::alignTo(std::max<uint64_t>(vgprs, 1), file.granule);
  return static_cast<unsigned>(
      std::min<uint64_t>(kMaxWavesPerSimd, file.registers / allocated));
}

/// The most VGPRs per wave that still allow `waves` waves per SIMD.
inline unsigned getMaxVgprsForWaves(unsigned waves, VgprFile file) {
  return std::min(256u, file.registers / std::max(waves, 1u) / file.granule *
                            file.granule);
}

} // namespace gemm

#endif // GEMM_OPT_CODEOBJECT_OCCUPANCY_H
