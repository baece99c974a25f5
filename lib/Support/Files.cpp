//===- Files.cpp - Bounded input files and atomic output files ------------===//
//
// POSIX calls where LLVM's sys::fs has no equivalent: opening without
// blocking on a FIFO (O_NONBLOCK), and fsync before the rename.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Support/Files.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace llvm;

static Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

static std::string systemReason(int error) {
  return std::error_code(error, std::generic_category()).message();
}

std::string gemm::formatBytes(uint64_t bytes) {
  if (bytes < 1024)
    return formatv("{0} bytes", bytes).str();
  static const char *units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = bytes / 1024.0;
  unsigned unit = 0;
  for (; value >= 1024 && unit + 1 < std::size(units); ++unit)
    value /= 1024;
  return formatv("{0} bytes ({1:F1} {2})", bytes, value, units[unit]).str();
}

/// Reads \p fd to its end or to one byte beyond \p limit.
static Expected<std::unique_ptr<MemoryBuffer>>
readToLimit(int fd, uint64_t limit, StringRef name) {
  SmallVector<char, 0> data;
  for (;;) {
    size_t chunk =
        std::min<uint64_t>(uint64_t(1) << 20, limit + 1 - data.size());
    size_t old = data.size();
    data.resize_for_overwrite(old + chunk);
    ssize_t n;
    do
      n = ::read(fd, data.data() + old, chunk);
    while (n < 0 && errno == EINTR);
    if (n < 0)
      return makeError(systemReason(errno));
    data.truncate(old + n);
    if (data.size() > limit)
      return makeError("more than the limit of " + gemm::formatBytes(limit));
    if (n == 0)
      break;
  }
  return MemoryBuffer::getMemBufferCopy(StringRef(data.data(), data.size()),
                                        name);
}

Expected<std::unique_ptr<MemoryBuffer>>
gemm::readInputFile(StringRef path, uint64_t limit, bool allowStdin) {
  if (path == "-" && allowStdin)
    return readToLimit(STDIN_FILENO, limit, "<stdin>");
  if (path.empty())
    return makeError("empty path");
  SmallString<256> pathZ(path);
  // O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer.
  int fd;
  do
    fd = ::open(pathZ.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return makeError(systemReason(errno));
  scope_exit closeFd([&] { ::close(fd); });
  struct stat status;
  if (::fstat(fd, &status) != 0)
    return makeError(systemReason(errno));
  if (S_ISDIR(status.st_mode))
    return makeError("is a directory");
  if (!S_ISREG(status.st_mode))
    return makeError("not a regular file");
  if (uint64_t(status.st_size) > limit)
    return makeError("more than the limit of " + gemm::formatBytes(limit));
  return readToLimit(fd, limit, path);
}

std::optional<unsigned> gemm::findJsonTooDeep(StringRef text,
                                              unsigned maxDepth) {
  unsigned depth = 0, line = 1;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    line += c == '\n';
    if (inString) {
      if (c == '\\')
        ++i; // an escaped character, perhaps '"'
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth)
        return line;
    } else if ((c == ']' || c == '}') && depth) {
      --depth;
    }
  }
  return std::nullopt;
}

Expected<json::Value> gemm::parseJson(StringRef text, unsigned maxDepth) {
  if (std::optional<unsigned> line = findJsonTooDeep(text, maxDepth))
    return makeError(formatv("arrays and objects are nested deeper than {0} "
                             "levels (line {1})",
                             maxDepth, *line)
                         .str());
  Expected<json::Value> value = json::parse(text);
  if (!value)
    return makeError("not valid JSON: " + toString(value.takeError()));
  return value;
}

Expected<json::Value> gemm::readJsonFile(StringRef path, StringRef role,
                                         uint64_t limit) {
  Expected<std::unique_ptr<MemoryBuffer>> file = readInputFile(path, limit);
  if (!file)
    return makeError("cannot read " + role + " '" + path +
                     "': " + toString(file.takeError()));
  Expected<json::Value> value = parseJson((*file)->getBuffer());
  if (!value)
    return makeError(role + " '" + path + "': " + toString(value.takeError()));
  return value;
}

namespace {
/// A file of this run, by identity when it exists and by absolute path.
struct NotedFile {
  std::string role;
  std::string absolutePath;
  std::optional<sys::fs::UniqueID> id;
};
} // namespace

static std::vector<NotedFile> &notedInputs() {
  static std::vector<NotedFile> inputs;
  return inputs;
}

static std::vector<NotedFile> &notedOutputs() {
  static std::vector<NotedFile> outputs;
  return outputs;
}

static std::string absolutePath(StringRef path) {
  SmallString<256> absolute(path);
  sys::fs::make_absolute(absolute);
  sys::path::remove_dots(absolute, /*remove_dot_dot=*/true);
  return std::string(absolute);
}

/// The file \p path names, following symbolic links, if it exists.
static std::optional<sys::fs::UniqueID> fileId(StringRef path) {
  sys::fs::UniqueID id;
  if (sys::fs::getUniqueID(path, id))
    return std::nullopt;
  return id;
}

/// The file an output path replaces: none for a symbolic link, which is
/// replaced itself.
static std::optional<sys::fs::UniqueID> outputFileId(StringRef path) {
  if (sys::fs::is_symlink_file(path))
    return std::nullopt;
  return fileId(path);
}

/// Whether \p path exists and is neither a regular file nor a directory.
static bool isDevice(StringRef path) {
  sys::fs::file_status status;
  return !sys::fs::status(path, status) && !sys::fs::is_regular_file(status) &&
         !sys::fs::is_directory(status);
}

bool gemm::isSameOutputPath(StringRef a, StringRef b) {
  if (a == "-" || b == "-")
    return a == b;
  if (isDevice(a) || isDevice(b))
    return false;
  std::optional<sys::fs::UniqueID> idA = outputFileId(a), idB = outputFileId(b);
  if (idA && idB)
    return *idA == *idB;
  return absolutePath(a) == absolutePath(b);
}

void gemm::noteInputFile(StringRef path, StringRef role) {
  if (path.empty() || path == "-")
    return;
  std::optional<sys::fs::UniqueID> id = fileId(path);
  if (!id)
    return;
  notedInputs().push_back({role.str(), absolutePath(path), id});
}

static void clearNotedFiles() {
  notedInputs().clear();
  notedOutputs().clear();
}

/// The noted file that \p path names (the same file, or the same absolute
/// path), if any; \p id is the file path names.
static const NotedFile *findNoted(const std::vector<NotedFile> &files,
                                  StringRef path,
                                  std::optional<sys::fs::UniqueID> id) {
  std::string absolute = absolutePath(path);
  for (const NotedFile &file : files)
    if (file.absolutePath == absolute || (id && file.id == id))
      return &file;
  return nullptr;
}

static Error checkNotInput(StringRef path, StringRef role) {
  // A link to an input is the input: following it would replace the link,
  // but a run that names its input as its output is a mistake either way.
  if (const NotedFile *input = findNoted(notedInputs(), path, fileId(path)))
    return makeError(formatv("{0} '{1}' names the {2} this run reads '{3}'",
                             role, path, input->role, input->absolutePath)
                         .str());
  return Error::success();
}

Expected<std::unique_ptr<gemm::OutputFile>>
gemm::OutputFile::open(StringRef path, StringRef role) {
  std::unique_ptr<OutputFile> file(new OutputFile);
  file->path = path.str();
  file->role = role.str();
  if (path.empty())
    return makeError(role + ": empty path");
  if (path == "-") {
    file->stream = std::make_unique<raw_fd_ostream>(STDOUT_FILENO,
                                                    /*shouldClose=*/false);
    return file;
  }
  auto cannot = [&](const Twine &reason) {
    return makeError("cannot write " + role + " '" + path + "': " + reason);
  };
  if (Error error = checkNotInput(path, role))
    return std::move(error);
  SmallString<256> pathZ(path);
  struct stat status;
  bool special =
      ::stat(pathZ.c_str(), &status) == 0 && !S_ISREG(status.st_mode);
  // Devices (/dev/null) take any number of outputs.
  if (!special)
    if (const NotedFile *other =
            findNoted(notedOutputs(), path, outputFileId(path)))
      return makeError(formatv("{0} '{1}' is already an output of this run "
                               "(its {2}): give each output a path of its own",
                               role, path, other->role)
                           .str());
  if (special) {
    if (S_ISDIR(status.st_mode))
      return cannot("is a directory");
    // A device or a pipe: written in place. O_NONBLOCK: a FIFO that no
    // process reads is an error (ENXIO), not a wait.
    int fd = ::open(pathZ.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
      return cannot(errno == ENXIO ? "no process reads from it"
                                   : systemReason(errno));
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    file->fd = fd;
    file->stream = std::make_unique<raw_fd_ostream>(fd, /*shouldClose=*/true);
    return file;
  } else {
    // A new file beside the path (O_EXCL), renamed over it at commit: the
    // rename replaces a symbolic link itself, never the file it names.
    SmallString<256> model(sys::path::parent_path(path));
    sys::path::append(model, "." + sys::path::filename(path) + ".tmp-%%%%%%");
    int fd;
    SmallString<256> tempPath;
    if (std::error_code error =
            sys::fs::createUniqueFile(model, fd, tempPath, sys::fs::OF_None))
      return cannot(error.message());
    file->tempPath = std::string(tempPath);
    // An interrupt (Ctrl-C) leaves no temporary file either.
    sys::RemoveFileOnSignal(file->tempPath);
    file->fd = fd;
    file->stream = std::make_unique<raw_fd_ostream>(fd, /*shouldClose=*/true);
  }
  notedOutputs().push_back(
      {role.str(), absolutePath(path), outputFileId(path)});
  return file;
}

gemm::OutputFile::~OutputFile() {
  if (!done)
    discard();
}

raw_ostream &gemm::OutputFile::os() { return *stream; }

/// The run's state: whether one is open, and its deferred files.
static bool inRun = false;
static std::vector<std::unique_ptr<gemm::OutputFile>> &deferredFiles() {
  static std::vector<std::unique_ptr<gemm::OutputFile>> files;
  return files;
}

/// Outside a run, a finished file's path may be written again.
static void forgetOutput(StringRef path) {
  if (inRun)
    return;
  std::string absolute = absolutePath(path);
  llvm::erase_if(notedOutputs(), [&](const NotedFile &file) {
    return file.absolutePath == absolute;
  });
}

void gemm::OutputFile::discard() {
  if (done)
    return;
  done = true;
  if (stream && !closed) {
    stream->close();
    stream->clear_error();
  }
  if (!tempPath.empty()) {
    sys::fs::remove(tempPath);
    sys::DontRemoveFileOnSignal(tempPath);
  }
  forgetOutput(path);
}

Error gemm::OutputFile::close() {
  if (closed)
    return Error::success();
  closed = true;
  auto fail = [&](const Twine &reason) {
    stream->clear_error();
    if (!tempPath.empty()) {
      sys::fs::remove(tempPath);
      sys::DontRemoveFileOnSignal(tempPath);
    }
    done = true;
    forgetOutput(path);
    return makeError("cannot write " + role + " '" + path + "': " + reason);
  };
  stream->flush();
  if (stream->has_error())
    return fail(stream->error().message());
  if (!tempPath.empty() && ::fsync(fd) != 0)
    return fail(systemReason(errno));
  if (path != "-")
    stream->close();
  if (stream->has_error())
    return fail(stream->error().message());
  return Error::success();
}

Error gemm::OutputFile::commit() {
  if (Error error = close())
    return error;
  if (done)
    return Error::success();
  if (tempPath.empty()) {
    done = true;
    forgetOutput(path);
    return Error::success();
  }
  // An input noted after open() (read later in the run) is still never
  // replaced.
  if (Error error = checkNotInput(path, role)) {
    discard();
    return error;
  }
  if (std::error_code error = sys::fs::rename(tempPath, path)) {
    discard();
    return makeError("cannot write " + role + " '" + path +
                     "': " + error.message());
  }
  sys::DontRemoveFileOnSignal(tempPath);
  done = true;
  forgetOutput(path);
  return Error::success();
}

void gemm::beginRun() {
  inRun = true;
  deferredFiles().clear();
}

bool gemm::isInRun() { return inRun; }

void gemm::commitAtEndOfRun(std::unique_ptr<OutputFile> file) {
  deferredFiles().push_back(std::move(file));
}

Error gemm::endRun(bool commit) {
  std::vector<std::unique_ptr<OutputFile>> files = std::move(deferredFiles());
  deferredFiles().clear();
  inRun = false;
  Error result = Error::success();
  if (commit)
    for (std::unique_ptr<OutputFile> &file : files)
      if (Error error = file->close()) {
        result = std::move(error);
        break;
      }
  if (!commit || result) {
    for (std::unique_ptr<OutputFile> &file : files)
      file->discard();
  } else {
    for (std::unique_ptr<OutputFile> &file : files)
      if (Error error = file->commit()) {
        result = std::move(error);
        break;
      }
  }
  clearNotedFiles();
  return result;
}
