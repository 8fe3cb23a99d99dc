# The installed CMake package of swz: `find_package(swz)` gives
#   swz::model            the header-only model (the formula, layout rules, tiles, bank model)
#   swz::kernels          the header-only CUDA transposes (swz/transpose.cuh), over swz::model,
#                         with the CUDA standard its headers need (cuda_std_<SWZ_CUDA_STANDARD>)
#   swz::verify           the swz-verify executable (when built with Z3)
#   swz::verify_library   the prover as a library, for a user's own accesses
#                         (swz/verify/api/user_access.hpp; needs Z3 and nlohmann-json)
#   swz_certify_layout()  certify a layout at build time, failing the build
#                         when a required property does not hold (SwzCertify.cmake)
#   swz_certify_access()  build and run a program of the user's accesses at build
#                         time, failing the build on a refuted requirement
# and, in share/doc/swz, the LICENSE (BSD-3-Clause) and the README.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SWZ_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/swz" CACHE STRING "where swzConfig.cmake is installed")

set_target_properties(swz_model PROPERTIES EXPORT_NAME model)
install(TARGETS swz_model EXPORT swzTargets)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/model/swz" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
        FILES_MATCHING PATTERN "*.hpp")

set_target_properties(swz_kernels PROPERTIES EXPORT_NAME kernels)
install(TARGETS swz_kernels EXPORT swzTargets)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/kernels/include/swz" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
        FILES_MATCHING PATTERN "*.hpp" PATTERN "*.cuh")

if(TARGET swz-verify)
  set_target_properties(swz-verify PROPERTIES EXPORT_NAME verify)
  install(TARGETS swz-verify EXPORT swzTargets RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
  # An export set of its own: swzConfig.cmake loads it only where Z3,
  # nlohmann-json and Threads are found, so a project without them (or
  # without C++) still gets swz::model and swz::kernels.
  set_target_properties(swz_verify PROPERTIES EXPORT_NAME verify_library)
  install(TARGETS swz_verify EXPORT swzVerifyTargets ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}")
  install(EXPORT swzVerifyTargets NAMESPACE swz:: DESTINATION "${SWZ_INSTALL_CMAKEDIR}")
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/verify/" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/swz/verify"
          FILES_MATCHING PATTERN "*.hpp")
  install(FILES "${PROJECT_BINARY_DIR}/verify/generated/swz_version.hpp" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/swz/verify")
  set(SWZ_HAS_VERIFY_LIBRARY ON)
else()
  set(SWZ_HAS_VERIFY_LIBRARY OFF)
endif()

install(EXPORT swzTargets NAMESPACE swz:: DESTINATION "${SWZ_INSTALL_CMAKEDIR}")
configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/swzConfig.cmake.in"
                              "${PROJECT_BINARY_DIR}/swzConfig.cmake"
                              INSTALL_DESTINATION "${SWZ_INSTALL_CMAKEDIR}")
write_basic_package_version_file("${PROJECT_BINARY_DIR}/swzConfigVersion.cmake"
                                 VERSION "${PROJECT_VERSION}" COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/swzConfig.cmake" "${PROJECT_BINARY_DIR}/swzConfigVersion.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/SwzCertify.cmake" "${PROJECT_SOURCE_DIR}/cmake/SwzCudaStandard.cmake"
        DESTINATION "${SWZ_INSTALL_CMAKEDIR}")

# The license travels with every copy (its second clause), the README with it.
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" "${PROJECT_SOURCE_DIR}/README.md" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
