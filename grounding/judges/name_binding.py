"""A number the paper gives to one name of two coordinated statements, given by the
sentence to the other name.

The paper: "Currently over 40,000 new cases are diagnosed every year in the UK and 223,307
new cases in the USA." The sentence: "About 223,307 new cases are diagnosed every year in
the UK." 223,307 is found, but its own clause in the paper names the USA; the UK belongs
to the other clause (40,000). The sentence gives the value to the wrong entity: C2, the
paper's name as the correction.

Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from annotations.schema import ErrorSpan, ErrorTag
from grounding.evidence import Entry, EvidenceIndex, Hit
from grounding.judges.number_common import (
    NAME,
    Findings,
    NumberCheck,
    NumberStatus,
    shares_unit,
)
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.quantities import CASE_UNITS, Quantity, extract_quantities, same_value

#: where a paper sentence ends, and where its coordinated statements meet
_SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z(\[])")
_COORDINATED = re.compile(r";|,?\s(?:and|while|whereas|but|compared with|versus|vs\.?)\s")
_REFERENCE = re.compile(r"\[[\d,\s–-]+\]")
#: The word right before a number.
_WORD_BEFORE = re.compile(r"(\S+)\s$")


def _after_name(text: str, start: int) -> bool:
    """Whether the number at ``start`` follows a name (parts.NAME), as a version of it
    does ("AlpacaEval 2.0", "GPT 4"): part of the name, no condition."""
    m = _WORD_BEFORE.search(text, max(0, start - 40), start)
    return m is not None and NAME.fullmatch(m.group(1)) is not None


_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)
#: Three numbers in a row joined by commas: a list, not coordinated statements.
_NUMBER_LIST = re.compile(r"\d\s*%?\s*,\s*\d[\d.]*\s*%?\s*,\s*(?:and\s+|or\s+)?\d")


def names(text: str) -> set[str]:
    """The names of ``text`` (parts.NAME), less unit symbols written like one ("pH", "mM",
    "kDa"): a unit names no entity a value could belong to."""
    return {
        m.group(0) for m in NAME.finditer(_REFERENCE.sub(" ", text)) if m.group(0) not in CASE_UNITS
    }


def key(name: str) -> str:
    """A name as compared: lower case, letters and digits only ("Cite-Seer" = "CiteSeer")."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _parts(sentence: str) -> list[tuple[int, int]]:
    """The spans of the coordinated statements of one sentence."""
    cuts = [0] + [m.end() for m in _COORDINATED.finditer(sentence)] + [len(sentence)]
    return list(zip(cuts, cuts[1:]))


def own_part(sentence: str, offset: int) -> str:
    """The coordinated statement of ``sentence`` holding ``offset``."""
    return next((sentence[a:b] for a, b in _parts(sentence) if a <= offset < b), sentence)


def check_name_binding(text: str, index: EvidenceIndex, hits: list[Hit], found: Findings) -> None:
    """For each number found (or found in another name's table row): where a paper
    sentence holding it (in its evidence passage or in one of the best five retrieved
    passages; prose only) is two or more coordinated
    statements, the number's own statement names an entity the sentence does not, and the
    number's own statement of the sentence names instead an entity of another of those
    statements, add a C2 error (the sentence's name nearest the number, corrected by the
    paper's) and a note to ``found``. A paper sentence that gives the number to the
    sentence's own name clears it.

    Args: text: the sentence. index: the paper's evidence index. hits: the sentence's
          passages, best first. found: number checks.
    Raises: nothing.
    """
    s = fold(text)
    if not names(s):
        return
    for c in found.numbers:
        # a value found, or found in another name's table row (row_binding): the prose that
        # gives it to the other name makes the sentence's name the error
        if c.status not in (NumberStatus.FOUND, NumberStatus.MISBOUND) or c.hit is None:
            continue
        mine = names(own_part(s, c.quantity.start))
        point = dataclasses.replace(c.quantity, bound=None)
        entries = [h.entry for h in [c.hit] + hits[:5] if h.entry.kind != "row"]
        verdicts = [v for e in dict.fromkeys(entries) for v in _bindings(index, e, point, mine)]
        first = verdicts[0] if verdicts else None
        if first is None or any(v is None for v in verdicts):
            continue
        page, theirs, wrong = first
        near = min(wrong, key=lambda w: abs(s.find(w) - c.quantity.start))
        found.errors.append(ErrorSpan(span=near, tags=(ErrorTag.C2,), correction=theirs))
        found.notes.append(f"page {page} gives {c.quantity.text} for '{theirs}', not '{near}'")
        return


def _bindings(
    index: EvidenceIndex, entry: Entry, point: Quantity, mine: set[str]
) -> list[tuple[int, str, list[str]] | None]:
    """For each statement of ``point``'s value in ``entry``'s paper sentences: None where
    it is given to one of the names ``mine`` (or the sentence is no coordination that
    names one entity per statement), else (page, the paper's name, the sentence's names
    that belong to the other statements)."""
    out: list[tuple[int, str, list[str]] | None] = []
    for e, sentence, lo in stated_values(index, entry, point):
        parts = _parts(sentence)
        own = next(((a, b) for a, b in parts if a <= e.start - lo < b), None)
        # "of A and B by 1.1 and 1.6 units respectively": lists, no coordinated statements
        if own is None or len(parts) < 2 or _RESPECTIVELY.search(sentence):
            out.append(None)
            continue
        theirs = names(sentence[own[0] : own[1]])
        others = set().union(*(names(sentence[a:b]) for a, b in parts if (a, b) != own))
        keys = {key(n) for n in theirs}
        wrong = sorted(n for n in mine if key(n) in {key(o) for o in others} - keys)
        right = sorted(n for n in theirs if key(n) not in {key(o) for o in mine | others})
        if keys & {key(n) for n in mine}:
            wrong = []  # the sentence names the paper's entity too
        out.append((entry.page, right[0], wrong) if wrong and len(right) == 1 else None)
    return out


def stated_values(
    index: EvidenceIndex, entry: Entry, point: Quantity
) -> Iterator[tuple[Quantity, str, int]]:
    """Each quantity the index read in ``entry``'s span of its page with ``point``'s value,
    with the page sentence holding it and that sentence's offset (:func:`paper_sentence`)."""
    page = getattr(index.pages.get(entry.page), "text", "")
    for e in index.page_quantities.get(entry.page, ()):
        if entry.start <= e.start < entry.end and same_value(point, e):
            sentence, lo = paper_sentence(page, e)
            yield e, sentence, lo


def paper_sentence(page: str, e: Quantity) -> tuple[str, int]:
    """The sentence of the page text holding ``e`` (line breaks as spaces), and its
    offset in the page."""
    lo = max((m.end() for m in _SENTENCE_END.finditer(page, 0, e.start)), default=0)
    end = _SENTENCE_END.search(page, e.end)
    return page[lo : end.start() if end else len(page)].replace("\n", " "), lo


def _prose_values(s: str, found: Findings) -> list[tuple[NumberCheck, str, int]]:
    """(check, its coordinated statement in ``s`` (the folded sentence), that statement's
    offset) for each value found in a prose passage."""
    out = []
    for c in found.numbers:
        if c.quantity.kind not in ("number", "percent") or c.status != NumberStatus.FOUND:
            continue
        if c.hit is None or c.hit.entry.kind == "row":
            continue
        own = own_part(s, c.quantity.start)
        out.append((c, own, s.find(own)))
    return out


def check_condition_binding(
    text: str, index: EvidenceIndex, hits: list[Hit], found: Findings
) -> None:
    """A value the paper states under another condition: "With 500 ppm of imidazole, the
    pyrrole type interaction is 3.49 times larger" where every paper sentence giving 3.49
    (in its evidence passage or the best five passages; prose) states it "at 1000 ppm".
    The condition is the one other number of the value's own statement in the sentence,
    with a physical unit (not %, not a fold, not the value's own unit); each paper
    sentence holding the value must give exactly one number of that unit in the value's
    own coordinated statement (else in the whole sentence), another value, and none may
    give the sentence's. The condition's check
    becomes a conflict (C1), the paper's condition as the correction. Changes ``found``.

    Args: text: the sentence. index: the paper's evidence index. hits: the sentence's
          passages, best first. found: number checks.
    Raises: nothing.
    """
    s = fold(text)
    for c, own, at in _prose_values(s, found):
        assert c.hit is not None
        inside = [x for x in found.numbers if at <= x.quantity.start < at + len(own)]
        conds = [
            x
            for x in inside
            if x is not c
            and x.status == NumberStatus.FOUND
            and x.quantity.physical
            and x.quantity.unit not in ("%", "x", c.quantity.unit)
        ]
        if len(inside) != 2 or len(conds) != 1:
            continue  # a value and its condition, nothing else
        cond = conds[0]
        if shares_unit(s, c.quantity, cond.quantity):
            continue  # "from 0.44 to 0.51 °C": one unit written after two values
        point = dataclasses.replace(c.quantity, bound=None)
        seen: list[tuple[Entry, Quantity] | None] = []
        for entry in dict.fromkeys(h.entry for h in [c.hit] + hits[:5] if h.entry.kind != "row"):
            page = getattr(index.pages.get(entry.page), "text", "")
            for e, sentence, lo in stated_values(index, entry, point):
                part = own_part(sentence, e.start - lo)
                units = [
                    q
                    for q in extract_quantities(part)
                    if q.checkable and q.unit == cond.quantity.unit
                ] or [
                    q
                    for q in extract_quantities(sentence)
                    if q.checkable and q.unit == cond.quantity.unit
                ]
                alike = len(units) == 1 and not same_value(cond.quantity, units[0])
                if alike and _stated_after(s, page, lo + len(sentence), sentence, cond, e):
                    alike = False
                seen.append((entry, units[0]) if alike else None)
        if seen and all(v is not None for v in seen):
            first = seen[0]
            assert first is not None
            entry, other = first
            pid = next((h.pid for h in [c.hit] + hits if h.entry is entry), c.hit.pid)
            cond.status, cond.hit, cond.correction = (
                NumberStatus.CONFLICT,
                Hit(entry, pid, 1.0),
                other,
            )
            cond.why = f"the paper gives {c.quantity.text} at {other.text}"
            return


#: Characters of the page after a value's sentence read for the sentence's own condition.
AFTER_SENTENCE = 400


def _stated_after(
    s: str, page: str, end: int, sentence: str, cond: NumberCheck, value: Quantity
) -> bool:
    """Does a paper sentence within :data:`AFTER_SENTENCE` characters after ``sentence``
    (ending at ``end`` in ``page``) give the condition's value ``cond`` in its unit, with a
    term of the claim ``s`` that ``sentence`` lacks and no value of ``value``'s kind and
    unit: the claim's value is then that sentence's subject's, not a condition of the
    first ("For the dataset of 7,918 gene families most functions completed in under four
    minutes. The exceptions were the codeml_setup function which took approximately 45
    min" for "codeml_setup took 45 minutes for the 7,918 gene families"). A sentence that
    states another such value under the condition is the paper's statement of it ("in
    the case of 1000 ppm, the area ... is 3.49 times greater") and leaves the check as is."""
    own = {t for t in content_terms(s) if not is_numeric(t)} - set(content_terms(sentence))
    if not own:
        return False
    after = page[end : end + AFTER_SENTENCE]
    for q in extract_quantities(after):
        if q.unit == cond.quantity.unit and same_value(cond.quantity, q):
            theirs, _ = paper_sentence(after, q)
            parallel = any(
                x.unit == value.unit and x.kind == value.kind and not same_value(x, q)
                for x in extract_quantities(theirs)
            )
            if parallel:
                return False  # the paper's own statement of a value under that condition
            if own & set(content_terms(theirs)):
                return True
    return False


#: the noun a value completes: "an effective batch size of 32" (up to three words)
_NOUN_OF = re.compile(r"((?:[\w-]+\s+){0,2}[\w-]+)\s+of\s+$")


def check_value_condition(
    text: str, index: EvidenceIndex, hits: list[Hit], found: Findings
) -> None:
    """A value the paper states for other conditions, while its statement of the
    sentence's conditions gives another: "50% narrower with 100 taxa than with 50" where
    the paper's sentence reads "25% narrower with 100 taxa compared to 50, and further
    reduce by another 50% with 400 tips". The conditions are the sentence's other found
    numbers in the value's own statement (one or more); in a paper sentence holding the
    value (in its evidence passage; prose), the value's coordinated statement must hold
    none of them, and another statement of that sentence must hold them all and exactly
    one number of the value's unit besides: the value's check becomes a conflict (C1),
    that number its correction. Changes ``found``.

    Args: text: the sentence. index: the paper's evidence index. hits: the sentence's
          passages, best first (unused: the value's own passage decides). found: number
          checks.
    Raises: nothing.
    """
    del hits
    if found.errors:
        return  # a value already given to another name (check_name_binding) says why
    s = fold(text)
    for c, own, at in _prose_values(s, found):
        assert c.hit is not None
        conds = [
            x.quantity
            for x in found.numbers
            if x is not c
            and at <= x.quantity.start < at + len(own)
            and x.status == NumberStatus.FOUND
            and x.quantity.checkable
            and x.quantity.kind != "level"  # "the 95% HPD": the interval named, no condition
            and not _after_name(s, x.quantity.start)
        ]
        if not conds:
            continue
        noun = _NOUN_OF.search(s, 0, c.quantity.start)
        before = set(content_terms(noun.group(1))) if noun is not None else set()
        fix = _other_condition_value(index, c.hit.entry, c.quantity, conds, before)
        if fix is not None:
            c.status, c.correction = NumberStatus.CONFLICT, fix
            c.why = f"the paper gives {c.quantity.text} under other conditions"
            return


def _holds(part: list[Quantity], q: Quantity) -> bool:
    """Whether ``part`` (quantities) gives ``q``'s value: the same unit, or no unit on one
    side where the other is no percent (a bare "50" is not "50%")."""
    return any(
        same_value(q, e)
        and (q.unit == e.unit or (None in (q.unit, e.unit) and "%" not in (q.unit, e.unit)))
        for e in part
    )


def _other_condition_value(
    index: EvidenceIndex,
    entry: Entry,
    value: Quantity,
    conds: list[Quantity],
    before: set[str],
) -> Quantity | None:
    """The paper's value for ``conds`` in a sentence of ``entry`` that gives ``value`` to
    other conditions (:func:`check_value_condition`), or None. ``before``: the content
    terms of the noun the sentence's value completes ("effective batch size" of "an
    effective batch size of 32"); those the paper's statement of the value shares must be
    in the other statement too ("a batch size of 4" is not that noun's value)."""
    point = dataclasses.replace(value, bound=None)
    for e, sentence, lo in stated_values(index, entry, point):
        if _NUMBER_LIST.search(sentence) or _RESPECTIVELY.search(sentence):
            # "(100%, 75%, 50%, and 25%)", "100 ppm and 300 ppm ... at 68.5% and 84.2%,
            # respectively": a list's commas and "and" split no statements
            continue
        spans = _parts(sentence)
        parts = [[q for q in extract_quantities(sentence[a:b]) if q.checkable] for a, b in spans]
        mine = next((i for i, (a, b) in enumerate(spans) if a <= e.start - lo < b), None)
        if mine is None or any(_holds(parts[mine], q) for q in conds):
            continue
        a, b = spans[mine]
        shared = before & set(content_terms(sentence[a:b]))
        for i, part in enumerate(parts):
            if i == mine or not all(_holds(part, q) for q in conds):
                continue
            if not shared <= set(content_terms(sentence[spans[i][0] : spans[i][1]])):
                continue
            rest = [
                q
                for q in part
                if not any(same_value(q, x) for x in conds)
                and q.kind == value.kind
                and q.unit == value.unit
            ]
            if len(rest) == 1 and not same_value(value, rest[0]):
                return rest[0]
    return None


__all__ = [
    "check_condition_binding",
    "check_name_binding",
    "check_value_condition",
    "key",
    "names",
    "own_part",
    "paper_sentence",
    "stated_values",
]
