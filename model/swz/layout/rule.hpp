// A broken layout rule: a stable id that callers and tests match on, and a
// sentence for people. No caller looks inside the sentence.
#pragma once

#include <optional>
#include <string>

namespace swz {

struct rule_violation {
    std::string id;       // "tc-multiple-of-elem", "pad-breaks-element", ...
    std::string message;  // one line, names the rule and the values
};

using rule_check = std::optional<rule_violation>;

inline rule_check broken(std::string id, std::string message) { return rule_violation{std::move(id), std::move(message)}; }

}  // namespace swz
