# Golden-output check of one bundled scenario (cmake -P): runs
#   mcsim reproduce ID OPTIONS --deterministic
# in an empty directory and compares every file it writes (CSV and the printed report; SVG files
# are left out, their bytes depend on the gnuplot version) with GOLDEN (tests/golden/ID/ or
# tests/golden-full/ID/), byte for byte. With -DUPDATE=ON it rewrites GOLDEN instead: a
# deliberate, reviewed change.
#
# Variables: MCSIM (binary), ID, OPTIONS (the size, one string: "--samples 3", "--max-nodes 1024"),
# SCENARIOS (directory), GOLDEN, WORK.
foreach(var MCSIM ID OPTIONS SCENARIOS GOLDEN WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_golden.cmake needs -D${var}=...")
  endif()
endforeach()

separate_arguments(options UNIX_COMMAND "${OPTIONS}")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(
  COMMAND "${MCSIM}" reproduce "${ID}" --scenarios "${SCENARIOS}" ${options} --deterministic -q -j 1 --out .
  WORKING_DIRECTORY "${WORK}"
  OUTPUT_FILE "${WORK}/${ID}.stdout.txt"
  ERROR_VARIABLE errors
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "mcsim reproduce ${ID} failed (${status}): ${errors}")
endif()

file(GLOB produced RELATIVE "${WORK}" "${WORK}/*")
list(FILTER produced EXCLUDE REGEX "\\.svg$")
list(SORT produced)

if(UPDATE)
  file(REMOVE_RECURSE "${GOLDEN}")
  file(MAKE_DIRECTORY "${GOLDEN}")
  foreach(name IN LISTS produced)
    file(COPY "${WORK}/${name}" DESTINATION "${GOLDEN}")
  endforeach()
  message(STATUS "golden ${ID}: wrote ${produced}")
  file(REMOVE_RECURSE "${WORK}")
  return()
endif()

if(NOT IS_DIRECTORY "${GOLDEN}")
  message(FATAL_ERROR "golden ${ID}: no golden output yet; write it with "
                      "`cmake --build --preset release --target golden-update` (golden-update-full for "
                      "tests/golden-full/), review it and commit it")
endif()
file(GLOB expected RELATIVE "${GOLDEN}" "${GOLDEN}/*")
list(SORT expected)
if(NOT produced STREQUAL expected)
  message(FATAL_ERROR "golden ${ID}: files differ: produced [${produced}], golden [${expected}]")
endif()
set(failed "")
foreach(name IN LISTS produced)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${WORK}/${name}" "${GOLDEN}/${name}"
                  RESULT_VARIABLE different)
  if(different)
    list(APPEND failed "${name}")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "golden ${ID}: output differs from ${GOLDEN}/ in ${failed} "
                      "(compare with: diff -r ${WORK} ${GOLDEN})")
endif()
file(REMOVE_RECURSE "${WORK}")
