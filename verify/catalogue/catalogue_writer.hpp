// Writes a catalogue (--write-catalogue DIR) so that a run that fails, on
// a full disk, a file-size limit, or anything else, leaves the old catalogue
// as it was: every folder and the manifest are written under a staging
// folder inside DIR (.swz-write-<pid>, hidden, so --check ignores a
// leftover), and only once all of them are written is each moved into place,
// swapped with the old folder in one rename where there is one.
#pragma once

#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "certificate_file.hpp"

namespace swz::verify::catalogue {

class catalogue_writer {
public:
    // Creates DIR and the staging folder: a DIR that cannot be written fails
    // here, before any solving. The error, in swz's words, or the writer.
    static std::variant<catalogue_writer, std::string> open(std::filesystem::path const& dir);

    catalogue_writer(catalogue_writer&& o) noexcept;
    catalogue_writer& operator=(catalogue_writer&&) = delete;
    ~catalogue_writer();  // removes whatever is left of the staging folder

    // Stages one certificate folder, or a top-level file; safe from several
    // threads. Nothing, or why it failed.
    std::optional<std::string> stage(certificate_bundle const& b);
    std::optional<std::string> stage_file(std::string const& name, std::string const& text);

    // Moves everything staged into DIR. Nothing, or why it failed.
    std::optional<std::string> commit();

    std::filesystem::path const& dir() const { return dir_; }

private:
    catalogue_writer(std::filesystem::path dir, std::filesystem::path staging);

    std::filesystem::path dir_, staging_;
    std::mutex lock_;
    std::vector<std::string> folders_, files_;
};

}  // namespace swz::verify::catalogue
