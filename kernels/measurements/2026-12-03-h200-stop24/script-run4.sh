#!/usr/bin/env bash
# Run 4 (stop 24): global loads with an L2 prefetch-size hint
# (ld.global.nc.L2::128B / L2::256B) against main's loads, the default
# suite, three rounds alternated, one process per binary and round.
set -u
B=$PWD/build-carry
for v in main l2-128 l2-256; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
date -u > $OUT/run4-date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $OUT/run4-date.txt; cat $OUT/run4-date.txt
for r in 1 2 3; do for v in main l2-128 l2-256; do
  timeout 100 /tmp/swz-bench-$v --json $OUT/run4-$v-$r.json > $OUT/run4-$v-$r.txt 2>&1; echo "$v round $r: exit $? $(grep 'at least 93' $OUT/run4-$v-$r.txt)"
done; done
