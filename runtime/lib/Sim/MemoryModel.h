//===- MemoryModel.h - LDS and cache timing of the RDNA3 model ---*- C++
//-*-===//
//
// The memory side of the timing model: LDS bank conflicts from the lanes' real
// addresses, set-associative LRU caches for the vector L0 and L1, and the
// grid-level L2 rule (see docs/timing-model.md, "Global memory").
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_SIM_MEMORYMODEL_H
#define GEMM_RUNTIME_SIM_MEMORYMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <vector>

namespace gemm {
namespace rt {
namespace sim {

/// Cycles an LDS instruction occupies the CU's banks. The wave's lanes are
/// served in passes of LdsBytesPerClock bytes (b32: 32 lanes, b64: 16,
/// b128: 8); within a pass, dwords in one bank at different addresses are
/// serialised and equal addresses are broadcast. With \p PairPacking, a
/// full-wave 64- or 128-bit single-address load whose lanes 2i and 2i+1 read
/// the same address takes twice the lanes a pass: the pair's data is returned
/// once.
unsigned ldsCycles(llvm::ArrayRef<uint64_t> Addrs, unsigned BytesPerAddr,
                   unsigned AddrsPerLane, unsigned Banks,
                   unsigned BytesPerClock, bool PairPacking = false);

/// A set-associative cache with LRU replacement, of lines.
class LruCache {
public:
  LruCache(uint64_t Bytes, unsigned Ways, unsigned LineBytes);
  /// Looks \p Line up and makes it most recent; true on a hit.
  bool access(uint64_t Line);

private:
  unsigned Ways;
  uint64_t Sets;
  std::vector<uint64_t> Tags; // Sets x Ways, most recent first; ~0: empty
};

/// Distinct lines of a wave's access, in order of first appearance.
void distinctLines(llvm::ArrayRef<uint64_t> Addrs, unsigned BytesPerAddr,
                   unsigned LineBytes, std::vector<uint64_t> &Lines);

/// Deterministic pseudo-random number in [0, 1) for a line, so that the L2
/// rule picks the same lines in every run.
double lineHash(uint64_t Line);

} // namespace sim
} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_SIM_MEMORYMODEL_H
