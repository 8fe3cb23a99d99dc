#include "certify_family.hpp"

#include <chrono>

#include "../prover_pool.hpp"
#include "article_family.hpp"

namespace swz::verify {

std::optional<family_kind> family_named(std::string const& name) {
    if (name == "article") return family_kind::article;
    return std::nullopt;
}

std::string family_names() { return "article"; }

family_certificate certify_family(family_kind, unsigned timeout_ms, unsigned threads) {
    auto const t0 = std::chrono::steady_clock::now();
    family_certificate c;
    c.name = "article";
    c.description = "NX = 2^0 .. 2^16 elements of 1, 2, 4, 8 or 16 bytes, TC a power of two from the element to the "
                    "row (at most 2^17 bytes), 1 .. 2^32 rows";
    auto const properties = article_family_properties();
    c.results.resize(properties.size());
    run_on_provers(properties.size(), threads, timeout_ms, [&](prover& p, std::size_t i) {
        auto const s = std::chrono::steady_clock::now();
        c.results[i] = properties[i](p);
        c.results[i].seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count();
    });
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
}

}  // namespace swz::verify
