#!/usr/bin/env bash
# Run 8 (stop 30): every GPU test case of the final build, no filter.
set -u
B=$PWD/build-carry; O=/tmp/run8; mkdir -p $O; save() { tar czf $OUT/run8.tar.gz -C /tmp run8; }
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 500 /tmp/swz-gpu-tests ) > $O/gpu-tests-all.log 2>&1; echo "gpu tests, all: exit $?"; grep -E "passed|failed" $O/gpu-tests-all.log | tail -2
save
