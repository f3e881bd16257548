#pragma once

// Where the tests find the project's files and the mcsim binary. The paths are written by CMake into one
// generated file (build/.../tests/test_paths.cpp), not passed as compile definitions: a definition that
// spells the checkout's path makes every test object differ between two checkouts, so a compiler cache
// could share none of them between worktrees. Now only the one generated object differs.
namespace mcsim::test_paths {
const char* binary();           // the mcsim executable under test
const char* test_data();        // tests/data
const char* golden_dir();       // tests/golden
const char* scenario_sources(); // scenarios/
const char* pj_dump();          // pajeng's pj_dump, or "" when it is not installed
const char* platform_library(); // libmcsim-platform.so as built
const char* mpi_examples();     // docs/examples/mpi
}  // namespace mcsim::test_paths

#define MCSIM_BINARY (::mcsim::test_paths::binary())
#define MCSIM_TEST_DATA (::mcsim::test_paths::test_data())
#define MCSIM_GOLDEN_DIR (::mcsim::test_paths::golden_dir())
#define MCSIM_SCENARIO_SOURCE_DIR (::mcsim::test_paths::scenario_sources())
#define MCSIM_PJ_DUMP (::mcsim::test_paths::pj_dump())
