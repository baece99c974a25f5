//===- ISA.h - Decoded RDNA3 instructions of the emulator -------*- C++ -*-===//
//
// The operations the emulator implements (by MC opcode name), the decoded
// instruction record and the decoded program. Shared by the decoder, the
// executing units and the timing model.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_EMULATOR_ISA_H
#define GEMM_RUNTIME_EMULATOR_ISA_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gemm {
namespace rt {

inline llvm::Error makeError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

namespace emu {

// Simple operations: name, number of sources. Names are the MC opcode names
// without the encoding suffixes (_e32, _e64, _gfx11).
#define GEMM_EMU_VALU_OPS(X)                                                   \
  X(V_MOV_B32, 1)                                                              \
  X(V_NOT_B32, 1)                                                              \
  X(V_CVT_F32_I32, 1)                                                          \
  X(V_CVT_F32_U32, 1)                                                          \
  X(V_CVT_I32_F32, 1)                                                          \
  X(V_CVT_U32_F32, 1)                                                          \
  X(V_RCP_F32, 1)                                                              \
  X(V_RCP_IFLAG_F32, 1)                                                        \
  X(V_RSQ_F32, 1)                                                              \
  X(V_SQRT_F32, 1)                                                             \
  X(V_FLOOR_F32, 1)                                                            \
  X(V_CEIL_F32, 1)                                                             \
  X(V_TRUNC_F32, 1)                                                            \
  X(V_RNDNE_F32, 1)                                                            \
  X(V_FRACT_F32, 1)                                                            \
  X(V_EXP_F32, 1)                                                              \
  X(V_LOG_F32, 1)                                                              \
  X(V_BFREV_B32, 1)                                                            \
  X(V_FFBH_U32, 1)                                                             \
  X(V_FFBL_B32, 1)                                                             \
  X(V_ADD_F32, 2)                                                              \
  X(V_SUB_F32, 2)                                                              \
  X(V_SUBREV_F32, 2)                                                           \
  X(V_MUL_F32, 2)                                                              \
  X(V_MAX_F32, 2)                                                              \
  X(V_MIN_F32, 2)                                                              \
  X(V_LDEXP_F32, 2)                                                            \
  X(V_ADD_NC_U32, 2)                                                           \
  X(V_SUB_NC_U32, 2)                                                           \
  X(V_SUBREV_NC_U32, 2)                                                        \
  X(V_MUL_LO_U32, 2)                                                           \
  X(V_MUL_HI_U32, 2)                                                           \
  X(V_MUL_HI_I32, 2)                                                           \
  X(V_MUL_U32_U24, 2)                                                          \
  X(V_MUL_I32_I24, 2)                                                          \
  X(V_MUL_HI_U32_U24, 2)                                                       \
  X(V_MUL_HI_I32_I24, 2)                                                       \
  X(V_AND_B32, 2)                                                              \
  X(V_OR_B32, 2)                                                               \
  X(V_XOR_B32, 2)                                                              \
  X(V_XNOR_B32, 2)                                                             \
  X(V_LSHLREV_B32, 2)                                                          \
  X(V_LSHRREV_B32, 2)                                                          \
  X(V_ASHRREV_I32, 2)                                                          \
  X(V_MAX_I32, 2)                                                              \
  X(V_MIN_I32, 2)                                                              \
  X(V_MAX_U32, 2)                                                              \
  X(V_MIN_U32, 2)                                                              \
  X(V_BFM_B32, 2)                                                              \
  X(V_BCNT_U32_B32, 2)                                                         \
  X(V_MBCNT_LO_U32_B32, 2)                                                     \
  X(V_MBCNT_HI_U32_B32, 2)                                                     \
  X(V_FMAC_F32, 3)                                                             \
  X(V_FMA_F32, 3)                                                              \
  X(V_FMAMK_F32, 3)                                                            \
  X(V_FMAAK_F32, 3)                                                            \
  X(V_MAX3_F32, 3)                                                             \
  X(V_MIN3_F32, 3)                                                             \
  X(V_BFE_U32, 3)                                                              \
  X(V_BFE_I32, 3)                                                              \
  X(V_BFI_B32, 3)                                                              \
  X(V_LSHL_ADD_U32, 3)                                                         \
  X(V_ADD_LSHL_U32, 3)                                                         \
  X(V_LSHL_OR_B32, 3)                                                          \
  X(V_AND_OR_B32, 3)                                                           \
  X(V_OR3_B32, 3)                                                              \
  X(V_XOR3_B32, 3)                                                             \
  X(V_ADD3_U32, 3)                                                             \
  X(V_XAD_U32, 3)                                                              \
  X(V_MAD_U32_U24, 3)                                                          \
  X(V_MAD_I32_I24, 3)                                                          \
  X(V_ALIGNBIT_B32, 3)                                                         \
  X(V_ALIGNBYTE_B32, 3)                                                        \
  X(V_MAX3_I32, 3)                                                             \
  X(V_MIN3_I32, 3)                                                             \
  X(V_MAX3_U32, 3)                                                             \
  X(V_MIN3_U32, 3)                                                             \
  X(V_MED3_I32, 3)                                                             \
  X(V_MED3_U32, 3)                                                             \
  X(V_CNDMASK_B32, 3)                                                          \
  X(V_PERM_B32, 3)

// Operations with their own execution path.
#define GEMM_EMU_OTHER_OPS(X)                                                  \
  X(V_ADD_CO_U32, 2)                                                           \
  X(V_SUB_CO_U32, 2)                                                           \
  X(V_SUBREV_CO_U32, 2)                                                        \
  X(V_ADD_CO_CI_U32, 3)                                                        \
  X(V_SUB_CO_CI_U32, 3)                                                        \
  X(V_SUBREV_CO_CI_U32, 3)                                                     \
  X(V_LSHLREV_B64, 2)                                                          \
  X(V_LSHRREV_B64, 2)                                                          \
  X(V_ASHRREV_I64, 2)                                                          \
  X(V_MAD_U64_U32, 3)                                                          \
  X(V_MAD_I64_I32, 3)                                                          \
  X(V_READFIRSTLANE_B32, 1)                                                    \
  X(V_READLANE_B32, 2)                                                         \
  X(V_WRITELANE_B32, 3)                                                        \
  X(V_PERMLANE16_B32, 3)                                                       \
  X(V_PERMLANEX16_B32, 3)                                                      \
  X(V_DIV_SCALE_F32, 3)                                                        \
  X(V_DIV_FMAS_F32, 3)                                                         \
  X(V_DIV_FIXUP_F32, 3)                                                        \
  X(V_MOV_B16_t16, 1)                                                          \
  X(V_ADD_NC_U16_t16, 2)                                                       \
  X(V_SUB_NC_U16_t16, 2)                                                       \
  X(V_MUL_LO_U16_t16, 2)                                                       \
  X(V_LSHLREV_B16_t16, 2)                                                      \
  X(V_LSHRREV_B16_t16, 2)                                                      \
  X(V_ASHRREV_I16_t16, 2)                                                      \
  X(V_MAX_U16_t16, 2)                                                          \
  X(V_MIN_U16_t16, 2)                                                          \
  X(V_MAX_I16_t16, 2)                                                          \
  X(V_MIN_I16_t16, 2)                                                          \
  X(V_AND_B16_t16, 2)                                                          \
  X(V_OR_B16_t16, 2)                                                           \
  X(V_XOR_B16_t16, 2)                                                          \
  X(S_MOV_B32, 1)                                                              \
  X(S_MOV_B64, 1)                                                              \
  X(S_MOVK_I32, 1)                                                             \
  X(S_CMOV_B32, 1)                                                             \
  X(S_CMOV_B64, 1)                                                             \
  X(S_NOT_B32, 1)                                                              \
  X(S_NOT_B64, 1)                                                              \
  X(S_BREV_B32, 1)                                                             \
  X(S_BITSET0_B32, 1)                                                          \
  X(S_BITSET1_B32, 1)                                                          \
  X(S_FF1_I32_B32, 1)                                                          \
  X(S_FLBIT_I32_B32, 1)                                                        \
  X(S_BCNT1_I32_B32, 1)                                                        \
  X(S_SEXT_I32_I8, 1)                                                          \
  X(S_SEXT_I32_I16, 1)                                                         \
  X(S_ABS_I32, 1)                                                              \
  X(S_AND_SAVEEXEC_B32, 1)                                                     \
  X(S_OR_SAVEEXEC_B32, 1)                                                      \
  X(S_XOR_SAVEEXEC_B32, 1)                                                     \
  X(S_ANDN2_SAVEEXEC_B32, 1)                                                   \
  X(S_ANDN1_SAVEEXEC_B32, 1)                                                   \
  X(S_GETPC_B64, 0)                                                            \
  X(S_ADD_U32, 2)                                                              \
  X(S_ADDC_U32, 2)                                                             \
  X(S_SUB_U32, 2)                                                              \
  X(S_SUBB_U32, 2)                                                             \
  X(S_ADD_I32, 2)                                                              \
  X(S_SUB_I32, 2)                                                              \
  X(S_ADDK_I32, 2)                                                             \
  X(S_MULK_I32, 2)                                                             \
  X(S_MUL_I32, 2)                                                              \
  X(S_MUL_HI_U32, 2)                                                           \
  X(S_MUL_HI_I32, 2)                                                           \
  X(S_AND_B32, 2)                                                              \
  X(S_AND_B64, 2)                                                              \
  X(S_OR_B32, 2)                                                               \
  X(S_OR_B64, 2)                                                               \
  X(S_XOR_B32, 2)                                                              \
  X(S_XOR_B64, 2)                                                              \
  X(S_ANDN2_B32, 2)                                                            \
  X(S_ANDN2_B64, 2)                                                            \
  X(S_ORN2_B32, 2)                                                             \
  X(S_ORN2_B64, 2)                                                             \
  X(S_NAND_B32, 2)                                                             \
  X(S_NOR_B32, 2)                                                              \
  X(S_XNOR_B32, 2)                                                             \
  X(S_LSHL_B32, 2)                                                             \
  X(S_LSHL_B64, 2)                                                             \
  X(S_LSHR_B32, 2)                                                             \
  X(S_LSHR_B64, 2)                                                             \
  X(S_ASHR_I32, 2)                                                             \
  X(S_ASHR_I64, 2)                                                             \
  X(S_BFE_U32, 2)                                                              \
  X(S_BFE_I32, 2)                                                              \
  X(S_BFE_U64, 2)                                                              \
  X(S_BFM_B32, 2)                                                              \
  X(S_MIN_I32, 2)                                                              \
  X(S_MIN_U32, 2)                                                              \
  X(S_MAX_I32, 2)                                                              \
  X(S_MAX_U32, 2)                                                              \
  X(S_CSELECT_B32, 2)                                                          \
  X(S_CSELECT_B64, 2)                                                          \
  X(S_LSHL1_ADD_U32, 2)                                                        \
  X(S_LSHL2_ADD_U32, 2)                                                        \
  X(S_LSHL3_ADD_U32, 2)                                                        \
  X(S_LSHL4_ADD_U32, 2)                                                        \
  X(S_PACK_LL_B32_B16, 2)                                                      \
  X(S_BITCMP0_B32, 2)                                                          \
  X(S_BITCMP1_B32, 2)                                                          \
  X(S_BRANCH, 0)                                                               \
  X(S_CBRANCH_SCC0, 0)                                                         \
  X(S_CBRANCH_SCC1, 0)                                                         \
  X(S_CBRANCH_VCCZ, 0)                                                         \
  X(S_CBRANCH_VCCNZ, 0)                                                        \
  X(S_CBRANCH_EXECZ, 0)                                                        \
  X(S_CBRANCH_EXECNZ, 0)                                                       \
  X(S_ENDPGM, 0)                                                               \
  X(S_BARRIER, 0)                                                              \
  X(S_TRAP, 0)                                                                 \
  X(S_CODE_END, 0)

enum class Op : uint16_t {
  Invalid,
  Unsupported, // decoded by MC, not implemented: error when executed
  Undecodable,
  Nop,
#define GEMM_EMU_ENUM(N, A) N,
  GEMM_EMU_VALU_OPS(GEMM_EMU_ENUM) GEMM_EMU_OTHER_OPS(GEMM_EMU_ENUM)
#undef GEMM_EMU_ENUM
      VOPD,
  V_CMP,
  V_CMPX,
  S_CMP,
  S_LOAD,
  GLOBAL_LOAD,
  GLOBAL_STORE,
  BUFFER_LOAD,
  DS_READ,
  DS_READ2,
  DS_WRITE,
  DS_WRITE2,
};

enum CmpCond : uint8_t {
  CF,
  CLT,
  CEQ,
  CLE,
  CGT,
  CLG,
  CGE,
  CO,
  CU,
  CNGE,
  CNLG,
  CNGT,
  CNLE,
  CNEQ,
  CNLT,
  CT
};
// TI16 and TU16 compare true16 halves (V_CMP_*_U16_t16).
enum CmpType : uint8_t { TF32, TI32, TU32, TI64, TU64, TI16, TU16 };

enum OKind : uint8_t { ONone, OVGPR, OSGPR, OImm, OSCC, OVCCZ, OEXECZ };

/// Which bits of a VGPR a true16 operand (v0.l, v0.h) names.
enum class Half : uint8_t { Whole, Lo, Hi };

struct Opnd {
  OKind Kind = ONone;
  Half Part = Half::Whole; // VGPR: all 32 bits, or a true16 half
  uint8_t Count = 1;       // registers in the tuple
  uint8_t Mods = 0;        // 1: neg, 2: abs (SISrcMods)
  uint16_t Reg = 0; // VGPR number or scalar encoding (s0-s105, vcc 106, ...)
  uint64_t Imm = 0;
};

constexpr uint16_t SVccLo = 106, SNull = 124, SM0 = 125, SExecLo = 126;

/// What an instruction that is functionally a no-op means to the timing
/// model; its immediate is in Inst::Off0.
enum class NopKind : uint8_t {
  Plain,       // s_nop and hints without timing effect here
  WaitCnt,     // s_waitcnt simm16 (gfx11: vmcnt 15:10, lgkmcnt 9:4, expcnt 2:0)
  WaitVmCnt,   // s_waitcnt_vmcnt null, imm
  WaitVsCnt,   // s_waitcnt_vscnt null, imm
  WaitLgkmCnt, // s_waitcnt_lgkmcnt null, imm
  SetPrio,     // s_setprio imm
  Sleep,       // s_sleep imm (64 clocks per unit)
  SNop,        // s_nop imm (imm + 1 wait states)
  DelayAlu,    // s_delay_alu: a scheduling hint
};

/// Data parallel processing: which form reads src0 across lanes.
enum class DppKind : uint8_t { None, Dpp16, Dpp8 };

struct Inst {
  Op Opc = Op::Invalid;
  Op OpY = Op::Invalid; // VOPD: Y half (X half in Opc2)
  Op OpX = Op::Invalid;
  uint8_t NumDst = 0, NumSrc = 0;
  uint8_t Cond = 0, Type = 0;
  NopKind Nop = NopKind::Plain;
  uint8_t MemBytes = 0; // bytes per lane (per address for DS 2-address ops)
  bool MemSigned = false, SAddr = false, Flat = false;
  Opnd Dst[2];
  Opnd Src[6]; // VOPD: X sources in 0..2, Y sources in 3..5
  int64_t Off0 = 0, Off1 = 0;
  uint32_t Target = 0; // branch target index
  uint32_t Size = 0;
  uint64_t Address = 0;
  unsigned MCOpcode = 0;
  // DPP (ISA guide 7.7): src0 is read from other lanes. DppCtrl is DPP16's
  // dpp_ctrl, Dpp8Sel DPP8's eight 3-bit lane selects; the masks disable
  // result writes by row (16 lanes) and bank (4 lanes of each row).
  // FetchInactive (fi) and BoundCtrl (bound_ctrl) are also the op_sel[0] and
  // op_sel[1] bits of v_permlane16_b32 / v_permlanex16_b32.
  DppKind Dpp = DppKind::None;
  uint8_t RowMask = 0xf, BankMask = 0xf;
  bool BoundCtrl = false, FetchInactive = false;
  uint16_t DppCtrl = 0;
  uint32_t Dpp8Sel = 0;
  std::string Why; // for Unsupported
};

inline unsigned valuArity(Op O) {
  switch (O) {
#define GEMM_EMU_ARITY(N, A)                                                   \
  case Op::N:                                                                  \
    return A;
    GEMM_EMU_VALU_OPS(GEMM_EMU_ARITY)
    GEMM_EMU_OTHER_OPS(GEMM_EMU_ARITY)
#undef GEMM_EMU_ARITY
  default:
    return 0;
  }
}

inline bool isSimpleValu(Op O) {
  switch (O) {
#define GEMM_EMU_CASE(N, A) case Op::N:
    GEMM_EMU_VALU_OPS(GEMM_EMU_CASE)
#undef GEMM_EMU_CASE
    return true;
  default:
    return false;
  }
}

inline bool isFloatOp(Op O) {
  switch (O) {
  case Op::V_CVT_I32_F32:
  case Op::V_CVT_U32_F32:
  case Op::V_RCP_F32:
  case Op::V_RCP_IFLAG_F32:
  case Op::V_RSQ_F32:
  case Op::V_SQRT_F32:
  case Op::V_FLOOR_F32:
  case Op::V_CEIL_F32:
  case Op::V_TRUNC_F32:
  case Op::V_RNDNE_F32:
  case Op::V_FRACT_F32:
  case Op::V_EXP_F32:
  case Op::V_LOG_F32:
  case Op::V_ADD_F32:
  case Op::V_SUB_F32:
  case Op::V_SUBREV_F32:
  case Op::V_MUL_F32:
  case Op::V_MAX_F32:
  case Op::V_MIN_F32:
  case Op::V_LDEXP_F32:
  case Op::V_FMAC_F32:
  case Op::V_FMA_F32:
  case Op::V_FMAMK_F32:
  case Op::V_FMAAK_F32:
  case Op::V_MAX3_F32:
  case Op::V_MIN3_F32:
  case Op::V_DIV_SCALE_F32:
  case Op::V_DIV_FMAS_F32:
  case Op::V_DIV_FIXUP_F32:
  case Op::V_CNDMASK_B32:
  case Op::V_MOV_B32:
    return true;
  default:
    return false;
  }
}

inline bool isBranch(Op O) {
  return O == Op::S_BRANCH || O == Op::S_CBRANCH_SCC0 ||
         O == Op::S_CBRANCH_SCC1 || O == Op::S_CBRANCH_VCCZ ||
         O == Op::S_CBRANCH_VCCNZ || O == Op::S_CBRANCH_EXECZ ||
         O == Op::S_CBRANCH_EXECNZ;
}

struct RegMap {
  OKind Kind = ONone;
  uint16_t Reg = 0;
  uint8_t Count = 0;
  Half Part = Half::Whole;
};

/// The 16-bit integer operations on VGPR halves (true16, which LLVM 22
/// selects for gfx11 where a value fits in 16 bits, e.g. an index divided
/// by a constant).
inline bool isTrue16Op(Op O) {
  return O >= Op::V_MOV_B16_t16 && O <= Op::V_XOR_B16_t16;
}

} // namespace emu

/// The instructions of one kernel, decoded once per code object.
struct DecodedProgram {
  using Inst = emu::Inst;
  std::vector<Inst> Insts;
  uint64_t Base = 0;            // address of Insts[0]
  std::vector<int32_t> IndexOf; // (address - Base) / 4 -> instruction index
  std::vector<uint8_t> Bytes;   // for re-disassembly in error messages
  int32_t indexOf(uint64_t Addr) const {
    if (Addr < Base || (Addr - Base) % 4 || (Addr - Base) / 4 >= IndexOf.size())
      return -1;
    return IndexOf[(Addr - Base) / 4];
  }
};

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_EMULATOR_ISA_H
