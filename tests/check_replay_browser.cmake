# `mcsim timeline --html` on a 16-node iPSC/860 run and on a 32-node CM-5 run (random up-links),
# then each replay checked in headless Chromium (tools/check-replay-in-browser.sh): no console
# message, the in-flight count at two times as the messages' CSV says, the drawing moves, the routes
# are the run's own; screenshots kept in WORK (the iPSC/860's) and WORK/cm5.
#   cmake -DMCSIM=<mcsim> -DSCRIPT=<check script> -DWORK=<dir> -P check_replay_browser.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/cm5")
foreach(run "ipsc860;16;4;RS_NL;${WORK}" "cm5;32;8;LP;${WORK}/cm5")
  list(GET run 0 machine)
  list(GET run 1 nodes)
  list(GET run 2 density)
  list(GET run 3 scheduler)
  list(GET run 4 dir)
  execute_process(COMMAND "${MCSIM}" timeline --machine ${machine} --nodes ${nodes} --density ${density} --msg-unit 1024
                          --scheduler ${scheduler} --html -o "${dir}/replay.csv"
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "mcsim timeline --html on the ${machine} failed (${status})")
  endif()
  execute_process(COMMAND "${SCRIPT}" "${dir}/replay.html" "${dir}" RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "the ${machine} replay's browser check failed (${status})")
  endif()
endforeach()
