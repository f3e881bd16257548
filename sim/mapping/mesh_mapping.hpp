// A mapping of a task graph onto a 2-D mesh (Lo et al. 1992, sec. 3: the node map M_n; edges go on
// the XY route, which for the paper's mappings is the unique shortest path, sec. 4).
#pragma once

#include <string>
#include <vector>

namespace mcsim {

struct MeshShape {
  int rows = 1;
  int cols = 1;
  int nodes() const { return rows * cols; }
  int index(int row, int col) const { return row * cols + col; }  // as topologies/k_ary_n_cube.hpp numbers a mesh
};

// The mesh of B(n) (sec. 4): 2^floor(n/2) rows by 2^ceil(n/2) columns, square or twice as wide
// as high (Definition 7 places the copies of an odd step side by side, of an even step one above
// the other).
MeshShape binomial_mesh(int n);

struct MeshPoint {
  int x = 0;  // column (the paper's x)
  int y = 0;  // row (the paper's y, growing downwards: "below" = larger y)
  friend bool operator==(const MeshPoint&, const MeshPoint&) = default;
};

struct MeshMapping {
  std::string name;            // reflecting, growing, row-major
  MeshShape mesh;
  std::vector<int> node_of_task;  // task -> mesh node index

  MeshPoint point_of_task(int task) const {
    const int node = node_of_task.at(static_cast<std::size_t>(task));
    return {node % mesh.cols, node / mesh.cols};
  }
};

// A mapping from points (one per task) on a mesh. Throws mcsim::Error if a point is off the mesh or
// two tasks share a node (the paper's mappings have load 1 and expansion 1, sec. 4).
MeshMapping mapping_from_points(std::string name, MeshShape mesh, const std::vector<MeshPoint>& points);

}  // namespace mcsim
