// The families swz proves whole (--family), and the certificate of one.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "../verdict.hpp"
#include "family_definition.hpp"

namespace swz::verify {

// A family, as the registry holds it (compared by identity).
using family_kind = family_definition const*;

std::vector<family_kind> const& known_families();  // in catalogue order
std::optional<family_kind> family_named(std::string const& name);
std::string family_names();              // for messages: "article, cute"
std::string family_name(family_kind f);  // "article"

struct family_certificate {
    std::string name;         // "article"
    std::string description;  // the parameters' ranges, in words
    std::vector<property_result> results;
    double seconds = 0;
};

// The properties on `threads` threads (0: one per core), one prover each,
// the longest first and each after the properties it needs
// (family_definition.hpp); `log_queries`: every solver query, its answer
// and time, on stderr.
family_certificate certify_family(family_kind f, unsigned timeout_ms, unsigned threads = 0, bool log_queries = false);

// The family mode's JSON document without its exit code: the header,
// `family`, `description` and `results`.
nlohmann::json family_json(family_certificate const& c);

}  // namespace swz::verify
