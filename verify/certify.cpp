#include "certify.hpp"

#include <map>

#include <algorithm>
#include <chrono>
#include <functional>
#include <iterator>
#include <memory>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <type_traits>

#include "article_derivation.hpp"
#include "bank_blind.hpp"
#include "column_spread.hpp"
#include "conflict_bound.hpp"
#include "equivalence.hpp"
#include "layout_properties.hpp"
#include "layout_subjects.hpp"
#include "offset_table.hpp"
#include "bank_period.hpp"
#include "periodicity.hpp"
#include "prover_pool.hpp"
#include "row_xor.hpp"
#include "smtlib_export.hpp"
#include "stage_property.hpp"
#include "tma_placement.hpp"
#include "access_spec.hpp"

namespace swz::verify {

layout_subject article_subject(layout_params const& params, std::uint64_t rows) {
    return subject_of(article_layout<layout_params>{params},
                      tile_shape{rows, std::uint32_t(params.row_bytes()), params.elem});
}

property_result not_applicable(std::string id, std::string section, std::string statement, std::string why) {
    property_result r;
    r.id = std::move(id);
    r.section = std::move(section);
    r.statement = std::move(statement);
    r.applicable = false;
    r.reason = std::move(why);
    return r;
}

namespace {

// One unit of work: some properties, proved with the prover of the thread
// that runs it.
using task = std::function<std::vector<property_result>(prover&)>;

// One property, or several proved together (each then shown an equal share
// of their time).
template <class F>
task timed(F f) {
    return [f](prover& p) {
        auto const t0 = std::chrono::steady_clock::now();
        std::vector<property_result> out;
        if constexpr (std::is_same_v<decltype(f(p)), property_result>) out.push_back(f(p));
        else out = f(p);
        double const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        for (auto& r : out) r.seconds = seconds / double(out.size());
        return out;
    };
}

task fixed(property_result r) {
    return [r](prover&) { return std::vector<property_result>{r}; };
}

struct task_output {
    std::vector<property_result> results;
    std::vector<exported_obligation> obligations;
};

void collect(prover& p, std::size_t first_log, certify_options const& options, task_output& out, std::mutex& lock) {
    if (options.keep_obligations)
        for (std::size_t k = first_log; k < p.log().size(); ++k) {
            auto const& o = p.log()[k];
            if (o.role == obligation_role::search || o.result == answer::unknown) continue;
            out.obligations.push_back({o.name, o.role == obligation_role::proof ? "proof" : "witness",
                                       o.result == answer::sat ? "sat" : "unsat", to_smtlib(p, o)});
        }
    if (options.log_queries) print_queries_since(p, first_log, lock);
}

// Runs the tasks on `threads` threads, one prover each; outputs in task order.
std::vector<task_output> run_tasks(std::vector<task> const& tasks, certify_options const& options) {
    std::vector<task_output> outputs(tasks.size());
    std::mutex lock;  // for --log-queries' lines
    run_on_provers(tasks.size(), options.threads, options.timeout_ms, [&](prover& p, std::size_t i) {
        p.set_small_box_first(options.small_box_first);
        std::size_t const first_log = p.log().size();
        outputs[i].results = tasks[i](p);
        collect(p, first_log, options, outputs[i], lock);
    });
    return outputs;
}

// Names in order, runs of digits by their value ("[step 2]" before "[step 10]").
bool natural_less(std::string const& a, std::string const& b) {
    std::size_t i = 0, j = 0;
    auto const digit = [](char c) { return c >= '0' && c <= '9'; };
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            std::size_t const i0 = i, j0 = j;
            while (i < a.size() && digit(a[i])) ++i;
            while (j < b.size() && digit(b[j])) ++j;
            std::string const x = a.substr(i0, i - i0), y = b.substr(j0, j - j0);
            if (x.size() != y.size()) return x.size() < y.size();  // no leading zeros in a step's number
            if (x != y) return x < y;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i, ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

// Why a row property does not apply, or is undecided, when row_locality is not PROVED.
std::optional<property_result> row_gate(property_result const& locality, std::string id, std::string statement) {
    if (locality.outcome == verdict::proved) return std::nullopt;
    if (locality.outcome == verdict::refuted)
        return not_applicable(std::move(id), "layout", std::move(statement),
                              "the layout moves cells across rows (row_locality is refuted)");
    property_result r;
    r.id = std::move(id);
    r.section = "layout";
    r.statement = std::move(statement);
    r.outcome = verdict::unknown;
    r.reason = "undecided: row_locality is unknown (" + locality.reason + ")";
    return r;
}

// The accesses to cost: the four patterns, then each other one asked for
// or required, once each, in the order given.
std::vector<std::string> accesses_of(certify_options const& o) {
    std::vector<std::string> out = default_accesses();
    for (auto const* list : {&o.accesses, &o.required.conflict_free})
        for (auto const& a : *list)
            if (std::find(out.begin(), out.end(), a) == out.end()) out.push_back(a);
    return out;
}

property_result prove_access(prover& p, std::string const& spec, std::variant<access_subject, access_error> const& a,
                             bool need, figure_method method) {
    if (auto const* e = std::get_if<access_error>(&a))
        return not_applicable("conflict." + spec, "conflicts", spec, "the access does not parse: " + e->message);
    return prove_conflict_bound(p, std::get<access_subject>(a), need, method);
}

// The article's formula equals the CuTe swizzle its bit picture says.
// One of the article's claims: it counts only with --require-article.
property_result prove_bit_form(prover& p, layout_subject const& s, bool required) {
    swizzled_layout<bit_swizzle> const cute{*s.bit_form, plain_layout(s.shape), false};
    layout_subject const other = subject_of(cute, s.shape, cute_spec_text({*s.bit_form, false}));
    property_result r = prove_equivalence(p, s, other);
    r.counts = required ? weight::gate : weight::report;
    r.id = "article.bit_form";
    r.section = "article";
    r.statement = "the formula is CuTe's Swizzle<" + s.bit_form->text() + "> on element offsets (" + other.spec + ")";
    return r;
}

// What every certificate says of its subject before any result.
certificate certificate_of(layout_subject const& subject, certify_options const& options) {
    certificate c;
    c.spec = subject.spec;
    c.family = subject.family;
    c.shape = subject.shape;
    c.chunk_bytes = subject.chunk_bytes;
    c.timeout_ms = options.timeout_ms;
    return c;
}

bool required_conflict_free(certify_options const& o, std::string const& spec) {
    auto const& need = o.required.conflict_free;
    return std::find(need.begin(), need.end(), spec) != need.end();
}

// After the result of each access decided, the results of the accesses
// that repeat it (and of those that repeat them, in order): copies under
// their own names, saying whose decision they share.
void add_repeated_accesses(std::vector<property_result>& results, std::vector<std::string> const& specs,
                           std::map<std::string, std::string> const& same_as) {
    property_result const decided = results.back();
    for (auto const& spec : specs) {
        auto const it = same_as.find(spec);
        if (it == same_as.end() || "conflict." + it->second != decided.id) continue;
        property_result r = decided;
        r.id = "conflict." + spec;
        r.solver_calls = 0;
        r.seconds = 0;
        std::string const same = "with " + decided.id + ", the same lanes and instruction";
        if (r.outcome == verdict::unknown) r.reason = same + ": " + r.reason;
        else r.method = (r.method.empty() ? "" : r.method + ", ") + "once " + same;
        results.push_back(std::move(r));
    }
}

}  // namespace

certificate certify(layout_subject const& subject, certify_options const& given) {
    auto const start = std::chrono::steady_clock::now();
    certify_options options = given;
    options.small_box_first = !subject.powers_of_two();
    certificate c = certificate_of(subject, options);
    c.article = subject.article;
    c.required = options.required;

    // Row locality and periodicity first: whether the row properties apply,
    // and over which starts the figures are decided, depend on them.
    // With them the lemmas that cut the column figures' starts further,
    // where a sample of cells suggests them (bank_period.hpp, row_xor.hpp).
    std::uint64_t const row_starts =
        subject.rows() < 32 ? 0
                            : std::min<std::uint64_t>(subject.rows() - 31, subject.period_rows ? subject.period_rows : ~std::uint64_t(0));
    bank_steps const banks = conjecture_bank_steps(subject, row_starts);
    bool const xor_rows = conjecture_row_xor(subject, row_starts);
    std::vector<task> first{timed([&](prover& p) { return prove_row_locality(p, subject); }),
                            timed([&](prover& p) { return prove_periodicity(p, subject); })};
    if (banks.rows) first.push_back(timed([&](prover& p) { return prove_bank_period_rows(p, subject, banks.rows); }));
    if (banks.cols) first.push_back(timed([&](prover& p) { return prove_bank_period_columns(p, subject, banks.cols); }));
    if (xor_rows) first.push_back(timed([&](prover& p) { return prove_row_xor(p, subject); }));
    if (bank_blind_candidate(subject)) first.push_back(timed([&](prover& p) { return prove_bank_blind(p, subject); }));
    // What needs none of these lemmas runs beside them, on the threads they
    // leave idle (row_locality alone took 37 of the first 40 ms of --nx
    // 15843 --elem 8): the formula's lowering, the article's steps, each a
    // task of its own (on rows that are not powers of two each is a
    // counterexample search of tens of ms: --nx 96 --elem 2's x_chunk_swz
    // 70 ms), and its bit form. Their outputs join the report in place.
    std::size_t const lemma_tasks = first.size();
    std::vector<std::string> early_section;
    auto early = [&](task t, std::string s) {
        first.push_back(std::move(t));
        early_section.push_back(std::move(s));
    };
    // The lowering's steps on two tasks, which take them in turn.
    auto const lowering = std::make_shared<lowering_share>();
    std::size_t const lowering_first = first.size() - lemma_tasks;
    for (int part = 0; part < 2; ++part)
        early(timed([&, lowering](prover& p) { return lowering->prove_part(p, subject); }), "formula");
    if (subject.article)
        for (auto const& step : article_derivation_steps(*subject.article, subject.rows(), options.required.article))
            early([step](prover& p) { return std::vector<property_result>{step(p)}; }, "article");
    if (subject.bit_form)
        early(timed([&](prover& p) { return prove_bit_form(p, subject, options.required.article); }), "article");
    auto first_out = run_tasks(first, options);
    std::vector<task_output> early_out(std::make_move_iterator(first_out.begin() + std::ptrdiff_t(lemma_tasks)),
                                       std::make_move_iterator(first_out.end()));
    first_out.resize(lemma_tasks);
    {  // the lowering's parts as one result, their obligations in step order (not the tasks')
        task_output& one = early_out[lowering_first];
        task_output& other = early_out[lowering_first + 1];
        one.results = {lowering->merged({one.results.front(), other.results.front()})};
        other.results.clear();
        one.obligations.insert(one.obligations.end(), other.obligations.begin(), other.obligations.end());
        other.obligations.clear();
        std::stable_sort(one.obligations.begin(), one.obligations.end(),
                         [](auto const& a, auto const& b) { return natural_less(a.name, b.name); });
    }
    property_result const locality = first_out[0].results.front();
    property_result const periodic = first_out[1].results.front();
    bool const rows_kept = locality.outcome == verdict::proved;
    std::uint64_t const period = proved_period(periodic, subject);
    start_lemmas lemmas{period};
    lemmas.rows_kept = rows_kept;
    std::vector<property_result> cutting;  // the lemmas above, for the report
    for (std::size_t i = 2; i < first_out.size(); ++i)
        for (property_result const& r : first_out[i].results) {
            cutting.push_back(r);
            if (r.id == "bank_period.rows") lemmas.banks.rows = proved_step(r, banks.rows);
            else if (r.id == "bank_period.columns") lemmas.banks.cols = proved_step(r, banks.cols);
            else if (r.id == "row_xor") lemmas.row_xor = proved_row_xor(r);
        }
    // Figures of a bank-blind swizzle are decided on the strided layout beneath.
    std::optional<bank_twin> const twin = bank_blind_candidate(subject) ? proved_bank_twin(cutting, subject) : std::nullopt;
    // The figures' enumerations ask for each cell of a period many times.
    layout_subject const tabled = with_offset_table(subject, period);

    // Costliest first, so the threads finish together; `order` is the report order.
    std::vector<task> tasks;
    std::vector<std::string> section;
    auto add = [&](task t, std::string s) {
        tasks.push_back(std::move(t));
        section.push_back(std::move(s));
    };
    if (auto gated = row_gate(locality, "column_spread", "fewest distinct stored columns over any x and 32 consecutive rows"))
        add(fixed(*gated), "spread");
    else add(timed([&, lemmas](prover& p) { return prove_column_spread(p, tabled, lemmas, options.figures); }), "spread");
    // An access the same as an earlier one (same lanes, instruction and
    // requirement) is decided once and reported under both names.
    std::vector<std::string> const access_specs = accesses_of(options);
    std::vector<std::variant<access_subject, access_error>> parsed_accesses;
    std::map<std::string, std::string> same_as;  // spec -> the earlier spec it repeats
    std::map<std::string, std::string> first_with;
    for (auto const& spec : access_specs) {
        parsed_accesses.push_back(access_on(spec, tabled, lemmas));
        if (auto* a = std::get_if<access_subject>(&parsed_accesses.back()); a && twin) attach_bank_twin(*a, spec, *twin);
        auto const* subject_of_spec = std::get_if<access_subject>(&parsed_accesses.back());
        if (!subject_of_spec || subject_of_spec->identity.empty()) continue;
        std::string const key = (required_conflict_free(options, spec) ? "required " : "") + subject_of_spec->identity;
        auto const [it, fresh] = first_with.emplace(key, spec);
        if (!fresh) same_as[spec] = it->second;
    }
    for (std::size_t i = 0; i < access_specs.size(); ++i) {
        std::string const& spec = access_specs[i];
        if (same_as.count(spec)) continue;
        bool const need = required_conflict_free(options, spec);
        add(timed([&, i, need](prover& p) {
                return prove_access(p, access_specs[i], parsed_accesses[i], need, options.figures);
            }),
            "conflicts");
    }
    add(timed([&, period, rows_kept](prover& p) {
            return prove_bijection(p, subject, period, rows_kept, options.figures != figure_method::smt);
        }), "layout");
    add(fixed(locality), "layout");
    add(fixed(periodic), "layout");
    for (auto const& r : cutting) add(fixed(r), "layout");
    if (auto gated = row_gate(locality, "row_permutation", "in every row y, x -> stored column is a permutation"))
        add(fixed(*gated), "layout");
    else add(timed([&, period](prover& p) { return prove_row_permutation(p, subject, period); }), "layout");
    if (auto gated = row_gate(locality, "chunk_integrity", "each chunk stays contiguous, in order and aligned"))
        add(fixed(*gated), "layout");
    else add(timed([&, period](prover& p) { return prove_chunk_integrity(p, subject, period); }), "layout");
    if (!subject.swizzles || !subject.involution_not_applicable.empty())
        add(fixed(not_applicable("involution", "layout", "the swizzle is its own inverse",
                                 subject.swizzles ? subject.involution_not_applicable : "the layout has no swizzle")),
            "layout");
    else if (!rows_kept && !subject.swizzle) {
        if (auto gated = row_gate(locality, "involution", "the swizzle is its own inverse")) add(fixed(*gated), "layout");
    } else add(timed([&, rows_kept, period](prover& p) { return prove_involution(p, subject, rows_kept, period); }), "layout");
    if (subject.stages) add(timed([&](prover&) { return prove_stages(subject); }), "layout");
    if (subject.tma) {
        add(timed([&](prover& p) { return prove_tma_alignment(p, subject); }), "tma");
        add(timed([&](prover& p) { return prove_tma_base(p, subject); }), "tma");
    }

    auto outputs = run_tasks(tasks, options);
    for (std::size_t i = 0; i < early_out.size(); ++i) {
        outputs.push_back(std::move(early_out[i]));
        section.push_back(early_section[i]);
    }
    for (auto& f : first_out)
        for (auto& o : f.obligations) c.obligations.push_back(std::move(o));

    // The report order: formula, layout, tma, conflicts, spread, article.
    for (char const* s : {"formula", "layout", "tma", "conflicts", "spread", "article"})
        for (std::size_t i = 0; i < outputs.size(); ++i) {
            if (section[i] != s) continue;
            for (auto& r : outputs[i].results) c.results.push_back(std::move(r));
            if (std::string(s) == "conflicts") add_repeated_accesses(c.results, access_specs, same_as);
            for (auto& o : outputs[i].obligations) c.obligations.push_back(std::move(o));
            if (std::string(s) == "spread" && subject.article)
                c.results.push_back(judge_spread_claim(c.results.back(), *subject.article, options.required.article));
        }
    // The article's claims come after the spread claim, in the article section.
    std::stable_partition(c.results.begin(), c.results.end(), [](property_result const& r) { return r.section != "article"; });
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return c;
}

certificate certify_equivalence(layout_subject const& a, layout_subject const& b, certify_options const& options) {
    auto const t0 = std::chrono::steady_clock::now();
    certificate c = certificate_of(a, options);
    std::vector<task> tasks{timed([&](prover& p) { return prove_equivalence(p, a, b); })};
    auto outputs = run_tasks(tasks, options);
    c.results = std::move(outputs[0].results);
    c.obligations = std::move(outputs[0].obligations);
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
}

}  // namespace swz::verify
