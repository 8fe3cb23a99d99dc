// The enumerations' work split over the machine's threads: a range of
// starts cut into contiguous pieces, one a thread, each piece's result kept
// apart so the caller can merge them in order (the first piece's starts come
// first in the canonical order, and so on).
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>
#include <type_traits>
#include <vector>

namespace swz::verify {

struct piece {
    std::uint64_t begin, end;  // [begin, end)
};

// [0, n) in at most `most` pieces of at least `least` each (one when n is
// smaller), in order.
inline std::vector<piece> pieces_of(std::uint64_t n, std::uint64_t least, unsigned most) {
    std::uint64_t const k = std::clamp<std::uint64_t>(n / std::max<std::uint64_t>(least, 1), 1, std::max(most, 1u));
    std::vector<piece> out;
    std::uint64_t const size = n / k, extra = n % k;
    std::uint64_t at = 0;
    for (std::uint64_t i = 0; i < k; ++i) {
        std::uint64_t const len = size + (i < extra ? 1 : 0);
        out.push_back({at, at + len});
        at += len;
    }
    return out;
}

inline unsigned sweep_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

// How a sweep cuts its starts: pieces of at least `least` starts, at most
// `most` of them (0: one a thread of the machine). Tests cut small pieces
// to check the seams.
// `first`: the sweep's first start (a search for the first start with a
// known figure sweeps a range at a time, class_sweep.hpp).
struct sweep_split {
    std::uint64_t least = 4096;
    unsigned most = 0;
    std::uint64_t first = 0;
    // [first, n) in pieces.
    std::vector<piece> of(std::uint64_t n) const {
        auto out = pieces_of(n - std::min(first, n), least, most ? most : sweep_threads());
        for (auto& p : out) p.begin += first, p.end += first;
        return out;
    }
};

// The columns a piece sweeps together, so that their windows stay in the
// nearest cache while the rows go by.
struct column_block {
    std::uint64_t begin, end;
};
inline constexpr std::uint64_t columns_per_block = 256;

// Starts y0 (for a row access: the rows of a window's first unit) in
// `rows`, and columns (the window's first unit) in `cols`.
struct start_block {
    piece rows;
    column_block cols;
};

// How a certificate names a reduction to classes: its own file, and what
// a class's block is.
struct class_naming {
    char const* source = "article_classes";
    char const* block = "first block of 32 rows";
};

// One block of starts from each class of starts of equal cost
// (article_classes.hpp), and where the classes stop: a start whose first
// row is `direct_from` or later (a finite tile's last rows, whose lanes
// would reach past the tile in some block of their class) is in no class,
// and is swept directly. ~0: every start is in a class.
struct class_blocks {
    std::vector<start_block> blocks;
    std::uint64_t direct_from = ~std::uint64_t(0);
    class_naming naming;
    // The classes hold under cp.async.16's transfer rule too (a shift by
    // whole 128-byte lines keeps its cost), not only under the bank rule.
    bool transfers_too = false;
    // Every start of a class is legal exactly where its block's are, at the
    // same lane (a shift by whole units keeps lanes whole and aligned): the
    // first illegal start among the blocks is the first of all.
    bool legality_too = false;
};

// f(std::integral_constant<unsigned, W>{}) for the access width W (1, 2, 4,
// 8 or 16) given at run time: the sweeps compute with the width a constant.
template <class F>
decltype(auto) with_width(unsigned width, F&& f) {
    switch (width) {
        case 1: return f(std::integral_constant<unsigned, 1>{});
        case 2: return f(std::integral_constant<unsigned, 2>{});
        case 4: return f(std::integral_constant<unsigned, 4>{});
        case 8: return f(std::integral_constant<unsigned, 8>{});
        default: return f(std::integral_constant<unsigned, 16>{});
    }
}

// Runs work(i, pieces[i]) for every piece, the first on the calling thread,
// and returns when all have finished. `work` must not throw.
template <class Work>
void run_pieces(std::vector<piece> const& pieces, Work work) {
    std::vector<std::thread> threads;
    for (std::size_t i = 1; i < pieces.size(); ++i) threads.emplace_back([&work, &pieces, i] { work(i, pieces[i]); });
    if (!pieces.empty()) work(0, pieces[0]);
    for (auto& t : threads) t.join();
}

}  // namespace swz::verify
