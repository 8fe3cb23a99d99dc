#!/usr/bin/env bash
# On the GPU machine, after scripts/gpu_check.sh: bandwidth (swz-bench,
# with its anchors), the fast kernels' SASS mix and registers, and (unless
# --no-ncu) the hardware's wavefront counts against the model: single-warp
# probes and whole kernels, through Nsight Compute. Other arguments go to
# swz-bench (--tune, --shapes ...). Results go to $SWZ_RESULTS (default /tmp/swz-gpu).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${SWZ_RESULTS:-/tmp/swz-gpu}
mkdir -p "$out"
ncu_too=1
args=()
for a in "$@"; do
  if [ "$a" = --no-ncu ]; then ncu_too=0; else args+=("$a"); fi
done
bin=build-gpu/kernels
status=0
( time $bin/swz-bench "${args[@]}" --json "$out/bench.json" ) > "$out/bench.txt" 2>&1 || status=1
cuobjdump --dump-sass $bin/swz-bench 2>/dev/null | awk '/Function : .*fast_transpose_kernel/ {f=$3} /Function : / && !/fast_transpose_kernel/ {f=""} f != "" && match($0, /(LDG|STG|LDS|STS|SEL|PRMT|SHFL|SHF)[.A-Z0-9]*/) {print f, substr($0, RSTART, RLENGTH)}' \
  | sort | uniq -c > "$out/sass-mix.txt"
# Registers and spills of the fast kernels.
cuobjdump --dump-resource-usage $bin/swz-bench 2>/dev/null | grep -A1 'Function .*fast_transpose_kernel' | grep -v '^--' \
  | paste - - | sed -E 's/.*Function ([^:]*):.*(REG:[0-9]+ STACK:[0-9]+ SHARED:[0-9]+ LOCAL:[0-9]+).*/\1 \2/' \
  > "$out/resource-usage.txt"
if [ $ncu_too = 1 ]; then
  metrics=$(python3 kernels/probe/compare_wavefronts.py metrics)
  $bin/swz-probe manifest "$out/probes-manifest.csv"
  ncu --clock-control none --csv --print-units base --metrics $metrics $bin/swz-probe run > "$out/probes-ncu.csv" 2>&1 || status=1
  python3 kernels/probe/compare_wavefronts.py probes "$out/probes-manifest.csv" "$out/probes-ncu.csv" > "$out/probes.txt" 2>&1 || status=1
  ncu --clock-control none --csv --print-units base --metrics $metrics --kernel-name regex:transpose \
    $bin/swz-probe kernels 8192 "$out/kernels-manifest.csv" > "$out/kernels-ncu.csv" 2>&1 || status=1
  python3 kernels/probe/compare_wavefronts.py kernels "$out/kernels-manifest.csv" "$out/kernels-ncu.csv" > "$out/kernels.txt" 2>&1 || status=1
  tail -3 "$out/probes.txt"; cat "$out/kernels.txt"
fi
cat "$out/bench.txt"
exit $status
