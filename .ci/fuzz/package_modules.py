#!/usr/bin/env python3
"""Print the library modules a fuzz target needs, in the order they must be compiled.

Usage: swift package describe --type json | python3 .ci/fuzz/package_modules.py \
           [--generated DIR] MODULE...

Reads the package description (the same facts `swift build` uses: each target's module name,
folder, source files and dependencies) and prints one line per module in the transitive
closure of MODULE..., every module after the modules it imports:

    MODULE<TAB>FOLDER<TAB>IMPORTS<TAB>SOURCE<TAB>SOURCE...

IMPORTS lists the modules it depends on directly, comma-separated (- for none). Folders
and sources are relative to the package root; sources are in the description's
(sorted) order. Also prints, first, one line `package<TAB>NAME<TAB>SWIFT_VERSION` for the
compiler's -package-name and -swift-version. Exits 2 when a module is unknown or is not a
plain Swift library target (the fuzz build compiles those only).

A module whose resources are embedded in code (`.embedInCode`) gets, as SwiftPM gives it, a
generated source declaring `PackageResources` with one byte array per resource; with
`--generated DIR` it is written to DIR/MODULE/embedded_resources.swift and listed by its
absolute path (without it, such a module is refused).
"""

import os
import re

import json
import sys


class PackageError(Exception):
    """A module the fuzz build cannot compile from the description."""


def embedded_resources(target, folder):
    """Writes the source SwiftPM generates for `target`'s embedded resources into `folder`
    and returns its absolute path, or None when the target embeds nothing."""
    embedded = [
        resource["path"] for resource in target.get("resources", [])
        if "embed_in_code" in resource.get("rule", {})]
    if not embedded:
        return None
    if folder is None:
        raise PackageError(
            f"package_modules: {target['c99name']} embeds resources; pass --generated DIR")
    lines = ["struct PackageResources {"]
    for path in embedded:
        name = re.sub(r"[^A-Za-z0-9_]", "_", os.path.basename(path))
        with open(path, "rb") as file:
            data = file.read()
        lines.append(f"static let {name}: [UInt8] = [{','.join(str(byte) for byte in data)}]")
    lines.append("}")
    directory = os.path.join(folder, target["c99name"])
    os.makedirs(directory, exist_ok=True)
    generated = os.path.abspath(os.path.join(directory, "embedded_resources.swift"))
    with open(generated, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")
    return generated


def main(argv):
    generated_folder = None
    if len(argv) > 2 and argv[1] == "--generated":
        generated_folder = argv[2]
        argv = [argv[0]] + argv[3:]
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    package = json.load(sys.stdin)
    targets = {target["c99name"]: target for target in package["targets"]}
    by_name = {target["name"]: target for target in package["targets"]}

    def lookup(module):
        """The target named `module` (a target name or a module name), or None."""
        return by_name.get(module) or targets.get(module)

    ordered = []
    visiting = set()

    def visit(module):
        target = lookup(module)
        if target is None:
            raise PackageError(f"package_modules: no target named {module}")
        name = target["c99name"]
        if name in ordered:
            return
        if name in visiting:
            raise PackageError(f"package_modules: dependency cycle through {name}")
        if target["type"] != "library" or target.get("module_type") != "SwiftTarget":
            kind = f"{target['type']}, {target.get('module_type')}"
            raise PackageError(f"package_modules: {name} is not a Swift library target ({kind})")
        visiting.add(name)
        # Product dependencies (other packages) would appear under "product_dependencies";
        # racelab has none, and the fuzz build refuses them rather than guessing.
        if target.get("product_dependencies"):
            raise PackageError(f"package_modules: {name} depends on another package")
        for dependency in target.get("target_dependencies", []):
            visit(dependency)
        visiting.discard(name)
        ordered.append(name)

    try:
        for module in argv[1:]:
            visit(module)
    except PackageError as error:
        print(error, file=sys.stderr)
        return 2

    # SwiftPM compiles in the newest language mode the package lists.
    versions = package.get("swift_languages_versions") or ["6"]
    newest = max(versions, key=lambda version: [int(part) for part in version.split(".")])
    print("\t".join(["package", package["name"], newest]))
    lines = []
    try:
        for name in ordered:
            target = targets[name]
            imports = [
                lookup(dependency)["c99name"]
                for dependency in target.get("target_dependencies", [])]
            sources = list(target["sources"])
            generated = embedded_resources(target, generated_folder)
            if generated:
                sources.append(generated)
            lines.append("\t".join([name, target["path"], ",".join(imports) or "-"] + sources))
    except PackageError as error:
        print(error, file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
