#!/usr/bin/env bash
# Runs 1 and 2 (stop 31): the prototype of the narrow kernel against
# main's fast kernel (7054b33), in one process. Built on the CPU machine
# from the repository root and carried as build-carry/narrow_proto:
#   nvcc -std=c++17 -O3 -arch=sm_90 -I kernels/include -I model \
#        -o build-carry/narrow_proto narrow_proto.cu
# Run 1's source was narrow_proto.cu without the element-wise variants
# (Mode 0 only) and with its own list of shapes (run1/proto.txt shows
# them); run 2 ran narrow_proto.cu as it is here. On the H200:
./build-carry/narrow_proto
