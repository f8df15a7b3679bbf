"""Pages, volume, issue and address: the small fields, compared after folding."""

from __future__ import annotations

import re

from citations.matching.base import field_match
from citations.model import Field, FieldMatch, FieldStatus
from citations.text.fold import WORD, fold

__all__ = ["compare_numbered", "compare_pages", "compare_plain", "page_range"]


def page_range(p: str) -> tuple[str, str]:
    p = fold(p).replace("pp.", "").replace("p.", "")
    nums = re.findall(r"[a-z]?\d+", p)
    if not nums:
        return (p.strip(), "")
    first = nums[0]
    last = nums[1] if len(nums) > 1 else first
    if last.isdigit() and first.isdigit() and len(last) < len(first) and int(last) < int(first):
        last = first[: len(first) - len(last)] + last  # "285-94" -> 294
    return first.lstrip("0") or "0", last.lstrip("0") or "0"


#: one article number (e-locator) written where pages go: "e1234", "1234", "Article
#: 1234", "Art. no. 1234", "article number 034501"; group 1 says it was labelled
_ARTICLE_NO = re.compile(
    r"^\s*((?:article|art|paper|no|nr)\.?\s*(?:no|nr|number)?\.?\s*:?\s*)?([a-z]{0,2})(\d+)\s*$",
    re.IGNORECASE,
)


def _article_number(p: str) -> tuple[str, bool] | None:
    """``(number, labelled)`` when ``p`` is one article number rather than pages: labelled
    when a word or a letter prefix says so ("Article 1234", "e1234"); None for a range."""
    m = _ARTICLE_NO.match(fold(p))
    if m is None:
        return None
    return m.group(3).lstrip("0") or "0", bool(m.group(1) or m.group(2))


def compare_pages(cited: str | None, found: str | None) -> FieldMatch:
    """First and last page equal (dash style, "pp.", abbreviated last page ignored). An
    article number (e-locator) matches the same number however labelled ("1234",
    "e1234", "Article 1234"); one in place of a page range (labelled, or the range is the
    article's own pagination from page 1) is MISSING: the two cannot be compared."""
    if not cited or not found:
        return field_match(Field.PAGES, FieldStatus.MISSING, 0.0, cited, found)
    c, f = page_range(cited), page_range(found)
    if c == f:
        return field_match(Field.PAGES, FieldStatus.MATCH, 1.0, cited, found)
    ca, fa = _article_number(cited), _article_number(found)
    if ca and fa and ca[0] == fa[0]:
        return field_match(
            Field.PAGES, FieldStatus.MATCH, 0.95, cited, found, "the same article number"
        )
    if (ca is None) != (fa is None):
        number, labelled = ca or fa  # type: ignore[misc]
        first = (f if ca else c)[0]
        if labelled or first == "1":
            return field_match(
                Field.PAGES,
                FieldStatus.MISSING,
                0.0,
                cited,
                found,
                "an article number in place of pages: not compared",
            )
    if c[0] == f[0]:
        return field_match(Field.PAGES, FieldStatus.CONFLICT, 0.5, cited, found, "same first page")
    return field_match(Field.PAGES, FieldStatus.CONFLICT, 0.0, cited, found)


def compare_plain(field: Field, cited: str | None, found: str | None) -> FieldMatch:
    """Volume, issue, address: equal words after folding (containment for addresses)."""
    if not cited or not found:
        return field_match(field, FieldStatus.MISSING, 0.0, cited, found)
    cw, fw = WORD.findall(fold(cited)), WORD.findall(fold(found))
    if cw == fw:
        return field_match(field, FieldStatus.MATCH, 1.0, cited, found)
    if field is Field.ADDRESS and cw and fw and (set(cw) <= set(fw) or set(fw) <= set(cw)):
        return field_match(field, FieldStatus.MATCH, 0.8, cited, found, "partial place name")
    return field_match(field, FieldStatus.CONFLICT, 0.0, cited, found)


def compare_numbered(
    field: Field, cited: str | None, found: str | None, years: tuple[int | None, int | None]
) -> FieldMatch:
    """Volume or issue (:func:`compare_plain`); a value on one side that is the cited or
    the record's year (a journal numbered by year, a BibTeX ``number`` holding the year)
    is not a volume or issue number to compare: MISSING, noted."""
    fm = compare_plain(field, cited, found)
    if fm.status is FieldStatus.CONFLICT:
        said = {str(y) for y in years if y}
        for side, value in (("cited", cited), ("record's", found)):
            if value and value.strip() in said:
                return field_match(
                    field,
                    FieldStatus.MISSING,
                    0.0,
                    cited,
                    found,
                    f"the {side} {field.value} is the year: not compared",
                )
    return fm
