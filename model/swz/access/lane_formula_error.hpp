// What is wrong with a lane formula, and where: the one-line message swz
// prints under the spec, with a caret at `column`.
#pragma once

#include <cstddef>
#include <string>

namespace swz {

struct lane_formula_error {
    std::size_t column = 0;  // 1-based, in the whole spec the formula came from
    std::string message;     // one line: what was expected, what was found
};

}  // namespace swz
