//===- GemmTileLanes.cpp - Wave and lane tiles of the LDS matmul ----------===//
//
// Turns the matmul that reads LDS into each lane's share of it: a TM x TN
// register tile of accumulators carried by the K loop, 4 x 4 sub-tiles strided
// so that neighbouring lanes read neighbouring 16 bytes of LDS (DESIGN.md
// section 2), and the BK loop unrolled into 16-byte LDS reads and
// outer-product FMAs. C is read and written once, after the K loop.
//
// Upstream tiling to threads (scf.forall mapped to lanes, then vectorization)
// yields contiguous per-lane tiles whose LDS reads conflict and whose
// accumulators are reloaded from C every K step; the interleaved sub-tiles
// and the loop-carried vector<TN> accumulators are what let the backend keep
// all of them in VGPRs and fuse the FMAs into VOPD.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMTILELANES
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

struct GemmTileLanesPass
    : public mlir::gemm::impl::GemmTileLanesBase<GemmTileLanesPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  LogicalResult tileLanes(gpu::LaunchOp launch, const KernelTile &tile,
                          scf::ForOp loop, linalg::MatmulOp matmul);
};

/// Where a lane's register tile sits in the workgroup's LDS tiles.
struct LaneTile {
  const KernelTile &tile;
  Value rowBase, colBase; // Of the first sub-tile, in the workgroup tile.
  Value aTile, bTile;     // LDS.
};

} // namespace

/// One K step `kIndex`: A's and B's fragments from LDS, then the outer-product
/// FMAs into each accumulator row.
static SmallVector<Value> multiplyStep(ImplicitLocOpBuilder &b,
                                       const LaneTile &lane, Value kIndex,
                                       ArrayRef<Value> acc) {
  IndexMath math{b};
  const KernelTile &tile = lane.tile;
  auto subTileType = VectorType::get({kSubTile}, b.getF32Type());

  SmallVector<Value> aFragments;
  for (int64_t im = 0; im < tile.subTilesM(); ++im)
    aFragments.push_back(vector::LoadOp::create(
        b, subTileType, lane.aTile,
        ValueRange{kIndex, math.add(lane.rowBase, im * kLanesM * kSubTile)}));

  // B's fragments, concatenated into one vector<TN> row by pairwise shuffles.
  SmallVector<Value> row;
  for (int64_t in = 0; in < tile.subTilesN(); ++in)
    row.push_back(vector::LoadOp::create(
        b, subTileType, lane.bTile,
        ValueRange{kIndex, math.add(lane.colBase, in * kLanesN * kSubTile)}));
  while (row.size() > 1) {
    SmallVector<Value> joined;
    for (size_t i = 0; i + 1 < row.size(); i += 2) {
      int64_t width = cast<VectorType>(row[i].getType()).getNumElements() +
                      cast<VectorType>(row[i + 1].getType()).getNumElements();
      joined.push_back(vector::ShuffleOp::create(
          b, row[i], row[i + 1],
          llvm::to_vector(llvm::seq<int64_t>(0, width))));
    }
    if (row.size() % 2)
      joined.push_back(row.back());
    row = std::move(joined);
  }
  Value bRow = row.front();
  auto rowType = cast<VectorType>(bRow.getType());

  SmallVector<Value> next;
  for (int64_t i = 0; i < tile.laneRows(); ++i) {
    Value aValue =
        vector::ExtractOp::create(b, aFragments[i / kSubTile], i % kSubTile);
    Value aSplat = vector::BroadcastOp::create(b, rowType, aValue);
    next.push_back(vector::FMAOp::create(b, rowType, aSplat, bRow, acc[i]));
  }
  return next;
}

LogicalResult GemmTileLanesPass::tileLanes(gpu::LaunchOp launch,
                                           const KernelTile &tile,
                                           scf::ForOp loop,
                                           linalg::MatmulOp matmul) {
  int64_t tm = this->tm, tn = this->tn, unroll = this->unroll;
  if ((tm != 0 && tm != tile.laneRows()) || (tn != 0 && tn != tile.laneCols()))
    return matmul.emitOpError()
           << "cannot be tiled with tm=" << tm << " tn=" << tn << ": a "
           << tile.bm << " x " << tile.bn << " workgroup tile on a "
           << tile.wavesM << " x " << tile.wavesN
           << " wave grid gives each lane " << tile.laneRows() << " x "
           << tile.laneCols() << " (bm / (waves along M x 4), bn / (waves "
           << "along N x 8))";
  int64_t unrollFactor = unroll == 0 ? tile.bk : unroll;
  if (unrollFactor <= 0 || tile.bk % unrollFactor != 0)
    return matmul.emitOpError()
           << "cannot be tiled with unroll=" << unroll
           << ": the unroll factor must divide bk=" << tile.bk;
  // Accumulators, one K step of A and B fragments, and a K-slice in flight.
  int64_t minVgprs = tile.laneRows() * tile.laneCols() + tile.laneRows() +
                     tile.laneCols() + tile.sliceA() + tile.sliceB();
  if (minVgprs > kMaxVgprs)
    return matmul.emitOpError() << "needs at least " << minVgprs
                                << " VGPRs per lane with bk=" << tile.bk
                                << "; the limit is " << kMaxVgprs;

  auto aView = matmul.getDpsInputs()[0].getDefiningOp<memref::SubViewOp>();
  Value bTile = matmul.getDpsInputs()[1];
  auto cView = matmul.getDpsInits()[0].getDefiningOp<memref::SubViewOp>();
  if (!aView || !cView || cView->getBlock() != &launch.getBody().front())
    return matmul.emitOpError()
           << "is not the LDS matmul gemm-stage-lds produces";

  ImplicitLocOpBuilder b(matmul.getLoc(), loop);
  IndexMath math{b};
  Type f32 = b.getF32Type();
  Value tid = launch.getThreadIds().x;
  Value wave = math.div(tid, kWaveSize);
  Value laneId = math.rem(tid, kWaveSize);
  Value waveRow = tile.wavesN == 1 ? wave : math.div(wave, tile.wavesN);
  Value rowBase = math.add(math.mul(waveRow, tile.waveRows()),
                           math.mul(math.div(laneId, kLanesN), kSubTile));
  Value colBase = math.mul(math.rem(laneId, kLanesN), kSubTile);
  if (tile.wavesN > 1)
    colBase = math.add(math.mul(math.rem(wave, tile.wavesN), tile.waveCols()),
                       colBase);
  LaneTile lane{tile, rowBase, colBase, aView.getSource(), bTile};

  auto rowType = VectorType::get({tile.laneCols()}, f32);
  Value zeroRow =
      arith::ConstantOp::create(b, DenseElementsAttr::get(rowType, 0.0f));
  SmallVector<Value> zeroAcc(tile.laneRows(), zeroRow);

  IRRewriter rewriter(b.getContext());
  rewriter.setInsertionPoint(loop);
  auto newLoop = loop.replaceWithAdditionalYields(
      rewriter, zeroAcc, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> acc) {
        b.setInsertionPoint(matmul);
        SmallVector<Value> values(acc.begin(), acc.end());
        if (unrollFactor == tile.bk) {
          for (int64_t kk = 0; kk < tile.bk; ++kk)
            values = multiplyStep(b, lane, math.index(kk), values);
          return values;
        }
        // Partial unrolling: an inner loop of bk / unroll steps.
        auto inner = scf::ForOp::create(b, math.index(0), math.index(tile.bk),
                                        math.index(unrollFactor), values);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(inner.getBody());
        SmallVector<Value> innerAcc(inner.getRegionIterArgs());
        for (int64_t kk = 0; kk < unrollFactor; ++kk)
          innerAcc = multiplyStep(
              b, lane, math.add(inner.getInductionVar(), kk), innerAcc);
        scf::YieldOp::create(b, innerAcc);
        return SmallVector<Value>(inner.getResults());
      });
  if (failed(newLoop))
    return matmul.emitOpError() << "K loop cannot carry the accumulators";
  ValueRange results = cast<scf::ForOp>(*newLoop).getResults();

  // C += the accumulators, 16 bytes at a time.
  b.setInsertionPointAfter(*newLoop);
  Value c = cView.getSource();
  auto cOffset = [&](unsigned dim) {
    return getValueOrCreateConstantIndexOp(b, b.getLoc(),
                                           cView.getMixedOffsets()[dim]);
  };
  Value blockRow = cOffset(0), blockCol = cOffset(1);
  auto subTileType = VectorType::get({kSubTile}, f32);
  for (int64_t i = 0; i < tile.laneRows(); ++i) {
    Value row = math.add(
        blockRow,
        math.add(rowBase, (i / kSubTile) * kLanesM * kSubTile + i % kSubTile));
    for (int64_t in = 0; in < tile.subTilesN(); ++in) {
      Value col =
          math.add(blockCol, math.add(colBase, in * kLanesN * kSubTile));
      Value old =
          vector::LoadOp::create(b, subTileType, c, ValueRange{row, col});
      Value part =
          vector::ShuffleOp::create(b, results[i], results[i],
                                    llvm::to_vector(llvm::seq<int64_t>(
                                        in * kSubTile, (in + 1) * kSubTile)));
      Value sum = arith::AddFOp::create(b, old, part);
      vector::StoreOp::create(b, sum, c, ValueRange{row, col});
    }
  }

  matmul.erase();
  if (aView->use_empty())
    aView.erase();
  if (cView->use_empty())
    cView.erase();
  return success();
}

void GemmTileLanesPass::runOnOperation() {
  for (TiledLaunch &tiled : getTiledLaunches(getOperation())) {
    auto matmuls =
        llvm::to_vector(tiled.loop.getBody()->getOps<linalg::MatmulOp>());
    if (matmuls.empty())
      continue;
    if (matmuls.size() > 1) {
      matmuls[1].emitOpError() << "is a second matmul in the K loop; "
                                  "gemm-tile-lanes expects one";
      return signalPassFailure();
    }
    if (llvm::none_of(matmuls.front().getDpsInputs(), isWorkgroupMemory)) {
      matmuls.front().emitOpError()
          << "reads global memory; run gemm-stage-lds first";
      return signalPassFailure();
    }
    if (failed(
            tileLanes(tiled.launch, tiled.tile, tiled.loop, matmuls.front())))
      return signalPassFailure();
  }
}
