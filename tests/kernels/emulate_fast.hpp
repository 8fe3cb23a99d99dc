// The fast kernel run on the CPU, block by block, as the GPU runs it
// (swz/detail/fast_launch.cuh): the body's own functions, with each warp
// shuffle done as a copy from the source lane (a lane sends what the body
// says it sends, the receiver takes the source lane the model names).
#pragma once

#include <cstddef>
#include <type_traits>
#include <vector>

#include "swz/detail/fast_batch.hpp"
#include "swz/detail/fast_packed_body.hpp"
#include "swz/detail/fast_transpose_body.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/kernels/fast_transpose_lanes.hpp"
#include "emulate_narrow.hpp"

namespace swz::test {

using detail::tile_job;
using detail::vec16;

// Every thread's loads, then (per warp) the exchanges and the stores to the
// tile: what happens before the kernel's __syncthreads().
// AlignedOut too: it decides which kernels take the lean paths (body::lean_inside).
template <class Plan, bool AlignedIn, bool AlignedOut>
void emulate_load_phase(tile_job const& job, unsigned char* tile) {
    using body = detail::fast_transpose_body<Plan, AlignedIn, AlignedOut>;
    using lanes = fast_transpose_lanes<Plan>;
    std::vector<typename body::raw_chunks> raw(Plan::threads);
    for (unsigned tid = 0; tid < Plan::threads; ++tid) body::load_raw(job, raw[tid], tid);
    for (unsigned tid = 0; tid < Plan::threads; ++tid) {
        unsigned const lane = tid % 32, warp_first = tid - lane;
        typename body::loaded r;
        for (unsigned it = 0; it < Plan::load_iterations; ++it) {
            vec16 const& own_next = raw[warp_first + lanes::own_source_lane(lane)].own[it];
            vec16 const& extra = raw[warp_first + lanes::extra_holder(lane, it)].extra;
            r.v[it] = body::realigned(job, raw[tid], it, own_next, extra, tid);
        }
        body::store_registers(r, tile, tid);
    }
}

// After the barrier: per chain, every thread's gathers, then the exchanges
// (none where the gather realigns the output) and the stores to global memory.
// AlignedIn too: it decides, with AlignedOut, which way output rows are
// realigned (body::realigns_by_gather).
template <class Plan, bool AlignedIn, bool AlignedOut, bool Sectors = false>
void emulate_gather_phase(tile_job const& job, unsigned char const* tile) {
    using body = detail::fast_transpose_body<Plan, AlignedIn, AlignedOut, false, Sectors>;
    using lanes = fast_transpose_lanes<Plan>;
    std::vector<typename body::gathered> g(Plan::threads);
    unsigned const phase = body::output_phase(job);
    for (unsigned chain = 0; chain < lanes::chains; ++chain) {
        for (unsigned tid = 0; tid < Plan::threads; ++tid)
            body::template gather_chain<body::gathers_by_cell>(tile, chain, g[tid], tid, phase);
        for (unsigned tid = 0; tid < Plan::threads; ++tid) {
            unsigned const lane = tid % 32, source = lanes::gather_source_lane(lane);
            for (unsigned k = 0; k < lanes::chain_length; ++k)
                for (unsigned i = 0; i < Plan::elems_per_gather; ++i) {
                    if constexpr (body::realigns_by_gather) {  // no exchange: the gather realigned it
                        body::store_gathered_chunk(job, g[tid], chain, k, phase, tid);
                        continue;
                    }
                    vec16 const next = body::gather_sent(g[tid - lane + source], source, k, i);
                    body::store_vector(job, g[tid], chain, k, i, next, tid);
                }
        }
    }
}

// The block emulate_grid runs now (a test's write watcher reads it).
inline std::size_t& emulated_block() {
    static std::size_t block = 0;
    return block;
}

// How many emulated tiles took each global path, by fast_transpose_body's
// in_path (inside, lean, cut, wide) and out_path (inside, clipped, wide).
// Tests reset it.
struct path_counts {
    std::size_t loads[4], stores[3];
};
inline path_counts& emulated_paths() {
    static path_counts counts{};
    return counts;
}

template <class Plan, bool AlignedIn, bool AlignedOut, bool Sectors = false>
void count_paths(tile_job const& job) {
    using body = detail::fast_transpose_body<Plan, AlignedIn, AlignedOut, false, Sectors>;
    ++emulated_paths().loads[unsigned(body::in_path_of(job))];
    ++emulated_paths().stores[unsigned(body::out_path_of(job))];
}

template <class Plan, bool AlignedIn, bool AlignedOut, bool Sectors = false>
void emulate_grid(detail::fast_batch const& b, std::size_t batch) {
    detail::tile_walk const walk = detail::walk_of<Plan, AlignedOut, Sectors>(b);
    std::vector<unsigned char> tile(Plan::shared_bytes);
    std::size_t const blocks = detail::tiles_per_matrix<Plan, AlignedOut, Sectors>(b) * batch;
    for (std::size_t block = 0; block < blocks; ++block) {
        std::fill(tile.begin(), tile.end(), static_cast<unsigned char>(0x5A));
        emulated_block() = block;
        tile_job const job = detail::job_of<Plan>(b, walk, unsigned(block));
        count_paths<Plan, AlignedIn, AlignedOut, Sectors>(job);
        emulate_load_phase<Plan, AlignedIn, AlignedOut>(job, tile.data());
        emulate_gather_phase<Plan, AlignedIn, AlignedOut, Sectors>(job, tile.data());
    }
}

// The packed kernel (swz/detail/fast_launch.cuh's fast_packed_kernel):
// one launch over the whole batch, block by block.
template <class Plan>
void emulate_packed(detail::fast_batch const& b, detail::tile_packing const& p, std::size_t batch) {
    using packed = detail::fast_packed_body<Plan>;
    using lanes = fast_transpose_lanes<Plan>;
    detail::packed_batch const pb{b, p, unsigned(batch * p.per_matrix)};
    std::vector<unsigned char> tile(Plan::shared_bytes);
    std::vector<typename packed::body::gathered> g(Plan::threads);
    for (unsigned block = 0; block < (pb.subtiles + p.per_tile - 1) / p.per_tile; ++block) {
        std::fill(tile.begin(), tile.end(), static_cast<unsigned char>(0x5A));
        for (unsigned tid = 0; tid < Plan::threads; ++tid) packed::load_tile(pb, block, tile.data(), tid);
        for (unsigned chain = 0; chain < lanes::chains; ++chain) {
            for (unsigned tid = 0; tid < Plan::threads; ++tid) packed::body::gather_chain(tile.data(), chain, g[tid], tid);
            for (unsigned tid = 0; tid < Plan::threads; ++tid) packed::store_chain(pb, block, g[tid], chain, tid);
        }
    }
}

// One emulated grid of the kernel detail::with_fast_kernel picks (the
// emulation has no register cap or cache hint: MinBlocks and Streaming
// change nothing it does), on its own tile (Plan void) or on Plan's: tests
// of a plan that the dispatch gives only large matrices (fast_plan_wide)
// run its kernels on shapes small enough to emulate, edges and all.
template <class Plan = void>
struct grid_emulator {
    detail::fast_batch b;
    std::size_t batch;
    template <class Picked, bool AlignedIn, bool AlignedOut, bool Streaming, unsigned MinBlocks, bool Sectors>
    void operator()() const {
        emulate_grid<std::conditional_t<std::is_void_v<Plan>, Picked, Plan>, AlignedIn, AlignedOut, Sectors>(b, batch);
    }
};

// What detail::launch_fast<Size> launches, on the CPU: the same choice of
// kernel, the given block order (0: the one launch_fast chooses: the
// narrow kernel where choose_narrow says so, packed where packing_for
// packs, else whole columns; another: the unpacked fast kernel in it).
template <unsigned Size>
void emulate_transpose(void* out, void const* in, detail::transpose_shape const& s, std::size_t band = 0) {
    detail::fast_batch b = detail::make_fast_batch(out, in, s, Size);
    if (band == 0) {
        if (detail::narrow_choice const c = detail::choose_narrow<Size>(s); c.n != 0) return emulate_narrow<Size>(out, in, s, c);
        if (detail::tile_packing const p = detail::packing_for<Size>(out, in, s); p.per_tile > 1)
            return emulate_packed<fast_plan_for<Size>>(b, p, s.batch);
    }
    b.band = band ? band : whole_column;
    detail::with_fast_kernel<Size>(out, in, s, grid_emulator<>{b, s.batch});
}

// The same kernel on Plan's tile, unpacked.
template <unsigned Size, class Plan>
void emulate_transpose_on(void* out, void const* in, detail::transpose_shape const& s) {
    detail::fast_batch b = detail::make_fast_batch(out, in, s, Size);
    b.band = whole_column;
    detail::with_fast_kernel<Size>(out, in, s, grid_emulator<Plan>{b, s.batch});
}

}  // namespace swz::test
