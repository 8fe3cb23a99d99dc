# Decide whether to build the CUDA parts. AUTO builds them when nvcc is found
# (it is on the CPU-only CI machine too, so CI catches compile errors).
#
# SWZ_CUDA_STANDARD: the C++ standard CUDA code that includes the headers
# needs, here and in a consumer of the installed package (swz::kernels
# carries it as cuda_std_<N>): C++17, which plain nvcc speaks by default;
# the model and kernel headers keep to it.
set(SWZ_CUDA_STANDARD 17)
set(SWZ_HAVE_CUDA OFF)
if(NOT SWZ_CUDA STREQUAL "OFF")
  # Cached, as check_language caches a compiler it finds itself: the package
  # test reads it from the cache to build its CUDA consumer (a plain
  # variable left that test skipping the consumer on this machine).
  if(NOT CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc CACHE FILEPATH "the CUDA compiler")
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)
    endif()
    enable_language(CUDA)
    include(${CMAKE_CURRENT_LIST_DIR}/SwzCudaStandard.cmake)
    swz_teach_cuda_standard(${SWZ_CUDA_STANDARD})
    set(CMAKE_CUDA_STANDARD ${SWZ_CUDA_STANDARD})
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    find_package(CUDAToolkit REQUIRED)
    set(SWZ_HAVE_CUDA ON)
  elseif(SWZ_CUDA STREQUAL "ON")
    message(FATAL_ERROR "SWZ_CUDA=ON but no CUDA compiler was found")
  else()
    message(STATUS "swz: no CUDA compiler found; kernels, GPU tests and swz-bench are not built")
  endif()
endif()
