// Figures of swizzles that are XOR by one value in each aligned block
// (CuTe's Swizzle<B,M,S>, S >= B) decided from one start per key
// (xor_block_classes.hpp): the blocks claimed of the layout's own map, every
// start's cost against its key's first start, and the figures and first
// starts against sweeps of every start (row_sweep.cpp and column_sweep.cpp,
// themselves checked against the independent enumeration).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <string>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "class_checks.hpp"
#include "class_sweep.hpp"
#include "conflict_bound.hpp"
#include "layout_properties.hpp"
#include "prover.hpp"
#include "row_xor.hpp"
#include "xor_block_classes.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

auto const far = std::chrono::steady_clock::now() + std::chrono::hours(1);

std::string cute_spec(unsigned b, unsigned m, int s, bool bytes, std::uint32_t pad) {
    std::string spec = "cute:" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + (bytes ? ",unit=byte" : "");
    return pad ? spec + "@pad:" + std::to_string(pad) : spec;
}

// A CuTe swizzle after a pad of 0-32 bytes, on elements of 1-8 bytes or on
// bytes, on rows of 48-240 bytes (mostly whole words), whose XOR blocks
// hold 1-4 times the rows the keys ask for (L + 35), on 3-10 blocks or
// `least_bytes`, of at most `most_bytes`.
std::optional<layout_subject> random_blocked(std::mt19937_64& rng, std::uint64_t most_bytes = std::uint64_t(1) << 20,
                                            std::uint64_t least_bytes = 0) {
    std::uint32_t const elem = 1u << (rng() % 4), word = rng() % 4 ? std::max(elem, 4u) : elem;
    std::uint32_t const pads[] = {0, 4, 8, 16, 32}, pad = pads[rng() % 5];
    std::uint32_t const row_bytes = std::max(word, std::uint32_t(48 + rng() % 192) / word * word), pitch = row_bytes + pad;
    bool const bytes = rng() % 3 == 0;
    unsigned const b = 1 + unsigned(rng() % 3), m = unsigned(rng() % 6), unit_log = bytes ? 0 : unsigned(__builtin_ctz(elem));
    std::uint64_t const mod = std::max<std::uint64_t>(128, std::uint64_t(1) << (m + unit_log + b));
    std::uint64_t const l = std::max<std::uint64_t>(mod / std::gcd<std::uint64_t>(mod, pitch), 32);  // at least the keys' L
    unsigned x_log = m + unit_log + b;  // X: at least (L + 35) rows, ZZZ inside
    while ((std::uint64_t(1) << x_log) < (l + 35) * pitch) ++x_log;
    x_log += unsigned(rng() % 3);
    int const s = int(x_log) - int(m + unit_log);
    std::uint64_t const rows = std::max(((std::uint64_t(1) << x_log) / pitch) * (3 + rng() % 8), least_bytes / row_bytes + 1);
    if (rows * row_bytes > most_bytes) return std::nullopt;  // every start enumerated: keep it quick
    auto const p = parse_layout(cute_spec(b, m, s, bytes, pad), {rows, row_bytes, elem, true, std::nullopt});
    if (!std::holds_alternative<layout_subject>(p)) return std::nullopt;  // a pad that breaks the element
    return std::get<layout_subject>(p);
}

// The same on wide rows (600-4000 bytes) and blocks of 1-8 KiB, too few
// rows for the blocks' search: row accesses take the row cycle's.
std::optional<layout_subject> random_wide(std::mt19937_64& rng) {
    std::uint32_t const elem = 1u << (rng() % 4), word = rng() % 4 ? std::max(elem, 4u) : elem;
    std::uint32_t const pads[] = {0, 4, 8, 16, 32}, pad = pads[rng() % 5];
    std::uint32_t const row_bytes = std::max(word, std::uint32_t(600 + rng() % 3400) / word * word);
    bool const bytes = rng() % 3 == 0;
    unsigned const b = 1 + unsigned(rng() % 3), m = unsigned(rng() % 4), unit_log = bytes ? 0 : unsigned(__builtin_ctz(elem));
    unsigned const x_log = std::max(10u + unsigned(rng() % 4), m + unit_log + b);
    int const s = int(x_log) - int(m + unit_log);
    if (s < int(b)) return std::nullopt;
    std::uint64_t const rows = 64 + rng() % ((std::uint64_t(1) << 20) / (row_bytes + pad));
    auto const p = parse_layout(cute_spec(b, m, s, bytes, pad), {rows, row_bytes, elem, true, std::nullopt});
    if (!std::holds_alternative<layout_subject>(p)) return std::nullopt;
    return std::get<layout_subject>(p);
}

xor_block_walk walk_of(access_subject const& w) {
    return {w.lanes_walk_units ? class_walk::row : class_walk::column, w.instr.width, w.units_per_row, w.vars[0].count,
            w.vars.size() > 1 ? w.vars[1].count : 0};
}

// Every start of the access in start order, as its start vector.
template <class F>
void each_start(access_subject const& w, F f) {
    std::vector<std::uint64_t> s(w.vars.size());
    if (s.size() == 1) {
        for (s[0] = 0; s[0] < w.vars[0].count; ++s[0]) f(s);
        return;
    }
    for (s[0] = 0; s[0] < w.vars[0].count; ++s[0])
        for (s[1] = 0; s[1] < w.vars[1].count; ++s[1]) f(s);
}

}  // namespace

TEST_CASE("a CuTe swizzle with S >= B is XOR by one value in each aligned block of 2^(M+S) units", "[verify][swizzle]") {
    std::mt19937_64 rng(7);
    unsigned blocked = 0, not_blocked = 0;
    for (unsigned b = 1; b <= 3; ++b)
        for (unsigned m = 0; m <= 4; ++m)
            for (int s = -6; s <= 12; ++s)
                for (bool bytes : {false, true}) {
                    std::uint32_t const elem = 1u << (rng() % 4), pad = 4u * unsigned(rng() % 9);
                    std::uint32_t const row_bytes = std::max(elem, std::uint32_t(16 + rng() % 600) / elem * elem);
                    std::string const spec = cute_spec(b, m, s, bytes, pad);
                    auto const p = parse_layout(spec, {5000, row_bytes, elem, true, std::nullopt});
                    if (!std::holds_alternative<layout_subject>(p)) continue;
                    auto const& t = std::get<layout_subject>(p);
                    CAPTURE(spec, row_bytes, elem);
                    REQUIRE(t.swizzle);
                    auto const& v = *t.swizzle;
                    if (s < int(b)) {
                        CHECK(v.xor_block_bytes == 0);  // YYY and ZZZ overlap, or ZZZ lies above YYY
                        ++not_blocked;
                        continue;
                    }
                    if (t.pitch % v.unit_bytes != 0) {
                        CHECK(v.xor_block_bytes == 0);
                        continue;
                    }
                    REQUIRE(v.xor_block_bytes > 0);
                    CHECK(v.xor_below_bytes <= v.xor_block_bytes);
                    CHECK(v.span_bytes % v.xor_block_bytes == 0);
                    ++blocked;
                    // Each cell's XOR against its strided offset: below the bound, and
                    // one value for every block of the same number mod R.
                    std::uint64_t const repeat = v.span_bytes / v.xor_block_bytes;
                    std::map<std::uint64_t, std::uint64_t> by_block;
                    for (unsigned i = 0; i < 4000; ++i) {
                        std::uint64_t const y = rng() % 5000, x = rng() % t.cols();
                        std::uint64_t const o = v.base(y, x), d = t.offset(y, x) ^ o;
                        CHECK(d < v.xor_below_bytes);
                        if (o / v.xor_block_bytes % repeat == 0) CHECK(d == 0);
                        auto const [at, fresh] = by_block.emplace(o / v.xor_block_bytes % repeat, d);
                        if (!fresh) CHECK(at->second == d);
                    }
                }
    CHECK(blocked > 100);
    CHECK(not_blocked > 100);
}

TEST_CASE("every start of a blocked swizzle costs what its key's first start costs", "[verify][exhaustive][swizzle]") {
    std::mt19937_64 rng(2026);
    unsigned tiles = 0, keyed = 0, crossing = 0;
    unsigned wide = 0;
    while (tiles < 36) {
        auto const got = tiles % 3 == 2 ? random_wide(rng) : random_blocked(rng);
        if (!got) continue;
        layout_subject const& t = *got;
        for (std::string access : {"row", "row.8", "column", "column.16", "cp.async.16"}) {
            auto const a = access_on(access, t);
            if (!std::holds_alternative<access_subject>(a)) continue;
            auto const& w = std::get<access_subject>(a);
            if (!w.not_applicable.empty() || w.vars.empty()) continue;
            auto const keys = xor_block_keys::of(t, walk_of(w));
            if (!keys) continue;
            wide += tiles % 3 == 2;
            CAPTURE(t.spec, t.rows(), t.shape.row_bytes, t.shape.elem, access);
            // Each key's first start, and every start against it.
            std::map<std::uint64_t, std::pair<std::vector<std::uint64_t>, start_cost>> first;
            each_start(w, [&](std::vector<std::uint64_t> const& s) {
                std::uint64_t const k = keys->key(s.data());
                REQUIRE(k < keys->count());
                start_cost const c = cost_at(w, s);
                auto const [at, fresh] = first.emplace(k, std::make_pair(s, c));
                if (!fresh) REQUIRE(at->second.second == c);
                crossing += keys->lane_offset(s.data(), 31) / keys->block != keys->lane_offset(s.data(), 0) / keys->block;
            });
            // The search's first starts are exactly the keys' first starts.
            auto const found = xor_block_first_starts(t, walk_of(w));
            REQUIRE(found);
            std::vector<std::uint64_t> firsts;
            for (auto const& [k, v] : first) firsts.push_back(v.first.size() == 1 ? v.first[0] : v.first[0] * w.vars[1].count + v.first[1]);
            std::sort(firsts.begin(), firsts.end());
            CHECK(*found == firsts);
            ++keyed;
        }
        ++tiles;
    }
    CHECK(keyed > 60);
    CHECK(wide > 10);  // the row cycle's search
    CHECK(crossing > 1000);
}

TEST_CASE("blocked swizzles' figures from their keys equal a sweep of every start", "[verify][exhaustive][swizzle]") {
    std::mt19937_64 rng(99);
    unsigned decided = 0, columns = 0, transfers = 0;
    for (unsigned i = 0; i < 100; ++i) {
        auto const got = i % 4 == 3 ? random_wide(rng) : random_blocked(rng);
        if (!got) continue;
        layout_subject const& t = *got;
        for (std::string access : {"row", "row.4", "row.16", "column", "column.2", "column.8", "cp.async.16"}) {
            auto const a = access_on(access, t);
            if (!std::holds_alternative<access_subject>(a)) continue;
            access_subject w = std::get<access_subject>(a);
            if (!w.not_applicable.empty() || w.vars.empty()) continue;
            CAPTURE(t.spec, t.rows(), t.shape.row_bytes, t.shape.elem, access);
            auto const x = walk_of(w);
            w.start_classes = [&t, x] { return xor_block_classes(t, x); };
            auto const whole = whole_sweep(w, far);
            REQUIRE(whole.state != column_sweep_result::status::out_of_time);
            auto const by_classes = sweep_access_by_classes(w, far);
            if (!w.start_classes() || !whole) continue;  // no keys, or an illegal lane: the ordinary paths name it
            require_same_as_whole(by_classes, whole);
            ++decided;
            columns += w.lanes_walk_rows;
            transfers += w.instr.rule() != phase_rule::banks;
        }
    }
    CHECK(decided > 150);
    CHECK(columns > 80);
    CHECK(transfers >= 4);  // cp.async.16 is legal only where ZZZ lies at 16 bytes or above
}

TEST_CASE("blocked swizzles' figures from their keys equal the independent enumeration", "[verify][exhaustive][swizzle]") {
    for (auto const& [spec, row_bytes, elem] : std::vector<std::tuple<std::string, std::uint32_t, std::uint32_t>>{
             {"cute:2,2,13@pad:8", 300, 2}, {"cute:1,3,13,unit=byte", 252, 1}, {"cute:3,1,12@pad:16", 200, 4}}) {
        std::uint64_t const rows = 1200;
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const tile = concrete_of(t, rows);
        for (std::string access : {"row", "column"}) {
            CAPTURE(spec, row_bytes, elem, access);
            access_subject w = std::get<access_subject>(access_on(access, t));
            auto const x = walk_of(w);
            REQUIRE(xor_block_classes(t, x));
            w.start_classes = [&t, x] { return xor_block_classes(t, x); };
            require_enumerated_figure(w, sweep_access_by_classes(w, far), tile, access);
        }
    }
}

TEST_CASE("an access illegal on blocked swizzles is refuted at its first illegal start, found from the keys", "[verify][exhaustive][swizzle]") {
    std::mt19937_64 rng(47);
    unsigned refuted = 0, by_keys = 0;
    for (unsigned i = 0; i < 200 && refuted < 12; ++i) {
        auto const got = random_blocked(rng, std::uint64_t(1) << 24, std::uint64_t(1) << 23);  // row.16: 2^14-2^15 starts
        if (!got) continue;
        layout_subject const& t = *got;
        auto const tile = concrete_of(t, t.rows());
        for (std::string access : {"row.8", "row.16", "column.16", "cp.async.16"}) {
            auto const a = access_on(access, t);
            if (!std::holds_alternative<access_subject>(a)) continue;
            access_subject w = std::get<access_subject>(a);
            if (!w.not_applicable.empty() || w.vars.empty()) continue;
            std::uint64_t const starts = w.vars.size() == 1 ? w.vars[0].count : w.vars[0].count * w.vars[1].count;
            if (starts <= cheap_class_sweep_least || starts > (1u << 18)) continue;  // classes asked for; enumeration quick
            auto const e = enumerated_worst_wavefronts(tile, access);
            if (!e.illegal) continue;
            CAPTURE(t.spec, t.rows(), t.shape.row_bytes, t.shape.elem, access);
            auto const x = walk_of(w);
            w.start_classes = [&t, x] { return xor_block_classes(t, x); };
            w.classes_cheap = true;
            if (!w.start_classes()) continue;
            prover p(60000);
            auto const r = prove_conflict_bound(p, w, false, figure_method::automatic);
            REQUIRE(r.outcome == verdict::refuted);
            // Found from the keys, or among the first starts checked in order first.
            bool const from_keys = r.method.find("xor_block_classes") != std::string::npos;
            CHECK((from_keys || r.method.find("up to the first illegal one") != std::string::npos));
            by_keys += from_keys;
            auto const& v = r.evidence.at("variables");
            std::uint64_t const named = w.vars.size() == 1 ? v.at("s").get<std::uint64_t>()
                                                           : v.at("y0").get<std::uint64_t>() * w.vars[1].count + v.at("c").get<std::uint64_t>();
            CHECK(named == e.first_illegal);
            ++refuted;
        }
    }
    CHECK(refuted >= 12);
    CHECK(by_keys >= 6);
}

// On random blocked tiles, a cell property proved or refuted by `prove`
// names, where it fails, the first cell in (y, x) order where `fails` holds,
// found here by enumerating every cell.
template <class Fails, class Prove>
void require_first_failing_cell(std::uint64_t seed, Fails fails, Prove prove) {
    std::mt19937_64 rng(seed);
    unsigned refuted = 0;
    for (unsigned i = 0; i < 40; ++i) {
        auto const got = random_blocked(rng);
        if (!got) continue;
        layout_subject const& t = *got;
        CAPTURE(t.spec, t.rows(), t.shape.row_bytes, t.shape.elem);
        std::optional<std::pair<std::uint64_t, std::uint64_t>> first;
        for (std::uint64_t y = 0; y < t.rows() && !first; ++y)
            for (std::uint64_t x = 0; x < t.cols() && !first; ++x)
                if (fails(t, y, x)) first = std::make_pair(y, x);
        prover p(60000);
        auto const r = prove(p, t);
        if (!first) {
            CHECK(r.outcome == verdict::proved);
            continue;
        }
        REQUIRE(r.outcome == verdict::refuted);
        CHECK(r.evidence.at("cell") == nlohmann::json::array({first->first, first->second}));
        ++refuted;
    }
    CHECK(refuted > 10);
}

TEST_CASE("row_locality on blocked swizzles names the first cell in (y, x) order to leave its row", "[verify][exhaustive][swizzle]") {
    require_first_failing_cell(
        31,
        [](layout_subject const& t, std::uint64_t y, std::uint64_t x) {
            std::uint64_t const o = t.offset(y, x);
            return o < y * t.pitch || o + t.shape.elem > y * t.pitch + t.shape.row_bytes;
        },
        [](prover& p, layout_subject const& t) { return prove_row_locality(p, t); });
}

TEST_CASE("row_xor on blocked swizzles names the first cell in (y, x) order that breaks it", "[verify][exhaustive][swizzle]") {
    require_first_failing_cell(
        37, [](layout_subject const& t, std::uint64_t y, std::uint64_t x) { return t.column(y, x) != (t.column(y, 0) ^ x); },
        [](prover& p, layout_subject const& t) { return prove_row_xor(p, t); });
}

TEST_CASE("only swizzles XOR by blocks, and blocks of enough rows, get XOR-block keys", "[verify][swizzle]") {
    xor_block_walk const column{class_walk::column, 4, 0, 1000, 250};
    for (std::string spec : {"pad:8", "plain", "cute:3,4,-4", "cute:3,4,2", "tma:128B", "linear:1,2,4,8"}) {
        auto const p = parse_layout(spec, {1000, 1000, 4, true, std::nullopt});
        if (!std::holds_alternative<layout_subject>(p)) continue;
        CAPTURE(spec);
        CHECK_FALSE(xor_block_keys::of(std::get<layout_subject>(p), column));
    }
    // Blocks of 2^11 bytes hold 2 rows of 1000: too few.
    CHECK_FALSE(xor_block_keys::of(parsed_layout("cute:2,2,9", 1000, 1000, 4), column));
    CHECK(xor_block_keys::of(parsed_layout("cute:2,2,16", 1000, 1000, 4), column));
}

TEST_CASE("the row cycle's walk skips only rows whose keys it has met, on odd rows of few rows a block",
          "[verify][exhaustive][swizzle]") {
    // Blocks of 3-13 rows, fewer than the L rows after which a row's
    // residues repeat (odd rows: L = 128 or more), so each block class needs
    // many blocks before its rows have shown every residue and the walk may
    // skip rows inside a block; each key's first start is compared with
    // every start's key, in order.
    unsigned skipping = 0;
    for (auto const& [spec, row_bytes, elem] : std::vector<std::tuple<std::string, std::uint32_t, std::uint32_t>>{
             {"cute:2,2,9,unit=byte", 301, 1}, {"cute:1,3,9,unit=byte", 613, 1}, {"cute:3,1,10,unit=byte@pad:8", 150, 2},
             {"cute:2,0,12", 999, 1}, {"cute:3,2,9,unit=byte", 157, 1}}) {
        std::uint64_t const rows = 6000;
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        for (std::string access : {"row", "row.2"}) {
            auto const a = access_on(access, t);
            if (!std::holds_alternative<access_subject>(a)) continue;
            auto const& w = std::get<access_subject>(a);
            if (!w.not_applicable.empty() || w.vars.size() != 1) continue;
            CAPTURE(spec, row_bytes, elem, access);
            auto const keys = xor_block_keys::of(t, walk_of(w));
            REQUIRE(keys);
            skipping += keys->block / keys->pitch < keys->cycle_rows;
            std::map<std::uint64_t, std::uint64_t> first;
            for (std::uint64_t s = 0; s < w.vars[0].count; ++s) first.emplace(keys->key(&s), s);
            std::vector<std::uint64_t> firsts;
            for (auto const& [k, s] : first) firsts.push_back(s);
            std::sort(firsts.begin(), firsts.end());
            auto const found = xor_block_first_starts(t, walk_of(w));
            REQUIRE(found);
            CHECK(*found == firsts);
        }
    }
    CHECK(skipping >= 6);
}
