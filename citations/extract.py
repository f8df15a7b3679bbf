"""Find the references an answer cites: its reference list, the in-text mentions that point
to the list (numbered "[1]", "[1, 2]", "[1-3]"; author-year "(Lo et al., 2020)",
"Peters & Mathews (1963)"), author-year mentions with no list entry, and bare DOIs, arXiv
ids and URLs in the text.

Offsets are Python string indexes into the answer (characters, end exclusive).

Rules:
- The reference list is the text after the last heading line "References", "Bibliography",
  "Works cited", "Sources", "Referências", "Referencias", "Literatur" ... (markdown "#",
  bold "**" and a trailing ":" allowed); without a heading, a block of "[n]" lines at the
  very end. Entries: :func:`citations.parse.split_reference_list`, each parsed with
  :func:`citations.parse.parse_reference`.
- A numbered marker in the body links to the entry with that number; markers whose number
  has no entry are ignored (``[0, 1]`` is an interval, not a citation).
- An author-year mention links to the entry whose first author's family name (folded,
  particles ignored) and year match, and the second author's too for "A and B"; a mention
  with no entry becomes a reference of its own (authors + year, ``raw`` = the mention) when
  it has "et al.", two names, or sits inside parentheses.
- Identifiers in the body link to the entry with the same DOI / arXiv id, else stand alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict

from citations.errors import InputError
from citations.model import Author, Reference
from citations.parse import parse_reference, split_reference_list
from citations.text.fold import fold_key as fold
from citations.text.identifiers import doi_key, find_arxiv_spans, find_doi_spans, find_urls
from citations.text.names import PARTICLES, name_key

__all__ = ["CitedReference", "Mention", "extract_citations", "find_reference_section"]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Mention(BaseModel):
    """One place in the answer that cites a reference: [start, end) character offsets."""

    model_config = _FROZEN
    start: int
    end: int
    text: str
    kind: Literal["numbered", "author_year", "doi", "arxiv", "url"]


class CitedReference(BaseModel):
    """A reference the answer cites.

    reference: the parsed entry (or, with no list entry, what the mention itself says).
    mentions: in-text mentions, in order. entry_start/entry_end: offsets of the reference-list
    entry, or None when the answer has no entry for it. number: the list number, if numbered.
    origin: "list" (an entry of the reference list), "mention" (author-year mention only),
    "identifier" (a bare DOI / arXiv id / URL in the text).
    """

    model_config = _FROZEN
    reference: Reference
    mentions: tuple[Mention, ...] = ()
    entry_start: int | None = None
    entry_end: int | None = None
    number: int | None = None
    origin: Literal["list", "mention", "identifier"] = "list"


_HEADING_RE = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*|__)?[ \t]*"
    r"(?:References?(?: list)?|Bibliography|Works [Cc]ited|Sources|"
    r"Citations|Literature [Cc]ited|Cited [Ww]orks|Referências(?: [Bb]ibliográficas)?|"
    r"Referencias(?: [Bb]ibliográficas)?|Bibliografía|Bibliografia|"
    r"Literatur(?:verzeichnis)?|Quellen)"
    r"[ \t]*:?[ \t]*(?:\*\*|__)?[ \t]*:?[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)
_NUM_LINE_RE = re.compile(r"^[ \t]*(?:[-*][ \t]+)?\[\d{1,3}\][ \t]+\S.*$", re.MULTILINE)


def find_reference_section(answer: str) -> tuple[int, int] | None:
    """[start, end) of the reference list (after its heading), or None if there is none."""
    heads = list(_HEADING_RE.finditer(answer))
    if heads:
        h = heads[-1]
        start = h.end()
        if answer[start:].strip():
            return start, len(answer)
    # no heading: trailing block of "[n] ..." lines
    lines = list(_NUM_LINE_RE.finditer(answer))
    if not lines:
        return None
    block_start = None
    pos_end = len(answer.rstrip())
    for m in reversed(lines):
        between = answer[m.end() : pos_end]
        if between.strip():
            break
        block_start = m.start()
        pos_end = m.start()
    if block_start is None:
        return None
    return block_start, len(answer)


def _entry_offsets(section: str, base: int, entries: list[str]) -> list[tuple[int, int]]:
    out = []
    pos = 0
    for e in entries:
        head = e[: min(30, len(e))]
        i = section.find(head, pos)
        if i < 0:
            words = e.split()
            i = section.find(words[0], pos) if words else pos
            i = pos if i < 0 else i
        tail_words = e.split()[-3:]
        j = i
        for w in tail_words:
            k = section.find(w, j)
            if k >= 0:
                j = k + len(w)
        j = max(j, i + 1)
        out.append((base + i, base + j))
        pos = j
    return out


_BULLET_RE = re.compile(r"^[-*•·–]\s+")
_NUM_MARK_RE = re.compile(r"\[(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\]")
_YEAR = r"(?:1[5-9]\d\d|20\d\d)[a-z]?"
# a name is at most 60 characters and starts at a word start (the lookbehind in the
# patterns below), so a long run of letters costs linear, not quadratic, time
_NAME = r"(?:(?:van|von|de|der|den|da|di|du|del|della|la|le|dos|das|do)\s+)*[^\W\d_][\w'’\-]{0,60}"
_AY_CORE = (
    rf"(?P<n1>{_NAME})(?:(?P<etal>\s+et\s+al\.?(?:['’]s)?)|\s+(?:and|&)\s+(?P<n2>{_NAME})|"
    rf"(?:,\s+{_NAME})+,?\s+(?:and|&)\s+(?P<n3>{_NAME}))?"
)
_NARRATIVE_RE = re.compile(
    rf"(?<![\w'’\-]){_AY_CORE}(?:['’]s)?\s+\((?P<y>{_YEAR})(?:[,;][^)]{{0,40}})?\)"
)
_PAREN_RE = re.compile(r"\(([^()]{4,400})\)")
_PAREN_ITEM_RE = re.compile(
    rf"^(?:(?:see|e\.g\.|cf\.|i\.e\.)[,]?\s+)?{_AY_CORE},?\s+(?P<y>{_YEAR})(?:,\s*(?:pp?\.|S\.)\s*[\d–-]+)?\s*$"
)
_STOP = frozenset(
    (
        "Table Figure Fig Section Eq Equation Appendix In The See This That Since From During "
        "Until After Before Version Chapter Page Step Phase Sect Tab Stage Year About Around "
        "Approximately Results Result Studies Study Work Works Research Data Analysis Experiments "
        "Reports Report Surveys Survey Recent Previous Prior Early Later Earlier Models Model "
        "Methods Method Estimates Measurements Observations Guidelines Release Update Edition "
        "Census Review Paper Papers Article Proceedings Conference Workshop Challenge Competition "
        "Benchmark Dataset Season Winter Summer Spring Autumn Fall Today Currently By As For And "
        "But Also However Here There Then Now January February March April May June July August "
        "September October November December Launched Published Released Founded Both All Some "
        "Many Most These Those Its Their Our We It"
    ).split()
)


def _fam_key(name: str) -> str:
    words = name.split()
    while len(words) > 1 and words[0].lower() in PARTICLES:
        words = words[1:]
    return fold(" ".join(words))


def _ref_key_families(ref: Reference) -> list[str]:
    return [name_key(a).split("|", 1)[0] for a in ref.authors]


def _year_letter(raw: str, year: int) -> str | None:
    """The letter an entry writes after its year ("2020b" -> "b"), or None."""
    m = re.search(rf"(?<!\d){year}([a-z])(?![a-z])", raw)
    return m.group(1) if m else None


def _match_entry(
    entries: list[tuple[CitedReference, Reference]], n1: str, n2: str | None, year: str
) -> int | None:
    """The list entry an author-year mention cites: same first author (and second, when
    named) and year. A mention with a year letter ("2020b") takes the entry that writes
    that letter, never one written with another ("2020a"); an entry with no letter is the
    fallback."""
    y = int(year[:4])
    letter = year[4:]
    k1 = _fam_key(n1)
    k2 = _fam_key(n2) if n2 else None
    best = None
    for idx, (_, ref) in enumerate(entries):
        fams = _ref_key_families(ref)
        if not fams:
            lit = fold(ref.raw)
            if k1 and lit.startswith(k1) and (ref.year == y or ref.year is None):
                best = idx if best is None else best
            continue
        if fams[0] != k1 and fold(ref.authors[0].family) != fold(n1):
            continue
        if ref.year is not None and ref.year != y:
            continue
        if k2 and not (len(fams) > 1 and k2 in fams[1:]):
            continue
        if ref.year == y and letter:
            written = _year_letter(ref.raw, y)
            if written == letter:
                return idx
            if written is None:
                best = idx if best is None else best
            continue
        if ref.year == y:
            return idx
        best = idx if best is None else best
    return best


_MD_LINK_RE = re.compile(r"\[([^\[\]]{2,300})\]\((https?://[^\s)]+)\)")


def _mention_names(text: str) -> list[str]:
    """Family names written in an author-year mention: "Beltagy, Lo and Cohan (2019)" ->
    ["Beltagy", "Lo", "Cohan"]; "et al." and the year are dropped."""
    head = re.split(rf",?\s*\(?\s*{_YEAR}", text, maxsplit=1)[0]
    head = re.sub(r"\s+et\s+al\.?(?:['’]s)?|['’]s$", "", head.strip())
    return [n.strip() for n in re.split(r",\s*(?:and\s+|&\s*)?|\s+(?:and|&)\s+", head) if n.strip()]


@dataclass(slots=True)
class _Citations:
    """What extraction has found so far in ``answer``: the reference-list entries (with
    their parsed references), mentions per entry index, author-year references with no
    entry (``extra``), identifier-only references (``id_refs``), and the spans already
    taken by an author-year mention (``taken``) or an identifier or link (``claimed``)."""

    answer: str
    entries: list[tuple[CitedReference, Reference]] = field(default_factory=list)
    mentions: dict[int, list[Mention]] = field(default_factory=dict)
    extra: dict[tuple[str, str | None, str], tuple[Reference, list[Mention]]] = field(
        default_factory=dict
    )
    id_refs: dict[str, tuple[Reference, list[Mention]]] = field(default_factory=dict)
    taken: list[tuple[int, int]] = field(default_factory=list)
    claimed: list[tuple[int, int]] = field(default_factory=list)

    def mention(self, idx: int, mention: Mention) -> None:
        self.mentions.setdefault(idx, []).append(mention)


def _list_entries(found: _Citations) -> int:
    """Parse the reference list's entries into ``found``; returns where the body ends
    (the list's heading, or the answer's end without a list)."""
    answer = found.answer
    sec = find_reference_section(answer)
    if sec is None:
        return len(answer)
    s0, s1 = sec
    heads = [h for h in _HEADING_RE.finditer(answer) if h.end() == s0]
    texts = split_reference_list(answer[s0:s1])
    offsets = _entry_offsets(answer[s0:s1], s0, texts)
    for t, (a, b) in zip(texts, offsets):
        bullet = _BULLET_RE.match(t)
        if bullet:
            t = t[bullet.end() :]
            a = answer.find(t[:20], a, b) if answer.find(t[:20], a, b) >= 0 else a
        try:
            ref = parse_reference(t)
        except InputError:
            continue
        marker = ref.marker.strip("[]") if ref.marker else ""
        num = int(marker) if marker.isdigit() else None
        found.entries.append(
            (
                CitedReference(
                    reference=ref, entry_start=a, entry_end=b, number=num, origin="list"
                ),
                ref,
            )
        )
    return heads[-1].start() if heads else s0


def _marker_numbers(group: str) -> list[int]:
    """The numbers of a numbered marker's inside: "1, 3-5" -> [1, 3, 4, 5]."""
    nums: list[int] = []
    for part in re.split(r"\s*,\s*", group):
        if re.search(r"[–-]", part):
            lo, hi = (int(x) for x in re.split(r"\s*[–-]\s*", part)[:2])
            if 0 < hi - lo < 50:
                nums.extend(range(lo, hi + 1))
        else:
            nums.append(int(part))
    return nums


def _numbered_mentions(found: _Citations, body: str) -> None:
    """Numbered markers ("[1]", "[2, 4-6]") whose every number is a list entry's."""
    by_num: dict[int, int] = {}
    for i, (c, _) in enumerate(found.entries):
        if c.number is not None:
            by_num.setdefault(c.number, i)  # two entries of one number: the first is cited
    if not by_num:
        return
    for m in _NUM_MARK_RE.finditer(body):
        nums = _marker_numbers(m.group(1))
        if nums and all(n in by_num for n in nums):
            for n in nums:
                found.mention(
                    by_num[n],
                    Mention(start=m.start(), end=m.end(), text=m.group(0), kind="numbered"),
                )


def _add_author_year(
    found: _Citations,
    n1: str,
    n2: str | None,
    etal: bool,
    year: str,
    start: int,
    end: int,
    strong: bool,
) -> None:
    """One author-year mention: to its list entry, else (when ``strong``: bracketed, or
    with et al. or a second name) to a reference of its own, one per names and year."""
    answer = found.answer
    if not n1[:1].isupper() and n1.split()[0].lower() not in PARTICLES:
        return
    if n1 in _STOP or (n2 is not None and n2 in _STOP):
        return
    if any(a <= start < b for a, b in found.taken):
        return
    found.taken.append((start, end))
    mention = Mention(start=start, end=end, text=answer[start:end], kind="author_year")
    idx = _match_entry(found.entries, n1, n2, year)
    if idx is not None:
        found.mention(idx, mention)
        return
    if not (strong or etal or n2):
        return
    key = (_fam_key(n1), _fam_key(n2) if n2 else None, year)
    if key in found.extra:
        found.extra[key][1].append(mention)
        return
    authors = [Author(family=n) for n in _mention_names(answer[start:end])] or [Author(family=n1)]
    ref = Reference(
        raw=answer[start:end],
        authors=tuple(authors),
        et_al=etal,
        year=int(year[:4]),
        marker=answer[start:end],
    )
    found.extra[key] = (ref, [mention])


def _author_year_mentions(found: _Citations, body: str) -> None:
    """Bracketed ("(Lo et al., 2020; Beltagy, 2019)") and narrative ("Lo et al. (2020)")
    author-year mentions."""
    for pm in _PAREN_RE.finditer(body):
        inner_start = pm.start(1)
        pos = 0
        for part in pm.group(1).split(";"):
            lead = len(part) - len(part.lstrip())
            item = part.strip()
            a = inner_start + pos + lead
            pos += len(part) + 1
            pi = _PAREN_ITEM_RE.match(item)
            if not pi:
                continue
            _add_author_year(
                found,
                pi.group("n1"),
                pi.group("n2") or pi.group("n3"),
                bool(pi.group("etal")),
                pi.group("y"),
                a + pi.start("n1"),
                a + len(item),
                True,
            )
    for m in _NARRATIVE_RE.finditer(body):
        n1 = m.group("n1")
        _add_author_year(
            found,
            n1,
            m.group("n2") or m.group("n3"),
            bool(m.group("etal")),
            m.group("y"),
            m.start(),
            m.end(),
            not n1.isupper(),
        )


def _link_mentions(found: _Citations, body: str) -> None:
    """Markdown links around a mention: "[Lo et al. (2020)](https://...)" -> that
    reference's URL."""
    for lm in _MD_LINK_RE.finditer(body):
        t0, t1 = lm.span(1)
        u0, u1 = lm.span(2)
        link = Mention(start=u0, end=u1, text=lm.group(2), kind="url")
        for ms in found.mentions.values():
            if any(t0 <= m.start < t1 for m in ms if m.kind != "url"):
                ms.append(link)
                found.claimed.append((u0, u1))
                break
        else:
            for key, (ref, ms) in found.extra.items():
                if any(t0 <= m.start < t1 for m in ms):
                    ms.append(link)
                    if ref.url is None:
                        found.extra[key] = (ref.model_copy(update={"url": lm.group(2)}), ms)
                    found.claimed.append((u0, u1))
                    break


def _identifier_mentions(found: _Citations, body: str) -> None:
    """DOIs, arXiv ids and URLs in the body: to the list entry that has them, else to a
    reference of their own."""
    entries, claimed, id_refs = found.entries, found.claimed, found.id_refs
    doi_index = {doi_key(r.doi): i for i, (_, r) in enumerate(entries) if r.doi}
    arx_index = {r.arxiv_id: i for i, (_, r) in enumerate(entries) if r.arxiv_id}
    for a, b, doi in find_doi_spans(body):
        if any(x <= a < y for x, y in claimed):
            continue
        claimed.append((a, b))
        mention = Mention(start=a, end=b, text=body[a:b], kind="doi")
        k = doi_key(doi)
        if k in doi_index:
            found.mention(doi_index[k], mention)
        else:
            id_refs.setdefault("doi:" + k, (Reference(raw=doi, doi=doi, marker=doi), []))[1].append(
                mention
            )
    for a, b, ax in find_arxiv_spans(body):
        if any(x <= a < y or a <= x < b for x, y in claimed):
            continue
        claimed.append((a, b))
        mention = Mention(start=a, end=b, text=body[a:b], kind="arxiv")
        if ax.id in arx_index:
            found.mention(arx_index[ax.id], mention)
        else:
            ref = Reference(
                raw=body[a:b], arxiv_id=ax.id, arxiv_version=ax.version, marker=body[a:b]
            )
            id_refs.setdefault("arxiv:" + ax.id, (ref, []))[1].append(mention)
    for a, b, url in find_urls(body):
        if any(x < b and a < y for x, y in claimed):
            continue
        mention = Mention(start=a, end=b, text=url, kind="url")
        hit = next(
            (
                i
                for i, (_, r) in enumerate(entries)
                if r.url and r.url.rstrip("/") == url.rstrip("/")
            ),
            None,
        )
        if hit is not None:
            found.mention(hit, mention)
        else:
            id_refs.setdefault("url:" + url, (Reference(raw=url, url=url, marker=url), []))[
                1
            ].append(mention)


def _ordered(ms: list[Mention]) -> tuple[Mention, ...]:
    return tuple(sorted(ms, key=lambda x: x.start))


def extract_citations(answer: str) -> list[CitedReference]:
    """All references cited by ``answer`` with their mentions.

    Steps: the reference list's entries; numbered markers; author-year mentions; markdown
    links around a mention; DOIs, arXiv ids and URLs in the body (before the list).
    Returns: list entries in list order, then mention-only and identifier-only references in
        order of first mention. Raises: InputError if ``answer`` is not a string.
    """
    if not isinstance(answer, str):
        raise InputError(f"answer must be a string, got {type(answer).__name__}")
    found = _Citations(answer)
    body = answer[: _list_entries(found)]
    _numbered_mentions(found, body)
    _author_year_mentions(found, body)
    _link_mentions(found, body)
    _identifier_mentions(found, body)
    out = [
        c.model_copy(update={"mentions": _ordered(found.mentions.get(i, []))})
        for i, (c, _) in enumerate(found.entries)
    ]
    loose = [
        CitedReference(reference=r, mentions=_ordered(ms), origin="mention")
        for r, ms in found.extra.values()
    ]
    loose += [
        CitedReference(reference=r, mentions=_ordered(ms), origin="identifier")
        for r, ms in found.id_refs.values()
    ]
    loose.sort(key=lambda c: c.mentions[0].start if c.mentions else 0)
    return out + loose
