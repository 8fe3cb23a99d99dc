// A thin wrapper around Z3: one context, the two bit-vector encodings, and
// named solver checks with a timeout. Every check is logged as an
// obligation (its assertions and its answer) so that a certificate can list,
// and an export can re-check, exactly what was asked.
//
// Every check ends within its limit plus watchdog_margin_ms, as UNKNOWN when
// it has no answer by then, whatever Z3 does: Z3 4.8.12 sometimes loses the
// timer of a query that runs while another thread's query starts, and that
// query then never ends (issue 11). A watchdog thread per prover interrupts
// the context at the deadline, and again every margin until the query returns.
#pragma once

#include <z3++.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "symbolic_uint.hpp"

namespace swz::verify {

enum class answer { sat, unsat, unknown };

// Why a check was made: `proof` answers must be unsat for the property to
// hold, `witness` answers are sat with a model that is replayed, `search`
// steps only guide the search for an exact figure.
enum class obligation_role { proof, witness, search };

struct obligation {
    std::string name;
    obligation_role role;
    z3::expr_vector assertions;
    answer result;
    std::string reason;  // Z3's reason for unknown
    double seconds;
};

class prover_watchdog;

class prover {
public:
    // Bit width of every symbolic value: wide enough for any byte address of
    // a tile of up to 2^32 rows of up to 2^18 bytes, so nothing wraps.
    static constexpr unsigned value_width = 64;

    // How long past its own limit a query may run before the watchdog stops it.
    static constexpr unsigned watchdog_margin_ms = 200;

    explicit prover(unsigned timeout_ms);
    ~prover();
    prover(prover const&) = delete;
    prover& operator=(prover const&) = delete;

    z3::context& ctx() { return ctx_; }
    bv_encoding const& fast() const { return fast_; }
    bv_encoding const& literal() const { return literal_; }
    unsigned timeout_ms() const { return timeout_ms_; }
    // Every query's limit, and every budget read from it, lowered (never
    // raised) while this lives: a first, short attempt at what another
    // method may decide sooner, before the attempt with the whole limit.
    class limit_scope {
    public:
        limit_scope(prover& p, unsigned ms) : p_(p), saved_(p.timeout_ms_) { p.timeout_ms_ = std::min(ms, saved_); }
        ~limit_scope() { p_.timeout_ms_ = saved_; }
        limit_scope(limit_scope const&) = delete;
        limit_scope& operator=(limit_scope const&) = delete;

    private:
        prover& p_;
        unsigned saved_;
    };
    // Whether a proof attempt asks the small box (every variable below 64)
    // before the whole range: where counterexamples are the rule and the
    // whole range is slow (rows that are not powers of two), a small
    // counterexample costs a few ms instead of 100 and more; where proofs
    // are the rule, the small box is only an extra query.
    bool small_box_first() const { return small_box_first_; }
    void set_small_box_first(bool on) { small_box_first_ = on; }

    struct outcome {
        answer result;
        std::optional<z3::model> model;
        std::string reason;
        double seconds;
        std::size_t log_index;
    };

    // Logged with role `search` until assign_role() says what the answer proves.
    outcome check(std::string name, std::vector<z3::expr> const& assertions);

    // Probes that share their first assertions (the steps of one search for
    // a smallest model) reuse one solver, which has internalized those once;
    // each probe is still logged whole, base and its own assertions.
    //
    // `one_shot_first`: the session's first probe, when it adds nothing to
    // the base, is Z3's one-shot check (its QF_BV tactic: simplification
    // and the SAT solver's own preprocessing, as check_one_shot), the later
    // ones incremental as always. Slower on most of swz's queries, faster
    // on a few (the CuTe family's column lower lemma: 0.96 s against 1.12 s
    // at about the same conflicts); the caller says where.
    class probe_session {
    public:
        explicit probe_session(std::vector<z3::expr> base, bool one_shot_first = false);
        ~probe_session();
        probe_session(probe_session const&) = delete;
        probe_session& operator=(probe_session const&) = delete;

    private:
        friend class prover;
        std::vector<z3::expr> base_;
        bool one_shot_first_ = false;
        std::unique_ptr<z3::solver> solver_;  // made at the first probe
    };
    outcome probe(probe_session& session, std::string name, std::vector<z3::expr> const& extra);
    // The query on a fresh solver without its incremental core (Z3's one-
    // shot bit-blasting): slower, and only for a second opinion where the
    // incremental core's model did not replay. Z3 4.8.12 gives such models
    // now and then on the cardinality constraints of the bank rule, in some
    // contexts and not others (SMT agrees with enumeration: nx 64, 8-byte
    // elements, TC 32, column).
    outcome check_one_shot(std::string name, std::vector<z3::expr> const& assertions);
    void assign_role(std::size_t log_index, obligation_role role) { log_.at(log_index).role = role; }

    std::vector<obligation> const& log() const { return log_; }

private:
    outcome run_check(std::string name, z3::solver& s, std::vector<z3::expr> const& held,
                      std::vector<z3::expr> const& added, bool incremental = true);

    z3::context ctx_;
    bv_encoding fast_;
    bv_encoding literal_;
    unsigned timeout_ms_;
    bool small_box_first_ = false;
    std::vector<obligation> log_;
    std::unique_ptr<prover_watchdog> watchdog_;  // after ctx_: stopped before the context goes
};

// Z3's full version string, for certificates.
std::string z3_version();

// The fault-injection seam, for the tests of the soundness guards
// (tests/verify/test_soundness_guards.cpp): while a scoped_fault lives, every
// prover of the process applies its fault to the queries whose name starts
// with `query_prefix`, in place of what Z3 did. C++ only: no option and no
// environment variable of swz-verify reaches it.
struct injected_fault {
    enum class kind {
        answer_unknown,     // Z3 answers unknown
        answer_sat,         // Z3 answers sat, with a model giving `model` (other variables 0)
        ignore_time_limit,  // Z3's own timer is lost: only the watchdog can end the query
    };
    kind what = kind::answer_unknown;
    std::string query_prefix;
    std::map<std::string, std::uint64_t> model;  // answer_sat only: variable name -> value
    unsigned max_hits = ~0u;  // only the first max_hits matching queries: a solver that lies once
};

class scoped_fault {
public:
    explicit scoped_fault(injected_fault f);  // one at a time
    ~scoped_fault();
    scoped_fault(scoped_fault const&) = delete;
    scoped_fault& operator=(scoped_fault const&) = delete;

    // The queries it has changed so far: a test that expects a guard to
    // fire checks the fault reached the guard.
    unsigned hits() const;
};

}  // namespace swz::verify
