"""DOIs and arXiv identifiers: find them in text, normalise them, build lookup keys.

DOIs
    A DOI is ``10.<registrant>/<suffix>``; the suffix may hold almost any printable character,
    including the ``<>;:()`` of legacy SICI DOIs
    (``10.1002/(SICI)1097-...<118::AID-...>3.0.CO;2-G``).
    :func:`find_dois` takes everything up to whitespace or a quote, then trims prose punctuation
    from the end: ``. , ; : ] }`` and a ``)`` (or ``>``) whose opening partner is not inside the
    DOI. Resolver prefixes (``https://doi.org/``, ``dx.doi.org``, ``doi:``, ``info:doi/``) are
    dropped and percent-encoding is undone. DOIs are case-insensitive: :func:`doi_key` is the
    comparison form (lowercased), :func:`normalize_doi` keeps the case as written.
    Source: DOI Handbook section 2.5 (syntax) and the Crossref blog "DOIs and matching regular
    expressions" (2015), whose recommended pattern misses SICI DOIs; we do not.

arXiv identifiers
    New scheme (April 2007 on): ``YYMM.NNNN`` (to 1412) or ``YYMM.NNNNN`` (from 1501), optional
    ``vN``. Old scheme (1991 to March 2007): ``archive[.SC]/YYMMNNN``, optional ``vN``, where the
    archive is one of a fixed list (``hep-th``, ``atom-ph``, ``cs``, ``math``...) and ``SC`` a
    subject class (``math.GT``). Source: https://info.arxiv.org/help/arxiv_identifier.html.
    In running text a new-style number is only taken as an arXiv id with a cue (``arXiv:``,
    ``arxiv.org/abs/``, ``abs/`` as in CoRR, ``arXiv preprint``, the DataCite DOI
    ``10.48550/arXiv.``); old-style ids are recognised by their archive name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import quote, unquote

__all__ = [
    "ArxivId",
    "OLD_ARCHIVES",
    "arxiv_api_key",
    "doi_key",
    "doi_url",
    "find_arxiv_ids",
    "find_arxiv_spans",
    "find_doi_spans",
    "find_dois",
    "find_urls",
    "normalize_doi",
    "parse_arxiv_id",
    "semantic_scholar_key",
]

# ---------------------------------------------------------------- DOIs

# a DOI body: prefix, then suffix up to whitespace or a quote character
_DOI_RE = re.compile(
    r"""10\.\d{4,9}(?:/|%2[Ff])[^\s"'“”‘’«»]*"""  # an empty suffix: broken at a line end
)
_RESOLVER_RE = re.compile(
    r"^(?:(?:https?://)?(?:dx\.|www\.)?doi\.org/|doi\s*:\s*|doi\s+|info:doi/|urn:doi:)",
    re.IGNORECASE,
)
_VALID_DOI_RE = re.compile(r"^10\.\d{4,9}/\S+$")
_TRAIL_ALWAYS = ".,;:]}*_|\\"
_PAIRS = {")": "(", ">": "<", "]": "["}


def _trim_doi(candidate: str) -> str:
    """Strip prose punctuation from the end of a DOI candidate (keeps a ')' that
    belongs to the suffix)."""
    s = candidate
    cut = s.find("</")  # an HTML closing tag glued to the DOI
    if cut > 0:
        s = s[:cut]
    while s:
        last = s[-1]
        if last in _TRAIL_ALWAYS:
            s = s[:-1]
            continue
        if last in _PAIRS:
            opener = _PAIRS[last]
            suffix = s.split("/", 1)[1] if "/" in s else s
            if suffix.count(opener) < suffix.count(last):
                s = s[:-1]
                continue
        break
    return s


def normalize_doi(s: str) -> str | None:
    """Return the DOI in ``s`` in canonical written form, or None if ``s`` holds no DOI.

    Args: s: a bare DOI, a resolver URL (``https://doi.org/...``, ``http://dx.doi.org/...``),
          ``doi:10...``, ``info:doi/...``, percent-encoded or not, possibly with trailing prose
          punctuation.
    Returns: ``10.xxxx/suffix`` with the case as written (compare with :func:`doi_key`), or None.
    Raises: nothing.
    """
    if not s:
        return None
    t = s.strip()
    if t.startswith("<") and t.endswith(">"):
        t = t[1:-1].strip()  # "<doi:10.1000/x>" as in e-mail style
    t = _RESOLVER_RE.sub("", t)
    if "%" in t:
        t = unquote(t)
    m = _DOI_RE.search(t)
    if m is None:
        return None
    doi = _trim_doi(m.group(0))
    if "%" in doi:
        doi = unquote(doi)
    return doi if _VALID_DOI_RE.match(doi) else None


#: a DOI candidate broken at a line end (or where a PDF line break became a space): the
#: text before the break ends in one of these, and the next token may continue it
_BREAK_AFTER = "./-"
_CONTINUATION = re.compile(r"""\s+([^\s"'“”‘’«»]+)""")
#: a list number ("12." "12)"), or after "." also a year or a short number ("2019." "12")
_LIST_NUMBER = re.compile(r"^\d{1,4}[.)]$")
_SHORT_NUMBER = re.compile(r"^\d{1,4}[.,;:)]?$")
#: after "/" or "-" (where no DOI ends): a token holding a digit, or lower case with a dot
#: ("10.1093/mind/ lix.236.433"); after ".": one that starts with a digit ("10.1016/j.cell.
#: 2020.01.001"), or lower case with a dot and a digit ("10.1016/j. jcp.2020.01.001")
_AFTER_SLASH = re.compile(r"^[A-Za-z0-9][^\s]*\d|^[a-z][a-z0-9]*\.[a-z0-9.]+$")
_AFTER_DOT = re.compile(r"^\d|^[a-z][^\s]*\.[^\s]*\d|^[a-z][^\s]*\d[^\s]*\.")
#: a labelled identifier after a DOI: "pmid:123", "PMCID: PMC1", "arXiv:2101.00001"
_LABEL = re.compile(r"^[A-Za-z]+:")
#: "10. 1038/..." (a break inside the prefix)
#: after a DOI cue ("doi:", "doi.org/"), not in running text ("vol. 10. 2019/2020")
_SPLIT_PREFIX = re.compile(r"(?:\bdoi\s*:?\s*|doi\.org/)(10\.\s+)(?=\d{4,9}/\S)", re.I)


def _continues(last: str, token: str) -> bool:
    """Does ``token`` (the next token after a line break) continue a DOI whose text so far
    ends in ``last``?"""
    bare = _trim_doi(token)
    if (
        not bare
        or _DOI_RE.match(bare)
        or _LABEL.match(bare)
        or bare.lower().startswith(("http", "www.", "doi"))
    ):
        return False  # the next identifier, not a piece of this one
    if last == ".":
        return not _SHORT_NUMBER.match(token) and bool(_AFTER_DOT.match(bare))
    return not _LIST_NUMBER.match(token) and bool(_AFTER_SLASH.match(bare))


def _rejoined(text: str, start: int, end: int) -> tuple[int, str]:
    """The end of a DOI candidate ``text[start:end]`` and its text, with the tokens that
    continue it after line breaks joined on (no break across a blank line)."""
    body = text[start:end]
    while body and body[-1] in _BREAK_AFTER:
        m = _CONTINUATION.match(text, end)
        if m is None or "\n\n" in text[end : m.start(1)] or not _continues(body[-1], m.group(1)):
            break
        body += m.group(1)
        end = m.end(1)
    return end, body


def find_dois(text: str) -> list[str]:
    """All DOIs in ``text``, in order of appearance, without duplicates (by :func:`doi_key`).

    A DOI broken across lines after ``.``, ``/`` or ``-`` (from a PDF or wrapped text, the
    break a newline or a space: ``10.1016/j.cell.\\n2020.01.001``, ``10.1038/s41467-
    020-1234-5``) is rejoined when the next token continues it (holds a digit; after ``.``
    starts with a digit or a lower-case letter), never when it is a list number, a year, a
    word or another identifier.
    Returns: DOIs as :func:`normalize_doi` gives them (case kept). Raises: nothing.
    """
    out: list[str] = []
    seen: set[str] = set()
    for _, _, doi in find_doi_spans(text):
        k = doi.lower()
        if k not in seen:
            seen.add(k)
            out.append(doi)
    return out


def find_doi_spans(text: str) -> list[tuple[int, int, str]]:
    """Like :func:`find_dois` but with character offsets: ``(start, end, doi)``, end
    exclusive; the span of a DOI broken across lines covers the break."""
    text = text or ""
    if "10." not in text:
        return []
    starts: dict[int, int] = {}  # where a "10. 1038/" DOI starts, moved -> as written
    joined = text
    if _SPLIT_PREFIX.search(text):

        def close(m: re.Match[str]) -> str:
            starts[m.end() - 3] = m.start(1)
            return m.group(0)[: m.start(1) - m.start()] + " " * (len(m.group(1)) - 3) + "10."

        joined = _SPLIT_PREFIX.sub(close, text)
    out: list[tuple[int, int, str]] = []
    for m in _DOI_RE.finditer(joined):
        if out and m.start() < out[-1][1]:
            continue  # a token already joined to the DOI before it
        end, body = _rejoined(joined, m.start(), m.end())
        trimmed = _trim_doi(body)
        doi = normalize_doi(trimmed)
        if doi is not None:
            out.append((starts.get(m.start(), m.start()), end - (len(body) - len(trimmed)), doi))
    return out


def doi_key(doi: str) -> str:
    """The comparison form of a DOI: normalised and lowercased (DOIs are case-insensitive).

    Input that is not a DOI is lowercased and stripped as it is.
    """
    n = normalize_doi(doi)
    return (n if n is not None else doi.strip()).lower()


def doi_url(doi: str) -> str:
    """The https://doi.org/ resolver URL, percent-encoding what a URL path cannot hold
    (``<>``, ``#``, ``?``, ``%``, ``"``, space, ``{}``, ``[]``...) and keeping ``/:;()``."""
    n = normalize_doi(doi) or doi.strip()
    return "https://doi.org/" + quote(n, safe="/:;()!$&'*+,=@-._~")


# ---------------------------------------------------------------- arXiv

OLD_ARCHIVES = (
    "acc-phys",
    "adap-org",
    "alg-geom",
    "ao-sci",
    "astro-ph",
    "atom-ph",
    "bayes-an",
    "chao-dyn",
    "chem-ph",
    "cmp-lg",
    "comp-gas",
    "cond-mat",
    "cs",
    "dg-ga",
    "funct-an",
    "gr-qc",
    "hep-ex",
    "hep-lat",
    "hep-ph",
    "hep-th",
    "math",
    "math-ph",
    "mtrl-th",
    "nlin",
    "nucl-ex",
    "nucl-th",
    "patt-sol",
    "physics",
    "plasm-ph",
    "q-alg",
    "q-bio",
    "q-fin",
    "quant-ph",
    "solv-int",
    "stat",
    "supr-con",
)
"""Archives of the pre-2007 scheme (https://info.arxiv.org/help/arxiv_identifier.html)."""

_ARCH = "|".join(sorted((re.escape(a) for a in OLD_ARCHIVES), key=len, reverse=True))
_OLD_RE = re.compile(
    rf"(?<![\w.-])(?P<arch>{_ARCH})(?:\.(?P<sc>[A-Za-z]{{2}}))?/(?P<num>\d{{7}})(?:v(?P<v>\d+))?(?!\d)",
    re.IGNORECASE,
)
_NEW_BODY = r"(?P<yymm>\d{4})\.(?P<num>\d{4,5})(?:v(?P<v>\d+))?(?![\d.]\d)"
_NEW_NUMBER_RE = re.compile(r"\d{4}\.\d{4}")  # in every match of _NEW_CUED_RE
_NEW_CUED_RE = re.compile(
    r"(?:arxiv\s*[:.]?\s*(?:preprint\s*)?(?:arxiv\s*:?\s*)?"
    r"|arxiv\.org/(?:abs|pdf|html)/"
    r"|(?<![\w])abs/"
    r"|10\.48550/arxiv\."
    r")"
    rf"(?:(?P<pre>[a-z-]+(?:\.[A-Za-z]{{2}})?)/)?{_NEW_BODY}",
    re.IGNORECASE,
)
_NEW_BARE_RE = re.compile(
    rf"^\s*(?:(?P<pre>[a-z-]+(?:\.[A-Za-z]{{2}})?)/)?{_NEW_BODY}\s*$", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class ArxivId:
    """An arXiv identifier split into id and version.

    id: without version, e.g. ``"2301.01234"`` or ``"hep-th/9901001"`` or ``"math.GT/0309136"``.
    version: the ``vN`` number or None.
    scheme: ``"new"`` (YYMM.NNNNN) or ``"old"`` (archive/YYMMNNN).
    warning: set when the written form was repaired (e.g. an archive prefix on a new-style id).
    """

    id: str
    version: int | None
    scheme: Literal["old", "new"]
    warning: str | None = None

    @property
    def versioned(self) -> str:
        """``id`` with ``vN`` appended when a version is known."""
        return f"{self.id}v{self.version}" if self.version is not None else self.id

    def __str__(self) -> str:
        return self.versioned


def semantic_scholar_key(arxiv: ArxivId | str) -> str:
    """Semantic Scholar paper id for an arXiv id: ``"ARXIV:2301.01234"``, always unversioned
    (a versioned key gets HTTP 404 there)."""
    a = arxiv if isinstance(arxiv, ArxivId) else parse_arxiv_id(arxiv)
    if a is None:
        raise ValueError(f"not an arXiv id: {arxiv!r}")
    return f"ARXIV:{a.id}"


def arxiv_api_key(arxiv: ArxivId | str) -> str:
    """Id for the arXiv API ``id_list``: versioned when the citation gave a version
    (``"2301.01234v3"``), else bare."""
    a = arxiv if isinstance(arxiv, ArxivId) else parse_arxiv_id(arxiv)
    if a is None:
        raise ValueError(f"not an arXiv id: {arxiv!r}")
    return a.versioned


def _valid_new(yymm: str, num: str) -> bool:
    mm = int(yymm[2:])
    if not 1 <= mm <= 12 or int(yymm) < 704:
        return False
    return len(num) == 4 if int(yymm) < 1501 else len(num) == 5


def _valid_old(num: str) -> bool:
    yy, mm = int(num[:2]), int(num[2:4])
    return 1 <= mm <= 12 and (yy >= 91 or yy <= 7)


def _from_new(m: re.Match[str]) -> ArxivId | None:
    if not _valid_new(m.group("yymm"), m.group("num")):
        return None
    v = m.group("v")
    warning = "archive prefix on a new-style id dropped" if m.group("pre") else None
    return ArxivId(f"{m.group('yymm')}.{m.group('num')}", int(v) if v else None, "new", warning)


def _from_old(m: re.Match[str]) -> ArxivId | None:
    if not _valid_old(m.group("num")):
        return None
    arch = m.group("arch").lower()
    sc = m.group("sc")
    ident = f"{arch}.{sc.upper()}/{m.group('num')}" if sc else f"{arch}/{m.group('num')}"
    v = m.group("v")
    return ArxivId(ident, int(v) if v else None, "old")


def find_arxiv_spans(text: str) -> list[tuple[int, int, ArxivId]]:
    """arXiv ids in ``text`` with offsets ``(start, end, ArxivId)``, in order, end exclusive."""
    hits: list[tuple[int, int, ArxivId]] = []
    text = text or ""
    # each pattern needs a part that a plain search finds far faster than the full
    # pattern rules it out (most references hold no arXiv id at all)
    for m in _NEW_CUED_RE.finditer(text) if _NEW_NUMBER_RE.search(text) else ():
        a = _from_new(m)
        if a is not None:
            hits.append((m.start(), m.end(), a))
    for m in _OLD_RE.finditer(text) if "/" in text else ():
        if any(s <= m.start() < e for s, e, _ in hits):
            continue
        a = _from_old(m)
        if a is not None:
            hits.append((m.start(), m.end(), a))
    hits.sort(key=lambda h: h[0])
    return hits


def find_arxiv_ids(text: str) -> list[ArxivId]:
    """All arXiv ids in ``text``, in order, without duplicates (same id and version).

    A new-style number needs a cue (``arXiv:``, ``arxiv.org/abs/``, CoRR ``abs/``...); a bare
    seven-digit number without an archive (``report 0112019``) is not an id. Raises: nothing.
    """
    out: list[ArxivId] = []
    seen: set[tuple[str, int | None]] = set()
    for _, _, a in find_arxiv_spans(text):
        if (a.id, a.version) not in seen:
            seen.add((a.id, a.version))
            out.append(a)
    return out


def parse_arxiv_id(s: str) -> ArxivId | None:
    """Parse one identifier as written: bare (``2301.01234v2``, ``hep-th/9901001``), prefixed
    (``arXiv:...``) or as an arxiv.org URL. Returns None if it is not a valid arXiv id."""
    if not s:
        return None
    m = _NEW_BARE_RE.match(s)
    if m is not None:
        return _from_new(m)
    found = find_arxiv_ids(s)
    return found[0] if found else None


# ---------------------------------------------------------------- URLs

_URL_RE = re.compile(r"(?:https?://|www\.)[^\s<>\"'“”‘’]+", re.IGNORECASE)


def find_urls(text: str) -> list[tuple[int, int, str]]:
    """URLs in ``text`` as ``(start, end, url)``, trailing prose punctuation and unbalanced
    closing brackets removed."""
    out = []
    for m in _URL_RE.finditer(text or ""):
        url = m.group(0)
        while url:
            last = url[-1]
            if last in ".,;:!?*_":
                url = url[:-1]
            elif last in _PAIRS and url.count(_PAIRS[last]) < url.count(last):
                url = url[:-1]
            else:
                break
        if len(url) > 8:
            out.append((m.start(), m.start() + len(url), url))
    return out
