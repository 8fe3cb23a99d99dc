#include "stage_property.hpp"

#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "certify.hpp"

namespace swz::verify {

namespace {

// The most cells of stage 0 placed to measure its span, and of every stage
// placed where spans overlap (a shared-memory tile has at most 2^18 bytes).
constexpr std::uint64_t max_cells = std::uint64_t(1) << 24;
constexpr std::uint64_t max_placements = std::uint64_t(1) << 22;

std::string bytes(std::uint64_t n) { return std::to_string(n) + " bytes"; }

property_result start(std::string id, std::string statement) {
    property_result r;
    r.id = std::move(id);
    r.section = "layout";
    r.statement = std::move(statement);
    return r;
}

property_result refuted(property_result r, nlohmann::json evidence, std::string line) {
    r.outcome = verdict::refuted;
    r.evidence = std::move(evidence);
    r.evidence_text.push_back(std::move(line));
    return r;
}

// The first stage, in index order, whose move is not a whole number of repeats.
property_result moved(layout_subject const& t) {
    stage_view const& v = *t.stages;
    property_result r = start("stages.moved", "each of the " + std::to_string(v.offsets.size()) +
                                                  " stages is stage 0's tile moved by a multiple of " + bytes(v.repeat_bytes) +
                                                  " (the swizzle's repeat and the 128-byte bank line), so stage 0's figures are every stage's");
    for (std::size_t s = 0; s < v.offsets.size(); ++s)
        if (v.offsets[s] % v.repeat_bytes != 0)
            return refuted(r, {{"stage", s}, {"offset_bytes", v.offsets[s]}},
                           "stage " + std::to_string(s) + " starts " + bytes(v.offsets[s]) + " after stage 0, not a multiple of " +
                               bytes(v.repeat_bytes) + ": its placement and banks are not stage 0's, so the figures hold for stage 0 only");
    r.outcome = verdict::proved;
    r.method = "by the stage offsets";
    return r;
}

// The bytes stage 0's cells span, [first, last + elem).
std::pair<std::uint64_t, std::uint64_t> span_of(layout_subject const& t) {
    std::uint64_t lo = ~std::uint64_t(0), hi = 0;
    std::vector<std::uint64_t> row(t.cols());
    for (std::uint64_t y = 0; y < t.rows(); ++y) {
        t.row_offsets_of(y, 0, t.cols(), row.data());
        for (std::uint64_t o : row) lo = std::min(lo, o), hi = std::max(hi, o + t.shape.elem);
    }
    return {lo, hi};
}

// Two stages whose moved tiles share a byte: the first cell, by stage and
// then row-major, that lands on a byte an earlier stage holds, and that
// stage's first cell there, replayed through stage 0's map. Only stages
// whose spans overlap can: the span is measured, not taken from the
// footprint (a cell may lie past it, which bijection reports).
property_result disjoint(layout_subject const& t) {
    stage_view const& v = *t.stages;
    property_result r = start("stages.disjoint", "no two stages share a byte");
    std::uint64_t const cells = t.rows() * t.cols();
    if (cells > max_cells) {
        r.reason = "stage 0 has more than 2^24 cells to place";
        return r;
    }
    auto const [lo, hi] = span_of(t);
    std::size_t const n = v.offsets.size();
    std::vector<std::uint64_t> sorted = v.offsets;
    std::sort(sorted.begin(), sorted.end());
    bool overlap = false;
    for (std::size_t i = 1; i < n; ++i) overlap |= sorted[i] - sorted[i - 1] < hi - lo;
    r.outcome = verdict::proved;
    if (!overlap) {
        r.method = "by the stage offsets: stage 0's cells span bytes " + std::to_string(lo) + ".." + std::to_string(hi - 1) +
                   ", and no two stages start within " + bytes(hi - lo) + " of each other";
        return r;
    }
    if (cells * n > max_placements) {
        r.outcome = verdict::unknown;
        r.reason = "stages whose spans overlap, " + std::to_string(n) + " of " + std::to_string(cells) +
                   " cells: more than 2^22 cells to place";
        return r;
    }
    struct holder {
        std::size_t stage;
        std::uint64_t y, x;
    };
    std::unordered_map<std::uint64_t, holder> held;
    held.reserve(std::size_t(cells * n));
    std::vector<std::uint64_t> row(t.cols());
    for (std::size_t b = 0; b < n; ++b)
        for (std::uint64_t y = 0; y < t.rows(); ++y) {
            t.row_offsets_of(y, 0, t.cols(), row.data());
            for (std::uint64_t x = 0; x < t.cols(); ++x) {
                std::uint64_t const byte = row[x] + v.offsets[b];
                auto const [it, fresh] = held.emplace(byte, holder{b, y, x});
                holder const h = it->second;
                if (fresh || h.stage == b) continue;  // cells of one stage on one byte: bijection's concern
                if (t.offset(h.y, h.x) + v.offsets[h.stage] != t.offset(y, x) + v.offsets[b]) continue;  // replayed
                return refuted(r, {{"stage", h.stage}, {"cell", {h.y, h.x}}, {"other", b}, {"other_cell", {y, x}}, {"byte", byte}},
                               "cell [" + std::to_string(h.y) + "][" + std::to_string(h.x) + "] of stage " +
                                   std::to_string(h.stage) + " and cell [" + std::to_string(y) + "][" + std::to_string(x) +
                                   "] of stage " + std::to_string(b) + " both lie at byte " + std::to_string(byte));
            }
        }
    r.method = "by exhaustion: every cell of the " + std::to_string(n) + " stages placed, " + std::to_string(cells * n) + " in all";
    return r;
}

}  // namespace

std::vector<property_result> prove_stages(layout_subject const& subject) {
    property_result m = moved(subject);
    if (m.outcome != verdict::proved)
        return {m, not_applicable("stages.disjoint", "layout", "no two stages share a byte",
                                  "the stages are not stage 0's tile moved (stages.moved is refuted)")};
    return {m, disjoint(subject)};
}

}  // namespace swz::verify
