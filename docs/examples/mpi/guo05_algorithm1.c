/* Guo and Pan's Algorithm 1 (M. Guo, Y. Pan, "Improving communication scheduling for array
 * redistribution", JPDC 65 (2005), sec. 4.1) as an MPI program: the redistribution of a
 * one-dimensional array of 4-byte elements (the paper's single precision; here each holds its
 * global index, so the result can be checked) from cyclic(x) on p processors to cyclic(y)
 * on q, in the align-message schedule, one message per processor per step, with no barrier
 * between steps (sec. 2.2: "no need to actually insert barrier ... using MPI").
 *
 *   smpicc -O2 -o guo05_algorithm1 guo05_algorithm1.c
 *   mcsim mpi --machine ethernet-cluster --nodes 24 -- -np 5 --cfg=smpi/wtime:0 \
 *     --cfg=smpi/simulate-computation:no ./guo05_algorithm1 6 5 8 5 1200
 *
 * Arguments: x p y q N [element_bytes], N the elements of each source processor (global size
 * N p, as `mcsim reproduce guo05-fig7`'s local_sizes). Rank r is P_r (r < p) and Q_r (r < q), as
 * the paper numbers both sets from 0; P_r's part for Q_r is a local copy. Every rank starts at
 * time 0 (no barrier before); rank 0 prints the time the last rank finished its last step, in
 * simulated seconds, and checks that every element reached its place (docs/mpi.md compares the
 * time with mcsim's align-message column). Packing and unpacking are done for real; with
 * smpi/simulate-computation:no they take no simulated time, as in mcsim's model. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long gcd(long a, long b) {
  while (b != 0) {
    const long t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* Formulas (4) and (5), sec. 2.1: the owner and local address of global element g in cyclic(b) on n. */
static int owner(long g, long b, int n) { return (int)((g / b) % n); }
static long local_address(long g, long b, int n) { return (g / (b * n)) * b + g % b; }

/* The global index of local element a of processor `proc` in cyclic(b) on n (Formula (5) inverted). */
static long global_index(long a, long b, int n, int proc) { return (a / b) * b * n + (long)proc * b + a % b; }

/* Elements processor `proc` owns of a global array of `size` elements in cyclic(b) on n. */
static long local_count(long size, long b, int n, int proc) {
  const long period = b * n, whole = size / period, rest = size % period - (long)proc * b;
  return whole * b + (rest <= 0 ? 0 : rest < b ? rest : b);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 6) {
    if (rank == 0) fprintf(stderr, "usage: %s x p y q N [element_bytes]\n", argv[0]);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const long x = atol(argv[1]), y = atol(argv[3]), local_n = atol(argv[5]);
  const int p = atoi(argv[2]), q = atoi(argv[4]);
  const int element_bytes = argc > 6 ? atoi(argv[6]) : 4;
  const int procs = p > q ? p : q;
  if (x < 1 || y < 1 || p < 1 || q < 1 || local_n < 1 || element_bytes < 4 || element_bytes % 4 != 0 ||
      local_n > 2147483647L / p) {
    if (rank == 0) fprintf(stderr, "x, p, y, q, N must be positive, N p below 2^31, element_bytes a multiple of 4\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (size < procs) {
    if (rank == 0) fprintf(stderr, "cyclic(%ld) on %d -> cyclic(%ld) on %d needs %d ranks, got %d\n", x, p, y, q, procs, size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  /* Lemma 2: the schedule is that of the reduced redistribution x / z -> y / z, z = gcd(x, y). */
  const long z = gcd(x, y), xr = x / z, yr = y / z;
  if (gcd(xr, q) != 1 || gcd(yr, p) != 1) {
    if (rank == 0)
      fprintf(stderr, "Algorithm 1 needs gcd(x, q) = gcd(y, p) = 1 after reduction (sec. 4.1); got %ld and %ld: "
                      "that is Algorithm 2's case (sec. 4.2)\n", gcd(xr, q), gcd(yr, p));
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const long global_n = local_n * p;

  /* Algorithm 1, step 1: P_0's row of the communication table M over one slice L = lcm(xp, yq)
   * (sec. 2.1, Formula (3); the pattern repeats every slice), and CS_0, the targets with
   * M(0, j) != 0 in increasing order. Every processor computes the whole schedule itself. */
  const long slice = x * p / gcd(x * p, y * q) * (y * q);
  long* row0 = calloc((size_t)q, sizeof(long));
  for (long a = 0; a < local_count(slice, x, p, 0); ++a) ++row0[owner(global_index(a, x, p, 0), y, q)];
  int steps = 0;
  int* cs0 = malloc((size_t)q * sizeof(int));
  for (int j = 0; j < q; ++j)
    if (row0[j] != 0) cs0[steps++] = j;

  /* Step 2: P_i with i = (y k) mod p sends in step l to (CS_0[l] + x k) mod q, for k = 0 .. p-1.
   * With gcd(y, p) = 1 this reaches every P_i; with gcd(x, q) = 1 every step is a permutation
   * and, by Theorem 1, all its messages have one length. cs[i * steps + l] is P_i's target. */
  int* cs = malloc((size_t)p * (size_t)steps * sizeof(int));
  for (int k = 0; k < p; ++k)
    for (int l = 0; l < steps; ++l) cs[(long)((yr * k) % p) * steps + l] = (int)((cs0[l] + xr * k) % q);

  /* The source array (P_rank's part of cyclic(x) on p), each element holding its global index, and
   * the target array (Q_rank's part of cyclic(y) on q). */
  const long source_n = rank < p ? local_count(global_n, x, p, rank) : 0;
  const long target_n = rank < q ? local_count(global_n, y, q, rank) : 0;
  const long words = element_bytes / 4; /* an element: its index, then padding */
  int* source = calloc((size_t)(source_n * words + 1), sizeof(int));
  int* target = calloc((size_t)(target_n * words + 1), sizeof(int));
  for (long a = 0; a < source_n; ++a) source[a * words] = (int)global_index(a, x, p, rank);
  int* out = malloc((size_t)(source_n * words + 1) * sizeof(int));
  int* in = malloc((size_t)(target_n * words + 1) * sizeof(int));
  MPI_Request* requests = malloc((size_t)(procs + 1) * sizeof(MPI_Request));

  for (int l = 0; l < steps; ++l) {
    int pending = 0;
    /* Receives first: Q_rank's senders in step l (one, as the step is a permutation). Their
     * elements come in increasing global order, P_i's part of Q_rank's array. */
    long in_used = 0;
    long* in_start = calloc((size_t)p + 1, sizeof(long));
    for (int i = 0; i < p && rank < q; ++i) {
      if (i == rank || cs[(long)i * steps + l] != rank) continue;
      long count = 0;
      for (long a = 0; a < target_n; ++a) count += owner(global_index(a, y, q, rank), x, p) == i;
      in_start[i] = in_used;
      MPI_Irecv(in + in_used * words, (int)(count * element_bytes), MPI_BYTE, i, l, MPI_COMM_WORLD, &requests[pending++]);
      in_used += count;
    }
    /* The send of step l: pack P_rank's elements for its target (the paper's packing), or copy
     * them locally when the target is Q_rank itself. */
    if (rank < p) {
      const int j = cs[(long)rank * steps + l];
      long count = 0;
      for (long a = 0; a < source_n; ++a) {
        const long g = global_index(a, x, p, rank);
        if (owner(g, y, q) != j) continue;
        if (j == rank)
          memcpy(target + local_address(g, y, q) * words, source + a * words, (size_t)words * sizeof(int));
        else
          memcpy(out + count * words, source + a * words, (size_t)words * sizeof(int));
        ++count;
      }
      if (j != rank && count > 0)
        MPI_Isend(out, (int)(count * element_bytes), MPI_BYTE, j, l, MPI_COMM_WORLD, &requests[pending++]);
    }
    MPI_Waitall(pending, requests, MPI_STATUSES_IGNORE);
    /* Unpack: Q_rank's elements from each sender of the step, in increasing global order. */
    for (int i = 0; i < p && rank < q; ++i) {
      if (i == rank || cs[(long)i * steps + l] != rank) continue;
      long next = in_start[i];
      for (long a = 0; a < target_n; ++a)
        if (owner(global_index(a, y, q, rank), x, p) == i)
          memcpy(target + a * words, in + (next++) * words, (size_t)words * sizeof(int));
    }
    free(in_start);
  }
  const double finished = MPI_Wtime();

  /* After the measured part: the time of the last rank and the check come later than every finish. */
  long wrong = 0, all_wrong = 0;
  for (long a = 0; a < target_n; ++a) wrong += target[a * words] != (int)global_index(a, y, q, rank);
  double last = 0;
  MPI_Reduce(&finished, &last, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&wrong, &all_wrong, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("cyclic(%ld) on %d -> cyclic(%ld) on %d, N %ld: %d steps, misplaced elements %ld, time %.9f\n", x, p, y, q,
           local_n, steps, all_wrong, last);
  free(row0);
  free(cs0);
  free(cs);
  free(source);
  free(target);
  free(out);
  free(in);
  free(requests);
  MPI_Finalize();
  return all_wrong == 0 ? 0 : 1;
}
