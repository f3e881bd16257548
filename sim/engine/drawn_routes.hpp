// The routes a recorded run's data messages took where the platform draws them at random (the
// CM-5's up-links, Platform::observe_drawn_routes), kept as the run drew them.
//
// Why not ask the platform again after the run: SimGrid draws a message's route when its kernel
// starts the communication (after the actors of the round have run), and CMMD's ready signals use
// up their pair's draws at the sender's time (Platform::skip_route), so a second drawing comes out
// in another order (lesson 1's LP run: 187 of 256 links carried other bytes).
//
// How a drawn route finds its message, exactly: a transport starts each data message's
// communication through start(), which runs the start in SimGrid's kernel (one simcall, as the
// start alone would be) with the message marked as the one starting, so a route drawn meanwhile is
// its route. A mailbox communication whose receive is not posted yet is not started there: it
// waits in its mailbox, and its route is drawn when the receive matches it. SimGrid gives a
// communication its two hosts as it starts it, just before drawing the route, so the waiting
// message of that pair that has its hosts now (Comm::get_source) is the one being drawn; every
// waiting message started before was drawn then and is no longer waiting.
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "platform.hpp"

namespace mcsim {

class DrawnRoutes {
 public:
  // `slot_of_link`: the place of each of the platform's SimGrid links (by its implementation) in
  // the routes kept. Observes the platform's drawings where it draws routes at random; else does
  // nothing (its routes are the same whenever asked).
  DrawnRoutes(Platform& platform, std::unordered_map<const void*, int> slot_of_link);
  ~DrawnRoutes();
  DrawnRoutes(const DrawnRoutes&) = delete;
  DrawnRoutes& operator=(const DrawnRoutes&) = delete;

  // True where the platform draws routes at random: routes are then taken from here.
  bool observing() const { return observing_; }

  // Runs `start`, which starts `comm`, the communication carrying the bytes of data message
  // `message` (its index in the run's messages) from node src to node dst, and keeps the route
  // drawn for it. Call it in the sending actor; without observing, it just runs `start`.
  void start(int src, int dst, std::uint64_t message, const simgrid::s4u::CommPtr& comm,
             const std::function<void()>& start);

  // Forgets every route kept (a new job begins).
  void clear();
  // The route kept for message `message` if it went from src to dst, as places of links.
  const std::vector<int>* route_of(std::uint64_t message, int src, int dst) const;

 private:
  struct Kept {
    int src = -1, dst = -1;
    std::vector<int> route;
  };
  struct Waiting {  // a message whose communication waits in its mailbox for its receive
    std::uint64_t message = 0;
    simgrid::s4u::CommPtr comm;
  };
  struct Starting {  // the message start() is starting, in the kernel
    int src, dst;
    std::uint64_t message;
    bool drawn;
  };
  void drawn(int src, int dst, const std::vector<simgrid::kernel::resource::StandardLinkImpl*>& links);
  void keep(std::uint64_t message, int src, int dst, const std::vector<simgrid::kernel::resource::StandardLinkImpl*>& links);
  std::uint64_t pair(int src, int dst) const {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(src)) << 32) | static_cast<std::uint32_t>(dst);
  }

  Platform& platform_;
  std::unordered_map<const void*, int> slot_of_link_;
  bool observing_ = false;
  std::optional<Starting> starting_;
  std::unordered_map<std::uint64_t, std::vector<Waiting>> waiting_;  // by pair
  // Drawn communications are let go in the actors' time, not in the kernel's.
  std::vector<simgrid::s4u::CommPtr> drawn_waiting_;
  std::unordered_map<std::uint64_t, Kept> kept_;  // by message
};

}  // namespace mcsim
