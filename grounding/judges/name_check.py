"""Name checkers: names and cited works of a sentence that the paper never mentions (N1, N3).

Pure over the :class:`EvidenceIndex` vocabulary; no I/O.
"""

from __future__ import annotations

import re

from grounding.evidence import EvidenceIndex
from grounding.judges.number_common import NAME
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.quantities import MONTHS

_CITATION = re.compile(
    r"\(?([A-Z][A-Za-z'\-]+)(?: et al\.?| and [A-Z][A-Za-z'\-]+)?,? "
    r"\(?((?:19|20)\d{2})[a-z]?\)?"
)


#: Capitalised words before a year that name no author.
_NOT_AUTHORS = frozenset(
    "table figure section in since from until spring summer autumn fall winter".split()
)
_MONTH = re.compile(MONTHS, re.IGNORECASE)

#: Sentences that read values off a chart: their numbers are not in the PDF text.
FIGURE = re.compile(
    r"\b(?:figure|fig\.|curve|plot|plotted|panel|axis|chart|histogram|"
    r"legend|bar|bars|line|lines|dashed|dotted)\b",
    re.IGNORECASE,
)


def unknown_names(text: str, index: EvidenceIndex) -> list[str]:
    """Name-like tokens of ``text`` (CamelCase, ACRONYMS, hyphenated proper names, capitalised
    words not opening the sentence) none of whose terms occur anywhere in the paper; of a
    multi-word name of capitalised words ("Zorblax Foundation"), the unknown words when
    they are most of it (a lone capitalised word may be read off a figure: "Chemistry")."""
    s = fold(text)
    out = []
    first = re.match(r"\W*(\w+)", s)
    for m in NAME.finditer(s):
        tok = m.group(0).strip("-")
        if first and m.start() == first.start(1):
            continue
        terms = content_terms(tok)
        if not terms or any(is_numeric(t) for t in terms):
            continue
        if all(t not in index.doc_terms for t in terms) and tok in text:
            out.append(tok)
    for m in _CAPITALISED.finditer(s):
        if _OPENS.search(s, 0, m.start()):
            continue  # a sentence, clause or heading opener
        run = m.group(0).split()
        unknown = [
            tok
            for tok in run
            if tok in text
            and (terms := content_terms(tok))
            and all(t not in index.doc_terms for t in terms)
            and not index.mentions(tok)
        ]
        if len(run) >= 2 and 2 * len(unknown) > len(run):
            out += unknown  # "the Zorblax Foundation", not "Naïve Empirical
            # Bayes" read as "NaÃŕve" from the PDF
    return list(dict.fromkeys(out))


#: A run of capitalised words inside a sentence (a proper name: "Zorblax Foundation"); the
#: kind was found by a fresh-eyes review (an invented foundation supported), not on dev.
_CAPITALISED = re.compile(r"(?<![\w@'’.-])[A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,})*(?![\w@-])")
#: What may come right before a capitalised word that is not a name: the sentence start,
#: a full stop, colon, bracket, quote, list marker or emphasis.
_OPENS = re.compile(r"(?:^|[.:;!?()\[\]\"“‘*#>•–—-]|\d\.)\s*$")


def missing_citation(text: str, index: EvidenceIndex) -> str | None:
    """The first "Name et al., 2021" / "(Name, 2021)" whose surname the paper never mentions."""
    for m in _CITATION.finditer(fold(text)):
        name = m.group(1)
        if name.lower() in _NOT_AUTHORS or _MONTH.fullmatch(name):
            continue  # "Table 2021", "November 2024", "spring 2019": no cited author
        stemmed = content_terms(name)
        if not stemmed:
            continue
        if all(t not in index.doc_terms for t in stemmed) and not index.mentions(name):
            span = m.group(0).strip()
            if span.startswith("(") and (span.endswith(")") or span.count("(") > span.count(")")):
                span = span[1:]  # "(Name et al., 2014)" -> without brackets
            if span.endswith(")") and span.count(")") > span.count("("):
                span = span[:-1]  # but "Name et al. (2014)" keeps its own
            return span.strip()
    return None
