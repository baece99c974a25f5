//===- Target.h - The RDNA3 products gemm-opt compiles for ------*- C++ -*-===//
//
// The one home of every machine figure: compute units, register file, LDS,
// caches, bandwidths, latencies, clocks, peak rate and launch gap of each
// RDNA3 product. The compiler's choices and cost estimates, the timing model,
// gemm-report, gemm-tune and the benchmarks read them from here; no other
// file writes them as literals (scripts/check-machine-figures.py checks).
// docs/targets.md gives each figure's source, or says it is assumed.
// LLVM only, no MLIR: the runtime builds without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TARGET_TARGET_H
#define GEMM_OPT_TARGET_TARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace gemm {

/// One product. Sizes in bytes, rates per second at the boost clock unless
/// the name says otherwise.
struct TargetInfo {
  const char *name;    ///< The name target= takes: "rx7900xtx".
  const char *isa;     ///< The LLVM processor its code objects are for.
  const char *product; ///< AMD's name for it.
  unsigned computeUnits;
  unsigned simdsPerCU;
  uint64_t vgprFileBytesPerSimd;
  uint64_t ldsBytesPerWGP;
  uint64_t l0BytesPerCU;
  uint64_t l1BytesPerArray; ///< Per shader array.
  uint64_t l2Bytes;
  /// The L2's bandwidth to one CU per shader clock (the timing model's
  /// L2BytesPerClockPerCU).
  double l2BytesPerClockPerCU;
  uint64_t mallBytes; ///< Infinity Cache; 0: none.
  double dramGBps;
  /// Load-to-use latency of a vector load that misses the L2 (Infinity
  /// Cache or, without one, DRAM).
  double memLatencyNs;
  double boostClockGHz;
  /// The clock under a long GEMM: measured on the XTX, elsewhere the XTX's
  /// ratio to its boost clock (docs/targets.md).
  double sustainedClockGHz;
  /// FP32 peak with dual issue, as AMD states it.
  double peakTflops;
  /// From the end of one kernel to the start of the next that depends on it.
  double launchGapNs;

  /// VGPRs per SIMD for wave32 (4-byte registers, 32 lanes).
  unsigned vgprsPerSimd() const {
    return static_cast<unsigned>(vgprFileBytesPerSimd / (4 * 32));
  }
  /// LDS one CU allocates from in CU mode: half its WGP's.
  uint64_t ldsBytesPerCU() const { return ldsBytesPerWGP / 2; }
  double peakFlops() const { return peakTflops * 1e12; }
  double dramBytesPerSecond() const { return dramGBps * 1e9; }
  double launchGapSeconds() const { return launchGapNs * 1e-9; }
  double boostClockHz() const { return boostClockGHz * 1e9; }
  double sustainedClockHz() const { return sustainedClockGHz * 1e9; }
};

/// Every product, the default first.
llvm::ArrayRef<TargetInfo> getTargets();

/// The product compiled for when none is named: the RX 7900 XTX, the card
/// the timing model is calibrated on.
const TargetInfo &getDefaultTarget();

/// The product named `name`, or null.
const TargetInfo *lookupTarget(llvm::StringRef name);

/// The product named `name`, or an error that lists the names.
llvm::Expected<const TargetInfo &> getTarget(llvm::StringRef name);

/// The products' names, comma-separated, for messages and --help.
std::string getTargetNames();

/// The ISAs of the products, each once, comma-separated.
std::string getTargetIsas();

/// The processor a code object's target ID names: "gfx1100" of
/// "amdgcn-amd-amdhsa--gfx1100:xnack-"; empty when it names none.
inline llvm::StringRef getTargetIdIsa(llvm::StringRef targetId) {
  return targetId.rsplit("--").second.split(':').first;
}

/// Whether some product's code objects are for `isa`.
bool isTargetIsa(llvm::StringRef isa);

/// Writes the table: a line per product, or (`json`) a JSON array with
/// every figure and the derived peak rates, for scripts.
void printTargets(llvm::raw_ostream &os, bool json);

} // namespace gemm

#endif // GEMM_OPT_TARGET_TARGET_H
