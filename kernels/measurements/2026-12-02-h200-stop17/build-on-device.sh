#!/usr/bin/env bash
# build-on-device.sh NAME=REF[=CUDAFLAGS] ... : on the GPU machine, from the
# repository's git objects (the device receives the lead's checkout, not this
# worktree), build each REF's swz-bench for sm_90 (Release, no Z3) into
# $BIN/swz-bench-NAME, all in parallel; for NAME "new" also swz-gpu-tests.
# The Catch2 header comes from the branch issue-10-stop17-device.
set -u
BIN=${BIN:-/tmp/bin}; mkdir -p $BIN
C=/tmp/catch; mkdir -p $C/catch2
git show issue-10-stop17-device:device/catch2/catch.hpp > $C/catch2/catch.hpp || exit 1
for spec in "$@"; do
  IFS='=' read -r name ref flags <<< "$spec"
  ( S=/tmp/src-$name; rm -rf $S; mkdir -p $S; git archive $ref | tar -x -C $S
    t=OFF; targets=swz-bench; [ $name = new ] && t=ON && targets="swz-bench swz-gpu-tests"
    cmake -S $S -B $S/b -DSWZ_WITH_Z3=OFF -DSWZ_CUDA=ON -DSWZ_BUILD_TESTS=$t -DSWZ_CATCH2_INCLUDE_DIR=$C \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS="$flags" > $S/cfg.log 2>&1 &&
    cmake --build $S/b --target $targets -j8 > $S/build.log 2>&1 || { echo "build $name failed"; tail -20 $S/cfg.log $S/build.log; }
    cp $S/b/kernels/swz-bench $BIN/swz-bench-$name 2>/dev/null
    [ $name = new ] && cp $S/b/tests/gpu/swz-gpu-tests $BIN/ 2>/dev/null
    echo "built $name ($ref $flags): $(git rev-parse --short $ref)" ) &
done
wait
ls -la $BIN
