//===- TuningCandidates.cpp - The configurations a tuning sweep tries ----===//
//
// The candidates' estimates come from the built-in choice's own cost models
// (KernelChoice.h, SkinnyPlan.h), so that a sweep ranks them as the
// compiler would.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/TuningCandidates.h"

#include "KernelChoice.h"
#include "KernelTile.h"
#include "SkinnyPlan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <numeric>

using namespace mlir;
using namespace mlir::gemm;

/// The choice's input for a matmul of `shape` as gemm-tune compiles it:
/// batch 1 is a plain matmul into zeros.
static MatmulChoiceInput getTuningChoiceInput(const TuningShape &shape) {
  MatmulChoiceInput input;
  input.batch = shape.batch;
  std::tie(input.m, input.n, input.k) = std::tuple(shape.m, shape.n, shape.k);
  input.layout = MatmulLayout{shape.transposeA, shape.transposeB};
  input.splittable = shape.batch == 1;
  return input;
}

KernelConfig mlir::gemm::chooseTuningConfig(const TuningShape &shape,
                                            const KernelConfig &config) {
  KernelConfig chosen = config;
  // As selectConfig has it: stream-K takes the tiled kernel, unsplit.
  if (chosen.streamK) {
    chosen.splitTail = 1;
    chosen.kernel = KernelKind::Tiled;
  }
  return chooseKernelConfig(getTuningChoiceInput(shape), chosen);
}

namespace {
/// A configuration's estimate; for a skinny plan, also the weight it
/// carries and the plan's bounds, unweighted.
struct ConfigEstimate {
  double cycles;
  double weight = 1.0;
  std::optional<SkinnyCycles> skinnyTerms;
};
} // namespace

/// The estimate of `chosen`, a configuration chooseTuningConfig completed
/// for `shape`.
static std::optional<ConfigEstimate>
estimateChosenConfig(const TuningShape &shape, const KernelConfig &chosen) {
  // Below kMinEstimatedK the choice compares no estimate (the costs were
  // fitted on K >= 32), so none is given.
  if (shape.k < kMinEstimatedK)
    return std::nullopt;
  MatmulLayout layout{shape.transposeA, shape.transposeB};
  std::string ignored;
  llvm::raw_string_ostream ignoredOs(ignored);
  if (chosen.kernel == KernelKind::Skinny) {
    if (!chosen.skinnyPlan)
      return std::nullopt;
    FailureOr<SkinnyPlan> plan =
        getSkinnyPlan(shape.batch, shape.m, shape.n, shape.k, layout,
                      *chosen.skinnyPlan, ignoredOs);
    if (failed(plan))
      return std::nullopt;
    double weight = getSkinnyEstimateWeight(*plan);
    SkinnyCycles terms = estimateSkinnyCycleTerms(
        *plan, chosen.getTargetInfo(), chosen.getTargetComputeUnits());
    return ConfigEstimate{estimateWeightedSkinnyCycles(terms, *plan), weight,
                          terms};
  }
  // A matrix smaller than the tile goes to the simple lowering.
  if (shape.m < chosen.bm || shape.n < chosen.bn)
    return std::nullopt;
  KernelTile tile;
  static_cast<KernelConfig &>(tile) = chosen;
  std::tie(tile.m, tile.n, tile.k) = std::tuple(shape.m, shape.n, shape.k);
  if (std::optional<double> cycles =
          estimateTiledCycles(tile, shape.batch, shape.transposeB,
                              std::max<int64_t>(chosen.splitTail, 1)))
    return ConfigEstimate{*cycles};
  return std::nullopt;
}

std::optional<double>
mlir::gemm::estimateTuningEntry(const TuningShape &shape,
                                const KernelConfig &config) {
  if (std::optional<ConfigEstimate> estimate =
          estimateChosenConfig(shape, chooseTuningConfig(shape, config)))
    return estimate->cycles;
  return std::nullopt;
}

std::vector<std::string>
mlir::gemm::getDefaultTuningCandidates(const TuningShape &shape) {
  std::vector<std::string> candidates = {
      // The tiles with a prefetch=lds cost row name both prefetches, so that
      // an entry means the same whatever the choice gives them.
      "kernel=tiled bm=128 bn=128 prefetch=registers",
      "kernel=tiled bm=128 bn=128 prefetch=lds",
      "kernel=tiled bm=64 bn=64",
      "kernel=tiled bm=64 bn=64 waves-m=2 waves-n=1",
      "kernel=tiled bm=64 bn=64 waves-m=4 waves-n=2",
      "kernel=tiled bm=128 bn=64 waves-m=4 waves-n=2",
      "kernel=tiled bm=64 bn=128 waves-m=2 waves-n=2 prefetch=registers",
      "kernel=tiled bm=64 bn=128 waves-m=2 waves-n=2 prefetch=lds",
      "kernel=tiled bm=32 bn=64 waves-m=2 waves-n=1",
      // The rows of raised wave priorities, as the choice weighs them.
      "kernel=tiled bm=64 bn=64 waves-m=2 waves-n=1 wave-priorities=true",
      "kernel=tiled bm=32 bn=64 waves-m=2 waves-n=1 wave-priorities=true",
      "kernel=tiled bm=32 bn=32 waves-m=1 waves-n=1 wave-priorities=true",
      "kernel=skinny",
      "kernel=tiled",
      "kernel=tiled split-tail=1",
  };
  llvm::erase_if(candidates, [&](const std::string &options) {
    llvm::Expected<KernelConfig> config =
        applyTuningEntry(shape, options, KernelConfig());
    if (config)
      return false;
    llvm::consumeError(config.takeError());
    return true;
  });
  return candidates;
}

std::vector<TuningCandidate> mlir::gemm::prefilterTuningCandidates(
    const TuningShape &shape, llvm::ArrayRef<std::string> candidates,
    const KernelConfig &base, unsigned prefilter) {
  std::vector<TuningCandidate> ranked;
  // Each candidate's configuration as its compile chooses it.
  std::vector<std::optional<KernelConfig>> chosen;
  for (const std::string &options : candidates) {
    TuningCandidate candidate{options, std::nullopt, true, options};
    std::optional<KernelConfig> config;
    if (llvm::Expected<KernelConfig> given =
            applyTuningEntry(shape, options, base)) {
      config = chooseTuningConfig(shape, *given);
      if (std::optional<ConfigEstimate> estimate =
              estimateChosenConfig(shape, *config)) {
        candidate.estimatedCycles = estimate->cycles;
        candidate.estimateWeight = estimate->weight;
        if (estimate->skinnyTerms) {
          candidate.skinnyIssueCycles = estimate->skinnyTerms->issue;
          candidate.skinnyMemoryCycles = estimate->skinnyTerms->memory;
          candidate.skinnyEpilogueSums = estimate->skinnyTerms->epilogueSums;
        }
      }
      if (config->kernel == KernelKind::Skinny)
        candidate.skinnyPlan = config->skinnyPlan;
    } else {
      llvm::consumeError(given.takeError());
    }
    ranked.push_back(std::move(candidate));
    chosen.push_back(std::move(config));
  }
  if (prefilter == 0)
    return ranked;
  KernelConfig ownChoice = chooseTuningConfig(shape, base);
  llvm::SmallVector<size_t> ownJobs;
  for (auto [index, candidate] : llvm::enumerate(ranked)) {
    const std::optional<KernelConfig> &config = chosen[index];
    if (config && config->hasSameAttr(ownChoice)) {
      candidate.jobOptions.clear();
      continue;
    }
    const size_t *same = llvm::find_if(ownJobs, [&](size_t earlier) {
      return config && chosen[earlier] && config->hasSameAttr(*chosen[earlier]);
    });
    if (same != ownJobs.end())
      candidate.jobOptions = ranked[*same].options;
    else
      ownJobs.push_back(index);
  }
  llvm::stable_sort(ownJobs, [&](size_t a, size_t b) {
    const std::optional<double> &x = ranked[a].estimatedCycles;
    const std::optional<double> &y = ranked[b].estimatedCycles;
    return x && (!y || *x < *y);
  });
  for (size_t dropped : llvm::ArrayRef(ownJobs).drop_front(
           std::min<size_t>(prefilter, ownJobs.size())))
    for (TuningCandidate &candidate : ranked)
      if (candidate.jobOptions == ranked[dropped].options)
        candidate.kept = false;
  return ranked;
}
