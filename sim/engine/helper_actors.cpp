#include "helper_actors.hpp"

#include "actor_errors.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

HelperActors::~HelperActors() {
  stopping_ = true;
  for (auto& helper : helpers_) helper->wake->release();
  for (auto& helper : helpers_) helper->actor->join();
}

TransferHandle HelperActors::run(s4u::Host* host, const std::string& name, std::function<void()> job) {
  auto done = std::make_shared<TransferDone>();
  std::vector<Helper*>& idle = idle_[host];
  if (!idle.empty()) {
    Helper* helper = idle.back();
    idle.pop_back();
    helper->job = std::move(job);
    helper->done = done;
    helper->wake->release();
    return TransferHandle(std::move(done));
  }
  // A new helper starts on its first job at once, as a new actor of its own would.
  auto& helper = *helpers_.emplace_back(std::make_unique<Helper>());
  helper.host = host;
  helper.job = std::move(job);
  helper.done = done;
  helper.actor = s4u::Actor::create(name, host, guarded([this, &helper] { serve(helper); }));
  return TransferHandle(std::move(done));
}

void HelperActors::serve(Helper& helper) {
  while (!stopping_) {
    {
      std::function<void()> job = std::move(helper.job);
      std::shared_ptr<TransferDone> done = std::move(helper.done);
      helper.job = nullptr;
      job();
      // Idle before the waiter hears of it: the waiter may start its next message at once.
      idle_[helper.host].push_back(&helper);
      done->moved->release();
    }
    helper.wake->acquire();
  }
}

}  // namespace mcsim
