//===- Gemm.h - The gemm dialect: typed kernel configuration ----*- C++ -*-===//
//
// The attributes in which gemm-opt's tiling passes record their decisions
// (#gemm.config, #gemm.problem), and KernelConfig, the same configuration as
// a plain value for code that has no MLIRContext (pipeline builders).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_GEMM_H
#define GEMM_OPT_DIALECT_GEMM_H

#include "gemm-opt/Target/Target.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include <string>

#include "gemm-opt/Dialect/GemmDialect.h.inc"
#include "gemm-opt/Dialect/GemmEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "gemm-opt/Dialect/GemmAttrs.h.inc"

namespace mlir::gemm {

/// A #gemm.config as a value. The member initializers are the defaults of
/// gemm-select-config and of the pipelines, which take them from here.
struct KernelConfig {
  int64_t bm = 128, bn = 128, bk = 8; // Workgroup tile of C and K step.
  int64_t wavesM = 4, wavesN = 1;     // Wave grid of the workgroup.
  int64_t pad = 4;    // Floats after each row of A's transposed LDS tile.
  int64_t unroll = 0; // K steps per LDS loop iteration; 0: all of bk.
  PrefetchMode prefetch = PrefetchMode::Registers;
  Addressing addressing = Addressing::Buffer;
  /// One wait per K step for its LDS fragment loads, and the prologue's
  /// global loads waited for before the K loop; false: LLVM's waits, one
  /// before each first use.
  bool batchWaits = true;
  /// s_setprio 1 over each K step's FMAs, 0 while its loads issue
  /// (walkthrough, kernel 8).
  bool wavePriorities = false;
  /// K parts of each tile left over after the whole rounds of computeUnits
  /// workgroups (split-K of the grid's tail); 1: none, 0: gemm-select-config
  /// chooses. The parts' sums are added into C by a second kernel.
  int64_t splitTail = 0;
  /// Stream-K: the K steps of those tiles are shared evenly by one
  /// workgroup per CU, whose ranges may span tiles; a second kernel adds
  /// the partial sums into C in a fixed order. Excludes splitTail > 1.
  bool streamK = false;
  /// CUs of the GPU the grid's tail is balanced for; 0: the target's.
  int64_t computeUnits = 0;
  /// The tiled kernel or gemm-tile-skinny's; Auto: gemm-select-config
  /// chooses per shape.
  KernelKind kernel = KernelKind::Auto;
  /// The product (gemm/Target/Target.h) whose figures the choice and the
  /// cost estimates read.
  std::string target = ::gemm::getDefaultTarget().name;
  /// Not part of #gemm.config: a gemm-tune table gemm-select-config takes
  /// configurations from (TuningTable.h); empty: none.
  std::string tuningTable;
  /// Not part of #gemm.config: true when no tile option (bm, bn, waves-m,
  /// waves-n) was given, so that gemm-select-config may take a smaller tile
  /// for a matmul the default tile does not fit.
  bool tileChosenPerShape = true;

  /// The target's figures; the default target's when `target` names none
  /// (gemm-select-config refuses such a configuration).
  const ::gemm::TargetInfo &getTargetInfo() const;
  /// The CUs the grid is balanced for: computeUnits, else the target's.
  int64_t getTargetComputeUnits() const;

  KernelConfigAttr toAttr(MLIRContext *ctx) const;
  static KernelConfig fromAttr(KernelConfigAttr attr);

  /// Why the values are out of the ranges that hold for any problem (a
  /// negative or misaligned pad, a zero tile, more waves than a workgroup
  /// holds), if they are; the tiling passes check the rest against the
  /// problem and the register and LDS budgets.
  std::optional<std::string> checkRanges() const;

  /// Whether `other` has the same #gemm.config (the members the attribute
  /// holds): the same kernel, compiled the same way.
  bool hasSameAttr(const KernelConfig &other) const;
};

} // namespace mlir::gemm

#endif // GEMM_OPT_DIALECT_GEMM_H
