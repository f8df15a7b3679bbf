"""Split an answer into sentences with exact character offsets.

``split_sentences(answer)`` returns :class:`grounding.types.Sentence` values whose
``text == answer[start:end]``; nothing is rewritten. What lies between sentences (the
*gaps*) is only whitespace, list and heading markers at the start of a line (``"- "``,
``"* "``, ``"1. "``, ``"2) "``, ``"### "``, ``"> "``), and pieces with no letter or digit
(e.g. a ``---`` rule), so sentences plus gaps reproduce the answer exactly.

Rules, from the gold splits of GroundQA dev (``annotations[].sentence`` against
``answer_raw``) and public bug reports of sentence splitters
("et al." before a year, rewritten text, markers next to periods, list markers):

- A newline always ends a sentence; a line is never joined to the next one.
- Inside a line a sentence ends at ``.``, ``?`` or ``!`` (runs of them, e.g. ``...``) that
  is followed by whitespace and a sentence start (capital letter, digit, quote, bracket,
  markdown emphasis or code; after an ellipsis only a capital letter), or by a capitalised
  word with no space (``effect.The``). The full-width ``。``, ``！`` and ``？`` of Chinese
  and Japanese text always end one, with or without a space after them.
  Closing quotes, brackets and emphasis right after the mark stay with the sentence
  (``**User activity.**`` is a sentence of its own) and so does a citation bracket glued to
  it (``reports.[12]``).
- No break after scientific abbreviations (``et al.`` before a year or bracket, ``e.g.``,
  ``i.e.``, ``vs.``, ``cf.``, ``Fig.``, ``Figs.``, ``Eq.``, ``Sec.``, ``Tab.``, ``No.`` before
  a number, ``approx.``, ...), initials (``P. C. Peters``), decimals (``91.5``), or dots
  inside URLs and domains (``arxiv.org``).
- Taxonomic abbreviations (``sp.``, ``spp.``, ``subsp.``, ``var.``, ``pv.``, ``str.``,
  ``substr.``) end a sentence only before a capitalised ordinary word (``a Bacillus sp. The
  strain``), never before a strain designation (``str. K-12``); German days and ordinals
  (``am 5. Juni``, ``der 2. Sohn``) do not end one.
- A capital letter right after a number is a unit symbol, not an initial: ``300 K.``,
  ``2 M.``, ``3 T.`` end a sentence before a capitalised word; ``U.S.`` ends one
  before a capitalised word but not before an acronym (``the U.S. FDA``).
- After a ``References`` / ``Bibliography`` title line, each line is one sentence (an entry),
  until the next markdown heading. A footnote-style reference list with no title (the
  answer ends with lines that each start with a bracketed number, ``[1] Cohan et al.
  2020. SPECTER: ... ACL.``) is read the same way: each of its lines is one entry.

Gold data caveat: in one dev row (lavis-2022__q03) the annotators kept a reference entry's
leading ``"- "`` inside the sentence; everywhere else list markers are gaps, and this
splitter always treats them as gaps.
"""

from __future__ import annotations

import re

from annotations.errors import InputError
from grounding.lexicon.words import term_abbreviations
from grounding.types import Sentence

__all__ = [
    "has_words",
    "is_heading",
    "is_question",
    "is_table_header",
    "reference_list_spans",
    "sentence_spans",
    "split_sentences",
]

#: List and heading markers at the start of a line (after indentation); they are gaps.
_MARKER = re.compile(r"(?:[-*+\u2022\u2013]|\d{1,3}[.)]|\(?[a-z][.)]|#{1,6}|>)[ \t]+")
_ALNUM = re.compile(r"\w", re.UNICODE)
_REF_TITLE = re.compile(
    r"^(?:\*\*|__|#{1,6}\s*)?\s*(?:references?|bibliography|works cited|sources|"
    r"reference list|citations)\s*:?\s*(?:\*\*|__)?\s*:?\s*$",
    re.IGNORECASE,
)
_BOLD_LINE = re.compile(r"^(?:\*\*[^*]+\*\*|__[^_]+__)\s*:?$")
#: A footnote-style reference-list line: "[1] Author. Title. Venue." or "[2]: https://...".
_NUMBERED_ENTRY = re.compile(r"\[\d{1,3}\]:?[ \t]+\S")

#: Abbreviations after which a period never ends a sentence (lower-cased, without the dot).
_NEVER_END = frozenset(
    {
        "e.g",
        "i.e",
        "eg",
        "ie",
        "vs",
        "cf",
        "fig",
        "figs",
        "eq",
        "eqs",
        "approx",
        "sec",
        "secs",
        "tab",
        "tabs",
        "ref",
        "refs",
        "resp",
        "dr",
        "mr",
        "mrs",
        "ms",
        "prof",
        "vol",
        "vols",
        "pp",
        "ch",
        "chap",
        "appx",
        "suppl",
        "supp",
        "ca",
        "viz",
        "incl",
        "esp",
        "dept",
        "univ",
        "w.r.t",
        "a.k.a",
        "wrt",
        "aka",
        "sect",
        "eqn",
        "eqns",
        "thm",
        "alg",
        "mt",
        "st",
        "cv",  # cultivar: its name is capitalised ('Vitis vinifera cv. Merlot')
    }
)
#: Abbreviations that end a sentence only before a capital letter (``etc.``, ``U.S.``);
#: ``et al.`` has its own rule (:func:`_et_al_ends`).
_END_BEFORE_CAPITAL = frozenset({"etc", "u.s", "u.k", "e.u", "inc", "ltd", "corp"})
#: Abbreviations that are abbreviations only before a number (``No. 5``, ``p. 12``).
_BEFORE_NUMBER = frozenset({"no", "nos", "p", "art", "op", "nr", "rs"})
#: Taxonomic rank and strain abbreviations (``Streptomyces sp.``, ``E. coli str. K-12
#: substr. MG1655``, ``Pseudomonas syringae pv. tomato``): a sentence ends after one only
#: before a capitalised ordinary word (``... a Bacillus sp. The strain ...``), never before a
#: strain, isolate or culture-collection designation (``sp. ATCC 1234``, ``str. K-12``).
_TAXON_RANKS = frozenset(
    {
        "sp",
        "spp",
        "ssp",
        "subsp",
        "var",
        "pv",
        "pvs",
        "str",
        "substr",
        "bv",
        "sv",
        "gen",
        "nov",
        "emend",
        "comb",
        "aff",
        "cf",
    }
)
#: German month names: a day number and its period before one is a date (``am 5. Juni``).
_GERMAN_MONTHS = frozenset(
    {
        "januar",
        "jänner",
        "februar",
        "feber",
        "märz",
        "april",
        "mai",
        "juni",
        "juli",
        "august",
        "september",
        "oktober",
        "november",
        "dezember",
        "jan",
        "feb",
        "mär",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "okt",
        "nov",
        "dez",
    }
)
#: German words after which a number and a period are an ordinal (``der 2. Sohn``,
#: ``im 3. Quartal``, ``zum 1. Mal``): articles and prepositions that take a dative or
#: genitive ordinal.
_GERMAN_ORDINAL_BEFORE = frozenset(
    {
        "am",
        "im",
        "vom",
        "zum",
        "zur",
        "beim",
        "der",
        "die",
        "das",
        "den",
        "dem",
        "des",
        "ein",
        "eine",
        "einer",
        "einem",
        "einen",
        "eines",
        "bis",
        "ab",
        "seit",
        "dieser",
        "diese",
        "dieses",
        "diesem",
        "diesen",
        "jeder",
        "jede",
        "jedes",
        "jedem",
        "jeden",
        "ihr",
        "ihre",
        "ihrem",
        "ihren",
        "sein",
        "seine",
        "seinem",
        "seinen",
        "unser",
        "unsere",
        "unserem",
        "unseren",
        "vor",
        "nach",
        "zwischen",
        "und",
    }
)

_CLOSERS = "\"'\u201d\u2019)]}*_`"
_CITATION = re.compile(r"\[[\d\s,;\u2013\u2014\-]+\]|\(\d{1,3}(?:[,\u2013\-]\d{1,3})*\)")
_OPENERS = "\"'\u201c\u2018([{*_`"


_HEADING_PREFIX = re.compile(r"[ \t]*#{1,6}[ \t]+")


def is_heading(answer: str, sentence: Sentence) -> bool:
    """True if ``sentence`` (a span of ``answer``) is a markdown heading: its line starts
    with ``#`` to ``######`` and a space right before it (the marker is a gap, so the
    sentence text itself does not show it)."""
    line_start = answer.rfind("\n", 0, sentence.start) + 1
    return _HEADING_PREFIX.fullmatch(answer, line_start, sentence.start) is not None


#: A markdown table's delimiter row: "|---|:---:|", "--- | ---" (cells of dashes and colons).
_TABLE_DELIMITER = re.compile(r"[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?[ \t]*)?")


def is_table_header(answer: str, sentence: Sentence) -> bool:
    """True if ``sentence`` (a span of ``answer``) is the header row of a markdown table:
    its line holds ``|`` cells and the next line is the table's delimiter row
    (``|---|---|``). Rows below the delimiter hold values and are claims."""
    line_start = answer.rfind("\n", 0, sentence.start) + 1
    line_end = answer.find("\n", sentence.end)
    if line_end < 0 or "|" not in answer[line_start:line_end]:
        return False
    next_end = answer.find("\n", line_end + 1)
    next_line = answer[line_end + 1 : None if next_end < 0 else next_end].rstrip()
    return _TABLE_DELIMITER.fullmatch(next_line) is not None


def is_question(sentence: Sentence) -> bool:
    """True if ``sentence`` is a question: it ends with ``?`` (before closing markdown
    emphasis only), as a restated question or a rhetorical one ("**Do hard negatives
    matter?**") does; a question asserts nothing. A quoted question ends with its quote
    (``The authors ask "does it help?"``): reported speech, not a question."""
    return sentence.text.rstrip("*_ \t").endswith(("?", "\uff1f"))


def split_sentences(answer: str) -> list[Sentence]:
    """Split ``answer`` into sentences, in order, with exact offsets.

    Args: answer: the answer text, any string (markdown lists, headings, reference lists).
    Returns: Sentence(index, start, end, text) per sentence, ``text == answer[start:end]``,
        ``index`` 0-based (``.id`` gives ``"S1"``...); ``[]`` for blank text. Sentences never
        start or end with whitespace and never overlap.
    Raises: InputError if ``answer`` is not a str.
    """
    if not isinstance(answer, str):
        raise InputError(f"answer must be str, not {type(answer).__name__}")
    return [Sentence(i, s, e, answer[s:e]) for i, (s, e) in enumerate(sentence_spans(answer))]


def sentence_spans(answer: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` character offsets of each sentence (end exclusive)."""
    return [(a, b) for a, b, _ in _spans(answer)]


def reference_list_spans(answer: str) -> frozenset[tuple[int, int]]:
    """The ``(start, end)`` offsets of the sentences of ``answer`` that belong to a
    reference list: a ``References`` / ``Bibliography`` title line and the entries after
    it, or the lines of a titleless ``[n]`` list closing the answer."""
    return frozenset((a, b) for a, b, entry in _spans(answer) if entry)


def _spans(answer: str) -> list[tuple[int, int, bool]]:
    """``(start, end, in a reference list)`` of each sentence, in order."""
    spans: list[tuple[int, int, bool]] = []
    in_refs = False
    entries_from = _trailing_entries(answer)
    pos = 0
    n = len(answer)
    while pos <= n:
        nl = answer.find("\n", pos)
        line_end = n if nl < 0 else nl
        start, end, marker = _line_content(answer, pos, line_end)
        if start < end:
            content = answer[start:end]
            heading = marker.startswith("#") or bool(_BOLD_LINE.match(content))
            if in_refs and heading and not _REF_TITLE.match(content):
                in_refs = False
            if _REF_TITLE.match(content):
                in_refs = True
                spans.append((start, end, True))
            elif in_refs or start >= entries_from:
                spans.append((start, end, True))
            else:
                for a, b in _split_line(content):
                    spans.append((start + a, start + b, False))
        if nl < 0:
            break
        pos = nl + 1
    return [(a, b, e) for a, b, e in spans if _ALNUM.search(answer, a, b)]


def _trailing_entries(answer: str) -> int:
    """Where a titleless footnote-style reference list closing ``answer`` starts: the
    offset of the first of the trailing lines that all start with ``[n]`` (blank lines
    between them allowed), after at least one line of other text; ``len(answer) + 1``
    when the answer does not end with such lines."""
    start = len(answer) + 1
    end = len(answer)
    while end > 0:
        line_start = answer.rfind("\n", 0, end) + 1
        line = answer[line_start:end].strip()
        if line and not _NUMBERED_ENTRY.match(line):
            return start  # the body text the entries close
        if line:
            start = line_start
        end = line_start - 1
    return len(answer) + 1  # nothing but entries: no body text for them to close


def _line_content(text: str, start: int, end: int) -> tuple[int, int, str]:
    """The line without indentation, one leading list/heading marker and trailing space.

    Returns (start, end, marker): offsets of the content and the marker removed ("" if none).
    """
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    m = _MARKER.match(text, start, end)
    marker = ""
    if m and m.end() < end:
        marker = m.group(0)
        start = m.end()
        while start < end and text[start].isspace():
            start += 1
    return start, end, marker


#: What ends a sentence inside a line: the Latin terminators (whether they do is decided by
#: :func:`_is_boundary`) and the full-width ones of Chinese and Japanese text, which always
#: do and take no space after them ("结果很好。模型更快。")
_FULL_WIDTH_END = frozenset("\u3002\uff01\uff1f")
_TERMINATORS = frozenset(".?!\u2026") | _FULL_WIDTH_END


def _split_line(line: str) -> list[tuple[int, int]]:
    """Sentence spans within one line (offsets into ``line``, which has no newline)."""
    spans: list[tuple[int, int]] = []
    begin = 0
    i = 0
    n = len(line)
    while i < n:
        ch = line[i]
        if ch not in _TERMINATORS:
            i += 1
            continue
        j = i + 1
        while j < n and line[j] in _TERMINATORS:
            j += 1
        k = j
        while k < n and line[k] in _CLOSERS:
            k += 1
        m = _CITATION.match(line, k)
        if m and m.group(0).startswith("["):
            k = m.end()
        if k >= n:
            break
        if _FULL_WIDTH_END.intersection(line[i:j]) or _is_boundary(line, i, j, k):
            spans.append((begin, k))
            b = k
            while b < n and line[b].isspace():
                b += 1
            begin = b
            i = b
        else:
            i = j
    if begin < n:
        spans.append((begin, n))
    return [(a, _rstrip(line, a, b)) for a, b in spans if _rstrip(line, a, b) > a]


def _rstrip(line: str, a: int, b: int) -> int:
    while b > a and line[b - 1].isspace():
        b -= 1
    return b


def _is_boundary(line: str, i: int, j: int, k: int) -> bool:
    """Whether the terminator run ``line[i:j]`` (closers up to ``k``) ends a sentence."""
    n = len(line)
    single_dot = j - i == 1 and line[i] == "."
    if not line[k].isspace():
        # Missing space: only "word.Capitalised" (effect.The), never inside URLs/domains.
        if k != j or not (line[i] in ".?!" and k + 1 < n):
            return False
        if not (line[k].isupper() and line[k + 1].islower()):
            return False
        word = _word_before(line, i)
        if "/" in word or "@" in word or "." in word:
            return False
        return len(word) >= 2 and word[-1].islower() and word.isalpha()
    nxt = k
    while nxt < n and line[nxt].isspace():
        nxt += 1
    if nxt >= n:
        return True
    c = line[nxt]
    if line[i:j] in ("\u2026", "...") and not c.isupper():
        return False  # an ellipsis ends a sentence only before a capital ("averages… 80.0")
    if single_dot and k == j:
        word = _word_before(line, i)
        low = word.lower().lstrip("([{\"'")
        if low in _NEVER_END or low.rstrip(".") in _NEVER_END:
            return False
        if low in _BEFORE_NUMBER and c.isdigit():
            return False
        if _is_et_al(line, i):
            return _et_al_ends(line, i, nxt)
        if low in _TAXON_RANKS:
            return _ordinary_capitalised(line, nxt)
        if word.isdigit() and len(word) <= 2 and _german_ordinal(line, i, nxt, word):
            return False
        if low in _END_BEFORE_CAPITAL:
            return c.isupper() and not _ACRONYM.match(line, nxt)
        if (
            _is_initial(word)
            and not _UNIT_AFTER_NUMBER.search(line, 0, i)
            and _initial_continues(line, nxt, i)
        ):
            return False
    if c.islower() and not _term_opens(line, i, nxt):
        return False
    return _starts_sentence(line, nxt)


#: Abbreviations a lower-case term continues the sentence after ("at max. pH 4").
_TERM_ABBREVIATIONS = term_abbreviations()


def _term_opens(line: str, i: int, nxt: int) -> bool:
    """Whether a lower-case term at ``nxt`` ("pH", "mRNA") may open a sentence after the
    terminator at ``i``: not after an abbreviation of :data:`_TERM_ABBREVIATIONS` ("at
    max. pH"), nor inside parentheses opened in the sentence ("(approx. 5 mM. pH 7)",
    "(i.v. mRNA injection)")."""
    if _word_before(line, i).lower().lstrip("([{\"'") in _TERM_ABBREVIATIONS:
        return False
    before = line[max(0, i - 200) : i]
    return before.count("(") <= before.count(")")


def _word_before(line: str, i: int) -> str:
    """The token that ends right before position ``i`` (back to whitespace or an opener)."""
    a = i
    while a > 0 and not line[a - 1].isspace() and line[a - 1] not in "([{\"'\u201c":
        a -= 1
    return line[a:i]


def _ordinary_capitalised(line: str, nxt: int) -> bool:
    """Whether ``line[nxt:]`` starts with a capitalised ordinary word ('The', 'Strains'),
    not a designation with digits, capitals or hyphens ('K-12', 'ATCC', 'MG1655')."""
    return re.match(r"[A-Z][a-z\u00c0-\u024f]+(?![\w\-])", line[nxt:]) is not None


def _german_ordinal(line: str, i: int, nxt: int, number: str) -> bool:
    """Whether the 1-2 digit ``number`` ending at ``line[i]`` (a period) is a German day or
    ordinal: a day number (1-31) before a month name (``5. Juni``, ``3. März 2020``), or a
    number after an article or preposition (``am 5.``, ``der 2. Sohn``) before a
    capitalised word."""
    m = re.match(r"[^\W\d_]+", line[nxt:])
    if m is None or not m.group().istitle():
        return False
    if m.group().lower().rstrip(".") in _GERMAN_MONTHS and 1 <= int(number) <= 31:
        return True
    before = line[: i - len(number)].split()
    return bool(before) and before[-1].lower() in _GERMAN_ORDINAL_BEFORE


def _is_et_al(line: str, i: int) -> bool:
    return line[max(0, i - 6) : i].lower().endswith("et al")


def _et_al_ends(line: str, i: int, nxt: int) -> bool:
    """``et al.`` ends a sentence only before a capitalised ordinary word (``et al. The``).

    Not before a year or bracket (``et al. (2021)``, ``et al. [2004]``), a lower-case word,
    an acronym (``the Robson et al. LISA curve``), or when the citation is used as a
    modifier after an article (``the Lund et al. model``).
    """
    m = re.match(r"[A-Z][a-z\u00c0-\u024f'\-]+\b", line[nxt:])
    if not m:
        return False
    before = line[: i - len("et al")].rstrip()
    prev_words = before.split()[-3:-1] if len(before.split()) >= 2 else []
    return not any(w.lower() in ("the", "a", "an", "this", "that") for w in prev_words[-1:])


#: A number then one capital letter right before the period ("300 K.", "2 M.", "3 T."): a
#: unit symbol, not a name initial.
_UNIT_AFTER_NUMBER = re.compile(r"\d[ \t\u00a0\u2009\u202f]?[A-Z]$")
#: An all-caps acronym ("FDA", "NIH"): after "U.S." it is the name the abbreviation modifies.
_ACRONYM = re.compile(r"[A-Z]{2,}s?\b")


def _is_initial(word: str) -> bool:
    return len(word) == 1 and word.isupper()


#: Words that start sentences; after a capital letter and a period they mean a new sentence
#: ("... in condition A. The ..."), where a name means an initial ("J. Mathews").
_STARTERS = frozenset(
    """a an the this that these those it its in on at as by for from with
we they he she there here our their his her however but and or so thus then also both each
all most some many such while when where which what why how if although though because
since after before during finally overall yes no not only to of taken note see""".split()
)


def _initial_continues(line: str, nxt: int, i: int) -> bool:
    """Whether the single capital before ``line[i]`` is a name initial (``P. C. Peters``).

    True when another initial follows or precedes it, or when a capitalised word that is
    not a common sentence starter follows (``J. Mathews``).
    """
    if re.match(r"[A-Z]\.(?:\s|$|,)", line[nxt : nxt + 3]):
        return True
    if re.search(r"(?:^|\s)[A-Z]\.\s$", line[max(0, i - 5) : i - 1]):
        return True
    m = re.match(r"[A-Z][a-z]+\b", line[nxt:])
    return m is not None and m.group(0).lower() not in _STARTERS


#: A term written with a lower-case first letter that may open a sentence: a capital or
#: digit later in the word ("mRNA", "pH", "eGFP", "mTurquoise", "p53"), or one letter and
#: a hyphen ("p-values were ...", "t-tests showed ...", "m-Turquoise2 has ...").
_LOWER_START = re.compile(r"[a-zα-ω](?:[a-z]{0,3}[A-Z0-9]|-(?:[a-z]{3,}|[A-Z]))")


def _starts_sentence(line: str, nxt: int) -> bool:
    """Whether the text at ``nxt`` can begin a sentence: a capital, a digit, a letter of a
    script without case (Korean after ". ", Chinese), a term written in lower case."""
    c = line[nxt]
    if c.isupper() or c.isdigit() or _LOWER_START.match(line, nxt):
        return True
    if c.isalpha() and c.lower() == c.upper():
        return True
    if c in _OPENERS:
        rest = line[nxt : nxt + 8]
        if c in "([" and _CITATION.match(line, nxt):
            return False
        stripped = rest.lstrip(_OPENERS)
        return not stripped or stripped[0].isupper() or stripped[0].isdigit() or c in "*`"
    return False


def has_words(text: str) -> bool:
    """True when ``text`` holds a letter or a digit somewhere: an answer of spaces, line
    breaks, punctuation or invisible characters (zero-width space, soft hyphen, byte-order
    mark) has no sentence to check."""
    return any(ch.isalnum() for ch in text)
