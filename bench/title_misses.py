"""Every title miss of the reference parser, classified: the tool's kinds vs gold quirks.

Usage: python bench/title_misses.py [--data DIR] [--model FILE] [--heldout] [--list KIND|all]

Works on the validation cut of ``bench/reference_labeller.py --validate`` (held-out blocks
never read) unless ``--heldout`` is given. Trains the labeller and its title ranker on the
rest of the training blocks (``--model FILE``: reuse that model and the ``.ranker.json``
beside it if they exist, else train and keep them there).
For every reference whose gold has a title and whose parse (default: rules + labeller when
doubtful; ``always`` column: labeller asked about every string) gets it wrong (title within
90 % of gold, as the bench scores it), one kind, first rule that fits:

Gold quirks (the gold, not the tool, is odd):
- ``gold: markup``: the gold title holds markup or escapes (``<i>``, ``&amp;``, ``{\\em``, ``$``),
  or the string holds the remains of HTML entities ("Nyg; aring; rd").
- ``gold: journal tagged as title``: the gold title is a proceedings or journal name
  ("Proc. 30th ICRC", "High Energy Phys. Nucl. Phys") with no container in the gold; or
  what the string shows as its venue (the tool's venue matches the gold title; or the gold
  title follows a run the gold calls container/note that the tool took as the title).
- ``gold: series/container inside title``: the gold title is the tool's title plus words
  that are a venue, series, edition, volume, pages or a year ("In: ...", "Proceedings",
  "Lecture Notes", "Memoirs of ... 28", "vol. 3") or words after the closing quote of a
  quoted title - the gold ran its title into the container.
- ``gold: title not a title``: the gold title is only a genre ("PhD thesis", "Technical
  report") or has fewer than 3 letters.

The tool's kinds:
- ``tool: no title``: the parse has none.
- ``tool: container as title``: the parse's title is the gold container (chapters, books).
- ``tool: run into names``: the parse's title holds gold author/editor words.
- ``tool: run into venue/publisher``: the parse's title is the gold title plus words the
  gold labels container, publisher, location, note, date, volume, pages.
- ``tool: subtitle cut``: the parse's title is the start of the gold title.
- ``tool: start cut``: the parse's title is the end or a middle piece of the gold title.
- ``tool: tokenizer``: a gold title boundary inside a run of letters (``1999Title``).
- ``tool: other``: none of the above (a different segment taken).

Each miss is also tagged by which reading was right: the rules' title, the labeller's own
title (:func:`citations.crf.merge._title`), both or neither - a miss where one of them was
right is the merge's (``merge.py`` took the wrong one or joined them).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rapidfuzz import fuzz  # noqa: E402
from reference_labeller import _norm, gold_fields, split, validation_split  # noqa: E402

from citations.crf import merge  # noqa: E402
from citations.crf.corpus import Tagged  # noqa: E402
from citations.crf.fit_titles import same_title  # noqa: E402
from citations.crf.labeller import ReferenceLabeller  # noqa: E402
from citations.crf.titles import TitleRanker  # noqa: E402
from citations.crf.train import train_all  # noqa: E402
from citations.model import Reference  # noqa: E402
from citations.parse import _parse, parse_reference  # noqa: E402

_MARKUP = re.compile(r"</?[a-z]+[^>]*>|&[a-z]+;|&#\d+;|\\[a-z]+|[{}$]|\^|_\{", re.IGNORECASE)
_ENTITY_LEFT = re.compile(
    r"(?:^|[\s;])(?:nbsp|amp|[a-z]?(?:uml|acute|grave|circ|tilde|ring|cedil));", re.IGNORECASE
)
_VENUE_TITLE = re.compile(
    r"^(?:Proc\b|Proceedings\b)|\b(?:Journal|Conference|Workshop|Symposium)\b|"
    r"\b[A-Z][a-z]{0,5}\.\s?[A-Z][a-z]{0,5}\.?(?:\s|$)"
)
_CONTAINER_WORDS = re.compile(
    r"(?:^|[\s.,;:(])(?:in|em|en|im)\s*:|\b(?:proceedings|proc|journal|conference|workshop|symposium|"
    r"transactions|lecture notes|series|vol|volume|pp|pages|edition|ed|eds|press|university|"
    r"report|thesis|dissertation|preprint|arxiv|chapter|handbook|memoirs|society|studies|acta|fasc|"
    r"bulletin|annals|collection)\b|[,.]\s*[”\"]\s*\w|[^\W\d_]\s+\d{1,4}\s*$",
    re.IGNORECASE,
)
_GENRE = re.compile(
    r"^(?:ph\.?\s?d\.?|doctoral|master'?s?|msc|ma|diploma|technical|tech\.?)?\s*"
    r"(?:thesis|dissertation|report|memo|manuscript|preprint)\W*$",
    re.IGNORECASE,
)
_VENUE_LABELS = frozenset(
    "container publisher location note date volume issue pages url doi".split()
)


def _span_labels(t: Tagged, start: int, end: int) -> Counter[str]:
    """Gold labels of the word tokens inside characters [start, end) of ``t.text``."""
    return Counter(
        lab
        for (w, a, b), lab in zip(t.tokens, t.labels)
        if a >= start and b <= end and w[:1].isalnum()
    )


def _find(text: str, s: str) -> int:
    k = text.find(s)
    return k if k >= 0 else text.lower().find(s.lower())


def _gold_span(t: Tagged) -> tuple[int, int]:
    idx = [i for i, lab in enumerate(t.labels) if lab == "title"]
    if not idx:
        return -1, -1
    first = idx[0]
    last = first
    while last + 1 < len(t.labels) and t.labels[last + 1] == "title":
        last += 1
    return t.tokens[first][1], t.tokens[last][2]


def classify(t: Tagged, gold: str, got: Reference) -> str:
    """The kind of one title miss (see the module docstring)."""
    title = got.title or ""
    ng, nt = _norm(gold), _norm(title)
    if _MARKUP.search(gold) or _ENTITY_LEFT.search(t.text):
        return "gold: markup"
    if (
        not t.field_text("container").strip()
        and _VENUE_TITLE.search(gold)
        and (not title or _norm(title) not in ng)
    ):
        return "gold: journal tagged as title"  # a proceedings/journal name, no article title
    if (
        _GENRE.match(gold)
        or len(re.sub(r"[^\W\d_]", "", gold)) != len(gold)
        and len(re.findall(r"[^\W\d_]", gold)) < 3
    ):
        return "gold: title not a title"
    if got.venue and same_title(got.venue, gold) and nt and not same_title(title, gold):
        return "gold: journal tagged as title"
    if nt:
        k = _find(t.text, title)
        g0, g1 = _gold_span(t)
        if k >= 0 and g0 >= 0 and k + len(title) <= g0:
            labs = _span_labels(t, k, k + len(title))
            if (
                labs
                and labs.most_common(1)[0][0] in ("container", "note")
                and not t.field_text("container").strip() == ""
                and same_title(t.field_text("container"), title)
                and not re.match(r"\s*(?:in|em|en|im)\b", t.text[max(0, k - 5) : k], re.IGNORECASE)
            ):
                return "gold: journal tagged as title"
        if ng.startswith(nt) and len(nt) >= 3:
            k_end = _find(gold, title[-min(len(title), 15) :])
            rest = gold[k_end + min(len(title), 15) :] if k_end >= 0 else gold[len(title) :]
            if _CONTAINER_WORDS.search(rest):
                return "gold: series/container inside title"
    if not nt:
        return "tool: no title"
    cont = t.field_text("container")
    if cont and same_title(title, cont):
        return "tool: container as title"
    g0, g1 = _gold_span(t)
    if g0 >= 0:
        for edge in (g0, g1):
            if 0 < edge < len(t.text) and t.text[edge - 1].isalnum() and t.text[edge].isalnum():
                return "tool: tokenizer"
    k = _find(t.text, title)
    labs = _span_labels(t, k, k + len(title)) if k >= 0 else Counter()
    if labs["author"] + labs["editor"] >= 1 and (
        ng in nt or labs["title"] == 0 or nt.endswith(ng[-10:])
    ):
        return "tool: run into names"
    if ng in nt or (len(nt) > len(ng) and fuzz.partial_ratio(ng, nt) >= 90):
        return "tool: run into venue/publisher"
    if ng.startswith(nt):
        return "tool: subtitle cut"
    if nt in ng or (len(nt) < len(ng) and fuzz.partial_ratio(nt, ng) >= 90):
        return "tool: start cut"
    if labs and sum(labs[x] for x in _VENUE_LABELS) and labs["title"]:
        return "tool: run into venue/publisher"
    return "tool: other"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--data",
        type=Path,
        default=Path(__file__).resolve().parents[2] / "shared" / "data" / "external",
    )
    ap.add_argument(
        "--model", type=Path, help="labeller model to reuse (trained and kept here if absent)"
    )
    ap.add_argument(
        "--heldout",
        action="store_true",
        help="the held-out blocks (report only: never tune on them)",
    )
    ap.add_argument(
        "--list", default="", help="print the misses of this kind ('all' for every one)"
    )
    ap.add_argument(
        "--list-mode",
        default="default",
        choices=("default", "always"),
        help="which parse's misses --list prints",
    )
    args = ap.parse_args()
    if not (args.data / "anystyle").is_dir():
        print(f"skip: {args.data}/anystyle not found", file=sys.stderr)
        return 0
    train_refs, held = split(args.data)
    if not args.heldout:
        train_refs, held = validation_split(args.data, train_refs)
    with tempfile.TemporaryDirectory() as tmp:
        model = args.model or Path(tmp) / "m.model"
        weights = model.with_suffix(".ranker.json")
        if not (model.exists() and weights.exists()):
            train_all(train_refs, model, ranker_out=weights)
        labeller = ReferenceLabeller.load(model, ranker=TitleRanker.load(weights))
        kinds: dict[str, Counter[str]] = {"default": Counter(), "always": Counter()}
        source: dict[str, Counter[str]] = {"default": Counter(), "always": Counter()}
        n = 0
        listed: list[str] = []
        for refs in held.values():
            for t in refs:
                gold = gold_fields(t).get("title")
                if gold is None:
                    continue
                n += 1
                rules = parse_reference(t.text, rules_only=True)
                _, body = _parse(t.text)
                own = merge._title(merge.repair_labels(labeller.tag(body))) if body else None
                for mode, always in (("default", False), ("always", True)):
                    got = parse_reference(t.text, labeller=labeller, always_label=always)
                    if same_title(got.title, gold):
                        continue
                    kind = classify(t, gold, got)
                    kinds[mode][kind] += 1
                    right = ("rules" if same_title(rules.title, gold) else "") + (
                        "+labeller" if same_title(own, gold) else ""
                    )
                    source[mode][right.lstrip("+") or "neither"] += 1
                    if mode == args.list_mode and args.list in (
                        "all",
                        kind,
                        right.lstrip("+") or "neither",
                    ):
                        listed.append(
                            f"[{kind}] [{right.lstrip('+') or 'neither'} right] {t.source}\n  TEXT {t.text[:260]}\n  GOLD {gold}\n"
                            f"  GOT  {got.title}\n  RULES {rules.title}\n  CRF  {own}"
                        )
    print(
        f"{'held-out blocks' if args.heldout else 'validation cut'}: {n} references with a gold title"
    )
    for mode in ("default", "always"):
        miss = sum(kinds[mode].values())
        gold_q = sum(v for k, v in kinds[mode].items() if k.startswith("gold"))
        print(
            f"\n{mode}: {miss} misses, title right {(n - miss) / n:.3f}; "
            f"excluding gold quirks {(n - miss) / (n - gold_q):.3f} of {n - gold_q}"
        )
        for k, v in sorted(kinds[mode].items()):
            print(f"  {k:<40} {v:>4}")
        print(
            "  right reading among the misses: "
            + ", ".join(f"{k} {v}" for k, v in sorted(source[mode].items()))
        )
    for line in listed:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
