// How many bytes of one message are at its receiver by now: the transports' answer to the message
// library's question (a receive posted while its unexpected message is still arriving copies only
// what has arrived, MessageLibrary::unexpected_copy; a node reading one message at a time counts a
// waiting message's bytes only once it reads them, MessageLibrary::reads).
//
// The transport that moves the bytes keeps it: it names the SimGrid communication carrying them
// while they move (their progress is that communication's remaining bytes) and says when they are
// all in. Bytes that came before that communication (a part read at once from a socket buffer) are
// counted with add(). A transport that moves a message in one piece says only arrived() (whole or
// nothing); Transport::tells_arriving_bytes() says which the machine's transport does.
#pragma once

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <cstdint>

namespace mcsim {

class ArrivingBytes {
 public:
  explicit ArrivingBytes(std::uint64_t total) : total_(total) {}

  // `bytes` more are in (read at once, before the communication that carries the rest).
  void add(std::uint64_t bytes) { before_ = std::min(total_, before_ + bytes); }
  // The communication now carrying the rest (started or about to be).
  void carried_by(simgrid::s4u::CommPtr comm) { carrying_ = std::move(comm); }
  // Every byte is in.
  void arrived() {
    all_in_ = true;
    carrying_ = nullptr;
  }

  std::uint64_t total() const { return total_; }
  std::uint64_t now() const {
    if (all_in_) return total_;
    if (!carrying_ || carrying_->get_state() == simgrid::s4u::Activity::State::INITED) return before_;
    const double remaining = std::max(0.0, carrying_->get_remaining());
    const double rest = static_cast<double>(total_ - before_);
    return before_ + static_cast<std::uint64_t>(std::max(0.0, rest - std::min(rest, remaining)));
  }

 private:
  std::uint64_t total_;
  std::uint64_t before_ = 0;
  simgrid::s4u::CommPtr carrying_;
  bool all_in_ = false;
};

}  // namespace mcsim
