"""Table values bound to the row entity their sentence names ("a cell found by row label x
column header").

A number found in a table cell verifies a sentence only when the cell's row is the row the
sentence gives the number to. "Removing the abstract lowers the average to 76.4" names the
ablation row "- abstract"; 76.4 is the average of another row, so it is not verified for
"- abstract" (C1 with the row's own value, 68.1, where the column is known; else nei).

Steps, each pure over the sentence and the index's row entries (no I/O):

1. **Rows the sentence names** (:func:`named_rows`): a row label's key words (outside
   brackets, without the words of a prose line printed left of the table) all occur in
   the sentence, close together; an ablation label ("- abstract", "w/o X", "No X") is named
   only with a removal word ("removing", "without", "no", "drop"...) right before it, an
   addition label ("+ author", "w/ X") only with an addition word ("adding", "with", "plus").
   A one-word label is named only when the table prints it and the sentence writes it as
   a name (a capital or a digit) and it is no generic row word ("Total", "Average").
   Several rows with the same key (the same model in two tables) are one entity, narrowed
   to those whose bracket words follow the mention ("Anaplasmosis (A. bovis)"); a key
   inside a longer named key at the same place ("SciBERT" in "SciBERT fine-tune on
   co-view", "LPC" in "LPC-2") is not a mention of its own.
2. **The entity of each number** (:func:`bind`): a bracket right after it ("76.0
   (co-view)"), a name right after "for" / "of" / "by" / "from" ("77.5 for X"), else the
   last mention before it in the same clause with no number of its own in between and not
   on the other side of a comparison ("above GPV-2") nor the base of a change ("adding
   the venue to SPECTER": the venue row). No entity for the value a change
   starts "from", for a number pointing at an item ("Additional file 2"), nor for a list
   ("(87.6 and 92.3)", "80.0 vs 68.1") after two or more names (respectively).
3. **The check** (:func:`check_row_binding`): a row of the entity holding the value becomes
   the evidence. Else, where another row of the entity's table holds it, the entity's cell
   in that column is the correction (C1); where the value was read from a row of another
   table (or from a text line that runs over a table row, "36.8 78.4 Start w/ BERT-Large"),
   or is written nowhere in the paper but as another row's cell, the column its clause
   names ("average" -> "Avg.") gives the correction, else the number is ``misbound`` (nei,
   N1: the row that holds it is named). An entity that heads a column of the holding table
   (a transposed table: models as columns) is not checked by row. Values in prose are
   left to the other checkers. Two values given to each other's rows ("A and B reach y
   and x, respectively" where A's row holds x and B's row y in one column) correct each
   other, wherever else the table repeats them. A name the table gives to several rows
   (a task under several data sets: "NER", "REL") whose cells differ there leaves the
   correction open: the number is ``refuted`` (C1 with no correction; the rationale lists
   the rows' values), never corrected by the first row's. A variant row the sentence
   names before its base model ("Without the abstract, SPECTER averages 68.1") holds the
   value in place of the base model's row.
4. **Variant rows read the other way** (:func:`check_variant_rows`): a value found in an
   ablation or addition row whose words the sentence writes without its removal (or
   addition) word ("training with hard negatives gives 78.4", the row "No hard
   negatives") is ``misbound`` (nei, N1): it is the other condition's value.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from grounding.evidence import Cell, Entry, EvidenceIndex, Hit, row_label
from grounding.judges.number_common import (
    COMPARED,
    FROM_VALUE,
    NAME_AFTER,
    ROW_NAME,
    Findings,
    NumberCheck,
    NumberStatus,
    plausible,
)
from grounding.judges.number_lists import ordered_run
from grounding.judges.parts import sentence_quantities
from grounding.judges.rules_cells import cell_near, header_column, in_number_list, same_table
from grounding.judges.rules_tables import column_headers, columns_naming
from grounding.lexicon import content_terms, fold, is_numeric, stem
from grounding.quantities import Quantity, same_value

#: Words that bind no row: articles, prepositions, "w" of "w/", "ours" of "(Ours)".
_FUNCTION = frozenset(
    """the a an of on in for with w wo from to and or our ours by at as its
their is are was were this that via using""".split()
)
#: One-word labels that name no entity ("Total", "Average" rows).
_GENERIC = frozenset(
    """total totals mean average avg all overall yes no none other others sum
median mode min max std baseline count""".split()
)
#: an ablation row's label: a minus sign before a word ("-abstract", "− Venue"; not a
#: formula's "-C-NH-C" nor a symbol's "-e2"), "w/o X", "without X", "no X", "minus X"
_REMOVE_LABEL = re.compile(
    r"^\s*(?:[-\u2212\u2013\u2012]\s*(?=[a-z]{2}|[A-Z][a-z]{2})|(?i:w/o|wo|without|no|minus)\b)"
)
_ADD_LABEL = re.compile(r"^\s*(?:\+|w/(?!o)|with\b|plus\b)", re.I)
#: a word that leaves a thing out ("removing", "without", "w/o", "drop", a minus sign)
_REMOVE_CUE = (
    r"(?:\b(?:remov\w*|without|w/o|no|drop\w*|exclud\w*|ablat\w*|omit\w*|"
    r"minus|discard\w*|delet\w*|strip\w*)\b|(?<!\w)[-\u2212\u2013])"
)
_REMOVE_WORD = re.compile(_REMOVE_CUE + r"[\w\s]{0,14}$", re.I)
_REMOVE_ANYWHERE = re.compile(_REMOVE_CUE + r"(?=\s*[^\W\d_])", re.I)
_ADD_WORD = re.compile(
    r"(?:\b(?:add\w*|with(?!out)|plus|includ\w*|incorporat\w*|w/(?!o))|\+)[\w\s]{0,14}$", re.I
)
_TOKEN = re.compile(r"[A-Za-z0-9]+")
#: A prose line printed left of a table runs into the row's label ("tuning approach. Start
#: w/ BERT-Large"): the label starts after its last full stop.
_PROSE_END = re.compile(r"(?<=[a-z]{3})[.;:]\s+(?=[A-Z+\-\u2212\u2013])")
#: Another number joined to this one ("80.0 vs 68.1", "(80.0, 68.1)").
_VERSUS = re.compile(r"\s*(?:vs\.?|versus|against)\s*[-+(]?\d|\s*[,;/]\s*[-+]?\d", re.I)
#: A number right after these words points at an item ("Additional file 2", "Table 3").
_POINTER = re.compile(
    r"\b(?:file|table|figure|fig|section|sec|appendix|eq|equation|step|stage|"
    r"phase|version|chapter|item|no|number)\.?\s*$",
    re.I,
)
#: A name after these is the base a change is made to ("adding X to SPECTER").
_BASE = re.compile(r"\b(?:to|from|into|onto)\s+(?:the\s+)?$", re.I)
#: "36.0 mol% and 12.6 wt% for LPC-2": two values, each with its unit, then the name both
#: are given to
_PAIR_FOR = re.compile(
    r"\s*(?:%|[^\W\d_][\w%/]*)?\s*(?:and|,)\s+[-−]?\d[\d.,]*\s*(?:%|[^\W\d_][\w%/]*)?"
    r"\s+(?:for|of|by)\s+(?:the\s+)?",
    re.I,
)
#: "87.6% on AlpacaEval 2.0": a name right after "on" names what the value measures
_ON_NAME = re.compile(r"\s*%?\s*on\s+(?:the\s+)?", re.I)
#: a name right after a value and "on" / "for" / "of" ("92.3% on ArenaHard"): that value's
_OWN_NAME = re.compile(r"\d%?\s*(?:on|for|of|by)\s+(?:the\s+)?$", re.I)
#: What ends the clause a name governs: a semicolon, ", and", ", but", "while", "whereas",
#: and a "with" clause of its own subject and participle (", with the best variant,
#: co-read, reaching 77.1").
_CLAUSE_BREAK = re.compile(
    r";|,\s*(?:and|but|while|whereas|which|so)\b|\b(?:while|whereas)\b"
    r"|,\s*with\s+(?:the|a|an|its|their)\b[^;]*\b[a-z]+ing\b",
    re.I,
)
#: A reference printed in a table's column ("Li et al. (2016)", "Collier and Kim (2004)"):
#: names the source, not the row's group.
_REFERENCE = re.compile(r"\S+(?:\s+(?:and|&)\s+\S+|\s+et\s+al\.?)?\s*\(\d{4}[a-z]?\)")
#: What opens a clause or an aside before a name.
_OPENS = re.compile(
    r"[()\[\];]|\.\s|,\s*(?:and|but|while|whereas|which|so)\b|\b(?:while|whereas)\b"
)
#: What closes a clause or an aside after a name (not "(": a bracket after a name is its own).
_CLOSES = re.compile(r"[)\];]|,\s*(?:and|but|while|whereas|which|so)\b|\b(?:while|whereas)\b")
_VERSUS_BEFORE = re.compile(r"\d[\d.,]*%?\)?\s*(?:vs\.?|versus|against)\s*\(?$", re.I)


def _terms(text: str) -> list[tuple[str, int, int, str]]:
    """(stem, start, end, token as written) of the word tokens of ``text``, function words
    left out; a digits-only token is a term only as part of a hyphenated name ("0912" of
    "OpenAI-o1-0912", "2" of "LPC-2"), not on its own ("AIME 2024", a value)."""
    out = []
    for m in _TOKEN.finditer(text):
        w = m.group(0).lower()
        if w in _FUNCTION:
            continue
        if w.isdigit() and not (
            m.start() >= 2 and text[m.start() - 1] == "-" and text[m.start() - 2].isalnum()
        ):
            continue
        glued = _GLUED_VERSION.match(w)
        if glued and re.match(r"\.\d", text[m.end() : m.end() + 2]):
            w = glued.group(1)  # "AlpacaEval2.0": the name of "AlpacaEval 2.0"
        out.append((stem(w), m.start(), m.end(), m.group(0)))
    return out


#: a name with its version glued on ("alpacaeval2" of "AlpacaEval2.0"): the letters
_GLUED_VERSION = re.compile(r"([a-z]{4,})\d+$")


@dataclass(frozen=True, slots=True)
class RowKey:
    """What names a row: ``key`` (stems outside brackets), ``extra`` (stems inside them),
    ``op`` ("remove", "add" or ""), ``label`` (the label as printed, prose cut off)."""

    key: frozenset[str]
    extra: frozenset[str]
    op: str
    label: str
    order: tuple[str, ...] = ()


def row_key(entry: Entry) -> RowKey | None:
    """The :class:`RowKey` of a row entry, or None when its label has no word."""
    return _label_key(row_label(entry))


@lru_cache(maxsize=4096)
def _label_key(printed: str) -> RowKey | None:
    label = _PROSE_END.split(printed)[-1].strip().rstrip("*\u2020\u2021 ")
    if not label:
        return None
    op = "remove" if _REMOVE_LABEL.match(label) else "add" if _ADD_LABEL.match(label) else ""
    outside = re.sub(r"\([^)]*\)?|\[[^]]*\]?", " ", label)
    inside = " ".join(re.findall(r"\(([^)]*)\)?", label))
    words = [t for t, *_ in _terms(outside)]
    if op == "remove" and words and words[0] in ("no", "without", "minus"):
        words = words[1:]
    if op == "add" and words and words[0] in ("plus",):
        words = words[1:]
    key = frozenset(words)
    extra = frozenset(t for t, *_ in _terms(inside)) - key
    if not key:
        key, extra = extra, frozenset()
    if not key:
        return None
    return RowKey(key, extra, op, label, tuple(dict.fromkeys(words)))


@dataclass(frozen=True, slots=True)
class Mention:
    """An entity the sentence names: its rows (pid, entry), key, and its place in the
    sentence (character offsets)."""

    rows: tuple[tuple[int, Entry], ...]
    key: frozenset[str]
    start: int
    end: int
    label: str


def _windows(
    positions: dict[str, list[tuple[int, int, int]]], key: frozenset[str], order: Sequence[str]
) -> list[tuple[int, int, int, int]]:
    """Each run of sentence tokens holding every term of ``key``, one per occurrence of
    its rarest term, the shortest (ties: the one in the label's word ``order``): (tokens
    spanned, start char, end char, last token index)."""
    rank = {t: i for i, t in enumerate(order)}
    out = []
    # ties in rarity go to the label's first word, then the word itself: never to the
    # order of a set (which changes with the hash seed)
    first = min(key, key=lambda t: (len(positions[t]), rank.get(t, len(rank)), t))
    for i, _, _ in positions[first]:
        spans = []
        # the key's other terms nearest this one: on either side, all after, all before
        for side in (0, 1, -1):
            lo, hi = i, i
            picked = {}
            for t in key:
                js = [p[0] for p in positions[t] if side == 0 or (p[0] - i) * side >= 0]
                if not js:
                    break
                j = picked[t] = min(js, key=lambda j: abs(j - i))
                lo, hi = min(lo, j), max(hi, j)
            else:
                seq = [rank.get(t, 0) for t in sorted(picked, key=picked.__getitem__)]
                spans.append((hi - lo, seq != sorted(seq), lo, hi))
        spans += _runs_through(positions, key, rank, i)
        _, _, lo, hi = min(spans)
        chars = [p for t in key for p in positions[t] if lo <= p[0] <= hi]
        out.append((hi - lo + 1, min(p[1] for p in chars), max(p[2] for p in chars), hi))
    return out


def _runs_through(
    positions: dict[str, list[tuple[int, int, int]]],
    key: frozenset[str],
    rank: dict[str, int],
    i: int,
) -> list[tuple[int, bool, int, int]]:
    """The shortest runs of sentence tokens that hold token ``i`` and one of each term of
    ``key``, one per first token: for a name whose rarest term stands inside it
    ("DeepSeek-R1-Distill-Qwen-1.5B", with the next name's "DeepSeek" nearer its "1.5B"
    than its own), as :func:`_windows`' spans (tokens spanned, out of the label's word
    order, first, last token)."""
    out = []
    for lo in sorted({p[0] for t in key for p in positions[t] if p[0] <= i}):
        picked = {}
        for t in key:
            js = [p[0] for p in positions[t] if p[0] >= lo]
            if not js:
                break
            picked[t] = min(js)
        else:
            hi = max(i, *picked.values())
            seq = [rank.get(t, 0) for t in sorted(picked, key=picked.__getitem__)]
            out.append((hi - lo, seq != sorted(seq), lo, hi))
    return out


def named_rows(text: str, rows: Sequence[tuple[int, Entry]]) -> list[Mention]:
    """Each place where ``text`` names an entity of ``rows`` (module docstring, step 1), in
    sentence order."""
    toks = _terms(text)
    positions: dict[str, list[tuple[int, int, int]]] = {}
    for i, (t, a, b, _) in enumerate(toks):
        positions.setdefault(t, []).append((i, a, b))
    groups: dict[frozenset[str], list[tuple[int, Entry, RowKey]]] = {}
    for pid, e in rows:
        k = row_key(e)
        if k is None or not k.key <= positions.keys():
            continue
        groups.setdefault(k.key, []).append((pid, e, k))
    found: list[Mention] = []
    for key, members in groups.items():
        ops = {k.op for _, _, k in members}
        for span, a, b, last in _windows(positions, key, members[0][2].order):
            if span > 2 * len(key) + 1:
                continue  # the words are scattered over the sentence
            before = text[max(0, a - 40) : a]
            if len(key) == 1 and not ops - {""}:
                word = text[a:b]
                printed = members[0][2].label
                if (
                    next(iter(key)) in _GENERIC
                    or not (re.search(r"[A-Z0-9]", word[1:]) or word[:1].isupper())
                    or not re.match(r"[^a-z]", printed)
                ):
                    continue  # "random", "Average", a lower-case label: no name
            kept = []
            for pid, e, k in members:
                if k.op == "remove" and not (
                    _REMOVE_WORD.search(before) or re.search(r"(?<!\w)[-\u2212\u2013]\s*$", before)
                ):
                    continue
                if k.op == "add" and not _ADD_WORD.search(before):
                    continue
                if k.op == "" and _REMOVE_WORD.search(before[-12:]) and len(ops) > 1:
                    continue  # "without X" names "- X", not "X"
                kept.append((pid, e, k))
            if not kept:
                continue
            best = _narrowed(kept, rows, toks, key, last, (_opened(text, a), _closed(text, b)))
            found.append(
                Mention(tuple((pid, e) for pid, e, _ in best), key, a, b, best[0][2].label)
            )
    # a key inside a longer named key at the same place is no mention of its own, nor is
    # a row's name again in the bracket after it ("Bluetongue (Bluetongue virus)")
    out = [
        m
        for m in found
        if not any(o.key > m.key and o.start <= m.start and m.end <= o.end for o in found)
        and not any(
            o.rows == m.rows and o.end <= m.start and _OWN_ASIDE.fullmatch(text, o.end, m.start)
            for o in found
        )
    ]
    return sorted(out, key=lambda m: m.start)


#: what stands between a name and its own name again inside the bracket after it
_OWN_ASIDE = re.compile(r"\s*\([^()]*")


def _narrowed(
    kept: list[tuple[int, Entry, RowKey]],
    rows: Sequence[tuple[int, Entry]],
    toks: list[tuple[str, int, int, str]],
    key: frozenset[str],
    last: int,
    clause: tuple[int, int],
) -> list[tuple[int, Entry, RowKey]]:
    """Of the rows one key names, those whose own words follow this mention (the
    sentence's tokens ``toks``, the mention ending at token ``last``, in the characters
    ``clause`` of its clause or bracket), before the key is written again ("DEP (LAS) and
    DEP (UAS)"): bracket words ("Anaplasmosis (A. bovis)")
    and, where several rows share the label, the group its printed line gives it left of
    the label (a data-set column: "NER" under "BC5CDR" and "JNLPBA": "NER on BC5CDR").
    When none follows, the words just before the mention ("on BC5CDR, NER"); when none
    is written, every row (the binding is open)."""
    if len(kept) < 2:
        return kept
    own = {pid: k.extra | _group_words(e, rows) for pid, e, k in kept}
    after: set[str] = set()
    for t, a, _, _ in toks[last + 1 : last + 5]:
        if t in key or a >= clause[1]:
            break
        after.add(t)
    start = toks[last][1]
    before: set[str] = set()
    for t, _, _, _ in reversed([x for x in toks if clause[0] <= x[1] < start][-6:]):
        if t in key:
            break
        before.add(t)
    for near in (after, before):
        score = {pid: len(own[pid] & near) for pid in own}
        top = max(score.values())
        if top:
            return [(pid, e, k) for pid, e, k in kept if score[pid] == top]
    return kept


def group_label(e: Entry, rows: Sequence[tuple[int, Entry]]) -> str:
    """The group a table row's label stands under: the text printed left of ``e``'s label
    on its line (another of ``rows``, (id, entry) pairs, on the same line whose label ends
    with ``e``'s: the data-set column, "BC5CDR" of "BC5CDR Li et al. (2016) NER"), with a
    printed reference left out; "" when there is none."""
    lab = row_label(e)
    if not e.rects or not lab:
        return ""
    y = e.rects[0].y0
    for _, o in rows:
        if o is e or o.page != e.page or not o.rects or abs(o.rects[0].y0 - y) > 3.0:
            continue
        printed = row_label(o)
        if len(printed) > len(lab) and printed.endswith(" " + lab):
            return " ".join(_REFERENCE.sub(" ", printed[: -len(lab)]).split())
    return ""


def _group_words(e: Entry, rows: Sequence[tuple[int, Entry]]) -> frozenset[str]:
    return frozenset(t for t, *_ in _terms(group_label(e, rows)))


def _closed(text: str, at: int) -> int:
    """Where the clause or bracket holding character ``at`` of ``text`` ends."""
    m = _CLOSES.search(text, at)
    return m.start() if m else len(text)


def _opened(text: str, at: int) -> int:
    """Where the clause or bracket holding character ``at`` of ``text`` starts."""
    brk = [m.end() for m in _OPENS.finditer(text, 0, at)]
    return brk[-1] if brk else 0


def bind(text: str, q_start: int, q_end: int, mentions: Sequence[Mention]) -> Mention | None:
    """The entity a number at ``q_start``-``q_end`` of ``text`` is given to (module
    docstring, step 2), or None."""
    if not mentions:
        return None
    s = fold(text) if len(fold(text)) == len(text) else text
    rest = s[q_end:]
    bracket = re.match(r"\s*%?\s*\(([^)]*)\)", rest)
    if bracket:
        lo, hi = q_end + bracket.start(1), q_end + bracket.end(1)
        inside = [m for m in mentions if lo <= m.start and m.end <= hi]
        if inside:
            return inside[0]
    after = NAME_AFTER.match(rest)
    if after:
        # "77.5 for (the) X": the first name after it, before any other number
        at = q_end + after.end()
        nxt = [
            m
            for m in mentions
            if at <= m.start <= at + 60 and not re.search(r"\d", s[at : m.start])
        ]
        if nxt:
            return nxt[0]
    pair = None if "respectively" in s else _PAIR_FOR.match(rest)
    if pair:
        # "36.0 mol% and 12.6 wt% for LPC-2": the name right after the pair
        named_after = next((m for m in mentions if m.start == q_end + pair.end()), None)
        if named_after is not None:
            return named_after
    if FROM_VALUE.search(s[:q_start]):
        return None  # "from 80.0 to 67.3": the value it starts at
    nums = [q for q in sentence_quantities(text) if q.checkable]
    me = next((q for q in nums if q.start == q_start), None)
    if me is not None and (ordered := _in_order(s, me, nums, mentions)) is not None:
        return ordered  # "A and B reach x and y, respectively"
    named = _named_before(text, s, q_start, q_end, mentions, nums, me)
    on = _ON_NAME.match(rest)
    if named is None and on:
        # "87.6% on AlpacaEval 2.0", no name of its own before it: what was measured
        return next((m for m in mentions if m.start == q_end + on.end()), None)
    return named


#: a name written as a model's or a variant's ("BERT-Large", "GPT-4", "Qwen-32B"; not a
#: data set's "NCBI-disease"): one that names no row, standing between a row's name and a
#: value, may own the value
_MODEL_NAME = re.compile(r"\b[A-Z][A-Za-z0-9]*-[A-Z0-9][\w.-]*")


#: the other side of a comparison named right before a value ("comparable to that of
#: mTurquoise at 3.4", "than GPV-2 (75.7"): the value is that side's
_OTHER_SIDE = re.compile(
    r"\b(?:than|compared (?:with|to)|comparable to|similar to|equal to|on par with|"
    r"in line with|against|versus|vs\.?)\s+(?:(?:that|those) of\s+)?(?:the\s+)?"
    r"[^\s,;()]+(?:\s+[^\s,;()]+)?\s*(?:at|\(|:)\s*$",
    re.I,
)


def _named_before(
    text: str,
    s: str,
    q_start: int,
    q_end: int,
    mentions: Sequence[Mention],
    nums: list[Quantity],
    me: Quantity | None,
) -> Mention | None:
    """The last name before the number at ``q_start``-``q_end`` in its clause that it is
    given to (:func:`bind`, the last rule), or None."""
    listed = (
        _VERSUS.match(s, q_end) is not None
        or _VERSUS_BEFORE.search(s[:q_start]) is not None
        or me is not None
        and in_number_list(text, me)
    )
    before = [m for m in mentions if m.end <= q_start and q_start - m.end <= 100]
    if not before:
        return None
    m = before[-1]
    if len(before) > 1 and _BASE.search(s[: m.start]):
        m = before[-2]  # "adding the venue to SPECTER": the base model
    if _OWN_NAME.search(s[: m.start]):
        return None  # "92.3% on ArenaHard and ... 87.6%": the name of the value before
    subject = next((x for x in reversed(before[:-1]) if _compared_to(s, x, m)), None)
    if subject is not None:
        m = subject  # "A surpasses B with a score of 55.5%": A's score
    between = s[m.end : q_start]
    # numbers between (not the "from" value of "from 67.57 to 68.93")
    others = [q for q in nums if m.end <= q.start < q_start and not FROM_VALUE.search(s[: q.start])]
    if others and not (listed and all(in_number_list(text, q) for q in others)):
        return None  # the name's own number stands between
    # another clause; the other side of a comparison ("above GPV-2", "comparable to that
    # of X at 3.4")
    if (
        _CLAUSE_BREAK.search(between)
        or COMPARED.search(s[max(0, m.start - 25) : m.start])
        or _OTHER_SIDE.search(between)
    ):
        return None
    if any(
        not any(x.start <= m.end + n.start() < x.end for x in mentions)
        for n in _MODEL_NAME.finditer(between)
    ):
        return None  # "Swapping SciBERT for BERT-Large reduces it to 77.5": BERT-Large's
    if between.count("(") > between.count(")") and not re.match(r"\s*%?\s*\)", s[q_end:]):
        return None  # an aside after the name: "(180°C, 4 h, ...)"
    if listed and any(
        not (m.start <= n.start() < m.end)
        for n in ROW_NAME.finditer(s[:q_start])
        if n.start() >= _clause_start(s, q_start)
    ):
        return None  # "A and B scores (87.6 and 92.3)": respectively
    return m


def _compared_to(s: str, subject: Mention, other: Mention) -> bool:
    """Whether ``other`` is the other side of a comparison whose first side is ``subject``,
    only the comparison's words between them ("A surpasses B", "A is ahead of B")."""
    gap = s[subject.end : other.start]
    return (
        subject.end <= other.start
        and len(gap) <= 30
        and not re.search(r"\d", gap)
        and COMPARED.search(gap) is not None
    )


def _in_order(
    s: str, q: Quantity, nums: list[Quantity], mentions: Sequence[Mention]
) -> Mention | None:
    """The name a value of an ordered list is given to (:func:`ordered_run`: "A and B reach
    x and y, respectively", "A scores lower than B (x vs y)"): of the last as many distinct
    names as values written before the list in its sentence, the one in ``q``'s place."""
    got = ordered_run(s, q, nums)
    if got is None:
        return None
    run, place = got
    # the sentence stop before the list, not the full stop of a name ("Bib. linking")
    lo = max(
        (
            m.start() + 1
            for m in _LIST_STOP.finditer(s, 0, run[0].start)
            if not any(n.start <= m.start() < n.end for n in mentions)
        ),
        default=0,
    )
    names = [m for m in mentions if lo <= m.start and m.end <= run[0].start]
    if len(names) < len(run):
        return None
    names = names[-len(run) :]
    if (
        len({frozenset(pid for pid, _ in m.rows) for m in names}) != len(names)
        or any(a.end > b.start for a, b in zip(names, names[1:]))
        or any(names[0].start <= x.start < run[0].start for x in nums)
    ):
        return None  # a number between: "on AIME (79.8 vs 79.2) and MATH (97.3 vs
        # 96.4)" names one row per pair, not two
    return names[place]


#: what ends the stretch of a sentence whose names a list of values is given to
_LIST_STOP = re.compile(r"\. |;")


def _clause_start(s: str, at: int) -> int:
    brk = [m.end() for m in _CLAUSE_BREAK.finditer(s[:at])]
    return brk[-1] if brk else 0


def _holds(e: Entry, c: NumberCheck) -> list[float]:
    return [cell.x for cell in e.cells if same_value(c.quantity, cell.quantity)]


def _located(index: EvidenceIndex, c: NumberCheck) -> tuple[int, Entry] | None:
    """The table row the number was read from: its hit when that is a row holding it, else
    a row holding it inside the hit's text span (a line or window that runs over rows)."""
    h = c.hit
    if h is None:
        return None
    if h.entry.kind == "row":
        return (h.pid, h.entry) if _holds(h.entry, c) else None
    inside = [
        (pid, index.entries[pid])
        for pid in index.rows_by_page.get(h.entry.page, [])
        if index.entries[pid].start < h.entry.end
        and h.entry.start < index.entries[pid].end
        and _holds(index.entries[pid], c)
    ]
    if not inside:
        return None
    # the row's value must be the one the passage gives (not prose beside the table)
    return min(inside, key=lambda r: r[1].end - r[1].start)


def _clause_terms(text: str, start: int, end: int, width: int = 60) -> set[str]:
    lo, hi = max(0, start - width), min(len(text), end + width)
    return {t for t in content_terms(fold(text)[lo:hi]) if not is_numeric(t)}


def _heads_name(index: EvidenceIndex, e: Entry, m: Mention) -> bool:
    """True if the entity's key words head a column of ``e``'s table (a header of a few
    words: the words above a table without a header row are prose, not a header)."""
    heads = column_headers(e, index.pages.get(e.page))
    return any(
        sum(not is_numeric(t) for t in heads[i]) <= 8 for i in columns_naming(sorted(m.key), heads)
    )


def check_row_binding(text: str, index: EvidenceIndex, hits: list[Hit], found: Findings) -> None:
    """Hold each found table number to the row of the entity its sentence gives it to
    (module docstring, step 3): may set a NumberCheck to ``conflict`` (C1, the entity's
    cell as correction), to ``misbound`` (``why`` says which row holds it), or move its
    hit to the entity's own row.

    Args: text: the sentence. index: the paper's evidence index. hits: the sentence's
          passages, best first. found: the number checks of ``check_numbers``.
    Raises: nothing.
    """
    checks = [
        c
        for c in found.numbers
        if (
            c.status in (NumberStatus.FOUND, NumberStatus.FOUND_FAR)
            # a conflict read in a row, or in the text lines of a table (a window over
            # its rows): the row of the entity the sentence names may say otherwise
            or (c.status == NumberStatus.CONFLICT and c.hit is not None)
        )
        and c.quantity.bound is None
        and c.quantity.kind in ("number", "percent")
    ]
    if not checks or _stated_in_prose(text, hits, found):
        return
    pages = {h.entry.page for h in hits[:5]} | {
        c.hit.entry.page for c in checks if c.hit is not None
    }
    rows = _rows(index, pages)
    if not rows:
        return
    mentions = named_rows(text, rows)
    if not mentions:
        return
    bound: list[tuple[NumberCheck, Mention]] = []
    for c in checks:
        if _POINTER.search(text[: c.quantity.start]):
            continue  # "Additional file 2", "Table 3": no value
        m = bind(text, c.quantity.start, c.quantity.end, mentions)
        if m is not None:
            bound.append((c, m))
    # the cells of the numbers their own entity's row holds: the columns the sentence reads
    anchors = [
        (e, x)
        for c, m in bound
        if c.status != NumberStatus.CONFLICT
        for _, e in m.rows
        for x in _holds(e, c)
    ]
    values = [c.quantity for c in found.numbers]
    for c, m in bound:
        own = [(pid, e) for pid, e in m.rows if _holds(e, c)]
        if c.status == NumberStatus.CONFLICT:
            if not own:  # another checker's cell: the column the sentence reads wins
                _in_anchor_column(text, m, c, anchors)
            continue
        if not own:
            own = _variant_holding(text, mentions, m, c)
        if own:
            if c.hit is None or c.hit.pid not in {pid for pid, _ in own}:
                page = c.hit.entry.page if c.hit is not None else None
                pid, e = min(own, key=lambda r: r[1].page != page)
                c.status, c.hit = NumberStatus.FOUND, Hit(e, pid, 1.0)
            continue
        if any(
            _heads_name(index, e, m)
            for other in mentions
            if other.key != m.key
            for _, e in other.rows
            if _holds(e, c)
        ):
            # "Model-7B reaches 92.8 for MATH-500": the Model-7B row holds the value and
            # MATH-500 heads a column of its table (a MATH-500 row elsewhere is of a
            # table with models as columns); that column is check_columns' to check
            continue
        if not (_exchanged(m, c, bound) or _in_anchor_column(text, m, c, anchors)):
            _rebind(text, index, rows, m, c, values)


#: Numbers a prose passage may hold, and content words it holds at least, to be prose and
#: not the text lines of a table.
_PROSE_NUMBERS = 3
_PROSE_WORDS = 6
#: The share of the sentence's content terms a passage holds to state it.
_PROSE_SHARE = 0.6


def _stated_in_prose(text: str, hits: list[Hit], found: Findings) -> bool:
    """Whether one prose passage among the sentence's best five states the sentence's
    numbers, two or more ("increases from 16% to 71%" against "increases from 15.6% to
    71.0%"): it holds every checkable number of the sentence, in the sentence's order,
    and most of its words (``_PROSE_SHARE`` of its content terms). The values are then
    read where the paper states them, and a table row elsewhere that holds one of them
    (or a value within its rounding) rebinds none of them."""
    qs = [
        c.quantity
        for c in found.numbers
        if c.quantity.checkable and c.quantity.kind in ("number", "percent")
    ]
    if len(qs) < 2:
        return False
    qs.sort(key=lambda q: q.start)
    words = {t for t in content_terms(text) if not is_numeric(t)}
    for h in hits[:5]:
        e = h.entry
        if e.kind == "row" or e.cells:
            continue
        held = [x for x in e.quantities if x.checkable]
        shared = words & set(e.terms)
        if (
            len(held) > _PROSE_NUMBERS
            or sum(1 for t in e.terms if not is_numeric(t)) < _PROSE_WORDS
            or len(shared) < _PROSE_SHARE * len(words)
        ):
            continue  # text lines over a table's rows ("REL 83.64 84.59"), or another topic
        at = [next((x.start for x in held if same_value(q, x)), -1) for q in qs]
        if -1 not in at and at == sorted(at):
            return True
    return False


def _exchanged(m: Mention, c: NumberCheck, bound: list[tuple[NumberCheck, Mention]]) -> bool:
    """Two values given to each other's rows ("A and B reach y and x, respectively" where,
    in one column, A's row holds x and B's row y): ``c``'s value sits in the row of the
    entity another number ``o`` of the sentence is given to, and ``c``'s entity holds
    ``o``'s value in that very column; ``o``'s value is the correction (C1), wherever
    else the table repeats ``c``'s value. True when set."""
    mine = {pid for pid, _ in m.rows}
    for o, mo in bound:
        if o is c or mine & {pid for pid, _ in mo.rows}:
            continue
        for _, orow in mo.rows:
            for x in _holds(orow, c):
                for pid, row in m.rows:
                    target = cell_near(row, x, 8.0) if same_table(orow, row) else None
                    if target is not None and same_value(o.quantity, target.quantity):
                        c.status, c.hit = NumberStatus.CONFLICT, Hit(row, pid, 1.0)
                        c.correction, c.why = target.quantity, ""
                        return True
    return False


def _alike(a: Entry, b: Entry) -> bool:
    """Two rows of one table with as many cells (one may lack a value, "-")."""
    return same_table(a, b) and abs(len(a.cells) - len(b.cells)) <= 1


def _readable(q: Quantity, e: Quantity) -> bool:
    """Could cell value ``e`` be what a sentence bound to its row and column says as ``q``:
    another checkable value of the same sign, no reference, year or rank. Looser than
    :func:`plausible`: the binding, not the size of the value, says which cell is meant."""
    return (
        e.checkable
        and not same_value(q, e)
        and e.kind not in ("ref", "year", "rank")
        and (q.value < 0) == (e.value < 0)
    )


def _in_anchor_column(
    text: str, m: Mention, c: NumberCheck, anchors: list[tuple[Entry, float]]
) -> bool:
    """A value its entity's rows do not hold, beside a value of the sentence that another
    row of the same table holds for its own entity ("For A, the value is x; for B, it is
    y", "A scores x, compared with y for B"): the two are read in one column, so the
    entity's cell under the other value is the paper's value (C1). True when set."""
    q = c.quantity
    for arow, ax in anchors:
        cands = [
            (pid, row, target)
            for pid, row in m.rows
            if row is not arow and _alike(arow, row)
            for target in [cell_near(row, ax, 8.0)]
            if target is not None and _readable(q, target.quantity)
        ]
        if cands:
            c.why = ""
            _correct(text, c, m, cands)
            return True
    return False


def _correct(text: str, c: NumberCheck, m: Mention, cands: list[tuple[int, Entry, Cell]]) -> None:
    """``c`` is not the value of its entity's rows: with one value among the cells
    ``cands`` (row id, row, cell) of those rows, that value is the correction (C1); with
    several (one name for rows of several groups, "REL" under two data sets) the sentence
    does not say which row it means: contradicted with no correction (``refuted``)."""
    pid, row, target = cands[0]
    c.status, c.hit, c.correction = NumberStatus.CONFLICT, Hit(row, pid, 1.0), target.quantity
    if any(not same_value(target.quantity, t.quantity) for _, _, t in cands[1:]):
        c.status, c.correction = NumberStatus.REFUTED, None
        given = ", ".join(dict.fromkeys(t.quantity.text for _, _, t in cands))
        c.why = (
            f"{c.quantity.text} is in none of the rows '{text[m.start : m.end]}' names on "
            f"page {row.page}; they give {given}"
        )


def _rows(index: EvidenceIndex, pages: set[int]) -> list[tuple[int, Entry]]:
    """The table rows (two cells or more) of ``pages``, one per printed line and label
    (a row and its first piece are one row: the widest is kept)."""
    widest: dict[tuple[int, int, str], tuple[int, Entry]] = {}
    for p in sorted(pages):
        for pid in index.rows_by_page.get(p, []):
            e = index.entries[pid]
            if len(e.cells) < 2:
                continue
            line = (e.page, round(e.rects[0].y0) if e.rects else -1, row_label(e))
            held = widest.get(line)
            if held is None or len(e.cells) > len(held[1].cells):
                widest[line] = (pid, e)
    return list(widest.values())


def _rebind(
    text: str,
    index: EvidenceIndex,
    rows: list[tuple[int, Entry]],
    m: Mention,
    c: NumberCheck,
    values: Sequence[Quantity] = (),
) -> None:
    """The entity's rows do not hold ``c``'s value: correct it from the entity's cell in
    the column the value sits in (:func:`_in_holder_column`), else in the column its
    clause names (:func:`_in_header_column`), or mark it misbound."""
    own_pids = {pid for pid, _ in m.rows}
    where = _located(index, c)
    if where is not None and _heads_name(index, where[1], m):
        return  # read under the entity's own column header
    if _in_holder_column(text, index, rows, m, c, values):
        return
    if c.status == NumberStatus.FOUND_FAR:
        where = _only_in_rows(index, c)  # found far away: only as another row's cell?
    if where is None or where[0] in own_pids:
        return  # prose
    lpid, loc = where
    if not _heads_name(index, loc, m):
        _in_header_column(text, index, m, c, lpid, loc)


def _in_holder_column(
    text: str,
    index: EvidenceIndex,
    rows: list[tuple[int, Entry]],
    m: Mention,
    c: NumberCheck,
    values: Sequence[Quantity],
) -> bool:
    """The entity's cell in the column where another row of its table holds ``c``'s value
    is the correction (:func:`_correct`; a cell that is another of the sentence's
    ``values`` whatever its size, two values exchanged: "A and B reach 5170 and 5.61,
    respectively"); the value in two columns, or no such cell: misbound. True when
    settled (also when the entity heads a column: no row entity)."""
    q = c.quantity
    own_pids = {pid for pid, _ in m.rows}
    tables = []
    for pid, row in m.rows:
        holders = [
            (hp, he, x)
            for hp, he in rows
            if hp not in own_pids and same_table(he, row)
            for x in _holds(he, c)
        ]
        # rows with as many cells as the entity's: the same table, not one printed near it
        holders = [h for h in holders if _alike(h[1], row)] or holders
        if holders:
            dy = min(abs(he.rects[0].y0 - row.rects[0].y0) for _, he, _ in holders)
            tables.append((dy, pid, row, holders))
    # the entity's row nearest a row holding the value (the same model in two tables)
    for _, pid, row, holders in sorted(tables, key=lambda t: t[0]):
        if _heads_name(index, row, m):
            return True  # the entity heads a column: not a row entity
        xs = [x for *_, x in holders]
        if max(xs) - min(xs) > 15.0:
            continue  # the value sits in two columns
        target = cell_near(row, xs[0])
        if (
            target is not None
            and not same_value(q, target.quantity)
            and (
                plausible(q, target.quantity)
                or (
                    _readable(q, target.quantity)
                    and any(v is not q and same_value(v, target.quantity) for v in values)
                )
            )
        ):
            # the entity's other rows of this table, read in the same column
            peers = [
                (p2, r2, t2)
                for _, p2, r2, _ in tables
                if p2 != pid and _alike(r2, row)
                for t2 in [cell_near(r2, xs[0])]
                if t2 is not None and _readable(q, t2.quantity)
            ]
            _correct(text, c, m, [(pid, row, target), *peers])
        else:
            _misbound(c, holders[0][0], holders[0][1], m)
        return True
    return False


def _in_header_column(
    text: str, index: EvidenceIndex, m: Mention, c: NumberCheck, lpid: int, loc: Entry
) -> None:
    """The value was read from another table's row ``loc`` (id ``lpid``) or is written
    only as such a cell: the entity's cell under the column header its clause names
    ("average" -> "Avg.") of the same precision is the correction (:func:`_correct`, with
    the entity's other rows of that table); else misbound."""
    q = c.quantity
    clause = _clause_terms(text, q.start, q.end)
    cands = []
    for pid, row in m.rows:
        col = header_column(column_headers(row, index.pages.get(row.page)), clause)
        if col is None:
            continue
        target = row.cells[col]
        if (
            not same_value(q, target.quantity)
            and plausible(q, target.quantity)
            and target.quantity.decimals == q.decimals
        ):
            cands.append((pid, row, target))
    if cands:
        first = cands[0][1]
        _correct(text, c, m, [x for x in cands if x[1] is first or _alike(x[1], first)])
    else:
        _misbound(c, lpid, loc, m)


def _only_in_rows(index: EvidenceIndex, c: NumberCheck) -> tuple[int, Entry] | None:
    """The table row holding the number when every place the paper writes its value is a
    cell of a table row (then the value belongs to that row's entity); None when it is
    also written in prose, or nowhere."""
    first: tuple[int, Entry] | None = None
    for page, qs in index.page_quantities.items():
        for e in qs:
            if not same_value(c.quantity, e):
                continue
            row = next(
                (
                    (pid, index.entries[pid])
                    for pid in index.rows_by_page.get(page, [])
                    if index.entries[pid].start <= e.start < index.entries[pid].end
                    and _holds(index.entries[pid], c)
                ),
                None,
            )
            if row is None:
                return None
            first = first or row
    return first


def _misbound(c: NumberCheck, pid: int, loc: Entry, m: Mention) -> None:
    key = row_key(loc)
    label = key.label if key is not None and re.search(r"[^\W\d_]", key.label) else ""
    c.status, c.hit = NumberStatus.MISBOUND, Hit(loc, pid, 1.0)
    row = f"the row '{label}'" if label else "another row of the table"
    c.why = f"{c.quantity.text} is in {row} on page {loc.page}, not in the row of '{m.label}'"


def check_variant_rows(text: str, found: Findings) -> None:
    """Mark misbound (N1) a number found in a variant row of a table (an ablation "- X",
    "w/o X", "No X"; an addition "+ X", "w/ X") when the sentence ``text`` writes the
    row's words the other way: "training with hard negatives gives 78.4" where 78.4 is in
    the row "No hard negatives" (the value of the model without them); "without venue
    information the average is 79.9" against "+ venue". The value is the other
    condition's. A sentence whose numbers were found in several rows (a comparison of
    rows), or that leaves anything out another way ("... over the 78.4 without them"),
    is left alone for an ablation row. Changes ``found``."""
    rows = [c for c in found.numbers if c.status == NumberStatus.FOUND and _in_row(c)]
    if len({c.hit.pid for c in rows if c.hit is not None}) != 1:
        return
    toks = _terms(text)
    terms = {t for t, _, _, _ in toks}
    for c in rows:
        assert c.hit is not None
        pid, e = c.hit.pid, c.hit.entry
        k = row_key(e)
        if k is None or k.op == "" or not k.key <= terms or named_rows(text, [(pid, e)]):
            continue
        if k.op == "remove" and _REMOVE_ANYWHERE.search(text):
            continue
        if k.op == "add" and not _removed_before(text, toks, k.key):
            continue  # "+ venue" against a sentence that does not leave the venue out
        c.status, c.correction = NumberStatus.MISBOUND, None
        how = "leaves out" if k.op == "remove" else "adds"
        c.why = (
            f"{c.quantity.text} is in the row '{k.label}' on page {e.page}, which {how} "
            f"what the sentence {'states' if k.op == 'remove' else 'leaves out'}"
        )


#: what makes two names two items ("SPECTER and No hard negatives", "A than B")
_COORDINATED = re.compile(r"\b(?:and|or|vs|versus|than|nor)\b|[;&]", re.I)


def _variant_holding(
    text: str, mentions: Sequence[Mention], m: Mention, c: NumberCheck
) -> list[tuple[int, Entry]]:
    """The rows of a variant ``text`` names before the entity ``m`` (an ablation or
    addition row: "without the abstract"), in ``m``'s table, that hold ``c``'s value: the
    sentence gives the value to the entity so changed ("Without the abstract, SPECTER
    averages 68.1", the row "- abstract" of SPECTER's table). Empty when there is none,
    or when the two are items of a list ("A and B reach x and y, respectively")."""
    if "respectively" in text.lower():
        return []
    return [
        (pid, e)
        for v in mentions
        if v.key != m.key and v.end <= m.start and not _COORDINATED.search(text, v.end, m.start)
        for pid, e in v.rows
        if (k := row_key(e)) is not None
        and k.op
        and _holds(e, c)
        and any(same_table(e, base) for _, base in m.rows)
    ]


def _removed_before(text: str, toks: list[tuple[str, int, int, str]], key: frozenset[str]) -> bool:
    """True if a word that leaves a thing out stands right before the first word of ``key``
    in ``text`` (``toks``: its :func:`_terms`), as it names an ablation row."""
    a = min((start for t, start, _, _ in toks if t in key), default=None)
    return a is not None and _REMOVE_WORD.search(text[max(0, a - 40) : a]) is not None


def _in_row(c: NumberCheck) -> bool:
    return c.hit is not None and c.hit.entry.kind == "row"


__all__ = [
    "Mention",
    "RowKey",
    "bind",
    "check_row_binding",
    "check_variant_rows",
    "group_label",
    "named_rows",
    "row_key",
]
