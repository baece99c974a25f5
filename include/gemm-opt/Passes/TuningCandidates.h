//===- TuningCandidates.h - The configurations a tuning sweep tries -------===//
//
// gemm-tune (and bench/tune-sweep.py, through gemm-tune --list-candidates)
// compiles each shape with candidate configurations and predicts each on the
// timing model. A prediction takes seconds; the compiler's own cost estimate
// of a configuration takes microseconds, so a sweep can rank the candidates
// by it first and predict only the few it ranks fastest.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_TUNINGCANDIDATES_H
#define GEMM_OPT_PASSES_TUNINGCANDIDATES_H

#include "gemm-opt/Passes/TuningTable.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::gemm {

/// The configuration gemm-select-config gives a matmul of `shape` (without
/// an epilogue, and no tuning table) compiled with `config`: the choices
/// `config` leaves open made.
KernelConfig chooseTuningConfig(const TuningShape &shape,
                                const KernelConfig &config);

/// The compiler's estimate of `config` on a matmul of `shape` (without an
/// epilogue), in cycles of the busiest CU: the choices `config` leaves open
/// made as gemm-select-config makes them, then the tiled kernel's cost table
/// or the skinny plan's weighted estimate, the figures its built-in choice
/// compares (docs/kernel-design.md, "How the choice is made"); nullopt for
/// what they do not cover: tiles outside the cost table, stream-K, the
/// simple lowering, K under 32 (where the choice compares no estimate).
/// `config.prefetch` is not weighed: the costs were fitted with the default
/// prefetch.
std::optional<double> estimateTuningEntry(const TuningShape &shape,
                                          const KernelConfig &config);

/// gemm-tune's built-in candidates for `shape`, those of its list that name
/// a configuration for it (a 128 x 128 tile on a 64-row matrix does not):
/// the tiled kernel with tiles and wave grids given, the prefetch through
/// LDS, the skinny kernel, and last the tiled kernel with the compiler's
/// tile, with and without a split. A tie goes to the earlier candidate, so
/// that an entry names its tile where it can and keeps its meaning when the
/// built-in choice changes.
std::vector<std::string> getDefaultTuningCandidates(const TuningShape &shape);

/// A candidate configuration of a sweep, as the prefilter sees it.
struct TuningCandidate {
  /// gemm-select-config options.
  std::string options;
  /// estimateTuningEntry's cycles; nullopt: none.
  std::optional<double> estimatedCycles;
  /// Whether the sweep predicts it and the table lists it.
  bool kept = true;
  /// The options of the job whose prediction is this candidate's: its own,
  /// or those of a job that compiles the same #gemm.config ("" for the
  /// compiler's own choice, which a sweep always predicts).
  std::string jobOptions;
  /// The weight estimatedCycles carries on a skinny plan's issue bound
  /// (the timing model's issue time over its count, fitted per kind of
  /// plan); 1 for the tiled kernel.
  double estimateWeight = 1.0;
  /// A skinny plan's issue and bytes bounds, unweighted, in cycles, and the
  /// sums of C its busiest unit's workgroups store, per CU: estimatedCycles
  /// is the larger of the bytes bound and estimateWeight times the issue
  /// bound with the sums' cycles (estimateWeightedSkinnyCycles).
  std::optional<double> skinnyIssueCycles, skinnyMemoryCycles,
      skinnyEpilogueSums;
  /// A skinny candidate's plan.
  std::optional<SkinnyLayout> skinnyPlan;
};

/// `candidates` of `shape` in their order, each with its estimate over
/// `base`. With `prefilter` = N > 0, a candidate that compiles the
/// configuration of the compiler's own choice (`base` alone) or of an
/// earlier candidate takes that job's prediction, and of the others only the
/// N with the shortest estimates keep their jobs (those without one rank
/// last; a tie keeps the candidates' order). With 0, each is kept with a job
/// of its own.
std::vector<TuningCandidate>
prefilterTuningCandidates(const TuningShape &shape,
                          llvm::ArrayRef<std::string> candidates,
                          const KernelConfig &base, unsigned prefilter);

} // namespace mlir::gemm

#endif // GEMM_OPT_PASSES_TUNINGCANDIDATES_H
