#!/usr/bin/env python3
"""An independent reference for swz-verify: every layout family written again
from its documented meaning (the article's formula, CuTe's Swizzle<B,M,S>,
the TMA modes, padded and GF(2) layouts, Triton's swizzled_shared as its
per-bit bases state it, Triton's TTGIR attributes (swizzled_shared,
nvmma_shared, shared_linear, the leading-offset shared of Triton 3.0-3.2) pasted whole and
placed by Triton's offset bases, a swizzle after column blocks as CUTLASS tiles its
atoms, CuTe's printed layouts by CuTe's own layout function), the bank rule of
kernels/BANK-MODEL.md, and each property and figure by brute force over a
small tile. It shares no code with swz: not the model's templates, not the
enumeration of tests/support. Random small layouts of every family are
certified by swz-verify --json and every verdict, figure (the four
patterns, element- and chunk-wide, the chunk itself, and ldmatrix.x1, .x2
and .x4) and first witness compared; every fourth case is instead a pair of layouts of one tile (a
third of them two spellings of one layout) given to --equiv, its verdict,
exit code and first distinguishing cell compared. A quarter of the layouts
that repeat are certified at swz's default height, every 32-bit row, and
compared with a tile of two bank periods and a warp; TMA tiles at a base
have tma.base and tma.alignment compared too; chunk_integrity is compared
everywhere rows are kept, a fifth of the layouts with a chunk named by
--chunk-bytes.

    tests/reference/reference_model.py path/to/swz-verify [count] [seed]

Exit 0 when every comparison agrees, 1 otherwise (each disagreement printed).
"""
import ast
import json
import random
import subprocess
import sys


# ---- layouts: (y, x) -> byte offset, and the tile's pitch ----

def article(nx, elem, tc):
    """The article: i_chunk = (y*NX + x)*sizeof(T)/sizeof(TC); y_chunk =
    i_chunk / (SWIZZLE_SIZE/sizeof(TC)); x_chunk = i_chunk % (...);
    x_swz = (y_chunk ^ x_chunk)*sizeof(TC)/sizeof(T) % NX + x % (sizeof(TC)/sizeof(T))."""
    chunks = nx * elem // tc

    def offset(y, x):
        i_chunk = (y * nx + x) * elem // tc
        y_chunk, x_chunk = i_chunk // chunks, i_chunk % chunks
        x_swz = (y_chunk ^ x_chunk) * tc // elem % nx + x % (tc // elem)
        return y * nx * elem + x_swz * elem
    return offset, nx * elem


def cute_swizzle(b, m, s):
    """CuTe's Swizzle<B,M,S>: the B bits at M + max(S, 0) XORed onto the B
    bits at M + max(-S, 0) (shift right by S, left for negative S)."""
    mask = ((1 << b) - 1) << (m + max(s, 0))

    def f(u):
        field = u & mask
        return u ^ (field >> s if s >= 0 else field << -s)
    return f


def swizzled(f, row_bytes, elem, pad, unit_bytes):
    """A swizzle after a row-major tile of pitch row_bytes + pad (CuTe's
    ComposedLayout), on offsets in units of unit_bytes."""
    pitch = row_bytes + pad

    def offset(y, x):
        base = y * pitch + x * elem
        return f(base // unit_bytes) * unit_bytes + base % unit_bytes
    return offset, pitch


def tma(span, row_bytes, base=0):
    """The copy engine: 16-byte units of the absolute address permuted
    within each span-byte block by XOR with the 128-byte line index bits:
    128B mode XORs address bits 7-9 onto 4-6, 64B bits 7-8 onto 4-5, 32B bit 7
    onto 4. A box row narrower than the span is padded to it. A tile at
    shared address base finds its byte at F(base + relative) - base."""
    if span is None:  # tma:none: rows as they are, no swizzle
        return (lambda y, x_byte: y * row_bytes + x_byte), row_bytes
    bits = {128: 3, 64: 2, 32: 1}[span]
    f = cute_swizzle(bits, 4, 3)

    def offset(y, x_byte):
        return f(base + y * span + x_byte) - base
    return offset, span


def tma_alignment(span, row_bytes, rows):
    """The smallest power-of-two base alignment (16 and up) at which every
    base of it places every byte of the tile where the swizzle of relative
    offsets says (bases tried up to 8 KiB)."""
    rel = tma(span, row_bytes)[0]
    cells = [(y, b) for y in range(min(rows, 16)) for b in range(0, row_bytes, 16)]
    a = 16
    while not all(tma(span, row_bytes, base)[0](y, b) == rel(y, b)
                  for base in range(a, 8192, a) for y, b in cells):
        a *= 2
    return a


def linear(images, row_bytes, elem):
    cols = row_bytes // elem

    def offset(y, x):
        u, out, k = y * cols + x, 0, 0
        while u:
            if u & 1:
                out ^= images[k] if k < len(images) else 0
            u >>= 1
            k += 1
        return out * elem
    return offset, row_bytes


def triton(vec, per_phase, max_phase, row_bytes, elem):
    """Triton's swizzled_shared: offset row bit k holds row 2^k at column
    vec * ((2^k // perPhase) % maxPhase) % cols, XORed over the row's set
    bits (Triton's LinearLayout bases); the offset of cell (y, x) is then
    y * cols + (x ^ that column)."""
    cols = row_bytes // elem

    def offset(y, x):
        phase, k = 0, 0
        while y >> k:
            if (y >> k) & 1:
                phase ^= vec * (((1 << k) // per_phase) % max_phase) % cols
            k += 1
        return (y * cols + (x ^ phase)) * elem
    return offset, row_bytes


def triton_bases_layout(bases, rows, cols, elem):
    """A layout as Triton's LinearLayout states it: offset bit k holds the
    cell bases[k] = (row, col), an offset the XOR of its set bits' cells;
    inverted here to (y, x) -> byte offset over the tile."""
    where = {}
    for o in range(rows * cols):
        y = x = 0
        for k, (by, bx) in enumerate(bases):
            if (o >> k) & 1:
                y ^= by
                x ^= bx
        where[(y, x)] = o * elem
    return lambda y, x: where[(y, x)]


def nvmma_bases(w, vec, per_phase, max_phase, rows, cols, elem):
    """Triton's nvmma_shared (LinearLayoutConversions.cpp): a core of 8 rows
    of w bytes, row bit j < 3 XORing vec * ((2^j // perPhase) % maxPhase)
    into the column, then the rest of the rows, then the columns; w = 0: the
    core is the box row of min(cols, 256) elements, nothing XORed."""
    core = w // elem if w else min(cols, 256)
    bases = [(0, 1 << k) for k in range(core.bit_length() - 1)]
    bases += [(1 << j, vec * (((1 << j) // per_phase) % max_phase) if w and j < 3 else 0)
              for j in range(rows.bit_length() - 1)]
    c = core
    while c < cols:
        bases.append((0, c))
        c *= 2
    return bases


def random_shared_linear(rng, rows):
    """A shared_linear attribute: the identity's bases mixed by XORs, shuffled."""
    elem = rng.choice([1, 2, 4, 8])
    cols = rng.choice([c for c in (2, 4, 8, 16, 32, 64) if c * elem >= 4])
    bases = [[0, 1 << k] for k in range(cols.bit_length() - 1)] + [[1 << k, 0] for k in range(rows.bit_length() - 1)]
    for _ in range(rng.randint(0, 8)):
        i, j = rng.randrange(len(bases)), rng.randrange(len(bases))
        if i != j:
            bases[i] = [bases[i][0] ^ bases[j][0], bases[i][1] ^ bases[j][1]]
    rng.shuffle(bases)
    text = "#ttg.shared_linear<{offset = [" + ", ".join(f"[{a}, {b}]" for a, b in bases) + "]}, alignment = 16>"
    off = triton_bases_layout(bases, rows, cols, elem)
    return text, cols * elem, elem, off, cols * elem, None


def random_ttgir(rng, rows):
    """A TTGIR attribute as a dump prints it, with its reference layout."""
    pow2 = rows >= 8 and rows & (rows - 1) == 0
    if not pow2 or rng.random() < 0.25:
        elem = rng.choice([1, 2, 4, 8])
        row_bytes = max(rng.choice([16, 32, 64, 128, 256]), elem)
        vec, per_phase, max_phase = (rng.choice([1, 2, 4, 8, 16]) for _ in range(3))
        off, pitch = triton(vec, per_phase, max_phase, row_bytes, elem)
        alias = rng.choice(["", "#shared = ", "#shared1 = "])
        text = (f"{alias}#ttg.swizzled_shared<{{vec = {vec}, perPhase = {per_phase}, maxPhase = {max_phase}, "
                f"order = [1, 0]}}>")
        return text, row_bytes, elem, off, pitch, None
    if rng.random() < 0.25:
        return random_shared_linear(rng, rows)
    elem = rng.choice([1, 2, 4, 8])
    w = rng.choice([0, 32, 64, 128])
    row_bytes = rng.choice([r for r in (32, 64, 128, 256, 512, 1024) if r >= max(w, elem) and r // elem <= 512])
    legacy = w and rng.random() < 0.3
    vec, per_phase, max_phase = (16 // elem, 128 // w, w // 16) if w else (1, 1, 1)
    off = triton_bases_layout(nvmma_bases(w, vec, per_phase, max_phase, rows, row_bytes // elem, elem),
                              rows, row_bytes // elem, elem)
    if legacy:
        text = (f"#triton_gpu.shared<{{vec = {vec}, perPhase = {per_phase}, maxPhase = {max_phase}, order = [1, 0], "
                f"CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0], hasLeadingOffset = true}}>")
        return text, row_bytes, elem, off, row_bytes, None
    transposed = rng.choice(["false", "true"]) if rows <= 256 else "false"
    text = (f"#ttg.nvmma_shared<{{swizzlingByteWidth = {w}, transposed = {transposed}, "
            f"elementBitWidth = {8 * elem}}}>")
    # Half name no --elem: the attribute's elementBitWidth gives it.
    short = ["--layout", text, "--row-bytes", str(row_bytes)] if rng.random() < 0.5 else None
    return text, row_bytes, elem, off, row_bytes, short


def column_blocks(f, unit, width, rows, row_bytes, elem):
    """The tile cut into column blocks `width` bytes wide, block j holding
    every row at j * rows * width, rows width bytes apart (CuTe's
    tile_to_shape of a one-block-wide atom, atoms down the rows first); the
    swizzle f after it, on offsets in `unit` bytes."""
    def offset(y, x):
        b = x * elem
        base = (b // width) * rows * width + y * width + b % width
        return f(base // unit) * unit
    return offset, row_bytes


def cute_value(shape, stride, c):
    """CuTe's layout function on one mode: the index c split over the
    shape's leaves, the first fastest (colexicographic), each digit times
    its stride, summed."""
    if isinstance(shape, int):
        return (c % shape) * stride
    total = 0
    for sub_shape, sub_stride in zip(shape, stride):
        n = cute_size(sub_shape)
        total += cute_value(sub_shape, sub_stride, c % n)
        c //= n
    return total


def cute_size(shape):
    if isinstance(shape, int):
        return shape
    n = 1
    for sub in shape:
        n *= cute_size(sub)
    return n


def cute_leaves(shape, stride):
    """A mode's (size, stride) leaves in order, those of size 1 dropped."""
    if isinstance(shape, int):
        return [(shape, stride)] if shape > 1 else []
    return [leaf for sh, st in zip(shape, stride) for leaf in cute_leaves(sh, st)]


def cute_one_run(shape, stride):
    """The stride of a mode that steps evenly through its whole size (each
    leaf's stride the ones before it times their sizes), or None."""
    leaves, step, first = cute_leaves(shape, stride), 1, None
    for size, st in leaves:
        first = st if first is None else first
        if st != first * step:
            return None
        step *= size
    return first if leaves else 0


def cute_text_layout(shape, stride, swz, pointer, elem):
    """CuTe's ComposedLayout as print(layout) shows it: the layout (mode 0
    the rows, mode 1 the columns) in elements, then the swizzle on element
    offsets (`o 0 o`) or on byte addresses (`o smem_ptr[..b](unset) o`).
    The rows are a pitch apart where mode 1 is the row's elements in order
    and mode 0 one even step of at least a row; else a row's bytes apart."""
    f = cute_swizzle(*swz) if swz else (lambda u: u)

    def offset(y, x):
        e = cute_value(shape[0], stride[0], y) + cute_value(shape[1], stride[1], x)
        return f(e * elem) if pointer else f(e) * elem
    cols, rows = cute_size(shape[1]), cute_size(shape[0])
    col_run, row_run = cute_one_run(shape[1], stride[1]), cute_one_run(shape[0], stride[0])
    pitch = cols
    strided = (col_run == 1 or cols == 1) and row_run is not None and (rows == 1 or row_run >= cols)
    if strided and rows > 1:
        pitch = row_run
    offset.footprint = rows * pitch * elem if strided else cute_footprint(shape, stride, swz, pointer, elem)
    return offset, pitch * elem


def cute_footprint(shape, stride, swz, pointer, elem):
    """The bytes a layout whose rows are not a pitch apart may occupy: its
    cosize (the last element it reaches, plus one), rounded up to the
    aligned block a swizzle keeps each offset in (2^(M + B + max(-S, 0))
    of its units)."""
    reach = sum((n - 1) * st for m in (0, 1) for n, st in cute_leaves(shape[m], stride[m]))
    size = (reach + 1) * elem
    if swz and swz[0] > 0:
        b, m, sh = swz
        block = (1 << (m + b + max(-sh, 0))) * (1 if pointer else elem)
        size = -(-size // block) * block
    return size


def cute_text(shape, stride, swz, pointer, elem, rng):
    """The layout as CuTe prints it, static integers (_8) or not, spaced or not."""
    def tup(t):
        if isinstance(t, int):
            return ("_" if rng.random() < 0.5 else "") + str(t)
        return "(" + ",".join(tup(v) for v in t) + ")"
    body = tup(shape) + ":" + tup(stride)
    if not swz:
        return body
    o = rng.choice([" o ", "o"])
    if pointer and rng.random() < 0.3:  # a tensor's print, at an address on the swizzle's repeat
        return f"Sw<{swz[0]},{swz[1]},{swz[2]}>_smem_ptr[{8 * elem}b](0x{rng.randint(0, 1 << 16) << 14:x})" + o + body
    mid = f"smem_ptr[{8 * elem}b](unset)" if pointer else rng.choice(["_0", "0"])
    return f"Sw<{swz[0]},{swz[1]},{swz[2]}>" + o + mid + o + body


def factors(n, rng):
    """n as a random product of 1 to 3 factors (a CuTe mode's leaves)."""
    out = []
    for _ in range(rng.randint(0, 2)):
        divisors = [d for d in range(2, n) if n % d == 0]
        if not divisors:
            break
        d = rng.choice(divisors)
        out.append(d)
        n //= d
    out.append(n)
    rng.shuffle(out)
    return out


def random_cute_text(rng, rows, row_bytes=None, elem=None, stages=False):
    """A random two-mode CuTe layout of `rows` rows: its leaves in a random
    order with compact strides (row-major, column-major and everything
    between), sometimes with gaps, sometimes strides at random; a swizzle
    after it on elements or bytes, or none; with `stages`, sometimes a third
    mode of pipeline stages (random_stages)."""
    elem = elem or rng.choice([1, 2, 4, 8])
    row_bytes = row_bytes or max(rng.choice([8, 16, 32, 48, 64, 96, 128, 256]), elem)
    cols = row_bytes // elem
    modes = [factors(rows, rng), factors(cols, rng)]
    leaves = [(m, i) for m in (0, 1) for i in range(len(modes[m]))]
    order = leaves if rng.random() < 0.3 else rng.sample(leaves, len(leaves))
    if rng.random() < 0.3:  # row-major: the columns first
        order = [l for l in leaves if l[0] == 1] + [l for l in leaves if l[0] == 0]
    strides, step = {}, 1
    for m, i in order:
        strides[(m, i)] = step
        step *= modes[m][i]
        if rng.random() < 0.15:
            step += rng.choice([1, 2, 8, 16])  # a gap
    if rng.random() < 0.1:
        strides = {k: rng.randint(0, 70) for k in strides}
    shape, stride = [], []
    for m in (0, 1):
        sh = tuple(modes[m])
        st = tuple(strides[(m, i)] for i in range(len(modes[m])))
        if len(sh) == 1 and rng.random() < 0.7:
            sh, st = sh[0], st[0]
        shape.append(sh)
        stride.append(st)
    swz, pointer = None, rng.random() < 0.4
    if rng.random() < 0.7:
        b = rng.randint(0, 3)
        swz = (b, rng.randint(0, 4), rng.randint(max(b, 1), b + 3))
    off, pitch = cute_text_layout(shape, stride, swz, pointer and swz is not None, elem)
    if stages and rng.random() < 0.3:
        random_stages(rng, shape, stride, swz, pointer and swz is not None, elem, off)
    return cute_text(tuple(shape), tuple(stride), swz, pointer, elem, rng), row_bytes, elem, off, pitch, None


def random_stages(rng, shape, stride, swz, pointer, elem, off):
    """A third mode of 1-4 stages appended to shape and stride: apart by whole
    swizzle repeats past the tile's reach, or by anything up to it (they may
    share bytes), or by a repeat and a little (not stage 0 moved). `off`
    learns each stage's move in bytes before the swizzle (off.stages), the
    move that keeps stage 0's map and banks (off.repeat: the swizzle reads
    bits up to M + |S| + B, and a bank line is 128 bytes) and every stage's
    cells (off.full)."""
    n = rng.choice([1, 2, 3, 4, (2, 2)])
    reach = sum((k - 1) * st for m in (0, 1) for k, st in cute_leaves(shape[m], stride[m])) + 1
    unit = 1 if pointer else elem
    repeat_units = 1 << (swz[1] + abs(swz[2]) + swz[0]) if swz and swz[0] else 1
    off.repeat = max(128, repeat_units * unit)
    whole = off.repeat // elem  # elements a repeat (both powers of two, 128 >= elem)
    kind = rng.random()
    if kind < 0.5:
        d = -(-reach // whole) * whole * rng.choice([1, 1, 2])
    elif kind < 0.75:
        d = rng.randint(0, reach)
    else:
        d = -(-reach // whole) * whole + rng.choice([1, 2, 8, 16, 32])
    shape.append(n)
    stride.append((d, 2 * d) if isinstance(n, tuple) else d)
    f = cute_swizzle(*swz) if swz else (lambda u: u)
    off.stages = [cute_value(shape[2], stride[2], i) * elem for i in range(cute_size(n))]

    def full(i, y, x):
        e = cute_value(shape[0], stride[0], y) + cute_value(shape[1], stride[1], x) + cute_value(shape[2], stride[2], i)
        return f(e * elem) if pointer else f(e) * elem
    off.full = full


# ---- the bank rule ----

def wavefronts(addresses, width):
    """Phases of 128 bytes of lanes (32 lanes for widths up to 4, 16 for 8,
    8 for 16); a phase costs the most distinct 4-byte words one of the 32
    banks holds; the warp costs the sum."""
    per_phase = 32 if width <= 4 else 128 // width
    total = 0
    for first in range(0, len(addresses), per_phase):
        banks = {}
        for a in addresses[first:first + per_phase]:
            for word in range(a // 4, (a + max(width, 4) - 1) // 4 + 1 if width > 4 else a // 4 + 1):
                banks.setdefault(word % 32, set()).add(word)
        total += max(len(w) for w in banks.values())
    return total


# ---- one random layout ----

def offset_bits(rows, cols):
    """Bits of an element offset of a rows x cols tile (one image each)."""
    bits = 0
    while (1 << bits) < rows * cols:
        bits += 1
    return bits


def random_layout(rng, rows):
    elem = rng.choice([1, 2, 4, 8, 16])
    kind = rng.choice(["article", "article", "pad", "cute", "cute-byte", "cute-pad", "tma", "linear", "triton", "blocks",
                       "cute-text", "ttgir"])
    if kind == "cute-text":
        return random_cute_text(rng, rows, stages=True)
    if kind == "ttgir":
        return random_ttgir(rng, rows)
    if kind == "blocks" and rows & (rows - 1) == 0:
        elem = rng.choice([1, 2, 4, 8])
        row_bytes = max(rng.choice([32, 64, 128, 256, 512]), 2 * elem)
        form = rng.choice(["cute", "cute-byte", "tma", "none"])
        if form == "tma":
            span = rng.choice([s for s in (32, 64, 128) if s < row_bytes] or [32])
            f = cute_swizzle({32: 1, 64: 2, 128: 3}[span], 4, 3)  # the mode's XOR on byte addresses
            off, pitch = column_blocks(f, 1, span, rows, row_bytes, elem)
            return f"tma:{span}B@blocks:{span}", row_bytes, elem, off, pitch, None
        width = rng.choice([w for w in (8, 16, 32, 64, 128, 256) if elem <= w < row_bytes])
        if form == "none":
            off, pitch = column_blocks(lambda u: u, 1, width, rows, row_bytes, elem)
            return f"blocks:{width}", row_bytes, elem, off, pitch, None
        b, m = rng.randint(0, 3), rng.randint(0, 4)
        sh = rng.randint(max(b, 1), b + 3)
        unit = 1 if form == "cute-byte" else elem
        off, pitch = column_blocks(cute_swizzle(b, m, sh), unit, width, rows, row_bytes, elem)
        return f"cute:{b},{m},{sh}" + (",unit=byte" if unit == 1 else "") + f"@blocks:{width}", row_bytes, elem, off, pitch, None
    if kind == "blocks":
        kind = "cute"
    if kind == "article":
        nx = rng.choice([1, 2, 3, 5, 8, 12, 16, 24, 32, 40, 48, 64, 96, 100, 128, rng.randint(1, 160)])
        tcs = [t for t in (elem, 2 * elem, 4 * elem, 8 * elem, 16) if t >= elem and t % elem == 0 and (nx * elem) % t == 0]
        tc = rng.choice(tcs)
        off, pitch = article(nx, elem, tc)
        return f"article:nx={nx},elem={elem},tc={tc}", nx * elem, elem, off, pitch, [f"--nx", str(nx), "--elem", str(elem), "--tc", str(tc)]
    if kind == "pad":
        row_bytes = elem * rng.randint(1, 40)
        pad = elem * rng.randint(0, 4) if rng.random() < 0.7 else rng.choice([1, 2, 3, 4, 8, 16])
        off0, pitch = swizzled(lambda u: u, row_bytes, elem, pad, 1)
        spec = "plain" if pad == 0 else f"pad:{pad}"
        return spec, row_bytes, elem, off0, pitch, None
    if kind in ("cute", "cute-byte", "cute-pad"):
        b = rng.randint(0, 3)
        m = rng.randint(0, 4)
        s = rng.choice([1, -1]) * rng.randint(b, b + 3) if b else rng.randint(-3, 3)
        by_byte = kind == "cute-byte" or rng.random() < 0.3
        row_bytes = rng.choice([16, 32, 48, 64, 96, 128, 256])
        row_bytes = max(row_bytes, elem) // elem * elem
        pad = 0 if kind != "cute-pad" else elem * rng.randint(0, 3)
        unit = 1 if by_byte else elem
        off, pitch = swizzled(cute_swizzle(b, m, s), row_bytes, elem, pad, unit)
        spec = f"cute:{b},{m},{s}" + (",unit=byte" if by_byte else "") + (f"@pad:{pad}" if pad else "")
        return spec, row_bytes, elem, off, pitch, None
    if kind == "tma":
        span = rng.choice([32, 64, 128, None])
        row_bytes = rng.choice([r for r in (16, 32, 64, 128, 256) if r <= (span or 256) and r >= elem])
        base = rng.choice([0, 0, 128 * rng.randint(1, 31)])
        toff, pitch = tma(span, row_bytes, base)
        spec = (f"tma:{span}B" if span else "tma:none") + (f",base={base}" if base else "")
        return spec, row_bytes, elem, (lambda y, x, t=toff, e=elem: t(y, x * e)), pitch, None
    if kind == "triton":
        row_bytes = max(rng.choice([16, 32, 64, 128, 256]), elem)
        vec, per_phase, max_phase = (rng.choice([1, 2, 4, 8, 16]) for _ in range(3))
        off, pitch = triton(vec, per_phase, max_phase, row_bytes, elem)
        return f"triton:vec={vec},perPhase={per_phase},maxPhase={max_phase}", row_bytes, elem, off, pitch, None
    row_bytes = rng.choice([32, 64, 128])
    row_bytes = max(row_bytes, elem)
    cols = row_bytes // elem
    bits = offset_bits(rows, cols)
    images = [1 << k for k in range(bits)]
    for _ in range(rng.randint(1, 3)):  # a few XORs of higher bits onto lower ones
        i, j = rng.randrange(bits), rng.randrange(bits)
        if i != j:
            images[i] ^= images[j]
    off, pitch = linear(images, row_bytes, elem)
    return "linear:" + ",".join(map(str, images)), row_bytes, elem, off, pitch, None


# ---- the properties, by brute force ----

def offsets_of(off, rows, cols):
    """Every cell's byte offset, (y, x) -> offset."""
    return {(y, x): off(y, x) for y in range(rows) for x in range(cols)}


def reference(o, rows, row_bytes, elem, pitch, footprint):
    cols = row_bytes // elem
    out = {}
    values = list(o.values())
    out["bijection"] = len(set(values)) == len(values) and all(v + elem <= footprint for v in values)
    kept = all(y * pitch <= o[(y, x)] and o[(y, x)] + elem <= y * pitch + row_bytes for (y, x) in o)
    out["row_locality"] = kept
    if kept:
        col = {k: (v - k[0] * pitch) // elem for k, v in o.items()}
        out["row_permutation"] = all(sorted(col[(y, x)] for x in range(cols)) == list(range(cols)) for y in range(rows))
        if rows >= 32:
            best = None
            for y0 in range(rows - 31):
                for x in range(cols):
                    d = len({col[(y0 + i, x)] for i in range(32)})
                    if best is None or d < best[0]:
                        best = (d, y0, x)
            out["column_spread"] = best
    return out


def run_kept(o, y, x, elem, w):
    """Whether the w-byte run of row y from column x lies whole, in order and
    w-aligned: what one w-byte access of it may move."""
    first = o[(y, x)]
    return first % w == 0 and all(o[(y, x + i)] == first + i * elem for i in range(w // elem))


def access_patterns(o, rows, row_bytes, elem, w):
    """The built-in row and column accesses at width w (the element's or the
    chunk's): lane l reads unit s*32+l row by row, or row y0+l at unit
    column c. Each the worst start (first in order), ("illegal",) where
    some start's lane moves a run the layout does not keep whole, or None
    where the tile has no start."""
    per_row = row_bytes // w
    step = w // elem

    def lane(y, c):
        return o[(y, c * step)] if run_kept(o, y, c * step, elem, w) else None

    row = None
    for s in range(rows * per_row // 32):
        lanes = [lane(*divmod(s * 32 + l, per_row)) for l in range(32)]
        if None in lanes:
            row = ("illegal",)
            break
        w_ = wavefronts(lanes, w)
        if row is None or w_ > row[0]:
            row = (w_, s)
    column = None
    for y0 in range(rows - 31):
        for c in range(per_row):
            lanes = [lane(y0 + l, c) for l in range(32)]
            if None in lanes:
                column = ("illegal",)
                break
            w_ = wavefronts(lanes, w)
            if column is None or w_ > column[0]:
                column = (w_, y0, c)
        if column == ("illegal",):
            break
    return row, column


# ldmatrix / stmatrix: lane l's 16-byte row of a fragment (row offset, block
# offset), the lanes that give addresses; every 8x8 matrix is one phase.
MATRIX_LANES = {
    "x4": [(l % 16, l // 16) for l in range(32)],
    "x2": [(l % 8, l // 8) for l in range(16)],
    "x1": [(l, 0) for l in range(8)],
}


def matrix_access(o, rows, row_bytes, elem, count):
    """ldmatrix.COUNT's worst start (y0, c) first in order, or ("illegal",),
    or None where it fits nowhere."""
    lanes = MATRIX_LANES[count]
    height = max(r for r, _ in lanes) + 1
    blocks = max(b for _, b in lanes) + 1
    worst = None
    for y0 in range(rows - height + 1):
        for c in range(row_bytes // 16 - blocks + 1):
            cells = [(y0 + r, (c + b) * 16 // elem) for r, b in lanes]
            if not all(run_kept(o, y, x, elem, 16) for y, x in cells):
                return ("illegal",)
            w = wavefronts([o[cell] for cell in cells], 16)
            if worst is None or w > worst[0]:
                worst = (w, y0, c)
    return worst


def largest_kept_run(o, rows, row_bytes, elem):
    """The largest power-of-two run (elem .. 16 bytes) that every row keeps
    whole at each of its aligned positions."""
    cols = row_bytes // elem
    w = 16
    while w > elem and (row_bytes % w or not all(run_kept(o, y, x, elem, w)
                                                 for y in range(rows) for x in range(0, cols, w // elem))):
        w //= 2
    return max(w, elem)


def bank_period(off, row_bytes, elem, pitch):
    """The fewest rows P (a power of two up to 512) after which the layout
    repeats, offset(y + P, x) = offset(y, x) + P * pitch, with P * pitch a
    multiple of the 128-byte bank line; or None. Checked over 2P rows and
    the first 2^14 elements' rows (every bit the random swizzles here read,
    in elements or bytes: a swizzle of high bits repeats only late)."""
    cols = row_bytes // elem
    p = 1
    while p <= 512:
        window = 2 * p + (1 << 14) // cols + 1
        if (p * pitch) % 128 == 0 and all(off(y + p, x) == off(y, x) + p * pitch for y in range(window) for x in range(cols)):
            return p
        p *= 2
    return None


def repeats_at_every_row(spec):
    """Whether a layout's map is one of every row, asked of swz at its
    default height: not GF(2) maps, column blocks, CuTe's printed layouts or
    the TTGIR attributes read as those, whose maps depend on the rows (and
    whose references here cover the tile only)."""
    return not spec.startswith(("linear", "(", "Sw<", "#ttg.nvmma", "#triton_gpu", "#ttg.shared_linear")) and \
        "blocks" not in spec


def compare(binary, rng):
    rows = rng.choice([1, 2, 7, 31, 32, 33, 40, 64, 70])
    spec, row_bytes, elem, off, pitch, short = random_layout(rng, rows)
    args = short or ["--layout", spec, "--row-bytes", str(row_bytes), "--elem", str(elem)]
    # A quarter of the periodic layouts are asked of swz at its default,
    # every 32-bit row; its figures and first starts are then those of a
    # tile of two periods and a warp (each start's class is in it).
    # (Not of linear layouts, nor of column blocks or CuTe's printed
    # layouts, whose map depends on the rows.)
    repeats = repeats_at_every_row(spec)
    period = bank_period(off, row_bytes, elem, pitch) if repeats and rng.random() < 0.25 else None
    every_row = period is not None and (2 * period + 32) * row_bytes // elem <= 1 << 16
    if every_row:
        rows = 2 * period + 32
    matrices = [m for m in MATRIX_LANES if elem <= 16 and row_bytes >= 32 and rows >= 16]
    for m in matrices:
        args += ["--access", f"ldmatrix.{m}"]
    # A fifth name their chunk (--chunk-bytes): chunk_integrity and the
    # chunk-wide patterns then use it, whatever the layout keeps.
    forced = None
    if not spec.startswith("article") and rng.random() < 0.2:
        forced = rng.choice([c for c in (1, 2, 4, 8, 16) if c >= elem and row_bytes % c == 0] or [elem])
        args += ["--chunk-bytes", str(forced)]
    args = [binary] + args + ([] if every_row else ["--rows", str(rows)]) + ["--json", "-"]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode == 1:
        if spec.startswith("#"):  # every TTGIR attribute drawn is one Triton builds
            return [f"{' '.join(args[1:-2])}: refused: {run.stderr.strip()}"], " ".join(args[1:-2])
        return [], None  # the spec is refused (swz's rules), nothing to compare
    cert = json.loads(run.stdout)
    res = {r["id"]: r for r in cert["results"]}
    footprint = int(res["bijection"]["statement"].split("tile's ")[1].split(" bytes")[0])
    bad = []
    name = " ".join(args[1:-2])
    if hasattr(off, "footprint") and footprint != off.footprint:
        bad.append(f"{name}: a footprint of {footprint} bytes, reference {off.footprint}")
    if hasattr(off, "stages"):
        bad += compare_stages(res, off, rows, row_bytes // elem, name)
    o = offsets_of(off, rows, row_bytes // elem)
    ref = reference(o, rows, row_bytes, elem, pitch, footprint)

    def verdict(rid):
        return res[rid]["verdict"] if rid in res else None

    if verdict("bijection") != ("PROVED" if ref["bijection"] else "REFUTED"):
        bad.append(f"{name}: bijection {verdict('bijection')}, reference {ref['bijection']}")
    if verdict("row_locality") != ("PROVED" if ref["row_locality"] else "REFUTED"):
        bad.append(f"{name}: row_locality {verdict('row_locality')}, reference {ref['row_locality']}")
    if ref["row_locality"] and verdict("row_permutation") not in (None, "N/A"):
        if verdict("row_permutation") != ("PROVED" if ref["row_permutation"] else "REFUTED"):
            bad.append(f"{name}: row_permutation {verdict('row_permutation')}, reference {ref['row_permutation']}")
    if ref.get("column_spread") and res.get("column_spread", {}).get("applicable"):
        got = res["column_spread"]
        want = ref["column_spread"]
        ev = got.get("witness", {})
        if got["figure"]["value"] != want[0] or (ev.get("y0"), ev.get("x")) != (want[1], want[2]):
            bad.append(f"{name}: column_spread {got['figure']['value']} at {(ev.get('y0'), ev.get('x'))}, reference {want}")
    if spec.startswith("tma:") and "@" not in spec:
        bad += compare_tma(spec, res, o, rows, row_bytes, elem, name)
    chunk = cert["layout"]["chunk_bytes"]
    if forced and chunk != forced:
        bad.append(f"{name}: chunk {chunk} bytes, asked {forced}")
    if ref["row_locality"] and res.get("chunk_integrity", {}).get("applicable") and row_bytes % chunk == 0:
        whole = all(run_kept(o, y, x, elem, chunk) for y in range(rows) for x in range(0, row_bytes // elem, max(1, chunk // elem)))
        if res["chunk_integrity"]["verdict"] != ("PROVED" if whole else "REFUTED"):
            bad.append(f"{name}: chunk_integrity {res['chunk_integrity']['verdict']}, reference {whole} ({chunk}-byte chunks)")
    if not forced and not spec.startswith("article") and rows >= 2:
        # The chunk comes from the family's parameters; on a tile too small
        # for a swizzle's source bits every run is kept, so only a chunk
        # larger than the runs kept whole is wrong.
        kept = largest_kept_run(o, rows, row_bytes, elem)
        if chunk > kept:
            bad.append(f"{name}: chunk {chunk} bytes, reference: runs of {kept} kept whole")
    for suffix, width in (("", elem), ("-chunk", chunk)):
        ref[f"conflict.row{suffix}"], ref[f"conflict.column{suffix}"] = access_patterns(o, rows, row_bytes, elem, width)
    for m in matrices:
        ref[f"conflict.ldmatrix.{m}"] = matrix_access(o, rows, row_bytes, elem, m)
    for rid in ["conflict.row", "conflict.column", "conflict.row-chunk", "conflict.column-chunk"] + [
            f"conflict.ldmatrix.{m}" for m in matrices]:
        want = ref.get(rid)
        got = res.get(rid)
        if want is None or got is None or not got.get("applicable", True):
            continue
        if want == ("illegal",):
            if got["verdict"] != "REFUTED":
                bad.append(f"{name}: {rid} {got['verdict']}, reference: an illegal lane")
            continue
        variables = got.get("witness", {}).get("variables", {})
        start = tuple(variables[k] for k in (("s",) if rid.startswith("conflict.row") else ("y0", "c")))
        if got["verdict"] != "PROVED" or got["figure"]["value"] != want[0] or start != want[1:]:
            bad.append(f"{name}: {rid} {got['verdict']} {got.get('figure', {}).get('value')} at {start}, reference {want}")
    return bad, name


def compare_stages(res, off, rows, cols, name):
    """stages.moved: every stage's move a whole number of repeats; then
    stages.disjoint: no byte held by two stages (cells of one stage that
    share a byte are bijection's concern), every cell of every stage
    enumerated."""
    moved = all(o % off.repeat == 0 for o in off.stages)
    bad = []
    if res["stages.moved"]["verdict"] != ("PROVED" if moved else "REFUTED"):
        bad.append(f"{name}: stages.moved {res['stages.moved']['verdict']}, reference {moved}")
    want = "N/A"
    if moved:
        owner = {}
        disjoint = True
        for i in range(len(off.stages)):
            for y in range(rows):
                for x in range(cols):
                    b = off.full(i, y, x)
                    disjoint &= owner.setdefault(b, i) == i
        want = "PROVED" if disjoint else "REFUTED"
    if res["stages.disjoint"]["verdict"] != want:
        bad.append(f"{name}: stages.disjoint {res['stages.disjoint']['verdict']}, reference {want}")
    return bad


def compare_tma(spec, res, o, rows, row_bytes, elem, name):
    """tma.base: the tile at its base lands where the relative swizzle says;
    tma.alignment: the least base alignment for which that always holds."""
    mode, _, base = spec[len("tma:"):].partition(",base=")
    span = None if mode == "none" else int(mode.rstrip("B"))
    rel = tma(span, row_bytes)[0]
    lands = all(o[(y, x)] == rel(y, x * elem) for (y, x) in o)
    bad = []
    if res["tma.base"]["verdict"] != ("PROVED" if lands else "REFUTED"):
        bad.append(f"{name}: tma.base {res['tma.base']['verdict']}, reference {lands}")
    want = tma_alignment(span, row_bytes, rows)
    got = res["tma.alignment"].get("figure", {}).get("value")
    if got != want:
        bad.append(f"{name}: tma.alignment {got}, reference {want}")
    return bad


# ---- equivalence: two layouts of one tile ----

def random_spec_on(rng, rows, row_bytes, elem):
    """A random layout spec of a rows x row_bytes tile of elem-byte elements
    (spec_offsets gives its offsets)."""
    cols = row_bytes // elem
    kind = rng.choice(["article", "cute", "cute-byte", "tma", "plain", "linear", "triton", "cute-text"])
    if kind == "cute-text":
        return random_cute_text(rng, rows, row_bytes, elem)[0]
    if kind == "article" and cols & (cols - 1) == 0:
        tcs = [t for t in (elem, 2 * elem, 4 * elem, 8 * elem, 16) if t >= elem and t % elem == 0 and row_bytes % t == 0]
        return f"article:nx={cols},elem={elem},tc={rng.choice(tcs)}"
    if kind in ("cute", "cute-byte"):
        b, m = rng.randint(0, 3), rng.randint(0, 4)
        sh = rng.choice([1, -1]) * rng.randint(max(b, 1), b + 3)
        return f"cute:{b},{m},{sh}" + (",unit=byte" if kind == "cute-byte" else "")
    if kind == "tma" and row_bytes in (32, 64, 128):
        return f"tma:{rng.choice([sp for sp in (32, 64, 128) if sp >= row_bytes])}B"
    if kind == "triton" and cols & (cols - 1) == 0:
        vec, per_phase, max_phase = (rng.choice([1, 2, 4, 8]) for _ in range(3))
        return f"triton:vec={vec},perPhase={per_phase},maxPhase={max_phase}"
    if kind == "linear":
        bits = offset_bits(rows, cols)
        images = [1 << k for k in range(bits)]
        for _ in range(rng.randint(0, 2)):
            i, j = rng.randrange(bits), rng.randrange(bits)
            if i != j and rng.random() < 0.5:
                images[i] ^= images[j]
        return "linear:" + ",".join(map(str, images))
    return "plain"


def equal_pair(rng, rows, row_bytes, elem):
    """Two specs of one layout (None where the tile has no such pair): the
    article on power-of-two rows is CuTe's Swizzle<log2 C, log2 K, log2 C>;
    TMA 128B on 128-byte rows is Swizzle<3,4,3> on bytes; cute:B,M,S is
    CuTe's Sw<B,M,S> o 0 o (rows,cols):(cols,1)."""
    cols = row_bytes // elem
    if rng.random() < 0.3:
        b, m = rng.randint(0, 3), rng.randint(0, 4)
        sh = rng.randint(max(b, 1), b + 3)
        return f"cute:{b},{m},{sh}", f"Sw<{b},{m},{sh}> o _0 o (_{rows},_{cols}):(_{cols},_1)"
    if rng.random() < 0.5 and cols & (cols - 1) == 0:
        tc = rng.choice([t for t in (elem, 2 * elem, 4 * elem, 8 * elem, 16) if t >= elem and t % elem == 0 and row_bytes % t == 0])
        c, k = row_bytes // tc, tc // elem
        lg = lambda v: v.bit_length() - 1
        return f"article:nx={cols},elem={elem},tc={tc}", f"cute:{lg(c)},{lg(k)},{lg(c)}"
    if row_bytes == 128:
        return "tma:128B", "cute:3,4,3,unit=byte"
    return None


def compare_equivalence(binary, rng):
    elem = rng.choice([1, 2, 4, 8])
    row_bytes = max(rng.choice([16, 32, 64, 128, 256]), elem)
    rows = rng.choice([1, 2, 7, 8, 16, 33, 64])
    pair = equal_pair(rng, rows, row_bytes, elem) if rng.random() < 0.3 else None
    if pair:
        a, b = pair
    else:
        a, b = random_spec_on(rng, rows, row_bytes, elem), random_spec_on(rng, rows, row_bytes, elem)
    offsets = {spec: spec_offsets(spec, row_bytes, elem) for spec in (a, b)}
    # A quarter at swz's default height, every 32-bit row: the swizzles here
    # read no bit above the first 2^14 elements, so a difference shows
    # within their rows, or nowhere.
    every_row = rng.random() < 0.25
    height = ["--rows", str(rows)]
    if every_row:
        rows, height = (1 << 14) // (row_bytes // elem) + 64, []
    args = [binary, "--equiv", a, b, "--row-bytes", str(row_bytes), "--elem", str(elem)] + height + ["--json", "-"]
    run = subprocess.run(args, capture_output=True, text=True)
    name = " ".join(args[1:-2])
    if run.returncode == 1:
        return [], None
    res = {r["id"]: r for r in json.loads(run.stdout)["results"]}["equivalence"]
    cols = row_bytes // elem
    first = next(((y, x) for y in range(rows) for x in range(cols) if offsets[a](y, x) != offsets[b](y, x)), None)
    want = "PROVED" if first is None else "REFUTED"
    got_cell = tuple(res.get("counterexample", {}).get("cell", [])) or None
    if res["verdict"] != want or (first is not None and got_cell != first):
        return [f"{name}: {res['verdict']} at {got_cell}, reference {want} at {first}"], name
    if (run.returncode == 0) != (first is None):
        return [f"{name}: exit {run.returncode}, reference {want}"], name
    return [], name


def spec_offsets(spec, row_bytes, elem):
    """The offsets of a spec written by random_spec_on or equal_pair."""
    if spec.startswith(("(", "Sw<")):
        return cute_text_offsets(spec, elem)
    family, _, args = spec.partition(":")
    if family == "article":
        f = dict(kv.split("=") for kv in args.split(","))
        return article(int(f["nx"]), int(f["elem"]), int(f["tc"]))[0]
    if family == "cute":
        parts = args.split(",")
        b, m, sh = map(int, parts[:3])
        unit = 1 if "unit=byte" in parts else elem
        return swizzled(cute_swizzle(b, m, sh), row_bytes, elem, 0, unit)[0]
    if family == "tma":
        toff = tma(int(args.rstrip("B")), row_bytes)[0]
        return lambda y, x: toff(y, x * elem)
    if family == "linear":
        return linear([int(v) for v in args.split(",")], row_bytes, elem)[0]
    if family == "triton":
        f = dict(kv.split("=") for kv in args.split(","))
        return triton(int(f["vec"]), int(f["perPhase"]), int(f["maxPhase"]), row_bytes, elem)[0]
    return swizzled(lambda u: u, row_bytes, elem, 0, 1)[0]


def cute_text_offsets(text, elem):
    """CuTe's printed layout read back: the swizzle and what it acts on, and
    the shape and stride as Python tuples."""
    swz, pointer, body = None, False, text
    if text.startswith("Sw<"):
        head, _, rest = text.partition(">")
        swz = tuple(int(v) for v in head[3:].split(","))
        if rest.startswith("_"):  # a tensor: the swizzle on the bytes from its (aligned) address
            pointer, body = True, rest.split(")", 1)[1].strip()[1:]
        else:
            _, middle, body = rest.split("o")  # no 'o' in an offset or a layout
            pointer = middle.strip().startswith("smem_ptr")
    shape_text, _, stride_text = body.replace("_", "").partition(":")
    shape, stride = ast.literal_eval(shape_text), ast.literal_eval(stride_text)
    return cute_text_layout(shape, stride, swz, pointer, elem)[0]


def run_cases(pick, default_count):
    """The command line every reference takes (BINARY [COUNT] [SEED]): COUNT
    random cases, pick(i) the comparison of case i, each (disagreements,
    name or None where swz refused the case); exit 0 when all agree."""
    binary = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else default_count
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    compared, failed = 0, 0
    for i in range(count):
        bad, name = pick(i)(binary, rng)
        if not name:
            continue
        compared += 1
        failed += bool(bad)
        for line in bad:
            print(line, flush=True)
    print(f"{compared - failed} passed, {failed} failed")
    return 1 if failed else 0


def main():
    return run_cases(lambda i: compare_equivalence if i % 4 == 3 else compare, 60)


if __name__ == "__main__":
    sys.exit(main())
