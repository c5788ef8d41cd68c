"""The frame rate a glTF file's animation keys were made at. No Blender API here.

Blender places each glTF key at its time times the scene's frame rate, and its glTF exporter samples every action
at whole frames: keys made at 30 per second (X-Ray motions, Grimrock animations) imported into a 24 fps scene land
between frames, and come back sampled at 24 per second, no longer the game's. The add-on's import sets the scene
to the keys' rate first (its Frame Rate choice, gltf_import.import_glb's match_key_rate), so that every key sits on
a frame and the export gives it back.
"""
import numpy

from . import glb_accessors, glb_container

# The rates tried, smallest first: the first at which every key time is a whole frame is the keys' rate.
CANDIDATE_RATES = (24, 25, 30, 48, 50, 60, 120)
# How far from a whole frame a key may lie (float times in the glTF).
FRAME_TOLERANCE = 1e-3


def rate_of_times(times):
    """The smallest candidate rate at which every time (seconds) is a whole frame, or None (no keys, or times
    on no candidate's frames: an Overgrowth clip's millisecond keys)."""
    times = numpy.asarray(times, dtype=numpy.float64)
    if times.size < 2:
        return None
    for rate in CANDIDATE_RATES:
        frames = times * rate
        if numpy.all(numpy.abs(frames - numpy.round(frames)) <= FRAME_TOLERANCE):
            return rate
    return None


def glb_key_rate(path):
    """The rate of every animation key of the GLB at path (rate_of_times of all of them), or None."""
    try:
        document = glb_container.read_document(path)
        if not document.get("animations"):
            return None
        accessors = glb_accessors.Accessors(document, glb_container.read_binary(path))
        inputs = {sampler["input"] for animation in document["animations"]
                  for sampler in animation.get("samplers", [])}
        times = [accessors.decode(index)[:, 0] for index in sorted(inputs)]
    except (glb_container.GlbError, glb_accessors.AccessorError, OSError, ValueError, KeyError, IndexError,
            TypeError):
        return None
    return rate_of_times(numpy.concatenate(times)) if times else None
