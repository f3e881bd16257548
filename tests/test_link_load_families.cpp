// The still link-load picture (`mcsim timeline --link-load`) draws every family as the replay does
// (issue 49): CP-PACS's hyper-crossbar and the star were lists of their busiest links, the
// hypercube's cells had no dimension outlines. Each family's picture is checked here as the replay's
// drawing is (tests/test_network_geometry.cpp): every link drawn, none a chord across the picture.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "sim/output/link_load_picture.hpp"
#include "sim/output/network_geometry.hpp"
#include "topologies/machines.hpp"

using namespace mcsim;

namespace {

struct Picture {
  NetworkLinks network;
  std::string svg;
  double width = 0, height = 0;
  double longest = 0;  // the longest coloured line (a link; the crossbars' grey bars are not links)
  bool inside = true;  // every line's ends within the picture
  std::map<std::string, std::string> stroke_of;  // a drawn link's name -> its mark's stroke attribute
};

// The picture of a one-second run in which every link carried some bytes at 1 MB/s (10 to 500 KB),
// so every link has a colour and a title.
Picture picture(const MachineSpec& spec) {
  Picture p;
  p.network = make_machine(spec)->platform().links();
  std::vector<LinkLoad> loads;
  for (std::size_t i = 0; i < p.network.links.size(); ++i)
    loads.push_back({link_name(p.network.links[i]), 1e6, 1e4 * static_cast<double>(i % 50 + 1), 0.01, 0});
  p.svg = link_load_svg(p.network, spec.nodes, loads, 1.0, "test");
  std::smatch m;
  REQUIRE(std::regex_search(p.svg, m, std::regex(R"re(<svg [^>]*width="([0-9.]+)" height="([0-9.]+)")re")));
  p.width = std::stod(m[1]), p.height = std::stod(m[2]);
  const std::regex line(R"re(<line x1="([-0-9.]+)" y1="([-0-9.]+)" x2="([-0-9.]+)" y2="([-0-9.]+)" stroke="([^"]+)"[^>]*>)re");
  for (std::sregex_iterator it(p.svg.begin(), p.svg.end(), line), end; it != end; ++it) {
    const auto& l = *it;
    if (l[5] == "#bbb") continue;
    const double x1 = std::stod(l[1]), y1 = std::stod(l[2]), x2 = std::stod(l[3]), y2 = std::stod(l[4]);
    p.longest = std::max(p.longest, std::hypot(x2 - x1, y2 - y1));
    for (const double x : {x1, x2}) p.inside = p.inside && x >= 0 && x <= p.width;
    for (const double y : {y1, y2}) p.inside = p.inside && y >= 0 && y <= p.height;
  }
  const std::regex titled(R"re(stroke="([^"]+)"[^>]*><title>([^:<]+):)re");
  for (std::sregex_iterator it(p.svg.begin(), p.svg.end(), titled), end; it != end; ++it) p.stroke_of[(*it)[2]] = (*it)[1];
  return p;
}

}  // namespace

TEST_CASE("Link-load picture: a hyper-crossbar (CP-PACS) is drawn as built, every link a stub to its crossbar's bar") {
  const Picture cp = picture({"cp-pacs", 64, {}});
  REQUIRE(cp.network.layout == NetworkLayout::crossbars);
  const CrossbarGeometry g(cp.network, 64);
  CHECK(cp.svg.find("the busiest links") == std::string::npos);  // not the list it was
  CHECK(cp.stroke_of.size() == cp.network.links.size());  // every link drawn, with its figures
  // One grey bar per crossbar (48 on 4 x 4 x 4), as the replay's.
  const std::regex bar(R"re(stroke="#bbb")re");
  CHECK(std::distance(std::sregex_iterator(cp.svg.begin(), cp.svg.end(), bar), std::sregex_iterator()) == 48);
  // A list or a ring drew links across the picture (up to 530 px); a stub is a fraction of the pitch.
  CHECK(cp.longest > 0);
  CHECK(cp.longest <= g.reach + 0.1);
  CHECK(cp.inside);
}

TEST_CASE("Link-load picture: a star (the Ethernet cluster) is spokes round its switch, none across it") {
  for (const int nodes : {24, 256}) {
    const Picture star = picture({"ethernet-cluster", nodes, {}});
    REQUIRE(star.network.layout == NetworkLayout::star);
    const StarGeometry g(nodes);
    CHECK(star.svg.find("the busiest links") == std::string::npos);
    CHECK(star.stroke_of.size() == star.network.links.size());
    CHECK(star.longest > 0);
    CHECK(star.longest <= g.radius - g.hub + 0.1);  // a spoke from its node to the switch's box
    CHECK(star.inside);
  }
}

TEST_CASE("Link-load picture: a hypercube's cells are outlined in their dimension's colour, its row labels too") {
  const Picture cube = picture({"ipsc860", 64, {}});
  REQUIRE(cube.network.layout == NetworkLayout::dimensions);
  int channels = 0;
  for (const LinkIdentity& link : cube.network.links) {
    if (link.role != LinkRole::network_channel || link.dimension < 0) continue;
    ++channels;
    INFO(link_name(link));
    REQUIRE(cube.stroke_of.contains(link_name(link)));
    CHECK(cube.stroke_of.at(link_name(link)) == dimension_colour(link.dimension));
  }
  CHECK(channels == 6 * 64);
  for (int d = 0; d < 6; ++d)
    CHECK(cube.svg.find("fill=\"" + dimension_colour(d) + "\">dim " + std::to_string(d) + "<") != std::string::npos);
}

TEST_CASE("Link-load picture: a torus (the T3D) is layered grids, no channel longer than the pitch") {
  const Picture t3d = picture({"t3d", 64, {}});
  REQUIRE(t3d.network.layout == NetworkLayout::grid);
  const MeshGeometry g(t3d.network, 64);
  CHECK(t3d.stroke_of.size() == t3d.network.links.size());
  CHECK(t3d.longest <= g.cell + 0.1);
  CHECK(t3d.inside);
}
