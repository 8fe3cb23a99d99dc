#include "enumeration_pace.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace swz::verify {

namespace {

std::string duration_text(double s) {
    char buf[64];
    // Each unit up to where its rounded count would reach the next's.
    if (s < 0.9995) std::snprintf(buf, sizeof buf, "%.0f ms", s * 1000);
    else if (s < 99.5) std::snprintf(buf, sizeof buf, "%.*f s", s < 9.95 ? 1 : 0, s);
    else if (s < 99.5 * 60) std::snprintf(buf, sizeof buf, "%.0f min", s / 60);
    else if (s < 47.5 * 3600) std::snprintf(buf, sizeof buf, "%.0f h", s / 3600);
    else std::snprintf(buf, sizeof buf, "%.0f days", s / 86400);
    return buf;
}

// ms rounded up to two significant digits (38400 -> 39000).
std::uint64_t round_up_two_digits(double ms) {
    double unit = 1;
    while (ms / unit >= 100) unit *= 10;
    return std::uint64_t(std::ceil(ms / unit - 1e-9) * unit);  // 500.00000001 ms is 500
}

}  // namespace

std::string pace_text(enumeration_pace const& p, std::uint64_t least_ms) {
    if (p.visited == 0 || p.total <= p.visited || p.seconds <= 0) return "";
    double const share = double(p.visited) / double(p.total);
    double const all = p.seconds / share;
    char pct[32];
    if (share < 0.01) std::snprintf(pct, sizeof pct, "under 1%%");
    else std::snprintf(pct, sizeof pct, "%.0f%%", std::floor(share * 100));
    std::string text = ": " + std::string(pct) + " of them in " + duration_text(p.seconds) + ", about " + duration_text(all) +
                       " for all at that pace";
    // A quarter more than the estimate: the pace varies with the starts.
    double const limit_ms = std::max(all * 1000 * 1.25, double(least_ms));
    if (limit_ms <= 0xffffffffu) text += " (--timeout-ms " + std::to_string(round_up_two_digits(limit_ms)) + " would let it finish)";
    return text;
}

}  // namespace swz::verify
