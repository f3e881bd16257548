#include "max_min_sharing.hpp"

#include <algorithm>

#include "../../core/error.hpp"

namespace mcsim {

namespace {
// How far a certificate may be off and still hold: a link this close to its bandwidth is saturated,
// a flow this much faster than a bottleneck's level is faster. Rounding in the links' running loads
// stays orders of magnitude below it; a check that fails on rounding alone only refills more flows.
constexpr double kTolerance = 1e-10;
}  // namespace

int MaxMinSharing::add_link(double bandwidth_Bps) {
  if (!(bandwidth_Bps > 0)) throw Error("max-min sharing", "a link needs a positive bandwidth");
  links_.push_back(Link{.bandwidth = bandwidth_Bps});
  return static_cast<int>(links_.size() - 1);
}

MaxMinSharing::FlowId MaxMinSharing::start(std::span<const int> links, double bytes, double bound_Bps, double now) {
  if (links.empty() && !(bound_Bps > 0))
    throw Error("max-min sharing", "a flow needs a link or a bound (nothing else limits its rate)");
  FlowId id;
  if (free_ids_.empty()) {
    id = static_cast<FlowId>(flows_.size());
    flows_.emplace_back();
  } else {
    id = free_ids_.back();
    free_ids_.pop_back();
  }
  Flow& flow = flows_[id];
  flow.links.assign(links.begin(), links.end());
  flow.slot.clear();
  for (std::size_t hop = 0; hop < flow.links.size(); ++hop) {
    Link& link = links_[static_cast<std::size_t>(flow.links[hop])];
    flow.slot.push_back(static_cast<std::uint32_t>(link.members.size()));
    link.members.push_back({id, static_cast<std::uint32_t>(hop)});
  }
  flow.bound = bound_Bps;
  flow.rate = 0;
  flow.carried = 0;
  flow.bottleneck = kNone;
  flow.remaining = bytes;
  flow.updated = now;
  flow.active = true;
  flow.order = starts_++;
  started_.push_back(id);
  changed_ = true;
  return id;
}

void MaxMinSharing::share(double now) {
  if (!changed_) return;
  changed_ = false;
  for (FlowId id : started_)
    if (flows_[id].active) refill(id);
  started_.clear();
  do water_fill();
  while (refill_uncertified());
  commit(now);
}

void MaxMinSharing::refill(FlowId id) {
  Flow& flow = flows_[id];
  if (flow.refilling) return;
  flow.refilling = true;
  refill_.push_back(id);
  for (int l : flow.links) touch(l);
}

void MaxMinSharing::touch(int link) {
  Link& touched = links_[static_cast<std::size_t>(link)];
  if (touched.touched) return;
  touched.touched = true;
  touched_.push_back(link);
}

double MaxMinSharing::fair_share(const Link& link) const {
  return std::max(0.0, (link.bandwidth - link.load) / link.open);
}

// Water-filling of the flows in refill_ on what the other flows leave of each link: the link (or
// bound) with the smallest fair share saturates; its open flows stop there, and their other links'
// shares rise.
void MaxMinSharing::water_fill() {
  for (FlowId id : refill_) {
    Flow& flow = flows_[id];
    flow.filled = false;
    for (int l : flow.links) {
      Link& link = links_[static_cast<std::size_t>(l)];
      link.load -= flow.carried;
      ++link.open;
      link.filling.push_back(id);
    }
    flow.carried = 0;
    if (flow.bound > 0) push_level({flow.bound, kBound, id});
  }
  for (int l : touched_)
    if (const Link& link = links_[static_cast<std::size_t>(l)]; link.open > 0) push_level({fair_share(link), l, 0});
  open_flows_ = refill_.size();

  while (open_flows_ > 0) {
    std::pop_heap(levels_.begin(), levels_.end(), LaterLevel{});
    const Level level = levels_.back();
    levels_.pop_back();
    if (level.link == kBound) {
      if (!flows_[level.flow].filled) stop(level.flow, level.share, kBound);
      continue;
    }
    const Link& link = links_[static_cast<std::size_t>(level.link)];
    if (link.open == 0) continue;
    // A link's fair share only rises while flows stop (each stops at the smallest share), so an
    // entry is a lower bound of its link's share: one below it goes back with the share of now.
    if (const double share = fair_share(link); share != level.share) {
      push_level({share, level.link, 0});
      continue;
    }
    for (FlowId id : link.filling)
      if (!flows_[id].filled) stop(id, level.share, level.link);
  }
  levels_.clear();  // what is left is older entries of links whose flows have all stopped
  for (int l : touched_) {
    Link& link = links_[static_cast<std::size_t>(l)];
    link.open = 0;
    link.filling.clear();
  }
}

// The checks of the header's comment, on every link whose flows or rates changed: adds to refill_
// each kept flow whose certificate they break, and says whether there was one.
bool MaxMinSharing::refill_uncertified() {
  for (int l : touched_) {
    Link& link = links_[static_cast<std::size_t>(l)];
    link.fastest_refilled = 0;
    link.stop_level = -1;
  }
  for (FlowId id : refill_) {
    const Flow& flow = flows_[id];
    for (int l : flow.links) {
      Link& link = links_[static_cast<std::size_t>(l)];
      link.fastest_refilled = std::max(link.fastest_refilled, flow.next_rate);
    }
    if (flow.next_bottleneck >= 0) links_[static_cast<std::size_t>(flow.next_bottleneck)].stop_level = flow.next_rate;
  }
  const std::size_t refilled_before = refill_.size();
  const std::size_t links = touched_.size();  // links touched by flows added now are checked next time
  for (std::size_t i = 0; i < links; ++i) {
    const Link& link = links_[static_cast<std::size_t>(touched_[i])];
    const bool saturated = link.bandwidth - link.load <= kTolerance * link.bandwidth;
    for (FlowId id : link.held) {
      const Flow& kept = flows_[id];
      if (!kept.refilling && (!saturated || link.fastest_refilled > kept.rate * (1 + kTolerance))) refill(id);
    }
    if (link.stop_level < 0) continue;
    for (const Member& member : link.members) {
      const Flow& kept = flows_[member.flow];
      if (!kept.refilling && kept.rate > link.stop_level * (1 + kTolerance)) refill(member.flow);
    }
  }
  return refill_.size() > refilled_before;
}

void MaxMinSharing::commit(double now) {
  for (FlowId id : refill_) {
    Flow& flow = flows_[id];
    flow.refilling = false;
    if (flow.next_bottleneck != flow.bottleneck) {
      release(id);
      hold(id, flow.next_bottleneck);
    }
    set_rate(flow, id, now);
  }
  refilled_ += refill_.size();
  refill_.clear();
  for (int l : touched_) links_[static_cast<std::size_t>(l)].touched = false;
  touched_.clear();
}

void MaxMinSharing::push_level(Level level) {
  levels_.push_back(level);
  std::push_heap(levels_.begin(), levels_.end(), LaterLevel{});
}

// Flow `id` stops at `rate`, which its links now carry, held there by `bottleneck`.
void MaxMinSharing::stop(FlowId id, double rate, int bottleneck) {
  Flow& flow = flows_[id];
  flow.filled = true;
  --open_flows_;
  flow.carried = rate;
  flow.next_rate = rate;
  flow.next_bottleneck = bottleneck;
  for (int l : flow.links) {
    Link& link = links_[static_cast<std::size_t>(l)];
    link.load += rate;
    --link.open;
  }
}

void MaxMinSharing::hold(FlowId id, int link) {
  Flow& flow = flows_[id];
  flow.bottleneck = link;
  if (link < 0) return;
  std::vector<FlowId>& held = links_[static_cast<std::size_t>(link)].held;
  flow.held_slot = static_cast<std::uint32_t>(held.size());
  held.push_back(id);
}

void MaxMinSharing::release(FlowId id) {
  Flow& flow = flows_[id];
  if (flow.bottleneck >= 0) {
    std::vector<FlowId>& held = links_[static_cast<std::size_t>(flow.bottleneck)].held;
    const FlowId moved = held.back();
    held[flow.held_slot] = moved;
    flows_[moved].held_slot = flow.held_slot;
    held.pop_back();
  }
  flow.bottleneck = kNone;
}

// The bytes moved at the old rate are dated to `now`, and the completion date follows the new one.
void MaxMinSharing::set_rate(Flow& flow, FlowId id, double now) {
  if (flow.next_rate == flow.rate) return;
  flow.remaining = std::max(0.0, flow.remaining - flow.rate * (now - flow.updated));
  flow.updated = now;
  flow.rate = flow.next_rate;
  ++flow.version;
  completions_.push({now + flow.remaining / flow.rate, flow.order, id, flow.version});
}

double MaxMinSharing::next_completion() {
  while (!completions_.empty()) {
    const Due& due = completions_.top();
    const Flow& flow = flows_[due.flow];
    if (flow.active && flow.version == due.version) return due.date;
    completions_.pop();
  }
  return never;
}

std::vector<MaxMinSharing::FlowId> MaxMinSharing::finish_due(double now) {
  std::vector<FlowId> done;
  while (next_completion() <= now) {
    const FlowId id = completions_.top().flow;
    completions_.pop();
    end(id);
    done.push_back(id);
  }
  return done;
}

// Its links lose its rate and are checked in the next share().
void MaxMinSharing::end(FlowId id) {
  Flow& flow = flows_[id];
  for (std::size_t hop = 0; hop < flow.links.size(); ++hop) {
    const int l = flow.links[hop];
    Link& link = links_[static_cast<std::size_t>(l)];
    link.load -= flow.carried;
    const Member moved = link.members.back();
    link.members[flow.slot[hop]] = moved;
    flows_[moved.flow].slot[moved.hop] = flow.slot[hop];
    link.members.pop_back();
    touch(l);
  }
  release(id);
  flow.carried = 0;
  flow.active = false;
  free_ids_.push_back(id);
  changed_ = true;
}

}  // namespace mcsim
