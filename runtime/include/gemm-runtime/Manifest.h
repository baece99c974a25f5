//===- Manifest.h - gemm-opt launch manifest (docs/manifest.md) -*- C++ -*-===//

#ifndef GEMM_RUNTIME_MANIFEST_H
#define GEMM_RUNTIME_MANIFEST_H

#include "gemm-opt/Manifest/Manifest.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gemm {
namespace rt {

// gemm-opt's manifest structs: the writer fills the same ones.
using ::gemm::ManifestArg;
using ::gemm::ManifestKernel;
using ::gemm::MaxManifestDepth;

/// A manifest as read: its contents, where it and its code object are, and
/// (the ManifestKernel part) the kernel to launch: the only one, or after
/// bindSizes the first of Kernels whose condition holds.
struct Manifest : ManifestKernel, ::gemm::Manifest {
  std::string Path;           // of the manifest itself
  std::string CodeObjectPath; // resolved against the manifest's directory

  /// The argument with `Role` of the kernel, or else of the first kernel
  /// after it that has one.
  const ManifestArg *arg(llvm::StringRef Role) const;
  /// The sizes and strides the kernels take at run time, in argument order
  /// ("m", "lda", ...); empty for a kernel compiled for static sizes.
  std::vector<std::string> dynamicSizes() const;
  /// Evaluates every size expression with `Values` (which must give each of
  /// dynamicSizes()): picks the kernel to launch, and fills in the
  /// problem's dynamic sizes, the matrices' shapes and the grid.
  llvm::Error bindSizes(const llvm::StringMap<int64_t> &Values);
};

/// The most readManifest reads: manifests are a few KiB.
constexpr uint64_t MaxManifestBytes = uint64_t(16) << 20;

llvm::Expected<Manifest> readManifest(llvm::StringRef Path);

/// The value of a manifest size expression: integers, names of `Values`,
/// `+`, `-`, `*`, parentheses, `ceil(x/y)` and `floor(x/y)`; and for
/// conditions, comparisons (`<`, `<=`, `>`, `>=`, `==`, `!=`), `&&`, `||`
/// and `!`, which give 1 or 0. Fails on a result or an intermediate value
/// that does not fit 64 bits, and on nesting deeper than MaxManifestDepth
/// (the manifest's JSON nesting limit).
llvm::Expected<int64_t> evaluateSize(llvm::StringRef Expr,
                                     const llvm::StringMap<int64_t> &Values);

} // namespace rt
} // namespace gemm

#endif // GEMM_RUNTIME_MANIFEST_H
