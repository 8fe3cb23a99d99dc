#!/usr/bin/env bash
# Run 3 (stop 38): swz-bench with the GPU's own memory peak (c7b287a,
# build-cpu, Release, sm_90; build-carry/swz-bench-hbm.gz; its kernels are
# main's): its header and JSON on the lent GPU, then the default suite
# twice, with the table of record printed by tools/suite_table.py.
set -u
B=$PWD/build-carry; T=$PWD/kernels/measurements/tools; O=/tmp/run3; mkdir -p $O
save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
gunzip -c $B/swz-bench-hbm.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.memory --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 60 /tmp/swz-bench --shapes 8192x8192 --types float --hbm-gbps 1000 > $O/given.txt 2>&1; echo "given: exit $?"; head -3 $O/given.txt
for k in 1 2; do
  ( time timeout 200 /tmp/swz-bench --json $O/suite-r$k.json ) > $O/suite-r$k.txt 2>&1; echo "suite $k: exit $?"; head -1 $O/suite-r$k.txt; tail -7 $O/suite-r$k.txt | head -3; save
done
python3 -c "import json; d=json.load(open('$O/suite-r1.json')); print(d['device'], d['hbm_gbps'], d['hbm_source'])"
python3 $T/suite_table.py $O/suite-r1.json $O/suite-r2.json | tee $O/table.md; save
