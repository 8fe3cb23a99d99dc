#!/usr/bin/env bash
# Run 2 (stop 25): swz-bench --tune (residencies, tile plans) on every cell
# short of 93% of copy in stop 24's run 6, three rounds, after the L2 hint.
set -u
B=$PWD/build-carry; O=/tmp/run2; mkdir -p $O; save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
gunzip -c $B/swz-bench.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
S=8191x8193,12345x6789,5001x7003,7777x5555,6007x6007,4099x9999,9001x4093,3003x11001,8192x8192:8200:8200,6000x5000:6007:6011,1048576x64,100000x96,524288x256,96x100000,4096x64x64,256x256x256,16x1000x1000
for r in 1 2 3; do
  timeout 170 /tmp/swz-bench --tune --repeats 30 --shapes $S --json $O/tune-$r.json > $O/tune-$r.txt 2>&1; echo "round $r exit $?"; save
done
tail -n +2 $O/tune-1.txt | head -3
