// Every file in scenarios/ loads (the golden tests then run each one; tests/CMakeLists.txt fails
// to configure when a scenario has no golden output).
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

#include "sim/scenario/scenario.hpp"
#include "test_paths.hpp"

TEST_CASE("Every bundled scenario loads, and its id is its file name") {
  const std::filesystem::path dir = MCSIM_SCENARIO_SOURCE_DIR;
  std::set<std::string> ids;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".toml") continue;
    INFO(entry.path().string());
    const mcsim::Scenario loaded = mcsim::load_scenario(entry.path().string());
    const mcsim::ScenarioHeader& scenario = mcsim::header(loaded);
    CHECK(scenario.id == entry.path().stem().string());
    CHECK_FALSE(scenario.title.empty());
    CHECK_FALSE(scenario.source.empty());
    ids.insert(scenario.id);
  }
  CHECK(ids.size() >= 17);  // the bundled reproductions of the three papers
}
