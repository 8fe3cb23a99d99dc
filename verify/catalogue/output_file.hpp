// The outputs a user names (--out, --timings, --json) and standard output,
// written so that a lost write is never a success: a named file is opened
// before any solving, so a path that cannot be written fails at once; its
// text is written, flushed and closed at the end, each step checked (a full
// disk, a file-size limit, /dev/full), and a regular file left half-written
// is removed. Every failure is one message in swz's words, for exit 3.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <variant>

namespace swz::verify::catalogue {

class output_file {
public:
    // Creates or truncates `path`; `what` names it in messages ("the summary"),
    // or is empty: the path alone names it.
    static std::variant<output_file, std::string> open(std::filesystem::path const& path, std::string what);

    output_file(output_file&& o) noexcept;
    output_file& operator=(output_file&&) = delete;
    ~output_file();

    // Writes all of `text` and closes the file: nothing, or why it failed.
    std::optional<std::string> write_and_close(std::string const& text);

    // Closes it unwritten, removing it when it is a regular file: a run that
    // failed leaves no empty output behind.
    void discard();

private:
    output_file(int fd, std::filesystem::path path, std::string what);
    int fd_;
    std::filesystem::path path_;
    std::string what_;
};

// Whether `path` can be opened for writing, checked without truncating it
// and without leaving a file that was not there: nothing, or why not.
// Every named output is probed before any is opened, so that one bad path
// leaves the others as they were.
std::optional<std::string> probe_writable(std::filesystem::path const& path, std::string const& what);

// Writes a whole file (created or truncated): nothing, or why it failed.
std::optional<std::string> write_whole_file(std::filesystem::path const& path, std::string const& text);

// Flushes std::cout: nothing, or why it failed ("the report").
std::optional<std::string> flush_stdout(std::string const& what);

}  // namespace swz::verify::catalogue
