#include "drawn_routes.hpp"

#include <simgrid/simix.hpp>

#include <algorithm>

namespace mcsim {

namespace s4u = simgrid::s4u;

bool RouteDraws::subscribe(Subscriber subscriber) {
  if (!observed_) {
    observed_ = true;
    drawing_ = platform_.observe_drawn_routes([this](int src, int dst, const Links& links) { drawn(src, dst, links); });
  }
  if (drawing_) subscribers_.push_back(std::move(subscriber));
  return drawing_;
}

RouteDraws::~RouteDraws() {
  if (drawing_) platform_.observe_drawn_routes(nullptr);
}

void RouteDraws::start(int src, int dst, const For& drawn_for, const s4u::CommPtr& comm,
                       const std::function<void()>& start) {
  if (!drawing_ || src == dst) return start();
  drawn_waiting_.clear();
  // In the kernel, where SimGrid would run the start's own simcall: nothing else starts meanwhile.
  simgrid::kernel::actor::simcall_answered([&] {
    starting_ = Starting{src, dst, drawn_for, false};
    struct Done {
      std::optional<Starting>& starting;
      ~Done() { starting.reset(); }
    } done{starting_};
    start();
    // Not matched yet: the receive that matches it draws its route, maybe in this very round.
    if (!starting_->drawn) waiting_[pair(src, dst)].push_back({drawn_for, comm});
  });
}

void RouteDraws::drawn(int src, int dst, const Links& links) {
  if (starting_) {
    if (!starting_->drawn && starting_->src == src && starting_->dst == dst) {
      starting_->drawn = true;
      tell(starting_->drawn_for, src, dst, links);
    }
    return;
  }
  const auto pair_waiting = waiting_.find(pair(src, dst));
  if (pair_waiting == waiting_.end()) return;
  std::vector<Waiting>& list = pair_waiting->second;
  const auto now = std::find_if(list.begin(), list.end(), [](const Waiting& w) { return w.comm->get_source() != nullptr; });
  if (now == list.end()) return;  // another communication of the pair (a signal, a notice)
  const For drawn_for = now->drawn_for;
  drawn_waiting_.push_back(std::move(now->comm));
  list.erase(now);
  if (list.empty()) waiting_.erase(pair_waiting);
  tell(drawn_for, src, dst, links);
}

void RouteDraws::clear() {
  waiting_.clear();
  drawn_waiting_.clear();
}

}  // namespace mcsim
