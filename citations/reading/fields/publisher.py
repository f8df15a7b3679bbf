"""Publisher and place: the publisher span ("MIT Press") and the location span ("Cambridge,
MA"), edge punctuation removed; none without letters, nor when it was read as the venue
(:mod:`citations.reading.fields.venue`). A dataset's or software's container is its
publisher ("Tidewatch [Data set]. Coastal Data Archive.").

A work with a venue keeps a publisher and place only when the publisher span names a
publisher (:data:`PUBLISHER_WORDS`: "Press", "Springer", "ACM", ...): in a conference
paper's tail the labeller's publisher and place are often the conference's city and
country ("..., New Taipei City, Taiwan, 2016"). A place that opens a bracket right after
the venue is the venue's acronym ("Processing (FigLang 2024) 22-34"), no place. A
publisher or place span inside the title the ranker picked is part of the title.
"""

from __future__ import annotations

import re

from citations.reading.fields import Reading
from citations.reading.fields.kind import DATA_DESCRIPTORS
from citations.reading.fields.spans import strip_span

_WORD = re.compile(r"[^\W\d_]{2,}")
PUBLISHER_WORDS = re.compile(
    r"\b(?:Press|Wiley|Springer|Elsevier|Sons|Publish(?:ers|ing)|Verlag|Editora|Editorial|"
    r"O'Reilly|Routledge|Pearson|McGraw[- ]Hill|Prentice[- ]Hall|Addison[- ]Wesley|"
    r"Morgan Kaufmann|CRC|Birkh[äa]user|Taylor & Francis|SAGE|Palgrave|Macmillan|Penguin|"
    r"Norton|Blackwell|Kluwer|ACM|IEEE|Association|Society|Institute|University|Universit\w+|"
    r"Books|Academic|Curran|PMLR|AAAI|USENIX|MIT|OUP|CUP)\b",
    re.IGNORECASE,
)
"""Words of a publisher's name."""


def read_name(span: str) -> str | None:
    """A publisher or place span cleaned; None without a word of two letters or more (a
    page keyword "(S." read as a place is none)."""
    s = strip_span(span)
    return s if _WORD.search(s) and len(s) <= 300 else None


def venue_acronym(r: Reading) -> bool:
    """Does the location run open a bracket right after a container token ("... Language
    Processing (FigLang 2024)": the meeting's acronym and year, not a place)?"""
    labels = r.lab.labels
    i = next((k for k, x in enumerate(labels) if x == "location"), -1)
    return i > 0 and labels[i - 1] == "container" and r.lab.tokens[i][0] == "("


def inside_title(r: Reading, title: str, label: str = "publisher") -> bool:
    """Do all tokens labelled ``label`` lie inside ``title`` as written in the text (the
    ranked title ran over words the labeller read as publisher or place: "... by chinese
    and american  ccl 2021")? Spaces may differ; a title not found as written gives False."""
    words = title.split()
    m = re.search(r"\s+".join(map(re.escape, words)), r.lab.text) if words else None
    spans = [(a, b) for (_, a, b), x in zip(r.lab.tokens, r.lab.labels) if x == label]
    return m is not None and bool(spans) and all(m.start() <= a and b <= m.end() for a, b in spans)


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``publisher`` and ``address``."""
    title = str(fields.get("title") or "")
    pub = read_name(r.lab.span("publisher"))
    if pub is not None and inside_title(r, title):
        pub = None
    if pub is not None and pub == fields.get("venue"):
        pub = None
    if pub is None and str(fields.get("type_descriptor") or "").lower() in DATA_DESCRIPTORS:
        pub = read_name(r.lab.span("container"))
    address = None if venue_acronym(r) else read_name(r.lab.span("location"))
    if address is not None and inside_title(r, title, "location"):
        address = None
    if fields.get("venue") and not (pub and PUBLISHER_WORDS.search(pub)):
        pub = address = None
    return {"publisher": pub, "address": address}
