//===- CompileToMemoryTest.cpp - The in-memory compile of the C++ API -----===//
//
// compileToMemory returns the bytes gemm-emit-hsaco writes for the same input,
// leaves a module upstream tools can lower (no gemm attribute), and returns
// bad input as an error that names the problem, printing nothing.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/AMDGPU/GemmVOPD.h"
#include "gemm-opt/Passes/Pipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <functional>
#include <string>

using namespace mlir;

namespace {

constexpr const char *kMatmul = R"mlir(
func.func @sgemm(%A: memref<128x128xf32>, %B: memref<128x128xf32>,
                 %C: memref<128x128xf32>) {
  linalg.matmul ins(%A, %B : memref<128x128xf32>, memref<128x128xf32>)
                outs(%C : memref<128x128xf32>)
  return
}
)mlir";

std::unique_ptr<MLIRContext> makeContext() {
  ::gemm::registerLatePass();
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllGPUToLLVMIRTranslations(registry);
  return std::make_unique<MLIRContext>(registry);
}

OwningOpRef<ModuleOp> parse(MLIRContext &ctx, const char *source) {
  return parseSourceString<ModuleOp>(source, &ctx, "input.mlir");
}

std::string readFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str()
                : "<unreadable " + path.str() + ">";
}

TEST(CompileToMemoryTest, GivesTheBytesOfTheFilePath) {
  auto ctx = makeContext();
  OwningOpRef<ModuleOp> inMemory = parse(*ctx, kMatmul);
  ASSERT_TRUE(inMemory);
  mlir::gemm::RDNA3PipelineOptions options;
  llvm::Expected<mlir::gemm::CompiledKernel> compiled =
      mlir::gemm::compileToMemory(*inMemory, options, "k.hsaco");
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  std::string codeObject(compiled->codeObject.begin(),
                         compiled->codeObject.end());
  EXPECT_EQ(codeObject.substr(0, 4), "\x7f"
                                     "ELF");

  // The same input through gemm-emit-hsaco, as gemm-opt writes it.
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("compile-test", dir));
  llvm::SmallString<128> hsaco(dir);
  llvm::sys::path::append(hsaco, "k.hsaco");
  OwningOpRef<ModuleOp> onDisk = parse(*ctx, kMatmul);
  ASSERT_TRUE(onDisk);
  mlir::gemm::RDNA3PipelineOptions fileOptions;
  fileOptions.hsaco = std::string(hsaco);
  PassManager pm(ctx.get());
  mlir::gemm::buildRDNA3Pipeline(pm, fileOptions);
  ASSERT_TRUE(succeeded(pm.run(*onDisk)));
  llvm::SmallString<128> manifest(dir);
  llvm::sys::path::append(manifest, "k.manifest.json");
  EXPECT_EQ(codeObject, readFile(hsaco));
  EXPECT_EQ(compiled->manifest, readFile(manifest));
  llvm::sys::fs::remove_directories(dir);

  // What is left is the host code and the binary, with no attribute
  // upstream tools could not parse.
  inMemory->walk([](Operation *op) {
    for (NamedAttribute attr : op->getAttrs()) {
      EXPECT_FALSE(attr.getName().getValue().starts_with("gemm."))
          << op->getName().getStringRef().str() << " keeps "
          << attr.getName().str();
      EXPECT_NE(attr.getValue().getDialect().getNamespace(), "gemm")
          << op->getName().getStringRef().str() << " keeps "
          << attr.getName().str();
    }
  });
  // The lowered module still gives its outputs.
  llvm::Expected<mlir::gemm::CompiledKernel> again =
      mlir::gemm::getCompiledKernel(*inMemory, "k.hsaco");
  ASSERT_TRUE(bool(again)) << llvm::toString(again.takeError());
  EXPECT_EQ(again->codeObject, compiled->codeObject);
  EXPECT_EQ(again->manifest, compiled->manifest);
}

struct BadInput {
  const char *name;
  const char *source;
  std::function<void(mlir::gemm::RDNA3PipelineOptions &)> setOptions;
  // Part of the error message: the problem, named.
  const char *expected;
};

const BadInput kBadInputs[] = {
    {"f16",
     R"mlir(func.func @f(%A: memref<4x4xf16>, %B: memref<4x4xf16>, %C: memref<4x4xf16>) {
  linalg.matmul ins(%A, %B : memref<4x4xf16>, memref<4x4xf16>) outs(%C : memref<4x4xf16>)
  return
})mlir",
     nullptr,
     "input.mlir:2:3: error: 'linalg.matmul' op has element types (A: 'f16', "
     "B: 'f16', C: 'f16'); gemm-opt supports f32 A, B and C only"},
    {"NoMatmul", "func.func @f(%a: memref<4xf32>) { return }", nullptr,
     "input.mlir:1:1: error: no linalg.matmul to compile"},
    {"Chip", kMatmul,
     [](mlir::gemm::RDNA3PipelineOptions &o) { o.chip = "gfx90a"; },
     "error: unknown chip 'gfx90a'"},
    {"Target", kMatmul,
     [](mlir::gemm::RDNA3PipelineOptions &o) { o.target = "rx9070"; },
     "error: unknown target 'rx9070'"},
    {"Hsaco", kMatmul,
     [](mlir::gemm::RDNA3PipelineOptions &o) { o.hsaco = "k.hsaco"; },
     "compileToMemory writes no file: leave the options hsaco ('k.hsaco')"},
    {"Manifest", kMatmul,
     [](mlir::gemm::RDNA3PipelineOptions &o) { o.manifest = "k.json"; },
     "and manifest ('k.json') empty"},
};

class CompileBadInputTest : public ::testing::TestWithParam<BadInput> {};

TEST_P(CompileBadInputTest, ReturnsAnErrorNamingTheProblem) {
  const BadInput &bad = GetParam();
  auto ctx = makeContext();
  OwningOpRef<ModuleOp> module = parse(*ctx, bad.source);
  ASSERT_TRUE(module);
  mlir::gemm::RDNA3PipelineOptions options;
  if (bad.setOptions)
    bad.setOptions(options);
  ::testing::internal::CaptureStderr();
  llvm::Expected<mlir::gemm::CompiledKernel> compiled =
      mlir::gemm::compileToMemory(*module, options);
  std::string printed = ::testing::internal::GetCapturedStderr();
  ASSERT_FALSE(bool(compiled));
  std::string message = llvm::toString(compiled.takeError());
  EXPECT_NE(message.find(bad.expected), std::string::npos) << message;
  EXPECT_EQ(printed, "");
}

INSTANTIATE_TEST_SUITE_P(Inputs, CompileBadInputTest,
                         ::testing::ValuesIn(kBadInputs),
                         [](const ::testing::TestParamInfo<BadInput> &info) {
                           return std::string(info.param.name);
                         });

TEST(CompileToMemoryTest, NeedsAModule) {
  mlir::gemm::RDNA3PipelineOptions options;
  llvm::Expected<mlir::gemm::CompiledKernel> compiled =
      mlir::gemm::compileToMemory(ModuleOp(), options);
  ASSERT_FALSE(bool(compiled));
  EXPECT_EQ(llvm::toString(compiled.takeError()),
            "compileToMemory needs a module, not null");
  llvm::Expected<mlir::gemm::CompiledKernel> lowered =
      mlir::gemm::getCompiledKernel(ModuleOp());
  ASSERT_FALSE(bool(lowered));
  EXPECT_EQ(llvm::toString(lowered.takeError()),
            "getCompiledKernel needs a module, not null");
}

TEST(CompileToMemoryTest, NeedsALoweredModule) {
  auto ctx = makeContext();
  OwningOpRef<ModuleOp> module = parse(*ctx, kMatmul);
  ASSERT_TRUE(module);
  llvm::Expected<mlir::gemm::CompiledKernel> compiled =
      mlir::gemm::getCompiledKernel(*module);
  ASSERT_FALSE(bool(compiled));
  EXPECT_EQ(llvm::toString(compiled.takeError()),
            "input.mlir:0:0: error: getCompiledKernel expects exactly one "
            "gpu.binary (run gpu-module-to-binary first), found 0");
}

} // namespace
