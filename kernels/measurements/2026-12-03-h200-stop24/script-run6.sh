#!/usr/bin/env bash
# Run 6 (stop 24): the copy baseline with the L2 prefetch hints too
# (copy16 without and with 128- and 256-byte hints, the fastest kept):
# the same kernels (main with the hints) under the former bench and the
# stricter one, the default suite alternated, three rounds.
set -u
B=$PWD/build-carry; O=/tmp/run6; mkdir -p $O; save() { tar czf $OUT/run6.tar.gz -C /tmp run6; }
for v in loosecopy strict; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for r in 1 2 3; do for v in loosecopy strict; do
  timeout 100 /tmp/swz-bench-$v --json $O/suite-$v-$r.json > $O/suite-$v-$r.txt 2>&1; echo "$v round $r: exit $? $(grep 'at least 93' $O/suite-$v-$r.txt)"
done; save; done
