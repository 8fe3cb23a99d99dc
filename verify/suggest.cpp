#include "suggest.hpp"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <ostream>
#include <thread>

#include "access_spec.hpp"
#include "conflict_bound.hpp"
#include "equivalence.hpp"
#include "exit_codes.hpp"
#include "periodicity.hpp"
#include "report.hpp"

namespace swz::verify {
namespace {

// Tiles taller than this are cut to a proved period before their starts
// are enumerated.
constexpr std::uint64_t rows_without_period = 256;

unsigned bits_to_hold(std::uint64_t n) {
    unsigned b = 0;
    while (b < 64 && (std::uint64_t(1) << b) < n) ++b;
    return b;
}

// A candidate not yet scored.
suggest_candidate candidate(std::string spec) {
    suggest_candidate c;
    c.spec = std::move(spec);
    return c;
}

// Every candidate of the searched families, in the documented order.
std::vector<suggest_candidate> candidates_for(tile_request const& tile) {
    std::vector<suggest_candidate> out;
    out.push_back(candidate("plain"));
    for (std::uint32_t p = tile.elem; p <= 16; p += tile.elem) out.push_back(candidate("pad:" + std::to_string(p)));
    std::uint64_t const elements = tile.rows * (*tile.row_bytes / tile.elem);
    unsigned const top = bits_to_hold(elements);
    for (unsigned b = 1; b <= top; ++b)
        for (unsigned m = 0; m + 2 * b <= top; ++m)
            for (unsigned s = b; m + s + b <= top; ++s)
                for (int sign : {1, -1}) {
                    out.push_back(candidate("cute:" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(sign * int(s))));
                    out.back().swizzle_bits = b;
                }
    unsigned bits = 1;
    for (char const* mode : {"tma:32B", "tma:64B", "tma:128B"}) {
        out.push_back(candidate(mode));
        out.back().swizzle_bits = bits++;
    }
    return out;
}

// Whether a candidate keeps every cell inside the tile. Its swizzle keeps
// each strided offset in its aligned block of span_bytes (the subject's
// swizzle view), so only the cells of the last, partial, block can leave the
// tile: those are evaluated. (With rows x columns not a power of two,
// cute:1,0,-8 on 48 rows of 16 floats put cell [32][1] at byte 3076 of
// 3072, and was ranked.) Too many cells to evaluate: undecided, said so.
enum class inside { yes, no, too_large };
inside keeps_cells_inside(layout_subject const& t) {
    if (!t.swizzle) return inside::yes;
    std::uint64_t const span = t.swizzle->span_bytes, end = std::min(t.footprint, t.rows() * t.pitch);
    std::uint64_t const first_row = span ? end / span * span / t.pitch : 0;  // blocks below it stay inside
    constexpr std::uint64_t most = std::uint64_t(1) << 22;
    if ((t.rows() - first_row) * t.cols() > most) return inside::too_large;
    for (std::uint64_t y = first_row; y < t.rows(); ++y)
        for (std::uint64_t x = 0; x < t.cols(); ++x)
            if (t.offset(y, x) + t.shape.elem > t.footprint) return inside::no;
    return inside::yes;
}

// Decides every access on one candidate; false when the spec does not
// describe a layout of this tile (it is then no candidate at all).
bool score(suggest_candidate& c, tile_request const& tile, std::vector<std::string> const& accesses, unsigned timeout_ms) {
    auto const parsed = parse_layout(c.spec, tile);
    if (std::holds_alternative<layout_error>(parsed)) return false;
    layout_subject const& t = std::get<layout_subject>(parsed);
    c.footprint = t.footprint;
    // Padding is what a row's pitch adds to its bytes: pad:P's P, and a TMA
    // box row narrower than its swizzle span, padded to the span.
    c.pad = std::uint32_t(t.pitch - *tile.row_bytes);
    switch (keeps_cells_inside(t)) {
        case inside::yes: break;
        case inside::no:
            c.outcome = verdict::refuted;
            c.why = "not a bijection onto the tile: a cell of its last rows lies past its last byte";
            return true;
        case inside::too_large:
            c.outcome = verdict::unknown;
            c.why = "whether every cell stays inside the tile was not decided (over 2^22 cells after its swizzle's last whole block)";
            return true;
    }
    prover p(timeout_ms);
    std::uint64_t period = 0;
    if (t.rows() > rows_without_period) period = proved_period(prove_periodicity(p, t), t);
    for (auto const& spec : accesses) {
        auto const a = access_on(spec, t, period);
        if (auto const* e = std::get_if<access_error>(&a)) {
            c.outcome = verdict::refuted;
            c.why = spec + ": " + e->message;
            return true;
        }
        auto const& subject = std::get<access_subject>(a);
        if (!subject.not_applicable.empty()) {
            c.outcome = verdict::refuted;
            c.why = spec + ": " + subject.not_applicable;
            return true;
        }
        property_result const r = prove_conflict_bound(p, subject, false, figure_method::automatic);
        if (r.outcome != verdict::proved || !r.fig) {
            c.outcome = r.outcome == verdict::refuted ? verdict::refuted : verdict::unknown;
            c.why = spec + ": " + (r.reason.empty() ? "undecided" : r.reason);
            return true;
        }
        c.wavefronts.push_back(unsigned(r.fig->value));
        c.total += unsigned(r.fig->value);
    }
    return true;
}

bool better(suggest_candidate const& a, suggest_candidate const& b) {
    if (a.total != b.total) return a.total < b.total;
    if ((a.pad == 0) != (b.pad == 0)) return a.pad == 0;
    if (a.footprint != b.footprint) return a.footprint < b.footprint;
    return a.swizzle_bits < b.swizzle_bits;
}

std::string cute_code_of(std::string const& spec, tile_request const& tile) {
    std::uint64_t const cols = *tile.row_bytes / tile.elem;
    std::string const shape = "make_shape(Int<" + std::to_string(tile.rows) + ">{}, Int<" + std::to_string(cols) + ">{})";
    std::string const plain = "make_layout(" + shape + ", LayoutRight{})";
    if (spec == "plain") return plain;
    if (spec.rfind("pad:", 0) == 0) {
        std::uint64_t const pitch = cols + std::stoull(spec.substr(4)) / tile.elem;
        return "make_layout(" + shape + ", make_stride(Int<" + std::to_string(pitch) + ">{}, Int<1>{}))";
    }
    if (spec.rfind("cute:", 0) == 0) return "composition(Swizzle<" + spec.substr(5) + ">{}, " + plain + ")";
    return "";
}

// The CuTe form of a TMA mode on element offsets, when the element allows one.
std::optional<std::string> cute_of_tma(std::string const& mode, std::uint32_t elem) {
    unsigned const b = mode == "tma:32B" ? 1 : mode == "tma:64B" ? 2 : 3;
    unsigned const e_bits = bits_to_hold(elem);
    if (e_bits > 4) return std::nullopt;
    return "cute:" + std::to_string(b) + "," + std::to_string(4 - e_bits) + ",3";
}

bool proved_equal(std::string const& a, std::string const& b, tile_request const& tile, unsigned timeout_ms) {
    auto const sa = parse_layout(a, tile), sb = parse_layout(b, tile);
    if (!std::holds_alternative<layout_subject>(sa) || !std::holds_alternative<layout_subject>(sb)) return false;
    prover p(timeout_ms);
    return prove_equivalence(p, std::get<layout_subject>(sa), std::get<layout_subject>(sb)).outcome == verdict::proved;
}

// Each access is costed on every candidate, so it must be one instruction
// on all of them: the chunk patterns, whose width is each layout's own
// chunk, are pinned to the tile's (that of plain rows, the widest aligned
// run up to 16 bytes), else a layout that splits 16-byte chunks would be
// costed on 8-byte reads and win. Specs are canonical (row.4 of floats is
// row), and two that name one access are costed once. Each access's ideal
// comes with it (0 where plain rows do not take it; none where the tile
// has no plain rows).
void pin_widths(suggestion& s, tile_request const& tile, std::vector<std::string> const& given) {
    auto const plain = parse_layout("plain", tile);
    for (auto const& spec : given) {
        std::string pinned = spec;
        unsigned ideal = 0;
        if (auto const* t = std::get_if<layout_subject>(&plain))
            if (auto const a = access_on(spec, *t); auto const* w = std::get_if<access_subject>(&a)) {
                pinned = w->spec;
                ideal = w->instr.ideal();
                // A chunk of one element is the element's own access.
                for (std::string const chunked : {"row", "column"})
                    if (w->spec == chunked + "-chunk")
                        pinned = w->instr.width == tile.elem ? chunked : w->spec + "." + std::to_string(w->instr.width);
            }
        if (std::find(s.accesses.begin(), s.accesses.end(), pinned) != s.accesses.end()) continue;
        s.accesses.push_back(pinned);
        if (std::holds_alternative<layout_subject>(plain)) s.ideals.push_back(ideal);
    }
}

}  // namespace

suggestion suggest_layout(tile_request const& tile, std::vector<std::string> const& given, certify_options const& options) {
    auto const start = std::chrono::steady_clock::now();
    suggestion s;
    pin_widths(s, tile, given);
    std::vector<std::string> const& accesses = s.accesses;
    std::vector<suggest_candidate> all = candidates_for(tile);
    std::vector<char> fits(all.size(), 0);
    unsigned const threads = std::max(1u, options.threads ? options.threads : std::thread::hardware_concurrency());
    std::vector<std::thread> pool;
    for (unsigned w = 0; w < threads; ++w)
        pool.emplace_back([&, w] {
            for (std::size_t i = w; i < all.size(); i += threads) fits[i] = score(all[i], tile, accesses, options.timeout_ms);
        });
    for (auto& t : pool) t.join();
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (!fits[i]) continue;
        (all[i].outcome == verdict::proved ? s.ranked : s.excluded).push_back(all[i]);
    }
    std::stable_sort(s.ranked.begin(), s.ranked.end(), better);
    if (!s.ranked.empty()) {
        std::string const best = s.ranked.front().spec;
        auto const subject = std::get<layout_subject>(parse_layout(best, tile));
        certify_options o = options;
        o.accesses = accesses;
        s.chosen = certify(subject, o);
        s.cute_code = cute_code_of(best, tile);
        if (best.rfind("tma:", 0) == 0) {
            s.tma_matches.push_back(best);
            if (auto const c = cute_of_tma(best, tile.elem); c && proved_equal(best, *c, tile, options.timeout_ms))
                s.cute_code = cute_code_of(*c, tile);
        } else
            for (char const* mode : {"tma:32B", "tma:64B", "tma:128B"})
                if (proved_equal(best, mode, tile, options.timeout_ms)) s.tma_matches.push_back(mode);
    }
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return s;
}

int suggestion_exit_code(suggestion const& s) {
    if (s.ranked.empty()) return s.excluded.empty() ? exit_unknown : exit_refuted;
    for (auto const& c : s.excluded)
        if (c.outcome == verdict::unknown) return exit_unknown;
    return s.chosen ? int(exit_code_for(s.chosen->results)) : exit_unknown;
}

namespace {

std::string tma_name(std::string const& mode) {
    return "CU_TENSOR_MAP_SWIZZLE_" + mode.substr(4) + " (" + mode + ")";
}

}  // namespace

void print_suggestion(std::ostream& os, suggestion const& s) {
    std::size_t illegal = 0, undecided = 0;
    for (auto const& c : s.excluded) (c.outcome == verdict::unknown ? undecided : illegal) += 1;
    std::size_t const searched = s.ranked.size() + s.excluded.size();
    os << "searched " << searched << " layouts (plain, pads up to 16 B, every CuTe Swizzle<B,M,S> of the tile, the TMA modes): "
       << s.ranked.size() << " decided exactly, " << illegal << " illegal (an access, or a cell outside the tile), " << undecided << " undecided, in "
       << std::fixed << std::setprecision(2) << s.seconds << " s\n" << std::defaultfloat;
    if (s.ranked.empty()) {
        os << "no layout of the searched families is legal for every access\n";
        for (std::size_t i = 0; i < s.excluded.size() && i < 5; ++i) os << "  " << s.excluded[i].spec << ": " << s.excluded[i].why << "\n";
        return;
    }
    os << "  " << std::left << std::setw(6) << "rank" << std::setw(18) << "layout" << std::setw(7) << "total";
    for (auto const& a : s.accesses) os << " " << a;
    os << "\n";
    for (std::size_t i = 0; i < s.ranked.size() && i < 8; ++i) {
        auto const& c = s.ranked[i];
        os << "  " << std::left << std::setw(6) << (i + 1) << std::setw(18) << c.spec << std::setw(7) << c.total;
        for (std::size_t k = 0; k < c.wavefronts.size(); ++k)
            os << " " << std::setw(int(s.accesses[k].size())) << c.wavefronts[k];
        os << "\n";
    }
    auto const& best = s.ranked.front();
    unsigned ideal = 0;
    for (unsigned v : s.ideals) ideal += v;
    os << "best: " << best.spec << ", " << best.total << " wavefronts in all (ideal " << ideal << ")";
    if (undecided == 0)
        os << "; PROVED optimal: none of the " << searched << " searched layouts has fewer (each decided exactly)\n";
    else
        os << "; optimality UNKNOWN: " << undecided << " layouts undecided (first: " << [&] {
            for (auto const& c : s.excluded)
                if (c.outcome == verdict::unknown) return c.spec + ", " + c.why;
            return std::string();
        }() << ")\n";
    if (!s.cute_code.empty()) os << "CuTe: " << s.cute_code << "\n";
    else os << "CuTe: no Swizzle<B,M,S> on element offsets equals it on this tile\n";
    if (s.tma_matches.empty()) os << "TMA:  no TMA swizzle mode places this tile alike\n";
    for (auto const& m : s.tma_matches) os << "TMA:  " << tma_name(m) << (m == best.spec ? "" : ", proved equal") << "\n";
    os << "\nThe chosen layout's certificate:\n";
    print_table(os, *s.chosen, suggestion_exit_code(s));
}

nlohmann::json suggestion_json(suggestion const& s) {
    nlohmann::json j = document_header("suggest");
    j["accesses"] = s.accesses;
    j["ideals"] = s.ideals;
    j["exit_code"] = suggestion_exit_code(s);
    j["searched"] = s.ranked.size() + s.excluded.size();
    j["ranked"] = nlohmann::json::array();
    for (auto const& c : s.ranked)
        j["ranked"].push_back({{"spec", c.spec}, {"total", c.total}, {"wavefronts", c.wavefronts}, {"footprint", c.footprint}});
    j["excluded"] = nlohmann::json::array();
    for (auto const& c : s.excluded)
        j["excluded"].push_back({{"spec", c.spec}, {"verdict", std::string(verdict_name(c.outcome))}, {"why", c.why}});
    if (s.chosen) j["chosen"] = to_json(*s.chosen);
    j["cute"] = s.cute_code;
    j["tma"] = s.tma_matches;
    return j;
}

}  // namespace swz::verify
