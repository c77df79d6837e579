"""A small Dockerfile reader for tests (no Docker engine here): instructions, continuations, exec form.

Written from the Dockerfile reference: a line is ``INSTRUCTION arguments``; ``#`` starts a comment
only at the beginning of a line; a trailing backslash (the default escape character) continues the
instruction on the next line, and comment lines inside a continuation are dropped; parser
directives (``# syntax=…``) may only appear before the first instruction. ``ARG`` may precede the
first ``FROM``. Exec form is a JSON array of strings.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

INSTRUCTIONS = frozenset(
    {
        "ADD", "ARG", "CMD", "COPY", "ENTRYPOINT", "ENV", "EXPOSE", "FROM", "HEALTHCHECK", "LABEL",
        "MAINTAINER", "ONBUILD", "RUN", "SHELL", "STOPSIGNAL", "USER", "VOLUME", "WORKDIR",
    }
)  # fmt: skip
EXEC_FORM = frozenset({"CMD", "ENTRYPOINT", "RUN", "SHELL", "VOLUME"})
_DIRECTIVE = re.compile(r"#\s*(syntax|escape|check)\s*=\s*(\S+)\s*$", re.IGNORECASE)


class DockerfileError(ValueError):
    """The text is not a valid Dockerfile; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass(frozen=True)
class Instruction:
    """One instruction: its keyword (upper case), its argument text, and its first line."""

    keyword: str
    args: str
    line: int

    def exec_form(self) -> list[str] | None:
        """The JSON array if the arguments are in exec form, else None (shell form)."""
        text = self.args.strip()
        if not text.startswith("["):
            return None
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DockerfileError(self.line, f"{self.keyword}: bad JSON exec form: {exc}") from exc
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise DockerfileError(self.line, f"{self.keyword}: exec form must be a list of strings")
        return value


def parse(text: str) -> tuple[dict[str, str], list[Instruction]]:
    """Parser directives and instructions; raises :class:`DockerfileError`."""
    directives: dict[str, str] = {}
    out: list[Instruction] = []
    lines = text.split("\n")
    i = 0
    seen_instruction = False
    while i < len(lines):
        raw = lines[i]
        stripped = raw.strip()
        if not stripped:
            i += 1
            continue
        if stripped.startswith("#"):
            match = _DIRECTIVE.match(stripped)
            if match and not seen_instruction and not out:
                directives[match.group(1).lower()] = match.group(2)
            i += 1
            continue
        start = i + 1
        parts = [stripped]
        while parts[-1].endswith("\\"):
            parts[-1] = parts[-1][:-1]
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i].strip().startswith("#")):
                i += 1  # comment and empty lines inside a continuation are removed
            if i >= len(lines):
                raise DockerfileError(start, "continuation at end of file")
            parts.append(lines[i].strip())
        i += 1
        keyword, _, args = "".join(parts).partition(" ")
        keyword = keyword.upper()
        if keyword not in INSTRUCTIONS:
            raise DockerfileError(start, f"unknown instruction {keyword!r}")
        if not args.strip():
            raise DockerfileError(start, f"{keyword} needs arguments")
        seen_instruction = True
        instruction = Instruction(keyword, args.strip(), start)
        if keyword in EXEC_FORM:
            instruction.exec_form()  # validates the JSON when the exec form is used
        out.append(instruction)
    if not out:
        raise DockerfileError(1, "no instructions")
    first = next((ins for ins in out if ins.keyword != "ARG"), None)
    if first is None or first.keyword != "FROM":
        raise DockerfileError(first.line if first else 1, "the first instruction (after ARG) must be FROM")
    return directives, out


def healthcheck_command(instruction: Instruction) -> tuple[dict[str, str], list[str] | None]:
    """A ``HEALTHCHECK``'s ``--options`` and its ``CMD`` exec form (None for ``NONE`` or shell form)."""
    words = instruction.args.split(" ")
    options: dict[str, str] = {}
    while words and words[0].startswith("--"):
        key, _, value = words.pop(0)[2:].partition("=")
        options[key] = value
    rest = " ".join(words).strip()
    if rest.upper() == "NONE":
        return options, None
    keyword, _, args = rest.partition(" ")
    if keyword.upper() != "CMD":
        raise DockerfileError(instruction.line, "HEALTHCHECK must be NONE or CMD …")
    return options, Instruction("CMD", args, instruction.line).exec_form()
