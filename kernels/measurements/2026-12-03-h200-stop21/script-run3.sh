#!/usr/bin/env bash
# Run 3 (stop 21): merged main's kernels, now that edge tiles need fewer
# registers: the realigning kernels at 2-6 blocks per SM (swz-bench --tune),
# int8 and half, two rounds, on odd shapes, sub-matrices and a small batch.
set -u
B=${B:-$PWD/build-carry}; O=/tmp/run3; mkdir -p $O
gunzip -c $B/swz-bench.gz > $B/swz-bench; chmod +x $B/swz-bench
date -u > $O/date.txt; cat $O/date.txt
S=8191x8193,12345x6789,3003x11001,6007x6007,6000x5000:6007:6011,8192x8192:8200:8200,16x1000x1000,100000x96
for r in 1 2; do
  timeout 200 $B/swz-bench --shapes $S --types int8,half --tune --repeats 30 > $O/tune-$r.txt 2>&1; echo "round $r: exit $?"
done
tar czf $OUT/run3.tar.gz -C /tmp run3
head -2 $O/tune-1.txt | cut -c1-200
for r in 1 2; do grep -E "^given" $O/tune-$r.txt | awk '{printf "%-22s %-5s %7s  %s %s %s %s %s\n", $2, $3, $8, $(NF-9), $(NF-8), $(NF-7), $(NF-6), $(NF-5)}'; echo; done
