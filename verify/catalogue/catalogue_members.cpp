#include "catalogue_members.hpp"

#include <algorithm>

#include "swz/kernel_layouts.hpp"
#include "swz/layout/article.hpp"

namespace swz::verify::catalogue {

namespace {

tile_spec tile(std::string layout, std::uint32_t row_bytes, std::uint32_t elem, std::uint64_t rows = all_32bit_rows) {
    return {std::move(layout), {rows, row_bytes, elem}, 0, ""};
}

catalogue_entry entry(tile_spec t, entry_role role, requirements r = {}, std::string why = "") {
    catalogue_entry e;
    e.tile = std::move(t);
    e.required = std::move(r);
    e.role = role;
    e.why = std::move(why);
    e.name = entry_name(e.tile, e.required);
    return e;
}

catalogue_entry expect_refuted(catalogue_entry e, std::vector<std::string> refuted) {
    e.expected_exit = 10;
    e.expected_refuted = std::move(refuted);
    return e;
}

std::string article_spec(std::uint32_t nx, std::uint32_t elem, std::uint32_t tc) {
    return article_layout<layout_params>{{nx, elem, tc}}.spec();
}

}  // namespace

catalogue_entry grid_entry(layout_params const& p, std::uint64_t rows) {
    return entry(tile(article_spec(p.nx, p.elem, p.tc), std::uint32_t(p.row_bytes()), p.elem, rows), entry_role::grid);
}

std::vector<catalogue_entry> kernel_entries() {
    std::vector<catalogue_entry> out;
    for (auto const& k : kernel_tiles()) {
        tile_spec const t = tile(k.spec, k.shape.row_bytes, k.shape.elem, k.shape.rows);
        auto same = std::find_if(out.begin(), out.end(), [&](catalogue_entry const& e) { return e.tile == t; });
        if (same == out.end()) {
            out.push_back(entry(t, entry_role::kernel));
            same = out.end() - 1;
        }
        same->kernels.emplace_back(k.kernel);
    }
    return out;
}

std::vector<catalogue_entry> common_entries() {
    std::vector<catalogue_entry> out;
    // Every TMA mode on each row size the copy engine accepts for it, for
    // elements of 1, 2 and 4 bytes.
    for (std::uint32_t span : {32u, 64u, 128u})
        for (std::uint32_t row = 16; row <= span; row *= 2)
            for (std::uint32_t elem : {1u, 2u, 4u})
                out.push_back(entry(tile("tma:" + std::to_string(span) + "B", row, elem), entry_role::common));
    for (std::uint32_t elem : {1u, 2u, 4u}) out.push_back(entry(tile("tma:none", 128, elem), entry_role::common));
    // CUTLASS's shared-memory atoms. SM90 GMMA: Swizzle<1|2|3,4,3> on byte
    // addresses over K-major rows of 32, 64, 128 bytes, for 8- and 16-bit types.
    for (std::uint32_t elem : {1u, 2u}) {
        out.push_back(entry(tile("cute:1,4,3,unit=byte", 32, elem), entry_role::common));
        out.push_back(entry(tile("cute:2,4,3,unit=byte", 64, elem), entry_role::common));
        out.push_back(entry(tile("cute:3,4,3,unit=byte", 128, elem), entry_role::common));
    }
    // SM80 (ldmatrix) atoms on element offsets: half 8 x 64 and 8 x 32,
    // tf32 8 x 32 and 8 x 16, int8 16 x 64, double (16 x 4, MN-major).
    out.push_back(entry(tile("cute:3,3,3", 128, 2), entry_role::common));
    out.push_back(entry(tile("cute:2,3,3", 64, 2), entry_role::common));
    out.push_back(entry(tile("cute:3,2,3", 128, 4), entry_role::common));
    out.push_back(entry(tile("cute:2,2,3", 64, 4), entry_role::common));
    out.push_back(entry(tile("cute:2,4,3", 64, 1), entry_role::common));
    out.push_back(entry(tile("cute:2,0,4", 32, 8), entry_role::common));
    // SM90 GMMA K-major tiles wider than the 128-byte atom: CuTe's
    // tile_to_shape of the SW128 atom to 128 x 128 halves and 128 x 256
    // bytes, two atoms across (column blocks).
    out.push_back(entry(tile("cute:3,4,3,unit=byte@blocks:128", 256, 2, 128), entry_role::common));
    out.push_back(entry(tile("cute:3,4,3,unit=byte@blocks:128", 256, 1, 128), entry_role::common));
    // The same atoms as CuTe prints them: the MN-major SW128 half atom, and
    // the K-major one tiled to 96 x 128 halves (12 atoms down, 2 across),
    // decided on the layout function itself.
    out.push_back(entry(tile("Sw<3,4,3> o smem_ptr[16b](unset) o (64,8):(1,64)", 16, 2, 64), entry_role::common));
    out.push_back(entry(tile("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,12),(64,2)):((64,512),(1,6144))", 256, 2, 96),
                        entry_role::common));
    // A CUTLASS mainloop's operand tile of 128 x 64 halves in 4 pipeline
    // stages, as print(SmemLayoutA{}) writes it: each stage the first moved.
    out.push_back(entry(tile("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))", 128, 2, 128),
                        entry_role::common));
    // Triton's swizzled_shared for 16-bit ldmatrix operands, 64 halves a row.
    out.push_back(entry(tile("triton:vec=8,perPhase=1,maxPhase=8", 128, 2), entry_role::common));
    // The padded tiles people copy: 32 x 33 words, rows padded by 16 bytes.
    out.push_back(entry(tile("pad:4", 128, 4, 32), entry_role::common));
    out.push_back(entry(tile("pad:16", 128, 2), entry_role::common));
    out.push_back(entry(tile("pad:16", 256, 4), entry_role::common));
    return out;
}

std::vector<catalogue_entry> fact_entries() {
    std::vector<catalogue_entry> out;
    auto equiv = [](std::string a, std::string b, std::uint32_t row, std::uint32_t elem, std::string why) {
        tile_spec t = tile(std::move(a), row, elem);
        t.other = std::move(b);
        return entry(t, entry_role::fact, {}, std::move(why));
    };
    // The article's formula at TC = 16 on 128-byte rows is the TMA's 128B swizzle.
    for (std::uint32_t elem : {1u, 2u, 4u, 8u, 16u})
        out.push_back(equiv(article_spec(128 / elem, elem, 16), "tma:128B", 128, elem,
                            "the article's formula at TC = 16 on 128-byte rows is the copy engine's 128B swizzle"));
    // ... but at 64- and 32-byte rows it is not the 64B or 32B mode: the TMA
    // XORs row bits 1-2 (64B) or bit 2 (32B), the formula row bits 0-1 or 0.
    for (std::uint32_t elem : {1u, 2u, 4u}) {
        out.push_back(expect_refuted(equiv(article_spec(64 / elem, elem, 16), "tma:64B", 64, elem,
                                           "the TMA's 64B swizzle is not the article's formula on 64-byte rows"),
                                     {"equivalence"}));
        out.push_back(expect_refuted(equiv(article_spec(32 / elem, elem, 16), "tma:32B", 32, elem,
                                           "the TMA's 32B swizzle is not the article's formula on 32-byte rows"),
                                     {"equivalence"}));
    }
    // CuTe's GMMA atoms are the TMA modes; its SM80 half atom is TMA 128B.
    out.push_back(equiv("cute:3,4,3,unit=byte", "tma:128B", 128, 2, "CuTe's SW128 atom is the TMA's 128B mode"));
    out.push_back(equiv("cute:2,4,3,unit=byte", "tma:64B", 64, 2, "CuTe's SW64 atom is the TMA's 64B mode"));
    out.push_back(equiv("cute:1,4,3,unit=byte", "tma:32B", 32, 2, "CuTe's SW32 atom is the TMA's 32B mode"));
    out.push_back(equiv("cute:3,3,3", "tma:128B", 128, 2, "CuTe's SM80 half atom Swizzle<3,3,3> is the TMA's 128B mode"));
    // Tiles two atoms wide: CuTe's tiled SW128 atom is one 128B TMA box a column block.
    catalogue_entry wide = equiv("cute:3,4,3,unit=byte@blocks:128", "tma:128B@blocks:128", 256, 2,
                                 "CuTe's SW128 atom tiled two across is the TMA's 128B mode loaded one box a 128-byte column block");
    wide.tile.shape.rows = 128;
    wide.name = entry_name(wide.tile, wide.required);
    out.push_back(wide);
    catalogue_entry printed = equiv("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,2)):((64,512),(1,8192))",
                                    "cute:3,4,3,unit=byte@blocks:128", 256, 2,
                                    "CuTe's print of the SW128 atom tiled to 128 x 128 halves is the tile in 128-byte column blocks");
    printed.tile.shape.rows = 128;
    printed.name = entry_name(printed.tile, printed.required);
    out.push_back(printed);
    out.push_back(equiv("triton:vec=8,perPhase=1,maxPhase=8", "cute:3,3,3", 128, 2,
                        "Triton's swizzled_shared with vec 8, perPhase 1, maxPhase 8 on 64 halves is CuTe's Swizzle<3,3,3>"));
    return out;
}

std::vector<catalogue_entry> known_bad_entries() {
    auto bad = [](tile_spec t, requirements r, std::vector<std::string> refuted, std::string why) {
        return expect_refuted(entry(std::move(t), entry_role::known_bad, std::move(r), std::move(why)), std::move(refuted));
    };
    tile_spec misaligned_pad = tile("pad:4", 128, 4, 32);
    misaligned_pad.chunk = 16;
    // Non-powers of two are slow over every 32-bit row: 64 rows show it.
    return {
        bad(tile(article_spec(12, 4, 4), 48, 4, 64), {}, {"bijection", "row_permutation", "involution"},
            "a row that is not a power of two: the XOR leaves the row and % NX folds it onto a taken column"),
        bad(tile(article_spec(64, 4, 16), 256, 4), {{"column"}, false}, {"conflict.column"},
            "TC = 16 bytes keeps x % 4 in place, so a column spreads over 16 columns only: 4-way conflicts"),
        bad(tile(article_spec(64, 4, 16), 256, 4), {{}, true}, {"article.spread_claim", "article.final_form"},
            "the article's spread claim and its final closed form (no % NX) are false when TC holds several elements"),
        bad(tile("plain", 128, 4, 32), {{"column"}, false}, {"conflict.column"},
            "the unswizzled tile: every row starts in bank 0, so a column read is a 32-way conflict"),
        bad(tile("cute:3,4,2", 128, 1), {}, {"involution"},
            "Swizzle<3,4,2> (|S| < B, which CuTe rejects): its fields overlap, so it is a bijection but not its own inverse"),
        bad(tile("linear:1,2,4,8,16,32,1", 64, 2, 4), {}, {"bijection"},
            "a GF(2) basis of deficient rank: two offset bits map to the same image, so two cells share a byte"),
        bad(misaligned_pad, {}, {"chunk_integrity"},
            "a 4-byte pad breaks 16-byte vector alignment: every other row's 16-byte chunks start off their boundary"),
        bad(tile("tma:128B,base=512", 128, 2), {}, {"tma.base"},
            "a 128B-swizzled TMA tile at a base that is not a multiple of 1024: the kernel's relative swizzle reads the wrong bytes"),
        bad(tile("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,2)):((64,512),(1,1024))", 256, 2, 128), {}, {"bijection"},
            "the SW128 atom tiled to 128 x 128 with the second column block one atom on (1024) instead of past all 16 (8192): blocks overlap"),
    };
}

std::vector<catalogue_entry> fixed_entries() {
    auto out = kernel_entries();
    for (auto& e : common_entries()) out.push_back(std::move(e));
    for (auto& e : fact_entries()) out.push_back(std::move(e));
    for (auto& e : known_bad_entries()) out.push_back(std::move(e));
    return out;
}

}  // namespace swz::verify::catalogue
