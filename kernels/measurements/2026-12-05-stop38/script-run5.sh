#!/usr/bin/env bash
# Run 5 (stop 38): order_probe.cu (built as pattern_probe.cu;
# build-carry/order-probe.gz) on int8 shapes whose both sides are
# realigned, three rounds; then pattern_probe.cu (below).
set -u
B=$PWD/build-carry; O=/tmp/run5; mkdir -p $O
save() { tar czf $OUT/run5.tar.gz -C /tmp run5; }
gunzip -c $B/order-probe.gz > /tmp/probe; chmod +x /tmp/probe
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for k in 1 2 3; do timeout 120 /tmp/probe 8191x8193 12345x6789 6007x6007 9001x4093 5001x7003 > $O/order-$k.txt 2>&1; echo "round $k: exit $?"; cat $O/order-$k.txt; save; done
# and pattern_probe.cu again (its mode 5, tiles that do not overlap, added
# after run 4; build-carry/pattern-probe.gz), two rounds.
gunzip -c $B/pattern-probe.gz > /tmp/pattern; chmod +x /tmp/pattern
for k in 1 2; do timeout 100 /tmp/pattern 8191x8193 12345x6789 9001x4093 > $O/pattern-$k.txt 2>&1; echo "pattern $k: exit $?"; cat $O/pattern-$k.txt; save; done
