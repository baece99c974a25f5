//===- KernelTile.h - State shared by the RDNA3 tiling passes ---*- C++ -*-===//
//
// The tiling passes (gemm-tile-workgroups, gemm-stage-lds, gemm-tile-lanes,
// gemm-prefetch, gemm-buffer-addressing) each rewrite one concern of the
// gpu.launch that gemm-tile-workgroups creates. The launch carries the
// configuration it was built for (#gemm.config) and its problem sizes
// (#gemm.problem), so that the later passes read their parameters instead of
// rediscovering them from the IR, and only touch launches they understand.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_PASSES_KERNELTILE_H
#define GEMM_OPT_LIB_PASSES_KERNELTILE_H

#include "gemm-opt/Dialect/Gemm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include <algorithm>
#include <optional>
#include <string>

namespace mlir::gemm {

/// The lane layout inside a wave32 wave: 4 lanes along M by 8 along N, each
/// owning 4 x 4 sub-tiles, so that neighbouring lanes read neighbouring 16
/// bytes of LDS (docs/design.md).
inline constexpr int64_t kWaveSize = 32;
inline constexpr int64_t kLanesM = 4;
inline constexpr int64_t kLanesN = 8;
inline constexpr int64_t kSubTile = 4;
inline constexpr int64_t kLdsBytes = 64 * 1024;
inline constexpr int64_t kMaxVgprs = 256;
inline constexpr int64_t kMaxWorkgroupLanes = 1024;
/// The bounds gemm-tile-workgroups puts on a tile, each before any product
/// of them: waves per workgroup along M or N, and the floats of a tile side
/// (all of the LDS).
inline constexpr int64_t kMaxWaves = kMaxWorkgroupLanes / kWaveSize;
inline constexpr int64_t kMaxTileSide = kLdsBytes / 4;
// The most CUs a split tail is balanced for, and K parts of a tail tile;
// gemm-select-config's parts have at least kMinAutoSplitTailSteps K steps
// (shorter ones are dominated by their prologue and epilogue).
inline constexpr int64_t kMaxComputeUnits = 1024;
inline constexpr int64_t kMaxSplitTailParts = 64;
/// KernelTile::loadsFragmentsAhead's bounds.
inline constexpr int64_t kMaxAheadSums = 64;
inline constexpr int64_t kMaxAheadWavesPerSimd = 6;
inline constexpr int64_t kMinAutoSplitTailSteps = 32;
// gemm-select-config's smaller tiles, for a matmul the default tile does not
// fit, pay from this many multiply-adds on.
inline constexpr int64_t kMinTiledMultiplyAdds = int64_t(1) << 24;
// ... and a tile other than the default for a matmul it fits, from this
// many.
inline constexpr int64_t kMinSmallTileMultiplyAdds = int64_t(1) << 28;
// The tiled kernel's estimate covers K from this size (its costs were
// fitted on K >= 32, TiledEstimate.cpp).
inline constexpr int64_t kMinEstimatedK = 32;
// The workgroup id is 32 bits: the split grid stays far below.
inline constexpr int64_t kMaxSplitTailTiles = int64_t(1) << 24;
// The split tail's reduction kernel (and stream-K's fix-up): lanes per
// workgroup, floats per lane. Workgroups of two waves spread the few tail
// tiles of a small grid over every CU: in the timing model, 12 tail tiles
// of 64 x 64 in 16 parts take 3.7 us in 192 workgroups against 7.2 us in
// 48 of 256 lanes, and 64 of 128 x 128 in 3 parts 29.5 against 30.4 us.
inline constexpr int64_t kTailReductionLanes = 64;
inline constexpr int64_t kTailReductionFloats = 4;
// The reduction's loads of parts in flight at once: 64 VGPRs a lane.
inline constexpr int64_t kReductionLoadsInFlight = 16;

/// The configuration one gpu.launch was built for, its problem, and what
/// follows from them.
struct KernelTile : KernelConfig {
  // Problem: ShapedType::kDynamic for a size known only at run time.
  int64_t m = 0, n = 0, k = 0;

  int64_t lanes() const { return wavesM * wavesN * kWaveSize; }
  int64_t waveRows() const { return bm / wavesM; }
  int64_t waveCols() const { return bn / wavesN; }
  int64_t laneRows() const { return waveRows() / kLanesM; } // TM
  int64_t laneCols() const { return waveCols() / kLanesN; } // TN
  int64_t subTilesM() const { return laneRows() / kSubTile; }
  int64_t subTilesN() const { return laneCols() / kSubTile; }
  bool isDynamic() const {
    return ShapedType::isDynamic(m) || ShapedType::isDynamic(n) ||
           ShapedType::isDynamic(k);
  }
  /// Edge tiles: the last workgroup row (column) is shifted back to end at
  /// m (n), overlapping its neighbour, so that every load stays inside A and
  /// B; its epilogue stores only the part its neighbour does not own. A
  /// dynamic size may leave one.
  bool mayHaveEdgeRows() const { return !isMultiple(m, bm); }
  bool mayHaveEdgeCols() const { return !isMultiple(n, bn); }
  bool hasEdgeTiles() const { return mayHaveEdgeRows() || mayHaveEdgeCols(); }
  /// The K loop covers whole slices; the rest (k % bk < bk steps) is a tail
  /// after it, which a dynamic k may have.
  bool mayHaveKTail() const { return !isMultiple(k, bk); }
  /// For static sizes only.
  // Not (m + bm - 1) / bm, which overflows for sizes near 2^63.
  int64_t gridM() const { return m / bm + (m % bm != 0); }
  int64_t gridN() const { return n / bn + (n % bn != 0); }
  int64_t fullK() const { return k - k % bk; }
  /// Floats of the A and B K-slices each lane copies to LDS per K step.
  int64_t sliceA() const { return bm * bk / lanes(); }
  int64_t sliceB() const { return bk * bn / lanes(); }

  /// Whether gemm-tile-lanes loads each K step's LDS fragments before the
  /// previous step's FMAs, so that their latency runs under the FMAs, in a
  /// launch of `workgroups` workgroups (0: unknown): for lane tiles of at
  /// most kMaxAheadSums sums, when the busiest CU holds at most
  /// kMaxAheadWavesPerSimd waves per SIMD, too few to hide that latency
  /// behind one another. The second set of fragments costs VGPRs, which
  /// lose more at a higher occupancy than the latency does.
  bool loadsFragmentsAhead(int64_t workgroups) const;

  /// A problem size for a diagnostic: its value, or "?" when dynamic.
  static std::string format(int64_t size) {
    return ShapedType::isDynamic(size) ? "?" : std::to_string(size);
  }
  static bool isMultiple(int64_t extent, int64_t size) {
    return !ShapedType::isDynamic(extent) && extent % size == 0;
  }

  /// Records the configuration and the problem on `launch`.
  void setOnLaunch(gpu::LaunchOp launch) const;
  /// The tile of a launch built by gemm-tile-workgroups, if it is one.
  static std::optional<KernelTile> fromLaunch(gpu::LaunchOp launch);
};

/// How a matmul reads A and B, from its indexing maps: A is M x K (or K x M
/// when transposed), B is K x N (or N x K). C is always M x N.
struct MatmulLayout {
  bool transposeA = false, transposeB = false;
};

/// The layout of a linalg.matmul or linalg.batch_matmul whose indexing maps
/// are the default ones or transpose A and/or B (each batched over the first
/// loop for batch_matmul); nullopt for any other maps (broadcasts, C
/// transposed).
std::optional<MatmulLayout> getMatmulLayout(linalg::LinalgOp op);

/// The layout of `matmul`, or an error on it when it is not one
/// gemm-check-input lets through (not on memrefs, or other indexing maps):
/// the passes' common first check.
FailureOr<MatmulLayout> getCheckedMatmulLayout(linalg::LinalgOp matmul);

/// The same for the indexing maps of a matmul with `batchDims` (0 or 1)
/// leading batch loops, loops in the order (batch,) m, n, k.
std::optional<MatmulLayout> getMatmulLayout(ArrayRef<AffineMap> maps,
                                            unsigned batchDims);

/// A linalg.generic or linalg.contract that computes a matmul or batch
/// matmul, as gemm-specialize-generic recognises it.
struct GenericMatmul {
  /// The op's indexing maps with its loops renamed to the order of
  /// linalg.matmul ((batch,) m, n, k).
  SmallVector<AffineMap> maps;
  unsigned batchDims = 0;
};

/// Matches `op`, a linalg.generic or linalg.contract, against a matmul C +=
/// A x B (batched over at most one loop) that linalg.matmul or
/// linalg.batch_matmul with indexing_maps can express in a layout
/// getMatmulLayout accepts. On failure, writes why to `whyNot` (a phrase
/// that follows "it").
FailureOr<GenericMatmul> matchGenericMatmul(linalg::LinalgOp op,
                                            llvm::raw_ostream &whyNot);

/// The sizes of `matmul`'s loops ((batch,) m, n, k): static where any
/// operand has the dimension static, ShapedType::kDynamic where all have it
/// dynamic (a size the kernel takes as an argument).
SmallVector<int64_t> getLoopSizes(linalg::LinalgOp matmul);

/// The sizes of `matmul`'s loops as index values at `b`'s insertion point:
/// constants where getLoopSizes knows them, else a memref.dim of the first
/// operand that has the loop's dimension.
SmallVector<Value> createLoopSizes(ImplicitLocOpBuilder &b,
                                   linalg::LinalgOp matmul);

/// The problem sizes along the dimensions of operand `role` ("A", "B" or
/// "C") as stored: (batch,) m x k for A (k x m transposed), k x n for B
/// (n x k transposed), m x n for C.
SmallVector<StringRef> getStoredDimNames(StringRef role, bool transposed,
                                         bool batched);

/// What dimension `dim` of a memref of rank `rank` with role `role` holds,
/// per the `gemm.matmul` record: a problem size ("m", "n", "k", "batch")
/// or, with `stride`, a stride ("lda", "batch_stride_a", ...; "" for the
/// unit column stride).
std::string getMatrixDimName(MatmulRecordAttr record, StringRef role,
                             unsigned rank, unsigned dim, bool stride);

/// The indexing maps of a 2-D linalg.matmul with `layout`.
ArrayAttr getMatmulMaps(MLIRContext *ctx, MatmulLayout layout);

/// A linalg.matmul of `a` and `b` into `c` with `layout`.
linalg::MatmulOp createMatmul(OpBuilder &b, Location loc, Value a, Value bMat,
                              Value c, MatmulLayout layout);

/// True when the elementwise epilogue `generic` (ins(T, operands...)
/// outs(C)) reads C.
bool epilogueReadsC(linalg::GenericOp generic);

/// A matmul into a zero-filled temporary T followed by an elementwise
/// linalg.generic that computes C from T, C and further operands (a bias
/// broadcast along M or N, another M x N matrix, a scalar): the form
/// gemm-opt fuses into the kernel's store of C. The generic's inputs are T
/// (identity map), then the operands, each read through a map that keeps
/// some of the loops in order (getEpilogueOperandMaps); its output is C.
struct Epilogue {
  linalg::GenericOp generic; // ins(T, operands...) outs(C), after the matmul.
  memref::AllocOp temp;      // T.
  linalg::FillOp fill;       // T = 0, before the matmul.
  Value c;

  /// True when the result depends on C's old value (beta != 0).
  bool readsC() const { return epilogueReadsC(generic); }
};

/// The epilogue's operands besides T and C, in the order of its inputs.
inline OperandRange getEpilogueOperands(linalg::GenericOp generic) {
  return generic.getInputs().drop_front();
}

/// The indexing maps of the epilogue's operands, in the same order.
SmallVector<AffineMap> getEpilogueOperandMaps(linalg::GenericOp generic);

/// Whether `map`, an epilogue operand's indexing map, reads it along some
/// of the loops, each once and in loop order: (m, n) for an M x N matrix,
/// (n) or (m) for a vector, () for a scalar, with the batch loop first
/// when it is kept.
bool isEpilogueOperandMap(AffineMap map);

/// Erases the temporary `temp`, its fill and deallocation, once nothing else
/// uses it.
void eraseTempIfUnused(memref::AllocOp temp);

/// What the kernels' sums start at, for a matmul into `output` (the
/// epilogue's temporary T, a view of it, or C): the constant T is filled
/// with, +0.0 or -0.0 (the fills gemm-check-input accepts); +0.0 for C. A
/// sum of terms that are all -0.0 is -0.0 from a -0.0 start and +0.0 from a
/// +0.0 one, so the start keeps the program's sign of a zero result.
float getSumStart(Value output);

/// Rewrites the named elementwise linalg ops in `root` (linalg.add,
/// linalg.max, linalg.exp, linalg.elementwise, linalg.broadcast, ...) as
/// linalg.generic, the one form of epilogue gemm-opt fuses: on tensors all
/// of them, and the fills no contraction reads (a ReLU's zeros), so that
/// upstream's elementwise fusion makes one generic of a chain; on memrefs
/// those that read a matmul's output buffer. A matmul's init fill stays.
void generalizeElementwiseOps(Operation *root);

/// The epilogue of `matmul` when its output is such a temporary; the
/// structure only (gemm-check-input checks the body and the fill value).
std::optional<Epilogue> getEpilogue(linalg::LinalgOp matmul);

/// The epilogue's body applied to `t`, its operands' elements `operands`
/// (loadEpilogueOperands) and `c`, scalars or vectors (the body then applies
/// elementwise), built at `b`'s insertion point; `c` may be null when the
/// body does not read C.
Value buildEpilogue(OpBuilder &b, linalg::GenericOp generic, Value t,
                    ValueRange operands, Value c);

/// The elements of epilogue operand `memref`, read through `map` (over the
/// generic's loops, isEpilogueOperandMap) at `at` (an index per result of
/// `map`): a scalar, or with `vectorType` a vector of consecutive elements
/// when `map` reads it along the last loop, else one element broadcast. The
/// vectors stay inside the buffers because the kernels' tiles do.
Value loadEpilogueOperand(OpBuilder &b, Location loc, Value memref,
                          AffineMap map, ValueRange at,
                          VectorType vectorType = nullptr);

/// loadEpilogueOperand of each of the epilogue's operands at element
/// `indices` of its output (the loops, in the generic's loop order).
SmallVector<Value> loadEpilogueOperands(OpBuilder &b, Location loc,
                                        linalg::GenericOp generic,
                                        ValueRange indices,
                                        VectorType vectorType = nullptr);

/// Stores a scalar sum of A x B into element `indices` of C: the epilogue
/// applied to it and C's old value (loaded only when the epilogue reads
/// it) into the epilogue's C, or without one, C + sum into `c`.
void storeSum(OpBuilder &b, Location loc,
              const std::optional<Epilogue> &epilogue, Value c,
              ValueRange indices, Value sum);
/// storeSum in two halves, so that several loads can be in flight before
/// their stores: C's old value at `indices` (null when the epilogue does not
/// read it), then the sum stored over it.
Value loadOldC(OpBuilder &b, Location loc,
               const std::optional<Epilogue> &epilogue, Value c,
               ValueRange indices);
void storeSumOver(OpBuilder &b, Location loc,
                  const std::optional<Epilogue> &epilogue, Value c,
                  ValueRange indices, Value sum, Value old);

/// True when a matrix of `matmul` (or of its epilogue) has a dynamic size or
/// stride, so that the tiled kernel's preconditions depend on run-time
/// values.
bool hasDynamicLayout(linalg::LinalgOp matmul,
                      const std::optional<Epilogue> &epilogue);

/// What a split tail and stream-K need of the matmul and its epilogue, or
/// why not (to `whyNot`, a phrase that says what they cover, `covered`): a
/// static layout (their grid is fixed at compile time), and sums that start
/// at +0.0 (each part starts there; the sign of an all -0.0 sum from a -0.0
/// fill would be lost). gemm-select-config asks it before it splits.
LogicalResult checkPartialSumsInputs(linalg::LinalgOp matmul,
                                     llvm::raw_ostream &whyNot,
                                     StringRef covered);

/// Whether gemm-tile-workgroups can tile a matmul of `layout` with `tile`'s
/// workgroup tile and wave grid (the sizes aside), or why not: a phrase
/// that starts "cannot be tiled with".
LogicalResult checkTileFits(const KernelTile &tile, MatmulLayout layout,
                            llvm::raw_ostream &whyNot);

/// The grid of a split-tail launch (gemm-tile-workgroups). A grid of T
/// tiles on U CUs runs T / U whole rounds and a last round of T % U tiles,
/// which leaves the other CUs idle for a whole tile's time: the tiles of
/// the whole rounds get a workgroup each, and each tail tile is split into
/// `parts` K ranges, a workgroup each, whose sums a second kernel adds into
/// C in a fixed order (so the result does not depend on timing).
struct SplitTailGrid {
  int64_t tilesN = 0;       // Tiles along N.
  int64_t wholeTiles = 0;   // Tiles of the whole rounds, one workgroup each.
  int64_t tailTiles = 0;    // Tiles split into K parts.
  int64_t parts = 1;        // K parts of a tail tile.
  int64_t stepsPerPart = 0; // K steps (of bk) of every part but the last.

  int64_t workgroups() const { return wholeTiles + tailTiles * parts; }
  /// Rows of the workspace, one bm x bn sum per tail workgroup.
  int64_t workspaceRows(int64_t bm) const { return tailTiles * parts * bm; }
};

/// The split-tail grid of `tile` (static sizes, its splitTail and
/// computeUnits) into `parts` K parts, or why there is none (a phrase that
/// follows "the tail cannot be split: ").
FailureOr<SplitTailGrid> getSplitTailGrid(const KernelTile &tile, int64_t parts,
                                          llvm::raw_ostream &whyNot);

/// The cycles a kernel launched after another adds on `target` (a split
/// tail's reduction, stream-K's fix-up, the skinny kernel's sum of K parts):
/// its launch gap, and its `bytes` at the DRAM's rate, at the boost clock.
double estimateSecondKernelCycles(const ::gemm::TargetInfo &target,
                                  double bytes);

/// The K parts gemm-select-config gives the tail tiles of `tile`: of 1 (no
/// split) and the counts with parts of at least kMinAutoSplitTailSteps K
/// steps, the one with the shortest estimate (the busiest CU's K steps,
/// its drain included, at the peak rate, plus the reduction kernel's
/// bytes at the peak bandwidth and its launch). A grid of fewer tiles
/// than CUs is all tail: split-K.
int64_t chooseSplitTail(const KernelTile &tile);

/// The grid of a stream-K launch (gemm-tile-workgroups). As in the split
/// tail, the tiles of the whole rounds get a workgroup each, over all of K.
/// The tailTiles * stepsPerTile K steps of the other tiles, counted tile
/// by tile (global iteration t * stepsPerTile + s is step s of tail tile
/// t), are shared by `streamWorkgroups` workgroups in contiguous ranges:
/// the first `longRanges` take one step more than the others. A range may
/// span tiles: its workgroup multiplies one segment (the range's part of
/// one tile) after another, each into its own workspace slot, and a
/// second kernel adds each tile's partial sums into C in workgroup order.
struct StreamKGrid {
  int64_t tilesN = 0;           // Tiles along N.
  int64_t tilesPerBatch = 0;    // Tiles of one matrix of a batch.
  int64_t wholeTiles = 0;       // Tiles of the whole rounds.
  int64_t tailTiles = 0;        // Tiles shared by the stream-K workgroups.
  int64_t stepsPerTile = 0;     // K steps (of bk) of a tile.
  int64_t streamWorkgroups = 0; // G.
  int64_t stepsPerRange = 0;    // K steps of a short range.
  int64_t longRanges = 0;       // Ranges of stepsPerRange + 1 steps.

  int64_t iterations() const { return tailTiles * stepsPerTile; }
  int64_t workgroups() const { return wholeTiles + streamWorkgroups; }
  /// The global iterations [begin, end) of stream-K workgroup `g`.
  int64_t rangeBegin(int64_t g) const {
    return g * stepsPerRange + std::min(g, longRanges);
  }
  int64_t rangeEnd(int64_t g) const { return rangeBegin(g + 1); }
  /// The stream-K workgroup whose range holds global iteration `i`.
  int64_t owner(int64_t i) const {
    int64_t longSteps = longRanges * (stepsPerRange + 1);
    return i < longSteps ? i / (stepsPerRange + 1)
                         : longRanges + (i - longSteps) / stepsPerRange;
  }
  /// The most tiles one range touches: a range of L steps meets at most
  /// ceil((L - 1) / stepsPerTile) + 1 tiles.
  int64_t maxSegments() const {
    int64_t longest = stepsPerRange + (longRanges != 0);
    return (longest - 1 + stepsPerTile - 1) / stepsPerTile + 1;
  }
  /// Workspace slot of workgroup g's segment of tail tile t: g + t. Slots
  /// do not collide: a later workgroup starts at or after the tile where an
  /// earlier one ends.
  int64_t slots() const { return streamWorkgroups + tailTiles - 1; }
  int64_t workspaceRows(int64_t bm) const { return slots() * bm; }
};

/// The stream-K grid of `tile` (static sizes, its computeUnits) over
/// `batch` matrices, whose tiles are numbered matrix by matrix: one
/// stream-K workgroup per CU, fewer when the tail has fewer K steps than
/// CUs, or why there is none (a phrase that follows "stream-K cannot
/// share the tail: ").
FailureOr<StreamKGrid> getStreamKGrid(const KernelTile &tile,
                                      llvm::raw_ostream &whyNot,
                                      int64_t batch = 1);

/// Index arithmetic with constants folded in at build time.
struct IndexMath {
  ImplicitLocOpBuilder &b;

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
};

/// Where a workgroup's tile really starts along a dimension of `extent`,
/// given the start of the part it owns (`owned`, a multiple of `size`): the
/// last tile, which owns fewer than `size` rows or columns, is shifted back
/// to end at `extent` so that it loads only elements inside A and B and runs
/// the same K loop as the others; its epilogue stores only the part it owns.
/// A dynamic `extent` must be at least `size` (gemm-tile-workgroups guards
/// the launch with that).
Value getShiftedTileStart(ImplicitLocOpBuilder &b, Value owned, int64_t size,
                          OpFoldResult extent);

/// getShiftedTileStart of a slice `view` of a matrix along `dim`: the
/// owned start is the view's offset, the extent the matrix's.
Value getShiftedSliceStart(ImplicitLocOpBuilder &b, memref::SubViewOp view,
                           unsigned dim, int64_t size);

/// The K loop of a tiled launch: the scf.for directly in its body, or in a
/// stream-K launch the one directly in its segment loop (the scf.for
/// marked with GemmDialect::getSegmentsAttrName()).
scf::ForOp getKLoop(gpu::LaunchOp launch);

/// A launch built by gemm-tile-workgroups, with its tile and K loop.
struct TiledLaunch {
  gpu::LaunchOp launch;
  KernelTile tile;
  scf::ForOp loop;
};

/// The launches under `root` that gemm-tile-workgroups built, in order.
SmallVector<TiledLaunch, 2> getTiledLaunches(Operation *root);

/// True for a memref whose sizes, strides and offset are all static: what
/// the bare-pointer calling convention can pass, and what needs no run-time
/// check of the tiled kernel's preconditions.
bool hasStaticLayout(MemRefType type);

/// True for a memref in LDS (the GPU workgroup address space).
bool isWorkgroupMemory(Value memref);

/// The barriers directly in `loop`'s body, in order.
SmallVector<gpu::BarrierOp> getBarriers(scf::ForOp loop);

} // namespace mlir::gemm

#endif // GEMM_OPT_LIB_PASSES_KERNELTILE_H
