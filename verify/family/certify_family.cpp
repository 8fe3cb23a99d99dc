#include "certify_family.hpp"

#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

#include "../prover.hpp"
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
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex lock;
    auto worker = [&] {
        try {
            prover p(timeout_ms);
            for (std::size_t i; (i = next++) < properties.size();) {
                auto const s = std::chrono::steady_clock::now();
                c.results[i] = properties[i](p);
                c.results[i].seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count();
            }
        } catch (...) {
            std::lock_guard<std::mutex> g(lock);
            if (!failure) failure = std::current_exception();
            next = properties.size();
        }
    };
    unsigned n = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
    n = unsigned(std::min<std::size_t>(n, properties.size()));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < n; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
}

}  // namespace swz::verify
