#!/usr/bin/env python3
"""The bundled-library table of docs/content.md, made from `sleepbox content list --json`.

    docs/library-table.py [--sleepbox BIN] [--check]

Lists the repository's content/ folder as the box loads it (a configuration naming that folder,
an empty state folder, so every length is the one the box gives before the voice has rendered
anything) and writes the table between the library-table markers of docs/content.md. With
--check nothing is written: the exit status is 1, with the differences, when the committed table
is not the one the library gives (Tests/cli/run.sh runs it so). BIN defaults to
.build/debug/sleepbox (`make docs` builds it and runs this).
"""
import argparse
import difflib
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "content.md")
BEGIN = "<!-- library-table:begin (docs/library-table.py writes this table; edit the content files, not it) -->"
END = "<!-- library-table:end -->"
MADE_OF = {"script": "spoken script", "timeline": "guided timeline", "generator": "generator", "mix": "mix",
           "audio": "recording"}


def listed(sleepbox):
    """The items as `sleepbox content list --json` gives them for the repository's content."""
    with tempfile.TemporaryDirectory(prefix="sleepbox-library-table.") as work:
        config = os.path.join(work, "sleepbox.toml")
        with open(config, "w") as f:
            f.write('[paths]\ncontent = %s\n' % json.dumps(os.path.join(ROOT, "content")))
        state = os.path.join(work, "state")
        os.mkdir(state)
        env = dict(os.environ, SLEEPBOX_VOICE_ENV="off")
        out = subprocess.run([sleepbox, "content", "list", "--json", "--config", config, "--state-dir", state],
                             env=env, capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit("docs/library-table.py: sleepbox content list failed (exit %d): %s"
                     % (out.returncode, out.stderr.strip()[:500]))
        return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def length(item):
    """`~10.5 min`, `~45 s`, `6.5 min`, `until stopped (8 h)`, `coming soon`."""
    if not item["available"]:
        return "coming soon"
    seconds = item["duration"]
    if item["source"] in ("generator", "mix"):
        return "until stopped (%g h)" % round(seconds / 3600, 1)
    mark = "~" if item["durationIsEstimate"] else ""
    if seconds < 90:
        return "%s%d s" % (mark, 5 * round(seconds / 5))
    return "%s%g min" % (mark, round(seconds / 30) / 2)


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def table(items):
    rows = ["| id | title | kind | made of | author, source | length |", "|---|---|---|---|---|---|"]
    for item in items:
        if item["origin"] != "bundled":
            continue
        credit = item.get("author") or ""
        if item.get("credit"):
            credit += (", " if credit else "") + "*%s*" % item["credit"]
        rows.append("| `%s` | %s | %s | %s | %s | %s |" % (
            item["id"], cell(item["title"]), item["kind"], MADE_OF.get(item["source"], item["source"]),
            cell(credit), length(item)))
    return "\n".join(rows) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sleepbox", default=os.path.join(ROOT, ".build", "debug", "sleepbox"))
    ap.add_argument("--check", action="store_true", help="compare, write nothing; exit 1 when they differ")
    args = ap.parse_args()
    with open(DOC) as f:
        text = f.read()
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        sys.exit("docs/library-table.py: docs/content.md needs the two library-table markers, once each, in order")
    head, rest = text.split(BEGIN, 1)
    committed, tail = rest.split(END, 1)
    made = "\n" + table(listed(args.sleepbox))
    if args.check:
        if committed == made:
            return 0
        sys.stdout.writelines(difflib.unified_diff(committed.splitlines(True), made.splitlines(True),
                                                   "docs/content.md (committed)", "sleepbox content list"))
        print("docs/library-table.py: the table in docs/content.md is not the library's: run make docs", file=sys.stderr)
        return 1
    if committed != made:
        with open(DOC, "w") as f:
            f.write(head + BEGIN + made + END + tail)
        print("docs/library-table.py: docs/content.md's library table rewritten", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
