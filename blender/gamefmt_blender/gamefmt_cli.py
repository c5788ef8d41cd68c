"""Runs the gamefmt program: finds it, lists its formats, converts files. No Blender API here."""
import json
import os
import shutil
import subprocess

PROGRAM_NAME = "gamefmt"


class GamefmtError(Exception):
    """gamefmt could not be run, or it failed; the message is what the user should read."""


def find_program(configured_path):
    """The gamefmt executable: the configured path when set, else the one on PATH. None when neither exists."""
    if configured_path:
        path = os.path.abspath(os.path.expanduser(configured_path))
        if os.path.isdir(path):
            path = os.path.join(path, PROGRAM_NAME)
        return path if os.path.isfile(path) and os.access(path, os.X_OK) else None
    return shutil.which(PROGRAM_NAME)


def _run(program, arguments, timeout):
    try:
        return subprocess.run([program, *arguments], capture_output=True, text=True, errors="replace",
                              timeout=timeout, check=False)
    except OSError as error:
        raise GamefmtError(f"cannot run {program}: {error.strerror or error}") from error
    except subprocess.TimeoutExpired as error:
        raise GamefmtError(f"{program} did not finish within {timeout} s") from error


def failure_message(completed):
    """gamefmt's own error lines (stderr), or a fallback naming the exit status."""
    lines = [line.strip() for line in (completed.stderr or "").splitlines() if line.strip()]
    if lines:
        return "\n".join(lines)
    return f"gamefmt failed with exit status {completed.returncode}"


def warnings_of(completed):
    """The warnings gamefmt printed on standard error, without their "gamefmt: warning: " prefix."""
    prefix = "gamefmt: warning: "
    return [line[len(prefix):].strip() for line in (completed.stderr or "").splitlines() if line.startswith(prefix)]


def list_formats(program):
    """The parsed `gamefmt formats --json` document: {"formats": [...], "gltf": {...}, "assimp": {...}}."""
    completed = _run(program, ["formats", "--json"], timeout=60)
    if completed.returncode != 0:
        raise GamefmtError(failure_message(completed))
    try:
        document = json.loads(completed.stdout)
    except ValueError as error:
        raise GamefmtError(f"`gamefmt formats --json` printed no valid JSON: {error}") from error
    if not isinstance(document, dict) or not isinstance(document.get("formats"), list):
        raise GamefmtError("`gamefmt formats --json` printed no \"formats\" list")
    return document


def convert(program, inputs, output, options, timeout=600):
    """`gamefmt convert INPUT [COMPANION...] -o OUTPUT [-O name=value ...]`; raises GamefmtError on failure."""
    arguments = ["convert", *inputs, "-o", output]
    for name, value in options:
        arguments += ["-O", f"{name}={value}"]
    completed = _run(program, arguments, timeout=timeout)
    if completed.returncode != 0:
        raise GamefmtError(failure_message(completed))
    if not os.path.isfile(output):
        raise GamefmtError(f"gamefmt reported success but wrote no {output}")
    return completed
