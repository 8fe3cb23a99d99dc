// A fixed number of worker threads draining a queue of tasks, where a task
// may queue more (a certified layout queues its obligations for cvc5).
// Urgent tasks go first, so the obligations of a certified layout are
// checked before the next layout is certified, and memory stays bounded.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>

namespace swz::verify::catalogue {

class work_pool {
public:
    explicit work_pool(unsigned threads);

    void add(std::function<void()> task, bool urgent = false);

    // Runs every task, including those queued meanwhile, on `threads`
    // threads (the caller's among them); rethrows the first exception.
    void run();

private:
    unsigned threads_;
    std::mutex lock_;
    std::condition_variable changed_;
    std::deque<std::function<void()>> urgent_, normal_;
    unsigned busy_ = 0;
    std::exception_ptr failure_;
};

// The default number of parallel jobs: one per core.
unsigned default_jobs();

}  // namespace swz::verify::catalogue
