#include "article_derivation.hpp"

#include <algorithm>
#include <chrono>
#include <functional>

#include "query_support.hpp"
#include "swz/article_forms.hpp"
#include "swz/pow2.hpp"
#include "swz/xor_swizzle.hpp"

namespace swz::verify {

namespace {

// Each step: what the formula computes, and the article's expression for it,
// both templates so one definition serves the query and the replay.
struct x_chunk_step {
    static constexpr char const* id = "article.x_chunk";
    static constexpr char const* statement = "x_chunk = x * sizeof(T) / sizeof(TC)";
    static constexpr char const* value = "x_chunk";
    template <class V> static V formula(layout_params const& l, V y, V x) { return swizzle_trace(l, y, x).x_chunk; }
    template <class V> static V claim(layout_params const& l, V y, V x) { return article::x_chunk(l, y, x); }
};

struct y_chunk_step {
    static constexpr char const* id = "article.y_chunk";
    static constexpr char const* statement = "y_chunk = y";
    static constexpr char const* value = "y_chunk";
    template <class V> static V formula(layout_params const& l, V y, V x) { return swizzle_trace(l, y, x).y_chunk; }
    template <class V> static V claim(layout_params const& l, V y, V x) { return article::y_chunk(l, y, x); }
};

struct chunk_swz_step {
    static constexpr char const* id = "article.x_chunk_swz";
    static constexpr char const* statement = "x_chunk_swz = y / C * C + ((y % C) ^ x_chunk), C = NX*sizeof(T)/sizeof(TC)";
    static constexpr char const* value = "x_chunk_swz";
    template <class V> static V formula(layout_params const& l, V y, V x) { return swizzle_trace(l, y, x).x_chunk_swz; }
    template <class V> static V claim(layout_params const& l, V y, V x) { return article::x_chunk_swz_split(l, y, x); }
};

struct closed_form_step {
    static constexpr char const* id = "article.closed_form";
    static constexpr char const* statement =
        "x_swz = ((y % NX) ^ x*sizeof(T)/sizeof(TC)) * sizeof(TC)/sizeof(T) % NX + x % (sizeof(TC)/sizeof(T))";
    static constexpr char const* value = "x_swz";
    template <class V> static V formula(layout_params const& l, V y, V x) { return swizzle_trace(l, y, x).x_swz; }
    template <class V> static V claim(layout_params const& l, V y, V x) { return article::x_swz_closed_form(l, y, x); }
};

struct final_form_step {
    static constexpr char const* id = "article.final_form";
    static constexpr char const* statement =
        "x_swz = ((y % NX) ^ x*sizeof(T)/sizeof(TC)) * sizeof(TC)/sizeof(T) + x % (sizeof(TC)/sizeof(T))  (last line, no % NX)";
    static constexpr char const* value = "x_swz";
    template <class V> static V formula(layout_params const& l, V y, V x) { return swizzle_trace(l, y, x).x_swz; }
    template <class V> static V claim(layout_params const& l, V y, V x) { return article::x_swz_final_form(l, y, x); }
};

// Where a row's chunk count is not a power of two the steps fail first
// about rows C and NX (where y ^ x_chunk and % NX start to differ) or at
// 2^b: a cell there that breaks the step, if any, is a candidate
// counterexample the solver confirms and makes the smallest
// (decide_by_negation), instead of searching for a first model (0.16-0.26 s
// for article.closed_form of --nx 717 --elem 1 and --nx 179 --elem 4).
template <class Step>
std::optional<std::vector<std::uint64_t>> candidate_cell(layout_params const& l, std::uint64_t rows) {
    std::uint64_t const c = l.chunks_per_row();
    if (is_pow2(c) && is_pow2(l.nx)) return std::nullopt;
    std::uint64_t b = 1;
    while (b < c) b *= 2;
    std::vector<std::uint64_t> arounds;  // each once: C is NX where an element is a chunk
    for (std::uint64_t around : {std::uint64_t{2}, c, std::uint64_t{l.nx}, b})
        if (std::find(arounds.begin(), arounds.end(), around) == arounds.end()) arounds.push_back(around);
    // Each row's first and last `edge` cells, where the XOR and the % NX
    // part ways: a step that holds would have the scan read every cell of
    // 15-20 rows (4.5M on rows of 224533 bytes, 12 ms a step) for nothing.
    constexpr std::uint64_t edge = 2048;
    std::uint64_t const head = std::min<std::uint64_t>(l.nx, edge), tail = std::max(head, l.nx > edge ? l.nx - edge : 0);
    for (std::uint64_t around : arounds)
        for (std::uint64_t y = around - 2; y < around + 3 && y < rows; ++y)
            for (auto const& [from, to] : {std::pair{std::uint64_t(0), head}, std::pair{tail, std::uint64_t(l.nx)}})
                for (std::uint64_t x = from; x < to; ++x)
                    if (Step::formula(l, y, x) != Step::claim(l, y, x)) return std::vector<std::uint64_t>{y, x};
    return std::nullopt;
}

template <class Step>
property_result prove_step(prover& p, layout_params const& l, std::uint64_t rows, bool required) {
    auto const t0 = std::chrono::steady_clock::now();
    property_result r;
    r.id = Step::id;
    r.section = "article";
    r.statement = Step::statement;
    r.counts = required ? weight::gate : weight::report;
    auto vars = make_variables(p.fast(), {{"y", rows}, {"x", l.nx}});
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    z3::expr const differs = Step::formula(l, y, x) != Step::claim(l, y, x);
    decide_by_negation(p, r, {differs}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const got = Step::formula(l, v[0], v[1]), said = Step::claim(l, v[0], v[1]);
        if (got == said) return std::nullopt;
        replayed out;
        out.data = {{"y", v[0]}, {"x", v[1]}, {"formula", got}, {"article", said}};
        out.lines.push_back("y = " + std::to_string(v[0]) + ", x = " + std::to_string(v[1]) + ": the formula gives " +
                            Step::value + " = " + std::to_string(got) + ", the article's step gives " +
                            std::to_string(said));
        return out;
    }, false, candidate_cell<Step>(l, rows));
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace

std::vector<std::function<property_result(prover&)>> article_derivation_steps(layout_params const& l, std::uint64_t rows,
                                                                               bool required) {
    return {[=](prover& p) { return prove_step<x_chunk_step>(p, l, rows, required); },
            [=](prover& p) { return prove_step<y_chunk_step>(p, l, rows, required); },
            [=](prover& p) { return prove_step<chunk_swz_step>(p, l, rows, required); },
            [=](prover& p) { return prove_step<closed_form_step>(p, l, rows, required); },
            [=](prover& p) { return prove_step<final_form_step>(p, l, rows, required); }};
}

std::vector<property_result> prove_article_derivation(prover& p, layout_params const& l, std::uint64_t rows,
                                                      bool required) {
    std::vector<property_result> out;
    for (auto const& step : article_derivation_steps(l, rows, required)) out.push_back(step(p));
    return out;
}

}  // namespace swz::verify
