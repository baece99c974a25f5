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

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

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
  LogicalResult checkTile(linalg::LinalgOp matmul, const KernelTile &tile,
                          MatmulLayout layout);
};

} // namespace

/// Checks that the lanes can copy an operand's BK x `extent` slice in equal
/// shares with coalesced loads: along K first (BK lanes per row) when K is
/// the operand's contiguous dimension, else `extent` lanes per row of K.
static LogicalResult checkSliceCopy(linalg::LinalgOp matmul,
                                    const KernelTile &tile, StringRef operand,
                                    StringRef extentName, int64_t extent,
                                    bool kContiguous) {
  int64_t lanes = tile.lanes();
  if (kContiguous) {
    if (tile.bk <= 0 || lanes % tile.bk != 0 || extent % (lanes / tile.bk) != 0)
      return matmul.emitOpError()
             << "cannot be tiled with bk=" << tile.bk << ": " << operand
             << " is copied bk lanes per row, so bk must divide the "
             << "workgroup's " << lanes << " lanes, and the rows they copy at "
             << "once (" << lanes << " / bk) must divide " << extentName << "="
             << extent;
    return success();
  }
  if (extent > lanes || lanes % extent != 0)
    return matmul.emitOpError()
           << "cannot be tiled with " << extentName << "=" << extent << ": "
           << operand << "'s rows are copied " << extentName
           << " lanes each, so " << extentName << " must divide the "
           << "workgroup's " << lanes << " lanes";
  if (tile.bk <= 0 || tile.bk % (lanes / extent) != 0)
    return matmul.emitOpError()
           << "cannot be tiled with " << extentName << "=" << extent
           << " bk=" << tile.bk << ": the " << lanes / extent << " rows of "
           << operand << " the " << lanes << " lanes copy at once must divide "
           << "bk";
  return success();
}

LogicalResult GemmTileWorkgroupsPass::checkTile(linalg::LinalgOp matmul,
                                                const KernelTile &tile,
                                                MatmulLayout layout) {
  // Each factor is bounded before their product, which could overflow.
  if (tile.wavesM <= 0 || tile.wavesN <= 0 || tile.wavesM > kMaxWaves ||
      tile.wavesN > kMaxWaves || tile.lanes() > kMaxWorkgroupLanes)
    return matmul.emitOpError()
           << "cannot be tiled with a " << tile.wavesM << " x " << tile.wavesN
           << " wave grid: a workgroup holds 1 to " << kMaxWaves << " waves of "
           << kWaveSize << " lanes";
  // A tile side beyond the floats the LDS holds cannot be staged whatever the
  // other sides; bounding each here also keeps the later passes' size
  // products far from overflow.
  for (auto [name, value] : {std::pair("bm", tile.bm), std::pair("bn", tile.bn),
                             std::pair("bk", tile.bk)})
    if (value > kMaxTileSide)
      return matmul.emitOpError()
             << "cannot be tiled with " << name << "=" << value
             << ": a workgroup tile side holds at most " << kMaxTileSide
             << " floats, all of the " << kLdsBytes << "-byte LDS";
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
  if (failed(checkSliceCopy(matmul, tile, "A", "bm", tile.bm,
                            /*kContiguous=*/!layout.transposeA)))
    return failure();
  return checkSliceCopy(matmul, tile, "B", "bn", tile.bn,
                        /*kContiguous=*/layout.transposeB);
}

/// True when a matrix of `matmul` (or of its epilogue) has a dynamic size or
/// stride, so that the tiled kernel's preconditions depend on run-time
/// values.
static bool hasDynamicLayout(linalg::LinalgOp matmul,
                             const std::optional<Epilogue> &epilogue) {
  SmallVector<Value> matrices(matmul->getOperands());
  if (epilogue)
    matrices.push_back(epilogue->c);
  return llvm::any_of(matrices, [](Value matrix) {
    return !hasStaticLayout(cast<MemRefType>(matrix.getType()));
  });
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
/// batch, rank-reduced views of A, B and C.
static Value createBatchView(ImplicitLocOpBuilder &b, Value batch,
                             Value source) {
  auto type = cast<MemRefType>(source.getType());
  SmallVector<OpFoldResult> offsets = {batch, b.getIndexAttr(0),
                                       b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {
      b.getIndexAttr(1), memref::getMixedSize(b, b.getLoc(), source, 1),
      memref::getMixedSize(b, b.getLoc(), source, 2)};
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      type.getShape().drop_front(), type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, cast<MemRefType>(viewType), source,
                                   offsets, sizes, strides);
}

namespace {
/// The matrices as one workgroup sees them, and the extents of its problem.
struct WorkgroupOperands {
  Value a, b, c, cOut; // cOut: the epilogue's C, if there is one
  OpFoldResult mSize, nSize, kSize;
};
} // namespace

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

/// The body of one workgroup: its BM x BN tiles of C (and of the epilogue's
/// C), a K loop of step BK over the full slices of A and B with a matmul of
/// the slices, the K tail as a matmul after the loop, and the epilogue.
static void buildWorkgroupBody(ImplicitLocOpBuilder &b, gpu::LaunchOp launch,
                               const KernelTile &tile, MatmulLayout layout,
                               const WorkgroupOperands &operands,
                               const std::optional<Epilogue> &epilogue,
                               bool guarded) {
  IndexMath math{b};
  Value blockRow = math.mul(launch.getBlockIds().y, tile.bm);
  Value blockCol = math.mul(launch.getBlockIds().x, tile.bn);
  // The last row (column) of workgroups owns what is left of m (n): the
  // subviews then have dynamic sizes, so that this IR is exact; the later
  // passes shift the tile back (getShiftedTileStart) to run the same loop.
  auto ownedSize = [&](Value start, int64_t size,
                       OpFoldResult extent) -> OpFoldResult {
    std::optional<int64_t> known = getConstantIntValue(extent);
    if (known && *known % size == 0)
      return b.getIndexAttr(size);
    Value extentValue = getValueOrCreateConstantIndexOp(b, b.getLoc(), extent);
    return arith::MinUIOp::create(b, math.index(size),
                                  arith::SubIOp::create(b, extentValue, start))
        .getResult();
  };
  OpFoldResult rows = ownedSize(blockRow, tile.bm, operands.mSize);
  OpFoldResult cols = ownedSize(blockCol, tile.bn, operands.nSize);
  Value cTile = createTileView(b, operands.c, blockRow, blockCol, rows, cols);
  // The K loop over the whole slices, k - k % bk.
  Value kBegin = math.index(0);
  OpFoldResult kTail, tailDepth;
  if (!ShapedType::isDynamic(tile.k)) {
    kTail = b.getIndexAttr(tile.fullK());
    tailDepth = b.getIndexAttr(tile.k - tile.fullK());
  } else {
    Value depth = math.rem(cast<Value>(operands.kSize), tile.bk);
    kTail = arith::SubIOp::create(b, cast<Value>(operands.kSize), depth)
                .getResult();
    tailDepth = depth;
  }
  Value kEnd = getValueOrCreateConstantIndexOp(b, b.getLoc(), kTail);
  Value kStep = math.index(tile.bk);
  auto loop = scf::ForOp::create(b, kBegin, kEnd, kStep);
  // The K tail, fewer than bk steps: a matmul after the loop, which
  // gemm-tile-lanes computes straight from global memory (and which may be
  // empty when k is dynamic).
  if (!isConstantIntValue(tailDepth, 0)) {
    createSliceMatmul(b, layout, operands.a, operands.b, cTile, blockRow,
                      blockCol, rows, cols, kTail, tailDepth);
  }
  // The epilogue on the workgroup's tile, which gemm-tile-lanes fuses into
  // the store of the accumulators.
  if (epilogue) {
    Value cOutTile =
        createTileView(b, operands.cOut, blockRow, blockCol, rows, cols);
    AffineMap identity = b.getMultiDimIdentityMap(2);
    linalg::GenericOp::create(
        b, ValueRange{cTile}, ValueRange{cOutTile}, {identity, identity},
        {utils::IteratorType::parallel, utils::IteratorType::parallel},
        [&](OpBuilder &nested, Location, ValueRange args) {
          linalg::YieldOp::create(
              nested, nested.getUnknownLoc(),
              buildEpilogue(nested, epilogue->generic, args[0], args[1]));
        });
    // A guarded launch's fallback keeps the original.
    if (!guarded)
      epilogue->generic->erase();
  }
  gpu::TerminatorOp::create(b);
  b.setInsertionPointToStart(loop.getBody());
  createSliceMatmul(b, layout, operands.a, operands.b, cTile, blockRow,
                    blockCol, rows, cols, loop.getInductionVar(),
                    b.getIndexAttr(tile.bk));
}

/// The memref type both C and the workspace are viewed as in a split-tail
/// launch, whose workgroups store to one or the other.
static MemRefType getAnyRowMajorType(MLIRContext *ctx) {
  return MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                         Float32Type::get(ctx),
                         StridedLayoutAttr::get(ctx, ShapedType::kDynamic,
                                                {ShapedType::kDynamic, 1}));
}

/// The body of a split-tail workgroup (SplitTailGrid): workgroup w < D
/// (the whole rounds' tiles) multiplies tile w over all of K into C, as
/// buildWorkgroupBody does; workgroup D + s multiplies part s % parts of
/// K of tail tile D + s / parts into rows s * bm of the zeroed workspace.
/// One K loop with bounds from the workgroup id serves both, so the later
/// passes see the usual kernel.
static void buildSplitTailBody(ImplicitLocOpBuilder &b, gpu::LaunchOp launch,
                               const KernelTile &tile, MatmulLayout layout,
                               const SplitTailGrid &grid, Value a, Value bMat,
                               Value c, Value workspace) {
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
  Value partEnd = arith::MinUIOp::create(b, math.add(partBegin, partDepth),
                                         math.index(tile.k));
  Value kBegin = select(partBegin, math.index(0));
  Value kEnd = select(partEnd, math.index(tile.k));
  MemRefType anyType = getAnyRowMajorType(b.getContext());
  Value out = select(memref::CastOp::create(b, anyType, workspace),
                     memref::CastOp::create(b, anyType, c));
  Value outRow = select(math.mul(tailIndex, tile.bm), blockRow);
  Value outCol = select(math.index(0), blockCol);
  OpFoldResult rows = b.getIndexAttr(tile.bm), cols = b.getIndexAttr(tile.bn);
  Value cTile = createTileView(b, out, outRow, outCol, rows, cols);
  auto loop = scf::ForOp::create(b, kBegin, kEnd, math.index(tile.bk));
  gpu::TerminatorOp::create(b);
  b.setInsertionPointToStart(loop.getBody());
  createSliceMatmul(b, layout, a, bMat, cTile, blockRow, blockCol, rows, cols,
                    loop.getInductionVar(), b.getIndexAttr(tile.bk));
}

/// The second kernel of a split tail: C += the tail tiles' K parts, added
/// in part order (the result does not depend on which part finished
/// first), and the parts zeroed for the next launch. Each lane adds four
/// consecutive floats.
static void buildTailReduction(ImplicitLocOpBuilder &b, const KernelTile &tile,
                               const SplitTailGrid &grid, Value c,
                               Value workspace) {
  IndexMath math{b};
  int64_t tileFloats = tile.bm * tile.bn;
  int64_t workgroups = grid.tailTiles * tileFloats /
                       (kTailReductionLanes * kTailReductionFloats);
  Value one = math.index(1);
  auto launch =
      gpu::LaunchOp::create(b, math.index(workgroups), one, one,
                            math.index(kTailReductionLanes), one, one);
  if (auto func = launch->getParentOfType<func::FuncOp>())
    launch.setFunctionAttr(FlatSymbolRefAttr::get(
        b.getContext(), (func.getSymName() + "_tail_sum_kernel").str()));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  Value element =
      math.mul(math.add(math.mul(launch.getBlockIds().x, kTailReductionLanes),
                        launch.getThreadIds().x),
               kTailReductionFloats);
  Value tailTile = math.div(element, tileFloats);
  Value inTile = math.rem(element, tileFloats);
  Value row = math.div(inTile, tile.bn);
  Value col = math.rem(inTile, tile.bn);
  Value tileIndex = math.add(tailTile, grid.wholeTiles);
  Value cRow =
      math.add(math.mul(math.div(tileIndex, grid.tilesN), tile.bm), row);
  Value cCol =
      math.add(math.mul(math.rem(tileIndex, grid.tilesN), tile.bn), col);
  auto type = VectorType::get({kTailReductionFloats}, b.getF32Type());
  Value sum = vector::LoadOp::create(b, type, c, ValueRange{cRow, cCol});
  Value zero = arith::ConstantOp::create(b, DenseElementsAttr::get(type, 0.0f));
  for (int64_t part = 0; part < grid.parts; ++part) {
    Value partRow = math.add(
        math.mul(math.add(math.mul(tailTile, grid.parts), part), tile.bm), row);
    Value partSum =
        vector::LoadOp::create(b, type, workspace, ValueRange{partRow, col});
    sum = arith::AddFOp::create(b, sum, partSum);
    vector::StoreOp::create(b, zero, workspace, ValueRange{partRow, col});
  }
  vector::StoreOp::create(b, sum, c, ValueRange{cRow, cCol});
  gpu::TerminatorOp::create(b);
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
  if (succeeded(grid) &&
      (!isa<linalg::MatmulOp>(matmul) || getEpilogue(matmul) ||
       hasDynamicLayout(matmul, std::nullopt))) {
    whyNotOs << "it covers plain 2-D matmuls C += A x B of static layout "
                "(no batch, no alpha/beta epilogue)";
    grid = failure();
  }
  int64_t tileFloats = tile.bm * tile.bn;
  if (succeeded(grid) &&
      tileFloats % (kTailReductionLanes * kTailReductionFloats) != 0) {
    whyNotOs << "bm x bn must be a multiple of "
             << kTailReductionLanes * kTailReductionFloats
             << " (the reduction's workgroup of floats)";
    grid = failure();
  }
  if (failed(grid))
    return matmul.emitOpError()
           << "cannot be tiled with split_tail=" << tile.splitTail
           << ": the tail cannot be split: " << whyNot;

  ImplicitLocOpBuilder b(matmul.getLoc(), rewriter);
  b.setInsertionPoint(matmul);
  IndexMath math{b};
  Value a = matmul.getDpsInputs()[0];
  Value bMat = matmul.getDpsInputs()[1];
  Value c = matmul.getDpsInits()[0];
  auto workspaceType =
      MemRefType::get({grid->workspaceRows(tile.bm), tile.bn}, b.getF32Type());
  Value workspace = memref::AllocOp::create(b, workspaceType);
  Value one = math.index(1);
  auto launch = gpu::LaunchOp::create(b, math.index(grid->workgroups()), one,
                                      one, math.index(tile.lanes()), one, one);
  tile.setOnLaunch(launch);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&launch.getBody().front());
    buildSplitTailBody(b, launch, tile, layout, *grid, a, bMat, c, workspace);
  }
  buildTailReduction(b, tile, *grid, c, workspace);
  memref::DeallocOp::create(b, workspace);
  rewriter.eraseOp(matmul);
  return launch;
}

/// Tiles `matmul` (checked by checkTile) into a gpu.launch of one workgroup
/// per BM x BN tile of C, batches along grid z. With dynamic sizes or
/// strides the launch is guarded by the run-time condition the tiled kernel
/// needs (guardDynamicLaunch), and the else branch keeps the matmul;
/// otherwise the matmul (and its epilogue) are erased. Kept apart from the
/// pass, as upstream's transforms are, for a later move onto
/// scf::tileUsingSCF (issue 21).
static FailureOr<gpu::LaunchOp> tileToWorkgroups(RewriterBase &rewriter,
                                                 linalg::LinalgOp matmul,
                                                 const KernelTile &tile,
                                                 MatmulLayout layout) {
  if (tile.splitTail != 1)
    return tileSplitTailToWorkgroups(rewriter, matmul, tile, layout);
  ImplicitLocOpBuilder b(matmul.getLoc(), rewriter);
  b.setInsertionPoint(matmul);
  IndexMath math{b};
  // Loop sizes in the order (batch,) m, n, k.
  SmallVector<int64_t> loops = getLoopSizes(matmul);
  bool batched = loops.size() == 4;
  WorkgroupOperands operands;
  operands.a = matmul.getDpsInputs()[0];
  operands.b = matmul.getDpsInputs()[1];
  operands.c = matmul.getDpsInits()[0];
  // C = alpha * A x B + beta * C: the matmul writes the temporary T (c here)
  // and the epilogue combines it with C (cOut).
  std::optional<Epilogue> epilogue = getEpilogue(matmul);
  operands.cOut = epilogue ? epilogue->c : Value();
  // The sizes as index values: constants, or memref.dim on the host for the
  // dynamic ones.
  SmallVector<Value> loopSizes;
  bool guarded = tile.isDynamic() || hasDynamicLayout(matmul, epilogue);
  if (guarded) {
    loopSizes = createLoopSizes(b, matmul);
    guardDynamicLaunch(b, matmul, tile, ArrayRef(loopSizes).take_back(3),
                       epilogue);
  }
  auto sizeOf = [&](unsigned loop, int64_t size) -> OpFoldResult {
    if (!ShapedType::isDynamic(size))
      return b.getIndexAttr(size);
    return loopSizes[loop];
  };
  unsigned mLoop = batched ? 1 : 0;
  operands.mSize = sizeOf(mLoop, tile.m);
  operands.nSize = sizeOf(mLoop + 1, tile.n);
  operands.kSize = sizeOf(mLoop + 2, tile.k);
  auto gridOf = [&](OpFoldResult extent, int64_t size) -> Value {
    if (std::optional<int64_t> known = getConstantIntValue(extent))
      return math.index(*known / size + (*known % size != 0));
    return arith::CeilDivUIOp::create(b, cast<Value>(extent), math.index(size));
  };
  Value gridX = gridOf(operands.nSize, tile.bn);
  Value gridY = gridOf(operands.mSize, tile.bm);
  Value gridZ = !batched                          ? math.index(1)
                : ShapedType::isDynamic(loops[0]) ? loopSizes[0]
                                                  : math.index(loops[0]);
  Value one = math.index(1);
  Value lanes = math.index(tile.lanes());
  auto launch = gpu::LaunchOp::create(b, gridX, gridY, gridZ, lanes, one, one);
  tile.setOnLaunch(launch);
  b.setInsertionPointToStart(&launch.getBody().front());
  if (batched) {
    Value batch = launch.getBlockIds().z;
    for (Value *matrix :
         {&operands.a, &operands.b, &operands.c, &operands.cOut})
      if (*matrix)
        *matrix = createBatchView(b, batch, *matrix);
  }
  buildWorkgroupBody(b, launch, tile, layout, operands, epilogue, guarded);
  if (!guarded)
    rewriter.eraseOp(matmul);
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
    std::optional<MatmulLayout> layout = getMatmulLayout(matmul);
    if (!matmul.hasPureBufferSemantics() || !layout) {
      matmul.emitOpError() << "is not a matmul on memrefs gemm-opt supports; "
                              "run gemm-check-input first";
      return signalPassFailure();
    }
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
