//===- Gemm.cpp - The gemm dialect: typed kernel configuration ------------===//

#include "gemm-opt/Dialect/Gemm.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"
#include <functional>
#include <tuple>

using namespace mlir;
using namespace mlir::gemm;

/// A problem size: an integer, or `?` for one known only at run time.
static ParseResult parseProblemSize(AsmParser &parser, int64_t &size) {
  if (succeeded(parser.parseOptionalQuestion())) {
    size = ShapedType::kDynamic;
    return success();
  }
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseInteger(size))
    return failure();
  if (size < 0)
    return parser.emitError(loc, "a problem size is at least 0, or ?");
  return success();
}

static void printProblemSize(AsmPrinter &printer, int64_t size) {
  if (ShapedType::isDynamic(size))
    printer << "?";
  else
    printer << size;
}

#include "gemm-opt/Dialect/GemmDialect.cpp.inc"
#include "gemm-opt/Dialect/GemmEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "gemm-opt/Dialect/GemmAttrs.cpp.inc"

void GemmDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "gemm-opt/Dialect/GemmAttrs.cpp.inc"
      >();
}

LogicalResult GemmDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  if (attr.getName() == getMatmulAttrName() &&
      !isa<MatmulRecordAttr>(attr.getValue()))
    return op->emitError() << "'" << getMatmulAttrName()
                           << "' must be a #gemm.matmul";
  if (attr.getName() == getEpilogueAttrName() &&
      !isa<EpilogueRecordAttr>(attr.getValue()))
    return op->emitError() << "'" << getEpilogueAttrName()
                           << "' must be a #gemm.epilogue";
  if (attr.getName() == getConfigAttrName() &&
      !isa<KernelConfigAttr>(attr.getValue()))
    return op->emitError() << "'" << getConfigAttrName()
                           << "' must be a #gemm.config";
  if (attr.getName() == getProblemAttrName() &&
      !isa<ProblemAttr>(attr.getValue()))
    return op->emitError() << "'" << getProblemAttrName()
                           << "' must be a #gemm.problem";
  if (attr.getName() == getSegmentsAttrName() &&
      !isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'" << getSegmentsAttrName()
                           << "' must be a unit attribute";
  if (attr.getName() == getWgpModeKernelsAttrName()) {
    auto kernels = dyn_cast<ArrayAttr>(attr.getValue());
    if (!kernels || !llvm::all_of(kernels, llvm::IsaPred<SymbolRefAttr>))
      return op->emitError() << "'" << getWgpModeKernelsAttrName()
                             << "' must be an array of kernel symbols";
  }
  return success();
}

/// KernelConfig::checkRanges, on the fields that have ranges.
static std::optional<std::string>
checkConfigRanges(int64_t bm, int64_t bn, int64_t bk, int64_t wavesM,
                  int64_t wavesN, int64_t pad, int64_t unroll,
                  int64_t splitTail, int64_t computeUnits) {
  auto why = [](const Twine &text) { return std::optional(text.str()); };
  for (auto [name, value] :
       {std::pair("bm", bm), std::pair("bn", bn), std::pair("bk", bk)})
    if (value < 1)
      return why(Twine(name) + "=" + Twine(value) + " is not a positive size");
  // A workgroup holds at most 1024 lanes, 32 waves of 32.
  for (auto [name, value] :
       {std::pair("waves-m", wavesM), std::pair("waves-n", wavesN)})
    if (value < 1 || value > 32)
      return why(Twine(name) + "=" + Twine(value) +
                 " is not in 1..32: a workgroup holds 1 to 32 waves of 32 "
                 "lanes");
  // LDS reads of A's rows are 16 bytes wide and aligned.
  if (pad < 0 || pad % 4 != 0)
    return why("pad=" + Twine(pad) +
               " is not a non-negative multiple of 4 floats, which keeps "
               "16-byte LDS reads aligned");
  if (unroll < 0)
    return why("unroll=" + Twine(unroll) +
               " is negative (0 unrolls all of bk)");
  if (splitTail < 0)
    return why("split-tail=" + Twine(splitTail) +
               " is negative (0 chooses, 1 does not split)");
  if (computeUnits < 0 || computeUnits > 1024)
    return why("compute-units=" + Twine(computeUnits) +
               " is not in 1..1024 (or 0, the target's)");
  return std::nullopt;
}

bool KernelConfig::hasSameAttr(const KernelConfig &other) const {
  auto members = [](const KernelConfig &c) {
    return std::tie(c.bm, c.bn, c.bk, c.wavesM, c.wavesN, c.pad, c.unroll,
                    c.prefetch, c.addressing, c.batchWaits, c.wavePriorities,
                    c.splitTail, c.streamK, c.computeUnits, c.kernel,
                    c.skinnyPlan, c.target);
  };
  return members(*this) == members(other);
}

std::optional<std::string> KernelConfig::checkRanges() const {
  return checkConfigRanges(bm, bn, bk, wavesM, wavesN, pad, unroll, splitTail,
                           computeUnits);
}

LogicalResult KernelConfigAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, int64_t bm, int64_t bn,
    int64_t bk, int64_t wavesM, int64_t wavesN, int64_t pad, int64_t unroll,
    PrefetchMode, Addressing, bool, bool, int64_t splitTail, bool,
    int64_t computeUnits, KernelKind kernel, SkinnyPlanAttr plan,
    StringRef target) {
  if (!::gemm::lookupTarget(target))
    return emitError() << "unknown target '" << target << "': expected one of "
                       << ::gemm::getTargetNames();
  if (plan && kernel != KernelKind::Skinny)
    return emitError() << "a skinny plan is for kernel = skinny only";
  // The tiling passes check the fields against the problem.
  if (std::optional<std::string> why = checkConfigRanges(
          bm, bn, bk, wavesM, wavesN, pad, unroll, splitTail, computeUnits))
    return emitError() << *why;
  return success();
}

KernelConfigAttr KernelConfig::toAttr(MLIRContext *ctx) const {
  SkinnyPlanAttr plan;
  if (skinnyPlan)
    plan = SkinnyPlanAttr::get(
        ctx, skinnyPlan->lanesK, skinnyPlan->lanesL, skinnyPlan->rowsPerLane,
        skinnyPlan->colsPerGroup, skinnyPlan->waves, skinnyPlan->unroll,
        skinnyPlan->parts, skinnyPlan->stageY, skinnyPlan->scalarY,
        skinnyPlan->wgpMode);
  return KernelConfigAttr::get(
      ctx, bm, bn, bk, wavesM, wavesN, pad, unroll, prefetch, addressing,
      batchWaits, wavePriorities, splitTail, streamK, computeUnits,
      kernel == KernelKind::Auto ? KernelKind::Tiled : kernel, plan, target);
}

const ::gemm::TargetInfo &KernelConfig::getTargetInfo() const {
  const ::gemm::TargetInfo *info = ::gemm::lookupTarget(target);
  return info ? *info : ::gemm::getDefaultTarget();
}

int64_t KernelConfig::getTargetComputeUnits() const {
  return computeUnits ? computeUnits : getTargetInfo().computeUnits;
}

KernelConfig KernelConfig::fromAttr(KernelConfigAttr attr) {
  KernelConfig config;
  config.bm = attr.getBm();
  config.bn = attr.getBn();
  config.bk = attr.getBk();
  config.wavesM = attr.getWavesM();
  config.wavesN = attr.getWavesN();
  config.pad = attr.getPad();
  config.unroll = attr.getUnroll();
  config.prefetch = attr.getPrefetch();
  config.addressing = attr.getAddressing();
  config.batchWaits = attr.getBatchWaits();
  config.wavePriorities = attr.getWavePriorities();
  config.splitTail = attr.getSplitTail();
  config.streamK = attr.getStreamK();
  config.computeUnits = attr.getComputeUnits();
  config.kernel = attr.getKernel();
  if (SkinnyPlanAttr plan = attr.getPlan()) {
    SkinnyLayout &layout = config.skinnyPlan.emplace();
    layout.lanesK = plan.getLanesK();
    layout.lanesL = plan.getLanesL();
    layout.rowsPerLane = plan.getRowsPerLane();
    layout.colsPerGroup = plan.getColsPerGroup();
    layout.waves = plan.getWaves();
    layout.unroll = plan.getUnroll();
    layout.parts = plan.getParts();
    layout.stageY = plan.getStageY();
    layout.scalarY = plan.getScalarY();
    layout.wgpMode = plan.getWgpMode();
  }
  config.target = attr.getTarget().str();
  return config;
}

//===----------------------------------------------------------------------===//
// #gemm.skinny_plan
//===----------------------------------------------------------------------===//

bool SkinnyLayout::operator==(const SkinnyLayout &other) const {
  auto members = [](const SkinnyLayout &l) {
    return std::tie(l.lanesK, l.lanesL, l.rowsPerLane, l.colsPerGroup, l.waves,
                    l.unroll, l.parts, l.stageY, l.scalarY, l.wgpMode);
  };
  return members(*this) == members(other);
}

int64_t SkinnyLayout::stepFloats(int64_t steps) const {
  int64_t yFloats = scalarY ? 0 : kStepK * colsPerGroup;
  return accumulators() + steps * (kStepK * rowsPerLane + yFloats);
}

bool SkinnyLayout::fitsUnrolled() const {
  return stepFloats(2) <= kMaxUnrolledFloats &&
         (!scalarY || 2 * kStepK * colsPerGroup <= kMaxScalarYFloats);
}

std::optional<std::string> SkinnyLayout::checkRanges() const {
  auto why = [](const Twine &text) { return std::optional(text.str()); };
  if (lanesK < 1 || lanesL < 1 || lanesK > 32 || lanesL > 32 ||
      lanesK * lanesL != 32)
    return why("lanes_k=" + Twine(lanesK) + " x lanes_l=" + Twine(lanesL) +
               " are not the 32 lanes of a wave");
  if (scalarY != (lanesK == 1))
    return why("scalar_y takes lanes_k=1 (every lane of a wave along L), and "
               "only it does");
  if (scalarY && stageY)
    return why("scalar_y and stage_y both place Y: give one");
  // Each at most the limit first: their product may overflow.
  int64_t maxSums = scalarY ? kMaxScalarYAccumulators : kMaxAccumulators;
  if (rowsPerLane < 1 || colsPerGroup < 1 || rowsPerLane > maxSums ||
      colsPerGroup > maxSums || accumulators() > maxSums)
    return why("rows_per_lane=" + Twine(rowsPerLane) + " x cols_per_group=" +
               Twine(colsPerGroup) + " is not 1 to " + Twine(maxSums) +
               " sums a lane" + (scalarY ? " with scalar_y" : ""));
  if (waves < 1 || waves > kMaxWaves)
    return why("waves=" + Twine(waves) + " is not in 1.." + Twine(kMaxWaves));
  if (stepFloats(1) > kMaxStepFloats)
    return why(Twine(accumulators()) + " sums and a step's loads take " +
               Twine(stepFloats(1)) + " VGPRs, more than " +
               Twine(kMaxStepFloats) + " (fewer columns or rows)");
  if (unroll < 1 || unroll > 2)
    return why("unroll=" + Twine(unroll) + " is not 1 or 2");
  if (unroll == 2 && !fitsUnrolled())
    return why("unroll=2 does not fit: " + Twine(accumulators()) +
               " sums and two steps' loads take more than " +
               Twine(kMaxUnrolledFloats) + " VGPRs" +
               (scalarY ? " (or Y's two steps more than " +
                              Twine(kMaxScalarYFloats) + " SGPRs)"
                        : ""));
  if (parts < 1 || parts > kMaxParts)
    return why("parts=" + Twine(parts) + " is not in 1.." + Twine(kMaxParts));
  if (stageY &&
      (colsPerGroup % 4 != 0 || !llvm::isPowerOf2_64(yPiecesPerRow())))
    return why("stage_y loads Y in 16-byte pieces, a power of 2 of them a K "
               "row: cols_per_group=" +
               Twine(colsPerGroup) + " is not 4 times a power of 2");
  int64_t ldsBytes = 4 * (stageY ? ldsYTileFloats() : 0);
  int64_t sumBytes = 4 * ldsFloats();
  if (ldsBytes > kMaxLdsBytes || sumBytes > kMaxLdsBytes)
    return why("the waves' " +
               Twine(ldsBytes > kMaxLdsBytes ? "Y tiles" : "partial sums") +
               " take " + Twine(std::max(ldsBytes, sumBytes)) +
               " bytes of LDS, more than " + Twine(kMaxLdsBytes));
  return std::nullopt;
}

LogicalResult
SkinnyPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       int64_t lanesK, int64_t lanesL, int64_t rowsPerLane,
                       int64_t colsPerGroup, int64_t waves, int64_t unroll,
                       int64_t parts, bool stageY, bool scalarY, bool wgpMode) {
  SkinnyLayout layout{lanesK, lanesL, rowsPerLane, colsPerGroup, waves,
                      unroll, parts,  stageY,      scalarY,      wgpMode};
  if (std::optional<std::string> why = layout.checkRanges())
    return emitError() << "invalid skinny plan: " << *why;
  return success();
}

//===----------------------------------------------------------------------===//
// #gemm.matmul
//===----------------------------------------------------------------------===//

// The fields in the order they print; the batch strides only for a batch
// matmul, each factor as a value or as `argN`.
namespace {
struct MatmulRecordFields {
  int64_t m = 0, n = 0, k = 0, batch = 0;
  unsigned a = 0, b = 0, c = 0;
  bool transposeA = false, transposeB = false;
  int64_t lda = 0, ldb = 0, ldc = 0;
  std::optional<int64_t> batchStrideA, batchStrideB, batchStrideC;
  FloatAttr alpha, beta;
  std::optional<unsigned> alphaArg, betaArg;
};
} // namespace

/// A factor: a float, or `argN` for function argument N.
static ParseResult parseFactor(AsmParser &parser, FloatAttr &value,
                               std::optional<unsigned> &arg) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    unsigned index;
    if (!keyword.consume_front("arg") || keyword.getAsInteger(10, index))
      return parser.emitError(loc, "expected a float or argN");
    arg = index;
    return success();
  }
  // f32, as the matmul's scalars are.
  double parsed;
  if (parser.parseFloat(parsed))
    return failure();
  value = FloatAttr::get(Float32Type::get(parser.getContext()), parsed);
  return success();
}

Attribute MatmulRecordAttr::parse(AsmParser &parser, Type) {
  MatmulRecordFields f;
  auto size = [&](int64_t &field) {
    return [&, ptr = &field] { return parseProblemSize(parser, *ptr); };
  };
  auto optionalSize = [&](std::optional<int64_t> &field) {
    return [&, ptr = &field] {
      int64_t value;
      if (parseProblemSize(parser, value))
        return failure();
      *ptr = value;
      return success();
    };
  };
  auto index = [&](unsigned &field) {
    return [&, ptr = &field] { return parser.parseInteger(*ptr); };
  };
  auto boolean = [&](bool &field) {
    return [&, ptr = &field]() -> ParseResult {
      if (succeeded(parser.parseOptionalKeyword("true")))
        *ptr = true;
      else if (parser.parseKeyword("false"))
        return failure();
      return success();
    };
  };
  llvm::StringMap<std::function<ParseResult()>> fields = {
      {"m", size(f.m)},
      {"n", size(f.n)},
      {"k", size(f.k)},
      {"batch", size(f.batch)},
      {"a", index(f.a)},
      {"b", index(f.b)},
      {"c", index(f.c)},
      {"transpose_a", boolean(f.transposeA)},
      {"transpose_b", boolean(f.transposeB)},
      {"lda", size(f.lda)},
      {"ldb", size(f.ldb)},
      {"ldc", size(f.ldc)},
      {"batch_stride_a", optionalSize(f.batchStrideA)},
      {"batch_stride_b", optionalSize(f.batchStrideB)},
      {"batch_stride_c", optionalSize(f.batchStrideC)},
      {"alpha", [&] { return parseFactor(parser, f.alpha, f.alphaArg); }},
      {"beta", [&] { return parseFactor(parser, f.beta, f.betaArg); }},
  };
  llvm::StringSet<> seen;
  SMLoc start = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  do {
    std::string key;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeywordOrString(&key))
      return {};
    auto it = fields.find(key);
    if (it == fields.end()) {
      parser.emitError(loc, "unknown #gemm.matmul field '") << key << "'";
      return {};
    }
    if (!seen.insert(key).second) {
      parser.emitError(loc, "#gemm.matmul field '") << key << "' given twice";
      return {};
    }
    if (parser.parseEqual() || it->second())
      return {};
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseGreater())
    return {};
  for (StringRef required :
       {"m", "n", "k", "batch", "a", "b", "c", "transpose_a", "transpose_b",
        "lda", "ldb", "ldc", "alpha", "beta"})
    if (!seen.contains(required)) {
      parser.emitError(start, "#gemm.matmul has no '") << required << "'";
      return {};
    }
  return parser.getChecked<MatmulRecordAttr>(
      start, parser.getContext(), f.m, f.n, f.k, f.batch, f.a, f.b, f.c,
      f.transposeA, f.transposeB, f.lda, f.ldb, f.ldc, f.batchStrideA,
      f.batchStrideB, f.batchStrideC, f.alpha, f.alphaArg, f.beta, f.betaArg);
}

void MatmulRecordAttr::print(AsmPrinter &printer) const {
  auto size = [&](StringRef name, int64_t value, bool first = false) {
    printer << (first ? "" : ", ") << name << " = ";
    printProblemSize(printer, value);
  };
  auto factor = [&](StringRef name, FloatAttr value,
                    std::optional<unsigned> arg) {
    printer << ", " << name << " = ";
    if (arg)
      printer << "arg" << *arg;
    else
      printer.printFloat(value.getValue());
  };
  printer << "<";
  size("m", getM(), /*first=*/true);
  size("n", getN());
  size("k", getK());
  size("batch", getBatch());
  printer << ", a = " << getA() << ", b = " << getB() << ", c = " << getC()
          << ", transpose_a = " << (getTransposeA() ? "true" : "false")
          << ", transpose_b = " << (getTransposeB() ? "true" : "false");
  size("lda", getLda());
  size("ldb", getLdb());
  size("ldc", getLdc());
  for (auto [name, stride] : {std::pair("batch_stride_a", getBatchStrideA()),
                              std::pair("batch_stride_b", getBatchStrideB()),
                              std::pair("batch_stride_c", getBatchStrideC())})
    if (stride)
      size(name, *stride);
  factor("alpha", getAlpha(), getAlphaArg());
  factor("beta", getBeta(), getBetaArg());
  printer << ">";
}

LogicalResult MatmulRecordAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, int64_t m, int64_t n,
    int64_t k, int64_t batch, unsigned a, unsigned b, unsigned c, bool, bool,
    int64_t lda, int64_t ldb, int64_t ldc, std::optional<int64_t> batchStrideA,
    std::optional<int64_t> batchStrideB, std::optional<int64_t> batchStrideC,
    FloatAttr alpha, std::optional<unsigned> alphaArg, FloatAttr beta,
    std::optional<unsigned> betaArg) {
  for (int64_t size : {m, n, k, batch, lda, ldb, ldc})
    if (!ShapedType::isDynamic(size) && size <= 0)
      return emitError() << "#gemm.matmul sizes and strides are positive, or ?";
  if (a == b || a == c || b == c)
    return emitError() << "#gemm.matmul's a, b and c are distinct arguments";
  if (bool(batchStrideA) != bool(batchStrideB) ||
      bool(batchStrideA) != bool(batchStrideC))
    return emitError() << "#gemm.matmul has all three batch strides or none";
  if (bool(alpha) == bool(alphaArg) || bool(beta) == bool(betaArg))
    return emitError() << "#gemm.matmul's alpha and beta are each a value "
                          "or an argument";
  for (FloatAttr factor : {alpha, beta})
    if (factor && !factor.getType().isF32())
      return emitError() << "#gemm.matmul's alpha and beta are f32";
  return success();
}

StringRef MatmulRecordAttr::getRole(unsigned argNumber) const {
  if (argNumber == getA())
    return "A";
  if (argNumber == getB())
    return "B";
  if (argNumber == getC())
    return "C";
  return "";
}

bool MatmulRecordAttr::isTransposed(StringRef role) const {
  return role == "A" ? getTransposeA() : role == "B" && getTransposeB();
}

std::optional<int64_t> MatmulRecordAttr::getStaticSize(StringRef name) const {
  std::optional<int64_t> value =
      llvm::StringSwitch<std::optional<int64_t>>(name)
          .Case("m", getM())
          .Case("n", getN())
          .Case("k", getK())
          .Case("batch", getBatch())
          .Case("lda", getLda())
          .Case("ldb", getLdb())
          .Case("ldc", getLdc())
          .Case("batch_stride_a", getBatchStrideA())
          .Case("batch_stride_b", getBatchStrideB())
          .Case("batch_stride_c", getBatchStrideC())
          .Default(std::nullopt);
  if (!value || ShapedType::isDynamic(*value))
    return std::nullopt;
  return value;
}
