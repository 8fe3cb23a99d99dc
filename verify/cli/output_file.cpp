#include "output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

namespace swz::verify::cli {

std::optional<std::string> output_file::probe() const {
    if (path_ == "-") return std::nullopt;
    std::FILE* f = std::fopen(path_.c_str(), "a");
    if (!f) return "cannot write " + path_ + ": " + std::strerror(errno);
    std::fclose(f);
    return std::nullopt;
}

std::optional<std::string> output_file::write(std::string const& text) const {
    if (path_ == "-") {
        std::cout << text;
        std::cout.flush();
        if (!std::cout) return "cannot write to standard output";
        return std::nullopt;
    }
    std::FILE* f = std::fopen(path_.c_str(), "w");
    if (!f) return "cannot write " + path_ + ": " + std::strerror(errno);
    bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = std::fflush(f) == 0 && ok;
    int const saved = errno;
    ok = std::fclose(f) == 0 && ok;
    if (!ok) return "cannot write " + path_ + ": " + std::strerror(saved ? saved : errno);
    return std::nullopt;
}

}  // namespace swz::verify::cli
