// The picture of a certificate (--svg FILE): its layout's first rows,
// coloured by bank, and one panel per access figure with the witness's
// lanes marked where they fall on the drawn cells.
#pragma once

#include "certify.hpp"
#include "layout_subject.hpp"
#include "picture/tile_svg.hpp"

namespace swz::verify {

// Rows drawn at most: enough for every bank pattern of a 32-lane access.
inline constexpr std::uint64_t svg_rows_drawn = 64;
// Columns drawn at most: four 128-byte bank lines of a row of bytes, so
// that the picture of a wide row stays small enough to open (about 15 MB
// with five access panels); the caption says which columns are drawn.
inline constexpr std::uint64_t svg_cols_drawn = 512;

svg_picture picture_of(certificate const& c, layout_subject const& t);

}  // namespace swz::verify
