# CMake 3.25 knows nvcc's -std flags up to C++17 only; nvcc 13 speaks C++20.
# swz_teach_cuda_standard(N) teaches the current directory scope the flag
# and the cuda_std_N compile feature, after enable_language(CUDA), so that
# targets requiring cuda_std_20 (swz::kernels while the model needs C++20)
# build. Nothing to do for 17 or where CMake already knows the flag.
# Used by this build (SwzCuda.cmake) and installed for consumers (swzConfig.cmake).
macro(swz_teach_cuda_standard standard)
  if(${standard} GREATER 17 AND CMAKE_CUDA_COMPILER_ID STREQUAL "NVIDIA"
     AND NOT CMAKE_CUDA${standard}_STANDARD_COMPILE_OPTION)
    set(CMAKE_CUDA${standard}_STANDARD_COMPILE_OPTION "-std=c++${standard}")
    set(CMAKE_CUDA${standard}_EXTENSION_COMPILE_OPTION "-std=c++${standard}")
    list(APPEND CMAKE_CUDA_COMPILE_FEATURES cuda_std_${standard})
    set(CMAKE_CUDA${standard}_COMPILE_FEATURES cuda_std_${standard})
  endif()
endmacro()
