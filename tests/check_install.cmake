# An installed mcsim finds its bundled scenarios relative to itself (cmake -P):
#   -DBUILD_DIR=<build tree> -DPREFIX=<throw-away prefix> -DWORK=<scratch dir>
#   -DBINDIR=bin -DLIBDIR=lib -DSCENARIO_DIR=share/mcsim/scenarios (the install layout, relative to the prefix)
#   -DBUILT_MCSIM=<the build tree's binary>
# installs into PREFIX, then runs PREFIX/BINDIR/mcsim from WORK with MCSIM_SCENARIOS unset (ctest
# sets it for the Catch tests; a user's shell may too): `list experiments` must read PREFIX's
# scenarios and `reproduce` must write its CSV. The build tree's binary must find the build tree's
# copy the same way, and a binary with no scenarios beside it must say, in one line, where it looked.

cmake_minimum_required(VERSION 3.24)

function(run_mcsim binary)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=MCSIM_SCENARIOS ${binary} ${ARGN}
                  WORKING_DIRECTORY ${WORK} RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(exit_code "${exit_code}" PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

# Paths are compared literally (they may hold regex characters such as "+").
function(require_text text literal why)
  string(FIND "${text}" "${literal}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${why}: no '${literal}' in:\n${text}")
  endif()
endfunction()

function(require_ok what)
  if(NOT exit_code EQUAL 0)
    message(FATAL_ERROR "${what} failed (exit ${exit_code}):\n${out}${err}")
  endif()
endfunction()

# `binary list experiments` succeeds, reads `scenarios` (real path: the binary resolves
# /proc/self/exe) and lists ranka92-table3. `who` names the binary in failures.
function(require_lists_bundled binary scenarios who)
  file(REAL_PATH ${scenarios} real_scenarios)
  run_mcsim(${binary} list experiments)
  require_ok("${who} list experiments")
  require_text("${out}" "scenarios in ${real_scenarios}):" "${who} read another directory")
  require_text("${out}" "ranka92-table3" "${who} did not list ranka92-table3")
endfunction()

file(REMOVE_RECURSE ${PREFIX} ${WORK})
file(MAKE_DIRECTORY ${WORK})

execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX}
                RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err)
require_ok("cmake --install ${BUILD_DIR} --prefix ${PREFIX}")
set(installed_mcsim ${PREFIX}/${BINDIR}/mcsim)
# libmcsim-commands.so (every command, loaded by the launcher) and libmcsim-platform.so (smpi/),
# beside bin/ where `mcsim` and `mcsim mpi` look for them.
foreach(file ${installed_mcsim} ${PREFIX}/${LIBDIR}/libmcsim-commands.so ${PREFIX}/${LIBDIR}/libmcsim-platform.so ${PREFIX}/${SCENARIO_DIR}/ranka92-table3.toml
         ${PREFIX}/${SCENARIO_DIR}/machines/cm5.toml ${PREFIX}/${SCENARIO_DIR}/machines/ipsc860.toml
         ${PREFIX}/${SCENARIO_DIR}/machines/mesh.toml ${PREFIX}/${SCENARIO_DIR}/machines/cp-pacs.toml
         ${PREFIX}/${SCENARIO_DIR}/machines/ethernet-cluster.toml)
  if(NOT EXISTS ${file})
    message(FATAL_ERROR "cmake --install did not write ${file}")
  endif()
endforeach()

require_lists_bundled(${installed_mcsim} ${PREFIX}/${SCENARIO_DIR} "installed mcsim")

run_mcsim(${installed_mcsim} reproduce ranka92-table1 --samples 1 -q --deterministic --out ${WORK}/results)
require_ok("installed mcsim reproduce ranka92-table1")
if(NOT EXISTS ${WORK}/results/ranka92-table1.csv)
  message(FATAL_ERROR "installed mcsim reproduce wrote no ${WORK}/results/ranka92-table1.csv:\n${out}")
endif()
file(SIZE ${WORK}/results/ranka92-table1.csv csv_size)
if(csv_size EQUAL 0)
  message(FATAL_ERROR "${WORK}/results/ranka92-table1.csv is empty")
endif()

# `claims` with no directory, run where there is no docs/results: the committed results installed
# beside the scenarios (issue 49: it worked only from the repository's root).
run_mcsim(${installed_mcsim} claims -o ${WORK}/claims.csv)
require_ok("installed mcsim claims")
file(REAL_PATH ${PREFIX}/${SCENARIO_DIR} real_installed_scenarios)
require_text("${out}" "(tables from ${real_installed_scenarios}/results)" "installed mcsim claims read no installed results")
require_text("${out}" "holds" "installed mcsim claims judged no claim as holding")

require_lists_bundled(${BUILT_MCSIM} ${BUILD_DIR}/${SCENARIO_DIR} "the build tree's mcsim")

# A binary copied away from its lib/ directory: the launcher cannot load its commands and says,
# in one line, where it looked (tools/mcsim/launcher.cpp).
file(COPY ${installed_mcsim} DESTINATION ${WORK}/lonely/${BINDIR})
file(REAL_PATH ${WORK}/lonely lonely)
run_mcsim(${lonely}/${BINDIR}/mcsim list experiments)
string(STRIP "${err}" err)
if(exit_code EQUAL 0 OR err MATCHES "\n" OR NOT err MATCHES "^mcsim: error: ")
  message(FATAL_ERROR "a binary without its commands library beside it must fail with one error line; "
                      "exit ${exit_code}, stderr:\n${err}")
endif()
require_text("${err}" "${lonely}/${LIBDIR}/libmcsim-commands.so" "the error does not say where mcsim looked")
run_mcsim(${lonely}/${BINDIR}/mcsim --version)
require_ok("a binary without its commands library: --version")

# With its library, away from its share/ directory.
file(COPY ${PREFIX}/${LIBDIR}/libmcsim-commands.so DESTINATION ${WORK}/lonely/${LIBDIR})
run_mcsim(${lonely}/${BINDIR}/mcsim list experiments)
string(STRIP "${err}" err)
if(exit_code EQUAL 0 OR err MATCHES "\n" OR NOT err MATCHES "^mcsim: error: ")
  message(FATAL_ERROR "a binary without scenarios beside it must fail with one error line; "
                      "exit ${exit_code}, stderr:\n${err}")
endif()
require_text("${err}" "${lonely}/${SCENARIO_DIR}" "the error does not say where mcsim looked")
message(STATUS "installed into ${PREFIX}: ${installed_mcsim} reads ${PREFIX}/${SCENARIO_DIR}")
