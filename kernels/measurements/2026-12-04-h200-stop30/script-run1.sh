#!/usr/bin/env bash
# Run 1 (stop 30): SASS of the float kernel with aligned input rows and
# realigned output rows, and of the half kernel realigning both sides,
# with split and whole sectors (build-carry/k.cubin, compiled on the CPU
# machine from build-carry/k.cu); then main's --tune on floats' and
# halves' tall narrow and odd shapes (the "sectors" column), two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O; save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
cuobjdump -sass $B/k.cubin > $O/k.sass 2>&1; echo "sass: $(wc -l < $O/k.sass) lines"
save
gunzip -c $B/swz-bench-base.gz > /tmp/swz-bench-base; chmod +x /tmp/swz-bench-base
F=1048577x128,262145x128,65537x128,100001x96,8193x8192,12345x6784,1048577x64
H=8191x8193,3003x11001,6007x6007,12345x6789,100001x96,65537x128,1048577x128
for r in 1 2; do
  timeout 120 /tmp/swz-bench-base --tune --types float --shapes $F --json $O/tune-f-r$r.json > $O/tune-f-r$r.txt 2>&1 || echo "tune f $r: exit $?"
  timeout 120 /tmp/swz-bench-base --tune --types half --shapes $H --json $O/tune-h-r$r.json > $O/tune-h-r$r.txt 2>&1 || echo "tune h $r: exit $?"
  save
done
grep -il "wrong\|mismatch" $O/*.txt | head
head -30 $O/tune-f-r1.txt
save
