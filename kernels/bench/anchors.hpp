// The libraries swz-bench measures against, from the CUDA toolkit, on the
// same buffers: cuBLAS geam (float, double; a batch is one call per
// matrix, since geam has no batched form) and cuBLASLt MatrixTransform
// (every element size; batches natively). Both take column-major
// matrices: a row-major rows x cols matrix with leading dimension ld is a
// column-major cols x rows one with the same ld.
#pragma once

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "bench_shapes.hpp"

namespace swz::bench {

struct anchors {
    cublasHandle_t blas = nullptr;
    cublasLtHandle_t lt = nullptr;

    anchors() {
        if (cublasCreate(&blas) != CUBLAS_STATUS_SUCCESS) blas = nullptr;
        if (cublasLtCreate(&lt) != CUBLAS_STATUS_SUCCESS) lt = nullptr;
    }
    ~anchors() {
        if (blas) cublasDestroy(blas);
        if (lt) cublasLtDestroy(lt);
    }
    anchors(anchors const&) = delete;
    anchors& operator=(anchors const&) = delete;
};

// C (column-major rows x cols, ldc = ld_out) = A^T, A column-major cols x rows (lda = ld_in).
template <class T>
cublasStatus_t geam(anchors const& a, T* out, T const* in, bench_shape const& s) {
    if (!a.blas) return CUBLAS_STATUS_NOT_INITIALIZED;
    T const one = 1, zero = 0;
    for (std::size_t b = 0; b < s.batch; ++b) {
        T const* A = in + b * s.stride_in();
        T* C = out + b * s.stride_out();
        cublasStatus_t st;
        if constexpr (sizeof(T) == 4)
            st = cublasSgeam(a.blas, CUBLAS_OP_T, CUBLAS_OP_N, int(s.rows), int(s.cols), &one, A, int(s.ld_in), &zero, C,
                             int(s.ld_out), C, int(s.ld_out));
        else
            st = cublasDgeam(a.blas, CUBLAS_OP_T, CUBLAS_OP_N, int(s.rows), int(s.cols), &one, A, int(s.ld_in), &zero, C,
                             int(s.ld_out), C, int(s.ld_out));
        if (st != CUBLAS_STATUS_SUCCESS) return st;
    }
    return CUBLAS_STATUS_SUCCESS;
}

// MatrixTransform's descriptors for one shape, made once, as a user would.
struct lt_transform {
    cublasLtMatrixTransformDesc_t desc = nullptr;
    cublasLtMatrixLayout_t a = nullptr, c = nullptr;
    cudaDataType_t scale = CUDA_R_32F;
    cublasStatus_t status = CUBLAS_STATUS_NOT_INITIALIZED;

    lt_transform(cudaDataType_t type, cudaDataType_t scale_type, bench_shape const& s) : scale(scale_type) {
        cublasOperation_t const trans = CUBLAS_OP_T;
        cublasLtOrder_t const row = CUBLASLT_ORDER_ROW;
        std::int32_t const batch = std::int32_t(s.batch);
        std::int64_t const sa = std::int64_t(s.stride_in()), sc = std::int64_t(s.stride_out());
        if ((status = cublasLtMatrixTransformDescCreate(&desc, scale)) != CUBLAS_STATUS_SUCCESS ||
            (status = cublasLtMatrixTransformDescSetAttribute(desc, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA, &trans,
                                                              sizeof(trans))) != CUBLAS_STATUS_SUCCESS ||
            (status = cublasLtMatrixLayoutCreate(&a, type, s.rows, s.cols, std::int64_t(s.ld_in))) != CUBLAS_STATUS_SUCCESS ||
            (status = cublasLtMatrixLayoutCreate(&c, type, s.cols, s.rows, std::int64_t(s.ld_out))) != CUBLAS_STATUS_SUCCESS)
            return;
        for (auto* l : {a, c}) {
            if ((status = cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row))) !=
                    CUBLAS_STATUS_SUCCESS ||
                (status = cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch))) !=
                    CUBLAS_STATUS_SUCCESS)
                return;
        }
        if ((status = cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &sa, sizeof(sa))) !=
                CUBLAS_STATUS_SUCCESS ||
            (status = cublasLtMatrixLayoutSetAttribute(c, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &sc, sizeof(sc))) !=
                CUBLAS_STATUS_SUCCESS)
            return;
    }
    ~lt_transform() {
        if (a) cublasLtMatrixLayoutDestroy(a);
        if (c) cublasLtMatrixLayoutDestroy(c);
        if (desc) cublasLtMatrixTransformDescDestroy(desc);
    }
    lt_transform(lt_transform const&) = delete;
    lt_transform& operator=(lt_transform const&) = delete;

    cublasStatus_t run(anchors const& h, void* out, void const* in) const {
        if (status != CUBLAS_STATUS_SUCCESS) return status;
        if (!h.lt) return CUBLAS_STATUS_NOT_INITIALIZED;
        double const one64 = 1, zero64 = 0;
        float const one32 = 1, zero32 = 0;
        std::int32_t const one_i = 1, zero_i = 0;
        void const* alpha = scale == CUDA_R_64F ? static_cast<void const*>(&one64)
                            : scale == CUDA_R_32I ? static_cast<void const*>(&one_i) : &one32;
        void const* beta = scale == CUDA_R_64F ? static_cast<void const*>(&zero64)
                           : scale == CUDA_R_32I ? static_cast<void const*>(&zero_i) : &zero32;
        return cublasLtMatrixTransform(h.lt, desc, alpha, in, a, beta, nullptr, nullptr, out, c, 0);
    }
};

// The data type, and the scale types to try in turn (the documentation
// pairs 8-bit integers with a float scale; an integer one is the fallback).
template <std::size_t Size> constexpr cudaDataType_t lt_type_of();
template <> constexpr cudaDataType_t lt_type_of<1>() { return CUDA_R_8I; }
template <> constexpr cudaDataType_t lt_type_of<2>() { return CUDA_R_16F; }
template <> constexpr cudaDataType_t lt_type_of<4>() { return CUDA_R_32F; }
template <> constexpr cudaDataType_t lt_type_of<8>() { return CUDA_R_64F; }
inline cudaDataType_t lt_scale_of(cudaDataType_t type, bool fallback) {
    if (type == CUDA_R_64F) return CUDA_R_64F;
    return type == CUDA_R_8I && fallback ? CUDA_R_32I : CUDA_R_32F;
}

}  // namespace swz::bench
