// What a node's message-passing library costs its processor: plain values, no SimGrid.
#pragma once

namespace mcsim {

// CPU time a node spends in the message-passing library for each message it sends or receives.
struct NodeCosts {
  double send_overhead_s = 0;
  double receive_overhead_s = 0;
};

}  // namespace mcsim
