#!/usr/bin/env python3
"""Checks the links of the repository's Markdown files.

Every link must point inside the repository: no web addresses, no absolute paths, no
path that climbs out of the repository. A relative link must name an existing file or
folder, and a `#fragment` into a Markdown file must name one of its headings (GitHub's
anchors). Code blocks and code spans are skipped.

Usage: scripts/check-links.py [FILE.md ...]   (default: every Markdown file of the
repository outside target/ and hidden folders). Prints one line per broken link and
exits with status 1 if there is any.
"""

import os
import re
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
SKIP_DIRS = {"target", "node_modules"}

INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
AUTOLINK = re.compile(r"<([a-zA-Z][a-zA-Z0-9+.-]*:[^>\s]*)>")
BARE_URL = re.compile(r"\b(?:https?|ftp)://\S+")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def markdown_files():
    for directory, folders, files in os.walk(ROOT):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and f not in SKIP_DIRS)
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.join(directory, name)


def outside_fences(path):
    """(line number, line) of the lines of `path` outside fenced code blocks."""
    fence = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            marker = FENCE.match(line)
            if fence:
                if marker and marker.group(1) == fence:
                    fence = None
            elif marker:
                fence = marker.group(1)
            else:
                yield number, line


def prose_lines(path):
    """(line number, text) of the lines outside code blocks, code spans removed."""
    for number, line in outside_fences(path):
        if line.startswith("    ") and not line.lstrip().startswith(("-", "*", "|")):
            continue  # an indented code block (or a continuation: no links there)
        yield number, CODE_SPAN.sub("", line)


def slug(heading):
    """GitHub's anchor for a heading."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links keep their text
    text = text.replace("`", "").lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path, cache={}):
    """The anchors of the headings of Markdown file `path`."""
    if path not in cache:
        seen = {}
        found = set()
        for _, line in outside_fences(path):
            heading = HEADING.match(line)
            if heading:
                base = slug(heading.group(1))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def problem(source, target):
    """What is wrong with link `target` in file `source`, or None."""
    if SCHEME.match(target) or target.startswith("//"):
        return "points outside the repository (a web address)"
    if target.startswith("/"):
        return "is an absolute path; use a path relative to the file"
    path_part, _, fragment = target.partition("#")
    if path_part:
        resolved = os.path.realpath(os.path.join(os.path.dirname(source), path_part))
        if resolved != ROOT and not resolved.startswith(ROOT + os.sep):
            return "points outside the repository"
        if not os.path.exists(resolved):
            return "names a file that does not exist"
    else:
        resolved = source
    if fragment and resolved.endswith(".md") and os.path.isfile(resolved):
        if fragment not in anchors(resolved):
            return f"names no heading of {os.path.relpath(resolved, ROOT)}"
    return None


def check(path):
    errors = []
    for number, line in prose_lines(path):
        targets = INLINE_LINK.findall(line)
        targets += AUTOLINK.findall(line)
        definition = REFERENCE_DEF.match(line)
        if definition:
            targets.append(definition.group(1))
        without_links = AUTOLINK.sub("", INLINE_LINK.sub("", line))
        targets += BARE_URL.findall(without_links)
        for target in targets:
            if not target:
                errors.append((number, target, "is empty"))
                continue
            why = problem(path, target)
            if why:
                errors.append((number, target, why))
    return errors


def main(arguments):
    files = [os.path.realpath(a) for a in arguments] or list(markdown_files())
    broken = 0
    for path in files:
        for number, target, why in check(path):
            print(f"{os.path.relpath(path, ROOT)}:{number}: link '{target}' {why}")
            broken += 1
    if broken:
        print(f"{broken} broken link(s) in {len(files)} Markdown file(s)")
        return 1
    print(f"links: {len(files)} Markdown file(s), all links resolve inside the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
