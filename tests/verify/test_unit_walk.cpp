// The units a sweep reads (access_subject::row_units) where the swizzle
// keeps each unit whole: one offset a unit stands for the unit's cells
// (access_spec.cpp's keeps_units_whole), which rests on the swizzle view's
// granule or the article's chunk. Both are checked here against the concrete layout, cell by cell.
#include <catch2/catch.hpp>

#include <string>
#include <variant>
#include <vector>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "layout_spec.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

TEST_CASE("a swizzle moves each aligned block of its granule whole, bytes in order: every CuTe swizzle", "[verify][exhaustive]") {
    unsigned checked = 0;
    for (int b = 1; b <= 3; ++b)
        for (int m = 0; m <= 5; ++m)
            for (int s : {-7, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 7})
                for (char const* unit : {"", ",unit=byte"})
                    for (std::uint32_t elem : {1u, 2u, 4u, 8u}) {
                        std::string const spec = "cute:" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + unit;
                        auto const p = parse_layout(spec, {64, 256, elem, true, std::nullopt});
                        if (!std::holds_alternative<layout_subject>(p)) continue;  // a swizzle the spec refuses
                        auto const& v = *std::get<layout_subject>(p).swizzle;
                        if (v.granule_bytes == 0) continue;
                        CAPTURE(spec, elem, v.granule_bytes);
                        std::uint64_t const g = v.granule_bytes / v.unit_bytes;
                        REQUIRE(g * v.unit_bytes == v.granule_bytes);
                        bool whole = true;
                        for (std::uint64_t u = 0; u < 16384 / v.unit_bytes; ++u) whole = whole && v.apply(u) == v.apply(u - u % g) + u % g;
                        CHECK(whole);
                        ++checked;
                    }
    CHECK(checked > 500);
}

TEST_CASE("units walked one offset a unit are their cells' offsets, and legal exactly where every cell is in place",
          "[verify][exhaustive]") {
    // Units of 8 and 16 bytes on 1- to 8-byte elements, swizzles whose
    // granule holds a unit (walked one offset a unit) and ones whose does
    // not (walked cell by cell), pitches that are and are not multiples of
    // the unit.
    unsigned fast = 0, illegal = 0;
    for (auto const& [spec, rows, row_bytes, elem] :
         {tile_case{"cute:3,4,3", 64, 200, 2}, tile_case{"cute:2,3,20", 64, 2000, 2}, tile_case{"cute:3,4,3,unit=byte@pad:8", 64, 128, 1},
          tile_case{"cute:1,1,5", 64, 96, 4}, tile_case{"cute:2,2,-4,unit=byte", 64, 80, 1}, tile_case{"cute:3,3,3@pad:4", 64, 120, 4},
          tile_case{"pad:8", 64, 120, 2}, tile_case{"cute:1,0,4", 64, 64, 8},
          // The article's chunks move whole where rows are whole chunks: TC 16 holds any unit, TC 8 not a 16-byte one.
          tile_case{"article:nx=200,elem=2,tc=16", 64, 400, 2}, tile_case{"article:nx=60,elem=4,tc=16", 64, 240, 4},
          tile_case{"article:nx=96,elem=4,tc=8", 64, 384, 4}, tile_case{"article:nx=112,elem=1,tc=16", 64, 112, 1}}) {
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        for (char const* access : {"row.8", "row.16", "column.8", "column.16"}) {
            auto const a = access_on(access, t);
            if (!std::holds_alternative<access_subject>(a)) continue;  // n/a on this tile
            auto const& w = std::get<access_subject>(a);
            if (w.run_elements < 2) continue;
            CAPTURE(spec, row_bytes, elem, access);
            std::uint32_t const width = w.instr.width;
            std::uint64_t const whole = t.article ? t.article->chunk_bytes() : t.swizzle ? t.swizzle->granule_bytes : 0;
            fast += whole != 0 && whole % width == 0 && t.pitch % width == 0;
            for (std::uint64_t y = 0; y < rows; ++y) {
                std::vector<std::uint64_t> units(w.units_per_row);
                bool const legal = w.row_units(y, 0, units.size(), units.data());
                bool in_place = true;
                for (std::uint64_t c = 0; c < units.size(); ++c) {
                    std::uint64_t const first = t.offset(y, c * w.run_elements);
                    REQUIRE(units[c] == first);
                    in_place = in_place && first % width == 0;
                    for (unsigned k = 1; k < w.run_elements; ++k) in_place = in_place && t.offset(y, c * w.run_elements + k) == first + k * elem;
                }
                REQUIRE(legal == in_place);
                illegal += !legal;
            }
        }
    }
    CHECK(fast >= 14);
    CHECK(illegal > 0);  // units a swizzle splits, walked cell by cell
}
