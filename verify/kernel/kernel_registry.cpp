#include "kernel_registry.hpp"

namespace swz::verify {

namespace {

// Collects visit_kernels()' kernels, instantiating each address twice.
struct collector {
    std::vector<kernel_entry> kernels;

    void kernel(kernel_info const& info) { kernels.push_back({info, {}}); }

    template <class Address>
    void access(kernel_info const& k, kernel_access_info const& a, Address f) {
        kernel_access out;
        out.info = a;
        access_subject& w = out.pattern;
        w.id = "kernel." + std::string(a.name);
        w.spec = a.instr.name() + " of kernel " + std::string(k.name);
        w.statement = std::string(a.instr.is_store() ? "shared store" : "shared load") + " of the " + std::string(k.name) +
                      " kernel over every warp" + (a.var_count > 1 ? " and iteration" : "");
        w.instr = a.instr;
        for (unsigned i = 0; i < a.var_count; ++i) w.vars.push_back({std::string(a.vars[i].name), a.vars[i].count});
        unsigned const row_bytes = k.tile.pitch;
        out.address = [f](std::uint64_t lane, std::vector<std::uint64_t> const& s) { return f(lane, s.data()); };
        out.symbolic_address = [f](symbolic_uint const& lane, std::vector<symbolic_uint> const& s) {
            return f(lane, s.data());
        };
        w.address = [f](unsigned lane, std::vector<std::uint64_t> const& s) { return f(std::uint64_t(lane), s.data()); };
        w.symbolic_address = [f](unsigned lane, std::vector<symbolic_uint> const& s) { return f(s[0].lift(lane), s.data()); };
        w.describe_lane = [f, row_bytes](unsigned lane, std::vector<std::uint64_t> const& s) {
            std::uint64_t const b = f(std::uint64_t(lane), s.data());
            if (!row_bytes) return std::string();
            return "(tile row " + std::to_string(b / row_bytes) + ", byte " + std::to_string(b % row_bytes) + " of it)";
        };
        kernels.back().accesses.push_back(std::move(out));
    }
};

}  // namespace

std::vector<kernel_entry> all_kernels() {
    collector c;
    visit_kernels(c);
    return c.kernels;
}

}  // namespace swz::verify
