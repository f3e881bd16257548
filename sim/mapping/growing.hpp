// The growing mapping M_G of B(n) onto the 2^floor(n/2) x 2^ceil(n/2) mesh (Lo et al. 1992,
// sec. 4.2, Definition 8, Figure 6). B(n) is B(n-1) with a leaf grown from every node (Lemma 1):
// in post-order labels the non-leaf b (odd) is label b >> 1 of B(n-1), and the new leaf b - 1
// (even) hangs from it. B(0..2) are placed as by M_R. For n = 2k - 1 the image of B(n-1) keeps its
// shape, centred, and each node of its Eastern (Western) half grows its leaf 2^(k-2) columns to
// the East (West); for n = 2k the same happens vertically, North and South, 2^(k-2) rows. Half
// the old width (height) is exactly 2^(k-2), so the image fills the mesh.
#pragma once

#include "mesh_mapping.hpp"

namespace mcsim {

// Throws mcsim::Error for n outside 0..max_binomial_order.
MeshMapping growing_mapping(int n);

}  // namespace mcsim
