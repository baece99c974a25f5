//===- GemmTileWorkgroups.cpp - linalg.matmul onto a grid of workgroups ---===//
//
// The first step of the RDNA3 kernel: one workgroup per BM x BN tile of C,
// and in it a K loop of step BK over a matmul of the tile's slices.
//
// The data-parallel kernel is tiled with upstream's scf::tileUsingSCF: an
// scf.forall of the tiles mapped to GPU blocks, then an scf.for of K whose
// tail is peeled off (scf::peelForLoopAndSimplifyBounds). What the later
// passes need beyond that is ours: the forall as a gpu.launch of the
// workgroup's lanes (also for a grid known only at run time), a batch as
// 2-D views of its matrices, the epilogue on the tile, and index arithmetic
// in unsigned arith. The split-tail launch, a 1-D grid whose K bounds and
// output are chosen by the workgroup id, is built by hand.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/ComposeSubView.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

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
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // tileUsingSCF takes linalg ops through their TilingInterface.
    linalg::registerTilingInterfaceExternalModels(registry);
  }

private:
  LogicalResult checkTile(linalg::LinalgOp matmul, const KernelTile &tile,
                          MatmulLayout layout);
};

} // namespace

LogicalResult GemmTileWorkgroupsPass::checkTile(linalg::LinalgOp matmul,
                                                const KernelTile &tile,
                                                MatmulLayout layout) {
  std::string whyNot;
  llvm::raw_string_ostream whyNotOs(whyNot);
  if (failed(checkTileFits(tile, layout, whyNotOs)))
    return matmul.emitOpError() << whyNot;
  return success();
}

/// Dynamic sizes: the tiled kernel needs m >= bm and n >= bn (the shifted
/// edge tile must stay inside the matrix) and k >= 2 bk (the prefetched slice
/// must exist), which only the run-time sizes can tell. Puts `b` in the
/// then-block of an scf.if on those conditions (true when only strides are
/// dynamic: gemm-buffer-addressing adds its own), for the launch; the else
/// block takes the matmul (with its epilogue), for the simple lowering. One
/// condition on the host keeps the tiled kernel exactly the static one's,
/// instead of a per-workgroup branch inside it.
static void guardDynamicLaunch(ImplicitLocOpBuilder &b, linalg::LinalgOp matmul,
                               const KernelTile &tile, ArrayRef<Value> mnkSizes,
                               std::optional<Epilogue> epilogue) {
  IndexMath math{b};
  Value condition;
  auto require = [&](int64_t staticSize, Value size, int64_t minimum) {
    if (!ShapedType::isDynamic(staticSize))
      return;
    Value atLeast = arith::CmpIOp::create(b, arith::CmpIPredicate::uge, size,
                                          math.index(minimum));
    condition =
        condition ? arith::AndIOp::create(b, condition, atLeast) : atLeast;
  };
  require(tile.m, mnkSizes[0], tile.bm);
  require(tile.n, mnkSizes[1], tile.bn);
  require(tile.k, mnkSizes[2], 2 * tile.bk);
  if (!condition)
    condition = arith::ConstantIntOp::create(b, 1, 1);
  auto ifOp = scf::IfOp::create(b, condition, /*withElseRegion=*/true);
  Operation *elseEnd = ifOp.elseBlock()->getTerminator();
  if (epilogue)
    epilogue->fill->moveBefore(elseEnd);
  matmul->moveBefore(elseEnd);
  if (epilogue)
    epilogue->generic->moveBefore(elseEnd);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
}

/// Whether the simple lowering should compile `matmul` instead (a remark
/// says why): a matrix smaller than one tile has no full tile to shift the
/// edge tile against, and a K loop of one step has nothing to overlap (as
/// straight-line code with the tail and the edge epilogue it made the backend
/// spill).
static bool isLeftToSimpleLowering(linalg::LinalgOp matmul,
                                   const KernelTile &tile) {
  auto isBelow = [](int64_t size, int64_t minimum) {
    return !ShapedType::isDynamic(size) && size < minimum;
  };
  if (isBelow(tile.m, tile.bm) || isBelow(tile.n, tile.bn)) {
    matmul.emitRemark() << "not tiled for RDNA3: " << KernelTile::format(tile.m)
                        << "x" << KernelTile::format(tile.n)
                        << " is smaller than the " << tile.bm << "x" << tile.bn
                        << " workgroup tile; the simple lowering compiles it";
    return true;
  }
  if (isBelow(tile.k, 2 * tile.bk)) {
    matmul.emitRemark() << "not tiled for RDNA3: k=" << tile.k
                        << " is less than two K steps of bk=" << tile.bk
                        << "; the simple lowering compiles it";
    return true;
  }
  return false;
}

/// A batch is grid z: each workgroup multiplies the 2-D matrices of its
/// batch, rank-reduced views of A, B and C: `source` at index `batch` of its
/// first dimension, which the view drops (also an epilogue operand kept
/// along the batch, of any rank).
static Value createBatchView(ImplicitLocOpBuilder &b, Value batch,
                             Value source) {
  auto type = cast<MemRefType>(source.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes =
      memref::getMixedSizes(b, b.getLoc(), source);
  offsets[0] = batch;
  sizes[0] = b.getIndexAttr(1);
  SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      type.getShape().drop_front(), type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, cast<MemRefType>(viewType), source,
                                   offsets, sizes, strides);
}

/// A 2-D unit-stride subview of `source`.
static Value createTileView(ImplicitLocOpBuilder &b, Value source,
                            OpFoldResult row, OpFoldResult col,
                            OpFoldResult rows, OpFoldResult cols) {
  return memref::SubViewOp::create(
      b, source, ArrayRef<OpFoldResult>{row, col},
      ArrayRef<OpFoldResult>{rows, cols},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
}

/// The K-slices of A (m x k, stored k x m when transposed) and B (k x n, or
/// n x k) of the tile at `blockRow`, `blockCol` (`rows` x `cols`), from
/// `k`, `depth` deep, and the matmul of them into `cTile`.
static void createSliceMatmul(ImplicitLocOpBuilder &b, MatmulLayout layout,
                              Value a, Value bMat, Value cTile, Value blockRow,
                              Value blockCol, OpFoldResult rows,
                              OpFoldResult cols, OpFoldResult k,
                              OpFoldResult depth) {
  Value aSlice = layout.transposeA
                     ? createTileView(b, a, k, blockRow, depth, rows)
                     : createTileView(b, a, blockRow, k, rows, depth);
  Value bSlice = layout.transposeB
                     ? createTileView(b, bMat, blockCol, k, cols, depth)
                     : createTileView(b, bMat, k, blockCol, depth, cols);
  createMatmul(b, b.getLoc(), aSlice, bSlice, cTile, layout);
}

/// The memref type both C and the workspace are viewed as in a split-tail
/// launch, whose workgroups store to one or the other.
static MemRefType getAnyRowMajorType(MLIRContext *ctx) {
  return MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                         Float32Type::get(ctx),
                         StridedLayoutAttr::get(ctx, ShapedType::kDynamic,
                                                {ShapedType::kDynamic, 1}));
}

/// Where the whole K steps of [.., kEnd) end: kEnd, or where a K tail
/// (k mod bk) is possible, at most the last whole step's end.
static Value getWholeStepsEnd(ImplicitLocOpBuilder &b, const KernelTile &tile,
                              Value kEnd) {
  if (!tile.mayHaveKTail())
    return kEnd;
  IndexMath math{b};
  return arith::MinUIOp::create(b, kEnd, math.index(tile.k - tile.k % tile.bk));
}

/// The views of the epilogue's operands that the workgroup's tile of C at
/// `row`, `col` (`rows` x `cols`, of matrix `batch` of a batch, else null)
/// reads, and their maps from the tile's two loops: an operand kept along
/// the batch loop is first viewed at its matrix (as C is), then each is
/// viewed at the tile along the loops it keeps. gemm-tile-lanes reads the
/// operands through these views' sources, at the tile's rows and columns.
static void createEpilogueOperandTiles(ImplicitLocOpBuilder &b,
                                       linalg::GenericOp generic, Value batch,
                                       OpFoldResult row, OpFoldResult col,
                                       OpFoldResult rows, OpFoldResult cols,
                                       SmallVectorImpl<Value> &views,
                                       SmallVectorImpl<AffineMap> &maps) {
  MLIRContext *ctx = b.getContext();
  OpFoldResult tileOffsets[] = {row, col}, tileSizes[] = {rows, cols};
  SmallVector<AffineMap> operandMaps = getEpilogueOperandMaps(generic);
  for (auto [operand, map] :
       llvm::zip_equal(getEpilogueOperands(generic), operandMaps)) {
    unsigned batchDims = map.getNumDims() - 2;
    Value view = operand;
    SmallVector<AffineExpr> tileResults;
    SmallVector<OpFoldResult> offsets, sizes;
    for (AffineExpr result : map.getResults()) {
      unsigned loop = cast<AffineDimExpr>(result).getPosition();
      if (loop < batchDims)
        continue;
      tileResults.push_back(getAffineDimExpr(loop - batchDims, ctx));
      offsets.push_back(tileOffsets[loop - batchDims]);
      sizes.push_back(tileSizes[loop - batchDims]);
    }
    // Kept along the batch loop, its first dimension: the matrix's view.
    if (map.getNumResults() > tileResults.size())
      view = createBatchView(b, batch, view);
    if (!offsets.empty())
      view = memref::SubViewOp::create(
          b, view, offsets, sizes,
          SmallVector<OpFoldResult>(offsets.size(), b.getIndexAttr(1)));
    views.push_back(view);
    maps.push_back(AffineMap::get(2, 0, tileResults, ctx));
  }
}

/// The body of a tile epilogue: `generic`'s on the nested generic's block
/// arguments (T, the operands' elements, C).
static Value buildTileEpilogueBody(OpBuilder &nested, linalg::GenericOp generic,
                                   ValueRange args) {
  return buildEpilogue(nested, generic, args.front(),
                       args.drop_front().drop_back(), args.back());
}

/// The store of a split-tail part or a stream-K segment with an epilogue:
/// a whole tile's sum goes through the epilogue into C, a partial sum
/// unchanged into its zeroed workspace slot (the second kernel applies the
/// epilogue to the summed parts). As the data-parallel kernel's tile
/// epilogue (createTileEpilogue), a linalg.generic on the matmul's view
/// `sumTile` of `out` (C or the workspace) into the same view, which
/// gemm-tile-lanes fuses into the store of the accumulators; `partial`
/// selects the workspace's identity.
static void createPartialTileEpilogue(ImplicitLocOpBuilder &b,
                                      linalg::GenericOp generic,
                                      memref::SubViewOp sumTile, Value partial,
                                      Value batch, Value blockRow,
                                      Value blockCol) {
  Value outTile = memref::SubViewOp::create(
      b, sumTile.getSource(), sumTile.getMixedOffsets(),
      sumTile.getMixedSizes(), sumTile.getMixedStrides());
  // The operands at the tile's place in C, which a part's result (thrown
  // away) reads too: in bounds, where the workspace's rows would not be.
  SmallVector<Value> inputs = {sumTile};
  AffineMap identity = b.getMultiDimIdentityMap(2);
  SmallVector<AffineMap> maps = {identity};
  createEpilogueOperandTiles(b, generic, batch, blockRow, blockCol,
                             sumTile.getMixedSizes()[0],
                             sumTile.getMixedSizes()[1], inputs, maps);
  maps.push_back(identity);
  linalg::GenericOp::create(
      b, inputs, ValueRange{outTile}, maps,
      {utils::IteratorType::parallel, utils::IteratorType::parallel},
      [&](OpBuilder &nested, Location loc, ValueRange args) {
        Value whole = buildTileEpilogueBody(nested, generic, args);
        linalg::YieldOp::create(
            nested, loc,
            arith::SelectOp::create(nested, loc, partial, args[0], whole)
                .getResult());
      });
}

/// The K loop of a split-tail part or a stream-K segment: the tile of A and
/// B at blockRow, blockCol over K values [kBegin, kEnd), into the bm x bn
/// view of `out` at outRow, outCol; whole steps in the loop up to loopEnd
/// (getWholeStepsEnd), the K values after it in a matmul after the loop, as
/// gemm-tile-workgroups' peeled tail, then with an epilogue its store
/// (createPartialTileEpilogue). Leaves `b` after them.
static void createPartialKLoop(ImplicitLocOpBuilder &b, const KernelTile &tile,
                               MatmulLayout layout, Value a, Value bMat,
                               Value out, Value outRow, Value outCol,
                               Value blockRow, Value blockCol, Value kBegin,
                               Value kEnd, Value loopEnd,
                               linalg::GenericOp epilogue, Value partial,
                               Value batch) {
  IndexMath math{b};
  OpFoldResult rows = b.getIndexAttr(tile.bm), cols = b.getIndexAttr(tile.bn);
  Value cTile = createTileView(b, out, outRow, outCol, rows, cols);
  // The tail's index arithmetic before the loop, as tileK leaves it.
  Value tailDepth = tile.mayHaveKTail()
                        ? arith::SubIOp::create(b, kEnd, loopEnd).getResult()
                        : Value();
  auto loop = scf::ForOp::create(b, kBegin, loopEnd, math.index(tile.bk));
  if (tailDepth)
    createSliceMatmul(b, layout, a, bMat, cTile, blockRow, blockCol, rows, cols,
                      loopEnd, tailDepth);
  if (epilogue)
    createPartialTileEpilogue(b, epilogue,
                              cTile.getDefiningOp<memref::SubViewOp>(), partial,
                              batch, blockRow, blockCol);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  createSliceMatmul(b, layout, a, bMat, cTile, blockRow, blockCol, rows, cols,
                    loop.getInductionVar(), b.getIndexAttr(tile.bk));
}

/// The body of a split-tail workgroup (SplitTailGrid): workgroup w < D
/// (the whole rounds' tiles) multiplies tile w over all of K into C, as
/// buildWorkgroupBody does; workgroup D + s multiplies part s % parts of
/// K of tail tile D + s / parts into rows s * bm of the zeroed workspace.
/// One K loop with bounds from the workgroup id serves both, so the later
/// passes see the usual kernel. An edge tile's slices start at its own
/// row and column; gemm-stage-lds and gemm-tile-lanes shift it back inside
/// A, B and C as in the data-parallel kernel, and inside the workspace,
/// which is bm x bn per part, not at all: a part's rows hold the whole
/// shifted tile, of which the reduction adds what the tile owns. The K
/// values after the last whole step (k mod bk) are a tail after the loop
/// of the workgroups whose K range ends at k, as gemm-tile-workgroups'
/// peeled tail, empty for the other parts.
static void buildSplitTailBody(ImplicitLocOpBuilder &b, gpu::LaunchOp launch,
                               const KernelTile &tile, MatmulLayout layout,
                               const SplitTailGrid &grid, Value a, Value bMat,
                               Value c, Value workspace,
                               linalg::GenericOp epilogue) {
  IndexMath math{b};
  Value workgroup = launch.getBlockIds().x;
  Value wholeTiles = math.index(grid.wholeTiles);
  Value inTail = arith::CmpIOp::create(b, arith::CmpIPredicate::uge, workgroup,
                                       wholeTiles);
  // Wraps for the whole rounds' workgroups, which select the other values.
  Value tailIndex = arith::SubIOp::create(b, workgroup, wholeTiles);
  auto select = [&](Value inTailValue, Value wholeValue) -> Value {
    return arith::SelectOp::create(b, inTail, inTailValue, wholeValue);
  };
  Value tileIndex =
      select(math.add(math.div(tailIndex, grid.parts), wholeTiles), workgroup);
  Value part = math.rem(tailIndex, grid.parts);
  Value blockRow = math.mul(math.div(tileIndex, grid.tilesN), tile.bm);
  Value blockCol = math.mul(math.rem(tileIndex, grid.tilesN), tile.bn);
  int64_t partDepth = grid.stepsPerPart * tile.bk;
  Value partBegin = math.mul(part, partDepth);
  // The last part ends at k, its K tail included.
  Value partEnd;
  if (tile.mayHaveKTail()) {
    Value isLastPart = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, part,
                                             math.index(grid.parts - 1));
    Value partNext = math.add(partBegin, partDepth);
    partEnd =
        arith::SelectOp::create(b, isLastPart, math.index(tile.k), partNext);
  } else {
    partEnd = arith::MinUIOp::create(b, math.add(partBegin, partDepth),
                                     math.index(tile.k));
  }
  Value kBegin = select(partBegin, math.index(0));
  Value kEnd = select(partEnd, math.index(tile.k));
  Value loopEnd = getWholeStepsEnd(b, tile, kEnd);
  MemRefType anyType = getAnyRowMajorType(b.getContext());
  Value out = select(memref::CastOp::create(b, anyType, workspace),
                     memref::CastOp::create(b, anyType, c));
  Value outRow = select(math.mul(tailIndex, tile.bm), blockRow);
  Value outCol = select(math.index(0), blockCol);
  createPartialKLoop(b, tile, layout, a, bMat, out, outRow, outCol, blockRow,
                     blockCol, kBegin, kEnd, loopEnd, epilogue, inTail,
                     /*batch=*/Value());
  gpu::TerminatorOp::create(b);
}

/// What one lane of a reduction kernel (the split tail's, stream-K's
/// fix-up) adds: kTailReductionFloats consecutive floats of a tail tile, at
/// `row`, `col` of the tile, and where they are in C.
struct ReductionLane {
  gpu::LaunchOp launch;
  Value tailTile, row, col;
  // The lane's matrix of a batch (null for a 2-D matmul).
  Value batch;
  // Where the tile's owned part starts in C, and the lane's floats.
  Value ownedRow, ownedCol, cRow, cCol;
};

/// The launch of a reduction kernel over the `tailTiles` tiles after the
/// `wholeTiles` of a grid `tilesN` tiles wide (of a batch of matrices of
/// `tilesPerBatch` tiles each, when not 0), named after the function with
/// `suffix`, and its lane's floats; `b` is left in the launch.
static ReductionLane createReductionLaunch(ImplicitLocOpBuilder &b,
                                           const KernelTile &tile,
                                           int64_t tilesN, int64_t wholeTiles,
                                           int64_t tailTiles, StringRef suffix,
                                           int64_t tilesPerBatch = 0) {
  IndexMath math{b};
  int64_t tileFloats = tile.bm * tile.bn;
  int64_t workgroups =
      tailTiles * tileFloats / (kTailReductionLanes * kTailReductionFloats);
  Value one = math.index(1);
  auto launch =
      gpu::LaunchOp::create(b, math.index(workgroups), one, one,
                            math.index(kTailReductionLanes), one, one);
  if (auto func = launch->getParentOfType<func::FuncOp>())
    launch.setFunctionAttr(FlatSymbolRefAttr::get(
        b.getContext(), (func.getSymName() + suffix).str()));
  b.setInsertionPointToStart(&launch.getBody().front());
  ReductionLane lane;
  lane.launch = launch;
  Value element =
      math.mul(math.add(math.mul(launch.getBlockIds().x, kTailReductionLanes),
                        launch.getThreadIds().x),
               kTailReductionFloats);
  lane.tailTile = math.div(element, tileFloats);
  Value inTile = math.rem(element, tileFloats);
  lane.row = math.div(inTile, tile.bn);
  lane.col = math.rem(inTile, tile.bn);
  Value tileIndex = math.add(lane.tailTile, wholeTiles);
  if (tilesPerBatch) {
    lane.batch = math.div(tileIndex, tilesPerBatch);
    tileIndex = math.rem(tileIndex, tilesPerBatch);
  }
  lane.ownedRow = math.mul(math.div(tileIndex, tilesN), tile.bm);
  lane.ownedCol = math.mul(math.rem(tileIndex, tilesN), tile.bn);
  Value blockRow =
      getShiftedTileStart(b, lane.ownedRow, tile.bm, b.getIndexAttr(tile.m));
  Value blockCol =
      getShiftedTileStart(b, lane.ownedCol, tile.bn, b.getIndexAttr(tile.n));
  lane.cRow = math.add(blockRow, lane.row);
  lane.cCol = math.add(blockCol, lane.col);
  return lane;
}

/// Stores a reduction lane's `sum` into C and ends its launch. A tail tile
/// is shifted back inside C (an edge tile overlaps its neighbour): only the
/// elements the tile owns are stored.
static void storeOwnedSum(ImplicitLocOpBuilder &b, const KernelTile &tile,
                          const ReductionLane &lane, Value c, Value sum) {
  IndexMath math{b};
  Value cRow = lane.cRow, cCol = lane.cCol;
  if (!tile.hasEdgeTiles()) {
    vector::StoreOp::create(b, sum, c, ValueRange{cRow, cCol});
    gpu::TerminatorOp::create(b);
    return;
  }
  auto atLeast = [&](Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::uge, lhs, rhs);
  };
  // All four owned (every element of an inner tile): one store; else
  // element by element, those at or past the owned column.
  Value rowOwned = atLeast(cRow, lane.ownedRow);
  Value allOwned =
      arith::AndIOp::create(b, rowOwned, atLeast(cCol, lane.ownedCol));
  auto ifAll = scf::IfOp::create(b, allOwned, /*withElseRegion=*/true);
  b.setInsertionPointToStart(ifAll.thenBlock());
  vector::StoreOp::create(b, sum, c, ValueRange{cRow, cCol});
  b.setInsertionPointToStart(ifAll.elseBlock());
  auto ifRow = scf::IfOp::create(b, rowOwned, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifRow.thenBlock());
  for (int64_t i = 0; i < kTailReductionFloats; ++i) {
    Value elementCol = math.add(cCol, i);
    auto ifElement = scf::IfOp::create(b, atLeast(elementCol, lane.ownedCol),
                                       /*withElseRegion=*/false);
    OpBuilder::InsertionGuard elementGuard(b);
    b.setInsertionPointToStart(ifElement.thenBlock());
    memref::StoreOp::create(
        b, vector::ExtractOp::create(b, sum, ArrayRef<int64_t>{i}), c,
        ValueRange{cRow, elementCol});
  }
  b.setInsertionPointAfter(ifAll);
  gpu::TerminatorOp::create(b);
}

/// What a reduction lane's sum of the parts starts at: C's four floats (C +=
/// the sum), or with an epilogue zero (its temporary's fill; the epilogue
/// then combines the sum with C).
static Value loadReductionStart(ImplicitLocOpBuilder &b,
                                const ReductionLane &lane, Value c,
                                linalg::GenericOp epilogue, Value zero) {
  if (epilogue)
    return zero;
  return vector::LoadOp::create(b, cast<VectorType>(zero.getType()), c,
                                ValueRange{lane.cRow, lane.cCol});
}

/// The lane's sum of the parts through the epilogue, with C's old floats
/// when it reads them; the sum itself without one.
static Value applyReductionEpilogue(ImplicitLocOpBuilder &b,
                                    const ReductionLane &lane, Value c,
                                    linalg::GenericOp epilogue, Value sum) {
  if (!epilogue)
    return sum;
  auto type = cast<VectorType>(sum.getType());
  Value old;
  if (epilogueReadsC(epilogue))
    old = vector::LoadOp::create(b, type, c, ValueRange{lane.cRow, lane.cCol});
  SmallVector<Value> at = {lane.cRow, lane.cCol};
  if (lane.batch)
    at.insert(at.begin(), lane.batch);
  SmallVector<Value> operands =
      loadEpilogueOperands(b, b.getLoc(), epilogue, at, type);
  return buildEpilogue(b, epilogue, sum, operands, old);
}

/// The second kernel of a split tail: C += the tail tiles' K parts, added
/// in part order (the result does not depend on which part finished
/// first), and the parts zeroed for the next launch. Each lane adds four
/// consecutive floats. A part holds its tile shifted back inside C (an
/// edge tile overlaps its neighbour): the lane stores only the elements
/// the tile owns, and zeroes all four.
static void buildTailReduction(ImplicitLocOpBuilder &b, const KernelTile &tile,
                               const SplitTailGrid &grid, Value c,
                               Value workspace, linalg::GenericOp epilogue) {
  OpBuilder::InsertionGuard guard(b);
  IndexMath math{b};
  ReductionLane lane =
      createReductionLaunch(b, tile, grid.tilesN, grid.wholeTiles,
                            grid.tailTiles, "_tail_sum_kernel");
  auto type = VectorType::get({kTailReductionFloats}, b.getF32Type());
  Value zero = arith::ConstantOp::create(b, DenseElementsAttr::get(type, 0.0f));
  Value sum = loadReductionStart(b, lane, c, epilogue, zero);
  // The parts are loaded kReductionLoadsInFlight at a time, fenced from
  // their adds and zeroing by a scheduling barrier, so that a group's loads
  // are in flight together: the backend keeps a load after a store to the
  // workspace, which may alias it, and puts an add after its load to save
  // registers, so loads and stores in turn would wait one memory latency
  // per part.
  for (int64_t first = 0; first < grid.parts;
       first += kReductionLoadsInFlight) {
    int64_t end = std::min(grid.parts, first + kReductionLoadsInFlight);
    SmallVector<Value> partRows, partSums;
    for (int64_t part = first; part < end; ++part) {
      partRows.push_back(
          math.add(math.mul(math.add(math.mul(lane.tailTile, grid.parts), part),
                            tile.bm),
                   lane.row));
      partSums.push_back(vector::LoadOp::create(
          b, type, workspace, ValueRange{partRows.back(), lane.col}));
    }
    amdgpu::SchedBarrierOp::create(b, amdgpu::sched_barrier_opt_enum::none);
    for (Value partSum : partSums)
      sum = arith::AddFOp::create(b, sum, partSum);
    for (Value partRow : partRows)
      vector::StoreOp::create(b, zero, workspace,
                              ValueRange{partRow, lane.col});
  }
  storeOwnedSum(b, tile, lane, c,
                applyReductionEpilogue(b, lane, c, epilogue, sum));
}

/// The stream-K workgroup (StreamKGrid) whose range holds the global
/// iteration `i`.
static Value buildRangeOwner(ImplicitLocOpBuilder &b, const StreamKGrid &grid,
                             Value i) {
  IndexMath math{b};
  int64_t longSteps = grid.longRanges * (grid.stepsPerRange + 1);
  if (grid.longRanges == 0)
    return math.div(i, grid.stepsPerRange);
  Value inLong = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, i,
                                       math.index(longSteps));
  Value longOwner = math.div(i, grid.stepsPerRange + 1);
  // Wraps for an iteration of the long ranges, which selects the other.
  Value shortOwner =
      math.add(math.div(arith::SubIOp::create(b, i, math.index(longSteps)),
                        grid.stepsPerRange),
               grid.longRanges);
  return arith::SelectOp::create(b, inLong, longOwner, shortOwner);
}

/// Matrix `batch` of the static 3-D `source` as a 2-D memref. A
/// reinterpret_cast rather than createBatchView's subview: a view that is
/// selected between C and the workspace is no load's or store's to fold
/// into, and the lowering to LLVM takes a reinterpret_cast, not a subview.
static Value createBatchCast(ImplicitLocOpBuilder &b, Value batch,
                             Value source) {
  auto type = cast<MemRefType>(source.getType());
  auto [strides, offset] = type.getStridesAndOffset();
  IndexMath math{b};
  Value start = math.add(math.mul(batch, strides[0]), offset);
  return memref::ReinterpretCastOp::create(
      b,
      MemRefType::get(type.getShape().drop_front(), type.getElementType(),
                      StridedLayoutAttr::get(b.getContext(),
                                             ShapedType::kDynamic,
                                             {strides[1], strides[2]})),
      source, OpFoldResult(start),
      ArrayRef<OpFoldResult>{b.getIndexAttr(type.getDimSize(1)),
                             b.getIndexAttr(type.getDimSize(2))},
      ArrayRef<OpFoldResult>{b.getIndexAttr(strides[1]),
                             b.getIndexAttr(strides[2])});
}

/// The body of a stream-K workgroup (StreamKGrid). Workgroup w < D (the
/// whole rounds' tiles) multiplies tile w over all of K into C; workgroup
/// D + g multiplies its range of global iterations, which may span tiles:
/// one segment after another, each the range's part of one tail tile t,
/// into workspace slot g + t (zeroed). The segments are an scf.for over
/// the tiles the range touches (a data-parallel workgroup's one tile), so
/// that each segment is the K loop of the other kernels, with its own C
/// tile, bounds and output chosen by the workgroup id and the tile; the
/// later passes find the K loop inside it (getKLoop). A segment that ends
/// a tile takes the K tail (k mod bk) after its loop, as the split tail's
/// last part does; edge tiles are shifted as there.
static void buildStreamKBody(ImplicitLocOpBuilder &b, gpu::LaunchOp launch,
                             const KernelTile &tile, MatmulLayout layout,
                             const StreamKGrid &grid, Value a, Value bMat,
                             Value c, Value workspace,
                             linalg::GenericOp epilogue) {
  IndexMath math{b};
  Value workgroup = launch.getBlockIds().x;
  Value wholeTiles = math.index(grid.wholeTiles);
  Value inStream = arith::CmpIOp::create(b, arith::CmpIPredicate::uge,
                                         workgroup, wholeTiles);
  auto select = [&](Value inStreamValue, Value wholeValue) -> Value {
    return arith::SelectOp::create(b, inStream, inStreamValue, wholeValue);
  };
  // Wraps for the whole rounds' workgroups, which select the other values.
  Value streamIndex = arith::SubIOp::create(b, workgroup, wholeTiles);
  auto rangeStart = [&](Value g) {
    return math.add(
        math.mul(g, grid.stepsPerRange),
        arith::MinUIOp::create(b, g, math.index(grid.longRanges)).getResult());
  };
  Value rangeBegin = rangeStart(streamIndex);
  Value rangeEnd = rangeStart(math.add(streamIndex, 1));
  int64_t steps = grid.stepsPerTile;
  Value firstTile = math.add(math.div(rangeBegin, steps), wholeTiles);
  Value lastIteration = arith::SubIOp::create(b, rangeEnd, math.index(1));
  Value endTile = math.add(math.div(lastIteration, steps), grid.wholeTiles + 1);
  Value segmentsBegin = select(firstTile, workgroup);
  Value segmentsEnd = select(endTile, math.add(workgroup, 1));
  auto segments =
      scf::ForOp::create(b, segmentsBegin, segmentsEnd, math.index(1));
  segments->setAttr(GemmDialect::getSegmentsAttrName(), b.getUnitAttr());
  gpu::TerminatorOp::create(b);
  b.setInsertionPoint(segments.getBody()->getTerminator());

  Value tileIndex = segments.getInductionVar();
  // A batch's tiles are numbered matrix by matrix: the segment multiplies
  // 2-D views of its matrix's A, B and C.
  Value tileInMatrix = tileIndex;
  Value batch;
  if (cast<MemRefType>(c.getType()).getRank() == 3) {
    batch = math.div(tileIndex, grid.tilesPerBatch);
    tileInMatrix = math.rem(tileIndex, grid.tilesPerBatch);
    a = createBatchView(b, batch, a);
    bMat = createBatchView(b, batch, bMat);
    c = createBatchCast(b, batch, c);
  }
  Value blockRow = math.mul(math.div(tileInMatrix, grid.tilesN), tile.bm);
  Value blockCol = math.mul(math.rem(tileInMatrix, grid.tilesN), tile.bn);
  // The segment: the range's K steps of tail tile t.
  Value tailTile = arith::SubIOp::create(b, tileIndex, wholeTiles);
  Value tileBegin = math.mul(tailTile, steps);
  Value tileEnd = math.add(tileBegin, steps);
  // Only the first segment starts inside its tile. (max(begin, tile) -
  // tile is a saturating subtract, v_sub_nc_u32 with clamp, which the
  // emulator does not run.)
  Value isFirst = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, tileIndex,
                                        segmentsBegin);
  Value stepBegin = arith::SelectOp::create(
      b, isFirst, arith::SubIOp::create(b, rangeBegin, tileBegin),
      math.index(0));
  Value stepEnd = arith::SubIOp::create(
      b, arith::MinUIOp::create(b, rangeEnd, tileEnd), tileBegin);
  Value segmentBegin = math.mul(stepBegin, tile.bk);
  Value segmentEnd = math.mul(stepEnd, tile.bk);
  // The segment that ends the tile ends at k, its K tail included.
  if (tile.mayHaveKTail()) {
    Value endsTile = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, stepEnd,
                                           math.index(steps));
    segmentEnd =
        arith::SelectOp::create(b, endsTile, math.index(tile.k), segmentEnd);
  }
  Value kBegin = select(segmentBegin, math.index(0));
  Value kEnd = select(segmentEnd, math.index(tile.k));
  Value loopEnd = getWholeStepsEnd(b, tile, kEnd);
  MemRefType anyType = getAnyRowMajorType(b.getContext());
  Value out = select(memref::CastOp::create(b, anyType, workspace),
                     memref::CastOp::create(b, anyType, c));
  Value slot = arith::AddIOp::create(b, streamIndex, tailTile);
  Value outRow = select(math.mul(slot, tile.bm), blockRow);
  Value outCol = select(math.index(0), blockCol);
  createPartialKLoop(b, tile, layout, a, bMat, out, outRow, outCol, blockRow,
                     blockCol, kBegin, kEnd, loopEnd, epilogue, inStream,
                     batch);
}

/// The second kernel of stream-K: C += each tail tile's partial sums, in
/// the order of the workgroups that computed them (the order of K, so the
/// result does not depend on which finished first), each zeroed again for
/// the next launch. Tile t's partials are in slots g + t of the workgroups
/// g that own its first to its last iteration. Edge tiles as in
/// buildTailReduction.
static void buildStreamKFixup(ImplicitLocOpBuilder &b, const KernelTile &tile,
                              const StreamKGrid &grid, Value c, Value workspace,
                              linalg::GenericOp epilogue) {
  OpBuilder::InsertionGuard guard(b);
  IndexMath math{b};
  bool batched = cast<MemRefType>(c.getType()).getRank() == 3;
  ReductionLane lane = createReductionLaunch(
      b, tile, grid.tilesN, grid.wholeTiles, grid.tailTiles,
      "_stream_k_fixup_kernel", batched ? grid.tilesPerBatch : 0);
  if (batched)
    c = createBatchView(b, lane.batch, c);
  auto type = VectorType::get({kTailReductionFloats}, b.getF32Type());
  Value zero = arith::ConstantOp::create(b, DenseElementsAttr::get(type, 0.0f));
  Value sum = loadReductionStart(b, lane, c, epilogue, zero);
  Value tileBegin = math.mul(lane.tailTile, grid.stepsPerTile);
  Value firstOwner = buildRangeOwner(b, grid, tileBegin);
  Value lastOwner =
      buildRangeOwner(b, grid, math.add(tileBegin, grid.stepsPerTile - 1));
  auto owners = scf::ForOp::create(b, firstOwner, math.add(lastOwner, 1),
                                   math.index(1), ValueRange{sum});
  {
    OpBuilder::InsertionGuard loopGuard(b);
    b.setInsertionPointToStart(owners.getBody());
    Value slot = math.add(owners.getInductionVar(), lane.tailTile);
    Value slotRow = math.add(math.mul(slot, tile.bm), lane.row);
    Value partial = vector::LoadOp::create(b, type, workspace,
                                           ValueRange{slotRow, lane.col});
    Value next =
        arith::AddFOp::create(b, owners.getRegionIterArgs()[0], partial);
    vector::StoreOp::create(b, zero, workspace, ValueRange{slotRow, lane.col});
    scf::YieldOp::create(b, next);
  }
  storeOwnedSum(
      b, tile, lane, c,
      applyReductionEpilogue(b, lane, c, epilogue, owners.getResult(0)));
}

/// Whether the second kernel of a split tail or stream-K launch (`what`,
/// its reduction or fix-up), whose workgroups each add a fixed number of
/// floats, covers a bm x bn tile exactly; else why not, to `whyNot`.
static bool fitsTailSumWorkgroups(const KernelTile &tile, StringRef what,
                                  llvm::raw_ostream &whyNot) {
  int64_t floats = kTailReductionLanes * kTailReductionFloats;
  if ((tile.bm * tile.bn) % floats == 0)
    return true;
  whyNot << "bm x bn must be a multiple of " << floats << " (the " << what
         << "'s workgroup of floats)";
  return false;
}

/// Replaces `matmul` by the two launches of a split tail or stream-K: a 1-D
/// grid of `workgroups` (its body by `buildBody`) and the kernel that adds
/// the partial sums into C (`buildSecond`), with a zeroed workspace of
/// `workspaceRows` x bn floats between them (the runtime zeroes it once;
/// the second kernel leaves it zeroed). Returns the first launch.
static gpu::LaunchOp createTwoKernelLaunch(
    RewriterBase &rewriter, linalg::LinalgOp matmul, const KernelTile &tile,
    int64_t workgroups, int64_t workspaceRows,
    function_ref<void(ImplicitLocOpBuilder &, gpu::LaunchOp, Value, Value,
                      Value, Value, linalg::GenericOp)>
        buildBody,
    function_ref<void(ImplicitLocOpBuilder &, Value, Value, linalg::GenericOp)>
        buildSecond) {
  ImplicitLocOpBuilder b(matmul.getLoc(), rewriter);
  b.setInsertionPoint(matmul);
  IndexMath math{b};
  Value a = matmul.getDpsInputs()[0];
  Value bMat = matmul.getDpsInputs()[1];
  // With an epilogue, both kernels store into its C, through it; its
  // temporary goes.
  std::optional<Epilogue> epilogue = getEpilogue(matmul);
  Value c = epilogue ? epilogue->c : matmul.getDpsInits()[0];
  linalg::GenericOp generic = epilogue ? epilogue->generic : nullptr;
  auto workspaceType =
      MemRefType::get({workspaceRows, tile.bn}, b.getF32Type());
  Value workspace = memref::AllocOp::create(b, workspaceType);
  Value one = math.index(1);
  auto launch = gpu::LaunchOp::create(b, math.index(workgroups), one, one,
                                      math.index(tile.lanes()), one, one);
  tile.setOnLaunch(launch);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&launch.getBody().front());
    buildBody(b, launch, a, bMat, c, workspace, generic);
  }
  buildSecond(b, c, workspace, generic);
  memref::DeallocOp::create(b, workspace);
  rewriter.eraseOp(matmul);
  if (epilogue) {
    rewriter.eraseOp(generic);
    eraseTempIfUnused(epilogue->temp);
  }
  return launch;
}

/// Tiles `matmul` into a stream-K launch (buildStreamKBody) and the launch
/// of its fix-up, with a zeroed workspace between them, as the split tail
/// does.
static FailureOr<gpu::LaunchOp> tileStreamKToWorkgroups(RewriterBase &rewriter,
                                                        linalg::LinalgOp matmul,
                                                        const KernelTile &tile,
                                                        MatmulLayout layout) {
  if (tile.splitTail > 1)
    return matmul.emitOpError()
           << "cannot be tiled with stream_k and split_tail=" << tile.splitTail
           << ": both divide the grid's tail; give one";
  std::string whyNot;
  llvm::raw_string_ostream whyNotOs(whyNot);
  SmallVector<int64_t> loops = getLoopSizes(matmul);
  int64_t batch = loops.size() == 4 ? loops[0] : 1;
  FailureOr<StreamKGrid> grid = getStreamKGrid(tile, whyNotOs, batch);
  if (succeeded(grid) && failed(checkPartialSumsInputs(
                             matmul, whyNotOs, "matmuls and batch matmuls")))
    grid = failure();
  if (succeeded(grid) && !fitsTailSumWorkgroups(tile, "fix-up", whyNotOs))
    grid = failure();
  if (failed(grid))
    return matmul.emitOpError()
           << "cannot be tiled with stream_k: stream-K cannot share the "
              "tail: "
           << whyNot;
  return createTwoKernelLaunch(
      rewriter, matmul, tile, grid->workgroups(), grid->workspaceRows(tile.bm),
      [&](ImplicitLocOpBuilder &b, gpu::LaunchOp launch, Value a, Value bMat,
          Value c, Value workspace, linalg::GenericOp epilogue) {
        buildStreamKBody(b, launch, tile, layout, *grid, a, bMat, c, workspace,
                         epilogue);
      },
      [&](ImplicitLocOpBuilder &b, Value c, Value workspace,
          linalg::GenericOp epilogue) {
        buildStreamKFixup(b, tile, *grid, c, workspace, epilogue);
      });
}

/// Tiles `matmul` into a split-tail launch (buildSplitTailBody) and the
/// launch of its reduction, with a zeroed workspace between them (the
/// runtime zeroes it once; the reduction leaves it zeroed).
static FailureOr<gpu::LaunchOp>
tileSplitTailToWorkgroups(RewriterBase &rewriter, linalg::LinalgOp matmul,
                          const KernelTile &tile, MatmulLayout layout) {
  std::string whyNot;
  llvm::raw_string_ostream whyNotOs(whyNot);
  FailureOr<SplitTailGrid> grid =
      getSplitTailGrid(tile, tile.splitTail, whyNotOs);
  if (succeeded(grid) && !isa<linalg::MatmulOp>(matmul)) {
    whyNotOs << "it covers 2-D matmuls (no batch)";
    grid = failure();
  }
  if (succeeded(grid) &&
      failed(checkPartialSumsInputs(matmul, whyNotOs, "2-D matmuls")))
    grid = failure();
  if (succeeded(grid) && !fitsTailSumWorkgroups(tile, "reduction", whyNotOs))
    grid = failure();
  if (failed(grid))
    return matmul.emitOpError()
           << "cannot be tiled with split_tail=" << tile.splitTail
           << ": the tail cannot be split: " << whyNot;
  return createTwoKernelLaunch(
      rewriter, matmul, tile, grid->workgroups(), grid->workspaceRows(tile.bm),
      [&](ImplicitLocOpBuilder &b, gpu::LaunchOp launch, Value a, Value bMat,
          Value c, Value workspace, linalg::GenericOp epilogue) {
        buildSplitTailBody(b, launch, tile, layout, *grid, a, bMat, c,
                           workspace, epilogue);
      },
      [&](ImplicitLocOpBuilder &b, Value c, Value workspace,
          linalg::GenericOp epilogue) {
        buildTailReduction(b, tile, *grid, c, workspace, epilogue);
      });
}

/// Tiles the (batch,) M and N loops of `op` into an scf.forall of bm x bn
/// tiles of C (one batch each) mapped to GPU blocks: x along N, y along M,
/// z along the batch.
static FailureOr<scf::SCFTilingResult> tileToBlocks(RewriterBase &rewriter,
                                                    linalg::LinalgOp op,
                                                    const KernelTile &tile) {
  MLIRContext *ctx = op.getContext();
  auto block = [&](gpu::MappingId id) -> Attribute {
    return gpu::GPUBlockMappingAttr::get(ctx, id);
  };
  SmallVector<OpFoldResult> sizes;
  SmallVector<Attribute> mapping;
  if (isa<linalg::BatchMatmulOp>(op)) {
    sizes.push_back(rewriter.getIndexAttr(1));
    mapping.push_back(block(gpu::MappingId::DimZ));
  }
  sizes.append(
      {rewriter.getIndexAttr(tile.bm), rewriter.getIndexAttr(tile.bn)});
  mapping.append({block(gpu::MappingId::DimY), block(gpu::MappingId::DimX)});
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setTileSizes(sizes)
      .setMapping(mapping);
  return scf::tileUsingSCF(rewriter, cast<TilingInterface>(op.getOperation()),
                           options);
}

/// Rewrites `batchTile`, a batch_matmul of one batch's tiles (1 x rows x cols
/// subviews), into the 2-D matmul the later passes take: on tiles of
/// rank-reduced views of the batch's matrices, from which they read the
/// matrices' extents and leading dimensions. (Upstream's rank-reducing
/// patterns, linalg::populateContractionOpRankReducingPatterns, would view
/// the tile alone.)
static linalg::MatmulOp dropBatch(RewriterBase &rewriter,
                                  linalg::LinalgOp batchTile,
                                  MatmulLayout layout) {
  ImplicitLocOpBuilder b(batchTile.getLoc(), rewriter);
  b.setInsertionPoint(batchTile);
  SmallVector<Value> tiles;
  for (Value operand : batchTile->getOperands()) {
    auto view = operand.getDefiningOp<memref::SubViewOp>();
    SmallVector<OpFoldResult> offsets = view.getMixedOffsets();
    SmallVector<OpFoldResult> sizes = view.getMixedSizes();
    Value batch = getValueOrCreateConstantIndexOp(b, b.getLoc(), offsets[0]);
    Value matrix = createBatchView(b, batch, view.getSource());
    tiles.push_back(
        createTileView(b, matrix, offsets[1], offsets[2], sizes[1], sizes[2]));
  }
  linalg::MatmulOp matmul =
      createMatmul(b, b.getLoc(), tiles[0], tiles[1], tiles[2], layout);
  rewriter.eraseOp(batchTile);
  return matmul;
}

/// Tiles the K loop of `matmul` by bk (scf.for) and peels off the tail of
/// fewer than bk steps: a matmul after the loop, which gemm-tile-lanes
/// computes straight from global memory.
static FailureOr<scf::ForOp> tileK(RewriterBase &rewriter,
                                   linalg::MatmulOp matmul, int64_t bk) {
  scf::SCFTilingOptions options;
  options.setTileSizes({rewriter.getIndexAttr(0), rewriter.getIndexAttr(0),
                        rewriter.getIndexAttr(bk)});
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(matmul.getOperation()), options);
  if (failed(tiled))
    return failure();
  rewriter.eraseOp(matmul);
  auto loop = cast<scf::ForOp>(tiled->loops.front().getOperation());
  scf::ForOp tail;
  if (failed(scf::peelForLoopAndSimplifyBounds(rewriter, loop, tail)))
    return loop; // k is a multiple of bk.
  // The peeled loop runs at most once: its body at its lower bound is the
  // tail (an empty matmul when a dynamic k is a multiple of bk). Its index
  // arithmetic goes before the K loop, its views and matmul after it:
  // gemm-tile-lanes computes the tail right after the loop, from the views'
  // offsets and sizes.
  Operation *beforeTail = loop->getPrevNode();
  rewriter.eraseOp(tail.getBody()->getTerminator());
  rewriter.inlineBlockBefore(tail.getBody(), loop, tail.getLowerBound());
  rewriter.eraseOp(tail);
  Operation *last = loop;
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(beforeTail ? std::next(beforeTail->getIterator())
                                       : loop->getBlock()->begin(),
                            loop->getIterator()))) {
    if (!isa<memref::SubViewOp, linalg::LinalgOp>(op))
      continue;
    rewriter.moveOpAfter(&op, last);
    last = &op;
  }
  return loop;
}

/// The epilogue on the workgroup's tile `tTile` of T into the same tile of
/// `c`, the epilogue's C: gemm-tile-lanes fuses it into the store of the
/// accumulators. (tileUsingSCF cannot fuse it into the matmul's tiles: its
/// consumer fusion takes tensors.)
static void createTileEpilogue(ImplicitLocOpBuilder &b,
                               linalg::GenericOp generic,
                               memref::SubViewOp tTile, Value c) {
  // A batch's T tile is a tile of the batch's view (dropBatch); C's view
  // goes next to it, where gemm-tile-lanes' store after the K loop sees it.
  if (cast<MemRefType>(c.getType()).getRank() == 3) {
    OpBuilder::InsertionGuard guard(b);
    auto tBatch = tTile.getSource().getDefiningOp<memref::SubViewOp>();
    b.setInsertionPointAfter(tBatch);
    c = createBatchView(b, tBatch.getOffsets().front(), c);
  }
  SmallVector<OpFoldResult> offsets = tTile.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = tTile.getMixedSizes();
  Value cTile =
      createTileView(b, c, offsets[0], offsets[1], sizes[0], sizes[1]);
  AffineMap identity = b.getMultiDimIdentityMap(2);
  SmallVector<Value> inputs = {tTile};
  SmallVector<AffineMap> maps = {identity};
  Value batch;
  if (auto tBatch = tTile.getSource().getDefiningOp<memref::SubViewOp>();
      tBatch &&
      cast<MemRefType>(generic.getDpsInits()[0].getType()).getRank() == 3)
    batch = getValueOrCreateConstantIndexOp(b, b.getLoc(),
                                            tBatch.getMixedOffsets()[0]);
  createEpilogueOperandTiles(b, generic, batch, offsets[0], offsets[1],
                             sizes[0], sizes[1], inputs, maps);
  maps.push_back(identity);
  linalg::GenericOp::create(
      b, inputs, ValueRange{cTile}, maps,
      {utils::IteratorType::parallel, utils::IteratorType::parallel},
      [&](OpBuilder &nested, Location, ValueRange args) {
        linalg::YieldOp::create(nested, nested.getUnknownLoc(),
                                buildTileEpilogueBody(nested, generic, args));
      });
}

/// Replaces `forall` (on buffers, from 0, static steps, mapped to GPU
/// blocks) with a gpu.launch of one workgroup per iteration and `lanes`
/// lanes each: the grid is the trip counts, ceil(ub / step), and each
/// induction variable becomes its block id times the step. Upstream's
/// mapForallToBlocksImpl (GPU/TransformOps) needs a normalized forall of
/// static trip counts inside an existing launch, while the grid of a guarded
/// dynamic matmul is only known at run time; and LLVM 22's
/// normalizeForallOp builds an ill-typed arith.ceildivsi (an index bound
/// over an i64 step) for such a forall.
static FailureOr<gpu::LaunchOp>
mapForallToLaunch(RewriterBase &rewriter, scf::ForallOp forall, int64_t lanes) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  std::optional<SmallVector<int64_t>> steps =
      getConstantIntValues(forall.getMixedStep());
  if (forall.getNumResults() != 0 || !mapping || !steps ||
      !llvm::all_of(forall.getMixedLowerBound(),
                    [](OpFoldResult lb) { return isConstantIntValue(lb, 0); }))
    return failure();
  // The grid dimension of each loop, and the loop of each dimension.
  SmallVector<unsigned> dimOf;
  std::optional<unsigned> loopOf[3];
  for (Attribute attr : *mapping) {
    auto block = dyn_cast<gpu::GPUBlockMappingAttr>(attr);
    if (!block || block.getMappingId() > 2 || loopOf[block.getMappingId()])
      return failure();
    loopOf[block.getMappingId()] = dimOf.size();
    dimOf.push_back(block.getMappingId());
  }
  OpBuilder::InsertionGuard guard(rewriter);
  ImplicitLocOpBuilder b(forall.getLoc(), rewriter);
  b.setInsertionPoint(forall);
  IndexMath math{b};
  SmallVector<OpFoldResult> ubs = forall.getMixedUpperBound();
  Value grid[3];
  for (unsigned dim = 0; dim < 3; ++dim) {
    if (!loopOf[dim]) {
      grid[dim] = math.index(1);
      continue;
    }
    OpFoldResult ub = ubs[*loopOf[dim]];
    int64_t step = (*steps)[*loopOf[dim]];
    if (std::optional<int64_t> known = getConstantIntValue(ub))
      grid[dim] = math.index(llvm::divideCeil(*known, step));
    else if (step == 1)
      grid[dim] = cast<Value>(ub);
    else
      grid[dim] =
          arith::CeilDivUIOp::create(b, cast<Value>(ub), math.index(step));
  }
  Value one = math.index(1);
  auto launch = gpu::LaunchOp::create(b, grid[0], grid[1], grid[2],
                                      math.index(lanes), one, one);
  b.setInsertionPointToStart(&launch.getBody().front());
  gpu::KernelDim3 ids = launch.getBlockIds();
  Value idOf[3] = {ids.x, ids.y, ids.z};
  SmallVector<Value> ivs;
  for (auto [dim, step] : llvm::zip_equal(dimOf, *steps))
    ivs.push_back(step == 1 ? idOf[dim] : math.mul(idOf[dim], step));
  auto terminator = gpu::TerminatorOp::create(b);
  rewriter.eraseOp(forall.getTerminator());
  rewriter.inlineBlockBefore(forall.getBody(), terminator, ivs);
  rewriter.eraseOp(forall);
  return launch;
}

namespace {
/// Drops the solver's state of the ops a rewrite erases.
struct SolverListener : public RewriterBase::Listener {
  explicit SolverListener(DataFlowSolver &solver) : solver(solver) {}
  void notifyOperationErased(Operation *op) override {
    solver.eraseState(solver.getProgramPointAfter(op));
    for (Value result : op->getResults())
      solver.eraseState(result);
  }
  DataFlowSolver &solver;
};

} // namespace

/// Applies the patterns `populate` adds, given the integer ranges of the
/// values of the function around `launch`, to the launch's body.
static LogicalResult applyWithRanges(
    gpu::LaunchOp launch,
    function_ref<void(RewritePatternSet &, DataFlowSolver &)> populate) {
  DataFlowSolver solver;
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::IntegerRangeAnalysis>();
  if (failed(solver.initializeAndRun(
          launch->getParentWithTrait<OpTrait::IsIsolatedFromAbove>())))
    return failure();
  SolverListener listener(solver);
  RewritePatternSet patterns(launch.getContext());
  populate(patterns, solver);
  GreedyRewriteConfig config;
  config.enableConstantCSE(false).setListener(&listener);
  return applyPatternsGreedily(launch.getBody(), std::move(patterns), config);
}

/// The index arithmetic of a tiled launch as the later passes take it: the
/// slices as subviews of the whole matrices (tileUsingSCF takes the K
/// slices of the workgroup's tiles), affine maps lowered to arith, which
/// gemm-buffer-addressing splits into uniform and per-lane terms, and
/// unsigned where the values are known non-negative: the lowering of the
/// peeled K loop's bound, k - k mod bk, is signed (remsi and a select that
/// adds bk to a negative remainder), which the backend kept as signed
/// 64-bit arithmetic.
static LogicalResult simplifyLaunch(gpu::LaunchOp launch) {
  MLIRContext *ctx = launch.getContext();
  RewritePatternSet patterns(ctx);
  memref::populateComposeSubViewPatterns(patterns, ctx);
  // Constant offsets and sizes as static ones, as in the views' types.
  memref::SubViewOp::getCanonicalizationPatterns(patterns, ctx);
  populateAffineToStdConversionPatterns(patterns);
  // Folded constants stay where they are used, as the rest of the launch's.
  GreedyRewriteConfig config;
  config.enableConstantCSE(false);
  if (failed(
          applyPatternsGreedily(launch.getBody(), std::move(patterns), config)))
    return failure();
  // First what the ranges decide (the remainder is not negative), then
  // unsigned forms; the ranges of the ops the first step creates are not
  // known until the analysis runs again.
  if (failed(applyWithRanges(
          launch, [](RewritePatternSet &patterns, DataFlowSolver &solver) {
            arith::populateIntRangeOptimizationsPatterns(patterns, solver);
          })))
    return failure();
  return applyWithRanges(
      launch, [&](RewritePatternSet &patterns, DataFlowSolver &solver) {
        arith::populateUnsignedWhenEquivalentPatterns(patterns, solver);
        // x + y * -1 as x - y.
        arith::AddIOp::getCanonicalizationPatterns(patterns, ctx);
      });
}

/// The tiling's memref.dim ops in `block` (a guard's then-branch) repeat
/// the guard's `sizes` (createLoopSizes): their uses take the guard's, so
/// that the host computes each size once.
static void reuseGuardSizes(RewriterBase &rewriter, Block *block,
                            ArrayRef<Value> sizes) {
  for (auto dim : llvm::make_early_inc_range(block->getOps<memref::DimOp>())) {
    for (Value size : sizes) {
      auto known = size.getDefiningOp<memref::DimOp>();
      if (known && known.getSource() == dim.getSource() &&
          known.getConstantIndex() == dim.getConstantIndex()) {
        rewriter.replaceOp(dim, known);
        break;
      }
    }
  }
}

/// Tiles `matmul` (checked by checkTile) into a gpu.launch of one workgroup
/// per bm x bn tile of C, batches along grid z, with upstream's tiling: an
/// scf.forall of the tiles mapped to GPU blocks, an scf.for of K with the
/// tail peeled off after it, and the forall turned into the launch. With
/// dynamic sizes or strides the launch is guarded by the run-time
/// condition the tiled kernel needs (guardDynamicLaunch), and the else
/// branch keeps the matmul; otherwise the matmul (and its epilogue) are
/// erased.
static FailureOr<gpu::LaunchOp> tileToWorkgroups(RewriterBase &rewriter,
                                                 linalg::LinalgOp matmul,
                                                 const KernelTile &tile,
                                                 MatmulLayout layout) {
  if (tile.streamK) {
    // A grid of whole rounds has no tail to share: stream-K is the
    // data-parallel kernel, which needs no workspace or fix-up.
    SmallVector<int64_t> loops = getLoopSizes(matmul);
    int64_t batch = loops.size() == 4 ? loops[0] : 1;
    int64_t units = tile.getTargetComputeUnits(), tiles = 0;
    if (tile.splitTail <= 1 && !tile.isDynamic() && tile.m >= tile.bm &&
        tile.n >= tile.bn && units >= 1 && units <= kMaxComputeUnits &&
        !ShapedType::isDynamic(batch) &&
        !llvm::MulOverflow(tile.gridM(), tile.gridN(), tiles) &&
        !llvm::MulOverflow(tiles, batch, tiles) && tiles % units == 0) {
      matmul.emitRemark() << "stream-K has no tail to share: its " << tiles
                          << " tiles are whole rounds of " << units
                          << " workgroups; the data-parallel kernel computes "
                             "it";
      KernelTile dataParallel = tile;
      dataParallel.streamK = false;
      return tileToWorkgroups(rewriter, matmul, dataParallel, layout);
    }
    return tileStreamKToWorkgroups(rewriter, matmul, tile, layout);
  }
  if (tile.splitTail != 1)
    return tileSplitTailToWorkgroups(rewriter, matmul, tile, layout);
  ImplicitLocOpBuilder b(matmul.getLoc(), rewriter);
  b.setInsertionPoint(matmul);
  // C = alpha * A x B + beta * C: the matmul writes the temporary T and the
  // epilogue combines it with C.
  std::optional<Epilogue> epilogue = getEpilogue(matmul);
  bool guarded = tile.isDynamic() || hasDynamicLayout(matmul, epilogue);
  // Guarded, a copy of the matmul is tiled; the else branch keeps it.
  linalg::LinalgOp target = matmul;
  SmallVector<Value> loopSizes;
  if (guarded) {
    loopSizes = createLoopSizes(b, matmul);
    guardDynamicLaunch(b, matmul, tile, ArrayRef(loopSizes).take_back(3),
                       epilogue);
    target = cast<linalg::LinalgOp>(b.clone(*matmul));
  }
  FailureOr<scf::SCFTilingResult> blocks = tileToBlocks(rewriter, target, tile);
  if (failed(blocks))
    return target.emitOpError() << "cannot be tiled to workgroups";
  rewriter.eraseOp(target);
  auto forall = cast<scf::ForallOp>(blocks->loops.front().getOperation());
  auto tiled = cast<linalg::LinalgOp>(blocks->tiledOps.back());
  linalg::MatmulOp tileMatmul = isa<linalg::BatchMatmulOp>(tiled)
                                    ? dropBatch(rewriter, tiled, layout)
                                    : cast<linalg::MatmulOp>(tiled);
  auto tTile = tileMatmul.getDpsInits()[0].getDefiningOp<memref::SubViewOp>();
  if (failed(tileK(rewriter, tileMatmul, tile.bk)))
    return forall.emitOpError() << "cannot be tiled along K";
  if (epilogue) {
    b.setInsertionPoint(forall.getTerminator());
    createTileEpilogue(b, epilogue->generic, tTile, epilogue->c);
    // A guarded launch's fallback keeps the original.
    if (!guarded)
      rewriter.eraseOp(epilogue->generic);
  }
  FailureOr<gpu::LaunchOp> launch =
      mapForallToLaunch(rewriter, forall, tile.lanes());
  if (failed(launch))
    return forall.emitOpError() << "cannot be mapped to a gpu.launch";
  tile.setOnLaunch(*launch);
  reuseGuardSizes(rewriter, (*launch)->getBlock(), loopSizes);
  if (failed(simplifyLaunch(*launch)))
    return launch->emitOpError() << "index arithmetic did not converge";
  return launch;
}
void GemmTileWorkgroupsPass::runOnOperation() {
  SmallVector<linalg::LinalgOp> matmuls;
  getOperation().walk([&](linalg::LinalgOp op) {
    if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op))
      matmuls.push_back(op);
  });
  IRRewriter rewriter(&getContext());
  for (linalg::LinalgOp matmul : matmuls) {
    // Already inside a kernel: another pass's business.
    if (matmul->getParentOfType<gpu::LaunchOp>())
      continue;
    FailureOr<MatmulLayout> layout = getCheckedMatmulLayout(matmul);
    if (failed(layout))
      return signalPassFailure();
    auto config = matmul->getAttrOfType<KernelConfigAttr>(
        GemmDialect::getConfigAttrName());
    if (!config) {
      matmul.emitOpError() << "has no #gemm.config to be tiled with; run "
                              "gemm-select-config first";
      return signalPassFailure();
    }
    // gemm-tile-skinny's.
    if (config.getKernel() == KernelKind::Skinny)
      continue;
    SmallVector<int64_t> loops = getLoopSizes(matmul);
    ArrayRef<int64_t> mnk = ArrayRef(loops).take_back(3);
    KernelTile tile;
    static_cast<KernelConfig &>(tile) = KernelConfig::fromAttr(config);
    tile.m = mnk[0];
    tile.n = mnk[1];
    tile.k = mnk[2];
    if (failed(checkTile(matmul, tile, *layout)))
      return signalPassFailure();
    // The configuration moves onto the launch; a matmul left to the simple
    // lowering (here, or as the fallback of a guarded launch) has none.
    matmul->removeAttr(GemmDialect::getConfigAttrName());
    if (isLeftToSimpleLowering(matmul, tile))
      continue;
    if (failed(tileToWorkgroups(rewriter, matmul, tile, *layout)))
      return signalPassFailure();
  }
}
