//===- Wave.h - Register state of one emulated wave -------------*- C++ -*-===//
//
// A wave's SGPRs, VGPRs (lane-contiguous), SCC and program counter, and the
// operand accessors every executing unit uses.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_EMULATOR_WAVE_H
#define GEMM_RUNTIME_EMULATOR_WAVE_H

#include "ISA.h"

#include "llvm/ADT/bit.h"

#include <cstring>
#include <vector>

namespace gemm {
namespace rt {
namespace emu {

constexpr unsigned NumVgprs = 256;

struct Wave {
  uint32_t S[128];
  bool SCC = false;
  std::vector<uint32_t> V; // NumVgprs x 32 lanes, lane-contiguous
  uint32_t PC = 0;
  enum { Running, AtBarrier, Done } State = Running;
  uint32_t *vreg(unsigned R) { return &V[R * 32]; }
};

inline float f(uint32_t X) { return llvm::bit_cast<float>(X); }
inline uint32_t u(float X) { return llvm::bit_cast<uint32_t>(X); }

inline uint32_t sread32(const Wave &W, const Opnd &O) {
  switch (O.Kind) {
  case OSGPR:
    return O.Reg == SNull ? 0 : W.S[O.Reg];
  case OImm:
    return static_cast<uint32_t>(O.Imm);
  case OSCC:
    return W.SCC;
  case OVCCZ:
    return W.S[SVccLo] == 0;
  case OEXECZ:
    return W.S[SExecLo] == 0;
  default:
    return 0;
  }
}

inline uint64_t sread64(const Wave &W, const Opnd &O) {
  if (O.Kind == OSGPR)
    return O.Reg == SNull ? 0 : (W.S[O.Reg] | (uint64_t)W.S[O.Reg + 1] << 32);
  if (O.Kind == OImm)
    return O.Imm;
  return sread32(W, O);
}

inline void swrite32(Wave &W, const Opnd &O, uint32_t V) {
  if (O.Reg != SNull)
    W.S[O.Reg] = V;
}

inline void swrite64(Wave &W, const Opnd &O, uint64_t V) {
  if (O.Reg != SNull) {
    W.S[O.Reg] = static_cast<uint32_t>(V);
    W.S[O.Reg + 1] = static_cast<uint32_t>(V >> 32);
  }
}

// Lane values of a 32-bit VALU source, float modifiers applied.
inline const uint32_t *vsrc(Wave &W, const Opnd &O, uint32_t *Tmp) {
  const uint32_t *P;
  if (O.Kind == OVGPR) {
    P = W.vreg(O.Reg);
  } else {
    uint32_t X = sread32(W, O);
    for (int L = 0; L < 32; ++L)
      Tmp[L] = X;
    P = Tmp;
  }
  if (O.Mods) {
    uint32_t Clear = (O.Mods & 2) ? 0x7fffffffu : ~0u;
    uint32_t Flip = (O.Mods & 1) ? 0x80000000u : 0;
    for (int L = 0; L < 32; ++L)
      Tmp[L] = (P[L] & Clear) ^ Flip;
    P = Tmp;
  }
  return P;
}

// Lane values of a 16-bit (true16) source: a VGPR's half, or the low 16
// bits of a scalar or constant.
inline void vsrc16(Wave &W, const Opnd &O, uint16_t *Out) {
  if (O.Kind == OVGPR) {
    const uint32_t *P = W.vreg(O.Reg);
    unsigned Shift = O.Part == Half::Hi ? 16 : 0;
    for (int L = 0; L < 32; ++L)
      Out[L] = static_cast<uint16_t>(P[L] >> Shift);
    return;
  }
  uint16_t X = static_cast<uint16_t>(sread32(W, O));
  for (int L = 0; L < 32; ++L)
    Out[L] = X;
}

// 64-bit lane values (VGPR pair or scalar).
inline void vsrc64(Wave &W, const Opnd &O, uint64_t *Out) {
  if (O.Kind == OVGPR) {
    const uint32_t *Lo = W.vreg(O.Reg), *Hi = W.vreg(O.Reg + 1);
    for (int L = 0; L < 32; ++L)
      Out[L] = Lo[L] | (uint64_t)Hi[L] << 32;
  } else {
    uint64_t X = sread64(W, O);
    for (int L = 0; L < 32; ++L)
      Out[L] = X;
  }
}

inline void vwrite(Wave &W, uint16_t Reg, const uint32_t *R) {
  uint32_t *D = W.vreg(Reg);
  uint32_t E = W.S[SExecLo];
  if (E == ~0u) {
    std::memcpy(D, R, 32 * sizeof(uint32_t));
    return;
  }
  for (int L = 0; L < 32; ++L)
    D[L] = (E >> L & 1) ? R[L] : D[L];
}

// Writes the low 16 bits of R to the half of a VGPR that \p O names (the
// low half for a whole register), in the lanes of EXEC; the other half keeps
// its bits.
inline void vwrite16(Wave &W, const Opnd &O, const uint32_t *R) {
  uint32_t *D = W.vreg(O.Reg);
  uint32_t E = W.S[SExecLo];
  unsigned Shift = O.Part == Half::Hi ? 16 : 0;
  uint32_t Keep = ~(0xffffu << Shift);
  for (int L = 0; L < 32; ++L)
    if (E >> L & 1)
      D[L] = (D[L] & Keep) | (R[L] & 0xffffu) << Shift;
}

inline void vwrite64(Wave &W, uint16_t Reg, const uint64_t *R) {
  uint32_t Lo[32], Hi[32];
  for (int L = 0; L < 32; ++L) {
    Lo[L] = static_cast<uint32_t>(R[L]);
    Hi[L] = static_cast<uint32_t>(R[L] >> 32);
  }
  vwrite(W, Reg, Lo);
  vwrite(W, Reg + 1, Hi);
}

} // namespace emu
} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_EMULATOR_WAVE_H
