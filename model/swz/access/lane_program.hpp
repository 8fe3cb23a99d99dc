// A lane expression (lane_expression.hpp) prepared for evaluation at every
// lane at once over many starts, as the prover's enumerations of a user's
// formula ask: the nodes that depend on the lane alone (`lane % 8 * 4`) are
// evaluated once, when the program is built; those that depend on the start
// alone (`r / 5`) once a start, on integers; only the nodes that mix both,
// at every lane (lane_vector.hpp). Each node goes through the very
// evaluate_binary that evaluate<V> uses, its start-only operands passed as
// constants of this start, so the program's value at lane l is
// evaluate<std::uint64_t> at l (tests/model/test_lane_formula.cpp checks it
// on random trees). Host only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "swz/access/lane_expression.hpp"
#include "swz/access/lane_vector.hpp"

namespace swz {

class lane_program {
public:
    explicit lane_program(lane_expression const& e) : nodes_(e.nodes()), form_(nodes_.size()), slot_(nodes_.size(), 0) {
        for (std::size_t i = 0; i < nodes_.size(); ++i) {
            lane_node const& n = nodes_[i];
            if (n.constant) form_[i] = form::constant;
            else if (n.what == lane_node::kind::lane) form_[i] = form::lanes;
            else if (n.what == lane_node::kind::variable) form_[i] = form::start;
            else form_[i] = combined(form_[n.left], form_[n.right]);
            if (form_[i] == form::start) slot_[i] = starts_++;
            if (form_[i] == form::mixed) slot_[i] = mixes_++;
            if (form_[i] != form::lanes) continue;
            slot_[i] = lanes_.size();
            lanes_.push_back(n.what == lane_node::kind::lane ? lane_vector::indices() : vector_node(i, nullptr, nullptr));
        }
    }

    // The expression at lanes 0 .. 31 and the start `vars` (the formula's
    // declaration order; values past its variables are unread).
    lane_vector operator()(std::vector<std::uint64_t> const& vars) const {
        std::uint64_t scalar[on_stack];
        lane_vector mixed[on_stack];
        std::vector<std::uint64_t> scalar_spill;
        std::vector<lane_vector> mixed_spill;
        std::uint64_t* s = scalar;
        lane_vector* m = mixed;
        if (starts_ > on_stack) scalar_spill.resize(starts_), s = scalar_spill.data();
        if (mixes_ > on_stack) mixed_spill.resize(mixes_), m = mixed_spill.data();
        for (std::size_t i = 0; i < nodes_.size(); ++i) {
            lane_node const& n = nodes_[i];
            if (form_[i] == form::start)
                s[slot_[i]] = n.what == lane_node::kind::variable ? vars[n.variable] : start_node(i, s);
            else if (form_[i] == form::mixed)
                m[slot_[i]] = vector_node(i, s, m);
        }
        std::size_t const root = nodes_.size() - 1;
        switch (form_[root]) {
        case form::constant: return lane_vector::all(nodes_[root].value);
        case form::lanes: return lanes_[slot_[root]];
        case form::start: return lane_vector::all(s[slot_[root]]);
        default: return m[slot_[root]];
        }
    }

private:
    enum class form : unsigned char { constant, lanes, start, mixed };
    static constexpr std::size_t on_stack = 64;  // values of a form: more than any formula written by hand

    static form combined(form a, form b) {
        if (a == form::constant) return b;
        if (b == form::constant || a == b) return a;
        return form::mixed;
    }

    // Node i of start form: its operands constants or this start's values in `s`.
    std::uint64_t start_node(std::size_t i, std::uint64_t const* s) const {
        lane_node const& n = nodes_[i];
        return detail::evaluate_binary(n, nodes_[n.left], nodes_[n.right], &s[slot_[n.left]], &s[slot_[n.right]]);
    }

    // Node i, a binary node of lanes or mixed form: its operands that are
    // fixed at this start (constants, start-only values in `s`) passed to
    // evaluate_binary as constants, the others as lane vectors (this
    // program's own, or this start's in `m`).
    lane_vector vector_node(std::size_t i, std::uint64_t const* s, lane_vector const* m) const {
        lane_node const& n = nodes_[i];
        lane_node const l = as_operand(n.left, s), r = as_operand(n.right, s);
        return detail::evaluate_binary(n, l, r, vector_of(n.left, m), vector_of(n.right, m));
    }
    lane_node as_operand(std::size_t k, std::uint64_t const* s) const {
        lane_node o = nodes_[k];
        if (form_[k] == form::start) o.constant = true, o.value = s[slot_[k]];
        return o;
    }
    lane_vector const* vector_of(std::size_t k, lane_vector const* m) const {
        if (form_[k] == form::lanes) return &lanes_[slot_[k]];
        if (form_[k] == form::mixed) return &m[slot_[k]];
        return nullptr;  // fixed at this start: evaluate_binary reads its value
    }

    std::vector<lane_node> nodes_;
    std::vector<form> form_;
    // Each node's place among the values of its form: lanes_ (lanes-only
    // nodes, computed once), a start's integers, a start's lane vectors.
    std::vector<std::size_t> slot_;
    std::vector<lane_vector> lanes_;
    std::size_t starts_ = 0, mixes_ = 0;
};

}  // namespace swz
