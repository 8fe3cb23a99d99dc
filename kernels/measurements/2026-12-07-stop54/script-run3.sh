#!/usr/bin/env bash
# Run 3 (stop 54): main's swz-bench on the goals' default suite, two
# processes back to back on an H200 if one is lent, no kernel changed since stop 34's table of
# record. Built on the CPU machine (nvcc 13.0, sm_90, Release, without
# Z3; build-cpu/kernels/swz-bench gzipped to build-carry/swz-bench52.gz).
set -u
B=$PWD/build-carry; O=/tmp/run3; mkdir -p $O
save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
gunzip -c $B/swz-bench52.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader >> $O/date.txt
cat $O/date.txt
for r in 1 2; do
  timeout 250 /tmp/swz-bench --json $O/suite-r$r.json > $O/suite-r$r.txt 2>&1; echo "suite $r: exit $?"; save
done
date -u >> $O/date.txt; save
python3 kernels/measurements/tools/suite_table.py $O/suite-r1.json $O/suite-r2.json 2>&1 | tail -40
