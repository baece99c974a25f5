//===- Manifest.h - gemm-opt launch manifest (docs/manifest.md) -*- C++ -*-===//

#ifndef GEMM_RUNTIME_MANIFEST_H
#define GEMM_RUNTIME_MANIFEST_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm {
namespace rt {

struct ManifestArg {
  unsigned Index = 0;
  // "A", "B", "C" (global_buffer), "alpha", "beta" (f32 by_value), or a size
  // or stride the kernel takes as an argument: "m", "n", "k", "batch", "lda",
  // ... (a 4- or 8-byte integer by_value; also in a manifest with static
  // sizes, which then gives the value).
  std::string Role;
  std::string Kind;
  uint32_t Offset = 0, Size = 0;
  // The matrix as stored (A is K x M when transposed, B is N x K); batched
  // matrices are BatchStride elements apart. For a kernel with dynamic sizes
  // the manifest gives some as expressions (the *Expr fields), whose values
  // Manifest::bindSizes fills in.
  int64_t Rows = 0, Cols = 0, LD = 0, BatchStride = 0;
  // Elements allocated past the last matrix, for kernels that read (but do
  // not use) data beyond it, such as a prefetch one step past the end. They
  // hold the gap values: NaN in A and B, the sentinel in C.
  int64_t Slack = 0;
  std::string RowsExpr, ColsExpr, LDExpr, BatchStrideExpr;

  bool isMatrix() const { return Role == "A" || Role == "B" || Role == "C"; }
  bool isSize() const {
    return !isMatrix() && Role != "alpha" && Role != "beta";
  }
};

/// One kernel of the code object and how to launch it.
struct ManifestKernel {
  std::string Kernel;
  // When to launch it: a condition on the sizes (evaluateSize; non-zero is
  // true), or "" for always.
  std::string When;
  std::vector<ManifestArg> Args;
  std::optional<uint32_t> KernargSize; // unset when the manifest omits it
  std::array<uint32_t, 3> WorkgroupSize = {1, 1, 1};
  std::array<uint32_t, 3> Grid = {1, 1, 1};
  std::array<std::string, 3> GridExpr; // "" where Grid is static.
  int64_t LdsBytes = 0, VgprCount = 0, SgprCount = 0, ScratchBytes = 0;
};

/// The manifest; its ManifestKernel part is the kernel to launch: the only
/// one, or after bindSizes the first of Kernels whose condition holds.
struct Manifest : ManifestKernel {
  std::string Path;           // of the manifest itself
  std::string CodeObjectPath; // resolved against the manifest's directory
  std::string Chip;
  int64_t CodeObjectVersion = 0;
  int64_t M = 0, N = 0, K = 0, Batch = 1;
  bool TransposeA = false, TransposeB = false;
  // C = Alpha * op(A) x op(B) + Beta * C; unset when the factor is a kernel
  // argument (role "alpha" or "beta").
  std::optional<double> Alpha, Beta;
  std::string ElementType;
  bool Accumulate = true;
  // Every kernel the manifest offers, in order of preference ("kernels";
  // one for a manifest with a single kernel).
  std::vector<ManifestKernel> Kernels;

  const ManifestArg *arg(llvm::StringRef Role) const;
  /// The sizes and strides the kernels take at run time, in argument order
  /// ("m", "lda", ...); empty for a kernel compiled for static sizes.
  std::vector<std::string> dynamicSizes() const;
  /// Evaluates every size expression with `Values` (which must give each of
  /// dynamicSizes()): picks the kernel to launch, and fills in M, N, K,
  /// Batch, the matrices' shapes and the grid.
  llvm::Error bindSizes(const llvm::StringMap<int64_t> &Values);
};

/// The most readManifest reads: manifests are a few KiB.
constexpr uint64_t MaxManifestBytes = uint64_t(16) << 20;
/// The deepest nesting of JSON arrays and objects readManifest accepts (a
/// manifest has 5 at most), checked before parsing: the parser recurses per
/// level. Also the deepest nesting of a size expression.
constexpr unsigned MaxManifestDepth = 64;

llvm::Expected<Manifest> readManifest(llvm::StringRef Path);

/// The value of a manifest size expression: integers, names of `Values`,
/// `+`, `-`, `*`, parentheses, `ceil(x/y)` and `floor(x/y)`; and for
/// conditions, comparisons (`<`, `<=`, `>`, `>=`, `==`, `!=`), `&&`, `||`
/// and `!`, which give 1 or 0. Fails on a result or an intermediate value
/// that does not fit 64 bits, and on nesting deeper than MaxManifestDepth.
llvm::Expected<int64_t> evaluateSize(llvm::StringRef Expr,
                                     const llvm::StringMap<int64_t> &Values);

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_MANIFEST_H
