# `mcsim report` on a small subset, then the page checked in headless Chromium
# (tools/check-report-in-browser.sh): the page loads, every image loads, no console message.
#   cmake -DMCSIM=<mcsim> -DSCRIPT=<check script> -DWORK=<dir> -P check_report_browser.cmake
file(REMOVE_RECURSE "${WORK}")
execute_process(COMMAND "${MCSIM}" report --out "${WORK}" --only ranka92-table3,guo05-ex1 --samples 1
                        --deterministic -q
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "mcsim report failed (${status})")
endif()
execute_process(COMMAND "${SCRIPT}" "${WORK}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the browser check failed (${status})")
endif()
