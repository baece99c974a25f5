//===- GemmPrefetch.cpp - Load the next K-slice during the multiply -------===//
//
// Double buffering of the K loop that gemm-stage-lds and gemm-tile-lanes
// produce (load the slice, store it to LDS, barrier, multiply, barrier):
//
// - registers: the slice of step i + 1 is loaded into VGPRs while step i
//   multiplies, and stored to LDS at the start of step i + 1 (walkthrough
//   kernel 4);
// - lds: the LDS tiles get two stages; step i multiplies stage i % 2 and
//   stores the next slice into the other, so one barrier per step remains.
//
// scf's software pipeliner (scf::pipelineForLoop) would peel the last
// iteration, duplicating the whole unrolled multiply, or predicate the loads,
// which splits the loop body into several blocks and defeats the late VOPD
// pass; on the staged loop upstream's transform.loop.pipeline fails outright
// (test/lit/Passes/upstream-loop-pipelining.mlir). Instead the last step
// reloads its own slice: the loop body stays one straight-line block for one
// redundant slice load per kernel.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMPREFETCH
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

struct GemmPrefetchPass
    : public mlir::gemm::impl::GemmPrefetchBase<GemmPrefetchPass> {
  using Base::Base;

  void runOnOperation() override;
};

/// The parts of a staged K loop body.
struct StagedLoop {
  gpu::BarrierOp afterStore, afterMultiply;
  SmallVector<memref::StoreOp> ldsStores;
  /// What the stores store: the vector.from_elements of a lane's slice
  /// (gemm-stage-lds), or, after canonicalization, single global loads of a
  /// float or of consecutive floats.
  SmallVector<Operation *> slices;
  /// The slices and everything in the body they are computed from, in order.
  SmallVector<Operation *> loadOps;
  /// The stores and everything in the body they are computed from, in order.
  SmallVector<Operation *> storeOps;
};

} // namespace

/// The ops of `body` that `roots` are computed from, roots included, in
/// program order.
static SmallVector<Operation *> getBodySlice(Block *body,
                                             ArrayRef<Operation *> roots) {
  llvm::SmallPtrSet<Operation *, 32> inSlice;
  SmallVector<Operation *> worklist(roots);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (op->getBlock() != body || !inSlice.insert(op).second)
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        worklist.push_back(def);
  }
  SmallVector<Operation *> ordered;
  for (Operation &op : *body)
    if (inSlice.contains(&op))
      ordered.push_back(&op);
  return ordered;
}

static FailureOr<StagedLoop> analyze(scf::ForOp loop) {
  StagedLoop staged;
  SmallVector<gpu::BarrierOp> barriers = getBarriers(loop);
  if (barriers.size() != 2)
    return loop.emitOpError()
           << "has " << barriers.size()
           << " barriers; gemm-prefetch expects the staged K loop of "
              "gemm-stage-lds (store, barrier, multiply, barrier)";
  staged.afterStore = barriers[0];
  staged.afterMultiply = barriers[1];
  SmallVector<Operation *> storeRoots, sliceRoots;
  for (Operation &op : *loop.getBody()) {
    if (&op == staged.afterStore.getOperation())
      break;
    auto store = dyn_cast<memref::StoreOp>(op);
    if (!store || !isWorkgroupMemory(store.getMemRef()))
      continue;
    staged.ldsStores.push_back(store);
    storeRoots.push_back(store);
    Operation *slice = store.getValueToStore().getDefiningOp();
    if (auto extract = dyn_cast_or_null<vector::ExtractOp>(slice))
      slice = extract.getSource().getDefiningOp();
    if (!isa_and_nonnull<vector::FromElementsOp, memref::LoadOp, vector::LoadOp,
                         amdgpu::RawBufferLoadOp>(slice))
      return store.emitOpError()
             << "stores a value that is not a loaded slice; gemm-prefetch "
                "expects the copy gemm-stage-lds produces";
    if (!llvm::is_contained(staged.slices, slice)) {
      staged.slices.push_back(slice);
      sliceRoots.push_back(slice);
    }
  }
  if (staged.ldsStores.empty())
    return loop.emitOpError() << "stores nothing to LDS before its first "
                                 "barrier; run gemm-stage-lds first";
  staged.loadOps = getBodySlice(loop.getBody(), sliceRoots);
  staged.storeOps = getBodySlice(loop.getBody(), storeRoots);
  return staged;
}

/// The slice after the one at `k`, clamped to the last one `loop` reaches.
static Value nextSliceK(ImplicitLocOpBuilder &b, const KernelTile &tile,
                        scf::ForOp loop, Value k) {
  IndexMath math{b};
  Value lastSlice =
      ShapedType::isDynamic(tile.k)
          ? arith::SubIOp::create(b, loop.getUpperBound(), math.index(tile.bk))
                .getResult()
          : math.index(tile.fullK() - tile.bk);
  return arith::MinUIOp::create(b, math.add(k, tile.bk), lastSlice);
}

/// Clones `ops` at `b`'s insertion point with the loop's induction variable
/// replaced by `k`.
static void cloneWithK(ImplicitLocOpBuilder &b, ArrayRef<Operation *> ops,
                       scf::ForOp loop, Value k, IRMapping &map) {
  map.map(loop.getInductionVar(), k);
  for (Operation *op : ops)
    b.clone(*op, map);
}

/// The clones of the slices, after cloneWithK.
static SmallVector<Value> getClonedSlices(const StagedLoop &staged,
                                          IRMapping &map) {
  return llvm::map_to_vector(staged.slices, [&](Operation *slice) {
    return map.lookup(slice->getResult(0));
  });
}

/// Erases the ops of `ops` that nothing uses any more, users first.
static void eraseDead(RewriterBase &rewriter, ArrayRef<Operation *> ops) {
  for (Operation *op : llvm::reverse(ops))
    if (op->use_empty())
      rewriter.eraseOp(op);
}

/// Double-buffers the staged K `loop` of `launch` (built for `tile`) as its
/// prefetch mode says, and returns the loop that replaces it (the same one
/// with prefetch=lds or none). Kept apart from the pass, as upstream's
/// transforms are.
static FailureOr<scf::ForOp> prefetchNextSlice(RewriterBase &rewriter,
                                               gpu::LaunchOp launch,
                                               const KernelTile &tile,
                                               scf::ForOp loop) {
  PrefetchMode mode = tile.prefetch;
  // A single K step has no next slice to fetch ahead; prefetching code for it
  // only adds registers (and made the backend spill with prefetch=lds). With
  // k < bk the loop has no step at all, only the tail after it. (A dynamic
  // k is at least 2 bk: gemm-tile-workgroups launches the kernel only then.)
  if (mode == PrefetchMode::None ||
      (!ShapedType::isDynamic(tile.k) && tile.fullK() <= tile.bk))
    return loop;

  FailureOr<StagedLoop> staged = analyze(loop);
  if (failed(staged))
    return failure();
  ImplicitLocOpBuilder b(loop.getLoc(), rewriter);
  b.setInsertionPoint(loop);
  IndexMath math{b};
  Value k = loop.getInductionVar();

  if (mode == PrefetchMode::Registers) {
    // The first slice before the loop; the stores take the slice the previous
    // step loaded, and each step loads the next one after the barrier.
    IRMapping firstMap;
    cloneWithK(b, staged->loadOps, loop, loop.getLowerBound(), firstMap);
    SmallVector<Value> first = getClonedSlices(*staged, firstMap);
    // The loop's first stores need the whole first slice. Waiting for it
    // here, once, spares the loop a wait before each store: LLVM's waits
    // there cover the first iteration only (later ones find the slice loaded
    // before the barrier at the end of the loop), but run in every one.
    // A loop that starts at a K step computed from the workgroup id (a split
    // tail) may, as far as LLVM knows, not run: it guards the loop and sinks
    // the first slice's loads past a wait here. The wait then goes at the
    // top of the loop, where it costs one instruction per step: the previous
    // step's loads were waited for before its barrier.
    if (tile.batchWaits) {
      OpBuilder::InsertionGuard guard(b);
      if (!getConstantIntValue(loop.getLowerBound()))
        b.setInsertionPointToStart(loop.getBody());
      amdgpu::MemoryCounterWaitOp::create(b, /*load=*/b.getI32IntegerAttr(0),
                                          /*store=*/nullptr, /*ds=*/nullptr,
                                          /*exp=*/nullptr, /*tensor=*/nullptr);
    }
    b.setInsertionPointAfter(staged->afterStore);
    IRMapping nextMap;
    cloneWithK(b, staged->loadOps, loop, nextSliceK(b, tile, loop, k), nextMap);
    SmallVector<Value> next = getClonedSlices(*staged, nextMap);
    for (auto [slice, firstSlice] : llvm::zip_equal(staged->slices, first))
      rewriter.replaceAllUsesWith(slice->getResult(0), firstSlice);
    eraseDead(rewriter, staged->loadOps);

    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(loop);
    auto newLoop = loop.replaceWithAdditionalYields(
        rewriter, first, /*replaceInitOperandUsesInLoop=*/true,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument>) { return next; });
    if (failed(newLoop))
      return loop.emitOpError() << "cannot carry the prefetched slice";
    return cast<scf::ForOp>(newLoop->getOperation());
  }

  // Two LDS stages.
  int64_t ldsBytes = 0;
  SmallVector<BlockArgument> tiles(launch.getWorkgroupAttributions());
  for (BlockArgument tileArg : tiles) {
    auto type = cast<MemRefType>(tileArg.getType());
    ldsBytes += 2 * type.getNumElements() * 4;
  }
  if (ldsBytes > kLdsBytes)
    return loop.emitOpError()
           << "needs " << ldsBytes << " bytes of LDS with bk=" << tile.bk
           << " and 2 stage(s); the limit is " << kLdsBytes;
  for (BlockArgument tileArg : tiles)
    for (Operation *user : tileArg.getUsers())
      if (!isa<memref::StoreOp, vector::LoadOp>(user))
        return user->emitOpError()
               << "uses an LDS tile in a way gemm-prefetch cannot stage; "
                  "expected only memref.store and vector.load";

  // Prologue: the first slice into stage 0.
  Value firstStage = math.index(0);
  IRMapping map;
  cloneWithK(b, staged->storeOps, loop, loop.getLowerBound(), map);
  SmallVector<Operation *> prologueStores =
      llvm::map_to_vector(staged->ldsStores, [&](memref::StoreOp store) {
        return map.lookup(store.getOperation());
      });
  gpu::BarrierOp::create(b);

  // Step i: load slice i + 1, multiply stage i % 2, store into the other.
  b.setInsertionPointToStart(loop.getBody());
  // Steps count from the loop's start, which is not 0 in a split tail's
  // later parts.
  Value step = isConstantIntValue(loop.getLowerBound(), 0)
                   ? math.div(k, tile.bk)
                   : math.div(arith::SubIOp::create(b, k, loop.getLowerBound()),
                              tile.bk);
  Value stage = math.rem(step, 2);
  Value nextStage = math.rem(math.add(step, 1), 2);
  IRMapping nextMap;
  cloneWithK(b, staged->loadOps, loop, nextSliceK(b, tile, loop, k), nextMap);
  for (auto [slice, next] :
       llvm::zip_equal(staged->slices, getClonedSlices(*staged, nextMap)))
    rewriter.replaceAllUsesWith(slice->getResult(0), next);
  eraseDead(rewriter, staged->loadOps);
  for (memref::StoreOp store : staged->ldsStores)
    rewriter.moveOpBefore(store, staged->afterMultiply);
  rewriter.eraseOp(staged->afterStore);

  auto withStage = [&](Operation *user, MutableOperandRange indices,
                       Value stageIndex) {
    SmallVector<Value> values{stageIndex};
    llvm::append_range(values, ValueRange(indices));
    rewriter.modifyOpInPlace(user, [&] { indices.assign(values); });
  };
  for (BlockArgument tileArg : tiles) {
    auto type = cast<MemRefType>(tileArg.getType());
    SmallVector<int64_t> shape{2};
    llvm::append_range(shape, type.getShape());
    rewriter.modifyOpInPlace(launch, [&] {
      tileArg.setType(MemRefType::get(shape, type.getElementType(),
                                      MemRefLayoutAttrInterface(),
                                      type.getMemorySpace()));
    });
    for (Operation *user : llvm::to_vector(tileArg.getUsers())) {
      if (auto store = dyn_cast<memref::StoreOp>(user)) {
        withStage(user, store.getIndicesMutable(),
                  llvm::is_contained(prologueStores, user) ? firstStage
                                                           : nextStage);
      } else {
        auto load = cast<vector::LoadOp>(user);
        withStage(user, load.getIndicesMutable(), stage);
      }
    }
  }
  return loop;
}

void GemmPrefetchPass::runOnOperation() {
  IRRewriter rewriter(&getContext());
  for (TiledLaunch &tiled : getTiledLaunches(getOperation()))
    if (failed(
            prefetchNextSlice(rewriter, tiled.launch, tiled.tile, tiled.loop)))
      return signalPassFailure();
}
