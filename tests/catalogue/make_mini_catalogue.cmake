# The small catalogue the --check tests tamper with copies of (cmake -P):
# made afresh, so no folder of an older build survives in it. A minute a
# query, not the default 10 s: on a machine shared with other builds the
# known-bad NX = 12 layout's conflict bounds took longer than 10 s, and a
# catalogue with an UNKNOWN is not written (exit 5). No family proof: each
# --check of a copy would re-derive it (seconds); test_check_family.cpp adds one.
file(REMOVE_RECURSE "${DIR}")
execute_process(COMMAND "${SWZ_VERIFY}" --sweep --nx 64 --elem 4 --tc 16 --timeout-ms 60000 --write-catalogue "${DIR}" --families none --out "${DIR}.md"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "swz-verify --sweep --write-catalogue ${DIR} exited ${rc}")
endif()
