// The outputs a user names (--out, --timings, --json, --svg), written so that
// a lost write is never a success and an interrupted run leaves no empty or
// half-written file: each is checked before any solving (it can be opened for
// writing; nothing is truncated, and nothing is left that was not there), and
// written whole at the end, each step checked (a full disk, a file-size
// limit, /dev/full); a regular file left half-written is removed. A symlink is
// written through, never replaced; a FIFO or a device is opened only once, to
// be written. Every failure is one message in swz's words, for exit 3.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace swz::verify::catalogue {

class output_file {
public:
    // `path` checked for writing (probe_writable); `what` names it in
    // messages ("the summary"), or is empty: the path alone names it.
    static std::variant<output_file, std::string> checked(std::filesystem::path const& path, std::string what);

    // Writes all of `text` as the whole file (created or truncated now):
    // nothing, or why it failed.
    std::optional<std::string> write(std::string const& text) const;

private:
    output_file(std::filesystem::path path, std::string what) : path_(std::move(path)), what_(std::move(what)) {}
    std::filesystem::path path_;
    std::string what_;
};

// Whether `path` can be opened for writing, checked without truncating it,
// without leaving a file that was not there, and without opening a FIFO or a
// device (whose reader would see the end of its input): nothing, or why not.
// Every named output is probed before any is written, so that one bad path
// leaves the others as they were.
std::optional<std::string> probe_writable(std::filesystem::path const& path, std::string const& what);

// Writes a whole file (created or truncated): nothing, or why it failed.
std::optional<std::string> write_whole_file(std::filesystem::path const& path, std::string const& text);

// Two named outputs that are one file (the same path once links, a link to
// a file not yet there included, and dots are resolved), as one sentence
// naming both options: the second written would replace the first.
// Entries named "-" (standard output) and devices (/dev/null) are skipped.
std::optional<std::string> shared_output(std::vector<std::pair<std::string, std::string>> const& outputs);

// Whether `path` is the directory `dir` or lies inside it, once symlinks
// (a dangling one included) and dots are resolved on both.
bool lies_inside(std::filesystem::path const& path, std::filesystem::path const& dir);

// An output (option, path) that lies inside the directory `dir` names
// (--check's catalogue, --write-catalogue's), as one sentence: written at
// the end, it would replace a file of the catalogue.
std::optional<std::string> output_inside(std::vector<std::pair<std::string, std::string>> const& outputs,
                                         std::string const& option, std::filesystem::path const& dir);

// Flushes std::cout: nothing, or why it failed ("the report").
std::optional<std::string> flush_stdout(std::string const& what);

}  // namespace swz::verify::catalogue
