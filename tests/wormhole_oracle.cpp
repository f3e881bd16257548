#include "wormhole_oracle.hpp"

#include <algorithm>
#include <stdexcept>

namespace mcsim::oracle {

int channel_count(const Mesh& mesh) { return 2 * (mesh.cols - 1) * mesh.rows + 2 * (mesh.rows - 1) * mesh.cols; }

namespace {

enum class Direction { plus_x, minus_x, plus_y, minus_y };

// The channel leaving node `from` in direction `d`.
int channel(const Mesh& m, int from, Direction d) {
  const int x_block = (m.cols - 1) * m.rows, y_block = (m.rows - 1) * m.cols;
  const int r = from / m.cols, c = from % m.cols;
  switch (d) {
    case Direction::plus_x: return c * m.rows + r;
    case Direction::minus_x: return x_block + (m.cols - 1 - c) * m.rows + r;
    case Direction::plus_y: return 2 * x_block + r * m.cols + c;
    case Direction::minus_y: break;
  }
  return 2 * x_block + y_block + (m.rows - 1 - r) * m.cols + c;
}

}  // namespace

std::vector<int> xy_channels(const Mesh& mesh, int src, int dst) {
  std::vector<int> path;
  int at = src;
  for (; at % mesh.cols < dst % mesh.cols; ++at) path.push_back(channel(mesh, at, Direction::plus_x));
  for (; at % mesh.cols > dst % mesh.cols; --at) path.push_back(channel(mesh, at, Direction::minus_x));
  for (; at < dst; at += mesh.cols) path.push_back(channel(mesh, at, Direction::plus_y));
  for (; at > dst; at -= mesh.cols) path.push_back(channel(mesh, at, Direction::minus_y));
  return path;
}

FlitNetwork::FlitNetwork(const Mesh& mesh, const std::vector<Worm>& worms, Ties ties) : mesh_(mesh), ties_(ties) {
  if (mesh.rows < 1 || mesh.cols < 1 || mesh.hop < 1 || mesh.buffer < 1)
    throw std::invalid_argument("a mesh needs rows, cols, hop and buffer >= 1");
  const auto channels = static_cast<std::size_t>(channel_count(mesh));
  buffer_.resize(channels);
  buffered_flits_.assign(channels, 0);
  owner_.assign(channels, -1);
  waiting_.resize(channels);
  now_ = worms.empty() ? 0 : worms.front().ready;
  for (const Worm& w : worms) {
    if (w.src == w.dst || w.flits < 1 || w.ready < 0 || std::max(w.src, w.dst) >= mesh.rows * mesh.cols ||
        std::min(w.src, w.dst) < 0)
      throw std::invalid_argument("a worm needs two different nodes of the mesh, flits >= 1 and ready >= 0");
    State s{w, xy_channels(mesh, w.src, w.dst)};
    if (!std::is_sorted(s.path.begin(), s.path.end()))  // flits() moves them downstream first
      throw std::logic_error("an XY route does not climb the channel numbers");
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
  const auto& b = buffer_[static_cast<std::size_t>(w.path[w.next - 1])];
  return !b.empty() && b.front().header && b.front().worm == static_cast<int>(index);
}

// Headers act on the state the previous cycle left: they land, leave at their destination, ask for
// their next channel, and free channels are granted to the first to ask.
void FlitNetwork::headers() {
  for (std::size_t i = 0; i < worms_.size(); ++i) {
    State& w = worms_[i];
    if (w.crossing_until == now_) {
      w.crossed[w.next] = now_;
      buffer_[static_cast<std::size_t>(w.path[w.next])].push_back({static_cast<int>(i), true});
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
      buffer_[static_cast<std::size_t>(w.path.back())].pop_front();
      ++w.next;
      continue;
    }
    waiting_[static_cast<std::size_t>(w.path[w.next])].push_back(static_cast<int>(i));
    w.queued = true;
  }
  for (std::size_t c = 0; c < owner_.size(); ++c) {
    if (owner_[c] >= 0 || waiting_[c].empty()) continue;
    const int i = waiting_[c].front();
    waiting_[c].pop_front();
    State& w = worms_[static_cast<std::size_t>(i)];
    owner_[c] = i;
    if (w.next > 0) buffer_[static_cast<std::size_t>(w.path[w.next - 1])].pop_front();  // its header, at the head
    w.queued = false;
    w.crossing_until = now_ + mesh_.hop;
  }
}

// Flits move downstream first (channel numbers increase along every route), so a slot a flit leaves
// in this cycle can take the flit behind it in the same cycle.
void FlitNetwork::flits() {
  std::vector<char> departed(owner_.size(), 0);  // one flit leaves a buffer per cycle
  // The destination takes the flit at the head of the last channel's buffer; it has it at the end
  // of the cycle.
  const auto deliver = [&](std::size_t c) {
    auto& b = buffer_[c];
    if (departed[c] || b.empty() || b.front().header) return;
    State& w = worms_[static_cast<std::size_t>(b.front().worm)];
    if (static_cast<std::size_t>(w.path.back()) != c) return;
    b.pop_front();
    --buffered_flits_[c];
    departed[c] = 1;
    if (++w.delivered == w.spec.flits) {
      w.end = now_ + 1;
      ++delivered_worms_;
    }
  };
  for (std::size_t c = owner_.size(); c-- > 0;) {
    auto& b = buffer_[c];
    deliver(c);
    const int o = owner_[c];
    if (o < 0 || buffered_flits_[c] >= mesh_.buffer) continue;
    State& w = worms_[static_cast<std::size_t>(o)];
    const auto k = static_cast<std::size_t>(std::find(w.path.begin(), w.path.end(), static_cast<int>(c)) - w.path.begin());
    if (w.crossed[k] < 0 || w.through[k] == w.spec.flits) continue;
    if (k > 0) {
      const auto up = static_cast<std::size_t>(w.path[k - 1]);
      auto& from = buffer_[up];
      if (departed[up] || from.empty() || from.front().header || from.front().worm != o) continue;
      from.pop_front();
      --buffered_flits_[up];
      departed[up] = 1;
    }
    b.push_back({o, false});
    ++buffered_flits_[c];
    if (++w.through[k] == w.spec.flits) owner_[c] = -1;  // its last flit has crossed it
    deliver(c);  // straight through, if nothing waits ahead of it
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
  std::vector<std::vector<int>> path(n);
  std::vector<std::vector<Use>> users(static_cast<std::size_t>(channel_count(mesh)));
  for (std::size_t w = 0; w < n; ++w) {
    path[w] = xy_channels(mesh, worms[w].src, worms[w].dst);
    for (std::size_t i = 0; i < path[w].size(); ++i) users[static_cast<std::size_t>(path[w][i])].push_back({w, i});
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
          if (u.worm != w && certain[u.worm][u.index] && alone(u.worm, u.index) < ask[w][i])
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
