#!/usr/bin/env bash
# Static size of the narrow kernels (static/kernels.cu) built against the
# tree at $1 (nvcc 13.0, sm_90, -O3, as the Release build): SASS
# instructions of each kernel's .text (16 bytes each; functions it calls
# are apart), registers and stack frame (ptxas -v: a stack frame is local
# memory, which the kernels must not need). Usage: size.sh TREE > out.txt
set -eu
here=$(cd "$(dirname "$0")" && pwd); t=$(mktemp -d)
/usr/local/cuda/bin/nvcc -std=c++20 -arch=sm_90 -O3 -I"$1/kernels/include" -I"$1/model" -cubin "$here/kernels.cu" \
  -o "$t/k.cubin" -Xptxas -v 2> "$t/ptxas.log"
python3 - "$t/k.cubin" "$t/ptxas.log" <<'PY'
import re, subprocess, sys
regs, stack, cur = {}, {}, None
for l in open(sys.argv[2]):
    m = re.search(r"Compiling entry function '(\S+)'|Function properties for (\S+)", l)
    if m: cur = m.group(1) or m.group(2)
    m = re.search(r'(\d+) bytes stack frame', l)
    if m and cur: stack[cur] = m.group(1)
    m = re.search(r'Used (\d+) registers', l)
    if m and cur: regs[cur] = m.group(1)
rows = []
for l in subprocess.run(['readelf', '-S', '-W', sys.argv[1]], capture_output=True, text=True).stdout.split('\n'):
    m = re.search(r'\.text\.(\S+)\s+PROGBITS\s+\S+\s+\S+\s+(\S+)', l)
    k = m and re.search(r'narrow_transpose_kernelILj(\d)ELj(\d+)ELb(\d)', m.group(1))
    if k:
        name = m.group(1)
        rows.append((k.group(3) == '0', int(k.group(1)), int(k.group(2)), int(m.group(2), 16) // 16, regs.get(name, '?'),
                     stack.get(name, '?')))
print('| kernel | SASS instructions | registers | stack frame (bytes) |')
print('| --- | ---: | ---: | ---: |')
for wide, e, n, size, r, st in sorted(rows):
    print(f"| {'wide' if wide else 'tall'} E={e} N={n} | {size} | {r} | {st} |")
PY
rm -rf "$t"
