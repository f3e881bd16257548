/* One message of BYTES bytes from rank 0 to rank 1, both starting at time 0 (no barrier before it):
 * rank 1 prints when the message is in its buffer, in simulated seconds. The test of
 * libmcsim-platform.so sets this time beside mcsim's for the same message (docs/mpi.md).
 *   smpicc -O2 -o one_message one_message.c
 *   mcsim mpi --machine cm5 --nodes 32 -- -np 2 --cfg=smpi/wtime:0 ./one_message 1000 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int bytes = argc > 1 ? atoi(argv[1]) : 1000;
  char* buffer = calloc(bytes > 0 ? (size_t)bytes : 1, 1);
  MPI_Request request;
  if (rank == 0) {
    MPI_Isend(buffer, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Irecv(buffer, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    printf("arrived %.12e\n", MPI_Wtime());
  }
  free(buffer);
  MPI_Finalize();
  return 0;
}
