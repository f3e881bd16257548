#include "machine_builder.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../sim/core/error.hpp"
#include "../sim/core/machine_file_library.hpp"
#include "../sim/core/machine_file_reader.hpp"
#include "../sim/engine/transport.hpp"
#include "direct_network.hpp"
#include "fat_tree_family.hpp"
#include "fat_tree_platform.hpp"
#include "k_ary_n_cube.hpp"
#include "topology_family.hpp"

namespace mcsim {

namespace {

std::string place(const ParameterRecord& p) { return p.where + " (" + p.path + ")"; }

// The [links] section as the numbers the parts are made of, each checked.
struct LinkValues {
  double bandwidth_Bps = 0;            // each direction of each link or channel
  double interface_Bps = 0;            // a node's interface; 0: none
  bool shared_interface = true;        // sends and receives share that rate
  double latency_s = 0;                // each link's own latency, on top of bytes/bandwidth (links.latency)
  double hop_latency_s = 0;            // header delay per channel claimed (wormhole, circuit)
  std::string transport = "flow";
  TransportTraits traits = find_transport("flow", "transport registry").traits;
  std::uint64_t flit_bytes = 1;
  std::uint64_t buffer_flits = 1;
};

std::uint64_t whole_at_least_one(const ParameterRecord& p) {
  if (!(p.value >= 1) || p.value != std::floor(p.value) || p.value > 1e9)
    throw Error(place(p), fmt::format("{} must be at least 1 (a whole number)", p.text));
  return static_cast<std::uint64_t>(p.value);
}

LinkValues link_values(const MachineFile& m) {
  LinkValues v;
  const ParameterRecord& bandwidth = *m.find("links.bandwidth");
  if (!(bandwidth.value > 0)) throw Error(place(bandwidth), fmt::format("{} must be positive", bandwidth.text));
  v.bandwidth_Bps = bandwidth.value;
  if (const auto* p = m.find("links.interface_bandwidth")) {
    if (!(p->value > 0)) throw Error(place(*p), fmt::format("{} must be positive", p->text));
    v.interface_Bps = p->value;
  }
  if (const auto* p = m.find("links.interface")) v.shared_interface = p->text == "shared";
  if (const auto* p = m.find("links.latency")) v.latency_s = p->value;  // the reader takes no negative time
  if (const auto* p = m.find("links.hop_latency")) v.hop_latency_s = p->value;
  if (const auto* p = m.find("links.switching")) {
    v.traits = find_transport(p->text, place(*p)).traits;  // any registered transport
    v.transport = p->text;
  }
  if (const auto* p = m.find("links.flit")) v.flit_bytes = whole_at_least_one(*p);
  if (const auto* p = m.find("links.buffer_flits")) v.buffer_flits = whole_at_least_one(*p);
  return v;
}

// Store-and-forward pays a message's start-up at every hop (Lo et al. 1992, sec. 3.1: (c + bW)
// per link), so its nodes pay none of their own: the file's start-ups move from the library to
// the switching. Every other transport pays the start-up once, at the nodes.
bool startup_per_hop(const LinkValues& links) { return links.traits.startup_per_hop; }

// The switching rules of a machine file: the transport, the header delay per channel claimed
// (links.hop_latency plus the library regime's own per-hop time, NX's protocols) or, under
// store-and-forward, the regime's start-up at every hop; wormhole's flit buffers.
class FileSwitching final : public SwitchingRules {
 public:
  FileSwitching(LinkValues links, MessageLibrary library_as_written)
      : links_(std::move(links)), library_(std::move(library_as_written)) {}
  std::string transport() const override { return links_.transport; }
  TransportTraits traits() const override { return links_.traits; }
  double per_hop_seconds(std::uint64_t bytes) const override {
    const SizeRegime& regime = library_.regime(bytes);
    if (startup_per_hop(links_)) return regime.startup_s.value + regime.per_hop_s.value;
    return links_.hop_latency_s + regime.per_hop_s.value;
  }
  // A worm's flits move at its slowest channel's rate. Every route of a k-ary n-cube with
  // interface links crosses an injection and an ejection link, so its rate is the slower of the
  // channels' and the interfaces' (a family without interface links has only channels).
  FlitBuffers flit_buffers() const override {
    const double slowest_Bps =
        links_.interface_Bps > 0 ? std::min(links_.bandwidth_Bps, links_.interface_Bps) : links_.bandwidth_Bps;
    return {links_.flit_bytes, links_.buffer_flits, 1.0 / slowest_Bps};
  }
  double link_latency_s() const override { return links_.latency_s; }

 private:
  LinkValues links_;
  MessageLibrary library_;  // before store-and-forward moved its start-ups to the hops
};

// Under store-and-forward, every regime's start-up record becomes 0 at the nodes (see
// startup_per_hop), and what is derived from it follows.
void move_startups_to_hops(MachineFile& m, int nodes) {
  for (auto& p : m.parameters) {
    if (!p.path.starts_with("library.regimes.") || !p.path.ends_with(".startup")) continue;
    p.kind = ParameterRecord::Kind::quantity;
    p.rule.clear();
    p.inputs.clear();
    p.value = 0;
    p.has_value = true;
    p.text = "0 s";
    p.source = "paid at every hop instead (store-and-forward)";
    p.assumption = false;
  }
  resolve_for_nodes(m, nodes);
}

// The network: the platform the family and [links] give, and the family whose routes the switched
// transports claim (the schedulers' route hint is the family: under the fat tree's random up-links
// its nominal d-mod-k routes, fat_tree_family.hpp). The fat tree routes in its own zone, drawing
// up-links per message; every other family gets a direct-network platform with a SimGrid link per
// family link, its node interface links (a k-ary n-cube's injection and ejection links) at
// links.interface_bandwidth.
struct NetworkParts {
  std::shared_ptr<const TopologyFamily> routes;
  std::unique_ptr<Platform> platform;
};

// A k-ary n-cube's interface links run at links.interface_bandwidth, one injection and one
// ejection link per node: the file must give that rate, and may not ask for one shared link.
void check_interface_links(const MachineFile& m, const TopologyFamily& family, const LinkValues& links) {
  const auto* cube = dynamic_cast<const KAryNCube*>(&family);
  if (!cube) return;
  const ParameterRecord* rate = m.find("links.interface_bandwidth");
  if (cube->shape().interface_links && !rate) {
    const ParameterRecord* key = m.find("topology.shape.interface_links");
    if (!key) key = m.find("topology.shape.nodes_per_router");
    throw Error(key ? place(*key) : "topology.shape",
                "interface links need their bandwidth: give links.interface_bandwidth (cited, or assumption = true)");
  }
  if (!cube->shape().interface_links && rate)
    throw Error(place(*rate), "a k-ary n-cube without interface links has no node interface: set "
                              "[topology.shape] interface_links = true, or remove it");
  if (const auto* shared = m.find("links.interface"); shared && cube->shape().interface_links && links.shared_interface)
    throw Error(place(*shared), "a k-ary n-cube's node has an injection and an ejection link: interface must be duplex");
}

// The SimGrid links carry the links' latency only where SimGrid moves the bytes (a transport that
// shares links as flows: latency + bytes/bandwidth). The switched transports account for it
// themselves (SwitchingRules::link_latency_s) and tell receivers with 0-byte notices over the same
// SimGrid routes, which would pay it a second time.
NetworkParts network_parts(const std::string& name, const std::shared_ptr<const TopologyFamily>& family,
                           const LinkValues& links) {
  const double simgrid_latency_s = links.traits.shares_links_as_flows ? links.latency_s : 0;
  if (const auto* tree = dynamic_cast<const FatTree*>(family.get())) {
    const FatTreeLinks rates{links.bandwidth_Bps, links.interface_Bps, links.shared_interface, &tree->up_links(),
                             simgrid_latency_s};
    return {nullptr, std::make_unique<FatTreePlatform>(name, tree->shape(), rates)};
  }
  return {family, std::make_unique<DirectNetworkPlatform>(name, family, links.bandwidth_Bps, links.interface_Bps,
                                                          simgrid_latency_s)};
}

}  // namespace

std::vector<InertRecords> inert_records(const MachineFile& m) {
  const auto* switching = m.find("links.switching");
  const std::string transport = switching ? switching->text : "flow";
  const TransportTraits traits = find_transport(transport, switching ? place(*switching) : "links.switching").traits;
  std::vector<InertRecords> inert;
  auto add = [&](std::vector<std::string> paths, std::string why) {
    InertRecords group{{}, fmt::format("switching = {} {}", transport, why)};
    for (const auto& path : paths)
      if (const auto* p = m.find(path)) group.records.push_back(p);
    if (!group.records.empty()) inert.push_back(std::move(group));
  };
  if (!traits.header_delay) add({"links.hop_latency"}, "has no header delay");
  if (!traits.flit_buffers) add({"links.flit", "links.buffer_flits"}, "has no flit buffers");
  // Only the transports that claim channels (every one but flow) tell one VC from another.
  if (traits.shares_links_as_flows) add({"topology.shape.virtual_channels"}, "claims no channels");
  return inert;
}

namespace {

// A record the switching does not use, written in a file whose switching nothing can change (no
// option names it, no [choices]), would never do anything: refused at its file:line.
void refuse_dead_records(const MachineFile& m) {
  const auto* switching = m.find("links.switching");
  if (!m.choices.empty() || (switching && switching->name != switching->path)) return;
  for (const InertRecords& inert : inert_records(m))
    throw Error(place(*inert.records.front()),
                fmt::format("not used: {}, and no option or choice of this file changes the switching; remove it",
                            inert.why));
}

// Every record but the library's (Machine::parameters() adds the library, describe_library):
// its option name, value, source and assumption flag.
MachineDescription describe(const MachineFile& m, const TopologyFamily& family, int nodes) {
  MachineDescription d{m.name, nodes, {}};
  std::set<const ParameterRecord*> inert;
  for (const InertRecords& group : inert_records(m)) inert.insert(group.records.begin(), group.records.end());
  for (const auto& p : m.parameters) {
    if (p.path.starts_with("library.") || inert.contains(&p)) continue;
    MachineParameter shown = described(p);
    if (p.path == "topology.family") shown.value += ": " + family.describe();
    d.parameters.push_back(std::move(shown));
  }
  for (const auto& c : m.choices) d.parameters.push_back({c.name, c.chosen, c.source, c.assumption});
  return d;
}

}  // namespace

namespace {

// build_machine_on for a file whose rules are evaluated for the family's node count.
std::unique_ptr<Machine> build_resolved(MachineFile file, std::shared_ptr<const TopologyFamily> family) {
  const int nodes = family->nodes();
  refuse_dead_records(file);
  const LinkValues links = link_values(file);
  check_interface_links(file, *family, links);
  const MessageLibrary as_written = file.library;
  if (startup_per_hop(links)) move_startups_to_hops(file, nodes);
  // The schedulers' tau: [hints] startup, else the start-up of the largest messages (paid per
  // hop under store-and-forward, as written in the file); phi: the node interface's rate where
  // the machine has one (the CM-5's CMMD), else the links'.
  const ParameterRecord* hinted = file.find("hints.startup");
  const double tau = hinted ? hinted->value : as_written.regimes.back().startup_s.value;
  const double phi = 1.0 / (links.interface_Bps > 0 ? links.interface_Bps : links.bandwidth_Bps);
  NetworkParts network = network_parts(file.name, family, links);
  return std::make_unique<Machine>(Machine::Parts{
      .description = describe(file, *family, nodes),
      .hints = {tau, phi, family},
      .library = file.library,
      .switching = std::make_shared<const FileSwitching>(links, as_written),
      .routes = std::move(network.routes),
      .platform = std::move(network.platform),
  });
}

}  // namespace

std::unique_ptr<Machine> build_machine(MachineFile file, int nodes) {
  resolve_for_nodes(file, nodes);
  const ParameterRecord* named = file.find("topology.family");
  std::shared_ptr<const TopologyFamily> family = make_topology_family(
      file.family, file.under("topology.shape."), nodes,
      named ? fmt::format("{} (topology.family)", named->where) : "topology.family");
  return build_resolved(std::move(file), std::move(family));
}

std::unique_ptr<Machine> build_machine_on(MachineFile file, std::shared_ptr<const TopologyFamily> family) {
  resolve_for_nodes(file, family->nodes());
  return build_resolved(std::move(file), std::move(family));
}

std::vector<UnusedOptions> unused_options(const MachineFile& file, const std::vector<std::string>& given) {
  std::vector<UnusedOptions> unused;
  for (const InertRecords& inert : inert_records(file)) {
    UnusedOptions named{{}, inert.why};
    for (const ParameterRecord* p : inert.records)
      if (p->name != p->path && std::find(given.begin(), given.end(), p->name) != given.end())
        named.keys.push_back(p->name);
    if (!named.keys.empty()) unused.push_back(std::move(named));
  }
  return unused;
}

}  // namespace mcsim
