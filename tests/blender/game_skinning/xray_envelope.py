"""X-Ray SDK envelopes (LightWave-style scalar curves) and the engine's way of evaluating them.

Facts relied on (from the SDK/engine `CEnvelope::Load_1/Load_2` and `evalEnvelope`
in xrEngine/Envelope.cpp and interp.cpp, the same code as LightWave's published envelope.c):
* Load_2: `u8 pre; u8 post; u16 n`, per key `f32 value; f32 time (s); u8 shape`, then unless shape is STEP seven
  u16 values quantised over [-32, 32] (tension, continuity, bias, param[0..3]).
  Load_1: `s32 pre; s32 post; u32 n`, per key `f32 value; f32 time; u32 shape; f32 t, c, b; f32 param[4]`.
* A segment (k0, k1) is shaped by k1's shape: TCB / HERM / BEZI use the Hermite basis with k0's outgoing and
  k1's incoming tangent, BEZ2 a 2-D Bezier, LINE a straight line, STEP holds k0.  Before the first and after the
  last key the pre/post behaviour applies (RESET, CONSTANT, REPEAT, OSCILLATE, OFFSET, LINEAR), with the engine's
  own `range()` (it wraps with floor(v / r), not floor((v - lo) / r)).
* Exactly at a key's time the key's value is returned, so evaluating at the key times reproduces the keys.
Everything is evaluated in double precision from the file's f32 values; the callers pass the time as the
engine computes it (f32 frame / f32 fps) so that key times are hit exactly.
"""
import math

TCB, HERM, BEZI, LINE, STEP, BEZ2 = range(6)
RESET, CONSTANT, REPEAT, OSCILLATE, OFFSET, LINEAR = range(6)


class Key:
    __slots__ = ("value", "time", "shape", "tension", "continuity", "bias", "param")

    def __init__(self, value, time, shape, tcb=(0.0, 0.0, 0.0), param=(0.0, 0.0, 0.0, 0.0)):
        self.value, self.time, self.shape = value, time, shape
        self.tension, self.continuity, self.bias = tcb
        self.param = param


def _q16(raw):
    return raw * 64.0 / 65535.0 - 32.0


def read(r, layout):
    """An Envelope from Reader r in layout 2 (u8 behaviours, quantised parameters) or 1 (all s32/f32)."""
    if layout == 2:
        pre, post, count = r.u8(), r.u8(), r.u16()
    else:
        pre, post, count = r.s32(), r.s32(), r.u32()
    keys = []
    for _ in range(count):
        value, time = r.f32(), r.f32()
        if layout == 2:
            shape = r.u8()
            q = [_q16(v) for v in r.unpack("7H")] if shape != STEP else [0.0] * 7
        else:
            shape = r.u32() & 0xFF
            q = list(r.unpack("7f"))
        keys.append(Key(value, time, shape, tuple(q[:3]), tuple(q[3:])))
    return Envelope(keys, pre, post)


def _outgoing(k0p, k0, k1):
    d = k1.value - k0.value
    scale = (k1.time - k0.time) / (k1.time - k0p.time) if k0p is not None else None
    if k0.shape == TCB:
        a = (1 - k0.tension) * (1 + k0.continuity) * (1 + k0.bias)
        b = (1 - k0.tension) * (1 - k0.continuity) * (1 - k0.bias)
        return scale * (a * (k0.value - k0p.value) + b * d) if scale is not None else b * d
    if k0.shape == LINE:
        return scale * (k0.value - k0p.value + d) if scale is not None else d
    if k0.shape in (HERM, BEZI):
        return k0.param[1] * scale if scale is not None else k0.param[1]
    if k0.shape == BEZ2:
        den = k0.param[2]
        return k0.param[3] * (k1.time - k0.time) * (1e5 if abs(den) <= 1e-5 else 1.0 / den)
    return 0.0


def _incoming(k0, k1, k1n):
    d = k1.value - k0.value
    scale = (k1.time - k0.time) / (k1n.time - k0.time) if k1n is not None else None
    if k1.shape == TCB:
        a = (1 - k1.tension) * (1 - k1.continuity) * (1 + k1.bias)
        b = (1 - k1.tension) * (1 + k1.continuity) * (1 - k1.bias)
        return scale * (b * (k1n.value - k1.value) + a * d) if scale is not None else a * d
    if k1.shape == LINE:
        return scale * (k1n.value - k1.value + d) if scale is not None else d
    if k1.shape in (HERM, BEZI):
        return k1.param[0] * scale if scale is not None else k1.param[0]
    if k1.shape == BEZ2:
        den = k1.param[0]
        return k1.param[1] * (k1.time - k0.time) * (1e5 if abs(den) <= 1e-5 else 1.0 / den)
    return 0.0


def _bezier(x0, x1, x2, x3, s):
    c = 3 * (x1 - x0)
    b = 3 * (x2 - x1) - c
    a = x3 - x0 - c - b
    return ((a * s + b) * s + c) * s + x0


def _bez2(k0, k1, t):
    x1 = k0.time + (k0.param[2] if k0.shape == BEZ2 else (k1.time - k0.time) / 3.0)
    x2 = k1.time + k1.param[0]
    lo, hi = 0.0, 1.0
    s = 0.5
    for _ in range(200):  # bisection to |x(s) - t| <= 1e-4, as the engine's recursive solver
        s = 0.5 * (lo + hi)
        x = _bezier(k0.time, x1, x2, k1.time, s)
        if abs(x - t) <= 1e-4:
            break
        if x < t:
            lo = s
        else:
            hi = s
    y1 = k0.value + (k0.param[3] if k0.shape == BEZ2 else k0.param[1] / 3.0)
    return _bezier(k0.value, y1, k1.value + k1.param[1], k1.value, s)


def _range(v, lo, hi):
    """The engine's wrap: (wrapped value, cycle count)."""
    r = hi - lo
    if r == 0.0:
        return lo, 0
    v2 = lo + v - r * math.floor(v / r)
    i = -int((v2 - v) / r + (0.5 if v2 > v else -0.5))
    return v2, i


class Envelope:
    def __init__(self, keys, pre=CONSTANT, post=CONSTANT):
        self.keys, self.pre, self.post = keys, pre, post

    def __call__(self, t):
        keys = self.keys
        if not keys:
            return 0.0
        if len(keys) == 1:
            return keys[0].value
        s, e = keys[0], keys[-1]
        offset = 0.0
        if t < s.time or t > e.time:
            before = t < s.time
            mode = self.pre if before else self.post
            if mode == RESET:
                return 0.0
            if mode == CONSTANT:
                return s.value if before else e.value
            if mode == LINEAR:
                if before:
                    return s.value + (t - s.time) * _outgoing(None, s, keys[1]) / (keys[1].time - s.time)
                prev = keys[-2]
                return e.value + (t - e.time) * _incoming(prev, e, None) / (e.time - prev.time)
            t, n = _range(t, s.time, e.time)
            if mode == OSCILLATE and n % 2:
                t = e.time - s.time - t
            elif mode == OFFSET:
                offset = n * (e.value - s.value)
        k = 0
        while k < len(keys) - 2 and t > keys[k + 1].time:
            k += 1
        k0, k1 = keys[k], keys[k + 1]
        if t == k0.time:
            return k0.value + offset
        if t == k1.time:
            return k1.value + offset
        u = (t - k0.time) / (k1.time - k0.time)
        if k1.shape in (TCB, HERM, BEZI):
            k0p = keys[k - 1] if k > 0 else None
            k1n = keys[k + 2] if k + 2 < len(keys) else None
            h2 = 3 * u * u - 2 * u ** 3
            h1 = 1 - h2
            h4 = u ** 3 - u * u
            h3 = h4 - u * u + u
            return (h1 * k0.value + h2 * k1.value + h3 * _outgoing(k0p, k0, k1) + h4 * _incoming(k0, k1, k1n)
                    + offset)
        if k1.shape == BEZ2:
            return _bez2(k0, k1, t) + offset
        if k1.shape == LINE:
            return k0.value + u * (k1.value - k0.value) + offset
        if k1.shape == STEP:
            return k0.value + offset
        return offset
