#include "machine_file_schema.hpp"

namespace mcsim::machine_file_schema {

const std::map<std::string, KeySpec>& library_keys() {
  static const std::map<std::string, KeySpec> keys = {
      {"name", {Takes::word, Dimension::count, false, {}, true}},
      {"sends", {Takes::word, Dimension::count, false, {"posted", "local", "synchronous"}, true}},
      {"receives", {Takes::word, Dimension::count, false, {"posted", "blocking"}, true}},
      {"sender_share", {Takes::number, Dimension::count, false, {}, true}},
      {"packet", {Takes::quantity, Dimension::bytes, false, {}, true}},
      {"control_send", {Takes::quantity, Dimension::seconds, false, {}, true}},
      {"control_receive", {Takes::quantity, Dimension::seconds, false, {}, true}},
      {"node_ports", {Takes::word, Dimension::count, false, {"unlimited", "one-shared"}, true}},
      {"receive_buffer", {Takes::quantity, Dimension::bytes, true, {}, true}},
      {"copy_rate", {Takes::quantity, Dimension::bytes_per_second, true, {}, true}},
      {"barrier", {Takes::quantity, Dimension::seconds, false, {}, true}},
      {"rendezvous_receiver", {Takes::word, Dimension::count, false, {"library", "program"}}},
      {"unexpected_copy", {Takes::word, Dimension::count, false, {"whole-messages", "arrived-bytes"}}},
      {"reads", {Takes::word, Dimension::count, false, {"interleaved", "one-message"}}},
      {"read_buffer", {Takes::quantity, Dimension::bytes}},
      {"send_buffer", {Takes::quantity, Dimension::bytes}},
  };
  return keys;
}

const std::map<std::string, KeySpec>& regime_keys() {
  static const std::map<std::string, KeySpec> keys = {
      {"up_to", {Takes::quantity, Dimension::bytes, true, {}, true}},
      {"protocol", {Takes::word, Dimension::count, false, {"eager", "rendezvous", "handshake"}, true}},
      {"startup", {Takes::quantity, Dimension::seconds, false, {}, true}},
      {"per_hop", {Takes::quantity, Dimension::seconds, false, {}, true}},
      {"trip_cpu", {Takes::quantity, Dimension::seconds, false, {}, true}},
  };
  return keys;
}

const std::map<std::string, KeySpec>& link_keys() {
  static const std::map<std::string, KeySpec> keys = {
      {"bandwidth", {Takes::quantity, Dimension::bytes_per_second, false, {}, true}},
      {"interface_bandwidth", {Takes::quantity, Dimension::bytes_per_second}},
      {"interface", {Takes::word, Dimension::count, false, {"shared", "duplex"}}},
      {"latency", {Takes::quantity, Dimension::seconds}},
      {"hop_latency", {Takes::quantity, Dimension::seconds}},
      {"switching", {Takes::word}},
      {"flit", {Takes::quantity, Dimension::bytes}},
      {"buffer_flits", {Takes::number}},
  };
  return keys;
}

std::optional<std::vector<std::string>> shape_keys(const std::string& family) {
  // What make_topology_family reads: the node counts first (topology_families.cpp), then the
  // family's own (k_ary_n_cube.cpp, fat_tree_family.cpp, hyper_crossbar_routes.cpp; the star reads
  // none); default_nodes is the count `mcsim list machines -v` builds with (topologies/machines.cpp).
  static const std::vector<std::string> node_counts = {"min_nodes", "max_nodes", "node_counts", "default_nodes"};
  static const std::map<std::string, std::vector<std::string>> own = {
      {"k-ary-n-cube",
       {"sides", "k", "dimensions", "rows", "cols", "wrap_around", "virtual_channels", "routing", "nodes_per_router",
        "interface_links"}},
      {"fat-tree", {"arity", "parents_per_level", "up_links"}},
      {"hyper-crossbar", {"shape", "order"}},
      {"star", {}},
  };
  const auto it = own.find(family);
  if (it == own.end()) return std::nullopt;
  std::vector<std::string> keys = node_counts;
  keys.insert(keys.end(), it->second.begin(), it->second.end());
  return keys;
}

std::vector<std::vector<std::string>> shape_alternatives(const std::string& family) {
  if (family == "k-ary-n-cube") return {{"sides"}, {"k"}, {"dimensions", "rows", "cols"}};
  return {};
}

std::vector<std::string> known_keys(const std::string& table, const std::string& family) {
  auto names = [](const std::map<std::string, KeySpec>& keys) {
    std::vector<std::string> out;
    for (const auto& [key, spec] : keys) out.push_back(key);
    return out;
  };
  if (table.empty()) return {"name", "title", "base", "topology", "links", "library", "parameters", "hints", "choices"};
  if (table == "topology") return {"family", "shape"};
  if (table == "topology.shape") return shape_keys(family).value_or(std::vector<std::string>{});
  if (table == "links") return names(link_keys());
  if (table == "library") {
    std::vector<std::string> keys = names(library_keys());
    keys.push_back("regimes");
    return keys;
  }
  if (table.starts_with("library.regimes.") && table.find('.', 16) == std::string::npos) return names(regime_keys());
  if (table == "hints") return {"startup"};
  return {};
}

bool suffix_dimension(const std::string& key, Dimension& dimension) {
  static const std::vector<std::pair<std::string, Dimension>> suffixes = {
      {"_us", Dimension::seconds}, {"_ms", Dimension::seconds}, {"_ns", Dimension::seconds},
      {"_MBps", Dimension::bytes_per_second}, {"_Bps", Dimension::bytes_per_second}, {"_bytes", Dimension::bytes}};
  for (const auto& [suffix, d] : suffixes)
    if (key.size() > suffix.size() && key.ends_with(suffix)) {
      dimension = d;
      return true;
    }
  return false;
}

std::optional<KeySpec> spec_of(const std::string& path) {
  if (path == "name" || path == "title" || path == "base") return KeySpec{Takes::text};
  if (path == "topology.family") return KeySpec{Takes::word, Dimension::count, false, {}, true};
  // What schedulers are told (SchedulingHints): tau, when it is not the last regime's start-up.
  if (path == "hints.startup") return KeySpec{Takes::quantity, Dimension::seconds};
  auto under = [&](const std::string& prefix, std::string& rest) {
    if (!path.starts_with(prefix)) return false;
    rest = path.substr(prefix.size());
    return !rest.empty() && rest.find('.') == std::string::npos;
  };
  std::string key;
  if (under("topology.shape.", key) || under("parameters.", key)) return KeySpec{Takes::free};
  if (under("links.", key)) {
    auto it = link_keys().find(key);
    return it == link_keys().end() ? std::nullopt : std::optional<KeySpec>(it->second);
  }
  if (under("library.", key)) {
    auto it = library_keys().find(key);
    return it == library_keys().end() ? std::nullopt : std::optional<KeySpec>(it->second);
  }
  if (path.starts_with("library.regimes.")) {
    const std::string rest = path.substr(std::string("library.regimes.").size());
    const auto dot = rest.find('.');
    if (dot == std::string::npos || dot == 0) return std::nullopt;
    auto it = regime_keys().find(rest.substr(dot + 1));
    return it == regime_keys().end() ? std::nullopt : std::optional<KeySpec>(it->second);
  }
  return std::nullopt;
}

}  // namespace mcsim::machine_file_schema
