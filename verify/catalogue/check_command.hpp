// swz-verify --check DIR: re-derive every certificate of a catalogue with
// Z3, compare it with the stored one, check every obligation with cvc5, and
// report each finding on one line. Never writes to DIR.
#pragma once

#include "catalogue_options.hpp"

namespace swz::verify::catalogue {

int run_check(check_command const& cmd);

}  // namespace swz::verify::catalogue
