#include "prover_pool.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

namespace swz::verify {

void run_on_provers(std::size_t count, unsigned threads, unsigned timeout_ms,
                    std::function<void(prover&, std::size_t)> const& job) {
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex lock;
    auto worker = [&] {
        try {
            prover p(timeout_ms);
            for (std::size_t i; (i = next++) < count;) job(p, i);
        } catch (...) {
            std::lock_guard<std::mutex> g(lock);
            if (!failure) failure = std::current_exception();
            next = count;
        }
    };
    run_workers(count, threads, worker);
    if (failure) std::rethrow_exception(failure);
}

void run_workers(std::size_t count, unsigned threads, std::function<void()> const& worker) {
    unsigned n = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
    n = unsigned(std::min<std::size_t>(n, count));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < n; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
}

void print_queries_since(prover const& p, std::size_t first_log, std::mutex& lock) {
    std::ostringstream text;
    for (std::size_t k = first_log; k < p.log().size(); ++k) {
        auto const& o = p.log()[k];
        text << "swz-verify: query " << o.name << ": "
             << (o.result == answer::sat ? "sat" : o.result == answer::unsat ? "unsat" : "unknown (" + o.reason + ")")
             << ", " << o.seconds * 1000 << " ms\n";
    }
    std::lock_guard<std::mutex> g(lock);
    std::cerr << text.str();
}

}  // namespace swz::verify
