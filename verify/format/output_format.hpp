// The shapes swz-verify's results can take on their way out (--format).
#pragma once

#include <optional>
#include <string>

namespace swz::verify {

enum class output_format { text, json, markdown, sarif, junit };

// The --format value's format, or nothing for a name that is not one.
std::optional<output_format> parse_output_format(std::string const& name);
std::string format_name(output_format f);
// "text, json, markdown, sarif or junit", for --help and usage errors.
std::string format_names();

}  // namespace swz::verify
