//===- GemmStageLds.cpp - Stage the K-slices of A and B in LDS ------------===//
//
// Each K step, the workgroup's lanes copy A's BM x BK slice and B's BK x BN
// slice from global memory into LDS, between two barriers; the matmul then
// reads only LDS. Both tiles are [k][x]; an operand stored with K contiguous
// (A stored M x K, B stored N x K) is written down the tile's columns, so its
// rows are padded for a wave's stores to hit distinct banks. A's tile is
// padded whatever its layout.
//
// linalg's promotion (linalg::promoteSubViews, transform.structured.promote)
// copies a tile as it is; it cannot store A transposed with padding, its
// buffers are allocations outside the launch rather than its workgroup
// memory, and its copy is a memref.copy that every lane would run whole
// (test/lit/Passes/upstream-lds-promotion.mlir). Here each lane copies its
// share, with loads spread so that consecutive lanes read consecutive
// addresses: A along K first (BK lanes per row), B along a row.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMSTAGELDS
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

/// The floats of one global load along M or N: 16 bytes, the widest load,
/// which the address path takes in the time of a 4-byte one.
constexpr int64_t kLoadVectorFloats = 4;

struct GemmStageLdsPass
    : public mlir::gemm::impl::GemmStageLdsBase<GemmStageLdsPass> {
  using Base::Base;

  void runOnOperation() override;
};

} // namespace

/// A vector<count x f32> of the values `load(0)` ... `load(count - 1)`:
/// gemm-prefetch recognises a staged slice by this form.
static Value collect(ImplicitLocOpBuilder &b, int64_t count,
                     function_ref<Value(int64_t)> load) {
  SmallVector<Value> elements;
  for (int64_t i = 0; i < count; ++i)
    elements.push_back(load(i));
  return vector::FromElementsOp::create(
      b, VectorType::get({count}, b.getF32Type()), elements);
}

/// Stages the K-slices `matmul` (the K step of a launch gemm-tile-workgroups
/// built for `tile`) reads in LDS, as the file comment says, and returns the
/// matmul on the LDS tiles that replaces it. Kept apart from the pass, as
/// upstream's transforms are.
static FailureOr<linalg::MatmulOp> stageInLds(RewriterBase &rewriter,
                                              gpu::LaunchOp launch,
                                              const KernelTile &tile,
                                              linalg::MatmulOp matmul) {
  int64_t lanes = tile.lanes();
  int64_t pad = tile.pad;
  if (pad < 0 || pad % kSubTile != 0)
    return matmul.emitOpError()
           << "cannot be tiled with pad=" << pad
           << ": the padding must be a non-negative multiple of " << kSubTile
           << " floats to keep 16-byte LDS reads aligned";
  // pad is bounded first: the product below could overflow.
  if (pad > kLdsBytes / 4)
    return matmul.emitOpError()
           << "needs more than " << kLdsBytes
           << " bytes of LDS with bk=" << tile.bk << " pad=" << pad
           << "; the limit is " << kLdsBytes;

  std::optional<MatmulLayout> layout = getMatmulLayout(matmul);
  if (!layout)
    return matmul.emitOpError() << "has indexing maps gemm-stage-lds does not "
                                   "support; run gemm-check-input first";
  // B stored N x K is stored transposed too, with the same padding: its
  // rows would otherwise hit one bank every BN floats.
  int64_t bPad = layout->transposeB ? pad : 0;
  int64_t ldsBytes = 4 * tile.bk * ((tile.bm + pad) + (tile.bn + bPad));
  if (ldsBytes > kLdsBytes)
    return matmul.emitOpError()
           << "needs " << ldsBytes << " bytes of LDS with bk=" << tile.bk
           << " pad=" << pad << " and 1 stage(s); the limit is " << kLdsBytes;

  auto aView = matmul.getDpsInputs()[0].getDefiningOp<memref::SubViewOp>();
  auto bView = matmul.getDpsInputs()[1].getDefiningOp<memref::SubViewOp>();
  if (!aView || !bView)
    return matmul.emitOpError()
           << "has operands that are not subviews of A and B; expected the "
              "form gemm-tile-workgroups produces";

  MLIRContext *ctx = launch.getContext();
  Type f32 = Float32Type::get(ctx);
  auto workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  auto aTileType = MemRefType::get({tile.bk, tile.bm + pad}, f32,
                                   MemRefLayoutAttrInterface(), workgroup);
  auto bTileType = MemRefType::get({tile.bk, tile.bn + bPad}, f32,
                                   MemRefLayoutAttrInterface(), workgroup);
  Value aTile, bTile;
  rewriter.modifyOpInPlace(launch, [&] {
    aTile = launch.addWorkgroupAttribution(aTileType, matmul.getLoc());
    bTile = launch.addWorkgroupAttribution(bTileType, matmul.getLoc());
  });

  ImplicitLocOpBuilder b(matmul.getLoc(), rewriter);
  b.setInsertionPoint(matmul);
  IndexMath math{b};
  Value tid = launch.getThreadIds().x;
  auto offset = [&](memref::SubViewOp view, unsigned dim) {
    return getValueOrCreateConstantIndexOp(b, b.getLoc(),
                                           view.getMixedOffsets()[dim]);
  };

  /// One operand's slice: BK x `extent` elements from `view` (M or N along
  /// `xDim` of the source), staged in `ldsTile` as [k][x].
  struct SliceCopy {
    memref::SubViewOp view;
    unsigned xDim;
    int64_t extent;
    Value ldsTile;
    // Set below: where the slice starts, and this lane's share.
    Value xStart, xLane, kLane;
    int64_t xStep = 0, kStep = 0;
    // Floats of one load, consecutive along x.
    int64_t width = 1;
    Value registers;
  };
  SliceCopy copies[] = {{aView, layout->transposeA ? 1u : 0u, tile.bm, aTile},
                        {bView, layout->transposeB ? 0u : 1u, tile.bn, bTile}};
  // The (shifted) tile start is loop-invariant: computed before the K loop.
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(matmul->getParentOfType<scf::ForOp>());
    for (SliceCopy &copy : copies)
      copy.xStart = getShiftedSliceStart(b, copy.view, copy.xDim, copy.extent);
  }
  // Global to registers: this lane's share of each slice. Consecutive
  // lanes read consecutive addresses: along K (BK lanes per row) when K is
  // the contiguous dimension in global memory, else along M or N, where
  // each lane reads kLoadVectorFloats consecutive floats with one load when
  // the slice's rows divide into such vectors among the lanes. Only with
  // buffer addressing: there a load's row offset goes to an SGPR, where
  // with global addressing the rows a lane's vectors are apart exceed the
  // load's immediate offset, and each load takes a 64-bit VGPR address
  // (bk=16 with B's rows 256 floats long then spills). And only with a
  // prefetch: with prefetch=none the late pass's bank plan then leaves 23
  // rather than 18 stall cycles per K slice of 4096^3 in its bank model.
  bool vectorLoads = tile.addressing == Addressing::Buffer &&
                     tile.prefetch != PrefetchMode::None;
  for (SliceCopy &copy : copies) {
    bool kContiguous = copy.xDim == 0;
    int64_t count = copy.extent * tile.bk / lanes;
    int64_t width = 1;
    if (!kContiguous && vectorLoads && copy.extent % kLoadVectorFloats == 0 &&
        count % kLoadVectorFloats == 0 &&
        lanes % (copy.extent / kLoadVectorFloats) == 0)
      width = kLoadVectorFloats;
    int64_t lanesPerRow = copy.extent / width;
    copy.kLane =
        kContiguous ? math.rem(tid, tile.bk) : math.div(tid, lanesPerRow);
    Value kIndex = math.add(offset(copy.view, 1 - copy.xDim), copy.kLane);
    copy.xLane = kContiguous ? math.div(tid, tile.bk)
                             : math.mul(math.rem(tid, lanesPerRow), width);
    Value xIndex = math.add(copy.xStart, copy.xLane);
    if (kContiguous)
      copy.xStep = lanes / tile.bk;
    else
      copy.kStep = lanes / lanesPerRow;
    copy.width = width;
    if (width == 1) {
      copy.registers = collect(b, count, [&](int64_t i) -> Value {
        Value k = math.add(kIndex, copy.kStep * i);
        Value x = math.add(xIndex, copy.xStep * i);
        return memref::LoadOp::create(b, copy.view.getSource(),
                                      kContiguous ? ValueRange{x, k}
                                                  : ValueRange{k, x});
      });
      continue;
    }
    // Element i * width + j is row kLane + kStep * i, column xLane + j.
    auto vectorType = VectorType::get({width}, b.getF32Type());
    SmallVector<Value> vectors;
    for (int64_t i = 0; i < count / width; ++i)
      vectors.push_back(vector::LoadOp::create(
          b, vectorType, copy.view.getSource(),
          ValueRange{math.add(kIndex, copy.kStep * i), xIndex}));
    copy.registers = collect(b, count, [&](int64_t e) -> Value {
      return vector::ExtractOp::create(b, vectors[e / width], e % width);
    });
  }
  // Registers to LDS, as [k][x]: A transposed (unless it is stored so).
  for (SliceCopy &copy : copies) {
    for (int64_t e = 0; e < copy.extent * tile.bk / lanes; ++e) {
      int64_t i = e / copy.width, j = e % copy.width;
      Value v = vector::ExtractOp::create(b, copy.registers, e);
      memref::StoreOp::create(
          b, v, copy.ldsTile,
          ValueRange{math.add(copy.kLane, copy.kStep * i),
                     math.add(copy.xLane, copy.xStep * i + j)});
    }
  }
  gpu::BarrierOp::create(b);

  // The matmul on LDS, reading the padded tiles without their pad.
  auto withoutPad = [&](Value ldsTile, int64_t extent) -> Value {
    return memref::SubViewOp::create(
        b, ldsTile,
        ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(tile.bk), b.getIndexAttr(extent)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
  };
  Value aTileView = withoutPad(aTile, tile.bm);
  Value bTileView = bPad != 0 ? withoutPad(bTile, tile.bn) : bTile;
  auto ldsMatmul = linalg::MatmulOp::create(
      b, ValueRange{aTileView, bTileView}, ValueRange{matmul.getDpsInits()[0]});
  AffineExpr m, n, k;
  bindDims(ctx, m, n, k);
  ldsMatmul.setIndexingMapsAttr(b.getAffineMapArrayAttr(
      {AffineMap::get(3, 0, {k, m}, ctx), AffineMap::get(3, 0, {k, n}, ctx),
       AffineMap::get(3, 0, {m, n}, ctx)}));
  // The next K step overwrites the tiles: every lane must be done reading.
  gpu::BarrierOp::create(b);

  rewriter.eraseOp(matmul);
  if (aView->use_empty())
    rewriter.eraseOp(aView);
  if (bView->use_empty())
    rewriter.eraseOp(bView);
  return ldsMatmul;
}

void GemmStageLdsPass::runOnOperation() {
  IRRewriter rewriter(&getContext());
  for (TiledLaunch &tiled : getTiledLaunches(getOperation())) {
    for (auto matmul :
         llvm::to_vector(tiled.loop.getBody()->getOps<linalg::MatmulOp>())) {
      // Already staged: the matmul reads LDS.
      if (llvm::any_of(matmul.getDpsInputs(), isWorkgroupMemory))
        continue;
      if (failed(stageInLds(rewriter, tiled.launch, tiled.tile, matmul)))
        return signalPassFailure();
    }
  }
}
