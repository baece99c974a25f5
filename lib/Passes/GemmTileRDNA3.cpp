//===- GemmTileRDNA3.cpp - linalg.matmul to the RDNA3 kernel structure ----===//
//
// Rewrites the matmul into the kernel of the RDNA3 walkthrough (kernel 5,
// DESIGN.md section 2) in one step: a gpu.launch of 128-lane workgroups, each
// computing a BM x BN tile of C; A's K-slice staged transposed and padded in
// LDS, B's as is; the next K-slice loaded into registers while the current one
// is computed; the BK loop unrolled; each lane accumulating 8 x 16 outputs as
// 2 x 4 sub-tiles of 4 x 4, so that LDS reads are 16-byte vectors.
//
// Upstream tiling and promotion cannot express the transposed, padded LDS
// tile, the interleaved sub-tiles or the register prefetch, and the backend
// only forms good VOPD code from this exact shape (see
// docs/prototypes/kernel5-structure.py), so the structure is built directly.
// The accumulators are vector<16xf32> values carried by the K loop: they stay
// in VGPRs, and each vector.fma becomes 16 v_fmac_f32 the backend pairs.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMTILERDNA3
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;

namespace {

// The lane layout of the walkthrough's kernel: 4 wave32 waves stacked along
// M; in a wave 4 lanes along M by 8 along N; 4 x 4 sub-tiles per lane.
constexpr int64_t kLanes = 128;
constexpr int64_t kWaveSize = 32;
constexpr int64_t kWaves = kLanes / kWaveSize;
constexpr int64_t kLanesM = 4;
constexpr int64_t kLanesN = 8;
constexpr int64_t kSubTile = 4;
constexpr int64_t kLdsBytes = 64 * 1024;
constexpr int64_t kMaxVgprs = 256;

/// How the next K-slice is fetched while the current one is multiplied.
enum class Prefetch {
  None,      // Load, store to LDS, multiply: global latency is exposed.
  Registers, // Next slice in registers during the multiply (kernel 4).
  Lds,       // Two LDS stages: one barrier per K step instead of two.
};

std::optional<Prefetch> parsePrefetch(StringRef name) {
  return llvm::StringSwitch<std::optional<Prefetch>>(name)
      .Case("none", Prefetch::None)
      .Case("registers", Prefetch::Registers)
      .Case("lds", Prefetch::Lds)
      .Default(std::nullopt);
}

/// The tile sizes of one kernel and what follows from them.
struct TileShape {
  int64_t m, n, k;    // Problem.
  int64_t bm, bn, bk; // Workgroup tile and K step.
  int64_t pad;        // Floats of padding after each row of A's LDS tile.
  Prefetch prefetch;
  bool bufferLoads; // addressing=buffer

  int64_t ldsStages() const { return prefetch == Prefetch::Lds ? 2 : 1; }
  int64_t waveRows() const { return bm / kWaves; }
  int64_t laneRows() const { return waveRows() / kLanesM; } // TM
  int64_t laneCols() const { return bn / kLanesN; }         // TN
  int64_t subTilesM() const { return laneRows() / kSubTile; }
  int64_t subTilesN() const { return laneCols() / kSubTile; }
  int64_t loadsPerLaneA() const { return bm * bk / kLanes; }
  int64_t loadsPerLaneB() const { return bk * bn / kLanes; }
  int64_t ldsBytes() const { return 4 * ldsStages() * bk * ((bm + pad) + bn); }
  /// VGPRs the kernel needs at least: accumulators, one K step of A and B
  /// fragments, and the prefetched next K-slice.
  int64_t minVgprs() const {
    return laneRows() * laneCols() + laneRows() + laneCols() + loadsPerLaneA() +
           loadsPerLaneB();
  }
};

struct GemmTileRDNA3Pass
    : public mlir::gemm::impl::GemmTileRDNA3Base<GemmTileRDNA3Pass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Checks the options against the problem and the hardware; emits the error.
  LogicalResult checkShape(linalg::MatmulOp matmul, const TileShape &shape);
};

/// Builds the kernel in place of one matmul.
class KernelBuilder {
public:
  KernelBuilder(linalg::MatmulOp matmul, const TileShape &shape)
      : b(matmul.getLoc(), matmul), shape(shape), a(matmul.getDpsInputs()[0]),
        bMat(matmul.getDpsInputs()[1]), c(matmul.getDpsInits()[0]) {}

  void build();

private:
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, value);
  }
  Value add(Value lhs, int64_t rhs) {
    return rhs == 0 ? lhs : arith::AddIOp::create(b, lhs, index(rhs));
  }
  Value add(Value lhs, Value rhs) { return arith::AddIOp::create(b, lhs, rhs); }
  Value mul(Value lhs, int64_t rhs) {
    return arith::MulIOp::create(b, lhs, index(rhs));
  }
  Value div(Value lhs, int64_t rhs) {
    return arith::DivUIOp::create(b, lhs, index(rhs));
  }
  Value rem(Value lhs, int64_t rhs) {
    return arith::RemUIOp::create(b, lhs, index(rhs));
  }

  /// Loads the K-slice starting at `kBase` from global memory into two
  /// vectors: this lane's share of A's BM x BK tile and of B's BK x BN tile.
  std::pair<Value, Value> loadSlice(Value kBase);
  /// loadSlice with raw buffer loads (addressing=buffer).
  std::pair<Value, Value> loadSliceBuffer(Value kBase);
  /// A vector<count x f32> of the values `load(0)` ... `load(count - 1)`.
  Value collect(int64_t count, function_ref<Value(int64_t)> load) {
    Value slice = arith::ConstantOp::create(
        b,
        DenseElementsAttr::get(VectorType::get({count}, b.getF32Type()), 0.0f));
    for (int64_t i = 0; i < count; ++i)
      slice = vector::InsertOp::create(b, load(i), slice, i);
    return slice;
  }
  /// Stores a slice loaded by loadSlice into LDS stage `stage`, A
  /// transposed.
  void storeSlice(Value aSlice, Value bSlice, Value stage);
  /// One K step from LDS stage `stage`: fragments of A and B, then the
  /// outer-product FMAs.
  SmallVector<Value> multiplyStep(int64_t kk, ArrayRef<Value> acc, Value stage);
  /// Indices into an LDS tile: the stage leads when there are two.
  SmallVector<Value> ldsIndices(Value stage, Value row, Value col) {
    if (shape.ldsStages() == 1)
      return {row, col};
    return {stage, row, col};
  }
  /// The K loop of each prefetch mode; returns the final accumulators.
  ValueRange buildLoopRegisters(ArrayRef<Value> zeroAcc);
  ValueRange buildLoopNone(ArrayRef<Value> zeroAcc);
  ValueRange buildLoopLds(ArrayRef<Value> zeroAcc);
  /// The slice after the one at `k`, clamped to the last: the last step
  /// reloads its own slice instead of branching, which keeps the loop body
  /// straight-line for one redundant load per kernel.
  Value nextSliceK(Value k) {
    return arith::MinUIOp::create(b, add(k, shape.bk),
                                  index(shape.k - shape.bk));
  }

  ImplicitLocOpBuilder b;
  const TileShape &shape;
  Value a, bMat, c;
  // Set inside the launch.
  Value tid, blockRow, blockCol, rowBase, colBase, aTile, bTile;
};

} // namespace

std::pair<Value, Value> KernelBuilder::loadSlice(Value kBase) {
  if (shape.bufferLoads)
    return loadSliceBuffer(kBase);
  // A: lanes run along K first (BK lanes per row) so that each row's K-slice
  // is one coalesced access; B: lanes run along a row of the tile.
  Value aCol = add(kBase, rem(tid, shape.bk));
  Value aRow = add(blockRow, div(tid, shape.bk));
  int64_t aRowStep = kLanes / shape.bk;
  Value bRow = add(kBase, div(tid, shape.bn));
  Value bCol = add(blockCol, rem(tid, shape.bn));
  int64_t bRowStep = kLanes / shape.bn;

  Value aSlice = collect(shape.loadsPerLaneA(), [&](int64_t i) -> Value {
    return memref::LoadOp::create(b, a,
                                  ValueRange{add(aRow, aRowStep * i), aCol});
  });
  Value bSlice = collect(shape.loadsPerLaneB(), [&](int64_t i) -> Value {
    return memref::LoadOp::create(b, bMat,
                                  ValueRange{add(bRow, bRowStep * i), bCol});
  });
  return {aSlice, bSlice};
}

std::pair<Value, Value> KernelBuilder::loadSliceBuffer(Value kBase) {
  Type f32 = b.getF32Type();
  Type i32 = b.getI32Type();
  auto toI32 = [&](Value v) { return arith::IndexCastOp::create(b, i32, v); };
  // Raw buffer loads keep the address arithmetic out of the VALU (walkthrough
  // kernel 8): the lane's part of the index is a loop-invariant VGPR offset,
  // the uniform part (the K step, the row of the load) an SGPR offset, and
  // the buffer's base lives in the SGPR resource.
  //
  // A: lanes run along K first (BK lanes per row) so that each row's K-slice
  // is one coalesced access; B: lanes run along a row of the tile.
  Value aRow = toI32(add(blockRow, div(tid, shape.bk)));
  Value aCol = toI32(rem(tid, shape.bk));
  int64_t aRowStep = kLanes / shape.bk;
  Value bRow = toI32(div(tid, shape.bn));
  Value bCol = toI32(add(blockCol, rem(tid, shape.bn)));
  int64_t bRowStep = kLanes / shape.bn;
  Value k32 = toI32(kBase);
  auto uniformOffset = [&](Value base, int64_t constant) -> Value {
    if (constant == 0)
      return base;
    return arith::AddIOp::create(
        b, base, arith::ConstantIntOp::create(b, i32, constant));
  };

  Value aSlice = collect(shape.loadsPerLaneA(), [&](int64_t i) -> Value {
    return amdgpu::RawBufferLoadOp::create(
        b, f32, a, ValueRange{aRow, aCol}, /*boundsCheck=*/true,
        /*indexOffset=*/nullptr, uniformOffset(k32, aRowStep * i * shape.k));
  });
  Value bRowOffset = arith::MulIOp::create(
      b, k32, arith::ConstantIntOp::create(b, i32, shape.n));
  Value bSlice = collect(shape.loadsPerLaneB(), [&](int64_t i) -> Value {
    return amdgpu::RawBufferLoadOp::create(
        b, f32, bMat, ValueRange{bRow, bCol}, /*boundsCheck=*/true,
        /*indexOffset=*/nullptr,
        uniformOffset(bRowOffset, bRowStep * i * shape.n));
  });
  return {aSlice, bSlice};
}

void KernelBuilder::storeSlice(Value aSlice, Value bSlice, Value stage) {
  Value aCol = rem(tid, shape.bk);
  Value aRow = div(tid, shape.bk);
  int64_t aRowStep = kLanes / shape.bk;
  for (int64_t i = 0; i < shape.loadsPerLaneA(); ++i) {
    Value v = vector::ExtractOp::create(b, aSlice, i);
    memref::StoreOp::create(b, v, aTile,
                            ldsIndices(stage, aCol, add(aRow, aRowStep * i)));
  }
  Value bRow = div(tid, shape.bn);
  Value bCol = rem(tid, shape.bn);
  int64_t bRowStep = kLanes / shape.bn;
  for (int64_t i = 0; i < shape.loadsPerLaneB(); ++i) {
    Value v = vector::ExtractOp::create(b, bSlice, i);
    memref::StoreOp::create(b, v, bTile,
                            ldsIndices(stage, add(bRow, bRowStep * i), bCol));
  }
}

SmallVector<Value> KernelBuilder::multiplyStep(int64_t kk, ArrayRef<Value> acc,
                                               Value stage) {
  Type f32 = b.getF32Type();
  auto subTileType = VectorType::get({kSubTile}, f32);
  Value kIndex = index(kk);

  SmallVector<Value> aFragments;
  for (int64_t im = 0; im < shape.subTilesM(); ++im)
    aFragments.push_back(vector::LoadOp::create(
        b, subTileType, aTile,
        ldsIndices(stage, kIndex, add(rowBase, im * kLanesM * kSubTile))));

  // B's fragments, concatenated into one vector<TN> row by pairwise shuffles.
  SmallVector<Value> row;
  for (int64_t in = 0; in < shape.subTilesN(); ++in)
    row.push_back(vector::LoadOp::create(
        b, subTileType, bTile,
        ldsIndices(stage, kIndex, add(colBase, in * kLanesN * kSubTile))));
  while (row.size() > 1) {
    SmallVector<Value> joined;
    for (size_t i = 0; i + 1 < row.size(); i += 2) {
      int64_t width = cast<VectorType>(row[i].getType()).getNumElements();
      joined.push_back(vector::ShuffleOp::create(
          b, row[i], row[i + 1],
          llvm::to_vector(llvm::seq<int64_t>(0, 2 * width))));
    }
    row = std::move(joined);
  }
  Value bRowVec = row.front();
  auto rowType = cast<VectorType>(bRowVec.getType());

  SmallVector<Value> next;
  for (int64_t i = 0; i < shape.laneRows(); ++i) {
    Value aValue =
        vector::ExtractOp::create(b, aFragments[i / kSubTile], i % kSubTile);
    Value aSplat = vector::BroadcastOp::create(b, rowType, aValue);
    next.push_back(vector::FMAOp::create(b, rowType, aSplat, bRowVec, acc[i]));
  }
  return next;
}

void KernelBuilder::build() {
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type();
  auto workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  SmallVector<int64_t> aShape = {shape.bk, shape.bm + shape.pad};
  SmallVector<int64_t> bShape = {shape.bk, shape.bn};
  if (shape.ldsStages() > 1) {
    aShape.insert(aShape.begin(), shape.ldsStages());
    bShape.insert(bShape.begin(), shape.ldsStages());
  }
  auto aTileType =
      MemRefType::get(aShape, f32, MemRefLayoutAttrInterface(), workgroup);
  auto bTileType =
      MemRefType::get(bShape, f32, MemRefLayoutAttrInterface(), workgroup);

  auto launch = gpu::LaunchOp::create(
      b, index(shape.n / shape.bn), index(shape.m / shape.bm), index(1),
      index(kLanes), index(1), index(1), /*dynamicSharedMemorySize=*/nullptr,
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/ValueRange(),
      TypeRange{aTileType, bTileType});
  Block &body = launch.getBody().front();
  b.setInsertionPointToStart(&body);
  aTile = launch.getWorkgroupAttributions()[0];
  bTile = launch.getWorkgroupAttributions()[1];
  tid = launch.getThreadIds().x;
  blockRow = mul(launch.getBlockIds().y, shape.bm);
  blockCol = mul(launch.getBlockIds().x, shape.bn);

  Value wave = div(tid, kWaveSize);
  Value lane = rem(tid, kWaveSize);
  rowBase = add(mul(wave, shape.waveRows()), mul(div(lane, kLanesN), kSubTile));
  colBase = mul(rem(lane, kLanesN), kSubTile);

  auto rowType = VectorType::get({shape.laneCols()}, f32);
  Value zeroRow =
      arith::ConstantOp::create(b, DenseElementsAttr::get(rowType, 0.0f));
  SmallVector<Value> zeroAcc(shape.laneRows(), zeroRow);
  ValueRange results;
  switch (shape.prefetch) {
  case Prefetch::None:
    results = buildLoopNone(zeroAcc);
    break;
  case Prefetch::Registers:
    results = buildLoopRegisters(zeroAcc);
    break;
  case Prefetch::Lds:
    results = buildLoopLds(zeroAcc);
    break;
  }

  // C += the accumulators, 16 bytes at a time.
  auto subTileType = VectorType::get({kSubTile}, f32);
  for (int64_t i = 0; i < shape.laneRows(); ++i) {
    Value row = add(blockRow, add(rowBase, (i / kSubTile) * kLanesM * kSubTile +
                                               i % kSubTile));
    for (int64_t in = 0; in < shape.subTilesN(); ++in) {
      Value col = add(blockCol, add(colBase, in * kLanesN * kSubTile));
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
  gpu::TerminatorOp::create(b);
}

ValueRange KernelBuilder::buildLoopNone(ArrayRef<Value> zeroAcc) {
  Value stage = index(0);
  auto loop =
      scf::ForOp::create(b, index(0), index(shape.k), index(shape.bk), zeroAcc);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  auto [sliceA, sliceB] = loadSlice(loop.getInductionVar());
  storeSlice(sliceA, sliceB, stage);
  gpu::BarrierOp::create(b);
  SmallVector<Value> acc(loop.getRegionIterArgs());
  for (int64_t kk = 0; kk < shape.bk; ++kk)
    acc = multiplyStep(kk, acc, stage);
  gpu::BarrierOp::create(b);
  scf::YieldOp::create(b, acc);
  return loop.getResults();
}

ValueRange KernelBuilder::buildLoopRegisters(ArrayRef<Value> zeroAcc) {
  Value stage = index(0);
  auto [firstA, firstB] = loadSlice(index(0));
  SmallVector<Value> init(zeroAcc);
  init.push_back(firstA);
  init.push_back(firstB);
  auto loop =
      scf::ForOp::create(b, index(0), index(shape.k), index(shape.bk), init);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  ValueRange carried = loop.getRegionIterArgs();
  storeSlice(carried[shape.laneRows()], carried[shape.laneRows() + 1], stage);
  gpu::BarrierOp::create(b);
  // The next slice's global loads are in flight during the multiply.
  auto [nextA, nextB] = loadSlice(nextSliceK(loop.getInductionVar()));
  SmallVector<Value> acc(carried.begin(), carried.begin() + shape.laneRows());
  for (int64_t kk = 0; kk < shape.bk; ++kk)
    acc = multiplyStep(kk, acc, stage);
  gpu::BarrierOp::create(b);
  acc.push_back(nextA);
  acc.push_back(nextB);
  scf::YieldOp::create(b, acc);
  return loop.getResults().take_front(shape.laneRows());
}

ValueRange KernelBuilder::buildLoopLds(ArrayRef<Value> zeroAcc) {
  // Step i multiplies stage i % 2 and fills stage (i + 1) % 2. The one
  // barrier per step both publishes the filled stage and retires every read
  // of the stage the next step overwrites.
  auto [firstA, firstB] = loadSlice(index(0));
  storeSlice(firstA, firstB, index(0));
  gpu::BarrierOp::create(b);
  auto loop =
      scf::ForOp::create(b, index(0), index(shape.k), index(shape.bk), zeroAcc);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value step = div(loop.getInductionVar(), shape.bk);
  Value stage = rem(step, 2);
  Value nextStage = rem(add(step, 1), 2);
  auto [nextA, nextB] = loadSlice(nextSliceK(loop.getInductionVar()));
  SmallVector<Value> acc(loop.getRegionIterArgs());
  for (int64_t kk = 0; kk < shape.bk; ++kk)
    acc = multiplyStep(kk, acc, stage);
  storeSlice(nextA, nextB, nextStage);
  gpu::BarrierOp::create(b);
  scf::YieldOp::create(b, acc);
  return loop.getResults();
}

LogicalResult GemmTileRDNA3Pass::checkShape(linalg::MatmulOp matmul,
                                            const TileShape &shape) {
  // The lane layout puts 4 waves x 4 lanes x one 4-row sub-tile along M and
  // 8 lanes x one 4-column sub-tile along N; B's loads give each lane one
  // column of a row, so a row may not be wider than the workgroup.
  if (shape.bm != 64 && shape.bm != 128)
    return matmul.emitOpError()
           << "cannot be tiled with bm=" << shape.bm
           << ": the 4-wave lane layout covers 64 or 128 rows (4 or 8 rows "
              "per lane)";
  if (shape.bn != 32 && shape.bn != 64 && shape.bn != 128)
    return matmul.emitOpError()
           << "cannot be tiled with bn=" << shape.bn
           << ": the lane layout covers 32, 64 or 128 columns (4, 8 or 16 "
              "per lane)";
  if (shape.bk <= 0 || kLanes % shape.bk != 0)
    return matmul.emitOpError()
           << "cannot be tiled with bk=" << shape.bk
           << ": bk must divide the workgroup's " << kLanes << " lanes";
  if (shape.pad < 0 || shape.pad % kSubTile != 0)
    return matmul.emitOpError()
           << "cannot be tiled with pad=" << shape.pad
           << ": the padding must be a non-negative multiple of " << kSubTile
           << " floats to keep 16-byte LDS reads aligned";
  if (shape.ldsBytes() > kLdsBytes)
    return matmul.emitOpError()
           << "needs " << shape.ldsBytes()
           << " bytes of LDS with bk=" << shape.bk << " pad=" << shape.pad
           << " and " << shape.ldsStages() << " stage(s); the limit is "
           << kLdsBytes;
  if (shape.minVgprs() > kMaxVgprs)
    return matmul.emitOpError() << "needs at least " << shape.minVgprs()
                                << " VGPRs per lane with bk=" << shape.bk
                                << "; the limit is " << kMaxVgprs;
  return success();
}

void GemmTileRDNA3Pass::runOnOperation() {
  SmallVector<linalg::MatmulOp> matmuls;
  getOperation().walk([&](linalg::MatmulOp op) { matmuls.push_back(op); });
  for (linalg::MatmulOp matmul : matmuls) {
    auto aType = dyn_cast<MemRefType>(matmul.getDpsInputs()[0].getType());
    auto bType = dyn_cast<MemRefType>(matmul.getDpsInputs()[1].getType());
    if (!aType || !bType || !aType.hasStaticShape() ||
        !bType.hasStaticShape() || matmul.hasUserDefinedMaps()) {
      matmul.emitOpError() << "is not a static matmul on memrefs; run "
                              "gemm-check-input first";
      return signalPassFailure();
    }
    std::optional<Prefetch> prefetchMode = parsePrefetch(prefetch);
    if (!prefetchMode) {
      matmul.emitOpError() << "cannot be tiled with prefetch='" << prefetch
                           << "': expected none, registers or lds";
      return signalPassFailure();
    }
    if (addressing != "global" && addressing != "buffer") {
      matmul.emitOpError() << "cannot be tiled with addressing='" << addressing
                           << "': expected global or buffer";
      return signalPassFailure();
    }
    TileShape shape;
    shape.m = aType.getDimSize(0);
    shape.n = bType.getDimSize(1);
    shape.k = aType.getDimSize(1);
    shape.bm = bm;
    shape.bn = bn;
    shape.bk = bk;
    shape.pad = pad;
    shape.prefetch = *prefetchMode;
    shape.bufferLoads = addressing == "buffer";
    if (failed(checkShape(matmul, shape)))
      return signalPassFailure();
    // Edge tiles are not implemented here yet: leave such matmuls to the
    // simple lowering that follows in the pipeline.
    if (shape.m % shape.bm || shape.n % shape.bn || shape.k % shape.bk) {
      matmul.emitRemark() << "not tiled for RDNA3: " << shape.m << "x"
                          << shape.n << "x" << shape.k
                          << " is not a multiple of the " << shape.bm << "x"
                          << shape.bn << "x" << shape.bk
                          << " tile; the simple lowering compiles it";
      continue;
    }
    // A single K step has no next slice to fetch ahead; prefetching code for
    // it only adds registers (and made the backend spill with prefetch=lds).
    if (shape.k == shape.bk)
      shape.prefetch = Prefetch::None;
    KernelBuilder(matmul, shape).build();
    matmul.erase();
  }
}
