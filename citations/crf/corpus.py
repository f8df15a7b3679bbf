"""Tagged reference strings read from third-party gold: anystyle XML and GROBID TEI.

Each reference becomes a :class:`Tagged`: the string as written (tag texts joined as the
file has them), its tokens (:func:`citations.crf.features.tokenize`), one label per token
from :data:`LABELS`, and the file it came from (for splits by source file).

Tag sets mapped onto :data:`LABELS`:

- anystyle (``<sequence>`` children): author, director -> author; title; journal,
  container-title, collection-title, source -> container; date; volume (anystyle keeps
  "12(2)," whole: tokens inside the brackets or after "No." become issue); issue (the
  project's own gold tags "H. 2", "n° 3" apart); pages;
  publisher; location; editor, translator -> editor; doi; url; citation-number;
  note, genre, edition, isbn, medium, producer, scale, dataset -> note.
- GROBID (``<bibl>`` children): author, orgName -> author; ``title level="a"`` -> title;
  ``level="j"``/``"s"`` -> container; ``level="m"`` -> container when the entry also has an
  article title, else title; date; ``biblScope`` vol/volume, issue, pp/page; publisher;
  pubPlace -> location; editor; ``idno type="DOI"`` -> doi; ``ptr``/other idno and note ->
  url / note. Text outside any tag ("Vol.", "(", ");") takes the label of the field it
  touches: closing punctuation (",", ";", ")") takes the previous field's label, opening
  brackets and words take the next field's (keywords precede their values).

Sources: anystyle res/parser/core.xml, bad.xml (BSD-2-Clause); GROBID
grobid-trainer/resources/dataset/citation (Apache-2.0); shared/data/external/README.md.
Raises: nothing for a malformed file in :func:`read_corpus` (it is skipped and named in
the returned list of skipped files); :func:`read_anystyle` and :func:`read_grobid` raise
``xml.etree.ElementTree.ParseError`` for a file that is not XML.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from citations.crf.features import tokenize

LABELS = (
    "author",
    "title",
    "container",
    "date",
    "volume",
    "issue",
    "pages",
    "publisher",
    "location",
    "editor",
    "doi",
    "url",
    "note",
    "citation-number",
)
"""Field labels of the labeller (one per token)."""

_ANYSTYLE = {
    "author": "author",
    "director": "author",
    "title": "title",
    "journal": "container",
    "container-title": "container",
    "collection-title": "container",
    "source": "container",
    "date": "date",
    "volume": "volume",
    "issue": "issue",
    "pages": "pages",
    "publisher": "publisher",
    "location": "location",
    "editor": "editor",
    "translator": "editor",
    "doi": "doi",
    "url": "url",
    "citation-number": "citation-number",
}

#: anystyle's tags read as a note (any other tag is read as one too)
_NOTE_TAGS = frozenset(
    {"note", "genre", "edition", "isbn", "medium", "producer", "scale", "dataset"}
)
#: the tags a labelled file may use; a misspelt tag would silently train as a note
KNOWN_TAGS = frozenset(_ANYSTYLE) | _NOTE_TAGS


@dataclass(frozen=True, slots=True)
class Tagged:
    """One gold reference: text, tokens with (start, end) character offsets, labels."""

    source: str
    text: str
    tokens: tuple[tuple[str, int, int], ...]
    labels: tuple[str, ...]

    def field_text(self, label: str) -> str:
        """The first run of tokens labelled ``label``, as written ('' when absent)."""
        from citations.crf.labelled import first_span

        return first_span(self.text, self.tokens, self.labels, label)


def _label_tokens(chunks: list[tuple[str, str | None]], source: str) -> Tagged | None:
    """Chunks of (text, label or None) -> a Tagged reference; None when empty."""
    text_parts: list[str] = []
    char_labels: list[str | None] = []
    for txt, lab in chunks:
        txt = txt.replace("\n", " ").replace("\t", " ")
        text_parts.append(txt)
        char_labels.extend([lab] * len(txt))
    raw = "".join(text_parts)
    # collapse runs of spaces, keeping the char labels aligned
    keep = [i for i, c in enumerate(raw) if not (c == " " and (i == 0 or raw[i - 1] == " "))]
    text = "".join(raw[i] for i in keep)
    labs = [char_labels[i] for i in keep]
    lead = len(text) - len(text.lstrip())
    text, labs = text.strip(), labs[lead : lead + len(text.strip())]
    toks = tokenize(text)
    if not toks:
        return None
    tok_labels: list[str | None] = []
    for _, a, b in toks:
        counts: dict[str, int] = {}
        for i in range(a, b):
            lab_i = labs[i]
            if lab_i is not None:
                weight = 2 if text[i].isalnum() else 1
                counts[lab_i] = counts.get(lab_i, 0) + weight
        tok_labels.append(max(counts, key=lambda k: counts[k]) if counts else None)
    if all(t is None for t in tok_labels):
        return None
    filled: list[str] = []
    for k, lab in enumerate(tok_labels):
        if lab is not None:
            filled.append(lab)
            continue
        w = toks[k][0]
        trailing = not w.isalnum() and w not in "([{“„«"
        nxt = next((x for x in tok_labels[k + 1 :] if x is not None), None)
        if (trailing and filled) or nxt is None:
            filled.append(filled[-1] if filled else (nxt or "note"))
        else:
            filled.append(nxt)
    return Tagged(source, text, tuple(toks), tuple(filled))


_ISSUE_KW = re.compile(r"^(?:no|nr|n|num|issue|heft|h)$", re.IGNORECASE)


def _split_volume_issue(t: Tagged) -> Tagged:
    """anystyle volume spans "12(2)," / "Vol. 81, No. 5": bracketed or No.-led numbers -> issue."""
    labels = list(t.labels)
    i = 0
    n = len(labels)
    while i < n:
        if labels[i] != "volume":
            i += 1
            continue
        j = i
        while j < n and labels[j] == "volume":
            j += 1
        seen_num = False
        depth = 0
        issue_mode = False
        for k in range(i, j):
            w = t.tokens[k][0]
            if w in "([":
                depth += 1
                if seen_num:
                    issue_mode = True
            elif w in ")]":
                depth = max(0, depth - 1)
                if issue_mode:
                    labels[k] = "issue"
                    issue_mode = False
                    continue
            elif _ISSUE_KW.match(w) and seen_num:
                issue_mode = True
            elif w.isdigit():
                seen_num = True
            if issue_mode:
                labels[k] = "issue"
        i = j
    return Tagged(t.source, t.text, t.tokens, tuple(labels))


def read_anystyle(path: Path) -> list[Tagged]:
    """References of an anystyle XML dataset (``<dataset><sequence>``); source = file name."""
    root = ET.parse(path).getroot()
    out = []
    for seq in root.iter("sequence"):
        chunks: list[tuple[str, str | None]] = []
        for el in seq:
            lab = _ANYSTYLE.get(el.tag, "note")
            if chunks:
                chunks.append((" ", None))
            chunks.append(("".join(el.itertext()), lab))
        t = _label_tokens(chunks, path.name)
        if t is not None:
            out.append(_split_volume_issue(t))
    return out


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _grobid_label(el: ET.Element, has_article_title: bool) -> str | None:
    tag = _local(el.tag)
    kind = (el.get("level") or el.get("unit") or el.get("type") or "").lower()
    if tag == "title":
        if kind == "a":
            return "title"
        if kind == "m":
            return "container" if has_article_title else "title"
        return "container"
    if tag in ("author", "orgName"):
        return "author"
    if tag == "date":
        return "date"
    if tag == "biblScope":
        if kind in ("vol", "volume"):
            return "volume"
        if kind == "issue":
            return "issue"
        if kind in ("pp", "page", "pages"):
            return "pages"
        return "note"
    if tag == "publisher":
        return "publisher"
    if tag.lower() == "pubplace":
        return "location"
    if tag == "editor":
        return "editor"
    if tag == "idno":
        return "doi" if kind == "doi" else "note"
    if tag == "ptr":
        return "url"
    if tag == "lb":
        return None
    return "note"


def _walk(
    el: ET.Element, label: str | None, has_a: bool, out: list[tuple[str, str | None]]
) -> None:
    if el.text:
        out.append((el.text, label))
    for child in el:
        if _local(child.tag) == "lb":
            out.append((" ", None))
        else:
            _walk(child, label if label is not None else _grobid_label(child, has_a), has_a, out)
        if child.tail:
            out.append((child.tail, label))


def read_grobid(path: Path) -> list[Tagged]:
    """References (``<bibl>``) of a GROBID citation training/evaluation file; source = file name."""
    root = ET.parse(path).getroot()
    out = []
    for bibl in root.iter():
        if _local(bibl.tag) != "bibl":
            continue
        has_a = any(_local(x.tag) == "title" and x.get("level") == "a" for x in bibl)
        chunks: list[tuple[str, str | None]] = []
        _walk(bibl, None, has_a, chunks)
        t = _label_tokens(chunks, path.name)
        if t is not None:
            out.append(t)
    return out


GOLD_DIR = Path(__file__).resolve().parent / "gold"
"""This project's own labelled references (anystyle XML, one file per style or kind of
input), read after the shared data: a citation style the reader gets wrong is fixed by
adding examples here and retraining (``citations/crf/gold/README.md``)."""


def read_corpus(data: Path, gold: Path | None = GOLD_DIR) -> tuple[list[Tagged], list[str]]:
    """Every tagged reference under ``data`` (shared/data/external): anystyle core.xml and
    bad.xml, then GROBID corpus/*.xml and evaluation/*.xml, then the project's own gold
    (``gold``/*.xml, anystyle format; None: none), files in sorted name order.
    Returns (references, skipped files with the parse error, one line each)."""
    refs: list[Tagged] = []
    skipped: list[str] = []
    for name in ("core.xml", "bad.xml"):
        p = data / "anystyle" / name
        if p.exists():
            refs.extend(read_anystyle(p))
    for sub in ("corpus", "evaluation"):
        for p in sorted((data / "grobid-citation" / sub).glob("*.xml")):
            try:
                refs.extend(read_grobid(p))
            except ET.ParseError as exc:
                skipped.append(f"{p}: {exc}")
    for p in sorted(gold.glob("*.xml")) if gold is not None else ():
        try:
            refs.extend(read_anystyle(p))
        except ET.ParseError as exc:
            skipped.append(f"{p}: {exc}")
    return refs, skipped


_DROP = frozenset(",.;:")
_NOT_CAPS = frozenset("and et al und e y u a others".split())


def _rebuild(t: Tagged, words: list[tuple[str, str, bool]]) -> Tagged:
    """A Tagged from (token, label, space before) triples."""
    parts: list[str] = []
    toks: list[tuple[str, int, int]] = []
    pos = 0
    for w, _, space in words:
        if parts and space:
            parts.append(" ")
            pos += 1
        toks.append((w, pos, pos + len(w)))
        parts.append(w)
        pos += len(w)
    return Tagged(t.source, "".join(parts), tuple(toks), tuple(lab for _, lab, _ in words))


def sloppy_variants(t: Tagged, k: int) -> list[Tagged]:
    """Deterministic sloppy copies for training, chosen by the reference's index ``k``:
    k % 5 == 0 lower-cased; == 2 without ",.;:" (a space where one was dropped);
    == 3 author family names in upper case (ABNT). Labels are unchanged."""
    pairs = zip(t.tokens, t.labels, strict=False)
    words = [(w, lab, a > 0 and (t.text[a - 1] == " ")) for (w, a, _), lab in pairs]
    if k % 5 == 0:
        return [_rebuild(t, [(w.lower(), lab, sp) for w, lab, sp in words])]
    if k % 5 == 2:
        out: list[tuple[str, str, bool]] = []
        dropped = False
        for w, lab, sp in words:
            if w in _DROP:
                dropped = True
                continue
            out.append((w, lab, sp or dropped))
            dropped = False
        return [_rebuild(t, out)] if out else []
    if k % 5 == 3 and "author" in t.labels:
        caps = [
            (
                w.upper()
                if lab == "author" and w.isalpha() and len(w) > 1 and w.lower() not in _NOT_CAPS
                else w,
                lab,
                sp,
            )
            for w, lab, sp in words
        ]
        return [_rebuild(t, caps)]
    return []
