// swz-bench --tune: the fast kernels with other numbers of resident blocks
// per SM than the shipped ones. Rows realigned in registers: other register
// caps (more registers, no spills, against more blocks in flight). Rows
// aligned on both sides: the shipped kernel (packed or not, as launch_fast
// chooses) with its shared memory padded so that only that many blocks fit
// on an SM (fewer blocks in flight, but on a grid of about one wave a
// second wave whose loads overlap the first one's stores). Measured, never
// shipped; a separate file so it compiles beside the bench's own.
#include <swz/transpose.cuh>

#include "tune_residency.hpp"
#include "variant_launcher.cuh"

namespace swz::bench {

namespace {

// Shared memory per block with which `blocks` blocks fit on an SM, and no more.
cudaError_t padded_shared(unsigned blocks, unsigned& shared) {
    int device = 0, per_sm = 0, reserved = 0;
    cudaError_t err = cudaGetDevice(&device);
    if (err == cudaSuccess) err = cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device);
    if (err == cudaSuccess) err = cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device);
    shared = (unsigned(per_sm) / blocks - unsigned(reserved)) / 1024 * 1024;
    return err;
}

template <unsigned Size, unsigned MinBlocks>
cudaError_t launch_with(unsigned blocks, void* out, void const* in, detail::transpose_shape const& s) {
    auto const b = detail::make_fast_batch(out, in, s, Size);
    bool const in16 = detail::rows_aligned16(in, b.pitch_in, b.stride_in, s.batch);
    bool const out16 = detail::rows_aligned16(out, b.pitch_out, b.stride_out, s.batch);
    if (in16 && out16) {
        unsigned shared = 0;
        if (cudaError_t const err = padded_shared(blocks, shared); err != cudaSuccess) return err;
        return detail::launch_fast<Size>(out, in, s, 0, 0, shared);
    }
    // The shipped kernel with MinBlocks blocks of its threads per SM, or as
    // many as fit (the large-halves plan's 512-thread blocks: at most 4).
    return launch_variant<Size, void, MinBlocks>(out, in, s);
}

template <unsigned Size>
cudaError_t launch_size(unsigned min_blocks, void* out, void const* in, detail::transpose_shape const& s) {
    switch (min_blocks) {
        case 2: return launch_with<Size, 2>(min_blocks, out, in, s);
        case 3: return launch_with<Size, 3>(min_blocks, out, in, s);
        case 4: return launch_with<Size, 4>(min_blocks, out, in, s);
        case 5: return launch_with<Size, 5>(min_blocks, out, in, s);
        case 6: return launch_with<Size, 6>(min_blocks, out, in, s);
        default: return cudaErrorInvalidValue;
    }
}

// The shipped kernel's choice (with_fast_kernel), launched with the other
// sectors choice where it has one.
struct flipped_launcher {
    detail::fast_batch b;
    std::size_t batch;
    bool launch;  // false: only say whether it has one
    template <class P, bool In, bool Out, bool St, unsigned MinBlocks, bool Sectors>
    cudaError_t operator()() const {
        if constexpr (detail::fast_transpose_body<P, In, Out>::realigns_by_gather) {
            return cudaErrorNotSupported;
        } else {
            if (!launch) return cudaSuccess;
            return detail::launch_fast_kernel<P, In, Out, St, MinBlocks, !Sectors>(b, batch, 0, 0);
        }
    }
};

template <unsigned Size>
cudaError_t flipped(bool launch, void* out, void const* in, detail::transpose_shape const& s) {
    if (detail::packing_for<Size>(out, in, s).per_tile > 1) return cudaErrorNotSupported;
    return detail::with_fast_kernel<Size>(out, in, s,
                                          flipped_launcher{detail::make_fast_batch(out, in, s, Size), s.batch, launch});
}

cudaError_t flipped_of(unsigned elem, bool launch, void* out, void const* in, detail::transpose_shape const& s) {
    switch (elem) {
        case 1: return flipped<1>(launch, out, in, s);
        case 2: return flipped<2>(launch, out, in, s);
        case 4: return flipped<4>(launch, out, in, s);
        case 8: return flipped<8>(launch, out, in, s);
    }
    return cudaErrorInvalidValue;
}

}  // namespace

bool sectors_flippable(unsigned elem, void const* out, void const* in, detail::transpose_shape const& s) {
    return flipped_of(elem, false, const_cast<void*>(out), in, s) == cudaSuccess;
}
cudaError_t launch_sectors_flipped(unsigned elem, void* out, void const* in, detail::transpose_shape const& s) {
    return flipped_of(elem, true, out, in, s);
}

cudaError_t launch_with_residency(unsigned elem, unsigned min_blocks, void* out, void const* in,
                                  detail::transpose_shape const& s) {
    switch (elem) {
        case 1: return launch_size<1>(min_blocks, out, in, s);
        case 2: return launch_size<2>(min_blocks, out, in, s);
        case 4: return launch_size<4>(min_blocks, out, in, s);
        case 8: return launch_size<8>(min_blocks, out, in, s);
    }
    return cudaErrorInvalidValue;
}

}  // namespace swz::bench
