#!/usr/bin/env bash
# Run 2 (stop 38): the default suite twice, back to back in two
# processes, main's head (build-carry/swz-bench-main.gz, as run 1), with
# the table of record printed by tools/suite_table.py.
set -u
B=$PWD/build-carry; T=$PWD/kernels/measurements/tools; O=/tmp/run2; mkdir -p $O
save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
gunzip -c $B/swz-bench-main.gz > /tmp/swz-bench; chmod +x /tmp/swz-bench
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for k in 1 2; do
  ( time timeout 270 /tmp/swz-bench --json $O/suite-r$k.json ) > $O/suite-r$k.txt 2>&1; echo "suite $k: exit $?"; tail -3 $O/suite-r$k.txt; save
done
python3 $T/suite_table.py $O/suite-r1.json $O/suite-r2.json | tee $O/table.md; save
