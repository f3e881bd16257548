// The reflecting mapping M_R of B(n) onto the 2^floor(n/2) x 2^ceil(n/2) mesh (Lo et al. 1992,
// sec. 4.1, Definition 7, Figure 4): B(n) is two copies of M_R(B(n-1)), the copy holding the root
// (post-order labels 2^(n-1) .. 2^n - 1) reflected about a vertical axis and placed to the right
// (n odd) or about a horizontal axis and placed below (n even).
#pragma once

#include <vector>

#include "mesh_mapping.hpp"

namespace mcsim {

// Definition 7, built step by step. Throws mcsim::Error for n outside 0..max_binomial_order.
MeshMapping reflecting_mapping(int n);

// Binary reflected Gray code of v (v xor v >> 1) and its inverse (the position whose code is v).
int gray(int v);
int inverse_gray(int v);

// The closed formula printed after Definition 7: b -> [x, y] = [gray(... b2 b0), gray(... b3 b1)].
// The paper does not say which way "gray" goes; `inverse` reads it as the position whose Gray
// code is the bits (that reading equals Definition 7), otherwise gray() itself is applied.
std::vector<MeshPoint> reflecting_formula_points(int n, bool inverse);

}  // namespace mcsim
