//===- Memory.cpp - Device memory and LDS accesses of the emulator --------===//
//
// The emulator's device memory (host-backed regions at fake addresses with
// guard gaps) and the memory instructions: scalar loads, global/flat and raw
// buffer accesses, LDS reads and writes.
//
//===----------------------------------------------------------------------===//

#include "LaneOps.h"
#include "Runner.h"

#include "gemm-runtime/Backend.h"

#include <cstring>

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::emu;

Expected<uint64_t> EmuMemory::allocate(uint64_t Bytes) {
  // Checked before allocating: a size from a manifest or a command line can
  // be anything, and new[] would abort the tool.
  if (Bytes > Limit - std::min(Used, Limit))
    return makeError(formatv("emulator: cannot allocate {0}: {1} are in use "
                             "and the memory limit is {2}; raise it with "
                             "--memory-limit",
                             formatBytes(Bytes), formatBytes(Used),
                             formatBytes(Limit)));
  Used += Bytes;
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
  Used = 0;
  Last = nullptr;
}

Error Runner::scalarLoad(Wave &W, const Inst &I) {
  uint64_t Addr = sread64(W, I.Src[0]) + I.Off0;
  if (I.NumSrc > 1)
    Addr += sread32(W, I.Src[1]);
  unsigned Dwords = I.MemBytes / 4;
  if (Log) {
    Log->clear(I.MemBytes);
    Log->add(Addr);
  }
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

Error Runner::globalAccess(Wave &W, const Inst &I) {
  uint32_t Exec = W.S[SExecLo];
  bool Load = I.Opc == Op::GLOBAL_LOAD;
  uint64_t SBase = I.SAddr ? sread64(W, I.Src[1]) : 0;
  const uint32_t *Lo = W.vreg(I.Src[0].Reg);
  const uint32_t *Hi = I.Src[0].Count > 1 ? W.vreg(I.Src[0].Reg + 1) : Lo;
  unsigned Dwords = (I.MemBytes + 3) / 4;
  if (Log)
    Log->clear(I.MemBytes);
  for (int L = 0; L < 32; ++L) {
    if (!(Exec >> L & 1))
      continue;
    uint64_t Addr =
        (I.Src[1].Kind == OSGPR && I.Src[1].Reg != SNull) || I.Src[0].Count == 1
            ? SBase + Lo[L]
            : (Lo[L] | (uint64_t)Hi[L] << 32);
    Addr += I.Off0;
    if (Log)
      Log->add(Addr);
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
        uint32_t V =
            I.MemBytes == 1 ? (I.MemSigned ? (uint32_t)(int8_t)*Ptr : *Ptr) : 0;
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

Error Runner::bufferLoad(Wave &W, const Inst &I) {
  uint32_t Exec = W.S[SExecLo];
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
  if (Log)
    Log->clear(I.MemBytes);
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
    if (Log)
      Log->add(Addr);
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

Error Runner::ldsAccess(Wave &W, const Inst &I) {
  uint32_t Exec = W.S[SExecLo];
  bool Two = I.Opc == Op::DS_READ2 || I.Opc == Op::DS_WRITE2;
  bool Read = I.Opc == Op::DS_READ || I.Opc == Op::DS_READ2;
  const uint32_t *A = W.vreg(I.Src[0].Reg);
  unsigned Dwords = (I.MemBytes + 3) / 4;
  if (Log)
    Log->clear(I.MemBytes);
  for (int L = 0; L < 32; ++L) {
    if (!(Exec >> L & 1))
      continue;
    // The destination may overlap the address register
    // (ds_load_2addr_b32 v[175:176], v175): read the address first.
    const uint64_t Base = A[L];
    for (unsigned Half = 0; Half < (Two ? 2u : 1u); ++Half) {
      uint64_t Addr = Base + (Half ? I.Off1 : I.Off0);
      if (Log)
        Log->add(Addr);
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

Error Runner::memory(Wave &W, const Inst &I) {
  switch (I.Opc) {
  case Op::S_LOAD:
    return scalarLoad(W, I);
  case Op::GLOBAL_LOAD:
  case Op::GLOBAL_STORE:
    return globalAccess(W, I);
  case Op::BUFFER_LOAD:
    return bufferLoad(W, I);
  case Op::DS_READ:
  case Op::DS_READ2:
  case Op::DS_WRITE:
  case Op::DS_WRITE2:
    return ldsAccess(W, I);
  default:
    return fail(I, "internal: not a memory operation");
  }
}
