#include "kernel_properties.hpp"

#include <chrono>

#include "../conflict_bound.hpp"
#include "../query_support.hpp"

namespace swz::verify {

namespace {

std::uint64_t row_data_bytes(kernel_info const& k) { return k.tile.shape.row_bytes; }
std::uint64_t row_stride_bytes(kernel_info const& k) { return k.tile.pitch; }

// The instance's variables: the lane, then the access's own.
std::vector<std::pair<std::string, std::uint64_t>> instance_ranges(kernel_access const& a, std::string const& suffix) {
    std::vector<std::pair<std::string, std::uint64_t>> r{{"lane" + suffix, 32}};
    for (unsigned i = 0; i < a.info.var_count; ++i) r.emplace_back(std::string(a.info.vars[i].name) + suffix, a.info.vars[i].count);
    return r;
}

std::vector<symbolic_uint> values_of(std::vector<bounded_variable> const& vars, std::size_t from, std::size_t n) {
    std::vector<symbolic_uint> v;
    for (std::size_t i = from; i < from + n; ++i) v.push_back(vars[i].value);
    return v;
}

std::vector<std::uint64_t> slice(std::vector<std::uint64_t> const& v, std::size_t from, std::size_t n) {
    return {v.begin() + std::ptrdiff_t(from), v.begin() + std::ptrdiff_t(from + n)};
}

std::string instance_text(std::vector<bounded_variable> const& vars, std::vector<std::uint64_t> const& values,
                          std::size_t from, std::size_t n) {
    std::string s;
    for (std::size_t i = from; i < from + n; ++i) s += (i > from ? ", " : "") + vars[i].name + " = " + std::to_string(values[i]);
    return s;
}

property_result start(kernel_access const& a, std::string what, std::string statement) {
    property_result r;
    r.id = "kernel." + std::string(a.info.name) + "." + what;
    r.section = "kernel";
    r.statement = std::move(statement);
    r.counts = weight::gate;
    return r;
}

}  // namespace

property_result prove_access_in_bounds(prover& p, kernel_entry const& k, kernel_access const& a) {
    auto r = start(a, "in_bounds", "every lane's " + std::to_string(a.info.instr.width) +
                                       " bytes lie in the tile's data: inside the allocation, never in padding");
    auto vars = make_variables(p.fast(), instance_ranges(a, ""));
    auto const addr = a.symbolic_address(vars[0].value, values_of(vars, 1, a.info.var_count));
    std::uint64_t const stride = row_stride_bytes(k.info), data = row_data_bytes(k.info), w = a.info.instr.width;
    z3::expr const outside = !(addr + w <= std::uint64_t(k.info.shared_bytes)) || !(addr % stride + w <= data);
    decide_by_negation(p, r, {outside}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const b = a.address(v[0], slice(v, 1, a.info.var_count));
        if (b + w <= k.info.shared_bytes && b % stride + w <= data) return std::nullopt;
        replayed out;
        out.data = {{"byte", b}, {"width", w}, {"shared_bytes", k.info.shared_bytes}};
        out.lines.push_back(instance_text(vars, v, 0, vars.size()) + ": bytes " + std::to_string(b) + ".." +
                            std::to_string(b + w - 1) + " leave the tile's data (" + std::to_string(k.info.shared_bytes) +
                            " bytes, rows of " + std::to_string(data) + " data bytes every " + std::to_string(stride) + ")");
        return out;
    });
    return r;
}

property_result prove_access_covers_tile_once(prover& p, kernel_entry const& k, kernel_access const& a) {
    std::uint64_t instances = 32;
    for (unsigned i = 0; i < a.info.var_count; ++i) instances *= a.info.vars[i].count;
    std::uint64_t const tile_data = k.info.tile.shape.rows * row_data_bytes(k.info);
    auto r = start(a, "covers_tile_once",
                   "no two instances touch the same bytes, and " + std::to_string(instances) + " instances x " +
                       std::to_string(a.info.instr.width) + " bytes = the tile's " + std::to_string(tile_data) +
                       " data bytes: each byte exactly once");
    if (instances * a.info.instr.width != tile_data) {
        r.outcome = verdict::refuted;
        r.reason = "the instances move " + std::to_string(instances * a.info.instr.width) + " bytes, the tile holds " +
                   std::to_string(tile_data);
        r.evidence = {{"instances", instances}, {"width", a.info.instr.width}, {"tile_data_bytes", tile_data}};
        r.evidence_text.push_back(r.reason);
        return r;
    }
    auto ranges = instance_ranges(a, "_1");
    auto second = instance_ranges(a, "_2");
    ranges.insert(ranges.end(), second.begin(), second.end());
    auto vars = make_variables(p.fast(), ranges);
    std::size_t const n = 1 + a.info.var_count;
    auto const a1 = a.symbolic_address(vars[0].value, values_of(vars, 1, a.info.var_count));
    auto const a2 = a.symbolic_address(vars[n].value, values_of(vars, n + 1, a.info.var_count));
    z3::expr_vector differ(p.ctx());
    for (std::size_t i = 0; i < n; ++i) differ.push_back(vars[i].value != vars[n + i].value);
    z3::expr const clash = z3::mk_or(differ) && a1 == a2;
    decide_by_negation(p, r, {clash}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const b1 = a.address(v[0], slice(v, 1, a.info.var_count));
        std::uint64_t const b2 = a.address(v[n], slice(v, n + 1, a.info.var_count));
        if (b1 != b2 || slice(v, 0, n) == slice(v, n, n)) return std::nullopt;
        replayed out;
        out.data = {{"byte", b1}};
        out.lines.push_back("(" + instance_text(vars, v, 0, n) + ") and (" + instance_text(vars, v, n, n) +
                            ") both touch byte " + std::to_string(b1));
        return out;
    });
    return r;
}

kernel_certificate certify_kernel(kernel_entry const& k, unsigned timeout_ms) {
    auto const t0 = std::chrono::steady_clock::now();
    prover p(timeout_ms);
    kernel_certificate c;
    c.info = k.info;
    auto timed = [&](auto&& run) {
        auto const s = std::chrono::steady_clock::now();
        property_result r = run();
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count();
        c.results.push_back(std::move(r));
    };
    for (auto const& a : k.accesses) {
        timed([&] { return prove_access_in_bounds(p, k, a); });
        timed([&] { return prove_access_covers_tile_once(p, k, a); });
        timed([&] {
            auto r = prove_conflict_bound(p, a.pattern, k.info.claims_conflict_free);
            r.section = "kernel";
            r.id = "kernel." + std::string(a.info.name) + ".wavefronts";
            if (k.info.claims_conflict_free) r.statement += "; the kernel claims it conflict-free";
            return r;
        });
    }
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
}

}  // namespace swz::verify
