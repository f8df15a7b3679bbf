"""Labelling: the CRF labels every token of a reference string, and the title ranker picks
the title among spans of those labels. This is the one place a reference's title span is
decided; :mod:`citations.reading.fields.title` only cleans it.

    >>> labelling = label("Gurney, M. E. et al. Title here. Science 264, 1772-1775 (1994).")
    >>> labelling.title, labelling.lab.span("container")
    ('Title here', 'Science')

The model and the ranker are :func:`citations.crf.default_labeller` (trained by
``python -m citations.crf.train``); token labels are made consistent first
(:func:`repair_labels`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from citations.crf.labelled import Labelled
from citations.crf.labeller import ReferenceLabeller, default_labeller
from citations.crf.titles import clean_title, title_key
from citations.text.names import comma_less_vancouver
from citations.text.punctuation import has_field_punctuation

_LETTER = re.compile(r"[^\W\d_]")
_VERSUS = frozenset({"vs", "versus"})
_BEFORE_PAGE_WORD = frozenset({"title", "container"})
_PAGE_NUMBER = re.compile(r"\d|^[ivxlcdm]+$", re.IGNORECASE)
_AFTER_TITLE = frozenset({"container", "note"})
_NOT_TITLE = frozenset({"et", "al", "jr", "sr", "ii", "iii", "iv", "and", "&"})


@dataclass(frozen=True, slots=True)
class Labelling:
    """What labelling a string gives: the CRF's labels (``lab``), the title the ranker
    picked (cleaned span; None when no span can be a title) and the CRF's own title
    (its longest title run, cleaned; the ranker's fallback)."""

    lab: Labelled
    title: str | None
    crf_title: str | None


def label(body: str, labeller: ReferenceLabeller | None = None) -> Labelling:
    """Label ``body`` (a reference without marker and identifiers) and rank its titles.

    Args: body: the text to label. labeller: a loaded model; None takes the shipped one.
    Returns: Labelling. Raises: nothing for any string (empty text has no tokens).
    """
    labeller = labeller or default_labeller()
    lab = repair_labels(labeller.tag(body))
    own = crf_title(lab)
    title = own
    if labeller.ranker is not None and lab.tokens:
        ranked = labeller.ranker.best(lab, None, own)
        venue = title_key(lab.span("container"))
        if ranked is not None and not (venue and title_key(ranked) == venue):
            title = ranked  # not the venue: "Robson, T. 2019, Classical and Quantum Gravity, 36"
        if title is not own and own and ranked and in_next_reference(lab, own, ranked):
            title = own
        if title and own and "title" not in lab.labels and own.startswith(title + ":"):
            title = own  # a work cited by title alone, labelled container: its subtitle too
    return Labelling(lab, title, own)


def in_next_reference(lab: Labelled, own: str, ranked: str) -> bool:
    """Is ``ranked`` after ``own`` with an author run between them, and named authors before
    ``own``: a second reference pasted after the first ("... 34:25016-25029, 2021. Zhichao
    Liang, Tze L...")? The first reference's title is the string's."""
    start, end = lab.text.find(own), lab.text.find(ranked)
    if start < 0 or end < start + len(own):
        return False
    pairs = list(zip(lab.tokens, lab.labels, strict=True))
    named = any(x == "author" and _LETTER.search(w) for (w, a, _), x in pairs if a < start)
    between = [x for (_, a, _), x in pairs if start + len(own) <= a < end]
    return named and "author" in between  # "-, The Conquest of ...": no first reference


def crf_title(lab: Labelled) -> str | None:
    """The CRF's title: its main title run (:func:`title_span`) or, with no title token, a
    work's title labelled container (:func:`book_title`) or note (:func:`note_title`),
    cleaned; None without letters."""
    t = clean_title(title_span(lab) or book_title(lab) or note_title(lab))
    if len(t) < 2 or not _LETTER.search(t) or title_key(t) == title_key(lab.span("author")):
        return None
    return t


def title_span(lab: Labelled) -> str:
    """The main title run: runs of title tokens split by at most 2 other tokens are joined
    (a word the model doubted inside a title), and the first joined run of three or more
    tokens is taken (else the longest)."""
    runs: list[list[int]] = []
    for i, lab_i in enumerate(lab.labels):
        if lab_i != "title":
            continue
        if runs and i - runs[-1][1] <= 3:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    if not runs:
        return ""
    # the first run of 3+ tokens (a pasted second reference has titles of its own)
    a, b = next(
        (r for r in runs if r[1] - r[0] >= 2),
        max(runs, key=lambda r: lab.tokens[r[1]][2] - lab.tokens[r[0]][1]),
    )
    return lab.text[lab.tokens[a][1] : lab.tokens[b][2]]


_LEAD_RE = re.compile(r"^(?:(?:in|em|en|dans|im)\b(?!-)\s*:?\s*)", re.IGNORECASE)


def book_title(lab: Labelled) -> str:
    """A work's own title the model labelled container: with no title token, the first
    container run is the work's title when nothing marks it as part of something else (no
    "In"/"Em" before it, no pages or issue) and either a publisher or place follows it
    ("Author. The Oxford Companion. New York: OUP, 2004.") or no volume does ("Authors.
    Driving on Registers. 2026.": a work cited with no venue)."""
    labels = lab.labels
    if "title" in labels or "container" not in labels or "pages" in labels or "issue" in labels:
        return ""
    if "publisher" not in labels and "location" not in labels and "volume" in labels:
        return ""
    span = lab.span("container")
    return "" if _LEAD_RE.match(span.strip()) else span


def note_title(lab: Labelled) -> str:
    """With neither title nor container tokens, the note run right after the authors
    ("Authors. Arc prize 2024: Technical report. 2024.": the model's note is the title)."""
    labels = lab.labels
    if "title" in labels or "container" in labels or "note" not in labels:
        return ""
    first = labels.index("note")
    if first == 0 or labels[first - 1] != "author":
        return ""
    return lab.span("note")


def repair_labels(lab: Labelled) -> Labelled:
    """Token labels made consistent: words labelled citation-number ("12 Gurney") take the
    label of the next token that is not a citation number; in an unpunctuated string, the
    title words the author run swallowed go back to the title
    (:func:`title_words_in_author_run`), and so do the words before a "vs." that the title
    goes on after (:func:`title_words_before_versus`), and the sentence after a title's
    closing "vs." (:func:`title_words_after_versus`), and so does a short title the
    family-first author run swallowed (:func:`title_after_last_initials`). A pages run with no
    number in it is the words before it (:func:`page_words_without_numbers`)."""
    labels = list(lab.labels)
    for i in range(len(labels) - 1, -1, -1):
        if labels[i] == "citation-number" and _LETTER.search(lab.tokens[i][0]):
            labels[i] = next((x for x in labels[i + 1 :] if x != "citation-number"), "author")
    margs = dict(lab.marginals)
    moved = [
        *title_words_in_author_run(lab, labels),
        *title_words_before_versus(lab, labels),
        *title_words_after_versus(lab, labels),
        *title_after_last_initials(lab, labels),
    ]
    for i in page_words_without_numbers(lab, labels):
        labels[i] = labels[i - 1]
    for i in moved:
        labels[i] = "title"
        if "title" in margs and "author" in margs:  # the author mass moves to title
            for a, b in (("title", "author"), ("author", "title")):
                margs[a] = (*margs[a][:i], lab.marginals[b][i], *margs[a][i + 1 :])
    if labels == list(lab.labels):
        return lab
    return Labelled(lab.text, lab.tokens, tuple(labels), lab.probability, lab.confidence, margs)


def page_words_without_numbers(lab: Labelled, labels: list[str]) -> list[int]:
    """The tokens of a pages run that holds no number, arabic or roman, right after a title
    or container token ("Snippet Generation for Web Pages.": "Pages" ends the title)."""
    out: list[int] = []
    i = 0
    while i < len(labels):
        j = i
        while j < len(labels) and labels[j] == "pages":
            j += 1
        if j > i:
            words = [lab.tokens[k][0] for k in range(i, j)]
            if (
                i > 0
                and labels[i - 1] in _BEFORE_PAGE_WORD
                and not any(_PAGE_NUMBER.search(w) for w in words)
            ):
                out += range(i, j)
        i = j + 1
    return out


def title_words_before_versus(lab: Labelled, labels: list[str]) -> list[int]:
    """The words of a title's first sentence that ends in "vs." ("Smith, J. Rivers vs. lakes
    of ...": "vs." ends no sentence), labelled otherwise while the title follows."""
    words = [t[0] for t in lab.tokens]
    out: list[int] = []
    for i in range(len(words) - 2):
        if (
            words[i].lower() in _VERSUS
            and words[i + 1] == "."
            and labels[i + 2] == "title"
            and labels[i] != "title"
        ):
            j = i
            while j > 0 and words[j - 1] not in ".,;:" and labels[j - 1] != "title":
                j -= 1
            out += [k for k in range(j, i + 2) if labels[k] != "title"]
    return out


def title_words_after_versus(lab: Labelled, labels: list[str]) -> list[int]:
    """The sentence after a title run that ends in "vs." ("Original vs. Translated Texts.
    CL, pp. 1-9"), which the model gave the container or note that goes on after it: "vs."
    ends no sentence, so the title runs to the next sentence end; the rest of that run
    stays the container."""
    words = [t[0] for t in lab.tokens]
    for i in range(len(words) - 2):
        if not (
            words[i].lower() in _VERSUS
            and words[i + 1] == "."
            and labels[i] == labels[i + 1] == "title"
            and labels[i + 2] in _AFTER_TITLE
        ):
            continue
        run, j = labels[i + 2], i + 2
        while j < len(words) and labels[j] == run and words[j] not in ".;:?!":
            j += 1
        if j + 1 < len(words) and words[j] == "." and labels[j] == labels[j + 1] == run:
            return list(range(i + 2, j + 1))
    return []


def title_words_in_author_run(lab: Labelled, labels: list[str]) -> list[int]:
    """In a string without field punctuation whose author run is family names with their
    one-letter initials ("bhatia g tang m z mahanta c"), the one or two words that close the
    run without initials after them when the title follows ("... mahanta c datelogicqa
    benchmarking ...": "datelogicqa" is the title's first word)."""
    if has_field_punctuation(lab.text) or not labels or labels[0] != "author":
        return []
    end = next((i for i, x in enumerate(labels) if x != "author"), len(labels))
    if end == len(labels) or labels[end] != "title":
        return []
    words = [t[0] for t in lab.tokens[:end]]
    for k in (1, 2):
        head, tail = words[:-k], words[-k:]
        if (
            len(head) >= 4
            and len(head[-1]) == 1
            and all(len(w) >= 3 for w in tail)
            and len(comma_less_vancouver(" ".join(head)).split(", ")) >= 2
        ):
            return list(range(end - k, end))
    return []


def title_after_last_initials(lab: Labelled, labels: list[str]) -> list[int]:
    """In a family-first author run ("Ilharco, G., ..., and Schmidt, L. OpenCLIP. 2021."),
    the words after the last name's initials (written after its comma) up to a stop, with
    no comma among them, when the model labelled no title: a family name there would take a
    comma, so they are a short title the run swallowed (a one- or two-word title the model
    has seldom seen; "..., and C. N. Early." writes initials first: Early is a name)."""
    if "title" in labels or len(labels) < 4 or labels[0] != "author" or labels[1] != "author":
        return []
    words = [t[0] for t in lab.tokens]
    end = next((i for i, x in enumerate(labels) if x != "author"), len(labels))
    if words[1] != "," or words[end - 1] != ".":
        return []
    last = max(
        (
            k
            for k in range(2, end - 1)
            if words[k] == "." and len(words[k - 1]) == 1 and words[k - 1].isupper()
        ),
        default=-1,
    )
    tail = range(last + 1, end - 1)
    if last < 0 or not tail or len(tail) > 4:
        return []
    k = last
    while k > 0 and (words[k] in ".-" or (len(words[k]) == 1 and words[k].isupper())):
        k -= 1
    if words[k] != ",":
        return []  # initials written first ("and C. N. Early."): the word is a family name
    if any(not _LETTER.search(words[k]) or words[k].lower() in _NOT_TITLE for k in tail):
        return []
    return [*tail, end - 1] if sum(len(words[k]) >= 3 for k in tail) else []
