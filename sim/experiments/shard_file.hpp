// A shard's results in one file, and merging the files of all shards of a run.
//
// File NAME.shard-K-of-N.txt (NAME: the stem of the CSV a one-machine run would write):
//
//   mcsim shard results
//   <the run's identity: version, command, inputs (run_identity.hpp)>
//   output NAME.csv
//   shard K N
//   tasks T                 (the length of the run's task list)
//   task k BYTES            (one per task of this shard, k = K, K+N, ..., in order)
//   <BYTES bytes: the task's result text>
//   end HASH                (FNV-1a of everything before this line)
//
// merge_shards reads every such file of a directory and checks that they are one run's and hold
// every task exactly once; each problem is one error naming the file or the missing shard.
#pragma once

#include <cstddef>
#include <map>
#include <string>

#include "run_identity.hpp"

namespace mcsim {

struct ShardFile {
  RunIdentity identity;
  std::string output;  // the file name of the run's CSV
  std::size_t shard = 0, shards = 1, task_count = 0;
  std::map<std::size_t, std::string> results;  // task -> result text
};

std::string shard_file_name(const std::string& stem, std::size_t shard, std::size_t shards);
std::string shard_file_text(const ShardFile& file);
// Throws mcsim::Error(path, ...) for a file that is not a complete, consistent shard file.
ShardFile read_shard_file(const std::string& path);

struct MergedShards {
  RunIdentity identity;
  std::string output;
  std::size_t task_count = 0, files = 0;
  std::map<std::size_t, std::string> results;  // every task 0..task_count-1
};

// Reads every NAME.shard-K-of-N.txt in `directory`. Throws mcsim::Error for none, a damaged one,
// shards of different runs, a task in two shards (a shard given twice, or shards of different N)
// and a missing shard; when `expected` is given, also for shards whose identity differs from it.
MergedShards merge_shards(const std::string& directory, const RunIdentity* expected = nullptr);

}  // namespace mcsim
