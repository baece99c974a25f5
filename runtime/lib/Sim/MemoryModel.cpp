//===- MemoryModel.cpp - LDS and cache timing of the RDNA3 model ----------===//

#include "MemoryModel.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;
using namespace gemm::rt;
using namespace gemm::rt::sim;

unsigned sim::ldsCycles(ArrayRef<uint64_t> Addrs, unsigned BytesPerAddr,
                        unsigned AddrsPerLane, unsigned Banks,
                        unsigned BytesPerClock, bool PairPacking) {
  if (Addrs.empty())
    return 1;
  // A two-address op goes as two single-address ones: every lane's first
  // address, then every lane's second (the log interleaves them by lane).
  if (AddrsPerLane == 2) {
    SmallVector<uint64_t, 32> Firsts, Seconds;
    for (size_t A = 0; A < Addrs.size(); ++A)
      (A % 2 ? Seconds : Firsts).push_back(Addrs[A]);
    return ldsCycles(Firsts, BytesPerAddr, 1, Banks, BytesPerClock) +
           ldsCycles(Seconds, BytesPerAddr, 1, Banks, BytesPerClock);
  }
  unsigned Dwords = std::max(1u, (BytesPerAddr + 3) / 4);
  unsigned BytesPerLane = std::max(4u, BytesPerAddr) * AddrsPerLane;
  unsigned LanesPerPass = std::max(1u, BytesPerClock / BytesPerLane);
  // The lane order of Addrs is lost when lanes are off, so only a full wave
  // is checked for pairs.
  if (PairPacking && AddrsPerLane == 1 && BytesPerAddr >= 8 &&
      Addrs.size() == 32) {
    bool Paired = true;
    for (size_t L = 0; L < Addrs.size() && Paired; L += 2)
      Paired = Addrs[L] == Addrs[L + 1];
    if (Paired)
      LanesPerPass *= 2;
  }
  unsigned AddrsPerPass = LanesPerPass * AddrsPerLane;
  unsigned Cycles = 0;
  // Per bank, the distinct dword addresses of the pass.
  std::vector<SmallVector<uint64_t, 4>> PerBank(Banks);
  for (size_t First = 0; First < Addrs.size(); First += AddrsPerPass) {
    for (auto &B : PerBank)
      B.clear();
    size_t End = std::min(Addrs.size(), First + AddrsPerPass);
    for (size_t A = First; A < End; ++A)
      for (unsigned D = 0; D < Dwords; ++D) {
        uint64_t Word = Addrs[A] / 4 + D;
        auto &B = PerBank[Word % Banks];
        if (!is_contained(B, Word))
          B.push_back(Word);
      }
    unsigned Ways = 1;
    for (auto &B : PerBank)
      Ways = std::max<unsigned>(Ways, B.size());
    Cycles += Ways;
  }
  return Cycles;
}

LruCache::LruCache(uint64_t Bytes, unsigned Ways, unsigned LineBytes)
    : Ways(Ways), Sets(std::max<uint64_t>(1, Bytes / LineBytes / Ways)),
      Tags(Sets * Ways, ~0ull) {}

bool LruCache::access(uint64_t Line) {
  // A hashed set index: with the plain low bits, the power-of-two row strides
  // of a 4096-wide matrix put every row in one set.
  uint64_t H = Line * 0x9e3779b97f4a7c15ull;
  uint64_t *Set = &Tags[((H >> 32) % Sets) * Ways];
  unsigned W = 0;
  while (W < Ways && Set[W] != Line)
    ++W;
  bool Hit = W < Ways;
  if (!Hit)
    W = Ways - 1;
  std::move_backward(Set, Set + W, Set + W + 1);
  Set[0] = Line;
  return Hit;
}

void sim::distinctLines(ArrayRef<uint64_t> Addrs, unsigned BytesPerAddr,
                        unsigned LineBytes, std::vector<uint64_t> &Lines) {
  Lines.clear();
  for (uint64_t A : Addrs) {
    uint64_t First = A / LineBytes,
             Last = (A + std::max(1u, BytesPerAddr) - 1) / LineBytes;
    for (uint64_t L = First; L <= Last; ++L)
      if (Lines.empty() || (Lines.back() != L && !is_contained(Lines, L)))
        Lines.push_back(L);
  }
}

double sim::lineHash(uint64_t Line) {
  // splitmix64
  uint64_t Z = Line + 0x9e3779b97f4a7c15ull;
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  Z ^= Z >> 31;
  return (Z >> 11) * (1.0 / 9007199254740992.0);
}
