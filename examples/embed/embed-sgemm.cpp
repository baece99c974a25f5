//===- embed-sgemm.cpp - Embedding gemm-opt in a compiler of your own -----===//
//
// Usage: embed-sgemm <input.mlir> [<output.hsaco>]
//
// Parses a module holding an f32 linalg.matmul and compiles it with gemm-opt's
// C++ API (the RDNA3 pipeline, with the late AMDGPU pass in code generation)
// to a code object and its launch manifest in memory, as a JIT would. With an
// output path it writes both, the manifest beside the code object; without
// one it writes no file and prints what it holds.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/AMDGPU/GemmVOPD.h"
#include "gemm-opt/Passes/Pipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

static bool writeFile(llvm::StringRef path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec) {
    os << bytes;
    os.close();
    ec = os.error();
  }
  if (ec)
    llvm::errs() << "embed-sgemm: cannot write " << path << ": " << ec.message()
                 << "\n";
  return !ec;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    llvm::errs() << "usage: embed-sgemm <input.mlir> [<output.hsaco>]\n";
    return 2;
  }

  // Once per process: the late pass joins every amdgcn code generation.
  gemm::registerLatePass();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  mlir::MLIRContext context(registry);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  mlir::gemm::RDNA3PipelineOptions options;
  options.chip = "gfx1100";
  // The manifest names the code object as the caller stores it: beside the
  // manifest here, nowhere for a JIT that loads it from memory.
  std::string hsacoName =
      argc == 3 ? llvm::sys::path::filename(argv[2]).str() : "";
  llvm::Expected<mlir::gemm::CompiledKernel> compiled =
      mlir::gemm::compileToMemory(*module, options, hsacoName);
  if (!compiled) {
    llvm::errs() << llvm::toString(compiled.takeError()) << "\n";
    return 1;
  }
  llvm::StringRef codeObject(compiled->codeObject.data(),
                             compiled->codeObject.size());

  if (argc == 2) {
    llvm::outs() << "embed-sgemm: code object of " << codeObject.size()
                 << " bytes ("
                 << (codeObject.starts_with("\x7f"
                                            "ELF")
                         ? "ELF"
                         : "not ELF")
                 << "), manifest of " << compiled->manifest.size()
                 << " bytes; no file written\n";
    return 0;
  }

  llvm::SmallString<256> manifestPath(argv[2]);
  if (llvm::sys::path::extension(manifestPath) == ".hsaco")
    llvm::sys::path::replace_extension(manifestPath, "");
  manifestPath += ".manifest.json";
  if (!writeFile(argv[2], codeObject) ||
      !writeFile(manifestPath, compiled->manifest))
    return 1;
  llvm::outs() << "embed-sgemm: wrote " << argv[2] << " and " << manifestPath
               << "\n";
  return 0;
}
