"""Matching: a parsed reference against a record of a real work, field by field.

Depends on citations.text, citations.data and citations.model only, never on the reader
(citations.parse, citations.crf). One module per field:

- :mod:`~citations.matching.title`, :mod:`~citations.matching.authors`,
  :mod:`~citations.matching.year`, :mod:`~citations.matching.venue` (venues and
  publishers; their acronyms in :mod:`~citations.matching.acronyms`),
  :mod:`~citations.matching.pages` (pages, volume, issue, address),
  :mod:`~citations.matching.identifiers` (DOI, arXiv id);
- :mod:`~citations.matching.anchor` (with :mod:`~citations.matching.anchor_authors` and
  :mod:`~citations.matching.written`): the reference string read again against a record,
  so that a parser's field boundary is not called a wrong field;
- :mod:`~citations.matching.fields`: ``compare_fields``, all of them in one place;
  :mod:`~citations.matching.base`: ``CompareConfig`` and the result helper.

Importing this package loads none of its modules.
"""
