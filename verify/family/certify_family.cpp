#include "certify_family.hpp"

#include <chrono>
#include <mutex>

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

family_certificate certify_family(family_kind f, unsigned timeout_ms, unsigned threads, bool log_queries) {
    auto const t0 = std::chrono::steady_clock::now();
    family_certificate c;
    c.name = f->name;
    c.description = f->description;
    auto const properties = f->properties();
    c.results.resize(properties.size());
    std::mutex lock;  // for --log-queries' lines
    run_on_provers(properties.size(), threads, timeout_ms, [&](prover& p, std::size_t i) {
        auto const s = std::chrono::steady_clock::now();
        std::size_t const first_log = p.log().size();
        c.results[i] = properties[i](p);
        c.results[i].seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count();
        if (log_queries) print_queries_since(p, first_log, lock);
    });
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
