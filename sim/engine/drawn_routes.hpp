// The one owner of the platform's route draws (Platform::observe_drawn_routes, one slot): where the
// platform draws routes at random per message (the CM-5's up-links), it matches each drawn route to
// the message whose communication drew it and tells every subscriber: the fluid sharing
// (sharing/fluid_network.hpp), which starts the message's flow on that route, and the activity
// recorder, which keeps each data message's route as the run drew it. Made once per run by the
// executor, before both.
//
// Why the recorder cannot ask the platform again after the run: SimGrid draws a message's route
// when its kernel starts the communication (after the actors of the round have run), and CMMD's
// ready signals use up their pair's draws at the sender's time (Platform::skip_route), so a second
// drawing comes out in another order (lesson 1's LP run: 187 of 256 links carried other bytes).
//
// How a drawn route finds its message, exactly: a transport (or the fluid sharing) starts each
// communication whose route matters through start(), which runs the start in SimGrid's kernel (one
// simcall, as the start alone would be) with the message marked as the one starting, so a route
// drawn meanwhile is its route. A mailbox communication whose receive is not posted yet is not
// started there: it waits in its mailbox, and its route is drawn when the receive matches it.
// SimGrid gives a communication its two hosts as it starts it, just before drawing the route, so
// the waiting message of that pair that has its hosts now (Comm::get_source) is the one being
// drawn; every waiting message started before was drawn then and is no longer waiting. Any other
// communication (a notice, a signal, a control message) draws for itself and is told to no one.
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "platform.hpp"

namespace mcsim {

class RouteDraws {
 public:
  // Who a drawing is for: the data message (its index in the run's messages), if any, and the
  // starter's own key (the fluid sharing's message waiting for its route).
  struct For {
    std::optional<std::uint64_t> message;
    const void* starter = nullptr;
    std::uint64_t key = 0;
  };
  using Links = std::vector<simgrid::kernel::resource::StandardLinkImpl*>;
  // Called in SimGrid's kernel as the route is drawn: must not block or call into s4u.
  using Subscriber = std::function<void(const For& drawn_for, int src, int dst, const Links& links)>;

  // Takes the platform's observer slot at the first subscription (a run nobody subscribes for
  // draws as if unobserved, at no cost).
  explicit RouteDraws(Platform& platform) : platform_(platform) {}
  ~RouteDraws();
  RouteDraws(const RouteDraws&) = delete;
  RouteDraws& operator=(const RouteDraws&) = delete;

  // Adds a subscriber; returns true where the platform draws routes at random (routes are then
  // known only from here), false where it does not (its routes are the same whenever asked: the
  // subscriber is never called).
  bool subscribe(Subscriber subscriber);

  // Runs `start`, which starts `comm` from node src to node dst, and tells the subscribers the
  // route drawn for it, for `drawn_for`. Call it in the starting actor; without drawing, it just
  // runs `start`.
  void start(int src, int dst, const For& drawn_for, const simgrid::s4u::CommPtr& comm,
             const std::function<void()>& start);
  // Forgets the communications still waiting for their receive (a new job begins).
  void clear();

 private:
  struct Waiting {  // a communication that waits in its mailbox for its receive
    For drawn_for;
    simgrid::s4u::CommPtr comm;
  };
  struct Starting {  // what start() is starting, in the kernel
    int src, dst;
    For drawn_for;
    bool drawn;
  };
  void drawn(int src, int dst, const Links& links);
  void tell(const For& drawn_for, int src, int dst, const Links& links) const {
    for (const Subscriber& s : subscribers_) s(drawn_for, src, dst, links);
  }
  std::uint64_t pair(int src, int dst) const {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(src)) << 32) | static_cast<std::uint32_t>(dst);
  }

  Platform& platform_;
  bool observed_ = false;  // the slot is asked for
  bool drawing_ = false;   // and the platform draws
  std::vector<Subscriber> subscribers_;
  std::optional<Starting> starting_;
  std::unordered_map<std::uint64_t, std::vector<Waiting>> waiting_;  // by pair
  // Drawn communications are let go in the actors' time, not in the kernel's.
  std::vector<simgrid::s4u::CommPtr> drawn_waiting_;
};

}  // namespace mcsim
