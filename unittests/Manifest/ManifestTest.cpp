//===- ManifestTest.cpp - Parsing and writing the launch manifest ---------===//
//
// parseManifest against docs/manifest.md: the example manifest of the doc,
// each rule it states as a change to that example with the error (or the
// field) it leads to, and writeManifest's text read back.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Manifest/Manifest.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

#include <string>

using namespace gemm;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

// docs/manifest.md's example: a 256^3 matmul, one kernel.
constexpr const char *kExample = R"({
  "format": "gemm-opt-manifest-1",
  "code_object": "sgemm_256.hsaco",
  "kernel": "sgemm_kernel",
  "chip": "gfx1100",
  "target": "rx7900xtx",
  "code_object_version": 5,
  "problem": { "m": 256, "n": 256, "k": 256, "batch": 1, "transpose_a": false,
               "transpose_b": false, "element_type": "f32", "alpha": 1.0,
               "beta": 1.0, "accumulate": true },
  "args": [
    { "index": 0, "role": "A", "kind": "global_buffer", "offset": 0, "size": 8,
      "rows": 256, "cols": 256, "ld": 256 },
    { "index": 1, "role": "B", "kind": "global_buffer", "offset": 8, "size": 8,
      "rows": 256, "cols": 256, "ld": 256 },
    { "index": 2, "role": "C", "kind": "global_buffer", "offset": 16, "size": 8,
      "rows": 256, "cols": 256, "ld": 256 }
  ],
  "kernarg_size": 24,
  "workgroup_size": [16, 16, 1],
  "grid": [16, 16, 1],
  "lds_bytes": 0,
  "vgpr_count": 12,
  "sgpr_count": 20,
  "scratch_bytes": 0
})";

Object example() {
  llvm::Expected<Value> value = llvm::json::parse(kExample);
  EXPECT_TRUE(static_cast<bool>(value)) << llvm::toString(value.takeError());
  return std::move(*value->getAsObject());
}

Object *problem(Object &o) { return o.getObject("problem"); }
Object *arg(Object &o, size_t i) {
  return (*o.getArray("args"))[i].getAsObject();
}

/// The example with its one kernel moved into "kernels" (with `when`), as
/// a manifest with dynamic sizes has it.
void moveKernelToList(Object &o) {
  Object kernel;
  for (const char *key :
       {"kernel", "args", "kernarg_size", "workgroup_size", "grid", "lds_bytes",
        "vgpr_count", "sgpr_count", "scratch_bytes"}) {
    if (Value *v = o.get(key))
      kernel[key] = std::move(*v);
    o.erase(key);
  }
  kernel["when"] = "m>=128";
  o["kernels"] = Array{std::move(kernel)};
}

/// The example with two kernels in "kernels": its own, and the same code
/// again as a fallback for any size.
void twoKernels(Object &o) {
  moveKernelToList(o);
  Array &kernels = *o.getArray("kernels");
  Object fallback = *kernels[0].getAsObject();
  fallback["kernel"] = "sgemm_simple";
  fallback["when"] = "";
  kernels.push_back(std::move(fallback));
}

/// A reduction kernel launched after the example's, as a split tail has.
Value thenKernel() {
  return Object{{"kernel", "sgemm_kernel_reduce"},
                {"args", Array{Object{{"index", 0},
                                      {"role", "workspace"},
                                      {"kind", "global_buffer"},
                                      {"offset", 0},
                                      {"size", 8},
                                      {"rows", 1024},
                                      {"cols", 128}}}},
                {"workgroup_size", Array{256, 1, 1}},
                {"grid", Array{64, 1, 1}}};
}

using Patch = void (*)(Object &);

struct ParseCase {
  const char *name;
  /// Replaces the example's text when set (for text that is not JSON).
  const char *text;
  Patch patch;
  /// A part of the error; null when the manifest is valid.
  const char *error;
  const char *why;
};

const ParseCase kParseCases[] = {
    {"Example", nullptr, [](Object &) {}, nullptr, "the doc's own example"},
    // Not a manifest at all.
    {"NotJson", R"({"format": "gemm-opt-manifest-1",)", nullptr,
     "manifest 'm.json' is not valid JSON", "a truncated file"},
    {"TopLevelArray", "[]", nullptr,
     "manifest 'm.json': top level is not an object",
     "the manifest is an object"},
    {"TooDeep", nullptr,
     [](Object &o) {
       Value v = 0;
       for (int i = 0; i < 70; ++i)
         v = Array{std::move(v)};
       o["extra"] = std::move(v);
     },
     "nested deeper than 64 levels",
     "checked before parsing: the parser recurses per level"},
    // The top level.
    {"WrongFormat", nullptr,
     [](Object &o) { o["format"] = "gemm-opt-manifest-2"; },
     "\"format\" must be \"gemm-opt-manifest-1\"", "an unknown format tag"},
    {"NoFormat", nullptr, [](Object &o) { o.erase("format"); },
     "\"format\" must be", "the tag is required"},
    {"NoCodeObject", nullptr, [](Object &o) { o.erase("code_object"); },
     "\"code_object\" is a required string", "nothing to load"},
    {"ChipNotRdna3", nullptr, [](Object &o) { o["chip"] = "gfx90a"; },
     "\"chip\" must be a gfx11 (RDNA3) target",
     "another chip's code object has another ABI"},
    {"UnknownTarget", nullptr, [](Object &o) { o["target"] = "rx9999"; },
     "\"target\" must be one of rx7900xtx", "not a product of the table"},
    {"TargetNotAString", nullptr, [](Object &o) { o["target"] = 7; },
     "\"target\" must be one of", "a product is named by a string"},
    {"TargetOfAnotherChip", nullptr, [](Object &o) { o["target"] = "rx7600"; },
     "\"target\" rx7600 is a gfx1102, not the \"chip\" gfx1100",
     "the target's ISA must be the chip"},
    {"TargetWithItsChip", nullptr,
     [](Object &o) {
       o["target"] = "rx7600";
       o["chip"] = "gfx1102";
     },
     nullptr, "the RX 7600 is a gfx1102"},
    {"NoTarget", nullptr, [](Object &o) { o.erase("target"); }, nullptr,
     "optional: the manifest need not say"},
    // The problem.
    {"NoProblem", nullptr, [](Object &o) { o.erase("problem"); },
     "\"problem\" object is required", "no sizes"},
    {"ZeroM", nullptr, [](Object &o) { (*problem(o))["m"] = 0; },
     "problem.m must be a positive integer or null", "sizes are positive"},
    {"NegativeK", nullptr, [](Object &o) { (*problem(o))["k"] = -256; },
     "problem.k must be a positive integer or null", "sizes are positive"},
    {"StringN", nullptr, [](Object &o) { (*problem(o))["n"] = "256"; },
     "problem.n must be a positive integer or null",
     "a size is a number, not a string"},
    {"NoM", nullptr, [](Object &o) { problem(o)->erase("m"); },
     "problem.m must be a positive integer or null",
     "m, n and k are required; only batch may be left out"},
    {"ZeroBatch", nullptr, [](Object &o) { (*problem(o))["batch"] = 0; },
     "problem.batch must be a positive integer or null",
     "a batch given is positive"},
    {"DynamicSizes", nullptr,
     [](Object &o) {
       (*problem(o))["m"] = nullptr;
       (*problem(o))["n"] = nullptr;
     },
     nullptr, "null: a size given at run time"},
    // The kernel and its arguments.
    {"NoKernel", nullptr, [](Object &o) { o.erase("kernel"); },
     "\"kernel\" is a required string", "nothing to launch"},
    {"NoArgs", nullptr, [](Object &o) { o.erase("args"); },
     "\"args\" array is required", "the kernel's arguments"},
    {"ArgNotObject", nullptr,
     [](Object &o) { o.getArray("args")->push_back(3); },
     "argument entry is not an object", "each argument is an object"},
    {"ArgWithoutOffset", nullptr, [](Object &o) { arg(o, 1)->erase("offset"); },
     "argument 1: \"offset\" and \"size\" are required",
     "where the argument goes in the kernarg segment"},
    {"ArgZeroSize", nullptr, [](Object &o) { (*arg(o, 0))["size"] = 0; },
     "argument 0: \"offset\" and \"size\" are required",
     "an argument has bytes"},
    {"ArgBeyond32Bits", nullptr,
     [](Object &o) { (*arg(o, 2))["offset"] = int64_t(1) << 32; },
     "argument 2: \"offset\" 4294967296 + \"size\" 8 is beyond 32 bits",
     "kernarg offsets are 32-bit in the code object's metadata"},
    {"TwoCs", nullptr, [](Object &o) { (*arg(o, 1))["role"] = "C"; },
     "arguments 1 and 2 both have role \"C\"",
     "a second C would be left unset"},
    {"AlsoBForA", nullptr, [](Object &o) { (*arg(o, 0))["also"] = "B"; },
     "arguments 0 and 1 both have role \"B\"",
     "A may also be B, but then no other argument is B"},
    {"AlsoBForAOnly", nullptr,
     [](Object &o) {
       (*arg(o, 0))["also"] = "B";
       o.getArray("args")->erase(o.getArray("args")->begin() + 1);
       (*arg(o, 1))["index"] = 1;
     },
     nullptr, "a matmul of A with itself: A's buffer is B"},
    {"AlsoAForC", nullptr, [](Object &o) { (*arg(o, 2))["also"] = "A"; },
     "argument 2: \"also\" must be \"B\" for role \"A\" or \"beta\" for role "
     "\"alpha\"",
     "C is written: it cannot also be an input"},
    {"NegativeSlack", nullptr, [](Object &o) { (*arg(o, 0))["slack"] = -1; },
     "argument 0: \"slack\" must be an integer in [0, 2^32)",
     "slack is elements allocated past the matrix"},
    {"KernargSizeNegative", nullptr, [](Object &o) { o["kernarg_size"] = -24; },
     "\"kernarg_size\" must be an integer in [0, 2^32)", "a byte count"},
    {"WorkgroupSizeOfTwo", nullptr,
     [](Object &o) {
       o["workgroup_size"] = Array{16, 16};
     },
     "\"workgroup_size\" must be three positive integers", "three dimensions"},
    {"GridZero", nullptr,
     [](Object &o) {
       o["grid"] = Array{16, 0, 1};
     },
     "\"grid\" must be three positive integers or size expressions",
     "a dimension of no workgroups"},
    {"GridExpression", nullptr,
     [](Object &o) {
       o["grid"] = Array{"ceil(n/16)", 16, 1};
     },
     nullptr, "a grid entry may be a size expression"},
    // Several kernels, and kernels after the chosen one.
    {"KernelsList", nullptr, moveKernelToList, nullptr,
     "one kernel with its condition in \"kernels\""},
    {"KernelsEmpty", nullptr, [](Object &o) { o["kernels"] = Array{}; },
     "\"kernels\" is empty", "nothing to launch"},
    {"KernelsEntryNotObject", nullptr,
     [](Object &o) { o["kernels"] = Array{1}; },
     "kernel entry is not an object", "each kernel is an object"},
    {"Then", nullptr, [](Object &o) { o["then"] = Array{thenKernel()}; },
     nullptr, "a split tail's reduction after the kernel"},
    {"ThenNotArray", nullptr, [](Object &o) { o["then"] = thenKernel(); },
     "\"then\" must be an array of kernels", "a list, even of one"},
    {"TwoKernels", nullptr, twoKernels, nullptr,
     "kernels in order of preference, the last for any size"},
    {"ThenAfterSeveral", nullptr,
     [](Object &o) {
       twoKernels(o);
       o["then"] = Array{thenKernel()};
     },
     "\"then\" must be an array of kernels, after a manifest's only kernel",
     "which of several kernels would it follow?"},
    {"ThenDynamicGrid", nullptr,
     [](Object &o) {
       Value then = thenKernel();
       (*then.getAsObject())["grid"] = Array{"m", 1, 1};
       o["then"] = Array{std::move(then)};
     },
     "kernel sgemm_kernel_reduce in \"then\": its grid must be static",
     "a reduction's grid is fixed"},
    {"WorkspaceOfNoRows", nullptr,
     [](Object &o) {
       Value then = thenKernel();
       (*(*then.getAsObject()->getArray("args"))[0].getAsObject())["rows"] = 0;
       o["then"] = Array{std::move(then)};
     },
     "the workspace's \"rows\" and \"cols\" must be positive integers",
     "the runtime allocates the workspace from them"},
};

class ManifestParseTest : public testing::TestWithParam<ParseCase> {};

TEST_P(ManifestParseTest, AcceptsOrNamesTheProblem) {
  const ParseCase &c = GetParam();
  SCOPED_TRACE(c.why);
  std::string text;
  if (c.text) {
    text = c.text;
  } else {
    Object o = example();
    c.patch(o);
    text = llvm::formatv("{0}", Value(std::move(o))).str();
  }
  llvm::Expected<Manifest> manifest = parseManifest(text, "m.json");
  if (!c.error) {
    EXPECT_TRUE(static_cast<bool>(manifest))
        << llvm::toString(manifest.takeError());
    return;
  }
  ASSERT_FALSE(static_cast<bool>(manifest)) << "accepted:\n" << text;
  std::string message = llvm::toString(manifest.takeError());
  EXPECT_NE(message.find(c.error), std::string::npos) << message;
  // Every error names the file, for a run that reads several.
  EXPECT_NE(message.find("'m.json'"), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(Changes, ManifestParseTest,
                         testing::ValuesIn(kParseCases),
                         [](const testing::TestParamInfo<ParseCase> &info) {
                           return std::string(info.param.name);
                         });

Manifest parse(Patch patch) {
  Object o = example();
  patch(o);
  llvm::Expected<Manifest> manifest =
      parseManifest(llvm::formatv("{0}", Value(std::move(o))).str(), "m.json");
  EXPECT_TRUE(static_cast<bool>(manifest))
      << llvm::toString(manifest.takeError());
  return manifest ? std::move(*manifest) : Manifest();
}

TEST(ManifestFieldsTest, Example) {
  Manifest m = parse([](Object &) {});
  EXPECT_EQ(m.CodeObject, "sgemm_256.hsaco");
  EXPECT_EQ(m.Chip, "gfx1100");
  EXPECT_EQ(m.Target, "rx7900xtx");
  EXPECT_EQ(m.CodeObjectVersion, 5);
  EXPECT_EQ(m.Problem.M, 256);
  EXPECT_EQ(m.Problem.Batch, 1);
  EXPECT_EQ(m.Problem.Alpha, 1.0);
  EXPECT_EQ(m.Problem.Beta, 1.0);
  ASSERT_EQ(m.Kernels.size(), 1u);
  const ManifestKernel &k = m.Kernels[0];
  EXPECT_EQ(k.Kernel, "sgemm_kernel");
  EXPECT_EQ(k.When, "") << "a manifest's only kernel always runs";
  ASSERT_EQ(k.Args.size(), 3u);
  EXPECT_EQ(k.Args[2].Role, "C");
  EXPECT_EQ(k.Args[2].Offset, 16u);
  EXPECT_EQ(k.KernargSize, 24u);
  EXPECT_EQ(k.WorkgroupSize, (std::array<int64_t, 3>{16, 16, 1}));
  EXPECT_EQ(k.Grid, (std::array<int64_t, 3>{16, 16, 1}));
  EXPECT_EQ(k.VgprCount, 12u);
  EXPECT_TRUE(m.Then.empty());
}

TEST(ManifestFieldsTest, DefaultsTheDocStates) {
  struct Case {
    const char *name;
    Patch patch;
    void (*check)(const Manifest &);
    const char *why;
  };
  const Case cases[] = {
      {"NoAlphaBeta",
       [](Object &o) {
         problem(o)->erase("alpha");
         problem(o)->erase("beta");
       },
       [](const Manifest &m) {
         EXPECT_EQ(m.Problem.Alpha, 1.0);
         EXPECT_EQ(m.Problem.Beta, 1.0);
       },
       "a manifest from before the epilogue, accumulating: C += A x B"},
      {"NoAlphaBetaNotAccumulating",
       [](Object &o) {
         problem(o)->erase("alpha");
         problem(o)->erase("beta");
         (*problem(o))["accumulate"] = false;
       },
       [](const Manifest &m) {
         EXPECT_FALSE(m.Problem.Alpha.has_value());
         EXPECT_FALSE(m.Problem.Beta.has_value());
       },
       "factors absent and not accumulating: kernel arguments"},
      {"NoBatch", [](Object &o) { problem(o)->erase("batch"); },
       [](const Manifest &m) { EXPECT_EQ(m.Problem.Batch, 1); },
       "batch defaults to 1"},
      {"NullSizes", [](Object &o) { (*problem(o))["k"] = nullptr; },
       [](const Manifest &m) { EXPECT_EQ(m.Problem.K, 0); },
       "a size given at run time reads as 0"},
      {"LdIsCols",
       [](Object &o) {
         arg(o, 0)->erase("ld");
         (*arg(o, 1))["cols"] = "n";
         arg(o, 1)->erase("ld");
       },
       [](const Manifest &m) {
         EXPECT_EQ(m.Kernels[0].Args[0].LD, 256);
         EXPECT_EQ(m.Kernels[0].Args[1].LDExpr, "n");
       },
       "an identity layout's ld is its columns, an expression included"},
      {"BatchStride", [](Object &o) { (*arg(o, 0))["batch_stride"] = 0; },
       [](const Manifest &m) {
         EXPECT_TRUE(m.Kernels[0].Args[0].Batched);
         EXPECT_EQ(m.Kernels[0].Args[0].BatchStride, 0);
         EXPECT_FALSE(m.Kernels[0].Args[1].Batched);
       },
       "a batch stride given, even 0, makes the matrix batched"},
      {"NoKernargSize", [](Object &o) { o.erase("kernarg_size"); },
       [](const Manifest &m) {
         EXPECT_FALSE(m.Kernels[0].KernargSize.has_value());
       },
       "kernarg_size is optional"},
      {"KernelsList", moveKernelToList,
       [](const Manifest &m) {
         ASSERT_EQ(m.Kernels.size(), 1u);
         EXPECT_EQ(m.Kernels[0].When, "m>=128");
       },
       "each entry of \"kernels\" has its condition"},
      {"Then", [](Object &o) { o["then"] = Array{thenKernel()}; },
       [](const Manifest &m) {
         ASSERT_EQ(m.Then.size(), 1u);
         EXPECT_TRUE(m.Then[0].Args[0].isWorkspace());
         EXPECT_EQ(m.Then[0].Args[0].Rows, 1024);
         EXPECT_EQ(m.Then[0].Grid, (std::array<int64_t, 3>{64, 1, 1}));
       },
       "the reduction kernel with its workspace"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(std::string(c.name) + ": " + c.why);
    c.check(parse(c.patch));
  }
}

TEST(ManifestWriteTest, WrittenTextParsesBack) {
  // writeManifest and parseManifest share the structs and keys: what one
  // writes the other reads back unchanged.
  Manifest m;
  m.CodeObject = "k.hsaco";
  m.Chip = "gfx1101";
  m.Target = "rx7800xt";
  m.CodeObjectVersion = 5;
  m.Problem.M = 0; // Dynamic: written as null.
  m.Problem.N = 64;
  m.Problem.K = 32;
  m.Problem.TransposeB = true;
  m.Problem.Alpha = 2.0;
  m.Problem.Beta = 0.0;
  m.Problem.Accumulate = false;
  ManifestKernel k;
  k.Kernel = "k";
  ManifestArg a;
  a.Index = 0;
  a.Role = "A";
  a.Also = "B";
  a.Kind = "global_buffer";
  a.Size = 8;
  a.RowsExpr = "m";
  a.Cols = 32;
  a.LD = 32;
  a.Slack = 4;
  ManifestArg size;
  size.Index = 1;
  size.Role = "m";
  size.Kind = "by_value";
  size.Offset = 8;
  size.Size = 8;
  k.Args = {a, size};
  k.KernargSize = 16;
  k.WorkgroupSize = {128, 1, 1};
  k.GridExpr[0] = "ceil(m/128)";
  k.LdsBytes = 4096;
  m.Kernels = {k};

  std::string text;
  llvm::raw_string_ostream os(text);
  writeManifest(os, m);
  llvm::Expected<Manifest> back = parseManifest(text, "k.manifest.json");
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->Chip, "gfx1101");
  EXPECT_EQ(back->Target, "rx7800xt");
  EXPECT_EQ(back->Problem.M, 0);
  EXPECT_EQ(back->Problem.N, 64);
  EXPECT_TRUE(back->Problem.TransposeB);
  EXPECT_EQ(back->Problem.Alpha, 2.0);
  EXPECT_EQ(back->Problem.Beta, 0.0);
  EXPECT_FALSE(back->Problem.Accumulate);
  ASSERT_EQ(back->Kernels.size(), 1u);
  const ManifestKernel &bk = back->Kernels[0];
  ASSERT_EQ(bk.Args.size(), 2u);
  EXPECT_EQ(bk.Args[0].Also, "B");
  EXPECT_EQ(bk.Args[0].RowsExpr, "m");
  EXPECT_EQ(bk.Args[0].Cols, 32);
  EXPECT_EQ(bk.Args[0].Slack, 4);
  EXPECT_EQ(bk.Args[1].Role, "m");
  EXPECT_EQ(bk.KernargSize, 16u);
  EXPECT_EQ(bk.GridExpr[0], "ceil(m/128)");
  EXPECT_EQ(bk.Grid[1], 1);
  EXPECT_EQ(bk.LdsBytes, 4096u);
}

} // namespace
