#!/usr/bin/env python3
"""Checks that no crate of the workspace has circular imports between its modules.

A module depends on another when its code (comments left out) names it by a path:
`crate::other`, `super::sibling`, or a `use` of either. A module may use its own
submodules and its parent freely; only dependencies between modules that are not nested
in each other count. Every crate under crates/ and python/ is read. Prints each cycle,
with the modules in the order they import each other, and exits with status 1 if there
is any.

Usage: scripts/check-module-cycles.py
"""

import os
import re
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
PATH = re.compile(r"\b(crate|super)((?:::[a-z_][a-z0-9_]*)+)")
COMMENT = re.compile(r"//.*$", re.MULTILINE)


def crate_sources():
    """Yields (crate folder, src folder) for every crate of the repository."""
    for parent in ("crates", "python"):
        base = os.path.join(ROOT, parent)
        if not os.path.isdir(base):
            continue
        if os.path.isfile(os.path.join(base, "Cargo.toml")):
            yield base, os.path.join(base, "src")
        for name in sorted(os.listdir(base)):
            src = os.path.join(base, name, "src")
            if os.path.isdir(src):
                yield os.path.join(base, name), src


def modules(src):
    """Maps each module path (a tuple of names; the crate root is ()) to its code."""
    found = {}
    for folder, _, files in os.walk(src):
        for file in files:
            if not file.endswith(".rs"):
                continue
            relative = os.path.relpath(os.path.join(folder, file), src)[:-3]
            parts = tuple(relative.split(os.sep))
            if parts[-1] in ("mod", "lib", "main"):
                parts = parts[:-1]
            with open(os.path.join(folder, file), encoding="utf-8") as text:
                found[parts] = COMMENT.sub("", text.read())
    return found


def nested(a, b):
    return a[: len(b)] == b or b[: len(a)] == a


def dependencies(found):
    """The modules each module names, without its ancestors and descendants."""
    edges = {module: set() for module in found}
    for module, code in found.items():
        for root, tail in PATH.findall(code):
            names = tuple(tail.strip(":").split("::"))
            base = () if root == "crate" else module[:-1]
            for length in range(len(names), 0, -1):
                target = base + names[:length]
                if target in found:
                    if not nested(target, module):
                        edges[module].add(target)
                    break
    return edges


def cycles(edges):
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def main():
    failed = False
    for crate, src in crate_sources():
        for component in cycles(dependencies(modules(src))):
            failed = True
            names = ", ".join("::".join(m) or "(root)" for m in component)
            print(f"{os.path.relpath(crate, ROOT)}: modules import each other: {names}")
    if failed:
        sys.exit(1)
    print("no circular imports between modules")


if __name__ == "__main__":
    main()
