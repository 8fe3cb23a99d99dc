# swz_certify_layout(NAME name {NX n [TC t] | LAYOUT spec [ROW_BYTES b]} [ELEM e]
#                    [ROWS r] [CHUNK_BYTES c] [TIMEOUT_MS ms]
#                    [REQUIRE_CONFLICT_FREE pattern...] [REQUIRE_ARTICLE]
#                    [TARGET target])
#
# LAYOUT takes any spec swz-verify --layout does (cute:3,3,3, tma:128B,
# pad:16, cute:3,3,3@pad:16, linear:..., article:nx=64,elem=4,tc=16, or
# CuTe's print of a layout, quoted: "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
# NX is the article's shorthand.
#
# Runs swz-verify on the layout at build time and writes its certificate to
# ${CMAKE_CURRENT_BINARY_DIR}/swz-certificates/<name>.json. The build fails
# when a property that counts is refuted or unknown: the layout properties
# always (bijection, row permutation, chunk integrity, involution), each
# pattern named by REQUIRE_CONFLICT_FREE (row, row-chunk, column,
# column-chunk, all), and the article's claims with REQUIRE_ARTICLE.
# The certificate is made by the target swz-certify-<name>, built by default
# and before TARGET when given; it is remade when swz-verify changes.
# The target swz-certify-<name> (built by default, and before `target` when
# given) that runs `command... --json FILE` into
# swz-certificates/<name>.json, remade when `depends` changes. The old
# certificate is removed first and the new one written under another name,
# renamed on success: a failed run leaves no certificate behind (not even
# the last run's, which a CI step could archive as a pass), so the next
# build runs (and fails) again.
function(_swz_certificate_target name target depends comment)
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/swz-certificates")
  set(certificate "${dir}/${name}.json")
  add_custom_command(
    OUTPUT "${certificate}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${dir}"
    COMMAND "${CMAKE_COMMAND}" -E rm -f "${certificate}" "${certificate}.partial"
    COMMAND ${ARGN} --json "${certificate}.partial"
    COMMAND "${CMAKE_COMMAND}" -E rename "${certificate}.partial" "${certificate}"
    DEPENDS ${depends}
    COMMENT "${comment}"
    VERBATIM)
  add_custom_target(swz-certify-${name} ALL DEPENDS "${certificate}")
  if(target)
    add_dependencies(${target} swz-certify-${name})
  endif()
endfunction()

# A keyword given without a value (`ELEM ${UNSET}`, `REQUIRE_CONFLICT_FREE ""`)
# is an error: dropped silently it would certify another layout, or none
# of the requirements meant. `args` is the call's "${ARGV}", quoted, so that
# its empty values are kept; `keywords` those that take values, `flags`
# those that take none.
function(_swz_no_empty_values function keywords flags args)
  set(current "")
  set(count 0)
  foreach(arg IN LISTS args)
    # list(FIND), not IN_LIST: a consumer's policy settings may predate it.
    list(FIND keywords "${arg}" keyword)
    list(FIND flags "${arg}" flag)
    if(NOT keyword EQUAL -1 OR NOT flag EQUAL -1)
      if(NOT current STREQUAL "" AND count EQUAL 0)
        message(FATAL_ERROR "${function}: ${current} given without a value")
      endif()
      set(current "")
      if(NOT keyword EQUAL -1)
        set(current "${arg}")
      endif()
      set(count 0)
    elseif(NOT current STREQUAL "")
      if(arg STREQUAL "")
        message(FATAL_ERROR "${function}: ${current} holds an empty value")
      endif()
      math(EXPR count "${count} + 1")
    endif()
  endforeach()
  if(NOT current STREQUAL "" AND count EQUAL 0)
    message(FATAL_ERROR "${function}: ${current} given without a value")
  endif()
endfunction()

function(swz_certify_layout)
  cmake_parse_arguments(PARSE_ARGV 0 SWZ "REQUIRE_ARTICLE"
                        "NAME;NX;LAYOUT;ELEM;TC;ROWS;ROW_BYTES;CHUNK_BYTES;TIMEOUT_MS;TARGET" "REQUIRE_CONFLICT_FREE")
  if(SWZ_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "swz_certify_layout: unexpected arguments: ${SWZ_UNPARSED_ARGUMENTS}")
  endif()
  _swz_no_empty_values(swz_certify_layout
                       "NAME;NX;LAYOUT;ELEM;TC;ROWS;ROW_BYTES;CHUNK_BYTES;TIMEOUT_MS;TARGET;REQUIRE_CONFLICT_FREE"
                       "REQUIRE_ARTICLE" "${ARGV}")
  if(NOT DEFINED SWZ_NAME OR (NOT DEFINED SWZ_NX AND NOT DEFINED SWZ_LAYOUT))
    message(FATAL_ERROR "swz_certify_layout: NAME and one of NX or LAYOUT are required")
  endif()
  if(DEFINED SWZ_NX AND DEFINED SWZ_LAYOUT)
    message(FATAL_ERROR "swz_certify_layout: give NX or LAYOUT, not both")
  endif()
  if(NOT SWZ_NAME MATCHES "^[A-Za-z0-9_.-]+$")
    message(FATAL_ERROR "swz_certify_layout: NAME '${SWZ_NAME}' may hold only letters, digits, '_', '.' and '-'")
  endif()
  if(NOT TARGET swz::verify)
    message(FATAL_ERROR "swz_certify_layout: this swz installation has no swz-verify (it was built without Z3)")
  endif()

  if(DEFINED SWZ_NX)
    set(args --nx ${SWZ_NX})
  else()
    set(args --layout ${SWZ_LAYOUT})
  endif()
  foreach(opt ELEM TC ROWS ROW_BYTES CHUNK_BYTES TIMEOUT_MS)
    if(DEFINED SWZ_${opt})
      string(TOLOWER "${opt}" flag)
      string(REPLACE "_" "-" flag "${flag}")
      list(APPEND args --${flag} ${SWZ_${opt}})
    endif()
  endforeach()
  foreach(pattern IN LISTS SWZ_REQUIRE_CONFLICT_FREE)
    list(APPEND args --require-conflict-free ${pattern})
  endforeach()
  if(SWZ_REQUIRE_ARTICLE)
    list(APPEND args --require-article)
  endif()

  _swz_certificate_target("${SWZ_NAME}" "${SWZ_TARGET}" "$<TARGET_FILE:swz::verify>"
                          "swz: certifying layout ${SWZ_NAME} (swz-verify ${args})"
                          "$<TARGET_FILE:swz::verify>" ${args})
endfunction()

# swz_certify_access(NAME name SOURCES file... [TIMEOUT_MS ms] [TARGET target])
#
# Builds the user's certifier program from SOURCES against
# swz::verify_library (its main() adds the accesses to a
# swz::verify::access_certifier and returns run(argc, argv):
# swz/verify/api/user_access.hpp), runs it at build time and writes its
# results to ${CMAKE_CURRENT_BINARY_DIR}/swz-certificates/<name>.json. The
# build fails when the program exits non-zero: a required access refuted
# (10), undecided (5), or its output lost (3). The results are made by the
# target swz-certify-<name>, built by default and before TARGET when given.
function(swz_certify_access)
  cmake_parse_arguments(PARSE_ARGV 0 SWZ "" "NAME;TIMEOUT_MS;TARGET" "SOURCES")
  if(SWZ_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "swz_certify_access: unexpected arguments: ${SWZ_UNPARSED_ARGUMENTS}")
  endif()
  _swz_no_empty_values(swz_certify_access "NAME;TIMEOUT_MS;TARGET;SOURCES" "" "${ARGV}")
  if(NOT DEFINED SWZ_NAME OR NOT DEFINED SWZ_SOURCES)
    message(FATAL_ERROR "swz_certify_access: NAME and SOURCES are required")
  endif()
  if(NOT SWZ_NAME MATCHES "^[A-Za-z0-9_.-]+$")
    message(FATAL_ERROR "swz_certify_access: NAME '${SWZ_NAME}' may hold only letters, digits, '_', '.' and '-'")
  endif()
  if(NOT TARGET swz::verify_library)
    message(FATAL_ERROR "swz_certify_access: swz::verify_library is not available: this swz was built without Z3, "
                        "or find_package(swz) did not find Z3 (pkg-config), nlohmann-json and Threads, "
                        "or the project enables no C++")
  endif()
  set(program swz-certifier-${SWZ_NAME})
  add_executable(${program} ${SWZ_SOURCES})
  target_link_libraries(${program} PRIVATE swz::verify_library)
  set(args)
  if(DEFINED SWZ_TIMEOUT_MS)
    list(APPEND args --timeout-ms ${SWZ_TIMEOUT_MS})
  endif()
  _swz_certificate_target("${SWZ_NAME}" "${SWZ_TARGET}" "${program}" "swz: certifying the accesses of ${SWZ_NAME}"
                          "$<TARGET_FILE:${program}>" ${args})
endfunction()
