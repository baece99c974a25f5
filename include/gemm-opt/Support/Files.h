//===- Files.h - Bounded input files and atomic output files ----*- C++ -*-===//
//
// Every file gemm-opt's tools read or write goes through here, so that one
// set of rules holds for all of them (docs/files.md):
//
// - an input is a regular file (or standard input where a tool takes `-`) of
//   at most a stated size: a FIFO would block, /dev/zero never ends;
// - JSON is refused when nested deeper than a limit before json::parse, which
//   recurses once per level and would overflow the stack;
// - an output is written to a temporary file beside it and renamed over it
//   once complete, so that a failed run leaves the old file, a symbolic link
//   is replaced rather than written through, and an input of the same run is
//   never overwritten. A device or a pipe (/dev/null, /dev/stdout) is written
//   in place: there is nothing to replace.
//
// LLVM only, no MLIR: the runtime builds without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_SUPPORT_FILES_H
#define GEMM_OPT_SUPPORT_FILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace gemm {

/// The most any tool reads of a JSON file (tuning table, shapes file,
/// manifest): the largest real ones are a few hundred KiB.
constexpr uint64_t MaxJsonFileBytes = uint64_t(64) << 20;

/// The deepest nesting of arrays and objects a JSON input may have: the
/// formats need 4 levels.
constexpr unsigned MaxJsonDepth = 64;

/// \p bytes as "N bytes", with the binary unit beside when at least a KiB:
/// "16777216 bytes (16.0 MiB)".
std::string formatBytes(uint64_t bytes);

/// The contents of the file \p path, at most \p limit bytes. Refuses a path
/// that is not a regular file (a directory, FIFO, device or socket) without
/// blocking on it; `-` is standard input when \p allowStdin, read up to the
/// limit. The error is the reason alone ("not a regular file", "more than
/// the limit of 16 bytes", "No such file or directory"), for the caller to
/// prefix with what the file is.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef path, uint64_t limit, bool allowStdin = false);

/// The line (1-based) of the first bracket nested deeper than \p maxDepth in
/// the JSON text \p text, if any. Strings are skipped.
std::optional<unsigned> findJsonTooDeep(llvm::StringRef text,
                                        unsigned maxDepth = MaxJsonDepth);

/// json::parse, refusing nesting deeper than \p maxDepth first. The error
/// is the reason alone.
llvm::Expected<llvm::json::Value> parseJson(llvm::StringRef text,
                                            unsigned maxDepth = MaxJsonDepth);

/// readInputFile and parseJson; the error names the file: "cannot read
/// tuning table 't.json': not a regular file", "tuning table 't.json': not
/// valid JSON: ...".
llvm::Expected<llvm::json::Value>
readJsonFile(llvm::StringRef path, llvm::StringRef role,
             uint64_t limit = MaxJsonFileBytes);

/// Whether a number may be written as JSON: json::Value prints NaN and
/// infinities as `nan` and `inf`, which no JSON reader accepts.
inline bool isJsonNumber(double value) {
  return value == value && value - value == 0;
}

/// Records \p path as an input of this run under \p role ("tuning table"),
/// so that no OutputFile replaces it. Paths that do not exist (yet) and `-`
/// are ignored.
void noteInputFile(llvm::StringRef path, llvm::StringRef role);

/// Whether two output paths name one file, as OutputFile decides it: the
/// same file when both exist and neither is a symbolic link (a link is
/// replaced, not written through), else the same absolute path. Devices are
/// never one output's (any number of outputs write /dev/null); `-` is only
/// itself.
bool isSameOutputPath(llvm::StringRef a, llvm::StringRef b);

/// A run: a driver that writes several files (gemm-opt: -o, the code object
/// and the manifest) makes them one transaction. Between beginRun() and
/// endRun(), an output path may be opened once only, and files handed to
/// commitAtEndOfRun() are committed by endRun(true) (all closed first, then
/// all renamed) or removed by endRun(false). Outside a run, each OutputFile
/// commits on its own and its path may be written again.
void beginRun();
bool isInRun();
class OutputFile;
void commitAtEndOfRun(std::unique_ptr<OutputFile> file);
/// Commits (\p commit) or discards the run's deferred files, and forgets the
/// run's inputs and outputs. The error is the first file's that failed;
/// then none is committed.
llvm::Error endRun(bool commit);

/// One output file, written in full or not at all.
///
/// open() checks the path and makes the temporary file; os() takes the
/// contents; commit() flushes, syncs and renames it over the path. Without a
/// commit the temporary file is removed and the path is left as it was.
class OutputFile {
public:
  /// Opens \p path for writing as \p role ("code object"). Errors, naming
  /// the role and path: the path is a directory; it names an input of this
  /// run (noteInputFile) or another OutputFile of this run; the directory
  /// cannot take a new file. `-` is standard output, written at commit.
  static llvm::Expected<std::unique_ptr<OutputFile>> open(llvm::StringRef path,
                                                          llvm::StringRef role);

  ~OutputFile();
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;

  llvm::raw_ostream &os();

  /// Flushes, syncs and closes the stream. The error names the role, the
  /// path and the system's reason; the file is then discarded.
  llvm::Error close();

  /// Makes the contents the file's (close() first if not yet). The error names
  /// the role, the path and the system's reason (e.g. "No space left on
  /// device"); the path is then left as it was before open() (a device or pipe
  /// may have taken part of the contents).
  llvm::Error commit();

  /// Removes the temporary file; the path is left as it was.
  void discard();

  llvm::StringRef getPath() const { return path; }

private:
  OutputFile() = default;

  std::string path, role;
  /// The temporary file beside `path`, or empty when writing in place.
  std::string tempPath;
  std::unique_ptr<llvm::raw_fd_ostream> stream;
  int fd = -1;
  bool closed = false, done = false;
};

} // namespace gemm

#endif // GEMM_OPT_SUPPORT_FILES_H
