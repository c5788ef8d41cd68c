"""Independent reference skinning of classic game files, for checking exported models against the originals.

This package re-implements, from the games' public engine sources and tools (each module names its own),
how each game poses a skinned model under its own motion files.  It uses numpy only and none of gamefmt's code;
it runs under Blender's bundled Python as well as plain python3.

    model = load_model(path)             # .ogf, .object (X-Ray), .model (Grimrock), .phxbn + <stem>.obj (Overgrowth)
    motions = load_motions(path, model)  # .omf, .skl, .skls, .ogf/.object's own (X-Ray), .animation, .anm
    deform(model, motions[0], frame)     # (N, 3) skinned positions
    skin(model, locals_)                 # the same for any {bone: local 4x4} pose

Model fields (every coordinate in the file's own axes, nothing converted):
    positions     (N, 3) float64 bind-pose positions of the skinned vertices, meshes concatenated in file order
    influences    per vertex, a list of (bone_name, weight); weights as the game uses them
    bind_globals  {bone: 4x4} bind (rest) global matrix of every bone
    bind_locals   {bone: 4x4} local matrix (relative to the parent) a bone keeps when a motion does not move it
    parents       {bone: parent name or None}
    notes         what the reader left out, in words (e.g. unweighted points of an .object)
    drawn         (N,) which vertices a triangle uses: the others the game reads but never draws

Motion fields:
    name, frame_count, times (seconds of frames 0 .. frame_count-1), and locals(frame) -> {bone: 4x4}: the local
    matrix the game gives every model bone at that frame.  Frames are the file's keys (X-Ray OMF: 30 per second;
    SDK motions: frame_start .. frame_end at the motion's fps; Grimrock: one key per frame; Overgrowth:
    keyframes).  X-Ray and Grimrock motions also take fractional frames, interpolated as their engines do.

Skinning, the same rule for all four games (linear blend skinning, column vectors):
    v' = sum_i w_i * G_anim(bone_i) @ inverse(G_bind(bone_i)) @ v,   G_anim(b) = G_anim(parent(b)) @ local(b)

Modules: xray_ogf, xray_omf (X-Ray game files), xray_object, xray_skl, xray_envelope (X-Ray SDK files),
grimrock_model, grimrock_animation, overgrowth_phxbn, overgrowth_anm; _binary (byte reading, X-Ray chunks),
_transforms (matrices).  Each module's docstring gives the facts it relies on and where they come from.
check_against_gltf.py (a script, not part of the API) compares deform() with the skinning of a glTF file.
"""
import importlib
import os

import numpy

from . import _transforms


class Model:
    """A skinned model's bind pose and weights, in file coordinates."""

    def __init__(self, positions, influences, bind_globals, parents, bind_locals=None, source=""):
        self.positions = numpy.asarray(positions, dtype=numpy.float64).reshape(-1, 3)
        self.influences = influences
        self.bind_globals = bind_globals
        self.parents = parents
        self.bind_locals = bind_locals if bind_locals is not None else \
            _transforms.local_from_globals(bind_globals, parents)
        self.source = source
        self.notes = []  # what the reader left out or assumed, in words
        # Which vertices a triangle uses (the game draws only those); the readers that know set it.
        self.drawn = numpy.ones(len(self.positions), bool)
        self._arrays = None
        if len(influences) != len(self.positions):
            raise ValueError("%d vertices but %d influence lists" % (len(self.positions), len(influences)))
        if not all(influences):
            raise ValueError("a vertex has no bone influence")

    def bones(self):
        return list(self.parents)

    def skin_arrays(self):
        """(bone names, index (N, K), weight (N, K)): the influences packed for vectorised skinning."""
        if self._arrays is None:
            names = self.bones()
            slot = {name: i for i, name in enumerate(names)}
            width = max([len(inf) for inf in self.influences] + [1])
            index = numpy.zeros((len(self.influences), width), dtype=numpy.int64)
            weight = numpy.zeros((len(self.influences), width))
            for v, inf in enumerate(self.influences):
                for k, (bone, w) in enumerate(inf):
                    index[v, k] = slot[bone]
                    weight[v, k] = w
            self._arrays = (names, index, weight)
        return self._arrays


class Motion:
    """Base of the per-format motions: a name, frames, and the local pose at a frame."""

    name = ""
    frame_count = 0
    fps = 30.0

    @property
    def times(self):
        return numpy.arange(self.frame_count) / float(self.fps)

    def locals(self, frame):
        raise NotImplementedError


MODEL_READERS = {".ogf": "xray_ogf", ".object": "xray_object", ".model": "grimrock_model",
                 ".phxbn": "overgrowth_phxbn"}
MOTION_READERS = {".omf": "xray_omf", ".ogf": "xray_omf", ".skl": "xray_skl", ".skls": "xray_skl",
                  ".object": "xray_skl", ".animation": "grimrock_animation", ".anm": "overgrowth_anm"}


def _reader(table, path):
    ext = os.path.splitext(path)[1].lower()
    if ext not in table:
        raise ValueError("no reader for %r files" % ext)
    return importlib.import_module("." + table[ext], __name__)


def load_model(path):
    """The skinned model in `path`, chosen by extension (.ogf, .object, .model, .phxbn)."""
    return _reader(MODEL_READERS, path).load(path)


def load_motions(path, model, **options):
    """[Motion] of a motion file (.omf, an OGF's or .object's own motions, .skl, .skls, .animation, .anm),
    bound to `model`'s bones by name.  Options go to the format's reader: X-Ray .omf `unit_quaternions=False`,
    Grimrock .animation `looping=True`."""
    return _reader(MOTION_READERS, path).load(path, model, **options)


def globals_for(model, locals_):
    """{bone: G_anim} composed through model.parents from a full {bone: local} dict."""
    return _transforms.compose_globals(locals_, model.parents)


def skin(model, locals_):
    """(N, 3) positions of the model posed by `locals_` ({bone: local 4x4} for every bone)."""
    names, index, weight = model.skin_arrays()
    g = globals_for(model, locals_)
    skin_mats = numpy.stack([g[n] @ numpy.linalg.inv(model.bind_globals[n]) for n in names])
    p = numpy.hstack([model.positions, numpy.ones((len(model.positions), 1))])
    out = numpy.zeros((len(p), 3))
    for k in range(index.shape[1]):
        moved = numpy.einsum("nij,nj->ni", skin_mats[index[:, k]][:, :3, :], p)
        out += weight[:, k:k + 1] * moved
    return out


def deform(model, motion, frame):
    """(N, 3) positions of the model at `frame` of `motion` (see the module docstring for the rule)."""
    return skin(model, motion.locals(frame))
