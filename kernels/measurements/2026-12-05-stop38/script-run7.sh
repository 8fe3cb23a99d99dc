#!/usr/bin/env bash
# Run 7 (stop 38, prepared; run in stop 39 on an H100, results in run7/):
# pattern_probe.cu with modes 6-9 (loads, stores or both
# moved onto whole 128-byte lines, on tiles that do not overlap;
# and 9, whole output lines from tiles of 256 rows 128 apart;
# build-carry/pattern-probe.gz, built as in run 4), two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run7; mkdir -p $O
save() { tar czf $OUT/run7.tar.gz -C /tmp run7; }
gunzip -c $B/pattern-probe.gz > /tmp/pattern; chmod +x /tmp/pattern
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for k in 1 2; do timeout 100 /tmp/pattern 8191x8193 12345x6789 9001x4093 6007x6007 > $O/pattern-$k.txt 2>&1; echo "pattern $k: exit $?"; cat $O/pattern-$k.txt; save; done
