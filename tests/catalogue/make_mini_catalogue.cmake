# The small catalogue the --check tests tamper with copies of (cmake -P):
# made afresh, so no folder of an older build survives in it.
file(REMOVE_RECURSE "${DIR}")
execute_process(COMMAND "${SWZ_VERIFY}" --sweep --nx 64 --elem 4 --tc 16 --write-catalogue "${DIR}" --out "${DIR}.md"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "swz-verify --sweep --write-catalogue ${DIR} exited ${rc}")
endif()
