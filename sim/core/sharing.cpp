#include "sharing.hpp"

#include <fmt/format.h>

#include "error.hpp"

namespace mcsim {

std::string_view sharing_name(Sharing sharing) { return sharing == Sharing::fluid ? "fluid" : "simgrid"; }

std::string_view sharing_request_name(SharingRequest request) {
  switch (request) {
    case SharingRequest::automatic: return "auto";
    case SharingRequest::simgrid: return "simgrid";
    case SharingRequest::fluid: return "fluid";
  }
  return "auto";
}

namespace {
constexpr SharingReason kReasons[] = {SharingReason::asked,         SharingReason::not_flows,
                                      SharingReason::not_rendezvous, SharingReason::node_programs,
                                      SharingReason::few_flows,      SharingReason::many_flows,
                                      SharingReason::not_chosen,     SharingReason::link_latency};
}  // namespace

std::string_view sharing_reason_name(SharingReason reason) {
  switch (reason) {
    case SharingReason::asked: return "asked";
    case SharingReason::not_flows: return "not-flows";
    case SharingReason::not_rendezvous: return "not-rendezvous";
    case SharingReason::link_latency: return "link-latency";
    case SharingReason::node_programs: return "node-programs";
    case SharingReason::few_flows: return "few-flows";
    case SharingReason::many_flows: return "many-flows";
    case SharingReason::not_chosen: return "not-chosen";
  }
  return "not-chosen";
}

SharingReason parse_sharing_reason(std::string_view text, const std::string& where) {
  for (const SharingReason reason : kReasons)
    if (sharing_reason_name(reason) == text) return reason;
  throw Error(where, fmt::format("unknown reason for a sharing '{}'", text));
}

std::string describe(const SharingDecision& decision) {
  const char* why = "";
  switch (decision.reason) {
    case SharingReason::asked: why = "asked for"; break;
    case SharingReason::not_flows: why = "the transport does not share links as flows"; break;
    case SharingReason::not_rendezvous: why = "the message library sends before the receive is posted"; break;
    case SharingReason::link_latency: why = "the links have latency, which mcsim's sharing leaves out"; break;
    case SharingReason::node_programs: why = "a job is a node program"; break;
    case SharingReason::few_flows: why = "too few flows in flight at once for mcsim's sharing to pay"; break;
    case SharingReason::many_flows: why = "many flows in flight at once"; break;
    case SharingReason::not_chosen: why = "no choice made"; break;
  }
  return fmt::format("{} ({})", sharing_name(decision.sharing), why);
}

// Input words become typed values here, through the names above (one table each way).
SharingRequest parse_sharing_request(std::string_view text, const std::string& where) {
  for (const SharingRequest request : {SharingRequest::automatic, SharingRequest::simgrid, SharingRequest::fluid})
    if (sharing_request_name(request) == text) return request;
  throw Error(where, fmt::format("unknown sharing '{}' (known: auto, simgrid, fluid)", text));
}

Sharing parse_sharing(std::string_view text, const std::string& where) {
  for (const Sharing sharing : {Sharing::simgrid, Sharing::fluid})
    if (sharing_name(sharing) == text) return sharing;
  throw Error(where, fmt::format("unknown sharing '{}' (known: simgrid, fluid)", text));
}

}  // namespace mcsim
