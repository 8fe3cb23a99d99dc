// The families swz proves whole (--family), and the certificate of one.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "../verdict.hpp"

namespace swz::verify {

enum class family_kind { article };

std::optional<family_kind> family_named(std::string const& name);
std::string family_names();  // for messages: "article"
std::string family_name(family_kind f);  // "article"

struct family_certificate {
    std::string name;         // "article"
    std::string description;  // the parameters' ranges, in words
    std::vector<property_result> results;
    double seconds = 0;
};

// Each property one query, on threads of their own (one prover each).
family_certificate certify_family(family_kind f, unsigned timeout_ms, unsigned threads = 0);

// The family mode's JSON document without its exit code: the header,
// `family`, `description` and `results`.
nlohmann::json family_json(family_certificate const& c);

}  // namespace swz::verify
