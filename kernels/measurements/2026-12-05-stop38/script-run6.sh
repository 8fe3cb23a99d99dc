#!/usr/bin/env bash
# Run 6 (stop 38): pattern_probe.cu with modes 6-8 (loads, stores or both
# moved onto whole 128-byte lines, on tiles that do not overlap;
# build-carry/pattern-probe.gz, built as in run 4), two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run6; mkdir -p $O
save() { tar czf $OUT/run6.tar.gz -C /tmp run6; }
gunzip -c $B/pattern-probe.gz > /tmp/pattern; chmod +x /tmp/pattern
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for k in 1 2; do timeout 100 /tmp/pattern 8191x8193 12345x6789 9001x4093 6007x6007 > $O/pattern-$k.txt 2>&1; echo "pattern $k: exit $?"; cat $O/pattern-$k.txt; save; done
