// What each thread of the fast transpose kernel does, phase by phase. The
// shared-memory offsets all come from swz/kernels/fast_transpose_plan.hpp,
// the functions swz-verify --kernel proves conflict-free. Host and device
// code: the tests run these very functions on the CPU, block by block.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "swz/config.hpp"
#include "swz/detail/register_shuffles.hpp"
#include "swz/detail/vec16.hpp"
#include "swz/kernels/fast_transpose_plan.hpp"

namespace swz::detail {

// One block's view: the matrices and the tile it transposes.
struct tile_job {
    unsigned char const* in;  // rows x cols elements, row-major
    unsigned char* out;       // cols x rows elements, row-major
    std::size_t rows, cols;
    std::size_t row0, col0;   // the tile's first input row and column
    bool vector_in;           // input rows allow 16-byte loads (pitch and base aligned)
    bool vector_out;          // output rows allow 16-byte stores
};

template <class Plan, bool Streaming = false>
struct fast_transpose_body {
    static constexpr unsigned E = Plan::elem;
    static constexpr unsigned K = Plan::rows_per_vector;
    static constexpr unsigned G = Plan::elems_per_gather;
    using gathered = typename std::conditional<E == 8, std::uint64_t, std::uint32_t>::type;
    // The widths the prover costs (swz/kernels/kernel_catalog.hpp) are the
    // widths issued here.
    static_assert(sizeof(vec16) == Plan::store_width, "the load phase stores one 16-byte vector per lane");
    static_assert(sizeof(gathered) == Plan::gather_width, "the gather reads one word (or double) per row");
    using element = typename std::conditional<
        E == 1, std::uint8_t,
        typename std::conditional<E == 2, std::uint16_t,
                                  typename std::conditional<E == 4, std::uint32_t, std::uint64_t>::type>::type>::type;

    // The load phase in two halves, so a pipelined kernel can issue the
    // next tile's loads while it gathers the current one.
    struct loaded {
        vec16 v[Plan::load_iterations];
    };

    // Global -> registers: 16-byte chunks of input rows (element-wise at the
    // matrix's edges or when rows are not 16-byte aligned), all in flight
    // together.
    SWZ_HOST_DEVICE static void load_registers(tile_job const& job, loaded& r, unsigned tid) {
        unsigned const lane = tid % 32, warp = tid / 32;
#pragma unroll
        for (unsigned it = 0; it < Plan::load_iterations; ++it) {
            auto const cell = Plan::load_cell(lane, warp, it);
            std::size_t const row = job.row0 + cell.y, col = job.col0 + cell.x;
            if (job.vector_in && row < job.rows && col + K <= job.cols) {
                r.v[it] = load16<Streaming>(job.in + (row * job.cols + col) * E);
            } else {
                r.v[it] = vec16{{0, 0, 0, 0}};
#pragma unroll
                for (unsigned e = 0; e < K; ++e)
                    if (row < job.rows && col + e < job.cols)
                        set_element(r.v[it], e, load_as<element>(job.in + (row * job.cols + col + e) * E));
            }
        }
    }

    // Registers -> the swizzled tile.
    SWZ_HOST_DEVICE static void store_registers(loaded const& r, unsigned char* tile, unsigned tid) {
        unsigned const lane = tid % 32, warp = tid / 32;
#pragma unroll
        for (unsigned it = 0; it < Plan::load_iterations; ++it) {
            auto const cell = Plan::load_cell(lane, warp, it);
            store16(tile + Plan::shared_byte(cell.y, cell.x), r.v[it]);
        }
    }

    // Load phase: 16-byte chunks of input rows into the swizzled tile.
    SWZ_HOST_DEVICE static void load_phase(tile_job const& job, unsigned char* tile, unsigned tid) {
        loaded r;
        load_registers(job, r, tid);
        store_registers(r, tile, tid);
    }

    // Gather phase: K rows of one word (or double) per thread, rotation
    // undone in registers, then one 16-byte output vector per element of
    // the word: K consecutive elements of one output row.
    SWZ_HOST_DEVICE static void gather_phase(tile_job const& job, unsigned char const* tile, unsigned tid) {
        unsigned const lane = tid % 32, warp = tid / 32;
#pragma unroll
        for (unsigned it = 0; it < Plan::gather_iterations; ++it) {
            auto const task = Plan::gather_task(lane, warp, it);
            gathered val[K];
#pragma unroll
            for (unsigned k = 0; k < K; ++k) {
                auto const cell = Plan::gather_cell(lane, warp, it, k);
                val[k] = load_as<gathered>(tile + Plan::shared_byte(cell.y, cell.x));
            }
            xor_permute(val, Plan::rotation(task.t));  // now val[m] holds tile row K*t + m
            vec16 out[G];
            pack(val, out);
            std::size_t const out_col = job.row0 + std::size_t(task.t) * K;
#pragma unroll
            for (unsigned i = 0; i < G; ++i) {
                std::size_t const out_row = job.col0 + task.c * K + task.w * G + i;
                if (job.vector_out && out_row < job.cols && out_col + K <= job.rows) {
                    store16<Streaming>(job.out + (out_row * job.rows + out_col) * E, out[i]);
                } else {
#pragma unroll
                    for (unsigned m = 0; m < K; ++m)
                        if (out_row < job.cols && out_col + m < job.rows)
                            store_as(job.out + (out_row * job.rows + out_col + m) * E, get_element<element>(out[i], m));
                }
            }
        }
    }

    // val[m] = the word (or double) of tile row K*t + m; out[i] = element i
    // of each, in row order.
    SWZ_HOST_DEVICE static void pack(gathered const (&val)[K], vec16 (&out)[G]) {
        if constexpr (E == 8) {
            out[0] = {{std::uint32_t(val[0]), std::uint32_t(val[0] >> 32), std::uint32_t(val[1]),
                       std::uint32_t(val[1] >> 32)}};
        } else if constexpr (E == 4) {
            out[0] = {{val[0], val[1], val[2], val[3]}};
        } else if constexpr (E == 2) {
#pragma unroll
            for (unsigned p = 0; p < 4; ++p) {
                out[0].w[p] = low_halves(val[2 * p], val[2 * p + 1]);
                out[1].w[p] = high_halves(val[2 * p], val[2 * p + 1]);
            }
        } else {
#pragma unroll
            for (unsigned g = 0; g < 4; ++g) {
                std::uint32_t t[4];
                transpose_bytes_4x4(val[4 * g], val[4 * g + 1], val[4 * g + 2], val[4 * g + 3], t);
#pragma unroll
                for (unsigned j = 0; j < 4; ++j) out[j].w[g] = t[j];
            }
        }
    }
};

// The grid: one block per tile, in bands of `band` tile rows; inside a band
// consecutive blocks walk down the band's tile rows, then to the next tile
// column. band = 1 is plain row-major order; a band at least as tall as the
// matrix (whole_column, what the shipped kernels use) is column-major
// order: consecutive blocks then write consecutive stretches of the same
// output rows, the long contiguous write runs that matter most on an H200.
template <class Plan>
struct fast_transpose_grid {
    std::size_t rows, cols;
    std::size_t band = 1;

    SWZ_HOST_DEVICE std::size_t tiles_per_row() const { return (cols + Plan::nx - 1) / Plan::nx; }
    SWZ_HOST_DEVICE std::size_t tile_rows() const { return (rows + Plan::tile_rows - 1) / Plan::tile_rows; }
    SWZ_HOST_DEVICE std::size_t tiles() const { return tile_rows() * tiles_per_row(); }

    struct tile_at {
        std::size_t row0, col0;
    };
    SWZ_HOST_DEVICE tile_at tile(std::size_t block) const {
        std::size_t const b = band < tile_rows() ? band : tile_rows();  // no overflow below
        std::size_t const per_band = b * tiles_per_row();
        std::size_t const first_row = block / per_band * b, i = block % per_band;
        std::size_t const height = tile_rows() - first_row < b ? tile_rows() - first_row : b;
        return {(first_row + i % height) * Plan::tile_rows, i / height * Plan::nx};
    }
};

// Whether 16-byte global accesses are possible: every row starts 16-aligned.
SWZ_HOST_DEVICE inline bool rows_allow_vectors(void const* base, std::size_t row_elems, unsigned elem) {
    return (reinterpret_cast<std::uintptr_t>(base) % 16 == 0) && (row_elems * elem) % 16 == 0;
}

}  // namespace swz::detail
