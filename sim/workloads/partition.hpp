// Partitioning a point mesh into parts for the processors, as the load balancers of the early 1990s
// did; used to make stand-ins for the CFD matrices of Ranka, Wang, Kumar 1992 (see cfd_standin.cpp).
#pragma once

#include <vector>

#include "point_mesh.hpp"

namespace mcsim {

// Recursive inertial bisection (Simon 1991, "Partitioning of unstructured mesh problems for
// parallel processing", reference [17] of Ranka, Wang, Kumar 1992): cut each set of points at the
// median along its principal axis of inertia, until there are `parts` parts, whose sizes then differ
// by at most one point. Returns the part (0..parts-1) of each point.
std::vector<int> inertial_bisection(const std::vector<SpacePoint>& points, int parts);

}  // namespace mcsim
