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

/// The input of `matmul`'s choice.
MatmulChoiceInput getMatmulChoiceInput(linalg::LinalgOp matmul);

/// `config` with the choices it leaves open made for `input`: the kernel
/// (kernel=auto), the tile (unless a tile option was given) and the split of
/// the grid's tail (split-tail=0). Stream-K and the tuning table are decided
/// before.
KernelConfig chooseKernelConfig(const MatmulChoiceInput &input,
                                KernelConfig config);

} // namespace mlir::gemm

#endif // GEMM_OPT_LIB_PASSES_KERNELCHOICE_H
