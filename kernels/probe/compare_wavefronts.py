#!/usr/bin/env python3
"""Compares Nsight Compute's shared-memory wavefront counts with the model.

  compare_wavefronts.py probes  MANIFEST NCU_CSV   every probe must match exactly
  compare_wavefronts.py kernels MANIFEST NCU_CSV   whole kernels, reported side by side

NCU_CSV comes from ncu --clock-control none --csv --print-units base --metrics <METRICS> <program>,
METRICS as printed by `compare_wavefronts.py metrics`. Each instruction kind is
measured with its own counters: ld.shared and st.shared with L1TEX's shared
wavefronts, ldmatrix (LDSM), stmatrix (STSM) and cp.async (LDGSTS) with the
SASS-level wavefront counters of their own op. Measured wavefronts per
instruction = wavefronts / executed instructions of that op.
"""
import csv
import io
import sys

WAVES = {"ld": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
         "st": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
         "ldsm": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
         "stsm": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum",
         "ldgsts": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum"}
INSTS = {"ld": "smsp__inst_executed_op_shared_ld.sum",
         "st": "smsp__inst_executed_op_shared_st.sum",
         "ldsm": "smsp__inst_executed_op_ldsm.sum",
         "stsm": "smsp__inst_executed_op_shared_stsm.sum",
         "ldgsts": "smsp__inst_executed_op_ldgsts.sum"}


def ncu_launches(path):
    """{launch ID: {metric: value}} from ncu's CSV (lines before the header skipped)."""
    text = open(path, encoding="utf-8", errors="replace").read()
    start = text.find('"ID"')
    if start < 0:
        sys.exit(f"compare_wavefronts: no ncu CSV table in {path}")
    launches = {}
    for row in csv.DictReader(io.StringIO(text[start:])):
        value = row["Metric Value"].replace(",", "")
        launches.setdefault(int(row["ID"]), {})[row["Metric Name"]] = float(value)
    return launches


def per_instruction(metrics, op):
    inst = metrics.get(INSTS[op], 0.0)
    return metrics.get(WAVES[op], 0.0) / inst if inst else None


def probes(manifest, ncu):
    launches = ncu_launches(ncu)
    rows = list(csv.DictReader(open(manifest, encoding="utf-8")))
    if len(launches) != len(rows):
        sys.exit(f"compare_wavefronts: {len(rows)} probes in the manifest, {len(launches)} launches measured")
    bad = 0
    print(f"{'probe':<64} {'op':<6} {'W':>3} {'model':>6} {'measured':>9}")
    for row, launch in zip(rows, sorted(launches)):
        measured = per_instruction(launches[launch], row["op"])
        expected = float(row["expected"])
        ok = measured is not None and abs(measured - expected) < 1e-9
        bad += not ok
        shown = "none" if measured is None else f"{measured:g}"
        print(f"{row['name'][:64]:<64} {row['op']:<6} {row['width']:>3} {expected:>6g} {shown:>9}{'' if ok else '   MISMATCH'}")
    print(f"\n{len(rows) - bad} of {len(rows)} probes measured exactly as the model says")
    for op in WAVES:
        mine = [r for r in rows if r["op"] == op]
        if mine:
            print(f"  {op}: {len(mine)} probes")
    return 1 if bad else 0


def kernels(manifest, ncu):
    launches = ncu_launches(ncu)
    rows = list(csv.DictReader(open(manifest, encoding="utf-8")))
    if len(launches) != len(rows):
        sys.exit(f"compare_wavefronts: {len(rows)} kernels in the manifest, {len(launches)} launches measured")
    print(f"{'kernel':<24} {'ld model':>9} {'ld measured':>12} {'st model':>9} {'st measured':>12}")
    for row, launch in zip(rows, sorted(launches)):
        m = launches[launch]
        ld, st = per_instruction(m, "ld"), per_instruction(m, "st")
        print(f"{row['kernel']:<24} {float(row['expected_ld']):>9.2f} {ld if ld is not None else 0:>12.3f} "
              f"{float(row['expected_st']):>9.2f} {st if st is not None else 0:>12.3f}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "metrics":
        print(",".join(list(WAVES.values()) + list(INSTS.values())))
        sys.exit(0)
    if len(sys.argv) != 4 or sys.argv[1] not in ("probes", "kernels"):
        sys.exit(__doc__)
    sys.exit((probes if sys.argv[1] == "probes" else kernels)(sys.argv[2], sys.argv[3]))
