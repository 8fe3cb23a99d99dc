// Stop 40: the fast kernel that realigns both sides, int8 and halves, on
// strips of S shipped tiles with the wrapped output chunks carried to the
// next tile (strip_steps.hpp), against launch_fast and cudaMemcpy of the
// same bytes in one process. Run 1 timed S = 1, 2, 4, 8 down whole columns
// of strips (slower than shipped: blocks running together were S tiles
// apart); run 2 times strips in rows across the columns (S = 4, 8, S = 4
// without the carry, int8 S = 4 at 3 blocks), beside S = 1 and S = 4 down
// columns. Every variant's output compared with the
// input once; then three rounds of medians of 100 launches.
// Arguments: RxC (int8) or h:RxC (halves), shapes whose both sides are
// realigned.
#include <cuda_runtime.h>

#include <cstdio>
#include <string>
#include <vector>

#include "../tools/realigned_ab.cuh"
#include "strip_kernel.cuh"

using namespace swz::detail;
using swz::strips::design;
using swz::strips::matrix;

using variant = ab_variant<matrix>;
template <unsigned E>
std::vector<variant> variants();
#if defined(STOP40_RUN1)  // run 1's variants (build with -DSTOP40_RUN1)
template <>
std::vector<variant> variants<1>() {
    return {{"S1", launch_strip<design<1, 1>, 4>},          {"S2", launch_strip<design<1, 2>, 4>},
            {"S4", launch_strip<design<1, 4>, 4>},          {"S8", launch_strip<design<1, 8>, 4>},
            {"S4@3", launch_strip<design<1, 4>, 3>},        {"S4split", launch_strip<design<1, 4, false>, 4>}};
}
template <>
std::vector<variant> variants<2>() {
    return {{"S1", launch_strip<design<2, 1>, 4>},          {"S2", launch_strip<design<2, 2>, 4>},
            {"S4", launch_strip<design<2, 4>, 4>},          {"S8", launch_strip<design<2, 8>, 4>},
            {"S4@5", launch_strip<design<2, 4>, 5>},        {"S4split", launch_strip<design<2, 4, false>, 4>}};
}
#else  // run 2's
template <>
std::vector<variant> variants<1>() {
    return {{"S1", launch_strip<design<1, 1>, 4>},
            {"S4", launch_strip<design<1, 4>, 4>},
            {"S4across", launch_strip<design<1, 4, true, true>, 4>},
            {"S8across", launch_strip<design<1, 8, true, true>, 4>},
            {"S4across@3", launch_strip<design<1, 4, true, true>, 3>},
            {"S4splitacross", launch_strip<design<1, 4, false, true>, 4>}};
}
template <>
std::vector<variant> variants<2>() {
    return {{"S1", launch_strip<design<2, 1>, 4>},
            {"S4across", launch_strip<design<2, 4, true, true>, 4>},
            {"S8across", launch_strip<design<2, 8, true, true>, 4>},
            {"S4splitacross", launch_strip<design<2, 4, false, true>, 4>}};
}
#endif

template <unsigned E>
void measure(std::string const& label, std::size_t rows, std::size_t cols) {
    realigned_ab<E>(label, rows, cols, variants<E>(), 3, "", [](matrix const& m) {
        return " | blocks S1 " + std::to_string(design<E, 1>::blocks(m)) + " S4 " + std::to_string(design<E, 4>::blocks(m));
    });
}

int main(int argc, char** argv) {
    for (int a = 1; a < argc; ++a) {
        std::string const s = argv[a];
        bool const half = s.rfind("h:", 0) == 0;
        auto const [rows, cols] = parse_int8_shape(half ? s.substr(2) : s);
        if (half) measure<2>(s, rows, cols);
        else measure<1>(s, rows, cols);
    }
}
