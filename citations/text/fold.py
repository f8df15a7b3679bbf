"""Folding: the comparison forms of reference text, in one place.

Two folds, for two uses; both are idempotent and give the same result for NFC and NFD
input, and both are cached:

- :func:`fold` keeps the string's layout: case, accents (Unicode and LaTeX accent
  macros), ø/ł/ß/æ and Unicode dashes are folded, but spaces and quote characters stay as
  written, so a word's position in the folded string is its position in the text. Used
  where a string is *searched* or compared word by word: titles, venues, publishers,
  pages, and the reference string read against a record (citations.matching).
- :func:`fold_key` is a *key*: it also decodes every LaTeX macro a BibTeX name may hold
  (:func:`delatex`), drops soft hyphens, writes typographic quotes as ASCII and collapses
  whitespace. Used for names and for keys built from whole strings (citations.text.names,
  the reader's title and author rules, the audit's PDF matching).

Also here: :func:`strip_markup` (MathML, JATS and HTML tags of Crossref titles),
:func:`delatex` (LaTeX to Unicode) and :func:`title_words` (a title as normalised words,
Greek letters spelled out).
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata

__all__ = ["WORD", "delatex", "fold", "fold_key", "strip_markup", "title_words"]

# --------------------------------------------------------------------------- text folding

_MARKUP_TAG = re.compile(
    r"</?(?:mml:[a-z]+|jats:[a-z\-]+|sub|sup|i|b|em|strong|u|scp|sc|span|italic|bold|"
    r"fixed-case|inline-formula|tex-math|math|mi|mo|mn|mrow|msub|msup)"
    r"(?:\s+[\w:\-]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*\s*/?>",
    re.IGNORECASE,
)
_MATH_OPEN = re.compile(r"(?<=\S)(<(?:mml:math|math|inline-formula|tex-math)\b)", re.IGNORECASE)
_LATEX_ACCENT = re.compile(r"\\([\"'`^~=.uvHckr])\s*\{?\s*([A-Za-z]|\\[ij])\s*\}?")
_LATEX_ACCENT_MARK = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
}
_LATEX_LETTER = {
    r"\ss": "ss",
    r"\o": "o",
    r"\O": "O",
    r"\ae": "ae",
    r"\AE": "AE",
    r"\oe": "oe",
    r"\OE": "OE",
    r"\aa": "a",
    r"\AA": "A",
    r"\l": "l",
    r"\L": "L",
    r"\i": "i",
    r"\j": "j",
    r"\&": "&",
}
_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"), "-")
_SPECIAL_FOLD = str.maketrans(
    {
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "đ": "d",
        "Đ": "D",
        "ı": "i",
        "þ": "th",
        "ð": "d",
    }
)


def strip_markup(text: str) -> str:
    """Remove markup *tags* only (MathML, JATS, HTML face markup, ``<fixed-case>``),
    unescape HTML entities, collapse whitespace. ``a<b`` and ``c>d`` survive.
    Source: Crossref titles carrying MathML/JATS/HTML face markup."""
    if "<" not in text and "&" not in text:  # no tag, no entity
        return " ".join(text.split())
    text = _MATH_OPEN.sub(r" \1", text)  # "in<mml:math>N" keeps its space: "in N"
    text = _MARKUP_TAG.sub("", text)
    text = html.unescape(text)
    return " ".join(text.split())


def _latex_to_unicode(text: str) -> str:
    if "\\" not in text:
        return text.replace("{", "").replace("}", "")
    text = _LATEX_ACCENT.sub(
        lambda m: (m.group(2).lstrip("\\")) + _LATEX_ACCENT_MARK[m.group(1)], text
    )
    for macro, plain in _LATEX_LETTER.items():
        text = re.sub(re.escape(macro) + r"(?![A-Za-z])\s?", plain, text)
    text = re.sub(r"\\(?:textit|textbf|emph|mathrm|mathit|mathbf|text)\s*", "", text)
    return text.replace("{", "").replace("}", "")


@functools.lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Lowercase ASCII-ish fold: LaTeX accents, NFKD accents, ø/ł/ß, Unicode dashes -> '-'.
    Idempotent; NFC and NFD inputs give the same result. Cached."""
    if text.isascii() and "\\" not in text:
        return text.replace("{", "").replace("}", "").lower()
    for _ in range(4):  # until stable: NFKD/casefold can expose foldable characters
        before = text
        text = _latex_to_unicode(text).translate(_DASHES)
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
        text = text.casefold().translate(_SPECIAL_FOLD).translate(_DASHES)
        if text == before:
            break
    return text


#: a word: letters and digits
WORD = re.compile(r"[^\W_]+")


#: Greek letter names from the Unicode character names (GREEK SMALL LETTER BETA ->
#: beta), lower case: a letter written as a symbol, a LaTeX macro or spelled out is one word
_GREEK = {chr(c): unicodedata.name(chr(c)).split()[-1].lower() for c in range(0x3B1, 0x3CA)}
_GREEK_MACRO = re.compile(
    r"\\(?:var)?("
    + "|".join(sorted(set(_GREEK.values()), key=len, reverse=True))
    + r")(?![A-Za-z])\s*",
    re.IGNORECASE,
)
#: a Greek letter standing alone as a symbol (not inside a word of Greek letters)
_GREEK_SYMBOL = re.compile(
    r"(?<![\u0370-\u03ff\u1f00-\u1fff])[\u03b1-\u03c9]"
    r"(?![\u0370-\u03ff\u1f00-\u1fff])"
)


def _spell_greek(text: str) -> str:
    """``$\\beta$-catenin``, ``β-catenin`` and ``beta-catenin`` alike: LaTeX Greek macros
    (before LaTeX accents are read: ``\\varepsilon`` is no caron on ``a``) and Greek
    letters used as symbols spelled out; math ``$`` dropped. Greek words stay."""
    if "\\" in text:
        text = _GREEK_MACRO.sub(lambda m: m.group(1).lower(), text)
    if "$" in text:
        text = text.replace("$", "")
    return _GREEK_SYMBOL.sub(lambda m: _GREEK[m.group(0)], text)


def title_words(title: str) -> list[str]:
    """Normalised words of a title: markup stripped, folded, Greek letters spelled out
    (``$\\alpha$``, ``α``, ``alpha`` are one word), split on non-alphanumerics."""
    return list(_title_words(title))


@functools.lru_cache(maxsize=65536)
def _title_words(title: str) -> tuple[str, ...]:
    text = strip_markup(title)
    if "$" in text or "\\" in text:
        text = _spell_greek(text)
    text = fold(text)
    if not text.isascii():
        text = _spell_greek(text)  # Greek capitals are small letters once folded
    return tuple(WORD.findall(text))


# ---------------------------------------------------------------- LaTeX -> Unicode

_ACCENTS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
    "d": "\u0323",
    "b": "\u0331",
    "t": "\u0361",
}
_LETTERS = {
    "o": "ø",
    "O": "Ø",
    "ss": "ß",
    "aa": "å",
    "AA": "Å",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "l": "ł",
    "L": "Ł",
    "i": "ı",
    "j": "ȷ",
    "dh": "ð",
    "DH": "Ð",
    "th": "þ",
    "TH": "Þ",
    "ng": "ŋ",
    "NG": "Ŋ",
    "dj": "đ",
    "DJ": "Đ",
}
_SYMBOL_ACC = re.escape("'`^\"~=.")
# \"{o}  \"o  \'{\i}  \c{c}  \v s  and the same wrapped in braces {\"o}
_ACC_RE = re.compile(
    rf"\{{?\\(?:(?P<sym>[{_SYMBOL_ACC}])|(?P<word>[uvHckrdbt])(?![A-Za-z]))\s*"
    r"(?:\{\s*(?P<b>\\[ij]|[A-Za-z])\s*\}|(?P<p>\\[ij](?![A-Za-z])|[A-Za-z]))\}?"
)
_LET_RE = re.compile(
    r"\{?\\(ss|aa|AA|ae|AE|oe|OE|dh|DH|th|TH|ng|NG|dj|DJ|o|O|l|L|i|j)(?![A-Za-z])\s*\}?"
)
_TEXCMD_RE = re.compile(r"\\(?:textit|textbf|emph|textrm|textsc|mathrm|mbox|text|url|texttt)\s*\{")


def delatex(text: str) -> str:
    """Turn LaTeX accent and letter macros into Unicode (NFC) and drop grouping braces.

    ``H{\\"o}glund`` / ``H\\"{o}glund`` / ``H\\"oglund`` -> ``Höglund``; ``\\o`` -> ``ø``;
    ``\\&`` -> ``&``; ``--`` -> ``–``. Other macros are left as they are (minus braces).
    """
    if "\\" not in text and "{" not in text and "--" not in text and "~" not in text:
        return unicodedata.normalize("NFC", text)

    def acc(m: re.Match[str]) -> str:
        mark = _ACCENTS[m.group("sym") or m.group("word")]
        base = m.group("b") or m.group("p")
        base = {"\\i": "i", "\\j": "j"}.get(base, base)
        return unicodedata.normalize("NFC", base + mark)

    s = _ACC_RE.sub(acc, text)
    s = _LET_RE.sub(lambda m: _LETTERS[m.group(1)], s)
    s = _TEXCMD_RE.sub("{", s)
    s = s.replace("\\&", "&").replace("\\%", "%").replace("\\_", "_").replace("\\$", "$")
    s = s.replace("---", "—").replace("--", "–")
    s = re.sub(r"(?<!\\)~", " ", s)
    s = s.replace("{", "").replace("}", "")
    return unicodedata.normalize("NFC", s)


# ---------------------------------------------------------------- folding

_HYPHENS: dict[int, str | None] = dict.fromkeys(
    map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"), "-"
)
_HYPHENS[0x00AD] = None  # soft hyphen: drop
_SPECIAL = {
    "ø": "o",
    "ł": "l",
    "đ": "d",
    "ð": "d",
    "þ": "th",
    "æ": "ae",
    "œ": "oe",
    "ß": "ss",
    "ı": "i",
    "ȷ": "j",
    "ŋ": "n",
    "ħ": "h",
    "ŧ": "t",
}
_NOT_PLAIN_ASCII = re.compile(r"[\\{}`]")  # what fold_key translates in ASCII
_QUOTES = dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032\u00b4`"), "'")
_QUOTES.update(dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"), '"'))


@functools.lru_cache(maxsize=65536)
def fold_key(text: str) -> str:
    """Comparison form of a name or title: LaTeX macros decoded, Unicode normalised (NFC and
    NFD input give the same result), accents removed, ø/ł/ß/æ spelled in ASCII, Unicode
    hyphens and dashes (U+2010..U+2015, U+2212) as '-', typographic quotes as ASCII,
    whitespace collapsed, casefolded.

    >>> fold_key('H{\\\\"o}glund') == fold_key("Ho\\u0308glund") == fold_key("Höglund") == "hoglund"
    True
    """
    if text.isascii() and not _NOT_PLAIN_ASCII.search(text):
        return " ".join(text.lower().split())  # what the steps below give ASCII text
    s = delatex(text) if ("\\" in text or "{" in text) else text
    s = s.replace("\\", "").replace("{", "").replace("}", "")
    for _ in range(2):  # twice: NFKD can give upper case ("ℌ" -> "H"), casefold marks ("İ")
        s = unicodedata.normalize("NFKD", s)
        s = "".join(c for c in s if not unicodedata.combining(c))
        s = s.casefold()
    s = s.translate(_HYPHENS).translate(_QUOTES)
    s = "".join(_SPECIAL.get(c, c) for c in s)
    if "{" in s or "}" in s or "\\" in s:  # braces NFKD made ("︷" is "{"): gone as above
        s = s.replace("\\", "").replace("{", "").replace("}", "")
    return " ".join(s.split())
