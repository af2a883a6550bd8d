"""Options that name data files (Businessmen's decks, Merlin's content): from a client, only a
shipped variant's name or files uploaded as text, never a path on the server.

The command line (`tradingfloor play`, `simulate`) may give the games a path; the server checks
a client's options against the game's option schema before the game sees them, and its refusal
never says whether a file exists."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tradingfloor.core import registry
from tradingfloor.server.limits import Limits

FILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.()-]{0,79}\.toml$")


@dataclass(frozen=True)
class FileOption:
    """An option of a game that names files: its title for people, its shipped variants, and
    whether it takes uploaded files ({"files": {"name.toml": "<text>"}})."""

    title: str
    variants: tuple[str, ...]
    uploads: bool


@functools.cache
def file_options(game_id: str) -> dict[str, FileOption]:
    """The options of `game_id` whose text names data files: a designer's option that takes a
    string and lists its shipped variants (`examples` or `enum`), or one that takes uploads."""
    schema = registry.make(game_id).schemas()["options"]
    defs = schema.get("$defs", {})
    found = {}
    for name, prop in schema.get("properties", {}).items():
        members = prop.get("anyOf", [prop])
        free_text = any(m.get("type") == "string" and "enum" not in m for m in members)
        uploads = any(_takes_files(m, defs) for m in members)
        if not (uploads or (free_text and prop.get("designer"))):
            continue
        shipped = prop.get("examples") or prop.get("enum") or []
        title = str(prop.get("title") or name.replace("_", " ").capitalize())
        found[name] = FileOption(
            title, tuple(str(v) for v in shipped if isinstance(v, str)), uploads
        )
    return found


def _takes_files(member: Mapping[str, Any], defs: Mapping[str, Any]) -> bool:
    ref = str(member.get("$ref", ""))
    target = defs.get(ref.rsplit("/", 1)[-1], {}) if ref else member
    return "files" in target.get("properties", {})


def refusal(game_id: str, options: Mapping[str, Any], limits: Limits) -> str | None:
    """Why the server will not take `options`' file choices, in words; None if it will."""
    if not isinstance(options, Mapping) or game_id not in registry.games():
        return None  # the game's own checks say what is wrong
    for name, option in file_options(game_id).items():
        value = options.get(name)
        if value is None:
            continue
        said = _refusal(option, value, limits)
        if said:
            return said
    return None


def _refusal(option: FileOption, value: Any, limits: Limits) -> str | None:
    choose = _choices(option)
    if isinstance(value, str):
        if value in option.variants:
            return None
        return f"{option.title}: {choose}"  # never the value: it may be a path, and say so
    if not isinstance(value, Mapping) or not option.uploads:
        return None  # not text: the game's own schema refuses it in its words
    files = value.get("files")
    if not isinstance(files, Mapping):
        return None
    if limits.upload_files and len(files) > limits.upload_files:
        return f"{option.title}: upload at most {limits.upload_files} files"
    total = 0
    for file_name, text in files.items():
        if not isinstance(file_name, str) or not FILE_NAME.match(file_name) or ".." in file_name:
            return (
                f"{option.title}: an uploaded file's name is a plain .toml file name (like "
                "cards.toml), without folders"
            )
        total += len(text) if isinstance(text, str) else 0
    if limits.upload_limit and total > limits.upload_limit:
        return (
            f"{option.title}: the uploaded files hold {total:,} characters; the most the server "
            f"takes is {limits.upload_limit:,}"
        )
    return None


def _choices(option: FileOption) -> str:
    if not option.variants:
        return "upload the files; the server opens no file by name"
    shipped = " or ".join(option.variants)
    how = "choose a shipped variant"
    if option.uploads:
        return f"{how} ({shipped}) or upload the files; the server opens no other file by name"
    return f"{how} ({shipped}); the server opens no other file by name"
