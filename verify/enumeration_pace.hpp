// How far an enumeration that ran out of time got, and how long all of it
// would take at that pace: an UNKNOWN for want of time says so, with the
// --timeout-ms that would let it finish (a finite question is never given
// up on without saying what deciding it costs).
#pragma once

#include <cstdint>
#include <string>

namespace swz::verify {

struct enumeration_pace {
    std::uint64_t visited = 0;  // starts enumerated before the deadline, on every thread
    std::uint64_t total = 0;    // starts it had to enumerate
    double seconds = 0;         // its wall time
};

// ": 31% of them in 10.0 s, about 32 s for all at that pace (--timeout-ms
// 41000 would let it finish)"; empty where nothing was visited. The limit
// named is at least `least_ms` (where a smaller one would not try them).
std::string pace_text(enumeration_pace const& p, std::uint64_t least_ms = 0);

}  // namespace swz::verify
