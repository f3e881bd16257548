// Fuzz target: any bytes as what a task result comes back as from a file someone else could write
// (sim/runner/job_record.hpp's records, shard_file.hpp's shard file, run_identity.hpp's identity).
// Each reader must either return typed values or throw mcsim::Error; anything else (a crash, an
// allocation beyond the input's bound, another exception) is a finding. What reads back must also
// write back and read back equal: the one serialisation of records is exact.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "../sim/core/error.hpp"
#include "../sim/runner/job_record.hpp"
#include "../sim/runner/run_identity.hpp"
#include "../sim/runner/shard_file.hpp"
#include "input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto records = mcsim::records_from_text(text);
    if (mcsim::records_from_text(mcsim::records_to_text(records)) != records) std::abort();
  } catch (const mcsim::Error&) {
  }
  try {
    std::size_t at = 0;
    const mcsim::RunIdentity id = mcsim::read_run_identity(text, &at, "fuzz");
    std::size_t again = 0;
    if (mcsim::read_run_identity(id.to_text(), &again, "fuzz") != id) std::abort();
  } catch (const mcsim::Error&) {
  }
  try {
    const mcsim::ShardFile file =
        mcsim::read_shard_file(mcsim::fuzz::input_file(data, size, ".shard-0-of-1.txt"));
    for (const auto& [task, result] : file.results) (void)task, (void)result;
  } catch (const mcsim::Error&) {
  }
  return 0;
}
