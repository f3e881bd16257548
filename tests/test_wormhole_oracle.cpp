// The flit-level reference model (wormhole_oracle.hpp) on its own: times worked out by hand from its
// conventions, before it is used to judge the wormhole transport.
#include <catch2/catch.hpp>

#include "sim/core/random.hpp"
#include "wormhole_oracle.hpp"

using namespace mcsim;
using namespace mcsim::oracle;

TEST_CASE("Flit model: a worm alone takes exactly ready + hops x hop + flits, whatever its buffers") {
  Rng rng(32);
  for (int trial = 0; trial < 400; ++trial) {
    const Mesh mesh{1 + rng.below(8), 1 + rng.below(8), 1 + rng.below(6), 1 + rng.below(20)};
    const int nodes = mesh.rows * mesh.cols;
    if (nodes < 2) continue;
    const int src = rng.below(nodes);
    const int dst = (src + 1 + rng.below(nodes - 1)) % nodes;
    const Worm worm{src, dst, 1 + rng.below(300), rng.below(50)};
    const auto hops = static_cast<Cycle>(xy_channels(mesh, src, dst).size());
    const Cycle alone = worm.ready + hops * mesh.hop + worm.flits;
    INFO(mesh.rows << "x" << mesh.cols << " hop " << mesh.hop << " buffer " << mesh.buffer << ": " << src << " -> "
                   << dst << ", " << worm.flits << " flits from " << worm.ready);
    REQUIRE(simulate(mesh, {worm}) == std::vector<Cycle>{alone});
    REQUIRE(lower_bounds(mesh, {worm}) == std::vector<Cycle>{alone});
  }
}

TEST_CASE("Flit model: XY routes climb the channel numbers and name each channel once") {
  for (const Mesh& mesh : {Mesh{5, 7, 1, 1}, Mesh{8, 1, 1, 1}, Mesh{1, 8, 1, 1}, Mesh{2, 2, 1, 1}}) {
    const int nodes = mesh.rows * mesh.cols;
    std::vector<int> used(static_cast<std::size_t>(channel_count(mesh)), 0);
    for (int s = 0; s < nodes; ++s)
      for (int d = 0; d < nodes; ++d) {
        const auto path = xy_channels(mesh, s, d);
        INFO(mesh.rows << "x" << mesh.cols << ": " << s << " -> " << d);
        REQUIRE(static_cast<int>(path.size()) == std::abs(s / mesh.cols - d / mesh.cols) + std::abs(s % mesh.cols - d % mesh.cols));
        for (std::size_t i = 0; i < path.size(); ++i) {
          REQUIRE(path[i] >= 0);
          REQUIRE(path[i] < channel_count(mesh));
          if (i > 0) REQUIRE(path[i] > path[i - 1]);
          if (path.size() == 1) ++used[static_cast<std::size_t>(path[i])];
        }
      }
    for (int u : used) REQUIRE(u == 1);  // each one-hop route, each channel: a bijection
  }
}

TEST_CASE("Flit model: two worms on one channel serialise") {
  // A 1 x 3 line, hop 2, 10 flits each. 1 -> 2 asks for channel 1->2 at 0 and has it; its last flit
  // has crossed at 2 + 10 = 12, when it is delivered. 0 -> 2 asks at 2 (after crossing 0->1), is
  // granted at 12, its header is across at 14, its last flit delivered at 24: 2 x 2 + 2 x 10.
  const Mesh line{1, 3, 2, 4};
  const int one_two = xy_channels(line, 1, 2).front();
  FlitNetwork net(line, {{0, 2, 10, 0}, {1, 2, 10, 0}});
  while (net.now() < 12) {
    net.step();
    if (net.now() < 12) REQUIRE(net.owner(one_two) == 1);
  }
  net.step();
  REQUIRE(net.owner(one_two) == 0);
  REQUIRE(net.run() == std::vector<Cycle>{24, 12});
  REQUIRE(lower_bounds(line, {{0, 2, 10, 0}, {1, 2, 10, 0}}) == std::vector<Cycle>{24, 12});
}

TEST_CASE("Flit model: a blocked worm holds exactly the channels its flits occupy, and buffers are FIFO") {
  // A 1 x 6 line, hop 1, buffers of 2 flits. W0 = 4 -> 5, 100 flits from 0, holds 4->5 until its
  // last flit has crossed at 1 + 100 = 101. W1 = 0 -> 5, 5 flits from 0: its header is across 3->4
  // at 4 and waits for 4->5; its flits pack behind it, 2 in the buffer of 3->4, 2 in that of 2->3,
  // 1 in that of 1->2. It holds 2->3 and 3->4, not 0->1 nor 1->2, which its last flit has crossed.
  // W2 = 1 -> 2, 3 flits from 10, takes the free 1->2 but queues behind W1's last flit in that
  // buffer (one of its flits fits, so it keeps 1->2): it cannot be delivered before W1 moves on. W1 has 4->5 at 101, its header across at
  // 102; its flits move one a cycle from then, its last leaving the buffer of 1->2 in cycle 102 and
  // delivered at 107. W2's header is then at the head (cycle 103), and its destination takes one of
  // its flits in each of cycles 103, 104 and 105: they are delivered at 104, 105 and 106.
  const Mesh line{1, 6, 1, 2};
  const std::vector<Worm> worms = {{4, 5, 100, 0}, {0, 5, 5, 0}, {1, 2, 3, 10}};
  const auto ch = [&](int from) { return xy_channels(line, from, from + 1).front(); };
  FlitNetwork net(line, worms);
  while (net.now() < 50) net.step();
  REQUIRE(net.owner(ch(4)) == 0);
  REQUIRE(net.owner(ch(3)) == 1);
  REQUIRE(net.owner(ch(2)) == 1);
  REQUIRE(net.owner(ch(1)) == 2);  // W2's: two of its flits wait to cross into that full buffer
  REQUIRE(net.owner(ch(0)) == -1);
  REQUIRE(net.flits_in_buffer(ch(3), 1) == 2);
  REQUIRE(net.flits_in_buffer(ch(2), 1) == 2);
  REQUIRE(net.flits_in_buffer(ch(1), 1) == 1);
  REQUIRE(net.flits_in_buffer(ch(1), 2) == 1);  // behind W1's flit, in the one slot left
  REQUIRE(net.delivered_at(2) == -1);
  REQUIRE(net.run() == std::vector<Cycle>{101, 107, 106});
}

TEST_CASE("Flit model: the lower bounds never exceed what the model itself delivers") {
  Rng rng(3200);
  for (int trial = 0; trial < 300; ++trial) {
    const Mesh mesh{1 + rng.below(6), 2 + rng.below(6), 1 + rng.below(6), 1 + rng.below(32)};
    const int nodes = mesh.rows * mesh.cols;
    std::vector<Worm> worms;
    for (int s = 0; s < nodes; ++s)
      for (int k = rng.below(3); k-- > 0;)
        worms.push_back({s, (s + 1 + rng.below(nodes - 1)) % nodes, 1 + rng.below(128), rng.below(100)});
    if (worms.empty()) continue;
    const auto ends = simulate(mesh, worms);
    const auto bounds = lower_bounds(mesh, worms);
    for (std::size_t w = 0; w < worms.size(); ++w) {
      INFO("trial " << trial << " worm " << w);
      REQUIRE(bounds[w] <= ends[w]);
    }
  }
}
