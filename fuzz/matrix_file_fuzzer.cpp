// Fuzz target: any bytes as a matrix file (src,dst,bytes lines) for a 64-node machine. The reader
// must either return a valid matrix or throw mcsim::Error; anything else is a finding.
#include <cstddef>
#include <cstdint>

#include "../sim/core/error.hpp"
#include "../sim/workloads/workloads.hpp"
#include "input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const mcsim::CommMatrix matrix = mcsim::read_matrix_csv(mcsim::fuzz::input_file(data, size, ".csv"), 64);
    (void)matrix.scaled(32768);
  } catch (const mcsim::Error&) {
  }
  return 0;
}
