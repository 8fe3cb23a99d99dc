// A warp's 32 N chunks of 16 bytes moved between two orders, in N rounds
// of shuffles (each lane sends one chunk and receives one a round):
//
//   lane-major: lane s holds chunks N s .. N s + N - 1, in slots 0 .. N - 1;
//   warp-major: lane l holds chunks l, l + 32, .., l + 32 (N - 1),
//
// so that instruction i of a warp in warp-major order touches chunks
// 32 i .. 32 i + 31: whole lines of memory. Host and device code: the
// kernel does the shuffles (warp_shuffle.cuh), the CPU emulation copies.
//
// The schedule. Write N = X Y with X = 2^a the power of two in N and Y odd,
// P = 32 / X, and lane s = u + P k (u < P, k < X). In round r of the
// forward move lane s sends its slot (r + k) mod N, chunk q = N s + that,
// to lane q mod 32; in every round each lane receives exactly one chunk
// (tests/kernels checks it for every N to 16). Lane l then holds, from
// round r, chunk 32 i + l with i = Y k' + m, where k' = (l - r) mod X and
// m = (r + k' - l) w mod Y, w = 1 / 32 mod Y. In the coordinates (k', m -
// k' w mod Y) of i that is (l - r mod X, (r - l) w mod Y): a translation
// by the lane's (l mod X, -l w mod Y) of a fixed labelling of the rounds.
//
// So around the shuffles each lane permutes its own registers by fixed
// relabellings (free: compile-time indices) and by rotations of an amount
// of its own (barrel stages of selects, N a bit of the amount, which keep
// the chunks in registers): about N log2 N selects a side, where picking
// each chunk by a run-time index took N^2 (on an H200, stop 32 run 1, the
// wide narrow kernel of 8 floats issued 1446 instructions a warp, half of
// them that exchange's selects). The backward move runs the same steps in
// reverse.
#pragma once

#include "swz/config.hpp"
#include "swz/detail/vec16.hpp"

namespace swz::detail {

// a[x C + y] <- a[((x + dx) mod R) C + (y + dy) mod C] (Minus: x - dx, y -
// dy), for dx < DX and dy < DY: one round of C R selects per bit of each.
template <unsigned R, unsigned C, unsigned DX = R, unsigned DY = C, bool Minus = false>
SWZ_HOST_DEVICE inline void rotate_grid(vec16 (&a)[R * C], unsigned dx, unsigned dy) {
    auto const round = [&](bool on, unsigned sx, unsigned sy) {
        vec16 b[R * C];
#pragma unroll
        for (unsigned x = 0; x < R; ++x)
#pragma unroll
            for (unsigned y = 0; y < C; ++y) {
                unsigned const fx = Minus ? x + R - sx % R : x + sx, fy = Minus ? y + C - sy % C : y + sy;
                b[x * C + y] = choose(on, a[fx % R * C + fy % C], a[x * C + y]);
            }
#pragma unroll
        for (unsigned t = 0; t < R * C; ++t) a[t] = b[t];
    };
#pragma unroll
    for (unsigned s = 1; s < DX; s *= 2) round((dx & s) != 0, s, 0);
#pragma unroll
    for (unsigned s = 1; s < DY; s *= 2) round((dy & s) != 0, 0, s);
}

template <unsigned N>
struct warp_exchange {
    static_assert(N >= 1 && N <= 32, "1 to 32 chunks a lane");
    static constexpr unsigned X = N & (~N + 1u);  // the power of two in N
    static constexpr unsigned Y = N / X, P = 32 / (X < 32 ? X : 32);
    static_assert(X <= 16, "N's power of two must divide 32 with a lane to spare");
    static constexpr unsigned inverse_mod_y(unsigned v) {  // v^-1 mod Y (0 for Y = 1)
        for (unsigned x = 0; x < Y; ++x)
            if (v * x % Y == 1 % Y) return x;
        return 0;
    }
    static constexpr unsigned w = inverse_mod_y(32 % Y), y_inverse_mod_p = [] {
        for (unsigned x = 1; x < P; x += 2)
            if (Y * x % P == 1) return x;
        return 1u;
    }();

    // The lane's class k (its slots rotate by it) and the round label
    // (x, y) of round r, flattened x Y + y.
    SWZ_HOST_DEVICE static unsigned k_of(unsigned lane) { return lane / P; }
    SWZ_HOST_DEVICE static constexpr unsigned round_label(unsigned r) { return (X - r % X) % X * Y + r * w % Y; }
    // Chunk i of warp-major order in the coordinates the receiver rotates in.
    SWZ_HOST_DEVICE static constexpr unsigned skewed(unsigned i) { return i / Y * Y + (i % Y + Y - i / Y * w % Y) % Y; }

    // ---- forward: lane-major to warp-major ----

    // In place: slot r becomes what the lane sends in round r.
    SWZ_HOST_DEVICE static void to_warp_send(vec16 (&c)[N], unsigned lane) {
        rotate_grid<1, N, 1, X>(c, 0, k_of(lane));
    }
    // The lane that sends to `lane` in round r.
    SWZ_HOST_DEVICE static unsigned to_warp_source(unsigned lane, unsigned r) {
        unsigned const k = (lane + 32 - r) % X;  // the sender's class
        unsigned const slot = (r + k) % N;
        unsigned const u = y_inverse_mod_p * (((lane + 32 - slot) % 32) / X) % P;
        return u + P * k;
    }
    // In place: got[r] (round r's chunk) to warp-major slots.
    SWZ_HOST_DEVICE static void to_warp_receive(vec16 (&got)[N], unsigned lane) {
        vec16 h[N];
#pragma unroll
        for (unsigned r = 0; r < N; ++r) h[round_label(r)] = got[r];
        rotate_grid<X, Y>(h, (X - lane % X) % X, lane * w % Y);
#pragma unroll
        for (unsigned i = 0; i < N; ++i) got[i] = h[skewed(i)];
    }

    // ---- backward: warp-major to lane-major ----

    // In place: slot r becomes what the lane sends in round r.
    SWZ_HOST_DEVICE static void to_lanes_send(vec16 (&c)[N], unsigned lane) {
        vec16 h[N];
#pragma unroll
        for (unsigned i = 0; i < N; ++i) h[skewed(i)] = c[i];
        rotate_grid<X, Y, X, Y, true>(h, (X - lane % X) % X, lane * w % Y);
#pragma unroll
        for (unsigned r = 0; r < N; ++r) c[r] = h[round_label(r)];
    }
    // The lane that sends to `lane` in round r: the one it sent to forward.
    SWZ_HOST_DEVICE static unsigned to_lanes_source(unsigned lane, unsigned r) {
        return (N * lane + (r + k_of(lane)) % N) % 32;
    }
    // In place: got[r] (round r's chunk) to lane-major slots.
    SWZ_HOST_DEVICE static void to_lanes_receive(vec16 (&got)[N], unsigned lane) {
        rotate_grid<1, N, 1, X, true>(got, 0, k_of(lane));
    }
};

}  // namespace swz::detail
