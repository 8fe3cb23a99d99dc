// A catalogue's files are read only where they are regular files (after
// symlinks): a hand-made or damaged catalogue may hold a FIFO, which would
// block the check, or a symlink loop, which std::filesystem reports by
// throwing. Neither throws here; each is a file that is not there.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace swz::verify::catalogue {

bool is_regular_file_at(std::filesystem::path const& p);
bool is_directory_at(std::filesystem::path const& p);
// Whether anything is at `p`, symlinks not followed (a dangling one counts).
bool is_anything_at(std::filesystem::path const& p);

// The whole text of `p`, or nothing where it is no regular file or cannot be read.
std::optional<std::string> read_regular_file(std::filesystem::path const& p);

}  // namespace swz::verify::catalogue
