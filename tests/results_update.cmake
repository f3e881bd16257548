# Refreshes docs/results/ and the agreement block of docs/results.md from a fresh run (cmake -P; the target
# `results-update`): every bundled reproduction at its scenario's own sample count and seed,
# --deterministic, into WORK; each CSV it writes (ID.csv, ID.points.csv, ID.sweep.csv, ID.agreement.csv)
# replaces docs/results/' (a file no reproduction writes any more goes): the agreement files make the
# page's block, the tables are what `mcsim claims` judges the papers' claims from (docs/claims.md).
# The CM-5 tables 3-7 again under `cmmd = overlapped`, into docs/results/cmmd-overlapped/ (the page quotes
# them). Then results_agreement.cmake rewrites the page's block.
# Nothing in docs/results/ or the page changes unless every reproduction ran.
#
# Variables: MCSIM (binary), SCENARIOS (directory), RESULTS (docs/results), PAGE (docs/results.md), WORK.
cmake_minimum_required(VERSION 3.24)
foreach(var MCSIM SCENARIOS RESULTS PAGE WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "results_update.cmake needs -D${var}=...")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND "${MCSIM}" reproduce --all --scenarios "${SCENARIOS}" --deterministic --out "${WORK}"
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "mcsim reproduce --all failed (${status}); ${RESULTS} and ${PAGE} are unchanged")
endif()
# docs/results.md also quotes the CM-5 tables under CMMD's later asynchronous sends (`cmmd =
# overlapped`): mcsim / paper over Tables 3-7 and LP's at msg_unit 16, checked against these tables by
# tests/test_docs_figures.cpp. Their CSVs go to RESULTS/cmmd-overlapped/ (a minute or two of one core).
set(overlapped_tables ranka92-table3 ranka92-table4 ranka92-table5 ranka92-table6 ranka92-table7)
foreach(id IN LISTS overlapped_tables)
  execute_process(COMMAND "${MCSIM}" reproduce ${id} --scenarios "${SCENARIOS}" --machine-option cmmd=overlapped
                          --deterministic -q --out "${WORK}/cmmd-overlapped"
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "mcsim reproduce ${id} --machine-option cmmd=overlapped failed (${status}); ${RESULTS} and "
                        "${PAGE} are unchanged")
  endif()
endforeach()
file(GLOB fresh LIST_DIRECTORIES false "${WORK}/*.agreement.csv")
if(NOT fresh)
  message(FATAL_ERROR "mcsim reproduce --all wrote no *.agreement.csv into ${WORK}")
endif()
file(GLOB tables LIST_DIRECTORIES false "${WORK}/*.csv")
file(GLOB stale LIST_DIRECTORIES false "${RESULTS}/*.csv")
if(stale)
  file(REMOVE ${stale})
endif()
file(COPY ${tables} DESTINATION "${RESULTS}")
file(REMOVE_RECURSE "${RESULTS}/cmmd-overlapped")
foreach(id IN LISTS overlapped_tables)
  file(COPY "${WORK}/cmmd-overlapped/${id}.csv" DESTINATION "${RESULTS}/cmmd-overlapped")
endforeach()
list(LENGTH fresh count)
list(LENGTH tables all)
message(STATUS "${RESULTS}: ${count} agreement files and ${all} CSV files in all from this build")
execute_process(COMMAND "${CMAKE_COMMAND}" -DRESULTS=${RESULTS} -DPAGE=${PAGE} -DUPDATE=ON
                        -P "${CMAKE_CURRENT_LIST_DIR}/results_agreement.cmake"
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the agreement block of ${PAGE} was not rewritten (${status})")
endif()
file(REMOVE_RECURSE "${WORK}")
