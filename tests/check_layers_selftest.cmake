# Shows that check_layers.cmake can fail: run on the fixture tree tests/data/layers_violation/, it
# must exit non-zero and name exactly these includes (file:line and rule), each resolved from a
# different spelling: relative, from the project root, and <simgrid/...>. The fixture's allowed
# includes (same folder, a graph view from sim/mapping/, sim/core from schedulers/) must pass.
#   cmake -DCHECKER=tests/check_layers.cmake -DFIXTURE=tests/data/layers_violation -P this file

cmake_minimum_required(VERSION 3.24)

set(expected_violations
  "routing/bad_route.hpp:6: .* breaks rule 3:"
  "sim/core/bad_value.hpp:5: #include <simgrid/s4u.hpp> .* breaks rule 1:"
  "sim/mapping/bad_metrics.cpp:6: .* breaks rule 7:"
  "sim/mapping/bad_metrics.cpp:7: .* breaks rule 4:"
  "sim/mapping/bad_metrics.cpp:7: .* breaks rule 7:")

execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE=${FIXTURE} -P ${CHECKER}
                RESULT_VARIABLE exit_code OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
if(exit_code EQUAL 0)
  message(FATAL_ERROR "the layer check passed a tree that breaks its rules")
endif()
string(REGEX MATCHALL "[^\n]* breaks rule [0-9]+:" reported "${output}")
list(LENGTH reported reported_count)
list(LENGTH expected_violations expected_count)
if(NOT reported_count EQUAL expected_count)
  message(FATAL_ERROR "the layer check reported ${reported_count} violations, the fixture has ${expected_count}")
endif()
foreach(expected IN LISTS expected_violations)
  if(NOT output MATCHES "(^|\n)${expected}")
    message(FATAL_ERROR "the layer check did not report: ${expected}")
  endif()
endforeach()
