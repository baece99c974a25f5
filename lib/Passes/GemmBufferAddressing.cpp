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

/// True when `value` is the same in every lane and, unlike the workgroup id,
/// may change inside the kernel (the K loop's induction variable and what is
/// computed from it). Everything else stays in the VGPR part, which is
/// always correct.
static bool isUniformTerm(Value value, gpu::LaunchOp launch) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg != loop.getInductionVar())
      return false;
    return llvm::all_of(
        ValueRange{loop.getLowerBound(), loop.getUpperBound(), loop.getStep()},
        [&](Value bound) { return isUniformTerm(bound, launch); });
  }
  Operation *def = value.getDefiningOp();
  if (!launch->isProperAncestor(def))
    return true;
  if (isa<arith::ConstantOp>(def))
    return true;
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivUIOp,
           arith::RemUIOp, arith::MinUIOp, arith::MaxUIOp, arith::IndexCastOp>(
          def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isUniformTerm(operand, launch);
  });
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

/// Rewrites one load; returns false when it cannot be a buffer load.
static bool rewriteLoad(memref::LoadOp load, gpu::LaunchOp launch) {
  auto type = cast<MemRefType>(load.getMemRefType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type.hasStaticShape() || !type.getElementType().isF32() ||
      failed(type.getStridesAndOffset(strides, offset)) || offset != 0)
    return false;

  ImplicitLocOpBuilder b(load.getLoc(), load);
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
  for (auto [index, stride] : llvm::zip_equal(load.getIndices(), strides)) {
    SplitIndex split;
    splitIndex(index, launch, split);
    Value lane;
    for (Value term : split.laneTerms)
      lane = lane ? arith::AddIOp::create(b, lane, term) : term;
    laneIndices.push_back(lane ? toI32(lane) : constI32(0));
    for (Value term : split.uniformTerms) {
      Value product = toI32(term);
      if (stride != 1)
        product = arith::MulIOp::create(b, product, constI32(stride));
      uniformProducts.push_back(product);
    }
    uniformConstant += split.constant * stride;
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
      b, type.getElementType(), load.getMemRef(), laneIndices,
      /*boundsCheck=*/true, /*indexOffset=*/nullptr, sgprOffset);
  load.replaceAllUsesWith(value);
  SmallVector<Value> oldIndices(load.getIndices());
  load.erase();
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

void GemmBufferAddressingPass::runOnOperation() {
  for (TiledLaunch &tiled : getTiledLaunches(getOperation())) {
    gpu::LaunchOp launch = tiled.launch;
    SmallVector<memref::LoadOp> loads;
    launch.walk([&](memref::LoadOp load) {
      // Global memory only: the kernel's arguments, defined outside.
      if (!isWorkgroupMemory(load.getMemRef()) &&
          !launch->isAncestor(
              load.getMemRef().getParentRegion()->getParentOp()))
        loads.push_back(load);
    });
    for (memref::LoadOp load : loads) {
      if (!rewriteLoad(load, launch)) {
        load.emitOpError() << "cannot be a raw buffer load: it needs a "
                              "static f32 memref with an identity layout";
        return signalPassFailure();
      }
    }
  }
}
