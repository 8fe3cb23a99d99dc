#!/usr/bin/env bash
# Run 7 (stop 24): floats whose input and output rows are both unaligned
# realigned by the gather (one output row per lane, no shuffle, no whole
# sectors) against the shipped shuffles with whole sectors; float cells of
# the default suite, alternated, four rounds.
set -u
B=$PWD/build-carry; O=/tmp/run7; mkdir -p $O; save() { tar czf $OUT/run7.tar.gz -C /tmp run7; }
for v in strict fgather; do gunzip -c $B/swz-bench-$v.gz > /tmp/swz-bench-$v; chmod +x /tmp/swz-bench-$v; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for r in 1 2 3 4; do for v in strict fgather; do
  timeout 100 /tmp/swz-bench-$v --types float --json $O/suite-$v-$r.json > $O/suite-$v-$r.txt 2>&1; echo "$v round $r: exit $? $(grep 'at least 93' $O/suite-$v-$r.txt)"
done; save; done
