// The fast kernels run on the CPU, block by block: each block runs the
// kernels' own steps (swz/detail/fast_block.hpp's transpose_tile and
// transpose_packed_tile) for every thread (every_thread.hpp), with each
// warp shuffle done as a copy from the lane the kernel shuffles from.
#pragma once

#include <cstddef>
#include <type_traits>
#include <vector>

#include "swz/detail/fast_batch.hpp"
#include "swz/detail/fast_block.hpp"
#include "swz/detail/fast_packed_body.hpp"
#include "swz/detail/fast_transpose_body.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"
#include "emulate_narrow.hpp"
#include "every_thread.hpp"

namespace swz::test {

using detail::tile_job;
using detail::vec16;

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
        detail::transpose_tile<detail::fast_transpose_body<Plan, AlignedIn, AlignedOut, false, Sectors>>(
            every_thread<Plan::threads>{}, job, tile.data());
    }
}

// The packed kernel (swz/detail/fast_launch.cuh's fast_packed_kernel):
// one launch over the whole batch, block by block.
template <class Plan>
void emulate_packed(detail::fast_batch const& b, detail::tile_packing const& p, std::size_t batch) {
    detail::packed_batch const pb{b, p, unsigned(batch * p.per_matrix)};
    std::vector<unsigned char> tile(Plan::shared_bytes);
    for (unsigned block = 0; block < (pb.subtiles + p.per_tile - 1) / p.per_tile; ++block) {
        std::fill(tile.begin(), tile.end(), static_cast<unsigned char>(0x5A));
        detail::transpose_packed_tile<detail::fast_packed_body<Plan>>(every_thread<Plan::threads>{}, pb, block,
                                                                     tile.data());
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
