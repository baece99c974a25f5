//===- Valu.cpp - Vector ALU operations of the emulator -------------------===//
//
// 32-bit lane arithmetic, compares, carries, 64-bit shifts and multiplies,
// lane reads/writes and VOPD (both halves read before either writes).
//
//===----------------------------------------------------------------------===//

#include "LaneOps.h"
#include "Runner.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::emu;

// Sets R[L] to EXPR in all 32 lanes L and returns true (the case handled).
#define LANES(EXPR)                                                            \
  for (int L = 0; L < 32; ++L)                                                 \
    R[L] = (EXPR);                                                             \
  return true;

/// One-source operations: moves, conversions, transcendentals, bit scans.
static bool computeUnary(Op O, const uint32_t *A, uint32_t *R) {
  switch (O) {
  case Op::V_MOV_B32:
    LANES(A[L])
  case Op::V_NOT_B32:
    LANES(~A[L])
  case Op::V_CVT_F32_I32:
    LANES(u((float)(int32_t)A[L]))
  case Op::V_CVT_F32_U32:
    LANES(u((float)A[L]))
  case Op::V_CVT_I32_F32:
    for (int L = 0; L < 32; ++L) {
      float X = f(A[L]);
      R[L] = std::isnan(X)         ? 0
             : X >= 2147483647.0f  ? 0x7fffffffu
             : X <= -2147483648.0f ? 0x80000000u
                                   : (uint32_t)(int32_t)X;
    }
    return true;
  case Op::V_CVT_U32_F32:
    for (int L = 0; L < 32; ++L) {
      float X = f(A[L]);
      R[L] = (std::isnan(X) || X <= 0) ? 0
             : X >= 4294967295.0f      ? ~0u
                                       : (uint32_t)X;
    }
    return true;
  // The integer-flag variant differs in the exception it flags only.
  case Op::V_RCP_IFLAG_F32:
  case Op::V_RCP_F32:
    LANES(u(1.0f / f(A[L])))
  case Op::V_RSQ_F32:
    LANES(u(1.0f / std::sqrt(f(A[L]))))
  case Op::V_SQRT_F32:
    LANES(u(std::sqrt(f(A[L]))))
  case Op::V_FLOOR_F32:
    LANES(u(std::floor(f(A[L]))))
  case Op::V_CEIL_F32:
    LANES(u(std::ceil(f(A[L]))))
  case Op::V_TRUNC_F32:
    LANES(u(std::trunc(f(A[L]))))
  case Op::V_RNDNE_F32:
    LANES(u(std::nearbyint(f(A[L]))))
  case Op::V_FRACT_F32:
    LANES(u(std::fmin(f(A[L]) - std::floor(f(A[L])), 0x1.fffffep-1f)))
  case Op::V_EXP_F32:
    LANES(u(std::exp2(f(A[L]))))
  case Op::V_LOG_F32:
    LANES(u(std::log2(f(A[L]))))
  case Op::V_BFREV_B32:
    LANES(reverseBits(A[L]))
  case Op::V_FFBH_U32:
    LANES(A[L] ? (uint32_t)llvm::countl_zero(A[L]) : ~0u)
  case Op::V_FFBL_B32:
    LANES(A[L] ? (uint32_t)llvm::countr_zero(A[L]) : ~0u)
  default:
    return false;
  }
}

/// Two-source operations: float and integer arithmetic, logic, shifts, counts.
static bool computeBinary(Op O, const uint32_t *A, const uint32_t *B,
                          uint32_t *R) {
  switch (O) {
  case Op::V_ADD_F32:
    LANES(u(f(A[L]) + f(B[L])))
  case Op::V_SUB_F32:
    LANES(u(f(A[L]) - f(B[L])))
  case Op::V_SUBREV_F32:
    LANES(u(f(B[L]) - f(A[L])))
  case Op::V_MUL_F32:
    LANES(u(f(A[L]) * f(B[L])))
  case Op::V_MAX_F32:
    LANES(u(std::fmax(f(A[L]), f(B[L]))))
  case Op::V_MIN_F32:
    LANES(u(std::fmin(f(A[L]), f(B[L]))))
  case Op::V_LDEXP_F32:
    LANES(u(std::ldexp(f(A[L]), (int32_t)B[L])))
  case Op::V_ADD_NC_U32:
    LANES(A[L] + B[L])
  case Op::V_SUB_NC_U32:
    LANES(A[L] - B[L])
  case Op::V_SUBREV_NC_U32:
    LANES(B[L] - A[L])
  case Op::V_MUL_LO_U32:
    LANES(A[L] * B[L])
  case Op::V_MUL_HI_U32:
    LANES((uint32_t)(((uint64_t)A[L] * B[L]) >> 32))
  case Op::V_MUL_HI_I32:
    LANES((uint32_t)(((int64_t)(int32_t)A[L] * (int32_t)B[L]) >> 32))
  case Op::V_MUL_U32_U24:
    LANES((A[L] & 0xffffff) * (B[L] & 0xffffff))
  case Op::V_MUL_I32_I24:
    // The low 32 bits of the 48-bit product (an int product overflows).
    LANES((uint32_t)((int64_t)s24(A[L]) * s24(B[L])))
  case Op::V_MUL_HI_U32_U24:
    LANES((uint32_t)(((uint64_t)(A[L] & 0xffffff) * (B[L] & 0xffffff)) >> 32))
  case Op::V_MUL_HI_I32_I24:
    LANES((uint32_t)(((int64_t)s24(A[L]) * s24(B[L])) >> 32))
  case Op::V_AND_B32:
    LANES(A[L] & B[L])
  case Op::V_OR_B32:
    LANES(A[L] | B[L])
  case Op::V_XOR_B32:
    LANES(A[L] ^ B[L])
  case Op::V_XNOR_B32:
    LANES(~(A[L] ^ B[L]))
  case Op::V_LSHLREV_B32:
    LANES(B[L] << (A[L] & 31))
  case Op::V_LSHRREV_B32:
    LANES(B[L] >> (A[L] & 31))
  case Op::V_ASHRREV_I32:
    LANES((uint32_t)((int32_t)B[L] >> (A[L] & 31)))
  case Op::V_MAX_I32:
    LANES((uint32_t)std::max((int32_t)A[L], (int32_t)B[L]))
  case Op::V_MIN_I32:
    LANES((uint32_t)std::min((int32_t)A[L], (int32_t)B[L]))
  case Op::V_MAX_U32:
    LANES(std::max(A[L], B[L]))
  case Op::V_MIN_U32:
    LANES(std::min(A[L], B[L]))
  case Op::V_BFM_B32:
    LANES((((A[L] & 31) ? (1u << (A[L] & 31)) : 0u) - 1 + ((A[L] & 31) == 0))
          << (B[L] & 31))
  case Op::V_BCNT_U32_B32:
    LANES((uint32_t)llvm::popcount(A[L]) + B[L])
  case Op::V_MBCNT_LO_U32_B32:
    LANES((uint32_t)llvm::popcount(A[L] & ((1u << L) - 1)) + B[L])
  case Op::V_MBCNT_HI_U32_B32:
    LANES(B[L]) // wave32: no lanes 32-63
  default:
    return false;
  }
}

/// Three-source operations: FMAs, bit-field ops, fused adds and shifts,
/// min/max/median of three, the VCC select and the byte permute.
static bool computeTernary(Op O, const uint32_t *A, const uint32_t *B,
                           const uint32_t *C, uint32_t *R) {
  switch (O) {
  case Op::V_FMAC_F32:
  case Op::V_FMA_F32:
  case Op::V_FMAMK_F32:
  case Op::V_FMAAK_F32:
    LANES(u(std::fma(f(A[L]), f(B[L]), f(C[L]))))
  case Op::V_MAX3_F32:
    LANES(u(std::fmax(std::fmax(f(A[L]), f(B[L])), f(C[L]))))
  case Op::V_MIN3_F32:
    LANES(u(std::fmin(std::fmin(f(A[L]), f(B[L])), f(C[L]))))
  case Op::V_BFE_U32:
    LANES(bfe(A[L], B[L], C[L]))
  case Op::V_BFE_I32:
    LANES((uint32_t)sbfe(A[L], B[L], C[L]))
  case Op::V_BFI_B32:
    LANES((A[L] & B[L]) | (~A[L] & C[L]))
  case Op::V_LSHL_ADD_U32:
    LANES((A[L] << (B[L] & 31)) + C[L])
  case Op::V_ADD_LSHL_U32:
    LANES((A[L] + B[L]) << (C[L] & 31))
  case Op::V_LSHL_OR_B32:
    LANES((A[L] << (B[L] & 31)) | C[L])
  case Op::V_AND_OR_B32:
    LANES((A[L] & B[L]) | C[L])
  case Op::V_OR3_B32:
    LANES(A[L] | B[L] | C[L])
  case Op::V_XOR3_B32:
    LANES(A[L] ^ B[L] ^ C[L])
  case Op::V_ADD3_U32:
    LANES(A[L] + B[L] + C[L])
  case Op::V_XAD_U32:
    LANES((A[L] ^ B[L]) + C[L])
  case Op::V_MAD_U32_U24:
    LANES((A[L] & 0xffffff) * (B[L] & 0xffffff) + C[L])
  case Op::V_MAD_I32_I24:
    LANES((uint32_t)(s24(A[L]) * s24(B[L])) + C[L])
  case Op::V_ALIGNBIT_B32:
    LANES((uint32_t)((((uint64_t)A[L] << 32) | B[L]) >> (C[L] & 31)))
  case Op::V_ALIGNBYTE_B32:
    LANES((uint32_t)((((uint64_t)A[L] << 32) | B[L]) >> (8 * (C[L] & 3))))
  case Op::V_MAX3_I32:
    LANES((uint32_t)std::max(std::max((int32_t)A[L], (int32_t)B[L]),
                             (int32_t)C[L]))
  case Op::V_MIN3_I32:
    LANES((uint32_t)std::min(std::min((int32_t)A[L], (int32_t)B[L]),
                             (int32_t)C[L]))
  case Op::V_MAX3_U32:
    LANES(std::max(std::max(A[L], B[L]), C[L]))
  case Op::V_MIN3_U32:
    LANES(std::min(std::min(A[L], B[L]), C[L]))
  case Op::V_MED3_I32:
    LANES((uint32_t)med3i((int32_t)A[L], (int32_t)B[L], (int32_t)C[L]))
  case Op::V_MED3_U32:
    LANES(med3u(A[L], B[L], C[L]))
  case Op::V_CNDMASK_B32:
    LANES((C[0] >> L & 1) ? B[L] : A[L])
  case Op::V_PERM_B32:
    LANES(perm(A[L], B[L], C[L]))
  default:
    return false;
  }
}

#undef LANES

// All 32 lanes of a simple 32-bit operation. Inactive lanes are computed too
// (no side effects) and discarded by the masked write.
void emu::computeValu(Op O, const uint32_t *A, const uint32_t *B,
                      const uint32_t *C, uint32_t *R) {
  if (computeUnary(O, A, R) || computeBinary(O, A, B, R) ||
      computeTernary(O, A, B, C, R))
    return;
  for (int L = 0; L < 32; ++L)
    R[L] = 0;
}

// DPP16 source lanes (ISA guide 7.7.1, dpp_ctrl); rows are 16 lanes, so a
// wave32 has two. Shifts leave the row: the source is out of range.
unsigned emu::dpp16SourceLane(unsigned Ctrl, unsigned Lane, bool &InRange) {
  unsigned Row = Lane & ~15u, I = Lane & 15, N = Ctrl & 15;
  InRange = true;
  if (Ctrl <= 0xff) // quad_perm: two bits per lane of the quad
    return (Lane & ~3u) | ((Ctrl >> (2 * (Lane & 3))) & 3);
  if (Ctrl >= 0x101 && Ctrl <= 0x10f) { // row_shl: read lane + N
    InRange = I + N < 16;
    return Row + ((I + N) & 15);
  }
  if (Ctrl >= 0x111 && Ctrl <= 0x11f) { // row_shr: read lane - N
    InRange = I >= N;
    return Row + ((I - N) & 15);
  }
  if (Ctrl >= 0x121 && Ctrl <= 0x12f) // row_ror: rotate right within the row
    return Row + ((I - N) & 15);
  if (Ctrl == 0x140) // row_mirror
    return Row + (15 - I);
  if (Ctrl == 0x141) // row_half_mirror: mirror within each 8 lanes
    return (Lane & ~7u) + (7 - (Lane & 7));
  if (Ctrl >= 0x150 && Ctrl <= 0x15f) // row_share: lane N of the row
    return Row + N;
  if (Ctrl >= 0x160 && Ctrl <= 0x16f) // row_xmask: lane XOR N in the row
    return Row + (I ^ N);
  return Lane; // not an RDNA3 control; rejected when decoding
}

// The source value of each lane (ISA guide 7.7.1 BC and FI, 7.7.2):
//  - DPP16, source in range and active, or inactive with fi: its value;
//  - otherwise with bound_ctrl: zero; without: the lane is not written.
//    Out-of-range sources follow bound_ctrl whatever fi says (the field
//    description of FI; the guide's Table 31 disagrees for fi=1).
//  - DPP8: always in range; an inactive source reads zero unless fi.
// row_mask and bank_mask only disable writes; they do not change what is
// fetched.
const uint32_t *emu::dppSrc0(Wave &W, const Inst &I, uint32_t *Tmp,
                             uint32_t &Enable) {
  const uint32_t *V = W.vreg(I.Src[0].Reg);
  uint32_t Exec = W.S[SExecLo];
  Enable = ~0u;
  for (unsigned L = 0; L < 32; ++L) {
    bool InRange = true;
    unsigned S = I.Dpp == DppKind::Dpp8
                     ? (L & ~7u) | ((I.Dpp8Sel >> (3 * (L & 7))) & 7)
                     : dpp16SourceLane(I.DppCtrl, L, InRange);
    if (InRange && ((Exec >> S & 1) || I.FetchInactive)) {
      Tmp[L] = V[S];
    } else {
      Tmp[L] = 0;
      if (I.Dpp == DppKind::Dpp16 && !I.BoundCtrl)
        Enable &= ~(1u << L);
    }
    if (!(I.RowMask >> (L / 16) & 1) || !(I.BankMask >> (L / 4 % 4) & 1))
      Enable &= ~(1u << L);
  }
  if (I.Src[0].Mods) {
    uint32_t Clear = (I.Src[0].Mods & 2) ? 0x7fffffffu : ~0u;
    uint32_t Flip = (I.Src[0].Mods & 1) ? 0x80000000u : 0;
    for (int L = 0; L < 32; ++L)
      Tmp[L] = (Tmp[L] & Clear) ^ Flip;
  }
  return Tmp;
}

/// A true16 operation of one lane (ISA guide, VOP3 16-bit opcodes): shift
/// counts are the low 4 bits, products and sums wrap at 16 bits.
static uint16_t compute16(Op O, uint16_t A, uint16_t B) {
  switch (O) {
  case Op::V_MOV_B16_t16:
    return A;
  case Op::V_ADD_NC_U16_t16:
    return A + B;
  case Op::V_SUB_NC_U16_t16:
    return A - B;
  case Op::V_MUL_LO_U16_t16:
    return A * B;
  case Op::V_LSHLREV_B16_t16:
    return B << (A & 15);
  case Op::V_LSHRREV_B16_t16:
    return B >> (A & 15);
  case Op::V_ASHRREV_I16_t16:
    return (uint16_t)((int16_t)B >> (A & 15));
  case Op::V_MAX_U16_t16:
    return std::max(A, B);
  case Op::V_MIN_U16_t16:
    return std::min(A, B);
  case Op::V_MAX_I16_t16:
    return (uint16_t)std::max((int16_t)A, (int16_t)B);
  case Op::V_MIN_I16_t16:
    return (uint16_t)std::min((int16_t)A, (int16_t)B);
  case Op::V_AND_B16_t16:
    return A & B;
  case Op::V_OR_B16_t16:
    return A | B;
  case Op::V_XOR_B16_t16:
    return A ^ B;
  default:
    llvm_unreachable("not a true16 operation");
  }
}

/// The lanes' integer compare of sources read as `Unsigned` by `Read`
/// (vsrc16 or vsrc64), signed or not.
template <typename Unsigned, typename Signed>
static uint32_t compareIntegers(Wave &W, const Inst &I, bool IsSigned,
                                void (*Read)(Wave &, const Opnd &,
                                             Unsigned *)) {
  Unsigned A[32], B[32];
  Read(W, I.Src[0], A);
  Read(W, I.Src[1], B);
  uint32_t M = 0;
  for (int L = 0; L < 32; ++L)
    M |= (uint32_t)(IsSigned ? cmpInt<Signed>(I.Cond, A[L], B[L])
                             : cmpInt<Unsigned>(I.Cond, A[L], B[L]))
         << L;
  return M;
}

uint32_t emu::compareLanes(Wave &W, const Inst &I) {
  if (I.Type == TI64 || I.Type == TU64)
    return compareIntegers<uint64_t, int64_t>(W, I, I.Type == TI64, vsrc64);
  if (I.Type == TI16 || I.Type == TU16)
    return compareIntegers<uint16_t, int16_t>(W, I, I.Type == TI16, vsrc16);
  uint32_t M = 0;
  uint32_t T0[32], T1[32], Enable = ~0u;
  const uint32_t *A = I.Dpp != DppKind::None ? dppSrc0(W, I, T0, Enable)
                                             : vsrc(W, I.Src[0], T0);
  const uint32_t *B = vsrc(W, I.Src[1], T1);
  switch (I.Type) {
  case TF32:
    for (int L = 0; L < 32; ++L)
      M |= (uint32_t)cmpF32(I.Cond, f(A[L]), f(B[L])) << L;
    break;
  case TI32:
    for (int L = 0; L < 32; ++L)
      M |= (uint32_t)cmpInt<int32_t>(I.Cond, A[L], B[L]) << L;
    break;
  default:
    for (int L = 0; L < 32; ++L)
      M |= (uint32_t)cmpInt<uint32_t>(I.Cond, A[L], B[L]) << L;
    break;
  }
  return M & Enable;
}

/// The biased exponent of an f32, as the ISA guide's exponent().
static int exponentOf(float X) { return u(X) >> 23 & 0xff; }

/// The three steps around the reciprocal in LLVM's IEEE f32 division (ISA
/// guide: V_DIV_SCALE_F32, V_DIV_FMAS_F32, V_DIV_FIXUP_F32). The scale
/// step's operands are checked for the cases that scale by 2^64 (a quotient
/// or reciprocal near the ends of f32's range, a denormal denominator, a
/// tiny or infinite numerator), the FMA for a set VCC bit and the fixup for
/// a quotient beyond f32's range: those are not implemented and stop the
/// run, rather than give a result no hardware was compared with. Zeros,
/// NaNs and an infinite denominator take the documented special results.
Error Runner::divideStep(Wave &W, const Inst &I) {
  uint32_t Exec = W.S[SExecLo];
  uint32_t T0[32], T1[32], T2[32], R[32];
  const uint32_t *A = vsrc(W, I.Src[0], T0), *B = vsrc(W, I.Src[1], T1),
                 *C = vsrc(W, I.Src[2], T2);
  const uint32_t VccIn = W.S[SVccLo];
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  const float Inf = std::numeric_limits<float>::infinity();
  auto IsDenormal = [](double X) {
    return X != 0.0 && std::fabs(X) < (double)FLT_MIN;
  };
  for (int L = 0; L < 32; ++L) {
    R[L] = 0;
    if (!(Exec >> L & 1))
      continue;
    float S0 = f(A[L]), S1 = f(B[L]), S2 = f(C[L]);
    switch (I.Opc) {
    case Op::V_DIV_SCALE_F32:
      if (S2 == 0.0f || S1 == 0.0f) {
        R[L] = u(NaN);
        break;
      }
      if (std::isnan(S1) || std::isnan(S2)) {
        R[L] = A[L];
        break;
      }
      // An infinite denominator over a finite numerator that is not tiny
      // meets none of the guide's scaling cases (1 / S1 and S2 / S1 are
      // zeros, not denormals): the operand passes unscaled, and the fixup
      // gives the signed zero. SiLU's x / (1 + exp(-x)) divides so where
      // exp(-x) overflows.
      if (std::isinf(S1) && std::isfinite(S2) && exponentOf(S2) > 23) {
        R[L] = A[L];
        break;
      }
      if (std::isinf(S1) || std::isinf(S2) ||
          exponentOf(S2) - exponentOf(S1) >= 96 || IsDenormal(S1) ||
          IsDenormal(1.0 / (double)S1) || IsDenormal((double)S2 / (double)S1) ||
          exponentOf(S2) <= 23)
        return fail(I, "v_div_scale_f32 of operands that it scales by 2^64 "
                       "(or infinite ones) is not implemented");
      R[L] = A[L];
      break;
    case Op::V_DIV_FMAS_F32:
      if (VccIn >> L & 1)
        return fail(I, "v_div_fmas_f32 with VCC set (a scaled division) is "
                       "not implemented");
      R[L] = u(std::fmaf(S0, S1, S2));
      break;
    default: {
      // V_DIV_FIXUP_F32. S0: the quotient, S1: the denominator, S2: the
      // numerator.
      bool Negative = std::signbit(S1) != std::signbit(S2);
      if (std::isnan(S2) || std::isnan(S1) || (S1 == 0.0f && S2 == 0.0f) ||
          (std::isinf(S1) && std::isinf(S2)))
        R[L] = u(NaN);
      else if (S1 == 0.0f || std::isinf(S2))
        R[L] = u(Negative ? -Inf : Inf);
      else if (std::isinf(S1) || S2 == 0.0f)
        R[L] = u(Negative ? -0.0f : 0.0f);
      else if (exponentOf(S2) - exponentOf(S1) < -150)
        return fail(I, "v_div_fixup_f32 of a quotient below f32's range is "
                       "not implemented");
      else
        R[L] = u(Negative ? -std::fabs(S0) : std::fabs(S0));
      break;
    }
    }
  }
  vwrite(W, I.Dst[0].Reg, R);
  // The scale step's VCC: where the FMA must scale back, which none of the
  // operands it runs needs.
  if (I.Opc == Op::V_DIV_SCALE_F32 && I.NumDst > 1 && I.Dst[1].Kind == OSGPR)
    swrite32(W, I.Dst[1], 0);
  return Error::success();
}

/// The integer operations with a carry or a 64-bit operand: V_ADD_CO_U32
/// and its kin, the 64-bit shifts and V_MAD_U64_U32 / V_MAD_I64_I32.
Error Runner::wideInteger(Wave &W, const Inst &I) {
  uint32_t Exec = W.S[SExecLo];
  uint32_t T0[32], T1[32], R[32];
  switch (I.Opc) {
  case Op::V_ADD_CO_U32:
  case Op::V_SUB_CO_U32:
  case Op::V_SUBREV_CO_U32:
  case Op::V_ADD_CO_CI_U32:
  case Op::V_SUB_CO_CI_U32:
  case Op::V_SUBREV_CO_CI_U32: {
    const uint32_t *A = vsrc(W, I.Src[0], T0), *B = vsrc(W, I.Src[1], T1);
    uint32_t Cin = I.NumSrc > 2 ? sread32(W, I.Src[2]) : 0;
    uint32_t Carry = 0;
    bool Sub = I.Opc == Op::V_SUB_CO_U32 || I.Opc == Op::V_SUB_CO_CI_U32;
    bool Rev = I.Opc == Op::V_SUBREV_CO_U32 || I.Opc == Op::V_SUBREV_CO_CI_U32;
    for (int L = 0; L < 32; ++L) {
      uint64_t X = A[L], Y = B[L], C = Cin >> L & 1;
      uint32_t Co;
      if (Sub || Rev) {
        if (Rev)
          std::swap(X, Y);
        R[L] = (uint32_t)(X - Y - C);
        Co = Y + C > X;
      } else {
        uint64_t S = X + Y + C;
        R[L] = (uint32_t)S;
        Co = S >> 32;
      }
      Carry |= Co << L;
    }
    vwrite(W, I.Dst[0].Reg, R);
    if (I.Dst[1].Kind == OSGPR)
      swrite32(W, I.Dst[1], Carry & Exec);
    return Error::success();
  }
  case Op::V_LSHLREV_B64:
  case Op::V_LSHRREV_B64:
  case Op::V_ASHRREV_I64: {
    const uint32_t *Sh = vsrc(W, I.Src[0], T0);
    uint64_t X[32], Out[32];
    vsrc64(W, I.Src[1], X);
    for (int L = 0; L < 32; ++L) {
      unsigned S = Sh[L] & 63;
      Out[L] = I.Opc == Op::V_LSHLREV_B64   ? X[L] << S
               : I.Opc == Op::V_LSHRREV_B64 ? X[L] >> S
                                            : (uint64_t)((int64_t)X[L] >> S);
    }
    vwrite64(W, I.Dst[0].Reg, Out);
    return Error::success();
  }
  case Op::V_MAD_U64_U32:
  case Op::V_MAD_I64_I32: {
    const uint32_t *A = vsrc(W, I.Src[0], T0), *B = vsrc(W, I.Src[1], T1);
    uint64_t C[32], Out[32];
    vsrc64(W, I.Src[2], C);
    uint32_t Carry = 0;
    for (int L = 0; L < 32; ++L) {
      if (I.Opc == Op::V_MAD_U64_U32) {
        unsigned __int128 P = (unsigned __int128)((uint64_t)A[L] * B[L]) + C[L];
        Out[L] = (uint64_t)P;
        Carry |= (uint32_t)(P >> 64 ? 1 : 0) << L;
      } else {
        __int128 P = (__int128)((int64_t)(int32_t)A[L] * (int32_t)B[L]) +
                     (__int128)(int64_t)C[L];
        Out[L] = (uint64_t)P;
        Carry |= (uint32_t)(P != (__int128)(int64_t)P) << L;
      }
    }
    vwrite64(W, I.Dst[0].Reg, Out);
    if (I.NumDst > 1 && I.Dst[1].Kind == OSGPR)
      swrite32(W, I.Dst[1], Carry & Exec);
    return Error::success();
  }
  default:
    return fail(I, "internal: unhandled vector operation");
  }
}

/// The operations that read another lane: V_READFIRSTLANE_B32,
/// V_READLANE_B32, V_WRITELANE_B32 and the V_PERMLANE*16_B32 pair.
Error Runner::crossLane(Wave &W, const Inst &I) {
  uint32_t Exec = W.S[SExecLo];
  uint32_t T0[32], R[32];
  switch (I.Opc) {
  case Op::V_READFIRSTLANE_B32: {
    const uint32_t *A = vsrc(W, I.Src[0], T0);
    swrite32(W, I.Dst[0], A[Exec ? llvm::countr_zero(Exec) : 0]);
    return Error::success();
  }
  case Op::V_READLANE_B32: {
    const uint32_t *A = vsrc(W, I.Src[0], T0);
    swrite32(W, I.Dst[0], A[sread32(W, I.Src[1]) & 31]);
    return Error::success();
  }
  case Op::V_WRITELANE_B32: {
    // Ignores EXEC by definition.
    W.vreg(I.Dst[0].Reg)[sread32(W, I.Src[1]) & 31] = sread32(W, I.Src[0]);
    return Error::success();
  }
  case Op::V_PERMLANE16_B32:
  case Op::V_PERMLANEX16_B32: {
    // ISA guide V_PERMLANE16_B32 / V_PERMLANEX16_B32: lane i of a row reads
    // lane select i (4 bits of {src2, src1}) of its own row, or for X of the
    // other row. A source lane with EXEC off reads its value with fi, zero
    // with bound_ctrl, else the destination keeps its value (DPP's BC/FI).
    uint64_t Sel = sread32(W, I.Src[1]) | (uint64_t)sread32(W, I.Src[2]) << 32;
    // All lanes are read before any is written: vdst may be src0.
    const uint32_t *Src = W.vreg(I.Src[0].Reg), *Old = W.vreg(I.Dst[0].Reg);
    for (unsigned L = 0; L < 32; ++L) {
      unsigned Row = L / 16;
      if (I.Opc == Op::V_PERMLANEX16_B32)
        Row ^= 1;
      unsigned S = Row * 16 + ((Sel >> (4 * (L & 15))) & 15);
      R[L] = ((Exec >> S & 1) || I.FetchInactive) ? Src[S]
             : I.BoundCtrl                        ? 0
                                                  : Old[L];
    }
    vwrite(W, I.Dst[0].Reg, R);
    return Error::success();
  }
  default:
    return fail(I, "internal: unhandled vector operation");
  }
}

/// The 16-bit (true16) integer operations.
Error Runner::halfWord(Wave &W, const Inst &I) {
  if (I.Dst[0].Kind != OVGPR)
    return fail(I, "vector result to a non-VGPR destination");
  uint32_t R[32];
  uint16_t A[32], B[32] = {};
  vsrc16(W, I.Src[0], A);
  if (I.NumSrc > 1)
    vsrc16(W, I.Src[1], B);
  for (int L = 0; L < 32; ++L)
    R[L] = compute16(I.Opc, A[L], B[L]);
  vwrite16(W, I.Dst[0], R);
  return Error::success();
}

/// VOPD: two VALU operations issued as one.
Error Runner::dualIssue(Wave &W, const Inst &I) {
  uint32_t T0[32], T1[32], T2[32], R[32];
  // Both halves read all their sources before either writes.
  uint32_t RY[32], U0[32], U1[32], U2[32];
  const uint32_t *XA = vsrc(W, I.Src[0], T0);
  const uint32_t *XB = valuArity(I.OpX) > 1 ? vsrc(W, I.Src[1], T1) : T1;
  const uint32_t *XC = valuArity(I.OpX) > 2 ? vsrc(W, I.Src[2], T2) : T2;
  const uint32_t *YA = vsrc(W, I.Src[3], U0);
  const uint32_t *YB = valuArity(I.OpY) > 1 ? vsrc(W, I.Src[4], U1) : U1;
  const uint32_t *YC = valuArity(I.OpY) > 2 ? vsrc(W, I.Src[5], U2) : U2;
  if (I.OpX == Op::V_CNDMASK_B32) {
    for (int L = 0; L < 32; ++L)
      T2[L] = XC[0];
    XC = T2;
  }
  if (I.OpY == Op::V_CNDMASK_B32) {
    for (int L = 0; L < 32; ++L)
      U2[L] = YC[0];
    YC = U2;
  }
  computeValu(I.OpX, XA, XB, XC, R);
  computeValu(I.OpY, YA, YB, YC, RY);
  vwrite(W, I.Dst[0].Reg, R);
  vwrite(W, I.Dst[1].Reg, RY);
  return Error::success();
}

Error Runner::valuOther(Wave &W, const Inst &I) {
  uint32_t Exec = W.S[SExecLo];
  switch (I.Opc) {
  case Op::V_ADD_CO_U32:
  case Op::V_SUB_CO_U32:
  case Op::V_SUBREV_CO_U32:
  case Op::V_ADD_CO_CI_U32:
  case Op::V_SUB_CO_CI_U32:
  case Op::V_SUBREV_CO_CI_U32:
  case Op::V_LSHLREV_B64:
  case Op::V_LSHRREV_B64:
  case Op::V_ASHRREV_I64:
  case Op::V_MAD_U64_U32:
  case Op::V_MAD_I64_I32:
    return wideInteger(W, I);
  case Op::V_READFIRSTLANE_B32:
  case Op::V_READLANE_B32:
  case Op::V_WRITELANE_B32:
  case Op::V_PERMLANE16_B32:
  case Op::V_PERMLANEX16_B32:
    return crossLane(W, I);
  case Op::V_DIV_SCALE_F32:
  case Op::V_DIV_FMAS_F32:
  case Op::V_DIV_FIXUP_F32:
    return divideStep(W, I);
  case Op::V_MOV_B16_t16:
  case Op::V_ADD_NC_U16_t16:
  case Op::V_SUB_NC_U16_t16:
  case Op::V_MUL_LO_U16_t16:
  case Op::V_LSHLREV_B16_t16:
  case Op::V_LSHRREV_B16_t16:
  case Op::V_ASHRREV_I16_t16:
  case Op::V_MAX_U16_t16:
  case Op::V_MIN_U16_t16:
  case Op::V_MAX_I16_t16:
  case Op::V_MIN_I16_t16:
  case Op::V_AND_B16_t16:
  case Op::V_OR_B16_t16:
  case Op::V_XOR_B16_t16:
    return halfWord(W, I);
  case Op::V_CMP: {
    uint32_t M = compareLanes(W, I) & Exec;
    if (I.Dst[0].Kind != OSGPR)
      return fail(I, "compare destination is not a scalar register");
    swrite32(W, I.Dst[0], M);
    return Error::success();
  }
  case Op::V_CMPX: {
    W.S[SExecLo] = compareLanes(W, I) & Exec;
    return Error::success();
  }
  case Op::VOPD:
    return dualIssue(W, I);
  default:
    return fail(I, "internal: unhandled vector operation");
  }
}
