#include "work_pool.hpp"

#include <algorithm>
#include <thread>
#include <vector>

namespace swz::verify::catalogue {

work_pool::work_pool(unsigned threads) : threads_(std::max(1u, threads)) {}

void work_pool::add(std::function<void()> task, bool urgent) {
    {
        std::lock_guard<std::mutex> g(lock_);
        (urgent ? urgent_ : normal_).push_back(std::move(task));
    }
    changed_.notify_one();
}

void work_pool::run() {
    auto worker = [this] {
        for (;;) {
            std::function<void()> task;
            {
                std::unique_lock<std::mutex> g(lock_);
                changed_.wait(g, [&] { return failure_ || !urgent_.empty() || !normal_.empty() || busy_ == 0; });
                if (failure_ || (urgent_.empty() && normal_.empty())) {
                    changed_.notify_all();
                    return;
                }
                auto& q = urgent_.empty() ? normal_ : urgent_;
                task = std::move(q.front());
                q.pop_front();
                ++busy_;
            }
            try {
                task();
            } catch (...) {
                std::lock_guard<std::mutex> g(lock_);
                if (!failure_) failure_ = std::current_exception();
            }
            {
                std::lock_guard<std::mutex> g(lock_);
                --busy_;
            }
            changed_.notify_all();
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads_; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    if (failure_) std::rethrow_exception(failure_);
}

unsigned default_jobs() { return std::max(1u, std::thread::hardware_concurrency()); }

}  // namespace swz::verify::catalogue
