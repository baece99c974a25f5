//===- ReportInternal.h - Shared pieces of lib/Report -----------*- C++ -*-===//

#ifndef GEMM_OPT_LIB_REPORT_REPORTINTERNAL_H
#define GEMM_OPT_LIB_REPORT_REPORTINTERNAL_H

#include "gemm-opt/CodeObject/CodeObjectInfo.h"
#include "gemm-opt/Report/Report.h"

#include <optional>

namespace gemm {
namespace report {

/// A kernel's code as decoded from the input, before analysis.
struct KernelCode {
  std::string name;
  uint64_t entry = 0;
  std::vector<Instruction> code;
  /// Metadata, when the input has an AMDHSA metadata note.
  std::optional<KernelInfo> info;
  bool wgpMode = false;
  /// A plain instruction list: the whole input is one loop iteration unless
  /// it has its own backward branch.
  bool plainList = false;
};

struct DecodedInput {
  std::string target;
  std::vector<KernelCode> kernels;
};

/// Decodes `path` (ELF code object or assembly) into kernels.
llvm::Expected<DecodedInput> decodeInput(llvm::StringRef path,
                                         llvm::StringRef kernelFilter);

/// Analyses one kernel's code.
KernelReport analyzeKernel(const KernelCode &kernel,
                           const ReportOptions &options);

} // namespace report
} // namespace gemm

#endif // GEMM_OPT_LIB_REPORT_REPORTINTERNAL_H
