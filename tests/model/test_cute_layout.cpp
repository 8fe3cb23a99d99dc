// CuTe's printed layouts: the reader against the texts CuTe's print writes
// (static and dynamic integers, the swizzle on elements or on a pointer),
// each malformed text refused, and the map against the layout function
// written out by hand for CUTLASS's atoms and their tilings.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "swz/layout/cute_layout_text.hpp"
#include "swz/layout/swizzled.hpp"

using namespace swz;

namespace {

cute_layout_text read(std::string const& text) {
    auto const p = parse_cute_layout(text);
    if (auto const* e = std::get_if<spec_error>(&p)) FAIL(e->message);
    return std::get<cute_layout_text>(p);
}

std::string error_of(std::string const& text) {
    auto const p = parse_cute_layout(text);
    auto const* e = std::get_if<spec_error>(&p);
    return e ? e->message : std::string("accepted");
}

// The layout of a text (two modes, elem bytes) with its swizzle after it.
swizzled_layout<bit_swizzle, cute_layout> layout_of(std::string const& text, std::uint32_t elem) {
    cute_layout_text const t = read(text);
    cute_layout l;
    l.elem = elem;
    for (unsigned m = 0; m < 2; ++m) {
        auto const mode = flat_mode(t, m, text);
        REQUIRE(std::holds_alternative<cute_mode>(mode));
        (m == 0 ? l.rows : l.cols) = std::get<cute_mode>(mode);
    }
    return {t.swizzle.value_or(bit_swizzle{}), l, t.pointer};
}

// Swizzle<B,M,S>, S > 0, bit by bit.
std::uint64_t swizzle(unsigned b, unsigned m, unsigned s, std::uint64_t o) {
    for (unsigned i = 0; i < b; ++i) o ^= ((o >> (m + i + s)) & 1) << (m + i);
    return o;
}

}  // namespace

TEST_CASE("CuTe's printed layouts are read as print() writes them, and written back in one form", "[model][cute-layout]") {
    auto const t = read("Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))");
    REQUIRE(t.swizzle);
    CHECK((t.swizzle->bits == 3 && t.swizzle->base == 4 && t.swizzle->shift == 3));
    CHECK((t.pointer && t.pointer_bits == 16 && t.offset == 0));
    CHECK(canonical_text(t) == "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,2)):((64,512),(1,8192))");
    // Dynamic integers, no spaces, the element-offset form, a negative shift.
    CHECK(canonical_text(read("Sw<2,1,-3>o_0o(8,32):(32,1)")) == "Sw<2,1,-3> o 0 o (8,32):(32,1)");
    CHECK(canonical_text(read("  (_64,_8):(_1,_64) ")) == "(64,8):(1,64)");
    CHECK(read("Sw<3,3,3> o 512 o (8,64):(64,1)").offset == 512);
    // A tensor's print: its pointer, with the address the swizzle reads.
    auto const tensor = read("Sw<3,4,3>_smem_ptr[16b](0x7f3A00000400) o (_8,_64):(_64,_1)");
    CHECK((tensor.pointer && tensor.pointer_bits == 16 && tensor.address == std::uint64_t(0x7f3a00000400)));
    CHECK(canonical_text(tensor) == "Sw<3,4,3>_smem_ptr[16b](0x7f3a00000400) o (8,64):(64,1)");
    auto const plain = read("smem_ptr[32b]((nil)) o (32,32):(33,1)");
    CHECK((!plain.swizzle && plain.pointer_bits == 32 && plain.address == std::uint64_t(0)));
    CHECK(canonical_text(plain) == "smem_ptr[32b](0x0) o (32,32):(33,1)");
    CHECK_FALSE(read("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)").address);
    CHECK(looks_like_cute_layout("(8,64):(64,1)"));
    CHECK(looks_like_cute_layout("Sw<3,3,3> o _0 o (8,64):(64,1)"));
    CHECK(looks_like_cute_layout("_64:_1"));
    CHECK_FALSE(looks_like_cute_layout("cute:3,3,3"));
    CHECK_FALSE(looks_like_cute_layout("article:nx=64"));
}

TEST_CASE("malformed CuTe layouts are refused, each with what was expected where", "[model][cute-layout]") {
    CHECK(error_of("(8,64:(64,1)").find("expected the shape") != std::string::npos);
    CHECK(error_of("(8,64)(64,1)").find("expected ':'") != std::string::npos);
    CHECK(error_of("Sw<3,3> o _0 o (8,64):(64,1)").find("expected ','") != std::string::npos);
    CHECK(error_of("Sw<3,3,3> (8,64):(64,1)").find("expected 'o'") != std::string::npos);
    CHECK(error_of("Sw<3,3,3> o smem_ptr[16](unset) o (8,64):(64,1)").find("smem_ptr") != std::string::npos);
    CHECK(error_of("Sw<17,3,3> o 0 o (8,64):(64,1)").find("out of range") != std::string::npos);
    CHECK(error_of("Sw<16,24,24> o 0 o (8,64):(64,1)").find("past bit 40") != std::string::npos);
    CHECK(error_of("(8,64):(64,1) o").find("the end of the layout") != std::string::npos);
    CHECK(error_of("(8,64):(2000000000000,1)").find("past 2^40") != std::string::npos);
    CHECK(error_of("(8,-64):(64,1)") != "accepted");
    CHECK(error_of("Sw<3,4,3>_smem_ptr[16b](0xzz) o (8,64):(64,1)").find("0xADDRESS") != std::string::npos);
    CHECK(error_of("Sw<3,4,3>_smem_ptr[16b](unset) o (8,64):(64,1)").find("0xADDRESS") != std::string::npos);
    CHECK(error_of("smem_ptr[16b](0x400) (8,64):(64,1)").find("smem_ptr[BITS b](0xADDRESS) o LAYOUT") != std::string::npos);
    CHECK(error_of("smem_ptr[16b](0x12345678901234567) o (8,64):(64,1)") != "accepted");
    CHECK(error_of("((((((((((8))))))))),64):(1,8)") != "accepted");  // nested past 8 levels
    // Modes that cannot be a tile's: read, then refused by flat_mode.
    auto const mode_error = [](std::string const& text, unsigned m) {
        auto const got = flat_mode(read(text), m, text);
        auto const* e = std::get_if<spec_error>(&got);
        return e ? e->message : std::string("accepted");
    };
    CHECK(mode_error("((8,2),64):(64,1)", 0).find("differ in form") != std::string::npos);
    CHECK(mode_error("(0,64):(64,1)", 0).find("size 0") != std::string::npos);
    CHECK(mode_error("((2,3,2,3,2,3,2,3,2),64):((1,3,7,21,43,129,259,777,1555),0)", 0).find("more than 8 leaves") !=
          std::string::npos);
    CHECK(mode_error("(8,64):(64,1)", 0) == "accepted");
}

TEST_CASE("a mode's leaves: size-1 leaves dropped, each run merged into the leaf before, as CuTe's coalesce", "[model][cute-layout]") {
    auto const mode = [](std::string const& text, unsigned m) {
        return std::get<cute_mode>(flat_mode(read(text), m, text));
    };
    cute_mode const rows = mode("((2,4,1),64):((64,128,999),1)", 0);
    CHECK((rows.leaves == 1 && rows.shape[0] == 8 && rows.stride[0] == 64));
    cute_mode const split = mode("((8,16),64):((64,1024),1)", 0);
    CHECK((split.leaves == 2 && split.shape[1] == 16 && split.stride[1] == 1024));
    CHECK(mode("(1,64):(0,1)", 0).leaves == 0);
    // Nine leaves that are one run: merged before the limit of eight is counted.
    CHECK(mode("((2,2,2,2,2,2,2,2,2),2):((1,2,4,8,16,32,64,128,256),512)", 0).leaves == 1);
}

TEST_CASE("the map is CuTe's layout function: digits of each mode, the first fastest, times their strides",
          "[model][cute-layout]") {
    SECTION("tile_to_shape of the K-major 128-byte half atom to 128 x 128, the swizzle on the pointer's bytes") {
        auto const l = layout_of("Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))", 2);
        for (std::uint64_t y = 0; y < 128; ++y)
            for (std::uint64_t x = 0; x < 128; ++x) {
                std::uint64_t const e = y % 8 * 64 + y / 8 * 512 + x % 64 + x / 64 * 8192;
                REQUIRE(l.byte_offset(y, x) == swizzle(3, 4, 3, e * 2));
            }
    }
    SECTION("the MN-major 128-byte atom of halves: column-major, 64 rows of one column apart") {
        // CUTLASS's Layout_MN_SW128_Atom_Bits, (1024,8):(1,1024) bits, upcast to halves.
        auto const l = layout_of("Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)", 2);
        for (std::uint64_t y = 0; y < 64; ++y)
            for (std::uint64_t x = 0; x < 8; ++x) REQUIRE(l.byte_offset(y, x) == swizzle(3, 4, 3, (y + 64 * x) * 2));
    }
    SECTION("the element-offset form, 96 rows (12 atoms) two column blocks across") {
        auto const l = layout_of("Sw<3,3,3> o _0 o ((_8,_12),(_64,_2)):((_64,_512),(_1,_6144))", 2);
        for (std::uint64_t y = 0; y < 96; ++y)
            for (std::uint64_t x = 0; x < 128; ++x) {
                std::uint64_t const e = y % 8 * 64 + y / 8 * 512 + x % 64 + x / 64 * 6144;
                REQUIRE(l.byte_offset(y, x) == swizzle(3, 3, 3, e) * 2);
            }
    }
    SECTION("a padded tile, its cosize the last cell's offset plus one") {
        auto const l = layout_of("(32,(8,4)):(40,(1,8))", 4);
        CHECK(l.byte_offset(std::uint64_t(3), std::uint64_t(13)) == (3 * 40 + 13) * 4);
        CHECK(l.base.cosize_bytes() == (31 * 40 + 31 + 1) * 4);
    }
}
