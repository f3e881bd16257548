#include "timed_wait.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <boost/intrusive/set.hpp>

#include <cstdint>
#include <utility>

namespace mcsim {

namespace {

namespace s4u = simgrid::s4u;
using simgrid::kernel::timer::Timer;

// One wait in time, on the waiting actor's stack for as long as it waits. It is its own node of the
// set of waits (an intrusive set), so a wait allocates nothing.
struct Wait : boost::intrusive::set_base_hook<> {
  Wait(double date, s4u::Actor* to_resume, s4u::Semaphore* to_release)
      : date_s(date), actor(to_resume), semaphore(to_release) {}
  double date_s;
  std::uint64_t begun = 0;              // ties at one date: the wait begun first ends first
  s4u::Actor* actor = nullptr;          // resumed at the date (wait_for), or
  s4u::Semaphore* semaphore = nullptr;  // given a unit at the date (acquire_for)
  bool ended = false;
};
struct Earlier {
  bool operator()(const Wait& a, const Wait& b) const {
    return a.date_s != b.date_s ? a.date_s < b.date_s : a.begun < b.begun;
  }
};

// Every wait of the simulation (one per process: SimGrid runs one engine per process), and the one
// SimGrid timer that ends the earliest. The waits are changed by the waiting actors themselves,
// before they block or after they woke: in SimGrid's sequential mode (mcsim's) maestro does not run
// meanwhile, and the timer fires only once every actor of the round has blocked (EngineImpl::run).
class Waits {
 public:
  void add(Wait& w) {
    w.begun = next_++;
    waiting_.insert(w);
    if (&*waiting_.begin() == &w) arm();
  }

  // A wait that ended otherwise (a unit came; its actor killed, SimGrid unwinding its stack) leaves:
  // a timer left for it would still move the clock to its date.
  void remove(Wait& w) {
    const bool earliest = &*waiting_.begin() == &w;
    waiting_.erase(waiting_.iterator_to(w));
    if (earliest) arm();
  }

 private:
  // The SimGrid timer for the earliest wait, or none.
  void arm() {
    if (timer_) timer_->remove();
    timer_ = nullptr;
    if (waiting_.empty()) return;
    timer_ = Timer::set(waiting_.begin()->date_s, [this] {
      timer_ = nullptr;  // the timer deletes itself once it has fired
      end_due();
    });
  }

  // In maestro: the waits due now end, in order.
  void end_due() {
    const double now = s4u::Engine::get_clock();
    while (!waiting_.empty() && waiting_.begin()->date_s <= now) {
      Wait& w = *waiting_.begin();
      waiting_.erase(waiting_.begin());
      w.ended = true;
      if (w.actor)
        w.actor->resume();
      else
        w.semaphore->release();
    }
    arm();
  }

  boost::intrusive::set<Wait, boost::intrusive::compare<Earlier>> waiting_;
  Timer* timer_ = nullptr;
  std::uint64_t next_ = 0;
};

Waits& waits() {
  static Waits all;
  return all;
}

// Holds a wait from its start to its end, however the actor leaves it.
class Waiting {
 public:
  explicit Waiting(Wait& w) : w_(w) { waits().add(w_); }
  Waiting(const Waiting&) = delete;
  Waiting& operator=(const Waiting&) = delete;
  ~Waiting() {
    if (!w_.ended) waits().remove(w_);
  }

 private:
  Wait& w_;
};

}  // namespace

void wait_for(double seconds) {
  if (!(seconds > 0)) return;
  Wait w(s4u::Engine::get_clock() + seconds, s4u::Actor::self(), nullptr);
  const Waiting waiting(w);
  s4u::this_actor::suspend();
}

bool acquire_for(const s4u::SemaphorePtr& semaphore, double seconds) {
  if (!(seconds > 0)) return semaphore->acquire_timeout(0);
  // The date's unit wakes the actor as another's would. Both at one instant leave a unit behind
  // for the caller's next acquire, as acquire_timeout does.
  Wait w(s4u::Engine::get_clock() + seconds, nullptr, semaphore.get());
  const Waiting waiting(w);
  semaphore->acquire();
  return w.ended;
}

}  // namespace mcsim
