// A thin wrapper around Z3: one context, the two bit-vector encodings, and
// named solver checks with a timeout. Every check is logged as an
// obligation (its assertions and its answer) so that a certificate can list,
// and an export can re-check, exactly what was asked.
#pragma once

#include <z3++.h>

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

class prover {
public:
    // Bit width of every symbolic value: wide enough for any byte address of
    // a tile of up to 2^32 rows of up to 2^18 bytes, so nothing wraps.
    static constexpr unsigned value_width = 64;

    explicit prover(unsigned timeout_ms);
    prover(prover const&) = delete;
    prover& operator=(prover const&) = delete;

    z3::context& ctx() { return ctx_; }
    bv_encoding const& fast() const { return fast_; }
    bv_encoding const& literal() const { return literal_; }
    unsigned timeout_ms() const { return timeout_ms_; }

    struct outcome {
        answer result;
        std::optional<z3::model> model;
        std::string reason;
        double seconds;
        std::size_t log_index;
    };

    // Logged with role `search` until assign_role() says what the answer proves.
    outcome check(std::string name, std::vector<z3::expr> const& assertions);
    void assign_role(std::size_t log_index, obligation_role role) { log_.at(log_index).role = role; }

    std::vector<obligation> const& log() const { return log_; }

private:
    z3::context ctx_;
    bv_encoding fast_;
    bv_encoding literal_;
    unsigned timeout_ms_;
    std::vector<obligation> log_;
};

// Z3's full version string, for certificates.
std::string z3_version();

}  // namespace swz::verify
