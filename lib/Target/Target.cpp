//===- Target.cpp - The RDNA3 product table -------------------------------===//
//
// Each figure's source is in docs/targets.md, row by row; a figure no source
// gives is marked there as assumed. Only the RX 7900 XTX's sustained clock
// and L2 rate come from the timing model's calibration on the walkthrough's
// kernels; nothing else here is fitted.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Target/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace gemm;

namespace {
constexpr uint64_t KiB = 1024, MiB = 1024 * KiB;

// The clock the walkthrough's kernels were measured at on the RX 7900 XTX,
// over its boost clock. No source gives another product's clock under a
// long GEMM: they are assumed to hold the same ratio.
constexpr double kXtxSustainedClockGHz = 2.371;
constexpr double kXtxBoostClockGHz = 2.5;
constexpr double sustainedClock(double boostGHz) {
  return boostGHz * (kXtxSustainedClockGHz / kXtxBoostClockGHz);
}

// Assumed alike on every product (docs/targets.md): the L2's rate per CU
// (fitted on the XTX), the latency behind the L2 where a product has an
// Infinity Cache (measured on the XTX) and the gap between dependent kernels.
constexpr double kL2BytesPerClockPerCU = 32;
constexpr double kMallLatencyNs = 150.3;
// The RX 7600's monolithic die: the XTX's latency is "up to 58 % longer".
constexpr double kNavi33MallLatencyNs = kMallLatencyNs / 1.58;
// Where no Infinity Cache sits between the L2 and LPDDR5(X): no source
// gives the GPU's load latency; assumed.
constexpr double kApuDramLatencyNs = 200;
constexpr double kLaunchGapNs = 5000;
} // namespace

// Columns: name, ISA, product; CUs, SIMDs per CU, VGPR file per SIMD, LDS per
// WGP, L0 per CU, L1 per shader array, L2, L2 bytes per clock per CU,
// Infinity Cache; DRAM GB/s, latency behind the L2 (ns); boost and sustained
// clock (GHz), peak FP32 TFLOP/s (dual issue), launch gap (ns).
static const TargetInfo kTargets[] = {
    {"rx7900xtx", "gfx1100", "Radeon RX 7900 XTX", 96, 2, 192 * KiB, 128 * KiB,
     32 * KiB, 256 * KiB, 6 * MiB, kL2BytesPerClockPerCU, 96 * MiB, 960,
     kMallLatencyNs, kXtxBoostClockGHz, kXtxSustainedClockGHz, 61.4,
     kLaunchGapNs},
    {"rx7900xt", "gfx1100", "Radeon RX 7900 XT", 84, 2, 192 * KiB, 128 * KiB,
     32 * KiB, 256 * KiB, 6 * MiB, kL2BytesPerClockPerCU, 80 * MiB, 800,
     kMallLatencyNs, 2.4, sustainedClock(2.4), 51.6, kLaunchGapNs},
    {"rx7900gre", "gfx1100", "Radeon RX 7900 GRE", 80, 2, 192 * KiB, 128 * KiB,
     32 * KiB, 256 * KiB, 6 * MiB, kL2BytesPerClockPerCU, 64 * MiB, 576,
     kMallLatencyNs, 2.245, sustainedClock(2.245), 46.0, kLaunchGapNs},
    {"w7900", "gfx1100", "Radeon PRO W7900", 96, 2, 192 * KiB, 128 * KiB,
     32 * KiB, 256 * KiB, 6 * MiB, kL2BytesPerClockPerCU, 96 * MiB, 864,
     kMallLatencyNs, 2.495, sustainedClock(2.495), 61.3, kLaunchGapNs},
    {"rx7800xt", "gfx1101", "Radeon RX 7800 XT", 60, 2, 192 * KiB, 128 * KiB,
     32 * KiB, 256 * KiB, 4 * MiB, kL2BytesPerClockPerCU, 64 * MiB, 624,
     kMallLatencyNs, 2.43, sustainedClock(2.43), 37.3, kLaunchGapNs},
    {"rx7700xt", "gfx1101", "Radeon RX 7700 XT", 54, 2, 192 * KiB, 128 * KiB,
     32 * KiB, 256 * KiB, 4 * MiB, kL2BytesPerClockPerCU, 48 * MiB, 432,
     kMallLatencyNs, 2.544, sustainedClock(2.544), 35.2, kLaunchGapNs},
    {"rx7600", "gfx1102", "Radeon RX 7600", 32, 2, 128 * KiB, 128 * KiB,
     32 * KiB, 256 * KiB, 2 * MiB, kL2BytesPerClockPerCU, 32 * MiB, 288,
     kNavi33MallLatencyNs, 2.655, sustainedClock(2.655), 21.75, kLaunchGapNs},
    {"780m", "gfx1103", "Radeon 780M", 12, 2, 128 * KiB, 128 * KiB, 32 * KiB,
     256 * KiB, 2 * MiB, kL2BytesPerClockPerCU, 0, 120, kApuDramLatencyNs, 2.7,
     sustainedClock(2.7), 8.29, kLaunchGapNs},
    {"strix-point", "gfx1150", "Radeon 890M", 16, 2, 128 * KiB, 128 * KiB,
     32 * KiB, 256 * KiB, 2 * MiB, kL2BytesPerClockPerCU, 0, 120,
     kApuDramLatencyNs, 2.9, sustainedClock(2.9), 11.88, kLaunchGapNs},
    {"strix-halo", "gfx1151", "Radeon 8060S", 40, 2, 192 * KiB, 128 * KiB,
     32 * KiB, 256 * KiB, 2 * MiB, kL2BytesPerClockPerCU, 32 * MiB, 256,
     kMallLatencyNs, 2.9, sustainedClock(2.9), 29.7, kLaunchGapNs},
};

ArrayRef<TargetInfo> gemm::getTargets() { return kTargets; }

const TargetInfo &gemm::getDefaultTarget() { return kTargets[0]; }

const TargetInfo *gemm::lookupTarget(StringRef name) {
  for (const TargetInfo &target : kTargets)
    if (name == target.name)
      return &target;
  return nullptr;
}

Expected<const TargetInfo &> gemm::getTarget(StringRef name) {
  if (const TargetInfo *target = lookupTarget(name))
    return *target;
  return createStringError(inconvertibleErrorCode(), "unknown target '" + name +
                                                         "': expected one of " +
                                                         getTargetNames());
}

std::string gemm::getTargetNames() {
  return join(map_range(kTargets,
                        [](const TargetInfo &target) {
                          return StringRef(target.name);
                        }),
              ", ");
}

std::string gemm::getTargetIsas() {
  SmallVector<StringRef> isas;
  for (const TargetInfo &target : kTargets)
    if (!is_contained(isas, target.isa))
      isas.push_back(target.isa);
  return join(isas, ", ");
}

bool gemm::isTargetIsa(StringRef isa) {
  return any_of(kTargets,
                [&](const TargetInfo &target) { return isa == target.isa; });
}

void gemm::printTargets(raw_ostream &os, bool json) {
  if (!json) {
    os << formatv("{0,-12} {1,-8} {2,-28} {3,4} {4,9} {5,10} {6,9} {7,10}\n",
                  "name", "isa", "product", "CUs", "boost GHz", "sustained",
                  "DRAM GB/s", "peak TFLOP/s");
    for (const TargetInfo &t : kTargets)
      os << formatv("{0,-12} {1,-8} {2,-28} {3,4} {4,9:F3} {5,10:F3} {6,9:F0} "
                    "{7,10:F2}\n",
                    t.name, t.isa, t.product, t.computeUnits, t.boostClockGHz,
                    t.sustainedClockGHz, t.dramGBps, t.peakTflops);
    return;
  }
  json::OStream out(os, /*IndentSize=*/2);
  out.array([&] {
    for (const TargetInfo &t : kTargets)
      out.object([&] {
        out.attribute("name", t.name);
        out.attribute("isa", t.isa);
        out.attribute("product", t.product);
        out.attribute("compute_units", t.computeUnits);
        out.attribute("simds_per_cu", t.simdsPerCU);
        out.attribute("vgpr_file_bytes_per_simd", t.vgprFileBytesPerSimd);
        out.attribute("lds_bytes_per_wgp", t.ldsBytesPerWGP);
        out.attribute("l0_bytes_per_cu", t.l0BytesPerCU);
        out.attribute("l1_bytes_per_array", t.l1BytesPerArray);
        out.attribute("l2_bytes", t.l2Bytes);
        out.attribute("l2_bytes_per_clock_per_cu", t.l2BytesPerClockPerCU);
        out.attribute("mall_bytes", t.mallBytes);
        out.attribute("dram_gbps", t.dramGBps);
        out.attribute("mem_latency_ns", t.memLatencyNs);
        out.attribute("boost_clock_ghz", t.boostClockGHz);
        out.attribute("sustained_clock_ghz", t.sustainedClockGHz);
        out.attribute("peak_tflops", t.peakTflops);
        out.attribute("launch_gap_ns", t.launchGapNs);
      });
  });
  os << "\n";
}
