//===- GemmExpandMath.cpp - Math ops the kernels run without a library ----===//
//
// A fused epilogue may hold math.tanh (GELU's tanh form), math.erf (its erf
// form) and math.rsqrt. The ROCDL lowering turns them into calls to the ROCm
// device library, which gemm-opt does not link, so they are rewritten here
// with upstream's f32 polynomial approximations and expansions; upstream has
// them only as patterns (its pass for them is a test pass). GELU's
// 1 + tanh(u) is rewritten first, exactly, as 2 / (1 + exp(-2u)).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include <cmath>

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMEXPANDMATH
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;

namespace {

/// 1 + tanh(u), as GELU's tanh form has it, is 2 / (1 + exp(-2u)): the same
/// value in about 9 instructions (a scale to base 2, v_exp_f32 with the
/// range guard of its input, an add and a reciprocal) where tanh's
/// polynomial takes about 20, and without the cancellation of 1 + tanh(u)
/// where tanh(u) nears -1. Only the sum is rewritten: tanh alone near 0
/// needs its polynomial's relative accuracy.
struct OnePlusTanhAsSigmoid : public OpRewritePattern<arith::AddFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::AddFOp add,
                                PatternRewriter &rewriter) const override {
    math::TanhOp tanh;
    for (auto [term, other] : {std::pair(add.getLhs(), add.getRhs()),
                               std::pair(add.getRhs(), add.getLhs())})
      if (matchPattern(other, m_OneFloat()))
        if (auto found = term.getDefiningOp<math::TanhOp>())
          tanh = found;
    if (!tanh)
      return failure();
    Location loc = add.getLoc();
    Type type = add.getType();
    auto constant = [&](double value) -> Value {
      TypedAttr attr = rewriter.getFloatAttr(getElementTypeOrSelf(type), value);
      if (auto vector = dyn_cast<VectorType>(type))
        attr = SplatElementsAttr::get(vector, attr);
      return arith::ConstantOp::create(rewriter, loc, type, attr);
    };
    auto fast = arith::FastMathFlags::afn | arith::FastMathFlags::arcp;
    // -2u; when u is a product with a constant (GELU's sqrt(2/pi) (x +
    // 0.044715 x^3)), the constant times -2, which is exact.
    Value u = tanh.getOperand();
    double factor = -2.0;
    if (auto product = u.getDefiningOp<arith::MulFOp>()) {
      for (auto [term, other] :
           {std::pair(product.getLhs(), product.getRhs()),
            std::pair(product.getRhs(), product.getLhs())}) {
        APFloat value(0.0f);
        if (matchPattern(other, m_ConstantFloat(&value))) {
          u = term;
          factor *= value.convertToDouble();
          break;
        }
      }
    }
    Value scaled = arith::MulFOp::create(rewriter, loc, u, constant(factor));
    Value power = math::ExpOp::create(rewriter, loc, scaled, fast);
    Value denominator =
        arith::AddFOp::create(rewriter, loc, power, constant(1.0));
    rewriter.replaceOpWithNewOp<arith::DivFOp>(add, constant(2.0), denominator,
                                               fast);
    return success();
  }
};

struct GemmExpandMathPass
    : public mlir::gemm::impl::GemmExpandMathBase<GemmExpandMathPass> {
  using Base::Base;

  void runOnOperation() override {
    DenseSet<Operation *> programDivisions;
    getOperation()->walk(
        [&](arith::DivFOp div) { programDivisions.insert(div); });
    RewritePatternSet sigmoidPatterns(&getContext());
    sigmoidPatterns.add<OnePlusTanhAsSigmoid>(&getContext());
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(sigmoidPatterns))))
      return signalPassFailure();
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
