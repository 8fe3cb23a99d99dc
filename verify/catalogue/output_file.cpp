#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace swz::verify::catalogue {

namespace fs = std::filesystem;

namespace {

std::string cannot_write(std::string const& what, fs::path const& path, int err) {
    return "cannot write " + (what.empty() ? "" : what + " to ") + path.string() + ": " + std::strerror(err);
}

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

// Removes the file `path` leads to: through a symlink, its target, so that
// the link the user made stays.
bool remove_file_at(fs::path const& path) {
    char resolved[PATH_MAX];
    if (::realpath(path.c_str(), resolved) == nullptr) return false;
    return ::unlink(resolved) == 0;
}

// Opens (creating or truncating), writes and closes `path`, each step
// checked; a regular file left half-written is removed.
std::optional<std::string> write_file(fs::path const& path, std::string const& what, std::string const& text) {
    int const fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return cannot_write(what, path, errno);
    int err = write_all(fd, text);
    bool const regular = is_regular(fd);
    if (::close(fd) != 0 && err == 0) err = errno;  // NFS and friends report late
    if (err == 0) return std::nullopt;
    std::string message = cannot_write(what, path, err);
    if (regular && remove_file_at(path)) message += " (the partial file is removed)";
    return message;
}

}  // namespace

std::variant<output_file, std::string> output_file::checked(fs::path const& path, std::string what) {
    if (auto e = probe_writable(path, what)) return *e;
    return output_file(path, std::move(what));
}

std::optional<std::string> output_file::write(std::string const& text) const { return write_file(path_, what_, text); }

std::optional<std::string> probe_writable(fs::path const& path, std::string const& what) {
    struct stat st{};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) return cannot_write(what, path, EISDIR);
        if (!S_ISREG(st.st_mode))  // a FIFO or a device: asked, not opened
            return ::access(path.c_str(), W_OK) == 0 ? std::nullopt : std::optional(cannot_write(what, path, errno));
        int const fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0) return cannot_write(what, path, errno);
        ::close(fd);
        return std::nullopt;
    }
    if (errno != ENOENT) return cannot_write(what, path, errno);
    // Not there, or a link to nothing: created, then what was created removed.
    int const fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) return cannot_write(what, path, errno);
    ::close(fd);
    remove_file_at(path);
    return std::nullopt;
}

std::optional<std::string> write_whole_file(fs::path const& path, std::string const& text) {
    return write_file(path, "", text);
}

namespace {

// Where `path` leads: symlinks followed as far as they go (a link to a file
// not yet there included, which weakly_canonical leaves as it is), then
// made canonical.
fs::path resolved(fs::path const& path) {
    std::error_code ec;
    fs::path p = fs::absolute(path, ec);
    for (int hops = 0; hops < 40 && fs::is_symlink(p, ec); ++hops) {
        fs::path const target = fs::read_symlink(p, ec);
        if (ec) break;
        p = target.is_absolute() ? target : p.parent_path() / target;
    }
    fs::path const canonical = fs::weakly_canonical(p, ec);
    return ec ? p : canonical;
}

// A device or a FIFO is no file one output would replace (/dev/null twice).
bool is_special(fs::path const& p) {
    std::error_code ec;
    auto const st = fs::status(p, ec);
    return !ec && fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st);
}

}  // namespace

std::optional<std::string> shared_output(std::vector<std::pair<std::string, std::string>> const& outputs) {
    for (std::size_t i = 0; i < outputs.size(); ++i)
        for (std::size_t j = i + 1; j < outputs.size(); ++j) {
            auto const& [opt_a, a] = outputs[i];
            auto const& [opt_b, b] = outputs[j];
            if (a.empty() || b.empty() || a == "-" || b == "-") continue;
            fs::path const ra = resolved(a), rb = resolved(b);
            if (ra == rb && !is_special(ra))
                return opt_a + " and " + opt_b + " name the same file (" + b +
                       "): one would replace the other; give each its own file";
        }
    return std::nullopt;
}

bool lies_inside(fs::path const& path, fs::path const& dir) {
    return (resolved(path).string() + "/").rfind(resolved(dir).string() + "/", 0) == 0;
}

std::optional<std::string> output_inside(std::vector<std::pair<std::string, std::string>> const& outputs,
                                         std::string const& option, fs::path const& dir) {
    for (auto const& [opt, path] : outputs) {
        if (path.empty() || path == "-") continue;
        if (lies_inside(path, dir))
            return opt + " " + path + " lies inside " + option + " " + dir.string() +
                   ", whose files it would replace; write it elsewhere";
    }
    return std::nullopt;
}

std::optional<std::string> flush_stdout(std::string const& what) {
    std::cout.flush();
    if (std::cout) return std::nullopt;
    return "cannot write " + what + " to standard output";
}

}  // namespace swz::verify::catalogue
