// One family of layouts that swz proves whole (--family NAME): its name,
// its parameters' ranges in words, and its properties, each one query or a
// few. A new family is one new file that returns one of these and one line
// in certify_family.cpp's list.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "../prover.hpp"
#include "../verdict.hpp"

namespace swz::verify {

using family_property = std::function<property_result(prover&)>;

struct family_definition {
    std::string name;         // "article", "cute"
    std::string description;  // the parameters' ranges, in words
    std::string help;         // a paragraph of --family's --help
    std::function<std::vector<family_property>()> properties;  // in report order
};

}  // namespace swz::verify
