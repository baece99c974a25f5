//===- KernelTile.cpp - State shared by the RDNA3 tiling passes -----------===//

#include "KernelTile.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::gemm;

// The bounds are read off the timing model (RX 7900 XTX, at the clock of
// the walkthrough's measurements) on square matrices outside the corpora,
// M = N from 512 to 3072, K = 2048, unsplit. The 64 x 64 tile of 2 x 1 waves
// (64 sums a lane) gains at 1 to 6 waves per SIMD: with A stored M x K 0.1049
// -> 0.1024 ms at 64 workgroups, 0.1320 -> 0.1274 at 256, 0.2150 -> 0.2089 at
// 576; with A stored K x M 0.1030 -> 0.0757, 0.1323 -> 0.1171, 0.2169 ->
// 0.2043. At 1024 workgroups (11 waves per SIMD) its 16 more VGPRs cost two
// waves of occupancy: 0.3653 -> 0.4147. The 128 x 128 tile (128 sums) is slower
// at every size, 0.1777 -> 0.2019 ms at 16 workgroups.
bool KernelTile::loadsFragmentsAhead(int64_t workgroups) const {
  if (workgroups <= 0 || laneRows() * laneCols() > kMaxAheadSums)
    return false;
  const ::gemm::TargetInfo &target = getTargetInfo();
  int64_t units = getTargetComputeUnits();
  int64_t busiest = workgroups / units + (workgroups % units != 0);
  int64_t simds = target.simdsPerCU;
  int64_t wavesPerSimd = (busiest * wavesM * wavesN + simds - 1) / simds;
  return wavesPerSimd <= kMaxAheadWavesPerSimd;
}

void KernelTile::setOnLaunch(gpu::LaunchOp launch) const {
  MLIRContext *ctx = launch.getContext();
  launch->setAttr(GemmDialect::getConfigAttrName(), toAttr(ctx));
  launch->setAttr(GemmDialect::getProblemAttrName(),
                  ProblemAttr::get(ctx, m, n, k));
}

std::optional<KernelTile> KernelTile::fromLaunch(gpu::LaunchOp launch) {
  auto config =
      launch->getAttrOfType<KernelConfigAttr>(GemmDialect::getConfigAttrName());
  auto problem =
      launch->getAttrOfType<ProblemAttr>(GemmDialect::getProblemAttrName());
  if (!config || !problem)
    return std::nullopt;
  KernelTile tile;
  static_cast<KernelConfig &>(tile) = KernelConfig::fromAttr(config);
  tile.m = problem.getM();
  tile.n = problem.getN();
  tile.k = problem.getK();
  // A hand-written launch may hold anything; a tile gemm-tile-workgroups
  // would have refused makes it not one of ours: the later passes divide by
  // its sides and multiply them, within these bounds without overflow. (pad
  // and unroll are checked, with errors, by the passes that use them.)
  auto isSize = [](int64_t size) {
    return ShapedType::isDynamic(size) || size > 0;
  };
  auto inRange = [](int64_t value, int64_t lo, int64_t hi) {
    return value >= lo && value <= hi;
  };
  if (!isSize(tile.m) || !isSize(tile.n) || !isSize(tile.k) ||
      !inRange(tile.bm, 1, kMaxTileSide) ||
      !inRange(tile.bn, 1, kMaxTileSide) ||
      !inRange(tile.bk, 1, kMaxTileSide) ||
      !inRange(tile.wavesM, 1, kMaxWaves) ||
      !inRange(tile.wavesN, 1, kMaxWaves) || tile.pad < 0 || tile.unroll < 0)
    return std::nullopt;
  return tile;
}

scf::ForOp mlir::gemm::getKLoop(gpu::LaunchOp launch) {
  Block *body = &launch.getBody().front();
  for (Operation &op : *body) {
    auto loop = dyn_cast<scf::ForOp>(op);
    if (!loop)
      continue;
    if (!loop->hasAttr(GemmDialect::getSegmentsAttrName()))
      return loop;
    for (Operation &inner : *loop.getBody())
      if (auto kLoop = dyn_cast<scf::ForOp>(inner))
        return kLoop;
    return nullptr;
  }
  return nullptr;
}

SmallVector<gpu::BarrierOp> mlir::gemm::getBarriers(scf::ForOp loop) {
  return llvm::to_vector(loop.getBody()->getOps<gpu::BarrierOp>());
}

SmallVector<TiledLaunch, 2> mlir::gemm::getTiledLaunches(Operation *root) {
  SmallVector<TiledLaunch, 2> launches;
  root->walk([&](gpu::LaunchOp launch) {
    std::optional<KernelTile> tile = KernelTile::fromLaunch(launch);
    scf::ForOp loop = getKLoop(launch);
    if (tile && loop)
      launches.push_back({launch, *tile, loop});
  });
  return launches;
}

bool mlir::gemm::hasStaticLayout(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  return type.hasStaticShape() &&
         succeeded(type.getStridesAndOffset(strides, offset)) &&
         !ShapedType::isDynamic(offset) &&
         llvm::none_of(strides, ShapedType::isDynamic);
}

bool mlir::gemm::isWorkgroupMemory(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type);
}

Value mlir::gemm::getShiftedTileStart(ImplicitLocOpBuilder &b, Value owned,
                                      int64_t size, OpFoldResult extent) {
  IndexMath math{b};
  std::optional<int64_t> staticExtent = getConstantIntValue(extent);
  if (staticExtent && *staticExtent % size == 0)
    return owned;
  Value last = staticExtent ? math.index(*staticExtent - size)
                            : arith::SubIOp::create(b, cast<Value>(extent),
                                                    math.index(size))
                                  .getResult();
  return arith::MinUIOp::create(b, owned, last);
}

Value mlir::gemm::getShiftedSliceStart(ImplicitLocOpBuilder &b,
                                       memref::SubViewOp view, unsigned dim,
                                       int64_t size) {
  OpFoldResult extent =
      memref::getMixedSize(b, b.getLoc(), view.getSource(), dim);
  Value owned = getValueOrCreateConstantIndexOp(b, b.getLoc(),
                                                view.getMixedOffsets()[dim]);
  return getShiftedTileStart(b, owned, size, extent);
}

SmallVector<int64_t> mlir::gemm::getLoopSizes(linalg::LinalgOp matmul) {
  SmallVector<int64_t> sizes(matmul.getNumLoops(), ShapedType::kDynamic);
  for (OpOperand &operand : matmul->getOpOperands()) {
    ArrayRef<int64_t> shape =
        cast<ShapedType>(operand.get().getType()).getShape();
    for (auto [dim, result] : llvm::enumerate(
             matmul.getMatchingIndexingMap(&operand).getResults())) {
      auto loop = dyn_cast<AffineDimExpr>(result);
      if (loop && !ShapedType::isDynamic(shape[dim]))
        sizes[loop.getPosition()] = shape[dim];
    }
  }
  return sizes;
}

SmallVector<Value> mlir::gemm::createLoopSizes(ImplicitLocOpBuilder &b,
                                               linalg::LinalgOp matmul) {
  SmallVector<int64_t> staticSizes = getLoopSizes(matmul);
  SmallVector<Value> sizes(staticSizes.size());
  for (auto [loop, size] : llvm::enumerate(staticSizes))
    if (!ShapedType::isDynamic(size))
      sizes[loop] = arith::ConstantIndexOp::create(b, size);
  for (OpOperand &operand : matmul->getOpOperands()) {
    for (auto [dim, result] : llvm::enumerate(
             matmul.getMatchingIndexingMap(&operand).getResults())) {
      unsigned loop = cast<AffineDimExpr>(result).getPosition();
      if (!sizes[loop])
        sizes[loop] = memref::DimOp::create(b, operand.get(), dim);
    }
  }
  return sizes;
}

SmallVector<StringRef>
mlir::gemm::getStoredDimNames(StringRef role, bool transposed, bool batched) {
  SmallVector<StringRef> names;
  if (batched)
    names.push_back("batch");
  StringRef rows = role == "B" ? "k" : "m";
  StringRef cols = role == "A" ? "k" : "n";
  if (transposed)
    std::swap(rows, cols);
  names.push_back(rows);
  names.push_back(cols);
  return names;
}

std::string mlir::gemm::getMatrixDimName(MatmulRecordAttr record,
                                         StringRef role, unsigned rank,
                                         unsigned dim, bool stride) {
  std::string lower = role.lower();
  if (stride)
    return dim + 1 == rank   ? ""
           : dim + 2 == rank ? "ld" + lower
                             : "batch_stride_" + lower;
  return getStoredDimNames(role, record.isTransposed(role), rank == 3)[dim]
      .str();
}

std::optional<MatmulLayout> mlir::gemm::getMatmulLayout(linalg::LinalgOp op) {
  if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op))
    return std::nullopt;
  return getMatmulLayout(op.getIndexingMapsArray(),
                         isa<linalg::BatchMatmulOp>(op) ? 1 : 0);
}

FailureOr<MatmulLayout>
mlir::gemm::getCheckedMatmulLayout(linalg::LinalgOp matmul) {
  std::optional<MatmulLayout> layout = getMatmulLayout(matmul);
  if (!matmul.hasPureBufferSemantics() || !layout)
    return matmul.emitOpError()
           << "is not a matmul on memrefs gemm-opt supports; run "
              "gemm-check-input first";
  return *layout;
}

std::optional<MatmulLayout>
mlir::gemm::getMatmulLayout(ArrayRef<AffineMap> maps, unsigned batchDims) {
  if (maps.size() != 3 || maps[0].getNumDims() != batchDims + 3)
    return std::nullopt;
  MLIRContext *ctx = maps[0].getContext();
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

SmallVector<AffineMap>
mlir::gemm::getEpilogueOperandMaps(linalg::GenericOp generic) {
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  return SmallVector<AffineMap>(ArrayRef(maps).drop_front().drop_back());
}

bool mlir::gemm::isEpilogueOperandMap(AffineMap map) {
  if (map.getNumSymbols() != 0)
    return false;
  int64_t last = -1;
  for (AffineExpr result : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(result);
    if (!dim || int64_t(dim.getPosition()) <= last)
      return false;
    last = dim.getPosition();
  }
  return true;
}

/// True when `value` is the output buffer (outs) of a matmul in `value`'s
/// uses.
static bool isMatmulOutput(Value value) {
  return llvm::any_of(value.getUsers(), [&](Operation *user) {
    auto matmul = dyn_cast<linalg::LinalgOp>(user);
    return matmul && isa<linalg::MatmulOp, linalg::BatchMatmulOp>(user) &&
           llvm::is_contained(matmul.getDpsInits(), value);
  });
}

void mlir::gemm::generalizeElementwiseOps(Operation *root) {
  SmallVector<linalg::LinalgOp> named;
  root->walk([&](linalg::LinalgOp op) {
    if (isa<linalg::GenericOp, linalg::TransposeOp>(op))
      return;
    if (!isa<linalg::BroadcastOp>(op) && !linalg::isElementwise(op))
      return;
    if (op.hasPureTensorSemantics()) {
      // A fill a contraction reads is its sums' start (a matmul's init,
      // possibly still a linalg.generic here), which must stay a fill.
      if (isa<linalg::FillOp>(op) &&
          llvm::any_of(op->getUsers(), [](Operation *user) {
            auto linalgUser = dyn_cast<linalg::LinalgOp>(user);
            return linalgUser && linalgUser.getNumReductionLoops() > 0;
          }))
        return;
      named.push_back(op);
      return;
    }
    if (op.hasPureBufferSemantics() && !isa<linalg::FillOp>(op) &&
        llvm::any_of(op.getDpsInputs(), isMatmulOutput))
      named.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::LinalgOp op : named) {
    rewriter.setInsertionPoint(op);
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
}

std::optional<Epilogue> mlir::gemm::getEpilogue(linalg::LinalgOp matmul) {
  if (matmul.getNumDpsInits() != 1)
    return std::nullopt;
  Value temp = matmul.getDpsInits()[0];
  auto alloc = temp.getDefiningOp<memref::AllocOp>();
  auto generic = dyn_cast_or_null<linalg::GenericOp>(matmul->getNextNode());
  if (!alloc || !generic || generic.getNumDpsInputs() < 1 ||
      generic.getNumDpsInits() != 1 || generic.getDpsInputs()[0] != temp ||
      generic.getNumReductionLoops() != 0 ||
      llvm::is_contained(getEpilogueOperands(generic), temp))
    return std::nullopt;
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (!maps.front().isIdentity() || !maps.back().isIdentity() ||
      !llvm::all_of(ArrayRef(maps).drop_front().drop_back(),
                    isEpilogueOperandMap))
    return std::nullopt;
  Epilogue epilogue{generic, alloc, nullptr, generic.getDpsInits()[0]};
  for (Operation *user : temp.getUsers()) {
    if (user == matmul || user == generic || isa<memref::DeallocOp>(user))
      continue;
    auto fill = dyn_cast<linalg::FillOp>(user);
    if (!fill || epilogue.fill || fill->getBlock() != matmul->getBlock() ||
        !fill->isBeforeInBlock(matmul))
      return std::nullopt;
    epilogue.fill = fill;
  }
  if (!epilogue.fill)
    return std::nullopt;
  return epilogue;
}

bool mlir::gemm::hasDynamicLayout(linalg::LinalgOp matmul,
                                  const std::optional<Epilogue> &epilogue) {
  SmallVector<Value> matrices(matmul->getOperands());
  if (epilogue)
    matrices.push_back(epilogue->c);
  return llvm::any_of(matrices, [](Value matrix) {
    return !hasStaticLayout(cast<MemRefType>(matrix.getType()));
  });
}

LogicalResult mlir::gemm::checkPartialSumsInputs(linalg::LinalgOp matmul,
                                                 llvm::raw_ostream &whyNot,
                                                 StringRef covered) {
  std::optional<Epilogue> epilogue = getEpilogue(matmul);
  if (hasDynamicLayout(matmul, epilogue)) {
    whyNot << "it covers " << covered << " of static layout";
    return failure();
  }
  if (epilogue && std::signbit(getSumStart(epilogue->temp))) {
    whyNot << "its sums start at -0.0 (the fill of the epilogue's "
              "temporary), and its parts' sums at +0.0";
    return failure();
  }
  return success();
}

float mlir::gemm::getSumStart(Value output) {
  while (auto view = output.getDefiningOp<memref::SubViewOp>())
    output = view.getSource();
  if (!output.getDefiningOp<memref::AllocOp>())
    return 0.0f;
  for (Operation *user : output.getUsers())
    if (auto fill = dyn_cast<linalg::FillOp>(user))
      if (auto value =
              fill.getInputs()[0].getDefiningOp<arith::ConstantFloatOp>())
        return value.value().convertToFloat();
  return 0.0f;
}

bool mlir::gemm::epilogueReadsC(linalg::GenericOp generic) {
  return !generic.getBody()->getArgument(generic.getNumDpsInputs()).use_empty();
}

void mlir::gemm::eraseTempIfUnused(memref::AllocOp temp) {
  for (Operation *user : temp->getUsers())
    if (!isa<linalg::FillOp, memref::DeallocOp>(user))
      return;
  for (Operation *user : llvm::to_vector(temp->getUsers()))
    user->erase();
  temp->erase();
}

Value mlir::gemm::loadEpilogueOperand(OpBuilder &b, Location loc, Value memref,
                                      AffineMap map, ValueRange at,
                                      VectorType vectorType) {
  bool alongLastLoop =
      map.getNumResults() != 0 &&
      map.getResults().back() ==
          getAffineDimExpr(map.getNumDims() - 1, b.getContext());
  if (vectorType && alongLastLoop)
    return vector::LoadOp::create(b, loc, vectorType, memref, at);
  Value element = memref::LoadOp::create(b, loc, memref, at);
  if (vectorType)
    element = vector::BroadcastOp::create(b, loc, vectorType, element);
  return element;
}

SmallVector<Value> mlir::gemm::loadEpilogueOperands(OpBuilder &b, Location loc,
                                                    linalg::GenericOp generic,
                                                    ValueRange indices,
                                                    VectorType vectorType) {
  SmallVector<Value> elements;
  SmallVector<AffineMap> maps = getEpilogueOperandMaps(generic);
  for (auto [map, memref] :
       llvm::zip_equal(maps, getEpilogueOperands(generic))) {
    SmallVector<Value> at;
    for (AffineExpr result : map.getResults())
      at.push_back(indices[cast<AffineDimExpr>(result).getPosition()]);
    elements.push_back(
        loadEpilogueOperand(b, loc, memref, map, at, vectorType));
  }
  return elements;
}

Value mlir::gemm::buildEpilogue(OpBuilder &b, linalg::GenericOp generic,
                                Value t, ValueRange operands, Value c) {
  Block *body = generic.getBody();
  IRMapping map;
  map.map(body->getArgument(0), t);
  assert(operands.size() == getEpilogueOperands(generic).size() &&
         "one element per epilogue operand");
  for (auto [arg, element] : llvm::zip_equal(
           body->getArguments().slice(1, operands.size()), operands))
    map.map(arg, element);
  if (c)
    map.map(body->getArgument(generic.getNumDpsInputs()), c);
  auto vectorType = dyn_cast<VectorType>(t.getType());
  auto build = [&](Operation &op) {
    if (!vectorType) {
      b.clone(op, map);
      return;
    }
    // Elementwise on vectors: scalars from outside the body (alpha, beta)
    // are broadcast, but for a select's condition, which is the same for
    // every element and may stay scalar; constants become splats.
    auto vectorOf = [&](Type scalar) -> Type {
      return VectorType::get(vectorType.getShape(), scalar);
    };
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      map.map(constant.getResult(),
              arith::ConstantOp::create(
                  b, op.getLoc(),
                  DenseElementsAttr::get(
                      cast<ShapedType>(vectorOf(constant.getType())),
                      constant.getValue())));
      return;
    }
    SmallVector<Value> operands;
    for (auto [index, operand] : llvm::enumerate(op.getOperands())) {
      if (Value mapped = map.lookupOrNull(operand))
        operands.push_back(mapped);
      else if (isa<arith::SelectOp>(op) && index == 0)
        operands.push_back(operand);
      else
        operands.push_back(vector::BroadcastOp::create(
            b, op.getLoc(), vectorOf(operand.getType()), operand));
    }
    SmallVector<Type> resultTypes =
        llvm::map_to_vector(op.getResultTypes(), vectorOf);
    OperationState state(op.getLoc(), op.getName(), operands, resultTypes,
                         op.getAttrs());
    Operation *vectorOp = b.create(state);
    for (auto [scalar, vector] :
         llvm::zip(op.getResults(), vectorOp->getResults()))
      map.map(scalar, vector);
  };
  Value yielded = body->getTerminator()->getOperand(0);

  // A result chosen by a condition from outside the body, the same for the
  // whole workgroup, between a block argument and the rest of the body (a
  // split tail's part stores its sum unchanged, a whole tile the
  // epilogue's): a branch, so that the parts skip the epilogue's arithmetic
  // rather than compute it and throw it away.
  auto select = yielded.getDefiningOp<arith::SelectOp>();
  if (select && select->getBlock() == body &&
      !generic.getRegion().isAncestor(
          select.getCondition().getParentRegion()) &&
      isa<BlockArgument>(select.getTrueValue()) &&
      !isa<VectorType>(select.getCondition().getType())) {
    Location loc = select.getLoc();
    auto branch =
        scf::IfOp::create(b, loc, TypeRange{t.getType()}, select.getCondition(),
                          /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    scf::YieldOp::create(b, loc, map.lookup(select.getTrueValue()));
    b.setInsertionPointToStart(branch.elseBlock());
    for (Operation &op : body->without_terminator())
      if (&op != select.getOperation())
        build(op);
    scf::YieldOp::create(b, loc, map.lookupOrDefault(select.getFalseValue()));
    return branch.getResult(0);
  }
  for (Operation &op : body->without_terminator())
    build(op);
  return map.lookupOrDefault(yielded);
}

Value mlir::gemm::loadOldC(OpBuilder &b, Location loc,
                           const std::optional<Epilogue> &epilogue, Value c,
                           ValueRange indices) {
  if (epilogue && !epilogue->readsC())
    return Value();
  return memref::LoadOp::create(b, loc, epilogue ? epilogue->c : c, indices);
}

void mlir::gemm::storeSumOver(OpBuilder &b, Location loc,
                              const std::optional<Epilogue> &epilogue, Value c,
                              ValueRange indices, Value sum, Value old) {
  Value result;
  if (epilogue) {
    SmallVector<Value> operands =
        loadEpilogueOperands(b, loc, epilogue->generic, indices);
    result = buildEpilogue(b, epilogue->generic, sum, operands, old);
  } else {
    result = arith::AddFOp::create(b, loc, old, sum);
  }
  memref::StoreOp::create(b, loc, result, epilogue ? epilogue->c : c, indices);
}

void mlir::gemm::storeSum(OpBuilder &b, Location loc,
                          const std::optional<Epilogue> &epilogue, Value c,
                          ValueRange indices, Value sum) {
  storeSumOver(b, loc, epilogue, c, indices, sum,
               loadOldC(b, loc, epilogue, c, indices));
}

/// Whether `block` computes out + in0 * in1: one arith.mulf of the two input
/// elements and one arith.addf of the product and the output element, in
/// either operand order, yielded. Anything else (casts, other ops) would not
/// be what linalg.matmul computes.
static bool isMulAddBody(Block &block) {
  if (block.getNumArguments() != 3 ||
      std::distance(block.without_terminator().begin(),
                    block.without_terminator().end()) != 2)
    return false;
  auto yield = dyn_cast<linalg::YieldOp>(block.getTerminator());
  if (!yield || yield.getNumOperands() != 1)
    return false;
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || add->getBlock() != &block)
    return false;
  Value in0 = block.getArgument(0), in1 = block.getArgument(1),
        out = block.getArgument(2);
  auto isProduct = [&](Value value) {
    auto mul = value.getDefiningOp<arith::MulFOp>();
    return mul && mul->getBlock() == &block &&
           ((mul.getLhs() == in0 && mul.getRhs() == in1) ||
            (mul.getLhs() == in1 && mul.getRhs() == in0));
  };
  return (add.getLhs() == out && isProduct(add.getRhs())) ||
         (add.getRhs() == out && isProduct(add.getLhs()));
}

FailureOr<GenericMatmul>
mlir::gemm::matchGenericMatmul(linalg::LinalgOp op, llvm::raw_ostream &whyNot) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1) {
    auto count = [&](unsigned n, StringRef noun) {
      whyNot << n << " " << noun << (n == 1 ? "" : "s");
    };
    whyNot << "has ";
    count(op.getNumDpsInputs(), "input");
    whyNot << " and ";
    count(op.getNumDpsInits(), "output");
    whyNot << ", where a matmul has 2 (A, B) and 1 (C)";
    return failure();
  }
  if (!isMulAddBody(*op.getBlock())) {
    whyNot << "does not compute c + a * b: its body must be one arith.mulf "
              "of the two input elements and one arith.addf of the product "
              "and the output element, yielded";
    return failure();
  }
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  unsigned numLoops = op.getNumLoops();
  auto isPlainMap = [&](AffineMap map) {
    return map.isProjectedPermutation() && map.getNumSymbols() == 0 &&
           map.getNumResults() == 2 + dims->batch.size();
  };
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || dims->batch.size() > 1 ||
      numLoops != 3 + dims->batch.size() || !llvm::all_of(maps, isPlainMap)) {
    whyNot << "is not a matmul over its loops: it must have one reduction "
              "loop k of A and B, one loop m of A and C, one loop n of B and "
              "C and at most one batch loop of all three, each operand "
              "indexed by its loops alone";
    return failure();
  }

  // Rename the loops to linalg.matmul's order.
  SmallVector<unsigned> order(dims->batch.begin(), dims->batch.end());
  order.append({dims->m[0], dims->n[0], dims->k[0]});
  MLIRContext *ctx = op->getContext();
  SmallVector<AffineExpr> renamed(numLoops);
  for (auto [position, loop] : llvm::enumerate(order))
    renamed[loop] = getAffineDimExpr(position, ctx);
  AffineMap rename = AffineMap::get(numLoops, 0, renamed, ctx);
  GenericMatmul match;
  match.batchDims = dims->batch.size();
  for (AffineMap map : maps)
    match.maps.push_back(map.compose(rename));
  if (!getMatmulLayout(match.maps, match.batchDims)) {
    whyNot << "indexes its operands in a layout gemm-opt does not support: "
              "A must be M x K or K x M (transposed), B K x N or N x K "
              "(transposed) and C M x N, with the batch loop, if any, "
              "first in each";
    return failure();
  }
  return match;
}

/// Checks that the lanes can copy an operand's BK x `extent` slice in equal
/// shares with coalesced loads: along K first (BK lanes per row) when K is
/// the operand's contiguous dimension, else `extent` lanes per row of K.
static LogicalResult checkSliceCopy(const KernelTile &tile, StringRef operand,
                                    StringRef extentName, int64_t extent,
                                    bool kContiguous,
                                    llvm::raw_ostream &whyNot) {
  int64_t lanes = tile.lanes();
  if (kContiguous) {
    if (tile.bk <= 0 || lanes % tile.bk != 0 ||
        extent % (lanes / tile.bk) != 0) {
      whyNot << "cannot be tiled with bk=" << tile.bk << ": " << operand
             << " is copied bk lanes per row, so bk must divide the "
             << "workgroup's " << lanes << " lanes, and the rows they copy at "
             << "once (" << lanes << " / bk) must divide " << extentName << "="
             << extent;
      return failure();
    }
    return success();
  }
  if (extent > lanes || lanes % extent != 0) {
    whyNot << "cannot be tiled with " << extentName << "=" << extent << ": "
           << operand << "'s rows are copied " << extentName
           << " lanes each, so " << extentName << " must divide the "
           << "workgroup's " << lanes << " lanes";
    return failure();
  }
  if (tile.bk <= 0 || tile.bk % (lanes / extent) != 0) {
    whyNot << "cannot be tiled with " << extentName << "=" << extent
           << " bk=" << tile.bk << ": the " << lanes / extent << " rows of "
           << operand << " the " << lanes << " lanes copy at once must divide "
           << "bk";
    return failure();
  }
  return success();
}

LogicalResult mlir::gemm::checkTileFits(const KernelTile &tile,
                                        MatmulLayout layout,
                                        llvm::raw_ostream &whyNot) {
  // Each factor is bounded before their product, which could overflow.
  if (tile.wavesM <= 0 || tile.wavesN <= 0 || tile.wavesM > kMaxWaves ||
      tile.wavesN > kMaxWaves || tile.lanes() > kMaxWorkgroupLanes) {
    whyNot << "cannot be tiled with a " << tile.wavesM << " x " << tile.wavesN
           << " wave grid: a workgroup holds 1 to " << kMaxWaves << " waves of "
           << kWaveSize << " lanes";
    return failure();
  }
  // A tile side beyond the floats the LDS holds cannot be staged whatever the
  // other sides; bounding each here also keeps the later passes' size
  // products far from overflow.
  for (auto [name, value] : {std::pair("bm", tile.bm), std::pair("bn", tile.bn),
                             std::pair("bk", tile.bk)})
    if (value > kMaxTileSide) {
      whyNot << "cannot be tiled with " << name << "=" << value
             << ": a workgroup tile side holds at most " << kMaxTileSide
             << " floats, all of the " << kLdsBytes << "-byte LDS";
      return failure();
    }
  // Each wave covers 4 lanes x one 4-row sub-tile along M and 8 lanes x one
  // 4-column sub-tile along N, repeated TM/4 and TN/4 times.
  int64_t rowQuantum = tile.wavesM * kLanesM * kSubTile;
  int64_t colQuantum = tile.wavesN * kLanesN * kSubTile;
  if (tile.bm <= 0 || tile.bm % rowQuantum != 0) {
    whyNot << "cannot be tiled with bm=" << tile.bm << ": with " << tile.wavesM
           << " wave(s) along M, bm must be a multiple of " << rowQuantum
           << " (waves x 4 lanes x 4-row sub-tiles)";
    return failure();
  }
  if (tile.bn <= 0 || tile.bn % colQuantum != 0) {
    whyNot << "cannot be tiled with bn=" << tile.bn << ": with " << tile.wavesN
           << " wave(s) along N, bn must be a multiple of " << colQuantum
           << " (waves x 8 lanes x 4-column sub-tiles)";
    return failure();
  }
  if (failed(checkSliceCopy(tile, "A", "bm", tile.bm,
                            /*kContiguous=*/!layout.transposeA, whyNot)))
    return failure();
  return checkSliceCopy(tile, "B", "bn", tile.bn,
                        /*kContiguous=*/layout.transposeB, whyNot);
}

/// What both ways of sharing the grid's tail need: static sizes, a valid
/// tile, C at least one tile (an edge tile is shifted back inside C, as in
/// the data-parallel kernel, and the partial sums add only what it owns) and
/// a CU count in range.
static LogicalResult checkTailGridInputs(const KernelTile &tile, int64_t batch,
                                         llvm::raw_ostream &whyNot) {
  if (tile.isDynamic() || ShapedType::isDynamic(batch)) {
    whyNot << "its sizes are not all static";
    return failure();
  }
  // gemm-tile-workgroups reports a bad tile itself.
  if (tile.bm <= 0 || tile.bn <= 0 || tile.bk <= 0) {
    whyNot << "the tile is not valid";
    return failure();
  }
  if (tile.m < tile.bm || tile.n < tile.bn) {
    whyNot << tile.m << "x" << tile.n << " is smaller than one " << tile.bm
           << "x" << tile.bn << " tile";
    return failure();
  }
  int64_t units = tile.getTargetComputeUnits();
  if (units < 1 || units > kMaxComputeUnits) {
    whyNot << "compute_units=" << units << " is not in 1.." << kMaxComputeUnits;
    return failure();
  }
  return success();
}

FailureOr<SplitTailGrid>
mlir::gemm::getSplitTailGrid(const KernelTile &tile, int64_t parts,
                             llvm::raw_ostream &whyNot) {
  // The K tail goes to the last part.
  if (failed(checkTailGridInputs(tile, /*batch=*/1, whyNot)))
    return failure();
  int64_t units = tile.getTargetComputeUnits();
  SplitTailGrid grid;
  grid.tilesN = tile.gridN();
  int64_t tiles;
  if (llvm::MulOverflow(tile.gridM(), grid.tilesN, tiles) ||
      tiles > kMaxSplitTailTiles) {
    whyNot << "its grid of " << tile.gridM() << "x" << grid.tilesN
           << " tiles is larger than " << kMaxSplitTailTiles;
    return failure();
  }
  grid.tailTiles = tiles % units;
  grid.wholeTiles = tiles - grid.tailTiles;
  grid.parts = parts;
  if (grid.tailTiles == 0) {
    whyNot << "its " << tiles << " tiles are whole rounds of " << units
           << " workgroups";
    return failure();
  }
  // Each part, the last one included, runs at least two K steps: the K loop
  // prefetches the next slice.
  int64_t steps = tile.k / tile.bk;
  grid.stepsPerPart = steps / parts + (steps % parts != 0);
  if (parts < 2 || parts > kMaxSplitTailParts ||
      steps - (parts - 1) * grid.stepsPerPart < 2) {
    whyNot << "split_tail=" << parts << " must be 1 (none) or 2.."
           << kMaxSplitTailParts
           << " parts of at least two K steps each (k=" << tile.k << " has "
           << steps << " steps of bk=" << tile.bk << ")";
    return failure();
  }
  return grid;
}

FailureOr<StreamKGrid> mlir::gemm::getStreamKGrid(const KernelTile &tile,
                                                  llvm::raw_ostream &whyNot,
                                                  int64_t batch) {
  if (failed(checkTailGridInputs(tile, batch, whyNot)))
    return failure();
  StreamKGrid grid;
  int64_t units = tile.getTargetComputeUnits();
  grid.tilesN = tile.gridN();
  int64_t tiles;
  if (batch < 1 ||
      llvm::MulOverflow(tile.gridM(), grid.tilesN, grid.tilesPerBatch) ||
      llvm::MulOverflow(grid.tilesPerBatch, batch, tiles) ||
      tiles > kMaxSplitTailTiles) {
    whyNot << "its grid of " << batch << "x" << tile.gridM() << "x"
           << grid.tilesN << " tiles is larger than " << kMaxSplitTailTiles;
    return failure();
  }
  grid.tailTiles = tiles % units;
  grid.wholeTiles = tiles - grid.tailTiles;
  if (grid.tailTiles == 0) {
    whyNot << "its " << tiles << " tiles are whole rounds of " << units
           << " workgroups";
    return failure();
  }
  grid.stepsPerTile = tile.k / tile.bk;
  // A tile of one step would have segments without a K loop to prefetch
  // in; the tiled kernel needs two anyway.
  if (grid.stepsPerTile < 2) {
    whyNot << "k=" << tile.k << " has fewer than two K steps of bk=" << tile.bk;
    return failure();
  }
  // The kernels index global iterations in 32 bits (gemm-buffer-addressing
  // narrows the loop bounds).
  int64_t iterations = grid.iterations();
  if (iterations >= (int64_t(1) << 31)) {
    whyNot << "its " << iterations << " K steps of tail tiles do not fit "
           << "32 bits";
    return failure();
  }
  // One workgroup per CU takes the last round whole; a range of at least
  // two steps keeps a workgroup's fixed costs below its multiply.
  grid.streamWorkgroups = std::min(units, iterations / 2);
  grid.stepsPerRange = iterations / grid.streamWorkgroups;
  grid.longRanges = iterations % grid.streamWorkgroups;
  return grid;
}

/// The busiest CU's time, in K steps of one workgroup at the full rate: its
/// workgroups' `steps`, and the drain at the end, where its last
/// workgroup, `lastSteps` long, runs with fewer beside it. From the timing
/// model on the default 128 x 128 kernel: a CU takes 0.233 M + 0.530 M
/// cycles a tile from 2 to 11 tiles (the drain, 0.44 of the last), and
/// 0.984 M cycles for one tile alone (0.85 more).
static double busiestCUSteps(int64_t workgroups, int64_t steps,
                             int64_t lastSteps) {
  return steps + (workgroups > 1 ? 0.44 : 0.85) * lastSteps;
}

double mlir::gemm::estimateSecondKernelCycles(const ::gemm::TargetInfo &target,
                                              double bytes) {
  return (bytes / target.dramBytesPerSecond() + target.launchGapSeconds()) *
         target.boostClockHz();
}

int64_t mlir::gemm::chooseSplitTail(const KernelTile &tile) {
  std::string ignored;
  llvm::raw_string_ostream ignoredOs(ignored);
  if (failed(getSplitTailGrid(tile, 2, ignoredOs)))
    return 1;
  int64_t tiles = tile.gridM() * tile.gridN();
  int64_t units = tile.getTargetComputeUnits();
  int64_t rounds = tiles / units, tail = tiles % units;
  int64_t steps = tile.k / tile.bk;
  // Seconds at the target's peak rates: the busiest CU's K steps, and for a
  // split the reduction kernel, which reads the parts and C and writes C and
  // the zeroed parts, and its launch. The rate per CU is the target's: a
  // compute-units override balances the grid for fewer or more CUs of the
  // same kind.
  const ::gemm::TargetInfo &target = tile.getTargetInfo();
  double flopsPerCU = target.peakFlops() / target.computeUnits;
  double stepSeconds = 2.0 * tile.bm * tile.bn * tile.bk / flopsPerCU;
  double best =
      busiestCUSteps(rounds + 1, (rounds + 1) * steps, steps) * stepSeconds;
  int64_t bestParts = 1;
  for (int64_t parts = 2; parts <= kMaxSplitTailParts; ++parts) {
    FailureOr<SplitTailGrid> grid = getSplitTailGrid(tile, parts, ignoredOs);
    if (failed(grid) || grid->stepsPerPart < kMinAutoSplitTailSteps)
      continue;
    int64_t partsOnBusiest = (tail * parts + units - 1) / units;
    double cuSteps =
        busiestCUSteps(rounds + partsOnBusiest,
                       rounds * steps + partsOnBusiest * grid->stepsPerPart,
                       grid->stepsPerPart);
    double reduceBytes = 4.0 * tile.bm * tile.bn * tail * (2 * parts + 2);
    double seconds = cuSteps * stepSeconds +
                     reduceBytes / target.dramBytesPerSecond() +
                     target.launchGapSeconds();
    if (seconds < best) {
      best = seconds;
      bestParts = parts;
    }
  }
  return bestParts;
}
