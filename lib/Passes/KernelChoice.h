//===- KernelChoice.h - gemm-select-config's built-in choice ----*- C++ -*-===//
//
// The kernel, tile and split of the grid's tail gemm-select-config gives a
// matmul that no option and no tuning table decides: a function of the
// matmul's sizes and layout and of the target, so that unit tests check each
// rule on a table of shapes without building IR.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_PASSES_KERNELCHOICE_H
#define GEMM_OPT_LIB_PASSES_KERNELCHOICE_H

#include "KernelTile.h"

namespace mlir::gemm {

/// What the built-in choice reads of a matmul.
struct MatmulChoiceInput {
  /// 1 for linalg.matmul.
  int64_t batch = 1;
  /// Static sizes, or ShapedType::kDynamic.
  int64_t m = 0, n = 0, k = 0;
  /// nullopt for maps other than the (transposed) matmul's.
  std::optional<MatmulLayout> layout = MatmulLayout();
  /// The forms a split of the grid's tail covers: a 2-D matmul (a batch has
  /// grid z) of static layout (the grid is fixed at compile time) whose sums
  /// start at +0.0 (each part's do), with or without an epilogue.
  bool splittable = true;
};

/// The tiled kernel's costs in one tile, unsplit, for the built-in choice
/// of tile (TiledEstimate.cpp says where they come from).
struct TiledKernelCosts {
  int64_t bm, bn, wavesM, wavesN;
  bool transposeB;
  /// The prefetch the costs were fitted with; the built-in choice gives a
  /// tile the prefetch of its fastest row (choosePrefetch).
  PrefetchMode prefetch;
  /// Whether the costs were fitted with wave-priorities=true; the built-in
  /// choice weighs such a row as a tile of its own.
  bool wavePriorities;
  /// A workgroup's prologue and epilogue.
  double workgroupCycles;
  /// One K element of one workgroup, at the CU's issue rate.
  double stepCycles;
  /// Below this many workgroups on a CU, one workgroup's latency paces the
  /// K loop rather than the issue rate.
  double overlappedWorkgroups;
  /// Whether the built-in choice takes this tile; the others have costs so
  /// that gemm-tune's candidates of them are ranked (TiledEstimate.cpp says
  /// why the 4 x 2 wave grids are not taken).
  bool chosenByDefault = true;
};

/// The tiles the built-in choice weighs on `target`, each with B stored K x N
/// and N x K, with prefetch=registers and, where it was fitted,
/// prefetch=lds: the costs fitted on a product of the target's register
/// file, whose size sets how many workgroups a CU holds.
ArrayRef<TiledKernelCosts>
getTiledKernelCosts(const ::gemm::TargetInfo &target);

/// Whether `target`'s costs (getTiledKernelCosts) have a row of `costs`'s
/// tile, wave grid and layout of B fitted with flat wave priorities.
bool hasFlatPrioritiesRow(const ::gemm::TargetInfo &target,
                          const TiledKernelCosts &costs);

/// The prefetch the built-in choice gives the tiled kernel in `tile`'s
/// configuration (its tile, K step, pad and addressing) with B stored N x K
/// or not: that of the tile's row with the fewest cycles per K step, for
/// the default K step (or a shorter one), pad and addressing, with which
/// the rows were fitted; else prefetch=registers.
PrefetchMode choosePrefetch(const KernelConfig &tile, bool transposeB);

/// The cycles the busiest CU of `launched` workgroups waits on DRAM for the
/// tiled kernel over `batch` matrices of `tile`'s problem: the bytes of A
/// and B once and C read and written, in the busiest CU's share, at its
/// share of the target's DRAM rate, in cycles of its sustained clock.
double estimateTiledDramCycles(const KernelTile &tile, int64_t batch,
                               double launched);

/// The cycles of the tiled kernel in `tile`'s configuration over its static
/// problem, `batch` matrices, on the busiest CU, with the grid's tail split
/// into `parts` K parts (1: none) and the reduction kernel that then adds
/// them, or with `tile.streamK` shared by stream-K workgroups and the fix-up
/// kernel, by the costs of its tile fitted with its prefetch, or where they
/// were not, with prefetch=registers, in a smooth maximum with the busiest
/// CU's cycles on DRAM (estimateTiledDramCycles); nullopt for a tile
/// getTiledKernelCosts does not list, a split getSplitTailGrid refuses or a
/// split with stream-K.
std::optional<double> estimateTiledCycles(const KernelTile &tile, int64_t batch,
                                          bool transposeB, int64_t parts = 1);

/// The input of `matmul`'s choice.
MatmulChoiceInput getMatmulChoiceInput(linalg::LinalgOp matmul);

/// `config` with the choices it leaves open made for `input`: the kernel
/// (kernel=auto), the tile (unless a tile option was given), the split of
/// the grid's tail (split-tail=0) and, for the skinny kernel, its plan
/// (none when the skinny kernel cannot take the matmul; with kernel=skinny
/// given, `whyNoPlan` then says why). Stream-K and the tuning table are
/// decided before.
KernelConfig chooseKernelConfig(const MatmulChoiceInput &input,
                                KernelConfig config,
                                llvm::raw_ostream &whyNoPlan = llvm::nulls());

} // namespace mlir::gemm

#endif // GEMM_OPT_LIB_PASSES_KERNELCHOICE_H
