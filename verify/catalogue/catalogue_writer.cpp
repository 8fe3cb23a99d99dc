#include "catalogue_writer.hpp"

#include <stdio.h>  // renameat2, RENAME_EXCHANGE (glibc)
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "output_file.hpp"
#include "regular_file.hpp"

namespace swz::verify::catalogue {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> move_into_place(fs::path const& staged, fs::path const& target) {
    if (!is_anything_at(target)) {
        if (::rename(staged.c_str(), target.c_str()) == 0) return std::nullopt;
        return "cannot move " + staged.string() + " to " + target.string() + ": " + std::strerror(errno);
    }
    // One rename swaps the new folder in and the old one out: there is no
    // moment without the folder. The old one is then removed.
    std::error_code ec;
    if (::renameat2(AT_FDCWD, staged.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) != 0) {
        if (errno != EINVAL && errno != ENOSYS)
            return "cannot move " + staged.string() + " to " + target.string() + ": " + std::strerror(errno);
        // A file system without the exchange: the old folder aside, the new one in.
        fs::path const aside = staged.string() + ".old";
        if (::rename(target.c_str(), aside.c_str()) != 0)
            return "cannot move the old " + target.string() + " aside: " + std::strerror(errno);
        if (::rename(staged.c_str(), target.c_str()) != 0) {
            int const err = errno;
            ::rename(aside.c_str(), target.c_str());
            return "cannot move " + staged.string() + " to " + target.string() + ": " + std::strerror(err);
        }
        fs::remove_all(aside, ec);
        return std::nullopt;
    }
    fs::remove_all(staged, ec);  // now the old folder
    return std::nullopt;
}

}  // namespace

catalogue_writer::catalogue_writer(fs::path dir, fs::path staging) : dir_(std::move(dir)), staging_(std::move(staging)) {}

catalogue_writer::catalogue_writer(catalogue_writer&& o) noexcept
    : dir_(std::move(o.dir_)), staging_(std::move(o.staging_)), folders_(std::move(o.folders_)), files_(std::move(o.files_)) {
    o.staging_.clear();
}

catalogue_writer::~catalogue_writer() {
    std::error_code ec;
    if (!staging_.empty()) fs::remove_all(staging_, ec);
}

std::variant<catalogue_writer, std::string> catalogue_writer::open(fs::path const& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        return "--write-catalogue " + dir.string() + ": cannot create the directory" + (ec ? ": " + ec.message() : "");
    fs::path const staging = dir / (".swz-write-" + std::to_string(::getpid()));
    fs::remove_all(staging, ec);  // a crashed run's, with this process id
    if (!fs::create_directory(staging, ec) || ec)
        return "--write-catalogue " + dir.string() + ": cannot write in the directory" + (ec ? ": " + ec.message() : "");
    return catalogue_writer(dir, staging);
}

std::optional<std::string> catalogue_writer::stage(certificate_bundle const& b) {
    try {
        write_bundle(staging_, b);
    } catch (std::exception const& e) {
        return std::string(e.what());
    }
    std::lock_guard<std::mutex> g(lock_);
    folders_.push_back(b.entry.name);
    return std::nullopt;
}

std::optional<std::string> catalogue_writer::stage_file(std::string const& name, std::string const& text) {
    if (auto e = write_whole_file(staging_ / name, text)) return e;
    std::lock_guard<std::mutex> g(lock_);
    files_.push_back(name);
    return std::nullopt;
}

std::optional<std::string> catalogue_writer::commit() {
    std::lock_guard<std::mutex> g(lock_);
    std::size_t moved = 0;
    auto const failed = [&](std::string const& why) {
        return why + (moved ? " (" + std::to_string(moved) + " folders were already replaced, each whole; the others are as they were)"
                            : " (the catalogue is as it was)");
    };
    for (auto const& name : folders_) {
        if (auto e = move_into_place(staging_ / name, dir_ / name)) return failed(*e);
        ++moved;
    }
    for (auto const& name : files_)
        if (::rename((staging_ / name).c_str(), (dir_ / name).c_str()) != 0)
            return failed("cannot move " + (staging_ / name).string() + " into place: " + std::strerror(errno));
    folders_.clear();
    files_.clear();
    return std::nullopt;
}

}  // namespace swz::verify::catalogue
