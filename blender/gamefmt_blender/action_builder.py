"""Builds the actions of glTF animations with NumPy, giving the fcurves Blender's glTF importer would give (the
same keys and interpolation; only LINEAR and Constant keys are left without computed Bezier handles, see _Curves).

The pose values follow io_scene_gltf2 (Blender 3.4: blender/imp/gltf2_blender_animation_node.py and
gltf2_blender_animation_weight.py). For a node channel the importer converts each key from glTF axes to Blender's
(`gltf.loc_gltf_to_blender` & co.), applies the node's corrections (`vnode.base_*_to_final_*`: the rotations its
bone-orientation heuristic added), and for a bone makes the value relative to the edit bone:
    location = editbone_rot^-1 (final_location - editbone_trans),  rotation = editbone_rot^-1 final_rotation.
An object parented to a bone is moved back from the bone's tip to its head. Every step is affine in the key, so the
add-on asks the importer's own functions for the images of the origin and of the unit vectors once per node, and
converts the keys of all of a node's channels on one path with one matrix product. Quaternion keys are then made to take
the shortest way (a key is negated when its dot product with the previous one is negative), as the importer does.

Each glTF animation becomes one action per animated Blender ID (the armature or object, the mesh's shape keys),
stashed on an NLA track named like the importer names tracks, with the first animation active, as the importer
leaves them. The action of the object the animation moves most (a character's armature: the object with more
fcurves than any other) is named after the animation; any other one (shape keys, further objects) is
"<animation>_<object>", the importer's scheme.
"""
import bpy
import numpy
from mathutils import Vector

_INTERPOLATIONS = {"LINEAR": "LINEAR", "STEP": "CONSTANT", "CUBICSPLINE": "BEZIER"}
# glTF path: (Blender property, fcurve group of an object's channel, components)
_NODE_PATHS = {"translation": ("location", "Location", 3), "rotation": ("rotation_quaternion", "Rotation", 4),
               "scale": ("scale", "Scale", 3)}


class BuildError(RuntimeError):
    """The importer's state lacks what the builder needs (an importer version whose internals differ)."""


def _affine(function, size):
    """(matrix, offset) of an affine map, probed on the origin and the unit vectors of R^size."""
    offset = numpy.array(function([0.0] * size), dtype=numpy.float64)
    columns = [numpy.array(function([1.0 if i == j else 0.0 for j in range(size)])) - offset for i in range(size)]
    return numpy.column_stack(columns), offset


class _NodeTarget:
    """Where a node's TRS channels go (an object, or a pose bone of an armature object) and how keys convert."""

    def __init__(self, gltf, node_index, bone_type):
        vnode = gltf.vnodes[node_index]
        self.is_bone = vnode.type == bone_type
        if self.is_bone:
            self.owner = gltf.vnodes[vnode.bone_arma].blender_object
            self.group = vnode.blender_bone_name
            self.prefix = 'pose.bones["%s"].' % bpy.utils.escape_identifier(vnode.blender_bone_name)
            edit_rot_inv, edit_trans = vnode.editbone_rot.conjugated(), vnode.editbone_trans
        else:
            self.owner = vnode.blender_object
            self.group = None
            self.prefix = ""
        self.owner_name = self.owner.name
        tip_to_head = None
        parent = gltf.vnodes.get(vnode.parent) if vnode.parent is not None else None
        if not self.is_bone and parent is not None and parent.type == bone_type:
            tip_to_head = Vector((0, -parent.bone_length, 0))

        def location(t):
            value = vnode.base_locs_to_final_locs([gltf.loc_gltf_to_blender(t)])[0]
            if tip_to_head is not None:
                value = value + tip_to_head
            return edit_rot_inv @ (value - edit_trans) if self.is_bone else value

        def rotation(q):
            value = vnode.base_rots_to_final_rots([gltf.quaternion_gltf_to_blender(q)])[0]
            return edit_rot_inv @ value if self.is_bone else value

        def scale(s):
            return vnode.base_scales_to_final_scales([gltf.scale_gltf_to_blender(s)])[0]

        self.maps = {"translation": _affine(location, 3), "rotation": _affine(rotation, 4),
                     "scale": _affine(scale, 3)}


def _shortest_path(quaternions, starts):
    """Negates keys as the importer's loop does: key i flips when its dot product with key i-1 (as already flipped)
    is negative. A key whose dot product with the previous one is exactly 0 is left as it is and starts a new run,
    like the first key of each channel (starts: the first row of each channel)."""
    count = len(quaternions)
    if count < 2:
        return quaternions
    dots = numpy.einsum("ij,ij->i", quaternions[1:], quaternions[:-1])
    negative = numpy.concatenate(([False], dots < 0))
    restart = numpy.concatenate(([True], dots == 0))
    restart[starts[starts < count]] = True
    negative[restart] = False
    flips = numpy.cumsum(negative)
    run_start = numpy.maximum.accumulate(numpy.where(restart, numpy.arange(count), 0))
    quaternions[(flips - flips[run_start]) % 2 == 1] *= -1
    return quaternions


def _pairs(frames, values):
    """(frame, value) pairs as the flat float32 array keyframe_points.foreach_set('co') takes."""
    pair = numpy.empty((len(values), 2), dtype=numpy.float32)
    pair[:, 0] = frames
    pair[:, 1] = values
    return pair.reshape(-1)


class _Curves:
    """The fcurves of one channel (one per component; one per shape key for morph weights) for one Blender ID."""

    __slots__ = ("animation", "order", "owner", "id_root", "object_name", "data_path", "indices", "group", "keys",
                 "count", "interpolation", "needs_update", "slider")

    def __init__(self, channel, order, owner, id_root, object_name, data_path, indices, group, keys, in_order,
                 slider=None):
        self.animation, self.order, self.owner, self.id_root = channel.animation, order, owner, id_root
        self.object_name, self.data_path, self.indices, self.group = object_name, data_path, indices, group
        self.keys, self.count = keys, len(keys[0]) // 2  # keys: (frame, value) pairs per array index
        self.interpolation, self.slider = channel.interpolation, slider
        # fcurve.update() sorts the keys and computes their Bezier handles. Handles play no part in LINEAR and
        # CONSTANT keys (Blender computes them as soon as keys are edited), so it is only needed for Bezier keys
        # and keys out of order; skipping it saves a tenth of the import.
        self.needs_update = channel.interpolation == "CUBICSPLINE" or not in_order


def _node_curves(gltf, channels, fps, bone_type):
    targets, out = {}, []
    by_path = {path: [] for path in _NODE_PATHS}
    for order, channel in channels:
        if channel.path in by_path:
            by_path[channel.path].append((channel.node, order, channel))
    for path, (blender_path, object_group, components) in _NODE_PATHS.items():
        chosen = []
        # Node by node, so that each node's keys are one block for its conversion matrix.
        for node, order, channel in sorted(by_path[path], key=lambda item: item[:2]):
            values = channel.values[1::3] if channel.interpolation == "CUBICSPLINE" else channel.values
            if len(values) != len(channel.times) or values.shape[1] != components:
                continue  # the importer would fail on it
            if node not in targets:
                targets[node] = _NodeTarget(gltf, node, bone_type)
            chosen.append((order, channel, values))
        if not chosen:
            continue
        counts = [len(values) for _, _, values in chosen]
        starts = numpy.concatenate(([0], numpy.cumsum(counts))).astype(numpy.int64)
        rows = numpy.concatenate([values for _, _, values in chosen])
        frames = numpy.concatenate([channel.times for _, channel, _ in chosen]) * fps
        bounds = starts.tolist()
        block_start = 0
        for i, (_, channel, _) in enumerate(chosen):
            if i + 1 == len(chosen) or chosen[i + 1][1].node != channel.node:
                matrix, offset = targets[channel.node].maps[path]
                block = rows[block_start:bounds[i + 1]]
                block[:] = block @ matrix.T + offset
                block_start = bounds[i + 1]
        if components == 4:
            rows = _shortest_path(rows, starts[:-1])
        pairs = [_pairs(frames, rows[:, k]) for k in range(components)]
        indices = tuple(range(components))
        out_of_order = _channels_out_of_order(frames, starts)
        for i, (order, channel, _) in enumerate(chosen):
            target = targets[channel.node]
            first, last = 2 * bounds[i], 2 * bounds[i + 1]
            out.append(_Curves(channel, (channel.node, order), target.owner, "OBJECT", target.owner_name,
                               target.prefix + blender_path, indices, target.group or object_group,
                               [pair[first:last] for pair in pairs], i not in out_of_order))
    return out


def _channels_out_of_order(frames, starts):
    """Indices of the channels (rows starts[i]:starts[i+1] of frames) whose times do not increase."""
    rows = numpy.flatnonzero(frames[1:] <= frames[:-1]) + 1
    rows = rows[~numpy.isin(rows, starts)]
    return set((numpy.searchsorted(starts, rows, side="right") - 1).tolist())


def _weight_curves(gltf, channels, fps):
    mesh_objects = {}
    for vnode in gltf.vnodes.values():
        if vnode.mesh_node_idx is not None:
            mesh_objects[vnode.mesh_node_idx] = vnode.blender_object
    out = []
    for order, channel in channels:
        obj = mesh_objects.get(channel.node)
        if channel.path != "weights" or obj is None or obj.type != "MESH" or obj.data.shape_keys is None:
            continue
        shape_keys = gltf.data.meshes[gltf.data.nodes[channel.node].mesh].shapekey_names
        keys, targets = len(channel.times), len(shape_keys)
        per_key = 3 * targets if channel.interpolation == "CUBICSPLINE" else targets
        if targets == 0 or channel.values.size != keys * per_key:
            continue
        weights = channel.values.reshape(keys, per_key)
        if channel.interpolation == "CUBICSPLINE":
            weights = weights[:, targets:2 * targets]
        frames = channel.times * fps
        for target, name in enumerate(shape_keys):
            if name is None:  # a target the importer made no shape key for
                continue
            values = weights[:, target]
            slider = (obj.data.shape_keys.key_blocks[name], values.min(initial=0.0), values.max(initial=1.0))
            out.append(_Curves(channel, (channel.node, order, target), obj.data.shape_keys, "KEY", obj.name,
                               'key_blocks["%s"].value' % bpy.utils.escape_identifier(name), (0,), "ShapeKeys",
                               [_pairs(frames, values)], bool(numpy.all(frames[1:] > frames[:-1])), slider))
    return out


def _first_of_each_target(channels):
    """(order, channel) for the first channel of each (animation, node, path): the importer ignores later ones."""
    seen, out = set(), []
    for order, channel in enumerate(channels):
        key = (channel.animation, channel.node, channel.path)
        if key not in seen:
            seen.add(key)
            out.append((order, channel))
    return out


class _Keyframes:
    """Per-interpolation arrays for keyframe_points.foreach_set, sliced to each fcurve's length."""

    def __init__(self, longest):
        enum = bpy.types.Keyframe.bl_rna.properties["interpolation"].enum_items
        self.interpolation = {name: numpy.full(longest, enum[blender].value, dtype=numpy.int32)
                              for name, blender in _INTERPOLATIONS.items()}
        auto = bpy.types.Keyframe.bl_rna.properties["handle_left_type"].enum_items["AUTO"].value
        self.auto_handles = numpy.full(longest, auto, dtype=numpy.int32)


def _fill(action, all_curves, keyframes):
    """Makes the fcurves of all_curves on action; returns them in that order."""
    new_fcurve, made = action.fcurves.new, []
    for curves in all_curves:
        count = curves.count
        interpolation = keyframes.interpolation.get(curves.interpolation, keyframes.interpolation["LINEAR"])[:count]
        bezier, update = curves.interpolation == "CUBICSPLINE", curves.needs_update
        for index, keys in zip(curves.indices, curves.keys):
            fcurve = new_fcurve(curves.data_path, index=index, action_group=curves.group)
            points = fcurve.keyframe_points
            points.add(count)
            points.foreach_set("co", keys)
            points.foreach_set("interpolation", interpolation)
            if bezier:
                points.foreach_set("handle_left_type", keyframes.auto_handles[:count])
                points.foreach_set("handle_right_type", keyframes.auto_handles[:count])
            if update:
                fcurve.update()
            made.append(fcurve)
    return made


class _Layouts:
    """Actions of one layout (the same fcurves, groups, key counts and interpolations, in the same order) made by
    copying the first one and writing only the new keys' frames and values.

    Creating an fcurve, adding its keys and setting their interpolation are three Blender calls per fcurve that
    a copy of the whole action does at once in C; a character's animations mostly share a few key counts (the
    corpus dog: 79 animations, 23 counts), so this saves most of them. The copy's keys are those the first
    action got from keyframe_points.add, with the same interpolation; setting 'co' then gives the keys that
    _fill would give. Curves whose keys need fcurve.update() (Bezier keys, keys out of order) are not copied: the
    update leaves handles computed from the first action's values."""

    def __init__(self):
        self._made = {}  # layout -> (action, position in its fcurves of each fcurve in creation order)

    @staticmethod
    def _layout(id_root, all_curves):
        if any(curves.needs_update or curves.interpolation == "CUBICSPLINE" for curves in all_curves):
            return None
        return id_root, tuple((c.data_path, c.indices, c.group, c.count, c.interpolation) for c in all_curves)

    def new_action(self, name, id_root, all_curves, keyframes):
        layout = self._layout(id_root, all_curves)
        made = self._made.get(layout) if layout is not None else None
        if made is None:
            action = bpy.data.actions.new(name)
            action.id_root = id_root
            fcurves = _fill(action, all_curves, keyframes)
            if layout is not None:
                position = {fcurve.as_pointer(): i for i, fcurve in enumerate(action.fcurves)}
                self._made[layout] = (action, [position[fcurve.as_pointer()] for fcurve in fcurves])
            return action
        model, positions = made
        action = model.copy()
        action.name = name
        fcurves = action.fcurves[:]
        keys = (keys for curves in all_curves for keys in curves.keys)
        for position, co in zip(positions, keys):
            fcurves[position].keyframe_points.foreach_set("co", co)
        return action


def _stash(owner, track_name, action, start_frame):
    """What the importer's simulate_stash does: a locked, muted NLA track holding the action."""
    if owner.animation_data is None:
        owner.animation_data_create()
    track = owner.animation_data.nla_tracks.new(prev=None)
    track.name = track_name
    track.strips.new(action.name, start_frame, action)
    track.lock = True
    track.mute = True


def _most_moved(per_owner):
    """The object (not shape keys) with more fcurves than any other, or None when there is no single one."""
    counts = sorted(((sum(len(c.indices) for c in curves), owner) for owner, curves in per_owner.items()
                     if curves[0].id_root == "OBJECT"), key=lambda pair: pair[0], reverse=True)
    if not counts or (len(counts) > 1 and counts[0][0] == counts[1][0]):
        return None
    return counts[0][1]


def build(gltf, track_names, channels):
    """Makes the actions of channels (glb_animation_split.Channel) on the objects the importer made (gltf: its
    state, from importer_capture). Returns the number of actions made."""
    try:
        from io_scene_gltf2.blender.imp.gltf2_blender_vnode import VNode
        bone_type = VNode.Bone
    except ImportError as error:
        raise BuildError(f"Blender's glTF importer has no VNode: {error}") from error
    scene = bpy.context.scene
    fps = scene.render.fps  # the importer ignores fps_base too
    chosen = _first_of_each_target(channels)
    try:
        all_curves = _node_curves(gltf, chosen, fps, bone_type) + _weight_curves(gltf, chosen, fps)
    except (AttributeError, KeyError) as error:
        raise BuildError(f"Blender's glTF importer state is not the one this add-on knows: {error}") from error
    keyframes = _Keyframes(max((c.count for c in all_curves), default=0))
    by_animation = {}
    for curves in all_curves:
        by_animation.setdefault(curves.animation, []).append(curves)
    owners, made, layouts = {}, 0, _Layouts()
    # Like the importer: last animation first, so that the first one's NLA track ends up on top.
    for animation in sorted(by_animation, reverse=True):
        track_name = track_names[animation]
        per_owner = {}
        # The importer's fcurve order: node by node, each node's channels in file order.
        for curves in sorted(by_animation[animation], key=lambda c: c.order):
            per_owner.setdefault(curves.owner, []).append(curves)
        main = _most_moved(per_owner)
        for owner, owner_curves in per_owner.items():
            first = owner_curves[0]
            action = layouts.new_action(track_name if owner == main else f"{track_name}_{first.object_name}",
                                        first.id_root, owner_curves, keyframes)
            _stash(owner, track_name, action, scene.frame_start)
            owners[owner] = True
            made += 1
            for curves in owner_curves:
                if curves.slider is not None:
                    # The importer means to widen a shape key's slider to its animated weights (it looks at the
                    # first key only); the weights are clamped to the slider range when they are evaluated.
                    key_block, low, high = curves.slider
                    key_block.slider_min = min(key_block.slider_min, float(low))
                    key_block.slider_max = max(key_block.slider_max, float(high))
    if track_names:
        for owner in owners:
            track = next((t for t in owner.animation_data.nla_tracks if t.name == track_names[0] and t.strips), None)
            owner.animation_data.action = track.strips[0].action if track else None
    return made
