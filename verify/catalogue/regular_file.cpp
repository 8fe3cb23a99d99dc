#include "regular_file.hpp"

#include <fstream>
#include <sstream>
#include <system_error>

namespace swz::verify::catalogue {

namespace fs = std::filesystem;

bool is_regular_file_at(fs::path const& p) {
    std::error_code ec;
    return fs::is_regular_file(fs::status(p, ec)) && !ec;
}

bool is_directory_at(fs::path const& p) {
    std::error_code ec;
    return fs::is_directory(fs::status(p, ec)) && !ec;
}

bool is_anything_at(fs::path const& p) {
    std::error_code ec;
    return fs::exists(fs::symlink_status(p, ec));
}

std::optional<std::string> read_regular_file(fs::path const& p) {
    if (!is_regular_file_at(p)) return std::nullopt;
    std::ifstream f(p, std::ios::binary);
    if (!f) return std::nullopt;
    std::stringstream s;
    s << f.rdbuf();
    if (f.bad()) return std::nullopt;
    return s.str();
}

}  // namespace swz::verify::catalogue
