// The 32 bank colours of the tile pictures. Bank b has hue b * 360 / 32
// degrees at 70% saturation, lightness 42% for even banks and 68% for odd
// ones: the banks go once around the colour wheel, and neighbouring banks,
// whose hues are close, differ in lightness.
#pragma once

#include <string>

namespace swz::verify {

inline constexpr unsigned bank_colours = 32;

// "#rrggbb" of bank `bank` (taken mod 32).
std::string const& bank_fill(unsigned bank);
// Black or white, whichever reads better on bank_fill(bank).
std::string const& bank_ink(unsigned bank);

}  // namespace swz::verify
