//===- GemmCheckInput.cpp - Reject input the pipeline cannot compile ------===//
//
// Upstream lowering passes fail on unsupported input with messages about their
// own internals (or not at all, producing a wrong kernel). This pass states
// what gemm-opt supports, at the offending operation, before anything runs.
//
//===----------------------------------------------------------------------===//

#include "KernelTile.h"
#include "gemm-opt/Passes/Passes.h"
#include "gemm-opt/Passes/Pipeline.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::gemm {
#define GEN_PASS_DEF_GEMMCHECKINPUT
#include "gemm-opt/Passes/Passes.h.inc"
} // namespace mlir::gemm

#include <cmath>

using namespace mlir;
using namespace mlir::gemm;

namespace {

constexpr llvm::StringLiteral kOperandNames[] = {"A", "B", "C"};

// The options are declared in TargetOptions, shared with the pipeline.
struct GemmCheckInputPass
    : public TargetOptions<
          mlir::gemm::impl::GemmCheckInputBase<GemmCheckInputPass>> {
  GemmCheckInputPass() = default;
  explicit GemmCheckInputPass(const TargetConfig &target)
      : product(target.product) {
    setTargetConfig(target);
  }

  void runOnOperation() override;

private:
  /// The pipeline's target=, whose ISA chip= must name; empty: any chip.
  std::string product;

  /// Checks chip=, code-object-version= and opt-level= against `product`.
  LogicalResult checkTarget(Location loc);
  /// Checks one matmul; on success returns the `gemm.matmul` attribute.
  /// `zeroFilledC`: C is filled with 0.0 directly before, so beta = 0.
  /// `epilogueRecord` is set for an epilogue that is not alpha/beta.
  FailureOr<MatmulRecordAttr> checkMatmul(linalg::LinalgOp matmul,
                                          bool zeroFilledC,
                                          EpilogueRecordAttr &epilogueRecord);
};

} // namespace

/// The leading dimension (row stride) and batch stride of a row-major memref
/// whose data starts at the base pointer: the identity layout, or a strided
/// layout with unit column stride whose rows (matrices) do not overlap where
/// that can be checked statically. ShapedType::kDynamic stands for a stride
/// known only at run time (a dynamic size of the identity layout, or a `?`
/// of the strided one). Failure for any other layout.
static FailureOr<std::pair<int64_t, int64_t>> getBlasStrides(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || offset != 0 ||
      strides.back() != 1)
    return failure();
  int64_t rank = type.getRank();
  int64_t ld = strides[rank - 2];
  int64_t batchStride = rank == 3 ? strides[0] : 0;
  auto known = [](int64_t value) { return !ShapedType::isDynamic(value); };
  int64_t cols = type.getDimSize(rank - 1);
  if (known(ld) && known(cols) && ld < cols)
    return failure();
  if (rank == 3 && known(batchStride) && known(ld) &&
      known(type.getDimSize(1))) {
    // A product beyond 64 bits is beyond any batch stride too.
    std::optional<int64_t> matrix = llvm::checkedMul(ld, type.getDimSize(1));
    if (!matrix || batchStride < *matrix)
      return failure();
  }
  return std::make_pair(ld, batchStride);
}

/// A factor of the epilogue, alpha or beta: a constant or an f32 argument of
/// the function (a kernel argument then).
struct Scale {
  std::optional<double> value;
  int64_t arg = -1;
  /// Whether the body has the factor's term (a missing C term is beta = 0).
  bool inBody = false;
};

/// Matches `value` against `x` or a product of `x` and a scale; collects the
/// matched operations in `matched`.
static bool matchScaled(Value value, Value x, func::FuncOp func, Scale &scale,
                        SmallPtrSetImpl<Operation *> &matched) {
  scale.inBody = true;
  if (value == x) {
    scale.value = 1.0;
    return true;
  }
  auto mul = value.getDefiningOp<arith::MulFOp>();
  if (!mul)
    return false;
  Value factor = mul.getLhs() == x   ? mul.getRhs()
                 : mul.getRhs() == x ? mul.getLhs()
                                     : Value();
  if (!factor)
    return false;
  if (auto constant = factor.getDefiningOp<arith::ConstantFloatOp>()) {
    scale.value = constant.value().convertToDouble();
  } else {
    auto arg = dyn_cast<BlockArgument>(factor);
    if (!arg || arg.getOwner() != &func.getBody().front())
      return false;
    scale.arg = arg.getArgNumber();
  }
  matched.insert(mul);
  if (Operation *def = factor.getDefiningOp())
    matched.insert(def);
  return true;
}

/// Reads alpha and beta off the body of the epilogue `generic`, when it
/// computes alpha * t + beta * c (either term may be missing its factor,
/// the C term may be missing: beta = 0) and reads no other operand.
static bool matchAlphaBetaBody(linalg::GenericOp generic, func::FuncOp func,
                               Scale &alpha, Scale &beta) {
  if (!getEpilogueOperands(generic).empty())
    return false;
  Block *body = generic.getBody();
  Value t = body->getArgument(0), c = body->getArgument(1);
  Value result = body->getTerminator()->getOperand(0);
  SmallPtrSet<Operation *, 8> matched;
  bool ok = false;
  if (matchScaled(result, t, func, alpha, matched)) {
    beta.value = 0.0;
    ok = true;
  } else if (auto add = result.getDefiningOp<arith::AddFOp>()) {
    matched.insert(add);
    for (auto [tTerm, cTerm] : {std::pair(add.getLhs(), add.getRhs()),
                                std::pair(add.getRhs(), add.getLhs())}) {
      if (ok)
        break;
      alpha = beta = Scale();
      ok = matchScaled(tTerm, t, func, alpha, matched) &&
           matchScaled(cTerm, c, func, beta, matched);
    }
  }
  // Nothing else in the body: gemm-opt clones it into the kernel.
  for (Operation &op : body->without_terminator())
    ok &= matched.contains(&op);
  return ok;
}

/// The operations an epilogue body may hold: elementwise arithmetic on f32
/// (and i1 for comparisons and selects) that the kernel's lowering compiles
/// without a device library (tanh and erf by upstream's polynomial
/// approximations) and gemm-run's reference evaluates.
static bool isFusableEpilogueOp(Operation &op) {
  return isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
             arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
             arith::MinNumFOp, arith::NegFOp, arith::CmpFOp, arith::SelectOp,
             arith::ConstantOp, math::ExpOp, math::TanhOp, math::ErfOp,
             math::AbsFOp, math::SqrtOp, math::RsqrtOp, math::FmaOp>(op);
}

static constexpr llvm::StringLiteral kFusableOps =
    "arith.addf, subf, mulf, divf, maximumf, minimumf, maxnumf, minnumf, "
    "negf, cmpf, select and constant; math.exp, tanh, erf, absf, sqrt, rsqrt "
    "and fma";

/// A constant of the epilogue body as the record writes it.
static std::string formatConstant(TypedAttr value) {
  if (auto flag = dyn_cast<BoolAttr>(value))
    return flag.getValue() ? "true" : "false";
  if (auto integer = dyn_cast<IntegerAttr>(value);
      integer && integer.getType().isInteger(1))
    return integer.getValue().isZero() ? "false" : "true";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.9e", cast<FloatAttr>(value).getValueAsDouble());
  return text;
}

/// Checks an epilogue that is not alpha/beta and returns its record: each
/// operand besides T and C a static, row-major f32 argument of the function
/// of the loops' sizes, each body operation one of isFusableEpilogueOp on
/// f32 or i1 values, and every value the body takes from outside it a
/// constant.
static FailureOr<EpilogueRecordAttr>
checkGeneralEpilogue(linalg::GenericOp generic, func::FuncOp func,
                     ArrayRef<int64_t> loops) {
  MLIRContext *ctx = generic.getContext();
  constexpr llvm::StringLiteral kLoopNames[] = {"batch", "m", "n"};
  unsigned batchDims = loops.size() - 2;
  SmallVector<int64_t> argNumbers;
  SmallVector<Attribute> dims;
  SmallVector<AffineMap> maps = getEpilogueOperandMaps(generic);
  for (auto [index, operand, map] :
       llvm::enumerate(getEpilogueOperands(generic), maps)) {
    auto arg = dyn_cast<BlockArgument>(operand);
    auto type = dyn_cast<MemRefType>(operand.getType());
    if (!arg || arg.getOwner() != &func.getBody().front() || !type)
      return generic.emitOpError()
             << "reads operand #" << index + 1
             << ", which is not an argument of the enclosing function; the "
                "kernel takes an epilogue's operands as buffer arguments";
    // Sizes as the loops' (static: a vector or matrix the kernel reads in
    // place, without size arguments).
    SmallVector<Attribute> names;
    SmallVector<int64_t> expected;
    for (AffineExpr result : map.getResults()) {
      unsigned loop = cast<AffineDimExpr>(result).getPosition();
      unsigned nameIndex = loop + (batchDims ? 0 : 1);
      names.push_back(StringAttr::get(ctx, kLoopNames[nameIndex]));
      expected.push_back(loops[loop]);
    }
    if (!type.getElementType().isF32() || !type.hasStaticShape() ||
        !type.getLayout().isIdentity() || type.getMemorySpace() ||
        type.getShape() != ArrayRef(expected))
      return generic.emitOpError()
             << "reads operand #" << index + 1 << " of type " << type
             << "; gemm-opt fuses epilogue operands that are f32 memrefs of "
                "static shape, identity layout and default memory space, "
                "whose sizes are those of the loops they are read along";
    argNumbers.push_back(arg.getArgNumber());
    dims.push_back(ArrayAttr::get(ctx, names));
  }

  // The body as steps on named values (#gemm.epilogue).
  Block *body = generic.getBody();
  DenseMap<Value, std::string> names;
  names[body->getArgument(0)] = "T";
  for (unsigned i = 0; i < argNumbers.size(); ++i)
    names[body->getArgument(i + 1)] = "E" + std::to_string(i);
  names[body->getArgument(generic.getNumDpsInputs())] = "C";
  SmallVector<Attribute> steps;
  auto step = [&](Value result, const Twine &text) {
    std::string name =
        "%" + std::to_string(names.size() - 2 - argNumbers.size());
    names[result] = name;
    steps.push_back(StringAttr::get(ctx, name + " = " + text));
  };
  for (Operation &op : body->without_terminator()) {
    if (!isFusableEpilogueOp(op) || op.getNumRegions() != 0)
      return op.emitOpError()
             << "is not an operation gemm-opt fuses into the matmul's store "
                "(an epilogue's body may hold "
             << kFusableOps << ", on f32 values and i1 conditions)";
    for (Type type :
         llvm::concat<Type>(op.getOperandTypes(), op.getResultTypes()))
      if (!type.isF32() && !type.isInteger(1))
        return op.emitOpError()
               << "computes on " << type
               << "; gemm-opt fuses epilogues on f32 values and i1 "
                  "conditions";
    SmallVector<std::string> operands;
    for (Value operand : op.getOperands()) {
      auto found = names.find(operand);
      if (found != names.end()) {
        operands.push_back(found->second);
        continue;
      }
      // A constant defined outside the body: a step of its own.
      auto constant = operand.getDefiningOp<arith::ConstantOp>();
      if (!constant)
        return op.emitOpError()
               << "uses a value from outside the epilogue's body that is not "
                  "a constant; pass it as an operand of the linalg.generic "
                  "(a 0-d memref for a scalar)";
      step(operand, "arith.constant " + formatConstant(constant.getValue()));
      operands.push_back(names[operand]);
    }
    std::string text = op.getName().getStringRef().str();
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      text += " " + formatConstant(constant.getValue());
    if (auto cmp = dyn_cast<arith::CmpFOp>(op))
      text +=
          " " + arith::stringifyCmpFPredicate(cmp.getPredicate()).str() + ",";
    text += " " + llvm::join(operands, ", ");
    step(op.getResult(0), StringRef(text).rtrim());
  }
  Value yielded = body->getTerminator()->getOperand(0);
  if (names.lookup(yielded).empty())
    return generic.emitOpError()
           << "yields a value from outside its body; gemm-opt fuses an "
              "epilogue that computes C's element";
  steps.push_back(StringAttr::get(ctx, "yield " + names.lookup(yielded)));
  return EpilogueRecordAttr::get(ctx, DenseI64ArrayAttr::get(ctx, argNumbers),
                                 ArrayAttr::get(ctx, dims),
                                 ArrayAttr::get(ctx, steps));
}

FailureOr<MatmulRecordAttr>
GemmCheckInputPass::checkMatmul(linalg::LinalgOp matmul, bool zeroFilledC,
                                EpilogueRecordAttr &epilogueRecord) {
  StringRef opName = matmul->getName().getStringRef();
  if (matmul.hasPureTensorSemantics() || !matmul.hasPureBufferSemantics())
    return matmul.emitOpError()
           << "on tensors is not supported: gemm-opt compiles " << opName
           << " on memrefs (bufferize first)";
  std::optional<MatmulLayout> layout = getMatmulLayout(matmul);
  if (!layout)
    return matmul.emitOpError()
           << "has indexing maps gemm-opt does not support: A must be M x K "
              "or K x M (transposed), B K x N or N x K (transposed) and C "
              "M x N"
           << (isa<linalg::BatchMatmulOp>(matmul)
                   ? ", each batched over the first loop"
                   : "");

  auto func = matmul->getParentOfType<func::FuncOp>();
  if (!func)
    return matmul.emitOpError() << "must be inside a func.func";

  // C = alpha * A x B + beta * C: the matmul writes a zero-filled temporary
  // that an elementwise linalg.generic combines with C.
  std::optional<Epilogue> epilogue = getEpilogue(matmul);
  Scale alpha, beta;
  if (epilogue) {
    auto fillValue =
        epilogue->fill.getInputs()[0].getDefiningOp<arith::ConstantFloatOp>();
    if (!fillValue || !fillValue.value().isZero())
      return epilogue->fill.emitOpError()
             << "fills the matmul's temporary with something other than the "
                "constant 0.0; gemm-opt fuses C = alpha * A x B + beta * C "
                "only from a zero-filled temporary";
    if (!matchAlphaBetaBody(epilogue->generic, func, alpha, beta)) {
      // Any other elementwise epilogue: recorded for the manifest; the
      // matmul record's factors stand for what the kernel sums (T, with C
      // read when the body reads it).
      FailureOr<EpilogueRecordAttr> general = checkGeneralEpilogue(
          epilogue->generic, func, ArrayRef(getLoopSizes(matmul)).drop_back());
      if (failed(general))
        return failure();
      epilogueRecord = *general;
      alpha = beta = Scale();
      alpha.value = 1.0;
      beta.value = epilogue->readsC() ? 1.0 : 0.0;
    }
    for (auto [name, scale] :
         {std::pair("alpha", &alpha), std::pair("beta", &beta)})
      if (scale->value && !std::isfinite(*scale->value))
        return epilogue->generic.emitOpError()
               << "has " << name << " = " << *scale->value
               << ", a constant that is not finite; gemm-opt compiles finite "
                  "constants (an f32 argument may take any value)";
    // Matched from a product beta * c: the program reads C, and 0 * c is NaN
    // where c is NaN or infinite, while beta = 0 means C is not read.
    if (beta.inBody && beta.value && *beta.value == 0.0)
      return epilogue->generic.emitOpError()
             << "multiplies c by the constant 0.0, which reads C only to turn "
                "its NaNs and infinities into NaN; leave the C term out for "
                "C = alpha * A x B (beta = 0, C is not read)";
  } else {
    alpha.value = 1.0;
    beta.value = zeroFilledC ? 0.0 : 1.0;
  }

  Value operands[] = {matmul.getDpsInputs()[0], matmul.getDpsInputs()[1],
                      epilogue ? epilogue->c : matmul.getDpsInits()[0]};
  SmallVector<MemRefType> types;
  for (Value operand : operands)
    types.push_back(cast<MemRefType>(operand.getType()));

  if (llvm::any_of(types, [](MemRefType type) {
        return !type.getElementType().isF32();
      }))
    return matmul.emitOpError()
           << "has element types (A: " << types[0].getElementType()
           << ", B: " << types[1].getElementType()
           << ", C: " << types[2].getElementType()
           << "); gemm-opt supports f32 A, B and C only (f16, bf16, integer "
              "and mixed types are not supported)";

  SmallVector<std::pair<int64_t, int64_t>> strides;
  for (auto [name, type] : llvm::zip_equal(kOperandNames, types)) {
    FailureOr<std::pair<int64_t, int64_t>> blas = getBlasStrides(type);
    if (failed(blas))
      return matmul.emitOpError()
             << "operand " << name << " has layout " << type.getLayout()
             << "; gemm-opt supports row-major memrefs with offset 0: the "
                "identity layout, or a leading dimension (strided<[ld, 1]>, "
                "ld >= columns; batched: strided<[batch stride, ld, 1]>, "
                "batch stride >= rows x ld), static or `?` (a kernel "
                "argument)";
    strides.push_back(*blas);
    if (type.getMemorySpace())
      return matmul.emitOpError()
             << "operand " << name << " is in memory space "
             << type.getMemorySpace()
             << "; gemm-opt expects the default (global) memory space";
  }

  // A consumer of the matmul's temporary that is not its epilogue
  // (getEpilogue): say why, at it, rather than that C is no argument.
  if (!epilogue && operands[2].getDefiningOp<memref::AllocOp>()) {
    for (Operation *user : operands[2].getUsers()) {
      if (user == matmul || isa<linalg::FillOp, memref::DeallocOp>(user))
        continue;
      auto generic = dyn_cast<linalg::GenericOp>(user);
      if (generic && generic.getNumReductionLoops() != 0)
        return generic.emitOpError()
               << "reduces the matmul's result over "
               << generic.getNumReductionLoops()
               << " loop(s); gemm-opt fuses an elementwise epilogue (all "
                  "loops parallel) and would drop this op";
      if (generic && generic->getPrevNode() == matmul.getOperation() &&
          generic.getNumDpsInits() == 1 &&
          (!generic.getIndexingMapsArray().back().isIdentity() ||
           !llvm::all_of(generic.getDpsInputOperands(), [&](OpOperand *in) {
             return in->get() != operands[2] ||
                    generic.getMatchingIndexingMap(in).isIdentity();
           })))
        return generic.emitOpError()
               << "reads the matmul's result or writes C through an "
                  "indexing map that is not the identity (a transpose or a "
                  "broadcast); gemm-opt fuses an elementwise epilogue, whose "
                  "other operands may be broadcast along M or N";
      if (generic && generic->getPrevNode() == matmul.getOperation())
        break;
      return user->emitOpError()
             << "reads the matmul's result but is not an elementwise "
                "linalg.generic directly after the matmul, the one epilogue "
                "gemm-opt fuses; it would drop this op";
    }
  }

  unsigned argNumbers[3];
  for (auto [name, operand, argNumber] :
       llvm::zip_equal(kOperandNames, operands, argNumbers)) {
    auto arg = dyn_cast<BlockArgument>(operand);
    if (!arg || arg.getOwner() != &func.getBody().front())
      return matmul.emitOpError()
             << "operand " << name
             << " must be an argument of the enclosing function, so that the "
                "kernel can take it as a buffer argument (for C = alpha * A x "
                "B + beta * C, the matmul may write a zero-filled temporary "
                "that a linalg.generic directly after it combines with C)";
    argNumber = arg.getArgNumber();
  }
  if (operands[2] == operands[0] || operands[2] == operands[1])
    return matmul.emitOpError()
           << "writes C into one of its inputs; A, B and C must be distinct";

  // The loop sizes, in the order batch, m, n, k.
  SmallVector<int64_t> loops = getLoopSizes(matmul);
  unsigned batchDims = loops.size() - 3;
  constexpr llvm::StringLiteral kLoopNames[] = {"batch", "m", "n", "k"};
  ArrayRef<llvm::StringLiteral> loopNames =
      ArrayRef(kLoopNames).drop_front(1 - batchDims);
  // linalg's verifier compares the operands' extents only when all of them
  // are static. Two static extents of one loop must agree here; a `?` takes
  // the static one (getLoopSizes), which the caller's buffer must have.
  SmallVector<std::optional<std::pair<int64_t, unsigned>>> firstExtent(
      loops.size());
  for (OpOperand &operand : matmul->getOpOperands()) {
    ArrayRef<int64_t> shape =
        cast<ShapedType>(operand.get().getType()).getShape();
    unsigned index = operand.getOperandNumber();
    for (auto [dim, result] : llvm::enumerate(
             matmul.getMatchingIndexingMap(&operand).getResults())) {
      auto loop = dyn_cast<AffineDimExpr>(result);
      if (!loop || ShapedType::isDynamic(shape[dim]))
        continue;
      auto &first = firstExtent[loop.getPosition()];
      if (!first)
        first = {shape[dim], index};
      else if (first->first != shape[dim])
        return matmul.emitOpError()
               << "has operands that disagree on "
               << loopNames[loop.getPosition()] << ": "
               << kOperandNames[first->second] << " gives " << first->first
               << ", " << kOperandNames[index] << " gives " << shape[dim];
    }
  }
  // An empty problem would give a zero grid, which no runtime launches, and
  // a manifest without its size.
  for (auto [name, size] : llvm::zip(loopNames, loops))
    if (size == 0)
      return matmul.emitOpError()
             << "has a zero-sized dimension: " << name
             << " = 0; gemm-opt compiles sizes of at least 1";
  // The kernels address each matrix with 64-bit byte offsets.
  for (auto [name, type] : llvm::zip_equal(kOperandNames, types)) {
    SmallVector<int64_t> layoutStrides = type.getStridesAndOffset().first;
    if (!type.hasStaticShape() ||
        llvm::any_of(layoutStrides, ShapedType::isDynamic))
      continue;
    // The offset of the last element.
    int64_t last = 0, term, bytes;
    bool overflow = false;
    for (auto [size, stride] : llvm::zip_equal(type.getShape(), layoutStrides))
      overflow = overflow || llvm::MulOverflow(size - 1, stride, term) ||
                 llvm::AddOverflow(last, term, last);
    if (overflow || llvm::AddOverflow(last, int64_t(1), last) ||
        llvm::MulOverflow(last, int64_t(sizeof(float)), bytes))
      return matmul.emitOpError()
             << "operand " << name << " (" << type
             << ") spans more bytes than a signed 64-bit offset holds";
  }
  auto batchStride = [&](unsigned operand) -> std::optional<int64_t> {
    if (!batchDims)
      return std::nullopt;
    return strides[operand].second;
  };
  auto valueOf = [&](const Scale &scale) {
    return scale.value
               ? FloatAttr::get(Float32Type::get(&getContext()), *scale.value)
               : FloatAttr();
  };
  auto argOf = [](const Scale &scale) -> std::optional<unsigned> {
    if (scale.value)
      return std::nullopt;
    return scale.arg;
  };
  return MatmulRecordAttr::get(
      &getContext(), loops[batchDims], loops[batchDims + 1],
      loops[batchDims + 2], batchDims ? loops[0] : 1, argNumbers[0],
      argNumbers[1], argNumbers[2], layout->transposeA, layout->transposeB,
      strides[0].first, strides[1].first, strides[2].first, batchStride(0),
      batchStride(1), batchStride(2), valueOf(alpha), argOf(alpha),
      valueOf(beta), argOf(beta));
}

/// Where to report problems of the module as a whole. An implicit top-level
/// module sits at line 0 of the file; its first operation is a better place.
static Location getModuleDiagnosticLoc(ModuleOp module) {
  auto fileLoc = dyn_cast<FileLineColLoc>(module.getLoc());
  if ((!fileLoc || fileLoc.getLine() == 0) && !module.getBody()->empty())
    return module.getBody()->front().getLoc();
  return module.getLoc();
}

/// What the kernel does not run: every op around the matmul other than its
/// epilogue, which gemm-opt would drop. The end of the messages below.
static constexpr llvm::StringLiteral kDropped =
    "; gemm-opt compiles only a lone linalg.matmul per function (with its "
    "elementwise epilogue) and would drop this op";

/// The matmul runs once per launch: it must sit in the body of its function,
/// and that body must be one block (no loop, condition or branch around it).
static LogicalResult checkPlacement(ModuleOp module, linalg::LinalgOp matmul) {
  Operation *parent = matmul->getParentOp();
  auto func = dyn_cast<func::FuncOp>(parent);
  if (!func && !matmul->getParentOfType<func::FuncOp>())
    return matmul.emitOpError() << "must be inside a func.func";
  // The lowering outlines one gpu.module into the top-level module.
  auto enclosing = matmul->getParentOfType<func::FuncOp>();
  if (enclosing->getParentOp() != module.getOperation()) {
    InFlightDiagnostic diag =
        matmul.emitOpError()
        << "is in a function nested inside '"
        << enclosing->getParentOp()->getName()
        << "'; gemm-opt compiles a matmul of a func.func at the top level of "
           "the module";
    diag.attachNote(enclosing->getParentOp()->getLoc()) << "nested here";
    return diag;
  }
  if (!func) {
    InFlightDiagnostic diag =
        matmul.emitOpError()
        << "is inside '" << parent->getName()
        << "'; gemm-opt compiles a lone linalg.matmul per function, run once "
           "per launch, and would drop the '"
        << parent->getName() << "' around it";
    diag.attachNote(parent->getLoc())
        << "'" << parent->getName() << "' is here";
    return diag;
  }
  if (!func.getBody().hasOneBlock())
    return matmul.emitOpError()
           << "is in a function of " << func.getBody().getBlocks().size()
           << " blocks; gemm-opt compiles a lone linalg.matmul per function, "
              "run once per launch, and would drop the control flow around it";
  return success();
}

/// `linalg.fill` of C with 0.0 or -0.0 before `matmul` (only ops without
/// memory effects in between), when the matmul writes C directly: C = A x B,
/// which gemm-opt compiles as beta = 0, the sums starting at the fill's
/// zero (getSumStart).
static linalg::FillOp getZeroFillOfC(linalg::LinalgOp matmul) {
  if (getEpilogue(matmul))
    return nullptr;
  Operation *op = matmul->getPrevNode();
  while (op && isMemoryEffectFree(op))
    op = op->getPrevNode();
  auto fill = dyn_cast_or_null<linalg::FillOp>(op);
  if (!fill || !fill.hasPureBufferSemantics() ||
      fill.getDpsInits()[0] != matmul.getDpsInits()[0])
    return nullptr;
  auto value = fill.getInputs()[0].getDefiningOp<arith::ConstantFloatOp>();
  if (!value || !value.value().isZero())
    return nullptr;
  return fill;
}

/// The buffer a memref is a view of.
static Value getViewRoot(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

/// Refuses everything in `func` (and the module) that the kernel would not
/// do: ops with side effects other than the matmul, its epilogue and the
/// zero fill `zeroFill` (if any), a returned value, and other functions.
static LogicalResult checkNothingDropped(ModuleOp module, func::FuncOp func,
                                         linalg::LinalgOp matmul,
                                         linalg::FillOp zeroFill) {
  SmallPtrSet<Operation *, 8> compiled = {matmul};
  std::optional<Epilogue> epilogue = getEpilogue(matmul);
  if (zeroFill)
    compiled.insert(zeroFill);
  if (epilogue) {
    compiled.insert({epilogue->generic, epilogue->temp, epilogue->fill});
    for (Operation *user : epilogue->temp->getUsers())
      if (isa<memref::DeallocOp>(user))
        compiled.insert(user);
  }
  Value operands[] = {matmul.getDpsInputs()[0], matmul.getDpsInputs()[1],
                      epilogue ? epilogue->c : matmul.getDpsInits()[0]};

  for (Operation &op : func.getBody().front()) {
    if (auto ret = dyn_cast<func::ReturnOp>(op);
        ret && ret.getNumOperands() != 0)
      return ret.emitOpError()
             << "returns a value; gemm-opt compiles the function into a "
                "kernel, which returns nothing, and would drop it";
    if (compiled.contains(&op) || isMemoryEffectFree(&op))
      continue;
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        getEffectsRecursively(&op);
    if (!effects)
      return op.emitOpError() << "has side effects gemm-opt cannot see (it may "
                                 "read or write A, B or C)"
                              << kDropped;
    // Name the first write to A, B or C, else the first other access.
    std::optional<std::pair<MemoryEffects::EffectInstance, unsigned>> worst;
    for (const MemoryEffects::EffectInstance &effect : *effects) {
      Value value = effect.getValue();
      if (!value)
        continue;
      Value root = getViewRoot(value);
      for (auto [index, operand] : llvm::enumerate(operands)) {
        if (getViewRoot(operand) != root)
          continue;
        if (!worst || (isa<MemoryEffects::Write>(effect.getEffect()) &&
                       !isa<MemoryEffects::Write>(worst->first.getEffect())))
          worst = {effect, index};
      }
    }
    if (!worst)
      return op.emitOpError() << "has side effects" << kDropped;
    MemoryEffects::Effect *kind = worst->first.getEffect();
    StringRef verb = isa<MemoryEffects::Write>(kind)  ? "writes"
                     : isa<MemoryEffects::Read>(kind) ? "reads"
                     : isa<MemoryEffects::Free>(kind) ? "frees"
                                                      : "allocates";
    InFlightDiagnostic diag = op.emitOpError()
                              << verb << " " << kOperandNames[worst->second];
    if (auto arg =
            dyn_cast<BlockArgument>(getViewRoot(operands[worst->second])))
      diag << " (argument " << arg.getArgNumber() << ")";
    diag << (op.isBeforeInBlock(matmul) ? " before" : " after") << " the matmul"
         << kDropped;
    if (isa<linalg::FillOp>(op) && worst->second == 2 && !epilogue)
      diag << " (a linalg.fill of C with the constant 0.0 directly before "
              "the matmul is compiled, as C = A x B: beta = 0)";
    return diag;
  }

  for (auto other : module.getOps<func::FuncOp>())
    if (other != func && !other.isExternal())
      return other.emitOpError()
             << "@" << other.getSymName()
             << " has a body but no matmul; gemm-opt compiles the function "
                "holding the matmul into a kernel and would drop this one "
                "(declarations are fine)";
  return success();
}

/// Rewrites `fill(0.0) C; matmul(A, B) C` into the epilogue form with
/// beta = 0 (the matmul writes a zero-filled temporary that a linalg.generic
/// copies to C), which the later passes compile into a kernel that stores
/// A x B without reading C.
static void rewriteZeroFillAsEpilogue(linalg::LinalgOp matmul,
                                      linalg::FillOp fill) {
  OpBuilder b(fill);
  Location loc = fill.getLoc();
  Value c = matmul.getDpsInits()[0];
  auto cType = cast<MemRefType>(c.getType());
  SmallVector<Value> dynamicSizes;
  for (int64_t dim : llvm::seq<int64_t>(cType.getRank()))
    if (cType.isDynamicDim(dim))
      dynamicSizes.push_back(memref::DimOp::create(b, loc, c, dim));
  Value temp = memref::AllocOp::create(
      b, loc, MemRefType::get(cType.getShape(), cType.getElementType()),
      dynamicSizes);
  fill.getDpsInitsMutable()[0].set(temp);
  matmul.getDpsInitsMutable()[0].set(temp);

  b.setInsertionPointAfter(matmul);
  AffineMap identity = b.getMultiDimIdentityMap(cType.getRank());
  SmallVector<utils::IteratorType> iterators(cType.getRank(),
                                             utils::IteratorType::parallel);
  linalg::GenericOp::create(b, matmul.getLoc(), ValueRange{temp}, ValueRange{c},
                            ArrayRef<AffineMap>{identity, identity}, iterators,
                            [](OpBuilder &b, Location loc, ValueRange args) {
                              linalg::YieldOp::create(b, loc, args[0]);
                            });
  memref::DeallocOp::create(b, loc, temp);
}

/// Puts the matmul's temporary first among the inputs of the elementwise
/// generic directly after it (the form getEpilogue reads): frameworks may
/// write the bias first, `ins(%bias, %t)`. The inputs, their maps and the
/// body's arguments are permuted alike; anything else is left to the
/// checks.
static void moveTemporaryFirst(linalg::LinalgOp matmul) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(matmul->getNextNode());
  Value temp = matmul.getNumDpsInits() == 1 ? matmul.getDpsInits()[0] : Value();
  if (!generic || !temp || !temp.getDefiningOp<memref::AllocOp>() ||
      !generic.hasPureBufferSemantics() || generic.getNumDpsInits() != 1)
    return;
  SmallVector<Value> inputs(generic.getDpsInputs());
  auto found = llvm::find(inputs, temp);
  if (found == inputs.end() || found == inputs.begin() ||
      llvm::count(inputs, temp) != 1)
    return;
  unsigned position = found - inputs.begin();
  SmallVector<unsigned> order = {position};
  for (unsigned i = 0; i <= inputs.size(); ++i)
    if (i != position)
      order.push_back(i); // the output's argument stays last
  SmallVector<AffineMap> oldMaps = generic.getIndexingMapsArray();
  SmallVector<Value> newInputs;
  SmallVector<AffineMap> newMaps;
  for (unsigned i : order) {
    if (i < inputs.size())
      newInputs.push_back(inputs[i]);
    newMaps.push_back(oldMaps[i]);
  }
  IRRewriter rewriter(generic);
  auto reordered = linalg::GenericOp::create(
      rewriter, generic.getLoc(), generic->getResultTypes(), newInputs,
      generic.getDpsInits(), newMaps, generic.getIteratorTypesArray());
  reordered->setDiscardableAttrs(generic->getDiscardableAttrDictionary());
  Block *oldBody = generic.getBody();
  Block *newBody = rewriter.createBlock(&reordered.getRegion());
  for (unsigned i : order)
    newBody->addArgument(oldBody->getArgument(i).getType(),
                         oldBody->getArgument(i).getLoc());
  SmallVector<Value> replacements(oldBody->getNumArguments());
  for (auto [newIndex, oldIndex] : llvm::enumerate(order))
    replacements[oldIndex] = newBody->getArgument(newIndex);
  rewriter.mergeBlocks(oldBody, newBody, replacements);
  rewriter.eraseOp(generic);
}

LogicalResult GemmCheckInputPass::checkTarget(Location loc) {
  const ::gemm::TargetInfo *target = nullptr;
  if (!product.empty()) {
    target = ::gemm::lookupTarget(product);
    if (!target)
      return emitError(loc)
             << "unknown target '" << product << "': expected one of "
             << ::gemm::getTargetNames();
  }
  std::string chipName = chip;
  if (chipName.empty())
    chipName = (target ? *target : ::gemm::getDefaultTarget()).isa;
  if (!isSupportedChip(chipName)) {
    InFlightDiagnostic diag = emitError(loc)
                              << "unknown chip '" << chipName
                              << "': gemm-opt targets RDNA3, one of ";
    llvm::interleaveComma(getSupportedChips(), diag);
    return diag;
  }
  // The choice and its cost estimates read the product's figures, the code
  // object is built for the chip: they must be one GPU.
  if (target && chipName != target->isa)
    return emitError(loc) << "chip=" << chipName
                          << " contradicts target=" << target->name << ", a "
                          << target->isa
                          << ": leave chip out or name a target of it";
  if (codeObjectVersion < 4 || codeObjectVersion > 6)
    return emitError(loc) << "unsupported code object version "
                          << codeObjectVersion.getValue()
                          << ": LLVM 22 emits 4, 5 or 6";
  // Checked here, at the input, rather than by the ROCDL target, which
  // reports it only after the whole lowering, at the kernel.
  if (optLevel > 3)
    return emitError(loc) << "unsupported opt-level " << optLevel.getValue()
                          << ": the AMDGPU backend takes 0, 1, 2 or 3";
  return success();
}

void GemmCheckInputPass::runOnOperation() {
  ModuleOp module = getOperation();
  Location moduleLoc = getModuleDiagnosticLoc(module);
  if (failed(checkTarget(moduleLoc)))
    return signalPassFailure();

  // Contractions other than linalg.matmul and linalg.batch_matmul would be
  // silently left on the host by the lowering; say so instead.
  auto isGemm = [](Operation *op) {
    return isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op);
  };
  // A generic or contract with a reduction loop is taken as an attempt at
  // a matmul that gemm-specialize-generic did not recognise.
  WalkResult unsupported = module.walk([&](linalg::LinalgOp op) {
    bool isGeneric = isa<linalg::GenericOp, linalg::ContractOp>(op);
    if (isGemm(op) || (isGeneric ? op.getNumReductionLoops() == 0
                                 : !linalg::isaContractionOpInterface(op)))
      return WalkResult::advance();
    InFlightDiagnostic diag = op.emitOpError();
    if (!isGeneric) {
      diag << "is not supported: gemm-opt compiles linalg.matmul and "
              "linalg.batch_matmul (transposes through their indexing_maps), "
              "and linalg.generic or linalg.contract ops that compute one";
      return WalkResult::interrupt();
    }
    std::string whyNot;
    llvm::raw_string_ostream os(whyNot);
    if (succeeded(matchGenericMatmul(op, os)))
      diag << "is a matmul written as " << op->getName()
           << ": run gemm-specialize-generic first (gemm-rdna3-pipeline "
              "does)";
    else
      diag << "is a contraction gemm-opt cannot compile as a matmul: it "
           << whyNot;
    return WalkResult::interrupt();
  });
  if (unsupported.wasInterrupted())
    return signalPassFailure();

  SmallVector<linalg::LinalgOp> matmuls;
  module.walk([&](linalg::LinalgOp op) {
    if (isGemm(op))
      matmuls.push_back(op);
  });
  if (matmuls.empty()) {
    emitError(moduleLoc) << "no linalg.matmul to compile: gemm-opt expects a "
                            "func.func containing one f32 linalg.matmul or "
                            "linalg.batch_matmul on memrefs";
    return signalPassFailure();
  }
  if (matmuls.size() > 1) {
    InFlightDiagnostic diag =
        matmuls[1].emitOpError()
        << "is a second matmul in the module: gemm-opt compiles one "
           "linalg.matmul or linalg.batch_matmul per module, into one kernel";
    diag.attachNote(matmuls[0].getLoc()) << "first matmul is here";
    return signalPassFailure();
  }

  linalg::LinalgOp matmul = matmuls.front();
  if (failed(checkPlacement(module, matmul)))
    return signalPassFailure();
  moveTemporaryFirst(matmul);
  linalg::FillOp zeroFill = getZeroFillOfC(matmul);
  EpilogueRecordAttr epilogueRecord;
  FailureOr<MatmulRecordAttr> record =
      checkMatmul(matmul, bool(zeroFill), epilogueRecord);
  auto func = cast<func::FuncOp>(matmul->getParentOp());
  if (failed(record) ||
      failed(checkNothingDropped(module, func, matmul, zeroFill)))
    return signalPassFailure();
  if (zeroFill)
    rewriteZeroFillAsEpilogue(matmul, zeroFill);
  func->setAttr(GemmDialect::getMatmulAttrName(), *record);
  if (epilogueRecord)
    func->setAttr(GemmDialect::getEpilogueAttrName(), epilogueRecord);
}

std::unique_ptr<Pass>
mlir::gemm::createGemmCheckInput(const TargetConfig &target) {
  return std::make_unique<GemmCheckInputPass>(target);
}
