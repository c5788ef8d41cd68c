"""Works around a crash of Blender 3.4's glTF importer with numpy 1.24 or later (Debian 12's pairing).

The 3.4 importer uses `numpy.bool`, which numpy 1.24 removed; Blender 3.5 fixed the importer. Defining the alias
again, only where it is missing, lets the stock importer run with its default options.
"""
import numpy


def ensure_numpy_bool():
    if not hasattr(numpy, "bool"):
        numpy.bool = bool
