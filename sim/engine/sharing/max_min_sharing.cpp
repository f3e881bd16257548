#include "max_min_sharing.hpp"

#include <algorithm>

#include "../../core/error.hpp"

namespace mcsim {

namespace {
// Flows whose rate lies this close below the threshold are filled again too: water-filling from
// any level at or below the change is exact, and this keeps rounding in earlier shares from
// leaving a flow that was at the change's level out.
constexpr double kThresholdSlack = 1e-9;
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
  flow.bound = bound_Bps;
  flow.rate = 0;
  flow.remaining = bytes;
  flow.updated = now;
  flow.active = true;
  flow.counted = false;
  flow.order = starts_++;
  for (int l : flow.links) ++links_[static_cast<std::size_t>(l)].flows;
  started_.push_back(id);
  changed_ = true;
  return id;
}

void MaxMinSharing::share(double now) {
  if (!changed_) return;
  changed_ = false;
  // A new flow's rate is at least the equal share of each of its links (and at most its bound).
  for (FlowId id : started_) {
    const Flow& flow = flows_[id];
    if (!flow.active) continue;
    if (flow.bound > 0) lower_threshold(flow.bound);
    for (int l : flow.links) {
      const Link& link = links_[static_cast<std::size_t>(l)];
      lower_threshold(link.bandwidth / link.flows);
    }
  }
  const double from = threshold_ * (1 - kThresholdSlack);
  threshold_ = never;

  // The flows to fill again take their rates out of their links' loads.
  filling_.clear();
  for (auto at = by_rate_.lower_bound({from, 0}); at != by_rate_.end(); ++at) filling_.push_back(at->second);
  for (FlowId id : started_)
    if (flows_[id].active) filling_.push_back(id);
  started_.clear();
  touched_.clear();
  for (FlowId id : filling_) {
    Flow& flow = flows_[id];
    flow.filled = false;
    for (int l : flow.links) {
      Link& link = links_[static_cast<std::size_t>(l)];
      if (flow.counted) link.load -= flow.rate;
      if (link.open++ == 0) touched_.push_back(l);
      link.filling.push_back(id);
    }
    flow.counted = false;
    if (flow.bound > 0) push_level({flow.bound, -1, id});
  }
  for (int l : touched_) push_level({fair_share(links_[static_cast<std::size_t>(l)]), l, 0});
  open_flows_ = filling_.size();

  // Water-filling: the link (or bound) with the smallest fair share saturates; its open flows stop
  // there, and their other links' shares rise.
  while (open_flows_ > 0) {
    std::pop_heap(levels_.begin(), levels_.end(), LaterLevel{});
    const Level level = levels_.back();
    levels_.pop_back();
    if (level.link < 0) {
      if (!flows_[level.flow].filled) stop(level.flow, level.share);
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
      if (!flows_[id].filled) stop(id, level.share);
  }
  levels_.clear();  // what is left is older entries of links whose flows have all stopped
  for (int l : touched_) {
    Link& link = links_[static_cast<std::size_t>(l)];
    link.open = 0;
    link.filling.clear();
  }
  for (FlowId id : filling_) set_rate(flows_[id], id, now);
}

void MaxMinSharing::push_level(Level level) {
  levels_.push_back(level);
  std::push_heap(levels_.begin(), levels_.end(), LaterLevel{});
}

// Flow `id` stops at `rate`, which its links now carry.
void MaxMinSharing::stop(FlowId id, double rate) {
  Flow& flow = flows_[id];
  flow.filled = true;
  --open_flows_;
  flow.counted = true;
  flow.next_rate = rate;
  for (int l : flow.links) {
    Link& link = links_[static_cast<std::size_t>(l)];
    link.load += rate;
    --link.open;
  }
}

// The bytes moved at the old rate are dated to `now`, and the completion date follows the new one.
void MaxMinSharing::set_rate(Flow& flow, FlowId id, double now) {
  if (flow.next_rate == flow.rate) return;
  if (flow.rate > 0) by_rate_.erase({flow.rate, id});
  by_rate_.insert({flow.next_rate, id});
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

void MaxMinSharing::end(FlowId id) {
  Flow& flow = flows_[id];
  for (int l : flow.links) {
    Link& link = links_[static_cast<std::size_t>(l)];
    if (flow.counted) link.load -= flow.rate;
    --link.flows;
  }
  lower_threshold(flow.rate);
  if (flow.rate > 0) by_rate_.erase({flow.rate, id});
  flow.active = false;
  flow.counted = false;
  free_ids_.push_back(id);
  changed_ = true;
}

}  // namespace mcsim
