// Jobs decided on several threads, each thread with a prover of its own: a
// Z3 context serves one thread, and is made once per thread, not per job.
#pragma once

#include <cstddef>
#include <functional>
#include <mutex>

#include "prover.hpp"

namespace swz::verify {

// Runs job(p, i) for i = 0 .. count-1 on `threads` threads (0: one per
// core; never more than the jobs), the caller's among them, each with its
// prover of `timeout_ms`; after a job throws no new one starts, and the
// first exception is rethrown once every thread has stopped.
void run_on_provers(std::size_t count, unsigned threads, unsigned timeout_ms,
                    std::function<void(prover&, std::size_t)> const& job);

// --log-queries: each query `p` logged from `first_log` on, its answer and
// time, one line each on stderr, the lines of one job together (`lock`
// keeps the jobs' lines apart).
// Runs `worker` on min(threads, count) threads (threads 0: one a core of
// the machine), the first on the calling thread, and returns once all have.
void run_workers(std::size_t count, unsigned threads, std::function<void()> const& worker);

void print_queries_since(prover const& p, std::size_t first_log, std::mutex& lock);

}  // namespace swz::verify
