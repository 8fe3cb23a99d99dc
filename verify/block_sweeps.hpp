// The sweeps' own code over one block of starts (class_sweep.hpp decides a
// figure from one block of each class of starts): the best start of the
// block, or why it stopped.
#pragma once

#include <chrono>

#include "access_subject.hpp"
#include "layout_subject.hpp"
#include "sweep_best.hpp"
#include "sweep_pieces.hpp"

namespace swz::verify {

// A column access's starts (y0, c), y0 in `rows`, c in `cols`
// (column_sweep.cpp's fast sweep; `fallback` where only its generic one can).
most_wavefronts sweep_column_block(access_subject const& w, piece rows, column_block cols,
                                   std::chrono::steady_clock::time_point deadline);

// A row access's starts s in `starts`, each window's units read alone
// (row_sweep.cpp).
most_wavefronts sweep_row_windows(access_subject const& w, piece starts, std::chrono::steady_clock::time_point deadline);

// column_spread's windows (y0, x), y0 in `rows`, x in `cols` (spread_sweep.cpp).
fewest_columns sweep_spread_block(layout_subject const& t, piece rows, column_block cols,
                                  std::chrono::steady_clock::time_point deadline);

}  // namespace swz::verify
