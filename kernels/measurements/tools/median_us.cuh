// The median time of a GPU operation in microseconds, by CUDA events on the
// default stream, after warm-ups: the timing the A/B harnesses share
// (stop 32's narrow_ab.cu, stop 37's fast_ab.cu).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

template <class F>
double median_us(F&& f, int warmups, int runs) {
    for (int i = 0; i < warmups; ++i) f();
    std::vector<float> t(runs);
    cudaEvent_t a, b;
    cudaEventCreate(&a), cudaEventCreate(&b);
    for (auto& x : t) {
        cudaEventRecord(a), f(), cudaEventRecord(b), cudaEventSynchronize(b);
        cudaEventElapsedTime(&x, a, b);
    }
    cudaEventDestroy(a), cudaEventDestroy(b);
    std::sort(t.begin(), t.end());
    return 1000.0 * t[t.size() / 2];
}
