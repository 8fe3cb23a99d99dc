# Catch2 2.13: Debian's package where it is installed (CPU machines), else
# the single header from SWZ_CATCH2_INCLUDE_DIR (the GPU machine has no
# Catch2; its header travels with the working tree, in a git-ignored folder).
find_package(Catch2 2 QUIET)
if(Catch2_FOUND)
  include(Catch)
  set(SWZ_CATCH2_DISCOVERY ON)
else()
  set(SWZ_CATCH2_INCLUDE_DIR "${PROJECT_SOURCE_DIR}/.deps" CACHE PATH "folder holding catch2/catch.hpp")
  if(NOT EXISTS "${SWZ_CATCH2_INCLUDE_DIR}/catch2/catch.hpp")
    message(FATAL_ERROR "Catch2 not found: install Debian's catch2 (scripts/setup.sh) or set SWZ_CATCH2_INCLUDE_DIR")
  endif()
  add_library(swz_catch2 INTERFACE)
  target_include_directories(swz_catch2 INTERFACE "${SWZ_CATCH2_INCLUDE_DIR}")
  add_library(Catch2::Catch2 ALIAS swz_catch2)
  add_library(swz_catch2_main STATIC "${PROJECT_SOURCE_DIR}/tests/support/catch2_main.cpp")
  target_link_libraries(swz_catch2_main PUBLIC swz_catch2)
  add_library(Catch2::Catch2WithMain ALIAS swz_catch2_main)
  set(SWZ_CATCH2_DISCOVERY OFF)
endif()

# One ctest test per Catch2 case where discovery is available, one per
# executable otherwise. Extra arguments are test properties.
function(swz_add_catch_tests target)
  if(SWZ_CATCH2_DISCOVERY)
    catch_discover_tests(${target} PROPERTIES ${ARGN})
  else()
    add_test(NAME ${target} COMMAND ${target})
    if(ARGN)
      set_tests_properties(${target} PROPERTIES ${ARGN})
    endif()
  endif()
endfunction()
