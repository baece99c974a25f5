//===- GemmLowerSimple.cpp - Matmuls the RDNA3 tiling left, as loops ------===//
//
// The lowering of what gemm-tile-workgroups leaves (tile=false, matrices
// smaller than one tile, fewer than two K steps): one scf.parallel iteration
// per element of C, with the K sum in a register and the epilogue applied
// once. The pipeline then tiles the parallel loop into 16 x 16 workgroups.
//
// Upstream's convert-linalg-to-parallel-loops lowers the matmul alone, as a
// load, FMA and store of C per K step, and the epilogue generic as a second
// loop nest over the temporary: a second kernel and a host-side buffer. Here
// the two become one loop nest and T disappears.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMLOWERSIMPLE
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

struct GemmLowerSimplePass
    : public mlir::gemm::impl::GemmLowerSimpleBase<GemmLowerSimplePass> {
  using Base::Base;

  void runOnOperation() override;
};

} // namespace

/// The indices of `operand` of `matmul` for the loop values `loops`, in the
/// order of the matmul's loops ((batch,) m, n, k).
static SmallVector<Value>
getIndices(linalg::LinalgOp matmul, OpOperand &operand, ArrayRef<Value> loops) {
  SmallVector<Value> indices;
  for (AffineExpr result : matmul.getMatchingIndexingMap(&operand).getResults())
    indices.push_back(loops[cast<AffineDimExpr>(result).getPosition()]);
  return indices;
}

static void lowerMatmul(linalg::LinalgOp matmul) {
  std::optional<Epilogue> epilogue = getEpilogue(matmul);
  ImplicitLocOpBuilder b(matmul.getLoc(), matmul);
  IndexMath math{b};
  SmallVector<Value> sizes = createLoopSizes(b, matmul);
  unsigned batchDims = sizes.size() - 3;
  Type f32 = b.getF32Type();

  // Parallel over m, n (first: the pipeline tiles the first two loops into
  // workgroups) and the batch.
  SmallVector<Value> lower, upper, steps;
  for (unsigned dim : {batchDims, batchDims + 1})
    upper.push_back(sizes[dim]);
  if (batchDims)
    upper.push_back(sizes[0]);
  lower.assign(upper.size(), math.index(0));
  steps.assign(upper.size(), math.index(1));
  auto parallel = scf::ParallelOp::create(b, lower, upper, steps);
  b.setInsertionPoint(parallel.getBody()->getTerminator());
  SmallVector<Value> ivs(parallel.getInductionVars());
  SmallVector<Value> loops(sizes.size());
  loops[batchDims] = ivs[0];
  loops[batchDims + 1] = ivs[1];
  if (batchDims)
    loops[0] = ivs[2];

  Value start = arith::ConstantOp::create(
      b, b.getFloatAttr(f32, getSumStart(matmul.getDpsInits()[0])));
  auto kLoop = scf::ForOp::create(b, math.index(0), sizes[batchDims + 2],
                                  math.index(1), ValueRange{start});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kLoop.getBody());
    loops[batchDims + 2] = kLoop.getInductionVar();
    auto load = [&](OpOperand &operand) -> Value {
      return memref::LoadOp::create(b, operand.get(),
                                    getIndices(matmul, operand, loops));
    };
    Value a = load(*matmul.getDpsInputOperand(0));
    Value bValue = load(*matmul.getDpsInputOperand(1));
    Value product = arith::MulFOp::create(b, a, bValue);
    Value sum = arith::AddFOp::create(b, kLoop.getRegionIterArgs()[0], product);
    scf::YieldOp::create(b, sum);
  }
  Value sum = kLoop.getResult(0);
  SmallVector<Value> cIndices =
      getIndices(matmul, *matmul.getDpsInitOperand(0), loops);
  storeSum(b, b.getLoc(), epilogue, matmul.getDpsInits()[0], cIndices, sum);

  matmul->erase();
  if (epilogue) {
    epilogue->generic->erase();
    eraseTempIfUnused(epilogue->temp);
  }
}

void GemmLowerSimplePass::runOnOperation() {
  SmallVector<linalg::LinalgOp> matmuls;
  getOperation().walk([&](linalg::LinalgOp op) {
    if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op) &&
        !op->getParentOfType<gpu::LaunchOp>())
      matmuls.push_back(op);
  });
  for (linalg::LinalgOp matmul : matmuls) {
    if (failed(getCheckedMatmulLayout(matmul)))
      return signalPassFailure();
    lowerMatmul(matmul);
  }
}
