// swz-bench --tune's launches of a variant of the shipped kernel: through
// the shipped dispatch itself (with_fast_kernel), so that a variant
// differs from the shipped kernel only in what it names.
#pragma once

#include <swz/transpose.cuh>

#include <type_traits>

namespace swz::bench {

// The kernel with_fast_kernel picks for a shape (the sides it realigns, its
// choice of whole sectors), on Plan's tile (void: the shipped one), with
// Blocks blocks per SM (0: as many threads per SM as the shipped kernel
// keeps), at most as many as an SM's 2048 threads hold. A tile whose
// gather realigns the output rows (fast_transpose_body::realigns_by_gather:
// floats gathered one a read) writes split sectors, as it can only.
template <class Plan = void, unsigned Blocks = 0>
struct variant_launcher {
    detail::fast_batch b;
    std::size_t batch;
    template <class Shipped, bool In, bool Out, bool Streaming, unsigned MinBlocks, bool Sectors>
    cudaError_t operator()() const {
        using P = std::conditional_t<std::is_void_v<Plan>, Shipped, Plan>;
        constexpr unsigned same_threads = MinBlocks * Shipped::threads / P::threads;
        constexpr unsigned wanted = Blocks ? Blocks : same_threads > 0 ? same_threads : 1;
        constexpr unsigned blocks = wanted * P::threads <= 2048 ? wanted : 2048 / P::threads;
        constexpr bool sectors = Sectors && !detail::fast_transpose_body<P, In, Out>::realigns_by_gather;
        return detail::launch_fast_kernel<P, In, Out, Streaming, blocks, sectors>(b, batch, 0, 0);
    }
};

template <unsigned Size, class Plan = void, unsigned Blocks = 0>
cudaError_t launch_variant(void* out, void const* in, detail::transpose_shape const& s) {
    return detail::with_fast_kernel<Size>(out, in, s,
                                          variant_launcher<Plan, Blocks>{detail::make_fast_batch(out, in, s, Size), s.batch});
}

}  // namespace swz::bench
