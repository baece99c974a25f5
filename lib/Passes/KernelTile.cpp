//===- KernelTile.cpp - State shared by the RDNA3 tiling passes -----------===//

#include "KernelTile.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::gemm;

static constexpr llvm::StringLiteral kFields[] = {
    "m", "n", "k", "bm", "bn", "bk", "waves_m", "waves_n"};

DictionaryAttr KernelTile::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  const int64_t values[] = {m, n, k, bm, bn, bk, wavesM, wavesN};
  SmallVector<NamedAttribute> fields;
  for (auto [name, value] : llvm::zip_equal(kFields, values))
    fields.push_back(b.getNamedAttr(name, b.getI64IntegerAttr(value)));
  return b.getDictionaryAttr(fields);
}

std::optional<KernelTile> KernelTile::fromLaunch(gpu::LaunchOp launch) {
  auto dict = launch->getAttrOfType<DictionaryAttr>(kTileAttrName);
  if (!dict)
    return std::nullopt;
  KernelTile tile;
  int64_t *values[] = {&tile.m,  &tile.n,  &tile.k,      &tile.bm,
                       &tile.bn, &tile.bk, &tile.wavesM, &tile.wavesN};
  for (auto [name, value] : llvm::zip_equal(kFields, values)) {
    auto attr = dict.getAs<IntegerAttr>(name);
    if (!attr || attr.getInt() <= 0)
      return std::nullopt;
    *value = attr.getInt();
  }
  return tile;
}

scf::ForOp mlir::gemm::getKLoop(gpu::LaunchOp launch) {
  for (Operation &op : launch.getBody().front())
    if (auto loop = dyn_cast<scf::ForOp>(op))
      return loop;
  return nullptr;
}

SmallVector<gpu::BarrierOp> mlir::gemm::getBarriers(scf::ForOp loop) {
  return llvm::to_vector(loop.getBody()->getOps<gpu::BarrierOp>());
}

SmallVector<TiledLaunch> mlir::gemm::getTiledLaunches(Operation *root) {
  SmallVector<TiledLaunch> launches;
  root->walk([&](gpu::LaunchOp launch) {
    std::optional<KernelTile> tile = KernelTile::fromLaunch(launch);
    scf::ForOp loop = getKLoop(launch);
    if (tile && loop)
      launches.push_back({launch, *tile, loop});
  });
  return launches;
}

bool mlir::gemm::isWorkgroupMemory(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type);
}

Value mlir::gemm::getShiftedTileStart(ImplicitLocOpBuilder &b, Value owned,
                                      int64_t size, int64_t extent) {
  if (extent % size == 0)
    return owned;
  return arith::MinUIOp::create(b, owned, IndexMath{b}.index(extent - size));
}

std::optional<MatmulLayout> mlir::gemm::getMatmulLayout(linalg::LinalgOp op) {
  if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op))
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  unsigned batchDims = isa<linalg::BatchMatmulOp>(op) ? 1 : 0;
  if (maps.size() != 3 || maps[0].getNumDims() != batchDims + 3)
    return std::nullopt;
  MLIRContext *ctx = op->getContext();
  // The result expressions a map must have: the batch loop, then `dims`.
  auto isMap = [&](AffineMap map, ArrayRef<unsigned> dims) {
    SmallVector<AffineExpr> results;
    for (unsigned i = 0; i < batchDims; ++i)
      results.push_back(getAffineDimExpr(i, ctx));
    for (unsigned dim : dims)
      results.push_back(getAffineDimExpr(batchDims + dim, ctx));
    return map == AffineMap::get(batchDims + 3, 0, results, ctx);
  };
  enum { M, N, K };
  MatmulLayout layout;
  if (isMap(maps[0], {K, M}))
    layout.transposeA = true;
  else if (!isMap(maps[0], {M, K}))
    return std::nullopt;
  if (isMap(maps[1], {N, K}))
    layout.transposeB = true;
  else if (!isMap(maps[1], {K, N}))
    return std::nullopt;
  if (!isMap(maps[2], {M, N}))
    return std::nullopt;
  return layout;
}

ArrayAttr mlir::gemm::getMatmulMaps(MLIRContext *ctx, MatmulLayout layout) {
  AffineExpr m, n, k;
  bindDims(ctx, m, n, k);
  auto map = [&](AffineExpr row, AffineExpr col) {
    return AffineMap::get(3, 0, {row, col}, ctx);
  };
  Builder b(ctx);
  return b.getAffineMapArrayAttr({layout.transposeA ? map(k, m) : map(m, k),
                                  layout.transposeB ? map(n, k) : map(k, n),
                                  map(m, n)});
}

linalg::MatmulOp mlir::gemm::createMatmul(OpBuilder &b, Location loc, Value a,
                                          Value bMat, Value c,
                                          MatmulLayout layout) {
  auto matmul =
      linalg::MatmulOp::create(b, loc, ValueRange{a, bMat}, ValueRange{c});
  if (layout.transposeA || layout.transposeB)
    matmul.setIndexingMapsAttr(getMatmulMaps(b.getContext(), layout));
  return matmul;
}
