// The warp exchange (swz/detail/warp_exchange.hpp) for every chunk count a
// lane may hold, each chunk labelled by its number, the shuffles done by
// copies: every round must read each lane exactly once, and the orders
// must come out as defined,
//   lane-major: lane s, slot t holds chunk N s + t;
//   warp-major: lane l, slot i holds chunk 32 i + l,
// forward from lane-major, and backward from warp-major.
#include <catch2/catch.hpp>

#include <array>
#include <utility>

#include "swz/detail/warp_exchange.hpp"

using namespace swz;

namespace {

template <unsigned N>
struct lane_chunks {
    detail::vec16 v[N];  // as the exchange takes them
};
template <unsigned N>
using warp_chunks = std::array<lane_chunks<N>, 32>;

template <unsigned N, class Order>
warp_chunks<N> labelled(Order order) {
    warp_chunks<N> w;
    for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned slot = 0; slot < N; ++slot) w[lane].v[slot] = detail::vec16{{order(lane, slot), 7, 8, 9}};
    return w;
}

template <unsigned N, class Order>
void require_order(warp_chunks<N> const& w, Order order) {
    for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned slot = 0; slot < N; ++slot) {
            CAPTURE(N, lane, slot);
            auto const& c = w[lane].v[slot];
            REQUIRE(c.w[0] == order(lane, slot));
            REQUIRE((c.w[1] == 7 && c.w[2] == 8 && c.w[3] == 9));
        }
}

// Round r: each lane takes slot r of lane source(lane, r).
template <unsigned N, class Source>
warp_chunks<N> shuffled(warp_chunks<N> const& sent, Source source) {
    warp_chunks<N> got{};
    for (unsigned r = 0; r < N; ++r) {
        std::array<unsigned, 32> reads{};
        for (unsigned lane = 0; lane < 32; ++lane) {
            unsigned const s = source(lane, r);
            CAPTURE(N, r, lane);
            REQUIRE(s < 32);
            ++reads[s];
            got[lane].v[r] = sent[s].v[r];
        }
        for (unsigned s = 0; s < 32; ++s) REQUIRE(reads[s] == 1);
    }
    return got;
}

unsigned lane_major(unsigned n, unsigned lane, unsigned slot) { return n * lane + slot; }
unsigned warp_major(unsigned lane, unsigned slot) { return 32 * slot + lane; }

template <unsigned N>
void check_forward() {
    using exchange = detail::warp_exchange<N>;
    auto sent = labelled<N>([](unsigned lane, unsigned slot) { return lane_major(N, lane, slot); });
    for (unsigned lane = 0; lane < 32; ++lane) exchange::to_warp_major_send(sent[lane].v, lane);
    auto got = shuffled<N>(sent, [](unsigned lane, unsigned r) { return exchange::to_warp_major_source(lane, r); });
    for (unsigned lane = 0; lane < 32; ++lane) exchange::to_warp_major_receive(got[lane].v, lane);
    require_order<N>(got, warp_major);
}

template <unsigned N>
void check_backward() {
    using exchange = detail::warp_exchange<N>;
    auto sent = labelled<N>(warp_major);
    for (unsigned lane = 0; lane < 32; ++lane) exchange::to_lane_major_send(sent[lane].v, lane);
    auto got = shuffled<N>(sent, [](unsigned lane, unsigned r) { return exchange::to_lane_major_source(lane, r); });
    for (unsigned lane = 0; lane < 32; ++lane) exchange::to_lane_major_receive(got[lane].v, lane);
    require_order<N>(got, [](unsigned lane, unsigned slot) { return lane_major(N, lane, slot); });
}

template <unsigned... N>
void check_every_count(std::integer_sequence<unsigned, N...>) {
    (check_forward<N + 1>(), ...);
    (check_backward<N + 1>(), ...);
}

}  // namespace

TEST_CASE("warp exchange: lane-major to warp-major and back, every count of chunks a lane holds",
          "[kernels][emulation][exchange]") {
    check_every_count(std::make_integer_sequence<unsigned, 16>{});
}

// A wrong schedule must fail the same checks: the forward move without
// its receiver's rotation leaves chunks in the wrong slots.
TEST_CASE("warp exchange: a receiver that skips its rotation is caught", "[kernels][emulation][exchange]") {
    using exchange = detail::warp_exchange<6>;
    auto sent = labelled<6>([](unsigned lane, unsigned slot) { return lane_major(6, lane, slot); });
    for (unsigned lane = 0; lane < 32; ++lane) exchange::to_warp_major_send(sent[lane].v, lane);
    auto got = shuffled<6>(sent, [](unsigned lane, unsigned r) { return exchange::to_warp_major_source(lane, r); });
    unsigned misplaced = 0;
    for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned slot = 0; slot < 6; ++slot) misplaced += got[lane].v[slot].w[0] != warp_major(lane, slot);
    CHECK(misplaced > 0);
}
