"""Cross-checks game_skinning's deform() against the skinning a glTF file gives, vertex for vertex.

    python3 check_against_gltf.py [options] MODEL [MOTION ...] GLB

MODEL and MOTION files are read with game_skinning; GLB is any glTF 2.0 binary (or .gltf) of the same model and
motions made by an outside converter, for example `gamefmt convert MODEL MOTION... -o x.glb`.  The glTF side is
computed here with numpy from the glTF 2.0 specification alone: accessors (strides, normalised integers, sparse),
node TRS or matrix, the scene's node hierarchy, skins (joint matrix = G_joint @ inverseBindMatrix; the skinned
mesh node's own transform does not apply), and animation samplers (LINEAR with slerp for rotations, STEP,
CUBICSPLINE).  Morph targets are not applied.

How the two sides are lined up:
* axes: the glTF rest pose is mirrored by each of the 8 sign patterns diag(+-1, +-1, +-1); the one whose vertices
  land closest to the model's rest pose is used and printed (a converter to glTF's right-handed Y-up has to mirror
  a left-handed file); a tie (a model symmetric at rest) is settled with a few animated frames; --mirror forces it;
* vertices: each glTF vertex is matched to the model vertices nearest to it at rest (all of them within 1e-6 m of
  the nearest, since a file may store one point several times with other normals or UVs); its error at a frame is
  the smallest distance to any of them.  glTF vertices with no model vertex within 1e-4 m (e.g. points the game
  cannot skin, see model.notes) are counted and left out;
* animations: by name; frame i of a motion at glTF time motion.times[i] - motion.times[0] + (first key time of the
  glTF animation), rounded to f32 like glTF key times.

Options:
  --unit-quaternions  X-Ray .omf: normalise the dequantised key quaternions (as glTF does); without it the engine's
                      unnormalised keys are used and differ from any glTF by up to a few 1e-4 m
  --frames=all|N      frames per motion (N spread evenly)            --motions=a,b  only these motions
  --sanity            first: bind locals give the rest pose, no NaN, posed bounding-box diagonal vs rest
  --random-poses=N    also give both sides N random poses (glTF joints named after the bones) to test the weights
  --tolerance=M       error that counts as a failure (default 1e-4 m)   --mirror=1,1,-1  force the axis signs

Prints one line per motion (largest error over the checked frames and vertices) and a summary; exits 1 when any
error exceeds the tolerance.
"""
import argparse
import base64
import json
import os
import struct
import sys
import time

import numpy

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import game_skinning  # noqa: E402  (the package beside this script)

COMPONENT = {5120: numpy.int8, 5121: numpy.uint8, 5122: numpy.int16, 5123: numpy.uint16, 5125: numpy.uint32,
             5126: numpy.float32}
WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16}


class Gltf:
    """The parts of a glTF 2.0 asset needed to pose its skins."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        self.buffers = []
        if data[:4] == b"glTF":
            offset, self.json, binary = 12, None, None
            while offset < len(data):
                length, kind = struct.unpack_from("<II", data, offset)
                chunk = data[offset + 8:offset + 8 + length]
                if kind == 0x4E4F534A:
                    self.json = json.loads(chunk.decode("utf-8"))
                elif kind == 0x004E4942:
                    binary = chunk
                offset += 8 + length
        else:
            self.json, binary = json.loads(data.decode("utf-8")), None
        for buf in self.json.get("buffers", []):
            uri = buf.get("uri")
            if uri is None:
                self.buffers.append(binary)
            elif uri.startswith("data:"):
                self.buffers.append(base64.b64decode(uri.split(",", 1)[1]))
            else:
                with open(os.path.join(os.path.dirname(path), uri), "rb") as f:
                    self.buffers.append(f.read())
        self.nodes = self.json.get("nodes", [])
        self._cache = {}
        self.parent = {}
        for i, node in enumerate(self.nodes):
            for c in node.get("children", []):
                self.parent[c] = i

    def _view(self, index, count, dtype, width, byte_offset):
        view = self.json["bufferViews"][index]
        data = self.buffers[view["buffer"]]
        start = view.get("byteOffset", 0) + byte_offset
        item = numpy.dtype(dtype).itemsize * width
        stride = view.get("byteStride") or item
        rows = numpy.ndarray((count, width), dtype=numpy.dtype(dtype).newbyteorder("<"), buffer=data,
                             offset=start, strides=(stride, numpy.dtype(dtype).itemsize))
        return rows.copy()

    def accessor(self, index):
        """(count, width) float64 array of an accessor, normalised integers scaled to [0, 1] / [-1, 1]."""
        if index in self._cache:
            return self._cache[index]
        acc = self.json["accessors"][index]
        dtype, width, count = COMPONENT[acc["componentType"]], WIDTH[acc["type"]], acc["count"]
        if "bufferView" in acc:
            out = self._view(acc["bufferView"], count, dtype, width, acc.get("byteOffset", 0)).astype(numpy.float64)
        else:
            out = numpy.zeros((count, width))
        sparse = acc.get("sparse")
        if sparse:
            idx = sparse["indices"]
            where = self._view(idx["bufferView"], sparse["count"], COMPONENT[idx["componentType"]], 1,
                               idx.get("byteOffset", 0))[:, 0].astype(numpy.int64)
            val = sparse["values"]
            out[where] = self._view(val["bufferView"], sparse["count"], dtype, width, val.get("byteOffset", 0))
        if acc.get("normalized") and dtype != numpy.float32:
            out = out / float(numpy.iinfo(dtype).max)
            if numpy.issubdtype(dtype, numpy.signedinteger):
                out = numpy.maximum(out, -1.0)
        self._cache[index] = out
        return out

    def rest_trs(self, i):
        node = self.nodes[i]
        if "matrix" in node:
            return numpy.array(node["matrix"], dtype=numpy.float64).reshape(4, 4).T
        return (numpy.array(node.get("translation", [0, 0, 0]), dtype=numpy.float64),
                numpy.array(node.get("rotation", [0, 0, 0, 1]), dtype=numpy.float64),
                numpy.array(node.get("scale", [1, 1, 1]), dtype=numpy.float64))

    def animation(self, name):
        for anim in self.json.get("animations", []):
            if anim.get("name") == name:
                return anim
        return None

    def animation_start(self, anim):
        return min(self.accessor(anim["samplers"][ch["sampler"]]["input"])[0, 0] for ch in anim["channels"])

    def sample(self, anim, t):
        """{(node, path): value} of an animation at time t."""
        out = {}
        for ch in anim["channels"]:
            target = ch["target"]
            if "node" not in target or target["path"] not in ("translation", "rotation", "scale"):
                continue
            sampler = anim["samplers"][ch["sampler"]]
            times = self.accessor(sampler["input"])[:, 0]
            values = self.accessor(sampler["output"])
            out[(target["node"], target["path"])] = interpolate(times, values, t, sampler.get("interpolation",
                                                                                              "LINEAR"),
                                                                target["path"] == "rotation")
        return out

    def rest_local(self, i):
        rest = self.rest_trs(i)
        return rest if isinstance(rest, numpy.ndarray) else trs_matrix(*rest)

    def globals(self, pose):
        """{node: global 4x4} with the animated values in `pose` ((node, path): value, or (node, "matrix"): 4x4)
        replacing the nodes' own TRS."""
        local = {}
        for i in range(len(self.nodes)):
            rest = self.rest_trs(i)
            if (i, "matrix") in pose:
                local[i] = pose[(i, "matrix")]
                continue
            if isinstance(rest, numpy.ndarray):
                local[i] = rest
                continue
            t, r, s = (pose.get((i, p), v) for p, v in zip(("translation", "rotation", "scale"), rest))
            local[i] = trs_matrix(t, r, s)
        out = {}

        def visit(i):
            if i not in out:
                out[i] = local[i] if i not in self.parent else visit(self.parent[i]) @ local[i]
            return out[i]

        for i in range(len(self.nodes)):
            visit(i)
        return out

    def skinned_positions(self, pose):
        """(N, 3) positions of every skinned primitive (nodes in order, primitives in order) under `pose`."""
        g = self.globals(pose)
        parts = []
        for i, node in enumerate(self.nodes):
            if "mesh" not in node or "skin" not in node:
                continue
            skin = self.json["skins"][node["skin"]]
            joints = skin["joints"]
            if "inverseBindMatrices" in skin:
                ibm = self.accessor(skin["inverseBindMatrices"]).reshape(-1, 4, 4).transpose(0, 2, 1)
            else:
                ibm = numpy.tile(numpy.eye(4), (len(joints), 1, 1))
            jm = numpy.stack([g[j] for j in joints]) @ ibm
            for prim in self.json["meshes"][node["mesh"]]["primitives"]:
                attrs = prim["attributes"]
                p = self.accessor(attrs["POSITION"])
                ph = numpy.hstack([p, numpy.ones((len(p), 1))])
                acc = numpy.zeros((len(p), 3))
                k = 0
                while "JOINTS_%d" % k in attrs:
                    jj = self.accessor(attrs["JOINTS_%d" % k]).astype(numpy.int64)
                    ww = self.accessor(attrs["WEIGHTS_%d" % k])
                    for c in range(4):
                        acc += ww[:, c:c + 1] * numpy.einsum("nij,nj->ni", jm[jj[:, c]][:, :3, :], ph)
                    k += 1
                parts.append(acc)
        return numpy.vstack(parts)


def quat_matrix(q):
    x, y, z, w = q / numpy.linalg.norm(q)
    return numpy.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def trs_matrix(t, r, s):
    m = numpy.eye(4)
    m[:3, :3] = quat_matrix(numpy.asarray(r, dtype=numpy.float64)) * numpy.asarray(s)[None, :]
    m[:3, 3] = t
    return m


def slerp(a, b, u):
    a, b = a / numpy.linalg.norm(a), b / numpy.linalg.norm(b)
    d = float(numpy.dot(a, b))
    if d < 0.0:
        b, d = -b, -d
    if d > 0.9995:
        q = a + u * (b - a)
    else:
        th = numpy.arccos(min(d, 1.0))
        q = (numpy.sin((1 - u) * th) * a + numpy.sin(u * th) * b) / numpy.sin(th)
    return q / numpy.linalg.norm(q)


def interpolate(times, values, t, mode, rotation):
    if mode == "CUBICSPLINE":
        values = values.reshape(len(times), 3, -1)
    n = len(times)
    if t <= times[0] or n == 1:
        return values[0, 1] if mode == "CUBICSPLINE" else values[0]
    if t >= times[-1]:
        return values[-1, 1] if mode == "CUBICSPLINE" else values[-1]
    k = int(numpy.searchsorted(times, t, side="right")) - 1
    t0, t1 = times[k], times[k + 1]
    u = (t - t0) / (t1 - t0)
    if mode == "STEP":
        return values[k]
    if mode == "CUBICSPLINE":
        dt = t1 - t0
        p0, m0, p1, m1 = values[k, 1], values[k, 2] * dt, values[k + 1, 1], values[k + 1, 0] * dt
        u2, u3 = u * u, u * u * u
        v = (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * m1
        return v / numpy.linalg.norm(v) if rotation else v
    if rotation:
        return slerp(values[k], values[k + 1], u)
    return values[k] + u * (values[k + 1] - values[k])


def nearest(points, targets, chunk=512):
    """(index, distance) of the nearest target for every point (brute force in chunks, numpy only)."""
    idx = numpy.empty(len(points), dtype=numpy.int64)
    dist = numpy.empty(len(points))
    tt = (targets ** 2).sum(axis=1)
    for s in range(0, len(points), chunk):
        p = points[s:s + chunk]
        d2 = (p ** 2).sum(axis=1)[:, None] - 2 * p @ targets.T + tt[None, :]
        k = d2.argmin(axis=1)
        idx[s:s + chunk] = k
        dist[s:s + chunk] = numpy.linalg.norm(targets[k] - p, axis=1)
    return idx, dist


def candidates(points, targets, chunk=512, slack=1e-6):
    """For every point, the targets within (nearest distance + slack), as an (N, K) index array (padded)."""
    first, dist = nearest(points, targets, chunk)
    rows = []
    for s in range(0, len(points), chunk):
        p = points[s:s + chunk]
        d = numpy.linalg.norm(p[:, None, :] - targets[None, :, :], axis=2)
        for r in range(len(p)):
            rows.append(numpy.nonzero(d[r] <= dist[s + r] + slack)[0])
    width = max(len(r) for r in rows)
    out = numpy.empty((len(points), width), dtype=numpy.int64)
    for i, r in enumerate(rows):
        out[i, :len(r)] = r
        out[i, len(r):] = r[0] if len(r) else first[i]
    return out, dist


MATCH_LIMIT = 1e-4  # a glTF vertex farther than this from every file vertex at rest has no counterpart
MIRRORS = [numpy.array([sx, sy, sz], dtype=numpy.float64) for sx in (1, -1) for sy in (1, -1) for sz in (1, -1)]


def choose_mirror(gltf_rest, file_rest, posed=()):
    """The sign pattern that maps the glTF vertices onto the file's.  `posed` = [(glTF, file) positions] of some
    animated frames, which settle the choice for a model symmetric at rest (a mirror in x looks the same there)."""
    step = max(1, len(gltf_rest) // 400)
    scored = []
    for m in MIRRORS:
        scored.append((nearest(gltf_rest[::step] * m, file_rest)[1].mean(), m))
    best = min(s for s, _ in scored)
    tied = [m for s, m in scored if s <= best + 1e-4]
    if len(tied) > 1 and posed:
        tied.sort(key=lambda m: sum(nearest(g[::step] * m, f)[1].mean() for g, f in posed))
    return tied[0]


def sanity(model, motions, frames):
    """Bind locals must give the rest pose; no frame may give NaN; the posed bounding-box diagonal, compared with
    the rest one, is printed (smallest, median, largest) and flagged outside 1/3 .. 3."""
    rest = model.positions
    exact = numpy.abs(game_skinning.skin(model, model.bind_locals) - rest).max()
    diag = numpy.linalg.norm(rest.max(0) - rest.min(0))
    ratios = [1.0]
    for motion in motions:
        for f in frames(motion):
            d = game_skinning.deform(model, motion, f)
            if not numpy.isfinite(d).all():
                raise SystemExit("NaN in %s frame %s" % (motion.name, f))
            ratios.append(numpy.linalg.norm(d.max(0) - d.min(0)) / diag)
    lo, mid, hi = min(ratios), float(numpy.median(ratios[1:] or ratios)), max(ratios)
    print("sanity: %d vertices, rest bbox %s m, bind locals give the rest pose within %.3g m, posed/rest bbox "
          "diagonal %.3f .. %.3f (median %.3f), no NaN%s"
          % (len(rest), numpy.round(rest.max(0) - rest.min(0), 4).tolist(), exact, lo, hi, mid,
             "" if 1 / 3.0 <= lo and hi <= 3.0 else "  IMPLAUSIBLE"))
    return exact, lo, hi


def random_poses(model, gltf, mirror, match, count, seed=1):
    """Largest error over `count` random poses given to both sides (each bone turned by up to 0.6 rad)."""
    s = numpy.diag(numpy.append(mirror, 1.0))
    by_name = {node.get("name", "").lower(): i for i, node in enumerate(gltf.nodes)}
    joints = {bone: by_name[bone.lower()] for bone in model.parents if bone.lower() in by_name}
    skin_joints = {j for skin in gltf.json.get("skins", []) for j in skin["joints"]}
    rest_dev = max([numpy.abs(gltf.rest_local(j) - s @ model.bind_locals[b] @ s).max()
                    for b, j in joints.items() if j in skin_joints] + [0.0])
    rng = numpy.random.default_rng(seed)
    worst = 0.0
    for _ in range(count):
        locals_ = {}
        for bone, local in model.bind_locals.items():
            axis = rng.normal(size=3)
            angle = rng.uniform(-0.6, 0.6)
            turn = numpy.eye(4)
            turn[:3, :3] = quat_matrix(numpy.append(axis / numpy.linalg.norm(axis) * numpy.sin(angle / 2),
                                                    numpy.cos(angle / 2)))
            locals_[bone] = local @ turn
        pose = {(j, "matrix"): s @ locals_[b] @ s for b, j in joints.items()}
        worst = max(worst, match.error(gltf.skinned_positions(pose), game_skinning.skin(model, locals_)))
    print("  %-32s %4d poses   max error %.3g m (%d of %d bones are glTF nodes; the skin joints' rest locals differ "
          "from mirror @ bind local @ mirror by %.3g)" % ("random poses", count, worst, len(joints),
                                                         len(model.parents), rest_dev))
    return worst


class Match:
    """Which model vertices each glTF vertex stands for, and the axis signs between them."""

    def __init__(self, gltf_rest, file_rest, mirror):
        self.mirror = mirror
        cand, dist = candidates(gltf_rest * mirror, file_rest)
        self.keep = dist <= MATCH_LIMIT
        self.cand = cand[self.keep]
        self.rest_error = float(dist[self.keep].max()) if self.keep.any() else float("nan")
        self.covered = len(numpy.unique(self.cand)) / float(len(file_rest))

    def error(self, gltf_positions, file_positions):
        """Largest distance between a glTF vertex (in file axes) and the nearest model vertex it stands for."""
        g = gltf_positions[self.keep] * self.mirror
        return float(numpy.linalg.norm(file_positions[self.cand] - g[:, None, :], axis=2).min(axis=1).max())


def gltf_time(motion, frame, anim_start):
    return float(numpy.float32(motion.times[frame] - motion.times[0] + anim_start))  # glTF key times are f32


def line_up(model, motions, gltf, forced_mirror):
    gltf_rest = gltf.skinned_positions({})
    file_rest = game_skinning.skin(model, model.bind_locals)
    if forced_mirror:
        mirror = numpy.array([float(v) for v in forced_mirror.split(",")])
    else:
        posed = []
        for motion in motions[:4]:
            anim = gltf.animation(motion.name)
            for f in sorted(set(numpy.linspace(0, motion.frame_count - 1, 4).astype(int).tolist())) if anim else []:
                pose = gltf.sample(anim, gltf_time(motion, f, gltf.animation_start(anim)))
                posed.append((gltf.skinned_positions(pose), game_skinning.deform(model, motion, f)))
        mirror = choose_mirror(gltf_rest, file_rest, posed)
    match = Match(gltf_rest, file_rest, mirror)
    print("%d glTF vertices (%d without a model vertex within %g m, left out), %d model vertices (%.1f%% matched), "
          "axes glTF -> file: diag%s, rest-pose match max %.3g m"
          % (len(gltf_rest), int((~match.keep).sum()), MATCH_LIMIT, len(file_rest), 100 * match.covered,
             tuple(int(v) for v in mirror), match.rest_error))
    return match


def check_motions(model, motions, gltf, match, frames, tolerance):
    worst_all, failures, timing = 0.0, 0, []
    for motion in motions:
        anim = gltf.animation(motion.name)
        if anim is None:
            print("  %-32s no glTF animation of that name" % motion.name)
            failures += 1
            continue
        start = gltf.animation_start(anim)
        worst, where = 0.0, None
        for f in frames(motion):
            g = gltf.skinned_positions(gltf.sample(anim, gltf_time(motion, f, start)))
            tic = time.perf_counter()
            d = game_skinning.deform(model, motion, f)
            timing.append(time.perf_counter() - tic)
            err = match.error(g, d)
            if err > worst:
                worst, where = err, f
        worst_all = max(worst_all, worst)
        failures += worst > tolerance
        print("  %-32s %4d frames  max error %.3g m%s" % (motion.name, motion.frame_count, worst,
                                                          "" if where is None else " (frame %d)" % where))
    return worst_all, failures, timing


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", metavar="MODEL [MOTION ...] GLB")
    ap.add_argument("--unit-quaternions", action="store_true",
                    help="X-Ray OMF: normalise the dequantised key quaternions (as glTF does) before use")
    ap.add_argument("--frames", default="all", help="'all' or N: frames checked per motion (spread evenly)")
    ap.add_argument("--motions", default="", help="comma-separated motion names (default: all)")
    ap.add_argument("--tolerance", type=float, default=1e-4)
    ap.add_argument("--sanity", action="store_true")
    ap.add_argument("--random-poses", type=int, default=0, metavar="N",
                    help="also pose every bone at random N times, the same in both (needs glTF joints named after "
                         "the bones, with local = mirror @ bind local @ mirror), to check the weights without motions")
    ap.add_argument("--mirror", default="", help="force the glTF -> file axis signs, e.g. 1,1,-1 (default: found)")
    args = ap.parse_args(argv)
    if len(args.files) < 2:
        ap.error("need MODEL and GLB")
    model_path, motion_paths, glb_path = args.files[0], args.files[1:-1], args.files[-1]

    model = game_skinning.load_model(model_path)
    motions = []
    for path in motion_paths:
        options = {"unit_quaternions": True} if args.unit_quaternions and path.lower().endswith(".omf") else {}
        motions.extend(game_skinning.load_motions(path, model, **options))
    if args.motions:
        motions = [m for m in motions if m.name in args.motions.split(",")]

    def frames(motion):
        if args.frames == "all" or motion.frame_count <= int(args.frames):
            return list(range(motion.frame_count))
        return sorted(set(numpy.linspace(0, motion.frame_count - 1, int(args.frames)).round().astype(int).tolist()))

    print("%s vs %s" % (os.path.basename(model_path), os.path.basename(glb_path)))
    for note in model.notes:
        print("  model note: " + note)
    if args.sanity:
        sanity(model, motions, frames)
    gltf = Gltf(glb_path)
    match = line_up(model, motions, gltf, args.mirror)
    worst, failures, timing = check_motions(model, motions, gltf, match, frames, args.tolerance)
    if args.random_poses:
        poses_worst = random_poses(model, gltf, match.mirror, match, args.random_poses)
        worst = max(worst, poses_worst)
        failures += poses_worst > args.tolerance
    print("summary: %d motions, max error %.3g m, %d over %g m; deform() %.2f ms per frame (median)"
          % (len(motions), worst, failures, args.tolerance, 1000 * float(numpy.median(timing or [0]))))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
