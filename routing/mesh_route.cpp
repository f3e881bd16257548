#include "mesh_route.hpp"

namespace mcsim {

NodePath xy_path(int /*rows*/, int cols, int src, int dst) {
  NodePath path{src};
  int row = src / cols, col = src % cols;
  const int to_row = dst / cols, to_col = dst % cols;
  while (col != to_col) {
    col += col < to_col ? 1 : -1;
    path.push_back(row * cols + col);
  }
  while (row != to_row) {
    row += row < to_row ? 1 : -1;
    path.push_back(row * cols + col);
  }
  return path;
}

}  // namespace mcsim
