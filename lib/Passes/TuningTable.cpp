//===- TuningTable.cpp - gemm-tune's table of configurations per shape ----===//
//
// Reading, checking and writing the JSON tuning table (docs/tuning-table.md).
// llvm::json gives the parse errors their line and column; every other check
// names the entry.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/TuningTable.h"
#include "gemm-opt/Support/Files.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace mlir::gemm;

static Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

std::string TuningShape::str() const {
  std::string text = formatv("{0}x{1}x{2}", m, n, k).str();
  if (batch != 1)
    text += formatv("x{0}", batch).str();
  text += ':';
  text += transposeA ? 't' : 'n';
  text += transposeB ? 't' : 'n';
  return text;
}

Expected<TuningShape> mlir::gemm::parseTuningShape(StringRef text) {
  // A line of a large file is quoted in part.
  std::string quoted =
      text.size() > 64 ? (text.take_front(60) + "...").str() : text.str();
  auto bad = [&](const Twine &why) {
    return makeError("'" + quoted + "' is not a shape: " + why +
                     " (expected MxNxK or MxNxKxBATCH, optionally followed "
                     "by :nn, :nt, :tn or :tt, for example 4096x16x4096:nt)");
  };
  auto [sizesText, layout] = text.split(':');
  TuningShape shape;
  if (text.contains(':')) {
    if (layout.size() != 2 || !StringRef("nt").contains(layout[0]) ||
        !StringRef("nt").contains(layout[1]))
      return bad("the layout '" + layout + "' is not nn, nt, tn or tt");
    shape.transposeA = layout[0] == 't';
    shape.transposeB = layout[1] == 't';
  }
  SmallVector<StringRef> sizes;
  sizesText.split(sizes, 'x');
  if (sizes.size() != 3 && sizes.size() != 4)
    return bad("it has " + Twine(sizes.size()) + " size(s), not 3 or 4");
  int64_t *fields[] = {&shape.m, &shape.n, &shape.k, &shape.batch};
  for (auto [size, field] : llvm::zip_first(sizes, fields)) {
    // getAsInteger accepts radix prefixes; only plain decimals are sizes.
    if (size.empty() || !llvm::all_of(size, isDigit) ||
        size.getAsInteger(10, *field) || *field < 1 || *field > INT32_MAX)
      return bad("'" + size + "' is not a size from 1 to 2147483647");
  }
  return shape;
}

const TuningEntry *TuningTable::lookup(const TuningShape &shape) const {
  for (const TuningEntry &entry : entries)
    if (entry.shape == shape)
      return &entry;
  return nullptr;
}

namespace {

/// Reads one entry's members, recording the first problem.
class EntryReader {
public:
  EntryReader(const json::Object &object, std::string &problem)
      : object(object), problem(problem) {}

  void size(StringRef key, int64_t &value, bool required = true) {
    const json::Value *member = object.get(key);
    if (!member) {
      if (required)
        fail("has no \"" + key + "\"");
      return;
    }
    std::optional<int64_t> number = member->getAsInteger();
    if (!number || *number < 1 || *number > INT32_MAX)
      return fail("\"" + key + "\" is not an integer from 1 to 2147483647");
    value = *number;
  }
  void flag(StringRef key, bool &value) {
    if (const json::Value *member = object.get(key)) {
      std::optional<bool> flag = member->getAsBoolean();
      if (!flag)
        return fail("\"" + key + "\" is not true or false");
      value = *flag;
    }
  }
  void string(StringRef key, std::string &value) {
    std::optional<StringRef> text = object.getString(key);
    if (!text)
      return fail("has no string \"" + key + "\"");
    value = text->str();
  }
  void number(StringRef key, double &value) {
    if (const json::Value *member = object.get(key)) {
      std::optional<double> number = member->getAsNumber();
      if (!number || *number < 0)
        return fail("\"" + key + "\" is not a number >= 0");
      value = *number;
    }
  }
  void fail(const Twine &why) {
    if (problem.empty())
      problem = why.str();
  }

private:
  const json::Object &object;
  std::string &problem;
};

} // namespace

static void readShape(EntryReader &reader, TuningShape &shape) {
  reader.size("m", shape.m);
  reader.size("n", shape.n);
  reader.size("k", shape.k);
  reader.size("batch", shape.batch, /*required=*/false);
  reader.flag("transpose_a", shape.transposeA);
  reader.flag("transpose_b", shape.transposeB);
}

Expected<TuningShape> mlir::gemm::readTuningShape(const json::Value &value) {
  const json::Object *object = value.getAsObject();
  if (!object)
    return makeError("is not a JSON object");
  TuningShape shape;
  std::string problem;
  EntryReader reader(*object, problem);
  readShape(reader, shape);
  if (!problem.empty())
    return makeError(problem);
  return shape;
}

static Expected<TuningEntry> readEntry(const json::Value &value) {
  const json::Object *object = value.getAsObject();
  if (!object)
    return makeError("is not a JSON object");
  TuningEntry entry;
  std::string problem;
  EntryReader reader(*object, problem);
  readShape(reader, entry.shape);
  reader.string("options", entry.options);
  reader.number("predicted_ms", entry.predictedMs);
  reader.number("default_ms", entry.defaultMs);
  if (const json::Array *candidates = object->getArray("candidates")) {
    for (const json::Value &candidate : *candidates) {
      const json::Object *pair = candidate.getAsObject();
      std::optional<StringRef> options =
          pair ? pair->getString("options") : std::nullopt;
      std::optional<double> ms =
          pair ? pair->getNumber("predicted_ms") : std::nullopt;
      if (!options || !ms) {
        reader.fail("has a candidate without string \"options\" and number "
                    "\"predicted_ms\"");
        break;
      }
      entry.candidates.emplace_back(options->str(), *ms);
    }
  } else if (object->get("candidates")) {
    reader.fail("\"candidates\" is not an array");
  }
  if (!problem.empty())
    return makeError(problem);
  return entry;
}

Expected<TuningTable> mlir::gemm::readTuningTable(StringRef path) {
  Expected<json::Value> document = ::gemm::readJsonFile(path, "tuning table");
  if (!document)
    return document.takeError();
  auto inTable = [&](const Twine &why) {
    return makeError("tuning table '" + path + "': " + why);
  };
  const json::Object *root = document->getAsObject();
  if (!root)
    return inTable("the top level is not a JSON object");
  std::optional<StringRef> format = root->getString("format");
  if (!format || *format != kTuningTableFormat)
    return inTable("\"format\" is not \"" + kTuningTableFormat + "\"");
  TuningTable table;
  std::optional<StringRef> target = root->getString("target");
  if (!target || !::gemm::lookupTarget(*target))
    return inTable("\"target\" is not one of " + ::gemm::getTargetNames());
  table.target = target->str();
  if (std::optional<double> clock = root->getNumber("clock_ghz"))
    table.clockGHz = *clock;
  if (std::optional<int64_t> units = root->getInteger("compute_units"))
    table.computeUnits = *units;
  const json::Array *entries = root->getArray("entries");
  if (!entries)
    return inTable("there is no \"entries\" array");
  KernelConfig base;
  base.target = table.target;
  for (auto [index, value] : llvm::enumerate(*entries)) {
    Expected<TuningEntry> entry = readEntry(value);
    if (!entry)
      return inTable("entry " + Twine(index) + " " +
                     toString(entry.takeError()));
    std::string where =
        ("entry " + Twine(index) + " (" + entry->shape.str() + ")").str();
    if (table.lookup(entry->shape))
      return inTable(where + " repeats a shape listed before it");
    Expected<KernelConfig> config =
        applyTuningEntry(entry->shape, entry->options, base);
    if (!config)
      return inTable(where + " has options \"" + entry->options +
                     "\" that name no configuration for it: " +
                     toString(config.takeError()));
    table.entries.push_back(std::move(*entry));
  }
  return table;
}

void mlir::gemm::writeTuningTable(raw_ostream &os, const TuningTable &table) {
  json::OStream out(os, /*IndentSize=*/2);
  out.object([&] {
    out.attribute("format", kTuningTableFormat);
    out.attribute("target", table.target);
    out.attribute("prediction_not_measurement", true);
    out.attribute("clock_ghz", table.clockGHz);
    out.attribute("compute_units", table.computeUnits);
    out.attributeArray("entries", [&] {
      for (const TuningEntry &entry : table.entries) {
        out.object([&] {
          out.attribute("shape", entry.shape.str());
          out.attribute("m", entry.shape.m);
          out.attribute("n", entry.shape.n);
          out.attribute("k", entry.shape.k);
          out.attribute("batch", entry.shape.batch);
          out.attribute("transpose_a", entry.shape.transposeA);
          out.attribute("transpose_b", entry.shape.transposeB);
          out.attribute("options", entry.options);
          out.attribute("predicted_ms", entry.predictedMs);
          if (entry.defaultMs > 0)
            out.attribute("default_ms", entry.defaultMs);
          out.attributeArray("candidates", [&] {
            for (const auto &[options, ms] : entry.candidates)
              out.object([&] {
                out.attribute("options", options);
                out.attribute("predicted_ms", ms);
              });
          });
        });
      }
    });
  });
  os << "\n";
}
