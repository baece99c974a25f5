//===- GemmTileLanes.cpp - Wave and lane tiles of the LDS matmul ----------===//
//
// Turns the matmul that reads LDS into each lane's share of it: a TM x TN
// register tile of accumulators carried by the K loop, 4 x 4 sub-tiles strided
// so that neighbouring lanes read neighbouring 16 bytes of LDS
// (docs/design.md), and the BK loop unrolled into 16-byte LDS reads and
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

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
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
  FailureOr<int64_t> checkLaneOptions(linalg::MatmulOp matmul,
                                      const KernelTile &tile);
  LogicalResult tileLanes(gpu::LaunchOp launch, const KernelTile &tile,
                          scf::ForOp loop, linalg::MatmulOp matmul,
                          linalg::MatmulOp tailMatmul,
                          linalg::GenericOp epilogue);
};

/// Where a lane's register tile sits in the workgroup's LDS tiles.
struct LaneTile {
  const KernelTile &tile;
  Value rowBase, colBase; // Of the first sub-tile, in the workgroup tile.
  Value aTile, bTile;     // LDS.
};

} // namespace

/// One K step's fragments of A and B, loaded from LDS: A's sub-tiles, and
/// B's concatenated into one vector<TN> row by pairwise shuffles.
struct StepFragments {
  SmallVector<Value> a;
  Value bRow;
};

static StepFragments loadStepFragments(ImplicitLocOpBuilder &b,
                                       const LaneTile &lane, Value kIndex) {
  IndexMath math{b};
  const KernelTile &tile = lane.tile;
  auto subTileType = VectorType::get({kSubTile}, b.getF32Type());

  StepFragments fragments;
  for (int64_t im = 0; im < tile.subTilesM(); ++im)
    fragments.a.push_back(vector::LoadOp::create(
        b, subTileType, lane.aTile,
        ValueRange{kIndex, math.add(lane.rowBase, im * kLanesM * kSubTile)}));

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
  fragments.bRow = row.front();
  return fragments;
}

/// The outer-product FMAs of one K step's fragments into each accumulator
/// row. `waitForLds`: one wait for the step's fragments first.
static SmallVector<Value> multiplyFragments(ImplicitLocOpBuilder &b,
                                            const KernelTile &tile,
                                            const StepFragments &fragments,
                                            ArrayRef<Value> acc,
                                            bool waitForLds) {
  auto rowType = cast<VectorType>(fragments.bRow.getType());
  // One wait for the step's fragments, before its first FMA: with the step's
  // FMAs then running back to back, the other waves of the SIMD hide the LDS
  // latency (walkthrough, kernel 8). LLVM's waits would stop the stream
  // before the first use of each load.
  if (waitForLds)
    amdgpu::MemoryCounterWaitOp::create(b, /*load=*/nullptr, /*store=*/nullptr,
                                        /*ds=*/b.getI32IntegerAttr(0),
                                        /*exp=*/nullptr, /*tensor=*/nullptr);
  // The FMAs at high priority, so that a wave that has its fragments runs
  // them while the others wait for LDS (walkthrough, kernel 8).
  if (tile.wavePriorities)
    ROCDL::SetPrioOp::create(b, b.getI16IntegerAttr(1));

  SmallVector<Value> next;
  for (int64_t i = 0; i < tile.laneRows(); ++i) {
    Value aValue =
        vector::ExtractOp::create(b, fragments.a[i / kSubTile], i % kSubTile);
    Value aSplat = vector::BroadcastOp::create(b, rowType, aValue);
    next.push_back(
        vector::FMAOp::create(b, rowType, aSplat, fragments.bRow, acc[i]));
  }
  if (tile.wavePriorities)
    ROCDL::SetPrioOp::create(b, b.getI16IntegerAttr(0));
  return next;
}

/// One K step `kIndex`: A's and B's fragments from LDS, then the outer-product
/// FMAs into each accumulator row.
static SmallVector<Value> multiplyStep(ImplicitLocOpBuilder &b,
                                       const LaneTile &lane, Value kIndex,
                                       ArrayRef<Value> acc) {
  return multiplyFragments(b, lane.tile, loadStepFragments(b, lane, kIndex),
                           acc, lane.tile.batchWaits);
}

/// The K steps of a whole slice (bk), with each step's fragments loaded
/// before the previous step's FMAs (KernelTile::loadsFragmentsAhead): their
/// LDS latency runs under those FMAs. LLVM's waits, before the first use of
/// each load, then leave the next step's loads in flight.
static SmallVector<Value> multiplySliceAhead(ImplicitLocOpBuilder &b,
                                             const LaneTile &lane,
                                             ArrayRef<Value> acc) {
  IndexMath math{b};
  int64_t steps = lane.tile.bk;
  SmallVector<Value> values(acc);
  StepFragments fragments = loadStepFragments(b, lane, math.index(0));
  for (int64_t step = 0; step < steps; ++step) {
    StepFragments next;
    if (step + 1 < steps)
      next = loadStepFragments(b, lane, math.index(step + 1));
    values = multiplyFragments(b, lane.tile, fragments, values,
                               /*waitForLds=*/false);
    fragments = std::move(next);
  }
  return values;
}

/// The K tail (k % bk steps after the loop): too short to pay for staging
/// through LDS, so each lane reads its rows of A and columns of B from global
/// memory, and the FMAs continue each accumulator's K order.
static SmallVector<Value>
multiplyTail(ImplicitLocOpBuilder &b, const KernelTile &tile,
             linalg::MatmulOp tailMatmul, function_ref<Value(int64_t)> rowOf,
             function_ref<Value(int64_t)> colOf, ArrayRef<Value> acc) {
  IndexMath math{b};
  auto source = [](Value view) {
    return view.getDefiningOp<memref::SubViewOp>().getSource();
  };
  Value a = source(tailMatmul.getDpsInputs()[0]);
  Value bMat = source(tailMatmul.getDpsInputs()[1]);
  MatmulLayout layout = *getMatmulLayout(tailMatmul);
  auto loadA = [&](Value row, Value k) -> Value {
    return memref::LoadOp::create(
        b, a, layout.transposeA ? ValueRange{k, row} : ValueRange{row, k});
  };
  auto loadB = [&](Value k, Value col) -> Value {
    return memref::LoadOp::create(
        b, bMat, layout.transposeB ? ValueRange{col, k} : ValueRange{k, col});
  };
  auto rowType = VectorType::get({tile.laneCols()}, b.getF32Type());
  // One K step: B's row at k, and A's value of each row times it; with
  // `valid` false, -0.0 for A and +0.0 for B instead of what was loaded:
  // their product, -0.0, leaves any sum as it is (+0.0 would turn a -0.0
  // sum into +0.0).
  auto multiplyAt = [&](Value kIndex, ValueRange accIn, Value valid) {
    Value zeros[2];
    auto orZero = [&](Value loaded, bool negative) -> Value {
      if (!valid)
        return loaded;
      Value &zero = zeros[negative];
      if (!zero)
        zero = arith::ConstantOp::create(
            b, b.getF32FloatAttr(negative ? -0.0f : 0.0f));
      return arith::SelectOp::create(b, valid, loaded, zero);
    };
    SmallVector<Value> bValues;
    for (int64_t in = 0; in < tile.subTilesN(); ++in)
      for (int64_t j = 0; j < kSubTile; ++j)
        bValues.push_back(
            orZero(loadB(kIndex, math.add(colOf(in), j)), /*negative=*/false));
    Value bRow = vector::FromElementsOp::create(b, rowType, bValues);
    SmallVector<Value> next;
    for (int64_t i = 0; i < tile.laneRows(); ++i) {
      Value aValue = orZero(loadA(rowOf(i), kIndex), /*negative=*/true);
      Value aSplat = vector::BroadcastOp::create(b, rowType, aValue);
      next.push_back(vector::FMAOp::create(b, rowType, aSplat, bRow, accIn[i]));
    }
    return next;
  };
  OpBuilder::InsertionGuard guard(b);
  auto aTail = tailMatmul.getDpsInputs()[0].getDefiningOp<memref::SubViewOp>();
  unsigned kDim = layout.transposeA ? 0 : 1;
  // A static tail of k mod bk steps; a split tail's part may have none.
  if (!ShapedType::isDynamic(tile.k) &&
      getConstantIntValue(aTail.getMixedSizes()[kDim])) {
    // A loop, not unrolled: unrolled, the scheduler hoists every step's
    // loads and the tail alone needed 30 more VGPRs than the K loop.
    auto loop = scf::ForOp::create(b, math.index(tile.fullK()),
                                   math.index(tile.k), math.index(1), acc);
    b.setInsertionPointToStart(loop.getBody());
    scf::YieldOp::create(b, multiplyAt(loop.getInductionVar(),
                                       loop.getRegionIterArgs(), Value()));
    return SmallVector<Value>(loop.getResults());
  }
  // A dynamic tail may be empty. As an scf.for that can run zero times, the
  // accumulators entering it and leaving it did not share registers and a
  // 128 x 128 tile spilled; as a loop that always runs its first step they
  // do. When the tail is empty that step reads the K loop's last column (in
  // bounds) and multiplies zeros instead: acc + -0 x +0 is acc exactly.
  // (Selecting the accumulators instead kept both FMA results and inputs live:
  // 128 more VGPRs.)
  Value kBegin = getValueOrCreateConstantIndexOp(b, b.getLoc(),
                                                 aTail.getMixedOffsets()[kDim]);
  Value kEnd =
      math.add(kBegin, getValueOrCreateConstantIndexOp(
                           b, b.getLoc(), aTail.getMixedSizes()[kDim]));
  Value lastInLoop = arith::SubIOp::create(b, kBegin, math.index(1));
  SmallVector<Value> inits{kBegin};
  llvm::append_range(inits, acc);
  auto loop = scf::WhileOp::create(
      b, ValueRange(inits).getTypes(), inits,
      [&](OpBuilder &, Location, ValueRange args) {
        Value kIndex = args.front();
        Value inTail =
            arith::CmpIOp::create(b, arith::CmpIPredicate::ult, kIndex, kEnd);
        Value loadK = arith::SelectOp::create(b, inTail, kIndex, lastInLoop);
        SmallVector<Value> next{math.add(kIndex, 1)};
        llvm::append_range(next, multiplyAt(loadK, args.drop_front(), inTail));
        Value more = arith::CmpIOp::create(b, arith::CmpIPredicate::ult,
                                           next.front(), kEnd);
        scf::ConditionOp::create(b, more, next);
      },
      [&](OpBuilder &, Location, ValueRange args) {
        scf::YieldOp::create(b, args);
      });
  return SmallVector<Value>(loop.getResults().drop_front());
}

/// Checks the configuration's lane choices against the tile: unroll must
/// divide bk, and the accumulators, one K step of fragments and a K-slice in
/// flight must fit the VGPRs. Returns the unroll factor.
FailureOr<int64_t> GemmTileLanesPass::checkLaneOptions(linalg::MatmulOp matmul,
                                                       const KernelTile &tile) {
  int64_t unroll = tile.unroll;
  int64_t unrollFactor = unroll == 0 ? tile.bk : unroll;
  if (unrollFactor <= 0 || tile.bk % unrollFactor != 0)
    return matmul.emitOpError()
           << "cannot be tiled with unroll=" << unroll
           << ": the unroll factor must divide bk=" << tile.bk;
  int64_t minVgprs = tile.laneRows() * tile.laneCols() + tile.laneRows() +
                     tile.laneCols() + tile.sliceA() + tile.sliceB();
  if (minVgprs > kMaxVgprs)
    return matmul.emitOpError() << "needs at least " << minVgprs
                                << " VGPRs per lane with bk=" << tile.bk
                                << "; the limit is " << kMaxVgprs;

  return unrollFactor;
}

namespace {
/// An epilogue operand as the store reads it: its buffer (a matrix, a
/// vector, a scalar, or a batch's view of one), which of the tile's loops
/// it keeps (`map`, from (row, col)), and where the tile starts in it along
/// each: the workgroup tile's place, shifted back inside the buffer as C's
/// edge tile is.
struct EpilogueOperand {
  Value buffer;
  AffineMap map;
  SmallVector<Value> starts;
  /// Whether it varies along the tile's rows, and along its columns.
  bool alongRows = false, alongCols = false;

  /// Its elements at the tile's `row`, `col` (relative to the tile): a
  /// vector of consecutive columns when it varies along them, else one
  /// element broadcast (loadEpilogueOperand).
  Value load(ImplicitLocOpBuilder &b, VectorType type, Value row,
             Value col) const {
    SmallVector<Value> at;
    for (auto [result, start] : llvm::zip_equal(map.getResults(), starts))
      at.push_back(arith::AddIOp::create(
          b, start,
          cast<AffineDimExpr>(result).getPosition() == 0 ? row : col));
    return loadEpilogueOperand(b, b.getLoc(), buffer, map, at, type);
  }
};

/// Stores one lane's accumulators to C: C = epilogue(accumulator, C), or
/// C += the accumulators, 16 bytes at a time; C is read only if the epilogue
/// uses it (beta != 0).
struct AccumulatorStore {
  ImplicitLocOpBuilder &b;
  IndexMath math;
  const KernelTile &tile;
  ArrayRef<Value> acc;
  Value c;
  linalg::GenericOp epilogue;
  function_ref<Value(int64_t)> rowOf, colOf;
  Value ownedRow, ownedCol;
  VectorType subTileType;
  bool readsC;

  Value subTileOf(int64_t i, int64_t in) {
    return vector::ShuffleOp::create(b, acc[i], acc[i],
                                     llvm::to_vector(llvm::seq<int64_t>(
                                         in * kSubTile, (in + 1) * kSubTile)));
  }
  // The epilogue's operands (EpilogueOperand), read at the sub-tile's place.
  ArrayRef<EpilogueOperand> operands;
  Value blockRow, blockCol;
  // Their elements loaded so far, by (operand, lane row i, sub-tile in),
  // with -1 for a loop the operand is not read along: a bias along N is
  // loaded once per column of sub-tiles, not once per sub-tile.
  DenseMap<std::tuple<unsigned, int64_t, int64_t>, Value> operandElements;

  Value operandAt(unsigned k, int64_t i, int64_t in) {
    const EpilogueOperand &operand = operands[k];
    auto key = std::make_tuple(k, operand.alongRows ? i : -1,
                               operand.alongCols ? in : -1);
    Value &element = operandElements[key];
    if (!element)
      element = operand.load(b, subTileType,
                             arith::SubIOp::create(b, rowOf(i), blockRow),
                             arith::SubIOp::create(b, colOf(in), blockCol));
    return element;
  }
  /// Whether operand `k` has an element per sub-tile (an M x N matrix),
  /// loaded with the sub-tile's batch rather than before all of them.
  bool isPerSubTile(unsigned k) { return operands[k].map.getNumResults() == 2; }

  Value combine(Value t, Value old, int64_t i, int64_t in) {
    if (!epilogue)
      return arith::AddFOp::create(b, old, t).getResult();
    SmallVector<Value> elements;
    for (unsigned k = 0; k < operands.size(); ++k)
      elements.push_back(operandAt(k, i, in));
    return buildEpilogue(b, epilogue, t, elements, old);
  }
  void store();
  void storeSubTile(Value row, Value col, Value value);
};
} // namespace

/// Up to this many sub-tiles' C loads are issued before their stores: in
/// flight together rather than one round trip each (the K loop of a short
/// K is a few dozen steps, and eight serial C round trips were a tenth of
/// the kernel), without the VGPRs of a whole 128 x 128 tile's C.
static constexpr int64_t kCLoadBatch = 8;
static constexpr int64_t kMaxBatchedAccumulators = 32;

/// C = epilogue(accumulator, C), or C += the accumulators, a batch of
/// sub-tiles at a time: their C loads, then their stores. A shifted edge
/// tile lies inside C, so its loads need no guard, but it overlaps its
/// neighbour, which owns the overlap: it stores only the elements past
/// ownedRow and ownedCol. For the other tiles the guards always hold. (One
/// guarded epilogue rather than a uniform branch to an unguarded copy: with
/// two copies, LLVM hoists their common C addresses above the branch and 30
/// more VGPRs are live.)
void AccumulatorStore::store() {
  SmallVector<std::pair<int64_t, int64_t>> subTiles;
  for (int64_t i = 0; i < tile.laneRows(); ++i)
    for (int64_t in = 0; in < tile.subTilesN(); ++in)
      subTiles.push_back({i, in});
  // One by one with an epilogue (its arithmetic needs VGPRs too) and for
  // lane tiles of more than 32 sums: their kernels' VGPRs sit just below an
  // occupancy step, which the C loads in flight would cross (64 x 128
  // tiles: 104 -> 110, 128 x 128: 188 -> 194; predicted 2-10 % slower).
  size_t batchSize =
      epilogue || tile.laneRows() * tile.laneCols() > kMaxBatchedAccumulators
          ? 1
          : kCLoadBatch;
  // The epilogue's vectors and scalars (a bias), before every store: a few
  // loads in flight together, rather than a round trip per sub-tile.
  for (unsigned k = 0; k < operands.size(); ++k)
    if (!isPerSubTile(k))
      for (auto [i, in] : subTiles)
        operandAt(k, i, in);
  for (size_t first = 0; first < subTiles.size(); first += batchSize) {
    auto batch = ArrayRef(subTiles).slice(
        first, std::min(batchSize, subTiles.size() - first));
    SmallVector<Value> rows, cols, olds;
    for (auto [i, in] : batch) {
      rows.push_back(rowOf(i));
      cols.push_back(colOf(in));
      olds.push_back(
          readsC ? vector::LoadOp::create(b, subTileType, c,
                                          ValueRange{rows.back(), cols.back()})
                       .getResult()
                 : Value());
      for (unsigned k = 0; k < operands.size(); ++k)
        if (isPerSubTile(k))
          operandAt(k, i, in);
    }
    for (auto [n, subTile] : llvm::enumerate(batch)) {
      auto [i, in] = subTile;
      storeSubTile(rows[n], cols[n], combine(subTileOf(i, in), olds[n], i, in));
    }
    // Unfenced, the scheduler hoists the C loads of the whole alpha/beta
    // epilogue above its arithmetic, and a 128 x 128 tile then spills.
    if (epilogue)
      amdgpu::SchedBarrierOp::create(b, amdgpu::sched_barrier_opt_enum::none);
  }
}

void AccumulatorStore::storeSubTile(Value row, Value col, Value value) {
  auto atLeast = [&](Value lhs, Value rhs) -> Value {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::uge, lhs, rhs);
  };
  OpBuilder::InsertionGuard guard(b);
  if (tile.mayHaveEdgeRows()) {
    auto ifRow = scf::IfOp::create(b, atLeast(row, ownedRow));
    b.setInsertionPoint(ifRow.thenBlock()->getTerminator());
  }
  if (!tile.mayHaveEdgeCols()) {
    vector::StoreOp::create(b, value, c, ValueRange{row, col});
    return;
  }
  // Sub-tiles past the overlap keep the 16-byte store; only the one
  // straddling the neighbour's last column goes element by element (from
  // element 1: element 0 is at col < ownedCol, the neighbour's).
  auto ifOwned = scf::IfOp::create(b, atLeast(col, ownedCol),
                                   /*withElseRegion=*/true);
  b.setInsertionPoint(ifOwned.thenBlock()->getTerminator());
  vector::StoreOp::create(b, value, c, ValueRange{row, col});
  b.setInsertionPoint(ifOwned.elseBlock()->getTerminator());
  for (int64_t j = 1; j < kSubTile; ++j) {
    Value element = math.add(col, j);
    auto ifElement = scf::IfOp::create(b, atLeast(element, ownedCol));
    OpBuilder::InsertionGuard elementGuard(b);
    b.setInsertionPoint(ifElement.thenBlock()->getTerminator());
    memref::StoreOp::create(b, vector::ExtractOp::create(b, value, j), c,
                            ValueRange{row, element});
  }
}

/// Erases what the lane tiling replaced: the LDS matmul, the tail matmul,
/// the epilogue, their views once unused, and the temporary C.
static void eraseReplaced(linalg::MatmulOp matmul, memref::SubViewOp aView,
                          memref::SubViewOp bView, memref::SubViewOp cView,
                          linalg::MatmulOp tailMatmul,
                          linalg::GenericOp epilogue,
                          memref::SubViewOp epilogueView) {
  matmul.erase();
  if (aView->use_empty())
    aView.erase();
  if (bView && bView->use_empty())
    bView.erase();
  if (tailMatmul) {
    SmallVector<Value> tailViews(tailMatmul.getDpsInputs());
    tailMatmul.erase();
    for (Value view : tailViews)
      if (view.use_empty())
        view.getDefiningOp()->erase();
  }
  Value temp = cView.getSource();
  if (epilogue) {
    epilogue.erase();
    if (epilogueView->use_empty())
      epilogueView.erase();
  }
  if (cView->use_empty())
    cView.erase();
  if (auto alloc = temp.getDefiningOp<memref::AllocOp>())
    eraseTempIfUnused(alloc);
}

LogicalResult GemmTileLanesPass::tileLanes(gpu::LaunchOp launch,
                                           const KernelTile &tile,
                                           scf::ForOp loop,
                                           linalg::MatmulOp matmul,
                                           linalg::MatmulOp tailMatmul,
                                           linalg::GenericOp epilogue) {
  FailureOr<int64_t> unrollOrFailure = checkLaneOptions(matmul, tile);
  if (failed(unrollOrFailure))
    return failure();
  int64_t unrollFactor = *unrollOrFailure;

  auto aView = matmul.getDpsInputs()[0].getDefiningOp<memref::SubViewOp>();
  // B's tile is a view of its padded tile where gemm-stage-lds padded it.
  auto bView = matmul.getDpsInputs()[1].getDefiningOp<memref::SubViewOp>();
  Value bTile = bView ? bView.getSource() : matmul.getDpsInputs()[1];
  auto cView = matmul.getDpsInits()[0].getDefiningOp<memref::SubViewOp>();
  // Beside the K loop: in the launch's body, or in a stream-K segment's.
  if (!aView || !cView || cView->getBlock() != loop->getBlock())
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
  // The launch's workgroups, when its grid is static (0: unknown).
  int64_t workgroups = 1;
  for (Value size :
       {launch.getGridSizeX(), launch.getGridSizeY(), launch.getGridSizeZ()}) {
    std::optional<int64_t> constant = getConstantIntValue(size);
    workgroups = constant ? workgroups * *constant : 0;
  }

  auto rowType = VectorType::get({tile.laneCols()}, f32);
  Value startRow = arith::ConstantOp::create(
      b, DenseElementsAttr::get(rowType, getSumStart(cView.getSource())));
  SmallVector<Value> startAcc(tile.laneRows(), startRow);

  IRRewriter rewriter(b.getContext());
  rewriter.setInsertionPoint(loop);
  auto newLoop = loop.replaceWithAdditionalYields(
      rewriter, startAcc, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> acc) {
        b.setInsertionPoint(matmul);
        SmallVector<Value> values(acc.begin(), acc.end());
        if (unrollFactor == tile.bk) {
          if (tile.loadsFragmentsAhead(workgroups))
            return multiplySliceAhead(b, lane, values);
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
  b.setInsertionPointAfter(*newLoop);
  // The accumulators go to C; with an epilogue, C is the epilogue's output
  // and cView the temporary T it reads.
  Value c = cView.getSource();
  auto epilogueView =
      epilogue ? epilogue.getDpsInits()[0].getDefiningOp<memref::SubViewOp>()
               : memref::SubViewOp();
  if (epilogue) {
    if (!epilogueView || epilogue.getDpsInputs()[0] != cView.getResult() ||
        epilogueView.getMixedOffsets() != cView.getMixedOffsets())
      return epilogue.emitOpError()
             << "is not the epilogue gemm-tile-workgroups produces";
    c = epilogueView.getSource();
  }
  auto cOffset = [&](unsigned dim) {
    return getValueOrCreateConstantIndexOp(b, b.getLoc(),
                                           cView.getMixedOffsets()[dim]);
  };
  // Owned: where the part of C this workgroup stores starts; block: where
  // its (possibly shifted) tile starts.
  Value ownedRow = cOffset(0), ownedCol = cOffset(1);
  OpFoldResult rowsOfC = memref::getMixedSize(b, b.getLoc(), c, 0);
  OpFoldResult colsOfC = memref::getMixedSize(b, b.getLoc(), c, 1);
  Value blockRow = getShiftedTileStart(b, ownedRow, tile.bm, rowsOfC);
  Value blockCol = getShiftedTileStart(b, ownedCol, tile.bn, colsOfC);
  auto rowOf = [&](int64_t i) {
    return math.add(
        blockRow,
        math.add(rowBase, (i / kSubTile) * kLanesM * kSubTile + i % kSubTile));
  };
  auto colOf = [&](int64_t in) {
    return math.add(blockCol, math.add(colBase, in * kLanesN * kSubTile));
  };
  SmallVector<Value> acc(cast<scf::ForOp>(*newLoop).getResults());
  if (tailMatmul) {
    // The tail reads A and B where gemm-stage-lds' slices start, shifted
    // inside A and B; a split tail's part stores its tile to a workspace,
    // whose rows and columns are not A's and B's.
    auto tailView = [&](unsigned operand) {
      return tailMatmul.getDpsInputs()[operand]
          .getDefiningOp<memref::SubViewOp>();
    };
    MatmulLayout layout = *getMatmulLayout(tailMatmul);
    Value aRow = getShiftedSliceStart(b, tailView(0), layout.transposeA ? 1 : 0,
                                      tile.bm);
    Value bCol = getShiftedSliceStart(b, tailView(1), layout.transposeB ? 0 : 1,
                                      tile.bn);
    auto aRowOf = [&](int64_t i) {
      return math.add(aRow, arith::SubIOp::create(b, rowOf(i), blockRow));
    };
    auto bColOf = [&](int64_t in) {
      return math.add(bCol, arith::SubIOp::create(b, colOf(in), blockCol));
    };
    acc = multiplyTail(b, tile, tailMatmul, aRowOf, bColOf, acc);
  }
  // The epilogue's operands: each tile view's buffer, before this store
  // (a batch's view may have been made after the K loop).
  SmallVector<EpilogueOperand> operands;
  if (epilogue) {
    SmallVector<AffineMap> maps = getEpilogueOperandMaps(epilogue);
    for (auto [view, map] :
         llvm::zip_equal(getEpilogueOperands(epilogue), maps)) {
      EpilogueOperand &operand = operands.emplace_back();
      operand.map = map;
      operand.buffer = view;
      auto tileView = view.getDefiningOp<memref::SubViewOp>();
      if (map.getNumResults() != 0) {
        if (!tileView || map.getNumDims() != 2 || !isEpilogueOperandMap(map) ||
            tileView.getType().getRank() != map.getNumResults())
          return epilogue.emitOpError()
                 << "is not the epilogue gemm-tile-workgroups produces";
        operand.buffer = tileView.getSource();
      }
      if (Operation *def = operand.buffer.getDefiningOp();
          def && def->getBlock() == newLoop->getOperation()->getBlock() &&
          newLoop->getOperation()->isBeforeInBlock(def))
        operand.buffer = b.clone(*def)->getResult(0);
      if (map.getNumResults() == 0)
        continue;
      for (auto [dim, result] : llvm::enumerate(map.getResults())) {
        bool isRow = cast<AffineDimExpr>(result).getPosition() == 0;
        (isRow ? operand.alongRows : operand.alongCols) = true;
        operand.starts.push_back(getShiftedTileStart(
            b,
            getValueOrCreateConstantIndexOp(b, b.getLoc(),
                                            tileView.getMixedOffsets()[dim]),
            isRow ? tile.bm : tile.bn,
            memref::getMixedSize(b, b.getLoc(), operand.buffer, dim)));
      }
    }
  }
  AccumulatorStore store{b,
                         math,
                         tile,
                         acc,
                         c,
                         epilogue,
                         rowOf,
                         colOf,
                         ownedRow,
                         ownedCol,
                         VectorType::get({kSubTile}, f32),
                         !epilogue || epilogueReadsC(epilogue),
                         operands,
                         blockRow,
                         blockCol};
  store.store();
  SmallVector<Value> operandViews;
  if (epilogue)
    operandViews.assign(getEpilogueOperands(epilogue).begin(),
                        getEpilogueOperands(epilogue).end());
  eraseReplaced(matmul, aView, bView, cView, tailMatmul, epilogue,
                epilogueView);
  // The operands' views, once unused (a tile view, then a batch's view).
  for (Value view : operandViews)
    while (auto subView = view.getDefiningOp<memref::SubViewOp>()) {
      if (!subView->use_empty())
        break;
      view = subView.getSource();
      subView.erase();
    }
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
    // The K tail gemm-tile-workgroups puts after the loop, if any.
    linalg::MatmulOp tailMatmul;
    for (Operation *op = tiled.loop->getNextNode(); op && !tailMatmul;
         op = op->getNextNode())
      tailMatmul = dyn_cast<linalg::MatmulOp>(op);
    if (tailMatmul &&
        (!tiled.tile.mayHaveKTail() || !getMatmulLayout(tailMatmul) ||
         !tailMatmul.getDpsInputs()[0].getDefiningOp<memref::SubViewOp>() ||
         !tailMatmul.getDpsInputs()[1].getDefiningOp<memref::SubViewOp>())) {
      tailMatmul.emitOpError() << "is not the K tail gemm-tile-workgroups "
                                  "produces";
      return signalPassFailure();
    }
    if (!tailMatmul && tiled.tile.mayHaveKTail()) {
      tiled.launch.emitOpError()
          << "has k=" << KernelTile::format(tiled.tile.k)
          << ", not known to be a multiple of bk=" << tiled.tile.bk
          << ", but no K tail after its K loop";
      return signalPassFailure();
    }
    // The epilogue gemm-tile-workgroups puts last, if any.
    linalg::GenericOp epilogue;
    for (Operation *op = tiled.loop->getNextNode(); op && !epilogue;
         op = op->getNextNode())
      epilogue = dyn_cast<linalg::GenericOp>(op);
    if (failed(tileLanes(tiled.launch, tiled.tile, tiled.loop, matmuls.front(),
                         tailMatmul, epilogue)))
      return signalPassFailure();
  }
}
