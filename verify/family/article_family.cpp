#include "article_family.hpp"

#include <optional>
#include <string>

#include "../query_support.hpp"
#include "article_family_params.hpp"
#include "article_family_figures.hpp"
#include "family_query.hpp"
#include "swz/article_forms.hpp"
#include "swz/layout/article.hpp"

namespace swz::verify {

namespace {

using article_query = family_query<article_family>;

// Bijection in two queries of one row each, cheaper than one over two
// cells of any rows: every cell lies in its own row's bytes (so cells of
// two rows never meet, and a tile of R rows stays in R * NX * elem bytes),
// and no two cells of a row share a byte.
property_result bijection(prover& p) {
    auto r = family_result("bijection", "every cell lies inside the tile's rows * NX * elem bytes, no two cells share a byte");
    r.method = "by two queries: each cell in its own row's bytes (family.bijection.rows), no two cells of a row at one byte";
    property_result rows = r;
    rows.id += ".rows";
    {
        article_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << 16}});
        auto const& y = q.cell(0); auto const& x = q.cell(1);
        auto const row = value_of(q.f.params().nx * q.f.params().elem);
        auto const o = q.f.offset(y, x), first = y * (q.f.params().nx * q.f.params().elem);
        z3::expr const broken = o < first || !(o + value_of(q.f.params().elem) <= first + row);
        decide_on_family(p, rows, q, {{0, 1}}, broken, [](family_instance const& i, cell_values const& v) -> std::optional<replayed> {
            std::uint64_t const o = i.offset(v[4], v[5]), first = v[4] * i.params.row_bytes();
            if (o >= first && o + i.elem() <= first + i.params.row_bytes()) return std::nullopt;
            replayed out;
            out.data = {{"cell", {v[4], v[5]}}, {"byte", o}};
            out.lines.push_back(instance_text(i) + ": cell " + cell_text(v[4], v[5]) + " is at byte " + std::to_string(o) +
                                ", outside its row's bytes " + std::to_string(first) + " .. " +
                                std::to_string(first + i.params.row_bytes() - 1));
            return out;
        });
    }
    if (!part_holds(r, rows)) return r;
    article_query q(p, {{"y", all_32bit_rows}, {"x1", std::uint64_t(1) << 16}, {"x2", std::uint64_t(1) << 16}});
    auto const a = q.f.offset(q.cell(0), q.cell(1)), b = q.f.offset(q.cell(0), q.cell(2));
    z3::expr const broken = q.cell(1) != q.cell(2) && a == b;
    decide_on_family(p, r, q, {{0, 1}, {0, 2}}, broken, [](family_instance const& i, cell_values const& v) -> std::optional<replayed> {
        std::uint64_t const a = i.offset(v[4], v[5]), b = i.offset(v[4], v[6]);
        if (v[5] == v[6] || a != b) return std::nullopt;
        replayed out;
        out.data = {{"cells", {{v[4], v[5]}, {v[4], v[6]}}}, {"byte", a}};
        out.lines.push_back(instance_text(i) + ": cells " + cell_text(v[4], v[5]) + " and " + cell_text(v[4], v[6]) +
                            " share byte " + std::to_string(a));
        return out;
    });
    return r;
}

property_result row_permutation(prover& p) {
    auto r = family_result("row_permutation", "in every row y, x -> x_swz(y, x) permutes 0 .. NX-1");
    article_query q(p, {{"y", all_32bit_rows}, {"x1", std::uint64_t(1) << 16}, {"x2", std::uint64_t(1) << 16}});
    auto const c1 = q.f.column(q.cell(0), q.cell(1)), c2 = q.f.column(q.cell(0), q.cell(2));
    z3::expr const broken = !(c1 < value_of(q.f.params().nx)) || (q.cell(1) != q.cell(2) && c1 == c2);
    decide_on_family(p, r, q, {{0, 1}, {0, 2}}, broken, [](family_instance const& i, cell_values const& v) -> std::optional<replayed> {
        std::uint64_t const c1 = i.column(v[4], v[5]), c2 = i.column(v[4], v[6]);
        replayed out;
        out.data = {{"row", v[4]}};
        std::string const row = instance_text(i) + ": row " + std::to_string(v[4]) + ", x = " + std::to_string(v[5]);
        if (c1 >= i.nx()) out.lines.push_back(row + " -> column " + std::to_string(c1) + ", outside the row");
        else if (v[5] != v[6] && c1 == c2) out.lines.push_back(row + " and x = " + std::to_string(v[6]) + " both -> column " + std::to_string(c1));
        else return std::nullopt;
        return out;
    });
    return r;
}

property_result chunk_integrity(prover& p) {
    auto r = family_result("chunk_integrity", "each TC-byte chunk stays contiguous, in order and TC-aligned");
    article_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << 16}});
    auto const& y = q.cell(0); auto const& x = q.cell(1);
    auto const per_chunk = q.f.params().tc / q.f.params().elem;
    auto const first = x - x % per_chunk;
    auto const at = q.f.offset(y, x), chunk_at = q.f.offset(y, first);
    z3::expr const broken = at != chunk_at + (x % per_chunk) * q.f.params().elem || (chunk_at % q.f.params().tc) != 0;
    decide_on_family(p, r, q, {{0, 1}}, broken, [](family_instance const& i, cell_values const& v) -> std::optional<replayed> {
        std::uint64_t const k = i.tc() / i.elem(), first = v[5] - v[5] % k;
        std::uint64_t const at = i.offset(v[4], v[5]), chunk_at = i.offset(v[4], first);
        if (at == chunk_at + (v[5] % k) * i.elem() && chunk_at % i.tc() == 0) return std::nullopt;
        replayed out;
        out.data = {{"cell", {v[4], v[5]}}};
        out.lines.push_back(instance_text(i) + ": cell " + cell_text(v[4], v[5]) + " is at byte " + std::to_string(at) +
                            ", its chunk starts at " + std::to_string(chunk_at));
        return out;
    });
    return r;
}

property_result involution(prover& p) {
    auto r = family_result("involution", "swizzling twice gives the cell back: x_swz(y, x_swz(y, x)) = x");
    article_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << 16}});
    auto const& y = q.cell(0); auto const& x = q.cell(1);
    z3::expr const broken = q.f.column(y, q.f.column(y, x)) != x;
    decide_on_family(p, r, q, {{0, 1}}, broken, [](family_instance const& i, cell_values const& v) -> std::optional<replayed> {
        std::uint64_t const once = i.column(v[4], v[5]), twice = i.column(v[4], once);
        if (twice == v[5]) return std::nullopt;
        replayed out;
        out.data = {{"cell", {v[4], v[5]}}, {"twice", twice}};
        out.lines.push_back(instance_text(i) + ": row " + std::to_string(v[4]) + ", x = " + std::to_string(v[5]) + " -> " +
                            std::to_string(once) + " -> " + std::to_string(twice));
        return out;
    });
    return r;
}

// One of the article's closed forms against x_swz, over the family: a
// claim the article makes, reported (the article's claims count only when
// asked for, as on one layout).
template <class Form>
property_result article_claim(prover& p, std::string id, std::string statement, Form form) {
    auto r = family_result(std::move(id), std::move(statement));
    r.counts = weight::report;
    article_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << 16}});
    auto const& y = q.cell(0); auto const& x = q.cell(1);
    z3::expr const broken = form(q.f.params(), y, x) != q.f.column(y, x);
    decide_on_family(p, r, q, {{0, 1}}, broken, [form](family_instance const& i, cell_values const& v) -> std::optional<replayed> {
        std::uint64_t const claimed = form(i.params, v[4], v[5]), actual = i.column(v[4], v[5]);
        if (claimed == actual) return std::nullopt;
        replayed out;
        out.data = {{"cell", {v[4], v[5]}}, {"claimed", claimed}, {"x_swz", actual}};
        out.lines.push_back(instance_text(i) + ": at " + cell_text(v[4], v[5]) + " the claim gives " + std::to_string(claimed) +
                            ", x_swz is " + std::to_string(actual));
        return out;
    });
    return r;
}

property_result closed_form(prover& p) {
    return article_claim(p, "article.closed_form",
                         "x_swz = ((y % NX) ^ x*sizeof(T)/sizeof(TC)) * sizeof(TC)/sizeof(T) % NX + x % (sizeof(TC)/sizeof(T))",
                         [](auto const& l, auto const& y, auto const& x) { return article::x_swz_closed_form(l, y, x); });
}

property_result final_form(prover& p) {
    return article_claim(p, "article.final_form",
                         "x_swz = ((y % NX) ^ x*sizeof(T)/sizeof(TC)) * sizeof(TC)/sizeof(T) + x % (sizeof(TC)/sizeof(T))  (last line, no % NX)",
                         [](auto const& l, auto const& y, auto const& x) { return article::x_swz_final_form(l, y, x); });
}

}  // namespace

std::vector<std::function<property_result(prover&)>> article_family_properties() {
    return {bijection, row_permutation, chunk_integrity, involution, closed_form, final_form};
}

family_definition const& article_family_definition() {
    static family_definition const d{
        "article",
        "NX = 2^0 .. 2^16 elements of 1, 2, 4, 8 or 16 bytes, TC a power of two from the element to the row (at most "
        "2^17 bytes), 1 .. 2^32 rows",
        "article: the article's formula with NX = 2^n (n = 0 .. 16), elem = 2^e (1 .. 16 bytes) and\n"
        "TC = 2^t (elem <= TC <= a row of at most 2^17 bytes), on 1 .. 2^32 rows, every one of them\n"
        "a solver variable.",
        [] {
            std::vector<family_property> all;
            for (auto& f : article_family_properties()) all.emplace_back(std::move(f));
            for (auto& f : article_family_figures()) all.emplace_back(std::move(f));
            return all;
        }};
    return d;
}

}  // namespace swz::verify
