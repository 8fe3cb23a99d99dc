// Stop 38's probe: is the int8 kernel that realigns both sides bound by its
// global-memory pattern or by its work between the loads and the stores?
// The probe kernel issues exactly the shipped kernel's global accesses
// (its load_raw, and the addresses of its inside-path stores, from the same
// plan functions) but none of its work between them: no exchange, no
// shared memory, no gather; it stores the XOR of its loaded chunks (so the
// loads stay live). Tiles at the matrix's edge store nothing (under 2% of
// the tiles of the shapes timed). Modes: 0 the probe; 1 with one barrier
// between loads and stores, as the shipped kernel has; 2 as 1, held by
// shared memory it does not use to the shipped kernel's blocks per SM
// (the probe needs fewer registers, so more of its blocks fit); 3 as 2
// without the extra chunk after each row's tile chunk (tiles inside the
// matrix load only their lanes' own chunks); 4 as 2 with every store
// moved to the 16-byte-aligned chunk of a 128-byte-aligned run of the same
// output row (as if output rows were aligned: no run straddles a line);
// 5 (run 5) as 2 on tiles that do not overlap (a tile's rows 128 apart,
// not 112), each writing all 8 of its chunks an output row (the last one
// reaching into the next tile's rows, whose data it does not have: a
// pattern, not a transpose); 6 as 5 with each tile row's loads moved to
// the 128-byte line that holds its first byte (one line a row, no extra
// chunk); 7 as 5 with each output row's stores moved to the line that
// holds its first byte (8 chunks: one line); 8 both (run 6: how much of
// the gap is that 128 unaligned bytes span two lines, on either side);
// 9 (run 7) the memory side of a kernel that writes whole output lines:
// tiles 128 rows apart that each load 256 rows (their own and the next
// tile's, the shipped loads twice) and write, of each output row, the one
// 128-byte line that starts in their first 128 rows. Timed against the
// shipped kernel (launch_fast) and cudaMemcpy of the same bytes, in one
// process, median of 100 launches after 10 warm-ups.
// Arguments: RxC shapes (int8, packed rows). Output: shape, us of copy,
// shipped, probe, probe+barrier, held, no-extra, lines, no-overlap, and each
// as % of copy.
#include <cuda_runtime.h>

#include <cstdio>
#include <string>
#include <vector>

#include "../tools/median_us.cuh"
#include "swz/detail/fast_launch.cuh"

using namespace swz::detail;

using plan = swz::fast_plan_of<1, false>;
using body = fast_transpose_body<plan, false, false, false, false>;
using lanes = body::lanes;
constexpr unsigned min_blocks = swz::fast_transpose_config<1>::min_blocks_realigned(true, true);

template <int Mode>
__global__ void __launch_bounds__(plan::threads, min_blocks) probe_kernel(fast_batch b, tile_walk walk) {
    tile_job const job = job_of<plan>(b, walk, blockIdx.x);
    unsigned const tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    body::raw_chunks r;
    if ((Mode == 6 || Mode == 8) && body::in_path_of(job) == body::in_path::inside) {
        unsigned char const* const corner = job.in + job.row0 * job.pitch_in + job.col0;
        auto const cell = plan::load_cell(lane, warp, 0u);
#pragma unroll
        for (unsigned it = 0; it < body::LI; ++it) {
            unsigned char const* const row_start = corner + (cell.y + it * body::rows_per_load_iteration) * unsigned(job.pitch_in);
            r.own[it] = load_global16<false, 128>(row_start - address(row_start) % 128 + cell.x);
        }
        r.extra = vec16{{0, 0, 0, 0}};
    } else if (Mode == 3 && body::in_path_of(job) == body::in_path::inside) {
        unsigned char const* const corner = job.in + job.row0 * job.pitch_in + job.col0;
        auto const cell = plan::load_cell(lane, warp, 0u);
        unsigned char const* const start = corner + (cell.y * unsigned(job.pitch_in) + cell.x);
        unsigned char const* const own = start - address(start) % 16;
        unsigned const step = body::rows_per_load_iteration * unsigned(job.pitch_in);
#pragma unroll
        for (unsigned it = 0; it < body::LI; ++it) r.own[it] = load_global16<false, 128>(own + it * step);
        r.extra = vec16{{0, 0, 0, 0}};
    } else {
        body::load_raw(job, r, tid);
    }
    vec16 acc = r.extra;
    if (Mode == 9) {
        tile_job next = job;
        next.row0 += plan::tile_rows;
        if (next.row0 + plan::tile_rows > job.rows) return;  // the probe skips the last tiles
        body::raw_chunks r2;
        body::load_raw(next, r2, tid);
#pragma unroll
        for (unsigned it = 0; it < body::LI; ++it)
            for (unsigned w = 0; w < 4; ++w) acc.w[w] ^= r2.own[it].w[w];
    }
#pragma unroll
    for (unsigned it = 0; it < body::LI; ++it)
        for (unsigned w = 0; w < 4; ++w) acc.w[w] ^= r.own[it].w[w];
    if (Mode >= 1) __syncthreads();
    if (body::out_path_of(job) != body::out_path::inside) return;
    auto const o = body::out_corner_of(job);
    unsigned const base = unsigned(address(o.p));
#pragma unroll
    for (unsigned chain = 0; chain < lanes::chains; ++chain)
#pragma unroll
        for (unsigned k = 0; k < lanes::chain_length; ++k) {
            auto const task = plan::gather_task(lane, warp, lanes::chain_iteration(chain, k));
#pragma unroll
            for (unsigned i = 0; i < body::G; ++i) {
                unsigned const row = task.c * body::K + task.w * body::G + i;
                unsigned const at = row * o.pitch + task.t * 16u;
                constexpr bool apart = Mode >= 5;
                if (!apart && task.t + 1 == plan::row_groups) continue;  // the next tile's first chunk
                unsigned const shift = (0u - (base + at)) % 16u;
                acc.w[0] += i;
                if (Mode == 9) {
                    unsigned char* const line_start = o.p + row * o.pitch;
                    store_global16<false>(line_start + (0u - unsigned(address(line_start))) % 128u + task.t * 16u, acc);
                } else if (Mode == 7 || Mode == 8) {
                    unsigned char* const line_start = o.p + row * o.pitch;
                    store_global16<false>(line_start - address(line_start) % 128 + task.t * 16u, acc);
                } else if (Mode == 4) {
                    unsigned char* const line_start = o.p + row * o.pitch;
                    unsigned char* const run = line_start - address(line_start) % 128;
                    store_global16<false>(run + task.t * 16u, acc);
                } else {
                    store_global16<false>(o.p + at + shift, acc);
                }
            }
        }
}

// Dynamic shared memory that lets at most `blocks` blocks share an SM's 228 KiB.
unsigned shared_for_blocks(unsigned blocks) { return (228u * 1024u) / (blocks + 1) + 1024u; }

template <int Mode>
void launch_probe(fast_batch b, std::size_t tiles, tile_walk const& walk, unsigned shared) {
    probe_kernel<Mode><<<unsigned(tiles), plan::threads, shared>>>(b, walk);
}

int main(int argc, char** argv) {
    for (int a = 1; a < argc; ++a) {
        std::string const s = argv[a];
        std::size_t const x = s.find('x');
        std::size_t const rows = std::stoull(s.substr(0, x)), cols = std::stoull(s.substr(x + 1));
        transpose_shape const shape = transpose_shape::packed(rows, cols);
        unsigned char *in, *out;
        cudaMalloc(&in, rows * cols), cudaMalloc(&out, rows * cols);
        cudaMemset(in, 1, rows * cols);
        fast_batch b = make_fast_batch(out, in, shape, 1);
        auto const c = choose_fast_kernel<1>(out, in, shape);
        if (c.aligned_in || c.aligned_out || c.sectors || c.wide || c.tall) {
            std::printf("%s: not the kernel that realigns both sides; skipped\n", s.c_str());
            continue;
        }
        int sms = 1;
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
        std::size_t resident = 0;
        resident_blocks<plan, false, false, false, min_blocks, false>(resident);
        b.band = choose_band<plan>(rows, cols, resident, row_step_of<plan, false, false>);
        std::size_t const tiles = tiles_per_matrix<plan, false, false>(b);
        tile_walk const walk = walk_of<plan, false, false>(b);
        double const copy = median_us([&] { cudaMemcpyAsync(out, in, rows * cols, cudaMemcpyDeviceToDevice, 0); }, 10, 100);
        double const shipped = median_us([&] { launch_fast<1>(out, in, shape, 0); }, 10, 100);
        unsigned const held = shared_for_blocks(min_blocks);
        cudaFuncSetAttribute(probe_kernel<2>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(held));
        int const per_sm_free = occupancy_of(probe_kernel<1>, plan::threads, 0);
        int const per_sm_held = occupancy_of(probe_kernel<2>, plan::threads, held);
        double const probe = median_us([&] { launch_probe<0>(b, tiles, walk, 0); }, 10, 100);
        double const probe_bar = median_us([&] { launch_probe<1>(b, tiles, walk, 0); }, 10, 100);
        double const probe_held = median_us([&] { launch_probe<2>(b, tiles, walk, held); }, 10, 100);
        cudaFuncSetAttribute(probe_kernel<3>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(held));
        cudaFuncSetAttribute(probe_kernel<4>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(held));
        double const no_extra = median_us([&] { launch_probe<3>(b, tiles, walk, held); }, 10, 100);
        double const lines = median_us([&] { launch_probe<4>(b, tiles, walk, held); }, 10, 100);
        fast_transpose_grid<plan> const apart{rows, cols, b.band, plan::tile_rows};
        tile_walk const walk_apart = tile_walk::of(apart);
        cudaFuncSetAttribute(probe_kernel<5>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(held));
        double const no_overlap = median_us([&] { launch_probe<5>(b, apart.tiles(), walk_apart, held); }, 10, 100);
        double lined[4];
        for (int m = 0; m < 4; ++m) {
            auto const k = m == 0 ? probe_kernel<6> : m == 1 ? probe_kernel<7> : m == 2 ? probe_kernel<8> : probe_kernel<9>;
            cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, int(held));
            lined[m] = median_us([&] { k<<<unsigned(apart.tiles()), plan::threads, held>>>(b, walk_apart); }, 10, 100);
        }
        cudaError_t const err = cudaDeviceSynchronize();
        std::printf("%s copy %.2f shipped %.2f probe %.2f +barrier %.2f held %.2f no-extra %.2f lines %.2f no-overlap %.2f us "
                    "| %% of copy: shipped %.1f probe %.1f +barrier %.1f held %.1f no-extra %.1f lines %.1f no-overlap %.1f "
                    "| lines in %.1f out %.1f both %.1f | whole lines from 256 rows %.1f | blocks %zu (no overlap %zu), per SM shipped %zu probe %d held %d, band %zu %s\n",
                    s.c_str(), copy, shipped, probe, probe_bar, probe_held, no_extra, lines, no_overlap, 100 * copy / shipped,
                    100 * copy / probe, 100 * copy / probe_bar, 100 * copy / probe_held, 100 * copy / no_extra,
                    100 * copy / lines, 100 * copy / no_overlap, 100 * copy / lined[0], 100 * copy / lined[1],
                    100 * copy / lined[2], 100 * copy / lined[3], tiles, apart.tiles(), resident / std::size_t(sms), per_sm_free, per_sm_held,
                    b.band, err == cudaSuccess ? "ok" : cudaGetErrorString(err));
        std::fflush(stdout);
        cudaFree(in), cudaFree(out);
    }
}
