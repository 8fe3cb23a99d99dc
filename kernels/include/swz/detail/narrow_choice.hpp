// Which matrices the narrow kernel transposes, and its batch for a shape:
// plain C++, for the launch and the CPU emulation alike.
#pragma once

#include <cstddef>

#include "swz/detail/narrow_body.hpp"
#include "swz/detail/transpose_args.hpp"
#include "swz/kernels/narrow_transpose_config.hpp"

namespace swz::detail {

// n: the narrow side in elements (0: the shape is not narrow); tall: the
// input rows are the narrow lines (else the output rows are). The lines of
// that side must be contiguous (a leading dimension equal to them), so
// that a lane's K lines are 16 n contiguous bytes. Tall first: a matrix
// narrow both ways runs as tall.
struct narrow_choice {
    unsigned n = 0;
    bool tall = false;
};

template <unsigned Size>
narrow_choice choose_narrow(transpose_shape const& s) {
    using config = narrow_transpose_config<Size>;
    if (s.empty()) return {};
    if (s.ld_in == s.cols && s.cols <= config::max_cols) return {unsigned(s.cols), true};
    if (s.ld_out == s.rows && s.rows <= config::max_rows) return {unsigned(s.rows), false};
    return {};
}

inline narrow_batch make_narrow_batch(void* out, void const* in, transpose_shape const& s, std::size_t elem, bool tall) {
    return {static_cast<unsigned char const*>(in), static_cast<unsigned char*>(out), tall ? s.rows : s.cols,
            (tall ? s.ld_out : s.ld_in) * elem, s.stride_in * elem, s.stride_out * elem, s.batch};
}

// f.template operator()<N, Tall>() for the choice's n (1 .. the config's bound).
template <unsigned Size, unsigned N = 1, class F>
decltype(auto) with_narrow_kernel(narrow_choice c, F&& f) {
    using config = narrow_transpose_config<Size>;
    constexpr unsigned most = config::max_cols > config::max_rows ? config::max_cols : config::max_rows;
    if constexpr (N < most) {
        if (c.n != N) return with_narrow_kernel<Size, N + 1>(c, f);
    }
    if constexpr (N > config::max_rows) return f.template operator()<N, true>();
    else if constexpr (N > config::max_cols) return f.template operator()<N, false>();
    else return c.tall ? f.template operator()<N, true>() : f.template operator()<N, false>();
}

}  // namespace swz::detail
