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


def messages_of(completed):
    """gamefmt's messages on standard error as dicts: with --error-format=json each line is one JSON object
    ({"level": "error" | "warning" | "note" | "summary", "message", and for errors "file", "offset", "field",
    "problem", "kind"}); any other line (a crash, a program that predates JSON output) becomes an error message."""
    messages = []
    for line in (completed.stderr or "").splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if not isinstance(message, dict) or "level" not in message:
            prefix = "gamefmt: warning: "
            if line.startswith(prefix):
                message = {"level": "warning", "message": line[len(prefix):]}
            else:
                message = {"level": "error", "message": line}
        messages.append(message)
    return messages


def failure_message(completed):
    """gamefmt's errors (each naming file, offset, field and problem), or a fallback naming the exit status."""
    errors = [str(m.get("message", "")) for m in messages_of(completed) if m.get("level") == "error"]
    if errors:
        return "\n".join(errors)
    return f"gamefmt failed with exit status {completed.returncode}"


def warnings_of(completed):
    """What the conversion worked around or filled in: the texts of gamefmt's warnings."""
    return [str(m.get("message", "")) for m in messages_of(completed) if m.get("level") == "warning"]


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
    """`gamefmt convert INPUT [COMPANION...] -o OUTPUT [-O name=value ...]` with its messages as JSON lines
    (messages_of); raises GamefmtError on failure."""
    arguments = ["--error-format=json", "convert", *inputs, "-o", output]
    for name, value in options:
        arguments += ["-O", f"{name}={value}"]
    completed = _run(program, arguments, timeout=timeout)
    if completed.returncode != 0:
        raise GamefmtError(failure_message(completed))
    if not os.path.isfile(output):
        raise GamefmtError(f"gamefmt reported success but wrote no {output}")
    return completed
