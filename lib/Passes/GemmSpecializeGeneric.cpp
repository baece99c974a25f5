//===- GemmSpecializeGeneric.cpp - Name the matmuls written generically ---===//
//
// The RDNA3 passes compile linalg.matmul and linalg.batch_matmul, whose
// indexing_maps carry the transposes. Upstream's linalg-specialize-generic-ops
// would be the tool to get there, but in LLVM 22 it leaves a generic with A
// transposed alone and turns one with B transposed into a linalg.matmul with
// the default maps, which fails verification; it does not handle
// linalg.contract either. So gemm-opt matches the contraction itself
// (matchGenericMatmul in KernelTile.cpp), with the loops in any order.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMSPECIALIZEGENERIC
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

struct GemmSpecializeGenericPass
    : public mlir::gemm::impl::GemmSpecializeGenericBase<
          GemmSpecializeGenericPass> {
  using Base::Base;

  void runOnOperation() override;
};

} // namespace

/// Replaces `op` with the named matmul of `match`, keeping its location so
/// that later diagnostics point at the user's op.
static void replaceWithNamedMatmul(linalg::LinalgOp op,
                                   const GenericMatmul &match) {
  OpBuilder b(op);
  ArrayAttr maps = b.getAffineMapArrayAttr(match.maps);
  TypeRange resultTypes = op->getResultTypes();
  Operation *named;
  if (match.batchDims) {
    auto batchMatmul = linalg::BatchMatmulOp::create(
        b, op.getLoc(), resultTypes, op.getDpsInputs(), op.getDpsInits());
    batchMatmul.setIndexingMapsAttr(maps);
    named = batchMatmul;
  } else {
    auto matmul = linalg::MatmulOp::create(b, op.getLoc(), resultTypes,
                                           op.getDpsInputs(), op.getDpsInits());
    matmul.setIndexingMapsAttr(maps);
    named = matmul;
  }
  op->replaceAllUsesWith(named->getResults());
  op->erase();
}

void GemmSpecializeGenericPass::runOnOperation() {
  SmallVector<linalg::LinalgOp> candidates;
  getOperation().walk([&](linalg::LinalgOp op) {
    if (isa<linalg::GenericOp, linalg::ContractOp>(op))
      candidates.push_back(op);
  });
  for (linalg::LinalgOp op : candidates) {
    // What does not match stays as it is: gemm-check-input says why.
    FailureOr<GenericMatmul> match = matchGenericMatmul(op, llvm::nulls());
    if (succeeded(match))
      replaceWithNamedMatmul(op, *match);
  }
  generalizeElementwiseOps(getOperation());
}
