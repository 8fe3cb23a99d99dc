// Figures decided from one block of each class of starts of equal cost
// (article_classes.hpp, class_sweep.hpp) equal those of sweeping every start
// of the period (the sweeps, themselves checked against the independent
// enumeration in test_column_sweep.cpp and test_row_sweep.cpp), witness
// included; on the smallest periods, equal the independent enumeration
// directly; and the classes stay out of the way where they do not apply.
#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <algorithm>
#include <set>
#include <string>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "article_classes.hpp"
#include "class_checks.hpp"
#include "class_sweep.hpp"
#include "column_spread.hpp"
#include "column_sweep.hpp"
#include "row_sweep.hpp"
#include "spread_sweep.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

auto const far = std::chrono::steady_clock::now() + std::chrono::hours(1);
constexpr std::uint64_t all_rows = std::uint64_t(1) << 32;

// Row chunk counts C of 17 .. 200 that are not powers of two: odd, even,
// and with 2, 4, 8 or 16 in them (the residue of s mod gcd(2^b, C)), on
// every element size and several chunk sizes.
std::vector<layout_params> layouts() {
    return {{17, 4, 4},  {20, 4, 4},  {24, 1, 1},  {33, 2, 2},  {40, 4, 8},  {48, 2, 4},  {51, 1, 1},  {36, 8, 8},
            {44, 16, 16}, {68, 4, 16}, {80, 1, 4}, {96, 2, 2},  {100, 1, 1}, {112, 8, 16}, {120, 2, 8}, {27, 16, 16},
            {75, 4, 4},  {160, 1, 8}, {200, 1, 1}, {34, 8, 16}, {68, 2, 4}};
}

// Periods short enough to check start by start (or window by window),
// then `merging`: rows of 4-8 blocks of chunks, where classes of several
// keys merge.
std::vector<layout_params> start_by_start(std::vector<layout_params> const& merging) {
    std::vector<layout_params> out{{40, 4, 8}, {96, 1, 4}, {72, 2, 4}, {51, 1, 1}, {33, 2, 2}, {24, 1, 1},
                                   {17, 4, 4}, {100, 2, 4}, {35, 1, 1}, {45, 2, 2}, {42, 2, 2}};
    out.insert(out.end(), merging.begin(), merging.end());
    return out;
}

// Rows of 16-byte units for fragments (ldmatrix, stmatrix) and cp.async.16:
// one to six blocks of 32 chunks, the last whole or partial (65 chunks: a
// last block of one chunk, where no fragment of two units starts), chunks of
// one unit or two.
std::vector<layout_params> sixteen_byte_units() {
    return {{44, 16, 16},  {27, 16, 16}, {34, 8, 16},  {100, 16, 16}, {192, 16, 16},
            {70, 8, 16},   {96, 16, 32}, {112, 8, 16}, {65, 16, 16}};
}
std::vector<std::string> const fragments_and_transfers{"ldmatrix.x1", "ldmatrix.x2", "ldmatrix.x4", "ldmatrix.x2.trans",
                                                        "stmatrix.x4.trans", "cp.async.16"};

}  // namespace

TEST_CASE("classes of starts give the whole period's figure and first start", "[verify][exhaustive]") {
    unsigned decided = 0;
    for (auto const& p : layouts()) {
        auto const t = article_tile(p, all_rows);
        start_lemmas lemmas(t.period_rows);
        for (std::string access : {"row", "row-chunk", "column", "column-chunk"})
            for (std::string width : {"", ".1", ".2", ".4", ".8", ".16"}) {
                CAPTURE(article_spec(p), access + width, t.period_rows);
                auto const a = access_on(access + width, t, lemmas);
                if (!std::holds_alternative<access_subject>(a)) continue;
                auto const& w = std::get<access_subject>(a);
                if (!w.not_applicable.empty()) continue;
                auto const by_classes = sweep_access_by_classes(w, far);
                auto const whole = whole_sweep(w, far);
                REQUIRE(whole.state != column_sweep_result::status::out_of_time);
                REQUIRE(w.start_classes);
                bool const has_classes = w.start_classes().has_value();
                if (p.tc % w.instr.width != 0) CHECK_FALSE(has_classes);  // units across chunks
                if (w.lanes_walk_units && p.row_bytes() / w.instr.width < 32) CHECK_FALSE(has_classes);
                if (!has_classes) {
                    CHECK_FALSE(by_classes);
                    continue;
                }
                if (!whole) {
                    CHECK_FALSE(by_classes);  // an illegal lane somewhere: the ordinary paths name it
                    continue;
                }
                require_same_as_whole(by_classes, whole);
                CHECK(by_classes->blocks > 0);
                ++decided;
            }
        CAPTURE(article_spec(p));
        auto const spread = sweep_spread_by_classes(t, t.period_rows, p.nx, far);
        auto const whole = sweep_column_spread(t, t.period_rows, p.nx, spread_window, far);
        require_same_as_whole(spread, whole);
        ++decided;
    }
    CHECK(decided > 100);
}

// Fragments and cp.async.16's transfers too: their classes (four blocks a
// fragment reaches; classes one shift of whole 128-byte lines apart, near
// chunks' distance kept exactly) give every start's figure and first start.
TEST_CASE("fragments and cp.async.16 by classes give the whole period's figure and first start", "[verify][exhaustive]") {
    unsigned decided = 0;
    for (auto const& p : sixteen_byte_units()) {
        auto const t = article_tile(p, all_rows);
        start_lemmas lemmas(t.period_rows);
        for (std::string const& name : fragments_and_transfers) {
            CAPTURE(article_spec(p), name, t.period_rows);
            auto const w = std::get<access_subject>(access_on(name, t, lemmas));
            REQUIRE(w.not_applicable.empty());
            REQUIRE(w.start_classes);
            if (w.lanes_walk_units && w.units_per_row < 32) {  // a row access on rows of fewer than 32 units
                CHECK_FALSE(w.start_classes());
                continue;
            }
            REQUIRE(w.start_classes());
            require_same_as_whole(sweep_access_by_classes(w, far), whole_sweep(w, far));
            ++decided;
        }
    }
    CHECK(decided >= 50);
}

TEST_CASE("classes of starts give the independent enumeration's figures on the smallest periods", "[verify][exhaustive]") {
    for (auto const& p : {layout_params{40, 4, 8}, layout_params{96, 1, 4}, layout_params{34, 8, 16}, layout_params{72, 2, 4},
                          layout_params{44, 16, 16}}) {
        auto const t = article_tile(p, all_rows);
        std::uint64_t const period = t.period_rows;
        CAPTURE(article_spec(p), period);
        REQUIRE(period < 2000);
        auto const tile = concrete_of(t, period + 32);  // every start of one period, whole
        start_lemmas lemmas(period);
        for (std::string name : {"row", "column", "ldmatrix.x4", "stmatrix.x2", "cp.async.16"}) {
            if (name != "row" && name != "column" && p.tc % 16 != 0) continue;  // 16-byte units across chunks
            if (name == "cp.async.16" && p.row_bytes() < 32 * 16) continue;    // rows of fewer than 32 units: no classes
            CAPTURE(name);
            auto const w = std::get<access_subject>(access_on(name, t, lemmas));
            require_enumerated_figure(w, sweep_access_by_classes(w, far), tile, name);
        }
        auto const spread = sweep_spread_by_classes(t, t.period_rows, p.nx, far);
        REQUIRE(spread);
        CHECK(spread->swept.figure == enumerated_min_spread(tile));
    }
}

TEST_CASE("classes of starts apply to the article's formula on long periods only", "[verify]") {
    class_options const column{class_walk::column, 4, 4};
    // C a power of two: the ordinary paths are quick there.
    CHECK_FALSE(article_classes({64, 4, 4}, all_rows, column));
    CHECK_FALSE(article_classes({64, 4, 16}, all_rows, column));
    // C below 17.
    CHECK_FALSE(article_classes({12, 4, 4}, all_rows, column));
    // The widest row shared memory holds has them; rows of more than 2^22
    // chunks (of more than 2^22 tiles that stand for all) have none.
    CHECK(article_classes({232447, 1, 1}, all_rows, {class_walk::column, 1, 4}));
    CHECK_FALSE(article_classes({(1u << 22) + 1, 1, 1}, all_rows, {class_walk::column, 1, 4}));
    // Fewer rows than a period and 64 more: a window of the period, whose
    // last rows are swept directly (test_tile_classes.cpp).
    layout_params const odd{100, 4, 4};
    auto const t = article_tile(odd, all_rows);
    CHECK(article_classes(odd, all_rows, column));
    auto const window = article_classes(odd, t.period_rows + 63, column);
    REQUIRE(window);
    CHECK(window->direct_from == (t.period_rows + 31) / 32 * 32);
    auto const whole = article_classes(odd, t.period_rows + 64, column);
    REQUIRE(whole);
    CHECK(whole->direct_from == ~std::uint64_t(0));
    // A unit that is not a whole part of the chunk.
    CHECK_FALSE(article_classes({100, 4, 12}, all_rows, {class_walk::column, 8, 8}));
    // Rows of fewer than 32 units, for a row access.
    CHECK_FALSE(article_classes({20, 4, 4}, all_rows, {class_walk::row, 4, 4}));
    CHECK(article_classes({20, 4, 4}, all_rows, {class_walk::column, 4, 4}));
    // Other families have none of these (a CuTe swizzle's XOR blocks of 128
    // bytes hold no rows of 1024: none of xor_block_classes.hpp either).
    auto const cute = parsed_layout("cute:3,3,3", all_rows, 1024, 2);
    auto const w = std::get<access_subject>(access_on("column", cute, start_lemmas(cute.period_rows)));
    CHECK_FALSE((w.start_classes && w.start_classes()));
    CHECK_FALSE(sweep_access_by_classes(w, far));
}

// Stronger than the figure: every start of the period has the bank load
// (distinct units per bank group, each phase) of the start at its place in
// its class's block, so the claim of article_classes.hpp holds start by
// start, whatever the figure asked (the most, the fewest).
TEST_CASE("every start of the period loads the banks as its place in its class's block", "[verify][exhaustive]") {
    unsigned compared = 0, merged = 0;
    for (auto const& p : start_by_start({{192, 1, 1}, {144, 4, 4}, {160, 2, 2}})) {
        auto const t = article_tile(p, all_rows);
        std::uint64_t const period = t.period_rows;
        for (std::string name : {"column", "column.1", "column.2", "row", "row.1", "row.2"}) {
            CAPTURE(article_spec(p), name, period);
            auto const a = access_on(name, t, start_lemmas(period));
            if (!std::holds_alternative<access_subject>(a)) continue;
            auto const& w = std::get<access_subject>(a);
            bool const by_rows = w.lanes_walk_units;
            auto const classes = article_classes_of(p, all_rows, w);
            if (!classes) continue;
            std::uint64_t const upr = w.units_per_row, per_block = 32 * (p.tc / w.instr.width);
            std::uint64_t checked = 0, differ = 0;
            for (std::uint64_t y = 0; y < period; ++y)
                for (std::uint64_t c = 0; c < upr; ++c) {
                    if (by_rows && (y * upr + c) % 32 != 0) continue;  // no window starts there
                    auto const& b = classes->blocks.at(classes->class_of(y, c));
                    differ += load_at_unit(w, y, c) != load_at_unit(w, b.rows.begin + y % 32, b.cols.begin + c % per_block);
                    ++checked;
                }
            CHECK(differ == 0);
            CHECK(checked > 0);
            merged += classes->blocks.size() < classes->before_merge;
            ++compared;
        }
    }
    CHECK(compared >= 30);
    CHECK(merged >= 8);  // classes of one cost signature merged, across keys: the claim checked above covers them
}

// The same for fragments and cp.async.16, start by start: each phase's bank
// load, the wavefronts (cp.async.16's by transfers) and legality equal
// those of the start at its place in its class's block.
TEST_CASE("every fragment and cp.async.16 start of the period costs what its place in its class's block costs",
          "[verify][exhaustive]") {
    unsigned compared = 0, merged = 0;
    for (auto const& p : sixteen_byte_units()) {
        auto const t = article_tile(p, all_rows);
        std::uint64_t const period = t.period_rows;
        if (period > 2500) continue;  // checked by figure above
        for (std::string const& name : fragments_and_transfers) {
            CAPTURE(article_spec(p), name, period);
            auto const w = std::get<access_subject>(access_on(name, t, start_lemmas(period)));
            auto const classes = article_classes_of(p, all_rows, w);
            bool const by_rows = w.lanes_walk_units;
            if (by_rows && w.units_per_row < 32) continue;  // no classes (above)
            REQUIRE(classes);
            std::uint64_t const upr = w.units_per_row, per_block = 32 * (p.tc / 16);
            std::uint64_t const cols = by_rows ? upr : w.vars[1].count;
            std::uint64_t checked = 0, differ = 0;
            for (std::uint64_t y = 0; y < period; ++y)
                for (std::uint64_t c = 0; c < cols; ++c) {
                    if (by_rows && (y * upr + c) % 32 != 0) continue;  // no window starts there
                    auto const& b = classes->blocks.at(classes->class_of(y, c));
                    differ += !(cost_at_unit(w, y, c) == cost_at_unit(w, b.rows.begin + y % 32, b.cols.begin + c % per_block));
                    ++checked;
                }
            CHECK(differ == 0);
            CHECK(checked > 0);
            merged += classes->blocks.size() < classes->before_merge;
            ++compared;
        }
    }
    CHECK(compared >= 40);
    CHECK(merged >= 4);  // the merged classes of several keys, checked above too
}

// Classes of keys of equal shape take their merged classes from the first
// such key's (article_classes.cpp's shape_of) without a signature of their
// own: on every layout above, wide rows, and chunks of several units, each
// such class's own cost signature is the one it took, class by class, for
// column_spread's classes and each access width's column and row walks.
TEST_CASE("keys of equal shape have classes of equal cost signature, class by class", "[verify][classes]") {
    std::vector<layout_params> all = start_by_start({{192, 1, 1}, {144, 4, 4}, {384, 1, 1}, {240, 2, 2}});
    for (auto const& p : layouts()) all.push_back(p);
    for (layout_params const p : {layout_params{9409, 4, 4}, layout_params{16423, 1, 1}, layout_params{9998, 8, 16},
                                  layout_params{3000, 1, 16}, layout_params{2001, 2, 8}, layout_params{224512, 1, 1},
                                  layout_params{224533, 1, 1}, layout_params{100000, 2, 2}})
        all.push_back(p);
    std::size_t shared = 0, checked = 0;
    for (auto const& p : all) {
        std::vector<class_options> options{{class_walk::column, p.elem, 1, false}};
        for (unsigned w : {1u, 2u, 4u, 8u, 16u})
            if (w <= p.tc) options.push_back({class_walk::column, w, unit_bytes(w)}), options.push_back({class_walk::row, w, unit_bytes(w)});
        if (p.tc % 16 == 0)  // fragments, and cp.async.16's transfers
            options.push_back(access_class_options(class_walk::fragment, 16, false)),
                options.push_back(access_class_options(class_walk::row, 16, true));
        for (auto const& o : options) {
            CAPTURE(article_spec(p), int(o.walk), o.unit_width, o.banks);
            auto const got = check_equal_shapes(p, all_rows, o);
            if (!got) continue;
            CHECK(got->differing == 0);
            shared += got->shared_keys;
            ++checked;
        }
    }
    CHECK(checked >= 150);
    CHECK(shared >= 50000);  // most keys of the wide rows share a shape
}

// column_spread's classes (units of one element, any shift), window by
// window: every window of 32 rows at column x holds as many distinct stored
// columns as the window at its place in its class's block.
TEST_CASE("every column_spread window of the period has the distinct columns of its place in its class's block",
          "[verify][exhaustive]") {
    unsigned merged = 0;
    for (auto const& p : start_by_start({{384, 4, 4}, {384, 1, 1}, {240, 2, 2}, {192, 1, 1}, {144, 4, 4}, {320, 4, 4}})) {
        CAPTURE(article_spec(p));
        auto const t = article_tile(p, all_rows);
        auto const classes = article_classes(p, all_rows, {class_walk::column, p.elem, 1, false});
        REQUIRE(classes);
        std::uint64_t const cols = t.cols(), per_block = 32 * (p.tc / p.elem);
        auto const distinct = [&](std::uint64_t y0, std::uint64_t x) {
            std::set<std::uint64_t> seen;
            for (std::uint64_t i = 0; i < 32; ++i) seen.insert(t.column(y0 + i, x));
            return seen.size();
        };
        std::uint64_t differ = 0;
        for (std::uint64_t y = 0; y < t.period_rows; ++y)
            for (std::uint64_t x = 0; x < cols; ++x) {
                auto const& b = classes->blocks.at(classes->class_of(y, x));
                differ += distinct(y, x) != distinct(b.rows.begin + y % 32, b.cols.begin + x % per_block);
            }
        CHECK(differ == 0);
        merged += classes->blocks.size() < classes->before_merge;
    }
    CHECK(merged >= 5);
}

// Rows of thousands of chunks (periods of up to 2^14 * 16423 rows): too long
// to sweep whole here, so the classes' blocks are checked where they can be
// at any length: each block lies in one class, on a block boundary of the
// period, and no block of its class comes before it, asked of a sample of
// blocks from all over the period (a block's class by class_of, the
// definition the whole-period tests above check). Such rows had no classes
// before the first blocks were searched key by key (their walk of every
// tile of each h until the last class was met was refused as too long).
TEST_CASE("classes of starts reach rows of thousands of chunks, each class's block its first", "[verify]") {
    for (layout_params const p : {layout_params{9409, 4, 4}, layout_params{16423, 1, 1}, layout_params{9998, 8, 16}}) {
        auto const t = article_tile(p, all_rows);
        for (class_walk const walk : {class_walk::column, class_walk::row, class_walk::fragment}) {
            CAPTURE(p.nx, p.elem, p.tc, int(walk));
            auto const classes = article_classes(p, all_rows, {walk, p.tc, 4});
            REQUIRE(classes);
            REQUIRE(!classes->blocks.empty());
            for (std::size_t k = 0; k < classes->blocks.size(); ++k) {
                auto const& b = classes->blocks[k];
                REQUIRE(b.rows.begin % 32 == 0);
                REQUIRE(b.rows.begin < t.period_rows);
                REQUIRE(b.cols.begin % 32 == 0);  // units of a chunk here
                REQUIRE(classes->class_of(b.rows.begin, b.cols.begin) == k);
            }
            std::uint64_t x = 0x9E3779B97F4A7C15ull;
            std::uint64_t const row_blocks = t.period_rows / 32, col_blocks = (p.chunks_per_row() + 31) / 32;
            for (int i = 0; i < 20000; ++i) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                std::uint64_t const y = x % row_blocks * 32, c = (x >> 32) % col_blocks * 32;
                auto const& first = classes->blocks[classes->class_of(y, c)];
                REQUIRE((first.rows.begin < y || (first.rows.begin == y && first.cols.begin <= c)));
            }
        }
    }
}

// The same, block by block over the whole period, on rows of 17 to 700
// chunks: every block's class has its first block at or before it, and the
// first block of each class is a block of the period that is in it. (The
// first blocks are searched over one tile of each key and first s, the
// others left out as never first: a wrong choice of those tiles shows here.)
TEST_CASE("every block of the period comes at or after its class's block", "[verify][exhaustive]") {
    for (layout_params const p : {layout_params{17, 1, 1}, layout_params{33, 2, 2}, layout_params{100, 4, 4},
                                  layout_params{257, 1, 1}, layout_params{700, 8, 8}, layout_params{391, 16, 16},
                                  layout_params{600, 2, 16}}) {
        auto const t = article_tile(p, all_rows);
        for (class_walk const walk : {class_walk::column, class_walk::row, class_walk::fragment}) {
            CAPTURE(p.nx, p.elem, p.tc, int(walk));
            auto const classes = article_classes(p, all_rows, {walk, p.tc, 4});
            if (!classes) continue;  // a row access on rows of fewer than 32 units
            std::vector<bool> met(classes->blocks.size(), false);
            std::uint64_t const col_blocks = (p.chunks_per_row() + 31) / 32;
            for (std::uint64_t y = 0; y < t.period_rows; y += 32)
                for (std::uint64_t c = 0; c < col_blocks * 32; c += 32) {
                    std::size_t const k = classes->class_of(y, c);
                    auto const& first = classes->blocks.at(k);
                    REQUIRE((first.rows.begin < y || (first.rows.begin == y && first.cols.begin <= c)));
                    if (first.rows.begin == y && first.cols.begin == c) met[k] = true;
                }
            CHECK(std::count(met.begin(), met.end(), false) == 0);
        }
    }
}
