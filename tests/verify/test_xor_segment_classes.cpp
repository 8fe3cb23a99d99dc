// Column figures of swizzles XOR by blocks, on rows wide against the blocks,
// decided from one start per segment key (xor_segment_classes.hpp): every
// start's cost against its key's first start, the search's first starts
// against enumeration of every start, and the figures against sweeps of
// every start and the independent enumeration.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "class_checks.hpp"
#include "class_sweep.hpp"
#include "conflict_bound.hpp"
#include "fragment_sweep.hpp"
#include "prover.hpp"
#include "spread_sweep.hpp"
#include "xor_block_classes.hpp"
#include "xor_segment_classes.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

auto const far = std::chrono::steady_clock::now() + std::chrono::hours(1);

// A CuTe swizzle after a pad of 0-32 bytes, on elements of 1-8 bytes or on
// bytes, on rows of 300-3000 bytes (a multiple of `row_align`) and blocks of
// 2^9-2^13 bytes (`wide`: a few rows or less, too few for
// xor_block_classes.hpp's keys) or 2^14-2^17 bytes; at most `most_bytes` in
// all, so that every start can be enumerated.
std::optional<layout_subject> random_tile(std::mt19937_64& rng, std::uint64_t most_bytes, bool wide = true,
                                          std::uint32_t row_align = 1) {
    std::uint32_t const elem = 1u << (rng() % 4), word = std::max(row_align, rng() % 4 ? std::max(elem, 4u) : elem);
    std::uint32_t const pads[] = {0, 4, 8, 16, 32}, pad = pads[rng() % 5];
    std::uint32_t const row_bytes = std::max(word, std::uint32_t(300 + rng() % 2700) / word * word);
    bool const bytes = rng() % 3 == 0;
    unsigned const b = 1 + unsigned(rng() % 3), m = unsigned(rng() % 5), unit_log = bytes ? 0 : unsigned(__builtin_ctz(elem));
    unsigned const x_log = std::max((wide ? 9u : 14u) + unsigned(rng() % 5), m + unit_log + b);
    int const s = int(x_log) - int(m + unit_log);
    if (s < int(b)) return std::nullopt;
    std::uint64_t const rows = 40 + rng() % (most_bytes / (row_bytes + pad));
    std::string const spec = "cute:" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) +
                             (bytes ? ",unit=byte" : "") + (pad ? "@pad:" + std::to_string(pad) : "");
    auto const p = parse_layout(spec, {rows, row_bytes, elem, true, std::nullopt});
    if (!std::holds_alternative<layout_subject>(p)) return std::nullopt;
    return std::get<layout_subject>(p);
}

std::optional<layout_subject> random_wide_rows(std::mt19937_64& rng, std::uint64_t most_bytes) {
    return random_tile(rng, most_bytes);
}

fixed_window_walk column_walk(access_subject const& w) {
    return fixed_window_walk::column(w.instr.width, w.vars[0].count, w.vars[1].count);
}

// A column access's window, or a fragment's (its lanes' rows and 16-byte blocks).
fixed_window_walk window_of(access_subject const& w) {
    if (w.lane_grid.empty()) return column_walk(w);
    return {w.lane_grid, w.instr.width, w.vars[0].count, w.vars[1].count};
}

// A column or fragment access of two start variables on the tile.
std::optional<access_subject> column_on(std::string const& access, layout_subject const& t) {
    auto const a = access_on(access, t);
    if (!std::holds_alternative<access_subject>(a)) return std::nullopt;
    auto const& w = std::get<access_subject>(a);
    if (!w.not_applicable.empty() || w.vars.size() != 2) return std::nullopt;
    return w;
}

column_sweep_result whole(access_subject const& w) {
    return w.lane_grid.empty() ? sweep_column_starts(w, far) : sweep_fragment_starts(w, far);
}

// Every start's cost against its key's first start's, and the search's
// first starts against those found by enumerating every start.
void require_keys_hold(access_subject const& w, layout_subject const& t, xor_segment_keys const& keys) {
    std::map<std::uint64_t, std::pair<std::uint64_t, start_cost>> first;
    std::vector<std::uint64_t> s(2);
    std::uint64_t outside = 0, unlike = 0;  // keys out of range; starts unlike their key's first
    for (s[0] = 0; s[0] < w.vars[0].count; ++s[0])
        for (s[1] = 0; s[1] < w.vars[1].count; ++s[1]) {
            std::uint64_t const k = keys.key(s[0], s[1]);
            outside += k >= keys.count();
            start_cost const c = cost_at(w, s);
            auto const [at, fresh] = first.emplace(k, std::make_pair(s[0] * w.vars[1].count + s[1], c));
            unlike += !fresh && !(at->second.second == c);
        }
    CHECK(outside == 0);
    CHECK(unlike == 0);
    auto const found = xor_segment_first_starts(t, window_of(w));
    REQUIRE(found);
    std::vector<std::uint64_t> firsts;
    for (auto const& [k, v] : first) firsts.push_back(v.first);
    std::sort(firsts.begin(), firsts.end());
    CHECK(*found == firsts);
}

// The access's figure and first start from its segment keys against its
// sweep of every start; false where it has no keys or an illegal lane (the
// ordinary paths name it).
bool keys_match_whole_sweep(access_subject w, layout_subject const& t) {
    auto const x = window_of(w);
    w.start_classes = [&t, x] { return xor_segment_classes(t, x); };
    auto const swept = whole(w);
    REQUIRE(swept.state != column_sweep_result::status::out_of_time);
    if (!w.start_classes() || !swept) return false;
    require_same_as_whole(sweep_access_by_classes(w, far), swept);
    return true;
}

using tile_case = std::tuple<std::string, std::uint32_t, std::uint32_t>;  // spec, row bytes, element

// On tiles of 300 rows, each access's figure and first start from its
// segment keys against the independent enumeration.
void require_keys_match_enumeration(std::vector<tile_case> const& tiles, std::vector<std::string> const& accesses) {
    for (auto const& [spec, row_bytes, elem] : tiles) {
        std::uint64_t const rows = 300;
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const tile = concrete_of(t, rows);
        for (std::string const& access : accesses) {
            CAPTURE(spec, row_bytes, elem, access);
            auto w = column_on(access, t);
            REQUIRE(w);
            auto const x = window_of(*w);
            REQUIRE(xor_segment_classes(t, x));
            w->start_classes = [&t, x] { return xor_segment_classes(t, x); };
            require_enumerated_figure(*w, sweep_access_by_classes(*w, far), tile, access);
        }
    }
}

}  // namespace

TEST_CASE("every column start on rows wide against the XOR blocks costs what its segment key's first start costs",
          "[verify][exhaustive][swizzle]") {
    std::mt19937_64 rng(2027);
    unsigned keyed = 0, declined_by_blocks = 0, multi_block = 0;
    for (unsigned tiles = 0; tiles < 32;) {
        auto const got = random_wide_rows(rng, std::uint64_t(1) << 17);
        if (!got) continue;
        layout_subject const& t = *got;
        ++tiles;
        for (std::string access : {"column", "column.2", "column.8", "column.16"}) {
            auto const w = column_on(access, t);
            if (!w) continue;
            auto const keys = xor_segment_keys::of(t, column_walk(*w));
            if (!keys) continue;
            CAPTURE(t.spec, t.rows(), t.shape.row_bytes, t.shape.elem, access);
            xor_block_walk const blocks{class_walk::column, w->instr.width, 0, w->vars[0].count, w->vars[1].count};
            declined_by_blocks += !xor_block_first_starts(t, blocks);
            // Lanes in more than two blocks: what the XOR-block keys cannot take.
            multi_block += 31 * t.pitch >= 2 * keys->block;
            require_keys_hold(*w, t, *keys);
            ++keyed;
        }
    }
    CHECK(keyed > 50);
    CHECK(declined_by_blocks > 40);
    CHECK(multi_block > 30);
}

TEST_CASE("every ldmatrix and stmatrix start on a swizzle XOR by blocks costs what its segment key's first start costs",
          "[verify][exhaustive][swizzle]") {
    std::mt19937_64 rng(2028);
    unsigned keyed = 0, wide = 0;
    for (unsigned tiles = 0; tiles < 36;) {
        bool const on_wide = tiles % 2 == 0;
        auto const got = random_tile(rng, std::uint64_t(1) << 17, on_wide, 16);
        if (!got) continue;
        layout_subject const& t = *got;
        ++tiles;
        for (std::string access : {"ldmatrix.x4", "ldmatrix.x2", "stmatrix.x1.trans"}) {
            auto const w = column_on(access, t);
            if (!w || w->lane_grid.empty()) continue;
            auto const keys = xor_segment_keys::of(t, window_of(*w));
            if (!keys) continue;
            CAPTURE(t.spec, t.rows(), t.shape.row_bytes, t.shape.elem, access);
            require_keys_hold(*w, t, *keys);
            ++keyed;
            wide += on_wide;
        }
    }
    CHECK(keyed > 50);
    CHECK(wide > 20);
}

TEST_CASE("ldmatrix and stmatrix figures from segment keys equal a sweep of every start and the independent enumeration",
          "[verify][exhaustive][swizzle]") {
    std::mt19937_64 rng(315);
    unsigned decided = 0;
    for (unsigned i = 0; i < 60; ++i) {
        auto const got = random_tile(rng, std::uint64_t(1) << 20, i % 2 == 0, 16);
        if (!got) continue;
        layout_subject const& t = *got;
        for (std::string access : {"ldmatrix.x4.trans", "stmatrix.x2", "ldmatrix.x1"}) {
            auto const w = column_on(access, t);
            if (!w || w->lane_grid.empty()) continue;
            CAPTURE(t.spec, t.rows(), t.shape.row_bytes, t.shape.elem, access);
            decided += keys_match_whole_sweep(*w, t);
        }
    }
    CHECK(decided > 40);
    require_keys_match_enumeration({{"cute:2,3,8@pad:16", 1504, 2}, {"cute:3,4,10,unit=byte", 2064, 1}, {"cute:1,2,12@pad:16", 1200, 4}},
                                   {"ldmatrix.x4", "stmatrix.x1"});
}

TEST_CASE("column figures from segment keys equal a sweep of every start", "[verify][exhaustive][swizzle]") {
    std::mt19937_64 rng(314);
    unsigned decided = 0;
    for (unsigned i = 0; i < 60; ++i) {
        auto const got = random_wide_rows(rng, std::uint64_t(1) << 20);
        if (!got) continue;
        layout_subject const& t = *got;
        for (std::string access : {"column", "column.4", "column.16"}) {
            auto const w = column_on(access, t);
            if (!w) continue;
            CAPTURE(t.spec, t.rows(), t.shape.row_bytes, t.shape.elem, access);
            decided += keys_match_whole_sweep(*w, t);
        }
    }
    CHECK(decided > 60);
}

TEST_CASE("column figures from segment keys equal the independent enumeration", "[verify][exhaustive][swizzle]") {
    require_keys_match_enumeration({{"cute:2,2,9@pad:8", 1504, 2}, {"cute:1,3,8,unit=byte", 2056, 1}, {"cute:3,1,10@pad:16", 1200, 4}},
                                   {"column", "column.8"});
}

TEST_CASE("a column or fragment access illegal on a swizzle XOR by blocks is refuted at its first illegal start, found from the "
          "segment keys",
          "[verify][exhaustive][swizzle]") {
    std::mt19937_64 rng(48);
    unsigned refuted = 0, by_keys = 0, fragments = 0;
    for (unsigned i = 0; i < 600 && (by_keys < 8 || fragments < 4); ++i) {
        auto const got = random_tile(rng, std::uint64_t(1) << 20, i % 3 != 2, i % 2 ? 16 : 1);
        if (!got) continue;
        layout_subject const& t = *got;
        auto const tile = concrete_of(t, t.rows());
        for (std::string access : {"column.8", "column.16", "ldmatrix.x4", "stmatrix.x2"}) {
            auto w = column_on(access, t);
            if (!w) continue;
            auto const e = enumerated_worst_wavefronts(tile, access);
            if (!e.illegal) continue;
            CAPTURE(t.spec, t.rows(), t.shape.row_bytes, t.shape.elem, access);
            auto const x = window_of(*w);
            w->start_classes = [&t, x] { return xor_segment_classes(t, x); };
            w->classes_cheap = true;
            if (!w->start_classes()) continue;
            prover p(60000);
            auto const r = prove_conflict_bound(p, *w, false, figure_method::automatic);
            REQUIRE(r.outcome == verdict::refuted);
            auto const& v = r.evidence.at("variables");
            CHECK(v.at("y0").get<std::uint64_t>() * w->vars[1].count + v.at("c").get<std::uint64_t>() == e.first_illegal);
            bool const from_keys = r.method.find("xor_segment_classes") != std::string::npos;
            by_keys += from_keys;
            fragments += from_keys && !w->lane_grid.empty();
            ++refuted;
        }
    }
    CHECK(refuted >= 8);
    CHECK(by_keys >= 8);  // past the first starts that are checked in order first
    CHECK(fragments >= 4);
}

TEST_CASE("column_spread from segment keys equals the sliding sweep of every window", "[verify][exhaustive][swizzle]") {
    // Windows of one key store their 32 cells one shift apart, so their
    // stored columns differ by one shift: the same spread. Only layouts that
    // keep their rows have a spread; the figure and its first window are
    // compared with column_spread's sweep of every window.
    std::mt19937_64 rng(316);
    unsigned compared = 0;
    for (unsigned i = 0; i < 300 && compared < 30; ++i) {
        // Rows of whole 64-512-byte runs: a swizzle whose XOR stays below
        // them keeps its rows.
        auto const got = random_tile(rng, std::uint64_t(1) << 20, i % 2 == 0, 64u << (i % 4));
        if (!got) continue;
        layout_subject const& t = *got;
        bool keeps_rows = true;
        for (std::uint64_t y = 0; y < t.rows() && keeps_rows; ++y)
            for (std::uint64_t x = 0; x < t.cols() && keeps_rows; ++x) {
                std::uint64_t const o = t.offset(y, x);
                keeps_rows = o >= y * t.pitch && o + t.shape.elem <= y * t.pitch + t.shape.row_bytes;
            }
        if (!keeps_rows || t.rows() < 32) continue;
        CAPTURE(t.spec, t.rows(), t.shape.row_bytes, t.shape.elem);
        std::uint64_t const starts = t.rows() - 31;
        auto const by_keys = sweep_spread_by_classes(t, starts, t.cols(), far);
        if (!by_keys) continue;  // no keys, or hardly fewer than the windows
        auto const whole = sweep_column_spread(t, starts, t.cols(), 32, far);
        require_same_as_whole(by_keys, whole);
        ++compared;
    }
    CHECK(compared >= 20);
}
