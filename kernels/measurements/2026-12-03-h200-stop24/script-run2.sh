#!/usr/bin/env bash
set -u
B=$PWD/build-carry
gunzip -c $B/swz-bench.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
S=${SHAPES:-8191x8193,12345x6789,6007x6007,16x1000x1000,6000x5000:6007:6011,8192x8192:8200:8192,8192x8192:8192:8200,4096x4096,8192x8192,16384x16384,524288x256}
timeout 400 /tmp/swz-bench --tune --repeats 30 --shapes $S --json $OUT/tune.json > $OUT/tune.txt 2>&1; echo "bench exit $?"
cat $OUT/tune.txt
