#include "divisors.hpp"

#include <algorithm>
#include <map>

namespace swz::verify {
namespace {

constexpr std::uint64_t trial_division_up_to = std::uint64_t{1} << 20;

void add_prime_factors(std::uint64_t n, std::map<std::uint64_t, unsigned>& powers) {
    for (std::uint64_t p = 2; p <= trial_division_up_to && p * p <= n; p += p == 2 ? 1 : 2)
        while (n % p == 0) {
            ++powers[p];
            n /= p;
        }
    if (n > 1) ++powers[n];
}

}  // namespace

std::vector<std::uint64_t> divisors_of_product(std::vector<std::uint64_t> const& factors, std::uint64_t most,
                                               std::size_t most_count) {
    if (most == 0 || most_count == 0) return {};
    std::map<std::uint64_t, unsigned> powers;
    for (auto f : factors)
        if (f > 1) add_prime_factors(f, powers);
    std::vector<std::uint64_t> out{1};
    for (auto const& [p, k] : powers) {
        std::size_t const before = out.size();
        for (std::size_t i = 0; i < before; ++i) {
            std::uint64_t d = out[i];
            for (unsigned e = 0; e < k && d <= most / p; ++e) {
                d *= p;
                out.push_back(d);
            }
        }
        // Keep the list to the smallest: a product of many small primes has
        // more divisors than any search tries.
        if (out.size() > most_count) {
            std::sort(out.begin(), out.end());
            out.resize(most_count);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace swz::verify
