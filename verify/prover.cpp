#include "prover.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace swz::verify {

using clock_type = std::chrono::steady_clock;

// Interrupts the context when a query outlives its deadline. Z3_interrupt
// reaches a check only once Z3 listens (an interrupt just before that is
// lost, and one between queries does nothing), so it repeats every margin
// until the query returns.
class prover_watchdog {
public:
    explicit prover_watchdog(z3::context& c) : ctx_(c), thread_([this] { run(); }) {}
    ~prover_watchdog() {
        {
            std::lock_guard<std::mutex> g(lock_);
            stop_ = true;
        }
        changed_.notify_one();
        thread_.join();
    }

    void arm(clock_type::time_point deadline) {
        {
            std::lock_guard<std::mutex> g(lock_);
            armed_ = true;
            fired_ = false;
            deadline_ = deadline;
        }
        changed_.notify_one();
    }

    // True when it had to interrupt the query.
    bool disarm() {
        std::lock_guard<std::mutex> g(lock_);
        armed_ = false;
        return fired_;
    }

private:
    void run() {
        std::unique_lock<std::mutex> g(lock_);
        while (!stop_) {
            if (!armed_) {
                changed_.wait(g);
            } else if (clock_type::now() < deadline_) {
                changed_.wait_until(g, deadline_);
            } else {
                // Under the lock: disarm() cannot return, and the next query
                // cannot start, while this interrupt is under way.
                fired_ = true;
                ctx_.interrupt();
                deadline_ = clock_type::now() + std::chrono::milliseconds(prover::watchdog_margin_ms);
            }
        }
    }

    z3::context& ctx_;
    std::mutex lock_;
    std::condition_variable changed_;
    bool stop_ = false, armed_ = false, fired_ = false;
    clock_type::time_point deadline_;
    std::thread thread_;  // last: starts once the rest is initialized
};

namespace {

// The process's injected fault (scoped_fault), if any.
struct fault_slot {
    std::mutex lock;
    std::optional<injected_fault> fault;
    std::atomic<unsigned> hits{0};
};

fault_slot& faults() {
    static fault_slot s;
    return s;
}

std::optional<injected_fault> fault_for(std::string const& query) {
    auto& s = faults();
    std::lock_guard<std::mutex> g(s.lock);
    if (!s.fault || query.rfind(s.fault->query_prefix, 0) != 0 || s.hits >= s.fault->max_hits) return std::nullopt;
    ++s.hits;
    return s.fault;
}

// A model that gives each named variable its value and every other one 0.
z3::model forged_model(z3::context& c, std::map<std::string, std::uint64_t> const& values) {
    z3::model m(c);
    for (auto const& [name, v] : values) {
        z3::func_decl d = c.bv_const(name.c_str(), prover::value_width).decl();
        z3::expr e = c.bv_val(v, prover::value_width);
        m.add_const_interp(d, e);
    }
    return m;
}

}  // namespace

scoped_fault::scoped_fault(injected_fault f) {
    auto& s = faults();
    std::lock_guard<std::mutex> g(s.lock);
    if (s.fault) throw std::logic_error("scoped_fault: a fault is already injected");
    s.fault = std::move(f);
    s.hits = 0;
}

scoped_fault::~scoped_fault() {
    auto& s = faults();
    std::lock_guard<std::mutex> g(s.lock);
    s.fault.reset();
}

unsigned scoped_fault::hits() const { return faults().hits; }

prover::prover(unsigned timeout_ms)
    : fast_{&ctx_, value_width, lowering::fast},
      literal_{&ctx_, value_width, lowering::literal},
      timeout_ms_(timeout_ms),
      watchdog_(std::make_unique<prover_watchdog>(ctx_)) {}

prover::~prover() = default;

prover::outcome prover::check(std::string name, std::vector<z3::expr> const& assertions) {
    // A fresh solver per query: each obligation stands alone, as it does
    // when exported. The push() makes Z3's combined QF_BV solver use its
    // incremental core, measured 4x faster on these queries than the
    // one-shot bit-blasting tactic (swz-verify --nx 64 --tc 16: 0.15 s
    // against 0.65 s on 2 cores).
    z3::solver s(ctx_, "QF_BV");
    return run_check(std::move(name), s, {}, assertions);
}

prover::outcome prover::probe(probe_session& session, std::string name, std::vector<z3::expr> const& extra) {
    if (!session.solver_) {
        session.solver_ = std::make_unique<z3::solver>(ctx_, "QF_BV");
        // One-shot: the base added outside any scope and checked before any
        // push, so that Z3 takes its non-incremental path; it stays for the
        // later probes, which push their own as always.
        if (session.one_shot_first_ && extra.empty()) return run_check(std::move(name), *session.solver_, {}, session.base_, false);
        // The shared assertions internalized once; each probe's own live in a pushed scope.
        for (auto const& a : session.base_) session.solver_->add(a);
    }
    return run_check(std::move(name), *session.solver_, session.base_, extra);
}

prover::probe_session::probe_session(std::vector<z3::expr> base, bool one_shot_first)
    : base_(std::move(base)), one_shot_first_(one_shot_first) {}
prover::probe_session::~probe_session() = default;

// Checks `added` on `s`, whose own assertions are `held`; logs held + added.
prover::outcome prover::check_one_shot(std::string name, std::vector<z3::expr> const& assertions) {
    z3::solver s(ctx_, "QF_BV");
    return run_check(std::move(name), s, {}, assertions, false);
}

prover::outcome prover::run_check(std::string name, z3::solver& s, std::vector<z3::expr> const& held,
                                  std::vector<z3::expr> const& added, bool incremental) {
    auto const start = clock_type::now();
    z3::expr_vector kept(ctx_);
    for (auto const& a : held) kept.push_back(a);
    for (auto const& a : added) kept.push_back(a);
    outcome out{answer::unknown, std::nullopt, "", 0, log_.size()};
    auto const fault = fault_for(name);
    using fault_kind = injected_fault::kind;
    // Disarmed however the check ends, so a late interrupt never reaches the next query.
    struct armed_watchdog {
        prover_watchdog& w;
        bool fired = false, done = false;
        bool disarm() { return done ? fired : (done = true, fired = w.disarm()); }
        ~armed_watchdog() { disarm(); }
    };
    // Popped however the check ends, so the solver holds only `held` again.
    struct scope {
        z3::solver& s;
        explicit scope(z3::solver& solver) : s(solver) { s.push(); }
        ~scope() {
            try { s.pop(); } catch (z3::exception const&) {}
        }
    };
    try {
        z3::params p(ctx_);
        bool const timer_lost = fault && fault->what == fault_kind::ignore_time_limit;
        p.set("timeout", timer_lost ? std::numeric_limits<unsigned>::max() : timeout_ms_);
        // Ctrl-C ends the run, as in any tool: Z3's own handler would only
        // cancel the query under way, and the run go on to write its files.
        p.set("ctrl_c", false);
        s.set(p);
        std::optional<scope> pushed;
        if (incremental) pushed.emplace(s);
        for (auto const& a : added) s.add(a);
        armed_watchdog watch{*watchdog_};
        watch.w.arm(start + std::chrono::milliseconds(std::uint64_t(timeout_ms_) + watchdog_margin_ms));
        z3::check_result said = s.check();
        bool const stopped = watch.disarm();
        // An injected answer stands in for Z3's, before anything reads it.
        if (fault && fault->what == fault_kind::answer_unknown) said = z3::unknown;
        if (fault && fault->what == fault_kind::answer_sat) said = z3::sat;
        switch (said) {
            case z3::sat:
                out.result = answer::sat;
                out.model = fault && fault->what == fault_kind::answer_sat ? forged_model(ctx_, fault->model) : s.get_model();
                break;
            case z3::unsat: out.result = answer::unsat; break;
            case z3::unknown:
                out.result = answer::unknown;
                if (fault && fault->what == fault_kind::answer_unknown)
                    out.reason = "injected fault: the solver answers unknown";
                else if (stopped)
                    out.reason = "stopped by swz's watchdog at " + std::to_string(timeout_ms_ + watchdog_margin_ms) +
                                 " ms: Z3's own " + std::to_string(timeout_ms_) + " ms limit did not end the query";
                else
                    out.reason = s.reason_unknown();
                break;
        }
    } catch (z3::exception const& e) {
        out.result = answer::unknown;
        out.model.reset();
        out.reason = std::string("Z3 error: ") + e.msg();
    }
    out.seconds = std::chrono::duration<double>(clock_type::now() - start).count();
    // Z3 looks at its timer only now and then (not while it simplifies or
    // bit-blasts), so an answer can come after the limit. The limit is the
    // user's: such an answer is not counted, and the verdict does not depend
    // on where Z3 happened to look.
    if (out.result != answer::unknown && !fault && out.seconds * 1000.0 > double(timeout_ms_)) {
        out.result = answer::unknown;
        out.model.reset();
        out.reason = "the solver answered after the " + std::to_string(timeout_ms_) + " ms limit: a late answer is not counted";
    }
    log_.push_back({std::move(name), obligation_role::search, kept, out.result, out.reason, out.seconds});
    return out;
}

std::string z3_version() {
    return Z3_get_full_version();
}

}  // namespace swz::verify
