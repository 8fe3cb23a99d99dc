// The summary of a sweep: one row a layout, each property's verdict, the
// conflict figure of each pattern and the column spread; as Markdown for
// people or JSON for scripts.
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

#include "../certify.hpp"
#include "catalogue_entry.hpp"

namespace swz::verify::catalogue {

struct sweep_row {
    catalogue_entry entry;
    certificate cert;
    int exit_code = 0;
    std::vector<std::string> unmet;  // unmet expectations of the entry
};

struct sweep_tally {
    std::string ranges;                        // the ranges as given, for the heading
    std::map<std::string, unsigned> skipped;   // combinations skipped, by the layout rule they break
    unsigned outside_row_bytes = 0;            // combinations outside --row-bytes
};

std::string markdown_summary(std::vector<sweep_row> const& rows, sweep_tally const& tally);
nlohmann::json json_summary(std::vector<sweep_row> const& rows, sweep_tally const& tally);

}  // namespace swz::verify::catalogue
