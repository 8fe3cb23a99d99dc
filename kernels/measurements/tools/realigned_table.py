#!/usr/bin/env python3
"""A markdown table from realigned_ab's output (realigned_ab.cuh, the
prototypes' A/B since stop 40), written for stop 55:
per shape, the copy's median microseconds and each kernel's median % of
copy over the rounds. Usage: realigned_table.py OUTPUT.txt"""
import re
import statistics
import sys

rows, names = {}, []
for line in open(sys.argv[1]):
    m = re.match(r"(\S+) round \d+ copy ([\d.]+) us \| % of copy: (.*) \| (.*)$", line.strip())
    if not m:
        continue
    shape, copy, rest = m.group(1), float(m.group(2)), m.group(3)
    pairs = re.findall(r"(\S+) ([\d.]+)", rest)
    r = rows.setdefault(shape, {"copy": [], "k": {}})
    r["copy"].append(copy)
    for n, v in pairs:
        r["k"].setdefault(n, []).append(float(v))
        if n not in names:
            names.append(n)
for shape, r in rows.items():
    ks = [n for n in names if n in r["k"]]
    print(f"| {shape} | {statistics.median(r['copy']):.1f} | " +
          " | ".join(f"{n} {statistics.median(r['k'][n]):.1f}" for n in ks) + " |")
