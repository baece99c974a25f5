//===- GemmBufferAddressing.cpp - Global loads as raw buffer loads --------===//
//
// Rewrites the kernel's scalar loads of A and B into amdgpu.raw_buffer_load,
// splitting each index into a part that depends on the lane (the VGPR offset,
// loop-invariant) and a uniform part (the K step, the load's row: an SGPR
// offset), as walkthrough kernel 8 does by hand. A global_load needs a 64-bit
// VGPR address per load, recomputed every K step with 64-bit VALU adds; a
// buffer load takes its base from the SGPR resource and adds the SGPR offset
// in the memory unit, so the loop keeps no VALU address arithmetic.
//
// Upstream MLIR 22 has no pass that turns memref loads into buffer loads (the
// AMDGPU dialect's passes fold memref ops and emulate atomics); the op itself,
// amdgpu.raw_buffer_load, and its ROCDL lowering are upstream's.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMBUFFERADDRESSING
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

struct GemmBufferAddressingPass
    : public mlir::gemm::impl::GemmBufferAddressingBase<
          GemmBufferAddressingPass> {
  using Base::Base;

  void runOnOperation() override;
};

/// The terms of an index that is a sum, split by who computes them.
struct SplitIndex {
  SmallVector<Value> laneTerms;    // Depend on the lane or the workgroup.
  SmallVector<Value> uniformTerms; // The same for every lane of every wave.
  int64_t constant = 0;
};

} // namespace

/// Integer arithmetic that is uniform when its operands are.
static bool isUniformArithmetic(Operation *op) {
  return isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivUIOp,
             arith::RemUIOp, arith::MinUIOp, arith::MaxUIOp>(op);
}

static bool isUniformTerm(Value value, gpu::LaunchOp launch,
                          llvm::SmallPtrSetImpl<void *> &assumed,
                          bool workgroupIdsUniform = false);
static bool isUniformTerm(Value value, gpu::LaunchOp launch,
                          bool workgroupIdsUniform = false) {
  llvm::SmallPtrSet<void *, 8> assumed;
  return isUniformTerm(value, launch, assumed, workgroupIdsUniform);
}

/// True when `loop`'s bounds and step are uniform. Here the workgroup id
/// counts as uniform: a split-tail launch computes each workgroup's K range
/// from it (gemm-tile-workgroups), and the induction variable is still the
/// same in every lane, so the K step stays in the SGPR offset.
static bool hasUniformBounds(scf::ForOp loop, gpu::LaunchOp launch) {
  return llvm::all_of(
      ValueRange{loop.getLowerBound(), loop.getUpperBound(), loop.getStep()},
      [&](Value bound) {
        return isUniformTerm(bound, launch, /*workgroupIdsUniform=*/true);
      });
}

/// True when `value` is the same in every lane and, unlike the workgroup id,
/// may change inside the kernel (the K loop's induction variable and what is
/// computed from it). Everything else stays in the VGPR part, which is
/// always correct.
static bool isUniformTerm(Value value, gpu::LaunchOp launch,
                          llvm::SmallPtrSetImpl<void *> &assumed,
                          bool workgroupIdsUniform) {
  auto isUniform = [&](Value operand) {
    return isUniformTerm(operand, launch, assumed, workgroupIdsUniform);
  };
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (workgroupIdsUniform && parent == launch.getOperation()) {
      gpu::KernelDim3 ids = launch.getBlockIds();
      if (arg == ids.x || arg == ids.y || arg == ids.z)
        return true;
    }
    if (auto loop = dyn_cast<scf::ForOp>(parent))
      return arg == loop.getInductionVar() && hasUniformBounds(loop, launch);
    // The counter of a dynamic K tail (gemm-tile-lanes): uniform when its
    // initial and next values are, assuming it is while checking those.
    auto loop = dyn_cast<scf::WhileOp>(parent);
    if (!loop || arg.getOwner() != loop.getBeforeBody())
      return false;
    if (!assumed.insert(arg.getAsOpaquePointer()).second)
      return true;
    unsigned index = arg.getArgNumber();
    if (loop.getYieldOp()->getOperand(index) != loop.getAfterArguments()[index])
      return false;
    Value next = loop.getConditionOp().getArgs()[index];
    return isUniform(loop.getInits()[index]) && isUniform(next);
  }
  Operation *def = value.getDefiningOp();
  if (!launch->isProperAncestor(def))
    return true;
  if (isa<arith::ConstantOp>(def))
    return true;
  // The sizes and strides of the kernel's arguments (dynamic sizes).
  if (isa<memref::DimOp, memref::ExtractStridedMetadataOp>(def))
    return !launch->isAncestor(
        def->getOperand(0).getParentRegion()->getParentOp());
  if (!isUniformArithmetic(def) &&
      !isa<arith::IndexCastOp, arith::SelectOp, arith::CmpIOp>(def))
    return false;
  return llvm::all_of(def->getOperands(), isUniform);
}

static void splitIndex(Value index, gpu::LaunchOp launch, SplitIndex &split) {
  if (auto add = index.getDefiningOp<arith::AddIOp>()) {
    splitIndex(add.getLhs(), launch, split);
    splitIndex(add.getRhs(), launch, split);
    return;
  }
  if (auto constant = index.getDefiningOp<arith::ConstantIndexOp>()) {
    split.constant += constant.value();
    return;
  }
  if (isUniformTerm(index, launch))
    split.uniformTerms.push_back(index);
  else
    split.laneTerms.push_back(index);
}

/// Rebuilds the uniform `value` in i32 rather than casting it once computed:
/// SALU has no 64-bit unsigned compare, so an index-typed min (the clamp of
/// the prefetched K slice) would become a v_cmp_gt_u64 in the loop, where an
/// i32 min is one s_min_u32. i32 is exact here because a raw buffer covers at
/// most 4 GiB, so every offset and every term of it fits in 32 bits.
static Value buildUniformI32(Value value, ImplicitLocOpBuilder &b,
                             gpu::LaunchOp launch) {
  Type i32 = b.getI32Type();
  if (auto constant = value.getDefiningOp<arith::ConstantIndexOp>())
    return arith::ConstantIntOp::create(b, i32, constant.value());
  Operation *def = value.getDefiningOp();
  if (!def || !launch->isProperAncestor(def))
    return arith::IndexCastOp::create(b, i32, value);
  if (auto cast = dyn_cast<arith::IndexCastOp>(def))
    if (cast.getIn().getType().isInteger(32))
      return cast.getIn();
  // The condition stays as it is; the values become i32.
  if (auto select = dyn_cast<arith::SelectOp>(def))
    return arith::SelectOp::create(
        b, select.getCondition(),
        buildUniformI32(select.getTrueValue(), b, launch),
        buildUniformI32(select.getFalseValue(), b, launch));
  if (!isUniformArithmetic(def))
    return arith::IndexCastOp::create(b, i32, value);
  SmallVector<Value> operands;
  for (Value operand : def->getOperands())
    operands.push_back(buildUniformI32(operand, b, launch));
  OperationState state(def->getLoc(), def->getName(), operands, {i32},
                       /*attributes=*/{});
  return b.create(state)->getResult(0);
}

/// The strides of `memref` (a kernel argument): integers, or when dynamic i32
/// values from a memref.extract_strided_metadata at the start of `launch`'s
/// body; empty when its offset is not 0.
static SmallVector<OpFoldResult> getStridesI32(Value memref,
                                               gpu::LaunchOp launch) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || offset != 0)
    return {};
  Block &body = launch.getBody().front();
  ImplicitLocOpBuilder b(memref.getLoc(), &body, body.begin());
  memref::ExtractStridedMetadataOp metadata;
  SmallVector<OpFoldResult> values;
  for (auto [dim, stride] : llvm::enumerate(strides)) {
    if (!ShapedType::isDynamic(stride)) {
      values.push_back(b.getIndexAttr(stride));
      continue;
    }
    if (!metadata) {
      metadata = memref::ExtractStridedMetadataOp::create(b, memref);
      b.setInsertionPointAfter(metadata);
    }
    values.push_back(arith::IndexCastOp::create(b, b.getI32Type(),
                                                metadata.getStrides()[dim])
                         .getResult());
  }
  return values;
}

/// A global load of A or B: a float (memref.load) or consecutive floats
/// (vector.load, gemm-stage-lds's loads along M or N).
struct GlobalLoad {
  Operation *op;
  Value memref;
  ValueRange indices;

  GlobalLoad(memref::LoadOp load)
      : op(load), memref(load.getMemRef()), indices(load.getIndices()) {}
  GlobalLoad(vector::LoadOp load)
      : op(load), memref(load.getBase()), indices(load.getIndices()) {}
  MemRefType getMemRefType() const {
    return cast<MemRefType>(memref.getType());
  }
};

/// Rewrites one load with the strides of its memref (getStridesI32);
/// returns false when it cannot be a buffer load.
static bool rewriteLoad(GlobalLoad load, gpu::LaunchOp launch,
                        ArrayRef<OpFoldResult> strides) {
  auto type = load.getMemRefType();
  if (!type.getElementType().isF32() || strides.empty())
    return false;

  ImplicitLocOpBuilder b(load.op->getLoc(), load.op);
  Type i32 = b.getI32Type();
  auto toI32 = [&](Value v) -> Value {
    return arith::IndexCastOp::create(b, i32, v);
  };
  auto constI32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  SmallVector<Value> laneIndices;
  SmallVector<Value> uniformProducts;
  int64_t uniformConstant = 0;
  for (auto [index, stride] : llvm::zip_equal(load.indices, strides)) {
    SplitIndex split;
    splitIndex(index, launch, split);
    Value lane;
    for (Value term : split.laneTerms)
      lane = lane ? arith::AddIOp::create(b, lane, term) : term;
    laneIndices.push_back(lane ? toI32(lane) : constI32(0));
    std::optional<int64_t> staticStride = getConstantIntValue(stride);
    for (Value term : split.uniformTerms) {
      Value product = buildUniformI32(term, b, launch);
      if (staticStride != 1)
        product = arith::MulIOp::create(b, product,
                                        staticStride ? constI32(*staticStride)
                                                     : cast<Value>(stride));
      uniformProducts.push_back(product);
    }
    if (staticStride)
      uniformConstant += split.constant * *staticStride;
    else if (split.constant != 0)
      uniformProducts.push_back(arith::MulIOp::create(
          b, constI32(split.constant), cast<Value>(stride)));
  }
  Value sgprOffset;
  for (Value product : uniformProducts)
    sgprOffset =
        sgprOffset ? arith::AddIOp::create(b, sgprOffset, product) : product;
  if (uniformConstant != 0)
    sgprOffset = sgprOffset ? arith::AddIOp::create(b, sgprOffset,
                                                    constI32(uniformConstant))
                            : constI32(uniformConstant);
  Value value = amdgpu::RawBufferLoadOp::create(
      b, load.op->getResult(0).getType(), load.memref, laneIndices,
      /*boundsCheck=*/true, /*indexOffset=*/nullptr, sgprOffset);
  load.op->getResult(0).replaceAllUsesWith(value);
  SmallVector<Value> oldIndices(load.indices);
  load.op->erase();
  // The old index arithmetic is dead unless something else shares it.
  while (!oldIndices.empty()) {
    Operation *def = oldIndices.pop_back_val().getDefiningOp();
    if (!def || !def->use_empty() || !isPure(def))
      continue;
    llvm::append_range(oldIndices, def->getOperands());
    def->erase();
  }
  return true;
}

/// Counts a loop with uniform bounds (the K loop, an inner K loop) in i32.
/// The loop's exit test is an unsigned less-than,
/// which SALU has only in 32 bits: on an index (64-bit) counter it becomes a
/// v_cmp_gt_u64 per iteration. The counter and bounds are uniform, so after
/// this the whole loop control stays scalar.
static void narrowLoopCounter(scf::ForOp loop, gpu::LaunchOp launch) {
  if (!loop.getInductionVar().getType().isIndex() ||
      !hasUniformBounds(loop, launch))
    return;
  ImplicitLocOpBuilder b(loop.getLoc(), loop);
  Value lowerBound = buildUniformI32(loop.getLowerBound(), b, launch);
  Value upperBound = buildUniformI32(loop.getUpperBound(), b, launch);
  Value step = buildUniformI32(loop.getStep(), b, launch);
  loop.getLowerBoundMutable().assign(lowerBound);
  loop.getUpperBoundMutable().assign(upperBound);
  loop.getStepMutable().assign(step);
  Value counter = loop.getInductionVar();
  counter.setType(b.getI32Type());
  b.setInsertionPointToStart(loop.getBody());
  Value index = arith::IndexCastOp::create(b, b.getIndexType(), counter);
  counter.replaceAllUsesExcept(index, index.getDefiningOp());
}

/// A raw buffer addresses at most 4 GiB (its size field and offsets are 32
/// bits): 2^30 f32 elements.
static constexpr int64_t kMaxBufferElements = int64_t(1) << 30;

/// Makes sure each of `matrices` spans fewer than kMaxBufferElements: a
/// static span is checked here; a dynamic one becomes a condition of the
/// scf.if that gemm-tile-workgroups put around `launch` on the host, so that
/// larger matrices run its fallback. Returns the reason when the launch must
/// keep global loads.
static std::optional<std::string> requireBufferSpans(gpu::LaunchOp launch,
                                                     ArrayRef<Value> matrices) {
  auto guard = dyn_cast<scf::IfOp>(launch->getParentOp());
  if (guard && launch->getParentRegion() != &guard.getThenRegion())
    guard = nullptr;
  // First every check, so that a launch that keeps global loads gets no
  // host code.
  SmallVector<Value> dynamicSpans;
  for (Value matrix : matrices) {
    auto type = cast<MemRefType>(matrix.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)))
      return "a matrix has no strided layout";
    // The outermost dimension spans the others (gemm-check-input rejects
    // overlapping strides).
    int64_t size = type.getDimSize(0), stride = strides[0];
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(stride)) {
      if (size * stride >= kMaxBufferElements)
        return llvm::formatv("{0} spans {1} elements; a raw buffer addresses "
                             "fewer than {2} (4 GiB)",
                             type, size * stride, kMaxBufferElements)
            .str();
      continue;
    }
    // Host values, at the guard.
    bool onHost = false;
    if (guard) {
      if (auto arg = dyn_cast<BlockArgument>(matrix))
        onHost = arg.getOwner()->getParentOp()->isAncestor(guard);
      else if (Operation *def = matrix.getDefiningOp())
        onHost =
            def->getBlock() == guard->getBlock() && def->isBeforeInBlock(guard);
    }
    if (!onHost)
      return llvm::formatv("{0} has a dynamic span and the launch has no host "
                           "guard to check it against the 4 GiB a raw buffer "
                           "addresses",
                           type)
          .str();
    dynamicSpans.push_back(matrix);
  }
  if (dynamicSpans.empty())
    return std::nullopt;
  ImplicitLocOpBuilder b(launch.getLoc(), guard);
  SmallVector<std::pair<Value, Value>> sizesAndStrides;
  for (Value matrix : dynamicSpans) {
    auto type = cast<MemRefType>(matrix.getType());
    int64_t size = type.getDimSize(0);
    int64_t stride = type.getStridesAndOffset().first[0];
    Value sizeValue = ShapedType::isDynamic(size)
                          ? memref::DimOp::create(b, matrix, 0).getResult()
                          : arith::ConstantIndexOp::create(b, size).getResult();
    Value strideValue =
        ShapedType::isDynamic(stride)
            ? Value(memref::ExtractStridedMetadataOp::create(b, matrix)
                        .getStrides()[0])
            : arith::ConstantIndexOp::create(b, stride).getResult();
    sizesAndStrides.push_back({sizeValue, strideValue});
  }
  for (auto [size, stride] : sizesAndStrides) {
    Value span = arith::MulIOp::create(b, size, stride);
    Value fits = arith::CmpIOp::create(
        b, arith::CmpIPredicate::ult, span,
        arith::ConstantIndexOp::create(b, kMaxBufferElements));
    guard.getConditionMutable().assign(
        arith::AndIOp::create(b, guard.getCondition(), fits));
  }
  return std::nullopt;
}

void GemmBufferAddressingPass::runOnOperation() {
  for (TiledLaunch &tiled : getTiledLaunches(getOperation())) {
    if (tiled.tile.addressing != Addressing::Buffer)
      continue;
    gpu::LaunchOp launch = tiled.launch;
    launch.walk([&](scf::ForOp loop) { narrowLoopCounter(loop, launch); });
    SmallVector<GlobalLoad> loads;
    auto addIfGlobal = [&](GlobalLoad load) {
      // Global memory only: the kernel's arguments, defined outside. A
      // scalar (a fused epilogue's 0-d operand) is one load per lane, no
      // address arithmetic to save.
      if (!isWorkgroupMemory(load.memref) &&
          load.getMemRefType().getRank() != 0 &&
          !launch->isAncestor(load.memref.getParentRegion()->getParentOp()))
        loads.push_back(load);
    };
    // A's and B's vector loads (gemm-stage-lds's, along M or N): those of
    // the global memrefs the K loop loads vectors of, wherever the prefetch
    // put them. C's vector loads after the loop stay global loads.
    llvm::SmallDenseSet<Value> vectorLoaded;
    tiled.loop.walk([&](vector::LoadOp load) {
      if (!isWorkgroupMemory(load.getBase()))
        vectorLoaded.insert(load.getBase());
    });
    launch.walk([&](Operation *op) {
      if (auto load = dyn_cast<memref::LoadOp>(op))
        addIfGlobal(load);
      else if (auto load = dyn_cast<vector::LoadOp>(op);
               load && vectorLoaded.contains(load.getBase()))
        addIfGlobal(load);
    });
    llvm::SetVector<Value> matrices;
    for (const GlobalLoad &load : loads)
      matrices.insert(load.memref);
    if (std::optional<std::string> reason =
            requireBufferSpans(launch, matrices.getArrayRef())) {
      emitRemark(launch.getLoc()) << "gemm-buffer-addressing keeps global "
                                     "loads: "
                                  << *reason;
      continue;
    }
    DenseMap<Value, SmallVector<OpFoldResult>> strides;
    for (GlobalLoad &load : loads) {
      Value memref = load.memref;
      if (!strides.contains(memref))
        strides[memref] = getStridesI32(memref, launch);
      if (!rewriteLoad(load, launch, strides[memref])) {
        load.op->emitOpError() << "cannot be a raw buffer load: it needs an "
                                  "f32 memref with offset 0";
        return signalPassFailure();
      }
    }
  }
}
