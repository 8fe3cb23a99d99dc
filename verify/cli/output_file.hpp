// An output the user named (--json FILE, - for standard output): checked
// before any solving (without truncating it or leaving a new empty file),
// written whole at the end, flushed and checked again, so a lost write is
// never reported as success, and a partial file is removed
// (catalogue/output_file.hpp does the file's side).
#pragma once

#include <optional>
#include <string>

namespace swz::verify::cli {

class output_file {
public:
    explicit output_file(std::string path) : path_(std::move(path)) {}

    // Whether the file can be opened for writing (it is not truncated, and
    // not left behind when it did not exist); the error sentence otherwise.
    std::optional<std::string> probe() const;
    // Writes `text` as the whole file (or to standard output), flushed;
    // the error sentence when any of it was not written.
    std::optional<std::string> write(std::string const& text) const;

    std::string const& path() const { return path_; }

private:
    std::string path_;
};

}  // namespace swz::verify::cli
