//===- Emulator.cpp - Wave32 functional emulator of RDNA3 (gfx1100) -------===//
//
// Decoding: LLVM's AMDGPU MC disassembler turns the bytes into MCInsts; the
// opcode *name* (MCInstrInfo::getName) is resolved once per instruction to an
// internal Op, and the operands to register-file indices / immediates. The
// operand layout is derived from MCInstrDesc (defs first; source-modifier
// operands precede their source; register-or-immediate sources have a register
// class; trailing control immediates such as clamp/omod must be zero), so no
// AMDGPU-internal headers are needed.
//
// Execution: one wave instruction runs for all 32 lanes at once on arrays of
// lane values, results are written under EXEC. Memory operations complete
// immediately (s_waitcnt is a no-op); the waves of a workgroup run in turn
// until each reaches s_barrier or s_endpgm.
//
//===----------------------------------------------------------------------===//

#include "gemm-runtime/Emulator.h"

#include "gemm-opt/CodeObject/AMDGPUMCLayer.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/bit.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <cmath>
#include <cstring>

using namespace llvm;
using namespace gemm::rt;

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

uint64_t EmuMemory::allocate(size_t Bytes) {
  auto R = std::make_unique<Region>();
  R->Base = Next;
  R->Size = Bytes;
  R->Data.reset(new uint8_t[Bytes ? Bytes : 1]());
  // A 64 KiB unmapped gap after every region turns overruns into errors.
  Next += alignTo(std::max<uint64_t>(Bytes, 1), 4096) + 65536;
  uint64_t Base = R->Base;
  Regions.push_back(std::move(R));
  return Base;
}

uint8_t *EmuMemory::translateSlow(uint64_t Addr, uint64_t Bytes) {
  auto It = std::upper_bound(
      Regions.begin(), Regions.end(), Addr,
      [](uint64_t A, const std::unique_ptr<Region> &R) { return A < R->Base; });
  if (It == Regions.begin())
    return nullptr;
  Region *R = std::prev(It)->get();
  if (Addr + Bytes < Addr || Addr - R->Base + Bytes > R->Size)
    return nullptr;
  Last = R;
  return R->Data.get() + (Addr - R->Base);
}

void EmuMemory::releaseAll() {
  Regions.clear();
  Last = nullptr;
}

//===----------------------------------------------------------------------===//
// Decoded instructions
//===----------------------------------------------------------------------===//

namespace {

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
enum CmpType : uint8_t { TF32, TI32, TU32, TI64, TU64 };

enum OKind : uint8_t { ONone, OVGPR, OSGPR, OImm, OSCC, OVCCZ, OEXECZ };

struct Opnd {
  OKind Kind = ONone;
  uint8_t Count = 1; // registers in the tuple
  uint8_t Mods = 0;  // 1: neg, 2: abs (SISrcMods)
  uint16_t Reg = 0;  // VGPR number or scalar encoding (s0-s105, vcc 106, ...)
  uint64_t Imm = 0;
};

constexpr uint16_t SVccLo = 106, SNull = 124, SM0 = 125, SExecLo = 126;

struct Inst {
  Op Opc = Op::Invalid;
  Op OpY = Op::Invalid; // VOPD: Y half (X half in Opc2)
  Op OpX = Op::Invalid;
  uint8_t NumDst = 0, NumSrc = 0;
  uint8_t Cond = 0, Type = 0;
  uint8_t MemBytes = 0; // bytes per lane (per address for DS 2-address ops)
  bool MemSigned = false, SAddr = false, Flat = false;
  Opnd Dst[2];
  Opnd Src[6]; // VOPD: X sources in 0..2, Y sources in 3..5
  int64_t Off0 = 0, Off1 = 0;
  uint32_t Target = 0; // branch target index
  uint32_t Size = 0;
  uint64_t Address = 0;
  unsigned MCOpcode = 0;
  std::string Why; // for Unsupported
};

unsigned valuArity(Op O) {
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

bool isSimpleValu(Op O) {
  switch (O) {
#define GEMM_EMU_CASE(N, A) case Op::N:
    GEMM_EMU_VALU_OPS(GEMM_EMU_CASE)
#undef GEMM_EMU_CASE
    return true;
  default:
    return false;
  }
}

bool isFloatOp(Op O) {
  switch (O) {
  case Op::V_CVT_I32_F32:
  case Op::V_CVT_U32_F32:
  case Op::V_RCP_F32:
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
  case Op::V_CNDMASK_B32:
  case Op::V_MOV_B32:
    return true;
  default:
    return false;
  }
}

bool isBranch(Op O) {
  return O == Op::S_BRANCH || O == Op::S_CBRANCH_SCC0 ||
         O == Op::S_CBRANCH_SCC1 || O == Op::S_CBRANCH_VCCZ ||
         O == Op::S_CBRANCH_VCCNZ || O == Op::S_CBRANCH_EXECZ ||
         O == Op::S_CBRANCH_EXECNZ;
}

struct RegMap {
  OKind Kind = ONone;
  uint16_t Reg = 0;
  uint8_t Count = 0;
};

} // namespace

struct gemm::rt::DecodedProgram {
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

//===----------------------------------------------------------------------===//
// Emulator implementation
//===----------------------------------------------------------------------===//

struct Emulator::Impl : gemm::AMDGPUMCLayer {
  std::vector<RegMap> Regs;       // by MCRegister
  std::vector<Op> OpOf;           // by MC opcode (Invalid: not resolved)
  std::vector<std::string> YName; // scratch
  StringMap<Op> SimpleOps;
  int ModsType = -1, KImmType = -1; // MCOperandInfo::OperandType values
  std::map<std::pair<const CodeObject *, uint64_t>,
           std::unique_ptr<DecodedProgram>>
      Programs;

  Error init();
  void initRegs();
  std::string text(const DecodedProgram &P, const Inst &I);
  Expected<std::unique_ptr<DecodedProgram>> decode(ArrayRef<uint8_t> Code,
                                                   uint64_t Base);
  void decodeOne(const MCInst &MI, Inst &I);
  bool convertOperand(const MCOperand &MO, Opnd &O, std::string &Why);
  const MCOperand &tiedOperand(const MCInst &MI, unsigned K);
  bool decodeValu(const MCInst &MI, Inst &I, Op O);
  bool decodeVopd(const MCInst &MI, Inst &I, StringRef Name);
};

Error Emulator::Impl::init() {
  if (Error E = AMDGPUMCLayer::init("gfx1100"))
    return makeError("emulator: " + toString(std::move(E)));

#define GEMM_EMU_NAME(N, A) SimpleOps[#N] = Op::N;
  GEMM_EMU_VALU_OPS(GEMM_EMU_NAME)
  GEMM_EMU_OTHER_OPS(GEMM_EMU_NAME)
#undef GEMM_EMU_NAME
  for (const char *N :
       {"S_WAITCNT", "S_WAITCNT_VSCNT", "S_WAITCNT_VMCNT", "S_WAITCNT_EXPCNT",
        "S_WAITCNT_LGKMCNT", "S_WAITCNT_DEPCTR", "S_DELAY_ALU", "S_CLAUSE",
        "S_NOP", "BUFFER_GL0_INV", "BUFFER_GL1_INV", "S_SENDMSG",
        "S_ICACHE_INV", "S_INST_PREFETCH", "S_SET_INST_PREFETCH_DISTANCE",
        "S_SETPRIO", "S_DCACHE_INV", "S_WAIT_IDLE", "S_TTRACEDATA"})
    SimpleOps[N] = Op::Nop;

  // The operand types of source modifiers and of the FMAMK/FMAAK constant are
  // target-specific enum values; read them from instructions of known layout.
  for (unsigned Opc = 0, E = MII->getNumOpcodes(); Opc != E; ++Opc) {
    StringRef N = MII->getName(Opc);
    const MCInstrDesc &D = MII->get(Opc);
    if (N == "V_ADD_F32_e64_gfx11" && D.getNumOperands() > 1)
      ModsType = D.operands()[1].OperandType;
    else if (N == "V_FMAMK_F32_gfx11" && D.getNumOperands() > 2)
      KImmType = D.operands()[2].OperandType;
  }
  if (ModsType < 0 || KImmType < 0)
    return makeError("emulator: unexpected AMDGPU instruction descriptions "
                     "(V_ADD_F32_e64_gfx11 / V_FMAMK_F32_gfx11 not found)");
  OpOf.assign(MII->getNumOpcodes(), Op::Invalid);
  initRegs();
  return Error::success();
}

// Register names of the AMDGPU target: VGPR<n>, SGPR<n>, tuples joined by
// '_', and the special registers. Everything else (TTMPs, 16-bit halves,
// apertures, ...) is marked unsupported.
void Emulator::Impl::initRegs() {
  Regs.assign(MRI->getNumRegs(), RegMap());
  for (unsigned R = 1, E = MRI->getNumRegs(); R < E; ++R) {
    StringRef N = MRI->getName(R);
    RegMap M;
    if (N == "VCC_LO")
      M = {OSGPR, SVccLo, 1};
    else if (N == "VCC_HI")
      M = {OSGPR, SVccLo + 1, 1};
    else if (N == "VCC")
      M = {OSGPR, SVccLo, 2};
    else if (N == "EXEC_LO")
      M = {OSGPR, SExecLo, 1};
    else if (N == "EXEC_HI")
      M = {OSGPR, SExecLo + 1, 1};
    else if (N == "EXEC")
      M = {OSGPR, SExecLo, 2};
    else if (N == "M0")
      M = {OSGPR, SM0, 1};
    else if (N.starts_with("SGPR_NULL"))
      M = {OSGPR, SNull, static_cast<uint8_t>(N.contains("64") ? 2 : 1)};
    else if (N == "SCC" || N == "SRC_SCC")
      M = {OSCC, 0, 1};
    else if (N == "SRC_VCCZ")
      M = {OVCCZ, 0, 1};
    else if (N == "SRC_EXECZ")
      M = {OEXECZ, 0, 1};
    else if (N.starts_with("VGPR") || N.starts_with("SGPR")) {
      bool V = N.starts_with("VGPR");
      SmallVector<StringRef, 16> Parts;
      N.split(Parts, '_');
      unsigned First = 0, Prev = 0, Count = 0;
      bool Ok = true;
      for (StringRef P : Parts) {
        unsigned Num;
        if (!P.consume_front(V ? "VGPR" : "SGPR") || P.getAsInteger(10, Num)) {
          Ok = false;
          break;
        }
        if (Count == 0)
          First = Num;
        else if (Num != Prev + 1)
          Ok = false;
        Prev = Num;
        ++Count;
      }
      if (Ok && Count && Count <= 16 && First + Count <= (V ? 256u : 106u))
        M = {V ? OVGPR : OSGPR, static_cast<uint16_t>(First),
             static_cast<uint8_t>(Count)};
    }
    Regs[R] = M;
  }
}

// The disassembler does not always fill tied source operands with the register
// they are tied to (seen for vdstY of VOPD); read the defining operand.
const MCOperand &Emulator::Impl::tiedOperand(const MCInst &MI, unsigned K) {
  const MCInstrDesc &D = MII->get(MI.getOpcode());
  if (K < D.getNumOperands()) {
    int T = D.getOperandConstraint(K, MCOI::TIED_TO);
    if (T >= 0 && (unsigned)T < MI.getNumOperands())
      return MI.getOperand(T);
  }
  return MI.getOperand(K);
}

bool Emulator::Impl::convertOperand(const MCOperand &MO, Opnd &O,
                                    std::string &Why) {
  if (MO.isImm()) {
    O.Kind = OImm;
    O.Imm = static_cast<uint64_t>(MO.getImm());
    return true;
  }
  if (MO.isReg()) {
    unsigned R = MO.getReg().id();
    if (R < Regs.size() && Regs[R].Kind != ONone) {
      O.Kind = Regs[R].Kind;
      O.Reg = Regs[R].Reg;
      O.Count = Regs[R].Count;
      return true;
    }
    Why =
        ("register " + StringRef(MRI->getName(R)) + " is not supported").str();
    return false;
  }
  Why = "operand that is neither a register nor an immediate";
  return false;
}

static std::string stripSuffixes(StringRef N) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (StringRef S : {"_gfx11", "_gfx12", "_gfx10", "_e32", "_e64"})
      if (N.consume_back(S))
        Changed = true;
  }
  return N.str();
}

// VALU (and SALU) layout: defs, then for each source an optional modifier
// operand and the source; tied operands are sources (the FMAC accumulator);
// trailing control immediates (clamp, omod, ...) must be zero.
bool Emulator::Impl::decodeValu(const MCInst &MI, Inst &I, Op O) {
  const MCInstrDesc &D = MII->get(MI.getOpcode());
  unsigned NumDefs = D.getNumDefs();
  if (MI.getNumOperands() < NumDefs || NumDefs > 2) {
    I.Why = "unexpected operand layout";
    return false;
  }
  I.NumDst = NumDefs;
  for (unsigned K = 0; K < NumDefs; ++K)
    if (!convertOperand(MI.getOperand(K), I.Dst[K], I.Why))
      return false;
  uint8_t PendingMods = 0;
  bool SeenTrailing = false;
  bool IsSopk = StringRef(MII->getName(MI.getOpcode())).starts_with("S_") &&
                StringRef(MII->getName(MI.getOpcode())).contains("K_");
  for (unsigned K = NumDefs; K < MI.getNumOperands(); ++K) {
    const MCOperand &MO = tiedOperand(MI, K);
    int Type = K < D.getNumOperands() ? D.operands()[K].OperandType : -1;
    int RC = K < D.getNumOperands() ? D.operands()[K].RegClass : -1;
    if (Type == ModsType && MO.isImm()) {
      PendingMods = MO.getImm();
      continue;
    }
    if (RC != -1 || Type == KImmType || MO.isReg() || IsSopk) {
      if (SeenTrailing || I.NumSrc >= 3) {
        I.Why = "unexpected operand layout";
        return false;
      }
      Opnd &S = I.Src[I.NumSrc++];
      if (!convertOperand(MO, S, I.Why))
        return false;
      S.Mods = PendingMods;
      PendingMods = 0;
      continue;
    }
    SeenTrailing = true;
    if (MO.isImm() && MO.getImm() != 0) {
      I.Why = "clamp/omod/op_sel control bits are not supported";
      return false;
    }
  }
  for (unsigned K = 0; K < I.NumSrc; ++K)
    if ((I.Src[K].Mods & ~3u) || (I.Src[K].Mods && !isFloatOp(O))) {
      I.Why = "source modifiers on this operation are not supported";
      return false;
    }
  // Implicit VCC operands of the VOP2/VOPC encodings.
  auto Vcc = [] {
    Opnd V;
    V.Kind = OSGPR;
    V.Reg = SVccLo;
    return V;
  };
  switch (O) {
  case Op::V_CNDMASK_B32:
    if (I.NumSrc == 2)
      I.Src[I.NumSrc++] = Vcc();
    break;
  case Op::V_ADD_CO_U32:
  case Op::V_SUB_CO_U32:
  case Op::V_SUBREV_CO_U32:
    if (I.NumDst == 1)
      I.Dst[I.NumDst++] = Vcc();
    break;
  case Op::V_ADD_CO_CI_U32:
  case Op::V_SUB_CO_CI_U32:
  case Op::V_SUBREV_CO_CI_U32:
    if (I.NumDst == 1)
      I.Dst[I.NumDst++] = Vcc();
    if (I.NumSrc == 2)
      I.Src[I.NumSrc++] = Vcc();
    break;
  case Op::V_CMP:
    if (I.NumDst == 0)
      I.Dst[I.NumDst++] = Vcc();
    break;
  default:
    break;
  }
  unsigned Want =
      (O == Op::V_CMP || O == Op::V_CMPX || O == Op::S_CMP) ? 2 : valuArity(O);
  if (I.NumSrc != Want) {
    I.Why = formatv("unexpected operand layout ({0} sources, expected {1})",
                    I.NumSrc, Want)
                .str();
    return false;
  }
  return true;
}

// VOPD: vdstX, vdstY, the X sources (tied accumulator and literal included),
// then the Y sources. V_CNDMASK_B32 reads VCC implicitly.
bool Emulator::Impl::decodeVopd(const MCInst &MI, Inst &I, StringRef Name) {
  StringRef Rest = Name.drop_front(strlen("V_DUAL_"));
  size_t Split = Rest.find("_X_");
  if (Split == StringRef::npos) {
    I.Why = "unrecognized VOPD name";
    return false;
  }
  auto Resolve = [&](StringRef Part, Op &Out) {
    std::string N = "V_" + stripSuffixes(Part);
    if (N == "V_ADD_U32")
      N = "V_ADD_NC_U32";
    auto It = SimpleOps.find(N);
    if (It == SimpleOps.end() || !isSimpleValu(It->second))
      return false;
    Out = It->second;
    return true;
  };
  if (!Resolve(Rest.take_front(Split), I.OpX) ||
      !Resolve(Rest.drop_front(Split + 3), I.OpY)) {
    I.Why = "VOPD half not implemented";
    return false;
  }
  if (MI.getNumOperands() < 2) {
    I.Why = "unexpected VOPD operand layout";
    return false;
  }
  if (!convertOperand(MI.getOperand(0), I.Dst[0], I.Why) ||
      !convertOperand(MI.getOperand(1), I.Dst[1], I.Why))
    return false;
  I.NumDst = 2;
  auto McArity = [](Op O) {
    return O == Op::V_CNDMASK_B32 ? 2u : valuArity(O);
  };
  unsigned NX = McArity(I.OpX), NY = McArity(I.OpY);
  if (MI.getNumOperands() != 2 + NX + NY) {
    I.Why = "unexpected VOPD operand layout";
    return false;
  }
  for (unsigned K = 0; K < NX; ++K)
    if (!convertOperand(tiedOperand(MI, 2 + K), I.Src[K], I.Why))
      return false;
  for (unsigned K = 0; K < NY; ++K)
    if (!convertOperand(tiedOperand(MI, 2 + NX + K), I.Src[3 + K], I.Why))
      return false;
  Opnd V;
  V.Kind = OSGPR;
  V.Reg = SVccLo;
  if (I.OpX == Op::V_CNDMASK_B32)
    I.Src[2] = V;
  if (I.OpY == Op::V_CNDMASK_B32)
    I.Src[5] = V;
  I.Opc = Op::VOPD;
  return true;
}

static bool parseCond(StringRef C, bool Float, uint8_t &Out) {
  static const std::pair<const char *, CmpCond> Table[] = {
      {"F", CF},     {"LT", CLT},   {"EQ", CEQ},   {"LE", CLE},   {"GT", CGT},
      {"LG", CLG},   {"NE", CLG},   {"GE", CGE},   {"O", CO},     {"U", CU},
      {"NGE", CNGE}, {"NLG", CNLG}, {"NGT", CNGT}, {"NLE", CNLE}, {"NEQ", CNEQ},
      {"NLT", CNLT}, {"T", CT},     {"TRU", CT}};
  for (auto &E : Table)
    if (C == E.first) {
      bool FloatOnly = E.second >= CO && E.second <= CNLT;
      if (FloatOnly && !Float)
        return false;
      Out = E.second;
      return true;
    }
  return false;
}

static bool parseCmpType(StringRef T, uint8_t &Out) {
  if (T == "F32")
    Out = TF32;
  else if (T == "I32")
    Out = TI32;
  else if (T == "U32")
    Out = TU32;
  else if (T == "I64")
    Out = TI64;
  else if (T == "U64")
    Out = TU64;
  else
    return false;
  return true;
}

void Emulator::Impl::decodeOne(const MCInst &MI, Inst &I) {
  StringRef Full = MII->getName(MI.getOpcode());
  std::string NameS = stripSuffixes(Full);
  StringRef Name = NameS;
  I.MCOpcode = MI.getOpcode();
  I.Opc = Op::Unsupported;
  auto Fail = [&](StringRef Why) {
    I.Opc = Op::Unsupported;
    if (I.Why.empty())
      I.Why = Why.str();
  };

  if (Name.starts_with("V_DUAL_")) {
    if (!decodeVopd(MI, I, Name))
      Fail("");
    return;
  }
  // Compares: V_CMP[X]_<cond>_<type>, S_CMP[K]_<cond>_<type>.
  if (Name.starts_with("V_CMP_") || Name.starts_with("V_CMPX_") ||
      Name.starts_with("S_CMP_") || Name.starts_with("S_CMPK_")) {
    SmallVector<StringRef, 4> P;
    Name.split(P, '_');
    if (P.size() != 4 || !parseCmpType(P[3], I.Type) ||
        !parseCond(P[2], I.Type == TF32, I.Cond))
      return Fail("compare not implemented");
    Op O = Name.starts_with("V_CMPX_")  ? Op::V_CMPX
           : Name.starts_with("V_CMP_") ? Op::V_CMP
                                        : Op::S_CMP;
    if (!decodeValu(MI, I, O))
      return Fail("");
    if (P[1] == "CMPK") {
      // SOPK: 16-bit immediate, sign- or zero-extended by the type.
      Opnd &S = I.Src[1];
      S.Imm = I.Type == TI32 ? (uint64_t)(int64_t)(int16_t)S.Imm
                             : (uint64_t)(uint16_t)S.Imm;
    }
    I.Opc = O;
    return;
  }
  // Scalar memory: S_LOAD_B<bits>_{IMM,SGPR,SGPR_IMM}.
  if (Name.starts_with("S_LOAD_B")) {
    StringRef R = Name.drop_front(strlen("S_LOAD_B"));
    unsigned Bits;
    if (R.consumeInteger(10, Bits) || Bits % 32 || Bits > 512)
      return Fail("scalar load form not implemented");
    bool HasSOff = R.contains("SGPR"), HasImm = R.contains("IMM");
    unsigned K = 0;
    if (!convertOperand(MI.getOperand(K++), I.Dst[0], I.Why) ||
        !convertOperand(MI.getOperand(K++), I.Src[0], I.Why))
      return Fail("");
    if (HasSOff && !convertOperand(MI.getOperand(K++), I.Src[1], I.Why))
      return Fail("");
    if (HasImm)
      I.Off0 = SignExtend64<21>(MI.getOperand(K++).getImm());
    I.MemBytes = Bits / 8;
    I.NumDst = 1;
    I.NumSrc = HasSOff ? 2 : 1;
    if (I.Dst[0].Kind != OSGPR || I.Src[0].Kind != OSGPR)
      return Fail("unexpected scalar load operands");
    I.Opc = Op::S_LOAD;
    return;
  }
  // Global / flat memory.
  if (Name.starts_with("GLOBAL_") || Name.starts_with("FLAT_")) {
    bool Global = Name.starts_with("GLOBAL_");
    StringRef R = Name.drop_front(Global ? 7 : 5);
    bool Load = R.consume_front("LOAD_");
    bool Store = !Load && R.consume_front("STORE_");
    bool SAddr = R.consume_back("_SADDR");
    static const struct {
      const char *N;
      uint8_t Bytes;
      bool Signed;
    } Types[] = {{"DWORD", 4, false},    {"DWORDX2", 8, false},
                 {"DWORDX3", 12, false}, {"DWORDX4", 16, false},
                 {"UBYTE", 1, false},    {"SBYTE", 1, true},
                 {"USHORT", 2, false},   {"SSHORT", 2, true},
                 {"BYTE", 1, false},     {"SHORT", 2, false}};
    I.MemBytes = 0;
    for (auto &T : Types)
      if (R == T.N) {
        I.MemBytes = T.Bytes;
        I.MemSigned = T.Signed;
      }
    if ((!Load && !Store) || !I.MemBytes)
      return Fail("global/flat memory operation not implemented");
    // Loads: vdst, vaddr, [saddr], offset, cpol.
    // Loads with saddr: vdst, saddr, vaddr, offset, cpol.
    // Stores: vaddr, vdata, [saddr], offset, cpol.
    unsigned K = 0;
    Opnd VAddr, SA, Data;
    if (Load) {
      if (!convertOperand(MI.getOperand(K++), I.Dst[0], I.Why))
        return Fail("");
      if (SAddr && !convertOperand(MI.getOperand(K++), SA, I.Why))
        return Fail("");
      if (!convertOperand(MI.getOperand(K++), VAddr, I.Why))
        return Fail("");
      I.NumDst = 1;
    } else {
      if (!convertOperand(MI.getOperand(K++), VAddr, I.Why) ||
          !convertOperand(MI.getOperand(K++), Data, I.Why))
        return Fail("");
      if (SAddr && !convertOperand(MI.getOperand(K++), SA, I.Why))
        return Fail("");
    }
    int64_t Off = MI.getOperand(K).getImm();
    I.Off0 = Global ? SignExtend64<13>(Off) : Off;
    I.Src[0] = VAddr;
    I.Src[1] = SA;
    I.Src[2] = Data;
    I.SAddr = SAddr && SA.Kind == OSGPR && SA.Reg != SNull;
    I.Flat = !Global;
    if (VAddr.Kind != OVGPR || (Load && I.Dst[0].Kind != OVGPR) ||
        (Store && Data.Kind != OVGPR) || (!SAddr && VAddr.Count != 2))
      return Fail("unexpected global memory operands");
    I.Opc = Load ? Op::GLOBAL_LOAD : Op::GLOBAL_STORE;
    return;
  }
  // Raw buffer loads with a VGPR offset (what amdgpu.raw_buffer_load
  // becomes): vdata, vaddr, srsrc, soffset, offset, cpol, swz.
  if (Name.starts_with("BUFFER_LOAD_") && Name.ends_with("_OFFEN")) {
    StringRef R = Name.drop_front(12).drop_back(6);
    static const struct {
      const char *N;
      uint8_t Bytes;
    } Types[] = {
        {"DWORD", 4}, {"DWORDX2", 8}, {"DWORDX3", 12}, {"DWORDX4", 16}};
    I.MemBytes = 0;
    for (auto &T : Types)
      if (R == T.N)
        I.MemBytes = T.Bytes;
    if (!I.MemBytes)
      return Fail("buffer load not implemented");
    if (!convertOperand(MI.getOperand(0), I.Dst[0], I.Why) ||
        !convertOperand(MI.getOperand(1), I.Src[0], I.Why) ||
        !convertOperand(MI.getOperand(2), I.Src[1], I.Why) ||
        !convertOperand(MI.getOperand(3), I.Src[2], I.Why))
      return Fail("");
    I.Off0 = MI.getOperand(4).getImm();
    I.NumDst = 1;
    if (I.Dst[0].Kind != OVGPR || I.Src[0].Kind != OVGPR ||
        I.Src[1].Kind != OSGPR || I.Src[1].Count != 4 ||
        (I.Src[2].Kind != OSGPR && I.Src[2].Kind != OImm))
      return Fail("unexpected buffer load operands");
    I.Opc = Op::BUFFER_LOAD;
    return;
  }
  // LDS.
  if (Name.starts_with("DS_READ") || Name.starts_with("DS_WRITE")) {
    bool Read = Name.starts_with("DS_READ");
    StringRef R = Name.drop_front(Read ? 7 : 8);
    bool Two = R.consume_front("2");
    bool ST64 = Two && R.consume_front("ST64");
    if (!R.consume_front("_"))
      return Fail("LDS operation not implemented");
    static const struct {
      const char *N;
      uint8_t Bytes;
      bool Signed;
    } Types[] = {{"B32", 4, false},   {"B64", 8, false}, {"B96", 12, false},
                 {"B128", 16, false}, {"U8", 1, false},  {"I8", 1, true},
                 {"U16", 2, false},   {"I16", 2, true},  {"B8", 1, false},
                 {"B16", 2, false}};
    I.MemBytes = 0;
    for (auto &T : Types)
      if (R == T.N) {
        I.MemBytes = T.Bytes;
        I.MemSigned = T.Signed;
      }
    if (!I.MemBytes || (Two && I.MemBytes != 4 && I.MemBytes != 8))
      return Fail("LDS operation not implemented");
    unsigned K = 0;
    if (Read) {
      if (!convertOperand(MI.getOperand(K++), I.Dst[0], I.Why))
        return Fail("");
      I.NumDst = 1;
    }
    if (!convertOperand(MI.getOperand(K++), I.Src[0], I.Why))
      return Fail("");
    if (!Read) {
      if (!convertOperand(MI.getOperand(K++), I.Src[1], I.Why))
        return Fail("");
      if (Two && !convertOperand(MI.getOperand(K++), I.Src[2], I.Why))
        return Fail("");
    }
    I.Off0 = MI.getOperand(K++).getImm();
    if (Two) {
      I.Off1 = MI.getOperand(K++).getImm();
      int64_t Scale = I.MemBytes * (ST64 ? 64 : 1);
      I.Off0 *= Scale;
      I.Off1 *= Scale;
    }
    if (MI.getOperand(K).isImm() && MI.getOperand(K).getImm() != 0)
      return Fail("GDS is not supported");
    I.Opc = Read ? (Two ? Op::DS_READ2 : Op::DS_READ)
                 : (Two ? Op::DS_WRITE2 : Op::DS_WRITE);
    return;
  }

  auto It = SimpleOps.find(Name);
  if (It == SimpleOps.end())
    return Fail("not implemented by the emulator");
  Op O = It->second;
  if (O == Op::Nop || O == Op::S_ENDPGM || O == Op::S_BARRIER ||
      O == Op::S_CODE_END || O == Op::S_TRAP) {
    if (O == Op::S_TRAP && MI.getNumOperands())
      I.Off0 = MI.getOperand(0).getImm();
    I.Opc = O;
    return;
  }
  if (isBranch(O)) {
    I.Off0 = SignExtend64<16>(MI.getOperand(0).getImm());
    I.Opc = O;
    return;
  }
  if (!decodeValu(MI, I, O))
    return Fail("");
  if (O == Op::S_MOVK_I32 || O == Op::S_ADDK_I32 || O == Op::S_MULK_I32)
    I.Src[I.NumSrc - 1].Imm =
        (uint64_t)(int64_t)(int16_t)I.Src[I.NumSrc - 1].Imm;
  I.Opc = O;
}

Expected<std::unique_ptr<DecodedProgram>>
Emulator::Impl::decode(ArrayRef<uint8_t> Code, uint64_t Base) {
  auto P = std::make_unique<DecodedProgram>();
  P->Base = Base;
  P->Bytes.assign(Code.begin(), Code.end());
  P->IndexOf.assign(Code.size() / 4 + 1, -1);
  for (uint64_t Off = 0; Off + 4 <= Code.size();) {
    MCInst MI;
    uint64_t Size = 0;
    Inst I;
    I.Address = Base + Off;
    auto St =
        Disasm->getInstruction(MI, Size, Code.slice(Off), Base + Off, nulls());
    if (St != MCDisassembler::Success || Size == 0) {
      I.Opc = Op::Undecodable;
      Size = 4;
    } else {
      decodeOne(MI, I);
    }
    I.Size = Size;
    P->IndexOf[Off / 4] = P->Insts.size();
    P->Insts.push_back(std::move(I));
    Off += Size;
  }
  // Resolve branch targets to instruction indices.
  for (Inst &I : P->Insts)
    if (isBranch(I.Opc)) {
      uint64_t T = I.Address + 4 + I.Off0 * 4;
      int32_t Idx = P->indexOf(T);
      if (Idx < 0) {
        I.Opc = Op::Unsupported;
        I.Why = formatv("branch target {0:x} is not an instruction", T).str();
      } else {
        I.Target = Idx;
      }
    }
  // The end of the section must not be fallen through into.
  Inst End;
  End.Opc = Op::S_CODE_END;
  End.Address = Base + Code.size();
  P->Insts.push_back(End);
  return std::move(P);
}

std::string Emulator::Impl::text(const DecodedProgram &P, const Inst &I) {
  MCInst MI;
  uint64_t Size;
  ArrayRef<uint8_t> Bytes(P.Bytes);
  if (I.Address < P.Base || I.Address - P.Base >= Bytes.size())
    return "<end of code>";
  if (Disasm->getInstruction(MI, Size, Bytes.drop_front(I.Address - P.Base),
                             I.Address, nulls()) != MCDisassembler::Success)
    return "<undecodable>";
  std::string S;
  raw_string_ostream OS(S);
  Printer->printInst(&MI, I.Address, "", *STI, OS);
  StringRef T = StringRef(S).trim();
  return (T + " (" + MII->getName(MI.getOpcode()) + ")").str();
}

//===----------------------------------------------------------------------===//
// Execution
//===----------------------------------------------------------------------===//

namespace {

constexpr unsigned NumVgprs = 256;

struct Wave {
  uint32_t S[128];
  bool SCC = false;
  std::vector<uint32_t> V; // NumVgprs x 32 lanes, lane-contiguous
  uint32_t PC = 0;
  enum { Running, AtBarrier, Done } State = Running;
  uint32_t *vreg(unsigned R) { return &V[R * 32]; }
};

inline float f(uint32_t X) { return bit_cast<float>(X); }
inline uint32_t u(float X) { return bit_cast<uint32_t>(X); }

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

inline void vwrite64(Wave &W, uint16_t Reg, const uint64_t *R) {
  uint32_t Lo[32], Hi[32];
  for (int L = 0; L < 32; ++L) {
    Lo[L] = static_cast<uint32_t>(R[L]);
    Hi[L] = static_cast<uint32_t>(R[L] >> 32);
  }
  vwrite(W, Reg, Lo);
  vwrite(W, Reg + 1, Hi);
}

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

// All 32 lanes of a simple 32-bit operation. Inactive lanes are computed too
// (no side effects) and discarded by the masked write.
void computeValu(Op O, const uint32_t *A, const uint32_t *B, const uint32_t *C,
                 uint32_t *R) {
#define LANES(EXPR)                                                            \
  for (int L = 0; L < 32; ++L)                                                 \
    R[L] = (EXPR);                                                             \
  return;
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
    return;
  case Op::V_CVT_U32_F32:
    for (int L = 0; L < 32; ++L) {
      float X = f(A[L]);
      R[L] = (std::isnan(X) || X <= 0) ? 0
             : X >= 4294967295.0f      ? ~0u
                                       : (uint32_t)X;
    }
    return;
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
    LANES((uint32_t)(s24(A[L]) * s24(B[L])))
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
    for (int L = 0; L < 32; ++L)
      R[L] = 0;
    return;
  }
#undef LANES
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

// Per-lane compare mask (before EXEC masking).
uint32_t compareLanes(Wave &W, const Inst &I) {
  uint32_t M = 0;
  if (I.Type == TI64 || I.Type == TU64) {
    uint64_t A[32], B[32];
    vsrc64(W, I.Src[0], A);
    vsrc64(W, I.Src[1], B);
    for (int L = 0; L < 32; ++L)
      M |= (uint32_t)(I.Type == TI64 ? cmpInt<int64_t>(I.Cond, A[L], B[L])
                                     : cmpInt<uint64_t>(I.Cond, A[L], B[L]))
           << L;
    return M;
  }
  uint32_t T0[32], T1[32];
  const uint32_t *A = vsrc(W, I.Src[0], T0), *B = vsrc(W, I.Src[1], T1);
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
  return M;
}

struct WorkgroupCtx {
  std::vector<uint8_t> *LDS;
  EmuMemory *Mem;
};

} // namespace

namespace {
// Executes one wave until it reaches a barrier, ends, or fails.
class Runner {
public:
  Runner(Emulator::Impl &Impl, const DecodedProgram &P, EmuMemory &Mem,
         std::vector<uint8_t> &LDS, const std::string &Kernel)
      : Impl(Impl), P(P), Mem(Mem), LDS(LDS), Kernel(Kernel) {}
  Error run(Wave &W, uint64_t &Count);
  /// Debug aid (GEMM_EMU_TRACE=1): print each instruction of this wave and
  /// lane 0 of its first vector destination.
  bool Trace = false;

private:
  Emulator::Impl &Impl;
  const DecodedProgram &P;
  EmuMemory &Mem;
  std::vector<uint8_t> &LDS;
  const std::string &Kernel;

  Error fail(const Inst &I, const Twine &Msg) {
    return makeError(
        formatv("emulator: kernel '{0}' at {1:x}: ", Kernel, I.Address) + Msg +
        "\n  instruction: " + Impl.text(P, I));
  }
  Error salu(Wave &W, const Inst &I);
  Error valuOther(Wave &W, const Inst &I);
  Error memory(Wave &W, const Inst &I);
};
} // namespace

Error Runner::salu(Wave &W, const Inst &I) {
  const Opnd &D = I.Dst[0];
  uint32_t A = I.NumSrc > 0 ? sread32(W, I.Src[0]) : 0;
  uint32_t B = I.NumSrc > 1 ? sread32(W, I.Src[1]) : 0;
  uint32_t &Exec = W.S[SExecLo];
  auto W32 = [&](uint32_t V) { swrite32(W, D, V); };
  auto W32Scc = [&](uint32_t V) {
    swrite32(W, D, V);
    W.SCC = V != 0;
  };
  auto A64 = [&] { return sread64(W, I.Src[0]); };
  auto B64 = [&] { return sread64(W, I.Src[1]); };
  auto W64Scc = [&](uint64_t V) {
    swrite64(W, D, V);
    W.SCC = V != 0;
  };
  switch (I.Opc) {
  case Op::S_MOV_B32:
  case Op::S_MOVK_I32:
    W32(A);
    break;
  case Op::S_MOV_B64:
    swrite64(W, D, A64());
    break;
  case Op::S_CMOV_B32:
    if (W.SCC)
      W32(A);
    break;
  case Op::S_CMOV_B64:
    if (W.SCC)
      swrite64(W, D, A64());
    break;
  case Op::S_NOT_B32:
    W32Scc(~A);
    break;
  case Op::S_NOT_B64:
    W64Scc(~A64());
    break;
  case Op::S_BREV_B32:
    W32(reverseBits(A));
    break;
  // The destination is also the input (LLVM ties it; the MC operand list
  // holds the bit index as the one source).
  case Op::S_BITSET0_B32:
    W32(sread32(W, D) & ~(1u << (A & 31)));
    break;
  case Op::S_BITSET1_B32:
    W32(sread32(W, D) | 1u << (A & 31));
    break;
  case Op::S_FF1_I32_B32:
    W32(A ? llvm::countr_zero(A) : ~0u);
    break;
  case Op::S_FLBIT_I32_B32:
    W32(A ? llvm::countl_zero(A) : ~0u);
    break;
  case Op::S_BCNT1_I32_B32:
    W32Scc(llvm::popcount(A));
    break;
  case Op::S_SEXT_I32_I8:
    W32((uint32_t)(int32_t)(int8_t)A);
    break;
  case Op::S_SEXT_I32_I16:
    W32((uint32_t)(int32_t)(int16_t)A);
    break;
  case Op::S_ABS_I32: {
    int32_t X = (int32_t)A;
    W32Scc(X < 0 ? 0u - A : A);
    break;
  }
  case Op::S_AND_SAVEEXEC_B32:
  case Op::S_OR_SAVEEXEC_B32:
  case Op::S_XOR_SAVEEXEC_B32:
  case Op::S_ANDN2_SAVEEXEC_B32:
  case Op::S_ANDN1_SAVEEXEC_B32: {
    uint32_t Old = Exec, New;
    switch (I.Opc) {
    case Op::S_AND_SAVEEXEC_B32:
      New = A & Old;
      break;
    case Op::S_OR_SAVEEXEC_B32:
      New = A | Old;
      break;
    case Op::S_XOR_SAVEEXEC_B32:
      New = A ^ Old;
      break;
    case Op::S_ANDN2_SAVEEXEC_B32:
      New = A & ~Old;
      break;
    default:
      New = ~A & Old;
      break;
    }
    W32(Old);
    Exec = New;
    W.SCC = New != 0;
    break;
  }
  case Op::S_GETPC_B64:
    swrite64(W, D, I.Address + I.Size);
    break;
  case Op::S_ADD_U32: {
    uint64_t R = (uint64_t)A + B;
    W32((uint32_t)R);
    W.SCC = R >> 32;
    break;
  }
  case Op::S_ADDC_U32: {
    uint64_t R = (uint64_t)A + B + W.SCC;
    W32((uint32_t)R);
    W.SCC = R >> 32;
    break;
  }
  case Op::S_SUB_U32:
    W32(A - B);
    W.SCC = B > A;
    break;
  case Op::S_SUBB_U32: {
    uint64_t Sub = (uint64_t)B + W.SCC;
    W32((uint32_t)(A - Sub));
    W.SCC = Sub > A;
    break;
  }
  case Op::S_ADD_I32:
  case Op::S_ADDK_I32: {
    uint32_t R = A + B;
    W32(R);
    W.SCC = ((~(A ^ B)) & (A ^ R)) >> 31;
    break;
  }
  case Op::S_SUB_I32: {
    uint32_t R = A - B;
    W32(R);
    W.SCC = ((A ^ B) & (A ^ R)) >> 31;
    break;
  }
  case Op::S_MUL_I32:
  case Op::S_MULK_I32:
    W32(A * B);
    break;
  case Op::S_MUL_HI_U32:
    W32((uint32_t)(((uint64_t)A * B) >> 32));
    break;
  case Op::S_MUL_HI_I32:
    W32((uint32_t)(((int64_t)(int32_t)A * (int32_t)B) >> 32));
    break;
  case Op::S_AND_B32:
    W32Scc(A & B);
    break;
  case Op::S_OR_B32:
    W32Scc(A | B);
    break;
  case Op::S_XOR_B32:
    W32Scc(A ^ B);
    break;
  case Op::S_ANDN2_B32:
    W32Scc(A & ~B);
    break;
  case Op::S_ORN2_B32:
    W32Scc(A | ~B);
    break;
  case Op::S_NAND_B32:
    W32Scc(~(A & B));
    break;
  case Op::S_NOR_B32:
    W32Scc(~(A | B));
    break;
  case Op::S_XNOR_B32:
    W32Scc(~(A ^ B));
    break;
  case Op::S_AND_B64:
    W64Scc(A64() & B64());
    break;
  case Op::S_OR_B64:
    W64Scc(A64() | B64());
    break;
  case Op::S_XOR_B64:
    W64Scc(A64() ^ B64());
    break;
  case Op::S_ANDN2_B64:
    W64Scc(A64() & ~B64());
    break;
  case Op::S_ORN2_B64:
    W64Scc(A64() | ~B64());
    break;
  case Op::S_LSHL_B32:
    W32Scc(A << (B & 31));
    break;
  case Op::S_LSHR_B32:
    W32Scc(A >> (B & 31));
    break;
  case Op::S_ASHR_I32:
    W32Scc((uint32_t)((int32_t)A >> (B & 31)));
    break;
  case Op::S_LSHL_B64:
    W64Scc(A64() << (B & 63));
    break;
  case Op::S_LSHR_B64:
    W64Scc(A64() >> (B & 63));
    break;
  case Op::S_ASHR_I64:
    W64Scc((uint64_t)((int64_t)A64() >> (B & 63)));
    break;
  case Op::S_BFE_U32:
    W32Scc(bfe(A, B & 31, (B >> 16) & 0x7f));
    break;
  case Op::S_BFE_I32:
    W32Scc((uint32_t)sbfe(A, B & 31, (B >> 16) & 0x7f));
    break;
  case Op::S_BFE_U64: {
    uint32_t Off = B & 63, Wd = (B >> 16) & 0x7f;
    uint64_t X = A64() >> Off;
    if (Wd < 64)
      X &= (1ull << Wd) - 1;
    W64Scc(X);
    break;
  }
  case Op::S_BFM_B32:
    W32((((A & 31) == 0) ? 0u : ((1u << (A & 31)) - 1)) << (B & 31));
    break;
  case Op::S_MIN_I32:
    W.SCC = (int32_t)A < (int32_t)B;
    W32(W.SCC ? A : B);
    break;
  case Op::S_MIN_U32:
    W.SCC = A < B;
    W32(W.SCC ? A : B);
    break;
  case Op::S_MAX_I32:
    W.SCC = (int32_t)A > (int32_t)B;
    W32(W.SCC ? A : B);
    break;
  case Op::S_MAX_U32:
    W.SCC = A > B;
    W32(W.SCC ? A : B);
    break;
  case Op::S_CSELECT_B32:
    W32(W.SCC ? A : B);
    break;
  case Op::S_CSELECT_B64:
    swrite64(W, D, W.SCC ? A64() : B64());
    break;
  case Op::S_LSHL1_ADD_U32:
  case Op::S_LSHL2_ADD_U32:
  case Op::S_LSHL3_ADD_U32:
  case Op::S_LSHL4_ADD_U32: {
    unsigned Sh = 1 + (unsigned)I.Opc - (unsigned)Op::S_LSHL1_ADD_U32;
    uint64_t R = ((uint64_t)A << Sh) + B;
    W32((uint32_t)R);
    W.SCC = R >> 32;
    break;
  }
  case Op::S_PACK_LL_B32_B16:
    W32((A & 0xffff) | (B << 16));
    break;
  case Op::S_BITCMP0_B32:
    W.SCC = !((A >> (B & 31)) & 1);
    break;
  case Op::S_BITCMP1_B32:
    W.SCC = (A >> (B & 31)) & 1;
    break;
  case Op::S_CMP:
    if (I.Type == TU64)
      W.SCC = cmpInt<uint64_t>(I.Cond, A64(), B64());
    else if (I.Type == TI32)
      W.SCC = cmpInt<int32_t>(I.Cond, A, B);
    else if (I.Type == TU32)
      W.SCC = cmpInt<uint32_t>(I.Cond, A, B);
    else
      return fail(I, "unsupported scalar compare type");
    break;
  default:
    return fail(I, "internal: not a scalar ALU operation");
  }
  return Error::success();
}

Error Runner::valuOther(Wave &W, const Inst &I) {
  uint32_t Exec = W.S[SExecLo];
  uint32_t T0[32], T1[32], T2[32], R[32];
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
  case Op::VOPD: {
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
  default:
    return fail(I, "internal: unhandled vector operation");
  }
}

Error Runner::memory(Wave &W, const Inst &I) {
  uint32_t Exec = W.S[SExecLo];
  switch (I.Opc) {
  case Op::S_LOAD: {
    uint64_t Addr = sread64(W, I.Src[0]) + I.Off0;
    if (I.NumSrc > 1)
      Addr += sread32(W, I.Src[1]);
    unsigned Dwords = I.MemBytes / 4;
    uint8_t *Ptr = Mem.translate(Addr, I.MemBytes);
    if (!Ptr)
      return fail(I, formatv("scalar load of {0} bytes at {1:x} is outside "
                             "every buffer",
                             I.MemBytes, Addr));
    if (I.Dst[0].Reg + Dwords > 106 && I.Dst[0].Reg != SNull)
      return fail(I, "scalar load destination out of range");
    if (I.Dst[0].Reg != SNull)
      std::memcpy(&W.S[I.Dst[0].Reg], Ptr, I.MemBytes);
    return Error::success();
  }
  case Op::GLOBAL_LOAD:
  case Op::GLOBAL_STORE: {
    bool Load = I.Opc == Op::GLOBAL_LOAD;
    uint64_t SBase = I.SAddr ? sread64(W, I.Src[1]) : 0;
    const uint32_t *Lo = W.vreg(I.Src[0].Reg);
    const uint32_t *Hi = I.Src[0].Count > 1 ? W.vreg(I.Src[0].Reg + 1) : Lo;
    unsigned Dwords = (I.MemBytes + 3) / 4;
    for (int L = 0; L < 32; ++L) {
      if (!(Exec >> L & 1))
        continue;
      uint64_t Addr = (I.Src[1].Kind == OSGPR && I.Src[1].Reg != SNull) ||
                              I.Src[0].Count == 1
                          ? SBase + Lo[L]
                          : (Lo[L] | (uint64_t)Hi[L] << 32);
      Addr += I.Off0;
      uint8_t *Ptr = Mem.translate(Addr, I.MemBytes);
      if (!Ptr)
        return fail(I, formatv("lane {0}: {1} of {2} bytes at {3:x} is "
                               "outside every buffer",
                               L, Load ? "load" : "store", I.MemBytes, Addr));
      if (Load) {
        if (I.MemBytes >= 4) {
          for (unsigned K = 0; K < Dwords; ++K)
            std::memcpy(&W.vreg(I.Dst[0].Reg + K)[L], Ptr + 4 * K, 4);
        } else {
          uint32_t V = I.MemBytes == 1
                           ? (I.MemSigned ? (uint32_t)(int8_t)*Ptr : *Ptr)
                           : 0;
          if (I.MemBytes == 2) {
            uint16_t H;
            std::memcpy(&H, Ptr, 2);
            V = I.MemSigned ? (uint32_t)(int16_t)H : H;
          }
          W.vreg(I.Dst[0].Reg)[L] = V;
        }
      } else {
        if (I.MemBytes >= 4) {
          for (unsigned K = 0; K < Dwords; ++K)
            std::memcpy(Ptr + 4 * K, &W.vreg(I.Src[2].Reg + K)[L], 4);
        } else {
          std::memcpy(Ptr, &W.vreg(I.Src[2].Reg)[L], I.MemBytes);
        }
      }
    }
    return Error::success();
  }
  case Op::BUFFER_LOAD: {
    // The V# of a raw buffer: 48-bit base, stride 0, num_records in bytes.
    // Offsets (VGPR offset + instruction offset) past num_records read 0, as
    // the hardware's range check does; soffset is not range checked.
    uint32_t Desc[4];
    for (unsigned K = 0; K < 4; ++K)
      Desc[K] = W.S[I.Src[1].Reg + K];
    uint64_t Base = Desc[0] | (uint64_t)(Desc[1] & 0xffff) << 32;
    if ((Desc[1] >> 16) & 0x3fff)
      return fail(I, "buffer load with a non-zero stride is not emulated");
    uint64_t NumRecords = Desc[2];
    uint64_t SOffset = sread32(W, I.Src[2]);
    const uint32_t *VOff = W.vreg(I.Src[0].Reg);
    unsigned Dwords = (I.MemBytes + 3) / 4;
    for (int L = 0; L < 32; ++L) {
      if (!(Exec >> L & 1))
        continue;
      uint64_t Offset = (uint64_t)VOff[L] + I.Off0;
      if (Offset + I.MemBytes > NumRecords) {
        for (unsigned K = 0; K < Dwords; ++K)
          W.vreg(I.Dst[0].Reg + K)[L] = 0;
        continue;
      }
      uint64_t Addr = Base + SOffset + Offset;
      uint8_t *Ptr = Mem.translate(Addr, I.MemBytes);
      if (!Ptr)
        return fail(I, formatv("lane {0}: buffer load of {1} bytes at {2:x} "
                               "is outside every buffer",
                               L, I.MemBytes, Addr));
      for (unsigned K = 0; K < Dwords; ++K)
        std::memcpy(&W.vreg(I.Dst[0].Reg + K)[L], Ptr + 4 * K, 4);
    }
    return Error::success();
  }
  case Op::DS_READ:
  case Op::DS_READ2:
  case Op::DS_WRITE:
  case Op::DS_WRITE2: {
    bool Two = I.Opc == Op::DS_READ2 || I.Opc == Op::DS_WRITE2;
    bool Read = I.Opc == Op::DS_READ || I.Opc == Op::DS_READ2;
    const uint32_t *A = W.vreg(I.Src[0].Reg);
    unsigned Dwords = (I.MemBytes + 3) / 4;
    for (int L = 0; L < 32; ++L) {
      if (!(Exec >> L & 1))
        continue;
      // The destination may overlap the address register
      // (ds_load_2addr_b32 v[175:176], v175): read the address first.
      const uint64_t Base = A[L];
      for (unsigned Half = 0; Half < (Two ? 2u : 1u); ++Half) {
        uint64_t Addr = Base + (Half ? I.Off1 : I.Off0);
        if (Addr + I.MemBytes > LDS.size())
          return fail(I, formatv("lane {0}: LDS {1} of {2} bytes at {3} is "
                                 "outside the {4}-byte LDS allocation",
                                 L, Read ? "read" : "write", I.MemBytes, Addr,
                                 LDS.size()));
        uint8_t *Ptr = LDS.data() + Addr;
        unsigned First = Half * Dwords;
        if (Read) {
          if (I.MemBytes >= 4) {
            for (unsigned K = 0; K < Dwords; ++K)
              std::memcpy(&W.vreg(I.Dst[0].Reg + First + K)[L], Ptr + 4 * K, 4);
          } else {
            uint32_t V;
            if (I.MemBytes == 1)
              V = I.MemSigned ? (uint32_t)(int8_t)*Ptr : *Ptr;
            else {
              uint16_t H;
              std::memcpy(&H, Ptr, 2);
              V = I.MemSigned ? (uint32_t)(int16_t)H : H;
            }
            W.vreg(I.Dst[0].Reg)[L] = V;
          }
        } else {
          const Opnd &Data = I.Src[1 + Half];
          if (I.MemBytes >= 4) {
            for (unsigned K = 0; K < Dwords; ++K)
              std::memcpy(Ptr + 4 * K, &W.vreg(Data.Reg + K)[L], 4);
          } else {
            std::memcpy(Ptr, &W.vreg(Data.Reg)[L], I.MemBytes);
          }
        }
      }
    }
    return Error::success();
  }
  default:
    return fail(I, "internal: not a memory operation");
  }
}

Error Runner::run(Wave &W, uint64_t &Count) {
  const Inst *Insts = P.Insts.data();
  uint64_t N = 0;
  uint32_t LastPC = W.PC;
  for (;;) {
    if (Trace && N) {
      const Inst &Prev = Insts[LastPC];
      errs() << formatv("{0:x} {1}", Prev.Address, Impl.text(P, Prev));
      for (unsigned D = 0; D < Prev.NumDst; ++D)
        if (Prev.Dst[D].Kind == OVGPR)
          errs() << formatv("  v{0}[0]={1:x}", Prev.Dst[D].Reg,
                            W.vreg(Prev.Dst[D].Reg)[0]);
        else if (Prev.Dst[D].Kind == OSGPR)
          errs() << formatv("  s{0}={1:x}", Prev.Dst[D].Reg,
                            W.S[Prev.Dst[D].Reg]);
      errs() << formatv("  scc={0} exec={1:x}\n", W.SCC, W.S[SExecLo]);
    }
    LastPC = W.PC;
    const Inst &I = Insts[W.PC];
    ++N;
    switch (I.Opc) {
    case Op::Nop:
      ++W.PC;
      continue;
    case Op::S_ENDPGM:
      W.State = Wave::Done;
      Count += N;
      return Error::success();
    case Op::S_BARRIER:
      ++W.PC;
      W.State = Wave::AtBarrier;
      Count += N;
      return Error::success();
    case Op::S_BRANCH:
      W.PC = I.Target;
      continue;
    case Op::S_CBRANCH_SCC0:
      W.PC = !W.SCC ? I.Target : W.PC + 1;
      continue;
    case Op::S_CBRANCH_SCC1:
      W.PC = W.SCC ? I.Target : W.PC + 1;
      continue;
    case Op::S_CBRANCH_VCCZ:
      W.PC = W.S[SVccLo] == 0 ? I.Target : W.PC + 1;
      continue;
    case Op::S_CBRANCH_VCCNZ:
      W.PC = W.S[SVccLo] != 0 ? I.Target : W.PC + 1;
      continue;
    case Op::S_CBRANCH_EXECZ:
      W.PC = W.S[SExecLo] == 0 ? I.Target : W.PC + 1;
      continue;
    case Op::S_CBRANCH_EXECNZ:
      W.PC = W.S[SExecLo] != 0 ? I.Target : W.PC + 1;
      continue;
    case Op::S_LOAD:
    case Op::GLOBAL_LOAD:
    case Op::GLOBAL_STORE:
    case Op::BUFFER_LOAD:
    case Op::DS_READ:
    case Op::DS_READ2:
    case Op::DS_WRITE:
    case Op::DS_WRITE2:
      if (Error E = memory(W, I))
        return E;
      ++W.PC;
      continue;
    case Op::Unsupported:
      return fail(I, "unsupported instruction " +
                         StringRef(Impl.MII->getName(I.MCOpcode)) + ": " +
                         I.Why);
    case Op::Undecodable:
      return fail(I, "undecodable instruction bytes");
    case Op::S_CODE_END:
      return fail(I, "execution ran past the end of the kernel code");
    case Op::S_TRAP:
      return fail(I, formatv("kernel executed s_trap {0}", I.Off0));
    case Op::Invalid:
      return fail(I, "internal: invalid instruction");
    default:
      break;
    }
    if (isSimpleValu(I.Opc)) {
      uint32_t T0[32], T1[32], T2[32], R[32];
      const uint32_t *A = vsrc(W, I.Src[0], T0);
      const uint32_t *B = I.NumSrc > 1 ? vsrc(W, I.Src[1], T1) : T1;
      const uint32_t *C = I.NumSrc > 2 ? vsrc(W, I.Src[2], T2) : T2;
      if (I.Opc == Op::V_CNDMASK_B32 && C != T2) {
        for (int L = 0; L < 32; ++L)
          T2[L] = C[0];
        C = T2;
      }
      computeValu(I.Opc, A, B, C, R);
      if (I.Dst[0].Kind == OVGPR)
        vwrite(W, I.Dst[0].Reg, R);
      else
        return fail(I, "vector result to a non-VGPR destination");
      ++W.PC;
      continue;
    }
    Error E = I.Opc >= Op::S_MOV_B32 && I.Opc <= Op::S_BITCMP1_B32 ? salu(W, I)
              : I.Opc == Op::S_CMP                                 ? salu(W, I)
                                   : valuOther(W, I);
    if (E)
      return E;
    ++W.PC;
  }
}

//===----------------------------------------------------------------------===//
// Emulator
//===----------------------------------------------------------------------===//

Expected<std::unique_ptr<Emulator>> Emulator::create() {
  std::unique_ptr<Emulator> E(new Emulator());
  E->I = std::make_unique<Impl>();
  if (Error Err = E->I->init())
    return std::move(Err);
  return std::move(E);
}

Emulator::~Emulator() = default;

Error Emulator::load(const CodeObject &CO) {
  StringRef Target = CO.target();
  if (!Target.empty() && !Target.contains("gfx1100"))
    return makeError("emulator: code object targets '" + Target +
                     "'; the emulator implements gfx1100 only");
  for (const KernelInfo &K : CO.kernels()) {
    auto Key = std::make_pair(&CO, K.EntryAddress);
    if (I->Programs.count(Key))
      continue;
    uint64_t SecBase;
    auto Code = CO.codeAt(K.EntryAddress, SecBase);
    if (!Code)
      return Code.takeError();
    auto P = I->decode(*Code, K.EntryAddress);
    if (!P)
      return P.takeError();
    I->Programs[Key] = std::move(*P);
  }
  return Error::success();
}

Error Emulator::run(const CodeObject &CO, const EmuLaunch &L, EmuStats &Stats) {
  const KernelInfo &K = *L.Kernel;
  const KernelDescriptor &KD = K.KD;
  auto It = I->Programs.find({&CO, K.EntryAddress});
  if (It == I->Programs.end())
    return makeError("emulator: code object not loaded");
  const DecodedProgram &P = *It->second;

  if (!KD.isWave32())
    return makeError("emulator: kernel '" + K.Name +
                     "' is compiled for wave64; only wave32 is emulated");
  if (KD.PrivateSegmentFixedSize || K.PrivateSegmentFixedSize ||
      KD.usesDynamicStack())
    return makeError(formatv(
        "emulator: kernel '{0}' uses {1} bytes of "
        "scratch (private segment); scratch is not "
        "emulated",
        K.Name,
        std::max(KD.PrivateSegmentFixedSize, K.PrivateSegmentFixedSize)));
  if (KD.kernargPreloadLength())
    return makeError("emulator: kernarg preloading is not supported");
  uint64_t Lanes = (uint64_t)L.Block[0] * L.Block[1] * L.Block[2];
  if (!Lanes || L.Block[0] > 1024 || L.Block[1] > 1024 || L.Block[2] > 1024 ||
      Lanes > 1024)
    return makeError(formatv("emulator: invalid workgroup size {0}x{1}x{2}",
                             L.Block[0], L.Block[1], L.Block[2]));
  if (K.MaxFlatWorkgroupSize && Lanes > K.MaxFlatWorkgroupSize)
    return makeError(formatv("emulator: workgroup of {0} work-items exceeds "
                             "the kernel's max_flat_workgroup_size {1}",
                             Lanes, K.MaxFlatWorkgroupSize));
  if (K.ReqdWorkgroupSize[0] && (K.ReqdWorkgroupSize[0] != L.Block[0] ||
                                 K.ReqdWorkgroupSize[1] != L.Block[1] ||
                                 K.ReqdWorkgroupSize[2] != L.Block[2]))
    return makeError(formatv(
        "emulator: kernel '{0}' requires workgroup size {1}x{2}x{3}, launched "
        "with {4}x{5}x{6}",
        K.Name, K.ReqdWorkgroupSize[0], K.ReqdWorkgroupSize[1],
        K.ReqdWorkgroupSize[2], L.Block[0], L.Block[1], L.Block[2]));
  if (L.Block[1] > 1 && KD.enableVgprWorkitemId() < 1)
    return makeError("emulator: workgroup has a y dimension but the kernel "
                     "descriptor does not enable the workitem ID y");
  if (L.Block[2] > 1 && KD.enableVgprWorkitemId() < 2)
    return makeError("emulator: workgroup has a z dimension but the kernel "
                     "descriptor does not enable the workitem ID z");

  // User SGPRs in the order of the AMDHSA ABI; LLVM may reserve more than it
  // enables, so the system SGPRs start at USER_SGPR_COUNT.
  struct UserSgpr {
    bool Enabled;
    unsigned Count;
    uint64_t Value;
  };
  UserSgpr User[] = {{KD.hasPrivateSegmentBuffer(), 4, 0},
                     {KD.hasDispatchPtr(), 2, L.DispatchPtr},
                     {KD.hasQueuePtr(), 2, 0},
                     {KD.hasKernargSegmentPtr(), 2, L.KernargAddress},
                     {KD.hasDispatchId(), 2, 0},
                     {KD.hasFlatScratchInit(), 2, 0},
                     {KD.hasPrivateSegmentSize(), 1, 0}};
  unsigned NumUser = 0;
  for (const UserSgpr &U : User)
    NumUser += U.Enabled ? U.Count : 0;
  if (NumUser > KD.userSgprCount())
    return makeError(formatv("emulator: kernel descriptor enables {0} user "
                             "SGPRs but USER_SGPR_COUNT is {1}",
                             NumUser, KD.userSgprCount()));

  std::vector<uint8_t> LDS(KD.GroupSegmentFixedSize + L.DynamicLdsBytes);
  if (LDS.size() > 65536)
    return makeError(
        formatv("emulator: {0} bytes of LDS exceed 64 KiB", LDS.size()));
  unsigned NumWaves = (Lanes + 31) / 32;
  std::vector<Wave> Waves(NumWaves);
  for (Wave &W : Waves)
    W.V.assign(NumVgprs * 32, 0);
  int32_t Entry = P.indexOf(K.EntryAddress);
  if (Entry < 0)
    return makeError("emulator: kernel entry is not decodable");
  Runner R(*I, P, Memory, LDS, K.Name);
  const char *TraceEnv = getenv("GEMM_EMU_TRACE");
  bool TraceFirstWave = TraceEnv && *TraceEnv && *TraceEnv != '0';

  for (uint32_t GZ = 0; GZ < L.Grid[2]; ++GZ)
    for (uint32_t GY = 0; GY < L.Grid[1]; ++GY)
      for (uint32_t GX = 0; GX < L.Grid[0]; ++GX) {
        std::fill(LDS.begin(), LDS.end(), 0);
        for (unsigned WI = 0; WI < NumWaves; ++WI) {
          Wave &W = Waves[WI];
          std::memset(W.S, 0, sizeof(W.S));
          W.SCC = false;
          W.PC = Entry;
          W.State = Wave::Running;
          unsigned S = 0;
          for (const UserSgpr &U : User) {
            if (!U.Enabled)
              continue;
            for (unsigned K = 0; K < U.Count; ++K)
              W.S[S + K] = static_cast<uint32_t>(U.Value >> (32 * (K & 1)));
            S += U.Count;
          }
          S = KD.userSgprCount();
          uint32_t Gid[3] = {GX, GY, GZ};
          for (unsigned D = 0; D < 3; ++D)
            if (KD.enableWorkgroupId(D))
              W.S[S++] = Gid[D];
          if (KD.enableWorkgroupInfo())
            W.S[S++] = 0;
          if (KD.enablePrivateSegment())
            W.S[S++] = 0;
          // gfx11 packs the work-item IDs into v0: x | y << 10 | z << 20.
          uint32_t Exec = 0;
          uint32_t *V0 = W.vreg(0);
          for (unsigned Lane = 0; Lane < 32; ++Lane) {
            uint64_t Flat = WI * 32 + Lane;
            if (Flat >= Lanes) {
              V0[Lane] = 0;
              continue;
            }
            Exec |= 1u << Lane;
            uint32_t X = Flat % L.Block[0];
            uint32_t Y = (Flat / L.Block[0]) % L.Block[1];
            uint32_t Z = Flat / ((uint64_t)L.Block[0] * L.Block[1]);
            V0[Lane] = X | (KD.enableVgprWorkitemId() >= 1 ? Y << 10 : 0) |
                       (KD.enableVgprWorkitemId() >= 2 ? Z << 20 : 0);
          }
          W.S[SExecLo] = Exec;
        }
        // Run every wave up to its next barrier (or its end); release the
        // barrier when all waves that have not ended reached it.
        for (;;) {
          unsigned Live = 0;
          for (Wave &W : Waves) {
            R.Trace = TraceFirstWave && &W == &Waves[0] && GX == 0 && GY == 0 &&
                      GZ == 0;
            if (W.State == Wave::Running)
              if (Error E = R.run(W, Stats.WaveInstructions))
                return E;
            Live += W.State != Wave::Done;
          }
          if (!Live)
            break;
          for (Wave &W : Waves)
            if (W.State == Wave::AtBarrier)
              W.State = Wave::Running;
        }
        Stats.Waves += NumWaves;
      }
  return Error::success();
}
