#include "wormhole_oracle.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>

namespace mcsim::oracle {

namespace {

std::array<int, 3> sides(const Mesh& m) { return {m.cols, m.rows, m.layers}; }
int classes_of(const Mesh& m) { return m.torus ? 2 : 1; }
// Positions along one direction of dimension d (a ring of k has k links each way, a line k - 1).
int positions(const Mesh& m, int d) {
  const int k = sides(m)[static_cast<std::size_t>(d)];
  return k == 1 ? 0 : m.torus ? k : k - 1;
}
int stride(const Mesh& m, int d) { return d == 0 ? 1 : d == 1 ? m.cols : m.cols * m.rows; }
int base(const Mesh& m, int d) {
  int b = 0;
  for (int e = 0; e < d; ++e) b += 2 * positions(m, e) * (node_count(m) / sides(m)[static_cast<std::size_t>(e)]);
  return b;
}
int coordinate(const Mesh& m, int node, int d) { return node / stride(m, d) % sides(m)[static_cast<std::size_t>(d)]; }
// The node's other coordinates as one index.
int rest(const Mesh& m, int node, int d) {
  const int s = stride(m, d);
  return node % s + s * (node / (s * sides(m)[static_cast<std::size_t>(d)]));
}
// The link leaving `from` one step (+1 or -1) along dimension d.
int link_from(const Mesh& m, int from, int d, int step) {
  const int k = sides(m)[static_cast<std::size_t>(d)], c = coordinate(m, from, d), per_row = node_count(m) / k;
  const int position = step > 0 ? c : k - 1 - c;  // the wrap-around link is the last position
  const int direction = step > 0 ? 0 : positions(m, d) * per_row;
  return base(m, d) + direction + position * per_row + rest(m, from, d);
}

}  // namespace

int node_count(const Mesh& mesh) { return mesh.rows * mesh.cols * mesh.layers; }

int link_count(const Mesh& mesh) { return base(mesh, 3); }

int channel_count(const Mesh& mesh) { return link_count(mesh) * mesh.vcs; }

Hops route(const Mesh& mesh, int src, int dst) {
  Hops hops;
  int at = src;
  for (int d = 0; d < 3; ++d) {
    const int k = sides(mesh)[static_cast<std::size_t>(d)], from = coordinate(mesh, at, d), to = coordinate(mesh, dst, d);
    if (from == to) continue;
    int step = to > from ? 1 : -1, count = std::abs(to - from);
    if (mesh.torus) {
      const int forward = ((to - from) % k + k) % k;
      step = forward <= k - forward ? 1 : -1;
      count = step > 0 ? forward : k - forward;
    }
    int vc_class = 0;
    for (int h = 0; h < count; ++h) {
      const int c = coordinate(mesh, at, d);
      if (mesh.torus && (step > 0 ? c == k - 1 : c == 0)) vc_class = 1;  // the dateline
      hops.links.push_back(link_from(mesh, at, d, step));
      hops.classes.push_back(vc_class);
      at += stride(mesh, d) * (((c + step) % k + k) % k - c);
    }
  }
  return hops;
}

std::vector<int> xy_channels(const Mesh& mesh, int src, int dst) { return route(mesh, src, dst).links; }

FlitNetwork::FlitNetwork(const Mesh& mesh, const std::vector<Worm>& worms, Ties ties)
    : mesh_(mesh), classes_(classes_of(mesh)), ties_(ties) {
  if (mesh.rows < 1 || mesh.cols < 1 || mesh.layers < 1 || mesh.hop < 1 || mesh.buffer < 1 || mesh.vcs < classes_)
    throw std::invalid_argument("a mesh needs rows, cols, layers, hop and buffer >= 1, and a VC per class (2 on a torus)");
  if (mesh.torus)
    for (int k : sides(mesh))
      if (k == 2) throw std::invalid_argument("a torus needs every side of 3 or more nodes (or 1)");
  const auto channels = static_cast<std::size_t>(channel_count(mesh));
  buffer_.resize(channels);
  buffered_flits_.assign(channels, 0);
  owner_.assign(channels, -1);
  owner_hop_.assign(channels, 0);
  waiting_.resize(static_cast<std::size_t>(link_count(mesh) * classes_));
  next_vc_.assign(static_cast<std::size_t>(link_count(mesh)), 0);
  link_flits_.assign(static_cast<std::size_t>(link_count(mesh)), 0);
  // Downstream first: on a mesh every route climbs the link numbers; on a torus the hops after a
  // dateline do not, and are served on the next pass (flits() serves links until none moves).
  for (int l = link_count(mesh); l-- > 0;) serve_order_.push_back(l);
  now_ = worms.empty() ? 0 : worms.front().ready;
  for (const Worm& w : worms) {
    if (w.src == w.dst || w.flits < 1 || w.ready < 0 || std::max(w.src, w.dst) >= node_count(mesh) ||
        std::min(w.src, w.dst) < 0)
      throw std::invalid_argument("a worm needs two different nodes of the mesh, flits >= 1 and ready >= 0");
    Hops hops = route(mesh, w.src, w.dst);
    State s{w, std::move(hops.links), std::move(hops.classes)};
    if (!mesh.torus && !std::is_sorted(s.path.begin(), s.path.end()))
      throw std::logic_error("an XY route does not climb the link numbers");
    s.channel.assign(s.path.size(), -1);
    s.crossed.assign(s.path.size(), -1);
    s.through.assign(s.path.size(), 0);
    worms_.push_back(std::move(s));
    now_ = std::min(now_, w.ready);
  }
}

Cycle FlitNetwork::flits_in_buffer(int channel, int worm) const {
  const auto& b = buffer_[static_cast<std::size_t>(channel)];
  return std::count_if(b.begin(), b.end(), [&](const Entry& e) { return e.worm == worm && !e.header; });
}

// Whether worm `index`'s header may ask for its next channel: at its source, or at the head of the
// buffer it landed in.
bool FlitNetwork::header_at_head(const State& w, std::size_t index) const {
  if (w.next == 0) return true;
  const auto& b = buffer_[static_cast<std::size_t>(w.channel[w.next - 1])];
  return !b.empty() && b.front().header && b.front().worm == static_cast<int>(index);
}

// Headers act on the state the previous cycle left: they land, leave at their destination, ask for
// a VC of their class on their next link, and free VCs are granted to the first to ask.
void FlitNetwork::headers() {
  for (std::size_t i = 0; i < worms_.size(); ++i) {
    State& w = worms_[i];
    if (w.crossing_until == now_) {
      w.crossed[w.next] = now_;
      buffer_[static_cast<std::size_t>(w.channel[w.next])].push_back({static_cast<int>(i), true, now_});
      ++w.next;
      w.crossing_until = -1;
    }
  }
  for (std::size_t n = 0; n < worms_.size(); ++n) {
    const std::size_t i = ties_ == Ties::lower_index_first ? n : worms_.size() - 1 - n;
    State& w = worms_[i];
    if (!w.started && w.spec.ready > now_) continue;
    w.started = true;
    if (w.next > w.path.size() || w.queued || w.crossing_until >= 0 || !header_at_head(w, i)) continue;
    if (w.next == w.path.size()) {  // at the head of its destination's buffer: it leaves the network
      buffer_[static_cast<std::size_t>(w.channel.back())].pop_front();
      ++w.next;
      continue;
    }
    waiting_[static_cast<std::size_t>(w.path[w.next] * classes_ + w.classes[w.next])].push_back(static_cast<int>(i));
    w.queued = true;
  }
  for (std::size_t q = 0; q < waiting_.size(); ++q) {
    const int link = static_cast<int>(q) / classes_, vc_class = static_cast<int>(q) % classes_;
    for (int vc = vc_class; vc < mesh_.vcs && !waiting_[q].empty(); vc += classes_) {
      const auto c = static_cast<std::size_t>(link * mesh_.vcs + vc);
      if (owner_[c] >= 0) continue;
      const int i = waiting_[q].front();
      waiting_[q].pop_front();
      State& w = worms_[static_cast<std::size_t>(i)];
      owner_[c] = i;
      owner_hop_[c] = w.next;
      w.channel[w.next] = static_cast<int>(c);
      if (w.next > 0) buffer_[static_cast<std::size_t>(w.channel[w.next - 1])].pop_front();  // its header, at the head
      w.queued = false;
      w.crossing_until = now_ + mesh_.hop;
    }
  }
}

// The destination takes the flit at the head of the last channel's buffer (one a cycle from each
// buffer, one that crossed in this very cycle too); it has it at the end of the cycle.
void FlitNetwork::deliver(int channel, std::vector<char>& departed) {
  const auto c = static_cast<std::size_t>(channel);
  auto& b = buffer_[c];
  if (departed[c] || b.empty() || b.front().header) return;
  State& w = worms_[static_cast<std::size_t>(b.front().worm)];
  if (w.channel.back() != channel) return;
  b.pop_front();
  --buffered_flits_[c];
  departed[c] = 1;
  if (++w.delivered == w.spec.flits) {
    w.end = now_ + 1;
    ++delivered_worms_;
  }
}

// Whether the channel's owner can move a flit over it now: its header is across, a flit of it
// waits at the head of the buffer upstream (there since an earlier cycle, not yet gone this one)
// or at its source, and the channel's buffer has a free slot.
bool FlitNetwork::can_send(int channel, const std::vector<char>& departed) const {
  const auto c = static_cast<std::size_t>(channel);
  const int o = owner_[c];
  if (o < 0 || buffered_flits_[c] >= mesh_.buffer) return false;
  const State& w = worms_[static_cast<std::size_t>(o)];
  const std::size_t k = owner_hop_[c];
  if (w.crossed[k] < 0 || w.through[k] == w.spec.flits) return false;
  if (k == 0) return true;
  const auto up = static_cast<std::size_t>(w.channel[k - 1]);
  const auto& from = buffer_[up];
  return !departed[up] && !from.empty() && !from.front().header && from.front().worm == o && from.front().arrived < now_;
}

void FlitNetwork::send(int channel, std::vector<char>& departed) {
  const auto c = static_cast<std::size_t>(channel);
  const int o = owner_[c];
  State& w = worms_[static_cast<std::size_t>(o)];
  const std::size_t k = owner_hop_[c];
  if (k > 0) {
    const auto up = static_cast<std::size_t>(w.channel[k - 1]);
    buffer_[up].pop_front();
    --buffered_flits_[up];
    departed[up] = 1;
  }
  buffer_[c].push_back({o, false, now_});
  ++buffered_flits_[c];
  ++link_flits_[static_cast<std::size_t>(channel / mesh_.vcs)];
  if (++w.through[k] == w.spec.flits) owner_[c] = -1;  // its last flit has crossed it
}

// Links are served downstream first, so a slot a flit leaves in this cycle can take the flit
// behind it in the same cycle; then again, until no flit moves (on a torus, for the hops after a
// dateline). Each link moves one flit a cycle at most, its VCs served round robin.
void FlitNetwork::flits() {
  std::vector<char> departed(owner_.size(), 0);  // one flit leaves a buffer per cycle
  std::vector<char> served(next_vc_.size(), 0);  // one flit crosses a link per cycle
  const int vcs = mesh_.vcs;
  for (bool moved = true; moved;) {
    moved = false;
    for (const int l : serve_order_) {
      for (int v = 0; v < vcs; ++v) deliver(l * vcs + v, departed);
      if (served[static_cast<std::size_t>(l)]) continue;
      int& next = next_vc_[static_cast<std::size_t>(l)];
      for (int turn = 0; turn < vcs; ++turn) {
        const int v = (next + turn) % vcs, c = l * vcs + v;
        if (!can_send(c, departed)) continue;
        send(c, departed);
        served[static_cast<std::size_t>(l)] = 1;
        next = (v + 1) % vcs;
        moved = true;
        deliver(c, departed);  // straight through, if nothing waits ahead of it
        break;
      }
    }
  }
}

void FlitNetwork::step() {
  headers();
  flits();
  ++now_;
}

std::vector<Cycle> FlitNetwork::run() {
  while (!done()) {
    // Nothing in the network: jump to the next worm's start.
    bool idle = true;
    Cycle next_ready = -1;
    for (const State& w : worms_) {
      if (w.started && w.end < 0) idle = false;
      if (!w.started && (next_ready < 0 || w.spec.ready < next_ready)) next_ready = w.spec.ready;
    }
    if (idle && next_ready > now_) now_ = next_ready;
    step();
  }
  std::vector<Cycle> ends;
  for (const State& w : worms_) ends.push_back(w.end);
  return ends;
}

std::vector<Cycle> simulate(const Mesh& mesh, const std::vector<Worm>& worms, Ties ties) {
  return FlitNetwork(mesh, worms, ties).run();
}

std::vector<Cycle> lower_bounds(const Mesh& mesh, const std::vector<Worm>& worms) {
  struct Use {
    std::size_t worm, index;
  };
  const std::size_t n = worms.size();
  const int classes = classes_of(mesh);
  // A worm ahead blocks only where a class has one VC a link: the occupancy bound is for those.
  const bool blocking = mesh.vcs == classes;
  std::vector<std::vector<int>> path(n);  // per hop, the (link, class) pair as one number
  std::vector<std::vector<Use>> users(static_cast<std::size_t>(link_count(mesh) * classes));
  for (std::size_t w = 0; w < n; ++w) {
    const Hops hops = route(mesh, worms[w].src, worms[w].dst);
    for (std::size_t i = 0; i < hops.links.size(); ++i) {
      path[w].push_back(hops.links[i] * classes + hops.classes[i]);
      users[static_cast<std::size_t>(path[w][i])].push_back({w, i});
    }
  }
  // The earliest request of each channel (a header alone), and whether it is certain: no other worm
  // can have asked for the channels before it sooner.
  const auto alone = [&](std::size_t w, std::size_t i) { return worms[w].ready + static_cast<Cycle>(i) * mesh.hop; };
  std::vector<std::vector<char>> certain(n);
  for (std::size_t w = 0; w < n; ++w) {
    certain[w].assign(path[w].size(), 0);
    for (std::size_t i = 0; i < path[w].size(); ++i) {
      certain[w][i] = i == 0 || certain[w][i - 1];
      if (i > 0 && certain[w][i])
        for (const Use& u : users[static_cast<std::size_t>(path[w][i - 1])])
          if (u.worm != w && alone(u.worm, u.index) <= alone(w, i - 1)) certain[w][i] = 0;
    }
  }
  std::vector<std::vector<Cycle>> ask(n), across(n);
  for (std::size_t w = 0; w < n; ++w)
    for (std::size_t i = 0; i < path[w].size(); ++i) {
      ask[w].push_back(alone(w, i));
      across[w].push_back(alone(w, i) + mesh.hop);
    }
  // When worm v's last flit is across its channel j, at the earliest.
  const auto freed = [&](std::size_t v, std::size_t j) {
    const Cycle flits = worms[v].flits;
    Cycle at = 0;
    for (std::size_t k = 0; j + k < path[v].size() && static_cast<Cycle>(k) * mesh.buffer < flits; ++k)
      at = std::max(at, across[v][j + k] + flits - static_cast<Cycle>(k) * mesh.buffer);
    return at;
  };
  // Raise the bounds until they hold together (they only grow, and each is bounded).
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t w = 0; w < n; ++w)
      for (std::size_t i = 0; i < path[w].size(); ++i) {
        if (i > 0) ask[w][i] = std::max(ask[w][i], across[w][i - 1]);
        Cycle claim = ask[w][i];
        for (const Use& u : users[static_cast<std::size_t>(path[w][i])])
          if (blocking && u.worm != w && certain[u.worm][u.index] && alone(u.worm, u.index) < ask[w][i])
            claim = std::max(claim, freed(u.worm, u.index));
        if (claim + mesh.hop > across[w][i]) {
          across[w][i] = claim + mesh.hop;
          changed = true;
        }
      }
  }
  std::vector<Cycle> bounds;
  for (std::size_t w = 0; w < n; ++w) bounds.push_back(across[w].back() + worms[w].flits);
  return bounds;
}

}  // namespace mcsim::oracle
