"""A literature review read for auditing: its sentences, the works each one cites, and the
problems of its citation apparatus.

Citations are found by :func:`citations.extract.extract_citations` (numbered ``[3]``,
``[2, 5-7]``, author-year ``(Cohan et al., 2020)`` and ``Cohan et al. (2020)``, bare DOIs and
arXiv ids). Markdown footnotes (``claim.[^1]`` with ``[^1]: Cohan et al. 2020. SPECTER ...``
at the end; named ones too, ``[^specter]``) are read as numbered citations: each ``[^n]`` is
rewritten in place as ``[n] ``, a named one as the next free number padded with spaces
(same length, so every offset stays an offset into the review as written).

Problems reported (``Problem.kind``): ``no_marker`` (a reference-list entry no sentence cites),
``no_entry`` (a marker or author-year mention without a reference-list entry),
``duplicate_entry`` (two entries for one work: same number, DOI, or title and year).
Offsets are Python string indexes into the review (characters, end exclusive).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from citations.extract import CitedReference, Mention, extract_citations, find_reference_section
from citations.text.fold import fold_key as fold
from citations.text.identifiers import doi_key
from grounding.sentences import is_heading, split_sentences
from grounding.types import Sentence

__all__ = ["CitingSentence", "Problem", "Review", "claim_text", "read_review"]

#: a footnote mark, numbered ("[^1]") or named ("[^specter]"), with the colon of its
#: definition line
_FOOTNOTE_MARK = re.compile(r"\[\^([^\]\[\s^]{1,40})\](:?)")
_ANY_NUM_MARK = re.compile(r"\[(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\]")
_EMPTY_BRACKETS = re.compile(r"\s*(?:\(\s*[;,]?\s*\)|\[\s*[;,]?\s*\])")
_SPACE_PUNCT = re.compile(r"\s+([.,;:!?])")


@dataclass(frozen=True, slots=True)
class Problem:
    """A fault of the review's (or the paper folder's) citation apparatus, reported and skipped.

    kind: ``no_marker`` | ``no_entry`` | ``duplicate_entry`` | ``missing_dir`` |
    ``unreadable_pdf`` | ``ambiguous_pdf`` | ``duplicate_pdf`` (a byte-identical copy of a
    PDF used, kept once) | ``unmatched_pdf`` | ``no_source``.
    message: one line naming what is wrong (the file, the marker, the entry).
    """

    kind: str
    message: str


@dataclass(frozen=True, slots=True)
class CitingSentence:
    """A review sentence and the works it cites.

    sentence: text and offsets into the review. works: indexes into ``Review.cited`` in order
    of first mention. heading: a markdown heading line (never a claim).
    """

    sentence: Sentence
    works: tuple[int, ...]
    heading: bool = False


@dataclass(frozen=True)
class Review:
    """A parsed review: ``text`` as written, ``cited`` every work cited (list entries first),
    ``sentences`` the body's sentences (the reference list excluded), ``problems``."""

    text: str
    cited: tuple[CitedReference, ...]
    sentences: tuple[CitingSentence, ...]
    problems: tuple[Problem, ...]


def _footnote_numbers(text: str) -> dict[str, int]:
    """The number each footnote label stands for: a numbered label its own, a named one
    the next number no numbered label takes, in order of first use."""
    labels = list(dict.fromkeys(m.group(1) for m in _FOOTNOTE_MARK.finditer(text)))
    numbers = {label: int(label) for label in labels if label.isdigit() and len(label) <= 3}
    n = max(numbers.values(), default=0)
    for label in labels:
        if label not in numbers:
            n += 1
            numbers[label] = n
    return numbers


def _footnotes_as_numbers(text: str) -> str:
    """``[^n]`` -> ``[n] ``, ``[^n]:`` -> ``[n]  ``, ``[^name]`` -> ``[k]`` and spaces (the
    same lengths, offsets kept; a mark too short for its number is left as written)."""
    numbers = _footnote_numbers(text)

    def mark(m: re.Match[str]) -> str:
        as_number = f"[{numbers[m.group(1)]}]"
        width = m.end() - m.start()
        if len(as_number) + 1 + len(m.group(2)) > width:
            return m.group(0)
        return as_number + " " * (width - len(as_number))

    return _FOOTNOTE_MARK.sub(mark, text)


#: a footnote definition line ("[^1]: Cohan, A. ..."), in the review as written
_NOTE_LINE = re.compile(r"(?m)^\[\^([^\]\[\s^]{1,40})\]:[^\n]*")


def _notes_to_list(work: str, text: str) -> str:
    """``work`` (the review with footnotes read as numbers) with the footnote definitions
    that stand before a reference list moved to its end: a review may cite by footnotes
    and list other works by author and year under "References"; the notes are then
    entries of the list, not sentences of the body. Offsets before the end are kept (the
    moved lines are blanked in place)."""
    section = find_reference_section(work)
    notes = [m for m in _NOTE_LINE.finditer(text) if section is not None and m.start() < section[0]]
    if not notes:
        return work
    out = list(work)
    for m in notes:
        out[m.start() : m.end()] = " " * (m.end() - m.start())
    moved = "".join(work[m.start() : m.end()].rstrip() + "\n" for m in notes)
    return "".join(out).rstrip("\n") + "\n" + moved


def _numbers(group: str) -> list[int]:
    nums: list[int] = []
    for part in re.split(r"\s*,\s*", group):
        if re.search(r"[–-]", part):
            lo, hi = (int(x) for x in re.split(r"\s*[–-]\s*", part)[:2])
            nums.extend(range(lo, hi + 1) if 0 < hi - lo < 50 else (lo, hi))
        else:
            nums.append(int(part))
    return nums


def _partial_markers(text: str, body_end: int, cited: list[CitedReference]) -> list[CitedReference]:
    """A marker citing entries that exist and one that does not ("[1, 9]" with no [9]) still
    cites the entries that exist (extract_citations skips it whole; the missing number is
    reported as a problem)."""
    by_num: dict[int, int] = {}
    for i, c in enumerate(cited):
        if c.origin == "list" and c.number:
            by_num.setdefault(c.number, i)  # as extract_citations: the first entry of a number
    extra: dict[int, list[Mention]] = {}
    for m in _ANY_NUM_MARK.finditer(text, 0, body_end):
        nums = _numbers(m.group(1))
        if 0 in nums or all(n in by_num for n in nums):
            continue
        for n in nums:
            if n in by_num:
                extra.setdefault(by_num[n], []).append(
                    Mention(start=m.start(), end=m.end(), text=m.group(0), kind="numbered")
                )
    return [
        c.model_copy(
            update={"mentions": tuple(sorted((*c.mentions, *extra[i]), key=lambda x: x.start))}
        )
        if i in extra
        else c
        for i, c in enumerate(cited)
    ]


def _problems(text: str, body_end: int, cited: list[CitedReference]) -> list[Problem]:
    out: list[Problem] = []
    listed = [c for c in cited if c.origin == "list"]
    # numbers whose markers went to another entry of the same number (duplicate_entry)
    marked = {c.number for c in listed if c.number is not None and c.mentions}
    for c in listed:
        if not c.mentions and c.number not in marked:
            label = f"[{c.number}] " if c.number is not None else ""
            out.append(
                Problem(
                    "no_marker",
                    f"reference {label}{_short(c.reference.raw)} is never cited in the text",
                )
            )
    numbers = {c.number for c in listed if c.number is not None}
    if numbers:
        for m in _ANY_NUM_MARK.finditer(text, 0, body_end):
            nums = _numbers(m.group(1))
            if 0 in nums:  # "[0, 1]" is an interval, not a citation
                continue
            missing = [n for n in nums if n not in numbers]
            if missing:
                out.append(
                    Problem(
                        "no_entry",
                        f"marker {m.group(0)} at character {m.start()}: "
                        f"no reference entry numbered {', '.join(map(str, missing))}",
                    )
                )
    if listed:
        for c in cited:
            if c.origin == "mention":
                out.append(
                    Problem(
                        "no_entry",
                        f"{c.reference.raw!r} at character "
                        f"{c.mentions[0].start}: no entry in the reference list",
                    )
                )
    seen: dict[str, CitedReference] = {}
    for c in listed:
        r = c.reference
        keys = [f"n:{c.number}"] if c.number is not None else []
        if r.doi:
            keys.append("doi:" + doi_key(r.doi))
        if r.title:
            keys.append(f"t:{fold(r.title)}|{r.year}")
        for k in keys:
            if k in seen:
                what = {"n": "number", "d": "DOI", "t": "title and year"}[k[0]]
                used = next((x for x in (seen[k], c) if x.mentions), None)
                read = (
                    f"; its markers [{c.number}] are read as citing {_short(used.reference.raw)}"
                    if k[0] == "n" and used is not None
                    else ""
                )
                out.append(
                    Problem(
                        "duplicate_entry",
                        f"reference {_short(r.raw)} repeats "
                        f"{_short(seen[k].reference.raw)} (same {what}){read}",
                    )
                )
                break
            seen[k] = c
    return out


def _short(s: str, n: int = 70) -> str:
    s = " ".join(s.split())
    return repr(s if len(s) <= n else s[: n - 1] + "…")


def read_review(text: str) -> Review:
    """Parse a review (markdown or plain text) with its reference list.

    Returns: Review; sentences of the body only, each with the works it cites (a mention
        inside the sentence's span). Raises: InputError if ``text`` is not a string.
    """
    work = _notes_to_list(_footnotes_as_numbers(text), text)
    cited = extract_citations(work)
    section = find_reference_section(work)
    body_end = len(work)
    if section is not None:
        # the heading line itself belongs to the list, not the body
        line_start = work.rfind("\n", 0, section[0]) + 1
        body_end = line_start if work[line_start : section[0]].strip() else section[0]
    cited = _partial_markers(work, body_end, cited)
    notes = [m.span() for m in _FOOTNOTE_MARK.finditer(text)]
    sentences = []
    for s in split_sentences(work[:body_end]):
        # "[^1]" read as "[1] ": a sentence ending inside the marker ends after it
        end = next((b for a, b in notes if a < s.end < b), s.end)
        s = Sentence(s.index, s.start, end, text[s.start : end])
        works = sorted(
            {i for i, c in enumerate(cited) for m in c.mentions if s.start <= m.start < s.end},
            key=lambda i: min(m.start for m in cited[i].mentions if s.start <= m.start < s.end),
        )
        sentences.append(CitingSentence(s, tuple(works), is_heading(work, s)))
    return Review(text, tuple(cited), tuple(sentences), tuple(_problems(work, body_end, cited)))


def claim_text(sentence: Sentence, mentions: list[Mention]) -> str:
    """The sentence as a claim about the cited works: numbered markers (linked or not) and
    parenthetical citations removed, a narrative one ("Cohan et al. (2020) show ...") read as
    "the authors".

    Args: sentence: offsets into the review. mentions: every mention of the review.
    Returns: the text the judge sees (never empty: the sentence itself if nothing is left).
    """
    own = sorted(
        (m for m in mentions if sentence.start <= m.start < sentence.end), key=lambda m: m.start
    )
    out, pos = [], sentence.start
    text = sentence.text
    for m in own:
        if m.start < pos:
            continue
        a, b = m.start - sentence.start, min(m.end, sentence.end) - sentence.start
        out.append(text[pos - sentence.start : a])
        if m.kind == "author_year" and "(" in m.text:
            out.append("The authors" if not "".join(out).strip() else "the authors")
        pos = sentence.start + b
    out.append(text[pos - sentence.start :])
    # a numbered marker with no entry ("[4]" in a review without a numbered list) is a
    # citation all the same, not content; "[0, 1]" is an interval and stays
    joined = _ANY_NUM_MARK.sub(
        lambda m: m.group(0) if 0 in _numbers(m.group(1)) else "", "".join(out)
    )
    claim = _SPACE_PUNCT.sub(r"\1", _EMPTY_BRACKETS.sub("", joined))
    claim = " ".join(claim.split())
    # a frame that only names the source ("According to the authors, X") is no part of
    # what the cited work must support: the claim is X
    framed = _SOURCE_FRAME.match(claim)
    if framed and own and claim[framed.end() :].strip():
        rest = claim[framed.end() :].strip()
        claim = rest[:1].upper() + rest[1:]
    return claim or text


_SOURCE_FRAME = re.compile(
    r"(?:according to|as (?:reported|shown|described|noted) by|"
    r"in the words of)\s+the authors\s*,\s*",
    re.I,
)
