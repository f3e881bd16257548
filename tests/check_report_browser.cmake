# `mcsim report` on a small subset, then its pages checked in headless Chromium: each check is a
# script called with the report's directory and a directory for its screenshots, both kept in WORK
# (WORK/report, WORK/screenshots) as the test's artefacts.
#   cmake -DMCSIM=<mcsim> -DSCRIPT=<tools/check-report-in-browser.sh> -DWORK=<dir> -DPART=pages|refusal
#         -P check_report_browser.cmake
# PART: `pages` checks the report's pages; `refusal` shows that the check can fail. Each starts
# Chromium (about 8 s), so they are two tests that ctest runs side by side.
file(REMOVE_RECURSE "${WORK}")
# The pages check looks at four kinds of page; the refusal needs one page of any kind, so it takes the
# quickest reproduction (machines-alltoall alone simulates seven machines).
if(PART STREQUAL "refusal")
  set(reproductions guo05-ex1)
else()
  set(reproductions ranka92-table3,guo05-ex1,lo92-lemmas,machines-alltoall)
endif()
execute_process(COMMAND "${MCSIM}" report --out "${WORK}/report" --only ${reproductions} --samples 1 --deterministic -q
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "mcsim report failed (${status})")
endif()

# run_check(<what> <script> [args...]): the script gets DIR, SHOTS and the args; a non-zero exit
# fails the test. Another browser check of the same report (a replay page) is one more run_check
# line below.
function(run_check what script)
  execute_process(COMMAND "${script}" "${WORK}/report" "${WORK}/screenshots" ${ARGN} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "the browser check of ${what} failed (${status})")
  endif()
endfunction()

if(PART STREQUAL "pages")
  # Screenshots of the index and of Table 3's page (the table that ran off the right edge before).
  run_check("the report's pages" "${SCRIPT}" ranka92.html)
  return()
elseif(NOT PART STREQUAL "refusal")
  message(FATAL_ERROR "PART must be pages or refusal, not '${PART}'")
endif()

# The check can fail: the same report with a printed report's <pre> block put back on one page
# (as pages showed the kinds without typed tables before) must be refused for that reason.
file(COPY "${WORK}/report/" DESTINATION "${WORK}/with-pre")
file(READ "${WORK}/with-pre/guo05.html" page)
string(REPLACE "</main>" "<pre>machine    AC    LP\ncm5     269.9  36.98\n</pre></main>" page "${page}")
file(WRITE "${WORK}/with-pre/guo05.html" "${page}")
execute_process(COMMAND "${SCRIPT}" "${WORK}/with-pre" RESULT_VARIABLE status ERROR_VARIABLE errors OUTPUT_QUIET)
if(NOT status EQUAL 1 OR NOT errors MATCHES "guo05.html at 1400 px shows a preformatted block")
  message(FATAL_ERROR "the browser check let a page with a <pre> block pass (${status}): ${errors}")
endif()
