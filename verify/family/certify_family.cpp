#include "certify_family.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "../prover_pool.hpp"
#include "../report.hpp"
#include "article_family.hpp"
#include "cute_family.hpp"

namespace swz::verify {

std::vector<family_kind> const& known_families() {
    static std::vector<family_kind> const all{&article_family_definition(), &cute_family_definition()};
    return all;
}

std::optional<family_kind> family_named(std::string const& name) {
    for (auto f : known_families())
        if (f->name == name) return f;
    return std::nullopt;
}

std::string family_names() {
    std::string out;
    for (auto f : known_families()) out += (out.empty() ? "" : ", ") + f->name;
    return out;
}

std::string family_name(family_kind f) { return f->name; }

namespace {

// Each property's position in `ps` of the properties it needs; a need that
// names no property of the family, or a cycle, is a bug of the definition.
std::vector<std::vector<std::size_t>> resolve_needs(std::vector<family_property> const& ps) {
    std::vector<std::vector<std::size_t>> out(ps.size());
    for (std::size_t i = 0; i < ps.size(); ++i)
        for (auto const& id : ps[i].needs) {
            auto const at = std::find_if(ps.begin(), ps.end(), [&](family_property const& q) { return q.id == id; });
            if (at == ps.end() || std::size_t(at - ps.begin()) == i)
                throw std::logic_error("family property needs '" + id + "', which the family does not define");
            out[i].push_back(std::size_t(at - ps.begin()));
        }
    return out;
}

// The order the properties start in: longest first, where a property's
// length is its own cost and the longest chain of properties that wait for
// it (one needed by others starts early); report order among equals.
std::vector<std::size_t> start_order(std::vector<family_property> const& ps, std::vector<std::vector<std::size_t>> const& needs) {
    std::size_t const n = ps.size();
    std::vector<double> length(n, -1);
    std::vector<bool> open(n, false);
    std::function<double(std::size_t)> chain = [&](std::size_t i) -> double {
        if (length[i] >= 0) return length[i];
        if (open[i]) throw std::logic_error("family properties that need each other");
        open[i] = true;
        double after = 0;
        for (std::size_t j = 0; j < n; ++j)
            if (std::find(needs[j].begin(), needs[j].end(), i) != needs[j].end()) after = std::max(after, chain(j));
        open[i] = false;
        return length[i] = ps[i].cost + after;
    };
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i, chain(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return length[a] > length[b]; });
    return order;
}

}  // namespace

family_certificate certify_family(family_kind f, unsigned timeout_ms, unsigned threads, bool log_queries) {
    auto const t0 = std::chrono::steady_clock::now();
    family_certificate c;
    c.name = f->name;
    c.description = f->description;
    auto const properties = f->properties();
    std::size_t const count = properties.size();
    auto const needs = resolve_needs(properties);
    auto const order = start_order(properties, needs);
    std::vector<property_result> results(count);
    // Each thread takes the first property in `order` whose needs are
    // decided, and waits while none is ready.
    std::mutex lock;  // the state below, and --log-queries' lines
    std::condition_variable changed;
    std::vector<bool> started(count, false), done(count, false);
    std::size_t running = 0, left = count;
    std::exception_ptr failure;
    auto worker = [&] {
        bool in_job = false;
        try {
            prover p(timeout_ms);
            std::unique_lock<std::mutex> g(lock);
            while (left > 0 && !failure) {
                auto const ready = std::find_if(order.begin(), order.end(), [&](std::size_t i) {
                    return !started[i] && std::all_of(needs[i].begin(), needs[i].end(), [&](std::size_t j) { return bool(done[j]); });
                });
                if (ready == order.end()) {
                    if (running == 0) break;  // nothing left that can start
                    changed.wait(g);
                    continue;
                }
                std::size_t const i = *ready;
                started[i] = true;
                ++running;
                in_job = true;
                std::vector<property_result> needed;
                for (std::size_t j : needs[i]) needed.push_back(results[j]);
                g.unlock();
                auto const s = std::chrono::steady_clock::now();
                std::size_t const first_log = p.log().size();
                property_result r = properties[i].decide(p, needed);
                r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count();
                if (log_queries) print_queries_since(p, first_log, lock);
                g.lock();
                results[i] = std::move(r);
                done[i] = true;
                --running;
                in_job = false;
                --left;
                changed.notify_all();
            }
        } catch (...) {
            std::lock_guard<std::mutex> g(lock);
            if (!failure) failure = std::current_exception();
            if (in_job) --running;
            changed.notify_all();
        }
    };
    run_workers(count, threads, worker);
    if (failure) std::rethrow_exception(failure);
    // A shared lemma's time and solver calls go to the results that need it,
    // in equal parts (the first takes what does not divide).
    for (std::size_t i = 0; i < count; ++i) {
        if (properties[i].reported) continue;
        std::vector<std::size_t> users;
        for (std::size_t j = 0; j < count; ++j)
            if (std::find(needs[j].begin(), needs[j].end(), i) != needs[j].end()) {
                if (!properties[j].reported) throw std::logic_error("a shared lemma needed by another shared lemma");
                users.push_back(j);
            }
        for (std::size_t n = 0; n < users.size(); ++n) {
            auto& user = results[users[n]];
            user.seconds += results[i].seconds / double(users.size());
            user.solver_calls += unsigned(results[i].solver_calls / users.size()) +
                                 (n == 0 ? unsigned(results[i].solver_calls % users.size()) : 0u);
        }
    }
    for (std::size_t i = 0; i < count; ++i)
        if (properties[i].reported) c.results.push_back(std::move(results[i]));
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
}

nlohmann::json family_json(family_certificate const& c) {
    nlohmann::json doc = document_header("family");
    doc["family"] = c.name;
    doc["description"] = c.description;
    doc["results"] = nlohmann::json::array();
    for (auto const& r : c.results) doc["results"].push_back(result_json(r));
    return doc;
}

}  // namespace swz::verify
