"""A file of references as ``refs verify`` reads it: one reference string per line, a
BibTeX file, a CSL-JSON file, or an answer text whose citations citations.extract finds
(a text is read as a list when most of its lines look like references, after any lead of
prose). Pure but for reading the file."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from annotations.textsafe import strip_controls
from citations.bibtex import BadEntry
from citations.errors import InputError
from citations.model import Reference


def read_references(path: str) -> list[str | Reference | BadEntry]:
    """References from a file (or "-" for stdin): .bib, .json (CSL-JSON), or text (one
    reference per line, or an answer whose citations citations.extract finds). A broken
    BibTeX entry stays in the list as a BadEntry, in its place.
    Raises InputError for a missing file, bad JSON or text that is not UTF-8."""
    text, name = _read_text(path)
    if name.endswith(".bib") or (name == "-" and text.lstrip().startswith("@")):
        from citations.bibtex import parse_bibtex

        return list(parse_bibtex(text))
    if name.endswith(".json") or (name == "-" and text.lstrip()[:1] in "[{" and _is_json(text)):
        from citations.csl import parse_csl_json

        try:
            return list(parse_csl_json(text))
        except InputError as exc:
            raise InputError(f"{path}: {exc}") from None
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    # what a line is (reference, prose, heading) is read without control characters and
    # terminal escapes, which carry nothing of it; the strings verified are as given
    seen = [strip_controls(ln).strip() for ln in lines]
    # a list of references (one per line) when most lines look like one and no line is a
    # "References" heading: every line is then verified, none silently dropped; otherwise
    # the text is an answer to mine (its prose is never verified as a reference)
    if lines and not any(map(_HEADING.fullmatch, seen)) and _mostly_references(seen):
        lead = _prose_lead(seen)
        if not lead:
            return list(lines)
        # prose, then a reference list with no heading: the prose is an answer whose
        # citations point into that list
        print(
            f"sciground: {path}: lines {lead + 1}-{len(lines)} read as the reference list "
            f"of the text above them",
            file=sys.stderr,
        )
        text = "\n".join(lines[:lead]) + "\n\nReferences\n" + "\n".join(lines[lead:])
    from citations.extract import extract_citations

    cited: list[str | Reference | BadEntry] = [c.reference for c in extract_citations(text)]
    if lines and not cited:
        # nothing cited: the lines that look like references, are not prose (junk, a
        # reference typed without the cues) or are too long for one are what the user wants
        # checked; each gets its verdict, unparsed at worst, rather than vanishing. Prose
        # lines are never verified as references; text of prose only has nothing to verify.
        from citations.parse import MAX_REFERENCE_CHARS

        refs = [len(ln) > MAX_REFERENCE_CHARS or _looks_like_reference(ln) for ln in seen]
        prose = [not ref and _is_prose(ln) for ln, ref in zip(seen, refs)]
        picked = [ln for ln, p in zip(lines, prose) if not p]
        if len(picked) < len(lines) and not any(refs):
            picked = []  # prose with headings or list items: an answer citing nothing
        if picked:
            skipped = [n for n, p in enumerate(prose, 1) if p]
            shown = ", ".join(map(str, skipped[:8])) + (", ..." if len(skipped) > 8 else "")
            print(
                f"sciground: {path}: no reference list or citation found; verifying "
                f"{len(picked)} of {len(lines)} line(s) as references"
                + (
                    f" ({len(skipped)} prose line(s) skipped: non-empty line {shown})"
                    if skipped
                    else ""
                ),
                file=sys.stderr,
            )
            return list(picked)
    if lines:
        print(
            f"sciground: {path}: read as an answer text: {len(cited)} cited reference(s) found",
            file=sys.stderr,
        )
    return cited


def _read_text(path: str) -> tuple[str, str]:
    """(text, lower-case file name) of ``path``, or of standard input for "-" (name "-").
    Raises InputError for a folder, a missing file or bytes that are not UTF-8."""
    if path == "-":
        return sys.stdin.read(), "-"
    p = Path(path)
    if p.is_dir():
        raise InputError(f"{p}: is a directory; give a file of references")
    if not p.is_file():
        raise InputError(f"{p}: no such file")
    try:
        return p.read_bytes().decode("utf-8-sig"), p.name.lower()
    except UnicodeDecodeError as exc:
        raise InputError(f"{p}: not UTF-8 text (byte {exc.start})") from None


def _prose_lead(lines: list[str]) -> int:
    """How many leading ``lines`` are an answer's prose above an unbroken run of
    reference-like lines (_looks_like_reference) to the end; 0 when the lines are not
    shaped so. A prose line (_is_prose) leads when it is not reference-like, or is only
    because of its own short citations, in one sentence ("Constant et al. (2017) surveyed
    ..."); the lead
    must cite something (an author-year mention, a "[2]" marker) or be plain sentences: a
    reference typed without the cues
    ("Vargas Carvalho. HateBR: ... Conference; 2025.") stays a line of the list."""
    from citations.extract import extract_citations

    def cites(line: str) -> bool:
        found = extract_citations(line)
        return (
            bool(found)
            and all(c.origin == "mention" for c in found)
            and sum(len(m.text) for c in found for m in c.mentions) < 0.5 * len(line)
        )

    def leads(line: str) -> bool:
        return _is_prose(line) and (
            not _looks_like_reference(line)
            or (cites(line) and not _SENTENCE_BREAK.search(line.rstrip(" .")))
        )

    lead = 0
    while lead < len(lines) and leads(lines[lead]):
        lead += 1
    if not lead or lead == len(lines) or not all(map(_looks_like_reference, lines[lead:])):
        return 0
    head = lines[:lead]
    if (
        extract_citations("\n".join(head))
        or any(map(_NUMBER_MARK.search, head))
        or not any(_SENTENCE_BREAK.search(ln.rstrip(" .")) for ln in head)
    ):
        return lead
    return 0


#: a sentence ending inside a line ("Benevenuto. HateBR"): references have several
_SENTENCE_BREAK = re.compile(r"[.?!]\s+[A-Z]")
#: a numbered citation marker in running text: "[1]", "[2, 5]", "[3-5]"
_NUMBER_MARK = re.compile(r"\w\s*\[\d{1,4}(?:\s*[,\u2013-]\s*\d{1,4})*\]")


def _is_json(text: str) -> bool:
    """Whether standard input holds one JSON document (CSL-JSON), not a numbered list of
    references that opens with "[1]"."""
    import json

    try:
        json.loads(text)
    except ValueError:
        return False
    return True


_HEADING = re.compile(
    r"\W*(?:references|bibliography|works cited|literature cited|citations|"
    r"sources)\W*",
    re.I,
)
_MARKER = r"(?:\[\d{1,4}\]|\d{1,4}\.|[-*\u2022])\s*"
_NAME = r"[A-Z][\w'\u2019-]+"
_AUTHOR_START = re.compile(
    rf"^\s*(?:{_MARKER})?(?:{_NAME},\s+(?:[A-Z]\.|{_NAME})"  # Lo, K. / Lo, Kyle
    rf"|(?:[A-Z]\.\s*){{1,3}}{_NAME}"  # K. Lo / K. L. Lo
    # Kyle Lo, / Amit K Tyagi and
    rf"|(?:{_NAME}\s+(?:[A-Z]\.?\s+)?){{1,2}}{_NAME}\s*(?:,|\band\b|&)"
    rf"|{_NAME}\s+et\s+al\.?"  # Lo et al.
    rf"|(?:{_NAME}\s+(?:[A-Z]\.?\s+)?){{1,2}}{_NAME}\.\s+[A-Z])"
)  # Alex J Zunger. Title
#: a year: "(2020)", ", 2020.", Vancouver "2002;" / "2024 Nov;", or "... ACL 2002." (a venue,
#: then the year, at the end)
_YEAR = re.compile(
    r"\((?:1[89]|20)\d\d[a-z]?\)|[,.]\s(?:1[89]|20)\d\d[a-z]?(?:[.,;)]|$)"
    r"|\b(?:1[89]|20)\d\d[a-z]?(?:\s+[A-Z][a-z]{2})?;"
    r"|\b[A-Z][\w.]*\s(?:1[89]|20)\d\d[a-z]?\.?$"
)
#: a Vancouver author list: two or more "Family II" names ("Cohan A, Feldman S, Beltagy I.")
_VANCOUVER_AUTHORS = re.compile(
    r"^\s*(?:(?:\[\d{1,4}\]|\d{1,4}\.)\s*)?[A-Z][\w'\u2019-]+(?:\s[A-Z][\w'\u2019-]+)?\s[A-Z]{1,3}"
    r"(?:,\s[A-Z][\w'\u2019-]+(?:\s[A-Z][\w'\u2019-]+)?\s[A-Z]{1,3})+(?:,\s+et\s+al)?\.\s"
)
_VENUE = re.compile(
    r"[.,]\s+In\s+[A-Z0-9]|\b(?:Proc\.|Proceedings|Journal|Conference|Workshop|"
    r"Transactions|vol\.|pp\.|Press|[Pp]reprint)\b"
    # ". in proc. of", typed in lower case
    r"|[.,]\s+in:?\s+(?:proc\.|proceedings\b)"
)
#: two "family, i." names in a row at the start, as a reference typed in lower case writes them
#: ("jain, a., pacheco, m. l., ...")
_AUTHOR_START_LOWER = re.compile(
    r"^\s*[^\W\d_][\w'’-]+,\s+(?:[^\W\d_]\.\s?){1,3},\s+"
    r"[^\W\d_][\w'’-]+,\s+[^\W\d_]\."
)
_AUTHOR_ANYWHERE = re.compile(
    rf"\b{_NAME}\s+(?:[A-Z]\.\s?){{1,3}}(?:,|;|$)"
    rf"|\b{_NAME}\s+[A-Z]{{1,3}},"
)
_PAGES = re.compile(
    r"\b\d+\s*(?:\(\d+\))?\s*:\s*\d+\s*[-\u2013]\s*\d+\b|\bpp?\.\s*\d"
    r"|\b\d+\s*\(\d+\)\s*:\s*\w*\d|\b\d+:\d+,\s*(?:1[89]|20)\d\d"
)
_MARKER_START = re.compile(r"^\s*(?:\[\d{1,4}\]|\d{1,4}\.)\s*\S")  # numbered, not a bullet


def _mostly_references(lines: list[str]) -> bool:
    """Whether at least half of ``lines`` look like references (_looks_like_reference),
    counted only as far as it takes to know."""
    need, left = (len(lines) + 1) // 2, len(lines)
    for line in lines:
        if need <= 0 or need > left:
            break
        need -= _looks_like_reference(line)
        left -= 1
    return need <= 0


#: Function words of running text (en, pt, es, de): prose has some, a reference's title
#: may too, junk has none.
_FUNCTION_WORDS = frozenset(
    "the of and a an in to is are was were that this for with on by as it be has have not "
    "which from at or we our their its these than can also "
    "de da do das dos e o os as um uma em no na que para com por se foi são "
    "la el los las y en un una es del al con por que se lo "
    "der die das und ist ein eine mit von zu den im auf für nicht sich des".split()
)
_WORD = re.compile(r"[^\W\d_]{1,20}")


def _is_prose(line: str) -> bool:
    """Whether ``line`` reads as running text: at least four words, two of them function
    words (_FUNCTION_WORDS), and words making up most of its characters."""
    words = _WORD.findall(line)
    if len(words) < 4 or sum(map(len, words)) < 0.6 * len(line.replace(" ", "")):
        return False
    return sum(w.lower() in _FUNCTION_WORDS for w in words) >= 2


def _looks_like_reference(line: str) -> bool:
    """Whether a line reads as one entry of a reference list: it holds an identifier (DOI,
    arXiv id, URL), a Vancouver author list ("Cohan A, Feldman S, Weld D. "), or at least
    two of: a list marker, an author-like start ("Lo, K.", "K. Lo", "Kyle Lo and", "Lo et
    al.") or name ("Smith J.,"), a year as references write it ("(2020)", ", 2020.",
    "2002;", "ACL 2002." at the end), a venue or pages cue ("In Proceedings", "Journal",
    "pp. 3", "12:3-9"). A line longer than any reference
    (citations.parse.MAX_REFERENCE_CHARS) counts too unless it is prose (_is_prose), so that
    it gets a verdict (unparsed) rather than vanishing. Prose that merely mentions a year
    does not."""
    from citations.parse import MAX_REFERENCE_CHARS
    from citations.text.identifiers import find_arxiv_ids, find_dois

    if len(line) > MAX_REFERENCE_CHARS:
        return not _is_prose(line)  # an answer on one line is mined for its citations
    if _VANCOUVER_AUTHORS.match(line):
        return True
    cues = (
        bool(_MARKER_START.match(line)),
        bool(
            _AUTHOR_START.match(line)
            or _AUTHOR_ANYWHERE.search(line[:160])
            or _AUTHOR_START_LOWER.match(line)
        ),
        bool(_YEAR.search(line)),
        bool(_VENUE.search(line) or _PAGES.search(line)),
    )
    if sum(cues) >= 2:  # the cheap test first: most lines of a list pass it
        return True
    return bool(find_dois(line) or find_arxiv_ids(line) or re.search(r"https?://\S", line))


__all__ = ["read_references"]
