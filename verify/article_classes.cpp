#include "article_classes.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <memory>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

#include "swz/bank_model.hpp"
#include "swz/pow2.hpp"

namespace swz::verify {

namespace {

std::uint64_t gcd_of(std::uint64_t a, std::uint64_t b) { return b == 0 ? a : gcd_of(b, a % b); }

// A hash of a short list of integers (keys and signatures), for the maps
// that meet one entry per tile or class: an ordered map's comparisons of
// whole lists took most of their time.
struct list_hash {
    template <class List>
    std::size_t operator()(List const& v) const {
        std::uint64_t h = 0x9e3779b97f4a7c15u;
        for (auto const x : v) h = (h ^ std::uint64_t(x)) * 0x100000001b3u, h ^= h >> 29;
        return std::size_t(h);
    }
};

struct geometry {
    std::uint64_t chunks;     // C
    unsigned b;               // 2^b >= C, the smallest
    std::uint64_t g;          // gcd(2^b, C): the residue of s mod g is fixed by the block
    std::uint64_t h_count;    // C / g: the h of one period
    std::uint64_t blocks;     // 2^(b-5): blocks of 32 rows in 2^b rows
    std::uint64_t last_x;     // the last block of 32 chunks in a row (maybe partial)
    std::uint64_t per_chunk;  // units in a chunk
    std::uint64_t per_row;    // units in a row
    std::uint64_t tile_rows;
    bool periods;             // the tile holds a whole period and 64 rows more (else it is a window of one)

    // How s moves from one h to the next: by 2^b mod C.
    std::uint64_t step() const { return (std::uint64_t(1) << b) % chunks; }
    // The first row of block l of 2^b h .. 2^b (h + 1) - 1.
    std::uint64_t row(std::uint64_t h, std::uint64_t l) const { return (h << b) + 32 * l; }
    // The s-offset of block (l, x): 32 (l ^ x), and 2^b for the next h's first block.
    std::uint64_t a(std::uint64_t l, std::uint64_t x) const {
        return l < blocks ? 32 * (l ^ x) : (std::uint64_t(1) << b) + 32 * x;
    }
    std::uint64_t d(std::uint64_t to, std::uint64_t from) const { return (to % chunks + chunks - from % chunks) % chunks; }
};

std::optional<geometry> geometry_of(layout_params const& p, std::uint64_t tile_rows, class_options const& o) {
    std::uint64_t const c = p.chunks_per_row();
    unsigned const unit_width = o.unit_width;
    if (c < 17 || is_pow2(c) || unit_width == 0 || p.tc % unit_width != 0) return std::nullopt;
    geometry g{};
    g.chunks = c;
    while ((std::uint64_t(1) << g.b) < c) ++g.b;
    g.g = gcd_of(std::uint64_t(1) << g.b, c);
    g.h_count = c / g.g;
    std::uint64_t const period = (std::uint64_t(1) << g.b) * g.h_count;
    // About b tiles of each of the 2^(b-5) v stand for all (representative_tiles):
    // up to 2^22 of them, rows of up to about 2^20 chunks; for fragments,
    // b^2 candidates of each v, up to 2^24, rows of up to 2^15 chunks.
    std::uint64_t const per_v = o.walk == class_walk::fragment ? std::uint64_t(g.b - 4) * (g.b - 4) : g.b - 2;
    unsigned const most_log2 = o.walk == class_walk::fragment ? 24 : 22;
    if (g.b > 40 || tile_rows < 96 || (std::uint64_t(1) << (g.b - 5)) * per_v > (std::uint64_t(1) << most_log2)) return std::nullopt;
    g.tile_rows = tile_rows;
    g.periods = period <= tile_rows && tile_rows - period >= 64;
    g.blocks = std::uint64_t(1) << (g.b - 5);
    g.last_x = (c - 1) / 32;
    g.per_chunk = p.tc / unit_width;
    g.per_row = p.row_bytes() / unit_width;
    return g;
}

// The classes of s for blocks whose lanes reach blocks with s-offsets `d`
// (0 first): each s of a wrap zone (some block's s + d mod C in C - 32 ..
// C - 1) its own class, and in each run between zones, the s of one
// residue of s * TC modulo the shift unit one class (`run_values` of them).
class s_classes {
public:
    s_classes(geometry const& g, std::vector<std::uint64_t> const& d, std::uint64_t residue, std::uint64_t run_values)
        : g_(g.g), g_bits_(log2_floor(g.g)), run_values_(run_values), run_pow2_(is_pow2(run_values)) {
        std::uint64_t const c = g.chunks;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> zones;  // [begin, end) in 0 .. C
        if (c <= 32) zones.push_back({0, c});  // every s wraps some chunk
        else
            for (std::uint64_t dk : d) {
                std::uint64_t const begin = (2 * c - 32 - dk) % c, end = begin + 32;
                if (end <= c) zones.push_back({begin, end});
                else zones.push_back({begin, c}), zones.push_back({0, end - c});
            }
        std::sort(zones.begin(), zones.end());
        residue %= g_;
        std::uint64_t at = 0;  // everything below has its segment
        for (auto const& [begin, end] : zones) {
            if (begin > at) add(at, begin, false, residue);
            if (end > at) add(std::max(begin, at), end, true, residue);
            at = std::max(at, end);
        }
        if (at < c) add(at, c, false, residue);
    }
    std::size_t count() const { return classes_; }
    // An s of the class: its zone value, or its run's first s of its residue.
    std::uint64_t value_of(std::size_t local_class) const {
        segment const& seg = segment_of(local_class);
        return seg.first + (local_class - seg.first_class) * g_;
    }
    // Calls f(local_class, first, count, stride) for each class, in order:
    // its s of the residue in one period are first + i stride, i < count (a
    // zone's: one).
    template <class F>
    void for_each_class(F&& f) const {
        for (std::size_t i = 0; i < segments_.size(); ++i) {
            segment const& seg = segments_[i];
            std::size_t const end = i + 1 < segments_.size() ? segments_[i + 1].first_class : classes_;
            for (std::size_t c = seg.first_class; c < end; ++c) {
                std::uint64_t const r = c - seg.first_class, s = seg.first + r * g_;
                if (seg.zone) f(c, s, std::uint64_t(1), std::uint64_t(0));
                else f(c, s, (seg.values - r + run_values_ - 1) / run_values_, run_values_ * g_);
            }
        }
    }
    // Calls f(first, classes, zone) for each segment, in order: its first
    // s of the residue, how many classes it holds, whether a zone.
    template <class F>
    void for_each_segment(F&& f) const {
        for (std::size_t i = 0; i < segments_.size(); ++i)
            f(segments_[i].first, (i + 1 < segments_.size() ? segments_[i + 1].first_class : classes_) - segments_[i].first_class,
              segments_[i].zone);
    }
    // The class of s (s = residue mod g).
    std::size_t of(std::uint64_t s) const {
        auto const it = std::upper_bound(segments_.begin(), segments_.end(), s,
                                         [](std::uint64_t v, segment const& seg) { return v < seg.begin; }) - 1;
        std::uint64_t const k = (s - it->first) >> g_bits_;  // (g a power of two)
        return it->first_class + (it->zone ? k : run_pow2_ ? k & (run_values_ - 1) : k % run_values_);
    }

private:
    struct segment {
        std::uint64_t begin;
        std::uint64_t first;  // its first s of the residue
        std::uint64_t values;  // of the residue
        bool zone;
        std::size_t first_class;
    };
    segment const& segment_of(std::size_t local_class) const {
        return *(std::upper_bound(segments_.begin(), segments_.end(), local_class,
                                  [](std::size_t c, segment const& seg) { return c < seg.first_class; }) - 1);
    }
    void add(std::uint64_t begin, std::uint64_t end, bool zone, std::uint64_t residue) {
        std::uint64_t const first = begin + (residue + g_ - begin % g_) % g_;
        if (first >= end) return;
        std::uint64_t const values = (end - first + g_ - 1) / g_;
        segments_.push_back({begin, first, values, zone, classes_});
        classes_ += zone ? values : std::min(values, run_values_);
    }
    std::uint64_t g_;
    unsigned g_bits_;  // g = 2^g_bits_
    std::uint64_t run_values_;
    bool run_pow2_;  // k mod run_values a mask
    std::vector<segment> segments_;
    std::size_t classes_ = 0;
};

// The blocks of one class key: its d, and where block x lies among the row's blocks.
struct class_key {
    std::vector<std::uint64_t> d;
    std::uint64_t residue;
    std::uint64_t position;
};

// What the cost of every start of a block depends on, besides its place in
// the block (which fixes each lane's block k, row and j = yl ^ xl): with
// u_k = (s + d_k) mod C the stored chunk of the first cell of each block
// its lanes reach, a lane's stored chunk is u_k + j - C w, w = 1 where
// u_k + j >= C (the wrap), so
//   - its bytes relative to lane 0's are constants of the place plus
//     (u_k - u_0) TC and the wraps' -C TC (rows are C TC bytes apart): the
//     banks (bytes mod 128) follow from (u_k - u_0) TC mod 128 and each
//     u_k's wrap, C - u_k where u_k >= C - 32 (else none);
//   - two lanes share a stored chunk only if u_a - u_b = j_b - j_a mod C,
//     |j_b - j_a| < 32, and a bank's 4-byte word (chunks of 1 or 2 bytes)
//     only if their bytes are within 3 of each other, |u_a - u_b + j_a -
//     j_b| <= 3 mod C: both only where u_a - u_b is within 35 of a multiple
//     of C, so the signature keeps that difference within 64, else far;
//   - every byte shifted by a multiple of the shift unit keeps the cost
//     (rows 32 apart move bytes by a multiple of 16): lane 0's bytes mod
//     the shift unit, s TC mod it.
//   - under cp.async.16's transfers (class_options::lines, a shift unit of
//     128) two lanes share a 128-byte line only where their bytes lie
//     within 128 of each other, in one row or across a row's end: the
//     signature keeps a near difference exactly, not modulo C (rows C TC
//     bytes apart), so that it fixes each near lane's byte relative to
//     lane 0's, and with it each lane's line and slot.
// column_spread counts distinct stored columns: only which stored chunks
// are equal matters (a chunk and its wrap are equal mod C, and all of a
// block's 32 are distinct), that is the nearness within 32 alone.
// Classes (of any keys) with equal signatures have equal costs at every
// place: one class. tests/verify/test_class_sweep.cpp checks, start by
// start, every start's bank load and every spread window against its
// merged class's block.
// A signature as a flat list (at most 4 u: 2 + 1 + 8 + 6 entries), the
// rest `unused`, so that one per class allocates nothing.
using signature = std::array<std::int64_t, 17>;

signature cost_signature(geometry const& g, class_key const& key, std::uint64_t s, std::uint64_t tc,
                         class_options const& o) {
    constexpr std::int64_t far = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t unused = std::numeric_limits<std::int64_t>::max();
    std::int64_t const c = std::int64_t(g.chunks), t = std::int64_t(tc), near = o.banks ? 64 : 32;
    std::array<std::int64_t, 4> u{};
    std::size_t const n = key.d.size();  // at most 4: the first block's 0 and three more
    for (std::size_t k = 0; k < n; ++k) u[k] = std::int64_t((s + key.d[k]) % g.chunks);
    signature sig;
    sig.fill(unused);
    std::size_t at = 0;
    sig[at++] = std::int64_t(key.position);
    sig[at++] = std::int64_t(n);
    if (o.banks) {
        sig[at++] = std::int64_t(s * tc % std::max<std::uint64_t>(o.shift_unit, 1));
        for (std::size_t k = 0; k < n; ++k) {
            sig[at++] = ((u[k] - u[0]) * t % 128 + 128) % 128;
            sig[at++] = u[k] >= c - 32 ? c - u[k] : 0;
        }
    }
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b) {
            std::int64_t const e = u[b] - u[a];
            bool const close = e > -near && e < near, above = e >= c - near, below = e <= near - c;
            if (o.lines) sig[at++] = close || above || below ? e : far;  // lines: how near, exactly
            else sig[at++] = close ? e : above ? e - c : below ? e + c : far;
        }
    return sig;
}

// How many entries of a signature are used (the rest `unused`).
std::size_t signature_size(std::size_t n, class_options const& o) { return 2 + (o.banks ? 1 + 2 * n : 0) + n * (n - 1) / 2; }

// What the signatures of a key's classes depend on, segment by segment of
// its s (C > 32): inside a segment no s + d_k crosses C (each s = C - d_k
// where one does ends a zone, and so a segment), so u_k - u_0 = e_k is
// constant there. Of a class's s = first + r g (r its place in the
// segment), then, only s TC mod the shift unit changes, as (first TC + r g
// TC) mod it, and in a zone each wrap C - u_k = (C - first - e_k) - r g,
// which counts where at most 32: for r < 32 / g, only where C - first - e_k
// is at most 64. So the shape: each segment's zone flag, class count,
// signature at `first`, and (banks) each C - first - e_k up to 64 (else 0).
// Keys of equal shape have the same classes, class by class of equal
// signature (tests/verify/test_class_sweep.cpp checks it class by class).
void shape_of(geometry const& g, class_key const& key, s_classes const& classes, std::uint64_t tc, class_options const& o,
              std::vector<std::int64_t>& shape) {
    shape.clear();
    std::int64_t const c = std::int64_t(g.chunks);
    std::size_t const n = key.d.size(), used = signature_size(n, o);
    classes.for_each_segment([&](std::uint64_t first, std::size_t count, bool zone) {
        shape.push_back(zone);
        shape.push_back(std::int64_t(count));
        signature const sig = cost_signature(g, key, first, tc, o);
        shape.insert(shape.end(), sig.begin(), sig.begin() + std::ptrdiff_t(used));
        if (!zone || !o.banks) return;
        for (std::uint64_t dk : key.d) {
            std::int64_t const wrap = c - std::int64_t((first + dk) % g.chunks);  // C - u_k at first
            shape.push_back(wrap <= 64 ? wrap : 0);
        }
    });
}

struct merged_blocks {
    std::vector<start_block> blocks;  // of each merged class that occurs, its first block
    // Of each class (first_class[key] + its own), its merged class (fewer
    // than 2^32: at most 2^22 tiles' keys, a few hundred classes each).
    std::vector<std::uint32_t> merged_of;
    std::vector<std::size_t> kept;  // of each merged class, its index in `blocks`; ~0 if none
    // The index in `blocks` of the class's merged class; ~0 if none.
    std::size_t index(std::size_t class_index) const { return kept[merged_of[class_index]]; }
};

struct pair_hash {
    std::size_t operator()(std::pair<std::size_t, std::uint64_t> const& p) const {
        return list_hash{}(std::array<std::uint64_t, 2>{p.first, p.second});
    }
};

// x mod m by multiplications (Barrett): with q = floor(x floor((2^64 - 1) /
// m) / 2^64), x - q m is below 2 m. The phases' lookups reduce ~10^6 times
// a figure on the widest rows.
class mod_by {
public:
    explicit mod_by(std::uint64_t m) : m_(m), reciprocal_(~std::uint64_t(0) / m) {}
    std::uint64_t operator()(std::uint64_t x) const {
        std::uint64_t const r = x - std::uint64_t((unsigned __int128)x * reciprocal_ >> 64) * m_;
        return r >= m_ ? r - m_ : r;
    }

private:
    std::uint64_t m_, reciprocal_;
};

// The inverse of a mod m (a and m coprime).
std::uint64_t inverse_mod(std::uint64_t a, std::uint64_t m) {
    std::int64_t r0 = std::int64_t(m), r1 = std::int64_t(a % m), t0 = 0, t1 = 1;
    while (r1 != 0) {
        std::int64_t const q = r0 / r1;
        std::tie(r0, r1) = std::make_tuple(r1, r0 - q * r1);
        std::tie(t0, t1) = std::make_tuple(t1, t0 - q * t1);
    }
    return std::uint64_t((t0 % std::int64_t(m) + std::int64_t(m)) % std::int64_t(m));
}

// A tile (block (l, x) of 32 rows and 32 chunks in 2^b rows) and its key.
struct tile {
    std::uint32_t l, x;
    std::size_t key;
};

// When each tile meets an s. Tile (l, x)'s s at h is s0 + h step mod C,
// s0 = a(l, x) mod C, all of one residue mod g; with s = residue + g j it
// meets s at
//   h = (j(s) - j(s0)) inv mod H,   H = C / g = the h of a period,
// inv the inverse of step / g mod H (step / g = 2^b / g mod H, and 2^b / g
// and C / g are coprime). So with phase(s) = j(s) inv mod H, the tile meets
// s at h = phase(s) - phase(s0) mod H, and of a key's tiles the first to
// meet s is the one whose phase is the nearest at or below phase(s),
// cyclically; of tiles of equal phase (they meet s at the same h), the
// first in (l, x) order.
class tile_phases {
public:
    tile_phases(geometry const& g, std::vector<tile> const& tiles, std::size_t keys)
        : h_count_(g.h_count), g_bits_(log2_floor(g.g)), inv_(g.h_count == 1 ? 0 : inverse_mod(g.step() / g.g, g.h_count)),
          mod_h_(g.h_count), n_(g.b - 5) {
        // Placed by key, then sorted within each key: a sort of all the
        // tiles by key first took most of the time here.
        begin_.assign(keys + 1, 0);
        for (tile const& t : tiles) ++begin_[t.key + 1];
        for (std::size_t k = 0; k < keys; ++k) begin_[k + 1] += begin_[k];
        by_key_.resize(tiles.size());
        std::vector<std::size_t> next(begin_.begin(), begin_.end() - 1);
        for (tile const& t : tiles) by_key_[next[t.key]++] = (phase(g.a(t.l, t.x) % g.chunks) << 2 * n_) | (std::uint64_t(t.l) << n_) | t.x;
        for (std::size_t k = 0; k < keys; ++k)
            std::sort(by_key_.begin() + std::ptrdiff_t(begin_[k]), by_key_.begin() + std::ptrdiff_t(begin_[k + 1]));
    }
    struct meeting {
        std::uint64_t h, l, x;
    };
    // The first of key k's tiles to meet s: at h, tile (l, x).
    meeting first(std::size_t k, std::uint64_t s) const {
        auto const lo = by_key_.begin() + std::ptrdiff_t(begin_[k]), hi = by_key_.begin() + std::ptrdiff_t(begin_[k + 1]);
        std::uint64_t const target = phase(s);
        auto at = std::upper_bound(lo, hi, ((target + 1) << 2 * n_) - 1);  // past the last phase at or below the target
        if (at == lo) at = hi;  // every phase above: the highest, one period round
        auto e = at - 1;        // the last of the nearest phase at or below the target
        std::uint64_t const p = *e >> 2 * n_;
        while (e != lo && *(e - 1) >> 2 * n_ == p) --e;  // the first tile of that phase
        std::uint64_t const mask = (std::uint64_t(1) << n_) - 1;
        return {target >= p ? target - p : target + h_count_ - p, (*e >> n_) & mask, *e & mask};
    }

private:
    // j(s) inv < H^2 < 2^44: C < 2^22 (geometry_of).
    std::uint64_t phase(std::uint64_t s) const { return h_count_ == 1 ? 0 : mod_h_((s >> g_bits_) * inv_); }
    std::uint64_t h_count_;
    unsigned g_bits_;  // g = 2^g_bits_
    std::uint64_t inv_;
    mod_by mod_h_;
    unsigned n_;  // l, x < 2^n_
    // The tiles by key, then phase, then (l, x), each as one number
    // (phase, l, x from its high bits down: < 2^22, 2^17, 2^17).
    std::vector<std::uint64_t> by_key_;
    std::vector<std::size_t> begin_;    // key k's: by_key_[begin_[k] .. begin_[k + 1])
};

// The classes merged by cost signature, and each merged class's first
// block: of all the blocks of its classes whose rows lie below `row_end`
// (one period's, or a finite tile's, article_classes.hpp), the one whose
// first start comes first (rows, then columns), so that the first start
// with a figure among the classes' blocks is the first of all; merged
// classes with no such block (a tile shorter than a period) dropped.
//
// A class of few s (a zone's one, a short run's few) takes, for each s,
// the first of its key's tiles to meet it (tile_phases). A class of many s
// is met within a few h by most tiles of its key: those tiles are walked h
// by h, their s stepping by 2^b mod C, until every such class has a block
// that no later h can precede (its h = 0 first, so that the lookups skip
// merged classes met there). Nothing if the walk exceeds `most_steps`
// tile visits.
std::optional<merged_blocks> merged_first_blocks(geometry const& g, std::vector<tile> const& tile_list,
                                                 std::vector<class_key> const& keys, std::vector<s_classes> const& classes,
                                                 std::vector<std::size_t> const& first_class, std::size_t total,
                                                 std::uint64_t row_end, class_options const& o, std::uint64_t tc,
                                                 double most_steps = 2e9) {
    constexpr std::uint64_t none = ~std::uint64_t(0);
    constexpr std::uint64_t few_values = 64;  // a class of at most this many s: each s met directly
    // Each class's merged class: a key of an earlier key's shape takes that
    // key's, class by class (shape_of).
    std::unordered_map<signature, std::size_t, list_hash> seen;
    std::unordered_map<std::vector<std::int64_t>, std::size_t, list_hash> shapes;  // the first key of each shape
    std::vector<std::int64_t> shape;
    std::vector<std::uint32_t> merged_of(total);
    for (std::size_t k = 0; k < keys.size(); ++k) {
        std::size_t const at = first_class[k], count = classes[k].count();
        if (g.chunks > 32) {
            shape_of(g, keys[k], classes[k], tc, o, shape);
            auto const [it, fresh] = shapes.try_emplace(shape, k);
            if (!fresh) {
                std::copy_n(merged_of.begin() + std::ptrdiff_t(first_class[it->second]), count, merged_of.begin() + std::ptrdiff_t(at));
                continue;
            }
        }
        for (std::size_t c = 0; c < count; ++c)
            merged_of[at + c] =
                std::uint32_t(seen.try_emplace(cost_signature(g, keys[k], classes[k].value_of(c), tc, o), seen.size()).first->second);
    }
    std::size_t const merged = seen.size();
    if (merged > o.most_blocks) return std::nullopt;
    // Each merged class's first block so far: its first row, then its block of chunks.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> first(merged, {none, none});
    auto const offer = [&](std::size_t m, std::uint64_t h, std::uint64_t l, std::uint64_t x) {
        std::uint64_t const y = g.row(h, l);
        if (y < row_end && std::make_pair(y, x) < first[m]) first[m] = {y, x};
    };
    tile_phases const phases(g, tile_list, keys.size());
    // The classes of many s, walked below; those of few met directly.
    std::vector<std::vector<std::size_t>> walked_classes(keys.size());  // of each key, the merged classes of its classes of many s
    for (std::size_t k = 0; k < keys.size(); ++k)
        classes[k].for_each_class([&](std::size_t c, std::uint64_t, std::uint64_t count, std::uint64_t) {
            if (count > few_values) walked_classes[k].push_back(merged_of[first_class[k] + c]);
        });
    // The walk: h by h, the tiles of the keys with a class of many s whose
    // block some later h could still precede.
    struct walked {
        std::uint32_t l, x;
        std::size_t key;
        std::uint64_t s;
    };
    std::uint64_t const c = g.chunks, step = g.step();
    std::vector<walked> tiles;
    tiles.reserve(tile_list.size());
    for (tile const& t : tile_list)
        if (!walked_classes[t.key].empty()) tiles.push_back({t.l, t.x, t.key, g.a(t.l, t.x) % c});
    std::uint64_t const h_end = std::min(g.h_count, (row_end >> g.b) + 1);
    double steps = 0;
    auto const walk = [&](std::uint64_t h) {
        steps += double(tiles.size());
        for (walked& t : tiles) {
            offer(merged_of[first_class[t.key] + classes[t.key].of(t.s)], h, t.l, t.x);
            t.s += step;
            if (t.s >= c) t.s -= c;
        }
        return steps <= most_steps;
    };
    std::vector<std::uint64_t> asked(keys.size(), 0);  // the h + 1 at which a key was last asked whether settled
    std::vector<char> done(keys.size(), 0);
    auto const drop_settled = [&](std::uint64_t h) {
        // Settled: a block in a row before the next h's first.
        std::uint64_t const next_row = g.row(h + 1, 0);
        auto const settled = [&](std::size_t k) {
            for (std::size_t m : walked_classes[k])
                if (first[m].first >= next_row) return false;
            return true;
        };
        tiles.erase(std::remove_if(tiles.begin(), tiles.end(),
                                   [&](walked const& t) {
                                       if (asked[t.key] != h + 1) asked[t.key] = h + 1, done[t.key] = settled(t.key);
                                       return done[t.key];
                                   }),
                    tiles.end());
    };
    // The walk's h = 0 before the direct lookups: of a walked key, a merged
    // class met at h = 0 needs no lookup of its classes' s (a lookup's h = 0
    // is one of the key's tiles, met; a later h's rows come after).
    if (!tiles.empty() && !walk(0)) return std::nullopt;
    std::uint64_t const next_h = g.row(1, 0);
    for (std::size_t k = 0; k < keys.size(); ++k)
        classes[k].for_each_class([&](std::size_t c, std::uint64_t s, std::uint64_t count, std::uint64_t stride) {
            std::size_t const m = merged_of[first_class[k] + c];
            if (count > few_values || (first[m].first < next_h && !walked_classes[k].empty())) return;
            for (; count > 0; --count, s += stride) {
                auto const t = phases.first(k, s);
                offer(m, t.h, t.l, t.x);
            }
        });
    if (!tiles.empty()) drop_settled(0);
    for (std::uint64_t h = 1; h < h_end && !tiles.empty(); ++h) {
        if (!walk(h)) return std::nullopt;
        drop_settled(h);
    }
    // The merged classes that occur, in order; each one's index among them.
    merged_blocks out;
    out.kept.assign(merged, ~std::size_t(0));
    for (std::size_t m = 0; m < merged; ++m) {
        if (first[m].first == none) continue;
        std::uint64_t const y = first[m].first, x = first[m].second;
        out.kept[m] = out.blocks.size();
        out.blocks.push_back(start_block{{y, y + 32}, {32 * x * g.per_chunk, std::min(32 * (x + 1) * g.per_chunk, g.per_row)}});
    }
    if (g.periods && out.blocks.size() < merged) return std::nullopt;  // not reached: every class comes in a period
    out.merged_of = std::move(merged_of);
    return out;
}

// A key as a flat list (residue, position, then d past the first 0), so
// that looking one up allocates nothing.
using flat_key = std::array<std::uint64_t, 5>;
constexpr std::uint64_t no_d = ~std::uint64_t(0);  // a flat key's place past its last d

// The keys met and their index, in one flat table (open addressing, at
// most half full): a node map's lookups, one a tile (130K on the widest
// rows), took a third of representative_tiles' time.
class key_table {
public:
    // The index of k, and whether k is new (then given `next`).
    std::pair<std::size_t, bool> find_or_add(flat_key const& k, std::size_t next) {
        if (2 * (count_ + 1) > slots_.size()) grow();
        slot& at = slots_[place(k)];
        if (at.index != empty) return {at.index, false};
        at = {k, next};
        ++count_;
        return {next, true};
    }
    std::size_t at(flat_key const& k) const {
        if (slots_.empty() || slots_[place(k)].index == empty) throw std::out_of_range("key_table: no such key");
        return slots_[place(k)].index;
    }

private:
    static constexpr std::size_t empty = ~std::size_t(0);
    struct slot {
        flat_key key;
        std::size_t index = empty;
    };
    // k's slot, or the empty one where it would go.
    std::size_t place(flat_key const& k) const {
        std::size_t const mask = slots_.size() - 1;
        std::size_t i = list_hash{}(k) & mask;
        while (slots_[i].index != empty && slots_[i].key != k) i = (i + 1) & mask;
        return i;
    }
    void grow() {
        std::vector<slot> old(std::max<std::size_t>(64, 2 * slots_.size()));
        old.swap(slots_);
        for (slot const& e : old)
            if (e.index != empty) slots_[place(e.key)] = e;
    }
    std::vector<slot> slots_;  // a power of two of them
    std::size_t count_ = 0;
};

// The key of block (l, x) of 32 rows and 32 chunks.
flat_key key_of_tile(geometry const& g, class_walk walk, std::uint64_t l, std::uint64_t x) {
    std::uint64_t const a0 = g.a(l, x);
    flat_key k{a0 % g.g, 0, no_d, no_d, no_d};
    if (walk == class_walk::column) {
        // Rows y0 .. y0 + 31 of one chunk column: this block and the next 32 rows.
        k[2] = g.d(g.a(l + 1, x), a0);
        k[1] = x == g.last_x;
    } else if (walk == class_walk::fragment) {
        // Rows y0 .. y0 + 15 of units c, c + 1: this block, the next 32
        // rows, and (but in the last block of chunks) the next 32 chunks of both.
        k[2] = g.d(g.a(l + 1, x), a0);
        if (x < g.last_x) k[3] = g.d(g.a(l, x + 1), a0), k[4] = g.d(g.a(l + 1, x + 1), a0);
        k[1] = x == g.last_x;
    } else {
        // Units of one row from block x on, then the next row's first chunks.
        std::size_t n = 2;
        if (x < g.last_x) k[n++] = g.d(g.a(l, x + 1), a0);
        if (x + 1 >= g.last_x) {
            k[n++] = g.d(32 * l, a0);        // the next row, in the same 32 rows
            k[n++] = g.d(g.a(l + 1, 0), a0);  // the next row after the block's last
        }
        k[1] = std::min<std::uint64_t>(g.last_x - x, 2);
    }
    return k;
}

// The smallest l < 2^n whose bits under `mask` are `fixed`, with
// (l ^ v) < bound (bound <= 2^n), if any. With w = l ^ v, w < bound where,
// for some bit i at which bound has a 1, w has a 0 and equals bound above
// it; below i, w's free bits copying v's keep l's 0. One candidate for
// each such i, the smallest the answer.
std::optional<std::uint64_t> smallest_l(unsigned n, std::uint64_t v, std::uint64_t mask, std::uint64_t fixed,
                                        std::uint64_t bound) {
    std::uint64_t const w_fixed = (fixed ^ v) & mask;
    std::optional<std::uint64_t> best;
    for (unsigned i = 0; i <= n; ++i) {
        if (!((bound >> i) & 1u)) continue;
        std::uint64_t const below = (std::uint64_t(1) << i) - 1, high = bound & ~below & ~(std::uint64_t(1) << i);
        if (((high ^ w_fixed) & mask & ~below & ~(std::uint64_t(1) << i)) != 0) continue;  // a fixed bit above i differs
        if ((w_fixed >> i) & mask >> i & 1u) continue;  // bit i is fixed to 1
        std::uint64_t const w = high | (w_fixed & below) | (v & ~mask & below);
        if (!best || (w ^ v) < *best) best = w ^ v;
    }
    return best;
}

// The tiles that stand for all: tiles of one key and one s0 = a(l, x) mod C
// meet every s at the same h, so the first of them in (l, x) order is the
// first block of every class that any of them meets first. Their key
// depends on (l, x) only through v = l ^ x and the trailing ones t of l
// (column walk: (l + 1) ^ x = v ^ (2^(t+1) - 1)), of x (row walk:
// l ^ (x + 1) = v ^ (2^(t+1) - 1)) or of both (fragments), except in the
// last chunk column (column walk, fragments) or two (row walk), taken tile
// by tile: so of the tiles of each (v, t), only the first (smallest_l) is
// a candidate. The keys in the order first met, and their index; the tiles
// in the order their (key, s0) was first met.
struct tile_set {
    std::vector<class_key> keys;
    key_table index;
    std::vector<tile> tiles;
};

// Keeps, of tiles of one key and one s0, the first met's place and the
// first in (l, x) order.
void keep_first(tile& kept, tile const& t) {
    if (std::make_pair(t.l, t.x) < std::make_pair(kept.l, kept.x)) kept = t;
}

// The tiles of one (key, s0) merged, where tiles of distinct v may share
// s0 = 32 v mod C (l < 2^(b-5)): 32 (v - v') = C is possible (2^b < 2 C)
// only where 32 divides C.
void merge_equal_s0(geometry const& g, std::vector<tile>& tiles) {
    std::unordered_map<std::pair<std::size_t, std::uint64_t>, std::size_t, pair_hash> first;  // (key, s0) -> its tile
    std::vector<tile> out;
    for (tile const& t : tiles) {
        auto const [at, met] = first.try_emplace(std::make_pair(t.key, g.a(t.l, t.x) % g.chunks), out.size());
        if (met) out.push_back(t);
        else keep_first(out[at->second], t);
    }
    tiles = std::move(out);
}

tile_set representative_tiles(geometry const& g, class_walk walk) {
    tile_set out;
    auto const key_of = [&](std::uint64_t l, std::uint64_t x) {
        flat_key const k = key_of_tile(g, walk, l, x);
        auto const [index, fresh] = out.index.find_or_add(k, out.keys.size());
        if (fresh) {
            class_key key{{0}, k[0], k[1]};
            for (std::size_t i = 2; i < k.size() && k[i] != no_d; ++i) key.d.push_back(k[i]);
            out.keys.push_back(std::move(key));
        }
        return index;
    };
    unsigned const n = g.b - 5;  // l, x < 2^n
    std::uint64_t const grouped = walk == class_walk::row ? (g.last_x >= 1 ? g.last_x - 1 : 0) : g.last_x;
    // Whose trailing ones the key reads: l's (column walk: (l + 1) ^ x),
    // x's (row walk: l ^ (x + 1)), or both (fragments: (l + 1) ^ x, l ^ (x +
    // 1) and (l + 1) ^ (x + 1)).
    bool const l_ones = walk != class_walk::row, x_ones = walk != class_walk::column;
    // t trailing ones, then a 0 (below bit n): the bits fixed, and their values.
    auto const trailing = [n](bool counted, unsigned t) {
        std::uint64_t const ones = (std::uint64_t(1) << t) - 1;
        return counted ? std::make_pair(t < n ? 2 * ones + 1 : ones, ones) : std::make_pair(std::uint64_t(0), std::uint64_t(0));
    };
    // The tiles of one v share s0 = 32 v mod C: those of one key, one tile.
    for (std::uint64_t v = 0; v < g.blocks; ++v) {
        std::size_t const of_v = out.tiles.size();
        for (unsigned tl = 0; tl <= (l_ones ? n : 0); ++tl)
            for (unsigned tx = 0; tx <= (x_ones ? n : 0); ++tx) {
                // The bits of l fixed: by l's trailing ones, and by x's as bits of l = x ^ v.
                auto const [l_mask, l_fixed] = trailing(l_ones, tl);
                auto const [x_mask, x_fixed] = trailing(x_ones, tx);
                std::uint64_t const from_x = (x_fixed ^ v) & x_mask;
                if (((l_fixed ^ from_x) & l_mask & x_mask) != 0) continue;  // a bit of l fixed both ways
                auto const l = smallest_l(n, v, l_mask | x_mask, l_fixed | from_x, grouped);
                if (!l) continue;
                tile const found{std::uint32_t(*l), std::uint32_t(*l ^ v), key_of(*l, *l ^ v)};
                auto const same = std::find_if(out.tiles.begin() + std::ptrdiff_t(of_v), out.tiles.end(),
                                               [&](tile const& e) { return e.key == found.key; });
                if (same == out.tiles.end()) out.tiles.push_back(found);
                else keep_first(*same, found);
            }
    }
    // The last columns' keys have a position of their own, unlike the
    // above's, and of one x, each l its own v.
    for (std::uint64_t x = grouped; x <= g.last_x; ++x)
        for (std::uint64_t l = 0; l < g.blocks; ++l) out.tiles.push_back({std::uint32_t(l), std::uint32_t(x), key_of(l, x)});
    if (g.chunks % 32 == 0) merge_equal_s0(g, out.tiles);
    return out;
}

// The classes of each key, numbered key by key.
struct key_classes {
    std::vector<s_classes> classes;
    std::vector<std::size_t> first_class;  // of each key, in the list of all
    std::size_t total = 0;
};
key_classes classes_of_keys(geometry const& g, std::vector<class_key> const& keys, std::uint64_t tc, class_options const& o) {
    // A run's classes: the residues of s * TC mod the shift unit, s stepping by g.
    std::uint64_t const run_values = o.shift_unit <= 1 ? 1 : o.shift_unit / gcd_of(tc * g.g % o.shift_unit, o.shift_unit);
    key_classes out;
    for (auto const& k : keys) {
        out.classes.emplace_back(g, k.d, k.residue, run_values);
        out.first_class.push_back(out.total);
        out.total += out.classes.back().count();
    }
    return out;
}

// Whether every block of a finite tile's last rows (from direct_from on)
// is of a class that occurs before them (`occurs(y, c)` of its first start).
// A start there whose lanes stay in the tile costs what the start at its
// place costs in any block of its class (the layout as if the tile went
// on: the same cells), so in its class's first block, which comes first.
template <class Occurs>
bool last_rows_met(geometry const& g, std::uint64_t direct_from, Occurs occurs) {
    for (std::uint64_t y = direct_from; y < g.tile_rows; y += 32)
        for (std::uint64_t x = 0; x <= g.last_x; ++x)
            if (!occurs(y, 32 * x * g.per_chunk)) return false;
    return true;
}

}  // namespace

std::optional<shape_check> check_equal_shapes(layout_params const& p, std::uint64_t tile_rows, class_options const& o) {
    auto const g = geometry_of(p, tile_rows, o);
    if (!g || g->chunks <= 32 || (o.walk == class_walk::row && g->per_row < 32)) return std::nullopt;
    auto const keys = representative_tiles(*g, o.walk).keys;
    auto const classes = classes_of_keys(*g, keys, p.tc, o).classes;
    std::unordered_map<std::vector<std::int64_t>, std::size_t, list_hash> shapes;  // the first key of each shape
    std::vector<std::int64_t> shape;
    shape_check out;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        shape_of(*g, keys[k], classes[k], p.tc, o, shape);
        auto const [it, fresh] = shapes.try_emplace(shape, k);
        if (fresh) continue;
        ++out.shared_keys;
        std::size_t const first = it->second;
        if (classes[k].count() != classes[first].count()) {
            out.differing += classes[k].count();
            continue;
        }
        for (std::size_t c = 0; c < classes[k].count(); ++c)
            out.differing += cost_signature(*g, keys[k], classes[k].value_of(c), p.tc, o) !=
                             cost_signature(*g, keys[first], classes[first].value_of(c), p.tc, o);
    }
    return out;
}

class_options access_class_options(class_walk walk, unsigned width, bool transfers) {
    class_options o{walk, width, transfers ? bytes_per_phase : unit_bytes(width)};
    o.lines = transfers;
    return o;
}

std::optional<start_classes> article_classes(layout_params const& p, std::uint64_t tile_rows, class_options const& o) {
    auto const found = geometry_of(p, tile_rows, o);
    if (!found) return std::nullopt;
    geometry const& g = *found;
    if (o.walk == class_walk::row && g.per_row < 32) return std::nullopt;
    tile_set set = representative_tiles(g, o.walk);
    auto [classes, first_class, total] = classes_of_keys(g, set.keys, p.tc, o);
    if (total > 16 * o.most_blocks) return std::nullopt;  // before merging: what the first blocks' search can hold
    // The class of the block of start (y, c).
    struct tables {
        geometry g;
        class_walk walk;
        key_table key_index;
        std::vector<std::size_t> first_class;
        std::vector<s_classes> classes;
    };
    auto const t =
        std::make_shared<tables const>(tables{g, o.walk, std::move(set.index), std::move(first_class), std::move(classes)});
    auto const class_of = [t](std::uint64_t y, std::uint64_t c) {
        geometry const& g = t->g;
        std::uint64_t const l = (y >> 5) % g.blocks, x = c / (32 * g.per_chunk);
        std::size_t const key = t->key_index.at(key_of_tile(g, t->walk, l, x));
        std::uint64_t const s = ((y >> g.b) % g.h_count * g.step() + g.a(l, x)) % g.chunks;
        return t->first_class[key] + t->classes[key].of(s);
    };
    // A finite tile shorter than a period and 64 rows: its blocks whose
    // lanes stay in it (their 32 rows and the next 32), the classes that do
    // not occur there dropped, and the starts from the first row of the
    // last blocks on swept directly, unless each block there is of a class
    // that occurs before them (last_rows_met).
    std::uint64_t const direct_from = g.periods ? ~std::uint64_t(0) : (g.tile_rows - 32) / 32 * 32;
    auto merged = merged_first_blocks(g, set.tiles, set.keys, t->classes, t->first_class, total, direct_from, o, p.tc);
    if (!merged) return std::nullopt;
    bool const last_rows_in_classes = !g.periods && last_rows_met(g, direct_from, [&](std::uint64_t y, std::uint64_t c) {
        return merged->index(class_of(y, c)) != ~std::size_t(0);
    });
    std::vector<start_block> blocks = std::move(merged->blocks);
    auto const in_merged = [m = std::make_shared<merged_blocks const>(std::move(*merged)), class_of](std::uint64_t y,
                                                                                                    std::uint64_t c) {
        return m->index(class_of(y, c));
    };
    return start_classes{std::move(blocks), direct_from, in_merged, total, last_rows_in_classes};
}

}  // namespace swz::verify
