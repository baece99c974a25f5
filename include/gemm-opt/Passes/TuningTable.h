//===- TuningTable.h - gemm-tune's table of configurations per shape -*- C++
//-*-===//
//
// A tuning table maps GEMM shapes to the kernel configuration the calibrated
// timing model predicted fastest for them, as Tensile's logic files and
// IREE's tuning specs do for their compilers. gemm-tune writes it;
// gemm-select-config reads it (option tuning-table) and gives a matmul of a
// listed shape that entry's configuration. The format is documented in
// docs/tuning-table.md.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_TUNINGTABLE_H
#define GEMM_OPT_PASSES_TUNINGTABLE_H

#include "gemm-opt/Dialect/Gemm.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::gemm {

/// The format tag of a tuning table's top-level "format" member.
inline constexpr llvm::StringLiteral kTuningTableFormat = "gemm-opt-tuning-1";

/// A GEMM problem as the table keys it: C (M x N) += op(A) x op(B), with
/// op(A) M x K, A stored K x M when transposeA, B stored N x K when
/// transposeB, batch copies (1: a plain matmul).
struct TuningShape {
  int64_t m = 0, n = 0, k = 0, batch = 1;
  bool transposeA = false, transposeB = false;

  bool operator==(const TuningShape &other) const {
    return m == other.m && n == other.n && k == other.k &&
           batch == other.batch && transposeA == other.transposeA &&
           transposeB == other.transposeB;
  }
  /// "MxNxK[xB]:LAYOUT", the syntax gemm-tune takes, LAYOUT "nn", "tn" (A
  /// transposed), "nt" or "tt".
  std::string str() const;
};

/// Parses "MxNxK", "MxNxKxB", each optionally followed by ":nn", ":nt",
/// ":tn" or ":tt"; sizes are positive decimal integers up to 2^31 - 1.
llvm::Expected<TuningShape> parseTuningShape(llvm::StringRef text);

/// A shape from the members of a JSON object: integers "m", "n", "k" and
/// optionally "batch" (1 to 2^31 - 1), booleans "transpose_a" and
/// "transpose_b" (default false), as a table entry and a shapes file
/// (bench/shapes/shapes.json) hold them.
llvm::Expected<TuningShape> readTuningShape(const llvm::json::Value &value);

/// One shape's choice, and what it was chosen from.
struct TuningEntry {
  TuningShape shape;
  /// gemm-select-config options (the syntax of `--gemm-select-config=` and of
  /// the pipelines' options), for example "kernel=tiled bm=64 bn=64".
  std::string options;
  /// The timing model's prediction for `options`, in milliseconds.
  double predictedMs = 0;
  /// Its prediction for the shape compiled without options (the built-in
  /// choice when the table was written; 0: unknown); informational.
  double defaultMs = 0;
  /// Each configuration gemm-tune tried, with its prediction (0: it did not
  /// compile); informational.
  std::vector<std::pair<std::string, double>> candidates;
};

struct TuningTable {
  /// The product whose figures the choices were predicted with
  /// (gemm/Target/Target.h); a compile for another target refuses the table.
  std::string target = ::gemm::getDefaultTarget().name;
  double clockGHz = ::gemm::getDefaultTarget().boostClockGHz;
  int64_t computeUnits = ::gemm::getDefaultTarget().computeUnits;
  std::vector<TuningEntry> entries;

  /// The entry for `shape`, if any.
  const TuningEntry *lookup(const TuningShape &shape) const;
};

/// Parses the gemm-select-config options in `options` over `base`: the
/// options given replace base's values, the others keep them. Fails with a
/// message naming the option for an unknown option or a bad value.
llvm::Expected<KernelConfig> applyKernelOptions(llvm::StringRef options,
                                                const KernelConfig &base);

/// `base` with a table entry's options applied (applyKernelOptions), when
/// that configuration compiles a matmul of `shape` (without an epilogue):
/// else why not, a phrase that names the limit.
llvm::Expected<KernelConfig> applyTuningEntry(const TuningShape &shape,
                                              llvm::StringRef options,
                                              const KernelConfig &base);

/// Reads and checks the table at `path`: readable, JSON, the format tag, each
/// entry's shape and options (which must parse, see applyKernelOptions), no
/// shape twice. The message names the file and, for an entry, its index and
/// shape.
llvm::Expected<TuningTable> readTuningTable(llvm::StringRef path);

/// Writes `table` as JSON, entries in their order.
void writeTuningTable(llvm::raw_ostream &os, const TuningTable &table);

} // namespace mlir::gemm

#endif // GEMM_OPT_PASSES_TUNINGTABLE_H
