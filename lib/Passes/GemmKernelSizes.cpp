//===- GemmKernelSizes.cpp - Dynamic sizes as kernel arguments ------------===//
//
// The pipeline lowers kernels with the bare-pointer calling convention, one
// pointer per matrix, which cannot carry a dynamic size. Upstream's other
// convention passes a full memref descriptor per matrix instead (two
// pointers, offset, sizes and strides: 7 or 9 arguments each, every problem
// size two or three times over). Here each matrix is passed as its base
// pointer and each size the kernel needs as one index argument, the same
// value for every matrix that has it, so that the manifest can name each
// argument (m, n, k, batch, lda, ...).
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMKERNELSIZES
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

using namespace mlir;
using namespace mlir::gemm;

namespace {

struct GemmKernelSizesPass
    : public mlir::gemm::impl::GemmKernelSizesBase<GemmKernelSizesPass> {
  using Base::Base;

  void runOnOperation() override;
};

} // namespace

void GemmKernelSizesPass::runOnOperation() {
  func::FuncOp func = getOperation();
  auto record =
      func->getAttrOfType<MatmulRecordAttr>(GemmDialect::getMatmulAttrName());
  // Also the launches in the scf.if that picks the tiled kernel or its
  // fallback by the run-time sizes.
  SmallVector<gpu::LaunchOp> launches;
  func.walk([&](gpu::LaunchOp launch) { launches.push_back(launch); });
  if (!record || launches.empty())
    return;

  // The host side, at the function's entry: each dynamic matrix's metadata,
  // and one value per dynamic size or stride name, from the first matrix
  // (in the order A, B, C) that has it.
  OpBuilder host = OpBuilder::atBlockBegin(&func.getBody().front());
  DenseMap<unsigned, memref::ExtractStridedMetadataOp> metadata;
  llvm::StringMap<Value> values;
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    StringRef role = record.getRole(arg.getArgNumber());
    if (!type || role.empty() || hasStaticLayout(type))
      continue;
    auto extract =
        memref::ExtractStridedMetadataOp::create(host, arg.getLoc(), arg);
    metadata[arg.getArgNumber()] = extract;
    SmallVector<int64_t> strides;
    int64_t offset;
    (void)type.getStridesAndOffset(strides, offset);
    for (unsigned dim = 0, rank = type.getRank(); dim < rank; ++dim) {
      if (type.isDynamicDim(dim))
        values.try_emplace(getMatrixDimName(record, role, rank, dim, false),
                           extract.getSizes()[dim]);
      // The identity layout's strides follow from the sizes.
      if (ShapedType::isDynamic(strides[dim]) && !type.getLayout().isIdentity())
        values.try_emplace(getMatrixDimName(record, role, rank, dim, true),
                           extract.getStrides()[dim]);
    }
  }

  for (gpu::LaunchOp launch : launches) {
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(launch.getBody(), captured);
    // The views in the order of the captures, so that the kernel's
    // arguments keep the order of the matrices' first uses.
    ImplicitLocOpBuilder b(launch.getLoc(),
                           OpBuilder::atBlockBegin(&launch.getBody().front()));
    for (Value value : captured) {
      auto type = dyn_cast<MemRefType>(value.getType());
      if (!type || hasStaticLayout(type))
        continue;
      auto arg = dyn_cast<BlockArgument>(value);
      if (!arg || !metadata.count(arg.getArgNumber()) ||
          arg.getOwner() != &func.getBody().front()) {
        launch.emitOpError()
            << "uses " << type << ", which has a dynamic size or stride "
            << "but is not one of the matmul's A, B and C arguments: only "
               "those can take their sizes as kernel arguments";
        return signalPassFailure();
      }
      StringRef role = record.getRole(arg.getArgNumber());
      unsigned rank = type.getRank();
      // A size static in another matrix's type is a constant here.
      auto sizeOf = [&](unsigned dim) -> OpFoldResult {
        if (!type.isDynamicDim(dim))
          return host.getIndexAttr(type.getDimSize(dim));
        std::string name = getMatrixDimName(record, role, rank, dim, false);
        if (std::optional<int64_t> known = record.getStaticSize(name))
          return host.getIndexAttr(*known);
        return values.lookup(name);
      };
      SmallVector<OpFoldResult> sizes, strides(rank);
      for (unsigned dim = 0; dim < rank; ++dim)
        sizes.push_back(sizeOf(dim));
      SmallVector<int64_t> staticStrides;
      int64_t offset;
      (void)type.getStridesAndOffset(staticStrides, offset);
      for (int dim = rank - 1; dim >= 0; --dim) {
        if (!ShapedType::isDynamic(staticStrides[dim]))
          strides[dim] = b.getIndexAttr(staticStrides[dim]);
        else if (!type.getLayout().isIdentity())
          strides[dim] = values.lookup(
              getMatrixDimName(record, role, rank, dim, /*stride=*/true));
        else if (isConstantIntValue(strides[dim + 1], 1))
          strides[dim] = sizes[dim + 1];
        else
          strides[dim] =
              arith::MulIOp::create(b,
                                    getValueOrCreateConstantIndexOp(
                                        b, b.getLoc(), strides[dim + 1]),
                                    getValueOrCreateConstantIndexOp(
                                        b, b.getLoc(), sizes[dim + 1]))
                  .getResult();
      }
      Value base = metadata[arg.getArgNumber()].getBaseBuffer();
      auto view = memref::ReinterpretCastOp::create(
          b, type, base, b.getIndexAttr(0), sizes, strides);
      value.replaceUsesWithIf(view, [&](OpOperand &use) {
        return launch->isProperAncestor(use.getOwner());
      });
    }
  }

  // The tiled kernel and its fallback (or a split tail's reduction, named
  // by gemm-tile-workgroups) go into one gpu.module, so that one code
  // object holds both and the manifest can describe them; the fallback's
  // name says what it is.
  if (launches.size() > 1) {
    MLIRContext *ctx = func.getContext();
    auto module =
        FlatSymbolRefAttr::get(ctx, (func.getSymName() + "_kernels").str());
    for (gpu::LaunchOp launch : launches) {
      launch.setModuleAttr(module);
      if (!KernelTile::fromLaunch(launch) && !launch.getFunctionAttr())
        launch.setFunctionAttr(FlatSymbolRefAttr::get(
            ctx, (func.getSymName() + "_simple_kernel").str()));
    }
  }

  // What no launch took.
  for (auto &[argNumber, extract] : metadata)
    if (extract->use_empty())
      extract->erase();
}
