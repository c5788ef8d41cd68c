#include "gamefmt/core/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

}  // namespace

std::vector<std::byte> read_file_bytes(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(path, "cannot open", errno);
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const int e = errno;
    ::close(fd);
    fail(path, "cannot stat", e);
  }
  if (S_ISDIR(info.st_mode)) {
    ::close(fd);
    throw FormatError(path.string(), std::nullopt, "", "is a folder, not a file");
  }
  std::vector<std::byte> data(static_cast<std::size_t>(info.st_size));
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
