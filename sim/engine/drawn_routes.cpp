#include "drawn_routes.hpp"

#include <simgrid/simix.hpp>

#include <algorithm>

namespace mcsim {

namespace s4u = simgrid::s4u;
using simgrid::kernel::resource::StandardLinkImpl;

DrawnRoutes::DrawnRoutes(Platform& platform, std::unordered_map<const void*, int> slot_of_link)
    : platform_(platform), slot_of_link_(std::move(slot_of_link)) {
  observing_ = platform_.observe_drawn_routes(
      [this](int src, int dst, const std::vector<StandardLinkImpl*>& links) { drawn(src, dst, links); });
}

DrawnRoutes::~DrawnRoutes() {
  if (observing_) platform_.observe_drawn_routes(nullptr);
}

void DrawnRoutes::start(int src, int dst, std::uint64_t message, const s4u::CommPtr& comm,
                        const std::function<void()>& start) {
  if (!observing_ || src == dst) return start();
  drawn_waiting_.clear();
  // In the kernel, where SimGrid would run the start's own simcall: nothing else starts meanwhile.
  simgrid::kernel::actor::simcall_answered([&] {
    starting_ = Starting{src, dst, message, false};
    struct Done {
      std::optional<Starting>& starting;
      ~Done() { starting.reset(); }
    } done{starting_};
    start();
    // Not matched yet: the receive that matches it draws its route, maybe in this very round.
    if (!starting_->drawn) waiting_[pair(src, dst)].push_back({message, comm});
  });
}

void DrawnRoutes::drawn(int src, int dst, const std::vector<StandardLinkImpl*>& links) {
  if (starting_) {
    if (!starting_->drawn && starting_->src == src && starting_->dst == dst) {
      keep(starting_->message, src, dst, links);
      starting_->drawn = true;
    }
    return;
  }
  const auto pair_waiting = waiting_.find(pair(src, dst));
  if (pair_waiting == waiting_.end()) return;
  std::vector<Waiting>& list = pair_waiting->second;
  const auto now = std::find_if(list.begin(), list.end(), [](const Waiting& w) { return w.comm->get_source() != nullptr; });
  if (now == list.end()) return;  // another communication of the pair (a signal, a notice)
  keep(now->message, src, dst, links);
  drawn_waiting_.push_back(std::move(now->comm));
  list.erase(now);
  if (list.empty()) waiting_.erase(pair_waiting);
}

void DrawnRoutes::keep(std::uint64_t message, int src, int dst, const std::vector<StandardLinkImpl*>& links) {
  Kept& kept = kept_[message];
  kept.src = src;
  kept.dst = dst;
  kept.route.clear();
  for (const StandardLinkImpl* link : links)
    if (const auto slot = slot_of_link_.find(link); slot != slot_of_link_.end()) kept.route.push_back(slot->second);
}

void DrawnRoutes::clear() {
  waiting_.clear();
  drawn_waiting_.clear();
  kept_.clear();
}

const std::vector<int>* DrawnRoutes::route_of(std::uint64_t message, int src, int dst) const {
  const auto kept = kept_.find(message);
  if (kept == kept_.end() || kept->second.src != src || kept->second.dst != dst) return nullptr;
  return &kept->second.route;
}

}  // namespace mcsim
