//===- gemm-tune.cpp - Sweep kernel configurations on the timing model ----===//
//
// For each shape, compiles a static matmul with each candidate configuration
// (gemm-opt's RDNA3 pipeline), predicts its time with the calibrated timing
// model (gemm-run --backend=sim) and writes the fastest per shape to a tuning
// table that gemm-opt reads back (option tuning-table). The two tools run as
// child processes, as a user would run them: a candidate that crashes or
// hangs the compiler costs its row, not the sweep.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Passes/TuningCandidates.h"
#include "gemm-opt/Passes/TuningTable.h"
#include "gemm-opt/Support/Files.h"
#include "gemm-opt/Version.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/WithColor.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <mutex>
#include <set>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace mlir::gemm;

static cl::OptionCategory tuneCategory("gemm-tune options");

static cl::list<std::string> shapeArgs(cl::Positional, cl::desc("<shape>..."),
                                       cl::cat(tuneCategory));
static cl::opt<std::string> shapesFile(
    "shapes-file",
    cl::desc("More shapes: a gemm-opt-shapes-1 JSON file (bench/shapes/"
             "shapes.json) or a text file of one shape per line (# starts a "
             "comment)"),
    cl::value_desc("file"), cl::cat(tuneCategory));
static cl::opt<std::string>
    outputFile("o",
               cl::desc("The table to write (required unless "
                        "--list-candidates)"),
               cl::value_desc("file"), cl::cat(tuneCategory));
static cl::opt<std::string>
    mergeFile("merge",
              cl::desc("A table whose entries are kept for the shapes not "
                       "tuned in this run (it may be the -o file)"),
              cl::value_desc("file"), cl::cat(tuneCategory));
static cl::list<std::string> candidateArgs(
    "candidate",
    cl::desc("A configuration to try, as gemm-rdna3-pipeline options (for "
             "example \"kernel=tiled bm=64 bn=64\"); repeatable; replaces the "
             "built-in set"),
    cl::value_desc("options"), cl::cat(tuneCategory));
static cl::opt<unsigned> prefilter(
    "prefilter",
    cl::desc("Compile and predict only the N candidates per shape that the "
             "compiler's own cost estimate ranks fastest (those it has no "
             "estimate for rank last; a tie keeps the candidates' order); "
             "the compiler's own choice is predicted as always. 0 (the "
             "default): every candidate"),
    cl::value_desc("N"), cl::init(0), cl::cat(tuneCategory));
static cl::opt<bool> listCandidates(
    "list-candidates",
    cl::desc("Print each shape's candidates, the compiler's estimate of "
             "each and whether --prefilter keeps it, as JSON, and compile "
             "nothing"),
    cl::init(false), cl::cat(tuneCategory));
static cl::opt<unsigned>
    jobs("j",
         cl::desc("Candidates compiled and predicted at once (default: "
                  "the hardware threads)"),
         cl::init(0), cl::cat(tuneCategory));
static cl::opt<std::string> targetName(
    "target",
    cl::desc("The RDNA3 product tuned for: its figures decide the compiler's "
             "choices and the model's prediction, and the table names it "
             "(default rx7900xtx; docs/targets.md)"),
    cl::value_desc("name"), cl::init(gemm::getDefaultTarget().name),
    cl::cat(tuneCategory));
static cl::opt<double>
    clockGHz("clock-ghz",
             cl::desc("Clock the timing model predicts at (default: the "
                      "target's boost clock)"),
             cl::init(0), cl::cat(tuneCategory));
static cl::opt<unsigned> computeUnits(
    "compute-units",
    cl::desc("CUs, for the compiler's choices and the model (default: the "
             "target's)"),
    cl::init(0), cl::cat(tuneCategory));
static cl::opt<unsigned>
    timeoutSeconds("timeout",
                   cl::desc("Seconds for one candidate's compile or "
                            "prediction (default 600)"),
                   cl::init(600), cl::cat(tuneCategory));
static cl::opt<std::string>
    workDir("work-dir",
            cl::desc("Keep each candidate's IR, code object and logs here "
                     "(default: a temporary directory, removed)"),
            cl::value_desc("dir"), cl::cat(tuneCategory));
static cl::opt<std::string>
    gemmOptPath("gemm-opt",
                cl::desc("The gemm-opt to compile with (default: beside "
                         "gemm-tune)"),
                cl::value_desc("path"), cl::cat(tuneCategory));
static cl::opt<std::string>
    gemmRunPath("gemm-run",
                cl::desc("The gemm-run to predict with (default: beside "
                         "gemm-tune)"),
                cl::value_desc("path"), cl::cat(tuneCategory));

/// Exit codes: 0 every shape tuned, 1 a shape had no candidate that compiled
/// and predicted, 2 bad usage or input (nothing written).
enum ExitCode { kTuned = 0, kShapeFailed = 1, kBadInput = 2 };

[[noreturn]] static void fail(const Twine &message) {
  WithColor::error(errs(), "gemm-tune") << message << "\n";
  exit(kBadInput);
}

/// The candidates of `shape` (--candidate, else the built-in ones that name
/// a configuration for it), with the compiler's estimates over `base` and
/// --prefilter's choice.
static std::vector<TuningCandidate> getCandidates(const TuningShape &shape,
                                                  const KernelConfig &base) {
  return prefilterTuningCandidates(
      shape,
      candidateArgs.empty() ? getDefaultTuningCandidates(shape)
                            : std::vector<std::string>(candidateArgs),
      base, prefilter);
}

/// --list-candidates: each shape's candidates, in the table's order.
static void printCandidates(ArrayRef<TuningShape> shapes,
                            const KernelConfig &base) {
  json::OStream out(outs(), /*IndentSize=*/1);
  out.object([&] {
    out.attribute("target", targetName);
    out.attribute("compute_units", int64_t(computeUnits));
    out.attribute("prefilter", int64_t(prefilter));
    out.attributeArray("shapes", [&] {
      for (const TuningShape &shape : shapes)
        out.object([&] {
          out.attribute("shape", shape.str());
          out.attributeArray("candidates", [&] {
            for (const TuningCandidate &candidate : getCandidates(shape, base))
              out.object([&] {
                out.attribute("options", candidate.options);
                out.attribute("estimated_cycles",
                              candidate.estimatedCycles
                                  ? json::Value(*candidate.estimatedCycles)
                                  : json::Value(nullptr));
                out.attribute("estimate_weight", candidate.estimateWeight);
                if (candidate.skinnyIssueCycles) {
                  out.attribute("skinny_issue_cycles",
                                *candidate.skinnyIssueCycles);
                  out.attribute("skinny_memory_cycles",
                                *candidate.skinnyMemoryCycles);
                  out.attribute("skinny_epilogue_sums",
                                *candidate.skinnyEpilogueSums);
                }
                if (const std::optional<SkinnyLayout> &plan =
                        candidate.skinnyPlan)
                  out.attributeObject("skinny_plan", [&] {
                    out.attribute("lanes_k", plan->lanesK);
                    out.attribute("lanes_l", plan->lanesL);
                    out.attribute("rows_per_lane", plan->rowsPerLane);
                    out.attribute("cols_per_group", plan->colsPerGroup);
                    out.attribute("waves", plan->waves);
                    out.attribute("unroll", plan->unroll);
                    out.attribute("parts", plan->parts);
                    out.attribute("stage_y", plan->stageY);
                    out.attribute("scalar_y", plan->scalarY);
                    out.attribute("wgp_mode", plan->wgpMode);
                  });
                out.attribute("kept", candidate.kept);
                out.attribute("job_options", candidate.jobOptions);
              });
          });
        });
    });
  });
  outs() << "\n";
}

/// The func of one static matmul of `shape` (the layout as indexing maps),
/// as bench/roofline.py writes it.
static std::string matmulIR(const TuningShape &shape) {
  bool batched = shape.batch != 1;
  std::string lead = batched ? formatv("{0}x", shape.batch).str() : "";
  std::string dims = batched ? "(b, m, n, k)" : "(m, n, k)";
  std::string b = batched ? "b, " : "";
  auto type = [&](int64_t rows, int64_t cols) {
    return formatv("memref<{0}{1}x{2}xf32>", lead, rows, cols).str();
  };
  std::string aType =
      shape.transposeA ? type(shape.k, shape.m) : type(shape.m, shape.k);
  std::string bType =
      shape.transposeB ? type(shape.n, shape.k) : type(shape.k, shape.n);
  std::string cType = type(shape.m, shape.n);
  return formatv("func.func @sgemm(%A: {0}, %B: {1}, %C: {2}) {{\n"
                 "  {3} indexing_maps = [affine_map<{4} -> ({5}{6})>, "
                 "affine_map<{4} -> ({5}{7})>, affine_map<{4} -> ({5}m, n)>]\n"
                 "      ins(%A, %B : {0}, {1}) outs(%C : {2})\n"
                 "  return\n}\n",
                 aType, bType, cType,
                 batched ? "linalg.batch_matmul" : "linalg.matmul", dims, b,
                 shape.transposeA ? "k, m" : "m, k",
                 shape.transposeB ? "n, k" : "k, n")
      .str();
}

namespace {

/// One candidate's outcome: its prediction, or why there is none.
struct Trial {
  double ms = 0;
  std::string failure;
};

class Tuner {
public:
  Tuner(std::string gemmOpt, std::string gemmRun, std::string dir)
      : gemmOpt(std::move(gemmOpt)), gemmRun(std::move(gemmRun)),
        dir(std::move(dir)) {}

  Trial run(const TuningShape &shape, StringRef options, unsigned id) const;

private:
  std::string gemmOpt, gemmRun, dir;

  /// Runs `program` with `args`, its stdout to `out`; on failure, the
  /// reason with the last lines of its stderr.
  std::optional<std::string> exec(StringRef program, ArrayRef<std::string> args,
                                  StringRef out, StringRef err) const;
};

} // namespace

/// Set once an interrupt (Ctrl-C, SIGTERM) has asked for the run to end: no
/// compile or prediction starts after it.
static std::atomic<bool> interrupted{false};
/// The signal handler's only way to wake the thread that cleans up.
static int interruptPipe[2] = {-1, -1};
/// The compiles and predictions running now, which the interrupt's cleanup
/// stops and waits for: their files are in the work directory.
static std::mutex childrenLock;
static std::set<sys::procid_t> children;

std::optional<std::string> Tuner::exec(StringRef program,
                                       ArrayRef<std::string> args,
                                       StringRef out, StringRef err) const {
  SmallVector<StringRef> argv = {program};
  for (const std::string &arg : args)
    argv.push_back(arg);
  std::optional<StringRef> redirects[] = {StringRef(""), out, err};
  std::string message;
  sys::ProcessInfo child;
  {
    // Under the lock, so that the interrupt's cleanup sees every child
    // started before it and none starts after it.
    std::lock_guard<std::mutex> lock(childrenLock);
    if (interrupted.load())
      return (sys::path::filename(program) + " not run: interrupted").str();
    child = sys::ExecuteNoWait(program, argv, std::nullopt, redirects,
                               /*MemoryLimit=*/0, &message);
    if (child.Pid != sys::ProcessInfo::InvalidPid)
      children.insert(child.Pid);
  }
  int rc = -1;
  if (child.Pid != sys::ProcessInfo::InvalidPid) {
    std::optional<unsigned> seconds;
    if (timeoutSeconds)
      seconds = timeoutSeconds;
    rc = sys::Wait(child, seconds, &message).ReturnCode;
    std::lock_guard<std::mutex> lock(childrenLock);
    children.erase(child.Pid);
  }
  if (rc == 0)
    return std::nullopt;
  std::string why = rc == -2   ? "timed out"
                    : rc == -1 ? "could not run: " + message
                               : formatv("exited with {0}", rc).str();
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> log = MemoryBuffer::getFile(err)) {
    SmallVector<StringRef> lines;
    (*log)->getBuffer().trim().split(lines, '\n');
    for (StringRef line : ArrayRef(lines).take_back(2))
      why += " / " + line.trim().str();
  }
  return (sys::path::filename(program) + " " + why).str();
}

Trial Tuner::run(const TuningShape &shape, StringRef options,
                 unsigned id) const {
  SmallString<256> path(dir);
  sys::path::append(path, formatv("c{0}", id).str());
  std::string stem = path.str().str();
  Trial trial;
  {
    std::error_code ec;
    raw_fd_ostream ir(stem + ".mlir", ec);
    if (ec) {
      trial.failure = "cannot write " + stem + ".mlir";
      return trial;
    }
    ir << matmulIR(shape);
  }
  std::string pipeline =
      formatv("--gemm-rdna3-pipeline=hsaco={0}.hsaco target={1} "
              "compute-units={2} {3}",
              stem, targetName, computeUnits, options)
          .str();
  if (std::optional<std::string> why =
          exec(gemmOpt, {stem + ".mlir", pipeline, "-o", "/dev/null"}, "",
               stem + ".compile.log")) {
    trial.failure = *why;
    return trial;
  }
  std::string json = stem + ".sim.json";
  if (std::optional<std::string> why = exec(
          gemmRun,
          {stem + ".manifest.json", "--backend=sim", "--json",
           "--target=" + targetName, formatv("--clock-ghz={0}", clockGHz).str(),
           formatv("--compute-units={0}", computeUnits).str()},
          json, stem + ".sim.log")) {
    trial.failure = *why;
    return trial;
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> out = MemoryBuffer::getFile(json);
  StringRef text = out ? (*out)->getBuffer() : "";
  // gemm-run prints its report's JSON after a line or two of text.
  size_t brace = text.find('{');
  Expected<json::Value> report =
      ::gemm::parseJson(brace == StringRef::npos ? "" : text.substr(brace));
  std::optional<double> ms;
  if (report) {
    if (const json::Object *object = report->getAsObject())
      ms = object->getNumber("milliseconds");
  } else {
    consumeError(report.takeError());
  }
  if (!ms || !(*ms > 0)) {
    trial.failure = "gemm-run printed no prediction";
    return trial;
  }
  trial.ms = *ms;
  return trial;
}

/// The shapes of `path`: JSON (gemm-opt-shapes-1) or one per line.
static std::vector<TuningShape> readShapesFile(StringRef path) {
  Expected<std::unique_ptr<MemoryBuffer>> file =
      ::gemm::readInputFile(path, ::gemm::MaxJsonFileBytes);
  if (!file)
    fail("cannot read shapes file '" + path +
         "': " + toString(file.takeError()));
  ::gemm::noteInputFile(path, "shapes file");
  StringRef text = (*file)->getBuffer();
  std::vector<TuningShape> shapes;
  if (!text.ltrim().starts_with("{")) {
    SmallVector<StringRef> lines;
    text.split(lines, '\n');
    for (auto [index, line] : llvm::enumerate(lines)) {
      StringRef shape = line.split('#').first.trim();
      if (shape.empty())
        continue;
      Expected<TuningShape> parsed = parseTuningShape(shape);
      if (!parsed)
        fail(path + ":" + Twine(index + 1) + ": " +
             toString(parsed.takeError()));
      shapes.push_back(*parsed);
    }
    return shapes;
  }
  Expected<json::Value> doc = ::gemm::parseJson(text);
  if (!doc)
    fail("shapes file '" + path + "': " + toString(doc.takeError()));
  const json::Object *root = doc->getAsObject();
  const json::Array *list = root ? root->getArray("shapes") : nullptr;
  if (!root || root->getString("format") != "gemm-opt-shapes-1" || !list)
    fail("shapes file '" + path +
         "': not a gemm-opt-shapes-1 document with a \"shapes\" array");
  for (auto [index, value] : llvm::enumerate(*list)) {
    Expected<TuningShape> shape = readTuningShape(value);
    if (!shape)
      fail("shapes file '" + path + "': shape " + Twine(index) + " " +
           toString(shape.takeError()));
    shapes.push_back(*shape);
  }
  return shapes;
}

/// gemm-opt or gemm-run: the option's path, else the one beside gemm-tune.
static std::string findTool(StringRef option, StringRef name,
                            const char *argv0) {
  if (!option.empty()) {
    if (!sys::fs::can_execute(option))
      fail("--" + name + "=" + option + " is not an executable file");
    return option.str();
  }
  static int anchor;
  SmallString<256> path(sys::fs::getMainExecutable(argv0, &anchor));
  sys::path::remove_filename(path);
  sys::path::append(path, name);
  if (!sys::fs::can_execute(path))
    fail(name + " is not beside gemm-tune (" + path + "); give --" + name);
  return path.str().str();
}

/// The shapes of the arguments and --shapes-file, at least one.
static std::vector<TuningShape> readShapes() {
  std::vector<TuningShape> shapes;
  for (const std::string &arg : shapeArgs) {
    Expected<TuningShape> shape = parseTuningShape(arg);
    if (!shape)
      fail(toString(shape.takeError()));
    shapes.push_back(*shape);
  }
  if (!shapesFile.empty())
    llvm::append_range(shapes, readShapesFile(shapesFile));
  if (shapes.empty())
    fail("no shapes: give shapes as arguments or --shapes-file (see --help)");
  return shapes;
}

/// The --merge table, checked, or an empty one.
static TuningTable readMergeTable() {
  TuningTable table;
  if (!mergeFile.empty()) {
    Expected<TuningTable> merged = readTuningTable(mergeFile);
    if (!merged)
      fail(toString(merged.takeError()));
    table = std::move(*merged);
    // One table, one machine: predictions for another product, clock or CU
    // count are not comparable with this run's.
    if (table.target != targetName)
      fail(formatv("tuning table '{0}' is for target {1}; give --target={1} "
                   "to merge into it",
                   mergeFile.getValue(), table.target));
    if (std::abs(table.clockGHz - clockGHz) > 1e-9 ||
        table.computeUnits != computeUnits)
      fail(formatv("tuning table '{0}' was predicted at {1} GHz on {2} CUs; "
                   "give the same --clock-ghz and --compute-units to merge "
                   "into it",
                   mergeFile.getValue(), table.clockGHz, table.computeUnits));
  }
  table.target = targetName;
  table.clockGHz = clockGHz;
  table.computeUnits = computeUnits;
  return table;
}

namespace {

/// One compile and prediction: a shape with a candidate's options (none:
/// the compiler's own choice, shown beside the table's, never written to
/// it).
struct Job {
  size_t shape;
  std::string options;
  Trial trial;
};

} // namespace

/// Every job of `shapes`, the compiler's own choice and the kept candidates
/// that have their own job (`candidates`, per shape), run `-j` at a time.
static std::vector<Job>
runJobs(ArrayRef<TuningShape> shapes,
        ArrayRef<std::vector<TuningCandidate>> candidates, const Tuner &tuner) {
  std::vector<Job> work;
  for (auto [index, shape] : llvm::enumerate(shapes)) {
    work.push_back({index, "", {}});
    for (const TuningCandidate &candidate : candidates[index])
      if (candidate.kept && candidate.jobOptions == candidate.options)
        work.push_back({index, candidate.options, {}});
  }
  DefaultThreadPool pool(hardware_concurrency(jobs));
  for (auto [id, job] : llvm::enumerate(work))
    pool.async([&, id = id, &job = job] {
      job.trial = tuner.run(shapes[job.shape], job.options, id);
    });
  pool.wait();
  return work;
}

/// The entry of shape `index` from its jobs (the fastest of the kept
/// `candidates`; no options when none predicted), reporting the failed jobs
/// on stderr.
static TuningEntry makeEntry(const TuningShape &shape, size_t index,
                             ArrayRef<TuningCandidate> candidates,
                             ArrayRef<Job> work) {
  TuningEntry entry;
  entry.shape = shape;
  StringMap<Trial> trials;
  for (const Job &job : work) {
    if (job.shape != index)
      continue;
    if (!job.trial.failure.empty())
      errs() << "gemm-tune: " << shape.str() << " ["
             << (job.options.empty() ? "no options" : job.options)
             << "]: " << job.trial.failure << "\n";
    if (job.options.empty())
      entry.defaultMs = job.trial.ms;
    trials[job.options] = job.trial;
  }
  for (const TuningCandidate &candidate : candidates) {
    if (!candidate.kept)
      continue;
    double ms = trials.lookup(candidate.jobOptions).ms;
    entry.candidates.emplace_back(candidate.options, ms);
    if (ms > 0 && (entry.predictedMs == 0 || ms < entry.predictedMs)) {
      entry.predictedMs = ms;
      entry.options = candidate.options;
    }
  }
  return entry;
}

/// gemm-tune --help's overview.
static constexpr char kOverview[] =
    "gemm-tune: the fastest kernel configuration per GEMM shape, on the "
    "calibrated timing model\n"
    "\n"
    "Each <shape> is MxNxK or MxNxKxBATCH, "
    "optionally followed by :nn, :nt (B stored N x K), :tn (A stored K x M) "
    "or :tt; for example 4096x16x4096:nt. Each shape is compiled with every "
    "candidate configuration and its time predicted by `gemm-run "
    "--backend=sim` (a prediction of the calibrated model, not a "
    "measurement); the fastest goes to the table (docs/tuning-table.md), "
    "which `gemm-opt --gemm-rdna3-pipeline=\"tuning-table=FILE\"` reads. "
    "With --prefilter=N, only the N candidates per shape that the "
    "compiler's own cost estimate ranks fastest are compiled and predicted "
    "(docs/tuning-table.md). "
    "Prints one row per shape. Exit code 0 when every shape was tuned, 1 "
    "when a shape had no candidate that compiled and predicted, 2 on bad "
    "input (nothing is written).\n";

/// When an interrupt arrives: stops the running compiles and predictions,
/// removes the temporary work directory `dir` and exits with status 130.
/// Removing a directory tree allocates, and malloc is
/// not async-signal-safe: an interrupt landing inside another thread's malloc
/// could deadlock or abort the handler. So the handler only writes a byte to
/// a pipe, and a thread waiting on it does the removal outside the handler.
static void removeOnInterrupt(std::string dir) {
  if (::pipe(interruptPipe) != 0)
    return; // Without the pipe an interrupt ends the run as by default.
  std::thread([dir = std::move(dir)] {
    char byte;
    while (::read(interruptPipe[0], &byte, 1) < 0 && errno == EINTR) {
    }
    // Ctrl-C reaches the whole process group, a SIGTERM only this process:
    // pass it on, and let the children remove their own temporary files.
    {
      std::lock_guard<std::mutex> lock(childrenLock);
      for (sys::procid_t pid : children)
        ::kill(pid, SIGTERM);
    }
    for (int wait = 0; wait < 100; ++wait) {
      {
        std::lock_guard<std::mutex> lock(childrenLock);
        if (children.empty())
          break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    // A child still writing into the directory as it is renamed puts its
    // files in the renamed one, so a few passes empty it.
    std::string removed = dir + ".removed";
    StringRef doomed = removed;
    if (sys::fs::rename(dir, removed))
      doomed = dir;
    for (int pass = 0; pass < 100 && sys::fs::exists(doomed); ++pass)
      sys::fs::remove_directories(doomed);
    // The signal's conventional exit status: LLVM's handler returns instead
    // of re-raising the signal once an interrupt function has run.
    std::_Exit(130);
  }).detach();
  sys::SetInterruptFunction([] {
    interrupted.store(true);
    char byte = 0;
    while (::write(interruptPipe[1], &byte, 1) < 0 && errno == EINTR) {
    }
  });
}

/// Called before anything is written for good: once interrupted, the run
/// only waits for the cleanup thread to end the process.
static void stopIfInterrupted() {
  while (interrupted.load())
    std::this_thread::sleep_for(std::chrono::seconds(1));
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(tuneCategory);
  gemm::setVersionPrinter("gemm-tune");
  if (!cl::ParseCommandLineOptions(argc, argv, kOverview, &errs()))
    return kBadInput;

  // Everything is checked before the first compile.
  const gemm::TargetInfo *target = gemm::lookupTarget(targetName);
  if (!target)
    fail("--target: unknown target '" + targetName + "': expected one of " +
         gemm::getTargetNames());
  if (!clockGHz.getNumOccurrences())
    clockGHz = target->boostClockGHz;
  if (!computeUnits.getNumOccurrences())
    computeUnits = target->computeUnits;
  if (!(clockGHz > 0 && clockGHz <= 10) || computeUnits < 1 ||
      computeUnits > 1024)
    fail("--clock-ghz must be in (0, 10] and --compute-units in 1..1024");
  std::vector<TuningShape> shapes = readShapes();
  TuningTable table = readMergeTable();
  mlir::gemm::KernelConfig baseConfig;
  baseConfig.target = targetName;
  for (const std::string &options : candidateArgs) {
    // No options is the compiler's own choice, which every run predicts
    // beside the table's and never writes to it.
    if (StringRef(options).trim().empty())
      fail("--candidate: empty options; give a configuration such as "
           "\"kernel=tiled bm=64 bn=64\"");
    for (const TuningShape &shape : shapes)
      if (Error error =
              applyTuningEntry(shape, options, baseConfig).takeError())
        fail("--candidate=\"" + options + "\" for " + shape.str() + ": " +
             toString(std::move(error)));
  }
  // The jobs compile with compute-units=C: the estimates balance the grid
  // for as many CUs.
  mlir::gemm::KernelConfig estimateConfig = baseConfig;
  estimateConfig.computeUnits = computeUnits;
  if (listCandidates) {
    printCandidates(shapes, estimateConfig);
    return kTuned;
  }
  if (outputFile.empty())
    fail("no table to write: give -o FILE (or --list-candidates)");
  std::string gemmOpt = findTool(gemmOptPath, "gemm-opt", argv[0]);
  std::string gemmRun = findTool(gemmRunPath, "gemm-run", argv[0]);
  SmallString<256> dir(workDir);
  bool temporary = dir.empty();
  // The table is written whole at the end, or not at all; its path is
  // checked now (a directory, an input), not after the compiles.
  Expected<std::unique_ptr<gemm::OutputFile>> output =
      gemm::OutputFile::open(outputFile, "tuning table");
  if (!output)
    fail(toString(output.takeError()));
  // An interrupt between making the temporary directory and arming its
  // removal would leave it behind: it waits until both are done.
  sigset_t interrupts, previous;
  sigemptyset(&interrupts);
  for (int signal : {SIGHUP, SIGINT, SIGTERM, SIGUSR2}) // LLVM's interrupts.
    sigaddset(&interrupts, signal);
  pthread_sigmask(SIG_BLOCK, &interrupts, &previous);
  std::error_code ec = temporary
                           ? sys::fs::createUniqueDirectory("gemm-tune", dir)
                           : sys::fs::create_directories(dir);
  if (!ec && !sys::fs::is_directory(dir))
    ec = std::make_error_code(std::errc::not_a_directory);
  if (!ec && temporary)
    removeOnInterrupt(dir.str().str());
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (ec)
    fail("cannot create the work directory '" + dir + "': " + ec.message());

  std::vector<std::vector<TuningCandidate>> candidates;
  for (const TuningShape &shape : shapes)
    candidates.push_back(getCandidates(shape, estimateConfig));
  std::vector<Job> work =
      runJobs(shapes, candidates, Tuner(gemmOpt, gemmRun, dir.str().str()));
  // The jobs an interrupt stopped are not failures to report.
  stopIfInterrupted();
  outs() << "shape | configuration | predicted ms | compiler's own choice ms "
            "| candidates\n";
  int exitCode = kTuned;
  for (auto [index, shape] : llvm::enumerate(shapes)) {
    TuningEntry entry = makeEntry(shape, index, candidates[index], work);
    std::string own =
        entry.defaultMs > 0 ? formatv("{0:F4}", entry.defaultMs).str() : "-";
    if (entry.predictedMs == 0) {
      outs() << shape.str() << " | none compiled and predicted | - | " << own
             << " | " << entry.candidates.size() << "\n";
      exitCode = kShapeFailed;
      continue;
    }
    outs() << formatv("{0} | {1} | {2:F4} | {3} | {4}\n", shape.str(),
                      entry.options, entry.predictedMs, own,
                      entry.candidates.size());
    auto it = llvm::find_if(table.entries, [&](const TuningEntry &old) {
      return old.shape == shape;
    });
    if (it != table.entries.end())
      *it = std::move(entry);
    else
      table.entries.push_back(std::move(entry));
  }
  outs() << formatv("(predictions of the calibrated timing model for {0} at "
                    "{1:F3} GHz, {2} CUs; not measurements)\n",
                    targetName.getValue(), clockGHz.getValue(),
                    computeUnits.getValue());
  writeTuningTable((*output)->os(), table);
  stopIfInterrupted();
  if (temporary)
    sys::fs::remove_directories(dir);
  if (Error error = (*output)->commit())
    fail(toString(std::move(error)));
  return exitCode;
}
