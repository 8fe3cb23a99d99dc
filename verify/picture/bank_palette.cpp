#include "picture/bank_palette.hpp"

#include <array>
#include <cmath>
#include <cstdio>

namespace swz::verify {
namespace {

struct rgb {
    int r, g, b;
};

// The standard HSL to RGB conversion, h in degrees, s and l in [0, 1].
rgb from_hsl(double h, double s, double l) {
    double const c = (1 - std::fabs(2 * l - 1)) * s;
    double const hp = h / 60;
    double const x = c * (1 - std::fabs(std::fmod(hp, 2.0) - 1));
    double r = 0, g = 0, b = 0;
    switch (static_cast<int>(hp)) {
    case 0: r = c, g = x; break;
    case 1: r = x, g = c; break;
    case 2: g = c, b = x; break;
    case 3: g = x, b = c; break;
    case 4: r = x, b = c; break;
    default: r = c, b = x; break;
    }
    double const m = l - c / 2;
    auto const byte = [m](double v) { return static_cast<int>(std::lround((v + m) * 255)); };
    return {byte(r), byte(g), byte(b)};
}

rgb bank_rgb(unsigned bank) {
    return from_hsl(bank * 360.0 / bank_colours, 0.70, bank % 2 == 0 ? 0.42 : 0.68);
}

std::string hex(rgb c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
    return buf;
}

// Perceived brightness (the Rec. 601 weights) decides the ink.
std::string ink_for(rgb c) {
    return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b > 140 ? "#000000" : "#ffffff";
}

template <class F>
std::array<std::string, bank_colours> table(F f) {
    std::array<std::string, bank_colours> t;
    for (unsigned b = 0; b < bank_colours; ++b) t[b] = f(bank_rgb(b));
    return t;
}

}  // namespace

std::string const& bank_fill(unsigned bank) {
    static auto const fills = table(hex);
    return fills[bank % bank_colours];
}

std::string const& bank_ink(unsigned bank) {
    static auto const inks = table(ink_for);
    return inks[bank % bank_colours];
}

}  // namespace swz::verify
