//===- LaneOps.h - Per-lane integer and compare helpers ---------*- C++ -*-===//
//
// Bit-field, median, byte-permute and compare helpers shared by the vector
// and scalar units.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_EMULATOR_LANEOPS_H
#define GEMM_RUNTIME_EMULATOR_LANEOPS_H

#include "ISA.h"

#include <algorithm>
#include <cmath>

namespace gemm {
namespace rt {
namespace emu {

inline uint32_t bfe(uint32_t X, uint32_t Off, uint32_t W) {
  Off &= 31;
  W &= 31;
  if (W == 0)
    return 0;
  return (X >> Off) & ((W == 32) ? ~0u : ((1u << W) - 1));
}

inline int32_t sbfe(uint32_t X, uint32_t Off, uint32_t W) {
  Off &= 31;
  W &= 31;
  if (W == 0)
    return 0;
  uint32_t V = bfe(X, Off, W);
  return static_cast<int32_t>(V << (32 - W)) >> (32 - W);
}

inline int32_t s24(uint32_t X) { return static_cast<int32_t>(X << 8) >> 8; }

inline uint32_t med3u(uint32_t A, uint32_t B, uint32_t C) {
  return std::max(std::min(A, B), std::min(std::max(A, B), C));
}
inline int32_t med3i(int32_t A, int32_t B, int32_t C) {
  return std::max(std::min(A, B), std::min(std::max(A, B), C));
}

inline uint32_t perm(uint32_t S0, uint32_t S1, uint32_t Sel) {
  uint64_t V = (uint64_t)S0 << 32 | S1;
  uint32_t R = 0;
  for (int B = 0; B < 4; ++B) {
    uint32_t Sb = (Sel >> (8 * B)) & 0xff, Byte;
    if (Sb < 8)
      Byte = (V >> (8 * Sb)) & 0xff;
    else if (Sb >= 13)
      Byte = Sb == 12 ? 0 : 0xff;
    else if (Sb == 12)
      Byte = 0;
    else {
      // 8-11: sign of bytes 1, 3, 5, 7.
      uint32_t Src = (V >> (8 * (2 * (Sb - 8) + 1))) & 0x80;
      Byte = Src ? 0xff : 0;
    }
    R |= Byte << (8 * B);
  }
  return R;
}

template <typename T> inline bool cmpInt(uint8_t Cond, T A, T B) {
  switch (Cond) {
  case CLT:
    return A < B;
  case CEQ:
    return A == B;
  case CLE:
    return A <= B;
  case CGT:
    return A > B;
  case CLG:
    return A != B;
  case CGE:
    return A >= B;
  case CT:
    return true;
  default:
    return false;
  }
}

inline bool cmpF32(uint8_t Cond, float A, float B) {
  bool Unord = std::isnan(A) || std::isnan(B);
  switch (Cond) {
  case CLT:
    return A < B;
  case CEQ:
    return A == B;
  case CLE:
    return A <= B;
  case CGT:
    return A > B;
  case CLG:
    return !Unord && A != B;
  case CGE:
    return A >= B;
  case CO:
    return !Unord;
  case CU:
    return Unord;
  case CNGE:
    return !(A >= B);
  case CNLG:
    return Unord || A == B;
  case CNGT:
    return !(A > B);
  case CNLE:
    return !(A <= B);
  case CNEQ:
    return !(A == B);
  case CNLT:
    return !(A < B);
  case CT:
    return true;
  default:
    return false;
  }
}

} // namespace emu
} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_EMULATOR_LANEOPS_H
