#include "reproduction_kind.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace mcsim {

std::vector<ReproductionKind> bundled_kinds();  // kind_registry.cpp

namespace {
std::vector<ReproductionKind>& kinds() {
  static std::vector<ReproductionKind> registry = bundled_kinds();
  return registry;
}
}  // namespace

const std::vector<ReproductionKind>& kind_registry() { return kinds(); }

void register_kind(ReproductionKind kind) {
  if (find_kind(kind.name)) throw Error("register_kind", fmt::format("a kind '{}' is registered already", kind.name));
  kinds().push_back(std::move(kind));
}

const ReproductionKind* find_kind(std::string_view name) {
  const auto& all = kinds();
  const auto it = std::find_if(all.begin(), all.end(), [&](const ReproductionKind& k) { return k.name == name; });
  return it == all.end() ? nullptr : &*it;
}

void KindScenario::replace_machine(const std::string& name) {
  MachineSpec* spec = machine();
  if (!spec) throw Error("--machine", fmt::format("{} has no [machine] to replace", header().id));
  spec->name = name;
}

void KindScenario::limit_nodes(int max_nodes) {
  for (const MachineSpec& spec : machines())
    if (spec.nodes > max_nodes)
      throw Error("--max-nodes", fmt::format("{} runs on {} nodes and cannot run on fewer (--max-nodes {})",
                                             header().id, spec.nodes, max_nodes));
}

}  // namespace mcsim
