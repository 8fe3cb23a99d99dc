// What an UNKNOWN for want of time says of its enumeration: the share
// visited, the time all of it would take at that pace, and a --timeout-ms
// a quarter above that, rounded up to two digits (numbers worked by hand).
#include <catch2/catch.hpp>

#include "enumeration_pace.hpp"

using swz::verify::enumeration_pace;
using swz::verify::pace_text;

TEST_CASE("an enumeration out of time says how far it got and the limit that lets it finish", "[verify][pace]") {
    // 10 / 0.31 = 32.3 s; 1.25 * 32258 ms = 40323 ms -> 41000.
    CHECK(pace_text({31, 100, 10.0}) ==
          ": 31% of them in 10 s, about 32 s for all at that pace (--timeout-ms 41000 would let it finish)");
    // 0.5 s for 1 of 1000: 500 s (8 min); 625000 ms -> 630000.
    CHECK(pace_text({1, 1000, 0.5}) ==
          ": under 1% of them in 500 ms, about 8 min for all at that pace (--timeout-ms 630000 would let it finish)");
    // 3 of 4 in 0.3 s: 0.4 s; 500 ms.
    CHECK(pace_text({3, 4, 0.3}) ==
          ": 75% of them in 300 ms, about 400 ms for all at that pace (--timeout-ms 500 would let it finish)");
    // A limit below the one at which the starts are tried at all is raised to it.
    CHECK(pace_text({3, 4, 0.3}, 2000) ==
          ": 75% of them in 300 ms, about 400 ms for all at that pace (--timeout-ms 2000 would let it finish)");
    // Hours, then days; past what --timeout-ms takes (2^32 - 1 ms), no limit named.
    // 11 s for 1 of 3000: 33000 s (9.2 h); 41250000 ms -> 42000000.
    CHECK(pace_text({1, 3000, 11.0}) ==
          ": under 1% of them in 11 s, about 9 h for all at that pace (--timeout-ms 42000000 would let it finish)");
    CHECK(pace_text({1, 1000000, 10.0}) == ": under 1% of them in 10 s, about 116 days for all at that pace");
    // Nothing visited, or nothing left: nothing to say.
    CHECK(pace_text({0, 100, 10.0}).empty());
    CHECK(pace_text({100, 100, 10.0}).empty());
}
