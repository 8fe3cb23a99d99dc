// A layout's concrete offsets remembered: the exhaustion paths ask for the
// same cells again and again (a column access, once per start and lane),
// and the families compute an offset with several divisions by runtime
// values. The table holds exactly what the layout's own function returns.
#pragma once

#include <cstdint>

#include "layout_subject.hpp"

namespace swz::verify {

// Cells the table may hold: 8 MiB of offsets.
inline constexpr std::uint64_t offset_table_cells = std::uint64_t{1} << 20;

// `t` whose concrete offset reads a table of its first rows (one period and
// the 32 rows after it, when `period` is known), each cell computed the first
// time it is asked; rows beyond the table are computed each time.
layout_subject with_offset_table(layout_subject t, std::uint64_t period);

}  // namespace swz::verify
