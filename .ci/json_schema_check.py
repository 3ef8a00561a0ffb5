#!/usr/bin/env python3
"""Every scenario file validates against the JSON Schema `racelab schema MODEL --json-schema`
prints for its model, and every model file against `racelab schema --json-schema`, with an
independent validator (the jsonschema package) reading the files as an editor's YAML loader
would; and a file with a key racelab refuses does not validate. Every scenario's `run
--format json` document, and every `explore --format json` document of a file that explores,
validates against `racelab schema --output run|explore`.

Usage: json_schema_check.py RACELAB SCENARIOS_DIR
"""

import datetime
import json
import pathlib
import re
import subprocess
import sys

import jsonschema
import yaml


class Yaml12Loader(yaml.SafeLoader):
    """PyYAML's safe loader with YAML 1.2's booleans: only true and false, so a key such as
    `on:` stays a word, as an editor's YAML 1.2 loader keeps it."""


Yaml12Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Yaml12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"))


def typed(value):
    """PyYAML's safe loader turns dates and times into objects; an editor's YAML 1.2 loader
    keeps them as text, which is what the schema describes."""
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(key): typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [typed(item) for item in value]
    return value


def load(path):
    return typed(yaml.load(path.read_text(encoding="utf-8"), Loader=Yaml12Loader))


def schema(racelab, *model):
    output = subprocess.run(
        [racelab, "schema", *model, "--json-schema"], capture_output=True, text=True,
        check=True).stdout
    return jsonschema.Draft202012Validator(json.loads(output))


def output_schema(racelab, document):
    output = subprocess.run(
        [racelab, "schema", "--output", document], capture_output=True, text=True,
        check=True).stdout
    return jsonschema.Draft202012Validator(json.loads(output))


def outputs(racelab, command, paths):
    """The JSON documents `racelab COMMAND PATHS… --format json` prints, one per line, in one
    process (a file that cannot be explored, a truth table, prints none)."""
    result = subprocess.run(
        [racelab, command, *map(str, paths), "--format", "json"], capture_output=True, text=True)
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def judge(path, document, validator):
    """Prints what is wrong with `document` under `validator`; True when nothing is. The
    schema must also refuse what racelab refuses: an unknown top-level key."""
    problems = sorted(validator.iter_errors(document), key=lambda error: list(error.path))
    for index, problem in enumerate(problems[:5]):
        if index == 0:
            print(f"FAIL {path}")
        where = "/".join(str(part) for part in problem.path)
        print(f"  {where}: {problem.message[:300]}")
    if validator.is_valid(dict(document, **{"no-such-key": 1})):
        print(f"FAIL {path}: the schema accepts an unknown key")
        return False
    return not problems


def main() -> int:
    racelab, root = sys.argv[1], pathlib.Path(sys.argv[2])
    schemas = {}
    results = []
    files = sorted(
        path for path in root.rglob("*.y*ml")
        if path.suffix in (".yaml", ".yml") and not path.name.endswith(".model.yaml"))
    for path in files:
        document = load(path)
        model = document.get("model", "")
        target = str((path.parent / model).resolve()) if model.endswith(".model.yaml") else model
        if target not in schemas:
            schemas[target] = schema(racelab, target)
        results.append(judge(path, document, schemas[target]))
    # Model files against the schema of model files.
    validator = schema(racelab)
    models = sorted(root.rglob("*.model.yaml")) + sorted(
        pathlib.Path("Sources/ModelLibrary/models").glob("*.model.yaml")) + sorted(
        pathlib.Path("Benchmarks").glob("*.model.yaml"))
    for path in models:
        results.append(judge(path, load(path), validator))
    # The JSON documents of run and explore against their schemas.
    run_schema, explore_schema = output_schema(racelab, "run"), output_schema(racelab, "explore")
    documents = outputs(racelab, "run", files)
    if len(documents) != len(files):
        print(f"FAIL run --format json printed {len(documents)} documents for {len(files)} files")
        results.append(False)
    for document in documents:
        results.append(judge(f"{document['scenario']} (run)", document, run_schema))
    exploring = [path for path in files if "explore" in load(path)]
    for document in outputs(racelab, "explore", exploring):
        results.append(judge(f"{document['scenario']} (explore)", document, explore_schema))
    passed = results.count(True)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
