/* MPI_Alltoall of BYTES bytes per pair, every rank starting at time 0 (no barrier before it), as
 * mcsim's AC schedule runs an all-to-all (every receive posted, every message sent, all awaited).
 * Prints the time the last rank finished, in simulated seconds (docs/mpi.md compares it with
 * `mcsim sweep --scheduler AC`).
 *   smpicc -O2 -o alltoall alltoall.c
 *   mcsim mpi --machine cm5 --nodes 32 -- -np 32 --cfg=smpi/alltoall:basic_linear ./alltoall 4096 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int bytes = argc > 1 ? atoi(argv[1]) : 4096;
  char* out = calloc((size_t)bytes * (size_t)size + 1, 1);
  char* in = calloc((size_t)bytes * (size_t)size + 1, 1);
  MPI_Alltoall(out, bytes, MPI_BYTE, in, bytes, MPI_BYTE, MPI_COMM_WORLD);
  double finished = MPI_Wtime(), last = 0;
  /* After the measured part: the reduction's messages come later than every finish. */
  MPI_Reduce(&finished, &last, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("bytes %d nodes %d time %.9f\n", bytes, size, last);
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
