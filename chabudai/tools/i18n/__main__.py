"""``python -m chabudai.tools.i18n COMMAND``:

- ``update [--lang CODE ...]``: extract the marked strings into ``chabudai/i18n/po/chabudai.pot``
  and bring the catalogues up to it (translations kept, new messages empty, gone ones dropped);
- ``check [--lang CODE ...]``: what is left to translate; exit 1 while anything is;
- ``todo --lang CODE [--out FILE]``: the messages left to translate, as JSON to fill in;
- ``fill --lang CODE FILE``: write the translations of such a JSON file into the catalogue;
- ``fonts``: cut the CJK fonts down to the glyphs the catalogues use (run after translating).
"""

from __future__ import annotations

import argparse
import sys

from chabudai.i18n import LANGUAGES, SOURCE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m chabudai.tools.i18n", description=__doc__.split("\n\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    codes = [c for c in LANGUAGES if c != SOURCE]
    for name, text in (("update", "extract and merge"), ("check", "report what is untranslated")):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("--lang", action="append", choices=codes, help="only this catalogue")
    todo = commands.add_parser("todo", help="what is left to translate, as JSON")
    todo.add_argument("--lang", required=True, choices=codes)
    todo.add_argument("--out", help="write to this file (default: standard output)")
    fill = commands.add_parser("fill", help="write translations from a JSON file")
    fill.add_argument("--lang", required=True, choices=codes)
    fill.add_argument("file")
    fonts = commands.add_parser("fonts", help="regenerate the CJK font subsets")
    fonts.add_argument("--source", help="the Noto Sans CJK collection to cut from")
    args = parser.parse_args(argv)

    from chabudai.tools.i18n import catalog

    if args.command == "update":
        for path in catalog.update(args.lang):
            print(f"wrote {path}")
        return 0
    if args.command == "todo":
        import json

        text = json.dumps(catalog.todo(args.lang), ensure_ascii=False, indent=1)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
        else:
            print(text)
        return 0
    if args.command == "fill":
        import json

        with open(args.file, encoding="utf-8") as handle:
            items = json.load(handle)
        written, refused = catalog.fill(args.lang, items)
        print(f"{args.lang}: {written} translations written, {len(refused)} refused")
        for line in refused:
            print("  refused:", line)
        return 1 if refused else 0
    if args.command == "check":
        left = 0
        for code in args.lang or codes:
            found = catalog.problems(code)
            total = len([e for e in catalog.read_po(catalog.po_text(code)) if e.msgid])
            counts = ", ".join(f"{len(v)} {k}" for k, v in found.items())
            print(f"{code}: {total} messages; {counts}")
            for kind, ids in found.items():
                for msgid in ids[:20]:
                    print(f"  {kind}: {msgid[:90]!r}")
            left += sum(len(v) for v in found.values())
        return 1 if left else 0
    from chabudai.tools.i18n import fonts as font_tool

    return font_tool.main(args.source)


if __name__ == "__main__":
    sys.exit(main())
