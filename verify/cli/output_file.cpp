#include "output_file.hpp"

#include <iostream>

#include "../catalogue/output_file.hpp"

namespace swz::verify::cli {

std::optional<std::string> output_file::probe() const {
    if (path_ == "-") return std::nullopt;
    return catalogue::probe_writable(path_, "");
}

std::optional<std::string> output_file::write(std::string const& text) const {
    if (path_ == "-") {
        std::cout << text;
        std::cout.flush();
        if (!std::cout) return "cannot write to standard output";
        return std::nullopt;
    }
    return catalogue::write_whole_file(path_, text);  // a partial regular file is removed
}

}  // namespace swz::verify::cli
