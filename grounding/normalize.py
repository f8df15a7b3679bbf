"""Pure text normalisation for PDF-extracted text, with a map back to the raw characters.

Everything here is string in, string (plus offsets) out: no PDF library, no I/O. The PDF
reader (``grounding.pdf``) builds a page's raw text from PyMuPDF lines, runs
:func:`normalize_text` on it and uses :attr:`Normalized.source` to give every normalised
character the box of the raw character it came from.

What :func:`normalize_text` does, in order (sources: MMSciFact-style extraction faults,
ligatures and mis-encoded math fonts from public bug reports,
``shared/data/papers/index.json``):

1. Per character:
   - ligatures U+FB00-U+FB06, mathematical alphanumerics (U+1D400-U+1D7FF, e.g. '𝜋' -> 'π')
     and full-width ASCII (U+FF01-U+FF5E) are NFKC-folded ('ﬁ' -> 'fi');
   - a ligature followed by exactly one space and a lowercase letter is joined to it
     ('beneﬁ ciaries' -> 'beneficiaries'), except after whole words that end in a ligature
     ('oﬀ the', 'staﬀ members');
   - Unicode minus and hyphen variants (U+2212, U+2010-U+2012, U+2796, U+FE63, U+FF0D,
     U+02D7) become '-'; en and em dashes stay (ranges such as '0.5–0.6' are not negatives);
   - C0 and C1 control characters (PDF big delimiters come out as '\\x12', math-font
     brackets as '\\x8a'), zero-width characters and
     variation selectors (U+FE00-U+FE0F) are dropped; tab and Unicode spaces become ' ';
   - nothing else changes: '¼', '²' and '°' are kept (full NFKC would rewrite them), and
     words with a dropped 'f' ('dif erent', 'fnancial') are left as they are: repairing them
     is the matcher's job (fuzzy, character-level), not the normaliser's.
2. Per line ('\\n' separates lines): runs of spaces collapse to one, lines are stripped,
   empty lines are dropped.
3. Line joins: a line ending in a soft hyphen (U+00AD) is joined to the next; a line ending
   in ``letter-`` or ``letter -`` followed by a line starting with a lowercase letter is
   joined without the hyphen ('cor-\\npus' -> 'corpus'), unless the word already holds a
   hyphen ('state-of-the-\\nart' -> 'state-of-the-art'); ``alnum-`` followed by a line
   starting with a letter or digit is joined keeping the hyphen ('GPT-\\n4' -> 'GPT-4'), and
   so is a pair the caller knows as a real compound (``keep_hyphens``: 'non-\\npaper' ->
   'non-paper' when 'non-paper' occurs elsewhere in the document, or 'cost-\neffective'
   when 'costeffective' never does but 'cost' and 'effective' do: :func:`line_end_compounds`);
   a one-letter word before the hyphen is a locant or prefix and keeps it ('N-\nacetyl').
   Soft hyphens elsewhere are dropped.

The result is idempotent: ``normalize_text(n.text).text == n.text``.

:func:`normalize_with_sources` gives the same text and sources as ``(text, array('q'))``,
without an int object per character, for the PDF reader.

Also here, as pure helpers of the reader: :func:`hyphenated_pairs` (a document's in-line
compounds), :func:`is_page_number_line` (the reader drops such a line only at the page's
top or bottom edge, so a table cell holding a bare number stays), and the font-name
classifiers :func:`is_symbol_font` / :func:`is_known_text_font` with
:func:`map_symbol_font` (a mis-encoded math font: '¼' -> '=' and 'þ' -> '+' only in
math/symbol fonts).
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from array import array
from collections import Counter
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, chain, repeat
from operator import add

from grounding.lexicon.words import units

__all__ = [
    "DROPPED",
    "EXPONENT_UNITS",
    "MATH_FONT_GLYPHS",
    "PI_GLYPHS",
    "Normalized",
    "hyphenated_pairs",
    "is_known_text_font",
    "is_page_number_line",
    "is_symbol_font",
    "line_end_compounds",
    "map_symbol_font",
    "normalize_text",
    "normalize_with_sources",
    "read_superscript",
    "source_to_text_index",
]

_MINUS = frozenset("\u2212\u2010\u2011\u2012\u2796\ufe63\uff0d\u02d7")
_SPACES = frozenset(
    "\t\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u202f\u205f\u3000\x0b\x0c\x1c\x1d\x1e\x1f\x85"
)
_SOFT_HYPHEN = "\u00ad"
#: Every character step 1 may change; all others are copied in runs.
_SPECIAL = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u00a0\u00ad\u1680\u2000-\u200d\u202f\u205f\u3000\u2060"
    "\ufeff\ufe00-\ufe0f\u2212\u2010-\u2012\u2796\ufe63\uff0d\u02d7\ufb00-\ufb06"
    "\uff01-\uff5e\U0001d400-\U0001d7ff]"
)
_TOKEN = re.compile("[^ \n]+")
#: Whole words that legitimately end in a ligature: a following space is a real word break.
_LIGATURE_FINAL_WORDS = frozenset(
    {
        "staff",
        "stuff",
        "cliff",
        "diff",
        "tariff",
        "bluff",
        "sheriff",
        "plaintiff",
        "sniff",
        "scoff",
        "scruff",
        "gruff",
        "chaff",
        "riff",
        "buff",
        "cuff",
        "puff",
        "huff",
        "whiff",
        "jiff",
        "biff",
        "hifi",
        "scifi",
        "wifi",
    }
)


@dataclass(frozen=True, slots=True)
class Normalized:
    """A normalised string and where each of its characters came from.

    text: the normalised string. source: ``len(text)`` non-decreasing indices into the raw
    string; ``source[i]`` is the raw character that produced ``text[i]`` (for a folded
    ligature every output letter points at the ligature; for a collapsed space or line break
    at the first whitespace character of the run). raw_length: ``len(raw)``.
    """

    text: str
    source: tuple[int, ...]
    raw_length: int

    def to_source(self, start: int, end: int) -> tuple[int, int]:
        """Raw ``[start, end)`` covering normalised ``text[start:end]`` (end exclusive).

        An empty range maps to an empty raw range at the position of ``text[start]``.
        Raises IndexError if the range lies outside the text.
        """
        if not 0 <= start <= end <= len(self.text):
            raise IndexError(f"range [{start}, {end}) outside text of length {len(self.text)}")
        if start == end:
            pos = self.source[start] if start < len(self.source) else self.raw_length
            return pos, pos
        return self.source[start], self.source[end - 1] + 1

    def to_text(self, raw_pos: int) -> int:
        """The first normalised index whose source is ``>= raw_pos`` (``len(text)`` if none).

        A raw range ``[rs, re)`` therefore covers normalised ``[to_text(rs), to_text(re))``.
        """
        return bisect.bisect_left(self.source, raw_pos)


def source_to_text_index(source: tuple[int, ...] | list[int], raw_length: int) -> list[int]:
    """Inverse map for every raw position: ``raw_length + 1`` ints, entry r is the first
    normalised index whose source is ``>= r`` (see :meth:`Normalized.to_text`)."""
    return [bisect.bisect_left(source, r) for r in range(raw_length + 1)]


def _word_ends_here(text: str) -> bool:
    """True if the letters at the end of ``text`` form a word that ends in a ligature."""
    k = len(text)
    while k > 0 and text[k - 1].isalpha():
        k -= 1
    word = text[k:].lower()
    return word in _LIGATURE_FINAL_WORDS or word.endswith("off")


def _map_chars(raw: str) -> tuple[str, array[int], list[int]]:
    """Step 1: per-character folds and drops. Returns the mapped string, its sources and
    the indexes into it where a dropped character was (where ``src`` may jump by more
    than one; unsorted, repeats possible).

    Spaces and newlines pass through (step 2 collapses them); soft hyphens are kept for
    step 3; '\r' becomes '\n', other whitespace ' '.
    """
    parts: list[str] = []
    src: array[int] = array("q")
    gaps: list[int] = []
    pos = 0
    skip = -1
    for mo in _SPECIAL.finditer(raw):
        i = mo.start()
        if i < pos:
            continue
        if i > pos:
            parts.append(raw[pos:i])
            src.extend(_counting(pos, i))
        pos = i + 1
        if i == skip:
            continue
        ch = raw[i]
        o = ord(ch)
        if ch == "\r":
            parts.append("\n")
            src.append(i)
        elif ch in _SPACES:
            parts.append(" ")
            src.append(i)
        elif ch == _SOFT_HYPHEN:
            parts.append(ch)
            src.append(i)
        elif ch in _MINUS:
            parts.append("-")
            src.append(i)
        elif 0xFB00 <= o <= 0xFB06 or 0x1D400 <= o <= 0x1D7FF or 0xFF01 <= o <= 0xFF5E:
            folded = unicodedata.normalize("NFKC", ch)
            parts.append(folded)
            src.extend([i] * len(folded))
            if (
                o <= 0xFB06
                and raw[i + 1 : i + 2] == " "
                and raw[i + 2 : i + 3].islower()
                and not _word_ends_here(raw[max(0, i - 20) : i] + folded)
            ):
                pos = i + 2  # drop the stray space after the ligature
                gaps.append(len(src))
        else:  # control character, zero-width character or variation selector: dropped
            gaps.append(len(src))
    if pos < len(raw):
        parts.append(raw[pos:])
        src.extend(_counting(pos, len(raw)))
    return "".join(parts), src, gaps


def _hyphen_join(prev: str, nxt: str, keep: AbstractSet[str]) -> int | None:
    """How to join line ``prev`` and the following line ``nxt`` when prev ends in a hyphen.

    Returns None (keep the line break), 0 (join, keep the hyphen) or the number of trailing
    characters of prev to drop (1 for 'cor-', 2 for 'cor -'). ``keep``: lowercase
    'left-right' pairs whose hyphen is real (see :func:`hyphenated_pairs`).
    """
    if len(prev) < 2 or prev[-1] != "-" or not nxt:
        return None
    first = nxt[0]
    before = prev[-2]
    if before == " ":
        if len(prev) >= 3 and prev[-3].isalpha() and first.islower():
            return 2
        return None
    if not before.isalnum() or not first.isalnum():
        return None
    if before.isalpha() and first.islower():
        word = prev[prev.rfind(" ") + 1 : -1]
        if "-" in word:
            return 0
        # a one-letter locant or prefix ('N-acetyl', 'p-nitrophenol', 'α-helix'): a word
        # is never hyphenated after its first letter
        if len(word.lstrip("([{\"'‘“")) == 1:
            return 0
        if keep:
            left = _TRAILING_LETTERS.search(word)
            right = _LEADING_LOWER.match(nxt)
            if left and right and f"{left.group()}-{right.group()}".lower() in keep:
                return 0
        return 1
    return 0


_TRAILING_LETTERS = re.compile(r"[^\W\d_]+$")
_LEADING_LOWER = re.compile(r"[^\W\d_]+")
_INLINE_PAIR = re.compile(r"(?<![^\W\d_])([^\W\d_]+)-(?=([^\W\d_]+))")


def hyphenated_pairs(texts: Iterable[str]) -> frozenset[str]:
    """Lowercase 'left-right' letter pairs joined by a hyphen inside a line of ``texts``
    ('non-paper', 'pre-trained'; 'state-of-the-art' gives 'state-of', 'of-the', 'the-art').

    Pass the result of a whole document as ``keep_hyphens`` to :func:`normalize_text` so
    that 'non-\npaper' at a line end becomes 'non-paper', not 'nonpaper'.
    """
    out: set[str] = set()
    for text in texts:
        # a pair lies inside one space-delimited word and holds a '-': scan only the words
        # that have one, found from their hyphens, in place (the pattern's look-behind sees
        # the space or '\n' before the word, its look-ahead stops at the one after it)
        h = text.find("-")
        while h >= 0:
            start = max(text.rfind(" ", 0, h), text.rfind("\n", 0, h)) + 1
            end = min(_found(text.find(" ", h), text), _found(text.find("\n", h), text))
            for mo in _INLINE_PAIR.finditer(text, start, end):
                out.add(f"{mo.group(1)}-{mo.group(2)}".lower())
            h = text.find("-", end)
    return frozenset(out)


#: Halves that make closed words, never evidence of a compound at a line end: suffixes
#: ('focus-\ning', 'align-\nments'), function words ('some-\nwhat', 'how-\never',
#: 'with-\nout') and bound prefixes ('inter-\nsection', 'under-\nstanding').
_CLOSED_RIGHT = frozenset(
    """ing ings ment ments ness tion tions sion sions ity ities able
ible ence ences ance ances ful less ous ive ives ism isms ist ists est ers ern ward wards ship
ships hood wise like ally ology what ever where self selves thing things body one out how
fore with side time times day days""".split()
)
_CLOSED_LEFT = frozenset(
    """some any every with there where here how what when who
inter intra under over super counter trans anti semi multi sub pre post non micro macro
mid out up down back fore self can may""".split()
)
#: The word before a line-end hyphen (3+ letters, after a space, '(' or '[' or the line
#: start) and the word after it (3+ letters, then no letter, digit or hyphen).
_TAIL_WORD = re.compile(r"(?:^|(?<=[\s(\[]))([^\W\d_]{3,})\Z")
_HEAD_WORD = re.compile(r"([^\W\d_]{3,})(?![\w-])")


def line_end_compounds(texts: Iterable[str]) -> frozenset[str]:
    """Lowercase 'left-right' pairs split at a line end ('cost-\neffective') that the
    document itself shows to be a compound, not a wrapped word: the joined form
    ('costeffective') occurs nowhere in ``texts``, while both halves (3+ letters each) occur
    as words elsewhere, the right one other than right after this line end.

    Pass it with :func:`hyphenated_pairs` as ``keep_hyphens``. 'cor-\npus' (no word 'cor'),
    'be-\ncause' (a 2-letter half) and 'meth-\nods' where 'methods' occurs elsewhere stay
    wrapped words.
    """
    texts = list(texts)
    pairs: list[tuple[str, str]] = []
    for text in texts:
        h = text.find("-\n")
        while h >= 0:
            left = _TAIL_WORD.search(text, max(0, h - 40), h)
            right = _HEAD_WORD.match(text, h + 2)
            if left and right:
                a, b = left.group(1).lower(), right.group(1).lower()
                if a not in _CLOSED_LEFT and b not in _CLOSED_RIGHT:
                    pairs.append((a, b))
            h = text.find("-\n", h + 2)
    if not pairs:
        return frozenset()

    # words as whitespace- and hyphen-delimited tokens, counted with the punctuation that
    # may touch them (C-level split and count: a regex word scan costs ~3x more)
    # (only the forms count() reads are counted: a set lookup per token costs less than
    # a Counter entry per distinct token of the document)
    def forms(word: str) -> tuple[str, ...]:
        return (
            word,
            word + ",",
            word + ".",
            word + ";",
            word + ":",
            word + ")",
            word + "s",
            "(" + word,
        )

    wanted = set(chain.from_iterable(forms(w) for a, b in pairs for w in (a, b, a + b)))
    tokens = Counter(
        filter(wanted.__contains__, "\n".join(texts).lower().replace("-", " ").split())
    )

    def count(word: str) -> int:
        return sum(map(tokens.__getitem__, forms(word)))

    lefts = Counter(a for a, _ in pairs)
    rights = Counter(b for _, b in pairs)
    return frozenset(
        f"{a}-{b}"
        for a, b in set(pairs)
        if not count(a + b) and count(a) > lefts[a] and count(b) > rights[b]
    )


def _found(index: int, text: str) -> int:
    """``index`` from ``str.find``, or ``len(text)`` where it is -1 (not found)."""
    return len(text) if index < 0 else index


def _lines(m: str, src: array[int], gaps: list[int]) -> list[tuple[str, array[int], bool]]:
    """Step 2: lines of the mapped string with spaces collapsed, soft hyphens dropped and
    empty lines skipped. Each: (text, sources, ended in a soft hyphen).

    A run of consecutive plain lines (non-empty, no space at either end, no double space,
    no soft hyphen, not ending in '-') comes as one item: its text with its '\n's and their
    sources (where no character was dropped right before a '\n', the source
    :func:`normalize_text` gives that line break, ``min(previous + 1, next)``, is the '\n's
    own). Step 3 joins nothing inside such a run, so it sees the same result as line by line.
    ``gaps``: from :func:`_map_chars`.
    """
    lines = m.split("\n")
    starts = list(accumulate(map(add, map(len, lines), repeat(1)), initial=0))
    # the lines to look at one by one (a superset of those that are not plain)
    special = {0, len(lines) - 1}
    for pattern, offset in (
        (" \n", 0),
        ("\n ", 1),
        ("\n\n", 1),
        ("  ", 0),
        (_SOFT_HYPHEN, 0),
        ("-\n", 0),
    ):
        p = m.find(pattern)
        while p >= 0:
            special.add(bisect.bisect_right(starts, p + offset) - 1)
            p = m.find(pattern, p + 1)
    # line breaks right after a dropped character: a run of plain lines is cut there
    cuts = sorted({g for g in gaps if g < len(m) and m[g] == "\n"})
    out: list[tuple[str, array[int], bool]] = []
    done = 0  # lines before this one are in out
    for index in sorted(special):
        if index > done:
            start, end = starts[done], starts[index] - 1
            for cut in cuts[bisect.bisect_left(cuts, start) : bisect.bisect_left(cuts, end)]:
                out.append((m[start:cut], src[start:cut], False))
                start = cut + 1
            out.append((m[start:end], src[start:end], False))
        done = index + 1
        start = starts[index]
        end = start + len(lines[index])
        line = lines[index]
        if (
            line
            and line[0] != " "
            and line[-1] != " "
            and "  " not in line
            and _SOFT_HYPHEN not in line
        ):
            out.append((line, src[start:end], False))  # fast path: already clean
            continue
        texts: list[str] = []
        lsrc: array[int] = array("q")
        ends_soft = False
        prev_end = -1
        for mo in _TOKEN.finditer(m, start, end):
            a, b = mo.span()
            tok = mo.group()
            tsrc = src[a:b]
            if _SOFT_HYPHEN in tok:
                ends_soft = tok.endswith(_SOFT_HYPHEN)
                keep = [k for k, c in enumerate(tok) if c != _SOFT_HYPHEN]
                tok = "".join(tok[k] for k in keep)
                tsrc = array("q", [tsrc[k] for k in keep])
                if not tok:
                    continue
            else:
                ends_soft = False
            if texts:
                texts.append(" ")
                lsrc.append(src[prev_end])
            texts.append(tok)
            lsrc.extend(tsrc)
            prev_end = b
        if texts:
            out.append(("".join(texts), lsrc, ends_soft))
        elif ends_soft and out:
            out[-1] = (out[-1][0], out[-1][1], True)
    return out


def normalize_text(raw: str, keep_hyphens: AbstractSet[str] = frozenset()) -> Normalized:
    """Normalise PDF-extracted text (see the module docstring for the rules).

    Args: raw: text as extracted, lines separated by '\n'.
      keep_hyphens: lowercase 'left-right' pairs (:func:`hyphenated_pairs` of the whole
        document) whose line-end hyphen is kept when the line is joined.
    Returns: Normalized(text, source, raw_length); text has single spaces, no empty lines,
      no leading or trailing whitespace; source maps each character back into ``raw``.
    Raises: nothing.
    """
    text, source = normalize_with_sources(raw, keep_hyphens)
    return Normalized(text, tuple(source), len(raw))


def normalize_with_sources(
    raw: str, keep_hyphens: AbstractSet[str] = frozenset()
) -> tuple[str, array[int]]:
    """:func:`normalize_text` as ``(text, source)`` with ``source`` an ``array('q')`` (same
    values as ``Normalized.source``): no int object per character, for a caller that only
    looks a few of them up (the PDF reader, ~60k characters a paper)."""
    m, src, gaps = _map_chars(raw)
    out: list[str] = []
    out_src: array[int] = array("q")
    cur = ""
    cur_src: array[int] = array("q")
    join_next = False
    for text, lsrc, ends_soft in _lines(m, src, gaps):
        if cur:
            how = None
            if not join_next and cur[-1] == "-":  # _hyphen_join needs one
                how = _hyphen_join(cur, text, keep_hyphens)
            if join_next or how is not None:
                if how:
                    cur = cur[:-how]
                    del cur_src[-how:]
                cur += text
                cur_src.extend(lsrc)
                join_next = ends_soft
                continue
            out.append(cur)
            out.append("\n")
            out_src.extend(cur_src)
            out_src.append(min(cur_src[-1] + 1, lsrc[0]))
        cur, cur_src, join_next = text, lsrc, ends_soft
    out.append(cur)
    out_src.extend(cur_src)
    return "".join(out), out_src


#: 0, 1, 2, ... as machine ints, sliced by :func:`_counting` (grown when a longer text comes).
_COUNT: array[int] = array("q")


def _counting(start: int, stop: int) -> array[int]:
    """``array('q', range(start, stop))``, copied from a cached counting array."""
    global _COUNT
    base = _COUNT
    if len(base) < stop:
        base = _COUNT = array("q", range(max(stop, 2 * len(base), 1 << 14)))
    return base[start:stop]


# --- page-level helpers --------------------------------------------------------------------

_PAGE_NUMBER = re.compile(
    r"^\s*(?:(?:page|p\.)\s*)?(?:\d{1,4}|x{0,3}(?:ix|iv|v?i{0,3}))"
    r"(?:\s*(?:of|/)\s*\d{1,4})?\s*$",
    re.IGNORECASE,
)


def is_page_number_line(line: str) -> bool:
    """True if the line is only a page number ('12', 'Page 3', '3 of 15', 'iv').

    The PDF reader drops such a line only when it is also the top-most or bottom-most line
    of the page, so table cells holding a bare number are kept.
    """
    return len(line) <= 24 and bool(_PAGE_NUMBER.match(line)) and bool(line.strip())


# --- superscripts -------------------------------------------------------------------------

#: Unit symbols whose superscript number is an exponent ('m⁻²', 'cm³', 's⁻¹', 'L⁻¹'):
#: ``grounding/lexicon/data/units.tsv``, use ``exponent``.
EXPONENT_UNITS = frozenset(units("exponent"))
#: The character that stands for a dropped one (the normaliser drops zero-width characters).
DROPPED = "\u200b"
_TO_SUPERSCRIPT = str.maketrans(
    "0123456789+-\u2212",
    "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207b",
)
_SUP_EXPONENT = re.compile(r"[+\-\u2212]?\d{1,3}")
_SUP_CHARGE = re.compile(r"\d?[+\-\u2212]")
_SUP_CITATION = re.compile(r"\[?\d{1,3}(?: ?[,\u2013\-] ?\d{1,3})*\]?,?|\[\d{1,3}\]")
_UNIT_BEFORE = re.compile(r"(?<![^\W\d_])([^\W\d_]{1,3})$")


#: Function names whose superscript is an exponent ('sin² θ', 'log² n').
_MATH_FUNCTIONS = frozenset(
    """sin cos tan cot sec csc sinh cosh tanh arcsin arccos arctan
log ln lg exp det tr""".split()
)


def read_superscript(before: str, sup: str) -> str | None:
    """How raised (superscript) text reads, as a string of ``len(sup)`` characters, or None
    to leave it as it is.

    Args: before: the line's text before the superscript. sup: the superscript's text.
    Returns:
      - an exponent in Unicode superscript characters ('10¹²', 'm⁻²'), so that it is never
        read as '1012': a signed or bare number of 1-3 digits after a digit ('10' + '12'),
        a unit symbol of :data:`EXPONENT_UNITS` ('cm' + '3', 'µF/cm' + '2'), a variable
        or word of 1-2 letters ('x' + '2'), a function name ('cos' + '2'), or a bracket
        holding a formula ('(2πf)' + '4');
      - a citation or footnote number ('12–14', '1,2', '[4,5]') after a word of 3+ letters
        ending in a lower-case letter, after punctuation, or after a bracket holding words
        ('cells,12–14', 'shown.3', '(Sinha et al., 2015)8') as :data:`DROPPED` characters:
        it is not part of the word or the number before it;
      - None for a charge ('Ca' + '2+'), a mark after a capital ('NLVR' + '2', an acronym's
        own superscript), letters ('21' + 'st', affiliation 'a,b'), symbols ('*', '†') and
        a superscript that starts a word.
    """
    if not sup or not before or before[-1] == " ":
        return None
    prev = before[-1]
    exponent = _SUP_EXPONENT.fullmatch(sup) is not None
    word = _UNIT_BEFORE.search(before)
    if exponent:
        if prev.isdigit():
            return sup.translate(_TO_SUPERSCRIPT)
        if word is not None and word.group(1) in EXPONENT_UNITS:
            return sup.translate(_TO_SUPERSCRIPT)
    letters = re.search(r"[^\W\d_]+$", before)
    if (
        prev.isalpha()
        and letters is not None
        and (len(letters.group()) <= 2 or letters.group().lower() in _MATH_FUNCTIONS)
    ):
        return sup.translate(_TO_SUPERSCRIPT) if exponent else None
    if prev in ")]":
        opening = before.rfind("(" if prev == ")" else "[")
        inside = before[opening + 1 : -1] if opening >= 0 else ""
        # a formula ('(2πf)' + '4'): letters, but no word of 3+ letters
        if re.search(r"[^\W\d_]", inside) and not re.search(r"[^\W\d_]{3,}", inside):
            return sup.translate(_TO_SUPERSCRIPT) if exponent else None
    if _SUP_CHARGE.fullmatch(sup):
        return None
    if _SUP_CITATION.fullmatch(sup) and (
        prev in ".,;:)]\"'\u2019\u201d" or (prev.isalpha() and prev.islower())
    ):
        return DROPPED * len(sup)
    return None


# --- symbol fonts ---------------------------------------------------------------------------

#: Glyphs that TeX / Elsevier math symbol fonts emit with a Latin-1 code instead of the
#: symbol (the font's encoding is read as WinAnsi): '¼' is '=', 'þ' is '+', 'À' is '-'.
MATH_FONT_GLYPHS: dict[str, str] = {"\u00bc": "=", "\u00fe": "+", "\u00c0": "-"}
#: The same math font embedded under a name that says nothing ("AdvP4C4E74", a publisher's
#: subset of MathematicalPi) also prints its brackets as these glyphs ("0.08ðstatÞ" for
#: "0.08(stat)", "ð1Þ" for an equation's number); they are read only in a span made of
#: nothing else (:func:`map_symbol_font`). Its plus-minus sign comes out as a control
#: character, which MuPDF's words drop: it cannot be put back in place.
PI_GLYPHS: dict[str, str] = {**MATH_FONT_GLYPHS, "\u00f0": "(", "\u00de": ")"}

_SUBSET_PREFIX = re.compile(r"^[A-Z]{6}\+")
_SYMBOL_FONT = re.compile(
    r"math|symbol|^cmb?sy|^cmex|^msam|^msbm|^mtsy|^mtex|^txsy|^txex|^pxsy|^pxex|^eusm|^euex"
    r"|^rmtmi|^mathematicalpi|^stix.*math|^wasy|^lasy|^cmmi|^lmmath|^lmsy|^(tx|px)(sy|ex|mi|ms)"
    r"|^mtmi|^mtex|^euf|^eur|^rsfs|^bbm|^dsrom|^zapfding|dingbat|wingding",
    re.IGNORECASE,
)
_TEXT_FONT = re.compile(
    r"times|nimbus|roman|palatino|palladio|helvetica|arial|courier|cmr\d|cmbx|cmti|cmtt|cmss"
    r"|cmcsc|cmsl|^sf[a-z]{2}\d|^lm(roman|sans|mono)|texgyre|dejavu|liberation|cambria|calibri"
    r"|georgia|verdana|garamond|minion|myriad|charter|utopia|bookman|libertine|linlibertine"
    r"|stix|source(sans|serif|code)|menlo|consolas|gulliver|t1-mini|tahoma|segoe|frutiger"
    r"|univers|optima|baskerville|caslon|cmu|latinmodern|inconsolata|fira|noto|opensans|lato"
    r"|roboto|computer\s?modern|fontawesome|sans|serif|mono"
    r"|-(regular|roman|bold|italic|oblique|medium|light|book|semibold|black)\b",
    re.IGNORECASE,
)


def _bare_font(name: str) -> str:
    return _SUBSET_PREFIX.sub("", name or "")


@lru_cache(maxsize=1024)
def is_symbol_font(name: str) -> bool:
    """True if the font name says it is a math or symbol font ('ABCDEF+TeXCMMathsSymbols',
    'CMSY10', 'MTSYN', 'MathematicalPi-One'); a subset prefix is ignored."""
    return bool(_SYMBOL_FONT.search(_bare_font(name)))


@lru_cache(maxsize=1024)
def is_known_text_font(name: str) -> bool:
    """True if the font name belongs to a known text family (Times, Nimbus, CMR, LM Roman,
    Helvetica, ...); 'AdvTimes' counts, 'AdvPS586B' does not."""
    bare = _bare_font(name)
    return bool(_TEXT_FONT.search(bare)) and not is_symbol_font(bare)


def map_symbol_font(text: str, font: str) -> str:
    """Replace mis-encoded math glyphs in one span: for fonts :func:`is_symbol_font`
    accepts, the glyphs of :data:`MATH_FONT_GLYPHS`; for a font of no known family (neither
    a known text font nor a symbol font), the glyphs of :data:`PI_GLYPHS` where the span is
    made of them and spaces alone (the mis-encoded math font of :data:`PI_GLYPHS`). Same
    length as ``text``.

    A real '¼' set in Times is left alone, and so is an 'ð' inside a word of any font.
    """
    if is_symbol_font(font):
        if not any(c in MATH_FONT_GLYPHS for c in text):
            return text
        return "".join(MATH_FONT_GLYPHS.get(c, c) for c in text)
    if is_pi_span(text, font):
        return "".join(PI_GLYPHS.get(c, c) for c in text)
    return text


def is_pi_span(text: str, font: str) -> bool:
    """True if ``text`` is a span of a font of no known family made only of
    :data:`PI_GLYPHS` glyphs and spaces (at least one glyph)."""
    return (
        any(c in PI_GLYPHS for c in text)
        and all(c in PI_GLYPHS or c.isspace() for c in text)
        and not is_known_text_font(font)
    )
