#include "start_facts.hpp"

#include <stdexcept>

#include "swz/pow2.hpp"

namespace swz::verify {

namespace {

std::uint32_t lane_bit(unsigned l) { return std::uint32_t(1) << l; }

unsigned lowest_lane(std::uint32_t lanes) { return lowest_set_bit(lanes); }

}  // namespace

lane_facts facts_at(access_subject const& w, std::vector<std::uint64_t> const& s) {
    lane_facts f;
    if (w.lanes_at) {
        w.lanes_at(s, f);
        return f;
    }
    unsigned const lanes = w.instr.address_lanes;
    for (unsigned l = 0; l < lanes; ++l) {
        f.address[l] = w.address(l, s);
        if (w.inside && !w.inside(l, s)) f.outside |= lane_bit(l);
    }
    if (f.outside) return f;
    for (unsigned l = 0; l < lanes; ++l)
        for (unsigned k = 1; k < w.run_elements; ++k)
            if (w.element_address(l, s, k) != f.address[l] + k * w.elem) f.split |= lane_bit(l);
    return f;
}

warp_access access_of(access_subject const& w, lane_facts const& f) {
    warp_access a;
    a.width = w.instr.width;
    a.rule = w.instr.rule();
    for (unsigned l = 0; l < warp_lanes; ++l) {
        a.active[l] = w.lane_active(l);
        a.byte_address[l] = a.active[l] ? f.address[l] : 0;
    }
    return a;
}

warp_access concrete_access(access_subject const& w, std::vector<std::uint64_t> const& s) {
    if (w.lanes_at) return access_of(w, facts_at(w, s));
    // Lane by lane, the addresses only: the sweeps of the built-in
    // accesses call this at every start, and ask for no legality.
    lane_facts f;
    for (unsigned l = 0; l < w.instr.address_lanes; ++l) f.address[l] = w.address(l, s);
    return access_of(w, f);
}

std::optional<illegal_lane> first_illegal(access_subject const& w, lane_facts const& f) {
    if (f.outside) return illegal_lane{"outside", lowest_lane(f.outside)};
    if (f.split) return illegal_lane{"split", lowest_lane(f.split)};
    // Widths are powers of two: a mask per lane, not a division.
    std::uint64_t const align = w.instr.width;
    if (!is_access_width(w.instr.width)) throw std::logic_error(w.instr.name() + ": not an access width");
    for (unsigned l = 0; l < w.instr.address_lanes; ++l)
        if ((f.address[l] & (align - 1)) != 0) return illegal_lane{"misaligned", l};
    return std::nullopt;
}

std::optional<illegal_lane> illegal_at(access_subject const& w, std::vector<std::uint64_t> const& s) {
    return first_illegal(w, facts_at(w, s));
}

}  // namespace swz::verify
