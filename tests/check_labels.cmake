# The unit label holds its promise (cmake -P): every Catch2 test the unit label selects (SPEC: the
# tests with neither [engine] nor [cli]) runs with label_probe.cpp preloaded; the probe notes
# "engine" when the test makes a SimGrid engine (in its process or a child it forks) and "cli" when
# it starts the mcsim binary. A test that does either fails the check, named with what it ran and
# the tag it needs. All run in one process first; only when the probe notes something does each run
# alone, to name it.
#
# Variables: TESTS (the mcsim_tests binary), PROBE (the preload library), SPEC (Catch2 test spec of
# the unit tests), WORK (a scratch directory).
foreach(var TESTS PROBE SPEC WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_labels.cmake needs -D${var}=...")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND "${TESTS}" "${SPEC}" --list-test-names-only
                OUTPUT_VARIABLE listed RESULT_VARIABLE status)
# Catch2 returns the number of tests listed.
if(status LESS 1)
  message(FATAL_ERROR "${TESTS} ${SPEC} --list-test-names-only listed no test (${status})")
endif()
string(REPLACE "\n" ";" names "${listed}")
list(FILTER names EXCLUDE REGEX "^$")

set(probe "${WORK}/probe.txt")
# verify_asan_link_order=0: under the debug preset's AddressSanitizer the probe comes first.
set(probed ${CMAKE_COMMAND} -E env "LD_PRELOAD=${PROBE}" "MCSIM_LABEL_PROBE=${probe}" "ASAN_OPTIONS=verify_asan_link_order=0")

# All of them in one process first (a unit test needs no process of its own): the usual answer, fast.
execute_process(COMMAND ${probed} "${TESTS}" "${SPEC}" WORKING_DIRECTORY "${WORK}"
                OUTPUT_VARIABLE output ERROR_VARIABLE output RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the unit tests failed under the probe (${status}):\n${output}")
endif()
list(LENGTH names count)
if(NOT EXISTS "${probe}")
  message(STATUS "${count} unit tests: none made a SimGrid engine or started mcsim")
  file(REMOVE_RECURSE "${WORK}")
  return()
endif()

# Something ran: each test alone, to name the ones that did.
set(wrong "")
foreach(name IN LISTS names)
  # The same escaping as catch_discover_tests: a name is a test spec, where , [ ] are special.
  set(spec "${name}")
  foreach(char , [ ])
    string(REPLACE "${char}" "\\${char}" spec "${spec}")
  endforeach()
  file(REMOVE "${probe}")
  execute_process(COMMAND ${probed} "${TESTS}" "${spec}" --warn NoTests WORKING_DIRECTORY "${WORK}"
                  OUTPUT_QUIET ERROR_QUIET)
  if(EXISTS "${probe}")
    file(STRINGS "${probe}" ran)
    list(REMOVE_DUPLICATES ran)
    list(JOIN ran " and " ran)
    list(APPEND wrong "\"${name}\" runs ${ran}: tag it [cli] if it runs mcsim, else [engine]")
  endif()
endforeach()
list(JOIN wrong "\n  " wrong)
message(FATAL_ERROR "labelled unit, but:\n  ${wrong}")
