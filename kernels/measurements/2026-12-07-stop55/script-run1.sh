#!/usr/bin/env bash
# Run 1 (stop 55): ring_prototype.cu (the int8 kernel realigning both
# sides that writes whole output lines from a ring in shared memory, its
# input staged by cp.async two tiles ahead) against launch_fast and
# cudaMemcpy, every output checked, three rounds a shape; then memcheck
# and racecheck on small shapes. Built on the CPU machine (nvcc 13.0
# -std=c++20 -arch=sm_90 -O3 -I kernels/include -I model;
# build-carry/ring_proto.gz).
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O
save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
gunzip -c $B/ring_proto.gz > /tmp/ring; chmod +x /tmp/ring
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader >> $O/date.txt; cat $O/date.txt
timeout 300 /tmp/ring 8191x8193 12345x6789 3003x11001 6007x6007 5001x7003 9001x4093 7777x5555 4099x9999 4001x4001 2001x2001 h:8191x8193 h:12345x6789 h:3003x11001 h:6007x6007 h:5001x7003 h:4099x9999 h:4001x4001 > $O/ring.txt 2>&1; echo "ring: exit $?"; save
timeout 120 compute-sanitizer --tool memcheck /tmp/ring 1001x515 257x129 h:1001x515 h:257x129 > $O/memcheck.txt 2>&1; echo "memcheck: exit $?"; tail -3 $O/memcheck.txt; save
for vs in "S3K4 300x263" "S2K4 300x263" "S3K8 h:300x263"; do set -- $vs; timeout 60 compute-sanitizer --tool racecheck /tmp/ring --only $1 $2 > $O/racecheck-$1-$2.txt 2>&1; echo "racecheck $vs: exit $?"; tail -3 $O/racecheck-$1-$2.txt; save; done
date -u >> $O/date.txt; save
grep -E "checks|round" $O/ring.txt
