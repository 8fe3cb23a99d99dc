#include "certify.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "article_derivation.hpp"
#include "column_spread.hpp"
#include "conflict_bound.hpp"
#include "layout_properties.hpp"
#include "smtlib_export.hpp"
#include "swz/tile_layouts.hpp"
#include "warp_pattern.hpp"

namespace swz::verify {

tile_subject article_subject(layout_params const& params, std::uint64_t rows) {
    return make_tile_subject("xor-swizzle", xor_swizzled_tile<layout_params>{params}, params, rows, true);
}


namespace {

// One unit of work: some properties, proved with the prover of the thread
// that runs it.
using task = std::function<std::vector<property_result>(prover&)>;

template <class F>
task timed(F f) {
    return [f](prover& p) {
        auto const t0 = std::chrono::steady_clock::now();
        property_result r = f(p);
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return std::vector<property_result>{std::move(r)};
    };
}

struct task_output {
    std::vector<property_result> results;
    std::vector<exported_obligation> obligations;
};

}  // namespace

certificate certify(tile_subject const& subject, certify_options const& options) {
    auto const start = std::chrono::steady_clock::now();
    certificate c;
    c.subject = subject.name;
    c.params = subject.params;
    c.rows = subject.rows;
    c.timeout_ms = options.timeout_ms;
    c.required = options.required;

    std::vector<task> tasks;
    // Costliest first, so the threads finish together.
    tasks.push_back(timed([&](prover& p) { return prove_column_spread(p, subject); }));
    for (auto pat : all_tile_patterns) {
        bool const need = std::find(options.required.conflict_free.begin(), options.required.conflict_free.end(), pat) !=
                          options.required.conflict_free.end();
        tasks.push_back(timed([&, pat, need](prover& p) { return prove_conflict_bound(p, make_tile_pattern(subject, pat), need); }));
    }
    tasks.push_back(timed([&](prover& p) { return prove_lowering(p, subject); }));
    tasks.push_back(timed([&](prover& p) { return prove_bijection(p, subject); }));
    tasks.push_back(timed([&](prover& p) { return prove_row_permutation(p, subject); }));
    tasks.push_back(timed([&](prover& p) { return prove_chunk_integrity(p, subject); }));
    tasks.push_back(timed([&](prover& p) { return prove_involution(p, subject); }));
    tasks.push_back([&](prover& p) { return prove_article_derivation(p, subject, options.required.article); });

    std::vector<task_output> outputs(tasks.size());
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_lock;
    auto worker = [&] {
        try {
            prover p(options.timeout_ms);
            for (std::size_t i; (i = next++) < tasks.size();) {
                std::size_t const first_log = p.log().size();
                outputs[i].results = tasks[i](p);
                if (options.keep_obligations)
                    for (std::size_t k = first_log; k < p.log().size(); ++k) {
                        auto const& o = p.log()[k];
                        if (o.role == obligation_role::search || o.result == answer::unknown) continue;
                        outputs[i].obligations.push_back({o.name, o.role == obligation_role::proof ? "proof" : "witness",
                                                          o.result == answer::sat ? "sat" : "unsat", to_smtlib(p, o)});
                    }
                if (options.log_queries) {
                    std::ostringstream text;
                    for (std::size_t k = first_log; k < p.log().size(); ++k) {
                        auto const& o = p.log()[k];
                        text << "swz-verify: query " << o.name << ": "
                             << (o.result == answer::sat ? "sat" : o.result == answer::unsat ? "unsat" : "unknown (" + o.reason + ")")
                             << ", " << o.seconds * 1000 << " ms\n";
                    }
                    std::lock_guard<std::mutex> g(failure_lock);
                    std::cerr << text.str();
                }
            }
        } catch (...) {
            std::lock_guard<std::mutex> g(failure_lock);
            if (!failure) failure = std::current_exception();
            next = tasks.size();
        }
    };
    unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    threads = unsigned(std::min<std::size_t>(threads, tasks.size()));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);

    // The report order: formula, layout, conflicts, spread, article.
    auto take = [&](std::size_t i) {
        for (auto& r : outputs[i].results) c.results.push_back(std::move(r));
        for (auto& o : outputs[i].obligations) c.obligations.push_back(std::move(o));
    };
    std::size_t const spread = 0, first_conflict = 1, first_layout = 1 + all_tile_patterns.size();
    for (std::size_t i = first_layout; i < first_layout + 5; ++i) take(i);
    for (std::size_t i = first_conflict; i < first_layout; ++i) take(i);
    take(spread);
    c.results.push_back(judge_spread_claim(c.results.back(), subject, options.required.article));
    take(first_layout + 5);
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return c;
}

}  // namespace swz::verify
