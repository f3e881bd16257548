# Shows that results_agreement.cmake can fail, and mends what it fails on: on the fixture
# tests/data/results_agreement/ (three agreement files: a table, a region map, one without paper
# figures; its page's block as the script makes it) the check passes; with one figure of the
# block changed it fails, naming the block's line and both texts; the update then writes the
# fixture's page back byte for byte; an agreement file with a line of 7 fields fails at file:line.
#   cmake -DSCRIPT=tests/results_agreement.cmake -DFIXTURE=tests/data/results_agreement -DWORK=dir -P this file
cmake_minimum_required(VERSION 3.24)

function(run_script page results update)
  execute_process(COMMAND ${CMAKE_COMMAND} -DRESULTS=${results} -DPAGE=${page} -DUPDATE=${update} -P ${SCRIPT}
                  RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE output)
  set(exit_code "${exit_code}" PARENT_SCOPE)
  set(output "${output}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

run_script("${FIXTURE}/results.md" "${FIXTURE}/results" OFF)
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "the check failed on the fixture whose block is right:\n${output}")
endif()

file(READ "${FIXTURE}/results.md" right)
string(REPLACE "| 0.65 [0.35-0.8] |" "| 0.66 [0.35-0.8] |" wrong "${right}")
if(wrong STREQUAL right)
  message(FATAL_ERROR "the fixture's page has no `| 0.65 [0.35-0.8] |` to change")
endif()
file(WRITE "${WORK}/results.md" "${wrong}")
run_script("${WORK}/results.md" "${FIXTURE}/results" OFF)
if(exit_code EQUAL 0)
  message(FATAL_ERROR "the check passed a block with a figure the data does not give")
endif()
string(REGEX REPLACE "[ \n]+" " " output "${output}")  # cmake wraps a message's lines
if(NOT output MATCHES "at its line 6: the page has `\\| `table-a` \\| 0.66 \\[0.35-0.8\\]"
   OR NOT output MATCHES "the data gives `\\| `table-a` \\| 0.65 \\[0.35-0.8\\]")
  message(FATAL_ERROR "the check did not name the changed line and both texts:\n${output}")
endif()

run_script("${WORK}/results.md" "${FIXTURE}/results" ON)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/results.md" "${FIXTURE}/results.md"
                RESULT_VARIABLE different)
if(NOT exit_code EQUAL 0 OR different)
  message(FATAL_ERROR "the update did not write the block back as the data gives it:\n${output}")
endif()

file(COPY "${FIXTURE}/results" DESTINATION "${WORK}")
file(APPEND "${WORK}/results/map-b.agreement.csv" "map-b,regions,,70,27,,\n")
run_script("${WORK}/results.md" "${WORK}/results" OFF)
string(REGEX REPLACE "[ \n]+" " " output "${output}")
if(exit_code EQUAL 0 OR NOT output MATCHES "map-b.agreement.csv:3: not a line of 8 fields")
  message(FATAL_ERROR "a line of 7 fields was not refused at its file:line:\n${output}")
endif()
file(REMOVE_RECURSE "${WORK}")
