//===- ErrorCollector.h - MLIR errors as an llvm::Error ---------*- C++ -*-===//
//
// The C++ API returns errors as values: a library that prints to stderr or
// exits would leave its caller (a JIT) nothing to act on.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_PASSES_ERRORCOLLECTOR_H
#define GEMM_OPT_LIB_PASSES_ERRORCOLLECTOR_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::gemm {

/// While it lives, takes the errors reported in a context, with their notes,
/// as "FILE:LINE:COL: error: MESSAGE" lines; warnings and remarks go on to
/// the context's other handlers.
class ErrorCollector {
public:
  explicit ErrorCollector(MLIRContext *ctx)
      : handler(ctx, [this](Diagnostic &diag) {
          if (diag.getSeverity() != DiagnosticSeverity::Error)
            return failure();
          append(diag, "error");
          for (Diagnostic &note : diag.getNotes())
            append(note, "note");
          return success();
        }) {}

  /// The errors taken so far, or `fallback` when a failure reported none.
  llvm::Error takeError(llvm::StringRef fallback) {
    std::string message = text.empty() ? fallback.str() : text;
    text.clear();
    if (!message.empty() && message.back() == '\n')
      message.pop_back();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  }

private:
  void append(Diagnostic &diag, llvm::StringRef severity) {
    llvm::raw_string_ostream os(text);
    if (auto fileLoc = diag.getLocation()->findInstanceOf<FileLineColLoc>())
      os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
         << fileLoc.getColumn() << ": ";
    os << severity << ": " << diag.str() << "\n";
  }

  std::string text;
  ScopedDiagnosticHandler handler;
};

} // namespace mlir::gemm

#endif // GEMM_OPT_LIB_PASSES_ERRORCOLLECTOR_H
