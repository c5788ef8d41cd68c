#include "gamefmt/core/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt {
namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what, int error_number) {
  throw FormatError(path.string(), std::nullopt, "", what + ": " + std::strerror(error_number));
}

// Closes the descriptor and removes the temporary file unless released.
class TemporaryFile {
 public:
  explicit TemporaryFile(std::string pattern) : name_(std::move(pattern)) { fd_ = ::mkstemp(name_.data()); }
  ~TemporaryFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!released_) ::unlink(name_.c_str());
  }
  int fd() const { return fd_; }
  const std::string& name() const { return name_; }
  int close() {
    const int result = ::close(fd_);
    fd_ = -1;
    return result;
  }
  void release() { released_ = true; }

 private:
  std::string name_;
  int fd_ = -1;
  bool released_ = false;
};

std::string type_name(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a file";
}

std::string not_regular_problem(mode_t mode) {
  return "is not a regular file (" + type_name(mode) + ")";
}

[[noreturn]] void refuse(const std::filesystem::path& path, std::string problem,
                         ErrorKind kind = ErrorKind::io) {
  throw FormatError(path.string(), std::nullopt, "", std::move(problem), kind);
}

// Rules 2 and 3 on `path`; with `no_follow`, a last component that became a link since it was resolved is
// refused too. With `head`, at most that many bytes from the start are read, and the limit is not checked.
std::vector<std::byte> read_regular_file(const std::filesystem::path& path, const SizeLimit& limit,
                                         bool no_follow, std::optional<std::size_t> head = std::nullopt) {
  // Refused before open: opening a device may do something, opening a FIFO would wait for a writer.
  struct stat before {};
  if (::stat(path.c_str(), &before) == 0 && !S_ISREG(before.st_mode))
    refuse(path, not_regular_problem(before.st_mode));
  // O_NONBLOCK: should it have become a FIFO meanwhile, open returns at once, and fstat refuses it.
  const int fd =
      ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (no_follow ? O_NOFOLLOW : 0));
  if (fd < 0) fail(path, "cannot open", errno);
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const int e = errno;
    ::close(fd);
    fail(path, "cannot stat", e);
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    refuse(path, not_regular_problem(info.st_mode));
  }
  auto size = static_cast<std::uint64_t>(info.st_size);
  if (head) size = std::min<std::uint64_t>(size, *head);
  if (size > limit.max_bytes && !head) {
    ::close(fd);
    const std::string most = std::to_string(limit.max_bytes) + " bytes";
    refuse(
        path,
        "is " + std::to_string(size) + " bytes, more than " +
            (limit.option.empty() ? "the limit of " + most : std::string(limit.option) + " (" + most + ")"),
        ErrorKind::limit);
  }
  std::vector<std::byte> data(static_cast<std::size_t>(size));
  std::size_t done = 0;
  while (done < data.size()) {
    const auto n = ::read(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int e = errno;
      ::close(fd);
      fail(path, "cannot read", e);
    }
    if (n == 0) break;  // the file shrank while being read
    done += static_cast<std::size_t>(n);
  }
  data.resize(done);
  ::close(fd);
  return data;
}

std::filesystem::path folder_or_here(const std::filesystem::path& folder) {
  return folder.empty() ? std::filesystem::path(".") : folder;
}

}  // namespace

std::vector<std::byte> read_file_bytes(const std::filesystem::path& path) {
  return read_regular_file(path, SizeLimit{}, false);
}

std::vector<std::byte> read_file_bytes(const std::filesystem::path& path, const SizeLimit& limit) {
  return read_regular_file(path, limit, false);
}

std::vector<std::byte> read_file_head(const std::filesystem::path& path, std::size_t bytes) {
  return read_regular_file(path, SizeLimit{}, false, bytes);
}

bool lies_inside(const std::filesystem::path& real_folder, const std::filesystem::path& real_path) {
  auto part = real_path.begin();
  for (auto folder_part = real_folder.begin(); folder_part != real_folder.end(); ++folder_part, ++part) {
    if (folder_part->empty()) continue;  // a trailing separator
    if (part == real_path.end() || *part != *folder_part) return false;
  }
  return true;
}

std::optional<std::filesystem::path> contained_real_path(const std::filesystem::path& folder,
                                                         const std::filesystem::path& path) {
  std::error_code error;
  const auto real_folder = std::filesystem::canonical(folder_or_here(folder), error);
  if (error) return std::nullopt;
  auto real = std::filesystem::canonical(path, error);
  if (error || !lies_inside(real_folder, real)) return std::nullopt;
  return real;
}

std::optional<std::string> regular_file_problem(const std::filesystem::path& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return errno == ENOENT ? "does not exist" : std::strerror(errno);
  if (S_ISREG(info.st_mode)) return std::nullopt;
  return not_regular_problem(info.st_mode);
}

std::filesystem::path real_path_inside(const std::filesystem::path& folder, const std::filesystem::path& path,
                                       std::string_view folder_name) {
  std::error_code error;
  const auto real_folder = std::filesystem::canonical(folder_or_here(folder), error);
  if (error) refuse(path, "cannot open: its folder " + folder.string() + ": " + error.message());
  auto real = std::filesystem::canonical(path, error);
  if (error) refuse(path, "cannot open: " + error.message());
  if (!lies_inside(real_folder, real))
    refuse(path, "resolves outside " + std::string(folder_name) + " (" + folder.string() + ")");
  return real;
}

std::vector<std::byte> read_contained_file(const std::filesystem::path& folder,
                                           const std::filesystem::path& path, const SizeLimit& limit,
                                           std::string_view folder_name) {
  const auto real = real_path_inside(folder, path, folder_name);
  try {
    return read_regular_file(real, limit, true);
  } catch (const FormatError& e) {
    throw e.with_file(path.string());  // named as the caller knows it, not by its real path
  }
}

void write_file_atomically(const std::filesystem::path& path, std::span<const std::byte> data) {
  const auto folder = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  TemporaryFile temp((folder / ("." + path.filename().string() + ".tmp-XXXXXX")).string());
  if (temp.fd() < 0) fail(path, "cannot create a temporary file in " + folder.string(), errno);
  std::size_t done = 0;
  while (done < data.size()) {
    const auto n = ::write(temp.fd(), data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(path, "cannot write", errno);
    done += static_cast<std::size_t>(n);
  }
  // mkstemp creates 0600; give the output the usual permissions.
  ::fchmod(temp.fd(), 0644);
  if (temp.close() != 0) fail(path, "cannot write", errno);
  if (::rename(temp.name().c_str(), path.c_str()) != 0)
    fail(path, "cannot rename the temporary file into place", errno);
  temp.release();
}

void write_file_atomically(const std::filesystem::path& path, std::string_view data) {
  write_file_atomically(path, std::span(reinterpret_cast<const std::byte*>(data.data()), data.size()));
}

}  // namespace gamefmt
