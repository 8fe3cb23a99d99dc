// JSON as --check reads it: a duplicate key in an object is an error, not
// "the last one wins". nlohmann::json (like Python's json) keeps the last of
// two "verdict" keys, other readers the first; a certificate whose readers
// may disagree on a verdict is not one certificate.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace swz::verify::catalogue {

// Parses `text`; throws std::runtime_error naming the first duplicate key
// (and where it is), or nlohmann's parse_error for malformed JSON.
nlohmann::json parse_strict_json(std::string const& text);

}  // namespace swz::verify::catalogue
