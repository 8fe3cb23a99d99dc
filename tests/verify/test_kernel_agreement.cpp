// swz-verify --kernel against brute force: for every access of every kernel,
// enumerate every instance (lane, warp, iteration, read) and check the proved
// worst-case wavefronts, the in-bounds verdict and the covers-once verdict.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "kernel/kernel_properties.hpp"
#include "swz/bank_model.hpp"

using namespace swz;
using namespace swz::verify;

namespace {

std::vector<std::vector<std::uint64_t>> every_instance(kernel_access const& a) {
    std::vector<std::vector<std::uint64_t>> out{{}};
    for (unsigned i = 0; i < a.info.var_count; ++i) {
        std::vector<std::vector<std::uint64_t>> next;
        for (auto const& v : out)
            for (std::uint64_t x = 0; x < a.info.vars[i].count; ++x) {
                next.push_back(v);
                next.back().push_back(x);
            }
        out = std::move(next);
    }
    return out;
}

}  // namespace

TEST_CASE("every kernel proof agrees with enumerating every instance", "[verify][kernels][exhaustive]") {
    for (auto const& k : all_kernels()) {
        auto const c = certify_kernel(k, 120000);
        std::map<std::string, property_result> r;
        for (auto const& p : c.results) r.emplace(p.id, p);
        auto const& t = k.info.tile;
        std::uint64_t const stride = t.pitch, data = t.shape.row_bytes;
        for (auto const& a : k.accesses) {
            std::string const id = "kernel." + std::string(a.info.name);
            CAPTURE(k.info.name, a.info.name);
            unsigned worst = 0;
            bool in_bounds = true;
            std::set<std::uint64_t> touched;
            std::uint64_t instances = 0;
            for (auto const& vars : every_instance(a)) {
                warp_access w;
                w.width = a.info.instr.width;
                for (unsigned lane = 0; lane < 32; ++lane) {
                    std::uint64_t const b = a.address(lane, vars);
                    w.byte_address[lane] = b;
                    in_bounds &= b + a.info.instr.width <= k.info.shared_bytes && b % stride + a.info.instr.width <= data;
                    touched.insert(b);
                    ++instances;
                }
                worst = std::max(worst, bank_cost(w).wavefronts);
            }
            bool const once = touched.size() == instances && instances * a.info.instr.width == t.shape.rows * data;
            REQUIRE(r.at(id + ".wavefronts").fig.has_value());
            CHECK(r.at(id + ".wavefronts").fig->value == worst);
            CHECK(r.at(id + ".in_bounds").outcome == (in_bounds ? verdict::proved : verdict::refuted));
            CHECK(r.at(id + ".covers_tile_once").outcome == (once ? verdict::proved : verdict::refuted));
            if (k.info.claims_conflict_free) CHECK(worst == a.info.instr.ideal());
        }
    }
}
