# The include rules between mcsim's folders, and their check:
#   cmake -DSOURCE=<project root> -P tests/check_layers.cmake
# Every .hpp/.cpp under sim/, routing/, topologies/, schedulers/ and tools/ is read. A quoted
# #include is resolved to a project path as the compiler finds it (beside the including file, else
# from the project root); <simgrid/...> and <xbt/...> count as the target "SimGrid"; other angle
# includes (std, fmt, Boost, ...) are not checked. An include that breaks a rule is printed as
# file:line with the rule and its reason, and the check fails.

cmake_minimum_required(VERSION 3.24)  # policies of the project (IN_LIST, cmake_path)

# layer_rule(<id> <folder> ONLY|NOT <targets...> WHY <reason>): a file under <folder> includes only
# the <targets> (ONLY) or none of them (NOT). A target ending in "/" is a folder, else one file.
function(layer_rule id folder)
  cmake_parse_arguments(PARSE_ARGV 2 rule "" "WHY" "ONLY;NOT")
  set_property(GLOBAL APPEND PROPERTY layer_rules ${id})
  set_property(GLOBAL PROPERTY layer_rule_${id}_folder "${folder}")
  set_property(GLOBAL PROPERTY layer_rule_${id}_why "${rule_WHY}")
  if(DEFINED rule_ONLY)
    set_property(GLOBAL PROPERTY layer_rule_${id}_kind ONLY)
    set_property(GLOBAL PROPERTY layer_rule_${id}_targets "${rule_ONLY}")
  else()
    set_property(GLOBAL PROPERTY layer_rule_${id}_kind NOT)
    set_property(GLOBAL PROPERTY layer_rule_${id}_targets "${rule_NOT}")
  endif()
endfunction()

# ---- The rules ---------------------------------------------------------------------------------
layer_rule(1 sim/core/      ONLY sim/core/
  WHY "the values every layer shares build alone, without SimGrid")
layer_rule(2 schedulers/    ONLY schedulers/ sim/core/ sim/redistribution/
  WHY "a scheduler sees a matrix and hints, never a machine or SimGrid, so it runs and is tested alone")
layer_rule(3 routing/       ONLY routing/ sim/core/
  WHY "route arithmetic serves platforms, graph views and schedulers, so it sits below all of them")
layer_rule(4 sim/           NOT  schedulers/ tools/ smpi/
  WHY "the simulator never names a scheduler, the command line or the SMPI platform library; they plug themselves in from above")
layer_rule(5 sim/engine/    ONLY sim/core/ sim/engine/ SimGrid
  WHY "the executor runs any plan on any Machine: it knows no topology, scheduler or experiment")
layer_rule(6 topologies/    ONLY sim/core/ sim/engine/ routing/ topologies/ SimGrid
  WHY "machines build platforms for the engine; experiments, schedulers and tools use them from above")
layer_rule(7 sim/mapping/   ONLY sim/core/ sim/mapping/ routing/
                                 topologies/fabric_graph.hpp topologies/k_ary_n_cube.hpp
  WHY "mappings and their metrics are graph arithmetic on the engine's mesh family: no engine, no SimGrid, nothing above them")
layer_rule(8 sim/workloads/ ONLY sim/core/ sim/workloads/
  WHY "workloads are plain matrices, the same for every machine and scheduler")
layer_rule(9 sim/redistribution/ ONLY sim/core/ sim/redistribution/
  WHY "redistribution tables and schedules are index arithmetic: no engine, no SimGrid, nothing above them")
layer_rule(10 sim/runner/   ONLY sim/core/ sim/workloads/ sim/engine/ sim/runner/ topologies/
  WHY "the runner compiles and runs tasks in processes; what they mean (analysis, output, scenarios) is above it")
layer_rule(11 sim/analysis/ ONLY sim/core/ sim/analysis/
  WHY "what results say is computed from typed values alone: no simulation, no files, no text for a reader")
layer_rule(12 sim/output/   ONLY sim/core/ sim/runner/ sim/analysis/ sim/output/
  WHY "output renders typed results and analysis for the reader; it never runs or reads a scenario")
layer_rule(13 sim/scenario/ ONLY sim/ topologies/ routing/
  WHY "scenarios tie the stages together from the top; SimGrid is the engine's alone")
layer_rule(14 smpi/         ONLY sim/core/ sim/engine/ topologies/ smpi/ SimGrid
  WHY "the SMPI platform library is a machine as the builder makes it, and its library said in SMPI settings: no runs, no scenarios"
)
# ------------------------------------------------------------------------------------------------

set(scanned_folders sim routing topologies schedulers tools smpi)

if(NOT DEFINED SOURCE OR NOT IS_DIRECTORY "${SOURCE}")
  message(FATAL_ERROR "check_layers: give the project root as -DSOURCE=<dir> (got '${SOURCE}')")
endif()

# The project path (relative to SOURCE) a quoted include names: beside the including file first,
# then from the project root, as `#include "..."` with the root on the include path is found. A
# file that exists nowhere is placed by its spelling: from the root if it starts with a scanned
# folder, else beside the includer.
function(resolve_quoted_include out includer_dir name)
  cmake_path(SET beside NORMALIZE "${includer_dir}/${name}")
  cmake_path(SET from_root NORMALIZE "${name}")
  string(REGEX MATCH "^[^/]+" first_component "${from_root}")
  if(EXISTS "${SOURCE}/${beside}")
    set(${out} "${beside}" PARENT_SCOPE)
  elseif(EXISTS "${SOURCE}/${from_root}" OR first_component IN_LIST scanned_folders)
    set(${out} "${from_root}" PARENT_SCOPE)
  else()
    set(${out} "${beside}" PARENT_SCOPE)
  endif()
endfunction()

function(target_listed out target targets)
  foreach(listed IN LISTS targets)
    if(listed MATCHES "/$")
      string(FIND "${target}" "${listed}" at)
      if(at EQUAL 0)
        set(${out} TRUE PARENT_SCOPE)
        return()
      endif()
    elseif(target STREQUAL listed)
      set(${out} TRUE PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} FALSE PARENT_SCOPE)
endfunction()

get_property(rules GLOBAL PROPERTY layer_rules)
set(files "")
foreach(folder IN LISTS scanned_folders)
  file(GLOB_RECURSE found RELATIVE "${SOURCE}" "${SOURCE}/${folder}/*.hpp" "${SOURCE}/${folder}/*.cpp")
  list(APPEND files ${found})
endforeach()
list(SORT files)
list(LENGTH files file_count)
if(file_count EQUAL 0)
  message(FATAL_ERROR "check_layers: no .hpp/.cpp under ${SOURCE}/{${scanned_folders}}: is -DSOURCE the project root?")
endif()

set(include_count 0)
set(violations 0)
foreach(file IN LISTS files)
  cmake_path(GET file PARENT_PATH includer_dir)
  file(READ "${SOURCE}/${file}" text)
  # One list element per line: characters that CMake lists treat specially cannot be part of an
  # include path, so they are blanked out before splitting.
  string(REPLACE "\\" "_" text "${text}")
  string(REPLACE ";" "_" text "${text}")
  string(REPLACE "[" "_" text "${text}")
  string(REPLACE "]" "_" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(line_number 0)
  foreach(line IN LISTS lines)
    math(EXPR line_number "${line_number} + 1")
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*([<\"])([^>\"]*)[>\"]")
      continue()
    endif()
    set(name "${CMAKE_MATCH_2}")
    if(CMAKE_MATCH_1 STREQUAL "\"")
      set(spelled "\"${name}\"")
      resolve_quoted_include(target "${includer_dir}" "${name}")
    elseif(name MATCHES "^(simgrid|xbt)/")
      set(spelled "<${name}>")
      set(target SimGrid)
    else()
      continue()
    endif()
    math(EXPR include_count "${include_count} + 1")
    foreach(id IN LISTS rules)
      get_property(folder GLOBAL PROPERTY layer_rule_${id}_folder)
      string(FIND "${file}" "${folder}" at)
      if(NOT at EQUAL 0)
        continue()
      endif()
      get_property(kind GLOBAL PROPERTY layer_rule_${id}_kind)
      get_property(targets GLOBAL PROPERTY layer_rule_${id}_targets)
      target_listed(listed "${target}" "${targets}")
      if((kind STREQUAL "ONLY" AND NOT listed) OR (kind STREQUAL "NOT" AND listed))
        get_property(why GLOBAL PROPERTY layer_rule_${id}_why)
        string(REPLACE ";" ", " shown_targets "${targets}")
        if(kind STREQUAL "ONLY")
          set(rule_text "${folder} includes only ${shown_targets}")
        else()
          set(rule_text "${folder} never includes ${shown_targets}")
        endif()
        message("${file}:${line_number}: #include ${spelled} (${target}) breaks rule ${id}: ${rule_text}; ${why}")
        math(EXPR violations "${violations} + 1")
      endif()
    endforeach()
  endforeach()
endforeach()

if(violations GREATER 0)
  message(FATAL_ERROR "${violations} include(s) break the layer rules (the table at the top of tests/check_layers.cmake)")
endif()
message(STATUS "${file_count} files, ${include_count} project and SimGrid includes: every layer rule holds")
