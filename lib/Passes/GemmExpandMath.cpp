//===- GemmExpandMath.cpp - Math ops the kernels run without a library ----===//
//
// A fused epilogue may hold math.tanh (GELU's tanh form), math.erf (its erf
// form) and math.rsqrt. The ROCDL lowering turns them into calls to the ROCm
// device library, which gemm-opt does not link, so they are rewritten here
// with upstream's f32 polynomial approximations and expansions; upstream has
// them only as patterns (its pass for them is a test pass).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMEXPANDMATH
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;

namespace {
struct GemmExpandMathPass
    : public mlir::gemm::impl::GemmExpandMathBase<GemmExpandMathPass> {
  using Base::Base;

  void runOnOperation() override {
    DenseSet<Operation *> programDivisions;
    getOperation()->walk(
        [&](arith::DivFOp div) { programDivisions.insert(div); });
    RewritePatternSet patterns(&getContext());
    populatePolynomialApproximateTanhPattern(patterns);
    populatePolynomialApproximateErfPattern(patterns);
    math::populateExpansionPatterns(patterns, {"rsqrt"});
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // The approximations' quotients of two polynomials need no correctly
    // rounded division: the reciprocal's ulp is below their own error, and
    // it takes 2 instructions where the IEEE division takes 11.
    getOperation()->walk([&](arith::DivFOp div) {
      if (!programDivisions.contains(div))
        div.setFastmath(div.getFastmath() | arith::FastMathFlags::afn |
                        arith::FastMathFlags::arcp);
    });
  }
};
} // namespace
