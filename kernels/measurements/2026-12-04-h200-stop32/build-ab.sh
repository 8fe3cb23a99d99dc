#!/usr/bin/env bash
# Builds narrow_ab.cu against the narrow kernel of each step of stop 32
# (a git worktree of each commit; nvcc 13.0, sm_90, -O3 as the Release
# build), gzipped to build-carry/narrow-ab-NAME.gz for script-run2.sh.
set -eu
root=$(git rev-parse --show-toplevel); here=$root/kernels/measurements/2026-12-04-h200-stop32
mkdir -p "$root/build-carry"
for spec in main:d34a611 calls:89c6b68 exchange:6d02472 aligned:7b63ac0 byvalue:425fcda prmt:6b36277 review:274f134 tall:TALL; do
    name=${spec%%:*}; rev=${spec#*:}; t=$(mktemp -d)
    [ "$rev" = TALL ] && rev=issue-10-stop32-tall-exchange  # the experiment, on top of review
    git -C "$root" worktree add -q --detach "$t/tree" "$rev"
    /usr/local/cuda/bin/nvcc -std=c++20 -arch=sm_90 -O3 --diag-error=20013 -I"$t/tree/kernels/include" \
        -I"$t/tree/model" "$here/narrow_ab.cu" -o "$root/build-carry/narrow-ab-$name"
    git -C "$root" worktree remove --force "$t/tree"; rm -rf "$t"
    gzip -f "$root/build-carry/narrow-ab-$name"
    echo "narrow-ab-$name: $rev"
done
