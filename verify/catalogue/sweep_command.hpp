// swz-verify --sweep: certify every layout in the given ranges, in
// parallel, summarize them, and optionally write them as a catalogue (with
// its manifest). Every output is checked before any solving, and written,
// flushed and checked at the end: a lost output is exit 3, never 0.
#pragma once

#include "catalogue_options.hpp"

namespace swz::verify::catalogue {

int run_sweep(sweep_command const& cmd);

}  // namespace swz::verify::catalogue
