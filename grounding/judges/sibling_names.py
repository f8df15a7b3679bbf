"""A value the paper gives to one name, given by the sentence to a sibling name.

In a table: "DeepSeek-R1 achieves 72.6% on AIME 2024" read in the row of
"DeepSeek-R1-Distill-Qwen-32B", a longer name the sentence does not write, is that
row's value, not R1's (C2). In prose, the paper: "The fluorescence quantum yield of
ECFP-T65S is increased by 48%." The sentence: "This corresponds to a 48% increase for
Cerulean-T65S over Cerulean." 48% is found, but
the paper's statement of it names ECFP-T65S alone, and the sentence gives it to
Cerulean-T65S: another variant of the paper's (the two names share a part, "T65S"), which
the paper's statement does not name. The sentence gives the value to the wrong entity: C2,
the paper's name as the correction.

Which names are siblings, parts, short forms or longer names of one another:
:mod:`grounding.judges.name_forms`.

Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import dataclasses
import re

from annotations.schema import ErrorSpan, ErrorTag
from grounding.evidence import Entry, EvidenceIndex, Hit, row_label
from grounding.judges.name_binding import key, names, own_part, paper_sentence
from grounding.judges.name_forms import longer_name, parts, siblings
from grounding.judges.number_common import Findings, NumberCheck, NumberStatus
from grounding.lexicon import fold
from grounding.quantities import same_value


def check_sibling_name(text: str, index: EvidenceIndex, hits: list[Hit], found: Findings) -> None:
    """For each number found in a table row labelled by a longer name or a sibling of the
    sentence's (:func:`_row_of_sibling`), or found in a prose passage where every paper
    sentence holding it (in its evidence passage or one of the best five passages) names,
    in the value's own
    coordinated statement, exactly one name that the sentence does not write (the same
    one in each), and the value's own statement in the sentence names a sibling of it
    (:func:`siblings`) that the paper names elsewhere, but not within 300 characters of
    a statement of the value, add a C2 error (the sentence's name, corrected by the
    paper's) and a note to ``found``.

    Args: text: the sentence. index: the paper's evidence index. hits: the sentence's
          passages, best first. found: number checks.
    Raises: nothing.
    """
    s = fold(text)
    everywhere = {key(n) for n in names(s)}
    if not everywhere:
        return
    for c in found.numbers:
        if c.status != NumberStatus.FOUND or c.hit is None:
            continue
        if c.quantity.kind not in ("number", "percent"):
            continue
        mine = names(own_part(s, c.quantity.start))
        if c.hit.entry.kind == "row":
            if (wrong_row := _row_of_sibling(index, c.hit.entry, c, mine, everywhere)) is not None:
                found.errors.append(
                    ErrorSpan(span=wrong_row[0], tags=(ErrorTag.C2,), correction=wrong_row[1])
                )
                found.notes.append(
                    f"page {c.hit.entry.page} gives {c.quantity.text} in the row of "
                    f"'{wrong_row[1]}', not '{wrong_row[0]}'"
                )
                return
            continue
        point = dataclasses.replace(c.quantity, bound=None)
        theirs: set[str] = set()
        near: list[str] = []  # the paper text around each statement of the value
        said = False
        for entry in dict.fromkeys(h.entry for h in [c.hit] + hits[:5] if h.entry.kind != "row"):
            page = getattr(index.pages.get(entry.page), "text", "")
            for e in index.page_quantities.get(entry.page, ()):
                if not (entry.start <= e.start < entry.end and same_value(point, e)):
                    continue
                sentence, lo = paper_sentence(page, e)
                near.append(page[max(0, e.start - _NEAR) : e.end + _NEAR])
                # the names of the value's own statement that the sentence does not write
                # (a metric both write, "F1", names no entity of the value)
                own = {
                    n for n in names(own_part(sentence, e.start - lo)) if key(n) not in everywhere
                }
                if len(own) != 1:
                    said = True  # no one entity, or the sentence's own: no verdict
                theirs |= own
        if said or len(theirs) != 1:
            continue
        (paper_name,) = theirs
        wrong = [
            n
            for n in sorted(mine)
            if siblings(n, paper_name)
            and _in_paper(index, n)
            and not any(n in t for t in near)  # named nearby: it may be meant
        ]
        if len(wrong) != 1:
            continue
        found.errors.append(ErrorSpan(span=wrong[0], tags=(ErrorTag.C2,), correction=paper_name))
        found.notes.append(
            f"page {c.hit.entry.page} gives {c.quantity.text} for '{paper_name}', not '{wrong[0]}'"
        )
        return


#: how far around a statement of the value a name the paper writes may be the one meant
#: (characters)
_NEAR = 300


def _row_of_sibling(
    index: EvidenceIndex, row: Entry, c: NumberCheck, mine: set[str], everywhere: set[str]
) -> tuple[str, str] | None:
    """(the sentence's name, the row's name) where the table row holding the value is
    labelled by a longer name or a sibling of a name the value's own statement gives it
    ("DeepSeek-R1 achieves 72.6%" read in the "DeepSeek-R1-Distill-Qwen-32B" row), the
    sentence writes no name of that row, and no row labelled by the sentence's name holds
    the value; None otherwise. An approximate value ("roughly 80%") is left alone: a cell
    it rounds to may be anyone's."""
    if c.quantity.approx or c.quantity.bound is not None:
        return None
    label_names = names(row_label(row))
    if not label_names or {key(n) for n in label_names} & everywhere:
        return None
    words = set(re.findall(r"[\w.]+", " ".join(mine).lower())) | {
        w.lower() for w in re.findall(r"[\w.]+", " ".join(sorted(everywhere)))
    }
    for n in sorted(mine):
        theirs = [
            m
            for m in label_names
            if (longer_name(n, m) or siblings(n, m)) and not parts(m) <= words | everywhere
        ]
        if len(theirs) != 1:
            continue
        own_rows = [
            e
            for pids in index.rows_by_page.values()
            for e in (index.entries[i] for i in pids)
            if key(n) in {key(x) for x in names(row_label(e))}
        ]
        if any(same_value(c.quantity, x.quantity) for e in own_rows for x in e.cells):
            return None  # the sentence's own row holds it too
        return n, theirs[0]
    return None


def _in_paper(index: EvidenceIndex, name: str) -> bool:
    """Whether the paper writes ``name`` somewhere (an entity of the paper, not a word the
    sentence made up)."""
    return any(name in getattr(p, "text", "") for p in index.pages.values())


__all__ = ["check_sibling_name"]
