//===- GemmTileSkinny.cpp - A kernel for a matmul with a small M or N -----===//
//
// The tiled kernel reuses each loaded value bm or bn times from registers;
// with a small N (or M) there is little to reuse and too few tiles to fill
// the GPU, so the speed is the speed of streaming the big operand.
// This kernel streams it once, 16 bytes per lane per load: the lanes of a
// wave split K (and so do the waves of a workgroup), each lane sums a few
// rows of the big operand times the small one, and the partial sums are
// added across the lanes with DPP (halving each group of a lane's sums, or
// upstream's lowering of gpu.subgroup_reduce for 16 or 32 lanes along K)
// and across the waves through LDS, in a fixed order: the result does not
// depend on timing.
//
// Upstream has no transform that gives this form: tiling the reduction
// dimension over lanes (tileReductionUsingSCF) gives a partial-result
// tensor, not lanes of one wave with a cross-lane reduction, and
// vector-distribute works on vector ops, not on a matmul's loop over
// memrefs.
//
//===----------------------------------------------------------------------===//

#include "SkinnyPlan.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMTILESKINNY
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

// The sum kernel's lanes per workgroup, one element of C each.
static constexpr int64_t kSkinnySumLanes = 256;
// C's old values of at most this many sums a lane are loaded before the K
// loop: each keeps a few VGPRs (the value, its address) through the loop.
static constexpr int64_t kMaxEarlyCSlots = 4;

namespace {

struct GemmTileSkinnyPass
    : public mlir::gemm::impl::GemmTileSkinnyBase<GemmTileSkinnyPass> {
  using Base::Base;

  void runOnOperation() override;
};

/// Builds the kernel of one plan inside its launch.
class SkinnyKernelBuilder {
public:
  SkinnyKernelBuilder(ImplicitLocOpBuilder &b, const SkinnyPlan &plan)
      : b(b), math{b}, plan(plan), f32(b.getF32Type()),
        rowType(VectorType::get({plan.colsPerGroup}, f32)) {}

  /// The body of `launch` computing `matmul` (and its epilogue), or with K
  /// parts, each part's sums into its rows of `workspace`.
  void build(gpu::LaunchOp launch, linalg::LinalgOp matmul,
             const std::optional<Epilogue> &epilogue, Value workspace);

private:
  ImplicitLocOpBuilder &b;
  IndexMath math;
  const SkinnyPlan &plan;
  Type f32;
  VectorType rowType;

  Value x, y, c, batch;             // batch: null for a 2-D matmul.
  Value workspace, part, firstStep; // With K parts.
  float sumStart = 0.0f;            // getSumStart of the matmul's output.
  Value wave, lane, laneK, laneL;
  Value yTiles;   // With stageY: each wave's Y steps, per unrolled step.
  Value laneRows; // The first row of the lane's first chunk it owns.
  SmallVector<Value> chunkStart; // Each chunk's first row (shifted at l).
  Value colStart, colOwned;      // The workgroup's first column, and its own.

  /// A lane's K values of one step: kSkinnyStepK, or in the K tail
  /// (SkinnyPlan::tailK) fewer.
  struct Step {
    SmallVector<Value> x;    // x[r * 4 + i]: row r, K value i.
    SmallVector<Value> yRow; // yRow[i]: the columns at K value i.
  };
  /// Where a slot of a lane's sums goes: the sum's index (laneK + slot x
  /// lanesK), its place in C, whether the lane and workgroup own it, and C's
  /// old value there when it was loaded before the K loop.
  struct SumTarget {
    Value index, valid, old;
    SmallVector<Value> cIndices;
  };

  SmallVector<Value> indices(std::initializer_list<Value> list) {
    SmallVector<Value> result;
    if (batch)
      result.push_back(batch);
    result.append(list);
    return result;
  }
  Value loadVector(Value memref, int64_t size, Value i, Value j) {
    return vector::LoadOp::create(b, VectorType::get({size}, f32), memref,
                                  indices({i, j}));
  }
  Value extract(Value vector, int64_t position) {
    return vector::ExtractOp::create(b, vector, ArrayRef<int64_t>{position});
  }
  Value cmp(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, predicate, lhs, rhs);
  }
  Value minIndex(Value lhs, int64_t rhs) {
    return arith::MinUIOp::create(b, lhs, math.index(rhs));
  }

  /// values[laneK], built as selects.
  Value selectByLane(ArrayRef<int64_t> values) {
    Value value = math.index(values[0]);
    for (int64_t lane = 1; lane < int64_t(values.size()); ++lane) {
      if (values[lane] == values[lane - 1])
        continue;
      Value isLane = cmp(arith::CmpIPredicate::uge, laneK, math.index(lane));
      value =
          arith::SelectOp::create(b, isLane, math.index(values[lane]), value);
    }
    return value;
  }

  /// The lane's K step (of kSkinnyStepK values) in loop iteration `iter`.
  Value stepOf(Value iter) {
    Value group = math.add(math.mul(iter, plan.waves), wave);
    Value step = math.add(math.mul(group, plan.lanesK), laneK);
    return firstStep ? math.add(step, firstStep) : step;
  }
  void loadX(Value k0, Step &result, int64_t values = kSkinnyStepK);
  void loadY(Step &result, Value memref, ValueRange prefix, Value colBase,
             function_ref<Value(int64_t)> kIndex,
             int64_t values = kSkinnyStepK);
  /// The tile row and column of the n-th piece a lane loads.
  std::pair<Value, Value> tilePiece(int64_t n);
  SmallVector<Value> loadYTile(Value step);
  void storeYTile(int64_t slot, ArrayRef<Value> tile);
  void waveBarrier();
  SmallVector<Value> multiply(const Step &step, ValueRange acc);
  SmallVector<Value> buildSteps(ArrayRef<Value> steps, ValueRange acc,
                                bool staged);
  SmallVector<Value> buildKLoop();
  SmallVector<Value> buildKTail(ValueRange acc);
  SmallVector<Value> reduceAcrossLanes(ValueRange acc);
  SmallVector<Value> reduceScatterAcrossLanes(ValueRange acc);
  SmallVector<Value> sumsOfLane(ValueRange acc);
  SumTarget sumTarget(int64_t slot);
  SumTarget ownedTarget(Value index, Value rowOwned, Value row, Value col);
  Value partialSumsLds(gpu::LaunchOp launch);
  Value addWaveSums(Value lds, Value clamped);
  void storeSumAt(const SumTarget &target, Value sum,
                  const std::optional<Epilogue> &epilogue);
  SmallVector<SumTarget> loadOldCEarly(const std::optional<Epilogue> &epilogue);
  void storeResults(gpu::LaunchOp launch, ArrayRef<Value> mine,
                    const std::optional<Epilogue> &epilogue,
                    ArrayRef<SumTarget> early);
  void storeResultsByWaves(gpu::LaunchOp launch, ArrayRef<Value> sums,
                           const std::optional<Epilogue> &epilogue);
};

} // namespace

/// The step's rows of X, `values` K values from `k0`.
void SkinnyKernelBuilder::loadX(Value k0, Step &result, int64_t values) {
  int64_t rows = plan.rowsPerLane;
  result.x.resize(rows * kSkinnyStepK);
  int64_t chunkRows = plan.rowsPerChunk();
  if (plan.xAlongK) {
    for (int64_t r = 0; r < rows; ++r) {
      Value row = math.add(chunkStart[r / chunkRows], r % chunkRows);
      Value v = loadVector(x, values, row, k0);
      for (int64_t i = 0; i < values; ++i)
        result.x[r * kSkinnyStepK + i] = extract(v, i);
    }
  } else {
    for (int64_t i = 0; i < values; ++i)
      for (int64_t q = 0; q < rows / chunkRows; ++q) {
        Value v = loadVector(x, chunkRows, math.add(k0, i), chunkStart[q]);
        for (int64_t r = 0; r < chunkRows; ++r)
          result.x[(q * chunkRows + r) * kSkinnyStepK + i] = extract(v, r);
      }
  }
}

/// The step's rows of Y from `memref` (Y itself, or a wave's tile of it in
/// LDS), whose columns start at `colBase`, K value i < `values` at
/// `kIndex(i)`.
void SkinnyKernelBuilder::loadY(Step &result, Value memref, ValueRange prefix,
                                Value colBase,
                                function_ref<Value(int64_t)> kIndex,
                                int64_t values) {
  int64_t cols = plan.colsPerGroup;
  auto load = [&](int64_t size, Value i, Value j) {
    SmallVector<Value> index(prefix);
    index.append({i, j});
    return vector::LoadOp::create(b, VectorType::get({size}, f32), memref,
                                  index);
  };
  if (plan.yAlongK) {
    SmallVector<Value> columns;
    for (int64_t j = 0; j < cols; ++j)
      columns.push_back(load(values, math.add(colBase, j), kIndex(0)));
    for (int64_t i = 0; i < values; ++i) {
      SmallVector<Value> row;
      for (Value column : columns)
        row.push_back(extract(column, i));
      result.yRow.push_back(vector::FromElementsOp::create(b, rowType, row));
    }
  } else {
    for (int64_t i = 0; i < values; ++i)
      result.yRow.push_back(load(cols, kIndex(i), colBase));
  }
}

std::pair<Value, Value> SkinnyKernelBuilder::tilePiece(int64_t n) {
  int64_t pieces = plan.yTilePieces();
  Value piece = math.add(lane, n * kWaveSize);
  if ((n + 1) * kWaveSize > pieces)
    piece = minIndex(piece, pieces - 1);
  Value row = math.div(piece, plan.yPiecesPerRow());
  Value col = math.mul(math.rem(piece, plan.yPiecesPerRow()), 4);
  return {row, col};
}

/// The wave's Y values of the step `step` belongs to (its lanes along K
/// take consecutive steps): 16 bytes a lane and load, of the tile's pieces
/// in Y's order.
SmallVector<Value> SkinnyKernelBuilder::loadYTile(Value step) {
  Value waveStep = arith::SubIOp::create(b, step, laneK);
  Value k0 = math.mul(waveStep, kSkinnyStepK);
  SmallVector<Value> tile;
  int64_t loads = (plan.yTilePieces() + kWaveSize - 1) / kWaveSize;
  for (int64_t n = 0; n < loads; ++n) {
    auto [row, col] = tilePiece(n);
    tile.push_back(
        loadVector(y, 4, math.add(k0, row), math.add(colStart, col)));
  }
  return tile;
}

void SkinnyKernelBuilder::storeYTile(int64_t slot, ArrayRef<Value> tile) {
  for (auto [n, value] : llvm::enumerate(tile)) {
    auto [row, col] = tilePiece(n);
    // K value i of lane k (row 4k + i of the wave's K values) goes to row
    // i x lanesK + k (SkinnyPlan::yTileRows).
    row = math.add(math.mul(math.rem(row, kSkinnyStepK), plan.lanesK),
                   math.div(row, kSkinnyStepK));
    vector::StoreOp::create(b, value, yTiles,
                            ValueRange{wave, math.index(slot), row, col});
  }
}

/// Keeps LLVM from moving a wave's LDS accesses across each other: the
/// tile is written and read by different lanes of one wave, whose LDS
/// instructions run in order, so no s_barrier is needed.
void SkinnyKernelBuilder::waveBarrier() {
  LLVM::CallIntrinsicOp::create(b, b.getStringAttr("llvm.amdgcn.wave.barrier"),
                                ValueRange{});
}

SmallVector<Value> SkinnyKernelBuilder::multiply(const Step &step,
                                                 ValueRange acc) {
  SmallVector<Value> next(acc);
  // Each sum takes its K values in order.
  for (int64_t i = 0; i < int64_t(step.yRow.size()); ++i)
    for (int64_t r = 0; r < plan.rowsPerLane; ++r) {
      Value splat =
          vector::BroadcastOp::create(b, rowType, step.x[r * kSkinnyStepK + i]);
      next[r] = vector::FMAOp::create(b, rowType, splat, step.yRow[i], next[r]);
    }
  return next;
}

/// All the steps' loads, then their multiplies: the loads of a loop
/// iteration are in flight together. Staged (all lanes take part), Y goes
/// through each wave's tiles in LDS: first the tiles' loads, so that their
/// stores to LDS do not wait for X.
SmallVector<Value> SkinnyKernelBuilder::buildSteps(ArrayRef<Value> steps,
                                                   ValueRange acc,
                                                   bool staged) {
  SmallVector<SmallVector<Value>> tiles;
  if (staged)
    for (Value step : steps)
      tiles.push_back(loadYTile(step));
  SmallVector<Step> loaded(steps.size());
  for (auto [step, result] : llvm::zip(steps, loaded)) {
    Value k0 = math.mul(step, kSkinnyStepK);
    loadX(k0, result);
    if (!staged)
      loadY(result, y, indices({}), colStart,
            [&](int64_t i) { return math.add(k0, i); });
  }
  if (staged) {
    waveBarrier();
    for (auto [slot, tile] : llvm::enumerate(tiles))
      storeYTile(slot, tile);
    waveBarrier();
    for (auto [slot, result] : llvm::enumerate(loaded))
      loadY(result, yTiles, ValueRange{wave, math.index(slot)}, math.index(0),
            [&](int64_t i) { return math.add(laneK, i * plan.lanesK); });
  }
  SmallVector<Value> next(acc);
  for (const Step &step : loaded)
    next = multiply(step, next);
  return next;
}

SmallVector<Value> SkinnyKernelBuilder::buildKLoop() {
  // Loop iteration i gives every lane of every wave one step; the steps
  // beyond the last whole iteration go to the first lanes of the first
  // waves in one more, guarded, iteration.
  int64_t stepsPerIter = plan.waves * plan.lanesK;
  int64_t wholeIters = plan.stepsPerPart() / stepsPerIter;
  int64_t restSteps = plan.stepsPerPart() % stepsPerIter;
  int64_t unrolledIters = wholeIters - wholeIters % plan.unroll;
  Value start =
      arith::ConstantOp::create(b, DenseElementsAttr::get(rowType, sumStart));
  SmallVector<Value> acc(plan.rowsPerLane, start);

  auto buildLoop = [&](int64_t begin, int64_t end, int64_t unroll) {
    if (begin == end)
      return;
    auto loop = scf::ForOp::create(b, math.index(begin), math.index(end),
                                   math.index(unroll), acc);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    SmallVector<Value> steps;
    for (int64_t u = 0; u < unroll; ++u)
      steps.push_back(stepOf(math.add(loop.getInductionVar(), u)));
    scf::YieldOp::create(
        b, buildSteps(steps, loop.getRegionIterArgs(), plan.stageY));
    acc = loop.getResults();
  };
  buildLoop(0, unrolledIters, plan.unroll);
  buildLoop(unrolledIters, wholeIters, 1);
  if (restSteps) {
    Value slot = math.add(math.mul(wave, plan.lanesK), laneK);
    Value inRange = cmp(arith::CmpIPredicate::ult, slot, math.index(restSteps));
    auto guarded = scf::IfOp::create(b, TypeRange(ValueRange(acc)), inRange,
                                     /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(guarded.thenBlock());
    // Not all lanes take part: Y straight from memory.
    scf::YieldOp::create(
        b, buildSteps({stepOf(math.index(wholeIters))}, acc, false));
    b.setInsertionPointToStart(guarded.elseBlock());
    scf::YieldOp::create(b, acc);
    acc = guarded.getResults();
  }
  if (plan.tailK())
    acc = buildKTail(acc);
  return acc;
}

/// The K values after the last whole step: one more step of fewer values,
/// taken by the lanes of the slot after the rest steps' (of the last K
/// part), so that each sum adds them at a fixed place. Loaded exactly, as
/// vectors of that many values, so that no value past K is read or
/// multiplied.
SmallVector<Value> SkinnyKernelBuilder::buildKTail(ValueRange acc) {
  int64_t stepsPerIter = plan.waves * plan.lanesK;
  Value slot = math.add(math.mul(wave, plan.lanesK), laneK);
  Value isTailLane = cmp(arith::CmpIPredicate::eq, slot,
                         math.index(plan.stepsPerPart() % stepsPerIter));
  if (part)
    isTailLane = arith::AndIOp::create(
        b, isTailLane,
        cmp(arith::CmpIPredicate::eq, part, math.index(plan.parts - 1)));
  auto guarded = scf::IfOp::create(b, TypeRange(acc), isTailLane,
                                   /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(guarded.thenBlock());
  Value k0 = math.index(plan.steps() * kSkinnyStepK);
  Step step;
  loadX(k0, step, plan.tailK());
  loadY(
      step, y, indices({}), colStart,
      [&](int64_t i) { return math.add(k0, i); }, plan.tailK());
  scf::YieldOp::create(b, multiply(step, acc));
  b.setInsertionPointToStart(guarded.elseBlock());
  scf::YieldOp::create(b, acc);
  return guarded.getResults();
}

/// Every lane's sums added over the lanes of its K group; lowered to DPP
/// by upstream's patterns (GemmTileSkinnyPass::runOnOperation).
SmallVector<Value> SkinnyKernelBuilder::reduceAcrossLanes(ValueRange acc) {
  SmallVector<Value> sums;
  for (Value row : acc)
    for (int64_t j = 0; j < plan.colsPerGroup; ++j)
      sums.push_back(plan.lanesK == 1
                         ? extract(row, j)
                         : gpu::SubgroupReduceOp::create(
                               b, extract(row, j), gpu::AllReduceOperation::ADD,
                               /*uniform=*/false, /*cluster_size=*/plan.lanesK,
                               /*cluster_stride=*/1));
  return sums;
}

/// Sums slot x lanesK + k (the last sum past the end), added over the lanes
/// of lane k's K group, for each slot: lane k's share of the stores. Each
/// slot's lanesK sums are halved at every DPP step rather than each added
/// over the group and then picked by lane: the lanes whose K-lane bit is
/// clear keep the lower half and send the upper one to their partner, which
/// keeps the upper half, until one sum is left. A slot takes lanesK - 1 adds
/// per lane instead of lanesK x log2(lanesK), and holds lanesK values at a
/// time instead of every sum's partial ones (96 sums reduced at once took 235
/// VGPRs, above the K loop's 180). Each sum is added in a fixed order.
/// Upstream's gpu.subgroup_reduce lowering has no such reduce-scatter.
SmallVector<Value>
SkinnyKernelBuilder::reduceScatterAcrossLanes(ValueRange acc) {
  SmallVector<Value> flat;
  for (Value row : acc)
    for (int64_t j = 0; j < plan.colsPerGroup; ++j)
      flat.push_back(extract(row, j));
  int64_t count = plan.accumulators();
  // The steps from the widest: lanes 7 - k of a half row (K-lane bit 4),
  // then k xor 2 and k xor 1 of a quad.
  struct DppStep {
    int64_t bit;
    amdgpu::DPPPerm kind;
    Attribute argument;
  };
  auto quad = [&](ArrayRef<int32_t> perm) -> Attribute {
    return b.getI32ArrayAttr(perm);
  };
  SmallVector<DppStep> dppSteps;
  if (plan.lanesK == 8)
    dppSteps.push_back({4, amdgpu::DPPPerm::row_half_mirror, nullptr});
  dppSteps.push_back({2, amdgpu::DPPPerm::quad_perm, quad({2, 3, 0, 1})});
  dppSteps.push_back({1, amdgpu::DPPPerm::quad_perm, quad({1, 0, 3, 2})});
  SmallVector<Value> upper;
  for (const DppStep &step : dppSteps) {
    Value bit = arith::AndIOp::create(b, laneK, math.index(step.bit));
    upper.push_back(cmp(arith::CmpIPredicate::ne, bit, math.index(0)));
  }
  SmallVector<Value> mine;
  for (int64_t slot = 0; slot < plan.sumSlots(); ++slot) {
    SmallVector<Value> values;
    for (int64_t lane = 0; lane < plan.lanesK; ++lane)
      values.push_back(flat[std::min(slot * plan.lanesK + lane, count - 1)]);
    for (auto [step, isUpper] : llvm::zip(dppSteps, upper)) {
      int64_t half = values.size() / 2;
      SmallVector<Value> kept;
      for (int64_t i = 0; i < half; ++i) {
        Value lower = values[i], higher = values[i + half];
        Value keep = arith::SelectOp::create(b, isUpper, higher, lower);
        Value send = arith::SelectOp::create(b, isUpper, lower, higher);
        Value received = amdgpu::DPPOp::create(
            b, send.getType(), send, send, step.kind, step.argument,
            /*row_mask=*/0xf, /*bank_mask=*/0xf, /*bound_ctrl=*/true);
        kept.push_back(arith::AddFOp::create(b, keep, received));
      }
      values = std::move(kept);
    }
    mine.push_back(values.front());
  }
  return mine;
}

/// Lane k of a K group's sums k, k + lanesK, ..., added over the group: by
/// halving for 4 and 8 lanes along K, else each sum added over the group
/// (gpu.subgroup_reduce) and the lane's picked by selects rather than a
/// branch per sum.
SmallVector<Value> SkinnyKernelBuilder::sumsOfLane(ValueRange acc) {
  if (plan.lanesK == 4 || plan.lanesK == 8)
    return reduceScatterAcrossLanes(acc);
  SmallVector<Value> sums = reduceAcrossLanes(acc);
  int64_t count = plan.accumulators();
  SmallVector<Value> mine;
  for (int64_t slot = 0; slot < plan.sumSlots(); ++slot) {
    Value value = sums[slot * plan.lanesK];
    for (int64_t lane = 1; lane < plan.lanesK; ++lane) {
      int64_t index = std::min(slot * plan.lanesK + lane, count - 1);
      Value isLane = cmp(arith::CmpIPredicate::eq, laneK, math.index(lane));
      value = arith::SelectOp::create(b, isLane, sums[index], value);
    }
    mine.push_back(value);
  }
  return mine;
}

/// Lane k of a K group stores its sums k, k + lanesK, ... (`mine`, to LDS
/// for the first wave to add up when the workgroup has several), so that
/// the stores are spread over the lanes.
void SkinnyKernelBuilder::storeResults(gpu::LaunchOp launch,
                                       ArrayRef<Value> mine,
                                       const std::optional<Epilogue> &epilogue,
                                       ArrayRef<SumTarget> early) {
  int64_t count = plan.accumulators();
  int64_t slots = plan.sumSlots();
  Value lds = partialSumsLds(launch);
  if (lds) {
    for (int64_t slot = 0; slot < slots; ++slot) {
      Value index = math.add(laneK, slot * plan.lanesK);
      // The last slot's extra lanes store a copy of the last sum to a
      // place of their own, which nobody reads.
      memref::StoreOp::create(
          b, mine[slot], lds,
          ValueRange{wave, minIndex(index, count - 1), laneL});
    }
    gpu::BarrierOp::create(b);
  }
  Value isFirstWave = cmp(arith::CmpIPredicate::eq, wave, math.index(0));
  auto onlyFirst = scf::IfOp::create(b, isFirstWave, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(onlyFirst.thenBlock());
  for (int64_t slot = 0; slot < slots; ++slot) {
    SumTarget target = early.empty() ? sumTarget(slot) : early[slot];
    Value sum =
        lds ? addWaveSums(lds, minIndex(target.index, count - 1)) : mine[slot];
    storeSumAt(target, sum, epilogue);
  }
}

/// LDS for each wave's partial sums, [wave][sum][lane along L], when the
/// workgroup has several waves; else null.
Value SkinnyKernelBuilder::partialSumsLds(gpu::LaunchOp launch) {
  if (plan.waves == 1)
    return Value();
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  auto ldsType = MemRefType::get({plan.waves, plan.accumulators(), plan.lanesL},
                                 f32, MemRefLayoutAttrInterface(), workgroup);
  return launch.addWorkgroupAttribution(ldsType, b.getLoc());
}

/// The waves' partial sums of sum `clamped` (an index clamped to the last
/// sum), added in wave order.
Value SkinnyKernelBuilder::addWaveSums(Value lds, Value clamped) {
  Value sum =
      memref::LoadOp::create(b, lds, ValueRange{math.index(0), clamped, laneL});
  for (int64_t w = 1; w < plan.waves; ++w)
    sum = arith::AddFOp::create(
        b, sum,
        memref::LoadOp::create(b, lds,
                               ValueRange{math.index(w), clamped, laneL}));
  return sum;
}

/// `sum` stored where `target` says, if this lane owns it: with K parts as
/// it is to the part's rows of the workspace (the sum kernel adds the parts
/// into C), else with the epilogue over C's old value (loaded here unless
/// it was before).
void SkinnyKernelBuilder::storeSumAt(const SumTarget &target, Value sum,
                                     const std::optional<Epilogue> &epilogue) {
  auto store = scf::IfOp::create(b, target.valid, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(store.thenBlock());
  SmallVector<Value> cIndices = target.cIndices;
  if (workspace) {
    int64_t cRows = plan.smallIsN ? plan.l : plan.s;
    cIndices[0] = math.add(math.mul(part, cRows), cIndices[0]);
    memref::StoreOp::create(b, sum, workspace, cIndices);
    return;
  }
  Value old =
      target.old ? target.old : loadOldC(b, b.getLoc(), epilogue, c, cIndices);
  storeSumOver(b, b.getLoc(), epilogue, c, cIndices, sum, old);
}

/// Where slot `slot` of a lane's sums goes (storeResults): its place in C
/// and whether this lane and workgroup own it.
SkinnyKernelBuilder::SumTarget SkinnyKernelBuilder::sumTarget(int64_t slot) {
  Value index = math.add(laneK, slot * plan.lanesK);
  // The sum's row and column, by selects on the lane rather than a
  // division of the lane's index: LLVM narrows that one to 16-bit
  // (true16) multiplies when colsPerGroup is not a power of 2.
  int64_t count = plan.accumulators();
  SmallVector<int64_t> chunks, chunkRows, cols;
  for (int64_t lane = 0; lane < plan.lanesK; ++lane) {
    int64_t sum = std::min(slot * plan.lanesK + lane, count - 1);
    int64_t r = sum / plan.colsPerGroup;
    chunks.push_back(r / plan.rowsPerChunk());
    chunkRows.push_back(r % plan.rowsPerChunk());
    cols.push_back(sum % plan.colsPerGroup);
  }
  Value rowOwned =
      math.add(laneRows, math.mul(selectByLane(chunks),
                                  plan.lanesL * plan.rowsPerChunk()));
  Value rowStart = minIndex(rowOwned, plan.l - plan.rowsPerChunk());
  Value row = math.add(rowStart, selectByLane(chunkRows));
  Value col = math.add(colStart, selectByLane(cols));
  return ownedTarget(index, rowOwned, row, col);
}

/// The target of sum `index` at C's `row` and `col`: stored when it is a
/// sum (a lane's last slot, or a wave's last share, may have fewer), of a
/// row and a column this lane and workgroup own (edge lanes and workgroups
/// were shifted back over their neighbours' rows and columns; `rowOwned` is
/// the first row of the chunk the lane owns).
SkinnyKernelBuilder::SumTarget SkinnyKernelBuilder::ownedTarget(Value index,
                                                                Value rowOwned,
                                                                Value row,
                                                                Value col) {
  SumTarget target;
  target.index = index;
  Value valid =
      cmp(arith::CmpIPredicate::ult, index, math.index(plan.accumulators()));
  valid = arith::AndIOp::create(b, valid,
                                cmp(arith::CmpIPredicate::uge, row, rowOwned));
  valid = arith::AndIOp::create(
      b, valid, cmp(arith::CmpIPredicate::ult, rowOwned, math.index(plan.l)));
  target.valid = arith::AndIOp::create(
      b, valid, cmp(arith::CmpIPredicate::uge, col, colOwned));
  target.cIndices = plan.smallIsN ? indices({row, col}) : indices({col, row});
  return target;
}

/// C's old values at a lane's few slots, loaded before the K loop so that
/// their latency hides behind it rather than adding to a short kernel's
/// end (the loads need no guard: the targets lie inside C). None with K
/// parts or an epilogue that does not read C, or beyond kMaxEarlyCSlots.
SmallVector<SkinnyKernelBuilder::SumTarget>
SkinnyKernelBuilder::loadOldCEarly(const std::optional<Epilogue> &epilogue) {
  int64_t slots = plan.sumSlots();
  SmallVector<SumTarget> targets;
  if (workspace || (epilogue && !epilogue->readsC()) || slots > kMaxEarlyCSlots)
    return targets;
  for (int64_t slot = 0; slot < slots; ++slot) {
    targets.push_back(sumTarget(slot));
    targets.back().old =
        loadOldC(b, b.getLoc(), epilogue, c, targets.back().cIndices);
  }
  return targets;
}

/// With one lane along K each lane holds whole sums, as many as the tiled
/// kernel's lanes: the waves share adding the partial sums up (sum i goes
/// to wave i mod waves), and each wave issues its C loads together before
/// its stores, as gemm-tile-lanes does, rather than one round trip a sum.
/// The loads need no guard: edge lanes and workgroups were shifted back
/// inside C.
void SkinnyKernelBuilder::storeResultsByWaves(
    gpu::LaunchOp launch, ArrayRef<Value> sums,
    const std::optional<Epilogue> &epilogue) {
  int64_t count = plan.accumulators();
  Value lds = partialSumsLds(launch);
  if (lds) {
    for (auto [i, sum] : llvm::enumerate(sums))
      memref::StoreOp::create(b, sum, lds,
                              ValueRange{wave, math.index(i), laneL});
    gpu::BarrierOp::create(b);
  }
  int64_t perWave = (count + plan.waves - 1) / plan.waves;
  SmallVector<SumTarget> targets;
  SmallVector<Value> waveSums;
  for (int64_t j = 0; j < perWave; ++j) {
    Value index = lds ? math.add(wave, j * plan.waves) : math.index(j);
    Value clamped = minIndex(index, count - 1);
    waveSums.push_back(lds ? addWaveSums(lds, clamped) : sums[j]);
    Value r = math.div(clamped, plan.colsPerGroup);
    Value chunkOwned =
        math.add(laneRows, math.mul(math.div(r, plan.rowsPerChunk()),
                                    plan.lanesL * plan.rowsPerChunk()));
    Value row = math.add(minIndex(chunkOwned, plan.l - plan.rowsPerChunk()),
                         math.rem(r, plan.rowsPerChunk()));
    Value col = math.add(colStart, math.rem(clamped, plan.colsPerGroup));
    targets.push_back(ownedTarget(index, chunkOwned, row, col));
    if (!workspace)
      targets.back().old =
          loadOldC(b, b.getLoc(), epilogue, c, targets.back().cIndices);
  }
  for (auto [target, sum] : llvm::zip(targets, waveSums))
    storeSumAt(target, sum, epilogue);
}

void SkinnyKernelBuilder::build(gpu::LaunchOp launch, linalg::LinalgOp matmul,
                                const std::optional<Epilogue> &epilogue,
                                Value partsWorkspace) {
  Value a = matmul.getDpsInputs()[0], bMatrix = matmul.getDpsInputs()[1];
  x = plan.smallIsN ? a : bMatrix;
  y = plan.smallIsN ? bMatrix : a;
  c = matmul.getDpsInits()[0];
  sumStart = getSumStart(c);
  if (plan.batch > 1 || isa<linalg::BatchMatmulOp>(matmul))
    batch = launch.getBlockIds().y;

  lane = math.rem(launch.getThreadIds().x, kWaveSize);
  wave = math.div(launch.getThreadIds().x, kWaveSize);
  if (plan.scalarY) {
    // LLVM's uniformity analysis takes thread-id arithmetic as divergent:
    // read the wave's index from its first lane, so that Y's addresses are
    // uniform and its loads scalar.
    Value index = arith::IndexCastOp::create(b, b.getI32Type(), wave);
    index = ROCDL::ReadfirstlaneOp::create(b, b.getI32Type(), index);
    wave = arith::IndexCastOp::create(b, b.getIndexType(), index);
  }
  laneK = math.rem(lane, plan.lanesK);
  laneL = math.div(lane, plan.lanesK);
  Value group = launch.getBlockIds().x;
  if (plan.parts > 1) {
    workspace = partsWorkspace;
    int64_t groups = plan.gridL() * plan.gridS();
    part = math.div(group, groups);
    group = math.rem(group, groups);
    firstStep = math.mul(part, plan.stepsPerPart());
  }
  Value groupL = math.div(group, plan.gridS());
  Value groupS = math.rem(group, plan.gridS());
  // An edge lane (workgroup) is shifted back to end at l (s), so that its
  // loads stay inside the matrices; it stores only what it owns.
  laneRows = math.add(math.mul(groupL, plan.rowsPerGroup()),
                      math.mul(laneL, plan.rowsPerChunk()));
  for (int64_t q = 0; q < plan.rowsPerLane / plan.rowsPerChunk(); ++q) {
    Value owned = math.add(laneRows, q * plan.lanesL * plan.rowsPerChunk());
    chunkStart.push_back(minIndex(owned, plan.l - plan.rowsPerChunk()));
  }
  colOwned = math.mul(groupS, plan.colsPerGroup);
  colStart = minIndex(colOwned, plan.s - plan.colsPerGroup);

  if (plan.stageY) {
    auto workgroup = gpu::AddressSpaceAttr::get(
        b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
    yTiles = launch.addWorkgroupAttribution(
        MemRefType::get(
            {plan.waves, plan.unroll, plan.yTileRows(), plan.yTileCols()}, f32,
            MemRefLayoutAttrInterface(), workgroup),
        b.getLoc());
  }
  if (plan.scalarY) {
    SmallVector<Value> acc = buildKLoop();
    storeResultsByWaves(launch, reduceAcrossLanes(acc), epilogue);
    return;
  }
  SmallVector<SumTarget> early = loadOldCEarly(epilogue);
  SmallVector<Value> acc = buildKLoop();
  storeResults(launch, sumsOfLane(acc), epilogue, early);
}

/// The second kernel of a plan with K parts: C (or the epilogue of) plus
/// the parts' sums, added in part order; the workspace is zeroed again for
/// the next run (the manifest's contract, docs/manifest.md).
static void buildPartsSum(ImplicitLocOpBuilder &b, const SkinnyPlan &plan,
                          linalg::LinalgOp matmul,
                          const std::optional<Epilogue> &epilogue,
                          Value workspace, StringRef name) {
  IndexMath math{b};
  int64_t rows = plan.smallIsN ? plan.l : plan.s;
  int64_t cols = plan.smallIsN ? plan.s : plan.l;
  int64_t elements = rows * cols;
  int64_t groups =
      elements / kSkinnySumLanes + (elements % kSkinnySumLanes != 0);
  Value one = math.index(1);
  auto launch = gpu::LaunchOp::create(b, math.index(groups), one, one,
                                      math.index(kSkinnySumLanes), one, one);
  launch.setFunctionAttr(FlatSymbolRefAttr::get(b.getContext(), name));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  Value element = math.add(math.mul(launch.getBlockIds().x, kSkinnySumLanes),
                           launch.getThreadIds().x);
  Value inside = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, element,
                                       math.index(elements));
  auto guarded = scf::IfOp::create(b, inside, /*withElseRegion=*/false);
  b.setInsertionPointToStart(guarded.thenBlock());
  Value row = math.div(element, cols), col = math.rem(element, cols);
  Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0.0f));
  // The parts' loads in flight together, as in the split tail's reduction
  // (gemm-tile-workgroups): kReductionLoadsInFlight at a time, fenced from
  // their adds and zeroing.
  Value sum;
  for (int64_t first = 0; first < plan.parts;
       first += kReductionLoadsInFlight) {
    int64_t end = std::min(plan.parts, first + kReductionLoadsInFlight);
    SmallVector<Value> rowsOfParts, partSums;
    for (int64_t p = first; p < end; ++p) {
      rowsOfParts.push_back(math.add(row, p * rows));
      partSums.push_back(memref::LoadOp::create(
          b, workspace, ValueRange{rowsOfParts.back(), col}));
    }
    amdgpu::SchedBarrierOp::create(b, amdgpu::sched_barrier_opt_enum::none);
    for (Value partSum : partSums)
      sum = sum ? arith::AddFOp::create(b, sum, partSum) : partSum;
    for (Value partRow : rowsOfParts)
      memref::StoreOp::create(b, zero, workspace, ValueRange{partRow, col});
  }
  storeSum(b, b.getLoc(), epilogue, matmul.getDpsInits()[0],
           ValueRange{row, col}, sum);
  b.setInsertionPointAfter(guarded);
  gpu::TerminatorOp::create(b);
}

/// Lists `kernel` among the kernels `func` launches in WGP mode, for
/// gemm-wgp-mode: outlining keeps the function's attributes, not the
/// launch's.
static void recordWgpModeKernel(func::FuncOp func, FlatSymbolRefAttr kernel) {
  StringRef name = GemmDialect::getWgpModeKernelsAttrName();
  SmallVector<Attribute> kernels;
  if (auto recorded = func->getAttrOfType<ArrayAttr>(name))
    llvm::append_range(kernels, recorded);
  kernels.push_back(kernel);
  func->setAttr(name, ArrayAttr::get(func.getContext(), kernels));
}

void GemmTileSkinnyPass::runOnOperation() {
  SmallVector<linalg::LinalgOp> matmuls;
  getOperation().walk([&](linalg::LinalgOp op) {
    if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op) ||
        op->getParentOfType<gpu::LaunchOp>())
      return;
    auto config =
        op->getAttrOfType<KernelConfigAttr>(GemmDialect::getConfigAttrName());
    if (config && config.getKernel() == KernelKind::Skinny)
      matmuls.push_back(op);
  });
  IRRewriter rewriter(&getContext());
  for (linalg::LinalgOp matmul : matmuls) {
    FailureOr<MatmulLayout> layout = getCheckedMatmulLayout(matmul);
    if (failed(layout))
      return signalPassFailure();
    auto config = matmul->getAttrOfType<KernelConfigAttr>(
        GemmDialect::getConfigAttrName());
    SmallVector<int64_t> loops = getLoopSizes(matmul);
    int64_t batchSize = loops.size() == 4 ? loops[0] : 1;
    ArrayRef<int64_t> mnk = ArrayRef(loops).take_back(3);
    // The plan is gemm-select-config's, chosen once: this pass builds it
    // and checks only that it fits the matmul.
    KernelConfig chosen = KernelConfig::fromAttr(config);
    if (!chosen.skinnyPlan) {
      matmul.emitOpError() << "has kernel = skinny but no plan in its "
                           << "#gemm.config (gemm-select-config records one)";
      return signalPassFailure();
    }
    std::string whyNot;
    llvm::raw_string_ostream whyNotOs(whyNot);
    FailureOr<SkinnyPlan> plan =
        getSkinnyPlan(batchSize, mnk[0], mnk[1], mnk[2], *layout,
                      *chosen.skinnyPlan, whyNotOs);
    if (failed(plan)) {
      matmul.emitOpError() << "cannot be compiled with its skinny plan: "
                           << whyNot;
      return signalPassFailure();
    }

    std::optional<Epilogue> epilogue = getEpilogue(matmul);
    ImplicitLocOpBuilder b(matmul.getLoc(), rewriter);
    b.setInsertionPoint(matmul);
    IndexMath math{b};
    Value one = math.index(1);
    // The parts' sums, in C's layout once per part (a host allocation the
    // kernels take as an argument).
    Value workspace;
    if (plan->parts > 1)
      workspace = memref::AllocOp::create(
          b, MemRefType::get(
                 {plan->workspaceRows(), plan->smallIsN ? plan->s : plan->l},
                 b.getF32Type()));
    auto launch = gpu::LaunchOp::create(
        b, math.index(plan->gridL() * plan->gridS() * plan->parts),
        math.index(plan->batch), one, math.index(plan->waves * kWaveSize), one,
        one);
    std::string name = (getOperation().getSymName() + "_skinny").str();
    auto kernelName = FlatSymbolRefAttr::get(&getContext(), name + "_kernel");
    launch.setFunctionAttr(kernelName);
    if (plan->wgpMode)
      recordWgpModeKernel(getOperation(), kernelName);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&launch.getBody().front());
      SkinnyKernelBuilder(b, *plan).build(launch, matmul, epilogue, workspace);
      gpu::TerminatorOp::create(b);
    }
    if (workspace) {
      buildPartsSum(b, *plan, matmul, epilogue, workspace,
                    name + "_sum_kernel");
      memref::DeallocOp::create(b, workspace);
    }
    rewriter.eraseOp(matmul);
    if (epilogue) {
      epilogue->generic->erase();
      eraseTempIfUnused(epilogue->temp);
    }

    // The cross-lane sums as DPP row operations (gfx11: permlanex16 across
    // the two rows of a wave32), as upstream lowers them.
    RewritePatternSet patterns(&getContext());
    populateGpuLowerClusteredSubgroupReduceToDPPPatterns(
        patterns, kWaveSize, amdgpu::Chipset(11, 0, 0));
    if (failed(applyPatternsGreedily(launch, std::move(patterns)))) {
      launch.emitOpError() << "could not lower its cross-lane sums to DPP";
      return signalPassFailure();
    }
    WalkResult left = launch.walk([](gpu::SubgroupReduceOp op) {
      op.emitOpError() << "was not lowered to DPP";
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      return signalPassFailure();
  }
}
