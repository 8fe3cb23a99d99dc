#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

namespace swz::verify::catalogue {

namespace {

std::string why(int err) { return std::strerror(err); }

// Every byte, or the errno of the write that failed (EINTR retried; a short
// write continues where it stopped, so only an error ends it early).
int write_all(int fd, std::string const& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        ssize_t const n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        done += std::size_t(n);
    }
    return 0;
}

bool is_regular(int fd) {
    struct stat st{};
    return fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace

output_file::output_file(int fd, std::filesystem::path path, std::string what)
    : fd_(fd), path_(std::move(path)), what_(std::move(what)) {}

output_file::output_file(output_file&& o) noexcept : fd_(o.fd_), path_(std::move(o.path_)), what_(std::move(o.what_)) {
    o.fd_ = -1;
}

output_file::~output_file() {
    if (fd_ >= 0) ::close(fd_);
}

std::variant<output_file, std::string> output_file::open(std::filesystem::path const& path, std::string what) {
    int const fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return "cannot write " + (what.empty() ? "" : what + " to ") + path.string() + ": " + why(errno);
    return output_file(fd, path, std::move(what));
}

std::optional<std::string> output_file::write_and_close(std::string const& text) {
    int err = write_all(fd_, text);
    bool const regular = is_regular(fd_);
    if (::close(fd_) != 0 && err == 0) err = errno;  // NFS and friends report late
    fd_ = -1;
    if (err == 0) return std::nullopt;
    std::string message = "cannot write " + (what_.empty() ? "" : what_ + " to ") + path_.string() + ": " + why(err);
    if (regular && ::unlink(path_.c_str()) == 0) message += " (the partial file is removed)";
    return message;
}

void output_file::discard() {
    if (fd_ < 0) return;
    if (is_regular(fd_)) ::unlink(path_.c_str());
    ::close(fd_);
    fd_ = -1;
}

std::optional<std::string> probe_writable(std::filesystem::path const& path, std::string const& what) {
    struct stat st{};
    bool const existed = ::stat(path.c_str(), &st) == 0;
    int const fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) return "cannot write " + (what.empty() ? "" : what + " to ") + path.string() + ": " + why(errno);
    bool const regular = is_regular(fd);
    ::close(fd);
    if (!existed && regular) ::unlink(path.c_str());
    return std::nullopt;
}

std::optional<std::string> write_whole_file(std::filesystem::path const& path, std::string const& text) {
    auto opened = output_file::open(path, "");
    if (auto const* e = std::get_if<std::string>(&opened)) return *e;
    return std::get<output_file>(opened).write_and_close(text);
}

std::optional<std::string> flush_stdout(std::string const& what) {
    std::cout.flush();
    if (std::cout) return std::nullopt;
    return "cannot write " + what + " to standard output";
}

}  // namespace swz::verify::catalogue
