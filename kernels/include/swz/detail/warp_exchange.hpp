// A warp's 32 N chunks of 16 bytes moved between two orders, in N rounds
// of shuffles (each lane sends one chunk and receives one a round):
//
//   lane-major: lane s holds chunks N s .. N s + N - 1, in slots 0 .. N - 1;
//   warp-major: lane l holds chunks l, l + 32, .., l + 32 (N - 1),
//
// so that instruction i of a warp in warp-major order touches chunks
// 32 i .. 32 i + 31: whole lines of memory. Host and device code: the
// threads run the shuffles (threads.hpp: exchange; a warp shuffle on the
// GPU, a copy in the CPU emulation).
//
// The schedule. Write N = X Y with X = 2^a the power of two in N and Y odd,
// P = 32 / X, and lane s = u + P k (u < P, k < X). In round r of the
// forward move lane s sends its slot (r + k) mod N, chunk q = N s + that,
// to lane q mod 32; in every round each lane receives exactly one chunk
// (tests/kernels checks it for every N to 16). Lane l then holds, from
// round r, chunk 32 i + l with i = Y k' + m, where k' = (l - r) mod X and
// m = (r + k' - l) inv32 mod Y, inv32 = 1 / 32 mod Y. In the coordinates
// (k', m - k' inv32 mod Y) of i that is (l - r mod X, (r - l) inv32 mod
// Y): a translation by the lane's (l mod X, -l inv32 mod Y) of a fixed
// labelling of the rounds.
//
// So around the shuffles each lane permutes its own registers by fixed
// relabellings (free: compile-time indices) and by rotations of an amount
// of its own, in barrel stages: N selects of a vector (4 words) for each
// bit of the amount, which keep the chunks in registers. The sender
// rotates by k < X (N log2 X selects, none for odd N), the receiver by
// (l mod X, -l inv32 mod Y) (N (log2 X + ceil(log2 Y))), where picking
// each chunk by a run-time index took N (N - 1) a side (on an H200, stop
// 32 run 1, the wide narrow kernel of 8 floats issued 1446 instructions a
// warp, about half of them those selects). The backward move runs the
// same steps in reverse.
#pragma once

#include "swz/config.hpp"
#include "swz/detail/vec16.hpp"

namespace swz::detail {

// a[x C + y] <- a[((x + dx) mod R) C + (y + dy) mod C] (Minus: x - dx, y -
// dy), for dx < DX and dy < DY: a stage of R C selects for each bit of
// each amount.
template <unsigned R, unsigned C, unsigned DX = R, unsigned DY = C, bool Minus = false>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void rotate_grid(vec16 (&a)[R * C], unsigned dx, unsigned dy) {
    auto const stage = [&](bool on, unsigned sx, unsigned sy) {
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
    for (unsigned bit = 0; (1u << bit) < DX; ++bit) stage((dx >> bit & 1u) != 0, 1u << bit, 0);
#pragma unroll
    for (unsigned bit = 0; (1u << bit) < DY; ++bit) stage((dy >> bit & 1u) != 0, 0, 1u << bit);
}

template <unsigned N>
struct warp_exchange {
    static_assert(N >= 1 && N <= 16, "1 to 16 chunks a lane");
    static constexpr unsigned X = N & (~N + 1u);  // the power of two in N
    static constexpr unsigned Y = N / X, P = 32 / X;
    static constexpr unsigned inverse_mod(unsigned v, unsigned m) {  // v^-1 mod m, v odd or m = 1
        for (unsigned x = 0; x < m; ++x)
            if (v * x % m == 1 % m) return x;
        return 0;
    }
    static constexpr unsigned inv32 = inverse_mod(32 % Y, Y), y_inverse_mod_p = inverse_mod(Y % P, P);

    // The lane's class k (its slots rotate by it), the label (x, y),
    // flattened x Y + y, of round r, and chunk i of warp-major order in the
    // coordinates the receiver rotates in.
    SWZ_HOST_DEVICE static unsigned k_of(unsigned lane) { return lane / P; }
    SWZ_HOST_DEVICE static constexpr unsigned round_label(unsigned r) { return (X - r % X) % X * Y + r * inv32 % Y; }
    SWZ_HOST_DEVICE static constexpr unsigned skewed(unsigned i) {
        return i / Y * Y + (i % Y + Y - i / Y * inv32 % Y) % Y;
    }

    // ---- forward: lane-major to warp-major ----

    // In place: slot r becomes what the lane sends in round r.
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static void to_warp_major_send(vec16 (&c)[N], unsigned lane) {
        rotate_grid<1, N, 1, X>(c, 0, k_of(lane));
    }
    // The lane that sends to `lane` in round r: its class k = (lane - r)
    // mod X, and as N P k = 32 Y k, lane = N u + slot mod 32, so u = Y^-1
    // ((lane - slot) / X) mod P.
    SWZ_HOST_DEVICE static unsigned to_warp_major_source(unsigned lane, unsigned r) {
        unsigned const k = (lane + 32 - r) % X;
        unsigned const slot = (r + k) % N;
        unsigned const u = y_inverse_mod_p * (((lane + 32 - slot) % 32) / X) % P;
        return u + P * k;
    }
    // In place: got[r] (round r's chunk) to warp-major slots.
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static void to_warp_major_receive(vec16 (&got)[N], unsigned lane) {
        vec16 h[N];
#pragma unroll
        for (unsigned r = 0; r < N; ++r) h[round_label(r)] = got[r];
        rotate_grid<X, Y>(h, (X - lane % X) % X, lane * inv32 % Y);
#pragma unroll
        for (unsigned i = 0; i < N; ++i) got[i] = h[skewed(i)];
    }

    // ---- backward: warp-major to lane-major ----

    // In place: slot r becomes what the lane sends in round r.
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static void to_lane_major_send(vec16 (&c)[N], unsigned lane) {
        vec16 h[N];
#pragma unroll
        for (unsigned i = 0; i < N; ++i) h[skewed(i)] = c[i];
        rotate_grid<X, Y, X, Y, true>(h, (X - lane % X) % X, lane * inv32 % Y);
#pragma unroll
        for (unsigned r = 0; r < N; ++r) c[r] = h[round_label(r)];
    }
    // The lane that sends to `lane` in round r: the one it sent to forward.
    SWZ_HOST_DEVICE static unsigned to_lane_major_source(unsigned lane, unsigned r) {
        return (N * lane + (r + k_of(lane)) % N) % 32;
    }
    // In place: got[r] (round r's chunk) to lane-major slots.
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static void to_lane_major_receive(vec16 (&got)[N], unsigned lane) {
        rotate_grid<1, N, 1, X, true>(got, 0, k_of(lane));
    }
};

}  // namespace swz::detail
