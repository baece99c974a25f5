//===- TuningTableTest.cpp - gemm-tune's table: parsing and checks --------===//
//
// The shape syntax gemm-tune takes, a table entry's shape members, and
// readTuningTable's checks (docs/tuning-table.md, "The format" and "Reading
// one"): format tag, target, entries, each entry's sizes and options, no
// shape twice, and options that name a configuration for the shape. A
// written table reads back.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/TuningTable.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir::gemm;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

struct ShapeTextCase {
  const char *text;
  /// The shape, when the text is one: m, n, k, batch, transposes.
  int64_t m, n, k, batch;
  bool transposeA, transposeB;
  /// A part of the error; null when the text is a shape.
  const char *error;
  const char *why;
};

const ShapeTextCase kShapeTextCases[] = {
    {"4096x16x4096:nt", 4096, 16, 4096, 1, false, true, nullptr,
     "B stored N x K"},
    {"128x768x768", 128, 768, 768, 1, false, false, nullptr, "no layout: nn"},
    {"512x64x512x128", 512, 64, 512, 128, false, false, nullptr,
     "a fourth size is the batch"},
    {"1x2x3:tn", 1, 2, 3, 1, true, false, nullptr, "A stored K x M"},
    {"7x7x7x2:tt", 7, 7, 7, 2, true, true, nullptr, "both, batched"},
    {"2147483647x1x1", 2147483647, 1, 1, 1, false, false, nullptr,
     "the largest size, 2^31 - 1"},
    {"2147483648x1x1", 0, 0, 0, 0, false, false,
     "'2147483648' is not a size from 1 to 2147483647", "2^31 is too large"},
    {"0x4x4", 0, 0, 0, 0, false, false, "'0' is not a size",
     "sizes are positive"},
    {"4x-4x4", 0, 0, 0, 0, false, false, "'-4' is not a size", "no sign"},
    {"+4x4x4", 0, 0, 0, 0, false, false, "'+4' is not a size",
     "plain decimals only"},
    {"0x10x4x4", 0, 0, 0, 0, false, false, "'0' is not a size",
     "a radix prefix is not a size: 0x10 splits at its x"},
    {"4x4", 0, 0, 0, 0, false, false, "it has 2 size(s), not 3 or 4",
     "M, N and K are needed"},
    {"4x4x4x4x4", 0, 0, 0, 0, false, false, "it has 5 size(s), not 3 or 4",
     "at most a batch after K"},
    {"", 0, 0, 0, 0, false, false, "it has 1 size(s)", "nothing"},
    {"4x4x4:nx", 0, 0, 0, 0, false, false,
     "the layout 'nx' is not nn, nt, tn or tt", "n or t each"},
    {"4x4x4:", 0, 0, 0, 0, false, false,
     "the layout '' is not nn, nt, tn or tt", "a colon needs its layout"},
    {"4x4x4:ntn", 0, 0, 0, 0, false, false, "the layout 'ntn'",
     "two letters, for A and B"},
    {"4x4x4 ", 0, 0, 0, 0, false, false, "'4 ' is not a size", "no blanks"},
};

class TuningShapeTextTest : public testing::TestWithParam<ShapeTextCase> {};

TEST_P(TuningShapeTextTest, Parse) {
  const ShapeTextCase &c = GetParam();
  SCOPED_TRACE(c.why);
  llvm::Expected<TuningShape> shape = parseTuningShape(c.text);
  if (c.error) {
    ASSERT_FALSE(static_cast<bool>(shape)) << c.text << " was accepted";
    std::string message = llvm::toString(shape.takeError());
    EXPECT_NE(message.find(c.error), std::string::npos) << message;
    // The message shows the syntax.
    EXPECT_NE(message.find("for example 4096x16x4096:nt"), std::string::npos);
    return;
  }
  ASSERT_TRUE(static_cast<bool>(shape)) << llvm::toString(shape.takeError());
  EXPECT_EQ(shape->m, c.m);
  EXPECT_EQ(shape->n, c.n);
  EXPECT_EQ(shape->k, c.k);
  EXPECT_EQ(shape->batch, c.batch);
  EXPECT_EQ(shape->transposeA, c.transposeA);
  EXPECT_EQ(shape->transposeB, c.transposeB);
  // str() writes the layout always and the batch when it is not 1; what it
  // writes parses back to the same shape.
  llvm::Expected<TuningShape> again = parseTuningShape(shape->str());
  ASSERT_TRUE(static_cast<bool>(again)) << llvm::toString(again.takeError());
  EXPECT_EQ(*again, *shape) << shape->str();
}

INSTANTIATE_TEST_SUITE_P(Texts, TuningShapeTextTest,
                         testing::ValuesIn(kShapeTextCases));

TEST(TuningShapeTest, Str) {
  struct Case {
    TuningShape shape;
    const char *text;
  };
  const Case cases[] = {
      {{4096, 16, 4096, 1, false, true}, "4096x16x4096:nt"},
      {{512, 64, 512, 128, false, false}, "512x64x512x128:nn"},
      {{1, 2, 3, 1, true, true}, "1x2x3:tt"},
  };
  for (const Case &c : cases)
    EXPECT_EQ(c.shape.str(), c.text);
}

struct ShapeJsonCase {
  const char *json;
  const char *error;
  const char *why;
};

const ShapeJsonCase kShapeJsonCases[] = {
    {R"({"m": 1, "n": 2, "k": 3})", nullptr, "batch and layout default"},
    {R"({"m": 1, "n": 2, "k": 3, "batch": 4, "transpose_a": true})", nullptr,
     "all members"},
    {R"({"m": 1, "n": 2})", "has no \"k\"", "K is required"},
    {R"({"m": 0, "n": 2, "k": 3})",
     "\"m\" is not an integer from 1 to 2147483647", "sizes are positive"},
    {R"({"m": 1.5, "n": 2, "k": 3})", "\"m\" is not an integer",
     "sizes are whole"},
    {R"({"m": "1", "n": 2, "k": 3})", "\"m\" is not an integer",
     "sizes are numbers"},
    {R"({"m": 1, "n": 2, "k": 3, "batch": 0})", "\"batch\" is not an integer",
     "a batch given is positive"},
    {R"({"m": 1, "n": 2, "k": 3, "transpose_b": "yes"})",
     "\"transpose_b\" is not true or false", "flags are booleans"},
    {R"([1, 2, 3])", "is not a JSON object", "members, not positions"},
};

class TuningShapeJsonTest : public testing::TestWithParam<ShapeJsonCase> {};

TEST_P(TuningShapeJsonTest, Read) {
  const ShapeJsonCase &c = GetParam();
  SCOPED_TRACE(c.why);
  llvm::Expected<Value> value = llvm::json::parse(c.json);
  ASSERT_TRUE(static_cast<bool>(value)) << llvm::toString(value.takeError());
  llvm::Expected<TuningShape> shape = readTuningShape(*value);
  if (!c.error) {
    EXPECT_TRUE(static_cast<bool>(shape)) << llvm::toString(shape.takeError());
    return;
  }
  ASSERT_FALSE(static_cast<bool>(shape));
  std::string message = llvm::toString(shape.takeError());
  EXPECT_NE(message.find(c.error), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(Members, TuningShapeJsonTest,
                         testing::ValuesIn(kShapeJsonCases));

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

/// A file that is removed at the end of the test.
class TempFile {
public:
  explicit TempFile(llvm::StringRef text) {
    int fd;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("tuning", "json", fd, path));
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
  }
  ~TempFile() { llvm::sys::fs::remove(path); }
  std::string str() const { return std::string(path); }

private:
  llvm::SmallString<128> path;
};

// docs/tuning-table.md's example.
constexpr const char *kExample = R"({
  "format": "gemm-opt-tuning-1",
  "target": "rx7900xtx",
  "prediction_not_measurement": true,
  "entries": [
    {
      "shape": "128x768x768:nt",
      "m": 128, "n": 768, "k": 768, "batch": 1,
      "transpose_a": false, "transpose_b": true,
      "options": "kernel=skinny",
      "predicted_ms": 0.0075,
      "default_ms": 0.0075,
      "candidates": [
        {"options": "kernel=tiled", "predicted_ms": 0.0562},
        {"options": "kernel=skinny", "predicted_ms": 0.0075}
      ]
    }
  ]
})";

Object example() {
  llvm::Expected<Value> value = llvm::json::parse(kExample);
  EXPECT_TRUE(static_cast<bool>(value)) << llvm::toString(value.takeError());
  return std::move(*value->getAsObject());
}

Object *entry(Object &o, size_t i) {
  return (*o.getArray("entries"))[i].getAsObject();
}

/// An entry for `shape` with `options`.
Value entryFor(int64_t m, int64_t n, int64_t k, const char *options) {
  return Object{{"m", m}, {"n", n}, {"k", k}, {"options", options}};
}

using Patch = void (*)(Object &);

struct TableCase {
  const char *name;
  /// Replaces the example's text when set.
  const char *text;
  Patch patch;
  /// A part of the error; null when the table is valid.
  const char *error;
  const char *why;
};

const TableCase kTableCases[] = {
    {"Example", nullptr, [](Object &) {}, nullptr, "the doc's example"},
    {"NotJson", "{\"format\": ", nullptr, "tuning table '",
     "a truncated file: llvm::json's message with its place"},
    {"TopLevelArray", "[]", nullptr, "the top level is not a JSON object",
     "a table is an object"},
    {"WrongFormat", nullptr,
     [](Object &o) { o["format"] = "gemm-opt-tuning-2"; },
     "\"format\" is not \"gemm-opt-tuning-1\"", "an unknown format"},
    {"NoFormat", nullptr, [](Object &o) { o.erase("format"); },
     "\"format\" is not", "the tag is required"},
    {"NoTarget", nullptr, [](Object &o) { o.erase("target"); },
     "\"target\" is not one of rx7900xtx",
     "the choices were predicted for a product"},
    {"UnknownTarget", nullptr, [](Object &o) { o["target"] = "rx9999"; },
     "\"target\" is not one of", "not a product of the table"},
    {"OtherTarget", nullptr, [](Object &o) { o["target"] = "rx7600"; }, nullptr,
     "a table for another product reads; the compile for a target refuses it"},
    {"NoEntries", nullptr, [](Object &o) { o.erase("entries"); },
     "there is no \"entries\" array", "the shapes"},
    {"EmptyEntries", nullptr, [](Object &o) { o["entries"] = Array{}; },
     nullptr, "a table of no shapes"},
    {"EntryNotObject", nullptr, [](Object &o) { o["entries"] = Array{7}; },
     "entry 0 is not a JSON object", "an entry is an object"},
    {"EntryWithoutOptions", nullptr,
     [](Object &o) { entry(o, 0)->erase("options"); },
     "entry 0 has no string \"options\"", "an entry names a configuration"},
    {"EntryWithoutK", nullptr, [](Object &o) { entry(o, 0)->erase("k"); },
     "entry 0 has no \"k\"", "an entry's sizes are required"},
    {"EntryZeroM", nullptr, [](Object &o) { (*entry(o, 0))["m"] = 0; },
     "entry 0 \"m\" is not an integer from 1 to 2147483647",
     "sizes are positive"},
    {"NegativePrediction", nullptr,
     [](Object &o) { (*entry(o, 0))["predicted_ms"] = -1; },
     "\"predicted_ms\" is not a number >= 0", "a time is not negative"},
    {"CandidatesNotArray", nullptr,
     [](Object &o) { (*entry(o, 0))["candidates"] = "kernel=tiled"; },
     "\"candidates\" is not an array", "a list of candidates"},
    {"CandidateWithoutTime", nullptr,
     [](Object &o) {
       (*entry(o, 0))["candidates"] =
           Array{Object{{"options", "kernel=tiled"}}};
     },
     "has a candidate without string \"options\" and number \"predicted_ms\"",
     "each candidate has both"},
    {"RepeatedShape", nullptr,
     [](Object &o) {
       Value copy = (*o.getArray("entries"))[0];
       o.getArray("entries")->push_back(std::move(copy));
     },
     "entry 1 (128x768x768:nt) repeats a shape listed before it",
     "at most one entry a shape"},
    {"SameSizesOtherLayout", nullptr,
     [](Object &o) {
       Value copy = (*o.getArray("entries"))[0];
       (*copy.getAsObject())["transpose_b"] = false;
       o.getArray("entries")->push_back(std::move(copy));
     },
     nullptr, "the layout is part of the shape"},
    {"TileThatDoesNotDivide", nullptr,
     [](Object &o) {
       o.getArray("entries")->push_back(
           entryFor(256, 256, 256, "kernel=tiled bm=60"));
     },
     "entry 1 (256x256x256:nn) has options \"kernel=tiled bm=60\" that name "
     "no configuration for it: it cannot be tiled with bm=60: with 4 wave(s) "
     "along M, bm must be a multiple of 64",
     "docs/tuning-table.md's own example of the message"},
    {"TileThatDivides", nullptr,
     [](Object &o) {
       o.getArray("entries")->push_back(
           entryFor(256, 256, 256, "kernel=tiled bm=64 bn=64"));
     },
     nullptr, "64 = 4 waves x 4 lanes x 4 rows along M; 64 = 2 x 32 along N"},
    {"UnknownOption", nullptr,
     [](Object &o) {
       o.getArray("entries")->push_back(entryFor(256, 256, 256, "speed=max"));
     },
     "entry 1 (256x256x256:nn) has options \"speed=max\"",
     "options are gemm-select-config's"},
    {"TableInATable", nullptr,
     [](Object &o) {
       o.getArray("entries")->push_back(
           entryFor(256, 256, 256, "tuning-table=other.json"));
     },
     "a table entry cannot name a tuning table", "no indirection"},
    {"SkinnyForALargeShape", nullptr,
     [](Object &o) {
       o.getArray("entries")->push_back(
           entryFor(1024, 1024, 1024, "kernel=skinny"));
     },
     "the skinny kernel cannot compile it: its smaller side (1024) is above "
     "256",
     "the skinny kernel takes a small side up to 256"},
    {"SplitWithoutATail", nullptr,
     [](Object &o) {
       o.getArray("entries")->push_back(entryFor(
           1024, 1024, 1024, "kernel=tiled split-tail=2 compute-units=64"));
     },
     "the tail cannot be split: its 64 tiles are whole rounds of 64",
     "8 x 8 tiles of 128 on 64 CUs leave no tail"},
    {"SplitWithATail", nullptr,
     [](Object &o) {
       o.getArray("entries")->push_back(entryFor(
           1024, 1024, 1024, "kernel=tiled split-tail=2 compute-units=48"));
     },
     nullptr, "64 tiles on 48 CUs leave 16 to split"},
};

class TuningTableReadTest : public testing::TestWithParam<TableCase> {};

TEST_P(TuningTableReadTest, AcceptsOrNamesTheProblem) {
  const TableCase &c = GetParam();
  SCOPED_TRACE(c.why);
  std::string text;
  if (c.text) {
    text = c.text;
  } else {
    Object o = example();
    c.patch(o);
    text = llvm::formatv("{0}", Value(std::move(o))).str();
  }
  TempFile file(text);
  llvm::Expected<TuningTable> table = readTuningTable(file.str());
  if (!c.error) {
    EXPECT_TRUE(static_cast<bool>(table)) << llvm::toString(table.takeError());
    return;
  }
  ASSERT_FALSE(static_cast<bool>(table)) << "accepted:\n" << text;
  std::string message = llvm::toString(table.takeError());
  EXPECT_NE(message.find(c.error), std::string::npos) << message;
  // Every message names the file.
  EXPECT_NE(message.find("'" + file.str() + "'"), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(Changes, TuningTableReadTest,
                         testing::ValuesIn(kTableCases),
                         [](const testing::TestParamInfo<TableCase> &info) {
                           return std::string(info.param.name);
                         });

TEST(TuningTableTest, MissingFile) {
  llvm::Expected<TuningTable> table =
      readTuningTable("/nonexistent/tuning-table.json");
  ASSERT_FALSE(static_cast<bool>(table));
  std::string message = llvm::toString(table.takeError());
  EXPECT_NE(message.find("cannot read tuning table "
                         "'/nonexistent/tuning-table.json'"),
            std::string::npos)
      << message;
}

TEST(TuningTableTest, ExampleFieldsAndLookup) {
  TempFile file(kExample);
  llvm::Expected<TuningTable> table = readTuningTable(file.str());
  ASSERT_TRUE(static_cast<bool>(table)) << llvm::toString(table.takeError());
  EXPECT_EQ(table->target, "rx7900xtx");
  ASSERT_EQ(table->entries.size(), 1u);
  const TuningEntry &e = table->entries[0];
  EXPECT_EQ(e.options, "kernel=skinny");
  EXPECT_EQ(e.predictedMs, 0.0075);
  ASSERT_EQ(e.candidates.size(), 2u);
  EXPECT_EQ(e.candidates[0].first, "kernel=tiled");
  EXPECT_EQ(e.candidates[0].second, 0.0562);
  // Lookup matches the whole shape: sizes, batch and layout.
  TuningShape shape{128, 768, 768, 1, false, true};
  EXPECT_EQ(table->lookup(shape), &e);
  shape.transposeB = false;
  EXPECT_EQ(table->lookup(shape), nullptr) << "another layout";
  shape = {128, 768, 768, 2, false, true};
  EXPECT_EQ(table->lookup(shape), nullptr) << "a batch of two";
}

TEST(TuningTableTest, WrittenTableReadsBack) {
  TuningTable table;
  table.target = "rx7800xt";
  table.clockGHz = 2.0;
  table.computeUnits = 48;
  TuningEntry a;
  a.shape = {4096, 16, 4096, 1, false, true};
  a.options = "kernel=skinny";
  a.predictedMs = 0.25;
  a.defaultMs = 0.5;
  a.candidates = {{"kernel=tiled", 0.5}, {"kernel=skinny", 0.25}};
  TuningEntry b;
  b.shape = {512, 64, 512, 128, false, false};
  b.options = "kernel=tiled bm=64 bn=64";
  b.predictedMs = 1.5;
  table.entries = {a, b};

  std::string text;
  llvm::raw_string_ostream os(text);
  writeTuningTable(os, table);
  TempFile file(text);
  llvm::Expected<TuningTable> back = readTuningTable(file.str());
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->target, "rx7800xt");
  EXPECT_EQ(back->clockGHz, 2.0);
  EXPECT_EQ(back->computeUnits, 48);
  ASSERT_EQ(back->entries.size(), 2u);
  EXPECT_EQ(back->entries[0].shape, a.shape);
  EXPECT_EQ(back->entries[0].options, a.options);
  EXPECT_EQ(back->entries[0].defaultMs, 0.5);
  EXPECT_EQ(back->entries[0].candidates, a.candidates);
  EXPECT_EQ(back->entries[1].shape, b.shape);
  EXPECT_EQ(back->entries[1].predictedMs, 1.5);
}

} // namespace
