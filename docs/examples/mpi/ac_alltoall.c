/* mcsim's AC (Ranka, Wang, Kumar 1992, sec. 3.3) written in MPI: BYTES bytes to every other rank,
 * every rank starting at time 0. AC posts every receive, sends its messages in the order of its row
 * of the matrix (destinations 0, 1, ..., n-1: every rank writes to rank 0 first), then waits for
 * all. MPI_Alltoall's basic_linear algorithm (alltoall.c) sends the same messages in a rotated order
 * (rank r to r-1, r-2, ...); docs/mpi.md sets both against `mcsim sweep --scheduler AC`.
 * Prints the time the last rank finished, in simulated seconds.
 *   smpicc -O2 -o ac_alltoall ac_alltoall.c
 *   mcsim mpi --machine cm5 --nodes 32 -- -np 32 ./ac_alltoall 256 */
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
  MPI_Request* requests = malloc(sizeof(MPI_Request) * 2 * (size_t)size);
  int count = 0;
  for (int source = 0; source < size; ++source)
    if (source != rank)
      MPI_Irecv(in + (size_t)source * bytes, bytes, MPI_BYTE, source, 0, MPI_COMM_WORLD, &requests[count++]);
  for (int target = 0; target < size; ++target)
    if (target != rank)
      MPI_Isend(out + (size_t)target * bytes, bytes, MPI_BYTE, target, 0, MPI_COMM_WORLD, &requests[count++]);
  MPI_Waitall(count, requests, MPI_STATUSES_IGNORE);
  double finished = MPI_Wtime(), last = 0;
  /* After the measured part: the reduction's messages come later than every finish. */
  MPI_Reduce(&finished, &last, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("bytes %d nodes %d time %.9f\n", bytes, size, last);
  free(requests);
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
