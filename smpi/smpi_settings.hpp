// A machine's message library said in SMPI's words: the SimGrid settings (SimGrid 3.32,
// docs "Configuring SimGrid", smpi/* keys) that make an MPI program's messages behave as the
// machine's library makes mcsim's, and, sentence by sentence, what of the library SMPI has no
// setting for. libmcsim-platform.so sets them when SMPI loads a machine (platform_library.cpp);
// docs/mpi.md lists them per machine.
//
// How SMPI 3.32 uses them (src/smpi/mpi/smpi_request.cpp, Request::start and finish_wait):
//   smpi/async-small-thresh      a message smaller than it is sent at once into the receiver's
//                                mailbox (eager); a larger one moves once its receive is matched
//   smpi/send-is-detached-thresh a MPI_Send smaller than it returns at once (detached); a larger
//                                one returns when its data has arrived
//   smpi/os, smpi/ois            sender CPU time before the data leaves: os for a detached send
//                                (and MPI_Ssend), ois for MPI_Isend; a blocking MPI_Send that is not
//                                detached is charged nothing
//   smpi/or                      receiver CPU time once the data has arrived, for a message whose
//                                send was detached only
// Each of os, ois, or is "bound:offset:per_byte;..." with the entry of the largest bound below
// the size applying (the first entry at and below its own bound).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../sim/engine/machine.hpp"

namespace mcsim {

struct SmpiSetting {
  std::string key;
  std::string value;
  std::string why;  // the library rule or flow-model choice it carries
};

struct SmpiConfiguration {
  std::vector<SmpiSetting> settings;       // in the order they are set
  std::vector<std::string> not_expressed;  // what of the library SMPI cannot say, one sentence each
};

SmpiConfiguration smpi_configuration(const Machine& machine);

// Why SMPI cannot carry the machine's switching (its links are SimGrid flows there: latency +
// bytes/bandwidth, max-min shared), or nothing for a flow machine.
std::optional<std::string> switching_beyond_smpi(const Machine& machine);

}  // namespace mcsim
