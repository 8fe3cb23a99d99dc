// --layout in CuTe's printed form (swz/layout/cute_layout_text.hpp): the
// subject it names, decided the way its map allows.
//
//   rows a pitch apart (mode 1 one run of stride 1, mode 0 one run of
//     stride >= the row): the plain, padded or swizzled tile it is, with
//     every proof those families have;
//   a GF(2) map (power-of-two leaves on disjoint bits, inside the tile's
//     cells): the images of its offset bits, decided as the linear family;
//   otherwise: the model's map itself, on at most 2^26 cells, by the
//     solver and the enumerations every layout has.
//
// Mode 0 is the tile's rows, mode 1 its columns; the tile's shape is the
// layout's (--rows, --row-bytes and --elem, where given, must agree).
#pragma once

#include <string>
#include <variant>

#include "layout_spec.hpp"

namespace swz::verify {

std::variant<layout_subject, layout_error> cute_layout_subject(std::string const& text, tile_request const& tile);

}  // namespace swz::verify
