// Host/device portability for the model headers.
// The model is plain C++ with no dependency; under nvcc its functions are
// also device functions, so the kernels call the very code the prover checks.
#pragma once

#if defined(__CUDACC__)
#define SWZ_HOST_DEVICE __host__ __device__
#define SWZ_NOINLINE __noinline__
#define SWZ_FORCEINLINE __forceinline__
#else
#define SWZ_HOST_DEVICE
#define SWZ_NOINLINE
#define SWZ_FORCEINLINE inline
#endif
