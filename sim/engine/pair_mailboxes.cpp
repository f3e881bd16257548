#include "pair_mailboxes.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

PairMailboxes::PairMailboxes(int nodes, char kind) : nodes_(nodes), kind_(kind), used_(nodes) {}

std::uint64_t PairMailboxes::key(int src, int dst) const {
  return static_cast<std::uint64_t>(src) * static_cast<std::uint64_t>(nodes_) + static_cast<std::uint64_t>(dst);
}

// Mailbox::by_name is a simcall: the other actors of this instant run before it returns.
s4u::Mailbox* PairMailboxes::create() { return s4u::Mailbox::by_name(fmt::format("{}{}", kind_, created_++)); }

s4u::Mailbox* PairMailboxes::from_pool() {
  if (pool_.empty()) return create();
  s4u::Mailbox* box = pool_.back();
  pool_.pop_back();
  return box;
}

s4u::Mailbox* PairMailboxes::take(int src, int dst) {
  const std::uint64_t pair = key(src, dst);
  if (used_.get(src, dst) == 0) {
    // A pair's first use lets the other actors of this instant run before it returns, as making
    // the pair's own mailbox did before the pool (a simcall): that keeps the order of same-instant
    // events, on which the switched machines' results depend, as it was. Another actor may bind
    // the pair meanwhile (its other end, at the same instant), so the mailbox is held until then.
    s4u::Mailbox* held = pool_.empty() ? create() : nullptr;
    if (!held) {
      held = from_pool();
      s4u::this_actor::yield();
    }
    if (used_.get(src, dst) == 0) used_.increment(src, dst);
    pool_.push_back(held);
  }
  auto it = bound_.find(pair);
  if (it == bound_.end()) {
    // Making a mailbox is a simcall: other actors may bind the pair meanwhile, so look again.
    s4u::Mailbox* box = from_pool();
    it = bound_.find(pair);
    if (it == bound_.end())
      it = bound_.emplace(pair, Binding{box, 0}).first;
    else
      pool_.push_back(box);
  }
  ++it->second.uses;
  return it->second.box;
}

void PairMailboxes::give(int src, int dst) {
  const auto it = bound_.find(key(src, dst));
  if (it == bound_.end() || it->second.uses == 0)
    throw Error("mailboxes", fmt::format("pair {} -> {} gave back a use it had not taken", src, dst));
  Binding& binding = it->second;
  if (--binding.uses > 0 || !binding.box->empty()) return;
  pool_.push_back(binding.box);
  bound_.erase(it);
}

}  // namespace mcsim
