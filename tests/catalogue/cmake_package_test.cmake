# The installed package, as another project sees it (run with cmake -P):
#   1. install swz from BUILD_DIR into WORK_DIR/prefix, with the LICENSE and
#      README of PROJECT_ROOT in share/doc/swz;
#   2. configure and build tests/catalogue/consumer against it: must succeed,
#      run its program, and leave the layout's certificate (exit code 0);
#      and prove its own ldmatrix fragment by swz_certify_access (PROVED, 4
#      wavefronts, the ideal);
#   3. the same with CONSUMER_BAD=ON: the build must fail, on the refuted
#      requirement, and leave no certificate for the bad layout; the plain
#      tile's fragment must fail its build too, REFUTED;
#   4. a certification remade with a refuted requirement leaves no old
#      certificate; an empty requirement is a configure error; without Z3
#      the model alone is found;
#   5. where BUILD_DIR found nvcc: a CUDA consumer that includes
#      <swz/transpose.cuh> and links swz::kernels, with no flags of its own,
#      must build, and run (or report no device, exit 77); a project of
#      CUDA alone finds the package.
foreach(var BUILD_DIR SOURCE_DIR WORK_DIR PROJECT_ROOT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "cmake_package_test.cmake needs -D${var}=...")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(rc "${rc}" PARENT_SCOPE)
  set(out "${out}${err}" PARENT_SCOPE)
  message(STATUS "${what}: exit ${rc}")
endfunction()

run("install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed:\n${out}")
endif()
foreach(f include/swz/xor_swizzle.hpp include/swz/kernel_layouts.hpp include/swz/layout/bit_swizzle.hpp
          include/swz/verify/api/user_access.hpp include/swz/verify/swz_version.hpp
          include/swz/transpose.cuh include/swz/detail/fast_transpose_body.hpp include/swz/detail/fast_launch.cuh
          include/swz/kernels/fast_transpose_lanes.hpp bin/swz-verify lib/cmake/swz/swzConfig.cmake
          lib/cmake/swz/SwzCudaStandard.cmake share/doc/swz/LICENSE share/doc/swz/README.md)
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "the installation lacks ${f}")
  endif()
endforeach()
# The installed license and README are the project's own, byte for byte.
foreach(f LICENSE README.md)
  file(SHA256 "${prefix}/share/doc/swz/${f}" installed)
  file(SHA256 "${PROJECT_ROOT}/${f}" original)
  if(NOT installed STREQUAL original)
    message(FATAL_ERROR "share/doc/swz/${f} is not the project's ${f}")
  endif()
endforeach()
file(READ "${prefix}/share/doc/swz/LICENSE" license)
if(NOT license MATCHES "^BSD 3-Clause License\n\nCopyright \\(c\\) 2026 the swz authors")
  message(FATAL_ERROR "share/doc/swz/LICENSE is not the BSD-3-Clause license of the swz authors")
endif()

# The good project.
set(good "${WORK_DIR}/good")
run("configure (good)" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${good}" "-DCMAKE_PREFIX_PATH=${prefix}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the consumer failed:\n${out}")
endif()
run("build (good)" "${CMAKE_COMMAND}" --build "${good}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the consumer with a layout that holds failed:\n${out}")
endif()
run("run tile_probe" "${good}/tile_probe")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tile_probe, built on the installed model, failed:\n${out}")
endif()
set(certificate "${good}/swz-certificates/f32_tile.json")
if(NOT EXISTS "${certificate}" OR NOT EXISTS "${good}/swz-certificates/half_atom.json"
   OR NOT EXISTS "${good}/swz-certificates/gmma_stages.json")
  message(FATAL_ERROR "the build left no certificate at ${certificate} (or half_atom.json, gmma_stages.json)")
endif()
file(READ "${certificate}" json)
string(JSON code GET "${json}" exit_code)
string(JSON required GET "${json}" requirements conflict_free 0)
if(NOT code EQUAL 0 OR NOT required STREQUAL "row")
  message(FATAL_ERROR "the certificate says exit ${code}, requirement '${required}'")
endif()
file(READ "${good}/swz-certificates/gmma_stages.json" json)
string(JSON code GET "${json}" exit_code)
string(JSON spec GET "${json}" layout spec)
if(NOT code EQUAL 0 OR NOT spec STREQUAL "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))")
  message(FATAL_ERROR "the CuTe layout's certificate says exit ${code}, spec '${spec}'")
endif()
# The user's own access, proved through swz::verify_library.
set(fragments "${good}/swz-certificates/fragments.json")
if(NOT EXISTS "${fragments}")
  message(FATAL_ERROR "swz_certify_access left no results at ${fragments}")
endif()
file(READ "${fragments}" json)
string(JSON code GET "${json}" exit_code)
string(JSON outcome GET "${json}" results 0 verdict)
string(JSON worst GET "${json}" results 0 figure value)
if(NOT code EQUAL 0 OR NOT outcome STREQUAL "PROVED" OR NOT worst EQUAL 4)
  message(FATAL_ERROR "the fragment's results say exit ${code}, ${outcome}, ${worst} wavefronts (expected 0, PROVED, 4):\n${json}")
endif()

# The bad project: its build must fail on the refuted requirement.
set(bad "${WORK_DIR}/bad")
run("configure (bad)" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${bad}" "-DCMAKE_PREFIX_PATH=${prefix}" -DCONSUMER_BAD=ON)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the consumer (bad) failed:\n${out}")
endif()
# Each bad certification by its own target: a whole build stops at
# whichever failure make reaches first.
run("build (bad)" "${CMAKE_COMMAND}" --build "${bad}")
if(rc EQUAL 0)
  message(FATAL_ERROR "the build with two refuted requirements succeeded:\n${out}")
endif()
run("build (bad layout)" "${CMAKE_COMMAND}" --build "${bad}" --target swz-certify-f32_columns)
if(rc EQUAL 0)
  message(FATAL_ERROR "the build succeeded although f32_columns requires conflict-free column reads:\n${out}")
endif()
if(NOT out MATCHES "conflict\\.column +REFUTED")
  message(FATAL_ERROR "the failed build does not show conflict.column REFUTED:\n${out}")
endif()
if(EXISTS "${bad}/swz-certificates/f32_columns.json")
  message(FATAL_ERROR "the failed certification left a certificate behind")
endif()
run("build (bad fragment)" "${CMAKE_COMMAND}" --build "${bad}" --target swz-certify-plain_fragments)
if(rc EQUAL 0)
  message(FATAL_ERROR "the build succeeded although the plain tile's fragment must be conflict-free:\n${out}")
endif()
if(NOT out MATCHES "conflict\\.a_fragment_plain +REFUTED")
  message(FATAL_ERROR "the failed build does not show conflict.a_fragment_plain REFUTED:\n${out}")
endif()
if(EXISTS "${bad}/swz-certificates/plain_fragments.json")
  message(FATAL_ERROR "the failed access certification left results behind")
endif()
message(STATUS "the installed package certifies at build time and fails the build on a refuted requirement")

# A certification remade and refuted leaves no certificate of the last
# run's pass behind (a CI step could archive it).
run("reconfigure (good, refuted)" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${good}" -DCONSUMER_TILE_REQUIRES=column)
run("build (good, refuted)" "${CMAKE_COMMAND}" --build "${good}" --target swz-certify-f32_tile)
if(rc EQUAL 0 OR EXISTS "${certificate}")
  message(FATAL_ERROR "remade with a refuted requirement, f32_tile built (exit ${rc}) or kept its old certificate:\n${out}")
endif()
# A requirement given by an unset variable is a configure error, never dropped.
run("configure (empty)" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/empty" "-DCMAKE_PREFIX_PATH=${prefix}"
    -DCONSUMER_EMPTY=ON)
if(rc EQUAL 0 OR NOT out MATCHES "REQUIRE_CONFLICT_FREE given without a value")
  message(FATAL_ERROR "an empty REQUIRE_CONFLICT_FREE configured (exit ${rc}):\n${out}")
endif()
# Without Z3 for pkg-config, the header-only model is still found.
run("configure (no Z3)" "${CMAKE_COMMAND}" -E env PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH=
    "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/no-z3" "-DCMAKE_PREFIX_PATH=${prefix}" -DCONSUMER_MODEL_ONLY=ON)
if(NOT rc EQUAL 0 OR NOT out MATCHES "swz::verify_library is not available")
  message(FATAL_ERROR "without Z3, find_package(swz) did not give the model alone (exit ${rc}):\n${out}")
endif()

# The CUDA consumer, with the nvcc BUILD_DIR used.
load_cache("${BUILD_DIR}" READ_WITH_PREFIX swz_ CMAKE_CUDA_COMPILER)
if(NOT swz_CMAKE_CUDA_COMPILER)
  message(STATUS "no nvcc in ${BUILD_DIR}: the CUDA consumer is not built")
  return()
endif()
set(cuda "${WORK_DIR}/cuda")
run("configure (CUDA)" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${cuda}" "-DCMAKE_PREFIX_PATH=${prefix}" -DCONSUMER_CUDA=ON
    "-DCMAKE_CUDA_COMPILER=${swz_CMAKE_CUDA_COMPILER}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the CUDA consumer failed:\n${out}")
endif()
run("build (CUDA)" "${CMAKE_COMMAND}" --build "${cuda}" --target transpose_consumer)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a .cu file including <swz/transpose.cuh> and linking swz::kernels did not build:\n${out}")
endif()
run("run transpose_consumer" "${cuda}/transpose_consumer")
if(NOT (rc EQUAL 0 OR rc EQUAL 77))
  message(FATAL_ERROR "transpose_consumer failed:\n${out}")
endif()
message(STATUS "a CUDA consumer builds on the installed package as it is: ${out}")
# A project of CUDA alone finds the package too (Threads, for the verify
# library, needs C or C++).
set(cuda_only "${WORK_DIR}/cuda-only")
file(WRITE "${cuda_only}/CMakeLists.txt" "cmake_minimum_required(VERSION 3.25)\nproject(cuda_only LANGUAGES CUDA)\n"
                                          "find_package(swz 0.1 REQUIRED)\n")
run("configure (CUDA only)" "${CMAKE_COMMAND}" -S "${cuda_only}" -B "${cuda_only}/build" "-DCMAKE_PREFIX_PATH=${prefix}"
    "-DCMAKE_CUDA_COMPILER=${swz_CMAKE_CUDA_COMPILER}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a CUDA-only project could not find_package(swz):\n${out}")
endif()
