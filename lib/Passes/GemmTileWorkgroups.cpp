//===- GemmTileWorkgroups.cpp - linalg.matmul onto a grid of workgroups ---===//
//
// The first step of the RDNA3 kernel: one workgroup per BM x BN tile of C,
// and in it a K loop of step BK over a matmul of the tile's slices.
//
// The loops are built here rather than with linalg's TilingInterface because
// the two outer loops must become the launch grid directly: the later passes
// need the gpu.launch (its workgroup attributions, its thread ids) and a
// single scf.for of static trip count, not an scf.forall nest to map.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMTILEWORKGROUPS
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

struct GemmTileWorkgroupsPass
    : public mlir::gemm::impl::GemmTileWorkgroupsBase<GemmTileWorkgroupsPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  LogicalResult checkTile(linalg::MatmulOp matmul, const KernelTile &tile);
};

} // namespace

LogicalResult GemmTileWorkgroupsPass::checkTile(linalg::MatmulOp matmul,
                                                const KernelTile &tile) {
  if (tile.wavesM <= 0 || tile.wavesN <= 0 || tile.lanes() > kMaxWorkgroupLanes)
    return matmul.emitOpError()
           << "cannot be tiled with a " << tile.wavesM << " x " << tile.wavesN
           << " wave grid: a workgroup holds 1 to "
           << kMaxWorkgroupLanes / kWaveSize << " waves of " << kWaveSize
           << " lanes";
  // Each wave covers 4 lanes x one 4-row sub-tile along M and 8 lanes x one
  // 4-column sub-tile along N, repeated TM/4 and TN/4 times.
  int64_t rowQuantum = tile.wavesM * kLanesM * kSubTile;
  int64_t colQuantum = tile.wavesN * kLanesN * kSubTile;
  if (tile.bm <= 0 || tile.bm % rowQuantum != 0)
    return matmul.emitOpError()
           << "cannot be tiled with bm=" << tile.bm << ": with " << tile.wavesM
           << " wave(s) along M, bm must be a multiple of " << rowQuantum
           << " (waves x 4 lanes x 4-row sub-tiles)";
  if (tile.bn <= 0 || tile.bn % colQuantum != 0)
    return matmul.emitOpError()
           << "cannot be tiled with bn=" << tile.bn << ": with " << tile.wavesN
           << " wave(s) along N, bn must be a multiple of " << colQuantum
           << " (waves x 8 lanes x 4-column sub-tiles)";
  // The lanes copy A's slice bk lanes per row and B's bn lanes per row.
  int64_t lanes = tile.lanes();
  if (tile.bk <= 0 || lanes % tile.bk != 0 || tile.bm % (lanes / tile.bk) != 0)
    return matmul.emitOpError()
           << "cannot be tiled with bk=" << tile.bk << ": bk must divide the "
           << "workgroup's " << lanes << " lanes, and the rows of A they copy "
           << "at once (" << lanes << " / bk) must divide bm=" << tile.bm;
  if (tile.bn > lanes || lanes % tile.bn != 0)
    return matmul.emitOpError()
           << "cannot be tiled with bn=" << tile.bn << ": B's rows are copied "
           << "bn lanes each, so bn must divide the workgroup's " << lanes
           << " lanes";
  if (tile.bk % (lanes / tile.bn) != 0)
    return matmul.emitOpError()
           << "cannot be tiled with bn=" << tile.bn << " bk=" << tile.bk
           << ": the " << lanes / tile.bn << " rows of B the " << lanes
           << " lanes copy at once must divide bk";
  return success();
}

void GemmTileWorkgroupsPass::runOnOperation() {
  SmallVector<linalg::MatmulOp> matmuls;
  getOperation().walk([&](linalg::MatmulOp op) { matmuls.push_back(op); });
  for (linalg::MatmulOp matmul : matmuls) {
    // Already inside a kernel: another pass's business.
    if (matmul->getParentOfType<gpu::LaunchOp>())
      continue;
    auto aType = dyn_cast<MemRefType>(matmul.getDpsInputs()[0].getType());
    auto bType = dyn_cast<MemRefType>(matmul.getDpsInputs()[1].getType());
    auto cType = dyn_cast<MemRefType>(matmul.getDpsInits()[0].getType());
    if (!aType || !bType || !cType || !aType.hasStaticShape() ||
        !bType.hasStaticShape() || matmul.hasUserDefinedMaps()) {
      matmul.emitOpError() << "is not a static matmul on memrefs; run "
                              "gemm-check-input first";
      return signalPassFailure();
    }
    KernelTile tile;
    tile.m = aType.getDimSize(0);
    tile.n = bType.getDimSize(1);
    tile.k = aType.getDimSize(1);
    tile.bm = bm;
    tile.bn = bn;
    tile.bk = bk;
    tile.wavesM = wavesM;
    tile.wavesN = wavesN;
    if (failed(checkTile(matmul, tile)))
      return signalPassFailure();
    // A matrix smaller than one tile has no full tile to shift the edge
    // tile against: the simple lowering that follows compiles it.
    if (tile.m < tile.bm || tile.n < tile.bn) {
      matmul.emitRemark() << "not tiled for RDNA3: " << tile.m << "x" << tile.n
                          << " is smaller than the " << tile.bm << "x"
                          << tile.bn << " workgroup tile; the simple lowering "
                          << "compiles it";
      continue;
    }
    // A K loop of one step has nothing to overlap, and as straight-line code
    // with the tail and the edge epilogue it made the backend spill.
    if (tile.k < 2 * tile.bk) {
      matmul.emitRemark() << "not tiled for RDNA3: k=" << tile.k
                          << " is less than two K steps of bk=" << tile.bk
                          << "; the simple lowering compiles it";
      continue;
    }

    ImplicitLocOpBuilder b(matmul.getLoc(), matmul);
    IndexMath math{b};
    Value a = matmul.getDpsInputs()[0];
    Value bMat = matmul.getDpsInputs()[1];
    Value c = matmul.getDpsInits()[0];
    Value gridX = math.index(tile.gridN());
    Value gridY = math.index(tile.gridM());
    Value one = math.index(1);
    Value lanes = math.index(tile.lanes());
    auto launch = gpu::LaunchOp::create(b, gridX, gridY, one, lanes, one, one);
    launch->setAttr(kTileAttrName, tile.toAttr(b.getContext()));
    b.setInsertionPointToStart(&launch.getBody().front());
    Value blockRow = math.mul(launch.getBlockIds().y, tile.bm);
    Value blockCol = math.mul(launch.getBlockIds().x, tile.bn);
    // The last row (column) of workgroups owns what is left of m (n): the
    // subviews then have dynamic sizes, so that this IR is exact; the later
    // passes shift the tile back (getShiftedTileStart) to run the same loop.
    auto ownedSize = [&](Value start, int64_t size,
                         int64_t extent) -> OpFoldResult {
      if (extent % size == 0)
        return b.getIndexAttr(size);
      return arith::MinUIOp::create(
                 b, math.index(size),
                 arith::SubIOp::create(b, math.index(extent), start))
          .getResult();
    };
    OpFoldResult rows = ownedSize(blockRow, tile.bm, tile.m);
    OpFoldResult cols = ownedSize(blockCol, tile.bn, tile.n);
    auto subView = [&](Value source, Value row, Value col, OpFoldResult rows,
                       OpFoldResult cols) -> Value {
      return memref::SubViewOp::create(
          b, source, ArrayRef<OpFoldResult>{row, col},
          ArrayRef<OpFoldResult>{rows, cols},
          ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
    };
    Value cTile = subView(c, blockRow, blockCol, rows, cols);
    Value kBegin = math.index(0);
    Value kEnd = math.index(tile.fullK());
    Value kStep = math.index(tile.bk);
    auto loop = scf::ForOp::create(b, kBegin, kEnd, kStep);
    // The K tail, fewer than bk steps: a matmul after the loop, which
    // gemm-tile-lanes computes straight from global memory.
    if (int64_t tail = tile.k - tile.fullK()) {
      Value kTail = math.index(tile.fullK());
      linalg::MatmulOp::create(
          b,
          ValueRange{
              subView(a, blockRow, kTail, rows, b.getIndexAttr(tail)),
              subView(bMat, kTail, blockCol, b.getIndexAttr(tail), cols)},
          ValueRange{cTile});
    }
    gpu::TerminatorOp::create(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    Value aTile = subView(a, blockRow, k, rows, b.getIndexAttr(tile.bk));
    Value bTile = subView(bMat, k, blockCol, b.getIndexAttr(tile.bk), cols);
    linalg::MatmulOp::create(b, ValueRange{aTile, bTile}, ValueRange{cTile});
    matmul.erase();
  }
}
