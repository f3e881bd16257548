// The test runner: registers the built-in schedulers (as tools/mcsim/main.cpp does), then Catch.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "schedulers/builtin_schedulers.hpp"

int main(int argc, char* argv[]) {
  mcsim::register_builtin_schedulers(mcsim::scheduler_registry());
  return Catch::Session().run(argc, argv);
}
