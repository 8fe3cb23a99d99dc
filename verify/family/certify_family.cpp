#include "certify_family.hpp"

#include <chrono>

#include "../prover_pool.hpp"
#include "../report.hpp"
#include "article_family.hpp"
#include "article_family_figures.hpp"

namespace swz::verify {

std::optional<family_kind> family_named(std::string const& name) {
    if (name == "article") return family_kind::article;
    return std::nullopt;
}

std::string family_names() { return "article"; }

std::string family_name(family_kind) { return "article"; }

family_certificate certify_family(family_kind, unsigned timeout_ms, unsigned threads) {
    auto const t0 = std::chrono::steady_clock::now();
    family_certificate c;
    c.name = family_name(family_kind::article);
    c.description = "NX = 2^0 .. 2^16 elements of 1, 2, 4, 8 or 16 bytes, TC a power of two from the element to the "
                    "row (at most 2^17 bytes), 1 .. 2^32 rows";
    auto properties = article_family_properties();
    for (auto& f : article_family_figures()) properties.push_back(std::move(f));
    c.results.resize(properties.size());
    run_on_provers(properties.size(), threads, timeout_ms, [&](prover& p, std::size_t i) {
        auto const s = std::chrono::steady_clock::now();
        c.results[i] = properties[i](p);
        c.results[i].seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count();
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
