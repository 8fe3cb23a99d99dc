#!/usr/bin/env python3
"""Where a kernel's warps spend their issue slots and stalls, from Nsight
Compute's source page (`ncu -i R.ncu-rep --page source --csv
--print-source sass`, a report taken with --section SourceCounters).

Prints, for one CSV: the SASS instructions executed (warp level) and the
warp-stall samples, summed by opcode (the first word of the instruction,
without its modifiers' predicate), then the N instructions with the most
stall samples, with their addresses. Column names are matched loosely
(they differ between Nsight Compute versions); the ones used are printed.

usage: ncu_source_summary.py FILE.csv [N]
"""
import csv
import re
import sys
from collections import defaultdict


def number(text):
    text = (text or '').replace(',', '').strip()
    try:
        return float(text)
    except ValueError:
        return 0.0


def column(head, *words):
    """The first column whose name holds every word (case-insensitive)."""
    for i, name in enumerate(head):
        if all(w.lower() in name.lower() for w in words):
            return i
    return None


def opcode(source):
    words = source.strip().split()
    if words and words[0].startswith('@'):  # a predicate: @P0, @!P1
        words = words[1:]
    return words[0].split('.')[0] if words else '?'


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    rows = list(csv.reader(line for line in open(path, errors='replace') if line.startswith('"')))
    if not rows:
        print(f'{path}: no CSV rows')
        return 1
    # Newer versions put a "Kernel Name" row before the header: the header
    # is the first row that names the Source column.
    start = next((i for i, r in enumerate(rows) if 'Source' in r), 0)
    rows = rows[start:]
    head = rows[0]
    src = column(head, 'source')
    addr = column(head, 'address')
    executed = column(head, 'instructions executed')
    stalls = column(head, 'warp stall sampling', 'all') or column(head, 'sampling', 'all')
    print('columns:', {k: head[v] for k, v in
                       dict(source=src, address=addr, executed=executed, stalls=stalls).items() if v is not None})
    if src is None or executed is None:
        print('no source or executed-instructions column; header:', head)
        return 1
    by_op = defaultdict(lambda: [0.0, 0.0, 0])
    listing = []
    for r in rows[1:]:
        if len(r) <= max(src, executed):
            continue
        ex = number(r[executed])
        st = number(r[stalls]) if stalls is not None and len(r) > stalls else 0.0
        if not re.match(r'\s*[@A-Z]', r[src]):
            continue  # a units row or a label
        op = opcode(r[src])
        by_op[op][0] += ex
        by_op[op][1] += st
        by_op[op][2] += 1
        listing.append((st, ex, r[addr] if addr is not None else '', r[src].strip()))
    total_ex = sum(v[0] for v in by_op.values()) or 1.0
    total_st = sum(v[1] for v in by_op.values()) or 1.0
    print(f'\n{len(listing)} SASS instructions in the kernel; {total_ex:,.0f} executed (warp level); '
          f'{total_st:,.0f} stall samples\n')
    print('| opcode | in the code | executed | % executed | stall samples | % stalls |')
    print('| --- | ---: | ---: | ---: | ---: | ---: |')
    for op, (ex, st, n) in sorted(by_op.items(), key=lambda kv: -kv[1][0]):
        if ex == 0 and st == 0:
            continue
        print(f'| {op} | {n} | {ex:,.0f} | {100 * ex / total_ex:.1f} | {st:,.0f} | {100 * st / total_st:.1f} |')
    print(f'\nThe {top} instructions with the most stall samples:\n')
    print('| address | instruction | executed | stall samples |')
    print('| --- | --- | ---: | ---: |')
    for st, ex, a, s in sorted(listing, key=lambda t: -t[0])[:top]:
        print(f'| {a} | `{s[:70]}` | {ex:,.0f} | {st:,.0f} |')
    return 0


if __name__ == '__main__':
    sys.exit(main())
