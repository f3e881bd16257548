# `mcsim timeline --html` on a 16-node iPSC/860 run, then the replay checked in headless Chromium
# (tools/check-replay-in-browser.sh): no console message, the in-flight count at two times as the
# messages' CSV says, the drawing moves; screenshots kept in WORK.
#   cmake -DMCSIM=<mcsim> -DSCRIPT=<check script> -DWORK=<dir> -P check_replay_browser.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND "${MCSIM}" timeline --machine ipsc860 --nodes 16 --density 4 --msg-unit 1024 --scheduler RS_NL
                        --html -o "${WORK}/replay.csv"
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "mcsim timeline --html failed (${status})")
endif()
execute_process(COMMAND "${SCRIPT}" "${WORK}/replay.html" "${WORK}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the replay's browser check failed (${status})")
endif()
